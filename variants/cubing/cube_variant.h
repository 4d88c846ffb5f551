/*
 * cube_variant.h - small helpers shared by the cubing variants.
 */
#ifndef CUBE_VARIANT_H
#define CUBE_VARIANT_H

#include "cube.h"
#include "pb.h"

/* Sets N; the runner has zeroed the slot, which holds 6N^2 stickers for
 * the largest N of the corpus (cube_answer_size_for), so it must not be
 * written past the case's own 6N^2. */
static inline void cube_answer_begin(struct cube_answer *a, int n)
{
    a->n = (uint16_t)n;
}

/* true when every case of the corpus is on the 3 x 3 x 3 cube. */
static inline bool cube_corpus_all_3(const struct pb_corpus *corpus)
{
    for (size_t i = 0; i < corpus->count; i++) {
        const struct cube_instance *in = pb_corpus_item(corpus, i);
        if (in->n != 3)
            return false;
    }
    return true;
}

#endif
