/*
 * magic_gen.c - deterministic Magic Squares corpora.
 *
 * Families:
 *   uniform   - uniformly random permutations of the 2K labels
 *               (Fisher-Yates with unbiased draws), O(K) each;
 *   depth:D   - targets whose shortest sequence has exactly D moves,
 *               drawn uniformly (with replacement) from BFS layer D of
 *               the plain reference search, listed in rank order so the
 *               draw does not depend on any search's visiting order.
 *               O((2K)! K^2) once for the layer, then O(1) per target;
 *               5 bytes a state (2.4 GB for K = 6, refused over the
 *               memory cap), and for K = 6 a note on stderr first, as
 *               that search takes minutes.
 * Same arguments -> same bytes on any machine (pb_prng.h).
 */
#include "magic_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"
#include "pb_prng.h"
#include "pb_units.h"

enum { MAGIC_GENERATOR_VERSION = 1 };

static int push_target(struct pb_corpus *c, int k, uint64_t target,
                       struct pb_error *e)
{
    struct magic_instance *in = pb_corpus_push(c, 0);
    if (!in)
        return pb_fail(e, -ENOMEM, "out of memory");
    in->k = (uint8_t)k;
    in->target = target;
    return 0;
}

static int gen_uniform(struct pb_rng *rng, int k, size_t count,
                       struct pb_corpus *c, struct pb_error *e)
{
    int n = magic_cells(k);
    for (size_t i = 0; i < count; i++) {
        uint8_t labels[2 * MAGIC_K_MAX];
        for (int j = 0; j < n; j++)
            labels[j] = (uint8_t)j;
        for (int j = n - 1; j > 0; j--) {
            int r = (int)pb_rng_below(rng, (uint64_t)j + 1);
            uint8_t t = labels[j];
            labels[j] = labels[r];
            labels[r] = t;
        }
        int rc = push_target(c, k, magic_from_clockwise(labels, k), e);
        if (rc)
            return rc;
    }
    return 0;
}

/* States above which the full search takes minutes (12! on 2 x 6: about
 * 6 minutes on one core of the development machine), worth a note. */
#define MAGIC_LONG_SEARCH 100000000u

static int gen_depth(struct pb_rng *rng, int k, long depth, size_t count,
                     FILE *notes, struct pb_corpus *c, struct pb_error *e)
{
    /* the search (5 bytes a state), then the table beside the layer's
     * ranks (at most 4 bytes a state), then the corpus */
    char what[96];
    snprintf(what, sizeof(what), "generating depth:%ld on the 2 x %d ring",
             depth, k);
    int rc = pb_memory_check(
        pb_add_sat(magic_plain_bytes(k), pb_corpus_bytes(c->kernel, count)),
        what, e);
    if (rc)
        return rc;
    if (notes && magic_factorial[magic_cells(k)] > MAGIC_LONG_SEARCH) {
        char bytes[PB_UNITS_TEXT], states[PB_UNITS_TEXT];
        pb_units_bytes(bytes, sizeof(bytes), (double)magic_plain_bytes(k));
        pb_units_count(states, sizeof(states),
                       (double)magic_factorial[magic_cells(k)]);
        fprintf(notes,
                "note: %s first searches all %s states (about %s, several "
                "minutes on one core)\n",
                what, states, bytes);
        fflush(notes);
    }
    uint8_t *d = magic_plain_depths(k, false);
    if (!d)
        return pb_fail(e, -ENOMEM, "out of memory for the depth table");
    uint32_t total = magic_factorial[magic_cells(k)], layer = 0;
    unsigned deepest = 0;
    for (uint32_t r = 0; r < total; r++) {
        layer += d[r] == depth;
        if (d[r] != MAGIC_PLAIN_UNSEEN && d[r] > deepest)
            deepest = d[r];
    }
    uint32_t *ranks = layer ? malloc(layer * sizeof(*ranks)) : NULL;
    if (layer == 0)
        rc = pb_fail(e, -EINVAL,
                     "no 2 x %d state is at depth %ld; "
                     "expected depth:D with 0 <= D <= %u",
                     k, depth, deepest);
    else if (!ranks)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    for (uint32_t r = 0, j = 0; rc == 0 && r < total; r++)
        if (d[r] == depth)
            /* pb_fail returns its negative code: rc == 0 means ranks exists */
            /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
            ranks[j++] = r;
    free(d);
    for (size_t i = 0; rc == 0 && i < count; i++) {
        /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference): as above */
        uint32_t r = ranks[pb_rng_below(rng, layer)];
        rc = push_target(c, k, magic_unrank(r, k), e);
    }
    free(ranks);
    return rc;
}

int magic_generate(const struct pb_gen_args *args, struct pb_corpus *c,
                   struct pb_error *e)
{
    int k = pb_size_set(&args->size) ? args->size.a : MAGIC_K_JUDGE;
    if (k < MAGIC_K_MIN || k > MAGIC_K_MAX)
        return pb_fail(e, -EINVAL,
                       "size %d out of range; expected the "
                       "ring width K = %d..%d",
                       k, MAGIC_K_MIN, MAGIC_K_MAX);
    struct pb_rng rng;
    pb_rng_seed(&rng, args->seed);
    c->meta.size = (struct pb_size){k, 0};
    c->meta.seed = args->seed;
    c->meta.generator = MAGIC_GENERATOR_VERSION;
    if (!strcmp(args->family, "uniform")) {
        if (args->param >= 0)
            return pb_fail(e, -EINVAL,
                           "family 'uniform' takes no "
                           "parameter");
        if (args->check_only)
            return 0;
        snprintf(c->meta.family, sizeof(c->meta.family), "uniform");
        int rc = pb_memory_check(pb_corpus_bytes(c->kernel, args->count),
                                 "generating uniform targets", e);
        if (rc)
            return rc;
        return gen_uniform(&rng, k, args->count, c, e);
    }
    if (!strcmp(args->family, "depth")) {
        if (args->param < 0)
            return pb_fail(e, -EINVAL,
                           "family 'depth' needs its depth, "
                           "e.g. depth:14");
        if (args->check_only)
            return 0;
        snprintf(c->meta.family, sizeof(c->meta.family), "depth:%ld",
                 args->param);
        return gen_depth(&rng, k, args->param, args->count, args->notes, c, e);
    }
    return pb_fail(e, -EINVAL,
                   "unknown family '%s' for magic_squares; "
                   "expected uniform or depth:D",
                   args->family);
}
