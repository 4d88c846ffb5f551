/*
 * report.c - the report of a results folder (report.h), in Markdown and
 * HTML from one pass through the emitters of report_format.c, ordered
 * for a reader: the title and a table of contents; the Summary (the
 * machine, report_machine.c; one takeaway per kernel and the winners
 * tables, report_summary.c); per kernel its figures, each with a caption
 * saying what it leaves out, then its table, with stability warnings
 * marked on their rows and listed under the table; the verification,
 * one line per kernel and the per-benchmark detail (collapsed in HTML);
 * the full provenance. A folder whose completion record (completion.h)
 * says it is incomplete says so under the title, with what is missing,
 * and in the verification.
 *
 * Sources, structured only (never log.txt): results.json's context
 * (provenance, machine, verification records "verify:NAME", schema.h),
 * read with Jansson; the benchmarks of results.csv, else of
 * results.json (readback.h); the figures already drawn (plot.h). A folder
 * whose results.json lacks them (or has none) says so in their place.
 * Times are on each benchmark's clock (readback.h: CPU time at one process
 * of one thread, wall time at more), or on the one plot --clock asks
 * for, else the one the run recorded (bench --clock, the context's
 * "clock"): the opening says which, each kernel's table has a clock
 * column, and the winners tables name theirs.
 * Numbers for humans (pb_units.h's rule): one unit per column, named in
 * its head and never in a cell: ns to s and B to EiB chosen from the
 * column's median value, % for the CV, x for ratios; "-" where a variant
 * has no build step. Each kernel's table shows its work counter 0 per
 * instance ("work / instance (UNIT)") and its other counters per
 * instance; for a kernel with work.units a second table beside it, the
 * units per instance, the time per unit and each counter per unit
 * (work.h), named after the kernel's descriptor; a column empty or zero
 * in every row of the kernel is left out, and named under the tables.
 * The HTML's style sheet stays small: cells of numbers on one line, a
 * wide table scrolling in its own box, a long path wrapping, so that the
 * page fits a laptop's width (tests/report_browser.py checks it there).
 * Stability warnings per benchmark (warn_about): the noise rules
 * (noise.h: CV, load, CPU against wall time, threads against one, a
 * timed sample under 1 ms, a slow first repetition, more threads than
 * the CPUs granted or the cores), the console's and `compare`'s too.
 * Runs at more threads than the CPUs the run was granted (the context's
 * cpus_granted, cpus.h) are named in the speed-up figure's caption as
 * left out, and are no takeaway's evidence of speed.
 * A folder of bench --against (both sides, readback.h) is reported as its
 * side B, the build under test, and says so under the title; where a
 * calibration of the same host lies in the results' root (calibration.h)
 * each kernel says this machine's noise floor beside its ratios.
 * Deterministic: the same folder gives the same bytes (golden test).
 * O(benchmarks * (variants + corpora)) plus the winners' bootstrap.
 */
#include "present/report.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/calibration.h"
#include "results/completion.h"
#include "results/context.h"
#include "util/cpus.h"
#include "analysis/noise.h"
#include "pb_file.h"
#include "present/figures.h"
#include "present/report_internal.h"
#include "results/schema.h"
#include "util/stats.h"
#include "analysis/summary.h"
#include "results/readback.h"

/* The stability warnings of one benchmark, "- KEY: W1; W2\n" appended
 * to warnings (nothing when it has none): the noise rules (noise.h),
 * shared with the console and `compare`. */
static void warn_about(const struct readback *t, const struct readback_bench *b,
                       int cores, int granted, char *warnings, size_t len)
{
    char w[PB_NOISE_RULES][PB_NOISE_TEXT];
    char what[PB_NOISE_RULES * (PB_NOISE_TEXT + 2)] = "";
    size_t at = 0,
           noisy = pb_noise_bench(t, b, cores, granted, w, PB_NOISE_RULES);
    for (size_t i = 0; i < noisy; i++) {
        int k =
            snprintf(what + at, sizeof(what) - at, "%s%s", i ? "; " : "", w[i]);
        at += k > 0 ? (size_t)k : 0;
        if (at >= sizeof(what)) /* cut: at must stay inside what */
            at = sizeof(what) - 1;
    }
    if (noisy) {
        size_t n = strlen(warnings);
        snprintf(warnings + n, len - n, "- %s: %s\n", b->key, what);
    }
}

/* The fixed columns of a kernel's table; the work columns follow. The
 * median is the last of those that name and time a benchmark. */
#define FIXED_COLS 13
#define MEDIAN_COL 6
#define MAX_COLS (FIXED_COLS + 2 * PB_MAX_COUNTERS + 1)
#define WARNINGS_MAX 65536

/* The work columns after the fixed ones: counters 1.. per instance;
 * with work.units, units per instance, time (in time_unit) and each
 * counter per unit. Headers into head[] (labels in text), and how many;
 * *units the index of the units column among them (the time's is next),
 * or -1. */
static int work_cols(const struct pb_kernel *k, const char *time_unit,
                     const char **head, char text[][64], int *units)
{
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(k, &defs);
    int n = 0;
    *units = -1;
    for (size_t i = 1; i < counters; i++, n++)
        snprintf(text[n], 64, "%s / instance", defs[i].name);
    if (k->work.units) {
        const char *unit = k->work.unit_name ? k->work.unit_name : "unit";
        *units = n;
        snprintf(text[n++], 64, "units / instance (%s)", unit);
        snprintf(text[n++], 64, "time / %s (%s)", unit, time_unit);
        for (size_t i = 0; i < counters; i++, n++)
            snprintf(text[n], 64, "%s / %s", defs[i].name, unit);
    }
    for (int i = 0; i < n; i++)
        head[i] = text[i];
    return n;
}

/* The work cells of b, in work_cols' order. */
static void work_cells(const struct pb_kernel *k,
                       const struct readback_bench *b, double median,
                       struct pb_unit per_unit, char cells[][RP_CELL])
{
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(k, &defs);
    int n = 0;
    for (size_t i = 1; i < counters; i++)
        pb_units_count(cells[n++], RP_CELL, readback_counter(b, k, i));
    if (!k->work.units)
        return;
    double units = b->units_per_instance;
    pb_units_count(cells[n++], RP_CELL, units);
    pb_units_number(cells[n++], RP_CELL, median / units * per_unit.scale);
    for (size_t i = 0; i < counters; i++)
        pb_units_count(cells[n++], RP_CELL, readback_counter(b, k, i) / units);
}

/* The caption of a figure: what it shows and what it leaves out. */
static void caption(const char *kind, const struct pb_kernel *k,
                    const char *base, const char *sweep, char *buf, size_t len)
{
    const char *size = k->size.label ? k->size.label : "size";
    const char *unit = k->work.unit_name ? k->work.unit_name : "unit";
    sweep = sweep ? sweep : "-";
    if (!strcmp(kind, "time_vs_size"))
        snprintf(buf, len,
                 "Median time per instance against %s, one line per variant "
                 "through the size sweep (%s corpora at 1 thread, the "
                 "largest corpus per size); bars: interquartile range. Left "
                 "out: build time (a table variant's precomputation, in the "
                 "table's build column), other families and thread counts.",
                 size, sweep);
    else if (!strcmp(kind, "speedup"))
        snprintf(buf, len,
                 "Speed-up over the same benchmark at 1 process of 1 thread, "
                 "and parallel efficiency (speed-up / (processes x threads)), "
                 "against the cores a run uses: processes x threads (MPI "
                 "processes, 1 for a plain run; runs over several processes "
                 "have their own markers and key entries). Left out: "
                 "benchmarks run on one core only or without a run at 1 "
                 "process of 1 thread, and build time.");
    else if (!strcmp(kind, "memory_vs_size"))
        snprintf(buf, len,
                 "Peak heap (jemalloc) against %s through the size sweep (%s "
                 "corpora at 1 thread). Left out: benchmarks without heap "
                 "counters, and memory outside the heap (stacks, code).",
                 size, sweep);
    else if (!strcmp(kind, "relative"))
        snprintf(buf, len,
                 "Time per instance relative to %s (ratio of medians; below "
                 "1: faster) on each corpus %s ran on; bars from the "
                 "quartiles. Left out: build time, and corpora the baseline "
                 "did not run on.",
                 base, base);
    else if (!strcmp(kind, "work_vs_time"))
        snprintf(buf, len,
                 "Work per instance against time per instance, at 1 thread. "
                 "Left out: build time, runs at more than 1 thread, and "
                 "variants that count no work.");
    else if (!strcmp(kind, "unit_time_vs_size"))
        snprintf(buf, len,
                 "Time per %s against %s through the size sweep (%s corpora "
                 "at 1 thread). Left out: build time, other families and "
                 "thread counts.",
                 unit, size, sweep);
    else if (!strcmp(kind, "knob_speedup"))
        snprintf(buf, len,
                 "Speed-up of each variant at the family's knob K over the "
                 "same variant on the reference family (named on the axis), "
                 "on corpora of one size, instances and seed: its time there "
                 "/ its time at K, at 1 thread; bars: the ratio's 95 %% "
                 "interval over rounds. Left out: build time, other sizes "
                 "and thread counts.");
    else
        snprintf(buf, len,
                 "Work per %s against the family's knob K, at 1 thread and "
                 "one size. Left out: build time, other sizes and thread "
                 "counts.",
                 unit);
}

/* Appends to the speed-up figure's caption (or, buf empty, writes a note
 * of its own) the kernel's thread counts above the CPUs the run was
 * granted (cpus.h), which the figure leaves out; nothing when there are
 * none or granted is unknown (0). */
static void oversubscribed_note(const struct readback *t, const char *kernel,
                                int granted, char *buf, size_t len)
{
    enum { KEPT = 64, SHOWN = 8 };
    long above[KEPT];
    size_t n = 0;
    for (size_t i = 0; i < t->count; i++)
        if (!strcmp(t->b[i].kernel, kernel) &&
            pb_threads_oversubscribed(t->b[i].threads, granted))
            pb_threads_list_add(above, &n, KEPT, t->b[i].threads);
    if (!n)
        return;
    char list[160];
    pb_threads_list_text(above, n, SHOWN, list, sizeof(list));
    size_t at = strlen(buf);
    snprintf(buf + at, len - at,
             "%sthe runs at %s threads, more than the %d CPU%s the process "
             "was granted (oversubscribed: their threads took turns, so their "
             "times are no speed-up).",
             at ? " Also left out: " : "Left out of the speed-up figure: ",
             list, granted, granted == 1 ? "" : "s");
}

/* The kernel's figures that were drawn, numbered, each with its caption
 * and links to its other formats; where no speed-up figure was drawn
 * because every run on more than one core was oversubscribed, a note
 * says so. */
static void figures_part(struct rp_out *o, const struct readback *t,
                         const char *dir, const struct pb_kernel *k,
                         const char *base, int granted)
{
    const char *kernel = k->name, *kind;
    const char *sweep = pb_summary_sweep_family(t, kernel);
    bool speedup = false; /* its figure drawn */
    for (size_t f = 0; (kind = pb_figure_kind(f)) != NULL; f++) {
        bool have[PB_FIGURE_FORMATS];
        for (size_t i = 0; i < PB_FIGURE_FORMATS; i++) {
            char path[1024];
            struct stat st;
            snprintf(path, sizeof(path), "%s/figures/%s-%s.%s", dir, kind,
                     kernel, pb_figure_formats[i]);
            have[i] = stat(path, &st) == 0;
        }
        if (!have[0] && !have[1])
            continue; /* a PDF alone shows in no page */
        char text[1024], number[32];
        caption(kind, k, base ? base : "-", sweep, text, sizeof(text));
        if (!strcmp(kind, "speedup")) {
            oversubscribed_note(t, kernel, granted, text, sizeof(text));
            speedup = true;
        }
        snprintf(number, sizeof(number), "Figure %d. ", ++o->figures);
        /* kernel is a registered name (pb_kernels), kinds fixed: both are
         * in [a-z0-9_], safe in a link and an attribute */
        fprintf(o->md, "![%s %s](figures/%s-%s.%s)\n\n%s", kernel, kind, kind,
                kernel, have[0] ? "png" : "svg", number);
        rp_put(o->md, text, true, false);
        fprintf(o->html,
                "<figure><img src=\"figures/%s-%s.%s\" alt=\"%s %s\">"
                "<figcaption>%s",
                kind, kernel, have[1] ? "svg" : "png", kernel, kind, number);
        rp_put(o->html, text, false, false);
        for (size_t i = 0; i < PB_FIGURE_FORMATS; i++) {
            if (!have[i])
                continue;
            fprintf(o->md, " [%s](figures/%s-%s.%s)", pb_figure_formats[i],
                    kind, kernel, pb_figure_formats[i]);
            fprintf(o->html, " <a href=\"figures/%s-%s.%s\">%s</a>", kind,
                    kernel, pb_figure_formats[i], pb_figure_formats[i]);
        }
        fputs("\n\n", o->md);
        fputs("</figcaption></figure>\n", o->html);
    }
    char note[512] = "";
    if (!speedup)
        oversubscribed_note(t, kernel, granted, note, sizeof(note));
    if (note[0])
        rp_para(o, note);
}

/* The typical values of the kernel's columns, for their units. */
struct kernel_units {
    struct pb_unit time, build, heap, per_unit;
};

static struct kernel_units kernel_units(const struct readback *t,
                                        const struct pb_kernel *k)
{
    const char *kernel = k->name;
    double *v[4];
    size_t n[4] = {0};
    for (int c = 0; c < 4; c++)
        v[c] = malloc((t->count + 1) * sizeof(double));
    for (size_t i = 0; v[0] && v[1] && v[2] && v[3] && i < t->count; i++) {
        const struct readback_bench *b = &t->b[i];
        if (strcmp(b->kernel, kernel))
            continue;
        double median = readback_median(b);
        v[0][n[0]++] = median;
        if (!rp_no_build(k, b))
            v[1][n[1]++] = b->build_seconds;
        v[2][n[2]++] = b->peak_heap_bytes;
        v[3][n[3]++] = median / b->units_per_instance;
    }
    struct kernel_units u = {
        pb_units_time_unit(rp_typical(v[0], n[0])),
        pb_units_time_unit(rp_typical(v[1], n[1])),
        pb_units_bytes_unit(rp_typical(v[2], n[2])),
        pb_units_time_unit(rp_typical(v[3], n[3])),
    };
    for (int c = 0; c < 4; c++)
        free(v[c]);
    return u;
}

/* The cells of b's row in the kernel's table (FIXED_COLS, then
 * work_cols'), its variant marked "(!)" where it has a warning. */
static void row_cells(const struct readback *t, const struct pb_kernel *def,
                      const struct readback_bench *b, const char *base,
                      const struct kernel_units *u, bool warned,
                      char cells[][RP_CELL])
{
    struct readback_spread s = readback_spread(b);
    double median = s.median;
    const struct readback_bench *x =
        base ? readback_find_run(t, b, base, b->processes, b->threads) : NULL;
    double ratio = x ? median / readback_median(x) : NAN;
    char a[64], z[64];
    snprintf(cells[0], RP_CELL, "%s%s", b->variant, warned ? " (!)" : "");
    snprintf(cells[1], RP_CELL, "%s", b->family);
    snprintf(cells[2], RP_CELL, "%s", b->size);
    snprintf(cells[3], RP_CELL, "%ld", b->count);
    if (b->processes > 1) /* threads per process */
        snprintf(cells[4], RP_CELL, "%ld (x %ld processes)", b->threads,
                 b->processes);
    else
        snprintf(cells[4], RP_CELL, "%ld", b->threads);
    /* the clock of the median, IQR, CV, ratio and time per unit */
    snprintf(cells[5], RP_CELL, "%s", readback_clock_name(b->clock));
    pb_units_number(cells[6], RP_CELL, median * u->time.scale);
    pb_units_number(a, sizeof(a), s.q1 * u->time.scale);
    pb_units_number(z, sizeof(z), s.q3 * u->time.scale);
    /* one repetition: no spread, neither range nor CV */
    if (b->n < 2)
        snprintf(cells[7], RP_CELL, "-");
    else
        snprintf(cells[7], RP_CELL, "%s .. %s", a, z);
    double cv = pb_noise_cv(b);
    if (isnan(cv))
        snprintf(cells[8], RP_CELL, "-");
    else
        snprintf(cells[8], RP_CELL, "%.1f", 100 * cv);
    pb_units_number(cells[9], RP_CELL, ratio > 0 ? ratio : NAN);
    pb_units_number(cells[10], RP_CELL,
                    rp_no_build(def, b) ? NAN
                                        : b->build_seconds * u->build.scale);
    if (isfinite(b->peak_heap_bytes))
        pb_units_number(cells[11], RP_CELL, b->peak_heap_bytes * u->heap.scale);
    else
        snprintf(cells[11], RP_CELL, "NA");
    pb_units_count(cells[12], RP_CELL, b->work_per_instance);
    work_cells(def, b, median, u->per_unit, cells + FIXED_COLS);
}

/* A cell that says nothing: empty, zero, or no value ("-", "NA"). */
static bool cell_empty(const char *c)
{
    return !c[0] || !strcmp(c, "0") || !strcmp(c, "-") || !strcmp(c, "NA");
}

/* One table of the kernel's: the columns `pick`ed and kept (cols' heads,
 * row_cells' cells), a row per benchmark, its stability warnings into
 * warnings (rows that have one marked "(!)"). */
static void kernel_table(struct rp_out *o, const struct readback *t,
                         const struct pb_kernel *def, const char *base,
                         const struct kernel_units *u, const char *const *cols,
                         int ncols, const bool *pick, int cores, int granted,
                         char *warnings)
{
    const char *kept[MAX_COLS];
    int nkept = 0;
    for (int c = 0; c < ncols; c++)
        if (pick[c])
            kept[nkept++] = cols[c];
    rp_table_begin(o, kept, nkept, 3);
    warnings[0] = '\0';
    char cells[MAX_COLS][RP_CELL];
    for (size_t i = 0; i < t->count; i++) {
        const struct readback_bench *b = &t->b[i];
        if (strcmp(b->kernel, def->name))
            continue;
        size_t before = strlen(warnings);
        warn_about(t, b, cores, granted, warnings, WARNINGS_MAX);
        row_cells(t, def, b, base, u, strlen(warnings) > before, cells);
        for (int c = 0, k = 0; c < ncols; c++)
            if (pick[c])
                memmove(cells[k++], cells[c], RP_CELL);
        rp_table_row(o, cells, nkept);
    }
    rp_table_end(o);
}

/* The kernel's table, a row per benchmark; rows with a stability
 * warning are marked "(!)" and their warnings listed under the table.
 * For a kernel with units of work, the columns per unit make a second
 * table (so that neither outgrows a laptop's screen), its rows named
 * as the first's. A column empty or zero in every row is left out, and
 * named under the tables; never those that name the benchmark, nor its
 * times (the median and the time per unit: a time of 0 is a reading at
 * the clock's resolution). Passes over the rows (the columns kept, then
 * each table), so that no row is held: O(rows * columns). */
static void table_part(struct rp_out *o, const struct readback *t,
                       const struct pb_kernel *def, const char *base, int cores,
                       int granted, char *warnings)
{
    static char scratch[WARNINGS_MAX]; /* the second table's, said once */
    struct kernel_units u = kernel_units(t, def);
    const struct pb_counter_def *defs;
    pb_work_counters(def, &defs);
    char head[6][96];
    snprintf(head[0], sizeof(head[0]), "median / instance (%s)", u.time.name);
    snprintf(head[1], sizeof(head[1]), "IQR (%s)", u.time.name);
    snprintf(head[2], sizeof(head[2]), "ratio%s%s (x)", base ? " to " : "",
             base ? base : "");
    snprintf(head[3], sizeof(head[3]), "build (%s)", u.build.name);
    snprintf(head[4], sizeof(head[4]), "peak heap (%s)", u.heap.name);
    snprintf(head[5], sizeof(head[5]), "work / instance (%s)",
             defs[0].unit ? defs[0].unit : defs[0].name);
    const char *cols[MAX_COLS] = {
        "variant", "family", "size",  "n",     "threads", "clock", head[0],
        head[1],   "CV (%)", head[2], head[3], head[4],   head[5]};
    char labels[MAX_COLS - FIXED_COLS][64];
    int units;
    int ncols = FIXED_COLS + work_cols(def, u.per_unit.name, cols + FIXED_COLS,
                                       labels, &units);
    /* the first column per unit, where a second table begins */
    int split = units >= 0 ? FIXED_COLS + units : ncols;
    char cells[MAX_COLS][RP_CELL];
    bool keep[MAX_COLS] = {false};
    for (int c = 0; c <= MEDIAN_COL; c++)
        keep[c] = true;
    if (units >= 0) /* the time per unit */
        keep[split + 1] = true;
    for (size_t i = 0; i < t->count; i++) {
        if (strcmp(t->b[i].kernel, def->name))
            continue;
        row_cells(t, def, &t->b[i], base, &u, false, cells);
        for (int c = 0; c < ncols; c++)
            keep[c] = keep[c] || !cell_empty(cells[c]);
    }
    char left_out[1024] = "";
    for (int c = 0; c < ncols; c++) {
        if (keep[c])
            continue;
        /* named without its unit, which no cell used */
        size_t at = strlen(left_out), name = strcspn(cols[c], "(");
        while (name > 0 && cols[c][name - 1] == ' ')
            name--;
        snprintf(left_out + at, sizeof(left_out) - at, "%s%.*s", at ? ", " : "",
                 (int)name, cols[c]);
    }
    bool pick[MAX_COLS];
    for (int c = 0; c < ncols; c++)
        pick[c] = c < split && keep[c];
    kernel_table(o, t, def, base, &u, cols, ncols, pick, cores, granted,
                 warnings);
    if (units >= 0) {
        const char *unit = def->work.unit_name ? def->work.unit_name : "unit";
        char text[256];
        snprintf(text, sizeof(text),
                 "Per %s, the kernel's unit of work: how many an instance "
                 "has, and the time and the counters of an instance divided "
                 "by them.",
                 unit);
        rp_para(o, text);
        for (int c = 0; c < ncols; c++) /* named as in the first table */
            pick[c] = (c < MEDIAN_COL || c >= split) && keep[c];
        kernel_table(o, t, def, base, &u, cols, ncols, pick, cores, granted,
                     scratch);
    }
    if (left_out[0]) {
        char text[sizeof(left_out) + 64];
        snprintf(text, sizeof(text),
                 "Left out, as empty or zero in every row: %s.", left_out);
        rp_para(o, text);
    }
}

/* The warnings under a kernel's table: warn_about's "- KEY: what" lines
 * as a list. */
static void warnings_part(struct rp_out *o, const char *warnings)
{
    if (!warnings[0])
        return;
    rp_para(o, "Stability warnings, for the rows marked (!):");
    rp_put(o->md, warnings, true, true);
    fputs("\n<ul class=\"warn\">\n", o->html);
    for (const char *line = warnings; *line;) {
        size_t len = strcspn(line, "\n");
        char text[1024];
        snprintf(text, sizeof(text), "%.*s", (int)len, line);
        fputs("<li>", o->html);
        rp_put(o->html, text + (strncmp(text, "- ", 2) ? 0 : 2), false, false);
        fputs("</li>\n", o->html);
        line += len + (line[len] == '\n');
    }
    fputs("</ul>\n", o->html);
    fputc('\n', o->md);
}

static void kernel_part(const struct readback *t, const char *dir,
                        const struct pb_kernel *def, const char *baseline,
                        int cores, int granted,
                        const struct pb_calibration *cal, struct rp_out *o)
{
    static char warnings[WARNINGS_MAX];
    const char *base = pb_summary_baseline(t, def->name, baseline);
    char text[512];
    rp_heading(o, 2, def->name);
    snprintf(text, sizeof(text),
             "Baseline for the ratio column: %s%s. Time per instance: the "
             "median of the verified repetitions, with the interquartile "
             "range (IQR) and the coefficient of variation (CV); build: a "
             "variant's precomputation, timed apart and not in the time per "
             "instance (-: no build step).",
             base ? base : "none",
             !base ? ""
             : baseline && !strcmp(base, baseline)
                 ? " (chosen with --baseline)"
                 : " (the kernel's first registered variant "
                   "in the results)");
    rp_para(o, text);
    char floor[256];
    pb_calibration_text(cal, def->name, floor, sizeof(floor));
    if (floor[0]) { /* beside the kernel's ratios */
        snprintf(text, sizeof(text),
                 "Beside the ratios below, %s: a ratio closer to 1 than "
                 "that cannot be told from noise here (an A/A run of %d "
                 "rounds, puzzlebench calibrate).",
                 floor, cal->rounds);
        rp_para(o, text);
    }
    figures_part(o, t, dir, def, base, granted);
    table_part(o, t, def, base, cores, granted, warnings);
    warnings_part(o, warnings);
}

/* DIR/results.json's context into *root (NULL when the folder has
 * none; *context then an empty object owned by *empty). */
static int load_context(const char *dir, json_t **root, json_t **empty,
                        const json_t **context, struct pb_error *e)
{
    *root = NULL;
    *empty = json_object();
    *context = *empty;
    if (!*empty)
        return pb_fail(e, -ENOMEM, "out of memory");
    char path[PB_PATH_MAX + 16];
    snprintf(path, sizeof(path), "%s/results.json", dir);
    int rc = pb_json_load(path, "the Google Benchmark JSON that bench writes",
                          root, e);
    if (rc)
        return rc == -ENOENT ? 0 : rc;
    const json_t *c = pb_context_in(*root);
    if (c)
        *context = c;
    return 0;
}

/* t has a benchmark of the kernel. */
static bool kernel_present(const struct readback *t, const char *kernel)
{
    for (size_t i = 0; i < t->count; i++)
        if (!strcmp(t->b[i].kernel, kernel))
            return true;
    return false;
}

/* For the folder of bench --against: that the report is side B's. */
static void sides_part(struct rp_out *o, const struct readback *t,
                       const json_t *context)
{
    if (!readback_two_sided(t))
        return;
    const char *a = pb_context_text(context, PB_CTX_AGAINST_A);
    const char *b = pb_context_text(context, PB_CTX_AGAINST_B);
    char text[2 * PB_PATH_MAX + 512];
    snprintf(text, sizeof(text),
             "An A/B run of two builds interleaved in time (bench "
             "--against): this report shows side B, %s; side A, %s, is "
             "compared with it benchmark by benchmark in compare.txt "
             "(paired round by round; puzzlebench compare on this folder "
             "prints it again).",
             b ? b : "the build under test", a ? a : "the baseline");
    rp_para(o, text);
}

/* The title, the results folder, a warning when it is incomplete
 * (completion.h) and the table of contents. */
static void top_part(struct rp_out *o, const struct readback *t,
                     const char *dir, const struct pb_kernel *const *kernels,
                     const struct pb_completeness *done, unsigned clock)
{
    /* the clock of every time in the report (readback.h) */
    const char *times =
        clock & READBACK_CLOCK_CPU_ONLY
            ? "Every time is per instance of a verified run, in CPU time: "
              "the CPU time of the threads that did the work (--clock cpu; "
              "a parallel run's sums its threads)."
        : clock & READBACK_CLOCK_WALL_ONLY
            ? "Every time is per instance of a verified run, in wall time "
              "(--clock wall)."
            : "Every time is per instance of a verified run, on its clock "
              "(the tables' clock column): cpu, the CPU time of the thread "
              "that did the work, for a run of 1 process of 1 thread that "
              "recorded it; wall, wall time, otherwise (a parallel run's CPU "
              "time sums its threads).";
    /* a code span shows the path as it is, unless a backtick (which would
     * end the span) or a control byte asks for escaping */
    bool span = !strchr(dir, '`');
    for (const char *p = dir; span && *p; p++)
        span = (unsigned char)*p >= 0x20 && *p != 0x7f;
    fputs("# puzzlebench report\n\nResults folder: ", o->md);
    if (span)
        fprintf(o->md, "`%s`", dir);
    else
        rp_put(o->md, dir, true, false);
    fprintf(o->md, ". %s\n\n", times);
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
          "<title>puzzlebench report</title><style>"
          "body{font-family:sans-serif;max-width:84em;margin:1em auto;"
          "padding:0 1em;line-height:1.4;color:#222}"
          "code{overflow-wrap:anywhere}"
          "h1{margin-bottom:.2em}h2{border-bottom:1px solid #ccc;"
          "margin-top:2em}nav ul{display:inline;padding:0}"
          "nav li{display:inline;margin-right:.8em}"
          "nav li li{font-size:.9em}nav ul ul{margin-left:.4em}"
          "p.label{font-weight:bold;margin:1em 0 .2em}"
          "table.winners{font-size:.92em}"
          "div.wide{overflow-x:auto}"
          "table{border-collapse:collapse;margin:.5em 0}"
          "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right;"
          "vertical-align:top}td{white-space:nowrap}"
          "td:last-child{white-space:normal}th{background:#f0f0f0}"
          "tr:nth-child(even) td{background:#fafafa}"
          "table.l1 td:nth-child(-n+1),table.l2 td:nth-child(-n+2),"
          "table.l3 td:nth-child(-n+3),table.l1 th:nth-child(-n+1),"
          "table.l2 th:nth-child(-n+2),table.l3 th:nth-child(-n+3)"
          "{text-align:left}"
          "figure{margin:1em 0}figure img{max-width:100%}"
          "figcaption{font-size:.9em;color:#444;max-width:60em}"
          "ul.warn li{color:#8a4b00}</style></head><body>\n"
          "<h1>puzzlebench report</h1>\n<p>Results folder: <code>",
          o->html);
    rp_put(o->html, dir, false, false);
    fprintf(o->html, "</code>. %s</p>\n", times);
    char incomplete[sizeof(done->named) + 128];
    pb_completeness_text(done, incomplete, sizeof(incomplete));
    if (incomplete[0]) {
        char text[sizeof(incomplete) + 160];
        snprintf(text, sizeof(text),
                 "Warning: this results folder is %s. The summary, figures "
                 "and tables show only the benchmarks that were timed.",
                 incomplete);
        rp_para(o, text);
    }
    /* the contents: every heading of level 2 and the Summary's parts */
    const char *entries[64][2] = {{"Summary", ""},
                                  {"Machine", "  "},
                                  {"Takeaways", "  "},
                                  {"Fastest variant per corpus", "  "}};
    size_t n = 4;
    for (size_t k = 0; kernels[k] && n < 62; k++)
        if (kernel_present(t, kernels[k]->name))
            entries[n][0] = kernels[k]->name, entries[n++][1] = "";
    entries[n][0] = "Verification", entries[n++][1] = "";
    entries[n][0] = "Provenance", entries[n++][1] = "";
    fputs("Contents:\n\n", o->md);
    fputs("<nav><b>Contents:</b> <ul>\n", o->html);
    for (size_t i = 0; i < n; i++) {
        char id[128];
        rp_slug(entries[i][0], id, sizeof(id));
        fprintf(o->md, "%s- [%s](#%s)\n", entries[i][1], entries[i][0], id);
        bool sub = entries[i][1][0] != '\0';
        bool next_sub = i + 1 < n && entries[i + 1][1][0] != '\0';
        fprintf(o->html, "<li><a href=\"#%s\">%s</a>%s", id, entries[i][0],
                !sub && next_sub ? "<ul>\n" : "</li>\n");
        if (sub && !next_sub)
            fputs("</ul></li>\n", o->html);
    }
    fputs("\n", o->md);
    fputs("</ul></nav>\n", o->html);
}

static int report_write(const char *dir, const struct pb_kernel *const *kernels,
                        const char *baseline, const char *clock_word,
                        struct pb_error *e)
{
    unsigned clock = 0;
    if (readback_clock_parse(clock_word, &clock))
        return pb_fail(e, -EINVAL, "--clock '%s'; expected cpu or wall",
                       clock_word);
    struct readback t;
    int rc = readback_load(dir, &t, READBACK_PUZZLEBENCH_ONLY | clock, e);
    if (rc)
        return rc;
    char *md_text = NULL, *html_text = NULL;
    size_t md_len = 0, html_len = 0;
    struct rp_out o = {open_memstream(&md_text, &md_len),
                       open_memstream(&html_text, &html_len), 0};
    json_t *root = NULL, *empty = NULL;
    const json_t *context = NULL;
    if (!o.md || !o.html)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    else
        rc = load_context(dir, &root, &empty, &context, e);
    if (rc == 0 && !clock) { /* the run's bench --clock, if it had one */
        char path[1024];
        snprintf(path, sizeof(path), "%s/results.json", dir);
        rc = readback_clock_recorded(context, path, &clock, e);
        if (rc == 0 && clock)
            rc = readback_clock_all(&t, clock, e);
    }
    struct pb_completeness done;
    if (rc == 0)
        rc = pb_completeness_of(dir, &done, e);
    const char *c = rc ? NULL : pb_context_text(context, PB_CTX_CORES);
    /* the context is puzzlebench's own (provenance.c writes cores as
     * digits); anything else reads as 0 cores, as an absent field does */
    /* NOLINTNEXTLINE(cert-err34-c) */
    int cores = c ? atoi(c) : 0;
    int granted = rc ? 0 : pb_cpus_from_context(context);
    static char scratch[WARNINGS_MAX];
    size_t warned = 0;
    for (size_t i = 0; rc == 0 && i < t.count; i++) {
        scratch[0] = '\0';
        warn_about(&t, &t.b[i], cores, granted, scratch, sizeof(scratch));
        warned += scratch[0] != '\0';
    }
    struct pb_calibration cal;
    struct pb_error none; /* a calibration file found is never required */
    pb_calibration_for(dir, NULL, &cal, &none);
    if (rc == 0) {
        top_part(&o, &t, dir, kernels, &done, clock);
        sides_part(&o, &t, context);
        rp_heading(&o, 2, "Summary");
        rp_machine_part(&o, context);
        char floors[1200];
        pb_calibration_text(&cal, NULL, floors, sizeof(floors));
        if (floors[0]) { /* beside the winners' ratios */
            floors[0] = 'T';
            rp_para(&o, floors);
        }
        rc = rp_summary_part(&o, &t, kernels, baseline, warned, granted, e);
    }
    for (size_t k = 0; rc == 0 && kernels[k]; k++)
        if (kernel_present(&t, kernels[k]->name))
            kernel_part(&t, dir, kernels[k], baseline, cores, granted, &cal,
                        &o);
    if (rc == 0) {
        char path[1024];
        snprintf(path, sizeof(path), "%s/results.json", dir);
        rc = rp_verification_part(&o, context, path, root != NULL, &done, e);
    }
    if (rc == 0) {
        rp_provenance_part(&o, context);
        fputs("</body></html>\n", o.html);
    }
    json_decref(root);
    json_decref(empty);
    if (o.md)
        fclose(o.md);
    if (o.html)
        fclose(o.html);
    readback_free(&t);
    char path[1024];
    snprintf(path, sizeof(path), "%s/report.md", dir);
    if (rc == 0 && (rc = pb_write_atomically(path, md_text, md_len)) != 0)
        pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc));
    snprintf(path, sizeof(path), "%s/report.html", dir);
    if (rc == 0 && (rc = pb_write_atomically(path, html_text, html_len)) != 0)
        pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc));
    free(md_text);
    free(html_text);
    return rc;
}

int pb_report_write(const char *dir, const struct pb_report_options *o,
                    struct pb_error *e)
{
    static const struct pb_report_options none = {NULL, NULL, NULL};
    if (!o)
        o = &none;
    return report_write(dir, o->kernels ? o->kernels : pb_kernels, o->baseline,
                        o->clock, e);
}
