/*
 * outputs.h - what a results folder gets once its results are written,
 * in this order: summary.csv and the figures (plot.h), then the report
 * (report.h), which links the figures drawn. `plot`, `bench`, `merge`
 * and bench --against all end here.
 */
#ifndef PB_OUTPUTS_H
#define PB_OUTPUTS_H

#include <stdbool.h>
#include <stdio.h>

#include "pb.h"
#include "present/plot.h"

/* pb_plot(dir, o, out), then the report with o's baseline and clock
 * (none when o->out sends the figures elsewhere): 0, or the first error
 * in e. */
int pb_outputs_write(const char *dir, const struct pb_plot_options *o,
                     FILE *out, struct pb_error *e);

/* pb_outputs_write with every figure; where they cannot be drawn (no
 * gnuplot, a figure refused) a warning "puzzlebench VERB: warning: ..."
 * on stderr and the report alone, without figures; where the report
 * cannot be written either, "...: warning: no report: ...". Whether a
 * report was written. */
bool pb_outputs_or_report(const char *dir, const char *verb);

#endif
