/*
 * change.c - the change of one benchmark from side A to side B, its
 * interval and its verdict (change.h; docs/statistics.md says what and
 * why; this says how). The basics (median, t distribution, Holm) are
 * util/stats.c's.
 *
 * The unit of independence is the round: samples within a round see one
 * phase of the machine and say nothing of the next. A benchmark's round
 * value is the median of its round's samples; the comparison of two
 * benchmarks works on the logs of their round values, so that a ratio's
 * interval is symmetric on a log scale and ratios multiply.
 *
 * Paired (two variants of one run, measured in the same rounds): d_r =
 * ln b_r - ln a_r over the rounds both have; est = mean d, se = sd(d) /
 * sqrt(R), df = R - 1. Pairing cancels the drift both sides saw in a
 * round. Unpaired (two runs): est = mean ln b - mean ln a, se =
 * sqrt(v_a / n_a + v_b / n_b), Welch-Satterthwaite df = se^4 / ((v_a /
 * n_a)^2 / (n_a - 1) + (v_b / n_b)^2 / (n_b - 1)). The interval on the
 * ratio is exp(est -+ t_{1 - alpha/2, df} se).
 *
 * With L = ln(1 + band), the change test's null hypothesis is "the change
 * lies within the band" (|delta| <= L): p_change = 2 min(P(T >= (est -
 * L) / se), P(T <= (est + L) / se)), below alpha exactly when the
 * interval lies wholly outside the band. The equivalence test (two
 * one-sided tests, Schuirmann 1987) has "it lies outside" as null:
 * p_same = 2 max(P(T >= (est + L) / se), P(T <= (est - L) / se)), below
 * alpha exactly when the interval lies wholly inside. Both are doubled
 * so that they match the (1 - alpha) interval shown beside them. Each
 * family is Holm-adjusted (a true change lies inside or outside the
 * band, so each benchmark can be falsely called in one family only).
 *
 * Cost: O(n log n) per benchmark of n samples; O(m log m) for Holm over
 * m comparisons; the rounds that would decide one, a binary search over
 * at most READBACK_MAX_ROUNDS (six quantiles).
 */
#include "analysis/change.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A sample's round and time, for grouping by round. */
struct timed {
    int64_t round;
    double t;
};

static int by_round(const void *a, const void *b)
{
    const struct timed *x = a, *y = b;
    if (x->round != y->round)
        return (x->round > y->round) - (x->round < y->round);
    return (x->t > y->t) - (x->t < y->t);
}

void pb_rounds_of(const struct readback_bench *x, struct pb_rounds *r)
{
    struct timed s[READBACK_MAX_SAMPLES];
    size_t n = x->per_instance ? x->n : 0;
    r->n = 0;
    for (size_t i = 0; i < n; i++)
        s[i] = (struct timed){x->sample[i].round, x->per_instance[i]};
    // cppcheck-suppress uninitvar ; s[0 .. n - 1] is set
    qsort(s, n, sizeof(*s), by_round);
    for (size_t i = 0; i < n && r->n < READBACK_MAX_ROUNDS;) {
        size_t j = i;
        while (j < n && s[j].round == s[i].round)
            j++;
        size_t k = j - i; /* sorted by time within the round */
        r->id[r->n] = s[i].round;
        r->value[r->n++] =
            k % 2 ? s[i + k / 2].t : (s[i + k / 2 - 1].t + s[i + k / 2].t) / 2;
        i = j;
    }
}

const char *pb_verdict_name(enum pb_verdict v)
{
    switch (v) {
    case PB_FASTER:
        return "faster";
    case PB_SLOWER:
        return "slower";
    case PB_SAME:
        return "same";
    case PB_INCONCLUSIVE:
        break;
    }
    return "inconclusive";
}

/* Mean and sample variance of x[0..n) (variance NaN below 2 values). */
static void mean_var(const double *x, size_t n, double *mean, double *var)
{
    double s = 0, ss = 0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    *mean = n ? s / (double)n : NAN;
    for (size_t i = 0; i < n; i++)
        ss += (x[i] - *mean) * (x[i] - *mean);
    *var = n > 1 ? ss / (double)(n - 1) : NAN;
}

static bool all_positive(const struct pb_rounds *r)
{
    for (size_t i = 0; i < r->n; i++)
        if (!(r->value[i] > 0) || !isfinite(r->value[i]))
            return false;
    return true;
}

/* The differences ln b_r - ln a_r over the rounds a and b share, into d
 * (ids sorted, as pb_rounds_of leaves them); their number. */
static size_t differences(const struct pb_rounds *a, const struct pb_rounds *b,
                          double *d)
{
    size_t k = 0;
    for (size_t i = 0, j = 0; i < a->n && j < b->n;) {
        if (a->id[i] < b->id[j])
            i++;
        else if (a->id[i] > b->id[j])
            j++;
        else
            d[k++] = log(b->value[j++]) - log(a->value[i++]);
    }
    return k;
}

void pb_change_of_rounds(const struct pb_rounds *a, const struct pb_rounds *b,
                         double median_a, double median_b, bool paired,
                         double alpha, struct pb_change *c)
{
    *c = (struct pb_change){
        .ratio = median_b / median_a,
        .est = NAN,
        .se = NAN,
        .df = NAN,
        .var_a = NAN,
        .var_b = NAN,
        .lo = NAN,
        .hi = NAN,
        .rounds_a = a->n,
        .rounds_b = b->n,
        .rounds = a->n < b->n ? a->n : b->n,
        .p_change = NAN,
        .p_same = NAN,
        .p = NAN,
        .p_equal = NAN,
        .verdict = PB_INCONCLUSIVE,
        .reason = PB_REASON_ROUNDS,
    };
    bool positive = all_positive(a) && all_positive(b);
    double d[READBACK_MAX_ROUNDS], la[READBACK_MAX_ROUNDS],
        lb[READBACK_MAX_ROUNDS];
    size_t pairs = positive && paired ? differences(a, b, d) : 0;
    for (size_t i = 0; positive && i < a->n; i++)
        la[i] = log(a->value[i]);
    for (size_t i = 0; positive && i < b->n; i++)
        lb[i] = log(b->value[i]);
    double mean_a, mean_b;
    if (pairs > 0 &&
        (pairs >= PB_STATS_MIN_ROUNDS || a->n < PB_STATS_MIN_ROUNDS ||
         b->n < PB_STATS_MIN_ROUNDS)) {
        c->paired = true;
        c->rounds = pairs;
        mean_var(d, pairs, &c->est, &c->var_a);
        if (pairs >= PB_STATS_MIN_ROUNDS) {
            c->se = sqrt(c->var_a / (double)pairs);
            c->df = (double)(pairs - 1);
        }
    } else if (positive && a->n > 0 && b->n > 0) {
        /* two runs, or two variants measured in too few shared rounds */
        mean_var(la, a->n, &mean_a, &c->var_a);
        mean_var(lb, b->n, &mean_b, &c->var_b);
        c->est = mean_b - mean_a;
        if (c->rounds >= PB_STATS_MIN_ROUNDS) {
            double ua = c->var_a / (double)a->n, ub = c->var_b / (double)b->n;
            c->se = sqrt(ua + ub);
            c->df = ua + ub > 0 ? (ua + ub) * (ua + ub) /
                                      (ua * ua / (double)(a->n - 1) +
                                       ub * ub / (double)(b->n - 1))
                                : (double)(a->n + b->n - 2);
        }
    }
    if (isfinite(c->est))
        c->ratio = exp(c->est);
    if (c->rounds >= PB_STATS_MIN_ROUNDS && !positive)
        c->reason = PB_REASON_ZERO;
    if (!isfinite(c->se))
        return;
    double q = pb_t_quantile(1 - alpha / 2, c->df);
    c->lo = exp(c->est - q * c->se);
    c->hi = exp(c->est + q * c->se);
    c->reason = PB_REASON_NONE; /* until judged */
}

void pb_change_of(const struct readback_bench *a,
                  const struct readback_bench *b, bool paired, double alpha,
                  struct pb_change *c)
{
    struct pb_rounds ra, rb;
    pb_rounds_of(a, &ra);
    pb_rounds_of(b, &rb);
    pb_change_of_rounds(&ra, &rb, readback_median(a), readback_median(b),
                        paired, alpha, c);
}

/* P(T >= t) at c's degrees of freedom, for se > 0. */
static double upper(const struct pb_change *c, double t)
{
    return pb_t_cdf(-t, c->df);
}

double pb_change_p_above(const struct pb_change *c, double g)
{
    double bound = log1p(g);
    if (!isfinite(c->se))
        return NAN;
    if (c->se == 0)
        return c->est > bound ? 0 : 1;
    return fmin(1, 2 * upper(c, (c->est - bound) / c->se));
}

/* The raw p values of c's change and equivalence tests against the band
 * +-l (on the log scale). */
static void test(struct pb_change *c, double l)
{
    if (!isfinite(c->se))
        return;
    if (c->se == 0) { /* every round alike: the estimate is exact */
        c->p_change = fabs(c->est) > l ? 0 : 1;
        c->p_same = fabs(c->est) < l ? 0 : 1;
        return;
    }
    double above = upper(c, (c->est - l) / c->se);  /* H0: delta <= l */
    double below = upper(c, -(c->est + l) / c->se); /* H0: delta >= -l */
    c->p_change = fmin(1, 2 * fmin(above, below));
    /* the equivalence nulls: delta <= -l and delta >= l */
    double over_low = upper(c, (c->est + l) / c->se);
    double under_high = upper(c, (l - c->est) / c->se);
    c->p_same = fmin(1, 2 * fmax(over_low, under_high));
}

/* Standard error and degrees of freedom of c's estimate with n rounds a
 * side (or n pairs), its variances as they are. */
static void se_at(const struct pb_change *c, size_t n, double *se, double *df)
{
    double rounds = (double)n;
    if (c->paired) {
        *se = sqrt(c->var_a / rounds);
        *df = rounds - 1;
        return;
    }
    double v = c->var_a + c->var_b;
    double squares = c->var_a * c->var_a + c->var_b * c->var_b;
    *se = sqrt(v / rounds);
    *df = squares > 0 ? (rounds - 1) * v * v / squares : 2 * rounds - 2;
}

/* The fewest rounds above c's own with which its interval, at the
 * Bonferroni level alpha / family, would fit on one side of the band's
 * nearer edge l, were the estimate and spreads to stay; 0 when more than
 * READBACK_MAX_ROUNDS would be needed. The half-width t * se falls as the
 * rounds grow, so a binary search finds it. */
static size_t rounds_needed(const struct pb_change *c, double l, double alpha)
{
    double gap = fabs(l - fabs(c->est));
    double level = 1 - alpha / (2 * (double)(c->family ? c->family : 1));
    size_t lo = c->rounds + 1, hi = READBACK_MAX_ROUNDS;
    if (!(gap > 0) || lo > hi)
        return 0;
    double se, df;
    se_at(c, hi, &se, &df);
    if (!(pb_t_quantile(level, df) * se < gap))
        return 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        se_at(c, mid, &se, &df);
        if (pb_t_quantile(level, df) * se < gap)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

int pb_changes_judge(struct pb_change *const *c, size_t n, double band,
                     double alpha)
{
    double l = log1p(band);
    double *p = calloc(2 * n + 1, sizeof(*p));
    if (!p)
        return -ENOMEM;
    size_t family = 0;
    for (size_t i = 0; i < n; i++) {
        test(c[i], l);
        p[i] = c[i]->p_change;
        p[n + i] = c[i]->p_same;
        family += isfinite(c[i]->p_change) ? 1 : 0;
    }
    int rc = pb_holm(p, p, n);
    if (rc == 0)
        rc = pb_holm(p + n, p + n, n);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        struct pb_change *x = c[i];
        x->p = p[i];
        x->p_equal = p[n + i];
        x->family = family;
        x->band = band;
        if (!isfinite(x->p)) {
            x->verdict = PB_INCONCLUSIVE; /* its reason is set already */
            continue;
        }
        x->wide = log(x->hi) - log(x->lo) > 2 * l;
        x->reason = PB_REASON_NONE;
        if (x->p < alpha)
            x->verdict = x->est > 0 ? PB_SLOWER : PB_FASTER;
        else if (x->p_equal < alpha)
            x->verdict = PB_SAME;
        else {
            x->verdict = PB_INCONCLUSIVE;
            x->reason = PB_REASON_WIDE;
            x->rounds_needed = rounds_needed(x, l, alpha);
        }
    }
    free(p);
    return rc;
}

void pb_change_reason(const struct pb_change *c, char *buf, size_t len)
{
    char rounds[64];
    if (c->rounds_needed)
        snprintf(rounds, sizeof(rounds), "about %zu rounds would decide",
                 c->rounds_needed);
    else
        snprintf(rounds, sizeof(rounds), "more than %d rounds would be needed",
                 READBACK_MAX_ROUNDS);
    switch (c->reason) {
    case PB_REASON_NONE:
        snprintf(buf, len, "%s", "");
        return;
    case PB_REASON_ROUNDS:
        if (c->rounds == 1)
            snprintf(buf, len, "1 round, no interval");
        else
            snprintf(buf, len, "%zu rounds; %d or more needed", c->rounds,
                     PB_STATS_MIN_ROUNDS);
        return;
    case PB_REASON_ZERO:
        snprintf(buf, len, "a time of 0: no ratio on a log scale");
        return;
    case PB_REASON_WIDE:
        break;
    }
    /* wholly inside or outside the band, yet not after Holm's correction */
    double l = log1p(c->band), lo = log(c->lo), hi = log(c->hi);
    if ((lo > -l && hi < l) || lo > l || hi < -l) {
        snprintf(buf, len,
                 "decided only before the correction for %zu "
                 "comparisons: %s",
                 c->family, rounds);
        return;
    }
    snprintf(buf, len, "interval %s: %s",
             c->wide ? "wider than the band" : "across the band's edge",
             rounds);
}

void pb_rounds_level(const struct pb_rounds *r, double alpha, double *lo,
                     double *hi)
{
    struct pb_rounds one = *r;
    for (size_t i = 0; i < one.n; i++)
        one.value[i] = 1;
    struct pb_change c;
    pb_change_of_rounds(&one, r, 1, 1, true, alpha, &c);
    *lo = c.lo;
    *hi = c.hi;
}
