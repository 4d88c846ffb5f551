/*
 * compare.c - reading two results (results.csv, or Google Benchmark JSON:
 * readback.h) and comparing them benchmark by benchmark (compare.h).
 *
 * A benchmark is its kernel, variant, family, size, count, seed and
 * threads (for other Google Benchmark JSON, its name); its samples are
 * the verified repetitions' seconds per instance (per iteration), on its
 * clock, grouped by round. Per benchmark in both files: the medians, and
 * the change B / A from the round values (stats.h): paired round by
 * round when both sides are one run's benchmarks (two variants of one
 * results folder, or the two sides A and B of one folder of bench
 * --against, read apart: readback.h's READBACK_SIDE_A and READBACK_SIDE_B),
 * else unpaired (Welch); its (1 - alpha) interval, the p value of "the change
 * lies within the band" Holm-adjusted over every benchmark compared, and the
 * verdict; an inconclusive one says what would decide it (more rounds, a
 * quieter machine). Per kernel: the verdicts counted and the geometric mean of
 * the ratios. The gate
 * (--fail-above) fails on a benchmark whose ratio is above 1 + PCT/100
 * beyond its interval, Holm-corrected, never on a point ratio. A
 * baseline median of 0 has no ratio: an error, never a silent NaN that
 * would pass the gate. Where the two sides of a benchmark are on
 * different clocks (one lacks CPU time), both are compared on wall time.
 * O(benchmarks log benchmarks): B's benchmarks and the kernels' sums
 * are found through the index of names (name_index.h: uthash), Holm
 * sorts the p values. A calibration of the host (calibration.h)
 * adds this machine's noise floor above the table and to each kernel's
 * line.
 */
#include "analysis/compare.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/calibration.h"
#include "analysis/change.h"
#include "results/readback.h"
#include "results/store.h"
#include "pb_units.h"
#include "util/name_index.h"

enum { SHOWN_FAILING = 5 }; /* gate failures named on its line, at most */

void pb_compare_defaults(struct pb_compare_options *o)
{
    *o = (struct pb_compare_options){.alpha = PB_STATS_ALPHA,
                                     .band = PB_STATS_BAND,
                                     .fail_above = -1,
                                     .format = PB_COMPARE_TEXT};
}

/* One benchmark compared. */
struct pair {
    struct readback_bench *x, *y; /* of A, of B */
    double median_a, median_b;
    struct pb_change c;
    double p_gate; /* Holm-adjusted: the ratio is above the gate's */
    char why[320]; /* an inconclusive one's reason, "" when decided */
};

/* The comparison. */
struct run {
    struct readback a, b;
    bool one_run;              /* both sides are one results file: paired */
    bool sided;                /* ... its sides A and B (bench --against) */
    struct pb_calibration cal; /* this machine's noise floors, if any */
    struct pair *p;
    size_t n;
    size_t wall_for_a, wall_for_b; /* on wall time: A (B) had no CPU time */
    size_t gated, failing, failing_raw; /* the gate's */
    struct pb_run_differences d;        /* two runs only */
};

/* Width of a median column of the text table. */
#define TIME_COLUMN 13

/* A median, right-aligned in its column. */
static void print_time(FILE *out, double s)
{
    char t[PB_UNITS_TEXT];
    pb_units_time(t, sizeof(t), s);
    fprintf(out, "%*s", pb_units_width(t, TIME_COLUMN), t);
}

/* One kernel's verdicts and the sum of log(ratio) over its benchmarks. */
struct kernel_sum {
    char kernel[32];
    double log_sum;
    int ratios, benchmarks; /* with a ratio above 0; in all */
    int verdicts[4];        /* by enum pb_verdict */
    UT_hash_handle hh;      /* uthash iterates in order of insertion */
};

/* Counts pair p in its kernel's sum (a sum is added as a kernel
 * appears). 0 or -ENOMEM. */
static int add_kernel(struct kernel_sum **sums, const struct pair *p)
{
    struct kernel_sum *m;
    HASH_FIND_STR(*sums, p->x->kernel, m);
    if (!m) {
        if ((m = calloc(1, sizeof(*m))) == NULL)
            return -ENOMEM;
        snprintf(m->kernel, sizeof(m->kernel), "%s", p->x->kernel);
        bool added = true;
        HASH_ADD_STR(*sums, kernel, m);
        if (!added) {
            free(m);
            return -ENOMEM;
        }
    }
    m->benchmarks++;
    m->verdicts[p->c.verdict]++;
    if (p->c.ratio > 0 && isfinite(p->c.ratio)) {
        m->log_sum += log(p->c.ratio);
        m->ratios++;
    }
    return 0;
}

static void free_kernels(struct kernel_sum **sums)
{
    struct kernel_sum *m, *next;
    HASH_ITER(hh, *sums, m, next)
    {
        /* HASH_ITER keeps next before HASH_DEL: uthash's documented idiom */
        /* NOLINTNEXTLINE(clang-analyzer-unix.Malloc) */
        HASH_DEL(*sums, m);
        free(m);
    }
}

/* x's counterpart in b: the same name, or with --variants the same
 * benchmark of variant_b when x is of variant_a (puzzlebench names only:
 * kernel/variant/rest). */
static struct readback_bench *match(struct readback *b,
                                    const struct readback_bench *x,
                                    const struct pb_compare_options *o)
{
    if (!o->variant_a)
        return readback_get(b, x->key);
    size_t head = strlen(x->kernel) + 1 + strlen(x->variant);
    if (x->foreign || strcmp(x->variant, o->variant_a) ||
        strncmp(x->key, x->kernel, strlen(x->kernel)) || x->key[head] != '/')
        return NULL;
    char key[sizeof(x->key)];
    int n = snprintf(key, sizeof(key), "%s/%s%s", x->kernel, o->variant_b,
                     x->key + head);
    return n > 0 && (size_t)n < sizeof(key) ? readback_get(b, key) : NULL;
}

/* The pairs of r, in A's order; an error when there are none or a
 * baseline's median is 0. */
static int find_pairs(struct run *r, const struct pb_compare_options *o,
                      struct pb_error *e)
{
    r->p = calloc(r->a.count + 1, sizeof(*r->p));
    if (!r->p)
        return pb_fail(e, -ENOMEM, "out of memory");
    for (size_t i = 0; i < r->a.count; i++) {
        struct readback_bench *x = &r->a.b[i], *y = match(&r->b, x, o);
        if (!y)
            continue;
        if (!(readback_median(x) > 0))
            return pb_fail(e, -EDOM,
                           "%s: %s: the baseline's median time is 0; a ratio "
                           "B / A needs a time above 0",
                           r->a.path, x->key);
        r->p[r->n++] = (struct pair){.x = x, .y = y, .p_gate = NAN};
    }
    if (r->n == 0 && o->variant_a)
        return pb_fail(e, -EINVAL,
                       "no benchmark of variant %s in %s has one of variant "
                       "%s on the same corpus in %s",
                       o->variant_a, r->a.path, o->variant_b, r->b.path);
    if (r->n == 0)
        return pb_fail(e, -EINVAL, "%s and %s have no benchmark in common",
                       r->a.path, r->b.path);
    return 0;
}

/* Both sides of a pair on one clock: wall time where they differ (one
 * side, older or from a parallel run, has no CPU time). */
static int align_clocks(struct run *r, struct pb_error *e)
{
    for (size_t i = 0; i < r->n; i++) {
        struct pair *p = &r->p[i];
        /* find_pairs set x and y of the first n pairs */
        /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
        if (p->x->clock == p->y->clock)
            continue;
        if (p->x->clock == READBACK_CLOCK_WALL)
            r->wall_for_a++;
        else
            r->wall_for_b++;
        if (readback_bench_clock(p->x, READBACK_CLOCK_WALL) ||
            readback_bench_clock(p->y, READBACK_CLOCK_WALL))
            return pb_fail(e, -ENOMEM, "out of memory");
    }
    return 0;
}

/* "a quieter machine: load 3.2 on 2 cores" when a side of the pair ran
 * loaded above its machine's cores (the higher load first), else "... :
 * CPU 0.62 of wall" when one got less CPU than its wall time at one
 * thread (noise.h's rules); "" when neither. */
static void quieter(const struct pair *p, const struct pb_noise_machine *m,
                    char *buf, size_t len)
{
    const struct readback_bench *side[2] = {p->x, p->y};
    double worst = 0;
    int at = -1;
    buf[0] = '\0';
    for (int s = 0; s < 2; s++) {
        double load = fmax(side[s]->load_before, side[s]->load_after);
        if (pb_noise_loaded(side[s], m[s].cores) && load > worst) {
            worst = load;
            at = s;
        }
    }
    if (at >= 0) {
        snprintf(buf, len, "a quieter machine: load %.1f on %d core%s", worst,
                 m[at].cores, m[at].cores == 1 ? "" : "s");
        return;
    }
    for (int s = 0; s < 2; s++)
        if (side[s]->threads == 1 && side[s]->cpu_per_wall < PB_NOISE_CPU_MIN) {
            snprintf(buf, len, "a quieter machine: CPU %.2f of wall",
                     side[s]->cpu_per_wall);
            return;
        }
}

/* Every pair's change and verdict, the gate, the reasons. */
static int judge(struct run *r, const struct pb_compare_options *o,
                 struct pb_error *e)
{
    struct pb_change **list = malloc((r->n + 1) * sizeof(*list));
    double *gate = calloc(r->n + 1, sizeof(*gate));
    int rc = list && gate ? 0 : -ENOMEM;
    for (size_t i = 0; rc == 0 && i < r->n; i++) {
        struct pair *p = &r->p[i];
        p->median_a = readback_median(p->x);
        p->median_b = readback_median(p->y);
        pb_change_of(p->x, p->y, r->one_run, o->alpha, &p->c);
        list[i] = &p->c;
    }
    if (rc == 0)
        rc = pb_changes_judge(list, r->n, o->band, o->alpha);
    for (size_t i = 0; rc == 0 && o->fail_above >= 0 && i < r->n; i++) {
        gate[i] = pb_change_p_above(&r->p[i].c, o->fail_above / 100);
        r->gated += isfinite(gate[i]) ? 1 : 0;
        r->failing_raw += gate[i] < o->alpha;
    }
    if (rc == 0 && o->fail_above >= 0)
        rc = pb_holm(gate, gate, r->n);
    for (size_t i = 0; rc == 0 && o->fail_above >= 0 && i < r->n; i++) {
        r->p[i].p_gate = gate[i];
        r->failing += gate[i] < o->alpha;
    }
    struct pb_noise_machine m[2];
    pb_compare_machine(&r->a, &m[0]);
    pb_compare_machine(&r->b, &m[1]);
    for (size_t i = 0; rc == 0 && i < r->n; i++) {
        struct pair *p = &r->p[i];
        char quiet[128];
        pb_change_reason(&p->c, p->why, sizeof(p->why));
        if (p->c.verdict != PB_INCONCLUSIVE)
            continue;
        quieter(p, m, quiet, sizeof(quiet));
        if (quiet[0]) {
            size_t at = strlen(p->why);
            snprintf(p->why + at, sizeof(p->why) - at, "%s%s", at ? "; " : "",
                     quiet);
        }
    }
    free(list);
    free(gate);
    return rc ? pb_fail(e, rc, "out of memory") : 0;
}

/* "# warning: SIDE: NAME: W1; W2" for each benchmark of side s (a or b
 * of the comparison) that is compared and noisy (noise.h; a load above
 * the cores on more than PB_NOISE_FOLD of them folded into one line), then
 * "# warning: MACHINE: W" for each of its machine's warnings (none when
 * machine is NULL: both sides are one run, its machine already said). */
static void noise_lines(FILE *out, const char *side, const struct run *r,
                        bool of_b, const char *machine)
{
    const struct readback *s = of_b ? &r->b : &r->a;
    struct pb_noise_machine m;
    bool known = pb_compare_machine(s, &m);
    const struct readback_bench **list = malloc((r->n + 1) * sizeof(*list));
    char prefix[32];
    snprintf(prefix, sizeof(prefix), "# warning: %s: ", side);
    for (size_t i = 0; list && i < r->n; i++)
        list[i] = of_b ? r->p[i].y : r->p[i].x;
    if (list)
        pb_noise_print_benches(out, prefix, s, list, r->n, known ? m.cores : 0,
                               known ? m.granted : 0);
    free(list);
    snprintf(prefix, sizeof(prefix),
             "# warning: %s: ", machine ? machine : side);
    if (known && machine)
        pb_noise_print(out, prefix, NULL, &m, m.cores);
}

/* What the runs differ in that bears on their times: "build (commit A
 * against B), load (1.1 against 3.2) and clock (3 benchmarks on wall
 * time: A has no CPU time)", or "" when nothing. */
static void differences_text(const struct run *r, char *build, char *load,
                             char *clock, size_t len)
{
    build[0] = load[0] = clock[0] = '\0';
    if (r->d.build)
        snprintf(build, len, "%s", r->d.build_text);
    if (r->d.load)
        snprintf(load, len, "%.1f against %.1f", r->d.load_a, r->d.load_b);
    size_t walled = r->wall_for_a + r->wall_for_b;
    if (walled)
        snprintf(clock, len,
                 "%zu benchmark%s on wall time on both sides: %s "
                 "no CPU time",
                 walled, walled == 1 ? "" : "s",
                 !r->wall_for_b   ? "A has"
                 : !r->wall_for_a ? "B has"
                                  : "one side or the other has");
}

static void differ_line(FILE *out, const struct run *r)
{
    char part[3][400];
    static const char *const what[3] = {"build", "load", "clock"};
    differences_text(r, part[0], part[1], part[2], sizeof(part[0]));
    int count = !!part[0][0] + !!part[1][0] + !!part[2][0], said = 0;
    if (!count)
        return;
    fprintf(out, "# warning: the runs differ in ");
    for (int i = 0; i < 3; i++) {
        if (!part[i][0])
            continue;
        said++;
        fprintf(out, "%s%s (%s)",
                said == 1       ? ""
                : said == count ? " and "
                                : ", ",
                what[i], part[i]);
    }
    fprintf(out, "; their times may differ for that alone\n");
}

/* The notes above the table: the sides, what the runs differ in, the
 * provenance, the variants, the noise warnings, incompleteness. */
static int notes_write(FILE *out, const struct run *r,
                       const struct pb_compare_options *o, struct pb_error *e)
{
    char side_a[PB_PATH_MAX + 128], side_b[PB_PATH_MAX + 128], floor[1200];
    pb_compare_side_text(&r->a, side_a, sizeof(side_a));
    pb_compare_side_text(&r->b, side_b, sizeof(side_b));
    fprintf(out, "# A = %s%s\n# B = %s%s\n", r->a.path, side_a, r->b.path,
            side_b);
    differ_line(out, r);
    pb_compare_context(out, &r->a, &r->b);
    pb_calibration_text(&r->cal, NULL, floor, sizeof(floor));
    if (floor[0])
        fprintf(out, "# %s\n", floor);
    if (o->variant_a)
        fprintf(out,
                "# variants: %s of A against %s of B, corpus by corpus "
                "(rows named by A's benchmark)\n",
                o->variant_a, o->variant_b);
    noise_lines(out, "A", r, false, r->one_run ? "A and B" : "A");
    noise_lines(out, "B", r, true, r->one_run ? NULL : "B");
    /* a side that stopped early lacks benchmarks: say so, not silently */
    int rc = pb_compare_completeness(out, r->one_run ? "A and B" : "A",
                                     r->a.path, e);
    if (rc == 0 && !r->one_run)
        rc = pb_compare_completeness(out, "B", r->b.path, e);
    return rc;
}

/* p as a table shows it: four decimals; below them "<0.0001", never a
 * false 0.0000; "NA" without an interval. */
static void p_text(double p, char *buf, size_t len)
{
    if (!isfinite(p))
        snprintf(buf, len, "NA");
    else if (p < 0.0001)
        snprintf(buf, len, "<0.0001");
    else
        snprintf(buf, len, "%.4f", p);
}

static int level_percent(const struct pb_compare_options *o)
{
    return (int)lround((1 - o->alpha) * 100);
}

/* The kernels' lines and the gate's, after the table. */
static int text_summary(FILE *out, const struct run *r,
                        const struct pb_compare_options *o, struct pb_error *e)
{
    struct kernel_sum *sums = NULL, *m, *next;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < r->n; i++)
        rc = add_kernel(&sums, &r->p[i]);
    HASH_ITER(hh, sums, m, next)
    {
        char name[4 * sizeof(m->kernel)];
        pb_escape_controls(m->kernel, name, sizeof(name));
        // cppcheck-suppress uninitvar ; add_kernel's sums are calloc'd
        int ratios = m->ratios;
        // cppcheck-suppress uninitvar ; as ratios
        double log_sum = m->log_sum;
        char mean[PB_UNITS_TEXT], count[PB_UNITS_TEXT];
        pb_units_ratio(mean, sizeof(mean),
                       ratios ? exp(log_sum / ratios) : NAN);
        pb_units_count(count, sizeof(count), ratios);
        if (rc == 0 && ratios)
            fprintf(out,
                    "# %s: geometric mean of the ratios %s over %s "
                    "benchmarks; ",
                    name, mean, count);
        else if (rc == 0)
            fprintf(out, "# %s: ", name);
        char floor[256];
        pb_calibration_text(&r->cal, m->kernel, floor, sizeof(floor));
        if (rc == 0)
            fprintf(out, "%d faster, %d slower, %d same, %d inconclusive%s%s\n",
                    m->verdicts[PB_FASTER], m->verdicts[PB_SLOWER],
                    m->verdicts[PB_SAME], m->verdicts[PB_INCONCLUSIVE],
                    floor[0] ? "; " : "", floor);
    }
    free_kernels(&sums);
    if (rc)
        return pb_fail(e, rc, "out of memory");
    if (o->fail_above < 0)
        return 0;
    if (r->failing) {
        fprintf(out,
                "# gate: %zu benchmark%s slower than +%g %% beyond %s "
                "interval (Holm-corrected over %zu):",
                r->failing, r->failing == 1 ? "" : "s", o->fail_above,
                r->failing == 1 ? "its" : "their", r->gated);
        size_t shown = 0;
        for (size_t i = 0; i < r->n && shown < SHOWN_FAILING; i++)
            if (r->p[i].p_gate < o->alpha) {
                char name[4 * sizeof(r->p[i].x->key)];
                pb_escape_controls(r->p[i].x->key, name, sizeof(name));
                fprintf(out, "%s %s", shown++ ? "," : "", name);
            }
        fprintf(out, "%s\n", r->failing > shown ? ", ..." : "");
    } else {
        fprintf(out,
                "# gate: no benchmark slower than +%g %% beyond its interval "
                "(Holm-corrected over %zu)%s\n",
                o->fail_above, r->gated,
                r->failing_raw ? "; some were before the correction" : "");
    }
    if (r->gated < r->n)
        fprintf(out,
                "# gate: %zu of %zu benchmarks have no interval (fewer than %d "
                "rounds) and cannot fail it\n",
                r->n - r->gated, r->n, PB_STATS_MIN_ROUNDS);
    return 0;
}

static int text_write(FILE *out, const struct run *r,
                      const struct pb_compare_options *o, struct pb_error *e)
{
    int level = level_percent(o);
    size_t family = r->n ? r->p[0].c.family : 0;
    char family_text[96];
    if (family)
        snprintf(family_text, sizeof(family_text),
                 "Holm-adjusted over the %zu benchmark%s with an interval",
                 family, family == 1 ? "" : "s");
    else
        snprintf(family_text, sizeof(family_text),
                 "none: no benchmark has %d rounds a side",
                 PB_STATS_MIN_ROUNDS);
    fprintf(out,
            "# ratio = B / A of the time per instance over rounds (the "
            "geometric mean of the rounds' ratios; one round: median B / "
            "median A; per iteration for other Google Benchmark names)\n"
            "# %d%% interval: Student's t on the log round values, %s; "
            "p: of 'the change lies within +-%g %%', %s\n"
            "# verdict: faster or slower beyond +-%g %% (p < %g), same "
            "within it, else inconclusive (why)\n",
            level,
            r->sided     ? "paired round by round (two builds interleaved "
                           "in time: bench --against)"
            : r->one_run ? "paired round by round (one run)"
                         : "unpaired (Welch: two runs)",
            o->band * 100, family_text, o->band * 100, o->alpha);
    char head[32];
    snprintf(head, sizeof(head), "%d%% interval", level);
    fprintf(out, "%-64s %-5s %*s %*s %8s %-17s %9s %-12s %s\n", "benchmark",
            "clock", TIME_COLUMN, "median A", TIME_COLUMN, "median B", "ratio",
            head, "p", "verdict", "reason");
    for (size_t i = 0; i < r->n; i++) {
        const struct pair *p = &r->p[i];
        char name[4 * sizeof(p->x->key)], ci[2 * PB_UNITS_TEXT], pt[16];
        char ratio[PB_UNITS_TEXT];
        pb_escape_controls(p->x->key, name, sizeof(name));
        pb_units_interval(ci, sizeof(ci), p->c.lo, p->c.hi);
        pb_units_ratio(ratio, sizeof(ratio), p->c.ratio);
        p_text(p->c.p, pt, sizeof(pt));
        fprintf(out, "%-64s %-5s ", name, readback_clock_name(p->x->clock));
        print_time(out, p->median_a);
        fputc(' ', out);
        print_time(out, p->median_b);
        fprintf(out, " %8s %-17s %9s %-*s%s%s\n", ratio, ci, pt,
                p->why[0] ? 12 : 0, pb_verdict_name(p->c.verdict),
                p->why[0] ? " " : "", p->why);
    }
    return text_summary(out, r, o, e);
}

/* A CSV field: quoted when it holds a comma, a quote or a line end. */
static void csv_text(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void csv_number(FILE *out, double v)
{
    if (isfinite(v))
        fprintf(out, ",%.9g", v);
    else
        fputs(",NA", out);
}

static void csv_write(FILE *out, const struct run *r)
{
    fputs("benchmark,median_a,median_b,ratio,ci_low,ci_high,p,verdict,clock,"
          "rounds_a,rounds_b,reason,paired,p_same,benchmark_b\n",
          out);
    for (size_t i = 0; i < r->n; i++) {
        const struct pair *p = &r->p[i];
        csv_text(out, p->x->key);
        csv_number(out, p->median_a);
        csv_number(out, p->median_b);
        csv_number(out, p->c.ratio);
        csv_number(out, p->c.lo);
        csv_number(out, p->c.hi);
        csv_number(out, p->c.p);
        fprintf(out, ",%s,%s,%zu,%zu,", pb_verdict_name(p->c.verdict),
                readback_clock_name(p->x->clock), p->c.rounds_a, p->c.rounds_b);
        csv_text(out, p->why);
        fprintf(out, ",%d", p->c.paired);
        csv_number(out, p->c.p_equal);
        fputc(',', out);
        csv_text(out, p->y->key);
        fputc('\n', out);
    }
}

/* A JSON number, or null for NaN (JSON has none). */
static json_t *number(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

/* A JSON string of s; bytes outside UTF-8 (a path from the command line)
 * as \xHH text. */
static json_t *text(const char *s)
{
    json_t *j = json_string(s);
    if (j)
        return j;
    char buf[4096];
    size_t at = 0;
    for (const unsigned char *p = (const unsigned char *)s;
         *p && at + 5 < sizeof(buf); p++)
        at += (size_t)snprintf(buf + at, sizeof(buf) - at,
                               *p < 0x20 || *p >= 0x7f ? "\\x%02x" : "%c", *p);
    return json_string(buf);
}

/* The notes' warning lines ("# warning: " and the rest), as strings. */
static json_t *warnings_of(const char *notes)
{
    static const char mark[] = "# warning: ";
    json_t *list = json_array();
    for (const char *line = notes; list && line && *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (!strncmp(line, mark, strlen(mark)) &&
            strncmp(line, "# warning: the runs differ", 26)) {
            char *copy = strndup(line + strlen(mark), n - strlen(mark));
            json_array_append_new(list, copy ? text(copy) : json_null());
            free(copy);
        }
        line = end ? end + 1 : NULL;
    }
    return list;
}

static json_t *json_record(const struct pair *p,
                           const struct pb_compare_options *o,
                           const struct pb_calibration *cal)
{
    json_t *j = json_object();
    json_object_set_new(j, "benchmark", text(p->x->key));
    json_object_set_new(j, "benchmark_b", text(p->y->key));
    json_object_set_new(j, "kernel", text(p->x->kernel));
    json_object_set_new(j, "clock",
                        json_string(readback_clock_name(p->x->clock)));
    json_object_set_new(j, "median_a", number(p->median_a));
    json_object_set_new(j, "median_b", number(p->median_b));
    json_object_set_new(j, "ratio", number(p->c.ratio));
    json_object_set_new(j, "ci_low", number(p->c.lo));
    json_object_set_new(j, "ci_high", number(p->c.hi));
    json_object_set_new(j, "p", number(p->c.p));
    json_object_set_new(j, "p_same", number(p->c.p_equal));
    json_object_set_new(j, "verdict",
                        json_string(pb_verdict_name(p->c.verdict)));
    json_object_set_new(j, "reason", p->why[0] ? text(p->why) : json_null());
    json_object_set_new(j, "rounds_a", json_integer((json_int_t)p->c.rounds_a));
    json_object_set_new(j, "rounds_b", json_integer((json_int_t)p->c.rounds_b));
    json_object_set_new(j, "paired", json_boolean(p->c.paired));
    if (o->fail_above >= 0)
        json_object_set_new(j, "gate_fails",
                            json_boolean(p->p_gate < o->alpha));
    double floor = NAN;
    for (size_t k = 0; k < cal->kernels; k++)
        if (!strcmp(cal->k[k].name, p->x->kernel))
            floor = cal->k[k].floor;
    if (cal->path[0])
        json_object_set_new(j, "noise_floor_percent", number(floor));
    return j;
}

static json_t *json_kernels(const struct run *r, int *rc)
{
    struct kernel_sum *sums = NULL, *m, *next;
    json_t *list = json_array();
    for (size_t i = 0; *rc == 0 && i < r->n; i++)
        *rc = add_kernel(&sums, &r->p[i]);
    HASH_ITER(hh, sums, m, next)
    {
        // cppcheck-suppress uninitvar ; add_kernel's sums are calloc'd
        double mean = m->ratios ? exp(m->log_sum / m->ratios) : NAN;
        json_array_append_new(
            list,
            json_pack("{s:o, s:i, s:o, s:i, s:i, s:i, s:i}", "kernel",
                      text(m->kernel), "benchmarks", m->benchmarks,
                      "geometric_mean", number(mean), "faster",
                      m->verdicts[PB_FASTER], "slower", m->verdicts[PB_SLOWER],
                      "same", m->verdicts[PB_SAME], "inconclusive",
                      m->verdicts[PB_INCONCLUSIVE]));
    }
    free_kernels(&sums);
    return list;
}

static int json_write(FILE *out, const struct run *r,
                      const struct pb_compare_options *o, const char *notes,
                      struct pb_error *e)
{
    json_t *root = json_object(), *options = json_object();
    json_object_set_new(options, "alpha", json_real(o->alpha));
    json_object_set_new(options, "level_percent",
                        json_integer(level_percent(o)));
    json_object_set_new(options, "band_percent", json_real(o->band * 100));
    json_object_set_new(options, "fail_above_percent",
                        o->fail_above >= 0 ? json_real(o->fail_above)
                                           : json_null());
    json_object_set_new(options, "clock",
                        json_string(o->clock & READBACK_CLOCK_CPU_ONLY ? "cpu"
                                    : o->clock & READBACK_CLOCK_WALL_ONLY
                                        ? "wall"
                                        : "rule"));
    json_object_set_new(options, "variants",
                        o->variant_a ? json_pack("[o, o]", text(o->variant_a),
                                                 text(o->variant_b))
                                     : json_null());
    json_object_set_new(options, "correction", json_string("holm"));
    json_object_set_new(root, "a", text(r->a.path));
    json_object_set_new(root, "b", text(r->b.path));
    json_object_set_new(root, "options", options);
    json_object_set_new(root, "paired", json_boolean(r->one_run));
    json_object_set_new(root, "sides", json_boolean(r->sided));
    json_object_set_new(
        root, "noise_floor",
        r->cal.path[0] ? json_pack("{s:o, s:o, s:s, s:i}", "file",
                                   text(r->cal.path), "host", text(r->cal.host),
                                   "date", r->cal.date, "rounds", r->cal.rounds)
                       : json_null());

    char part[3][400], missing[1024];
    differences_text(r, part[0], part[1], part[2], sizeof(part[0]));
    json_t *diff = json_object();
    json_object_set_new(diff, "build", json_boolean(part[0][0]));
    json_object_set_new(diff, "build_detail",
                        part[0][0] ? text(part[0]) : json_null());
    json_object_set_new(diff, "load", json_boolean(part[1][0]));
    json_object_set_new(diff, "load_a", number(r->d.load_a));
    json_object_set_new(diff, "load_b", number(r->d.load_b));
    json_object_set_new(diff, "clock", json_boolean(part[2][0]));
    json_object_set_new(diff, "clock_detail",
                        part[2][0] ? text(part[2]) : json_null());
    json_t *prov =
        pb_compare_provenance(&r->a, &r->b, missing, sizeof(missing));
    json_object_set_new(diff, "provenance", prov ? prov : json_null());
    json_object_set_new(root, "differences", diff);
    json_object_set_new(root, "warnings", warnings_of(notes));

    json_t *records = json_array();
    for (size_t i = 0; i < r->n; i++)
        json_array_append_new(records, json_record(&r->p[i], o, &r->cal));
    json_object_set_new(root, "benchmarks", records);
    int rc = 0;
    json_object_set_new(root, "kernels", json_kernels(r, &rc));
    if (o->fail_above >= 0) {
        json_t *failing = json_array();
        for (size_t i = 0; i < r->n; i++)
            if (r->p[i].p_gate < o->alpha)
                json_array_append_new(failing, text(r->p[i].x->key));
        json_object_set_new(root, "gate",
                            json_pack("{s:o, s:o, s:i}", "fail_above_percent",
                                      json_real(o->fail_above), "failing",
                                      failing, "without_interval",
                                      (json_int_t)(r->n - r->gated)));
    }
    if (rc == 0 && json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER))
        rc = -ENOMEM;
    if (rc == 0)
        fputc('\n', out);
    json_decref(root);
    return rc ? pb_fail(e, rc, "out of memory") : 0;
}

/* Side A from the store: baseline name's run, named by its results file
 * (whose results.json, while the folder is there, gives the context). */
static int baseline_load(const char *db, const char *name, struct readback *t,
                         unsigned flags, struct pb_error *e)
{
    struct pb_store *s;
    int rc = pb_store_open_existing(db, &s, e);
    int64_t run = 0;
    if (rc == 0)
        rc = pb_store_baseline_run(s, name, &run, e);
    char source[1024] = "";
    if (rc == 0)
        rc = pb_store_run_source(s, run, source, sizeof(source), e);
    if (rc == 0)
        rc = pb_store_readback(s, run, source, t, flags, e);
    pb_store_close(s);
    return rc;
}

int pb_compare(const char *a_path, const char *b_path,
               const struct pb_compare_options *o, FILE *out, FILE *notes,
               struct pb_error *e)
{
    struct run r;
    memset(&r, 0, sizeof(r));
    unsigned flags =
        o->clock & (READBACK_CLOCK_WALL_ONLY | READBACK_CLOCK_CPU_ONLY);
    int rc = o->baseline ? baseline_load(o->db, o->baseline, &r.a, flags, e)
                         : readback_load(a_path, &r.a, flags, e);
    if (rc)
        return rc;
    /* one folder of bench --against: its side A against its side B */
    r.sided =
        !o->variant_a && !strcmp(a_path, b_path) && readback_two_sided(&r.a);
    if (r.sided) {
        readback_free(&r.a);
        if ((rc = readback_load(a_path, &r.a, flags | READBACK_SIDE_A, e)) != 0)
            return rc;
    }
    if ((rc = readback_load(b_path, &r.b,
                            flags | (r.sided ? READBACK_SIDE_B : 0), e)) != 0) {
        readback_free(&r.a);
        return rc;
    }
    /* two variants of one run, or its two sides: paired */
    r.one_run = !strcmp(r.a.path, r.b.path);
    r.d.load_a = r.d.load_b = NAN;
    if (!r.one_run || r.sided)
        pb_compare_runs(&r.a, &r.b, &r.d);
    rc = pb_calibration_for(b_path, o->calibration, &r.cal, e);
    if (rc) {
        readback_free(&r.a);
        readback_free(&r.b);
        return rc;
    }
    rc = find_pairs(&r, o, e);
    if (rc == 0)
        rc = align_clocks(&r, e);
    if (rc == 0)
        rc = judge(&r, o, e);
    /* written whole or not at all: an error leaves nothing half-said */
    char *head = NULL, *body = NULL;
    size_t head_len = 0, body_len = 0;
    FILE *h = rc == 0 ? open_memstream(&head, &head_len) : NULL;
    if (rc == 0 && !h)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    if (rc == 0)
        rc = notes_write(h, &r, o, e);
    if (h && fclose(h) != 0 && rc == 0)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    FILE *b = rc == 0 ? open_memstream(&body, &body_len) : NULL;
    if (rc == 0 && !b)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    if (rc == 0 && o->format == PB_COMPARE_TEXT)
        rc = text_write(b, &r, o, e);
    else if (rc == 0 && o->format == PB_COMPARE_CSV)
        csv_write(b, &r);
    else if (rc == 0)
        rc = json_write(b, &r, o, head, e);
    if (b && fclose(b) != 0 && rc == 0)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    if (rc == 0 && o->format == PB_COMPARE_TEXT)
        fwrite(head, 1, head_len, out);
    else if (rc == 0 && o->format == PB_COMPARE_CSV && notes)
        fwrite(head, 1, head_len, notes);
    if (rc == 0)
        fwrite(body, 1, body_len, out);
    free(head);
    free(body);
    free(r.p);
    readback_free(&r.a);
    readback_free(&r.b);
    return rc ? rc : r.failing ? 1 : 0;
}
