/*
 * cubie_tables.h - the 3 x 3 x 3 cube as cubies: 8 corners with a twist
 * (0..2) and 12 edges with a flip (0..1), for the cubie and simd variants.
 *
 * Each corner position lists its 3 stickers starting with the U or D one,
 * the others in one fixed handedness for all corners (so that a rigid
 * turn keeps their cyclic order); each edge position lists its U/D
 * sticker first, else its F/B one. State: position k holds cubie cp[k]
 * with twist co[k], meaning sticker i of position k shows home sticker
 * (i + co[k]) mod 3 of cubie cp[k]. A turn moves the cubie at
 * from[k] to k and adds twist[k]: cp'[k] = cp[from[k]], co'[k] = (co[from[k]]
 * + twist[k]) mod 3 (edges likewise mod 2). The tables are derived once
 * from the turns' sticker permutations (cubing_turns.h), not typed in.
 * O(1) per turn (20 cubies); O(54) to turn cubies back into stickers.
 */
#ifndef CUBIE_TABLES_H
#define CUBIE_TABLES_H

#include <stdint.h>

#include "cubing.h"

#define CUBIE_CORNERS 8
#define CUBIE_EDGES 12

struct cubie_tables {
    uint8_t corner_from[CUBE_TURNS][CUBIE_CORNERS];
    uint8_t corner_twist[CUBE_TURNS][CUBIE_CORNERS];
    uint8_t edge_from[CUBE_TURNS][CUBIE_EDGES];
    uint8_t edge_flip[CUBE_TURNS][CUBIE_EDGES];
    uint8_t corner_sticker[CUBIE_CORNERS][3];
    uint8_t edge_sticker[CUBIE_EDGES][2];
};

struct cubie_state {
    uint8_t cp[CUBIE_CORNERS], co[CUBIE_CORNERS];
    uint8_t ep[CUBIE_EDGES], eo[CUBIE_EDGES];
};

/* 0, or -EPROTO when a turn does not move the stickers of a cubie
 * rigidly (a wrong sticker permutation). */
int cubie_tables_init(struct cubie_tables *t);

static inline void cubie_solved(struct cubie_state *s)
{
    for (uint8_t k = 0; k < CUBIE_CORNERS; k++)
        s->cp[k] = k, s->co[k] = 0;
    for (uint8_t k = 0; k < CUBIE_EDGES; k++)
        s->ep[k] = k, s->eo[k] = 0;
}

static inline void cubie_turn(const struct cubie_tables *t,
                              const struct cubie_state *s, int turn,
                              struct cubie_state *out)
{
    for (int k = 0; k < CUBIE_CORNERS; k++) {
        int from = t->corner_from[turn][k];
        int co = s->co[from] + t->corner_twist[turn][k];
        out->cp[k] = s->cp[from];
        out->co[k] = (uint8_t)(co >= 3 ? co - 3 : co);
    }
    for (int k = 0; k < CUBIE_EDGES; k++) {
        int from = t->edge_from[turn][k];
        out->ep[k] = s->ep[from];
        out->eo[k] = s->eo[from] ^ t->edge_flip[turn][k];
    }
}

/* The 54 sticker colours of a cubie state (cubing.h layout, N = 3). */
void cubie_to_stickers(const struct cubie_tables *t,
                       const struct cubie_state *s, uint8_t *sticker);

#endif
