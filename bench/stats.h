/*
 * stats.h - the statistics behind `puzzlebench compare`: median, geometric
 * mean, and the Mann-Whitney U test (Wilcoxon rank-sum) for two samples of
 * repetition times.
 */
#ifndef STATS_H
#define STATS_H

#include <stddef.h>

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

#endif
