/*
 * cubing_turns.c - a turn as a sticker permutation, from the quarter-turn
 * formula of cubing_turns.h applied once to every sticker of the turning
 * layer. O(6N^2) per turn; run once per order and turn, at build time.
 */
#include "cubing_turns.h"

void cube_turn_sources(int n, int turn, uint16_t *src)
{
    const int8_t *a = cube_frame[turn / 2][0];
    for (int i = 0; i < cube_stickers(n); i++)
        src[i] = (uint16_t)i;
    for (int i = 0; i < cube_stickers(n); i++) {
        int pos[3], normal[3], p2[3], n2[3];
        cube_locate(n, i, pos, normal);
        if (a[0] * pos[0] + a[1] * pos[1] + a[2] * pos[2] != n - 1)
            continue;
        cube_quarter(a, cube_turn_sign(turn), pos, p2);
        cube_quarter(a, cube_turn_sign(turn), normal, n2);
        src[cube_index_of(n, p2, n2)] = (uint16_t)i;
    }
}
