/*
 * cubing_bytes.h - the 3 x 3 x 3 cubie state (cubie_tables.h) as 32 bytes,
 * the form the simd variants keep in one AVX2 register (two SSE ones):
 * edges in the low 16-byte lane, byte k = ep[k] + 16 * eo[k] (k < 12),
 * corners in the high lane, byte 16 + k = cp[k] + 8 * co[k] (k < 8);
 * the unused bytes are 0 when solved and never feed a used one.
 *
 * Every element of the cube group acts on this form the same way as one
 * turn does (struct cube_move): new[k] = old[from[k]] (within the lane,
 * as PSHUFB does), then add[k] is added to the orientation and reduced
 * once: x = old + add; new = min(x, x - m), m = 32 for edges (flip mod
 * 2) and 24 for corners (twist mod 3), because x - m wraps below zero
 * (to a byte >= 224) exactly when x < m. A state reached from solved is
 * itself the move that reaches it (from = its low bits: the cubie,
 * add = its high bits: the orientation), so states compose
 * (cube_move_of_state), and a run of turns can be split and its parts
 * advanced independently (simd_chains.c).
 * O(32) per portable move; O(54) to turn a state into stickers (one
 * table load per cubie, cube_bytes_colours).
 */
#ifndef CUBE_BYTES_H
#define CUBE_BYTES_H

#include <stdint.h>

#include "cubie_tables.h"

enum {
    CUBE_BYTES = 32,      /* one state */
    CUBE_LANE = 16,       /* edges in bytes 0..15, corners in 16..31 */
    CUBE_EDGE_UNIT = 16,  /* one flip */
    CUBE_CORNER_UNIT = 8, /* one twist */
};

/* One element of the cube group acting on the byte form (see above). */
struct cube_move {
    _Alignas(32) uint8_t from[CUBE_BYTES];
    _Alignas(32) uint8_t add[CUBE_BYTES];
};

/* Per byte: m (32 for edges, 24 for corners), and the mask of the cubie
 * bits (15 for edges, 7 for corners); 32-byte aligned for vector loads. */
extern const uint8_t cube_bytes_modulus[CUBE_BYTES];
extern const uint8_t cube_bytes_low[CUBE_BYTES];

void cube_bytes_solved(uint8_t state[CUBE_BYTES]);

/* The move of one turn (its cubie tables). */
void cube_move_of_turn(const struct cubie_tables *t, int turn,
                       struct cube_move *out);

/* The move that takes solved to state. */
void cube_move_of_state(const uint8_t state[CUBE_BYTES], struct cube_move *out);

/* state = state then move, portable C, byte by byte. */
void cube_bytes_apply(uint8_t state[CUBE_BYTES], const struct cube_move *m);

/* For every value a used byte can hold, the colours of its cubie's
 * stickers in its position's order (the positions' sticker indices are
 * the cubie tables' edge_sticker and corner_sticker); the answer is then
 * one load and two or three stores per cubie. Both tables have 32 rows,
 * so that a byte masked to 5 bits never reads past them. */
struct cube_bytes_colours {
    uint8_t edge[2 * CUBE_EDGE_UNIT][2];     /* by byte value, sticker */
    uint8_t corner[4 * CUBE_CORNER_UNIT][3]; /* by byte value, sticker */
};

void cube_bytes_colours_init(const struct cubie_tables *t,
                             struct cube_bytes_colours *c);

/* The 54 sticker colours of a state (cubing.h layout, N = 3). */
void cube_bytes_stickers(const struct cubie_tables *t,
                         const struct cube_bytes_colours *c,
                         const uint8_t state[CUBE_BYTES], uint8_t *sticker);

#endif
