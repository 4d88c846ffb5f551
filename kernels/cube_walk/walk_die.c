/*
 * walk_die.c - the die's orientation and roll tables (see walk.h for the
 * numbering) and the route re-simulation used by answer.same. The
 * tables come from a breadth-first walk over the four rolls from code 0,
 * sorted by parity; O(1) per roll, O(route) per simulation.
 */
#include <stdio.h>

#include "walk.h"

const uint8_t walk_face[WALK_ORIENTATIONS][WALK_FACES] = {
    {0, 1, 2, 3, 4, 5}, {1, 0, 4, 3, 2, 5}, {4, 2, 5, 0, 3, 1},
    {4, 2, 3, 1, 5, 0}, {2, 4, 5, 1, 3, 0}, {2, 4, 3, 0, 5, 1},
    {3, 5, 0, 2, 1, 4}, {5, 3, 1, 2, 0, 4}, {0, 1, 4, 5, 2, 3},
    {5, 3, 0, 4, 1, 2}, {3, 5, 1, 4, 0, 2}, {1, 0, 2, 5, 4, 3},
    {4, 2, 0, 3, 1, 5}, {2, 4, 1, 3, 0, 5}, {0, 1, 5, 2, 3, 4},
    {0, 1, 3, 4, 5, 2}, {1, 0, 5, 4, 3, 2}, {1, 0, 3, 2, 5, 4},
    {3, 5, 4, 0, 2, 1}, {5, 3, 2, 0, 4, 1}, {4, 2, 1, 5, 0, 3},
    {5, 3, 4, 1, 2, 0}, {3, 5, 2, 1, 4, 0}, {2, 4, 0, 5, 1, 3},
};
const uint8_t walk_roll[WALK_ORIENTATIONS][WALK_DIRS] = {
    {12, 13, 14, 15}, {13, 12, 16, 17}, {18, 19, 20, 12}, {21, 22, 12, 20},
    {22, 21, 23, 13}, {19, 18, 13, 23}, {17, 14, 18, 22}, {14, 17, 21, 19},
    {23, 20, 15, 14}, {16, 15, 19, 21}, {15, 16, 22, 18}, {20, 23, 17, 16},
    {1, 0, 2, 3},     {0, 1, 4, 5},     {6, 7, 8, 0},     {9, 10, 0, 8},
    {10, 9, 11, 1},   {7, 6, 1, 11},    {5, 2, 10, 6},    {2, 5, 7, 9},
    {8, 11, 3, 2},    {4, 3, 9, 7},     {3, 4, 6, 10},    {11, 8, 5, 4},
};

int walk_dir_between(const struct walk_instance *in, uint32_t a, uint32_t b)
{
    for (unsigned d = 0; d < WALK_DIRS; d++) {
        uint32_t n;
        if (walk_step(in, a, d, &n) && n == b)
            return (int)d;
    }
    return -1;
}

bool walk_simulate(const struct walk_instance *in, const uint32_t *route,
                   uint32_t length, uint64_t *sum, char *why, size_t why_len)
{
    uint64_t cells = walk_cells(in);
    if (length == 0 || !route) {
        snprintf(why, why_len, "the route is empty");
        return false;
    }
    if (route[0] != in->start || route[length - 1] != in->end) {
        snprintf(why, why_len,
                 "the route runs from square %u to %u, not from %u to %u",
                 route[0], route[length - 1], in->start, in->end);
        return false;
    }
    unsigned o = 0;
    uint64_t total = walk_bottom(in, o);
    for (uint32_t i = 1; i < length; i++) {
        if (route[i] >= cells || !walk_open(in, route[i])) {
            snprintf(why, why_len, "step %u enters square %u, %s", i, route[i],
                     route[i] >= cells ? "off the board" : "blocked");
            return false;
        }
        int d = walk_dir_between(in, route[i - 1], route[i]);
        if (d < 0) {
            snprintf(why, why_len,
                     "step %u jumps from square %u to %u, not a neighbour", i,
                     route[i - 1], route[i]);
            return false;
        }
        o = walk_roll[o][d];
        total += walk_bottom(in, o);
    }
    *sum = total;
    return true;
}
