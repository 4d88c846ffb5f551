/*
 * stats.c - median, and the Mann-Whitney U test of stats.h.
 *
 * Exact p value: with no ties, every ordering of the n + m values is
 * equally likely under the null hypothesis, and the number of orderings
 * with U = k obeys N(n, m, k) = N(n - 1, m, k - m) + N(n, m - 1, k) (the
 * largest value comes from x, beating all m values of y, or from y).
 * O(n * m * nm) time once per test, for n + m <= 40.
 * Normal approximation: mean nm/2, variance nm/12 * ((N + 1) - sum(t^3 -
 * t) / (N (N - 1))) over tie groups of size t, continuity correction 1/2.
 * Reference: Mann and Whitney, Ann. Math. Statist. 18(1), 1947; Lehmann,
 * Nonparametrics (1975), ch. 1.
 * Bootstrap: each draw resamples both samples with replacement and keeps
 * the ratio of their medians; the interval is the draws' percentiles
 * (Efron and Tibshirani 1993, ch. 13). With 3 to 10 repetitions, as
 * suites run, the interval is coarse (few distinct medians) but honest.
 */
#include "stats.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "pb_prng.h"

enum { EXACT_MAX = 40 };

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

/* P(U <= k) under the null, no ties: counts[n][m][u] built up in place. */
static double exact_cdf(size_t n, size_t m, double k)
{
    size_t max_u = n * m;
    /* ways[i][u] for the current m: orderings of i x's and j y's */
    double *ways = calloc((n + 1) * (max_u + 1), sizeof(double));
    double *prev = calloc((n + 1) * (max_u + 1), sizeof(double));
    if (!ways || !prev) {
        free(ways);
        free(prev);
        return NAN;
    }
    size_t w = max_u + 1;
    /* j = 0: only U = 0, one way */
    for (size_t i = 0; i <= n; i++)
        prev[i * w] = 1;
    for (size_t j = 1; j <= m; j++) {
        memset(ways, 0, (n + 1) * w * sizeof(double));
        for (size_t i = 0; i <= n; i++)
            for (size_t u = 0; u <= i * j; u++) {
                /* largest value from y: U unchanged, one y fewer */
                double v = prev[i * w + u];
                /* largest from x: it beats all j y's */
                if (i > 0 && u >= j)
                    v += ways[(i - 1) * w + u - j];
                ways[i * w + u] = v;
            }
        double *t = prev;
        prev = ways;
        ways = t;
    }
    double below = 0, total = 0;
    for (size_t u = 0; u <= max_u; u++) {
        total += prev[n * w + u];
        if ((double)u <= k + 1e-9)
            below += prev[n * w + u];
    }
    free(ways);
    free(prev);
    return below / total;
}

double pb_mann_whitney(const double *x, size_t n, const double *y, size_t m,
                       double *u)
{
    *u = 0;
    if (n == 0 || m == 0)
        return 1;
    bool ties = false;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < m; j++) {
            if (x[i] > y[j])
                *u += 1;
            else if (x[i] == y[j]) {
                *u += 0.5;
                ties = true;
            }
        }
    double nm = (double)(n * m);
    if (!ties && n + m <= EXACT_MAX) {
        /* U is symmetric about nm / 2: take the nearer tail, doubled */
        double k = *u <= nm / 2 ? *u : nm - *u;
        double p = 2 * exact_cdf(n, m, k);
        return p > 1 ? 1 : p;
    }
    size_t total = n + m;
    double *all = malloc(total * sizeof(double));
    if (!all)
        return NAN;
    memcpy(all, x, n * sizeof(double));
    memcpy(all + n, y, m * sizeof(double));
    pb_sort(all, total);
    double tie_sum = 0;
    for (size_t i = 0; i < total;) {
        size_t j = i;
        while (j < total && all[j] == all[i])
            j++;
        double t = (double)(j - i);
        tie_sum += t * t * t - t;
        i = j;
    }
    free(all);
    double big_n = (double)total;
    double var = nm / 12 * ((big_n + 1) - tie_sum / (big_n * (big_n - 1)));
    if (var <= 0)
        return 1;
    double z = (fabs(*u - nm / 2) - 0.5) / sqrt(var);
    if (z < 0)
        z = 0;
    return erfc(z / sqrt(2));
}

static double resampled_median(const double *x, size_t n, double *scratch,
                               struct pb_rng *r)
{
    for (size_t i = 0; i < n; i++)
        scratch[i] = x[pb_rng_below(r, n)];
    return pb_median(scratch, n);
}

int pb_bootstrap_ratio(const double *x, size_t n, const double *y, size_t m,
                       double level, unsigned draws, uint64_t seed, double *lo,
                       double *hi)
{
    *lo = *hi = NAN;
    if (n < 2 || m < 2 || draws == 0)
        return 0;
    double *scratch = malloc((n + m + draws) * sizeof(*scratch));
    if (!scratch)
        return -ENOMEM;
    double *ratios = scratch + n + m;
    struct pb_rng r;
    pb_rng_seed(&r, seed);
    for (unsigned d = 0; d < draws; d++) {
        double mx = resampled_median(x, n, scratch, &r);
        double my = resampled_median(y, m, scratch + n, &r);
        ratios[d] = my / mx;
    }
    pb_sort(ratios, draws);
    *lo = pb_quantile(ratios, draws, (1 - level) / 2);
    *hi = pb_quantile(ratios, draws, (1 + level) / 2);
    free(scratch);
    return 0;
}
