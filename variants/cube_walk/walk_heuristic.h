/*
 * walk_heuristic.h - admissible and consistent lower bounds on the cost
 * still to pay from a state (square, orientation) to the end square, for
 * goal-directed searches of cube_walk (A*). Pure functions of the
 * instance's face values and the displacement (dr, dc) = end - square in
 * ranks and files and the orientation code o (0..23, walk.h); the
 * board (edges, blocked squares) is ignored, which only lowers a bound
 * (see walk_heuristic.c, where both bounds are derived and proved).
 *
 *   cheap  - walk_cheap: O(1), a few bytes per instance: the cheapest
 *            sequence of bottoms a die can show over |dr| + |dc| rolls.
 *   strong - walk_strong: the exact cost on an open torus of side
 *            WALK_TORUS (equal to the open plane's within
 *            |dr|, |dc| <= WALK_WINDOW for the families measured), from a
 *            table of WALK_TORUS^2 * 24 sums built once per instance
 *            (walk_strong_build), and beyond it the best of WALK_LINES
 *            linear bounds; O(WALK_LINES) per call.
 *   tilted - walk_tilt: per query (walk_tilt_build, given the start's
 *            displacement), a second torus table of the exact cost with
 *            each roll's cost reduced by the slope of the line highest
 *            at the start (walk_slope.h) and its potentials, added back
 *            to that line; far tighter than the lines far away, often
 *            exact along the route. walk_strong includes it once built.
 *
 * Both are consistent: h(s) <= cost(s -> s') + h(s') for every roll, and
 * h = 0 on the end square, so an A* with a closed set never reopens a
 * state.
 */
#ifndef WALK_HEURISTIC_H
#define WALK_HEURISTIC_H

#include <stdint.h>

#include "walk.h"

#define WALK_TORUS 128 /* the table's side: a power of two */
#define WALK_WINDOW 56 /* |dr|, |dc| where the table is the plane's cost */
/* the tilted table's sides, powers of two, chosen per query by the
 * start-end distance (walk_tilt_side; walk_heuristic.c says why) */
#define WALK_TILT_MIN 16
#define WALK_TILT_MAX 64
#define WALK_LINES 16 /* linear bounds, one per direction */

struct walk_heuristic {
    /* cheap: the least sum of two successive bottoms, and per
     * orientation the least face that can come down next */
    uint64_t pair;
    uint32_t first[WALK_ORIENTATIONS];
    /* strong: table[((pr * WALK_TORUS) + pc) * 24 + o] the cost from
     * (pr, pc) to (0, 0) on the torus, pr = -dr mod WALK_TORUS; NULL
     * until walk_strong_build */
    uint32_t *table;
    struct walk_radix *queue; /* the build's queue, kept for the next */
    /* line k: sum >= ceil((line_r * dr + line_c * dc - line_off[o][k]) /
     * WALK_LINE_SCALE) */
    int64_t line_r[WALK_LINES], line_c[WALK_LINES];
    int64_t line_off[WALK_ORIENTATIONS][WALK_LINES];
    /* tilted: tilt[(pr * tilt_side + pc) * 24 + o] (pr = -dr mod
     * tilt_side) the least reduced cost to the origin; sum >=
     * ceil((tilt_r * dr + tilt_c * dc - tilt_off[o] + tilt[...]) /
     * tilt_q); NULL until walk_tilt_build (room for WALK_TILT_MAX) */
    uint32_t *tilt;
    uint32_t tilt_side;
    int64_t tilt_r, tilt_c, tilt_q, tilt_off[WALK_ORIENTATIONS];
};

/* The tilted table's side for a query whose end is (dr0, dc0) from its
 * start: the power of two nearest (|dr0| + |dc0|) / 64, within
 * WALK_TILT_MIN..WALK_TILT_MAX. */
uint32_t walk_tilt_side(int64_t dr0, int64_t dc0);

/* Builds the tilted table of side `side` (a power of two within
 * WALK_TILT_MIN..WALK_TILT_MAX) for a query whose end is (dr0, dc0) from
 * its start, reusing h's tilt table and queue (allocated when NULL; h's
 * cheap and line fields must be built). 0, -EINVAL for another side,
 * -ENOMEM, or -ERANGE should a sum leave 32 bits (excluded by its scale,
 * walk_heuristic.c). */
int walk_tilt_build(struct walk_heuristic *h, const struct walk_instance *in,
                    int64_t dr0, int64_t dc0, uint32_t side);

/* The tilted bound alone (0 while h has no tilted table). */
uint64_t walk_tilt(const struct walk_heuristic *h, int64_t dr, int64_t dc,
                   unsigned o);

#define WALK_LINE_SCALE 1024 /* the slopes' denominator */

/* The cheap bound's figures for in's faces (no allocation). */
void walk_cheap_init(struct walk_heuristic *h, const struct walk_instance *in);

/* The cheap bound: floor(n / 2) * pair, plus first[o] when n is odd,
 * n = |dr| + |dc|. */
static inline uint64_t walk_cheap(const struct walk_heuristic *h, int64_t dr,
                                  int64_t dc, unsigned o)
{
    uint64_t n = (uint64_t)(dr < 0 ? -dr : dr) + (uint64_t)(dc < 0 ? -dc : dc);
    return n / 2 * h->pair + (n & 1u ? h->first[o] : 0);
}

/* Heap bytes h holds: the table and the build's queue (its largest
 * size so far). */
uint64_t walk_strong_bytes(const struct walk_heuristic *h);

/* Builds the strong bound for in's faces (the cheap one included),
 * reusing h's table when it has one (h zeroed before the first build);
 * drops h's tilted table.
 * 0 or -ENOMEM. O(T log T), T = WALK_TORUS^2 * 24. */
int walk_strong_build(struct walk_heuristic *h, const struct walk_instance *in);

/* The strong bound: the largest of the table's entry, the cheap bound,
 * the linear bounds and the tilted bound. */
uint64_t walk_strong(const struct walk_heuristic *h, int64_t dr, int64_t dc,
                     unsigned o);

/* Frees the tables and scratch; h can be built again. */
void walk_heuristic_free(struct walk_heuristic *h);

#endif
