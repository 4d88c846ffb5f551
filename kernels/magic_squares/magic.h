/*
 * magic.h - IOI 1996 "Magic Squares" on the 2 x K ring (K = 3..6; the
 * judge problem is K = 4). The problem model shared by the kernel and its
 * variants: state packing, the three moves and their inverses, and a
 * perfect rank of the (2K)! permutations.
 *
 * State: cells numbered row-major (top row 0..K-1 left to right, bottom
 * row K..2K-1 left to right); the label on cell c (0-based, 0..2K-1) sits
 * in bits 4c..4c+3 of a uint64_t. A move is a few shifts and masks, O(1).
 *
 * Moves (docs/problems.md, section 3): A swaps the rows; B shifts each row one
 * place right, the last cell wrapping to the first; C turns the 2 x 2 block
 * at columns 1..2 a quarter clockwise. A move rewrites positions only, so
 * applying a sequence s to a state x gives x o p_s for one fixed position
 * permutation p_s: the move graph is a Cayley graph, which the oracle uses
 * to measure the distance between any two states with one table.
 *
 * Rank: Lehmer code, sum over cells of (labels smaller than this one not
 * yet used) * (2K-1-c)!, counted with one popcount per cell: O(K).
 * Reference: Korf & Schultze, "Large-scale parallel breadth-first search",
 * AAAI 2005 (popcount Lehmer ranking).
 */
#ifndef MAGIC_H
#define MAGIC_H

#include <stdbool.h>
#include <stdint.h>

#define MAGIC_K_MIN 3
#define MAGIC_K_MAX 6
#define MAGIC_K_JUDGE 4
/* Longest answer an answer struct can hold. The directed diameters are
 * 12 (K = 3), 22 (K = 4) and 27 (K = 5) by census; 255 leaves room for
 * K = 6, whose diameter is unknown (answers past it fail loudly). */
#define MAGIC_MAX_MOVES 255
#define MAGIC_LINE_WIDTH 60 /* judge output: 60 letters per line */
#define MAGIC_UNREACHABLE 0xFFFF

enum magic_move {
    MAGIC_A,
    MAGIC_B,
    MAGIC_C,
    MAGIC_MOVES /* number of moves; inverses use the same codes */
};

struct magic_instance {
    uint8_t k;       /* ring width */
    uint64_t target; /* packed target state */
};

struct magic_answer {
    uint16_t length; /* MAGIC_UNREACHABLE when no sequence exists */
    char moves[MAGIC_MAX_MOVES + 1];
};

static inline int magic_cells(int k)
{
    return 2 * k;
}

static inline unsigned magic_label(uint64_t s, int cell)
{
    return (unsigned)(s >> (4 * cell)) & 15u;
}

static inline uint64_t magic_nibbles(int n)
{
    return n >= 16 ? ~0ull : (1ull << (4 * n)) - 1;
}

/* Mask with the nibble of each cell in `cells` set. */
static inline uint64_t magic_cell_mask2(int a, int b)
{
    return (15ull << (4 * a)) | (15ull << (4 * b));
}

static inline uint64_t magic_apply_ring(uint64_t s, int k, enum magic_move m)
{
    int row = 4 * k;
    switch (m) {
    case MAGIC_A:
        return ((s & magic_nibbles(k)) << row) | (s >> row);
    case MAGIC_B: {
        uint64_t first = magic_cell_mask2(0, k);
        return ((s << 4) & ~first & magic_nibbles(2 * k)) |
               ((s >> (4 * (k - 1))) & first);
    }
    default: { /* C: 1 <- K+1 <- K+2 <- 2 <- 1 (clockwise) */
        int a = 1, b = 2, c = k + 2, d = k + 1;
        uint64_t keep = s & ~(magic_cell_mask2(a, b) | magic_cell_mask2(c, d));
        return keep | ((uint64_t)magic_label(s, d) << (4 * a)) |
               ((uint64_t)magic_label(s, a) << (4 * b)) |
               ((uint64_t)magic_label(s, b) << (4 * c)) |
               ((uint64_t)magic_label(s, c) << (4 * d));
    }
    }
}

/* Applies move m on the 2 x k ring; the switch gives the compiler a
 * constant k per ring, so the shifts and masks fold to constants. */
static inline uint64_t magic_apply(uint64_t s, int k, enum magic_move m)
{
    switch (k) {
    case 3:
        return magic_apply_ring(s, 3, m);
    case 4:
        return magic_apply_ring(s, 4, m);
    case 5:
        return magic_apply_ring(s, 5, m);
    default:
        return magic_apply_ring(s, 6, m);
    }
}

/* The inverse of magic_apply(., k, m). */
static inline uint64_t magic_unapply(uint64_t s, int k, enum magic_move m)
{
    switch (m) {
    case MAGIC_A:
        return magic_apply(s, k, MAGIC_A);
    case MAGIC_B: {
        uint64_t last = magic_cell_mask2(k - 1, 2 * k - 1);
        return ((s >> 4) & ~last) |
               ((s << (4 * (k - 1))) & last & magic_nibbles(2 * k));
    }
    default: {
        int a = 1, b = 2, c = k + 2, d = k + 1;
        uint64_t keep = s & ~(magic_cell_mask2(a, b) | magic_cell_mask2(c, d));
        return keep | ((uint64_t)magic_label(s, b) << (4 * a)) |
               ((uint64_t)magic_label(s, c) << (4 * b)) |
               ((uint64_t)magic_label(s, d) << (4 * c)) |
               ((uint64_t)magic_label(s, a) << (4 * d));
    }
    }
}

/* n! for n = 0..12, in the header so ranks fold to constants. */
static const uint32_t magic_factorial[13] = {
    1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600,
};

static inline uint32_t magic_rank_cells(uint64_t s, int n)
{
    uint32_t used = 0, rank = 0;
    for (int c = 0; c < n - 1; c++) {
        unsigned v = magic_label(s, c);
        unsigned smaller_used =
            (unsigned)__builtin_popcount(used & ((1u << v) - 1));
        rank += (v - smaller_used) * magic_factorial[n - 1 - c];
        used |= 1u << v;
    }
    return rank;
}

/* Perfect rank in [0, (2K)!) of a packed permutation. The switch hands
 * the compiler a constant length per ring, so each loop unrolls with
 * constant factorials (about 20% faster than one loop over a variable
 * length, measured on 2 x 4). */
static inline uint32_t magic_rank(uint64_t s, int k)
{
    switch (k) {
    case 3:
        return magic_rank_cells(s, 6);
    case 4:
        return magic_rank_cells(s, 8);
    case 5:
        return magic_rank_cells(s, 10);
    default:
        return magic_rank_cells(s, 12);
    }
}

/* Inverse of magic_rank. O(K^2). */
uint64_t magic_unrank(uint32_t rank, int k);
/* The solved state: clockwise 1..2K, i.e. bottom row reversed. */
uint64_t magic_start(int k);
/* true when s holds each label 0..2K-1 once and nothing above cell 2K-1. */
bool magic_valid(uint64_t s, int k);
/* Move letter 'A'..'C' for a move code, and back (-1 if not a move). */
char magic_letter(enum magic_move m);
int magic_move_of(char letter);

#endif
