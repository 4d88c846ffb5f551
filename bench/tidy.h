/*
 * tidy.h - reading a results.csv (the tidy file `bench` writes, one row
 * per repetition) back into benchmarks: for `compare`, `plot` and the
 * summary CSV the figures are drawn from.
 */
#ifndef TIDY_H
#define TIDY_H

#include <stddef.h>

#include "pb.h"

#define TIDY_MAX_REPS 64

/* One benchmark and its verified repetitions. */
struct tidy_bench {
    char key[160]; /* kernel/variant/family/size:S/n:N/seed:X/threads:T */
    char kernel[32], variant[32], family[32];
    long size, count, threads;
    unsigned long long seed;
    size_t n;                           /* verified repetitions */
    double per_instance[TIDY_MAX_REPS]; /* seconds per instance */
    double build_seconds;               /* of the last repetition */
    double work_per_instance;           /* the kernel's unit of work */
    double peak_heap_bytes;             /* the largest; NaN when unavailable */
};

struct tidy {
    char path[512];
    size_t count, cap;
    struct tidy_bench *b;
};

/* Reads `arg` (a results folder, or its results.csv). Rows that were not
 * verified are left out. 0, or a negative error with e naming the file,
 * the line and what was expected. */
int tidy_load(const char *arg, struct tidy *t, struct pb_error *e);
void tidy_free(struct tidy *t);
/* The benchmark with the same kernel, variant, family, size, count and
 * seed as b at `threads` threads, or NULL. */
const struct tidy_bench *tidy_find(const struct tidy *t,
                                   const struct tidy_bench *b, long threads);

#endif
