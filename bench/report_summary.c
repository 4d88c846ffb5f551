/*
 * report_summary.c - the Summary's takeaways and winners (report_parts.h),
 * from winners.h: per corpus the fastest variant and every other
 * variant's ratio of medians (other / fastest) with a 95 % percentile
 * bootstrap interval over the repetitions; "not significant" when the
 * interval reaches 1.
 *
 * One takeaway line per kernel: on its largest corpus (the largest
 * plotted size, then the most instances, then the fewest cores (processes
 * x threads), then the fewest processes: the least machine-dependent
 * comparison), the fastest variant and how many times faster it is than
 * the kernel's baseline (or, where the baseline is the fastest, than the
 * next variant). Runs at more threads than the CPUs the process was
 * granted (cpus.h) are taken only where the kernel has no other corpus,
 * and the takeaway then says they were oversubscribed. Then one table
 * per kernel:
 * a row per corpus with its fastest variant, that variant's median, and
 * a column per other variant of the kernel. O(corpora * variants) after
 * pb_winners_find.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpus.h"
#include "report_parts.h"
#include "summary.h"
#include "winners.h"

/* "1.08x (95% CI 1.02-1.15)", "1.02x (not significant: 95% CI
 * 0.97-1.10)" or "1.50x (not significant: 3 repetitions, 5 needed for
 * an interval)" (winners.h); short (for a table cell): the interval
 * alone, or "3 repetitions: no interval". */
static void ratio_text(const struct pb_versus *v, bool short_form, char *buf,
                       size_t len)
{
    char r[32], lo[32], hi[32];
    rp_fixed(r, sizeof(r), v->ratio, 3);
    rp_fixed(lo, sizeof(lo), v->lo, 3);
    rp_fixed(hi, sizeof(hi), v->hi, 3);
    if (!isfinite(v->lo) || !isfinite(v->hi)) {
        char why[128];
        if (short_form) {
            snprintf(buf, len, "%sx\n(%zu repetition%s:\nno interval)", r,
                     v->reps, v->reps == 1 ? "" : "s");
        } else {
            pb_versus_interval(v, why, sizeof(why));
            snprintf(buf, len, "%sx (%s)", r, why);
        }
    } else if (short_form) /* three lines in HTML: the cells stay narrow */
        snprintf(buf, len, "%sx\n(%s-%s)%s", r, lo, hi,
                 v->significant ? "" : "\nnot significant");
    else
        snprintf(buf, len, "%sx (%s95%% CI %s-%s)", r,
                 v->significant ? "" : "not significant: ", lo, hi);
}

/* The corpus title without the kernel's name in front. */
static void corpus_text(const struct tidy_bench *b, char *buf, size_t len)
{
    char title[256];
    pb_corpus_title(b, title, sizeof(title));
    size_t skip = strlen(b->kernel);
    snprintf(buf, len, "%s",
             title + (strncmp(title, b->kernel, skip)
                          ? 0
                          : skip + (title[skip] == ' ')));
}

/* a is a larger corpus than b for the takeaway (see the opening). */
static bool larger(const struct tidy_bench *a, const struct tidy_bench *b)
{
    double x = pb_summary_size_x(a), y = pb_summary_size_x(b);
    if (isfinite(x) != isfinite(y))
        return isfinite(x);
    if (isfinite(x) && x != y)
        return x > y;
    if (a->count != b->count)
        return a->count > b->count;
    long cores_a = a->processes * a->threads,
         cores_b = b->processes * b->threads;
    if (cores_a != cores_b)
        return cores_a < cores_b;
    return a->processes < b->processes;
}

/* a is the better corpus for the takeaway: run on the CPUs granted
 * (cpus.h) where b was not, else larger. */
static bool better(const struct tidy_bench *a, const struct tidy_bench *b,
                   int granted)
{
    bool over_a = pb_threads_oversubscribed(a->threads, granted),
         over_b = pb_threads_oversubscribed(b->threads, granted);
    return over_a != over_b ? over_b : larger(a, b);
}

static void takeaway(struct rp_out *o, bool first, const struct pb_winners *w,
                     const char *kernel, const char *base, int granted)
{
    const struct pb_corpus_winner *best = NULL;
    for (size_t c = 0; c < w->count; c++)
        if (!strcmp(w->w[c].fastest->kernel, kernel) &&
            (!best || better(w->w[c].fastest, best->fastest, granted)))
            best = &w->w[c];
    if (!best) /* the caller names only kernels with a winner */
        return;
    char text[768], corpus[256], ratio[128];
    corpus_text(best->fastest, corpus, sizeof(corpus));
    const char *fastest = best->fastest->variant;
    const struct pb_versus *v = NULL;
    for (size_t i = 0; i < best->n && !v; i++)
        if (base && !strcmp(best->versus[i].other->variant, base))
            v = &best->versus[i];
    if (best->n == 0) {
        snprintf(text, sizeof(text),
                 "only %s ran on its largest corpus (%s): nothing to compare",
                 fastest, corpus);
    } else if (base && !strcmp(fastest, base)) {
        v = &best->versus[0]; /* the closest: versus is slowest last */
        ratio_text(v, false, ratio, sizeof(ratio));
        snprintf(text, sizeof(text),
                 "%s, the baseline, is the fastest on its largest corpus "
                 "(%s), %s faster than the next, %s",
                 fastest, corpus, ratio, v->other->variant);
    } else if (v) {
        ratio_text(v, false, ratio, sizeof(ratio));
        snprintf(text, sizeof(text),
                 "%s is the fastest on its largest corpus (%s), %s faster "
                 "than the baseline %s",
                 fastest, corpus, ratio, base);
    } else {
        v = &best->versus[0];
        ratio_text(v, false, ratio, sizeof(ratio));
        snprintf(text, sizeof(text),
                 "%s is the fastest on its largest corpus (%s), where the "
                 "baseline %s did not run; %s faster than the next, %s",
                 fastest, corpus, base ? base : "-", ratio, v->other->variant);
    }
    /* threads that took turns on fewer CPUs: a comparison under the same
     * sharing, never a parallel result */
    const struct tidy_bench *f = best->fastest;
    if (pb_threads_oversubscribed(f->threads, granted)) {
        size_t at = strlen(text);
        snprintf(text + at, sizeof(text) - at,
                 "; at %ld threads on the %d CPU%s the process was granted "
                 "(oversubscribed): no parallel speed-up is shown",
                 f->threads, granted, granted == 1 ? "" : "s");
    }
    /* a table variant wins per instance after a build the times leave
     * out: say how long, so the ratio is not read as the whole cost */
    if (!rp_no_build(pb_kernel_find(kernel), f) && f->build_seconds > 0) {
        char build[64];
        struct rp_unit u = rp_time_unit(f->build_seconds);
        rp_fixed(build, sizeof(build), f->build_seconds * u.scale, 3);
        size_t at = strlen(text);
        snprintf(text + at, sizeof(text) - at,
                 "; per instance, after a build of %s %s once per corpus "
                 "that these times leave out",
                 build, u.name);
    }
    rp_item(o, first, kernel, text);
}

/* The kernel's winners table: a row per corpus, a column per variant of
 * the kernel (registry order) that ran on any of them. */
static void winners_table(struct rp_out *o, const struct pb_winners *w,
                          const struct pb_kernel *k)
{
    enum { FIXED = 3, MAX_VARIANTS = 32 };
    const char *cols[FIXED + MAX_VARIANTS];
    int n = FIXED;
    for (size_t v = 0; k->variants[v] && n < FIXED + MAX_VARIANTS; v++) {
        bool ran = false;
        for (size_t c = 0; c < w->count && !ran; c++) {
            const struct pb_corpus_winner *x = &w->w[c];
            ran = !strcmp(x->fastest->kernel, k->name) &&
                  !strcmp(x->fastest->variant, k->variants[v]->name);
            for (size_t i = 0; i < x->n && !ran; i++)
                ran =
                    !strcmp(x->fastest->kernel, k->name) &&
                    !strcmp(x->versus[i].other->variant, k->variants[v]->name);
        }
        if (ran)
            cols[n++] = k->variants[v]->name;
    }
    /* the median column's unit, from its typical value */
    double *medians = calloc(w->count + 1, sizeof(double));
    size_t rows = 0;
    for (size_t c = 0; medians && c < w->count; c++) {
        const struct tidy_bench *b = w->w[c].fastest;
        if (strcmp(b->kernel, k->name))
            continue;
        medians[rows++] = tidy_median(b);
    }
    struct rp_unit unit = rp_time_unit(rp_typical(medians, rows));
    char median_head[64];
    snprintf(median_head, sizeof(median_head), "its median (%s)", unit.name);
    cols[0] = "corpus";
    cols[1] = "fastest";
    cols[2] = median_head;
    rp_label(o, k->name);
    rp_table_begin_class(o, cols, n, 2, "winners");
    for (size_t c = 0, r = 0; medians && c < w->count; c++) {
        const struct pb_corpus_winner *x = &w->w[c];
        if (strcmp(x->fastest->kernel, k->name))
            continue;
        char cells[FIXED + MAX_VARIANTS][RP_CELL];
        corpus_text(x->fastest, cells[0], RP_CELL);
        snprintf(cells[1], RP_CELL, "%s", x->fastest->variant);
        rp_fixed(cells[2], RP_CELL, medians[r++] * unit.scale, 3);
        for (int col = FIXED; col < n; col++) {
            snprintf(cells[col], RP_CELL, "-");
            if (!strcmp(cols[col], x->fastest->variant))
                snprintf(cells[col], RP_CELL, "fastest");
            for (size_t i = 0; i < x->n; i++)
                if (!strcmp(cols[col], x->versus[i].other->variant))
                    ratio_text(&x->versus[i], true, cells[col], RP_CELL);
        }
        rp_table_row(o, cells, n);
    }
    rp_table_end(o);
    free(medians);
}

int rp_summary_part(struct rp_out *o, const struct tidy *t,
                    const struct pb_kernel *const *kernels,
                    const char *baseline, size_t warned, int granted,
                    struct pb_error *e)
{
    struct pb_winners w;
    int rc = pb_winners_find(t, &w, e);
    if (rc)
        return rc;
    rp_heading(o, 3, "Takeaways");
    bool first = true;
    for (size_t k = 0; kernels[k]; k++) {
        bool present = false;
        for (size_t c = 0; c < w.count && !present; c++)
            present = !strcmp(w.w[c].fastest->kernel, kernels[k]->name);
        if (!present)
            continue;
        takeaway(o, first, &w, kernels[k]->name,
                 pb_summary_baseline(t, kernels[k]->name, baseline), granted);
        first = false;
    }
    char text[256];
    if (warned)
        snprintf(text, sizeof(text),
                 "%zu of %zu benchmarks %s a stability warning: marked (!) "
                 "in their kernel's table, listed below it",
                 warned, t->count, warned == 1 ? "has" : "have");
    else
        snprintf(text, sizeof(text),
                 "no benchmark of %zu with a stability "
                 "warning",
                 t->count);
    rp_item(o, first, "Stability", text);
    rp_list_end(o);
    rp_heading(o, 3, "Fastest variant per corpus");
    snprintf(text, sizeof(text),
             "Each other variant's time per instance over the fastest's "
             "(ratio of medians), with its 95 %% interval: a percentile "
             "bootstrap over the repetitions (%u resamples). Not significant: "
             "the interval includes 1.",
             PB_WINNERS_DRAWS);
    rp_para(o, text);
    for (size_t k = 0; kernels[k]; k++) {
        bool present = false;
        for (size_t c = 0; c < w.count && !present; c++)
            present = !strcmp(w.w[c].fastest->kernel, kernels[k]->name);
        if (present)
            winners_table(o, &w, kernels[k]);
    }
    pb_winners_free(&w);
    return 0;
}
