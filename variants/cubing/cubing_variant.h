/*
 * cubing_variant.h - small helpers shared by the cubing variants.
 */
#ifndef CUBE_VARIANT_H
#define CUBE_VARIANT_H

#include <stdio.h>

#include "cubing.h"
#include "pb.h"

/* Sets N; the runner has cleared (zeroed) the slot, which holds 6N^2 stickers
 * for the largest N of the corpus (cube_answer_size_for), so it must not be
 * written past the case's own 6N^2. */
static inline void cube_answer_begin(struct cube_answer *a, int n)
{
    a->n = (uint16_t)n;
}

/* The accepts hook of the N = 3 variants (cubie, simd): true when every
 * case of the corpus is on the 3 x 3 x 3 cube. O(count). */
static inline bool cube_accepts_3(const struct pb_corpus *corpus, char *why,
                                  size_t why_len)
{
    for (size_t i = 0; i < corpus->count; i++) {
        const struct cube_instance *in = pb_corpus_item(corpus, i);
        if (in->n != 3) {
            snprintf(why, why_len,
                     "handles N = 3 only (use --variant facelet_sparse, "
                     "facelet_table or geometry for other N)");
            return false;
        }
    }
    return true;
}

#endif
