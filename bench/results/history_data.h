/*
 * history_data.h - a benchmark's speed over commits, as the results
 * store hands it to change detection (analysis/changepoint.h) and to the
 * dashboard (present/dashboard.h): the commits in order, oldest first,
 * each built or not, and per benchmark one point per commit that has
 * results: its round values (the median seconds per instance of each
 * round's repetitions, on the benchmark's clock, as change.h's
 * pb_rounds), whether every timed run of it was verified, and a results
 * folder to link to. Points of commits timed in the same rounds of one
 * `history` run share round ids, so neighbours compare paired.
 * Plain data, no SQLite: the store fills it (results/store.h), tests
 * build it by hand. Memory: O(series x commits x rounds).
 */
#ifndef PB_HISTORY_DATA_H
#define PB_HISTORY_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/readback.h"

#define PB_SHA_TEXT 41      /* a full git commit id and its NUL */
#define PB_SUBJECT_TEXT 160 /* a commit subject, cut to fit */

struct pb_hist_commit {
    char sha[PB_SHA_TEXT];
    char subject[PB_SUBJECT_TEXT];
    int64_t time;               /* commit time, Unix seconds; 0: unknown */
    bool built;                 /* false: its build failed, no points */
    char note[PB_SUBJECT_TEXT]; /* why not built ("" when built) */
};

struct pb_hist_point {
    size_t commit;                      /* index into pb_history.commit */
    size_t n;                           /* round values */
    int64_t round[READBACK_MAX_ROUNDS]; /* ids, increasing */
    double value[READBACK_MAX_ROUNDS];  /* seconds per instance */
    bool verified;     /* every timed run of this point was verified */
    char run_dir[512]; /* a results folder holding it ("" if none) */
};

struct pb_hist_series {
    char key[192]; /* the benchmark name (schema.h), no gbench suffix */
    char kernel[32], variant[32];
    char clock[8]; /* "cpu" or "wall": what the values are */
    size_t n;      /* points, in commit order */
    struct pb_hist_point *point;
};

struct pb_history {
    char suite[1024]; /* the suite file the history ran */
    size_t commits;
    struct pb_hist_commit *commit; /* oldest first */
    size_t count;
    struct pb_hist_series *series; /* sorted by key */
};

/* Frees what h holds (its arrays), leaving it empty. */
void pb_history_free(struct pb_history *h);

#endif
