/*
 * console.c - the compact console's formats and its progress line
 * (console.h). Times and ratios are pb_units.h's, as everywhere people
 * read them. The spread is the coefficient of variation
 * (noise.h pb_cv), the measure the report's CV column and the
 * noise rule use. Each
 * format is O(1); pb_console_center is O(n log n); the winners are
 * winners.h's over the results read back (the report's numbers).
 * References: hyperfine's and pyperf's consoles (units per value,
 * "+-" spread); no-color.org (NO_COLOR set and not empty: no escapes).
 */
#include "present/console.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "analysis/noise.h"
#include "util/stats.h"
#include "results/readback.h"
#include "analysis/winners.h"
#include "pb_units.h"

/* Width of the name column until pb_console_set_name_width; a longer
 * name pushes the rest right. */
#define NAME_COLUMN 46
/* The widest name column: the time, clock, spread and ratio columns
 * still fit in PB_CONSOLE_WIDTH (the status may be cut). */
#define NAME_COLUMN_MAX 63
#define NAME_HEADER "kernel/variant/family/size/n/threads"

static int name_column = NAME_COLUMN;

void pb_console_set_name_width(size_t longest)
{
    size_t w = longest < strlen(NAME_HEADER) ? strlen(NAME_HEADER) : longest;
    name_column = (int)(w > NAME_COLUMN_MAX ? NAME_COLUMN_MAX : w);
}
/* Width of the ratio column: "1.08x slower than delta_stepping" fits. */
#define VERSUS_COLUMN 30
/* Width of the time column: "-999 ms" and "12,346 s" fit. */
#define TIME_COLUMN 9
/* Width of the clock column: its header, "clock", fits ("cpu", "wall"). */
#define CLOCK_COLUMN 5
/* A terminal's width when it does not say. */
#define DEFAULT_COLUMNS 80

/* Cuts buf to at most width characters, the last three "..." */
static void cut(char *buf, size_t width)
{
    if (strlen(buf) > width && width >= 3)
        strcpy(buf + width - 3, "...");
}

void pb_console_spread(double fraction, char *buf, size_t len)
{
    if (isnan(fraction)) {
        snprintf(buf, len, "-");
        return;
    }
    double percent = 100 * fabs(fraction);
    snprintf(buf, len, "+-%.*f%%", percent >= 9.95 ? 0 : 1, percent);
}

void pb_console_clock(double seconds, char *buf, size_t len)
{
    if (!isfinite(seconds) || seconds < 0) {
        snprintf(buf, len, "?");
        return;
    }
    double s = floor(seconds + 0.5);
    if (s < 60)
        snprintf(buf, len, "%.0fs", s);
    else if (s < 3600)
        snprintf(buf, len, "%.0fm%02.0fs", floor(s / 60), fmod(s, 60));
    else
        snprintf(buf, len, "%.0fh%02.0fm", floor(s / 3600),
                 floor(fmod(s, 3600) / 60));
}

void pb_console_center(double *x, size_t n, double *median, double *cv)
{
    *cv = pb_cv(x, n);
    *median = pb_median(x, n);
}

void pb_console_name(const struct pb_bench_id *id, char *buf, size_t len)
{
    int n =
        snprintf(buf, len, "%s/%s/%s/%s/n=%llu/t=%llu", id->kernel, id->variant,
                 id->family, id->size, (unsigned long long)id->count,
                 (unsigned long long)id->threads);
    if (id->processes > 1 && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, "/p=%llu",
                 (unsigned long long)id->processes);
}

void pb_console_line(const struct pb_console_result *r, char *buf, size_t len)
{
    /* failed: enough for a line, which is cut to PB_CONSOLE_WIDTH */
    char line[4 * PB_CONSOLE_WIDTH], failed[PB_CONSOLE_WIDTH + 16];
    const char *status = r->status;
    if (status && strncmp(status, "skipped", 7)) {
        /* a failure: the word a reader looks for */
        snprintf(failed, sizeof(failed), "FAILED: %s",
                 strncmp(status, "failed: ", 8) ? status : status + 8);
        status = failed;
    }
    if (isnan(r->median)) { /* not timed: the reason is all there is */
        snprintf(line, sizeof(line), "%-*s  %s", name_column, r->name,
                 status ? status : "not timed");
    } else {
        char time[PB_UNITS_TEXT], spread[32], ratio[PB_UNITS_TEXT];
        char versus[96] = "";
        pb_units_time(time, sizeof(time), r->median);
        pb_console_spread(r->spread, spread, sizeof(spread));
        /* as hyperfine says it: the larger time over the smaller */
        bool faster = r->ratio < 1;
        pb_units_ratio(ratio, sizeof(ratio), faster ? 1 / r->ratio : r->ratio);
        if (r->is_baseline)
            snprintf(versus, sizeof(versus), "baseline");
        else if (r->baseline && isfinite(r->ratio) && r->ratio > 0)
            snprintf(versus, sizeof(versus), "%s %s than %s", ratio,
                     faster ? "faster" : "slower", r->baseline);
        else if (r->baseline && r->baseline_later) /* see the winners */
            snprintf(versus, sizeof(versus), "%s: timed later", r->baseline);
        snprintf(line, sizeof(line), "%-*s  %*s %-*s  %-6s  %-*s  %s",
                 name_column, r->name, pb_units_width(time, TIME_COLUMN), time,
                 CLOCK_COLUMN, r->clock ? r->clock : "", spread, VERSUS_COLUMN,
                 versus, status ? status : "verified");
    }
    /* a reason may hold a newline (an error message): one line */
    line[strcspn(line, "\r\n")] = '\0';
    cut(line, PB_CONSOLE_WIDTH);
    snprintf(buf, len, "%s", line);
}

void pb_console_header(char *buf, size_t len)
{
    snprintf(buf, len, "%-*s  %*s %-*s  %-6s  %-*s  %s", name_column,
             NAME_HEADER, TIME_COLUMN, "median", CLOCK_COLUMN, "clock", "cv",
             VERSUS_COLUMN, "median vs baseline", "check");
}

char *pb_console_winners(const struct readback *t, struct pb_error *e)
{
    struct pb_winners w;
    char *text = NULL;
    size_t len = 0;
    int rc = pb_winners_find(t, &w, e);
    if (rc == 0) {
        FILE *f = open_memstream(&text, &len);
        if (f) {
            fprintf(f,
                    "winners (time per instance over rounds; 95%% "
                    "interval of the ratio; same: within +-%g %%):\n",
                    PB_WINNERS_BAND * 100);
            pb_winners_print(f, &w);
        }
        if (!f || fclose(f) != 0) {
            free(text);
            text = NULL;
            pb_fail(e, -ENOMEM, "out of memory");
        }
        pb_winners_free(&w);
    }
    return rc ? NULL : text;
}

void pb_progress_init(struct pb_progress *p, FILE *f, int fd, bool quiet)
{
    const char *no_color = getenv("NO_COLOR");
    struct winsize ws;
    p->f = f;
    p->drawn = false;
    p->width = DEFAULT_COLUMNS;
    if (quiet)
        p->mode = PB_PROGRESS_OFF;
    else if ((no_color && no_color[0]) || !isatty(fd))
        p->mode = PB_PROGRESS_LINES;
    else
        p->mode = PB_PROGRESS_REDRAW;
    if (p->mode == PB_PROGRESS_REDRAW && ioctl(fd, TIOCGWINSZ, &ws) == 0 &&
        ws.ws_col > 1)
        p->width = ws.ws_col;
}

double pb_progress_left(size_t done, size_t total, double elapsed)
{
    if (done == 0 || done >= total)
        return NAN;
    return elapsed / (double)done * (double)(total - done);
}

void pb_progress_text(size_t i, size_t n, const char *what, double elapsed,
                      double left, int width, char *buf, size_t len)
{
    char line[4 * PB_CONSOLE_WIDTH], e[32], l[32] = "";
    pb_console_clock(elapsed, e, sizeof(e));
    if (!isnan(left)) {
        char t[24];
        pb_console_clock(left, t, sizeof(t));
        snprintf(l, sizeof(l), ", ~%s left", t);
    }
    snprintf(line, sizeof(line), "[%zu/%zu] %s  %s elapsed%s", i, n, what, e,
             l);
    /* a redrawn line must not wrap, or "\r" returns to its second half */
    cut(line, width > 1 ? (size_t)width - 1 : 0);
    snprintf(buf, len, "%s", line);
}

void pb_progress_show(struct pb_progress *p, size_t i, size_t n,
                      const char *what, double elapsed, double left)
{
    char text[4 * PB_CONSOLE_WIDTH];
    switch (p->mode) {
    case PB_PROGRESS_OFF:
        return;
    case PB_PROGRESS_LINES:
        pb_progress_text(i, n, what, elapsed, left, 4 * PB_CONSOLE_WIDTH, text,
                         sizeof(text));
        fprintf(p->f, "%s\n", text);
        break;
    case PB_PROGRESS_REDRAW:
        pb_progress_text(i, n, what, elapsed, left, p->width, text,
                         sizeof(text));
        fprintf(p->f, "\r\033[K%s", text);
        p->drawn = true;
        break;
    }
    fflush(p->f);
}

void pb_progress_clear(struct pb_progress *p)
{
    if (!p->drawn)
        return;
    fputs("\r\033[K", p->f);
    fflush(p->f);
    p->drawn = false;
}
