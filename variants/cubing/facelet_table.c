/*
 * facelet_table.c - Cubing with each turn precomputed once as a
 * permutation of the 6N^2 stickers (cube_turn_sources, timed as the
 * build: 12 tables of 2 bytes per sticker per order); a turn is then one
 * gather new[i] = old[src[i]] over the whole cube, into a second buffer.
 * Any N. O(6N^2) per turn with no branch, against geometry's per-sticker
 * layer test and vector arithmetic.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cubing_turns.h"
#include "cubing_variant.h"

struct facelet_tables {
    uint16_t *src[CUBE_N_MAX + 1][CUBE_TURNS]; /* by order, then turn */
};

static void facelet_free(void *shared)
{
    struct facelet_tables *t = shared;
    if (!t)
        return;
    for (int n = 0; n <= CUBE_N_MAX; n++)
        for (int k = 0; k < CUBE_TURNS; k++)
            free(t->src[n][k]);
    free(t);
}

static int facelet_build(const struct pb_corpus *corpus, void **shared,
                         struct pb_error *e)
{
    struct facelet_tables *t = calloc(1, sizeof(*t));
    if (!t)
        return pb_fail(e, -ENOMEM, "out of memory");
    for (size_t i = 0; i < corpus->count; i++) {
        const struct cube_instance *in = pb_corpus_item(corpus, i);
        if (t->src[in->n][0])
            continue;
        for (int k = 0; k < CUBE_TURNS; k++) {
            t->src[in->n][k] =
                malloc((size_t)cube_stickers(in->n) * sizeof(uint16_t));
            if (!t->src[in->n][k]) {
                facelet_free(t);
                return pb_fail(e, -ENOMEM, "out of memory");
            }
            cube_turn_sources(in->n, k, t->src[in->n][k]);
        }
    }
    *shared = t;
    return 0;
}

struct facelet_worker {
    const struct facelet_tables *t;
    uint8_t buffer[2][CUBE_MAX_STICKERS];
};

static void *facelet_worker_new(const struct pb_corpus *corpus,
                                const void *shared)
{
    (void)corpus;
    struct facelet_worker *w = malloc(sizeof(*w));
    if (w)
        w->t = shared;
    return w;
}

static void facelet_worker_free(void *worker)
{
    free(worker);
}

static int facelet_solve(void *worker, const void *instance, void *answer,
                         struct pb_work *work, struct pb_error *e)
{
    struct facelet_worker *w = worker;
    const struct cube_instance *in = instance;
    int n = in->n, count = cube_stickers(n);
    if (!w->t->src[n][0])
        return pb_fail(e, -ENOENT, "no tables for N = %d", n);
    uint8_t *cur = w->buffer[0], *next = w->buffer[1];
    cube_solved(n, cur);
    for (uint32_t j = 0; j < in->count; j++) {
        const uint16_t *src = w->t->src[n][in->turns[j]];
        for (int i = 0; i < count; i++)
            next[i] = cur[src[i]];
        uint8_t *swap = cur;
        cur = next;
        next = swap;
    }
    struct cube_answer *out = answer;
    cube_answer_begin(out, n);
    memcpy(out->sticker, cur, (size_t)count);
    work->count[PB_WORK_MAIN] += in->count;
    return 0;
}

const struct pb_variant cube_variant_facelet_table = {
    .name = "facelet_table",
    .summary = "each turn a precomputed permutation of the 6N^2 stickers "
               "(build); a turn is one gather",
    .build = facelet_build,
    .free_shared = facelet_free,
    .worker_new = facelet_worker_new,
    .solve = facelet_solve,
    .worker_free = facelet_worker_free,
};
