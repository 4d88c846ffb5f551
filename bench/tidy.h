/*
 * tidy.h - reading results back into benchmarks, one sample per
 * repetition: a results.csv (the tidy file `bench` writes, one row per
 * repetition) or a Google Benchmark JSON file (the raw artifact, from
 * puzzlebench or from any Google Benchmark binary). For `compare`, `plot`
 * and the summary CSV the figures are drawn from.
 */
#ifndef TIDY_H
#define TIDY_H

#include <stddef.h>
#include <stdio.h>

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

/* Reads `arg`: a results folder (its results.csv, else its
 * results.json), a results CSV, or a Google Benchmark JSON file (a file
 * that starts with '{' or '['). Rows that were not verified are left
 * out. 0, or a negative error with e naming the file, the line (or JSON
 * element) and what was expected. */
int tidy_load(const char *arg, struct tidy *t, struct pb_error *e);
/* The JSON half of tidy_load (tidy_json.c): reads f (t->path, open at
 * its start) into the empty t. */
int tidy_load_json(FILE *f, struct tidy *t, struct pb_error *e);
/* The benchmark named key, added (zeroed, heap NaN) when new; NULL when
 * out of memory. */
struct tidy_bench *tidy_bench_for(struct tidy *t, const char *key);
/* Appends one repetition's seconds per instance to x; an error (naming
 * t->path and the benchmark) beyond TIDY_MAX_REPS. */
int tidy_add_sample(struct tidy *t, struct tidy_bench *x, double per_instance,
                    struct pb_error *e);
void tidy_free(struct tidy *t);
/* The benchmark with the same kernel, variant, family, size, count and
 * seed as b at `threads` threads, or NULL. */
const struct tidy_bench *tidy_find(const struct tidy *t,
                                   const struct tidy_bench *b, long threads);

#endif
