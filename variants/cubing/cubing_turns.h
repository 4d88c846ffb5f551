/*
 * cubing_turns.h - turns as geometry, shared by the cubing variants: the
 * seed's quarter-turn formula v' = a(a.v) + s(a x v) about the face's
 * outward normal a, s = -1 for '+' (clockwise seen from outside) and +1
 * for '-', and each turn as a sticker permutation derived from it once
 * (facelet_table, and the cubie tables of cubie_tables.c).
 */
#ifndef CUBE_TURNS_H
#define CUBE_TURNS_H

#include <stdint.h>

#include "cubing.h"

/* v' = a(a.v) + s(a x v) */
static inline void cube_quarter(const int8_t a[3], int s, const int v[3],
                                int out[3])
{
    int along = a[0] * v[0] + a[1] * v[1] + a[2] * v[2];
    int cross[3] = {a[1] * v[2] - a[2] * v[1], a[2] * v[0] - a[0] * v[2],
                    a[0] * v[1] - a[1] * v[0]};
    for (int i = 0; i < 3; i++)
        out[i] = a[i] * along + s * cross[i];
}

static inline int cube_turn_sign(int turn)
{
    return turn & 1 ? 1 : -1;
}

/* src[i] = the sticker whose colour sticker i shows after `turn` (new[i]
 * = old[src[i]]), for the order-n cube; 6n^2 entries. */
void cube_turn_sources(int n, int turn, uint16_t *src);

#endif
