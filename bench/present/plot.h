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
 * at several thread counts, or over MPI processes), listing each figure
 * on `out` (may be NULL). baseline names the
 * variant that figure 4 divides by (NULL: each kernel's first registered
 * variant in the results). Each figure's time axis names its clock
 * ("CPU time", "wall time", or both where serial rows on CPU time meet
 * parallel ones on wall time). The folder of bench --against (both
 * sides) is drawn as its side B, the build under test, and a note on
 * `out` says so. 0, or an error in e. */
/* What to draw; NULL fields (or NULL options): everything. The lists are
 * comma-separated names. */
struct pb_plot_options {
    const char *baseline; /* the variant figure 4 divides by */
    const char *kinds;    /* figures: time_vs_size,speedup,... */
    const char *variants; /* variants drawn (summary.csv keeps all) */
    const char *formats;  /* png,svg,pdf */
    /* "cpu" or "wall": every benchmark's times on that clock (readback.h);
     * NULL: the clock the run recorded (bench --clock, the context's
     * "clock"), else each benchmark's own */
    const char *clock;
};

int pb_plot(const char *dir, const struct pb_plot_options *o, FILE *out,
            struct pb_error *e);

/* The folder of the gnuplot scripts: $PB_PLOTS_DIR, else the plots/ of
 * this binary's data folder (data_dir.h). */
const char *pb_plots_dir(void);

#endif
