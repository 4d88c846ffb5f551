/*
 * changepoint.h - where a benchmark's time changed over a range of
 * commits (results/history_data.h): every pair of neighbouring points of
 * a series (consecutive commits that have results; a commit that failed
 * to build has none and is stepped over) is compared as change.h compares
 * two sides, paired over the rounds both share (a `history` run times
 * its commits in the same rounds), unpaired otherwise; all pairs of all
 * series form one family, Holm-adjusted (pb_changes_judge), so that the
 * chance of reporting any change where none happened stays at alpha over
 * the whole table. A change point is a pair judged faster or slower
 * beyond the band. docs/history.md says why neighbour tests rather than
 * a segmentation method (E-divisive means, PELT).
 */
#ifndef PB_CHANGEPOINT_H
#define PB_CHANGEPOINT_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/change.h"
#include "results/history_data.h"

struct pb_error; /* pb.h */

/* One neighbour comparison of one series: point `before` to point
 * `after` (indices into the series' points; their commits are
 * h->series[series].point[before].commit and [after].commit) and the
 * change B / A (below 1: the later commit is faster), judged. */
struct pb_hist_change {
    size_t series;
    size_t before, after;
    struct pb_change change;
};

/* Every neighbour comparison of every series of h into *out (malloc'ed,
 * *n of them, in series order then commit order), judged as one family
 * at level alpha against the band +-band (0.02: 2 %). The change points
 * are those whose change.verdict is PB_FASTER or PB_SLOWER. 0, or
 * -ENOMEM with e set. O(P log P) for P neighbour pairs. */
int pb_history_changes(const struct pb_history *h, double band, double alpha,
                       struct pb_hist_change **out, size_t *n,
                       struct pb_error *e);

/* Whether c is a change point (faster or slower). */
bool pb_hist_change_is_point(const struct pb_hist_change *c);

/* Point p's round values as a side of change.h, and their median (NaN
 * without any). */
void pb_hist_point_rounds(const struct pb_hist_point *p, struct pb_rounds *r,
                          double *median);

#endif
