/*
 * history.h - `puzzlebench history`: one suite run with each of a range
 * of commits, every result kept in the results store (results/store.h),
 * and the commits where a benchmark's time changed (changepoint.h).
 *
 * Each selected commit is built in its own git worktree and build folder
 * under the cache (CACHE/SHA-release/{src,build}), kept between runs: a
 * commit built once, or one that failed to build, is not built again. A
 * commit that fails to build is recorded (built = 0, with where its log
 * is) and skipped, never fatal. The suite then runs in rounds: each round
 * runs every built commit's binary once (`bench --suite S --rounds 1`),
 * in an order shuffled afresh each round, so that a slow spell of the
 * machine falls on every commit alike and neighbours compare paired
 * round by round; each run's folder is imported with its history run,
 * round and commit. A range whose estimate exceeds the budget is refused
 * before anything is built. docs/history.md has the method and its
 * limits.
 */
#ifndef PB_HISTORY_H
#define PB_HISTORY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "results/history_data.h"

struct pb_error;
struct pb_store;

#define PB_HISTORY_DEFINES 16 /* --define options at most */

struct pb_history_options {
    const char *repo;  /* the git repository ("." by default) */
    const char *range; /* "A..B": the commits after A up to B */
    unsigned every;    /* every N-th commit, counted back from B; 1: all */
    const char *suite; /* the suite file (a path, resolved by the caller) */
    int rounds;        /* rounds of runs (3) */
    double budget;     /* seconds the whole may take; refused beyond */
    double per_build;  /* estimated seconds per build (0: from the cache) */
    double per_run;    /* estimated seconds per run (0: from the suite) */
    const char *cache; /* worktrees and builds */
    const char *out;   /* the runs' results folders */
    uint64_t seed;     /* the rounds' shuffles */
    int jobs;          /* parallel build jobs */
    /* cmake cache entries NAME=VALUE for every build (-D), in the order
     * given; the build cache is keyed by commit and these */
    const char *define[PB_HISTORY_DEFINES];
    size_t defines;
    bool dry_run;       /* the plan and its estimate only */
    double band, alpha; /* change detection (changepoint.h) */
    FILE *log;          /* progress (stderr) */
};

/* Defaults for everything but repo, range and suite. */
void pb_history_defaults(struct pb_history_options *o);

/* The commits of o->range in o->repo, oldest first, every o->every-th
 * counted back from its last; each with its subject and time. 0, or
 * -EINVAL with e (not a range, git failed, no commits). */
int pb_history_commits(const struct pb_history_options *o,
                       struct pb_hist_commit **commits, size_t *n,
                       struct pb_error *e);

/* Builds commit sha (cached): its binary's path into binary. 0 when
 * built; 1 when its build failed (note says so and where the log is);
 * a negative code when the cache itself fails (e). *seconds the build's
 * time (0 when cached). */
int pb_history_build(const struct pb_history_options *o, const char *sha,
                     char *binary, size_t len, char *note, size_t note_len,
                     double *seconds, struct pb_error *e);

/* The mean seconds of the cache's earlier builds among c[0..n) (0 when
 * none was built), and how many of them have never been tried. */
double pb_history_cached_build_seconds(const struct pb_history_options *o,
                                       const struct pb_hist_commit *c, size_t n,
                                       size_t *uncached);

/* Runs the commits c[0..n) (oldest first; each built here) in o->rounds
 * interleaved rounds as a new history run of the store, its id into
 * *history. 0, or a negative code (the budget, the store). */
int pb_history_run_commits(const struct pb_history_options *o,
                           struct pb_store *s, struct pb_hist_commit *c,
                           size_t n, const char *range, int64_t *history,
                           struct pb_error *e);

/* The whole of `history --commits`: commits, estimate, builds, rounds. */
int pb_history_run(const struct pb_history_options *o, struct pb_store *s,
                   int64_t *history, struct pb_error *e);

/* Prints history run `history`'s change points (or that there are none)
 * to out: per benchmark, the commits before and after, the later one's
 * subject, the ratio and its interval. *points their number. */
int pb_history_report(struct pb_store *s, int64_t history, double band,
                      double alpha, FILE *out, size_t *points,
                      struct pb_error *e);

/* `history --bisect BENCHMARK`: for each change point of benchmark in
 * history run `history` whose two commits are more than one apart,
 * builds and runs commits in between (new history runs of the range,
 * each round running both ends and the middle) until the change lies
 * between two neighbouring commits, and prints that commit. The suite
 * is o->suite, or the one the history ran when that is NULL. */
int pb_history_bisect(const struct pb_history_options *o, struct pb_store *s,
                      int64_t history, const char *benchmark,
                      struct pb_error *e);

#endif
