/*
 * stats.c - the statistics basics of stats.h: sorting, the median and
 * quantiles, Student's t distribution, Holm's adjustment and the
 * coefficient of variation (docs/statistics.md says what and why; the
 * change of one benchmark between two sides and its verdict are
 * analysis/change.c's).
 *
 * Student's t distribution comes from GSL (gsl_cdf_tdist_P, _Pinv):
 * GPL-3, as the binary already links GPL-2+ igraph.
 * Cost: O(n log n) for a median or quantiles of n values; O(m log m) for
 * Holm over m p values; O(n) for the CV.
 */
#include "util/stats.h"

#include <errno.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void pb_sort(double *x, size_t n)
{
    qsort(x, n, sizeof(*x), cmp_double);
}

double pb_median(double *x, size_t n)
{
    pb_sort(x, n);
    return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

double pb_quantile(const double *sorted, size_t n, double q)
{
    double h = q * (double)(n - 1);
    size_t lo = (size_t)h;
    if (lo + 1 >= n)
        return sorted[n - 1];
    return sorted[lo] + (h - (double)lo) * (sorted[lo + 1] - sorted[lo]);
}

double pb_t_cdf(double t, double df)
{
    gsl_set_error_handler_off();
    if (!(df > 0) || isnan(t))
        return NAN;
    return gsl_cdf_tdist_P(t, df);
}

double pb_t_quantile(double p, double df)
{
    gsl_set_error_handler_off();
    if (!(df > 0) || !(p > 0 && p < 1))
        return NAN;
    return gsl_cdf_tdist_Pinv(p, df);
}

/* A p value and its place, for Holm's ordering. */
struct ranked {
    double p;
    size_t at;
};

static int by_p(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->p != y->p)
        return (x->p > y->p) - (x->p < y->p);
    return (x->at > y->at) - (x->at < y->at);
}

int pb_holm(const double *p, double *adjusted, size_t n)
{
    struct ranked *r = malloc((n + 1) * sizeof(*r));
    if (!r)
        return -ENOMEM;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (isfinite(p[i]))
            r[m++] = (struct ranked){p[i], i};
    for (size_t i = 0; i < n; i++)
        adjusted[i] = NAN; /* after reading p: adjusted may be p */
    qsort(r, m, sizeof(*r), by_p);
    double running = 0; /* the adjusted values never decrease */
    for (size_t j = 0; j < m; j++) {
        double a = fmin(1, (double)(m - j) * r[j].p);
        running = fmax(running, a);
        adjusted[r[j].at] = running;
    }
    free(r);
    return 0;
}

double pb_cv(const double *x, size_t n)
{
    double mean = 0, var = 0;
    if (n < 2)
        return NAN;
    for (size_t i = 0; i < n; i++)
        mean += x[i] / (double)n;
    for (size_t i = 0; i < n; i++)
        var += (x[i] - mean) * (x[i] - mean);
    return mean > 0 ? sqrt(var / (double)(n - 1)) / mean : NAN;
}
