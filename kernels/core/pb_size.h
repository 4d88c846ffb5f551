/*
 * pb_size.h - a problem size (struct pb_size), alone, so that the
 * headers that only carry one (pb_space.h) need not include all of
 * pb.h; its parsing and printing are the kernels' (pb.h: struct
 * pb_size_ops, pb_size_parse and its siblings, in pb_size.c).
 */
#ifndef PB_SIZE_H
#define PB_SIZE_H

#include <stdint.h>

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

#endif
