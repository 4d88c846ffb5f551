/*
 * walk_variant.h - what the cube_walk variants share: per-worker arrays
 * over the implicit graph (state = square * 12 + orientation % 12, see
 * walk.h; no adjacency lists), the expansion of one state, the route
 * rebuilt from arrival directions, and the memory bound. Inline, so each
 * variant's hot loop is compiled with it.
 *
 * Per state: the best sum found (8 bytes) and one byte holding the
 * direction the die arrived from (WALK_NO_PARENT at the start and at
 * unreached states) and a queue flag (WALK_IN_QUEUE) for label-correcting
 * variants. 9 bytes per state, 108 per square.
 */
#ifndef WALK_VARIANT_H
#define WALK_VARIANT_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb.h"
#include "pb_limits.h"
#include "walk.h"

#define WALK_NO_PARENT 0x7Fu
#define WALK_IN_QUEUE 0x80u
#define WALK_PARENT_MASK 0x7Fu

struct walk_arrays {
    uint64_t *dist;
    uint8_t *mark;
    uint64_t states; /* room for */
};

/* The most squares of any instance of corpus. */
static inline uint64_t walk_corpus_cells(const struct pb_corpus *corpus)
{
    uint64_t most = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct walk_instance *in = pb_corpus_item(corpus, i);
        if (walk_cells(in) > most)
            most = walk_cells(in);
    }
    return most;
}

static inline uint64_t walk_arrays_bytes(uint64_t cells)
{
    return pb_mul_sat(pb_mul_sat(cells, WALK_CLASS),
                      sizeof(uint64_t) + sizeof(uint8_t));
}

static inline int walk_arrays_init(struct walk_arrays *a, uint64_t cells)
{
    a->states = cells * WALK_CLASS;
    a->dist = malloc(a->states * sizeof(*a->dist));
    a->mark = malloc(a->states);
    return a->dist && a->mark ? 0 : -ENOMEM;
}

static inline void walk_arrays_free(struct walk_arrays *a)
{
    free(a->dist);
    free(a->mark);
}

/* Every state of in unreached; the start's sum its bottom. */
static inline uint64_t walk_arrays_reset(struct walk_arrays *a,
                                         const struct walk_instance *in)
{
    uint64_t states = walk_cells(in) * WALK_CLASS;
    memset(a->mark, WALK_NO_PARENT, states);
    for (uint64_t s = 0; s < states; s++)
        a->dist[s] = WALK_UNREACHABLE;
    uint64_t start = walk_state(in->start, 0);
    a->dist[start] = in->face[WALK_BOTTOM];
    return start;
}

/* The bottom number of each orientation. */
static inline void walk_bottoms(const struct walk_instance *in,
                                uint32_t bottom[WALK_ORIENTATIONS])
{
    for (unsigned o = 0; o < WALK_ORIENTATIONS; o++)
        bottom[o] = walk_bottom(in, o);
}

/* The best state of the end square and its route into answer: the
 * arrival directions walked back, each undone by the opposite roll. */
static inline int walk_route(const struct walk_arrays *a,
                             const struct walk_instance *in,
                             struct walk_answer *answer, struct pb_error *e)
{
    uint64_t best = WALK_UNREACHABLE, state = 0;
    for (unsigned k = 0; k < WALK_CLASS; k++) {
        uint64_t s = (uint64_t)in->end * WALK_CLASS + k;
        if (a->dist[s] < best) {
            best = a->dist[s];
            state = s;
        }
    }
    answer->sum = best;
    if (best == WALK_UNREACHABLE)
        return 0;
    uint32_t length = 1;
    for (uint64_t s = state; (a->mark[s] & WALK_PARENT_MASK) != WALK_NO_PARENT;
         length++) {
        unsigned d = a->mark[s] & WALK_PARENT_MASK, o = walk_orientation(in, s);
        uint32_t sq = (uint32_t)(s / WALK_CLASS), prev = 0;
        walk_step(in, sq, d ^ 1u, &prev);
        s = walk_state(prev, walk_roll[o][d ^ 1u]);
    }
    answer->route = malloc((size_t)length * sizeof(*answer->route));
    if (!answer->route)
        return pb_fail(e, -ENOMEM, "out of memory for a route of %u squares",
                       length);
    answer->length = length;
    uint64_t s = state;
    for (uint32_t i = length; i-- > 0;) {
        uint32_t sq = (uint32_t)(s / WALK_CLASS);
        answer->route[i] = sq;
        if (i == 0)
            break;
        unsigned d = a->mark[s] & WALK_PARENT_MASK, o = walk_orientation(in, s);
        uint32_t prev = 0;
        walk_step(in, sq, d ^ 1u, &prev);
        s = walk_state(prev, walk_roll[o][d ^ 1u]);
    }
    return 0;
}

#endif
