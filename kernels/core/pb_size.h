/*
 * pb_size.h - a problem size (struct pb_size), the hooks by which a
 * kernel reads and writes its sizes (struct pb_size_ops), and the two
 * common syntaxes kernels plug in or leave as the defaults (a single
 * number "64", a board "3x4"; pb_size.c). The kernel-aware entries
 * (pb_size_parse and its siblings, which pick a kernel's hook or the
 * default) are in pb_kernel.h.
 */
#ifndef PB_SIZE_H
#define PB_SIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pb_error.h"

/* A problem size: one or two positive numbers, written and read in its
 * kernel's own syntax (struct pb_size_ops). A board of R x C squares is
 * {R, C} ("3x4", "4096x4096"); a single knob (a ring width K, a cube
 * order N) is {K, 0} ("6", "64"). {0, 0} is no size: a judge-format
 * corpus has none, and where a size is asked for it selects the kernel's
 * judge size (pb_size_or_judge). */
struct pb_size {
    int32_t a, b;
};

#define PB_SIZE_TEXT 32       /* the longest size text, with its NUL */
#define PB_SIZE_MAX (1 << 20) /* each number of a size, at most */

/* A kernel's sizes: their syntax, the judge's size and what figures plot.
 * Every text of a size (benchmark names, results.csv, summary.csv, the
 * "# size" header of corpora, `gen --size`, suite lines, corpus file
 * names) is written by format and read by parse, through pb_size_parse,
 * pb_size_format and pb_size_value, which fall back to a single decimal
 * number (pb_size_parse_number and its siblings) when a hook is NULL.
 * parse(format(s)) == s for every size parse accepts. */
struct pb_size_ops {
    /* The axis label of figures against size ("board cells (rows x
     * columns)"); NULL: "size". */
    const char *label;
    /* The judge's size, used when none is given. */
    struct pb_size judge;
    /* Optional: reads text (NUL-terminated, whole) as a size: 0, or
     * -EINVAL with e saying what was expected ("3x4", "2..64"). Syntax
     * only: it refuses what no size of the kernel can be written as, the
     * generator and census refuse sizes they cannot build. Allocates
     * nothing. NULL: pb_size_parse_number. */
    int (*parse)(const char *text, struct pb_size *out, struct pb_error *e);
    /* Optional: writes s in the canonical syntax, which parse reads back
     * to s: 0, or -ENAMETOOLONG when it does not fit in len bytes.
     * NULL: pb_size_format_number. */
    int (*format)(const struct pb_size *s, char *out, size_t len);
    /* Optional: the value figures plot for s (board cells, K, N).
     * NULL: pb_size_value_number. */
    double (*value)(const struct pb_size *s);
};

bool pb_size_set(const struct pb_size *s);
bool pb_size_equal(const struct pb_size *x, const struct pb_size *y);
/* The single-number syntax: decimal digits, 1..PB_SIZE_MAX, as {n, 0}. */
int pb_size_parse_number(const char *text, struct pb_size *out,
                         struct pb_error *e);
int pb_size_format_number(const struct pb_size *s, char *out, size_t len);
double pb_size_value_number(const struct pb_size *s);
/* The board syntax: ROWSxCOLUMNS ("3x4"), each 1..PB_SIZE_MAX, as
 * {rows, columns}; plotted as its cells. */
int pb_size_parse_board(const char *text, struct pb_size *out,
                        struct pb_error *e);
int pb_size_format_board(const struct pb_size *s, char *out, size_t len);
double pb_size_value_cells(const struct pb_size *s);

#endif
