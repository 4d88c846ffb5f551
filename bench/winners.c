/*
 * winners.c - per corpus, the fastest variant and its ratios over the
 * others with bootstrap intervals (winners.h).
 *
 * Grouping sorts the benchmarks by corpus, then the corpora by their first
 * benchmark: O(B log B) for B benchmarks. Each pair's interval
 * costs PB_WINNERS_DRAWS resamples of both samples (stats.c). The
 * bootstrap seed is the FNV-1a hash of the two benchmark names, so a
 * pair's interval does not depend on what else the results hold.
 */
#include "winners.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* Orders benchmarks by corpus: kernel, family, size, count, seed,
 * threads, processes (0: the same corpus). */
static int corpus_cmp(const struct tidy_bench *a, const struct tidy_bench *b)
{
    /* tidy rows always carry their kernel, family and size (tidy.c) */
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
    const struct tidy_bench *a = *(const struct tidy_bench *const *)pa;
    const struct tidy_bench *b = *(const struct tidy_bench *const *)pb;
    int c = corpus_cmp(a, b);
    return c ? c : (a > b) - (a < b);
}

/* A corpus: its benchmarks sorted[start .. start + n). */
struct run {
    size_t start, n;
    const struct tidy_bench *first; /* its first benchmark in the results */
};

static int by_first(const void *pa, const void *pb)
{
    const struct run *a = pa, *b = pb;
    return (a->first > b->first) - (a->first < b->first);
}

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

static int by_ratio(const void *a, const void *b)
{
    const struct pb_versus *x = a, *y = b;
    return (x->ratio > y->ratio) - (x->ratio < y->ratio);
}

/* The winner of the corpus whose benchmarks are members[0..n). */
static int corpus_winner(const struct tidy_bench *const *members, size_t n,
                         struct pb_corpus_winner *w)
{
    size_t best = 0;
    double best_median = tidy_median(members[0]);
    for (size_t i = 1; i < n; i++) {
        double m = tidy_median(members[i]);
        if (m < best_median) {
            best = i;
            best_median = m;
        }
    }
    w->fastest = members[best];
    w->n = 0;
    w->versus = n > 1 ? calloc(n - 1, sizeof(*w->versus)) : NULL;
    if (n > 1 && !w->versus)
        return -ENOMEM;
    const struct tidy_bench *f = w->fastest;
    for (size_t i = 0; i < n; i++) {
        if (i == best)
            continue;
        struct pb_versus *v = &w->versus[w->n++];
        v->other = members[i];
        v->ratio = tidy_median(v->other) / best_median;
        uint64_t seed =
            fnv1a(fnv1a(0xcbf29ce484222325ull, f->key), v->other->key);
        v->reps = f->n < v->other->n ? f->n : v->other->n;
        v->lo = v->hi = NAN;
        if (v->reps >= PB_WINNERS_MIN_REPS &&
            pb_bootstrap_ratio(f->per_instance, f->n, v->other->per_instance,
                               v->other->n, PB_WINNERS_LEVEL, PB_WINNERS_DRAWS,
                               seed, &v->lo, &v->hi))
            return -ENOMEM;
        v->significant = v->lo > 1; /* false for NaN */
    }
    if (w->n > 1)
        qsort(w->versus, w->n, sizeof(*w->versus), by_ratio);
    return 0;
}

int pb_winners_find(const struct tidy *t, struct pb_winners *out,
                    struct pb_error *e)
{
    memset(out, 0, sizeof(*out));
    const struct tidy_bench **sorted = calloc(t->count + 1, sizeof(*sorted));
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

/* A ratio with the precision a reader needs: 1.08, 12.4, 125. */
static void ratio_text(char *buf, size_t len, double r)
{
    snprintf(buf, len, "%.*f", r < 10 ? 2 : r < 100 ? 1 : 0, r);
}

void pb_versus_interval(const struct pb_versus *v, char *buf, size_t len)
{
    char lo[32], hi[32];
    if (isnan(v->lo)) {
        snprintf(buf, len,
                 "not significant: %zu repetition%s, %d needed for an "
                 "interval",
                 v->reps, v->reps == 1 ? "" : "s", PB_WINNERS_MIN_REPS);
        return;
    }
    ratio_text(lo, sizeof(lo), v->lo);
    ratio_text(hi, sizeof(hi), v->hi);
    snprintf(buf, len, "%s%.0f%% CI %s-%s",
             v->significant ? "" : "not significant: ", PB_WINNERS_LEVEL * 100,
             lo, hi);
}

static void faster_text(const struct pb_versus *v, char *buf, size_t len)
{
    char r[32], ci[96];
    ratio_text(r, sizeof(r), v->ratio);
    pb_versus_interval(v, ci, sizeof(ci));
    snprintf(buf, len, "%sx faster than %s (%s)", r, v->other->variant, ci);
}

void pb_versus_text(const struct pb_corpus_winner *w, const struct pb_versus *v,
                    char *buf, size_t len)
{
    char faster[192];
    faster_text(v, faster, sizeof(faster));
    snprintf(buf, len, "%s: %s", w->fastest->variant, faster);
}

void pb_corpus_title(const struct tidy_bench *b, char *buf, size_t len)
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
            faster_text(&x->versus[i], line, sizeof(line));
            fprintf(f, "    %s\n", line);
        }
        any = true;
    }
    if (!any)
        fprintf(f, "no corpus was timed with two or more variants\n");
}
