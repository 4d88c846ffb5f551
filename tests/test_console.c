/*
 * test_console.c - the compact console's formats (bench/present/console.h):
 * times as pb_units writes them (test_units.c) in a column that the
 * micro sign does not shift, ratios as pb_units writes them, spreads,
 * clocks, the median and the CV (pb_cv's), short names, result
 * lines that name their median's clock (cpu, wall) under a clock column,
 * result lines within PB_CONSOLE_WIDTH and on one line, the progress text cut
 * to a terminal's width, and the progress modes (--quiet, NO_COLOR, not
 * a terminal). Ends with "N passed, N failed".
 */
#define _XOPEN_SOURCE 700 /* posix_openpt, for a terminal to test on */
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "present/console.h"
#include "analysis/noise.h"
#include "util/stats.h"

static char buf[1024];

#define SPREAD_IS(fraction, want)                                              \
    do {                                                                       \
        pb_console_spread(fraction, buf, sizeof(buf));                         \
        CHECK(!strcmp(buf, want), "spread %g: got '%s', expected '%s'",        \
              (double)(fraction), buf, want);                                  \
    } while (0)

#define CLOCK_IS(seconds, want)                                                \
    do {                                                                       \
        pb_console_clock(seconds, buf, sizeof(buf));                           \
        CHECK(!strcmp(buf, want), "clock %g: got '%s', expected '%s'",         \
              (double)(seconds), buf, want);                                   \
    } while (0)

static void test_spread_clock(void)
{
    SPREAD_IS(0.012, "+-1.2%");
    SPREAD_IS(0.0004, "+-0.0%");
    SPREAD_IS(0.15, "+-15%");
    SPREAD_IS(0.0996, "+-10%");
    SPREAD_IS(25.0, "+-2500%");
    SPREAD_IS(NAN, "-");
    CLOCK_IS(0.4, "0s");
    CLOCK_IS(42, "42s");
    CLOCK_IS(59.6, "1m00s");
    CLOCK_IS(185, "3m05s");
    CLOCK_IS(7380, "2h03m");
    CLOCK_IS(NAN, "?");
}

/* The median and the spread: the coefficient of variation, the same
 * number as the report's CV column and the noise rule (noise.h), not a
 * deviation about the median; none ("-") under two repetitions. */
static void test_center(void)
{
    double x[] = {3, 1, 2, 100, 2};
    double median, cv;
    pb_console_center(x, 5, &median, &cv);
    /* mean 21.6, sample variance 1921.3 */
    CHECK(median == 2 && fabs(cv - sqrt(1921.3) / 21.6) < 1e-9,
          "median %g (2), cv %g (%g)", median, cv, sqrt(1921.3) / 21.6);
    CHECK(cv == pb_cv(x, 5), "cv %g, pb_cv %g", cv, pb_cv(x, 5));
    double one[] = {0.5};
    pb_console_center(one, 1, &median, &cv);
    CHECK(median == 0.5 && isnan(cv), "one sample: median %g, cv %g", median,
          cv);
    struct pb_console_result r = {
        "a/b/c/4/n=1/t=1", 1e-3, cv, NAN, NULL, false, NULL, false, "cpu"};
    pb_console_line(&r, buf, sizeof(buf));
    CHECK(strstr(buf, "1.00 ms cpu    -  "), "one repetition's line '%s'", buf);
    double two[] = {4, 2};
    pb_console_center(two, 2, &median, &cv);
    CHECK(median == 3 && fabs(cv - sqrt(2) / 3) < 1e-9,
          "two: median %g (3), cv %g", median, cv);
    pb_console_header(buf, sizeof(buf));
    CHECK(strstr(buf, "  median clock  cv  ") && !strstr(buf, "spread"),
          "header '%s' without its clock and cv columns", buf);
}

static void test_lines(void)
{
    struct pb_bench_id id = {
        "cube_walk", "delta_stepping", "uniform", "64x64", 20, 1, 2, 1};
    char name[256];
    pb_console_name(&id, name, sizeof(name));
    CHECK(!strcmp(name, "cube_walk/delta_stepping/uniform/64x64/n=20/t=2"),
          "short name '%s'", name);
    id.processes = 3; /* a run over MPI */
    pb_console_name(&id, name, sizeof(name));
    CHECK(!strcmp(name, "cube_walk/delta_stepping/uniform/64x64/n=20/t=2/p=3"),
          "short name '%s'", name);
    id.processes = 1;

    struct pb_console_result r = {name,  1.234e-6, 0.012, 4.61,  "dial",
                                  false, NULL,     false, "wall"};
    pb_console_line(&r, buf, sizeof(buf));
    CHECK(strstr(buf, name) == buf && strstr(buf, "1.23 µs wall ") &&
              strstr(buf, "+-1.2%") && strstr(buf, "4.61x slower than dial") &&
              strstr(buf, "verified") && strlen(buf) <= PB_CONSOLE_WIDTH,
          "result line '%s'", buf);
    r.ratio = 0.25;
    pb_console_line(&r, buf, sizeof(buf));
    CHECK(strstr(buf, "4.00x faster than dial"), "faster line '%s'", buf);
    r.ratio = 4.61;
    r.is_baseline = true;
    pb_console_line(&r, buf, sizeof(buf));
    CHECK(strstr(buf, "baseline") && !strstr(buf, "4.61x"),
          "baseline line '%s'", buf);
    r.is_baseline = false;
    r.ratio = NAN; /* the baseline has not run (yet) */
    pb_console_line(&r, buf, sizeof(buf));
    CHECK(!strstr(buf, "dial") && strstr(buf, "verified"),
          "line without a ratio '%s'", buf);

    /* a long reason with a newline: one line, cut to the width */
    char reason[600];
    memset(reason, 'x', sizeof(reason) - 1);
    reason[sizeof(reason) - 1] = '\0';
    memcpy(reason, "skipped: first\nsecond", 21);
    struct pb_console_result s = {name,  NAN,    NAN,   NAN, NULL,
                                  false, reason, false, NULL};
    pb_console_line(&s, buf, sizeof(buf));
    CHECK(!strchr(buf, '\n') && strstr(buf, "skipped: first") &&
              !strstr(buf, "second"),
          "reason with a newline: '%s'", buf);
    r.status = reason + 21; /* verified-column text of 578 x's */
    r.ratio = 4.61;
    pb_console_line(&r, buf, sizeof(buf));
    CHECK(strlen(buf) == PB_CONSOLE_WIDTH &&
              !strcmp(buf + PB_CONSOLE_WIDTH - 3, "..."),
          "long line cut to %d: %zu '%s'", PB_CONSOLE_WIDTH, strlen(buf), buf);
    struct pb_console_result later = {name,  2e-6, 0.01, NAN,  "dial",
                                      false, NULL, true, "cpu"};
    pb_console_line(&later, buf, sizeof(buf));
    CHECK(strstr(buf, "dial: timed later"), "baseline later: '%s'", buf);
    struct pb_console_result f = {
        name,  NAN, NAN, NAN, NULL, false, "failed: 2 wrong answers",
        false, NULL};
    pb_console_line(&f, buf, sizeof(buf));
    CHECK(strstr(buf, "  FAILED: 2 wrong answers"), "failure line '%s'", buf);
    f.status = "wrong answer in a timed run: instance 3";
    pb_console_line(&f, buf, sizeof(buf));
    CHECK(strstr(buf, "  FAILED: wrong answer in a timed run: instance 3"),
          "failure line '%s'", buf);
    f.status = "skipped: over the memory cap";
    pb_console_line(&f, buf, sizeof(buf));
    CHECK(strstr(buf, "  skipped: over the memory cap") && !strstr(buf, "FAIL"),
          "skip line '%s'", buf);
    pb_console_header(buf, sizeof(buf));
    CHECK(strstr(buf, "median") && strlen(buf) <= PB_CONSOLE_WIDTH,
          "header '%s'", buf);
}

static void test_progress(void)
{
    pb_progress_text(3, 12, "verify magic_squares/table/uniform/4/n=50/t=1", 65,
                     pb_progress_left(3, 12, 65), 200, buf, sizeof(buf));
    CHECK(!strcmp(buf, "[3/12] verify magic_squares/table/uniform/4/n=50/t=1"
                       "  1m05s elapsed, ~3m15s left"),
          "progress '%s'", buf);
    pb_progress_text(12, 12, "x", 5, pb_progress_left(12, 12, 5), 200, buf,
                     sizeof(buf));
    CHECK(!strcmp(buf, "[12/12] x  5s elapsed"), "last progress '%s'", buf);
    pb_progress_text(1, 2, "a-very-long-name-of-a-benchmark", 1, NAN, 20, buf,
                     sizeof(buf));
    CHECK(strlen(buf) == 19, "cut to a 20-column terminal: '%s'", buf);

    /* modes: a file is not a terminal; NO_COLOR; --quiet */
    FILE *f = tmpfile();
    struct pb_progress p;
    unsetenv("NO_COLOR");
    pb_progress_init(&p, f, fileno(f), false);
    CHECK(p.mode == PB_PROGRESS_LINES, "a file: mode %d", (int)p.mode);
    pb_progress_show(&p, 1, 2, "x", 0, NAN);
    pb_progress_clear(&p);
    long size = ftell(f);
    rewind(f);
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    buf[n] = '\0';
    CHECK(!strcmp(buf, "[1/2] x  0s elapsed\n") && size == (long)n,
          "plain progress '%s'", buf);
    pb_progress_init(&p, f, fileno(f), true);
    CHECK(p.mode == PB_PROGRESS_OFF, "--quiet: mode %d", (int)p.mode);
    fclose(f);

    /* a terminal (a pseudo-terminal here): redrawn, unless NO_COLOR */
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    int slave = -1;
    if (master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
        slave = open(ptsname(master), O_RDWR | O_NOCTTY);
    if (slave < 0) {
        fprintf(stderr, "note: no pseudo-terminal here; terminal modes "
                        "untested\n");
    } else {
        pb_progress_init(&p, stderr, slave, false);
        CHECK(p.mode == PB_PROGRESS_REDRAW, "a terminal: mode %d", (int)p.mode);
        setenv("NO_COLOR", "", 1); /* empty: as if unset (no-color.org) */
        pb_progress_init(&p, stderr, slave, false);
        CHECK(p.mode == PB_PROGRESS_REDRAW, "NO_COLOR empty: mode %d",
              (int)p.mode);
        setenv("NO_COLOR", "1", 1);
        pb_progress_init(&p, stderr, slave, false);
        CHECK(p.mode == PB_PROGRESS_LINES, "NO_COLOR=1: mode %d", (int)p.mode);
        unsetenv("NO_COLOR");
        close(slave);
    }
    if (master >= 0)
        close(master);
}

/* The name column sized to the run's longest name (a file corpus's, 61
 * characters here): the time column starts where the header's does. */
static void test_name_width(void)
{
    const char *name =
        "sliding_tiles/bfs_array/file:data/korf100.txt/4x4/n=100/t=1";
    struct pb_console_result r = {name, 1.5e-3, 0.01,  NAN,  NULL,
                                  true, NULL,   false, "cpu"};
    char head[1024];
    pb_console_set_name_width(strlen(name));
    pb_console_header(head, sizeof(head));
    pb_console_line(&r, buf, sizeof(buf));
    const char *m = strstr(head, "median"), *t = strstr(buf, "1.50 ms");
    CHECK(m && t && (m - head) + 6 == (t - buf) + 7,
          "columns drift:\n'%s'\n'%s'", head, buf);
    const char *cv = strstr(head, " cv "), *plus = strstr(buf, "+-1.0%");
    CHECK(cv && plus && cv - head + 1 == plus - buf,
          "cv column drifts:\n'%s'\n'%s'", head, buf);
    const char *clock = strstr(head, " clock "), *cpu = strstr(buf, " cpu ");
    CHECK(clock && cpu && clock - head == cpu - buf,
          "clock column drifts:\n'%s'\n'%s'", head, buf);
    pb_console_set_name_width(0); /* never narrower than the header */
    pb_console_header(head, sizeof(head));
    CHECK(strstr(head, "threads  ") && strlen(head) <= PB_CONSOLE_WIDTH,
          "narrow header '%s'", head);
}

int main(void)
{
    test_spread_clock();
    test_center();
    test_lines();
    test_progress();
    test_name_width();
    return check_summary();
}
