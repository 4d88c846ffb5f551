/*
 * rounds.h - synthetic benchmarks measured in rounds, for the tests of
 * the statistics (test_stats.c) and the winners (test_winners.c): a
 * benchmark of cube_walk's uniform 16x16 corpus (n = 20, seed 1) with
 * `reps` samples a round, the round's value spread around it by +-1 %
 * so that its median is the value given, on the wall clock.
 */
#ifndef ROUNDS_H
#define ROUNDS_H

#include <math.h>
#include <stdio.h>

#include "check.h"
#include "results/readback.h"

/* Adds variant's benchmark at `threads` to t with round r's samples
 * around value[r] (r = 0..rounds-1), reps of them a round (1 or 3: the
 * value itself, or it and +-1 %). */
static inline struct readback_bench *
rounds_add(struct readback *t, const char *variant, uint64_t threads,
           const double *value, size_t rounds, size_t reps)
{
    static const double spread[3] = {1.0, 0.99, 1.01};
    struct pb_bench_id id = {.kernel = "cube_walk",
                             .family = "uniform",
                             .size = "16x16",
                             .count = 20,
                             .seed = 1,
                             .threads = threads};
    snprintf(id.variant, sizeof(id.variant), "%s", variant);
    char key[192];
    pb_bench_id_write(&id, key, sizeof(key));
    struct readback_bench *b = readback_bench_for(t, key);
    struct pb_error e;
    readback_bench_set_id(b, &id);
    struct pb_row row = {
        .id = id, .cpu_seconds = NAN, .involuntary_switches = NAN};
    row.id.count = 1; /* seconds are then per instance */
    for (size_t r = 0; r < rounds; r++)
        for (size_t k = 0; k < reps && k < 3; k++) {
            row.round = (int64_t)r;
            row.seconds = value[r] * spread[k];
            CHECK(readback_add_sample(t, b, &row, (int64_t)k, &e) == 0, "%s",
                  e.msg);
        }
    CHECK(readback_bench_clock(b, READBACK_CLOCK_WALL) == 0, "clock");
    b->rounds = rounds;
    return b;
}

/* value[r] = base * (1 + sigma * z[r % 5]): five fixed deviations of
 * mean 0 and standard deviation about 1, in one of two orders. */
static inline void rounds_noise(double *value, size_t rounds, double base,
                                double sigma, int order)
{
    static const double z[2][5] = {{0.8, -1.1, 0.3, 1.2, -1.2},
                                   {-0.5, 0.9, -1.3, 0.4, 0.5}};
    for (size_t r = 0; r < rounds; r++)
        value[r] = base * (1 + sigma * z[order & 1][r % 5]);
}

#endif
