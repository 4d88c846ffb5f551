/*
 * test_dashboard.c - the static history site (bench/present/dashboard.h)
 * on a history built by hand: 2 kernels, 3 benchmarks, 6 commits of
 * which one failed to build, two change points (one across the failed
 * commit) among comparisons that are not, a point that was not verified,
 * a point of 2 rounds, and run folders in a results folder beside the
 * site, one with a report.html. Checks the files (index.html, a page per
 * kernel, a figure per benchmark, no temporaries left), what they say
 * (the change points' subjects and ratios with their intervals, the
 * failed commit's note, the relative link to the run report, a subject
 * with <script> and & escaped in the pages and in the figure), a point's
 * t interval against numbers worked by hand, and the errors: a folder
 * that cannot be made, gnuplot missing or failing, an index out of
 * range.
 * With `--site DIR` it writes DIR/site (and DIR/results) and keeps them,
 * for the browser check (test_dashboard_browser.sh). Skipped (77)
 * without gnuplot, except under CI (CI set), where that fails.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw, setenv */

#include <dirent.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "present/dashboard.h"
#include "present/dashboard_internal.h"

#define COMMITS 6
#define FAILED 3 /* the commit whose build failed */
#define SERIES 3
#define ROUNDS 5

/* a subject that must stay text in HTML, in gnuplot and in the SVG */
#define NASTY_SUBJECT "Fix ]]> <script>x()</script> & \"it's\""
#define NASTY_NOTE "error: 'x' undeclared <b>here</b> & there"

static const char *const subjects[COMMITS] = {
    "Start the range",
    "Tidy the tests",
    "Use a faster queue: a radix heap in place of the binary heap",
    "Break the build",
    NASTY_SUBJECT,
    "Document the queue",
};

static const char *const keys[SERIES] = {
    "cubing/naive/random/size:3/n:100/seed:1/threads:1",
    "magic_squares/bfs/uniform/size:4/n:50/seed:1/threads:1",
    "magic_squares/bidir/uniform/size:4/n:50/seed:1/threads:1",
};

static struct pb_hist_commit commit[COMMITS];
static struct pb_hist_series series[SERIES];
static struct pb_hist_point points[SERIES][COMMITS];

/* dir/name into out (len bytes); a path that does not fit ends the
 * test. */
static void path_of(char *out, size_t len, const char *dir, const char *name)
{
    int w = snprintf(out, len, "%s/%s", dir, name);
    if (w < 0 || (size_t)w >= len) {
        fprintf(stderr, "%s/%s: a path too long for the test\n", dir, name);
        exit(2);
    }
}

/* Fills point p of commit at with ROUNDS values around v (rounds of
 * them). */
static void point_at(struct pb_hist_point *p, size_t at, double v,
                     size_t rounds)
{
    memset(p, 0, sizeof(*p));
    p->commit = at;
    p->n = rounds;
    p->verified = true;
    for (size_t r = 0; r < rounds; r++) {
        p->round[r] = (int64_t)r;
        /* a spread of +-2 % */
        p->value[r] = v * (1.0 + 0.01 * (double)((int)r - 2));
    }
}

/* The history of the opening comment; runs under results/. */
static void history_of(struct pb_history *h, const char *results)
{
    memset(h, 0, sizeof(*h));
    snprintf(h->suite, sizeof(h->suite), "smoke");
    for (size_t i = 0; i < COMMITS; i++) {
        /* 40 hex digits, each commit's own first seven */
        snprintf(commit[i].sha, PB_SHA_TEXT,
                 "%zu%zu%zu%zuc0ffee0123456789abcdef0123456789ab", i, i, i, i);
        snprintf(commit[i].subject, PB_SUBJECT_TEXT, "%s", subjects[i]);
        commit[i].time = 1700000000 + 3600 * (int64_t)i;
        commit[i].built = i != FAILED;
        if (i == FAILED)
            snprintf(commit[i].note, PB_SUBJECT_TEXT, "%s", NASTY_NOTE);
    }
    h->commits = COMMITS;
    h->commit = commit;
    for (size_t s = 0; s < SERIES; s++) {
        struct pb_hist_series *x = &series[s];
        memset(x, 0, sizeof(*x));
        snprintf(x->key, sizeof(x->key), "%s", keys[s]);
        size_t slash = strcspn(keys[s], "/");
        snprintf(x->kernel, sizeof(x->kernel), "%.*s", (int)slash, keys[s]);
        snprintf(x->variant, sizeof(x->variant), "%.*s",
                 (int)strcspn(keys[s] + slash + 1, "/"), keys[s] + slash + 1);
        snprintf(x->clock, sizeof(x->clock), "cpu");
        x->point = points[s];
        for (size_t i = 0; i < COMMITS; i++) {
            if (i == FAILED)
                continue;
            double v = s == 0   ? (i < 4 ? 2e-6 : 2.5e-6) /* slower at 4 */
                       : s == 1 ? (i < 2 ? 1e-3 : 0.8e-3) /* faster at 2 */
                                : 40e-3;
            point_at(&x->point[x->n++], i, v, ROUNDS);
        }
    }
    /* bidir: 2 rounds at commit 1, not verified at commit 4 */
    points[2][1].n = 2;
    points[2][3].verified = false;
    /* bfs at commit 5 links to its run; at commit 4 to a folder without
     * a report */
    path_of(points[1][4].run_dir, sizeof(points[1][4].run_dir), results,
            "run5");
    path_of(points[1][3].run_dir, sizeof(points[1][3].run_dir), results,
            "gone");
    h->count = SERIES;
    h->series = series;
}

/* A comparison of points before and after of series s. */
static struct pb_hist_change change_of(size_t s, size_t before, size_t after,
                                       enum pb_verdict v, double ratio,
                                       double lo, double hi)
{
    struct pb_hist_change c;
    memset(&c, 0, sizeof(c));
    c.series = s;
    c.before = before;
    c.after = after;
    c.change.verdict = v;
    c.change.ratio = ratio;
    c.change.lo = lo;
    c.change.hi = hi;
    return c;
}

/* The comparisons: cubing slower from commit 2 to 4 (across the failed
 * one, points 2 and 3), bfs faster from commit 1 to 2 (points 1 and 2),
 * the rest the same or undecided. */
static size_t changes_of(struct pb_hist_change *c)
{
    size_t n = 0;
    c[n++] = change_of(0, 0, 1, PB_SAME, 1.0, 0.99, 1.01);
    c[n++] = change_of(0, 2, 3, PB_SLOWER, 1.25, 1.2, 1.3);
    c[n++] = change_of(1, 1, 2, PB_FASTER, 0.8, 0.78, 0.82);
    c[n++] = change_of(1, 2, 3, PB_INCONCLUSIVE, 1.01, 0.9, 1.1);
    c[n++] = change_of(2, 0, 1, PB_INCONCLUSIVE, 1.0, NAN, NAN);
    return n;
}

/* A file of text at path, made with its folder. */
static void put_file(const char *dir, const char *name, const char *text)
{
    char path[1024];
    mkdir(dir, 0777);
    path_of(path, sizeof(path), dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The run folders of the results: run5 with a report, gone without. */
static void results_make(const char *results)
{
    char run[1024];
    mkdir(results, 0777);
    path_of(run, sizeof(run), results, "run5");
    put_file(run, "report.html",
             "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>run"
             "</title></head><body><p>a run report</p></body></html>\n");
}

static int remove_one(const char *path, const struct stat *st, int flag,
                      struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

/* The text of dir/name, or "" (a failed check names it). */
static const char *text_of(const char *dir, const char *name)
{
    char path[1024];
    path_of(path, sizeof(path), dir, name);
    const char *t = check_slurp(path);
    CHECK(t != NULL, "%s: cannot be read", path);
    return t ? t : "";
}

#define HAS(dir, name, what)                                                   \
    CHECK(strstr(text_of(dir, name), what) != NULL, "%s: no '%s'", name, what)
#define HAS_NOT(dir, name, what)                                               \
    CHECK(strstr(text_of(dir, name), what) == NULL, "%s: '%s'", name, what)

static void test_point(void)
{
    /* 1, 2, 4: logs 0, ln 2, 2 ln 2; mean ln 2, sd ln 2, t(0.975, 2) =
     * 4.302653: exp(ln 2 (1 +- 4.302653 / sqrt 3)) */
    struct pb_hist_point p;
    memset(&p, 0, sizeof(p));
    p.n = 3;
    p.value[0] = 1, p.value[1] = 4, p.value[2] = 2;
    struct db_point d;
    db_point_of(&p, &d);
    double half = log(2) * 4.302653 / sqrt(3);
    CHECK(d.bar && d.median == 2, "median %g", d.median);
    CHECK(fabs(d.lo / exp(log(2) - half) - 1) < 1e-5, "lo %g", d.lo);
    CHECK(fabs(d.hi / exp(log(2) + half) - 1) < 1e-5, "hi %g", d.hi);
    p.n = 2; /* no interval from 2 rounds */
    db_point_of(&p, &d);
    CHECK(!d.bar && d.median == 2.5 && isnan(d.lo), "2 rounds: %g", d.median);
    p.n = 3, p.value[1] = 0; /* nor with a time of 0 */
    db_point_of(&p, &d);
    CHECK(!d.bar && d.median == 1, "a 0: %g", d.median);
}

static void test_names(void)
{
    char a[DB_NAME_TEXT], b[DB_NAME_TEXT];
    db_series_name("a/b:c", a, sizeof(a));
    db_series_name("a_b_c", b, sizeof(b));
    CHECK(!strncmp(a, "a_b_c-", 6) && strlen(a) == 14, "name '%s'", a);
    CHECK(strcmp(a, b) != 0, "two keys, one name '%s'", a);
    db_page_name("magic_squares", a, sizeof(a));
    CHECK(!strcmp(a, "magic_squares"), "page '%s'", a);
    db_page_name("index", a, sizeof(a));
    CHECK(strcmp(a, "index") != 0, "page 'index'");
    db_page_name("../x", a, sizeof(a));
    CHECK(!strchr(a, '.') && !strchr(a, '/'), "page '%s'", a);
}

/* The site's files and what they say. */
static void check_site(const char *site)
{
    char fig[1024], name[DB_NAME_TEXT], bfs[DB_NAME_TEXT];
    path_of(fig, sizeof(fig), site, "figures");
    for (size_t s = 0; s < SERIES; s++) {
        char svg[DB_NAME_TEXT + 8];
        db_series_name(keys[s], name, sizeof(name));
        snprintf(svg, sizeof(svg), "%s.svg", name);
        HAS(fig, svg, "</svg>");
        HAS(fig, svg, "time per instance");
    }
    db_series_name(keys[1], bfs, sizeof(bfs));
    char svg[DB_NAME_TEXT + 8];
    snprintf(svg, sizeof(svg), "%s.svg", bfs);
    /* cut at 40 characters */
    HAS(fig, svg, "0.800x faster: Use a faster queue: a radix heap in plac...");
    HAS(fig, svg, "5555c0f"); /* a tic: commit 5's short id */
    db_series_name(keys[0], name, sizeof(name));
    snprintf(svg, sizeof(svg), "%s.svg", name);
    /* gnuplot escapes & and <; "]]>" may not stand in XML text */
    HAS(fig, svg,
        "1.25x slower: Fix ]] > &lt;script>x()&lt;/script> &amp; "
        "\"it's\"</text>");
    HAS_NOT(fig, svg, "<script>");
    HAS_NOT(fig, svg, "]]>");
    db_series_name(keys[2], name, sizeof(name));
    snprintf(svg, sizeof(svg), "%s.svg", name);
    HAS(fig, svg, "not verified");
    HAS(fig, svg, "fewer than 3 rounds");

    HAS(site, "index.html", "<title>puzzlebench history: smoke</title>");
    HAS(site, "index.html", "<code>0000c0f</code> Start the range");
    HAS(site, "index.html", "<code>5555c0f</code> Document the queue");
    HAS(site, "index.html", "<a href=\"magic_squares.html\">magic_squares");
    HAS(site, "index.html", "<a href=\"cubing.html\">cubing");
    /* magic_squares: 2 benchmarks, 1 change point */
    HAS(site, "index.html",
        "magic_squares</a></td><td class=\"n\">2</td><td class=\"n\">1</td>");
    HAS(site, "index.html", "Use a faster queue");
    HAS(site, "index.html", "0.800x (0.780-0.820)");
    HAS(site, "index.html", "1.25x (1.20-1.30)");
    HAS(site, "index.html",
        "<code>2222c0f</code>&nbsp;&rarr;&nbsp;<code>"
        "4444c0f</code>");
    char link[128];
    snprintf(link, sizeof(link), "<a href=\"magic_squares.html#%s\">", bfs);
    HAS(site, "index.html", link);
    HAS(site, "index.html", "2 change points among 5 comparisons");
    HAS(site, "index.html",
        "Fix ]]&gt; &lt;script&gt;x()&lt;/script&gt; &amp; "
        "&quot;it&#39;s&quot;");
    HAS(site, "index.html",
        "<b>failed</b>: error: &#39;x&#39; undeclared "
        "&lt;b&gt;here&lt;/b&gt; &amp; there");
    HAS(site, "index.html", "<tr class=\"failed\">");
    HAS_NOT(site, "index.html", "<script>x");
    HAS_NOT(site, "index.html", "<b>here");
    /* the comparisons that are not change points are not listed */
    HAS_NOT(site, "index.html", "1.01x");

    HAS(site, "magic_squares.html", "<section id=\"");
    HAS(site, "magic_squares.html", "src=\"figures/");
    HAS(site, "magic_squares.html", "href=\"../results/run5/report.html\"");
    HAS_NOT(site, "magic_squares.html", "gone");
    HAS(site, "magic_squares.html", "<th>median (ms)</th>");
    HAS(site, "magic_squares.html", "<td class=\"slower\">no</td>");
    HAS(site, "cubing.html", "<th>median (µs)</th>");
    HAS(site, "cubing.html", "Fix ]]&gt; &lt;script&gt;");
    HAS_NOT(site, "cubing.html", "<script>x");
    HAS(site, "cubing.html", "<td class=\"n\">2.00</td>");
}

/* No temporary (NAME.tmp.*) and no script (NAME.gp) left in dir. */
static void check_clean(const char *dir)
{
    DIR *d = opendir(dir);
    CHECK(d != NULL, "%s: cannot be listed", dir);
    for (struct dirent *ent; d && (ent = readdir(d)) != NULL;)
        CHECK(!strstr(ent->d_name, ".tmp.") && !strstr(ent->d_name, ".gp"),
              "%s: left in %s", ent->d_name, dir);
    if (d)
        closedir(d);
}

/* Errors: a folder that cannot be made, gnuplot missing or failing, an
 * index out of range; each a negative code and a message. */
static void test_errors(const struct pb_history *h,
                        const struct pb_hist_change *c, size_t n,
                        const char *tmp)
{
    struct pb_error e = {""};
    char path[1024];
    path_of(path, sizeof(path), tmp, "plain");
    put_file(tmp, "plain", "a file, not a folder\n");
    path_of(path, sizeof(path), tmp, "plain/site");
    int rc = pb_dashboard_write(h, c, n, path, &e);
    CHECK(rc < 0 && strstr(e.msg, "plain/site: cannot create the folder"),
          "under a file: %d %s", rc, e.msg);

    struct pb_hist_change bad = c[1];
    bad.after = 99;
    path_of(path, sizeof(path), tmp, "bad");
    e.msg[0] = '\0';
    rc = pb_dashboard_write(h, &bad, 1, path, &e);
    CHECK(rc == -EINVAL && strstr(e.msg, "comparison 0"), "index: %d %s", rc,
          e.msg);

    const char *old = getenv("PATH");
    char *saved = strdup(old ? old : "/usr/bin:/bin");
    char bin[1024];
    path_of(bin, sizeof(bin), tmp, "bin");
    mkdir(bin, 0777);
    setenv("PATH", bin, 1);
    path_of(path, sizeof(path), tmp, "nognuplot");
    e.msg[0] = '\0';
    rc = pb_dashboard_write(h, c, n, path, &e);
    CHECK(rc < 0 && strstr(e.msg, "cannot run gnuplot"), "none: %d %s", rc,
          e.msg);
    put_file(bin, "gnuplot", "#!/bin/sh\necho 'gnuplot: broken' >&2\nexit 3\n");
    path_of(path, sizeof(path), bin, "gnuplot");
    chmod(path, 0755);
    path_of(path, sizeof(path), tmp, "badgnuplot");
    e.msg[0] = '\0';
    rc = pb_dashboard_write(h, c, n, path, &e);
    CHECK(rc == -EIO && strstr(e.msg, "gnuplot failed") &&
              strstr(e.msg, "gnuplot.log"),
          "failing: %d %s", rc, e.msg);
    path_of(path, sizeof(path), tmp, "badgnuplot/figures");
    check_clean(path);
    setenv("PATH", saved, 1);
    free(saved);
}

static bool have_gnuplot(void)
{
    return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

int main(int argc, char **argv)
{
    if (!have_gnuplot()) {
        if (getenv("CI")) { /* scripts/setup.sh installs it there */
            fprintf(stderr, "FAIL: gnuplot is missing under CI\n");
            return 1;
        }
        printf("skipped: gnuplot is not installed (Debian package "
               "gnuplot-nox)\n");
        return 77;
    }
    char tmpl[] = "/tmp/test_dashboard.XXXXXX";
    bool keep = argc == 3 && !strcmp(argv[1], "--site");
    const char *tmp = keep ? argv[2] : mkdtemp(tmpl);
    if (!tmp) {
        perror("mkdtemp");
        return 2;
    }
    char site[1024], results[1024];
    path_of(site, sizeof(site), tmp, "site");
    path_of(results, sizeof(results), tmp, "results");
    results_make(results);
    struct pb_history h;
    struct pb_hist_change c[8];
    history_of(&h, results);
    size_t n = changes_of(c);
    struct pb_error e = {""};
    int rc = pb_dashboard_write(&h, c, n, site, &e);
    CHECK(rc == 0, "pb_dashboard_write: %d %s", rc, e.msg);
    if (keep)
        return check_summary();
    test_point();
    test_names();
    check_site(site);
    /* written again over itself: the same files, nothing left beside */
    rc = pb_dashboard_write(&h, c, n, site, &e);
    CHECK(rc == 0, "again: %d %s", rc, e.msg);
    check_clean(site);
    char fig[1024];
    path_of(fig, sizeof(fig), site, "figures");
    check_clean(fig);
    test_errors(&h, c, n, tmp);
    nftw(tmp, remove_one, 16, FTW_DEPTH | FTW_PHYS);
    return check_summary();
}
