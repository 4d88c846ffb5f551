/*
 * dashboard.h - `puzzlebench publish`'s static site: a folder of HTML and
 * SVG, no server and no framework, that shows each benchmark's speed
 * over commits (results/history_data.h) with the change points found
 * (analysis/changepoint.h): index.html (the kernels, the commits of the
 * range, the change points), KERNEL.html (one history figure per
 * benchmark of the kernel), figures/NAME.svg (time per instance against
 * commit, each point's 95 % interval over its rounds, verified points
 * filled, change points annotated with the later commit's subject), and
 * a link from each point to its run's report.html.
 */
#ifndef PB_DASHBOARD_H
#define PB_DASHBOARD_H

#include <stddef.h>

#include "analysis/changepoint.h"
#include "results/history_data.h"

struct pb_error; /* pb.h */

/* Writes the site for h and its neighbour comparisons c[0..n) into
 * out_dir (created when missing; the files it writes are replaced whole,
 * written beside and renamed). 0, or a negative code with e set (an
 * unwritable folder, gnuplot missing or failing). O(series x commits)
 * plus one gnuplot run per series. */
int pb_dashboard_write(const struct pb_history *h,
                       const struct pb_hist_change *c, size_t n,
                       const char *out_dir, struct pb_error *e);

#endif
