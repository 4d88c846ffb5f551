/*
 * cubing_bytes.c - the byte form of the 3 x 3 x 3 cubie state
 * (cubing_bytes.h): moves from turns and from states, the portable move,
 * and the stickers of a state. O(32) a move, O(54) the stickers.
 */
#include "cubing_bytes.h"

#include <string.h>

enum { FACE_STICKERS = 9 }; /* on 3 x 3 x 3 */

#define LANE_OF(edge, corner)                                                  \
    edge, edge, edge, edge, edge, edge, edge, edge, edge, edge, edge, edge,    \
        edge, edge, edge, edge, corner, corner, corner, corner, corner,        \
        corner, corner, corner, corner, corner, corner, corner, corner,        \
        corner, corner, corner

_Alignas(32) const uint8_t cube_bytes_modulus[CUBE_BYTES] = {
    LANE_OF(2 * CUBE_EDGE_UNIT, 3 * CUBE_CORNER_UNIT)};
_Alignas(32) const uint8_t cube_bytes_low[CUBE_BYTES] = {
    LANE_OF(CUBE_EDGE_UNIT - 1, CUBE_CORNER_UNIT - 1)};

void cube_bytes_solved(uint8_t state[CUBE_BYTES])
{
    memset(state, 0, CUBE_BYTES);
    for (int k = 0; k < CUBIE_EDGES; k++)
        state[k] = (uint8_t)k;
    for (int k = 0; k < CUBIE_CORNERS; k++)
        state[CUBE_LANE + k] = (uint8_t)k;
}

void cube_move_of_turn(const struct cubie_tables *t, int turn,
                       struct cube_move *out)
{
    /* unused bytes move onto themselves and add nothing */
    for (int k = 0; k < CUBE_LANE; k++) {
        bool edge = k < CUBIE_EDGES, corner = k < CUBIE_CORNERS;
        out->from[k] = (uint8_t)(edge ? t->edge_from[turn][k] : k);
        out->add[k] =
            (uint8_t)(edge ? CUBE_EDGE_UNIT * t->edge_flip[turn][k] : 0);
        out->from[CUBE_LANE + k] =
            (uint8_t)(corner ? t->corner_from[turn][k] : k);
        out->add[CUBE_LANE + k] =
            (uint8_t)(corner ? CUBE_CORNER_UNIT * t->corner_twist[turn][k] : 0);
    }
}

void cube_move_of_state(const uint8_t state[CUBE_BYTES], struct cube_move *out)
{
    for (int k = 0; k < CUBE_BYTES; k++) {
        out->from[k] = state[k] & cube_bytes_low[k];
        out->add[k] = state[k] & (uint8_t)~cube_bytes_low[k];
    }
}

void cube_bytes_apply(uint8_t state[CUBE_BYTES], const struct cube_move *m)
{
    uint8_t old[CUBE_BYTES];
    memcpy(old, state, sizeof(old));
    for (int k = 0; k < CUBE_BYTES; k++) {
        int lane = k & ~(CUBE_LANE - 1);
        uint8_t x =
            (uint8_t)(old[lane + (m->from[k] & (CUBE_LANE - 1))] + m->add[k]);
        uint8_t wrapped = (uint8_t)(x - cube_bytes_modulus[k]);
        state[k] = x < wrapped ? x : wrapped;
    }
}

void cube_bytes_colours_init(const struct cubie_tables *t,
                             struct cube_bytes_colours *c)
{
    memset(c, 0, sizeof(*c));
    for (int p = 0; p < CUBIE_EDGES; p++)
        for (int flip = 0; flip < 2; flip++)
            for (int i = 0; i < 2; i++)
                c->edge[p + CUBE_EDGE_UNIT * flip][i] =
                    (uint8_t)(t->edge_sticker[p][(i + flip) % 2] /
                              FACE_STICKERS);
    for (int p = 0; p < CUBIE_CORNERS; p++)
        for (int twist = 0; twist < 3; twist++)
            for (int i = 0; i < 3; i++)
                c->corner[p + CUBE_CORNER_UNIT * twist][i] =
                    (uint8_t)(t->corner_sticker[p][(i + twist) % 3] /
                              FACE_STICKERS);
}

void cube_bytes_stickers(const struct cubie_tables *t,
                         const struct cube_bytes_colours *c,
                         const uint8_t state[CUBE_BYTES], uint8_t *sticker)
{
    for (int f = 0; f < CUBE_FACES; f++)
        sticker[f * FACE_STICKERS + FACE_STICKERS / 2] = (uint8_t)f;
    for (int k = 0; k < CUBIE_EDGES; k++) {
        const uint8_t *colour = c->edge[state[k] & 31];
        sticker[t->edge_sticker[k][0]] = colour[0];
        sticker[t->edge_sticker[k][1]] = colour[1];
    }
    for (int k = 0; k < CUBIE_CORNERS; k++) {
        const uint8_t *colour = c->corner[state[CUBE_LANE + k] & 31];
        sticker[t->corner_sticker[k][0]] = colour[0];
        sticker[t->corner_sticker[k][1]] = colour[1];
        sticker[t->corner_sticker[k][2]] = colour[2];
    }
}
