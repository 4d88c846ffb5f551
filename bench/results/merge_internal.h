/*
 * merge_internal.h - the parts of `merge` (merge.h) shared between its
 * files: merge_input.c reads and checks the inputs, merge.c puts rows
 * and runs in the suite's order, merge_json.c joins results.json and
 * writes the merged folder.
 */
#ifndef MERGE_PARTS_H
#define MERGE_PARTS_H

#include <jansson.h>
#include <stdint.h>

#include "results/merge.h"
#include "results/schema.h"

/* One results folder, read whole. */
struct merge_input {
    char dir[PB_PATH_MAX]; /* as given, or DIR/latest */
    int shard, shards;     /* its shard I/N; 1/1 when unsharded */
    json_t *root;          /* results.json */
    char *header;          /* results.csv's header line */
    struct pb_csv_layout layout;
    char **row;     /* its rows' lines (NULL once merge.c took them) */
    unsigned *line; /* each row's line number in the file */
    size_t rows;
    struct pb_completion completion; /* doc NULL: it has none */
};

/* Reads every input into m->in and checks that they are parts of one
 * run (commit, build, suite, N; merge.h), joins their completion records
 * (m->completion, m->complete), notes the missing shards (none when the
 * records say nothing is missing) and whether the machines differ. 0 or
 * an error naming the folder. */
int merge_inputs_load(struct pb_merge *m, char *const *dirs, size_t n,
                      struct pb_error *e);
/* The machine keys whose values differ between the inputs, as
 * "KEY, KEY" into out ("" when none). */
void merge_machine_keys(const struct pb_merge *m, char *out, size_t len);
/* m->json: the first input's document, its context without `shard`,
 * with merged_from, machines_differ (when they do), every input's
 * verification and corpus records, and `benchmarks` as the runs. */
int merge_join_json(struct pb_merge *m, json_t *benchmarks, struct pb_error *e);
/* Sets the place in the suite (order=) of the merged verification
 * record `key`. */
int merge_record_place(struct pb_merge *m, const char *key, uint64_t at,
                       struct pb_error *e);

#endif
