/*
 * winners.c - per corpus, the fastest variant and its ratios over the
 * others with their intervals and verdicts (winners.h).
 *
 * Grouping sorts the benchmarks by corpus, then the corpora by their first
 * benchmark: O(B log B) for B benchmarks. Each pair's ratio and interval
 * come from their round values (stats.c), paired round by round: the
 * variants of one corpus ran in the same rounds of one run. Every pair of
 * the results is one family for Holm's correction, so that a table of
 * many corpora does not headline a win that chance alone would give.
 */
#include "analysis/winners.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pb_units.h"

/* Orders benchmarks by corpus: kernel, family, size, count, seed,
 * threads, processes (0: the same corpus). */
static int corpus_cmp(const struct readback_bench *a,
                      const struct readback_bench *b)
{
    /* rows read back always carry their kernel, family and size
     * (readback_csv.c) */
    /* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker) */
    int c = strcmp(a->kernel, b->kernel);
    if (!c)
        c = strcmp(a->family, b->family);
    if (!c)
        c = strcmp(a->size, b->size);
    if (!c)
        c = (a->count > b->count) - (a->count < b->count);
    if (!c)
        c = (a->seed > b->seed) - (a->seed < b->seed);
    if (!c)
        c = (a->threads > b->threads) - (a->threads < b->threads);
    if (!c)
        c = (a->processes > b->processes) - (a->processes < b->processes);
    return c;
}

/* By corpus, then by place in the results. */
static int by_corpus(const void *pa, const void *pb)
{
    const struct readback_bench *a = *(const struct readback_bench *const *)pa;
    const struct readback_bench *b = *(const struct readback_bench *const *)pb;
    int c = corpus_cmp(a, b);
    return c ? c : (a > b) - (a < b);
}

/* A corpus: its benchmarks sorted[start .. start + n). */
struct run {
    size_t start, n;
    const struct readback_bench *first; /* its first benchmark in the results */
};

static int by_first(const void *pa, const void *pb)
{
    const struct run *a = pa, *b = pb;
    return (a->first > b->first) - (a->first < b->first);
}

static int by_ratio(const void *a, const void *b)
{
    const struct pb_versus *x = a, *y = b;
    return (x->c.ratio > y->c.ratio) - (x->c.ratio < y->c.ratio);
}

/* The speed a corpus's fastest is chosen by: the mean log round value
 * (the geometric mean the ratios compare), or where a round value is not
 * above 0, the log of the median. */
static double speed(const struct readback_bench *b)
{
    struct pb_rounds r;
    pb_rounds_of(b, &r);
    double sum = 0;
    for (size_t i = 0; i < r.n; i++) {
        if (!(r.value[i] > 0))
            return log(readback_median(b));
        sum += log(r.value[i]);
    }
    return r.n ? sum / (double)r.n : NAN;
}

/* The winner of the corpus whose benchmarks are members[0..n), its
 * comparisons not yet judged. */
static int corpus_winner(const struct readback_bench *const *members, size_t n,
                         struct pb_corpus_winner *w)
{
    size_t best = 0;
    double best_speed = speed(members[0]);
    for (size_t i = 1; i < n; i++) {
        double s = speed(members[i]);
        if (s < best_speed) {
            best = i;
            best_speed = s;
        }
    }
    w->fastest = members[best];
    w->n = 0;
    w->versus = n > 1 ? calloc(n - 1, sizeof(*w->versus)) : NULL;
    if (n > 1 && !w->versus)
        return -ENOMEM;
    for (size_t i = 0; i < n; i++) {
        if (i == best)
            continue;
        struct pb_versus *v = &w->versus[w->n++];
        v->other = members[i];
        pb_change_of(w->fastest, v->other, true, PB_WINNERS_ALPHA, &v->c);
    }
    return 0;
}

/* The verdicts of every comparison in w, one family; then each corpus's
 * others in order of their ratio, slowest last. */
static int judge(struct pb_winners *w)
{
    size_t n = 0;
    for (size_t c = 0; c < w->count; c++)
        n += w->w[c].n;
    struct pb_change **all = malloc((n + 1) * sizeof(*all));
    if (!all)
        return -ENOMEM;
    n = 0;
    for (size_t c = 0; c < w->count; c++)
        for (size_t i = 0; i < w->w[c].n; i++)
            all[n++] = &w->w[c].versus[i].c;
    int rc = pb_changes_judge(all, n, PB_WINNERS_BAND, PB_WINNERS_ALPHA);
    free(all);
    for (size_t c = 0; rc == 0 && c < w->count; c++)
        if (w->w[c].n > 1)
            qsort(w->w[c].versus, w->w[c].n, sizeof(*w->w[c].versus), by_ratio);
    return rc;
}

int pb_winners_find(const struct readback *t, struct pb_winners *out,
                    struct pb_error *e)
{
    memset(out, 0, sizeof(*out));
    const struct readback_bench **sorted =
        calloc(t->count + 1, sizeof(*sorted));
    struct run *runs = calloc(t->count + 1, sizeof(*runs));
    out->w = calloc(t->count + 1, sizeof(*out->w));
    int rc = sorted && runs && out->w ? 0 : -ENOMEM;
    size_t n = 0;
    for (size_t i = 0; !rc && i < t->count; i++)
        if (!t->b[i].foreign && t->b[i].n > 0)
            sorted[n++] = &t->b[i];
    if (!rc)
        qsort(sorted, n, sizeof(*sorted), by_corpus);
    for (size_t i = 0; !rc && i < n; i++) {
        struct run *r = &runs[out->count];
        if (i > 0 && corpus_cmp(sorted[i - 1], sorted[i]) == 0)
            r[-1].n++;
        else /* in place order within a corpus: the first is the first */
            runs[out->count++] = (struct run){i, 1, sorted[i]};
    }
    if (!rc)
        qsort(runs, out->count, sizeof(*runs), by_first);
    for (size_t c = 0; !rc && c < out->count; c++)
        rc = corpus_winner(sorted + runs[c].start, runs[c].n, &out->w[c]);
    if (!rc)
        rc = judge(out);
    free(sorted);
    free(runs);
    if (rc) {
        pb_winners_free(out);
        return pb_fail(e, rc, "out of memory finding the fastest variants");
    }
    return 0;
}

void pb_winners_free(struct pb_winners *w)
{
    for (size_t i = 0; w->w && i < w->count; i++)
        free(w->w[i].versus);
    free(w->w);
    memset(w, 0, sizeof(*w));
}

void pb_versus_interval(const struct pb_versus *v, char *buf, size_t len)
{
    pb_units_interval(buf, len, v->c.lo, v->c.hi);
}

void pb_versus_line(const struct pb_versus *v, char *buf, size_t len)
{
    const struct pb_change *c = &v->c;
    const char *name = v->other->variant;
    char r[PB_UNITS_TEXT], ci[80] = "-", why[160];
    int level = (int)lround((1 - PB_WINNERS_ALPHA) * 100);
    pb_units_ratio(r, sizeof(r), c->ratio);
    if (isfinite(c->lo))
        pb_versus_interval(v, ci, sizeof(ci));
    pb_change_reason(c, why, sizeof(why));
    switch (c->verdict) {
    case PB_SLOWER:
        snprintf(buf, len, "%s faster than %s (%d%% CI %s)", r, name, level,
                 ci);
        return;
    case PB_FASTER: { /* the rounds the two share disagree with the mean */
        struct pb_versus flip = *v;
        flip.c.lo = 1 / c->hi;
        flip.c.hi = 1 / c->lo;
        pb_units_ratio(r, sizeof(r), 1 / c->ratio);
        pb_versus_interval(&flip, ci, sizeof(ci));
        snprintf(buf, len, "%s slower than %s (%d%% CI %s)", r, name, level,
                 ci);
        return;
    }
    case PB_SAME:
        snprintf(buf, len, "same speed as %s (within +-%g %%: %s, %d%% CI %s)",
                 name, c->band * 100, r, level, ci);
        return;
    case PB_INCONCLUSIVE:
        break;
    }
    if (isfinite(c->lo))
        snprintf(buf, len, "inconclusive against %s (%s, %d%% CI %s: %s)", name,
                 r, level, ci, why);
    else
        snprintf(buf, len, "inconclusive against %s (%s; %s)", name, r, why);
}

void pb_corpus_title(const struct readback_bench *b, char *buf, size_t len)
{
    char procs[48] = "";
    if (b->processes > 1)
        snprintf(procs, sizeof(procs), "%ld processes x ", b->processes);
    snprintf(buf, len, "%s %s %s n=%ld seed=%llu, %s%ld thread%s", b->kernel,
             b->family, b->size, b->count, b->seed, procs, b->threads,
             b->threads == 1 ? "" : "s");
}

void pb_winners_print(FILE *f, const struct pb_winners *w)
{
    bool any = false;
    for (size_t c = 0; c < w->count; c++) {
        const struct pb_corpus_winner *x = &w->w[c];
        if (x->n == 0)
            continue;
        char title[256], line[256];
        pb_corpus_title(x->fastest, title, sizeof(title));
        fprintf(f, "%s%s\n  %s ran\n", any ? "\n" : "", title,
                x->fastest->variant);
        for (size_t i = 0; i < x->n; i++) {
            pb_versus_line(&x->versus[i], line, sizeof(line));
            fprintf(f, "    %s\n", line);
        }
        any = true;
    }
    if (!any)
        fprintf(f, "no corpus was timed with two or more variants\n");
}
