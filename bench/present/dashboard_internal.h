/*
 * dashboard_internal.h - the dashboard's internals, shared by dashboard.c
 * (checks, folders, index.html), dashboard_page.c (KERNEL.html),
 * dashboard_svg.c (the figures, drawn by gnuplot) and dashboard_format.c
 * (what they share: a point's interval, names, the HTML emitters). Not a
 * public interface: dashboard.h is.
 */
#ifndef PB_DASHBOARD_INTERNAL_H
#define PB_DASHBOARD_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis/changepoint.h"
#include "results/history_data.h"

struct pb_error; /* pb.h */

/* A file name made of the name ([A-Za-z0-9_-], at most DB_NAME_KEPT of
 * them), '-' and 8 hex digits of its hash: no two keys share one in
 * practice, and it is safe in a path, a link and an HTML id. */
#define DB_NAME_KEPT 64
#define DB_NAME_TEXT (DB_NAME_KEPT + 10)

/* A figure's size in pixels: wide enough for a tic label per commit of
 * a few dozen, the page scales it down to its width. */
#define DB_FIGURE_WIDTH 960
#define DB_FIGURE_HEIGHT 440

/* The characters of a commit id the pages and figures show. */
#define DB_SHORT_SHA 7

/* What a point shows: the median of its round values and the 95 % t
 * interval of their logs, exponentiated (bar false with fewer than
 * PB_STATS_MIN_ROUNDS values or a value not above 0: no interval). */
struct db_point {
    double median;
    double lo, hi;
    bool bar;
};
void db_point_of(const struct pb_hist_point *p, struct db_point *out);

/* The figure's and the section's name of a series key (figures/NAME.svg,
 * KERNEL.html#NAME). */
void db_series_name(const char *key, char *out, size_t len);
/* The page of a kernel without ".html": the kernel itself when it is
 * [a-z0-9_-] and not "index", else as db_series_name. */
void db_page_name(const char *kernel, char *out, size_t len);

/* The typical median of series s (the unit of its axis and table is
 * chosen from it): the median of its points' finite positive medians,
 * NaN without one. */
double db_series_typical(const struct pb_hist_series *s);

/* "CPU time", "wall time", or the clock as it is named. */
const char *db_clock_name(const char *clock);

/* The later commit of c (an index into h->commit). */
size_t db_after_commit(const struct pb_history *h,
                       const struct pb_hist_change *c);

/* The ratio of c and its interval: "0.800x (0.781-0.820)", or the ratio
 * alone without an interval. */
void db_ratio_text(const struct pb_hist_change *c, char *buf, size_t len);

/* Writes s to f as an HTML text or attribute value (report_format.c's
 * escaping). */
void db_put(FILE *f, const char *s);

/* Writes a benchmark key as db_put does, with a place to break the
 * line (<wbr>) after each '/'. */
void db_put_key(FILE *f, const char *key);

/* The page head up to <body>: the title (escaped), the style sheet. */
void db_html_head(FILE *f, const char *title);
/* The filter box over the elements with a data-key attribute and its
 * script, for the end of a page. */
void db_html_filter_script(FILE *f);

/* Draws series s of h with its change points (those of c[0..n) of s)
 * into figdir/NAME.svg (db_series_name) through gnuplot, its messages
 * appended to figdir/gnuplot.log; the figure is written beside and
 * renamed. 0, or a negative code with e set. A series without a finite
 * point draws nothing (0, *drawn false). */
int db_figure_write(const struct pb_history *h, size_t s,
                    const struct pb_hist_change *c, size_t n,
                    const char *figdir, bool *drawn, struct pb_error *e);

/* Writes out_dir/PAGE.html (db_page_name) for the kernel: one section
 * per series of it (drawn[s]: whether its figure exists), run reports
 * linked relative to out_real (out_dir's real path). 0, or a negative
 * code with e set. */
int db_kernel_page_write(const struct pb_history *h, const char *kernel,
                         const struct pb_hist_change *c, size_t n,
                         const bool *drawn, const char *out_dir,
                         const char *out_real, struct pb_error *e);

#endif
