/*
 * suite.h - benchmark suites as data: plain-text files under
 * bench/suites/ that name kernels, variants, generator families, sizes,
 * thread counts and repetitions, so a user writes a new suite without
 * recompiling. Format (one directive a line, '#' starts a comment):
 *
 *   repetitions N       timed repetitions of each benchmark below
 *                       (1..PB_SUITE_MAX_REPETITIONS)
 *   min_time S          Google Benchmark's minimum time per repetition, s
 *                       (above 0, at most PB_SUITE_MAX_SECONDS)
 *   budget S            skip a benchmark whose untimed verification pass
 *                       took longer than S seconds (reason recorded)
 *   memory BYTES[K|M|G|T] the memory cap (pb_memory_cap_set) while the
 *                       benchmarks below run: one whose variant's memory
 *                       bound exceeds it is skipped (reason recorded);
 *                       without the line, the smaller of 8G and the
 *                       available memory
 *   threads T...        OpenMP thread counts for the benchmarks below
 *   bench KERNEL VARIANTS FAMILY SIZE COUNT SEED
 *                       VARIANTS is "all" or a comma-separated list;
 *                       SIZE in the kernel's syntax (pb_size_parse:
 *                       cubic_eight 3x3, or its old form 33; a number
 *                       for magic_squares and cubing)
 *
 * Settings apply to the bench lines that follow them. O(file size).
 */
#ifndef SUITE_H
#define SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pb.h"

#define PB_SUITE_MAX_THREADS 16 /* thread counts per line */
/* what compare, plot and the report read per benchmark (TIDY_MAX_REPS) */
#define PB_SUITE_MAX_REPETITIONS 64
/* min_time above an hour is a typo, and 1e300 would never end */
#define PB_SUITE_MAX_SECONDS 3600.0
#define PB_SUITE_MAX_BUDGET 86400.0 /* a day for one verification pass */

struct pb_suite_entry {
    const struct pb_kernel *kernel;
    const struct pb_variant *variant;
    char family[32];
    struct pb_size size;
    size_t count;
    uint64_t seed;
    int threads;
    int repetitions;
    double min_time;
    double budget;
    uint64_t memory_cap;
    bool memory_set; /* by a memory line or --max-memory */
    uint32_t line;   /* where it came from, for messages */
};

struct pb_suite {
    char name[64]; /* file name without directory and ".suite" */
    char path[1024];
    struct pb_suite_entry *entries; /* one per variant and thread count */
    size_t count;
};

/* Finds a suite: a path to a file, or NAME for bench/suites/NAME.suite
 * under the current directory or the source tree. */
int pb_suite_find(const char *name_or_path, char *path, size_t len,
                  struct pb_error *e);
/* Parses a suite file; errors name the file and line. */
int pb_suite_load(const char *path, struct pb_suite *suite, struct pb_error *e);
void pb_suite_free(struct pb_suite *suite);

#endif
