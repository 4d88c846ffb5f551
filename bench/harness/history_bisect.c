/*
 * history_bisect.c - `history --bisect BENCHMARK` (history.h): a change
 * point found between two commits of a sparse history (every N-th) is
 * narrowed to one commit, as git bisect narrows a bug, by measuring.
 * Each step builds the commit in the middle of the commits still in
 * question and runs the three, lo, mid and hi, in interleaved rounds (a
 * new history run of the store), then compares lo -> mid and mid -> hi
 * for this benchmark alone (a family of two, Holm): the change is on the
 * side that shows it. A step where both or neither show it stops with
 * the interval it has, said so: the change may be spread over several
 * commits, or too small for the rounds given. O(log2 commits) steps,
 * each a build (cached) and 3 x rounds runs.
 */
#include "harness/history.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/changepoint.h"
#include "pb.h"
#include "results/store.h"

/* The one series named benchmark in h (an exact name, else the one name
 * containing it), or NULL after a message in e. */
static const struct pb_hist_series *series_named(const struct pb_history *h,
                                                 const char *benchmark,
                                                 struct pb_error *e)
{
    const struct pb_hist_series *found = NULL;
    size_t matches = 0;
    for (size_t i = 0; i < h->count; i++) {
        if (!strcmp(h->series[i].key, benchmark))
            return &h->series[i];
        if (strstr(h->series[i].key, benchmark)) {
            found = &h->series[i];
            matches++;
        }
    }
    if (matches == 1)
        return found;
    pb_fail(e, -ENOENT,
            "--bisect %s: %s benchmark of the history has that name%s",
            benchmark, matches ? "more than one" : "no",
            matches ? "; give it whole" : "");
    return NULL;
}

/* The verdicts of lo -> mid and mid -> hi for `benchmark` in history run
 * `history` (its three commits): -1 when the change is in lo..mid, +1 in
 * mid..hi, 0 when neither half shows one. When both do (a second, other
 * change inside the range), the larger one is followed and the other is
 * reported on o->log. */
static int which_side(const struct pb_history_options *o, struct pb_store *s,
                      int64_t history, const char *benchmark,
                      struct pb_error *e, int *rc)
{
    struct pb_history h;
    *rc = pb_store_history_load(s, history, &h, e);
    if (*rc)
        return 0;
    const struct pb_hist_series *x = series_named(&h, benchmark, e);
    int side = 0;
    if (!x)
        *rc = -ENOENT;
    else if (x->n == 3) { /* each of the three has results */
        struct pb_history one = h;
        one.series = (struct pb_hist_series *)x;
        one.count = 1;
        struct pb_hist_change *c = NULL;
        size_t n = 0;
        *rc = pb_history_changes(&one, o->band, o->alpha, &c, &n, e);
        /* the size of each half's change (|log ratio|), 0 when none */
        double size[3] = {0, 0, 0}, ratio[3] = {1, 1, 1};
        for (size_t i = 0; *rc == 0 && i < n; i++) {
            size_t after = x->point[c[i].after].commit;
            if (pb_hist_change_is_point(&c[i]) && after <= 2) {
                size[after] = fabs(log(c[i].change.ratio));
                ratio[after] = c[i].change.ratio;
            }
        }
        side = size[1] > size[2] ? -1 : size[2] > size[1] ? 1 : 0;
        if (size[1] > 0 && size[2] > 0)
            fprintf(o->log,
                    "bisect: %.12s..%.12s also changed, by %.3fx; following "
                    "the larger change\n",
                    side < 0 ? h.commit[1].sha : h.commit[0].sha,
                    side < 0 ? h.commit[2].sha : h.commit[1].sha,
                    side < 0 ? ratio[2] : ratio[1]);
        free(c);
    }
    pb_history_free(&h);
    return side;
}

/* The commit strictly between lo_i and hi_i nearest their middle that
 * builds (as git bisect skips one that cannot be tested): -1 when none
 * does, *rc set when the cache fails. */
static long buildable_middle(const struct pb_history_options *o,
                             struct pb_hist_commit *c, long lo_i, long hi_i,
                             struct pb_error *e, int *rc)
{
    long mid = lo_i + (hi_i - lo_i) / 2;
    for (long step = 0; step < 2 * (hi_i - lo_i); step++) {
        /* mid, mid + 1, mid - 1, mid + 2, ... */
        long k = mid + (step % 2 ? (step + 1) / 2 : -(step / 2));
        if (k <= lo_i || k >= hi_i)
            continue;
        char binary[2048];
        double seconds;
        int b = pb_history_build(o, c[k].sha, binary, sizeof(binary), c[k].note,
                                 sizeof(c[k].note), &seconds, e);
        if (b < 0) {
            *rc = b;
            return -1;
        }
        if (b == 0)
            return k;
        fprintf(o->log, "bisect: %.12s skipped: %s\n", c[k].sha, c[k].note);
    }
    return -1;
}

/* Narrows the change of `benchmark` between commits lo and hi (shas). */
static int narrow(const struct pb_history_options *o, struct pb_store *s,
                  const char *benchmark, const struct pb_hist_commit *lo_c,
                  const struct pb_hist_commit *hi_c, struct pb_error *e)
{
    struct pb_history_options range = *o;
    char text[128];
    snprintf(text, sizeof(text), "%s..%s", lo_c->sha, hi_c->sha);
    range.range = text;
    range.every = 1;
    struct pb_hist_commit *c;
    size_t n;
    int rc = pb_history_commits(&range, &c, &n, e);
    if (rc)
        return rc;
    /* c[0..n): the commits after lo up to hi; the change is after lo and
     * at or before hi: c[lo_i + 1 .. hi_i] with lo_i = -1 as lo */
    long lo_i = -1, hi_i = (long)n - 1;
    struct pb_hist_commit lo = *lo_c;
    while (rc == 0 && hi_i - lo_i > 1) {
        long mid_i = buildable_middle(o, c, lo_i, hi_i, e, &rc);
        if (rc)
            break;
        if (mid_i < 0) {
            fprintf(o->log,
                    "bisect: no commit between %.12s and %.12s builds; "
                    "stopping here\n",
                    lo_i < 0 ? lo.sha : c[lo_i].sha, c[hi_i].sha);
            break;
        }
        struct pb_hist_commit three[3] = {lo_i < 0 ? lo : c[lo_i], c[mid_i],
                                          c[hi_i]};
        char step[320];
        snprintf(step, sizeof(step), "bisect %s: %.12s..%.12s", benchmark,
                 three[0].sha, three[2].sha);
        int64_t history;
        rc = pb_history_run_commits(o, s, three, 3, step, &history, e);
        if (rc)
            break;
        int side = which_side(o, s, history, benchmark, e, &rc);
        if (rc)
            break;
        if (side == 0) {
            fprintf(o->log,
                    "bisect: at %.12s neither half shows the change alone "
                    "(spread over commits, or too small for %d rounds)\n",
                    three[1].sha, o->rounds);
            break;
        }
        if (side < 0)
            hi_i = mid_i;
        else
            lo_i = mid_i;
    }
    if (rc == 0) {
        const struct pb_hist_commit *a = lo_i < 0 ? &lo : &c[lo_i];
        if (hi_i - lo_i == 1)
            printf("%s: the change came with %.12s \"%s\" (after %.12s)\n",
                   benchmark, c[hi_i].sha, c[hi_i].subject, a->sha);
        else
            printf("%s: the change lies in %.12s..%.12s (%ld commits)\n",
                   benchmark, a->sha, c[hi_i].sha, hi_i - lo_i);
    }
    free(c);
    return rc;
}

int pb_history_bisect(const struct pb_history_options *o, struct pb_store *s,
                      int64_t history, const char *benchmark,
                      struct pb_error *e)
{
    struct pb_history h;
    int rc = pb_store_history_load(s, history, &h, e);
    if (rc)
        return rc;
    struct pb_history_options with = *o;
    if (!with.suite)
        with.suite = h.suite; /* the suite the history ran */
    const struct pb_hist_series *x = series_named(&h, benchmark, e);
    struct pb_hist_change *c = NULL;
    size_t n = 0;
    if (!x)
        rc = -ENOENT;
    else
        rc = pb_history_changes(&h, o->band, o->alpha, &c, &n, e);
    size_t found = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (&h.series[c[i].series] != x || !pb_hist_change_is_point(&c[i]))
            continue;
        found++;
        rc = narrow(&with, s, x->key, &h.commit[x->point[c[i].before].commit],
                    &h.commit[x->point[c[i].after].commit], e);
    }
    if (rc == 0 && found == 0)
        rc = pb_fail(e, -ENOENT,
                     "--bisect %s: history %lld shows no change of it to "
                     "narrow",
                     x->key, (long long)history);
    free(c);
    pb_history_free(&h);
    return rc;
}
