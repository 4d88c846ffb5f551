/*
 * merge.h - `puzzlebench merge DIR...`: results folders (the shards of
 * `bench --shard I/N`, or runs of disjoint parts of one suite) joined
 * into one, as if the suite had run unsharded: results.csv's rows and
 * results.json's benchmarks in the suite's order, the first input's
 * context without its shard, the verification records of all inputs.
 * Reading and checking (pb_merge_read) come before anything is written,
 * so a refused merge creates nothing. Rows and runs are checked as
 * compare and plot check them (readback.h). Text from the inputs (the suite,
 * machine values, folder names) reaches the terminal and log.txt with
 * its control bytes escaped.
 */
#ifndef MERGE_H
#define MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include "results/completion.h"
#include "pb.h"
#include "results/folder.h"

struct merge_input; /* merge.c */

struct pb_merge {
    size_t n;               /* inputs */
    struct merge_input *in; /* their folders, shards and files */
    int shards;             /* N of the shards (1: unsharded inputs) */
    char missing[256];      /* the shards of N absent, "" when none */
    /* the union of the inputs' completion records (doc NULL when an
     * input has none: completeness unknown), and what it says */
    struct pb_completion completion;
    struct pb_completeness complete;
    bool machines_differ; /* the inputs' machine records differ */
    /* why the inputs' sameness of build is not proven ("" when it is,
     * by the executable's hash): a commit or dirty flag unknown or
     * absent in every input, or a dirty tree without the diff's hash
     * (two trees of one commit may hold other changes) */
    char build_unchecked[160];
    char *csv; /* the joined results.csv */
    size_t csv_len, rows;
    void *json;        /* the joined results.json (a json_t) */
    size_t benchmarks; /* benchmarks (verification records) */
};

/* Reads and checks the results folders dirs[0..n) (each a results
 * folder, or a root whose `latest` link names one) and joins them in
 * memory. Refused, with e naming the folder and what differs: fewer
 * than 2, a folder without results.csv or results.json, an unreadable
 * or malformed file (a completion record included), a row or run that
 * compare or plot would refuse (readback.h: values, a repetition twice, a
 * line too long), a different puzzlebench commit, dirty flag, build (the
 * executable's SHA-256, the diff's, compiler, flags, build type) or suite
 * (name or SHA-256), shards of different N, and a benchmark (name, threads
 * included) in two inputs. Where no input knows its executable's hash (an
 * older binary), a commit or dirty flag that is unknown in every input, or
 * a dirty tree without the diff's hash, is no proof of one build: merged,
 * with a warning (build_unchecked). Completeness is judged from the
 * benchmarks the inputs account for against the union of their plans
 * (completion.h), when every input has a plan; else from the shards
 * present. 0 or a negative errno-style code. O(R log R) for R rows and
 * runs. */
int pb_merge_read(struct pb_merge *m, char *const *dirs, size_t n,
                  struct pb_error *e);
/* Writes the joined results.csv, results.json, the first input's build.diff
 * (identity.h; every input's diff has its hash) and the completion record
 * into r's folder and says what was merged (r's console and log.txt), with
 * a warning when the machines differ or the merged suite is incomplete
 * ("incomplete: N of M benchmarks timed; missing: ..."). 0 or an error. */
int pb_merge_write(const struct pb_merge *m, struct pb_results *r,
                   struct pb_error *e);
void pb_merge_free(struct pb_merge *m);

#endif
