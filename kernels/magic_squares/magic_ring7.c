/*
 * magic_ring7.c - the 2 x 7 ring (14 cells, 14! = 87,178,291,200 states)
 * as a whole ranked space (pb_space.h), for the census over MPI: at 2
 * bits per state it needs 21.8 GB, more than one 24 GiB machine holds
 * with anything else running, so it is the first space spread over
 * processes (frontier2_mpi.h). magic_space.c holds K = 3..6, whose ranks
 * fit in 32 bits and whose rank and unrank are table- and SSE-driven;
 * here ranks need 64 bits. A rank splits as hi * 12! + lo, where hi
 * (below 14 * 13) names the labels of cells 0 and 1 and lo is the 12-cell
 * Lehmer rank of the other twelve cells by their labels' relative order,
 * so the 2 x 6 ring's SSE rank and unrank (magic_unrank.h) do the bulk:
 *  - rank: cell 0's digit is its label l0 itself (every smaller label
 *    lies after it), cell 1's is l1 less one when l0 < l1; lo is
 *    magic_rank_bytes of cells 2..13 (relative order is all it reads);
 *  - unrank: l0 and l1 from hi, lo's 12-cell permutation from the tables,
 *    then one byte shuffle through the twelve other labels in order.
 * A next call (one unrank, three moves on nibbles, three ranks) takes
 * 30.5 ns this way against 71.6 ns with plain loops, and 19.7 ns on the
 * 2 x 6 ring (test_magic_space --time, same run, load 0.7). The plain
 * loops stay as the reference the tests compare with, and as the path
 * of builds without SSSE3/SSE4.1:
 *  - rank: the Lehmer digit of cell c is the number of smaller labels in
 *    the cells after it, one popcount of the labels seen so far when the
 *    cells are read from the end;
 *  - unrank: the digits by division by constant factorials, each picking
 *    the digit-th of the unused labels, kept sorted as the nibbles of one
 *    word (deleting one is two masks and a shift).
 * The state is magic.h's: cell c in nibble c (14 nibbles of 56 bits), so
 * magic_apply_ring gives the moves.
 */
#include "magic_ring7.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "magic_internal.h"
#include "magic_unrank.h"

#define RING7_K 7
#define RING7_CELLS 14
#define RING7_SORTED_LABELS 0xDCBA9876543210ull /* labels 0..13, nibbles */

/* n! for n = 0..13: the radices of the 14 Lehmer digits */
static const uint64_t ring7_factorial[RING7_CELLS] = {
    1ull,       1ull,        2ull,         6ull,          24ull,
    120ull,     720ull,      5040ull,      40320ull,      362880ull,
    3628800ull, 39916800ull, 479001600ull, 6227020800ull,
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
    struct magic_unranker u; /* the 12-cell tables (magic_unrank.h) */
};

#if defined(__SSSE3__) && defined(__SSE4_1__)
#define RING7_SSE 1
#define RING7_LOW_RANKS 479001600ull /* 12!: ranks of cells 2..13 */

static inline uint64_t ring7_rank_fast(uint64_t s)
{
    __m128i v = magic_nibble_bytes(s);
    unsigned l0 = (unsigned)s & 15u, l1 = (unsigned)(s >> 4) & 15u;
    uint64_t hi = l0 * 13u + l1 - (l0 < l1);
    return hi * RING7_LOW_RANKS + magic_rank_bytes(_mm_srli_si128(v, 2), 12);
}

static inline uint64_t ring7_unrank_fast(const struct magic_unranker *u,
                                         uint64_t rank)
{
    unsigned hi = (unsigned)(rank / RING7_LOW_RANKS);
    uint32_t lo = (uint32_t)(rank % RING7_LOW_RANKS);
    unsigned l0 = hi / 13, d1 = hi % 13, l1 = d1 + (d1 >= l0);
    unsigned a = l0 < l1 ? l0 : l1, b = l0 < l1 ? l1 : l0;
    /* the twelve other labels in order: i, plus one past a, one past b */
    __m128i i =
        _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i rest =
        _mm_sub_epi8(i, _mm_cmpgt_epi8(i, _mm_set1_epi8((char)(a - 1))));
    rest =
        _mm_sub_epi8(rest, _mm_cmpgt_epi8(rest, _mm_set1_epi8((char)(b - 1))));
    __m128i cells = _mm_shuffle_epi8(rest, magic_unrank_bytes(u, lo, 12));
    /* bytes 12..15 looked up rest[0]: clear them, or the shift below
     * would leave labels in nibbles 14 and 15 for the moves to carry in */
    cells = _mm_and_si128(cells, _mm_cmpgt_epi8(_mm_set1_epi8(12), i));
    cells = _mm_slli_si128(cells, 2);
    cells = _mm_insert_epi8(cells, (int)l0, 0);
    cells = _mm_insert_epi8(cells, (int)l1, 1);
    /* 14 bytes to 14 nibbles, as magic_unrank_simd packs 12 */
    __m128i w = _mm_maddubs_epi16(cells, _mm_set1_epi16(0x1001));
    return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(w, w));
}
#else
#define RING7_SSE 0
#endif

/* Directed: A, B, C forward (A^-1, B^-1, C^-1 backward); with inverses
 * also B^-1 and C^-1 (B and C backward). */
static unsigned ring7_moves(const struct ring7 *g, uint64_t rank, uint64_t *out,
                            bool backward)
{
#if RING7_SSE
#define RING7_RANK ring7_rank_fast
    uint64_t s = ring7_unrank_fast(&g->u, rank);
#else
#define RING7_RANK magic_ring7_rank
    uint64_t s = magic_ring7_unrank(rank);
#endif
    for (int m = 0; m < MAGIC_MOVES; m++)
        out[m] = RING7_RANK(ring7_apply(s, (enum magic_move)m, backward));
    if (!g->inverses)
        return MAGIC_MOVES;
    out[3] = RING7_RANK(ring7_apply(s, MAGIC_B, !backward));
    out[4] = RING7_RANK(ring7_apply(s, MAGIC_C, !backward));
#undef RING7_RANK
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
    magic_unranker_init(&g->u);
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
