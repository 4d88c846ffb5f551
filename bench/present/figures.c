/*
 * figures.c - the table of figure kinds and formats (figures.h). O(1).
 */
#include "present/figures.h"

const struct pb_figure pb_figures[PB_FIGURES] = {
    {"time_vs_size", PB_SIZE_SWEEP, false},
    {"speedup", PB_SWEPT_ROWS, false},
    {"memory_vs_size", PB_HEAP_SWEEP, false},
    {"relative", PB_ALL_ROWS, false},
    {"work_vs_time", PB_SERIAL_ROWS, false},
    {"unit_time_vs_size", PB_UNIT_SWEEP, false},
    {"work_per_unit_vs_knob", PB_KNOB_SWEEP, true},
    {"knob_speedup", PB_KNOB_REFERENCE, false},
};

const char *const pb_figure_formats[PB_FIGURE_FORMATS] = {"png", "svg", "pdf",
                                                          "tex"};

const char *pb_figure_kind(size_t i)
{
    return i < PB_FIGURES ? pb_figures[i].kind : NULL;
}
