/*
 * stats.h - the statistics behind `puzzlebench compare` and the winners:
 * median, quantiles, the Mann-Whitney U test (Wilcoxon rank-sum) for two
 * samples of repetition times, and a percentile-bootstrap interval on the
 * ratio of two samples' medians.
 */
#ifndef STATS_H
#define STATS_H

#include <stddef.h>
#include <stdint.h>

/* Sorts x[0..n) in increasing order, in place. */
void pb_sort(double *x, size_t n);
/* Median of x[0..n) (n >= 1); sorts x in place. */
double pb_median(double *x, size_t n);
/* The q-quantile (0..1) of sorted[0..n), linear between order statistics
 * (Hyndman and Fan type 7, as R and numpy default). */
double pb_quantile(const double *sorted, size_t n, double q);

/* Two-sided Mann-Whitney U test of x[0..n) against y[0..m). *u gets U of
 * x (the number of pairs with x_i > y_j, ties counting one half). The p
 * value is exact (the distribution of U over all C(n+m, n) orderings,
 * counted by recurrence) when there are no ties and n + m <= 40, else the
 * normal approximation with tie and continuity corrections. Returns the
 * p value in [0, 1]; 1 when either sample is empty. */
double pb_mann_whitney(const double *x, size_t n, const double *y, size_t m,
                       double *u);

/* Percentile-bootstrap interval on median(y) / median(x): `draws`
 * times, each sample is resampled with replacement (sizes n and m) and
 * the ratio of the resampled medians kept; *lo and *hi get its
 * (1 - level) / 2 and (1 + level) / 2 quantiles. Deterministic: the
 * draws come from pb_prng seeded with `seed`. NaN for both when either
 * sample has fewer than 2 values (no spread to resample). O(draws *
 * (n log n + m log m)) time, O(n + m) memory; 0 or -ENOMEM.
 * Reference: Efron and Tibshirani, An Introduction to the Bootstrap
 * (1993), ch. 13. */
int pb_bootstrap_ratio(const double *x, size_t n, const double *y, size_t m,
                       double level, unsigned draws, uint64_t seed, double *lo,
                       double *hi);

#endif
