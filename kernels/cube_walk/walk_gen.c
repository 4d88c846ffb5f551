/*
 * walk_gen.c - deterministic cube_walk corpora.
 *
 * Families (size = the board RxC, 8x8 by default); each instance draws
 * its start and end uniformly among the open squares (they may
 * coincide), then its six face values:
 *   uniform[:W] - faces 0..W (default 1000, the judge's; 1..1000000):
 *              a large W spreads the sums, the case for a radix heap
 *              against Dial's W + 1 buckets;
 *   small    - faces 0..3 (max 3): many equal sums, many optimal routes;
 *   extreme  - faces drawn from {0, 1000};
 *   maze[:P] - faces 0..1000, each square blocked with probability P%
 *              (default 30, 0..90), then a random monotone staircase
 *              from the start to the end cleared, so a route exists.
 *   adversarial[:P] - built to make a FIFO label-correcting queue (SPFA)
 *              re-expand states; P (0..100, default 100) is about the
 *              percentage of ranks that are open ground, see below. The
 *              start is a1, the end the farthest open square: the last
 *              file of the last rank (of the last street rank when
 *              P = 0), so a route crosses the whole board; not drawn.
 *   sealed[:W] - uniform[:W] with the end walled in: its open neighbours
 *              blocked, so no route exists and every search, however
 *              goal-directed, settles the whole reachable space before
 *              it answers -1. The same seed draws the same start, faces
 *              and end as uniform[:W]; an end within one step of the
 *              start moves to the corner farthest from it (and on a
 *              1 x 3 board with the start in the middle, the start to
 *              a1 and the end to c1), so the start stays outside the
 *              wall. Needs 3 squares or more.
 *   near:D   - faces as uniform, the end drawn uniformly among the
 *              squares at Manhattan distance 1..D from the start (D >= 1;
 *              the start itself only on a 1 x 1 board): the short
 *              queries a goal-directed search answers early.
 *   far      - faces as uniform, start and end at opposite corners (the
 *              start's corner drawn): the longest queries.
 * O(R * C) per maze, adversarial or sealed instance (sealed: zeroed
 * memory and four stores), O(R) per near instance, O(1) otherwise. Same
 * arguments -> same bytes on any machine.
 *
 * Why adversarial works. Two adjacent faces are heavy (500..1000), the
 * other four light (0..20); which pair is drawn per instance. A straight
 * run of rolls cycles the four faces round the rolling axis, and two
 * adjacent faces never share an axis, so every such ring holds a heavy
 * face: a route with the fewest hops puts a heavy face down about once in
 * four rolls, while routes that step aside to turn the die (more hops) can
 * keep light faces down. A FIFO queue labels states in about hop order, so
 * a state d hops from the start is labelled first by a short heavy route
 * and then improved, and queued again, each time a longer, lighter route
 * arrives: about d / 4 times. (One heavy face, or an opposite pair, leaves
 * an all-light ring, straight routes are cheap and SPFA pops about 2 per
 * state; measured on open 256 x 256 boards.) Stepping aside needs room: on
 * a grid of one-square streets (every third rank and file open, 2 x 2
 * blocks between) the die turns only at the crossings, the shortest routes
 * stay nearly optimal and SPFA pops each state about 1.5 times, while
 * every open square still sees all 12 orientations of its colour once the
 * grid holds two blocks, so the kernel's reachable-state units stay exact.
 * The ranks nearest the start are street grid, the rest (about P%) open
 * ground: SPFA's pops per state grow about linearly with P, from 1.5
 * at P = 0 to a quarter to a half of the board's side at P = 100 (60 to 150 on
 * 256 x 256, by the faces drawn; 126 for seed 7 on 512 x 512), while a
 * label-setting queue pops each state once (a step's cost depends only on
 * the state it enters, so the first label set is final). The grid keeps
 * 12m + 1 ranks (m >= 1 when P > 0 and the board has 13 ranks or more): it
 * ends on a street rank that is a multiple of 3 and of the die's four-roll
 * cycle, so the die meets the open ground the same way at every P;
 * otherwise pops per state jump by up to a third from one rank to the
 * next, and an open board (no grid) sits off the line.
 */
#include "walk_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"
#include "pb_prng.h"

enum {
    WALK_GENERATOR_VERSION = 1,
    WALK_MAZE_DEFAULT = 30, /* percent of squares blocked */
    WALK_MAZE_MOST = 90,
    WALK_SMALL_MAX = 3,
    WALK_ADV_DEFAULT = 100, /* percent of ranks open ground */
    WALK_ADV_MOST = 100,
    WALK_ADV_LIGHT = 20,  /* light faces 0..20 */
    WALK_ADV_HEAVY = 500, /* heavy faces 500..WALK_JUDGE_MAX */
    WALK_STREET = 3,      /* the street grid's period: 1 street, 2 blocks */
    WALK_ENTRY = 12,      /* lcm of WALK_STREET and the die's 4-roll cycle */
};

enum family { UNIFORM, SMALL, EXTREME, MAZE, ADVERSARIAL, SEALED, NEAR, FAR };

/* Clears a random monotone staircase from in->start to in->end. */
static void carve(struct pb_rng *rng, struct walk_instance *in)
{
    int64_t r = in->start / in->cols, c = in->start % in->cols;
    int64_t r1 = in->end / in->cols, c1 = in->end % in->cols;
    in->blocked[in->start] = 0;
    while (r != r1 || c != c1) {
        uint64_t dr = (uint64_t)(r > r1 ? r - r1 : r1 - r);
        uint64_t dc = (uint64_t)(c > c1 ? c - c1 : c1 - c);
        if (pb_rng_below(rng, dr + dc) < dr)
            r += r1 > r ? 1 : -1;
        else
            c += c1 > c ? 1 : -1;
        in->blocked[r * in->cols + c] = 0;
    }
}

/* The adversarial family (see the opening comment): two adjacent faces
 * heavy, the ranks below the open ground a street grid. */
static int adversarial(struct pb_rng *rng, long percent,
                       struct walk_instance *in, struct pb_error *e)
{
    static const uint8_t opposite[WALK_FACES] = {1, 0, 4, 5, 2, 3};
    uint32_t heavy = (uint32_t)pb_rng_below(rng, WALK_FACES), other;
    uint32_t pick = (uint32_t)pb_rng_below(rng, WALK_FACES - 2);
    for (other = 0;; other++)
        if (other != heavy && other != opposite[heavy] && pick-- == 0)
            break;
    in->w = WALK_JUDGE_MAX;
    for (uint32_t k = 0; k < WALK_FACES; k++)
        in->face[k] =
            k == heavy || k == other
                ? WALK_ADV_HEAVY + (uint32_t)pb_rng_below(
                                       rng, WALK_JUDGE_MAX - WALK_ADV_HEAVY + 1)
                : (uint32_t)pb_rng_below(rng, WALK_ADV_LIGHT + 1);
    uint32_t rows = in->rows, cols = in->cols;
    /* the street grid's ranks: all at P = 0, else the rest of ceil(P%
     * of R) raised to 13 and rounded down to 12m + 1 (opening comment) */
    uint32_t grid =
        rows - (uint32_t)(((uint64_t)rows * (uint64_t)percent + 99) / 100);
    if (percent > 0) {
        grid = grid < WALK_ENTRY + 1 ? WALK_ENTRY + 1 : grid;
        grid = grid > rows ? rows : grid;
        grid -= (grid - 1) % WALK_ENTRY;
    }
    uint32_t top = rows - 1;
    in->start = 0;
    if (grid > 1) {
        in->blocked = malloc(walk_cells(in));
        if (!in->blocked)
            return pb_fail(e, -ENOMEM, "out of memory for a street grid");
        for (uint32_t r = 0; r < rows; r++)
            for (uint32_t c = 0; c < cols; c++)
                in->blocked[(uint64_t)r * cols + c] =
                    r < grid && r % WALK_STREET && c % WALK_STREET;
        if (grid == rows)
            top -= top % WALK_STREET; /* the last street rank */
    }
    in->end = top * cols + cols - 1;
    return 0;
}

static uint32_t distance(const struct walk_instance *in, uint32_t a, uint32_t b)
{
    uint32_t ra = a / in->cols, ca = a % in->cols;
    uint32_t rb = b / in->cols, cb = b % in->cols;
    return (ra > rb ? ra - rb : rb - ra) + (ca > cb ? ca - cb : cb - ca);
}

/* The squares at distance 1..d from in->start, rank by rank: the k-th of
 * them (k below their number) or, with k = UINT64_MAX, their number. */
static uint64_t near_square(const struct walk_instance *in, uint64_t d,
                            uint64_t k)
{
    int64_t r0 = in->start / in->cols, c0 = in->start % in->cols;
    int64_t reach =
        (int64_t)(d < in->rows + in->cols ? d : in->rows + in->cols);
    int64_t lo = r0 - reach < 0 ? 0 : r0 - reach;
    int64_t hi = r0 + reach >= in->rows ? in->rows - 1 : r0 + reach;
    uint64_t n = 0;
    for (int64_t r = lo; r <= hi; r++) {
        int64_t half = reach - (r > r0 ? r - r0 : r0 - r);
        int64_t a = c0 - half < 0 ? 0 : c0 - half;
        int64_t b = c0 + half >= in->cols ? in->cols - 1 : c0 + half;
        uint64_t width = (uint64_t)(b - a + 1) - (r == r0); /* not the start */
        if (k != UINT64_MAX && k < n + width) {
            int64_t c = a + (int64_t)(k - n);
            if (r == r0 && c >= c0)
                c++; /* skip the start */
            return (uint64_t)(r * in->cols + c);
        }
        n += width;
    }
    return n;
}

/* The corner of the board farthest from square s. */
static uint32_t far_corner(const struct walk_instance *in, uint32_t s)
{
    uint32_t r = s / in->cols, c = s % in->cols;
    r = r < in->rows - 1 - r ? in->rows - 1 : 0;
    c = c < in->cols - 1 - c ? in->cols - 1 : 0;
    return r * in->cols + c;
}

/* sealed: the end at least two steps from the start (see the opening
 * comment), then its open neighbours blocked. */
static int seal(struct walk_instance *in, struct pb_error *e)
{
    if (distance(in, in->start, in->end) < 2)
        in->end = far_corner(in, in->start);
    if (distance(in, in->start, in->end) < 2) {
        in->start = 0;
        in->end = (uint32_t)walk_cells(in) - 1;
    }
    in->blocked = calloc(walk_cells(in), 1);
    if (!in->blocked)
        return pb_fail(e, -ENOMEM, "out of memory for a sealed board");
    for (unsigned d = 0; d < WALK_DIRS; d++) {
        uint32_t next;
        if (walk_step(in, in->end, d, &next))
            in->blocked[next] = 1;
    }
    return 0;
}

/* knob: maze's and adversarial's percentage, uniform's and sealed's W,
 * near's distance. */
static int gen_one(struct pb_rng *rng, enum family f, long knob,
                   struct walk_instance *in, struct pb_error *e)
{
    uint64_t cells = walk_cells(in);
    if (f == ADVERSARIAL)
        return adversarial(rng, knob, in, e);
    in->w = f == SMALL                    ? WALK_SMALL_MAX
            : f == UNIFORM || f == SEALED ? (uint32_t)knob
                                          : WALK_JUDGE_MAX;
    if (f == FAR) {
        uint32_t corner = (uint32_t)pb_rng_below(rng, 4);
        in->start = (corner & 1u ? in->rows - 1 : 0) * in->cols +
                    (corner & 2u ? in->cols - 1 : 0);
        in->end = far_corner(in, in->start);
    } else {
        in->start = (uint32_t)pb_rng_below(rng, cells);
        if (f == NEAR) {
            uint64_t n = near_square(in, (uint64_t)knob, UINT64_MAX);
            in->end = n ? (uint32_t)near_square(in, (uint64_t)knob,
                                                pb_rng_below(rng, n))
                        : in->start;
        } else {
            in->end = (uint32_t)pb_rng_below(rng, cells);
        }
    }
    for (int k = 0; k < WALK_FACES; k++) {
        if (f == EXTREME)
            in->face[k] = pb_rng_below(rng, 2) ? WALK_JUDGE_MAX : 0;
        else
            in->face[k] = (uint32_t)pb_rng_below(rng, in->w + 1u);
    }
    if (f == SEALED)
        return seal(in, e);
    if (f != MAZE)
        return 0;
    in->blocked = malloc(cells);
    if (!in->blocked)
        return pb_fail(e, -ENOMEM, "out of memory for a maze");
    for (uint64_t i = 0; i < cells; i++)
        in->blocked[i] = pb_rng_below(rng, 100) < (uint64_t)knob;
    carve(rng, in);
    return 0;
}

int walk_generate(const struct pb_gen_args *args, struct pb_corpus *c,
                  struct pb_error *e)
{
    uint32_t rows, cols;
    int rc = walk_board_of_size(&args->size, &rows, &cols, e);
    if (rc)
        return rc;
    static const char *const names[] = {"uniform", "small",       "extreme",
                                        "maze",    "adversarial", "sealed",
                                        "near",    "far"};
    int f = 0;
    while (f <= FAR && strcmp(args->family, names[f]))
        f++;
    if (f > FAR)
        return pb_fail(e, -EINVAL,
                       "unknown family '%s' for cube_walk; expected "
                       "uniform[:W], small, extreme, maze[:P], "
                       "adversarial[:P], sealed[:W], near:D or far",
                       args->family);
    long knob = f == MAZE                     ? WALK_MAZE_DEFAULT
                : f == UNIFORM || f == SEALED ? WALK_JUDGE_MAX
                                              : WALK_ADV_DEFAULT;
    if (f == SEALED && (uint64_t)rows * cols < 3)
        return pb_fail(e, -EINVAL,
                       "sealed needs a board of 3 squares or more (an end "
                       "two steps from the start), not %ux%u",
                       rows, cols);
    if (f == NEAR && args->param < 1)
        return pb_fail(e, -EINVAL,
                       "near:D takes the largest start-end distance D, "
                       "1 or more (near:16)");
    if ((f == UNIFORM || f == SEALED) && args->param >= 0) {
        if (args->param < 1 || args->param > WALK_MAX_W)
            return pb_fail(e, -EINVAL,
                           "%s:W takes a largest face value W of 1..%d",
                           names[f], WALK_MAX_W);
        knob = args->param;
    } else if (f == NEAR) {
        knob = args->param;
    } else if (f == MAZE && args->param >= 0) {
        if (args->param > WALK_MAZE_MOST)
            return pb_fail(e, -EINVAL,
                           "maze:P takes a blocked percentage P of 0..%d",
                           WALK_MAZE_MOST);
        knob = args->param;
    } else if (f == ADVERSARIAL && args->param >= 0) {
        if (args->param > WALK_ADV_MOST)
            return pb_fail(e, -EINVAL,
                           "adversarial:P takes an open-ground percentage "
                           "P of 0..%d",
                           WALK_ADV_MOST);
        knob = args->param;
    } else if (args->param >= 0) {
        return pb_fail(e, -EINVAL, "family '%s' takes no parameter", names[f]);
    }
    if (args->check_only)
        return 0;
    uint64_t cells = (uint64_t)rows * cols;
    bool mazes = f == MAZE || f == ADVERSARIAL || f == SEALED;
    uint64_t need = pb_add_sat(pb_corpus_bytes(c->kernel, args->count),
                               mazes ? pb_mul_sat(cells, args->count) : 0);
    char what[96];
    snprintf(what, sizeof(what), "generating %zu %s instances on %ux%u",
             args->count, names[f], rows, cols);
    rc = pb_memory_check(need, what, e);
    if (rc)
        return rc;
    c->meta.size = (struct pb_size){(int32_t)rows, (int32_t)cols};
    c->meta.seed = args->seed;
    c->meta.generator = WALK_GENERATOR_VERSION;
    if (args->param >= 0)
        snprintf(c->meta.family, sizeof(c->meta.family), "%s:%ld", names[f],
                 args->param);
    else
        snprintf(c->meta.family, sizeof(c->meta.family), "%s", names[f]);
    struct pb_rng rng;
    pb_rng_seed(&rng, args->seed);
    for (size_t i = 0; i < args->count; i++) {
        struct walk_instance *in = pb_corpus_push(c, 0);
        if (!in)
            return pb_fail(e, -ENOMEM, "out of memory");
        in->rows = rows;
        in->cols = cols;
        rc = gen_one(&rng, (enum family)f, knob, in, e);
        if (rc)
            return rc;
    }
    return 0;
}
