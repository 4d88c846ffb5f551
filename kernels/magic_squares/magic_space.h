/*
 * magic_space.h - the 2 x K ring (K = 3..6) as a whole ranked space for
 * the whole-space engine (pb_space.h), and the fast unrank it runs on.
 *
 * Ranks are magic_rank's Lehmer ranks. Unranking is the hot half of every
 * engine callback, so it is done here without division chains or the
 * O(K^2) scan of magic_unrank:
 *  - digits: the Lehmer digit of the cell j places from the end has radix
 *    j + 1, so r % 720 holds the last six digits (radices 1..6),
 *    r / 720 % 504 the next three (7..9) and r / 362880 the first three
 *    (10..12). Three small tables (720 + 504 + 1320 entries, 10 KB, in
 *    L1/L2) give them as nibbles: three independent divisions by
 *    constants and three loads instead of eleven dependent divisions;
 *  - labels: the unused labels are kept sorted as nibbles of one word;
 *    the digit-th is a shift away, and deleting it is two masks and a
 *    shift (about 3 cycles a cell on the dependency chain, no pdep: the
 *    build targets x86-64-v2, and pdep is microcoded on older AMD cores).
 * All unrolled per K through a switch, as magic_rank is.
 * Reference: Korf & Schultze, AAAI 2005 (Lehmer ranks for BFS).
 */
#ifndef MAGIC_SPACE_H
#define MAGIC_SPACE_H

#include "magic.h"
#include "pb.h"

#define MAGIC_LOW_RADIX 720u                  /* 6!: the last six digits */
#define MAGIC_MID_RADIX 504u                  /* 7 * 8 * 9 */
#define MAGIC_HIGH_RADIX 1320u                /* 10 * 11 * 12 */
#define MAGIC_SORTED_LABELS 0xBA9876543210ull /* labels 0..11, as nibbles */

/* The digit tables: nibble j of low[r % 720] | mid[.] << 24 |
 * high[.] << 36 is the Lehmer digit of cell n - 1 - j. */
struct magic_unranker {
    uint32_t low[MAGIC_LOW_RADIX];
    uint16_t mid[MAGIC_MID_RADIX];
    uint16_t high[MAGIC_HIGH_RADIX];
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

/* magic_unrank(rank, k), in O(K) with no division chain. */
static inline __attribute__((always_inline)) uint64_t
magic_unrank_fast(const struct magic_unranker *u, uint32_t rank, int k)
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

/* The kernel's space_new / space_free (pb.h): the directed ring (next:
 * A, B, C; prev: their inverses) or, with_inverses, the undirected ring
 * of A, B, C, B^-1, C^-1; start magic_start(K). */
int magic_space_new(const struct pb_space_args *args, struct pb_space *out,
                    struct pb_error *e);
void magic_space_free(struct pb_space *space);

#endif
