/*
 * compare.h - `puzzlebench compare A B`: two results (results folders,
 * results.csv files, or Google Benchmark JSON files: tidy.h), matched
 * benchmark by benchmark, with the ratio of median times per instance and a
 * Mann-Whitney U test over the repetitions, under the noise warnings
 * (noise.h) of the benchmarks compared and of each side's machine, and
 * a warning for a side whose results folder is incomplete.
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "noise.h"
#include "pb.h"

struct pb_compare_options {
    double alpha;      /* significance level (0.05) */
    double fail_above; /* percent slowdown that fails; < 0: never */
    /* NULL: benchmarks match by name. Else variant_a's benchmarks of a
     * against variant_b's of b on the same corpus and threads (a and b
     * may be the same results: two variants of one run). */
    const char *variant_a, *variant_b;
};

/* Prints "# differs: KEY: A = ...; B = ..." for each provenance field
 * (the results.json context beside results files a and b) that differs,
 * or one line saying they are the same or could not be compared. */
void pb_compare_context(FILE *out, const char *a, const char *b);

/* The machine state (noise.h) in the results.json context beside
 * results file path (the file itself when it is JSON): false, with
 * nothing known (no load rule, no machine warning), when there is none. */
bool pb_compare_machine(const char *path, struct pb_noise_machine *m);

/* "# warning: SIDE: incomplete: N of M benchmarks timed; missing: ..."
 * when path is the results.csv or results.json of a results folder whose
 * completion record (completion.h) says it is incomplete; nothing for a
 * complete folder, one without a record, or another file. 0, or an
 * error (a malformed record) in e. */
int pb_compare_completeness(FILE *out, const char *side, const char *path,
                            struct pb_error *e);

/* Compares results a (baseline) and b, prints the table and the per-kernel
 * geometric means to out. Returns 0, 1 when a significant slowdown
 * exceeds fail_above, or a negative error (e says where and what). */
int pb_compare(const char *a, const char *b, const struct pb_compare_options *o,
               FILE *out, struct pb_error *e);

#endif
