/*
 * dashboard_svg.c - one benchmark's history as an SVG figure
 * (dashboard_internal.h), drawn by gnuplot's svg terminal: x the commit's
 * place in the range (every commit, so that all figures of a site share
 * their x positions; a short id per tic, rotated, every k-th once there
 * are more than MAX_TICS), y the time per instance in one unit (ns to s,
 * pb_units.h, from the series' typical median). Each point is its
 * median with its 95 % t interval over the round values as an error bar
 * (db_point_of); a point of fewer than 3 rounds is hollow and has no
 * bar; a point not verified is a red X; a commit that failed to build is
 * a shaded band; each change point is an arrow to the later point,
 * labelled with the ratio and the later commit's subject (cut to
 * SUBJECT_CHARS characters), the labels stacked from the top.
 *
 * The script and its data (inline data blocks) go to a temporary file
 * beside the figure, drawn by plot.h's pb_gnuplot_draw (no shell; its
 * messages appended to figures/gnuplot.log), removed after. Text from the
 * history is data, never gnuplot code: every string is single-quoted (where
 * gnuplot expands nothing: no backquote, no macro, no escape) with a quote
 * doubled, control bytes and bytes that are not UTF-8 made
 * '?' (a control byte cannot be written in XML, and gnuplot copies the
 * rest into the SVG, escaping only & and <, so "]]>", which XML forbids
 * in text, is broken by a space); the terminal is noenhanced, so ^ _ @ {
 * } are plain characters. The figure's path goes to gnuplot as
 * pb_gnuplot_draw hands it (quoted the same way, refused with a control
 * byte, as ./PATH when relative), drawn into a temporary beside it and
 * renamed over it only when gnuplot exits 0 and wrote something. O(commits +
 * points) a figure.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pb_file.h"
#include "pb_units.h"
#include "present/dashboard_internal.h"
#include "present/plot.h"

enum {
    MAX_TICS = 40,      /* tic labels at most; more would overlap */
    SUBJECT_CHARS = 40, /* of a subject in a change point's label */
    MAX_LABELS = 6,     /* change points labelled per figure */
};

/* The length of the UTF-8 character at p (1..4), 0 when p does not
 * start one (a stray continuation byte, an overlong or cut sequence). */
static size_t utf8_len(const unsigned char *p)
{
    size_t n = p[0] < 0x80                    ? 1
               : p[0] >= 0xc2 && p[0] <= 0xdf ? 2
               : p[0] >= 0xe0 && p[0] <= 0xef ? 3
               : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4
                                              : 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    return n;
}

/* Writes text single-quoted for gnuplot, at most chars characters
 * ("..." after a cut), as the opening comment says. */
static void gp_text(FILE *f, const char *text, size_t chars)
{
    const unsigned char *p = (const unsigned char *)text;
    fputc('\'', f);
    for (size_t written = 0; *p; written++) {
        if (written == chars) {
            fputs("...", f);
            break;
        }
        size_t n = utf8_len(p);
        if (n == 0 || *p < 0x20 || *p == 0x7f) {
            fputc('?', f);
            p++;
            continue;
        }
        if (*p == '\'')
            fputc('\'', f);
        if (*p == '>' && written >= 2 && p[-1] == ']' && p[-2] == ']')
            fputc(' ', f);
        fwrite(p, 1, n, f);
        p += n;
    }
    fputc('\'', f);
}

/* The axes, the tics, the shaded commits that failed to build. */
static void gp_frame(FILE *f, const struct pb_history *h,
                     const struct pb_hist_series *x, struct pb_unit u,
                     size_t labels)
{
    fprintf(f,
            "set terminal svg size %d,%d font 'sans,11' noenhanced "
            "background '#ffffff'\nset encoding utf8\nset title ",
            DB_FIGURE_WIDTH, DB_FIGURE_HEIGHT);
    gp_text(f, x->key, SIZE_MAX);
    char ylabel[128];
    snprintf(ylabel, sizeof(ylabel), "time per instance (%s, %s)", u.name,
             db_clock_name(x->clock));
    fputs("\nset ylabel ", f);
    gp_text(f, ylabel, SIZE_MAX);
    fprintf(f,
            "\nset xrange [-0.5:%zu.5]\nset border 3\nset tics nomirror\n"
            "set grid ytics lc rgb '#e4e4e4'\nset key below\n"
            "set offsets 0, 0, graph %.2f, graph 0.05\n"
            "set xtics rotate by 45 right font ',9' (",
            h->commits ? h->commits - 1 : 0, 0.08 + 0.075 * (double)labels);
    size_t step = (h->commits + MAX_TICS - 1) / MAX_TICS;
    for (size_t i = 0; i < h->commits; i += step ? step : 1) {
        char sha[DB_SHORT_SHA + 1];
        snprintf(sha, sizeof(sha), "%.*s", DB_SHORT_SHA, h->commit[i].sha);
        fputs(i ? ", " : "", f);
        gp_text(f, sha, SIZE_MAX);
        fprintf(f, " %zu", i);
    }
    fputs(")\n", f);
    for (size_t i = 0; i < h->commits; i++) {
        if (h->commit[i].built)
            continue;
        fprintf(f,
                "set object rect from first %g, graph 0 to first %g, graph 1 "
                "behind fillcolor rgb '#f6e0e0' fillstyle solid 1.0 "
                "noborder\n",
                (double)i - 0.5, (double)i + 0.5);
        if (h->commits <= MAX_TICS) /* else the bands are too narrow */
            fprintf(f,
                    "set label 'build failed' at first %zu, graph 0.03 left "
                    "rotate by 90 textcolor rgb '#a04040' font ',9' back\n",
                    i);
    }
}

/* The arrows and labels of the change points of series s (at most
 * MAX_LABELS); times in unit u. */
static void gp_changes(FILE *f, const struct pb_history *h, size_t s,
                       const struct pb_hist_change *c, size_t n,
                       struct pb_unit u)
{
    const struct pb_hist_series *x = &h->series[s];
    size_t k = 0;
    for (size_t i = 0; i < n && k < MAX_LABELS; i++) {
        if (c[i].series != s || !pb_hist_change_is_point(&c[i]))
            continue;
        size_t at = db_after_commit(h, &c[i]);
        struct db_point d;
        db_point_of(&x->point[c[i].after], &d);
        bool faster = c[i].change.verdict == PB_FASTER;
        const char *colour = faster ? "#1a7f37" : "#b3261e";
        double top = 0.97 - 0.075 * (double)k++;
        bool right = 2 * at > (h->commits ? h->commits - 1 : 0);
        char ratio[PB_UNITS_TEXT + 16];
        pb_units_ratio(ratio, sizeof(ratio), c[i].change.ratio);
        size_t used = strlen(ratio);
        snprintf(ratio + used, sizeof(ratio) - used,
                 " %s: ", faster ? "faster" : "slower");
        /* to the top of the point's bar, so that the head hides none */
        double tip = d.bar ? d.hi : d.median;
        if (isfinite(tip))
            fprintf(f,
                    "set arrow from first %zu, graph %.3f to first %zu, "
                    "first %.17g lc rgb '%s' lw 1.2 dt 2 filled front\n",
                    at, top - 0.025, at, tip * u.scale, colour);
        fputs("set label ", f);
        gp_text(f, ratio, SIZE_MAX);
        fputs(" . ", f);
        gp_text(f, h->commit[at].subject, SUBJECT_CHARS);
        fprintf(f,
                " at first %zu, graph %.3f %s offset character %s, 0 "
                "textcolor rgb '%s' front\n",
                at, top, right ? "right" : "left", right ? "-0.6" : "0.6",
                colour);
    }
}

/* The points in four data blocks by their look, and the plot of the
 * non-empty ones over a grey line through every median. */
static void gp_points(FILE *f, const struct pb_hist_series *x, struct pb_unit u)
{
    static const struct {
        const char *name, *style, *title;
        bool verified, bar;
    } look[] = {
        {"$v", "yerrorbars pt 7 ps 0.7 lc rgb '#1f5fbf'",
         "verified: median, 95 % interval", true, true},
        {"$h", "points pt 6 ps 0.9 lc rgb '#1f5fbf'",
         "fewer than 3 rounds: no interval", true, false},
        {"$u", "yerrorbars pt 2 ps 1.2 lw 1.5 lc rgb '#d00000'", "not verified",
         false, true},
        {"$x", "points pt 2 ps 1.2 lw 1.5 lc rgb '#d00000'", "not verified",
         false, false},
    };
    bool present[4] = {false, false, false, false};
    fputs("$all << EOD\n", f);
    for (size_t i = 0; i < x->n; i++) {
        struct db_point d;
        db_point_of(&x->point[i], &d);
        if (isfinite(d.median))
            fprintf(f, "%zu %.17g\n", x->point[i].commit, d.median * u.scale);
    }
    fputs("EOD\n", f);
    for (size_t l = 0; l < 4; l++) {
        fprintf(f, "%s << EOD\n", look[l].name);
        for (size_t i = 0; i < x->n; i++) {
            struct db_point d;
            db_point_of(&x->point[i], &d);
            if (!isfinite(d.median) ||
                x->point[i].verified != look[l].verified ||
                d.bar != look[l].bar)
                continue;
            present[l] = true;
            fprintf(f, "%zu %.17g %.17g %.17g\n", x->point[i].commit,
                    d.median * u.scale, (d.bar ? d.lo : d.median) * u.scale,
                    (d.bar ? d.hi : d.median) * u.scale);
        }
        fputs("EOD\n", f);
    }
    fputs("plot $all using 1:2 with lines lc rgb '#a0a0a0' notitle", f);
    bool titled_unverified = false;
    for (size_t l = 0; l < 4; l++) {
        if (!present[l])
            continue;
        /* one key entry for the two looks of "not verified" */
        bool title = look[l].verified || !titled_unverified;
        titled_unverified = titled_unverified || !look[l].verified;
        fprintf(f, ", \\\n  %s using 1:2%s with %s ", look[l].name,
                look[l].bar ? ":3:4" : "", look[l].style);
        if (title)
            fprintf(f, "title '%s'", look[l].title);
        else
            fputs("notitle", f);
    }
    fputc('\n', f);
}

/* Writes the script of the figure, drawing into gnuplot's `out`
 * (pb_gnuplot_draw defines it), as text (malloc'ed) into *text. 0 or
 * -ENOMEM. */
static int script_of(const struct pb_history *h, size_t s,
                     const struct pb_hist_change *c, size_t n, char **text)
{
    const struct pb_hist_series *x = &h->series[s];
    struct pb_unit u = pb_units_time_unit(db_series_typical(x));
    size_t labels = 0;
    for (size_t i = 0; i < n; i++)
        labels += c[i].series == s && pb_hist_change_is_point(&c[i]);
    size_t len = 0;
    FILE *f = open_memstream(text, &len);
    if (!f)
        return -ENOMEM;
    gp_frame(f, h, x, u, labels < MAX_LABELS ? labels : MAX_LABELS);
    fputs("set output out\n", f);
    gp_changes(f, h, s, c, n, u);
    gp_points(f, x, u);
    return fclose(f) ? -ENOMEM : 0;
}

/* Writes text into the temporary beside the script's name (its name into
 * tmp): 0, or a negative code with e set. */
static int script_write(const char *path, const char *text, char *tmp,
                        struct pb_error *e)
{
    int fd = pb_temp_create(path, tmp);
    if (fd < 0)
        return pb_fail(e, fd, "%s: cannot create a temporary beside it: %s",
                       path, strerror(-fd));
    size_t len = strlen(text);
    for (size_t at = 0; at < len;) {
        ssize_t w = write(fd, text + at, len - at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            int rc = w < 0 ? -errno : -EIO;
            close(fd);
            unlink(tmp);
            return pb_fail(e, rc, "%s: cannot write: %s", tmp, strerror(-rc));
        }
        at += (size_t)w;
    }
    close(fd);
    return 0;
}

int db_figure_write(const struct pb_history *h, size_t s,
                    const struct pb_hist_change *c, size_t n,
                    const char *figdir, bool *drawn, struct pb_error *e)
{
    const struct pb_hist_series *x = &h->series[s];
    *drawn = false;
    bool any = false;
    for (size_t i = 0; i < x->n && !any; i++) {
        struct db_point d;
        db_point_of(&x->point[i], &d);
        any = isfinite(d.median);
    }
    if (!any)
        return 0;
    char name[DB_NAME_TEXT], path[PB_PATH_MAX], script[PB_PATH_MAX],
        log[PB_PATH_MAX], stmp[PB_PATH_MAX];
    db_series_name(x->key, name, sizeof(name));
    snprintf(path, sizeof(path), "%s/%s.svg", figdir, name);
    snprintf(script, sizeof(script), "%s/%s.gp", figdir, name);
    snprintf(log, sizeof(log), "%s/gnuplot.log", figdir);
    char *text = NULL;
    int rc = script_of(h, s, c, n, &text);
    if (rc)
        rc = pb_fail(e, rc, "out of memory");
    else if ((rc = script_write(script, text, stmp, e)) == 0) {
        char run[PB_PATH_MAX + 2];
        snprintf(run, sizeof(run), "%s%s", stmp[0] == '/' ? "" : "./", stmp);
        rc = pb_gnuplot_draw("", run, path, NULL, log, e);
        unlink(stmp);
    }
    free(text);
    if (rc)
        return rc;
    *drawn = true;
    return 0;
}
