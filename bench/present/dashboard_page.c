/*
 * dashboard_page.c - a kernel's page of the history site
 * (dashboard_internal.h): a filter box, then per benchmark of the kernel
 * a section (its key, variant and clock, its change points), its figure
 * (figures/NAME.svg, dashboard_svg.c), and a table of its points: the
 * commit, the median time and the 95 % t interval over the rounds in
 * one unit per column (pb_units.h, chosen from the series' typical
 * median), the rounds, whether every run was verified, and a link to
 * the point's run report (RUN_DIR/report.html) where there is one.
 *
 * The link is relative, so that the site and the results can move
 * together: from the real path of the site's folder to the real path of
 * the report (symbolic links resolved on both sides), "../" per folder
 * left and the rest of the report's path, percent-encoded (RFC 3986:
 * unreserved characters and '/' kept); a report that is missing or
 * whose path cannot be resolved gets no link. O(points) per series.
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pb_file.h"
#include "pb_units.h"
#include "present/dashboard_internal.h"

/* Writes path percent-encoded: unreserved characters and '/' as they
 * are, every other byte as %XX. */
static void put_url_path(FILE *f, const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        bool keep = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                    (*p >= '0' && *p <= '9') || strchr("-._~/", *p);
        if (keep)
            fputc(*p, f);
        else
            fprintf(f, "%%%02X", *p);
    }
}

/* Writes the link from folder base to file target, both real paths
 * (absolute, no "." or ".." parts, no doubled or trailing '/'). */
static void put_relative(FILE *f, const char *base, const char *target)
{
    size_t i = 0, last = 0;
    while (base[i] && base[i] == target[i]) {
        if (base[i] == '/')
            last = i;
        i++;
    }
    if (!base[i] && target[i] == '/') /* base is a folder above target */
        last = i;
    const char *left = base[last] ? base + last + 1 : "";
    size_t ups = left[0] ? 1 : 0;
    for (const char *p = left; *p; p++)
        ups += *p == '/';
    for (size_t u = 0; u < ups; u++)
        fputs("../", f);
    put_url_path(f, target + last + 1);
}

/* The run report of point p linked relative to out_real, or "-". */
static void put_run_link(FILE *f, const struct pb_hist_point *p,
                         const char *out_real)
{
    char path[PB_PATH_MAX];
    struct stat st;
    char *real = NULL;
    if (p->run_dir[0] &&
        snprintf(path, sizeof(path), "%s/report.html", p->run_dir) <
            (int)sizeof(path) &&
        stat(path, &st) == 0 && S_ISREG(st.st_mode))
        real = realpath(path, NULL);
    if (!real) {
        fputs("-", f);
        return;
    }
    fputs("<a href=\"", f);
    put_relative(f, out_real, real);
    fputs("\">report</a>", f);
    free(real);
}

/* The change points of series s, one line each under its heading. */
static void series_changes(FILE *f, const struct pb_history *h, size_t s,
                           const struct pb_hist_change *c, size_t n)
{
    const struct pb_hist_series *x = &h->series[s];
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        if (c[i].series != s || !pb_hist_change_is_point(&c[i]))
            continue;
        char ratio[128];
        db_ratio_text(&c[i], ratio, sizeof(ratio));
        const char *verdict = pb_verdict_name(c[i].change.verdict);
        const struct pb_hist_commit *b = &h->commit[db_after_commit(h, &c[i])];
        fputs(any ? "" : "<ul>\n", f);
        fprintf(f,
                "<li><code>%.*s</code>&nbsp;&rarr;&nbsp;<code>%.*s</code>: "
                "<span class=\"%s\">%s %s</span>, ",
                DB_SHORT_SHA, h->commit[x->point[c[i].before].commit].sha,
                DB_SHORT_SHA, b->sha, verdict, ratio, verdict);
        db_put(f, b->subject);
        fputs("</li>\n", f);
        any = true;
    }
    fputs(any ? "</ul>\n" : "<p>No change point.</p>\n", f);
}

/* The table of the points of series x, times in unit u. */
static void series_points(FILE *f, const struct pb_history *h,
                          const struct pb_hist_series *x, struct pb_unit u,
                          const char *out_real)
{
    fprintf(f,
            "<div class=\"wide\"><table>\n<tr><th>commit</th><th>median "
            "(%s)</th><th>95 %% interval (%s)</th><th>rounds</th>"
            "<th>verified</th><th>run</th></tr>\n",
            u.name, u.name);
    for (size_t i = 0; i < x->n; i++) {
        const struct pb_hist_point *p = &x->point[i];
        const struct pb_hist_commit *c = &h->commit[p->commit];
        struct db_point d;
        char median[PB_UNITS_TEXT], interval[2 * PB_UNITS_TEXT];
        db_point_of(p, &d);
        pb_units_number(median, sizeof(median), d.median * u.scale);
        if (d.bar)
            pb_units_interval(interval, sizeof(interval), d.lo * u.scale,
                              d.hi * u.scale);
        else
            snprintf(interval, sizeof(interval), "-");
        fputs("<tr><td><code title=\"", f);
        db_put(f, c->subject);
        fprintf(f,
                "\">%.*s</code></td><td class=\"n\">%s</td><td "
                "class=\"n\">%s</td><td class=\"n\">%zu</td><td%s>%s</td><td>",
                DB_SHORT_SHA, c->sha, median, interval, p->n,
                p->verified ? "" : " class=\"slower\"",
                p->verified ? "yes" : "no");
        put_run_link(f, p, out_real);
        fputs("</td></tr>\n", f);
    }
    fputs("</table></div>\n", f);
}

static void series_section(FILE *f, const struct pb_history *h, size_t s,
                           const struct pb_hist_change *c, size_t n, bool drawn,
                           const char *out_real)
{
    const struct pb_hist_series *x = &h->series[s];
    char name[DB_NAME_TEXT];
    db_series_name(x->key, name, sizeof(name));
    /* name is [A-Za-z0-9_-]: safe as an id and in a link */
    fprintf(f, "<section id=\"%s\" data-key=\"", name);
    db_put(f, x->key);
    fputs("\">\n<h2>", f);
    db_put_key(f, x->key);
    fputs("</h2>\n<p>Variant ", f);
    db_put(f, x->variant);
    fputs(", ", f);
    db_put(f, db_clock_name(x->clock));
    fprintf(f, " per instance; %zu points.</p>\n", x->n);
    series_changes(f, h, s, c, n);
    if (drawn) {
        fprintf(f,
                "<figure><img src=\"figures/%s.svg\" width=\"%d\" "
                "height=\"%d\" alt=\"",
                name, DB_FIGURE_WIDTH, DB_FIGURE_HEIGHT);
        db_put(f, x->key);
        fputs(" over commits\"></figure>\n", f);
    } else {
        fputs("<p>No point to draw.</p>\n", f);
    }
    if (x->n)
        series_points(f, h, x, pb_units_time_unit(db_series_typical(x)),
                      out_real);
    fputs("</section>\n", f);
}

int db_kernel_page_write(const struct pb_history *h, const char *kernel,
                         const struct pb_hist_change *c, size_t n,
                         const bool *drawn, const char *out_dir,
                         const char *out_real, struct pb_error *e)
{
    char *text = NULL, page[DB_NAME_TEXT], title[128];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return pb_fail(e, -ENOMEM, "out of memory");
    snprintf(title, sizeof(title), "%s: puzzlebench history", kernel);
    db_html_head(f, title);
    fputs("<p><a href=\"index.html\">&larr; all kernels</a></p>\n<h1>", f);
    db_put(f, kernel);
    fputs("</h1>\n<p><input id=\"filter\" type=\"search\" "
          "placeholder=\"filter benchmarks\" aria-label=\"filter "
          "benchmarks\"></p>\n<p>Each figure: the median time per instance "
          "at each commit with its 95 % t interval over the rounds (a "
          "hollow point: fewer than 3 rounds, no interval; a red X: not "
          "every run verified); shaded: a commit that failed to build; "
          "arrows: the change points, with the later commit's subject and "
          "the ratio later / earlier.</p>\n",
          f);
    for (size_t s = 0; s < h->count; s++)
        if (!strcmp(h->series[s].kernel, kernel))
            series_section(f, h, s, c, n, drawn[s], out_real);
    db_html_filter_script(f);
    fputs("</body></html>\n", f);
    int rc = fclose(f) ? -ENOMEM : 0;
    char path[PB_PATH_MAX];
    db_page_name(kernel, page, sizeof(page));
    snprintf(path, sizeof(path), "%s/%s.html", out_dir, page);
    if (rc)
        rc = pb_fail(e, rc, "out of memory");
    else if ((rc = pb_write_atomically(path, text, len)) != 0)
        rc = pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc));
    free(text);
    return rc;
}
