/*
 * report.c - the report of a results folder (report.h), in Markdown and
 * HTML from one pass: each part is written through a pair of emitters.
 *
 * Sources, structured only (never log.txt): the provenance and the
 * verification records ("verify:NAME", schema.h) of results.json's
 * context, read with Jansson; the benchmarks of results.csv, else of
 * results.json (tidy.h); the figures already drawn (plot.h). A folder
 * whose results.json lacks them (or has none) says so in their place.
 * Each kernel's table shows its work counter 0 per instance ("work /
 * instance"), its other counters per instance and, for a kernel with
 * work.units, the units per instance, the time per unit and each
 * counter per unit (work.h), named after the kernel's descriptor.
 * Stability warnings per benchmark: coefficient of variation above 10 %,
 * a timed sample (one whole-corpus solve) under 1 ms, a first repetition
 * more than 1.5x the median of the others, more threads than cores.
 * Deterministic: the same folder gives the same bytes (golden test).
 * Text from the folder (its path, log lines, names) is data: escaped for
 * HTML (& < > " ' as entities) and for Markdown (\ | < > ` [ ] with a
 * backslash, so it neither breaks a table cell nor becomes markup or a
 * link); control bytes are written as \xHH in both.
 */
#include "report.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "noise.h"
#include "pb_file.h"
#include "plot.h"
#include "schema.h"
#include "stats.h"
#include "summary.h"
#include "tidy.h"

#define SHORT_SAMPLE 1e-3
#define SLOW_FIRST 1.5

struct out {
    FILE *md, *html;
};

/* Writes s to f escaped for HTML, or for Markdown (md); newlines kept
 * when lines, else written as \x0a like other control bytes. */
static void put(FILE *f, const char *s, bool md, bool lines)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        const char *entity = NULL;
        if (!md)
            entity = *p == '&'    ? "&amp;"
                     : *p == '<'  ? "&lt;"
                     : *p == '>'  ? "&gt;"
                     : *p == '"'  ? "&quot;"
                     : *p == '\'' ? "&#39;"
                                  : NULL;
        if (entity)
            fputs(entity, f);
        else if (*p == '\n' && lines)
            fputc('\n', f);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(f, "\\x%02x", *p);
        else if (md && strchr("\\|<>`[]", *p))
            fprintf(f, "\\%c", *p);
        else
            fputc(*p, f);
    }
}

static void md_put(FILE *f, const char *s)
{
    put(f, s, true, false);
}

static void html_put(FILE *f, const char *s)
{
    put(f, s, false, false);
}

static void heading(struct out *o, const char *text)
{
    fputs("\n## ", o->md);
    md_put(o->md, text);
    fputs("\n\n", o->md);
    fputs("<h2>", o->html);
    html_put(o->html, text);
    fputs("</h2>\n", o->html);
}

static void table_begin(struct out *o, const char *const *cols, int n)
{
    fputc('|', o->md);
    for (int i = 0; i < n; i++) {
        fputc(' ', o->md);
        md_put(o->md, cols[i]);
        fputs(" |", o->md);
    }
    fputs("\n|", o->md);
    for (int i = 0; i < n; i++)
        fputs(i ? "---:|" : "---|", o->md);
    fputs("\n<table>\n<tr>", o->html);
    for (int i = 0; i < n; i++) {
        fputs("<th>", o->html);
        html_put(o->html, cols[i]);
        fputs("</th>", o->html);
    }
    fputs("</tr>\n", o->html);
    fputc('\n', o->md);
}

static void table_row(struct out *o, char cells[][256], int n)
{
    fputc('|', o->md);
    fputs("<tr>", o->html);
    for (int i = 0; i < n; i++) {
        fputc(' ', o->md);
        md_put(o->md, cells[i]);
        fputs(" |", o->md);
        fputs("<td>", o->html);
        html_put(o->html, cells[i]);
        fputs("</td>", o->html);
    }
    fputc('\n', o->md);
    fputs("</tr>\n", o->html);
}

static void table_end(struct out *o)
{
    fputs("</table>\n", o->html);
}

static void time_text(char *buf, size_t len, double s)
{
    if (!isfinite(s))
        snprintf(buf, len, "-");
    else if (s >= 1)
        snprintf(buf, len, "%.3f s", s);
    else if (s >= 1e-3)
        snprintf(buf, len, "%.3f ms", s * 1e3);
    else
        snprintf(buf, len, "%.3f us", s * 1e6);
}

/* A paragraph in both forms; after a table, Markdown needs a blank line
 * (a heading ends with one). */
static void para(struct out *o, const char *text, bool after_table)
{
    if (after_table)
        fputc('\n', o->md);
    md_put(o->md, text);
    fputc('\n', o->md);
    fputs("<p>", o->html);
    html_put(o->html, text);
    fputs("</p>\n", o->html);
}

/* The provenance keys in the order provenance.c records them (Google
 * Benchmark's context keeps its keys sorted); keys outside this list
 * follow in the file's order. */
static const char *const provenance_keys[] = {"puzzlebench_commit",
                                              "puzzlebench_dirty",
                                              "compiler",
                                              "compiler_flags",
                                              "build_type",
                                              "google_benchmark_version",
                                              "jemalloc_version",
                                              "heap_counters",
                                              "omp_places",
                                              "omp_proc_bind",
                                              "omp_max_threads",
                                              "cores",
                                              "max_threads_asked",
                                              "threads_oversubscribed",
                                              "suite"};
/* Google Benchmark's own context keys and the harness's other records:
 * not provenance rows. */
static const char *const not_provenance[] = {"date",
                                             "host_name",
                                             "executable",
                                             "num_cpus",
                                             "mhz_per_cpu",
                                             "caches",
                                             "cpu_scaling_enabled",
                                             "load_avg",
                                             "library_build_type",
                                             "json_schema_version"};

static bool listed(const char *key, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(key, list[i]))
            return true;
    return false;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* A provenance row: the value trimmed (a table cell shows no edge
 * spaces; compiler_flags starts with one). */
static void provenance_row(struct out *o, const char *key, const char *value)
{
    char cells[2][256];
    while (*value == ' ')
        value++;
    snprintf(cells[0], sizeof(cells[0]), "%s", key);
    snprintf(cells[1], sizeof(cells[1]), "%s", value);
    for (size_t n = strlen(cells[1]); n > 0 && cells[1][n - 1] == ' '; n--)
        cells[1][n - 1] = '\0';
    table_row(o, cells, 2);
}

static void provenance_part(struct out *o, const json_t *context, int *cores)
{
    static const char *const cols[] = {"key", "value"};
    heading(o, "Provenance");
    size_t rows = 0;
    for (size_t pass = 0; pass < 2; pass++) {
        /* pass 0: the known keys in their order; pass 1: the others */
        for (size_t k = 0; pass == 0 && k < COUNT(provenance_keys); k++) {
            const char *v =
                json_string_value(json_object_get(context, provenance_keys[k]));
            if (!v)
                continue;
            if (rows++ == 0)
                table_begin(o, cols, 2);
            provenance_row(o, provenance_keys[k], v);
        }
        const char *key;
        json_t *value;
        json_object_foreach((json_t *)context, key, value)
        {
            if (pass == 0 || !json_is_string(value) ||
                listed(key, provenance_keys, COUNT(provenance_keys)) ||
                listed(key, not_provenance, COUNT(not_provenance)) ||
                !strncmp(key, "corpus:", strlen("corpus:")) ||
                !strncmp(key, PB_VERIFY_KEY, strlen(PB_VERIFY_KEY)))
                continue;
            if (rows++ == 0)
                table_begin(o, cols, 2);
            provenance_row(o, key, json_string_value(value));
        }
    }
    const char *c = json_string_value(json_object_get(context, "cores"));
    *cores = c ? atoi(c) : 0;
    if (rows)
        table_end(o);
    else
        para(o, "Provenance not recorded in this results folder.", false);
}

struct record {
    const char *name;
    struct pb_verify v;
};

static int by_order(const void *a, const void *b)
{
    const struct record *x = a, *y = b;
    if (x->v.order != y->v.order)
        return x->v.order < y->v.order ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int verification_part(struct out *o, const json_t *context,
                             const char *path, bool json, struct pb_error *e)
{
    static const char *const cols[] = {"benchmark", "answers", "result"};
    heading(o, "Verification (every variant, every corpus, before timing)");
    size_t n = 0, cap = json_object_size(context);
    struct record *r = calloc(cap ? cap : 1, sizeof(*r));
    if (!r)
        return pb_fail(e, -ENOMEM, "out of memory");
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)context, key, value)
    {
        if (strncmp(key, PB_VERIFY_KEY, strlen(PB_VERIFY_KEY)))
            continue;
        const char *text = json_string_value(value);
        if (!text || pb_verify_parse(text, &r[n].v)) {
            free(r);
            return pb_fail(e, -EINVAL,
                           "%s: context \"%.80s\": expected a verification "
                           "record (order=N status=S correct=N instances=N "
                           "seconds=S reason=...)",
                           path, key);
        }
        r[n++].name = key + strlen(PB_VERIFY_KEY);
    }
    qsort(r, n, sizeof(*r), by_order);
    size_t failed = 0, untimed = 0;
    if (n)
        table_begin(o, cols, 3);
    for (size_t i = 0; i < n; i++) {
        const struct pb_verify *v = &r[i].v;
        char cells[3][256];
        /* the size as its kernel writes it now (an older folder's
         * "size:33" of cubic_eight shows as size:3x3, as in the tables) */
        struct pb_bench_id id;
        if (pb_bench_id_parse(r[i].name, &id, NULL) != 0 ||
            tidy_size_canonical(&id, NULL) != 0 ||
            pb_bench_id_write(&id, cells[0], sizeof(cells[0])) < 0)
            snprintf(cells[0], sizeof(cells[0]), "%s", r[i].name);
        if (isnan(v->seconds))
            snprintf(cells[1], sizeof(cells[1]), "-");
        else
            snprintf(cells[1], sizeof(cells[1]), "%llu/%llu",
                     (unsigned long long)v->correct,
                     (unsigned long long)v->instances);
        snprintf(cells[2], sizeof(cells[2]), "%s",
                 v->reason[0] ? v->reason : pb_verify_status_name(v->status));
        failed += v->status == PB_VERIFY_WRONG || v->status == PB_VERIFY_FAILED;
        untimed += v->status != PB_VERIFY_CORRECT;
        table_row(o, cells, 3);
    }
    free(r);
    if (n)
        table_end(o);
    char text[192];
    if (n == 0)
        snprintf(text, sizeof(text),
                 "Verification not recorded in this results folder (%s; "
                 "its log.txt, where kept, has the pass's lines).",
                 json ? "its results.json predates verification records"
                      : "it has no results.json");
    else if (failed)
        snprintf(text, sizeof(text), "Some benchmarks were not verified.");
    else if (untimed)
        snprintf(text, sizeof(text),
                 "Every answer checked was correct; %zu of %zu benchmarks "
                 "were not timed (see above).",
                 untimed, n);
    else
        snprintf(text, sizeof(text), "Every answer was correct.");
    para(o, text, n > 0);
    return 0;
}

/* Provenance and verification, from the context of DIR/results.json
 * (bench records both there); a folder without one gets the two
 * headings and a note. */
static int context_parts(const char *dir, struct out *o, int *cores,
                         struct pb_error *e)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/results.json", dir);
    json_t *empty = json_object(), *root = NULL;
    const json_t *context = empty;
    json_error_t error;
    FILE *f = fopen(path, "r");
    int rc = 0;
    if (!empty) {
        rc = pb_fail(e, -ENOMEM, "out of memory");
    } else if (!f && errno != ENOENT) {
        rc = pb_fail(e, -errno, "%s: cannot open: %s", path, strerror(errno));
    } else if (f && !(root = json_loadf(f, 0, &error))) {
        rc = pb_fail(e, -EINVAL,
                     "%s:%d:%d: %s; expected the Google Benchmark JSON "
                     "that bench writes",
                     path, error.line, error.column, error.text);
    } else if (root) {
        context = json_object_get(root, "context");
        if (!json_is_object(context))
            context = empty;
    }
    if (f)
        fclose(f);
    if (rc == 0) {
        provenance_part(o, context, cores);
        rc = verification_part(o, context, path, root != NULL, e);
    }
    json_decref(root);
    json_decref(empty);
    return rc;
}

static double cv_of(const struct tidy_bench *b)
{
    double mean = 0, var = 0;
    for (size_t i = 0; i < b->n; i++)
        mean += b->per_instance[i] / (double)b->n;
    for (size_t i = 0; i < b->n; i++)
        var += (b->per_instance[i] - mean) * (b->per_instance[i] - mean);
    return b->n > 1 && mean > 0 ? sqrt(var / (double)(b->n - 1)) / mean : 0;
}

/* The stability warnings of one benchmark, appended to warnings: the
 * noise rules (noise.h: CV, load, CPU / wall, threads against one),
 * then the report's own. */
static void warn_about(const struct tidy *t, const struct tidy_bench *b,
                       int cores, char *warnings, size_t len)
{
    double sorted[TIDY_MAX_REPS];
    memcpy(sorted, b->per_instance + 1,
           (b->n > 1 ? b->n - 1 : 0) * sizeof(double));
    double rest = b->n > 1 ? pb_median(sorted, b->n - 1) : NAN;
    memcpy(sorted, b->per_instance, b->n * sizeof(double));
    double median = pb_median(sorted, b->n);
    char what[1024] = "", noise[8][PB_NOISE_TEXT];
    size_t at = 0, noisy = pb_noise_bench(t, b, cores, noise, 8);
    for (size_t i = 0; i < noisy; i++)
        at += (size_t)snprintf(what + at, sizeof(what) - at, " %s;", noise[i]);
    if (median * (double)b->count < SHORT_SAMPLE)
        at += (size_t)snprintf(what + at, sizeof(what) - at,
                               " a timed sample under 1 ms;");
    if (isfinite(rest) && b->per_instance[0] > SLOW_FIRST * rest)
        at += (size_t)snprintf(what + at, sizeof(what) - at,
                               " first repetition %.1fx the others;",
                               b->per_instance[0] / rest);
    if (cores > 0 && b->threads > cores)
        snprintf(what + at, sizeof(what) - at, " %ld threads on %d cores;",
                 b->threads, cores);
    if (what[0]) {
        size_t n = strlen(warnings);
        snprintf(warnings + n, len - n, "- %s:%s\n", b->key, what);
    }
}

/* The fixed columns of a kernel's table; the work columns follow. */
#define FIXED_COLS 12
#define MAX_COLS (FIXED_COLS + 2 * PB_MAX_COUNTERS + 1)

/* Time per unit of work: down to nanoseconds. */
static void unit_time_text(char *buf, size_t len, double s)
{
    if (isfinite(s) && s < 1e-6)
        snprintf(buf, len, "%.3f ns", s * 1e9);
    else
        time_text(buf, len, s);
}

/* A figure in 4 digits; "-" when unknown. */
static void figure_text(char *buf, size_t len, double v)
{
    snprintf(buf, len, isfinite(v) ? "%.4g" : "-", v);
}

/* The work columns after the fixed ones: counters 1.. per instance;
 * with work.units, units per instance, time and each counter per unit.
 * Headers into head[] (labels in text), and how many. */
static int work_cols(const struct pb_kernel *k, const char **head,
                     char text[][64])
{
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(k, &defs);
    int n = 0;
    for (size_t i = 1; i < counters; i++, n++)
        snprintf(text[n], 64, "%s / instance", defs[i].name);
    if (k->work.units) {
        const char *unit = k->work.unit_name ? k->work.unit_name : "unit";
        snprintf(text[n++], 64, "units / instance");
        snprintf(text[n++], 64, "time / %s", unit);
        for (size_t i = 0; i < counters; i++, n++)
            snprintf(text[n], 64, "%s / %s", defs[i].name, unit);
    }
    for (int i = 0; i < n; i++)
        head[i] = text[i];
    return n;
}

/* The work cells of b, in work_cols' order. */
static void work_cells(const struct pb_kernel *k, const struct tidy_bench *b,
                       double median, char cells[][256])
{
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(k, &defs);
    int n = 0;
    for (size_t i = 1; i < counters; i++)
        figure_text(cells[n++], 256, tidy_counter(b, k, i));
    if (!k->work.units)
        return;
    double units = b->units_per_instance;
    figure_text(cells[n++], 256, units);
    unit_time_text(cells[n++], 256, median / units);
    for (size_t i = 0; i < counters; i++)
        figure_text(cells[n++], 256, tidy_counter(b, k, i) / units);
}

static void kernel_part(const struct tidy *t, const char *dir,
                        const struct pb_kernel *def, int cores, struct out *o,
                        char *warnings, size_t wlen)
{
    const char *kernel = def->name;
    const char *cols[MAX_COLS] = {
        "variant", "family", "size",  "n",     "threads",   "median / instance",
        "IQR",     "CV",     "ratio", "build", "peak heap", "work / instance"};
    char labels[MAX_COLS - FIXED_COLS][64];
    int ncols = FIXED_COLS + work_cols(def, cols + FIXED_COLS, labels);
    const char *base = pb_summary_baseline(t, kernel, NULL);
    char title[128];
    snprintf(title, sizeof(title), "%s (ratio to %s)", kernel,
             base ? base : "-");
    heading(o, title);
    table_begin(o, cols, ncols);
    for (size_t i = 0; i < t->count; i++) {
        const struct tidy_bench *b = &t->b[i];
        if (strcmp(b->kernel, kernel))
            continue;
        double sorted[TIDY_MAX_REPS];
        memcpy(sorted, b->per_instance, b->n * sizeof(double));
        double median = pb_median(sorted, b->n);
        double q1 = pb_quantile(sorted, b->n, 0.25);
        double q3 = pb_quantile(sorted, b->n, 0.75);
        double ratio = NAN;
        for (size_t j = 0; base && j < t->count; j++) {
            const struct tidy_bench *x = &t->b[j];
            if (!strcmp(x->variant, base) && !strcmp(x->kernel, kernel) &&
                !strcmp(x->family, b->family) && !strcmp(x->size, b->size) &&
                x->count == b->count && x->seed == b->seed &&
                x->threads == b->threads) {
                memcpy(sorted, x->per_instance, x->n * sizeof(double));
                ratio = median / pb_median(sorted, x->n);
            }
        }
        char cells[MAX_COLS][256], a[32], z[32];
        snprintf(cells[0], 256, "%s", b->variant);
        snprintf(cells[1], 256, "%s", b->family);
        snprintf(cells[2], 256, "%s", b->size);
        snprintf(cells[3], 256, "%ld", b->count);
        snprintf(cells[4], 256, "%ld", b->threads);
        time_text(cells[5], 256, median);
        time_text(a, sizeof(a), q1);
        time_text(z, sizeof(z), q3);
        snprintf(cells[6], 256, "%s .. %s", a, z);
        snprintf(cells[7], 256, "%.1f %%", 100 * cv_of(b));
        snprintf(cells[8], 256, isfinite(ratio) ? "%.3g" : "-", ratio);
        time_text(cells[9], 256, b->build_seconds);
        if (isfinite(b->peak_heap_bytes))
            snprintf(cells[10], 256, "%.1f MB", b->peak_heap_bytes / 1e6);
        else
            snprintf(cells[10], 256, "NA");
        snprintf(cells[11], 256, "%.4g", b->work_per_instance);
        work_cells(def, b, median, cells + FIXED_COLS);
        table_row(o, cells, ncols);
        warn_about(t, b, cores, warnings, wlen);
    }
    table_end(o);
    const char *kind;
    for (size_t k = 0; (kind = pb_plot_kind(k)) != NULL; k++) {
        char path[1024];
        struct stat st;
        snprintf(path, sizeof(path), "%s/figures/%s-%s.svg", dir, kind, kernel);
        if (stat(path, &st) != 0)
            continue;
        /* kernel is a registered name (pb_kernels), kinds fixed: both are
         * in [a-z0-9_], safe in a link and an attribute */
        fprintf(o->md,
                "\n![%s %s](figures/%s-%s.png)\n\n"
                "[SVG](figures/%s-%s.svg), [PDF](figures/%s-%s.pdf)\n",
                kernel, kind, kind, kernel, kind, kernel, kind, kernel);
        fprintf(o->html,
                "<p><img src=\"figures/%s-%s.svg\" alt=\"%s %s\"><br>"
                "<a href=\"figures/%s-%s.pdf\">PDF</a></p>\n",
                kind, kernel, kernel, kind, kind, kernel);
    }
}

int pb_report_write(const char *dir, struct pb_error *e)
{
    return pb_report_write_kernels(dir, pb_kernels, e);
}

int pb_report_write_kernels(const char *dir,
                            const struct pb_kernel *const *kernels,
                            struct pb_error *e)
{
    struct tidy t;
    int rc = tidy_load(dir, &t, TIDY_PUZZLEBENCH_ONLY, e);
    if (rc)
        return rc;
    char *md_text = NULL, *html_text = NULL;
    size_t md_len = 0, html_len = 0;
    struct out o = {open_memstream(&md_text, &md_len),
                    open_memstream(&html_text, &html_len)};
    if (!o.md || !o.html) {
        if (o.md)
            fclose(o.md);
        if (o.html)
            fclose(o.html);
        free(md_text);
        free(html_text);
        tidy_free(&t);
        return pb_fail(e, -ENOMEM, "out of memory");
    }
    /* a code span shows the path as it is, unless a backtick (which would
     * end the span) or a control byte asks for escaping */
    bool span = !strchr(dir, '`');
    for (const char *p = dir; span && *p; p++)
        span = (unsigned char)*p >= 0x20 && *p != 0x7f;
    fputs("# puzzlebench report\n\nResults folder: ", o.md);
    if (span)
        fprintf(o.md, "`%s`", dir);
    else
        md_put(o.md, dir);
    fputs(". Times are per instance over the verified repetitions; ratios "
          "are to each kernel's first registered variant.\n",
          o.md);
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
          "<title>puzzlebench report</title><style>body{font-family:"
          "sans-serif;max-width:80em}table{border-collapse:collapse}td,th"
          "{border:1px solid #ccc;padding:2px 6px;text-align:right}"
          "</style></head><body>\n<h1>puzzlebench report</h1>\n<p>Results "
          "folder: <code>",
          o.html);
    html_put(o.html, dir);
    fputs("</code>.</p>\n", o.html);
    int cores = 0;
    rc = context_parts(dir, &o, &cores, e);
    static char warnings[65536];
    warnings[0] = '\0';
    for (size_t k = 0; rc == 0 && kernels[k]; k++) {
        bool present = false;
        for (size_t i = 0; i < t.count && !present; i++)
            present = !strcmp(t.b[i].kernel, kernels[k]->name);
        if (present)
            kernel_part(&t, dir, kernels[k], cores, &o, warnings,
                        sizeof(warnings));
    }
    if (rc == 0) {
        heading(&o, "Stability warnings");
        put(o.md, warnings[0] ? warnings : "None.\n", true, true);
        fputs("<pre>", o.html);
        put(o.html, warnings[0] ? warnings : "None.", false, true);
        fputs("</pre>\n</body></html>\n", o.html);
    }
    fclose(o.md);
    fclose(o.html);
    tidy_free(&t);
    char path[1024];
    snprintf(path, sizeof(path), "%s/report.md", dir);
    if (rc == 0 && (rc = pb_write_atomically(path, md_text, md_len)) != 0)
        pb_fail(e, rc, "%s: cannot write: %s", path, strerror(-rc));
    snprintf(path, sizeof(path), "%s/report.html", dir);
    if (rc == 0 && (rc = pb_write_atomically(path, html_text, html_len)) != 0)
        pb_fail(e, rc, "%s: cannot write: %s", path, strerror(-rc));
    free(md_text);
    free(html_text);
    return rc;
}
