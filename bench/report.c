/*
 * report.c - the report of a results folder (report.h), in Markdown and
 * HTML from one pass: each part is written through a pair of emitters.
 *
 * Sources: the provenance and the verification lines of log.txt ("# key
 * value" and "verify NAME a/b STATUS time"), the benchmarks of
 * results.csv (tidy.h), the figures already drawn (plot.h).
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
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pb_file.h"
#include "stats.h"
#include "summary.h"
#include "tidy.h"

#define CV_LIMIT 0.10
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

/* Provenance ("# key value" lines) and verification lines of log.txt. */
static int log_parts(const char *dir, struct out *o, int *cores,
                     struct pb_error *e)
{
    char path[1024], line[2048];
    snprintf(path, sizeof(path), "%s/log.txt", dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return pb_fail(e, -errno,
                       "%s: cannot open: %s (the report needs the run's log "
                       "for its provenance and verification)",
                       path, strerror(errno));
    static const char *const pcols[] = {"key", "value"};
    static const char *const vcols[] = {"benchmark", "answers", "result"};
    heading(o, "Provenance");
    table_begin(o, pcols, 2);
    while (fgets(line, sizeof(line), f)) {
        char cells[2][256];
        if (sscanf(line, "# %255s %255[^\n]", cells[0], cells[1]) != 2)
            continue;
        if (!strcmp(cells[0], "cores"))
            *cores = atoi(cells[1]);
        table_row(o, cells, 2);
    }
    table_end(o);
    heading(o, "Verification (every variant, every corpus, before timing)");
    table_begin(o, vcols, 3);
    rewind(f);
    int wrong = 0;
    while (fgets(line, sizeof(line), f)) {
        char cells[3][256];
        if (sscanf(line, "verify %255s %255s %255s", cells[0], cells[1],
                   cells[2]) != 3)
            continue;
        wrong += strcmp(cells[2], "correct") != 0;
        table_row(o, cells, 3);
    }
    table_end(o);
    fprintf(o->md, "\n%s\n",
            wrong ? "Some benchmarks were not verified."
                  : "Every answer was correct.");
    fprintf(o->html, "<p>%s</p>\n",
            wrong ? "Some benchmarks were not verified."
                  : "Every answer was correct.");
    fclose(f);
    return 0;
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

/* The stability warnings of one benchmark, appended to warnings. */
static void warn_about(const struct tidy_bench *b, int cores, char *warnings,
                       size_t len)
{
    double sorted[TIDY_MAX_REPS];
    memcpy(sorted, b->per_instance + 1,
           (b->n > 1 ? b->n - 1 : 0) * sizeof(double));
    double rest = b->n > 1 ? pb_median(sorted, b->n - 1) : NAN;
    memcpy(sorted, b->per_instance, b->n * sizeof(double));
    double median = pb_median(sorted, b->n);
    char what[256] = "";
    size_t at = 0;
    double cv = cv_of(b);
    if (cv > CV_LIMIT)
        at += (size_t)snprintf(what + at, sizeof(what) - at,
                               " CV %.0f %% (above 10 %%);", 100 * cv);
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

static void kernel_part(const struct tidy *t, const char *dir,
                        const char *kernel, int cores, struct out *o,
                        char *warnings, size_t wlen)
{
    static const char *const cols[] = {
        "variant", "family", "size",  "n",     "threads",   "median / instance",
        "IQR",     "CV",     "ratio", "build", "peak heap", "work / instance"};
    const char *base = pb_summary_baseline(t, kernel, NULL);
    char title[128];
    snprintf(title, sizeof(title), "%s (ratio to %s)", kernel,
             base ? base : "-");
    heading(o, title);
    table_begin(o, cols, 12);
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
                !strcmp(x->family, b->family) && x->size == b->size &&
                x->count == b->count && x->seed == b->seed &&
                x->threads == b->threads) {
                memcpy(sorted, x->per_instance, x->n * sizeof(double));
                ratio = median / pb_median(sorted, x->n);
            }
        }
        char cells[12][256], a[32], z[32];
        snprintf(cells[0], 256, "%s", b->variant);
        snprintf(cells[1], 256, "%s", b->family);
        snprintf(cells[2], 256, "%ld", b->size);
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
        table_row(o, cells, 12);
        warn_about(b, cores, warnings, wlen);
    }
    table_end(o);
    static const char *const kinds[] = {"time_vs_size", "speedup",
                                        "memory_vs_size", "relative",
                                        "work_vs_time"};
    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        char path[1024];
        struct stat st;
        snprintf(path, sizeof(path), "%s/figures/%s-%s.svg", dir, kinds[k],
                 kernel);
        if (stat(path, &st) != 0)
            continue;
        /* kernel is a registered name (pb_kernels), kinds fixed: both are
         * in [a-z0-9_], safe in a link and an attribute */
        fprintf(o->md,
                "\n![%s %s](figures/%s-%s.png)\n\n"
                "[SVG](figures/%s-%s.svg), [PDF](figures/%s-%s.pdf)\n",
                kernel, kinds[k], kinds[k], kernel, kinds[k], kernel, kinds[k],
                kernel);
        fprintf(o->html,
                "<p><img src=\"figures/%s-%s.svg\" alt=\"%s %s\"><br>"
                "<a href=\"figures/%s-%s.pdf\">PDF</a></p>\n",
                kinds[k], kernel, kernel, kinds[k], kinds[k], kernel);
    }
}

int pb_report_write(const char *dir, struct pb_error *e)
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
    rc = log_parts(dir, &o, &cores, e);
    static char warnings[65536];
    warnings[0] = '\0';
    for (size_t k = 0; rc == 0 && pb_kernels[k]; k++) {
        bool present = false;
        for (size_t i = 0; i < t.count && !present; i++)
            present = !strcmp(t.b[i].kernel, pb_kernels[k]->name);
        if (present)
            kernel_part(&t, dir, pb_kernels[k]->name, cores, &o, warnings,
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
