/*
 * walk_slope.c - feasible slopes of cube_walk's linear bounds
 * (walk_slope.h): feasibility, the steepest slope along a ray, and the
 * slope highest at a displacement.
 *
 * Feasibility. The graph of the 24 orientations with an edge o -> o' =
 * walk_roll[o][d] of weight q * bottom(o') - (tr * vr_d + tc * vc_d) has
 * potentials with pi(o') - pi(o) <= weight for every edge exactly when
 * it has no negative cycle; Bellman-Ford from a source joined to every
 * orientation at cost 0 (pi = 0 at the start) finds them in 24 rounds,
 * and a 25th round that still lowers some pi proves a negative cycle,
 * which the predecessors of the lowered orientation lead back to (24
 * steps back from it lie on the cycle). O(25 * 24 * 4) per call.
 *
 * A cycle C of rolls (orientations o_0 -> o_1 -> ... -> o_k = o_0) has a
 * displacement V(C), the sum of its steps, and a cost K(C), the sum of
 * the bottoms rolled down; summing the edge inequalities round it, a
 * slope theta is feasible at scale 1 exactly when
 *     theta . V(C) <= K(C) for every cycle C,
 * so the feasible slopes are a convex polygon (the four straight runs of
 * four rolls, one per direction, already bound it), and slope 0 is in it
 * (no face is negative).
 *
 * The slope toward a displacement D. walk_heuristic.c's tilted bound
 * loses, at every state, what its slope's line loses against the best
 * line at the start's displacement; an error of a few cost units is
 * enough for A* to settle every state of the parallelogram of nearly
 * optimal routes (interleavings of two cheapest cycles), so the slope
 * must be the exact maximiser of theta . D over the polygon, not a
 * sampled one (a search over 39 angles left the bound 100 to 700 below
 * the answer on 1024 x 1024 boards, and A* settled 500,000 states on the
 * queries whose two cheapest cycles tie). The polygon has a constraint
 * per simple cycle, too many to list, so the linear program is solved
 * by cutting planes: over the cycles known so far (the straight runs at
 * first), the best vertex (every pair of constraint lines intersected
 * exactly in rationals, kept when it satisfies all the others: O(k^3)
 * for k cycles, k a handful); Bellman-Ford at that vertex either proves
 * it feasible, hence optimal (it maximises over a superset of the
 * polygon and lies in it), or yields a negative cycle, a constraint the
 * vertex violates, which is added, and the program solved again. Each
 * round adds a new simple cycle (the vertex satisfies every known one),
 * so it ends; it is cut off at MAX_CUTS constraints, returning the last
 * vertex (the caller's walk_steepest along its ray then finds a feasible
 * slope, the highest there). Magnitudes: |V| <= 24 a coordinate (a simple
 * cycle has at most 24 rolls), K <= 24 * 10^6, a vertex's denominator (a
 * 2 x 2 determinant) at most 2 * 24^2 and its numerators below 2^31; values
 * at a displacement of up to 2^31 squares are compared in 128 bits.
 * References: J. E. Kelley, "The cutting-plane method for solving convex
 * programs", J. SIAM 8(4), 1960; R. Bellman, "On a routing problem",
 * Quart. Appl. Math. 16, 1958.
 */
#include "walk_slope.h"

__extension__ typedef __int128 slope_i128;

/* the constraints a cutting-plane solve keeps at most */
#define MAX_CUTS 64

/* Bellman-Ford (opening comment): -1 when (tr, tc) is feasible at scale
 * q, with its potentials in pi; else an orientation on a negative cycle,
 * whose edges are (from[o], way[o]) -> o. */
static int bellman_ford(const uint32_t bottom[WALK_ORIENTATIONS], int64_t tr,
                        int64_t tc, int64_t q, int64_t pi[WALK_ORIENTATIONS],
                        uint8_t from[WALK_ORIENTATIONS],
                        uint8_t way[WALK_ORIENTATIONS])
{
    for (unsigned o = 0; o < WALK_ORIENTATIONS; o++)
        pi[o] = 0;
    for (unsigned round = 0; round <= WALK_ORIENTATIONS; round++) {
        int lowered = -1;
        for (unsigned o = 0; o < WALK_ORIENTATIONS; o++)
            for (unsigned d = 0; d < WALK_DIRS; d++) {
                unsigned o2 = walk_roll[o][d];
                int64_t w = q * bottom[o2] -
                            (tr * walk_step_r[d] + tc * walk_step_c[d]);
                if (pi[o] + w < pi[o2]) {
                    pi[o2] = pi[o] + w;
                    from[o2] = (uint8_t)o;
                    way[o2] = (uint8_t)d;
                    lowered = (int)o2;
                }
            }
        if (lowered < 0)
            return -1;
        if (round == WALK_ORIENTATIONS) {
            unsigned on = (unsigned)lowered;
            for (unsigned k = 0; k < WALK_ORIENTATIONS; k++)
                on = from[on];
            return (int)on;
        }
    }
    return -1; /* not reached: the last round returns */
}

bool walk_potentials(const uint32_t bottom[WALK_ORIENTATIONS], int64_t tr,
                     int64_t tc, int64_t q, int64_t pi[WALK_ORIENTATIONS])
{
    uint8_t from[WALK_ORIENTATIONS], way[WALK_ORIENTATIONS];
    return bellman_ford(bottom, tr, tc, q, pi, from, way) < 0;
}

int64_t walk_steepest(const uint32_t bottom[WALK_ORIENTATIONS], int64_t ur,
                      int64_t uc, int64_t den, int64_t hi, int64_t q)
{
    int64_t pi[WALK_ORIENTATIONS], lo = 0;
    /* the tilted table's ray ends at its exact optimum: one run */
    if (walk_potentials(bottom, hi * ur / den, hi * uc / den, q, pi))
        return hi;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        if (walk_potentials(bottom, mid * ur / den, mid * uc / den, q, pi))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void walk_slope_offsets(const uint32_t bottom[WALK_ORIENTATIONS], int64_t tr,
                        int64_t tc, int64_t q, int64_t off[WALK_ORIENTATIONS])
{
    int64_t pi[WALK_ORIENTATIONS];
    walk_potentials(bottom, tr, tc, q, pi);
    int64_t least = pi[0];
    for (unsigned o = 1; o < WALK_ORIENTATIONS; o++)
        least = pi[o] < least ? pi[o] : least;
    for (unsigned o = 0; o < WALK_ORIENTATIONS; o++)
        off[o] = pi[o] - least;
}

/* theta . V <= K for one cycle */
struct cut {
    int64_t vr, vc, k;
};

/* The vertex of the cuts maximising theta . (dr, dc) (opening comment);
 * false when no pair of cuts meets in a point satisfying all. */
static bool best_vertex(const struct cut *cut, unsigned n, int64_t dr,
                        int64_t dc, struct walk_slope *best)
{
    bool found = false;
    slope_i128 best_num = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++) {
            int64_t det = cut[i].vr * cut[j].vc - cut[i].vc * cut[j].vr;
            if (det == 0)
                continue; /* parallel lines */
            int64_t r = cut[i].k * cut[j].vc - cut[j].k * cut[i].vc;
            int64_t c = cut[i].vr * cut[j].k - cut[j].vr * cut[i].k;
            if (det < 0) {
                det = -det;
                r = -r;
                c = -c;
            }
            bool inside = true;
            for (unsigned m = 0; inside && m < n; m++)
                inside = cut[m].vr * r + cut[m].vc * c <= cut[m].k * det;
            if (!inside)
                continue;
            /* value r / det . D against best_num / best->den */
            slope_i128 num = (slope_i128)r * dr + (slope_i128)c * dc;
            if (!found || num * best->den > best_num * det) {
                found = true;
                best_num = num;
                *best = (struct walk_slope){r, c, det};
            }
        }
    return found;
}

struct walk_slope walk_slope_toward(const uint32_t bottom[WALK_ORIENTATIONS],
                                    int64_t dr, int64_t dc)
{
    struct cut cut[MAX_CUTS];
    unsigned n = 0;
    /* the straight runs: four rolls one way bring the die back */
    for (unsigned d = 0; d < WALK_DIRS; d++) {
        unsigned o = 0;
        int64_t k = 0;
        for (unsigned roll = 0; roll < 4; roll++) {
            o = walk_roll[o][d];
            k += bottom[o];
        }
        cut[n++] = (struct cut){4 * walk_step_r[d], 4 * walk_step_c[d], k};
    }
    struct walk_slope at = {0, 0, 1};
    while (best_vertex(cut, n, dr, dc, &at)) {
        int64_t pi[WALK_ORIENTATIONS];
        uint8_t from[WALK_ORIENTATIONS], way[WALK_ORIENTATIONS];
        int on = bellman_ford(bottom, at.r, at.c, at.den, pi, from, way);
        if (on < 0 || n == MAX_CUTS)
            break;
        struct cut c = {0, 0, 0};
        unsigned o = (unsigned)on;
        do {
            c.vr += walk_step_r[way[o]];
            c.vc += walk_step_c[way[o]];
            c.k += bottom[o];
            o = from[o];
        } while (o != (unsigned)on);
        /* the cycle is negative at the vertex: a cut it violates */
        if (c.vr * at.r + c.vc * at.c <= c.k * at.den)
            break; /* not reached (Bellman-Ford's cycle is negative) */
        cut[n++] = c;
    }
    return at;
}
