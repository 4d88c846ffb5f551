/*
 * change.h - the change of one benchmark from side A to side B, behind
 * `puzzlebench compare`, the winners and the report's takeaways
 * (docs/statistics.md): a benchmark's round values (the median of each
 * round's samples, on its clock); the ratio of two benchmarks' times
 * with a t interval on their log round values, paired over the rounds
 * both sides share or unpaired (Welch); the change test and the
 * equivalence test (TOST) against a practical-equivalence band; Holm's
 * adjustment over the family; the verdict (faster, slower, same,
 * inconclusive) with its reason.
 */
#ifndef PB_CHANGE_H
#define PB_CHANGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/readback.h"
#include "util/stats.h"

/* Rounds a side needs for an interval: with one there is no variation
 * between rounds to measure, with two a t interval at 1 degree of
 * freedom is 12.7 standard errors wide. */
#define PB_STATS_MIN_ROUNDS 3
#define PB_STATS_BAND 0.02  /* the default equivalence band, +-2 % */
#define PB_STATS_ALPHA 0.05 /* the default level: 95 % intervals */

/* A benchmark's round values: per round (sample[i].round), the median of
 * that round's samples on the benchmark's clock (per_instance), in
 * increasing round order. */
struct pb_rounds {
    size_t n;
    int64_t id[READBACK_MAX_ROUNDS];
    double value[READBACK_MAX_ROUNDS];
};
/* Fills r from x. O(n log n) for n samples. */
void pb_rounds_of(const struct readback_bench *x, struct pb_rounds *r);

enum pb_verdict {
    PB_INCONCLUSIVE, /* not decided: see the reason */
    PB_FASTER,       /* B is faster than A beyond the band */
    PB_SLOWER,       /* B is slower than A beyond the band */
    PB_SAME,         /* the interval lies inside the band */
};
/* "inconclusive", "faster", "slower", "same". */
const char *pb_verdict_name(enum pb_verdict v);

/* Why a comparison is inconclusive. */
enum pb_reason {
    PB_REASON_NONE,   /* decided */
    PB_REASON_ROUNDS, /* fewer than PB_STATS_MIN_ROUNDS rounds: no interval */
    PB_REASON_ZERO,   /* a round value of 0: no ratio on a log scale */
    PB_REASON_WIDE,   /* the interval reaches across an edge of the band */
};

/* The change from side A to side B of one benchmark: the ratio B / A
 * (below 1: B is faster) on log round values. Paired: the mean of the
 * differences b_r - a_r over the rounds both sides have, its standard
 * error and R - 1 degrees of freedom; unpaired: the difference of the
 * means of b_r and a_r, Welch's standard error and degrees of freedom. */
struct pb_change {
    double ratio;  /* exp(est); median B / median A without an estimate */
    double est;    /* log of the ratio; NaN without round values > 0 */
    double se, df; /* of est; NaN: no interval */
    double var_a;  /* paired: the differences' variance; else A's */
    double var_b;  /* unpaired: B's round values' variance */
    double lo, hi; /* the ratio's (1 - alpha) interval; NaN: none */
    size_t rounds_a, rounds_b; /* round values of each side */
    size_t rounds;             /* what the interval rests on: pairs, or
                                  the fewer of the two sides */
    bool paired;
    /* Filled by pb_changes_judge: the p values of the change test (the
     * change lies within the band, rejected: faster or slower) and of
     * the equivalence test (it lies outside, rejected: same), raw and
     * Holm-adjusted over the family; NaN without an interval. */
    double p_change, p_same, p, p_equal;
    enum pb_verdict verdict;
    enum pb_reason reason;
    size_t family;        /* comparisons with an interval in the family */
    double band;          /* the band it was judged against (0.02) */
    size_t rounds_needed; /* about that many rounds a side would decide a
                             PB_REASON_WIDE one; 0: none up to
                             READBACK_MAX_ROUNDS */
    bool wide;            /* the interval is wider than the band */
};

/* The change from a to b with its (1 - alpha) interval: paired over the
 * rounds both have when `paired` and there are PB_STATS_MIN_ROUNDS of
 * them, else unpaired (Welch). No interval (lo, hi NaN) with fewer
 * rounds a side, or a round value that is not above 0; then the ratio is
 * median B / median A. The verdict is left inconclusive until
 * pb_changes_judge. O(samples log samples). */
void pb_change_of(const struct readback_bench *a,
                  const struct readback_bench *b, bool paired, double alpha,
                  struct pb_change *c);
/* The change from round values a to b, as pb_change_of (median_a and
 * median_b give the ratio when there is no estimate). */
void pb_change_of_rounds(const struct pb_rounds *a, const struct pb_rounds *b,
                         double median_a, double median_b, bool paired,
                         double alpha, struct pb_change *c);

/* The (1 - alpha) interval of a time's level from its round values r:
 * exp(mean ln r -+ t se), the paired change from rounds of 1 s, so that
 * a level's interval is the one a ratio gets. lo, hi NaN with fewer than
 * PB_STATS_MIN_ROUNDS values or one not above 0. O(rounds). */
void pb_rounds_level(const struct pb_rounds *r, double alpha, double *lo,
                     double *hi);

/* The verdicts of a family of comparisons c[0..n) at level alpha with
 * the band +-band (0.02: 2 %; the ratios 1 / (1 + band) .. 1 + band):
 * the change and equivalence tests' p values, each family Holm-adjusted
 * (pb_holm), then per comparison faster or slower when its adjusted
 * p_change is below alpha (its interval then lies wholly outside the
 * band), same when its adjusted p_same is (wholly inside), else
 * inconclusive with a reason and, for PB_REASON_WIDE, the rounds that
 * would decide it (at the Bonferroni level alpha / family, which Holm's
 * never falls below). O(n log n); 0 or -ENOMEM. */
int pb_changes_judge(struct pb_change *const *c, size_t n, double band,
                     double alpha);

/* The raw p value that c's ratio is above 1 + g, doubled as the
 * two-sided interval is built: below alpha exactly when its (1 - alpha)
 * interval lies wholly above 1 + g (the --fail-above gate, Holm-adjusted
 * by the caller). NaN without an interval. */
double pb_change_p_above(const struct pb_change *c, double g);

/* Why c is inconclusive, as a short text: "1 round, no interval", "2
 * rounds; 3 or more needed", "a time of 0: no ratio on a log scale",
 * "interval wider than the band: about 9 rounds would decide" (or
 * "interval across the band's edge: ...", "...: more than 64 rounds
 * would be needed"; "decided only before the correction for 20
 * comparisons: ..." where the interval lies wholly inside or outside the
 * band but Holm's adjusted p value is not below alpha); "" for a decided
 * one. */
void pb_change_reason(const struct pb_change *c, char *buf, size_t len);

#endif
