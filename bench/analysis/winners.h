/*
 * winners.h - the hyperfine sentence for a results set: for every corpus
 * (kernel, family, size, count, seed, threads and MPI processes;
 * benchmarks that differ only in their variant), the fastest variant
 * (the lowest geometric mean of its round values, stats.h; with one
 * round, the lowest median) and, against each other variant on it, the
 * ratio other / fastest with its 95 % t interval over the rounds, paired
 * round by round (both were measured in the same rounds), and a verdict
 * (stats.h): a win only when the other is `slower` beyond the +-2 %
 * band after Holm's correction over every comparison of the results;
 * otherwise "same speed" or "inconclusive" with the reason (one round
 * has no interval). Shared by the console's end of run and the report's
 * winners table and takeaways. O(B log B) to group B benchmarks, plus
 * O(samples log samples) per pair.
 */
#ifndef WINNERS_H
#define WINNERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "pb.h"
#include "analysis/change.h"
#include "results/readback.h"

#define PB_WINNERS_ALPHA PB_STATS_ALPHA /* 95 % intervals */
#define PB_WINNERS_BAND PB_STATS_BAND   /* same speed: within +-2 % */

struct pb_versus {
    const struct readback_bench *other;
    /* from the fastest to other: ratio other / fastest (>= 1 but for
     * rounds the two do not share), interval, verdict (PB_SLOWER: the
     * fastest wins) */
    struct pb_change c;
};

/* One corpus: its fastest variant and the others, slowest last. */
struct pb_corpus_winner {
    const struct readback_bench *fastest;
    size_t n;
    struct pb_versus *versus;
};

struct pb_winners {
    size_t count; /* corpora, in the order of their first benchmark */
    struct pb_corpus_winner *w;
};

/* Finds the winners of every corpus of t with a verified repetition
 * (foreign benchmarks, without a corpus, are left out). The entries
 * point into t, which must outlive out. 0 or -ENOMEM (e says so). */
int pb_winners_find(const struct readback *t, struct pb_winners *out,
                    struct pb_error *e);
void pb_winners_free(struct pb_winners *w);
/* The comparison by its verdict: "1.08x faster than spfa (95% CI
 * 1.02-1.15)"; "same speed as spfa (within +-2 %: 1.01x, 95% CI
 * 0.990-1.02)"; "inconclusive against spfa (1.03x, 95% CI 0.970-1.10:
 * interval wider than the band: about 12 rounds would decide)" or
 * "inconclusive against spfa (1.50x; 1 round, no interval)"; where the
 * rounds the two share say the other is faster, "1.05x slower than spfa
 * (...)". ASCII, for the console. */
void pb_versus_line(const struct pb_versus *v, char *buf, size_t len);
/* The interval as "1.02-1.15" (pb_units_interval). */
void pb_versus_interval(const struct pb_versus *v, char *buf, size_t len);
/* "cube_walk uniform 64x64 n=20 seed=1, 1 thread", or over MPI "...,
 * 2 processes x 1 thread" */
void pb_corpus_title(const struct readback_bench *b, char *buf, size_t len);
/* The console block, one paragraph per corpus with two or more
 * variants: its title, "  VARIANT ran", then one line per other variant
 * (pb_versus_line, "    1.08x faster than spfa (95% CI 1.02-1.15)");
 * one line saying so when no corpus has two variants. */
void pb_winners_print(FILE *f, const struct pb_winners *w);

#endif
