/*
 * magic_ring7.c - the 2 x 7 ring (14 cells, 14! = 87,178,291,200 states)
 * as a whole ranked space (pb_space.h), for the census over MPI: at 2
 * bits per state it needs 21.8 GB, more than one 24 GiB machine holds
 * with anything else running, so it is the first space spread over
 * processes (frontier2_mpi.h). magic_space.c holds K = 3..6, whose ranks
 * fit in 32 bits and whose rank and unrank are table- and SSE-driven;
 * here ranks need 64 bits and the tables would not pay for a space that
 * is searched once per cluster job, so both are plain O(K) loops:
 *  - rank: the Lehmer digit of cell c is the number of smaller labels in
 *    the cells after it, one popcount of the labels seen so far when the
 *    cells are read from the end;
 *  - unrank: the digits by division by constant factorials, each picking
 *    the digit-th of the unused labels, kept sorted as the nibbles of one
 *    word (deleting one is two masks and a shift).
 * The state is magic.h's: cell c in nibble c (14 nibbles of 56 bits), so
 * magic_apply_ring gives the moves. Cost per call: about 14 steps each
 * way; a next call of three neighbours is one unrank and three ranks.
 */
#include "magic_internal.h"
#include "magic_space.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#define RING7_K 7
#define RING7_CELLS 14
#define RING7_SORTED_LABELS 0xDCBA9876543210ull /* labels 0..13, nibbles */

/* n! for n = 0..13: the radices of the 14 Lehmer digits */
static const uint64_t ring7_factorial[RING7_CELLS] = {
    1ull,        1ull,         2ull,          6ull,          24ull,
    120ull,      720ull,       5040ull,       40320ull,      362880ull,
    3628800ull,  39916800ull,  479001600ull,  6227020800ull,
};

uint64_t magic_ring7_rank(uint64_t s)
{
    uint64_t rank = 0;
    unsigned seen = 0;
    for (int c = RING7_CELLS - 1; c >= 0; c--) {
        unsigned l = magic_label(s, c);
        unsigned smaller = (unsigned)__builtin_popcount(seen & ((1u << l) - 1));
        rank += smaller * ring7_factorial[RING7_CELLS - 1 - c];
        seen |= 1u << l;
    }
    return rank;
}

uint64_t magic_ring7_unrank(uint64_t rank)
{
    uint64_t free_labels = RING7_SORTED_LABELS, s = 0;
    for (int c = 0; c < RING7_CELLS; c++) {
        uint64_t radix = ring7_factorial[RING7_CELLS - 1 - c];
        unsigned digit = (unsigned)(rank / radix);
        rank %= radix;
        unsigned shift = 4 * digit;
        uint64_t below = (1ull << shift) - 1;
        s |= ((free_labels >> shift) & 15u) << (4 * c);
        free_labels = (free_labels & below) | ((free_labels >> 4) & ~below);
    }
    return s;
}

static uint64_t ring7_apply(uint64_t s, enum magic_move m, bool inverse)
{
    if (!inverse || m == MAGIC_A) /* A is its own inverse */
        return magic_apply_ring(s, RING7_K, m);
    /* magic_unapply's B and C take K as given (its A would not) */
    return magic_unapply(s, RING7_K, m);
}

struct ring7 {
    bool inverses;
};

/* Directed: A, B, C forward (A^-1, B^-1, C^-1 backward); with inverses
 * also B^-1 and C^-1 (B and C backward). */
static unsigned ring7_moves(const struct ring7 *g, uint64_t rank,
                            uint64_t *out, bool backward)
{
    uint64_t s = magic_ring7_unrank(rank);
    for (int m = 0; m < MAGIC_MOVES; m++)
        out[m] = magic_ring7_rank(ring7_apply(s, (enum magic_move)m, backward));
    if (!g->inverses)
        return MAGIC_MOVES;
    out[3] = magic_ring7_rank(ring7_apply(s, MAGIC_B, !backward));
    out[4] = magic_ring7_rank(ring7_apply(s, MAGIC_C, !backward));
    return MAGIC_MOVES + 2;
}

static unsigned ring7_next(const void *ctx, uint64_t rank, uint64_t *out)
{
    return ring7_moves(ctx, rank, out, false);
}

static unsigned ring7_prev(const void *ctx, uint64_t rank, uint64_t *out)
{
    return ring7_moves(ctx, rank, out, true);
}

int magic_ring7_space_new(const struct pb_space_args *args,
                          struct pb_space *out, struct pb_error *e)
{
    struct ring7 *g = malloc(sizeof(*g));
    if (!g)
        return pb_fail(e, -ENOMEM, "magic_squares: out of memory");
    g->inverses = args->with_inverses;
    uint8_t labels[RING7_CELLS];
    for (int i = 0; i < RING7_CELLS; i++)
        labels[i] = (uint8_t)i;
    *out = (struct pb_space){
        .n = ring7_factorial[RING7_CELLS - 1] * RING7_CELLS,
        .moves = g->inverses ? MAGIC_MOVES + 2 : MAGIC_MOVES,
        .next = ring7_next,
        .prev = g->inverses ? NULL : ring7_prev,
        .ctx = g,
        .starts = {magic_ring7_rank(magic_from_clockwise(labels, RING7_K))},
        .nstarts = 1,
        .owned = g,
    };
    snprintf(out->what, sizeof(out->what), "the %s 2 x 7 ring%s",
             g->inverses ? "undirected" : "directed",
             g->inverses ? " (with inverses)" : "");
    return 0;
}
