/*
 * walk_gen.c - deterministic cube_walk corpora.
 *
 * Families (size = the board RxC, 8x8 by default); each instance draws
 * its start and end uniformly among the open squares (they may
 * coincide), then its six face values:
 *   uniform  - faces 0..1000;
 *   small    - faces 0..3 (max 3): many equal sums, many optimal routes;
 *   extreme  - faces drawn from {0, 1000};
 *   maze[:P] - faces 0..1000, each square blocked with probability P%
 *              (default 30, 0..90), then a random monotone staircase
 *              from the start to the end cleared, so a route exists.
 * O(R * C) per maze instance, O(1) otherwise. Same arguments -> same
 * bytes on any machine.
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
};

enum family { UNIFORM, SMALL, EXTREME, MAZE };

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

static int gen_one(struct pb_rng *rng, enum family f, long percent,
                   struct walk_instance *in, struct pb_error *e)
{
    uint64_t cells = walk_cells(in);
    in->w = f == SMALL ? WALK_SMALL_MAX : WALK_JUDGE_MAX;
    in->start = (uint32_t)pb_rng_below(rng, cells);
    in->end = (uint32_t)pb_rng_below(rng, cells);
    for (int k = 0; k < WALK_FACES; k++) {
        if (f == EXTREME)
            in->face[k] = pb_rng_below(rng, 2) ? WALK_JUDGE_MAX : 0;
        else
            in->face[k] = (uint32_t)pb_rng_below(rng, in->w + 1u);
    }
    if (f != MAZE)
        return 0;
    in->blocked = malloc(cells);
    if (!in->blocked)
        return pb_fail(e, -ENOMEM, "out of memory for a maze");
    for (uint64_t i = 0; i < cells; i++)
        in->blocked[i] = pb_rng_below(rng, 100) < (uint64_t)percent;
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
    static const char *const names[] = {"uniform", "small", "extreme", "maze"};
    int f = 0;
    while (f <= MAZE && strcmp(args->family, names[f]))
        f++;
    if (f > MAZE)
        return pb_fail(e, -EINVAL,
                       "unknown family '%s' for cube_walk; expected "
                       "uniform, small, extreme or maze[:P]",
                       args->family);
    long percent = WALK_MAZE_DEFAULT;
    if (f == MAZE && args->param >= 0) {
        if (args->param > WALK_MAZE_MOST)
            return pb_fail(e, -EINVAL,
                           "maze:P takes a blocked percentage P of 0..%d",
                           WALK_MAZE_MOST);
        percent = args->param;
    } else if (args->param >= 0) {
        return pb_fail(e, -EINVAL, "family '%s' takes no parameter", names[f]);
    }
    uint64_t cells = (uint64_t)rows * cols;
    uint64_t need = pb_add_sat(pb_corpus_bytes(c->kernel, args->count),
                               f == MAZE ? pb_mul_sat(cells, args->count) : 0);
    char what[96];
    snprintf(what, sizeof(what), "generating %zu %s instances on %ux%u",
             args->count, names[f], rows, cols);
    rc = pb_memory_check(need, what, e);
    if (rc)
        return rc;
    c->meta.size = (struct pb_size){(int32_t)rows, (int32_t)cols};
    c->meta.seed = args->seed;
    c->meta.generator = WALK_GENERATOR_VERSION;
    if (f == MAZE && args->param >= 0)
        snprintf(c->meta.family, sizeof(c->meta.family), "maze:%ld",
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
        rc = gen_one(&rng, (enum family)f, percent, in, e);
        if (rc)
            return rc;
    }
    return 0;
}
