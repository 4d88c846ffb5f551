/*
 * winners.h - the hyperfine sentence for a results set: for every corpus
 * (kernel, family, size, count, seed, threads and MPI processes;
 * benchmarks that differ only in their variant), the fastest variant by
 * median time per instance and, against each other variant on it, the
 * ratio of medians (other / fastest) with a 95 % percentile-bootstrap
 * interval over the repetitions (stats.h: 2000 draws, seeded from the
 * benchmark names, so the same results give the same interval). A
 * comparison whose interval reaches 1 is not significant; one with fewer
 * than PB_WINNERS_MIN_REPS repetitions on either side has no interval and
 * is not significant either: with 2 or 3 repetitions the percentile
 * bootstrap excludes 1 in 10 to 30 % of comparisons of two equal variants
 * (its medians take few values), at 5 in about 3 % (test_winners
 * simulates it).
 *
 * Shared by the console's end of run and the report's winners table.
 * O(B log B) to group B benchmarks, plus the bootstrap per pair.
 */
#ifndef WINNERS_H
#define WINNERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "pb.h"
#include "tidy.h"

#define PB_WINNERS_LEVEL 0.95
#define PB_WINNERS_DRAWS 2000u
#define PB_WINNERS_MIN_REPS 5 /* per side, for an interval */

struct pb_versus {
    const struct tidy_bench *other;
    double ratio;     /* other's median / the fastest's median, >= 1 */
    double lo, hi;    /* its 95 % interval; NaN without one */
    size_t reps;      /* the fewer repetitions of the two sides */
    bool significant; /* lo > 1 */
};

/* One corpus: its fastest variant and the others, slowest last. */
struct pb_corpus_winner {
    const struct tidy_bench *fastest;
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
int pb_winners_find(const struct tidy *t, struct pb_winners *out,
                    struct pb_error *e);
void pb_winners_free(struct pb_winners *w);
/* "dial: 1.08x faster than spfa (95% CI 1.02-1.15)", or "... (not
 * significant: 95% CI 0.97-1.10)", or "... (not significant: 3
 * repetitions, 5 needed for an interval)". */
void pb_versus_text(const struct pb_corpus_winner *w, const struct pb_versus *v,
                    char *buf, size_t len);
/* What follows the ratio, inside its parentheses: "95% CI 1.02-1.15",
 * "not significant: 95% CI 0.97-1.10" or "not significant: 3
 * repetitions, 5 needed for an interval". */
void pb_versus_interval(const struct pb_versus *v, char *buf, size_t len);
/* "cube_walk uniform 64x64 n=20 seed=1, 1 thread", or over MPI "...,
 * 2 processes x 1 thread" */
void pb_corpus_title(const struct tidy_bench *b, char *buf, size_t len);
/* The console block, one paragraph per corpus with two or more
 * variants: its title, "  VARIANT ran", then one line per other variant
 * ("    1.08x faster than spfa (95% CI 1.02-1.15)"); one line saying so
 * when no corpus has two variants. */
void pb_winners_print(FILE *f, const struct pb_winners *w);

#endif
