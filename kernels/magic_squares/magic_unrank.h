/*
 * magic_unrank.h - fast rank and unrank of the 2 x K ring's states
 * (K = 3..6, up to 12 cells), the work of every whole-space callback
 * (magic_space.c, magic_ring7.c) and of the table variants besides their
 * memory accesses.
 *
 * Ranks are magic_rank's Lehmer ranks. Both are done here without loops
 * over cells, division chains or the O(K^2) scan of magic_unrank (2 x 6,
 * ns per call on this machine, test_magic_space --time: unrank 220 ->
 * 4.7, rank 12 -> 4.9; a next callback 265 -> 24):
 *  - digits: the Lehmer digit of the cell j places from the end has radix
 *    j + 1, so r % 720 holds the last six digits (radices 1..6),
 *    r / 720 % 504 the next three (7..9) and r / 362880 the first three
 *    (10..12): three independent divisions by constants index three
 *    small tables instead of eleven dependent divisions;
 *  - vector unrank (SSSE3): the tables hold permutations (struct
 *    magic_unranker), composed by two byte shuffles: no dependency chain
 *    through the unused labels at all;
 *  - vector rank (SSE4.1): all digits d_c = #{j > c : l_j < l_c} at once,
 *    eleven compare-and-subtract steps on the labels as bytes, then the
 *    mixed-radix sum by Horner in three multiply-adds;
 *  - scalar forms (builds without SSSE3/SSE4.1): digits from the tables,
 *    the unused labels kept sorted as nibbles of one word (the digit-th
 *    is a shift away, deleting it two masks and a shift; no pdep, which
 *    x86-64-v2 lacks and older AMD cores microcode), and magic_rank.
 * All unrolled per K through a switch, as magic_rank is. The tables are
 * built once by magic_unranker_init (magic_unrank.c, 28 KB).
 * Reference: Korf & Schultze, AAAI 2005 (Lehmer ranks for BFS).
 */
#ifndef MAGIC_UNRANK_H
#define MAGIC_UNRANK_H

#include <stdint.h>

#include "magic.h"

#define MAGIC_LOW_RADIX 720u                  /* 6!: the last six digits */
#define MAGIC_MID_RADIX 504u                  /* 7 * 8 * 9 */
#define MAGIC_HIGH_RADIX 1320u                /* 10 * 11 * 12 */
#define MAGIC_SORTED_LABELS 0xBA9876543210ull /* labels 0..11, as nibbles */

/* The digit tables: nibble j of low[r % 720] | mid[.] << 24 |
 * high[.] << 36 is the Lehmer digit of cell n - 1 - j (the scalar
 * unrank). The vector unrank's tables, 12 nibbles each, for 12 cells:
 * perm_high: the labels of cells 0..2 (from the three high digits), then
 * the other nine labels in increasing order; perm_mid: positions 0, 1, 2,
 * then 3 + the nine chosen by the mid digits (cells 3..5, then the other
 * six in order); perm_low: 0..5, then 6 + the six chosen by the low
 * digits. Cell c holds perm_high[perm_mid[perm_low[c]]]: two byte
 * shuffles. A rank below n! is, on 12 cells, the 12 - n smallest labels
 * in order followed by its permutation of the rest, so the same tables
 * serve every K. */
struct magic_unranker {
    uint32_t low[MAGIC_LOW_RADIX];
    uint16_t mid[MAGIC_MID_RADIX];
    uint16_t high[MAGIC_HIGH_RADIX];
    uint64_t perm_low[MAGIC_LOW_RADIX];
    uint64_t perm_mid[MAGIC_MID_RADIX];
    uint64_t perm_high[MAGIC_HIGH_RADIX];
};

void magic_unranker_init(struct magic_unranker *u);

static inline __attribute__((always_inline)) uint64_t
magic_unrank_cells(const struct magic_unranker *u, uint32_t rank, int n)
{
    uint64_t digits =
        u->low[rank % MAGIC_LOW_RADIX] |
        (uint64_t)u->mid[rank / MAGIC_LOW_RADIX % MAGIC_MID_RADIX] << 24 |
        (uint64_t)u->high[rank / (MAGIC_LOW_RADIX * MAGIC_MID_RADIX)] << 36;
    uint64_t free_labels = MAGIC_SORTED_LABELS & magic_nibbles(n), s = 0;
    for (int c = 0; c < n; c++) {
        unsigned shift = 4 * ((unsigned)(digits >> (4 * (n - 1 - c))) & 15u);
        uint64_t below = (1ull << shift) - 1;
        s |= ((free_labels >> shift) & 15u) << (4 * c);
        free_labels = (free_labels & below) | ((free_labels >> 4) & ~below);
    }
    return s;
}

/* magic_unrank(rank, k) by the digit tables and a list of free labels. */
static inline __attribute__((always_inline)) uint64_t
magic_unrank_scalar(const struct magic_unranker *u, uint32_t rank, int k)
{
    switch (k) {
    case 3:
        return magic_unrank_cells(u, rank, 6);
    case 4:
        return magic_unrank_cells(u, rank, 8);
    case 5:
        return magic_unrank_cells(u, rank, 10);
    default:
        return magic_unrank_cells(u, rank, 12);
    }
}

#if defined(__SSSE3__) && defined(__SSE4_1__)
#include <immintrin.h>

/* 12 nibbles as 16 bytes (the top four 0). */
static inline __attribute__((always_inline)) __m128i
magic_nibble_bytes(uint64_t x)
{
    const uint64_t even = 0x0F0F0F0F0F0F0F0Full;
    return _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)(x & even)),
                             _mm_cvtsi64_si128((long long)(x >> 4 & even)));
}

/* magic_rank(s, n / 2), all Lehmer digits at once in one SSE register:
 * the labels as bytes (padding 0x7F, never smaller), and for each shift
 * t the bytes whose label exceeds the one t cells later (alignr brings
 * in 0x7F past the end) counted into d_c = #{j > c : l_j < l_c}; then
 * Horner in three multiply-adds (pairs of digits into words, pairs of
 * words into dwords, the dwords by their radices). About 50 vector
 * instructions against about 110 scalar ones for 12 cells. This form
 * takes the labels as bytes (cell c in byte c; bytes from n on are
 * ignored). */
static inline __attribute__((always_inline)) uint32_t
magic_rank_bytes(__m128i v, int n)
{
    __m128i index =
        _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i pad = _mm_cmpgt_epi8(index, _mm_set1_epi8((char)(n - 1)));
    v = _mm_or_si128(v, _mm_and_si128(pad, _mm_set1_epi8(0x7F)));
    const __m128i big = _mm_set1_epi8(0x7F);
    __m128i d = _mm_setzero_si128();
#define MAGIC_RANK_STEP(t)                                                     \
    if ((t) < n)                                                               \
        d = _mm_sub_epi8(d, _mm_cmpgt_epi8(v, _mm_alignr_epi8(big, v, (t))));
    MAGIC_RANK_STEP(1)
    MAGIC_RANK_STEP(2)
    MAGIC_RANK_STEP(3)
    MAGIC_RANK_STEP(4)
    MAGIC_RANK_STEP(5)
    MAGIC_RANK_STEP(6)
    MAGIC_RANK_STEP(7)
    MAGIC_RANK_STEP(8)
    MAGIC_RANK_STEP(9)
    MAGIC_RANK_STEP(10)
    MAGIC_RANK_STEP(11)
#undef MAGIC_RANK_STEP
    d = _mm_andnot_si128(pad, d);
    /* radix of cell c: R(c) = n - c (1 past the end) */
#define R(c) ((c) < n ? n - (c) : 1)
    __m128i w8 = _mm_setr_epi8((char)R(1), 1, (char)R(3), 1, (char)R(5), 1,
                               (char)R(7), 1, (char)R(9), 1, (char)R(11), 1,
                               (char)R(13), 1, (char)R(15), 1);
    __m128i w16 =
        _mm_setr_epi16((short)(R(2) * R(3)), 1, (short)(R(6) * R(7)), 1,
                       (short)(R(10) * R(11)), 1, (short)(R(14) * R(15)), 1);
    int s1 = R(4) * R(5) * R(6) * R(7), s2 = R(8) * R(9) * R(10) * R(11);
#undef R
    __m128i words = _mm_maddubs_epi16(d, w8);
    __m128i dwords = _mm_madd_epi16(words, w16);
    __m128i scaled = _mm_mullo_epi32(dwords, _mm_setr_epi32(s1 * s2, s2, 1, 0));
    scaled = _mm_add_epi32(scaled, _mm_shuffle_epi32(scaled, 0x4E));
    scaled = _mm_add_epi32(scaled, _mm_shuffle_epi32(scaled, 0xB1));
    return (uint32_t)_mm_cvtsi128_si32(scaled);
}

static inline __attribute__((always_inline)) uint32_t
magic_rank_simd(uint64_t s, int n)
{
    return magic_rank_bytes(magic_nibble_bytes(s), n);
}

/* magic_unrank for n cells as bytes (cell c in byte c, 0 from n on):
 * three table loads (independent divisions by constants) and two
 * shuffles. */
static inline __attribute__((always_inline)) __m128i
magic_unrank_bytes(const struct magic_unranker *u, uint32_t rank, int n)
{
    __m128i h = magic_nibble_bytes(
        u->perm_high[rank / (MAGIC_LOW_RADIX * MAGIC_MID_RADIX)]);
    __m128i m = magic_nibble_bytes(
        u->perm_mid[rank / MAGIC_LOW_RADIX % MAGIC_MID_RADIX]);
    __m128i l = magic_nibble_bytes(u->perm_low[rank % MAGIC_LOW_RADIX]);
    __m128i index =
        _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    if (n < 12) /* drop the 12 - n smallest labels, in front (a byte
                 * shuffle: clang wants a constant for a byte shift) */
        l = _mm_shuffle_epi8(
            l, _mm_add_epi8(index, _mm_set1_epi8((char)(12 - n))));
    __m128i p = _mm_shuffle_epi8(h, _mm_shuffle_epi8(m, l));
    if (n < 12)
        p = _mm_sub_epi8(p, _mm_set1_epi8((char)(12 - n)));
    return _mm_and_si128(p, _mm_cmpgt_epi8(_mm_set1_epi8((char)n), index));
}

/* The same, packed into nibbles: bytes b0, b1, ... into words
 * b0 + 16 b1, then into bytes. */
static inline __attribute__((always_inline)) uint64_t
magic_unrank_simd(const struct magic_unranker *u, uint32_t rank, int n)
{
    __m128i w = _mm_maddubs_epi16(magic_unrank_bytes(u, rank, n),
                                  _mm_set1_epi16(0x1001));
    return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(w, w));
}
#endif

/* magic_unrank(rank, k), in O(K) with no division chain: the vector form
 * where the build has SSSE3 and SSE4.1 (x86-64-v2), else the scalar. */
static inline __attribute__((always_inline)) uint64_t
magic_unrank_fast(const struct magic_unranker *u, uint32_t rank, int k)
{
#if defined(__SSSE3__) && defined(__SSE4_1__)
    switch (k) {
    case 3:
        return magic_unrank_simd(u, rank, 6);
    case 4:
        return magic_unrank_simd(u, rank, 8);
    case 5:
        return magic_unrank_simd(u, rank, 10);
    default:
        return magic_unrank_simd(u, rank, 12);
    }
#else
    return magic_unrank_scalar(u, rank, k);
#endif
}
/* magic_rank(s, k): the vector form where the build has SSSE3 and
 * SSE4.1 (x86-64-v2), else the scalar one. */
static inline __attribute__((always_inline)) uint32_t
magic_rank_fast(uint64_t s, int k)
{
#if defined(__SSSE3__) && defined(__SSE4_1__)
    switch (k) {
    case 3:
        return magic_rank_simd(s, 6);
    case 4:
        return magic_rank_simd(s, 8);
    case 5:
        return magic_rank_simd(s, 10);
    default:
        return magic_rank_simd(s, 12);
    }
#else
    return magic_rank(s, k);
#endif
}

#endif
