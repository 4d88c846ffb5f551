/*
 * changepoint.c - where a benchmark's time changed over a range of
 * commits (changepoint.h): each series' neighbouring points compared as
 * two sides of change.h, all of them one family.
 *
 * A point's round values are already the medians of their rounds, so
 * they are taken as they are (pb_change_of_rounds, not pb_change_of),
 * and the median of a point's round values stands in for its median of
 * all samples where a pair has no estimate. Every pair asks for pairing:
 * change.c pairs over the rounds both points share (one `history` run
 * times its commits in the same rounds, and pairing cancels the drift of
 * the machine both saw in a round) and falls back to Welch's unpaired
 * interval where they share fewer than PB_STATS_MIN_ROUNDS but each has
 * that many (points of two runs). The pairs of all series are then
 * judged together (pb_changes_judge), Holm over the whole table, so that
 * a history of many benchmarks and commits reports a false change point
 * with a chance of at most alpha in all.
 *
 * Cost: O(R log R) per point of R round values for its median, O(R) per
 * pair for its interval, O(P log P) for Holm over P pairs.
 *
 * References: S. Holm, "A simple sequentially rejective multiple test
 * procedure", Scand. J. Statist. 6(2), 1979; Student's t interval on the
 * paired differences and B. L. Welch, "The generalization of 'Student's'
 * problem when several different population variances are involved",
 * Biometrika 34, 1947, for the unpaired one (both in change.c).
 */
#include "analysis/changepoint.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "pb_error.h"
#include "util/stats.h"

void pb_hist_point_rounds(const struct pb_hist_point *p, struct pb_rounds *r,
                          double *median)
{
    double sorted[READBACK_MAX_ROUNDS];
    r->n = p->n < READBACK_MAX_ROUNDS ? p->n : READBACK_MAX_ROUNDS;
    for (size_t i = 0; i < r->n; i++) {
        r->id[i] = p->round[i];
        r->value[i] = p->value[i];
        sorted[i] = p->value[i];
    }
    *median = r->n ? pb_median(sorted, r->n) : NAN;
}

int pb_history_changes(const struct pb_history *h, double band, double alpha,
                       struct pb_hist_change **out, size_t *n,
                       struct pb_error *e)
{
    size_t pairs = 0;
    *out = NULL;
    *n = 0;
    for (size_t s = 0; s < h->count; s++)
        pairs += h->series[s].n > 1 ? h->series[s].n - 1 : 0;
    struct pb_hist_change *c = calloc(pairs + 1, sizeof(*c));
    struct pb_change **family = calloc(pairs + 1, sizeof(*family));
    if (!c || !family) {
        free(c);
        free(family);
        return pb_fail(e, -ENOMEM,
                       "out of memory for %zu neighbour comparisons", pairs);
    }
    size_t k = 0;
    for (size_t s = 0; s < h->count; s++) {
        const struct pb_hist_series *x = &h->series[s];
        struct pb_rounds a, b;
        double median_a, median_b;
        if (x->n > 1)
            pb_hist_point_rounds(&x->point[0], &b, &median_b);
        for (size_t i = 1; i < x->n; i++, k++) {
            /* the last pair's later point is this pair's earlier one */
            a = b;
            median_a = median_b;
            pb_hist_point_rounds(&x->point[i], &b, &median_b);
            c[k].series = s;
            c[k].before = i - 1;
            c[k].after = i;
            pb_change_of_rounds(&a, &b, median_a, median_b, true, alpha,
                                &c[k].change);
            family[k] = &c[k].change;
        }
    }
    int rc = pb_changes_judge(family, pairs, band, alpha);
    free(family);
    if (rc < 0) {
        free(c);
        return pb_fail(e, rc, "out of memory judging %zu comparisons", pairs);
    }
    *out = c;
    *n = pairs;
    return 0;
}

bool pb_hist_change_is_point(const struct pb_hist_change *c)
{
    return c->change.verdict == PB_FASTER || c->change.verdict == PB_SLOWER;
}
