/*
 * eight_gen.c - deterministic Cubic Eight-Puzzle corpora.
 *
 * Families (size = the board ROWSxCOLUMNS, 3x3 by default; the cap is
 * 30):
 *   uniform - a uniformly random start cell and target pattern (E cell
 *             and a colour per other cell), O(cells) each;
 *   depth:D - patterns whose optimum is exactly D: a start cell drawn
 *             uniformly among those with such patterns, then a pattern
 *             drawn uniformly (with replacement) from that start's layer
 *             D of the plain pattern depths, listed in code order so the
 *             draw does not depend on any search's visiting order;
 *   far[:C] - patterns that need more than the cap C (default 30), so the
 *             answer is -1, drawn the same way; the expensive datasets of
 *             any capped search.
 * depth and far need the plain search from each start cell (eight_oracle.c),
 * O(cells * 6^(cells-1) * depth) once per start, so they are offered for
 * boards of at most 9 cells. Same arguments -> same bytes on any machine.
 */
#include "eight_internal.h"

#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"
#include "pb_prng.h"

enum { EIGHT_GENERATOR_VERSION = 1, EIGHT_LAYER_MAX_CELLS = 9 };

static struct eight_instance *push(struct pb_corpus *c, int rows, int cols,
                                   int cap, struct pb_error *e)
{
    struct eight_instance *in = pb_corpus_push(c, 0);
    if (!in) {
        pb_fail(e, -ENOMEM, "out of memory");
        return NULL;
    }
    in->rows = (uint8_t)rows;
    in->cols = (uint8_t)cols;
    in->cap = (uint8_t)cap;
    return in;
}

static int gen_uniform(struct pb_rng *rng, int rows, int cols, size_t count,
                       struct pb_corpus *c, struct pb_error *e)
{
    int cells = rows * cols;
    for (size_t i = 0; i < count; i++) {
        struct eight_instance *in = push(c, rows, cols, EIGHT_JUDGE_CAP, e);
        if (!in)
            return -ENOMEM;
        in->start = (uint8_t)pb_rng_below(rng, (uint64_t)cells);
        unsigned empty = (unsigned)pb_rng_below(rng, (uint64_t)cells);
        for (int j = 0; j < cells && j < EIGHT_MAX_CELLS; j++)
            in->goal[j] =
                (unsigned)j == empty ? EIGHT_E : (uint8_t)pb_rng_below(rng, 3);
    }
    return 0;
}

/* Pattern codes per start cell whose depth d satisfies lo <= d <= hi
 * (UNSEEN counts as infinitely far). */
struct layer {
    uint64_t *codes;
    uint64_t count;
};

static int collect(const uint8_t *depth, uint64_t patterns, unsigned lo,
                   unsigned hi, struct layer *l)
{
    l->count = 0;
    for (uint64_t p = 0; p < patterns; p++)
        l->count += depth[p] >= lo && depth[p] <= hi;
    l->codes = l->count ? malloc(l->count * sizeof(*l->codes)) : NULL;
    if (l->count && !l->codes)
        return -ENOMEM;
    for (uint64_t p = 0, j = 0; p < patterns; p++)
        if (depth[p] >= lo && depth[p] <= hi)
            l->codes[j++] = p;
    return 0;
}

static int gen_layer(struct pb_rng *rng, int rows, int cols, unsigned lo,
                     unsigned hi, int cap, size_t count, struct pb_corpus *c,
                     struct pb_error *e)
{
    int cells = rows * cols;
    if (cells > EIGHT_LAYER_MAX_CELLS)
        return pb_fail(e, -EINVAL,
                       "families depth and far need a full search per "
                       "start cell; expected a board of at most %d cells, "
                       "not %d x %d",
                       EIGHT_LAYER_MAX_CELLS, rows, cols);
    /* every start's search (memoised), then the layer's codes (at most
     * 8 bytes a pattern), then the corpus */
    uint64_t need =
        pb_add_sat(eight_patterns_bytes(rows, cols, (1u << cells) - 1,
                                        omp_get_max_threads()),
                   pb_add_sat(pb_mul_sat(eight_pattern_bytes(rows, cols), 8),
                              pb_corpus_bytes(c->kernel, count)));
    char what[64];
    snprintf(what, sizeof(what), "generating on the %d x %d board", rows, cols);
    int rc = pb_memory_check(need, what, e);
    if (rc)
        return rc;
    struct layer layers[EIGHT_MAX_CELLS] = {{0}};
    const uint8_t *depth[EIGHT_MAX_CELLS];
    uint64_t patterns[EIGHT_MAX_CELLS];
    /* one plain search per start cell, memoised: parallel across cells */
#pragma omp parallel for schedule(dynamic, 1) default(none)                    \
    shared(rows, cols, cells, depth, patterns)
    for (int s = 0; s < cells; s++)
        depth[s] = eight_pattern_depths(rows, cols, s, &patterns[s]);
    int starts[EIGHT_MAX_CELLS], n_starts = 0;
    for (int s = 0; rc == 0 && s < cells; s++) {
        if (!depth[s] || collect(depth[s], patterns[s], lo, hi, &layers[s]))
            rc = pb_fail(e, -ENOMEM, "out of memory for the pattern depths");
        else if (layers[s].count)
            starts[n_starts++] = s;
    }
    if (rc == 0 && n_starts == 0)
        rc = pb_fail(e, -EINVAL,
                     "no %d x %d pattern is at depth %u..%u from any start "
                     "cell",
                     rows, cols, lo, hi);
    for (size_t i = 0; rc == 0 && i < count; i++) {
        /* rc == 0 here means n_starts >= 1 starts were set */
        // cppcheck-suppress uninitvar ; starts[0 .. n_starts - 1] is set
        int s = starts[pb_rng_below(rng, (uint64_t)n_starts)];
        struct eight_instance *in = push(c, rows, cols, cap, e);
        if (!in) {
            rc = -ENOMEM;
            break;
        }
        in->start = (uint8_t)s;
        eight_pattern_decode(
            layers[s].codes[pb_rng_below(rng, layers[s].count)], in);
    }
    for (int s = 0; s < cells; s++)
        free(layers[s].codes);
    return rc;
}

int eight_generate(const struct pb_gen_args *args, struct pb_corpus *c,
                   struct pb_error *e)
{
    int rows, cols;
    int rc = eight_board_of_size(&args->size, &rows, &cols, e);
    if (rc)
        return rc;
    struct pb_rng rng;
    pb_rng_seed(&rng, args->seed);
    c->meta.size = (struct pb_size){rows, cols};
    c->meta.seed = args->seed;
    c->meta.generator = EIGHT_GENERATOR_VERSION;
    if (!strcmp(args->family, "uniform")) {
        if (args->param >= 0)
            return pb_fail(e, -EINVAL, "family 'uniform' takes no parameter");
        if (args->check_only)
            return 0;
        snprintf(c->meta.family, sizeof(c->meta.family), "uniform");
        rc = pb_memory_check(pb_corpus_bytes(c->kernel, args->count),
                             "generating uniform patterns", e);
        if (rc)
            return rc;
        return gen_uniform(&rng, rows, cols, args->count, c, e);
    }
    if (!strcmp(args->family, "depth")) {
        if (args->param < 0 || args->param >= EIGHT_PLAIN_UNSEEN)
            return pb_fail(e, -EINVAL,
                           "family 'depth' needs its depth 0..%d, e.g. "
                           "depth:20",
                           EIGHT_PLAIN_UNSEEN - 1);
        if (args->check_only)
            return 0;
        snprintf(c->meta.family, sizeof(c->meta.family), "depth:%ld",
                 args->param);
        return gen_layer(&rng, rows, cols, (unsigned)args->param,
                         (unsigned)args->param, EIGHT_JUDGE_CAP, args->count, c,
                         e);
    }
    if (!strcmp(args->family, "far")) {
        long cap = args->param < 0 ? EIGHT_JUDGE_CAP : args->param;
        if (cap > EIGHT_MAX_CAP)
            return pb_fail(e, -EINVAL, "far:C needs a cap C of 0..%d",
                           EIGHT_MAX_CAP);
        if (args->check_only)
            return 0;
        if (args->param < 0)
            snprintf(c->meta.family, sizeof(c->meta.family), "far");
        else
            snprintf(c->meta.family, sizeof(c->meta.family), "far:%ld", cap);
        return gen_layer(&rng, rows, cols, (unsigned)cap + 1,
                         EIGHT_PLAIN_UNSEEN, (int)cap, args->count, c, e);
    }
    return pb_fail(e, -EINVAL,
                   "unknown family '%s' for cubic_eight; expected uniform, "
                   "depth:D or far[:C]",
                   args->family);
}
