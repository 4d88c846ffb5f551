/*
 * report_summary.c - the Summary's takeaways and winners (report_internal.h),
 * from winners.h: per corpus the fastest variant and every other
 * variant's ratio (other / fastest, over rounds) with its 95 % interval
 * and verdict; a takeaway headlines a win only where the other is slower
 * beyond the band, and says "same speed" or "inconclusive" otherwise; a
 * variant is called the fastest (takeaway or winners row) only where it
 * also wins over the closest other.
 *
 * One takeaway line per kernel: on its largest corpus (the largest
 * plotted size, then the most instances, then the fewest cores (processes
 * x threads), then the fewest processes: the least machine-dependent
 * comparison), the fastest variant and how many times faster it is than
 * the kernel's baseline (or, where the baseline is the fastest, than the
 * next variant). Runs at more threads than the CPUs the process was
 * granted (cpus.h) are taken only where the kernel has no other corpus,
 * and the takeaway then says they were oversubscribed. Then one table
 * per kernel: a row per corpus with its fastest variant, that variant's
 * median (its clock, readback.h, in the header, or in each cell where the
 * rows' clocks differ), and a column per other variant of the kernel with
 * its ratio (the unit, x, in the column's head, as every unit of the
 * report). O(corpora * variants) after pb_winners_find.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/cpus.h"
#include "present/report_internal.h"
#include "analysis/summary.h"
#include "analysis/winners.h"

/* The ratio and its interval: long (a takeaway) "1.08x (95% CI
 * 1.02-1.15)" or, without an interval, "1.50x (1 round, no interval)";
 * short (a table cell under a head that says "(x)", three lines in HTML
 * so the cells stay narrow) "1.08\n(1.02-1.15)" followed by "\nsame
 * speed", "\ninconclusive" or "\nfaster" where the verdict is not a win
 * of the fastest, or "1.50\n(1 round:\nno interval)". */
static void ratio_text(const struct pb_versus *v, bool short_form, char *buf,
                       size_t len)
{
    const struct pb_change *c = &v->c;
    char r[PB_UNITS_TEXT], ci[2 * PB_UNITS_TEXT], why[160];
    if (short_form)
        pb_units_number(r, sizeof(r), c->ratio);
    else
        pb_units_ratio(r, sizeof(r), c->ratio);
    pb_versus_interval(v, ci, sizeof(ci));
    pb_change_reason(c, why, sizeof(why));
    int level = (int)lround((1 - PB_WINNERS_ALPHA) * 100);
    if (!isfinite(c->lo) && short_form)
        snprintf(buf, len, "%s\n(%zu round%s:\nno interval)", r, c->rounds,
                 c->rounds == 1 ? "" : "s");
    else if (!isfinite(c->lo))
        snprintf(buf, len, "%s (%s)", r, why);
    else if (short_form)
        snprintf(buf, len, "%s\n(%s)%s", r, ci,
                 c->verdict == PB_SAME     ? "\nsame speed"
                 : c->verdict == PB_FASTER ? "\nfaster"
                 : c->verdict == PB_SLOWER ? ""
                                           : "\ninconclusive");
    else
        snprintf(buf, len, "%s (%d%% CI %s)", r, level, ci);
}

/* The verdict of a comparison that is no win of the fastest over
 * `other`: "same speed, within ±2 % (1.01x, 95% CI 0.990-1.02)",
 * "OTHER is faster (...)", "inconclusive (1.50x; 1 round, no interval)"
 * or with an interval "inconclusive (1.05x, 95% CI 0.95-1.16: REASON)". */
static void verdict_text(const struct pb_versus *v, const char *other,
                         char *buf, size_t len)
{
    const struct pb_change *c = &v->c;
    char r[PB_UNITS_TEXT], ci[2 * PB_UNITS_TEXT], ratio[256], why[160];
    pb_units_ratio(r, sizeof(r), c->ratio);
    pb_versus_interval(v, ci, sizeof(ci));
    pb_change_reason(c, why, sizeof(why));
    if (isfinite(c->lo))
        snprintf(ratio, sizeof(ratio), "%s, %d%% CI %s", r,
                 (int)lround((1 - PB_WINNERS_ALPHA) * 100), ci);
    else
        snprintf(ratio, sizeof(ratio), "%s", r);
    if (c->verdict == PB_SAME)
        snprintf(buf, len, "same speed, within ±%g %% (%s)", c->band * 100,
                 ratio);
    else if (c->verdict == PB_FASTER)
        snprintf(buf, len, "%s is faster (%s)", other, ratio);
    else
        snprintf(buf, len, "inconclusive (%s%s%s)", ratio,
                 isfinite(c->lo) ? ": " : "; ", why);
}

/* A comparison that is no win of `fastest` over `other` (named as the
 * sentence needs): "on its largest corpus (CORPUS), FASTEST against
 * OTHER: " and verdict_text. */
static void no_win(const struct pb_versus *v, const char *corpus,
                   const char *fastest, const char *other, char *buf,
                   size_t len)
{
    char verdict[512];
    verdict_text(v, v->other->variant, verdict, sizeof(verdict));
    snprintf(buf, len, "on its largest corpus (%s), %s against %s: %s", corpus,
             fastest, other, verdict);
}

/* The corpus title without the kernel's name in front. */
static void corpus_text(const struct readback_bench *b, char *buf, size_t len)
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
static bool larger(const struct readback_bench *a,
                   const struct readback_bench *b)
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
static bool better(const struct readback_bench *a,
                   const struct readback_bench *b, int granted)
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
    char text[1280], corpus[256], ratio[160];
    corpus_text(best->fastest, corpus, sizeof(corpus));
    const char *fastest = best->fastest->variant;
    const struct pb_versus *v = NULL;
    for (size_t i = 0; i < best->n && !v; i++)
        if (base && !strcmp(best->versus[i].other->variant, base))
            v = &best->versus[i];
    char other[128], who[128];
    if (best->n == 0) {
        snprintf(text, sizeof(text),
                 "only %s ran on its largest corpus (%s): nothing to compare",
                 fastest, corpus);
    } else if (base && !strcmp(fastest, base)) {
        v = &best->versus[0]; /* the closest: versus is slowest last */
        ratio_text(v, false, ratio, sizeof(ratio));
        snprintf(who, sizeof(who), "%s (the baseline)", fastest);
        snprintf(other, sizeof(other), "the next, %s", v->other->variant);
        if (v->c.verdict == PB_SLOWER)
            snprintf(text, sizeof(text),
                     "%s, the baseline, is the fastest on its largest corpus "
                     "(%s), %s faster than the next, %s",
                     fastest, corpus, ratio, v->other->variant);
        else
            no_win(v, corpus, who, other, text, sizeof(text));
    } else if (v) {
        ratio_text(v, false, ratio, sizeof(ratio));
        snprintf(other, sizeof(other), "the baseline %s", base);
        /* the closest other (versus is slowest last) decides whether
         * the fastest is the fastest beyond doubt */
        const struct pb_versus *next = &best->versus[0];
        char verdict[512];
        verdict_text(next, next->other->variant, verdict, sizeof(verdict));
        if (v->c.verdict == PB_SLOWER && next->c.verdict == PB_SLOWER)
            snprintf(text, sizeof(text),
                     "%s is the fastest on its largest corpus (%s), %s faster "
                     "than the baseline %s",
                     fastest, corpus, ratio, base);
        else if (v->c.verdict == PB_SLOWER)
            snprintf(text, sizeof(text),
                     "on its largest corpus (%s), %s is %s faster than the "
                     "baseline %s, but not clearly the fastest: against %s, "
                     "%s",
                     corpus, fastest, ratio, base, next->other->variant,
                     verdict);
        else
            no_win(v, corpus, fastest, other, text, sizeof(text));
    } else {
        v = &best->versus[0];
        ratio_text(v, false, ratio, sizeof(ratio));
        snprintf(other, sizeof(other),
                 "the next, %s (the baseline %s did not "
                 "run there)",
                 v->other->variant, base ? base : "-");
        if (v->c.verdict == PB_SLOWER)
            snprintf(text, sizeof(text),
                     "%s is the fastest on its largest corpus (%s), where the "
                     "baseline %s did not run; %s faster than the next, %s",
                     fastest, corpus, base ? base : "-", ratio,
                     v->other->variant);
        else
            no_win(v, corpus, fastest, other, text, sizeof(text));
    }
    /* threads that took turns on fewer CPUs: a comparison under the same
     * sharing, never a parallel result */
    const struct readback_bench *f = best->fastest;
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
        char build[PB_UNITS_TEXT];
        pb_units_time(build, sizeof(build), f->build_seconds);
        size_t at = strlen(text);
        snprintf(text + at, sizeof(text) - at,
                 "; per instance, after a build of %s once per corpus "
                 "that these times leave out",
                 build);
    }
    rp_item(o, first, kernel, text);
}

/* The kernel's winners table: a row per corpus, a column per variant of
 * the kernel (registry order) that ran on any of them, its head "NAME
 * (x)" over the ratios. A row's fastest is named the fastest only where
 * it wins every comparison of the row; otherwise it is the lowest
 * median, "not significant", and a corpus with one variant ran alone. */
static void winners_table(struct rp_out *o, const struct pb_winners *w,
                          const struct pb_kernel *k)
{
    enum { FIXED = 3, MAX_VARIANTS = 32 };
    const char *cols[FIXED + MAX_VARIANTS], *names[FIXED + MAX_VARIANTS];
    char heads[FIXED + MAX_VARIANTS][80];
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
        if (!ran)
            continue;
        names[n] = k->variants[v]->name;
        snprintf(heads[n], sizeof(heads[n]), "%s (x)", names[n]);
        cols[n] = heads[n];
        n++;
    }
    /* the median column's unit, from its typical value; its clock in
     * the header when every row has the same, else in each cell */
    double *medians = calloc(w->count + 1, sizeof(double));
    size_t rows = 0;
    bool clocks[2] = {false, false}; /* by enum readback_clock */
    for (size_t c = 0; medians && c < w->count; c++) {
        const struct readback_bench *b = w->w[c].fastest;
        if (strcmp(b->kernel, k->name))
            continue;
        medians[rows++] = readback_median(b);
        clocks[b->clock == READBACK_CLOCK_CPU] = true;
    }
    bool mixed = clocks[0] && clocks[1];
    struct pb_unit unit = pb_units_time_unit(rp_typical(medians, rows));
    char median_head[64];
    snprintf(median_head, sizeof(median_head), "its median (%s%s%s)", unit.name,
             mixed ? "" : ", ",
             mixed ? ""
                   : readback_clock_name(clocks[1] ? READBACK_CLOCK_CPU
                                                   : READBACK_CLOCK_WALL));
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
        bool clear = x->n > 0; /* a win over every other */
        for (size_t i = 0; i < x->n; i++)
            clear = clear && x->versus[i].c.verdict == PB_SLOWER;
        const char *own = clear  ? "fastest"
                          : x->n ? "lowest\nmedian"
                                 : "ran alone";
        snprintf(cells[1], RP_CELL, "%s%s", x->fastest->variant,
                 clear  ? ""
                 : x->n ? "\n(lowest median,\nnot significant)"
                        : "\n(ran alone)");
        pb_units_number(cells[2], RP_CELL, medians[r++] * unit.scale);
        if (mixed) {
            size_t at = strlen(cells[2]);
            snprintf(cells[2] + at, RP_CELL - at, " (%s)",
                     readback_clock_name(x->fastest->clock));
        }
        for (int col = FIXED; col < n; col++) {
            snprintf(cells[col], RP_CELL, "-");
            if (!strcmp(names[col], x->fastest->variant))
                snprintf(cells[col], RP_CELL, "%s", own);
            for (size_t i = 0; i < x->n; i++)
                if (!strcmp(names[col], x->versus[i].other->variant))
                    ratio_text(&x->versus[i], true, cells[col], RP_CELL);
        }
        rp_table_row(o, cells, n);
    }
    rp_table_end(o);
    free(medians);
}

int rp_summary_part(struct rp_out *o, const struct readback *t,
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
    size_t family = 0;
    for (size_t c = 0; c < w.count; c++)
        family += w.w[c].n;
    char para[1024];
    snprintf(para, sizeof(para),
             "Each other variant's time per instance over the fastest's, in "
             "its column (x): the geometric mean over the rounds of the ratio "
             "of their round medians, with its %d %% interval (Student's t on "
             "the log ratios, paired round by round). A win where the whole "
             "interval lies above %g after Holm's correction over the %zu "
             "comparisons; same speed where it lies within ±%g %%; "
             "inconclusive otherwise (one round has no interval). A row names "
             "its fastest variant only where it wins every comparison of the "
             "row, else the variant with the lowest median.",
             (int)lround((1 - PB_WINNERS_ALPHA) * 100), 1 + PB_WINNERS_BAND,
             family, PB_WINNERS_BAND * 100);
    rp_para(o, para);
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
