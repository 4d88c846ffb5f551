/*
 * test_stats.c - the statistics of verdicts (bench/util/stats.h) on synthetic
 * samples whose answers are known: Student's t quantiles against
 * tabulated values; round values as the medians of their rounds; a 20 %
 * slowdown over 5 rounds with 2 % noise is `slower` with 1.2 inside its
 * interval (and the mirror image `faster`); the same distribution with
 * small noise is `same`; 2 rounds and 1 round are `inconclusive` for
 * want of rounds; a wide-noise pair is `inconclusive` with the rounds
 * that would decide it; a time of 0 has no log ratio; Holm's adjustment
 * of a constructed family matches the values computed by hand; a common
 * drift of the rounds hides a 3 % change from the unpaired test and not
 * from the paired one; the --fail-above gate's p value follows the
 * interval. Deterministic: no timing, no random draws.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rounds.h"
#include "analysis/change.h"
#include "results/readback.h"

static void quantiles(void)
{
    /* Student's t table (two-sided 95 %: t_{0.975, df}) */
    static const struct {
        double p, df, t;
    } table[] = {{0.975, 1, 12.706}, {0.975, 4, 2.776}, {0.975, 10, 2.228},
                 {0.95, 10, 1.812},  {0.995, 5, 4.032}, {0.975, 1e6, 1.960}};
    for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
        double t = pb_t_quantile(table[i].p, table[i].df);
        CHECK(fabs(t - table[i].t) < 5e-4, "t_{%g,%g} = %.4f, tabulated %.3f",
              table[i].p, table[i].df, t, table[i].t);
        CHECK(fabs(pb_t_cdf(t, table[i].df) - table[i].p) < 1e-9,
              "cdf(quantile) at %g", table[i].p);
    }
    CHECK(fabs(pb_t_cdf(0, 3) - 0.5) < 1e-12, "symmetric about 0");
    CHECK(isnan(pb_t_quantile(1, 4)) && isnan(pb_t_quantile(0.5, 0)) &&
              isnan(pb_t_cdf(1, -1)),
          "out of range: NaN, no abort");
}

static void round_values(void)
{
    struct readback t = {0};
    double v[3] = {2e-6, 1e-6, 3e-6};
    struct readback_bench *b = rounds_add(&t, "dial", 1, v, 3, 3);
    struct pb_rounds r;
    pb_rounds_of(b, &r);
    CHECK(r.n == 3 && r.id[0] == 0 && r.id[2] == 2, "3 rounds, got %zu", r.n);
    CHECK(r.n == 3 && r.value[0] == 2e-6 && r.value[1] == 1e-6 &&
              r.value[2] == 3e-6,
          "round values are the rounds' medians");
    readback_free(&t);
}

/* The verdict of b against a as one family, band 2 %, alpha 0.05. */
static struct pb_change judged(const struct readback_bench *a,
                               const struct readback_bench *b, bool paired)
{
    struct pb_change c, *one = &c;
    pb_change_of(a, b, paired, PB_STATS_ALPHA, &c);
    CHECK(pb_changes_judge(&one, 1, PB_STATS_BAND, PB_STATS_ALPHA) == 0,
          "judge");
    return c;
}

static void shifted_and_same(void)
{
    struct readback t = {0};
    double a[5], b[5];
    rounds_noise(a, 5, 1e-3, 0.02, 0);
    rounds_noise(b, 5, 1.2e-3, 0.02, 1);
    struct readback_bench *x = rounds_add(&t, "dial", 1, a, 5, 3);
    struct readback_bench *y = rounds_add(&t, "spfa", 1, b, 5, 3);
    struct pb_change c = judged(x, y, false);
    CHECK(c.verdict == PB_SLOWER, "20 %% slower: %s [%g, %g] p %g",
          pb_verdict_name(c.verdict), c.lo, c.hi, c.p);
    CHECK(c.lo < 1.2 && c.hi > 1.2 && c.lo > 1.1 && c.hi < 1.3,
          "1.2 inside [%g, %g]", c.lo, c.hi);
    CHECK(!c.paired && c.rounds == 5 && c.p < 0.05 && c.reason == 0,
          "unpaired, 5 rounds, p %g", c.p);
    c = judged(y, x, false);
    CHECK(c.verdict == PB_FASTER && c.hi < 1 / 1.02,
          "the mirror image is faster: %s [%g, %g]", pb_verdict_name(c.verdict),
          c.lo, c.hi);

    /* the same distribution, 0.3 % noise: the interval inside +-2 % */
    rounds_noise(a, 5, 1e-3, 0.003, 0);
    rounds_noise(b, 5, 1e-3, 0.003, 1);
    x = rounds_add(&t, "radix", 1, a, 5, 3);
    y = rounds_add(&t, "dijkstra", 1, b, 5, 3);
    c = judged(x, y, false);
    CHECK(c.verdict == PB_SAME && c.lo > 1 / 1.02 && c.hi < 1.02,
          "identical: %s [%g, %g] p_equal %g", pb_verdict_name(c.verdict), c.lo,
          c.hi, c.p_equal);
    /* a benchmark against itself, paired: every difference 0 */
    c = judged(x, x, true);
    CHECK(c.verdict == PB_SAME && c.ratio == 1 && c.lo == 1 && c.hi == 1 &&
              c.p == 1,
          "itself: %s [%g, %g]", pb_verdict_name(c.verdict), c.lo, c.hi);
    readback_free(&t);
}

static void too_few_and_wide(void)
{
    struct readback t = {0};
    double a[5], b[5];
    rounds_noise(a, 5, 1e-3, 0.02, 0);
    rounds_noise(b, 5, 1.5e-3, 0.02, 1);
    /* 2 rounds of a 50 % change: no interval, whatever the change */
    struct readback_bench *x = rounds_add(&t, "dial", 1, a, 2, 3);
    struct readback_bench *y = rounds_add(&t, "spfa", 1, b, 2, 3);
    struct pb_change c = judged(x, y, false);
    char why[160];
    pb_change_reason(&c, why, sizeof(why));
    CHECK(c.verdict == PB_INCONCLUSIVE && c.reason == PB_REASON_ROUNDS &&
              isnan(c.lo) && isnan(c.p),
          "2 rounds: %s", pb_verdict_name(c.verdict));
    CHECK(!strcmp(why, "2 rounds; 3 or more needed"), "reason '%s'", why);
    CHECK(fabs(c.ratio - sqrt(b[0] * b[1] / (a[0] * a[1]))) < 1e-9 &&
              c.ratio > 1.4,
          "the ratio still estimated: %g", c.ratio);
    /* one round: the ratio of the medians */
    x = rounds_add(&t, "radix", 1, a, 1, 3);
    y = rounds_add(&t, "dijkstra", 1, b, 1, 3);
    c = judged(x, y, true);
    pb_change_reason(&c, why, sizeof(why));
    CHECK(c.verdict == PB_INCONCLUSIVE && !strcmp(why, "1 round, no interval"),
          "1 round: '%s'", why);
    CHECK(fabs(c.ratio - b[0] / a[0]) < 1e-12, "1 round: ratio of medians %g",
          c.ratio);
    readback_free(&t);

    /* 15 % noise, no change: the interval spans the band */
    struct readback w = {0};
    rounds_noise(a, 5, 1e-3, 0.15, 0);
    rounds_noise(b, 5, 1e-3, 0.15, 1);
    x = rounds_add(&w, "dial", 1, a, 5, 1);
    y = rounds_add(&w, "spfa", 1, b, 5, 1);
    c = judged(x, y, false);
    pb_change_reason(&c, why, sizeof(why));
    CHECK(c.verdict == PB_INCONCLUSIVE && c.reason == PB_REASON_WIDE &&
              c.wide && c.lo < 1 / 1.02 && c.hi > 1.02,
          "wide: %s [%g, %g]", pb_verdict_name(c.verdict), c.lo, c.hi);
    CHECK(strstr(why, "interval wider than the band: ") == why &&
              (strstr(why, "rounds would decide") ||
               strstr(why, "more than 64 rounds")),
          "wide reason '%s'", why);
    /* 3 % noise around a 6 % change: more rounds would decide */
    rounds_noise(a, 5, 1e-3, 0.03, 0);
    rounds_noise(b, 5, 1.06e-3, 0.03, 1);
    x = rounds_add(&w, "radix", 1, a, 5, 1);
    y = rounds_add(&w, "dijkstra", 1, b, 5, 1);
    c = judged(x, y, false);
    pb_change_reason(&c, why, sizeof(why));
    CHECK(c.verdict == PB_INCONCLUSIVE && c.rounds_needed > 5 &&
              c.rounds_needed <= READBACK_MAX_ROUNDS &&
              strstr(why, "rounds would decide"),
          "6 %% in 3 %% noise: %s [%g, %g], '%s'", pb_verdict_name(c.verdict),
          c.lo, c.hi, why);
    readback_free(&w);

    /* a round value of 0: no log ratio */
    struct readback z = {0};
    double zero[3] = {0, 0, 0}, one[3] = {1e-3, 1e-3, 1e-3};
    x = rounds_add(&z, "dial", 1, one, 3, 1);
    y = rounds_add(&z, "spfa", 1, zero, 3, 1);
    c = judged(x, y, false);
    pb_change_reason(&c, why, sizeof(why));
    CHECK(c.verdict == PB_INCONCLUSIVE && c.reason == PB_REASON_ZERO &&
              c.ratio == 0 && strstr(why, "a time of 0"),
          "zero: '%s' ratio %g", why, c.ratio);
    readback_free(&z);
}

static void holm(void)
{
    /* m = 4 finite: sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 =
     * 0.02, 0.03, 0.06, 0.04 -> running maximum 0.02, 0.03, 0.06, 0.06 */
    double p[5] = {0.01, 0.04, 0.03, 0.005, NAN}, adj[5];
    double want[5] = {0.03, 0.06, 0.06, 0.02, NAN};
    CHECK(pb_holm(p, adj, 5) == 0, "holm");
    for (int i = 0; i < 4; i++)
        CHECK(fabs(adj[i] - want[i]) < 1e-12, "adjusted[%d] = %g, want %g", i,
              adj[i], want[i]);
    CHECK(isnan(adj[4]), "NaN stays out of the family");
    /* capped at 1, monotone; in place */
    double q[3] = {0.5, 0.6, 0.01};
    CHECK(pb_holm(q, q, 3) == 0 && fabs(q[2] - 0.03) < 1e-12 && q[0] == 1 &&
              q[1] == 1,
          "in place: %g %g %g", q[0], q[1], q[2]);
    /* ties keep their order and share the multiplier's running maximum */
    double r[2] = {0.02, 0.02};
    CHECK(pb_holm(r, r, 2) == 0 && r[0] == 0.04 && r[1] == 0.04, "ties: %g %g",
          r[0], r[1]);

    /* a family of 20 comparisons: a change that one comparison alone
     * would call (p_change below 0.05) is not called among 20 equal ones */
    struct readback t = {0};
    double a[5], b[5], c5[5];
    rounds_noise(a, 5, 1e-3, 0.02, 0);
    rounds_noise(b, 5, 1e-3, 0.02, 1);
    rounds_noise(c5, 5, 1.075e-3, 0.02, 1);
    struct pb_change ch[20], *list[20];
    const struct readback_bench *x = rounds_add(&t, "dial", 1, a, 5, 1);
    const struct readback_bench *y = rounds_add(&t, "spfa", 1, b, 5, 1);
    const struct readback_bench *z = rounds_add(&t, "radix", 1, c5, 5, 1);
    pb_change_of(x, z, false, 0.05, &ch[0]);
    list[0] = &ch[0];
    CHECK(pb_changes_judge(list, 1, 0.02, 0.05) == 0 &&
              ch[0].verdict == PB_SLOWER,
          "alone: %s p %g", pb_verdict_name(ch[0].verdict), ch[0].p);
    double raw = ch[0].p_change;
    for (int i = 1; i < 20; i++) {
        pb_change_of(x, y, false, 0.05, &ch[i]);
        list[i] = &ch[i];
    }
    pb_change_of(x, z, false, 0.05, &ch[0]);
    CHECK(pb_changes_judge(list, 20, 0.02, 0.05) == 0, "judge 20");
    char why[160];
    pb_change_reason(&ch[0], why, sizeof(why));
    CHECK(ch[0].verdict == PB_INCONCLUSIVE && ch[0].p > 0.05 &&
              fabs(ch[0].p - fmin(1, 20 * raw)) < 1e-12 && ch[0].family == 20,
          "among 20: %s p %g (raw %g)", pb_verdict_name(ch[0].verdict), ch[0].p,
          raw);
    CHECK(strstr(why, "decided only before the correction for 20 "
                      "comparisons: about "),
          "reason '%s'", why);
    readback_free(&t);
}

static void paired_drift(void)
{
    /* every round's speed drifts by up to +-20 % for both sides alike; B
     * is 3 % slower in each round (+-0.2 %) */
    static const double drift[6] = {1.00, 1.10, 0.95, 1.20, 0.90, 1.05};
    static const double wiggle[6] = {0.001, -0.002, 0.0, 0.002, -0.001, 0.0};
    double a[6], b[6];
    for (int r = 0; r < 6; r++) {
        a[r] = 1e-3 * drift[r] * (1 + wiggle[r]);
        b[r] = 1.03e-3 * drift[r] * (1 - wiggle[r]);
    }
    struct readback t = {0};
    struct readback_bench *x = rounds_add(&t, "dial", 1, a, 6, 3);
    struct readback_bench *y = rounds_add(&t, "spfa", 1, b, 6, 3);
    struct pb_change p = judged(x, y, true), u = judged(x, y, false);
    CHECK(p.paired && p.rounds == 6 && p.verdict == PB_SLOWER && p.lo > 1.02 &&
              p.hi < 1.04,
          "paired: %s [%g, %g]", pb_verdict_name(p.verdict), p.lo, p.hi);
    CHECK(!u.paired && u.verdict == PB_INCONCLUSIVE && u.lo < 1 && u.hi > 1.1,
          "unpaired: %s [%g, %g]", pb_verdict_name(u.verdict), u.lo, u.hi);
    CHECK(fabs(p.ratio - 1.03) < 0.002 && fabs(u.ratio - 1.03) < 0.002,
          "both estimate 1.03: %g, %g", p.ratio, u.ratio);

    /* the gate: a 3 % slowdown beyond doubt fails --fail-above 1, not 5 */
    CHECK(pb_change_p_above(&p, 0.01) < 0.05, "above 1 %%: p %g",
          pb_change_p_above(&p, 0.01));
    CHECK(pb_change_p_above(&p, 0.05) > 0.5, "above 5 %%: p %g",
          pb_change_p_above(&p, 0.05));
    CHECK(isnan(pb_change_p_above(&(struct pb_change){.se = NAN}, 0)),
          "no interval, no gate");
    readback_free(&t);
}

int main(void)
{
    quantiles();
    round_values();
    shifted_and_same();
    too_few_and_wide();
    holm();
    paired_drift();
    return check_summary();
}
