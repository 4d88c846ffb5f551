/*
 * test_changepoint.c - change detection over commits
 * (bench/analysis/changepoint.h) on synthetic histories built by hand (no
 * database) whose change points are known. Each history has 12 commits
 * timed in the same 7 rounds; a point's round value is its commit's level
 * times the round's drift (one factor per round, shared by every commit
 * and benchmark, 0.9 to 1.1: what pairing must cancel) times log-normal
 * noise of its own (1 % to 3 %, or as a case says). Cases: 20 flat
 * series give no change point (several seeds); one 10 % slowdown is one
 * point, between commits 6 and 7, with 1.10 in its interval; a 1.25x
 * speed-up and a later 8 % slowdown are both found where they are; a
 * commit that failed to build is stepped over and a change across it is
 * reported between its neighbours; a point of fewer than 3 rounds makes
 * its pairs inconclusive, never points; a 1 % change with tiny noise lies
 * inside the band; a 5 % step that the drift hides from the unpaired
 * test is found by the paired one; a point of another run, sharing no
 * rounds with its neighbours, is compared unpaired; an empty history and
 * a series of one point give no pairs. Deterministic: the project's PRNG
 * from fixed seeds, no timing.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pb_prng.h"
#include "analysis/change.h"
#include "analysis/changepoint.h"
#include "results/history_data.h"

#define COMMITS 12
#define ROUNDS 7
#define FLAT_SERIES 20
#define BASE 1e-3 /* seconds per instance of series 0 */

/* Uniform in (0, 1): 53 random bits, never 0. */
static double uniform(struct pb_rng *r)
{
    return ((double)(pb_rng_next(r) >> 11) + 0.5) * 0x1p-53;
}

/* A standard normal draw (Box-Muller). */
static double normal(struct pb_rng *r)
{
    const double tau = 6.283185307179586;
    double u = uniform(r), v = uniform(r);
    return sqrt(-2 * log(u)) * cos(tau * v);
}

/* A synthetic history: its commits (all built until a case says not),
 * `series` empty series, and the log drift of each round. */
struct world {
    struct pb_history h;
    double drift[ROUNDS];
    struct pb_rng rng;
};

static void world_init(struct world *w, size_t series, uint64_t seed)
{
    memset(w, 0, sizeof(*w));
    pb_rng_seed(&w->rng, seed);
    snprintf(w->h.suite, sizeof(w->h.suite), "synthetic");
    w->h.commits = COMMITS;
    w->h.commit = calloc(COMMITS, sizeof(*w->h.commit));
    w->h.count = series;
    w->h.series = calloc(series, sizeof(*w->h.series));
    if (!w->h.commit || !w->h.series) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (size_t c = 0; c < COMMITS; c++) {
        struct pb_hist_commit *x = &w->h.commit[c];
        snprintf(x->sha, sizeof(x->sha), "%040zx", c + 1);
        snprintf(x->subject, sizeof(x->subject), "commit %zu", c);
        x->time = 1700000000 + (int64_t)c * 3600;
        x->built = true;
    }
    /* the round factors 0.9 .. 1.1 evenly, in a shuffled order, so that
     * every history's rounds drift as much */
    for (size_t r = 0; r < ROUNDS; r++)
        w->drift[r] = 0.9 + 0.2 * (double)r / (ROUNDS - 1);
    for (size_t r = ROUNDS - 1; r > 0; r--) {
        size_t j = (size_t)pb_rng_below(&w->rng, r + 1);
        double t = w->drift[r];
        w->drift[r] = w->drift[j];
        w->drift[j] = t;
    }
    for (size_t r = 0; r < ROUNDS; r++)
        w->drift[r] = log(w->drift[r]);
}

/* Fills series s with one point per built commit c, ROUNDS rounds each:
 * round r's value is base x level[c] x exp(drift[r]) x exp(sigma z), the
 * point's sigma drawn uniformly from [sigma_lo, sigma_hi]. */
static void series_fill(struct world *w, size_t s, double base,
                        const double *level, double sigma_lo, double sigma_hi)
{
    struct pb_hist_series *x = &w->h.series[s];
    snprintf(x->key, sizeof(x->key), "bench_%02zu", s);
    snprintf(x->kernel, sizeof(x->kernel), "cube_walk");
    snprintf(x->variant, sizeof(x->variant), "dial");
    snprintf(x->clock, sizeof(x->clock), "cpu");
    x->point = calloc(COMMITS, sizeof(*x->point));
    if (!x->point) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    x->n = 0;
    for (size_t c = 0; c < COMMITS; c++) {
        if (!w->h.commit[c].built)
            continue;
        struct pb_hist_point *p = &x->point[x->n++];
        double sigma = sigma_lo + (sigma_hi - sigma_lo) * uniform(&w->rng);
        p->commit = c;
        p->n = ROUNDS;
        p->verified = true;
        for (size_t r = 0; r < ROUNDS; r++) {
            p->round[r] = (int64_t)r;
            p->value[r] =
                base * level[c] * exp(w->drift[r] + sigma * normal(&w->rng));
        }
    }
}

/* Levels 1 before commit `at` and `ratio` from it on. */
static void step(double *level, size_t at, double ratio)
{
    for (size_t c = 0; c < COMMITS; c++)
        level[c] = c < at ? 1 : ratio;
}

/* The judged neighbour pairs of w's history, at the default band and
 * level; how many of them are change points into *points. */
static struct pb_hist_change *judge(const struct world *w, size_t *n,
                                    size_t *points)
{
    struct pb_hist_change *c = NULL;
    struct pb_error e = {{0}};
    int rc =
        pb_history_changes(&w->h, PB_STATS_BAND, PB_STATS_ALPHA, &c, n, &e);
    CHECK(rc == 0 && c, "pb_history_changes: %d %s", rc, e.msg);
    if (rc != 0 || !c) {
        fprintf(stderr, "cannot go on\n");
        exit(1);
    }
    *points = 0;
    for (size_t i = 0; i < *n; i++)
        *points += pb_hist_change_is_point(&c[i]);
    return c;
}

/* The commits of c's two points. */
static size_t commit_before(const struct world *w,
                            const struct pb_hist_change *c)
{
    return w->h.series[c->series].point[c->before].commit;
}

static size_t commit_after(const struct world *w,
                           const struct pb_hist_change *c)
{
    return w->h.series[c->series].point[c->after].commit;
}

/* Whether truth lies in x's interval at the level 1 - HOLDS_ALPHA: a
 * check that the estimate sits where the data put it, not of coverage
 * (test_winners.c measures that). The printed 95 % interval misses the
 * true ratio one time in twenty, which over cases and seeds would make
 * the test a choice of seeds. */
#define HOLDS_ALPHA 1e-4
static bool holds(const struct pb_change *x, double truth)
{
    double q = pb_t_quantile(1 - HOLDS_ALPHA / 2, x->df);
    return isfinite(x->se) && fabs(x->est - log(truth)) <= q * x->se;
}

/* (a) No change anywhere: 20 flat series of 12 commits, 220 pairs in one
 * Holm family. Holm keeps the chance of any false point at most alpha =
 * 5 % a seed, whatever the dependence between the pairs; at 7 rounds the
 * intervals at Holm's levels over 220 pairs are wide, so it is far rarer
 * here (2 of seeds 1..10,000 gave one). The seeds are simply 1..6, not
 * searched for. Every pair is paired over 7 rounds, in series order then
 * commit order. */
static void no_change(uint64_t seed)
{
    struct world w;
    double level[COMMITS];
    world_init(&w, FLAT_SERIES, seed);
    step(level, COMMITS, 1);
    for (size_t s = 0; s < FLAT_SERIES; s++)
        series_fill(&w, s, BASE * (double)(s + 1), level, 0.01, 0.03);
    size_t n, points;
    struct pb_hist_change *c = judge(&w, &n, &points);
    CHECK(n == FLAT_SERIES * (COMMITS - 1), "seed %" PRIu64 ": %zu pairs", seed,
          n);
    CHECK(points == 0, "seed %" PRIu64 ": %zu false change points", seed,
          points);
    size_t order = 0, shape = 0;
    for (size_t i = 0; i < n; i++) {
        order += c[i].series == i / (COMMITS - 1) &&
                 c[i].before == i % (COMMITS - 1) &&
                 c[i].after == c[i].before + 1;
        shape += c[i].change.paired && c[i].change.rounds == ROUNDS &&
                 c[i].change.family == n && isfinite(c[i].change.lo);
    }
    CHECK(order == n,
          "seed %" PRIu64 ": %zu of %zu pairs in series, commit order", seed,
          order, n);
    CHECK(shape == n, "seed %" PRIu64 ": %zu of %zu pairs paired over 7 rounds",
          seed, shape, n);
    free(c);
    pb_history_free(&w.h);
}

/* (b) One 10 % slowdown at commit 7 of series 1 of 3 (the others flat):
 * exactly one point, between commits 6 and 7, slower, 1.10 inside its
 * interval. The stepped series has 1 % noise: at 7 rounds in a family of
 * 33, noise of 1 % to 2 % left the step inconclusive in 3 % of seeds. */
static void one_slowdown(uint64_t seed)
{
    struct world w;
    double flat[COMMITS], level[COMMITS];
    world_init(&w, 3, seed);
    step(flat, COMMITS, 1);
    step(level, 7, 1.10);
    series_fill(&w, 0, BASE, flat, 0.01, 0.03);
    series_fill(&w, 1, 2 * BASE, level, 0.01, 0.01);
    series_fill(&w, 2, 3 * BASE, flat, 0.01, 0.03);
    size_t n, points;
    struct pb_hist_change *c = judge(&w, &n, &points);
    CHECK(n == 3 * (COMMITS - 1) && points == 1, "seed %" PRIu64 ": %zu points",
          seed, points);
    const struct pb_hist_change *x = &c[(COMMITS - 1) + 6];
    CHECK(x->series == 1 && commit_before(&w, x) == 6 &&
              commit_after(&w, x) == 7 && pb_hist_change_is_point(x),
          "seed %" PRIu64 ": series %zu, commits %zu -> %zu, %s", seed,
          x->series, commit_before(&w, x), commit_after(&w, x),
          pb_verdict_name(x->change.verdict));
    CHECK(x->change.verdict == PB_SLOWER && holds(&x->change, 1.10),
          "seed %" PRIu64 ": %s %.4f [%.4f, %.4f]", seed,
          pb_verdict_name(x->change.verdict), x->change.ratio, x->change.lo,
          x->change.hi);
    free(c);
    pb_history_free(&w.h);
}

/* (c) A 1.25x speed-up at commit 4 (times x 0.8) and an 8 % slowdown at
 * commit 9 of one series: two points, faster at 3 -> 4 and slower at
 * 8 -> 9. An 8 % step at 7 rounds needs quiet rounds: 1 % noise. */
static void up_and_down(uint64_t seed)
{
    struct world w;
    double level[COMMITS];
    world_init(&w, 1, seed);
    for (size_t c = 0; c < COMMITS; c++)
        level[c] = c < 4 ? 1 : c < 9 ? 0.8 : 0.8 * 1.08;
    series_fill(&w, 0, BASE, level, 0.01, 0.01);
    size_t n, points;
    struct pb_hist_change *c = judge(&w, &n, &points);
    CHECK(n == COMMITS - 1 && points == 2, "seed %" PRIu64 ": %zu points", seed,
          points);
    CHECK(c[3].change.verdict == PB_FASTER && holds(&c[3].change, 0.8),
          "seed %" PRIu64 ": 3 -> 4 %s [%.4f, %.4f]", seed,
          pb_verdict_name(c[3].change.verdict), c[3].change.lo, c[3].change.hi);
    CHECK(c[8].change.verdict == PB_SLOWER && holds(&c[8].change, 1.08),
          "seed %" PRIu64 ": 8 -> 9 %s [%.4f, %.4f]", seed,
          pb_verdict_name(c[8].change.verdict), c[8].change.lo, c[8].change.hi);
    free(c);
    pb_history_free(&w.h);
}

/* (d) Commit 5 failed to build (no point) and commit 6 is 12 % slower
 * than commit 4: 11 points, 10 pairs, the one point between points 4 and
 * 5, which are commits 4 and 6; no pair names commit 5. */
static void failed_build(uint64_t seed)
{
    struct world w;
    double level[COMMITS];
    world_init(&w, 1, seed);
    w.h.commit[5].built = false;
    snprintf(w.h.commit[5].note, sizeof(w.h.commit[5].note), "build failed");
    step(level, 6, 1.12);
    series_fill(&w, 0, BASE, level, 0.01, 0.02);
    size_t n, points;
    struct pb_hist_change *c = judge(&w, &n, &points);
    CHECK(w.h.series[0].n == COMMITS - 1 && n == COMMITS - 2 && points == 1,
          "seed %" PRIu64 ": %zu points, %zu pairs, %zu points", seed,
          w.h.series[0].n, n, points);
    size_t named = 0;
    for (size_t i = 0; i < n; i++)
        named += commit_before(&w, &c[i]) == 5 || commit_after(&w, &c[i]) == 5;
    CHECK(named == 0, "%zu pairs name the failed commit", named);
    CHECK(c[4].before == 4 && c[4].after == 5 &&
              commit_before(&w, &c[4]) == 4 && commit_after(&w, &c[4]) == 6 &&
              c[4].change.verdict == PB_SLOWER,
          "seed %" PRIu64 ": pair 4 is commits %zu -> %zu, %s", seed,
          commit_before(&w, &c[4]), commit_after(&w, &c[4]),
          pb_verdict_name(c[4].change.verdict));
    free(c);
    pb_history_free(&w.h);
}

/* (e) Commit 4 of series 0 has 2 rounds and commit 7 of series 1 one, at
 * a 30 % step each: their pairs (3 -> 4, 4 -> 5; 6 -> 7, 7 -> 8) have no
 * interval, so they are inconclusive for want of rounds, never points;
 * and the other pairs, flat, are no points either. */
static void too_few_rounds(uint64_t seed)
{
    struct world w;
    double at4[COMMITS], at7[COMMITS];
    world_init(&w, 2, seed);
    step(at4, 4, 1.3);
    step(at7, 7, 1.3);
    series_fill(&w, 0, BASE, at4, 0.01, 0.02);
    series_fill(&w, 1, BASE, at7, 0.01, 0.02);
    w.h.series[0].point[4].n = 2;
    w.h.series[1].point[7].n = 1;
    size_t n, points;
    struct pb_hist_change *c = judge(&w, &n, &points);
    CHECK(n == 2 * (COMMITS - 1) && points == 0, "seed %" PRIu64 ": %zu points",
          seed, points);
    static const size_t shortened[4] = {3, 4, (COMMITS - 1) + 6,
                                        (COMMITS - 1) + 7};
    static const size_t rounds[4] = {2, 2, 1, 1};
    for (size_t i = 0; i < 4; i++) {
        const struct pb_change *x = &c[shortened[i]].change;
        CHECK(x->verdict == PB_INCONCLUSIVE && x->reason == PB_REASON_ROUNDS &&
                  x->rounds == rounds[i] && isnan(x->lo),
              "pair %zu: %s, reason %d, %zu rounds", shortened[i],
              pb_verdict_name(x->verdict), (int)x->reason, x->rounds);
    }
    /* the pairs with an interval are 22 - 4 */
    CHECK(c[0].change.family == n - 4, "family of %zu", c[0].change.family);
    free(c);
    pb_history_free(&w.h);
}

/* (f) A 1 % change at commit 6, inside the +-2 % band, with 0.1 % noise:
 * never a point; paired, its interval lies well inside the band, so it
 * is `same` (unpaired, the drift alone would leave it inconclusive). */
static void within_band(uint64_t seed)
{
    struct world w;
    double level[COMMITS];
    world_init(&w, 1, seed);
    step(level, 6, 1.01);
    series_fill(&w, 0, BASE, level, 0.001, 0.001);
    size_t n, points;
    struct pb_hist_change *c = judge(&w, &n, &points);
    CHECK(n == COMMITS - 1 && points == 0, "seed %" PRIu64 ": %zu points", seed,
          points);
    const struct pb_change *x = &c[5].change;
    CHECK(!pb_hist_change_is_point(&c[5]) &&
              (x->verdict == PB_SAME || x->verdict == PB_INCONCLUSIVE),
          "5 -> 6: %s", pb_verdict_name(x->verdict));
    CHECK(x->verdict == PB_SAME && holds(x, 1.01),
          "seed %" PRIu64 ": 5 -> 6 %s %.4f [%.4f, %.4f]", seed,
          pb_verdict_name(x->verdict), x->ratio, x->lo, x->hi);
    free(c);
    pb_history_free(&w.h);
}

/* A 5 % step at commit 6 with 0.5 % noise under the +-10 % drift: the
 * paired neighbour test calls it slower; the same two points compared
 * unpaired (Welch), even as a family of one, are inconclusive: the drift
 * between rounds swamps it. */
static void drift_cancels(uint64_t seed)
{
    struct world w;
    double level[COMMITS];
    world_init(&w, 1, seed);
    step(level, 6, 1.05);
    series_fill(&w, 0, BASE, level, 0.005, 0.005);
    size_t n, points;
    struct pb_hist_change *c = judge(&w, &n, &points);
    CHECK(points == 1 && c[5].change.verdict == PB_SLOWER,
          "seed %" PRIu64 ": %zu points, 5 -> 6 %s", seed, points,
          pb_verdict_name(c[5].change.verdict));

    struct pb_rounds a = {.n = ROUNDS}, b = {.n = ROUNDS};
    const struct pb_hist_point *p = &w.h.series[0].point[5],
                               *q = &w.h.series[0].point[6];
    double spread_lo = INFINITY, spread_hi = 0;
    for (size_t r = 0; r < ROUNDS; r++) {
        a.id[r] = p->round[r];
        a.value[r] = p->value[r];
        b.id[r] = q->round[r];
        b.value[r] = q->value[r];
        spread_lo = fmin(spread_lo, p->value[r]);
        spread_hi = fmax(spread_hi, p->value[r]);
    }
    CHECK(spread_hi / spread_lo > 1.15,
          "seed %" PRIu64 ": rounds apart by %.3fx", seed,
          spread_hi / spread_lo);
    struct pb_change u, *one = &u;
    pb_change_of_rounds(&a, &b, 1, 1, false, PB_STATS_ALPHA, &u);
    CHECK(pb_changes_judge(&one, 1, PB_STATS_BAND, PB_STATS_ALPHA) == 0,
          "judge");
    CHECK(!u.paired && u.verdict == PB_INCONCLUSIVE,
          "seed %" PRIu64 ": unpaired %s [%.4f, %.4f]", seed,
          pb_verdict_name(u.verdict), u.lo, u.hi);
    free(c);
    pb_history_free(&w.h);
}

/* Commit 9's point comes from another `history` run (round ids 100 ..
 * 106): its two pairs share no round, so they are compared unpaired
 * (Welch), still with an interval over 7 rounds a side; the others stay
 * paired. */
static void another_run(uint64_t seed)
{
    struct world w;
    double level[COMMITS];
    world_init(&w, 1, seed);
    step(level, COMMITS, 1);
    series_fill(&w, 0, BASE, level, 0.01, 0.03);
    for (size_t r = 0; r < ROUNDS; r++)
        w.h.series[0].point[9].round[r] = 100 + (int64_t)r;
    size_t n, points;
    struct pb_hist_change *c = judge(&w, &n, &points);
    size_t paired = 0;
    for (size_t i = 0; i < n; i++)
        paired += c[i].change.paired;
    CHECK(n == COMMITS - 1 && paired == n - 2 && !c[8].change.paired &&
              !c[9].change.paired && c[8].change.rounds == ROUNDS &&
              isfinite(c[8].change.lo) && isfinite(c[9].change.lo),
          "seed %" PRIu64 ": %zu of %zu paired", seed, paired, n);
    CHECK(points == 0, "seed %" PRIu64 ": %zu points", seed, points);
    free(c);
    pb_history_free(&w.h);
}

/* No series, and series of one point: no pairs, and no failure. */
static void nothing_to_compare(void)
{
    struct world w;
    double level[COMMITS];
    world_init(&w, 0, 1);
    size_t n = 99, points;
    struct pb_hist_change *c = judge(&w, &n, &points);
    CHECK(n == 0 && points == 0, "empty history: %zu pairs", n);
    free(c);
    pb_history_free(&w.h);

    world_init(&w, 1, 1);
    for (size_t i = 0; i < COMMITS; i++)
        w.h.commit[i].built = i == 3;
    step(level, COMMITS, 1);
    series_fill(&w, 0, BASE, level, 0.01, 0.01);
    c = judge(&w, &n, &points);
    CHECK(w.h.series[0].n == 1 && n == 0, "one point: %zu pairs", n);
    free(c);
    pb_history_free(&w.h);
}

int main(void)
{
    for (uint64_t seed = 1; seed <= 6; seed++)
        no_change(seed);
    /* seeds 1..4, not searched for: over seeds 1..4,000 no case failed
     * in more than 2 (failed_build's 12 % step left inconclusive) */
    for (uint64_t seed = 1; seed <= 4; seed++) {
        one_slowdown(seed);
        up_and_down(seed);
        failed_build(seed);
        too_few_rounds(seed);
        within_band(seed);
        drift_cancels(seed);
        another_run(seed);
    }
    nothing_to_compare();
    return check_summary();
}
