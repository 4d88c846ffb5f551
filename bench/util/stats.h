/*
 * stats.h - the statistics basics puzzlebench's numbers rest on
 * (docs/statistics.md): the median and quantiles; Student's t
 * distribution (GSL); Holm's step-down adjustment over a family of
 * comparisons; the coefficient of variation. The change between two
 * sides and its verdict build on them (analysis/change.h).
 */
#ifndef PB_STATS_H
#define PB_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Sorts x[0..n) in increasing order, in place. */
void pb_sort(double *x, size_t n);
/* Median of x[0..n) (n >= 1); sorts x in place. */
double pb_median(double *x, size_t n);
/* The q-quantile (0..1) of sorted[0..n), linear between order statistics
 * (Hyndman and Fan type 7, as R and numpy default). */
double pb_quantile(const double *sorted, size_t n, double q);

/* Student's t distribution with df > 0 degrees of freedom (not an
 * integer for Welch's): P(T <= t), and the t with P(T <= t) = p for p in
 * (0, 1). GSL's gsl_cdf_tdist_P and gsl_cdf_tdist_Pinv, its error
 * handler off (library code never aborts): NaN for an argument out of
 * range. */
double pb_t_cdf(double t, double df);
double pb_t_quantile(double p, double df);

/* Holm's step-down adjustment of the p values p[0..n) (NaN: not in the
 * family, left NaN): with the m finite ones in increasing order p_(1) <=
 * ... <= p_(m), adjusted_(i) = max over j <= i of min(1, (m - j + 1)
 * p_(j)). Rejecting where adjusted < alpha keeps the chance of any false
 * rejection at most alpha whatever the dependence between the tests.
 * adjusted may be p. O(n log n); 0 or -ENOMEM. Reference: S. Holm,
 * Scand. J. Statist. 6(2), 1979. */
int pb_holm(const double *p, double *adjusted, size_t n);

/* The coefficient of variation of x[0..n) (sample standard deviation /
 * mean): the one spread measure of the console, the report and the
 * noise rules. NaN with fewer than two values (no spread to speak of) or
 * a mean not above 0. O(n). */
double pb_cv(const double *x, size_t n);

#endif
