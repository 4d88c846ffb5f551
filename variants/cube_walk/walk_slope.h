/*
 * walk_slope.h - the slopes of cube_walk's linear lower bounds
 * (walk_heuristic.c says how a slope becomes a bound): whether a slope
 * is feasible (Bellman-Ford over the 24 orientations), the steepest
 * feasible slope along a ray (bisection), and the exact slope whose line
 * is highest at a given displacement (a two-variable linear program
 * solved by cutting planes). walk_slope.c proves what each returns.
 *
 * A slope (tr, tc) at scale q is feasible when potentials pi over the
 * orientations exist with
 *     q * bottom(o') >= tr * vr_d + tc * vc_d + pi(o') - pi(o)
 * for every orientation o and direction d (o' = walk_roll[o][d], v_d
 * the direction's step in ranks and files, walk_step_r and walk_step_c).
 */
#ifndef WALK_SLOPE_H
#define WALK_SLOPE_H

#include <stdbool.h>
#include <stdint.h>

#include "walk.h"

/* A direction's step in ranks and files, as walk_heuristic.h's
 * displacements count them. */
static const int walk_step_r[WALK_DIRS] = {1, -1, 0, 0};
static const int walk_step_c[WALK_DIRS] = {0, 0, 1, -1};

/* Whether (tr, tc) is feasible at scale q; its potentials in pi when it
 * is. O(24^2 * 4). */
bool walk_potentials(const uint32_t bottom[WALK_ORIENTATIONS], int64_t tr,
                     int64_t tc, int64_t q, int64_t pi[WALK_ORIENTATIONS]);

/* The largest m in 0..hi whose slope (m * ur / den, m * uc / den)
 * (rounded toward zero) is feasible at scale q, by bisection. Every face
 * is at least 0, so slope 0 is feasible and feasibility along a ray
 * holds up to one point (the set of feasible slopes is convex). */
int64_t walk_steepest(const uint32_t bottom[WALK_ORIENTATIONS], int64_t ur,
                      int64_t uc, int64_t den, int64_t hi, int64_t q);

/* The feasible slope (tr, tc)'s offsets at scale q: its potentials less
 * their least, so that the least offset is 0. */
void walk_slope_offsets(const uint32_t bottom[WALK_ORIENTATIONS], int64_t tr,
                        int64_t tc, int64_t q, int64_t off[WALK_ORIENTATIONS]);

/* A slope of rational coordinates (r / den, c / den) in cost per square,
 * den > 0. */
struct walk_slope {
    int64_t r, c, den;
};

/* The feasible slope (at scale 1, exactly) with the largest value
 * r * dr + c * dc: the asymptotic least cost per unit of displacement
 * along (dr, dc). O(k^3 + k * 24^2 * 4) for k the cycles it needs,
 * a handful. */
struct walk_slope walk_slope_toward(const uint32_t bottom[WALK_ORIENTATIONS],
                                    int64_t dr, int64_t dc);

#endif
