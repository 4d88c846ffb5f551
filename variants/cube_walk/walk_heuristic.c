/*
 * walk_heuristic.c - lower bounds on the remaining cost of cube_walk
 * (walk_heuristic.h): what each bound is, and why it is admissible and
 * consistent.
 *
 * Setting. A state is (square s, orientation o); a roll in direction d
 * moves to the neighbour s + v_d, orientation o' = walk_roll[o][d], and
 * costs bottom(o'), the face that comes down. h(s, o) must not exceed the
 * least cost of rolls from (s, o) to the end square t in any orientation
 * (admissible), and h(s, o) <= bottom(o') + h(s', o') for every roll
 * (consistent), with h = 0 on t. Every bound here depends on the board
 * only through the displacement (dr, dc) = t - s. A board route is a
 * route of the open plane with the same rolls and the same costs (a cost
 * depends on the orientation alone, never on the square), and a board's
 * edges and blocked squares only remove rolls; so a bound that holds for
 * every route of the open plane, or of a torus the plane folds onto,
 * holds on every board. Consistency is a property of the bound against
 * every roll of the plane, which includes the board's rolls.
 *
 * Cheap bound. A roll pivots on an edge of the bottom face, and the face
 * that comes down is the side face across that edge: successive bottoms
 * are adjacent faces (never the same, never opposite). A route of L rolls
 * from o therefore pays b_1 + ... + b_L for a walk b_1, ..., b_L on the
 * faces' adjacency graph (the octahedron) with b_1 adjacent to the bottom
 * of o. Let W(L, o) be the least such sum, P the least sum of two
 * adjacent faces, and F(o) the least of o's four side faces (the faces
 * that can come down next). Then W(L, o) = floor(L / 2) * P, plus F(o)
 * when L is odd:
 *   - >=: W(1, o) = F(o) by definition, W(0, o) = 0, and dropping the
 *     last two rolls of a walk (a pair of adjacent faces, >= P) leaves a
 *     walk of L - 2, so W(L, o) >= W(L - 2, o) + P;
 *   - <=: a walk of L - 2 rolls extends by two rolls costing P from any
 *     last face y. Let a be a least face and b the least face adjacent to
 *     a; P = a + b (in any adjacent pair (x, z) one of them is adjacent to
 *     a, or is a, since x and z cannot both be opposite to a). From y = a
 *     append b, a; from y opposite to a append b, a (b is adjacent to
 *     both); from any other y append a, b.
 * W is nondecreasing in L (a walk's first L - 1 rolls are a walk of
 * L - 1, and no face is negative). A route to t has L >= n = |dr| + |dc|
 * rolls, so h_cheap(s, o) = W(n, o) is admissible, O(1) per call, and at
 * least n times the least face (P >= 2 a, F(o) >= a). Consistent: a roll
 * to (s', o') costing c changes n by one, and c followed by a walk from
 * o' is a walk from o (c is a side face of o). If n' = n - 1,
 * W(n, o) <= c + W(n - 1, o'); if n' = n + 1, W(n, o) <= W(n + 2, o)
 * <= c + W(n + 1, o'). On t, n = 0 and h = 0.
 *
 * Strong bound, inside the table. On the torus Z_N x Z_N (N = WALK_TORUS)
 * with the same rolls and costs, every plane route from (s, o) to t folds
 * onto a torus route from (s mod N, o) to t mod N of the same cost, so
 * the torus's least cost T(s - t mod N, o) is at most the plane's:
 * admissible for every displacement, near or far. T is a shortest-path
 * distance of the torus graph, onto which every plane roll maps, so
 * T(s) <= c + T(s') for every roll: consistent, and 0 on t. The table is
 * one reverse Dijkstra from (0, 0) in all 24 orientations at cost 0 over
 * reversed rolls (the state (p', o') reached by rolling d from
 * (p' - v_d, walk_roll[o'][d ^ 1]), at cost bottom(o')) with a radix
 * heap: T = N^2 * 24 = 393,216 states, 1.5 MB of uint32 sums (a torus
 * square is N rolls from the origin at most, 10^6 a roll, far below
 * 2^32), O(T log C) for C the largest sum; the heap's buckets, about
 * 7 MB at their peak, are kept for the next build (walk_strong_bytes).
 * About 10 ms per instance on one core. Folding can only lower a cost (a
 * shortcut round the torus): with N = 128 the table equals the open
 * plane's cost for |dr|, |dc| <= WALK_WINDOW = 56 on every instance the
 * tests try (an open board reaching 32 squares past the window, searched
 * exactly), while at 63 the adversarial faces already find shortcuts.
 *
 * Strong bound, beyond the table: linear bounds. For a slope theta =
 * (tr, tc) and potentials pi over the 24 orientations with
 *     Q * bottom(o') >= tr * vr_d + tc * vc_d + pi(o') - pi(o)
 * for every orientation o and direction d (o' = walk_roll[o][d], Q =
 * WALK_LINE_SCALE), summing over the rolls of any route from (s, o) to
 * t, ending in o_t, gives Q * cost >= theta . (t - s) + pi(o_t) - pi(o)
 * >= theta . (dr, dc) - off(o), off(o) = pi(o) - min pi. The cost is an
 * integer, so cost >= ceil((theta . (dr, dc) - off(o)) / Q): admissible.
 * Consistent: for a roll (s, o) -> (s', o') at cost c, the constraint
 * says theta . (t - s) - off(o) <= Q c + theta . (t - s') - off(o'), and
 * ceil keeps the inequality (c is an integer); max with 0 keeps it too.
 * Such pi exist exactly when the graph of the 24 orientations with edge
 * weights Q * bottom(o') - theta . v_d has no negative cycle (pi = its
 * Bellman-Ford distances from a source joined to all at cost 0). For
 * each of WALK_LINES directions u (the axes, the diagonals and the slopes
 * 1:2 and 2:1, both signs) theta = p * u with the largest integer p that
 * is feasible, found by bisection; p / Q is then within 1 / Q of the
 * least cost per unit of u . displacement of any cycle of rolls, the
 * asymptotic rate in that direction. O(WALK_LINES * log(Q W) * 24^2 * 4)
 * per build, about a millisecond.
 *
 * Strong bound, per query: a tilted table (walk_tilt_build). The linear
 * bounds lose an additive error far from the end (the offsets, and the
 * local detours a route must make, which no single slope sees); about 1%
 * of the cost at a distance of 1000. For one query's displacement
 * (dr0, dc0) take the feasible slope theta whose line is highest at the
 * start, exactly (walk_slope_toward, a two-variable linear program;
 * walk_slope.c), at a scale q (below) that is a multiple of its
 * denominator, so that theta is exact in integers, with potentials pi.
 * The reduced cost of a roll, c' = q * bottom(o') - theta . v_d - pi(o') +
 * pi(o), is >= 0 (feasibility), and along any route from (s, o) to t
 * ending in o_t, q * cost = theta . (t - s) - off(o) + off(o_t) + sum c'.
 * c' depends only on the orientations and the direction, so the route
 * folds onto a torus of side M with the same reduced costs:
 * off(o_t) + sum c' >= R(s - t mod M, o), R the torus's least
 * off(o_end) + sum c' to the origin, one reverse Dijkstra seeded with off
 * at the origin. Hence cost >= ceil((theta . (dr, dc) - off(o) + R) / q):
 * admissible, at least the line of the same theta (R >= 0). Consistent:
 * R(p, o) <= c' + R(p', o') for every roll, which rearranges to the line
 * inequality with c' added, as above; on t the value is
 * R(0, o) - off(o) <= 0. Q = 2^30 / (4 W M) (at least 1) keeps the sums
 * within 32 bits: a torus square is M rolls away, each of reduced cost
 * below about 3 Q W; q is the largest multiple of theta's denominator
 * (at most 2 * 24^2) up to Q, and when there is none (W beyond about
 * 10^5) the steepest feasible point of theta's ray at scale Q, a slope
 * a little below the optimum. With the optimal slope the two cheapest
 * cycles of rolls toward the end cost nothing reduced, so R is what the
 * route's remaining detours cost, and folding loses only where a copy of
 * the end M squares away is cheaper to reach: on most queries the bound
 * is exact along the whole route and A* settles one state per roll.
 * Why the optimum and not a sampled slope: with 39 sampled angles the
 * bound stayed 100 to 700 below the answer at the start, and on queries
 * whose two cheapest cycles tie (a parallelogram of equally cheap
 * interleavings) A* settled every state of it, 500,000 states a query;
 * with the optimum, 24 uniform pairs of 1024 x 1024 boards (seed 81)
 * settle 1,659 states a query on average at M = 64 instead of 103,500.
 * Why M grows with the distance (walk_tilt_side: the power of two nearest
 * (|dr0| + |dc0|) / 64 within 16..64): the build is a torus Dijkstra of
 * M^2 * 24 states (0.2 ms at 16, 1.7 ms at 64), while the states a query
 * settles where folding loses go with the distance squared over M
 * (halved at each doubling of M: 230,000, 117,000, 61,000 at 16, 32, 64
 * on a 4096 x 4096 pair 4,609 rolls apart); the build and the expected
 * settled states balance near M^3 ~ distance^2. Over the settled
 * counts of 52 pairs at each side (24 of 1024^2, 12 of 2048^2, 10 of
 * 4096^2, 6 of `far` 1024^2), priced at those build times and 130 ns a
 * settled state, the distance / 64 rule costs no more than the best
 * fixed side on each board size (and 16 % less on 4096^2, where the
 * distances vary most). The table's room is WALK_TILT_MAX^2 * 24 sums
 * (384 KB); its build counts in the solve's time.
 *
 * The strong bound is the largest of T, the cheap bound, the linear
 * bounds and the tilted table when one is built: a maximum of admissible bounds
 * is admissible, and of consistent ones consistent (h_i(s) <= c + h_i(s') <= c
 * + max_j h_j(s')). An A* with this bound or the cheap one may therefore close
 * a state when it is popped and never reopen it.
 *
 * References: P. E. Hart, N. J. Nilsson and B. Raphael, "A formal basis
 * for the heuristic determination of minimum cost paths", IEEE Trans.
 * SSC 4(2), 1968 (admissibility, consistency); Bellman-Ford for the
 * feasible potentials (R. Bellman, 1958).
 */
#include "walk_heuristic.h"
#include "walk_slope.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
    TORUS_MASK = WALK_TORUS - 1,
    TORUS_STATES = WALK_TORUS * WALK_TORUS * WALK_ORIENTATIONS,
    TILT_STATES = WALK_TILT_MAX * WALK_TILT_MAX * WALK_ORIENTATIONS,
    RADIX_BUCKETS = 33, /* sums of 32 bits */
};
_Static_assert((WALK_TORUS & TORUS_MASK) == 0, "the torus side is 2^k");

void walk_cheap_init(struct walk_heuristic *h, const struct walk_instance *in)
{
    static const unsigned sides[] = {WALK_NEAR, WALK_FAR, WALK_RIGHT,
                                     WALK_LEFT};
    h->pair = UINT64_MAX;
    for (unsigned o = 0; o < WALK_ORIENTATIONS; o++) {
        uint32_t least = UINT32_MAX;
        for (unsigned k = 0; k < 4; k++) {
            uint32_t f = in->face[walk_face[o][sides[k]]];
            least = f < least ? f : least;
        }
        h->first[o] = least;
        uint64_t pair = (uint64_t)walk_bottom(in, o) + least;
        h->pair = pair < h->pair ? pair : h->pair;
    }
}

/* The build's queue: a radix heap of (sum << 32 | state) words, bucket
 * 0 holding the sums equal to the last one popped and bucket b >= 1 those
 * whose highest bit differing from it is bit b - 1 (Ahuja, Mehlhorn,
 * Orlin and Tarjan, 1990): sums only grow in Dijkstra's order, so an
 * entry moves to a lower bucket at most 32 times, by sequential scans. */
struct walk_radix {
    uint64_t *v[RADIX_BUCKETS];
    size_t len[RADIX_BUCKETS], cap[RADIX_BUCKETS];
    uint32_t last;
};

uint64_t walk_strong_bytes(const struct walk_heuristic *h)
{
    uint64_t bytes = h->table ? TORUS_STATES * sizeof(uint32_t) : 0;
    for (unsigned b = 0; h->queue && b < RADIX_BUCKETS; b++)
        bytes += h->queue->cap[b] * sizeof(uint64_t);
    return bytes;
}

static unsigned radix_bucket(uint32_t last, uint32_t sum)
{
    return sum == last ? 0 : 32u - (unsigned)__builtin_clz(sum ^ last);
}

static int radix_push(struct walk_radix *q, uint32_t sum, uint32_t state)
{
    unsigned b = radix_bucket(q->last, sum);
    if (q->len[b] == q->cap[b]) {
        size_t cap = q->cap[b] ? 2 * q->cap[b] : 256;
        uint64_t *v = realloc(q->v[b], cap * sizeof(*v));
        if (!v)
            return -ENOMEM;
        q->v[b] = v;
        q->cap[b] = cap;
    }
    q->v[b][q->len[b]++] = (uint64_t)sum << 32 | state;
    return 0;
}

/* The next word in sum order into *out: 1, 0 when the queue is empty,
 * or -ENOMEM. */
static int radix_pop(struct walk_radix *q, uint64_t *out)
{
    if (q->len[0] == 0) {
        unsigned b = 1;
        while (b < RADIX_BUCKETS && q->len[b] == 0)
            b++;
        if (b == RADIX_BUCKETS)
            return 0;
        uint64_t least = UINT64_MAX;
        for (size_t i = 0; i < q->len[b]; i++)
            least = q->v[b][i] < least ? q->v[b][i] : least;
        q->last = (uint32_t)(least >> 32);
        /* every entry of b goes to a lower bucket */
        size_t n = q->len[b];
        q->len[b] = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t x = q->v[b][i];
            if (radix_push(q, (uint32_t)(x >> 32), (uint32_t)x))
                return -ENOMEM;
        }
    }
    *out = q->v[0][--q->len[0]];
    return 1;
}

/* The reverse Dijkstra over the torus (opening comment), seeded with
 * seed[o] at the origin: the roll out of orientation o going d (into the
 * state being settled, of orientation walk_roll[o][d]) costs
 * cost[walk_roll[o][d]][d]. T: seeds 0 and a roll's bottom; the tilted
 * table: the offsets and the reduced costs. 0, -ENOMEM, or -ERANGE for a
 * sum past 32 bits. */
static int torus_fill(uint32_t *table, uint32_t side, struct walk_radix *q,
                      const uint32_t seed[WALK_ORIENTATIONS],
                      uint32_t cost[WALK_ORIENTATIONS][WALK_DIRS])
{
    const uint32_t mask = side - 1;
    const size_t states = (size_t)side * side * WALK_ORIENTATIONS;
    for (size_t i = 0; i < states; i++)
        table[i] = UINT32_MAX;
    memset(q->len, 0, sizeof(q->len));
    q->last = 0;
    int rc = 0;
    for (unsigned o = 0; rc == 0 && o < WALK_ORIENTATIONS; o++) {
        table[o] = seed[o];
        rc = radix_push(q, seed[o], o);
    }
    uint64_t top;
    while (rc == 0 && (rc = radix_pop(q, &top)) == 1) {
        rc = 0;
        uint32_t sum = (uint32_t)(top >> 32), state = (uint32_t)top;
        if (sum != table[state])
            continue;
        unsigned o2 = state % WALK_ORIENTATIONS;
        uint32_t cell = state / WALK_ORIENTATIONS;
        uint32_t pr = cell / side, pc = cell % side;
        for (unsigned d = 0; rc == 0 && d < WALK_DIRS; d++) {
            uint64_t nx = (uint64_t)sum + cost[o2][d];
            if (nx >= UINT32_MAX)
                return -ERANGE;
            uint32_t next = (uint32_t)nx;
            uint32_t r = (pr - (uint32_t)walk_step_r[d]) & mask;
            uint32_t c = (pc - (uint32_t)walk_step_c[d]) & mask;
            uint32_t from =
                (r * side + c) * WALK_ORIENTATIONS + walk_roll[o2][d ^ 1u];
            if (next < table[from]) {
                table[from] = next;
                rc = radix_push(q, next, from);
            }
        }
    }
    return rc;
}

/* The linear bounds: per direction the steepest feasible slope. */
static void lines_fill(struct walk_heuristic *h, const struct walk_instance *in)
{
    static const int dir[WALK_LINES][2] = {
        {1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1},  {1, -1}, {-1, 1},  {-1, -1},
        {2, 1}, {1, 2}, {-2, 1}, {-1, 2}, {2, -1}, {1, -2}, {-2, -1}, {-1, -2}};
    uint32_t bottom[WALK_ORIENTATIONS];
    walk_bottoms(in, bottom);
    int64_t off[WALK_ORIENTATIONS];
    for (unsigned k = 0; k < WALK_LINES; k++) {
        /* a straight run along an axis is a cycle of 4 rolls costing at
         * most 4 W and gaining at least 4 in u . displacement, so the
         * feasible p are at most Q * W */
        int64_t p = walk_steepest(bottom, dir[k][0], dir[k][1], 1,
                                  (int64_t)WALK_LINE_SCALE * walk_max_face(in),
                                  WALK_LINE_SCALE);
        h->line_r[k] = p * dir[k][0];
        h->line_c[k] = p * dir[k][1];
        walk_slope_offsets(bottom, h->line_r[k], h->line_c[k], WALK_LINE_SCALE,
                           off);
        for (unsigned o = 0; o < WALK_ORIENTATIONS; o++)
            h->line_off[o][k] = off[o];
    }
}

int walk_strong_build(struct walk_heuristic *h, const struct walk_instance *in)
{
    if (!h->table)
        h->table = malloc((size_t)TORUS_STATES * sizeof(*h->table));
    if (!h->queue)
        h->queue = calloc(1, sizeof(*h->queue));
    if (!h->table || !h->queue)
        return -ENOMEM;
    free(h->tilt); /* it belongs to the old faces */
    h->tilt = NULL;
    walk_cheap_init(h, in);
    lines_fill(h, in);
    uint32_t bottom[WALK_ORIENTATIONS], seed[WALK_ORIENTATIONS] = {0};
    uint32_t cost[WALK_ORIENTATIONS][WALK_DIRS];
    walk_bottoms(in, bottom);
    for (unsigned o = 0; o < WALK_ORIENTATIONS; o++)
        for (unsigned d = 0; d < WALK_DIRS; d++)
            cost[o][d] = bottom[o];
    return torus_fill(h->table, WALK_TORUS, h->queue, seed, cost);
}

uint32_t walk_tilt_side(int64_t dr0, int64_t dc0)
{
    uint64_t n =
        (uint64_t)(dr0 < 0 ? -dr0 : dr0) + (uint64_t)(dc0 < 0 ? -dc0 : dc0);
    uint32_t side = WALK_TILT_MIN;
    /* nearest on a log scale: the next side once n / 64 passes
     * side * sqrt(2), 181 / 128 */
    while (side < WALK_TILT_MAX && n * 128 > (uint64_t)side * 64 * 181)
        side *= 2;
    return side;
}

int walk_tilt_build(struct walk_heuristic *h, const struct walk_instance *in,
                    int64_t dr0, int64_t dc0, uint32_t side)
{
    if (side < WALK_TILT_MIN || side > WALK_TILT_MAX || (side & (side - 1)))
        return -EINVAL;
    if (!h->tilt)
        h->tilt = malloc((size_t)TILT_STATES * sizeof(*h->tilt));
    if (!h->queue)
        h->queue = calloc(1, sizeof(*h->queue));
    if (!h->tilt || !h->queue)
        return -ENOMEM;
    uint32_t bottom[WALK_ORIENTATIONS];
    walk_bottoms(in, bottom);
    int64_t W = walk_max_face(in) ? walk_max_face(in) : 1;
    int64_t Q = ((int64_t)1 << 30) / (W * 4 * side);
    if (Q < 1)
        Q = 1;
    /* the exact slope (walk_slope.c), at a scale that is a multiple of
     * its denominator when the 32-bit sums allow one, so that it is
     * exact there too; else the steepest feasible point of its ray */
    struct walk_slope best = walk_slope_toward(bottom, dr0, dc0);
    int64_t q = Q >= best.den ? Q / best.den * best.den : Q;
    int64_t m = walk_steepest(bottom, best.r, best.c, best.den, q, q);
    h->tilt_q = q;
    h->tilt_r = m * best.r / best.den;
    h->tilt_c = m * best.c / best.den;
    /* the reduced cost of the roll from o1 = walk_roll[o2][d ^ 1] going
     * d into o2: q * bottom(o2) - theta . v_d - off(o2) + off(o1) >= 0 */
    walk_slope_offsets(bottom, h->tilt_r, h->tilt_c, q, h->tilt_off);
    uint32_t seed[WALK_ORIENTATIONS], cost[WALK_ORIENTATIONS][WALK_DIRS];
    for (unsigned o2 = 0; o2 < WALK_ORIENTATIONS; o2++) {
        seed[o2] = (uint32_t)h->tilt_off[o2];
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            unsigned o1 = walk_roll[o2][d ^ 1u];
            int64_t w =
                q * (int64_t)bottom[o2] -
                (h->tilt_r * walk_step_r[d] + h->tilt_c * walk_step_c[d]) -
                h->tilt_off[o2] + h->tilt_off[o1];
            if (w < 0 || w >= UINT32_MAX || h->tilt_off[o2] >= UINT32_MAX)
                return -ERANGE; /* ruled out by pi and q (opening comment) */
            cost[o2][d] = (uint32_t)w;
        }
    }
    h->tilt_side = side;
    return torus_fill(h->tilt, side, h->queue, seed, cost);
}

uint64_t walk_tilt(const struct walk_heuristic *h, int64_t dr, int64_t dc,
                   unsigned o)
{
    if (!h->tilt)
        return 0;
    const uint64_t side = h->tilt_side, mask = side - 1;
    uint64_t pr = (uint64_t)-dr & mask, pc = (uint64_t)-dc & mask;
    int64_t x = h->tilt_r * dr + h->tilt_c * dc - h->tilt_off[o] +
                (int64_t)h->tilt[(pr * side + pc) * WALK_ORIENTATIONS + o];
    if (x <= 0)
        return 0;
    return ((uint64_t)x + (uint64_t)h->tilt_q - 1) / (uint64_t)h->tilt_q;
}

uint64_t walk_strong(const struct walk_heuristic *h, int64_t dr, int64_t dc,
                     unsigned o)
{
    uint64_t pr = (uint64_t)-dr & TORUS_MASK, pc = (uint64_t)-dc & TORUS_MASK;
    uint64_t best = h->table[(pr * WALK_TORUS + pc) * WALK_ORIENTATIONS + o];
    uint64_t cheap = walk_cheap(h, dr, dc, o);
    best = cheap > best ? cheap : best;
    uint64_t tilted = walk_tilt(h, dr, dc, o);
    best = tilted > best ? tilted : best;
    for (unsigned k = 0; k < WALK_LINES; k++) {
        int64_t x = h->line_r[k] * dr + h->line_c[k] * dc - h->line_off[o][k];
        if (x > 0) {
            uint64_t v = ((uint64_t)x + WALK_LINE_SCALE - 1) / WALK_LINE_SCALE;
            best = v > best ? v : best;
        }
    }
    return best;
}

void walk_heuristic_free(struct walk_heuristic *h)
{
    free(h->tilt);
    h->tilt = NULL;
    free(h->table);
    for (unsigned b = 0; h->queue && b < RADIX_BUCKETS; b++)
        free(h->queue->v[b]);
    free(h->queue);
    h->table = NULL;
    h->queue = NULL;
}
