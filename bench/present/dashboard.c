/*
 * dashboard.c - the static history site (dashboard.h): checks the
 * history and its comparisons (every index in range, so that no page
 * reads past an array), makes the folders, draws one figure per series
 * (dashboard_svg.c), writes one page per kernel (dashboard_page.c), then
 * index.html: the range of commits and the suite, the kernels with
 * their benchmarks and change points, every change point (the two
 * commits, the later one's subject, the ratio with its 95 % interval,
 * faster or slower), and every commit of the range, those that failed
 * to build marked with their note. What the parts share is
 * dashboard_format.c's.
 *
 * Text from the history (subjects, notes, keys, paths) is data: escaped
 * for HTML (report_format.c's rp_put) and, in the figures, quoted for
 * gnuplot (dashboard_svg.c). Every file is written whole: beside its
 * name, then renamed (pb_file.h). A change point is one whose verdict
 * is faster or slower (changepoint.h); the others are counted only.
 * O(series x commits + comparisons) plus one gnuplot run per series.
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include "present/dashboard.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "pb_file.h"
#include "present/dashboard_internal.h"
#include "results/folder.h"

/* Every index of h and c[0..n) is in range and every point's rounds fit:
 * 0, or -EINVAL naming the first that is not. */
static int check_history(const struct pb_history *h,
                         const struct pb_hist_change *c, size_t n,
                         struct pb_error *e)
{
    if ((h->commits && !h->commit) || (h->count && !h->series) || (n && !c))
        return pb_fail(e, -EINVAL, "history: counts without arrays");
    for (size_t s = 0; s < h->count; s++) {
        const struct pb_hist_series *x = &h->series[s];
        if (x->n && !x->point)
            return pb_fail(e, -EINVAL, "history: series %.64s: no points",
                           x->key);
        for (size_t i = 0; i < x->n; i++)
            if (x->point[i].commit >= h->commits ||
                x->point[i].n > READBACK_MAX_ROUNDS)
                return pb_fail(e, -EINVAL,
                               "history: series %.64s, point %zu: commit %zu "
                               "of %zu, %zu rounds; expected a commit of the "
                               "range and at most %d rounds",
                               x->key, i, x->point[i].commit, h->commits,
                               x->point[i].n, READBACK_MAX_ROUNDS);
    }
    for (size_t i = 0; i < n; i++)
        if (c[i].series >= h->count ||
            c[i].before >= h->series[c[i].series].n ||
            c[i].after >= h->series[c[i].series].n)
            return pb_fail(e, -EINVAL,
                           "comparison %zu: series %zu, points %zu and %zu; "
                           "expected indices into the history",
                           i, c[i].series, c[i].before, c[i].after);
    return 0;
}

/* The distinct kernels of h's series, in order of first appearance,
 * *n of them, as a malloc'ed array of pointers into h; NULL when out of
 * memory. */
static const char **kernels_of(const struct pb_history *h, size_t *n)
{
    const char **k = malloc((h->count ? h->count : 1) * sizeof(*k));
    *n = 0;
    for (size_t s = 0; k && h->series && s < h->count; s++) {
        const char *name = h->series[s].kernel;
        size_t j = 0;
        while (j < *n && strcmp(k[j], name) != 0)
            j++;
        if (j == *n)
            k[(*n)++] = name;
    }
    return k;
}

/* "abc1234 Subject" of commit i. */
static void put_commit(FILE *f, const struct pb_hist_commit *c)
{
    fprintf(f, "<code>%.*s</code> ", DB_SHORT_SHA, c->sha);
    db_put(f, c->subject);
}

static void index_top(FILE *f, const struct pb_history *h, size_t points,
                      size_t compared)
{
    /* the suite's file name: the path is the history's machine's */
    const char *slash = strrchr(h->suite, '/');
    const char *suite = slash ? slash + 1 : h->suite;
    char title[128];
    snprintf(title, sizeof(title), "puzzlebench history: %.80s", suite);
    db_html_head(f, title);
    fputs("<h1>puzzlebench history: ", f);
    db_put(f, suite);
    fputs("</h1>\n<p>Suite <code>", f);
    db_put(f, h->suite);
    fprintf(f, "</code>, %zu commits", h->commits);
    if (h->commits) {
        fputs(" from ", f);
        put_commit(f, &h->commit[0]);
        fputs(" to ", f);
        put_commit(f, &h->commit[h->commits - 1]);
    }
    fprintf(f,
            ". %zu benchmarks; %zu change points among %zu comparisons of "
            "neighbouring commits (95 %% intervals of the ratio later / "
            "earlier, below 1: faster).</p>\n",
            h->count, points, compared);
}

static void index_kernels(FILE *f, const struct pb_history *h,
                          const struct pb_hist_change *c, size_t n,
                          const char **kernels, size_t nk)
{
    fputs("<h2 id=\"kernels\">Kernels</h2>\n<div class=\"wide\"><table>\n"
          "<tr><th>kernel</th><th>benchmarks</th><th>change points</th>"
          "</tr>\n",
          f);
    for (size_t k = 0; k < nk; k++) {
        size_t benches = 0, points = 0;
        for (size_t s = 0; s < h->count; s++)
            benches += !strcmp(h->series[s].kernel, kernels[k]);
        for (size_t i = 0; i < n; i++)
            points += pb_hist_change_is_point(&c[i]) &&
                      !strcmp(h->series[c[i].series].kernel, kernels[k]);
        char page[DB_NAME_TEXT];
        db_page_name(kernels[k], page, sizeof(page));
        /* page is [A-Za-z0-9_-]: safe in a link */
        fprintf(f, "<tr><td><a href=\"%s.html\">", page);
        db_put(f, kernels[k]);
        fprintf(f,
                "</a></td><td class=\"n\">%zu</td><td class=\"n\">%zu</td>"
                "</tr>\n",
                benches, points);
    }
    fputs("</table></div>\n", f);
}

static void index_changes(FILE *f, const struct pb_history *h,
                          const struct pb_hist_change *c, size_t n)
{
    fputs("<h2 id=\"changes\">Change points</h2>\n", f);
    size_t points = 0;
    for (size_t i = 0; i < n; i++)
        points += pb_hist_change_is_point(&c[i]);
    if (!points) {
        fputs("<p>None: no benchmark changed beyond the band between "
              "neighbouring commits.</p>\n",
              f);
        return;
    }
    fputs("<p><input id=\"filter\" type=\"search\" placeholder=\"filter "
          "by benchmark\" aria-label=\"filter by benchmark\"></p>\n"
          "<div class=\"wide\"><table>\n<tr><th>benchmark</th><th>commits"
          "</th><th>subject of the later commit</th><th>ratio (95 % "
          "interval)</th><th>change</th></tr>\n",
          f);
    for (size_t i = 0; i < n; i++) {
        if (!pb_hist_change_is_point(&c[i]))
            continue;
        const struct pb_hist_series *s = &h->series[c[i].series];
        const struct pb_hist_commit *a =
            &h->commit[s->point[c[i].before].commit];
        const struct pb_hist_commit *b = &h->commit[db_after_commit(h, &c[i])];
        char page[DB_NAME_TEXT], name[DB_NAME_TEXT], ratio[128];
        db_page_name(s->kernel, page, sizeof(page));
        db_series_name(s->key, name, sizeof(name));
        db_ratio_text(&c[i], ratio, sizeof(ratio));
        const char *verdict = pb_verdict_name(c[i].change.verdict);
        fputs("<tr data-key=\"", f);
        db_put(f, s->key);
        fprintf(f, "\"><td><a href=\"%s.html#%s\">", page, name);
        db_put_key(f, s->key);
        fprintf(f,
                "</a></td><td><code>%.*s</code>&nbsp;&rarr;&nbsp;<code>%.*s"
                "</code></td><td>",
                DB_SHORT_SHA, a->sha, DB_SHORT_SHA, b->sha);
        db_put(f, b->subject);
        fprintf(f,
                "</td><td class=\"n\">%s</td><td class=\"%s\">%s</td></tr>\n",
                ratio, verdict, verdict);
    }
    fputs("</table></div>\n", f);
}

static void index_commits(FILE *f, const struct pb_history *h)
{
    fputs("<h2 id=\"commits\">Commits</h2>\n<div class=\"wide\"><table>\n"
          "<tr><th>#</th><th>commit</th><th>date (UTC)</th><th>subject</th>"
          "<th>build</th></tr>\n",
          f);
    for (size_t i = 0; i < h->commits; i++) {
        const struct pb_hist_commit *c = &h->commit[i];
        char date[32] = "-";
        time_t t = (time_t)c->time;
        struct tm tm;
        if (c->time && gmtime_r(&t, &tm))
            strftime(date, sizeof(date), "%Y-%m-%d %H:%M", &tm);
        fprintf(f,
                "<tr%s><td class=\"n\">%zu</td><td><code>%.*s</code></td>"
                "<td class=\"n\">%s</td><td>",
                c->built ? "" : " class=\"failed\"", i + 1, DB_SHORT_SHA,
                c->sha, date);
        db_put(f, c->subject);
        fputs("</td><td>", f);
        if (c->built) {
            fputs("built", f);
        } else {
            fputs("<b>failed</b>", f);
            if (c->note[0]) {
                fputs(": ", f);
                db_put(f, c->note);
            }
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table></div>\n", f);
}

static int index_write(const struct pb_history *h,
                       const struct pb_hist_change *c, size_t n,
                       const char **kernels, size_t nk, const char *out_dir,
                       struct pb_error *e)
{
    char *text = NULL;
    size_t len = 0, points = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return pb_fail(e, -ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++)
        points += pb_hist_change_is_point(&c[i]);
    index_top(f, h, points, n);
    index_kernels(f, h, c, n, kernels, nk);
    index_changes(f, h, c, n);
    index_commits(f, h);
    if (points)
        db_html_filter_script(f);
    fputs("</body></html>\n", f);
    int rc = fclose(f) ? -ENOMEM : 0;
    char path[PB_PATH_MAX];
    snprintf(path, sizeof(path), "%s/index.html", out_dir);
    if (rc)
        rc = pb_fail(e, rc, "out of memory");
    else if ((rc = pb_write_atomically(path, text, len)) != 0)
        rc = pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc));
    free(text);
    return rc;
}

/* out_dir and out_dir/figures made (figures a folder, not a link) and
 * their dead temporaries removed; out_dir's real path into *real
 * (malloc'ed). */
static int make_folders(const char *out_dir, char *figdir, char **real,
                        struct pb_error *e)
{
    if (snprintf(figdir, PB_PATH_MAX, "%s/figures", out_dir) >=
        PB_PATH_MAX - 2 * DB_NAME_TEXT)
        return pb_fail(e, -ENAMETOOLONG, "%s: a path too long", out_dir);
    int rc = pb_make_dirs(out_dir);
    if (rc)
        return pb_fail(e, rc, "%s: cannot create the folder: %s", out_dir,
                       strerror(-rc));
    struct stat st;
    if (mkdir(figdir, 0777) != 0 && errno != EEXIST)
        return pb_fail(e, -errno, "%s: cannot create: %s", figdir,
                       strerror(errno));
    if (lstat(figdir, &st) != 0)
        return pb_fail(e, -errno, "%s: %s", figdir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return pb_fail(e, -ENOTDIR,
                       "%s: expected a folder, found %s; nothing written",
                       figdir, pb_file_kind(&st));
    if (!(*real = realpath(out_dir, NULL)))
        return pb_fail(e, -errno, "%s: %s", out_dir, strerror(errno));
    pb_remove_stale_temporaries(out_dir);
    pb_remove_stale_temporaries(figdir);
    return 0;
}

int pb_dashboard_write(const struct pb_history *h,
                       const struct pb_hist_change *c, size_t n,
                       const char *out_dir, struct pb_error *e)
{
    char figdir[PB_PATH_MAX], *real = NULL;
    int rc = check_history(h, c, n, e);
    if (rc == 0)
        rc = make_folders(out_dir, figdir, &real, e);
    if (rc)
        return rc;
    size_t nk = 0;
    const char **kernels = kernels_of(h, &nk);
    bool *drawn = malloc((h->count ? h->count : 1) * sizeof(bool));
    if (!kernels || !drawn) {
        free(kernels);
        free(drawn);
        free(real);
        return pb_fail(e, -ENOMEM, "out of memory");
    }
    for (size_t s = 0; rc == 0 && s < h->count; s++)
        rc = db_figure_write(h, s, c, n, figdir, &drawn[s], e);
    for (size_t k = 0; rc == 0 && k < nk; k++)
        rc = db_kernel_page_write(h, kernels[k], c, n, drawn, out_dir, real, e);
    if (rc == 0)
        rc = index_write(h, c, n, kernels, nk, out_dir, e);
    free(kernels);
    free(drawn);
    free(real);
    return rc;
}
