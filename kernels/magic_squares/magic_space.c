/*
 * magic_space.c - the magic_squares kernel's whole space for the engine
 * (pb_space.h): ranks 0..(2K)!-1 are magic_rank's Lehmer ranks; a
 * callback unranks once (magic_unrank_fast, magic_unrank.h), applies the
 * moves (magic_apply / magic_unapply, a few shifts each) and ranks the
 * results, all three (or five) in one unrolled block per K so that their
 * independent popcount chains overlap.
 *
 * Directed: next = A, B, C; prev = A^-1 (= A), B^-1, C^-1; prev_each
 * visits the same predecessors one at a time and ranks the next one only
 * when the last did not stop the walk (the engine's bottom-up step stops
 * at the first in the frontier). With inverses: next = A, B, C, B^-1,
 * C^-1, which is closed under inverses, so prev is NULL and prev_each
 * visits the five neighbours.
 * Cost per callback: one O(K) unrank and one O(K) rank per neighbour.
 */
#include "magic_space.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "magic_ring7.h"
#include "magic_unrank.h"

/* MAGIC_SPACE_BYTES: the callbacks keep the state as bytes from unrank
 * to rank, and apply each move as one byte shuffle (a move rewrites
 * positions only: cell c takes the label of cell from[c]). */
#if defined(__SSSE3__) && defined(__SSE4_1__)
#define MAGIC_SPACE_BYTES 1
#else
#define MAGIC_SPACE_BYTES 0
#endif

struct magic_space_ctx {
    struct magic_unranker u;
    /* from[c] of each move applied ([0]) and undone ([1]); 0x80 (a zero
     * byte) past the ring's cells */
    uint8_t from[2][MAGIC_MOVES][16];
    int k;
    bool inverses;
};

/* The shuffles of the moves, read off the moves applied to the state
 * whose cell c holds label c. */
static void move_shuffles(struct magic_space_ctx *g)
{
    int n = magic_cells(g->k);
    uint64_t id = 0;
    for (int c = 0; c < n; c++)
        id |= (uint64_t)c << (4 * c);
    for (int m = 0; m < MAGIC_MOVES; m++) {
        uint64_t fwd = magic_apply(id, g->k, (enum magic_move)m);
        uint64_t back = magic_unapply(id, g->k, (enum magic_move)m);
        for (int c = 0; c < 16; c++) {
            g->from[0][m][c] = c < n ? (uint8_t)magic_label(fwd, c) : 0x80;
            g->from[1][m][c] = c < n ? (uint8_t)magic_label(back, c) : 0x80;
        }
    }
}

#if MAGIC_SPACE_BYTES
/* The rank of the state p (bytes) after move m, applied or undone. */
static inline __attribute__((always_inline)) uint64_t
moved_rank(const struct magic_space_ctx *g, __m128i p, int undo, int m, int n)
{
    __m128i from = _mm_loadu_si128((const __m128i *)g->from[undo][m]);
    return magic_rank_bytes(_mm_shuffle_epi8(p, from), n);
}
#endif

/* The neighbours of rank on the 2 x k ring, k a constant after inlining:
 * A, B, C by apply (forward) or unapply (backward), then, with
 * inverses, B^-1 and C^-1. */
static inline __attribute__((always_inline)) unsigned
ring_moves(const struct magic_space_ctx *g, uint64_t rank, uint64_t *out, int k,
           bool backward)
{
#if MAGIC_SPACE_BYTES
    int n = magic_cells(k);
    __m128i p = magic_unrank_bytes(&g->u, (uint32_t)rank, n);
    out[0] = moved_rank(g, p, backward, MAGIC_A, n);
    out[1] = moved_rank(g, p, backward, MAGIC_B, n);
    out[2] = moved_rank(g, p, backward, MAGIC_C, n);
    if (!g->inverses)
        return MAGIC_MOVES;
    out[3] = moved_rank(g, p, 1, MAGIC_B, n);
    out[4] = moved_rank(g, p, 1, MAGIC_C, n);
    return MAGIC_MOVES + 2;
#else
    uint64_t s = magic_unrank_fast(&g->u, (uint32_t)rank, k);
    uint64_t a = magic_apply(s, k, MAGIC_A);
    uint64_t b =
        backward ? magic_unapply(s, k, MAGIC_B) : magic_apply(s, k, MAGIC_B);
    uint64_t c =
        backward ? magic_unapply(s, k, MAGIC_C) : magic_apply(s, k, MAGIC_C);
    out[0] = magic_rank_fast(a, k);
    out[1] = magic_rank_fast(b, k);
    out[2] = magic_rank_fast(c, k);
    if (!g->inverses)
        return MAGIC_MOVES;
    out[3] = magic_rank_fast(magic_unapply(s, k, MAGIC_B), k);
    out[4] = magic_rank_fast(magic_unapply(s, k, MAGIC_C), k);
    return MAGIC_MOVES + 2;
#endif
}

/* ring_moves with the ring width a constant per branch. */
static inline unsigned ring_moves_any(const struct magic_space_ctx *g,
                                      uint64_t rank, uint64_t *out,
                                      bool backward)
{
    switch (g->k) {
    case 3:
        return ring_moves(g, rank, out, 3, backward);
    case 4:
        return ring_moves(g, rank, out, 4, backward);
    case 5:
        return ring_moves(g, rank, out, 5, backward);
    default:
        return ring_moves(g, rank, out, 6, backward);
    }
}

static unsigned space_next(const void *ctx, uint64_t rank, uint64_t *out)
{
    return ring_moves_any(ctx, rank, out, false);
}

static unsigned space_prev(const void *ctx, uint64_t rank, uint64_t *out)
{
    return ring_moves_any(ctx, rank, out, true);
}

/* The predecessors one at a time: directed, A^-1, B^-1, C^-1; with
 * inverses, the five neighbours. */
static inline __attribute__((always_inline)) bool
ring_each(const struct magic_space_ctx *g, uint64_t rank,
          pb_space_visit_fn visit, void *vctx, int k)
{
#if MAGIC_SPACE_BYTES
    int n = magic_cells(k);
    __m128i p = magic_unrank_bytes(&g->u, (uint32_t)rank, n);
    for (int m = 0; m < MAGIC_MOVES; m++)
        if (visit(vctx, moved_rank(g, p, 1, m, n)))
            return true;
    if (g->inverses)
        for (int m = MAGIC_B; m <= MAGIC_C; m++)
            if (visit(vctx, moved_rank(g, p, 0, m, n)))
                return true;
    return false;
#else
    uint64_t s = magic_unrank_fast(&g->u, (uint32_t)rank, k);
    for (int m = 0; m < MAGIC_MOVES; m++)
        if (visit(vctx,
                  magic_rank_fast(magic_unapply(s, k, (enum magic_move)m), k)))
            return true;
    if (g->inverses)
        for (int m = MAGIC_B; m <= MAGIC_C; m++)
            if (visit(vctx, magic_rank_fast(
                                magic_apply(s, k, (enum magic_move)m), k)))
                return true;
    return false;
#endif
}

static bool space_prev_each(const void *ctx, uint64_t rank,
                            pb_space_visit_fn visit, void *vctx)
{
    const struct magic_space_ctx *g = ctx;
    switch (g->k) {
    case 3:
        return ring_each(g, rank, visit, vctx, 3);
    case 4:
        return ring_each(g, rank, visit, vctx, 4);
    case 5:
        return ring_each(g, rank, visit, vctx, 5);
    default:
        return ring_each(g, rank, visit, vctx, 6);
    }
}

int magic_space_new(const struct pb_space_args *args, struct pb_space *out,
                    struct pb_error *e)
{
    int k = pb_size_set(&args->size) ? args->size.a : MAGIC_K_JUDGE;
    if (k < MAGIC_K_MIN || k > MAGIC_SPACE_K_MAX || args->size.b != 0)
        return pb_fail(e, -EINVAL,
                       "magic_squares: size %d out of range; expected the "
                       "ring width K = %d..%d",
                       k, MAGIC_K_MIN, MAGIC_SPACE_K_MAX);
    if (args->start != -1 && args->start != 0)
        return pb_fail(e, -EINVAL,
                       "magic_squares: start %d; the ring has one start, "
                       "the solved state (0 or the default)",
                       args->start);
    if (k > MAGIC_K_MAX)
        return magic_ring7_space_new(args, out, e);
    struct magic_space_ctx *g = malloc(sizeof(*g));
    if (!g)
        return pb_fail(e, -ENOMEM, "magic_squares: out of memory");
    magic_unranker_init(&g->u);
    g->k = k;
    move_shuffles(g);
    g->inverses = args->with_inverses;
    *out = (struct pb_space){
        .n = magic_factorial[magic_cells(k)],
        .moves = g->inverses ? MAGIC_MOVES + 2 : MAGIC_MOVES,
        .next = space_next,
        .prev = g->inverses ? NULL : space_prev,
        .prev_each = space_prev_each,
        .ctx = g,
        .starts = {magic_rank(magic_start(k), k)},
        .nstarts = 1,
        .owned = g,
    };
    snprintf(out->what, sizeof(out->what), "the %s 2 x %d ring%s",
             g->inverses ? "undirected" : "directed", k,
             g->inverses ? " (with inverses)" : "");
    return 0;
}

void magic_space_free(struct pb_space *space)
{
    if (!space)
        return;
    free(space->owned);
    space->owned = NULL;
    space->ctx = NULL;
}
