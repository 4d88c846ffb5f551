/*
 * plot.h - `puzzlebench plot DIR`: the summary CSV and the figures of a
 * results folder, drawn by the gnuplot scripts under plots/.
 */
#ifndef PLOT_H
#define PLOT_H

#include <stdio.h>

#include "pb.h"

/* Writes DIR/summary.csv and DIR/figures/KIND-KERNEL.{png,svg,pdf} for the
 * figure kinds (speed-up only where a kernel ran on more than one core:
 * at several thread counts, or over MPI processes), each with its
 * caption beside it (KIND-KERNEL.caption.txt: what the figure shows,
 * what its bars are, what a hollow point means), listing each figure
 * on `out` (may be NULL). baseline names the
 * variant that figure 4 divides by (NULL: each kernel's first registered
 * variant in the results). Each figure's time axis names its clock
 * ("CPU time", "wall time", or both where serial rows on CPU time meet
 * parallel ones on wall time). The folder of bench --against (both
 * sides) is drawn as its side B, the build under test, and a note on
 * `out` says so. A plot redraws the kinds it is asked for (every format
 * of them, so that no older rendering of other variants stays beside
 * the new one) and leaves every other figure as it was (another kind's,
 * or one the variants asked for have no point in). 0, or an error in
 * e. */
/* What to draw; NULL fields (or NULL options): everything, at the
 * defaults. The lists are comma-separated names. */
struct pb_plot_options {
    const char *baseline; /* the variant figure 4 divides by */
    const char *kinds;    /* figures: time_vs_size,speedup,... */
    const char *variants; /* variants drawn (summary.csv keeps all) */
    const char *formats;  /* png,svg,pdf,tex (NULL: png,svg,pdf) */
    /* "cpu" or "wall": every benchmark's times on that clock (readback.h);
     * NULL: the clock the run recorded (bench --clock, the context's
     * "clock"), else each benchmark's own */
    const char *clock;
    /* "column" (3.4 x 2.4 in, the default), "page" (7 x 3.5 in) or WxH
     * in inches: the size of a one-panel figure, its text 8 pt there */
    const char *size;
    const char *title; /* "none" (the default), "short" or "full" */
    /* the counter figure 7 counts, by name (NULL: each kernel's main
     * one); drawn for another as COUNTER_per_unit_vs_knob-KERNEL */
    const char *counter;
    /* the family the knob speed-up divides by (knob_sweep.h; NULL:
     * the one family without a knob beside the sweep, if one) */
    const char *reference;
    /* a folder for summary.csv, the figures and their captions instead
     * of DIR and DIR/figures (DIR is then only read); NULL: DIR */
    const char *out;
};

int pb_plot(const char *dir, const struct pb_plot_options *o, FILE *out,
            struct pb_error *e);

/* The folder of the gnuplot scripts: $PB_PLOTS_DIR, else the plots/ of
 * this binary's data folder (data_dir.h). */
const char *pb_plots_dir(void);

/* Runs gnuplot on script after `-e defs`, its messages appended to log,
 * never through a symbolic link there: 0 when it exits 0, else a
 * negative code with e saying why (not installed, a link, gnuplot's
 * failure and where its messages are). */
int pb_gnuplot_run(const char *defs, const char *script, const char *log,
                   struct pb_error *e);

/* Draws one figure into path, and its caption into caption (NULL: none):
 * script runs (pb_gnuplot_run) with defs after `out` and `caption_out`,
 * the temporaries beside path and caption it must write, renamed over
 * them once complete and not empty. 0, or a negative code with e. */
int pb_gnuplot_draw(const char *defs, const char *script, const char *path,
                    const char *caption, const char *log, struct pb_error *e);

#endif
