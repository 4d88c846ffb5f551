/*
 * magic_variant.h - small helpers shared by the magic_squares variants:
 * turning a list of move codes into an answer, and the per-K size of the
 * rank space. Header-only (static inline) so each variant stays one file.
 */
#ifndef MAGIC_VARIANT_H
#define MAGIC_VARIANT_H

#include <errno.h>
#include <string.h>

#include "magic.h"
#include "pb.h"

static inline int magic_answer_set(struct magic_answer *a,
                                   const uint8_t *codes, int n,
                                   struct pb_error *e)
{
    memset(a, 0, sizeof(*a));
    if (n < 0 || n > MAGIC_MAX_MOVES)
        return pb_fail(e, -ERANGE, "answer longer than %d moves",
                       MAGIC_MAX_MOVES);
    a->length = (uint16_t)n;
    for (int i = 0; i < n; i++)
        a->moves[i] = magic_letter((enum magic_move)codes[i]);
    return 0;
}

static inline void magic_answer_unreachable(struct magic_answer *a)
{
    memset(a, 0, sizeof(*a));
    a->length = MAGIC_UNREACHABLE;
}

static inline uint32_t magic_states(int k)
{
    return magic_factorial[magic_cells(k)];
}

#endif
