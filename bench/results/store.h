/*
 * store.h - the results store: an SQLite database indexing results
 * folders (docs/history.md has the schema, table by table). The folders
 * stay the primary, human-readable record; the store holds what
 * comparisons over time need from each: every benchmark's verified
 * repetitions (both clocks, round and repetition), its verification
 * record, and the run's whole provenance (every context key, and the
 * commit, dirty-diff hash, binary hash, machine, suite, knobs and load
 * picked out as columns), plus the `history` runs (their commits, each
 * built or not) and named baselines.
 *
 * Concurrency: the database is opened in WAL mode with a busy timeout,
 * and every change is one transaction (BEGIN IMMEDIATE), so two runs
 * writing at once, or shards merged while another run indexes, each see
 * a whole state and never corrupt the file; a run is identified by the
 * SHA-256 of its results file, so importing a folder twice adds nothing.
 *
 * Versions: the schema's version is SQLite's user_version; opening an
 * older file migrates it in one transaction (store_schema.c lists each
 * step), a newer one is refused.
 */
#ifndef PB_STORE_H
#define PB_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/history_data.h"
#include "results/readback.h"

struct pb_error; /* pb.h */
struct pb_store; /* opaque: the connection */

/* The schema version this build writes. */
#define PB_STORE_VERSION 2
/* The default database, inside the results root. */
#define PB_STORE_FILE "puzzlebench.db"

/* Opens (creating when missing) the database at path, migrated to
 * PB_STORE_VERSION: 0, or a negative code with e saying which file and
 * what went wrong (not a database, a newer schema, unwritable). */
int pb_store_open(const char *path, struct pb_store **out, struct pb_error *e);
/* The same at schema version `version` (1..PB_STORE_VERSION), for tests
 * of the migrations: a new file is made at that version and an existing
 * one migrated no further. */
int pb_store_open_at(const char *path, int version, struct pb_store **out,
                     struct pb_error *e);
/* pb_store_open of a store that must exist already (for readers):
 * -ENOENT with e saying how stores are made when there is none. */
int pb_store_open_existing(const char *path, struct pb_store **out,
                           struct pb_error *e);
void pb_store_close(struct pb_store *s);
/* The file's schema version. */
int pb_store_version(struct pb_store *s);

/* What a `history` run adds to each folder it imports. */
struct pb_store_tag {
    int64_t history;  /* the history run's id; 0: none */
    int64_t round;    /* its round, from 1 */
    int64_t position; /* the commit's position in the history run */
};

/* Indexes the results folder dir (any version bench, run, merge or
 * calibrate has written; both sides of a `bench --against` folder, as
 * two runs): one transaction. *runs gets the run ids (up to 2), *added
 * how many were new (0 when the folder was imported before). 0, or a
 * negative code with e naming the folder and the problem (no results,
 * an unreadable file); nothing is written then. */
int pb_store_import(struct pb_store *s, const char *dir,
                    const struct pb_store_tag *tag, int64_t runs[2],
                    size_t *count, size_t *added, struct pb_error *e);

/* Saves run as baseline `name` (replacing an older one of that name). */
int pb_store_baseline_save(struct pb_store *s, const char *name, int64_t run,
                           struct pb_error *e);
/* The run of baseline name into *run; -ENOENT with e listing the names
 * saved when there is none. */
int pb_store_baseline_run(struct pb_store *s, const char *name, int64_t *run,
                          struct pb_error *e);
/* The results file run was imported from (its folder's results.json or
 * results.csv) into buf. */
int pb_store_run_source(struct pb_store *s, int64_t run, char *buf, size_t len,
                        struct pb_error *e);
/* A run's benchmarks and samples read back from the store, as
 * readback_load reads a folder (t->path names the run: "baseline NAME
 * (run ID, FOLDER)"); on the clock of `flags` (READBACK_CLOCK_*). */
int pb_store_readback(struct pb_store *s, int64_t run, const char *label,
                      struct readback *t, unsigned flags, struct pb_error *e);

/* A history run: its suite and options, then its commits in order. */
int pb_store_history_new(struct pb_store *s, const char *suite,
                         const char *range, const char *options,
                         int64_t *history, struct pb_error *e);
int pb_store_history_commit(struct pb_store *s, int64_t history,
                            size_t position, const struct pb_hist_commit *c,
                            struct pb_error *e);
/* The latest history run's id (0: none). */
int64_t pb_store_history_latest(struct pb_store *s);
/* *history itself, or the latest history run's id when it is 0: 0, or
 * -ENOENT with e when the store holds none. */
int pb_store_history_pick(struct pb_store *s, int64_t *history,
                          struct pb_error *e);
/* History run `history` as plain data: its commits, and per benchmark
 * one point per commit with its round values on the benchmark's clock
 * (the rounds of the history run as ids). 0 or a negative code. */
int pb_store_history_load(struct pb_store *s, int64_t history,
                          struct pb_history *h, struct pb_error *e);

#endif
