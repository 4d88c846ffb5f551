/*
 * magic_variant.h - small helpers shared by the magic_squares variants:
 * turning move codes, a BFS tree path or a walk back over a rank-indexed
 * array into an answer, and the per-K size of the rank space. Header-only
 * (static inline) so each variant stays one file.
 */
#ifndef MAGIC_VARIANT_H
#define MAGIC_VARIANT_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bfs_tree.h"
#include "magic.h"
#include "pb.h"

static inline int magic_answer_set(struct magic_answer *a, const uint8_t *codes,
                                   int n, struct pb_error *e)
{
    memset(a, 0, sizeof(*a));
    if (n < 0 || n > MAGIC_MAX_MOVES)
        return pb_fail(e, -ERANGE, "answer longer than %d moves",
                       MAGIC_MAX_MOVES);
    a->length = (uint16_t)n;
    for (int i = 0; i < n; i++)
        a->moves[i] = magic_letter((enum magic_move)codes[i]);
    return 0;
}

static inline void magic_answer_unreachable(struct magic_answer *a)
{
    memset(a, 0, sizeof(*a));
    a->length = MAGIC_UNREACHABLE;
}

static inline uint32_t magic_states(int k)
{
    return magic_factorial[magic_cells(k)];
}

/* (2K)! for the widest ring in the corpus: the worst-case state count. */
static inline uint64_t magic_corpus_states(const struct pb_corpus *corpus)
{
    int k = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct magic_instance *in = pb_corpus_item(corpus, i);
        if (in->k > k)
            k = in->k;
    }
    return k ? magic_states(k) : 0;
}

/* One table per ring width present in a corpus (table, table_omp): made
 * by build_one once per K, then shared read-only by every thread, whose
 * worker is the tables themselves (queries need no scratch). */
struct magic_ring_tables {
    uint8_t *of[MAGIC_K_MAX + 1];
};

static inline void magic_ring_tables_free(void *shared)
{
    struct magic_ring_tables *t = shared;
    if (!t)
        return;
    for (int k = 0; k <= MAGIC_K_MAX; k++)
        free(t->of[k]);
    free(t);
}

static inline int magic_ring_tables_build(const struct pb_corpus *corpus,
                                          int (*build_one)(int k, uint8_t **out,
                                                           struct pb_error *e),
                                          void **shared, struct pb_error *e)
{
    struct magic_ring_tables *t = calloc(1, sizeof(*t));
    if (!t)
        return pb_fail(e, -ENOMEM, "out of memory");
    for (size_t i = 0; i < corpus->count; i++) {
        const struct magic_instance *in = pb_corpus_item(corpus, i);
        if (t->of[in->k])
            continue;
        int rc = build_one(in->k, &t->of[in->k], e);
        if (rc) {
            magic_ring_tables_free(t);
            return rc;
        }
    }
    *shared = t;
    return 0;
}

static inline void *magic_ring_tables_worker(const struct pb_corpus *corpus,
                                             const void *shared)
{
    (void)corpus;
    /* the shared tables are the worker: read-only, const cast away */
    /* NOLINTNEXTLINE(performance-no-int-to-ptr) */
    return (void *)(uintptr_t)shared;
}

static inline void magic_ring_tables_worker_free(void *worker)
{
    (void)worker;
}

/* The answer for BFS tree entry `goal` (BFS_NONE: target unreachable). */
static inline int magic_answer_from_tree(const struct bfs_tree *t, size_t goal,
                                         struct magic_answer *a,
                                         struct pb_error *e)
{
    if (goal == BFS_NONE) {
        magic_answer_unreachable(a);
        return 0;
    }
    uint8_t codes[MAGIC_MAX_MOVES];
    int n = bfs_tree_path(t, goal, codes, MAGIC_MAX_MOVES);
    return magic_answer_set(a, codes, n, e);
}

/* A rank-indexed "via" array (bfs_array, table): MAGIC_VIA_UNSEEN, or
 * MAGIC_VIA_ROOT for the start, or 1 + the move that first reached the
 * state in a BFS from the start with moves tried A, B, C. */
enum { MAGIC_VIA_UNSEEN = 0, MAGIC_VIA_ROOT = MAGIC_MOVES + 1 };

/* Walks back from the target by inverse moves and writes the answer;
 * O(depth * K). Returns the number of moves (>= 0) or an error. */
static inline int magic_walk_back(const uint8_t *via, int k, uint64_t target,
                                  struct magic_answer *a, struct pb_error *e)
{
    uint8_t codes[MAGIC_MAX_MOVES];
    int n = 0;
    uint64_t s = target;
    for (uint32_t r = magic_rank(s, k); via[r] != MAGIC_VIA_ROOT;
         r = magic_rank(s, k)) {
        if (via[r] == MAGIC_VIA_UNSEEN) {
            magic_answer_unreachable(a);
            return 0;
        }
        if (n == MAGIC_MAX_MOVES)
            return pb_fail(e, -ERANGE, "path over %d moves", MAGIC_MAX_MOVES);
        enum magic_move m = (enum magic_move)(via[r] - 1);
        codes[n++] = (uint8_t)m;
        s = magic_unapply(s, k, m);
    }
    for (int i = 0; i < n / 2; i++) {
        uint8_t tmp = codes[i];
        codes[i] = codes[n - 1 - i];
        codes[n - 1 - i] = tmp;
    }
    int rc = magic_answer_set(a, codes, n, e);
    return rc ? rc : n;
}

#endif
