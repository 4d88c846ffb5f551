/*
 * figures.h - the figure kinds puzzlebench draws (one gnuplot script
 * plots/KIND.gp each, one file figures/KIND-KERNEL.FORMAT per kernel and
 * format, its caption KIND-KERNEL.caption.txt) and the rows each draws: what
 * `plot` draws and what the report links.
 */
#ifndef PB_FIGURES_H
#define PB_FIGURES_H

#include <stdbool.h>
#include <stddef.h>

/* The benchmarks a figure draws, and so the variants in its legend. */
enum pb_figure_rows {
    PB_ALL_ROWS,    /* every benchmark */
    PB_SWEPT_ROWS,  /* those run on more than one core: threads or processes */
    PB_SERIAL_ROWS, /* those of one process of one thread, with work counted */
    PB_SIZE_SWEEP,  /* the kernel's size sweep (summary.h) */
    PB_HEAP_SWEEP,  /* the size sweep, where the heap was measured (jemalloc) */
    PB_UNIT_SWEEP,  /* the size sweep, where the kernel counts units of work */
    PB_KNOB_SWEEP,  /* the knob sweep (knob_sweep.h), where the counter
                       plot counts (--counter) was counted */
    PB_KNOB_REFERENCE, /* the knob sweep, where its variant ran on the
                          reference corpus too (knob_sweep.h) */
};

struct pb_figure {
    const char *kind; /* script plots/KIND.gp, file KIND-KERNEL.* */
    enum pb_figure_rows rows;
    /* it draws the counter plot --counter names: a kind "work_..." drawn
     * for another counter than the kernel's main one is the file
     * COUNTER_...-KERNEL.*, so that both stay */
    bool counted;
};

#define PB_FIGURES 8 /* kinds, in the order they are drawn */
extern const struct pb_figure pb_figures[PB_FIGURES];
/* png, svg, pdf, and tex: gnuplot's cairolatex, KIND-KERNEL.tex (the
 * text, set by LaTeX in the paper's font) over KIND-KERNEL-tex.pdf (the
 * graphics); only when asked for */
#define PB_FIGURE_FORMATS 4
extern const char *const pb_figure_formats[PB_FIGURE_FORMATS];

/* The i-th figure kind, in the order they are drawn; NULL past the
 * last. */
const char *pb_figure_kind(size_t i);

#endif
