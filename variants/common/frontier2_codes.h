/*
 * frontier2_codes.h - the whole-space engine's 2-bit array: what the
 * code of a state says (the two codings) and where a rank's slot lies,
 * with the reads that callers of frontier2_search (a kept array, or the
 * array on_level sees) and the engines themselves (frontier2_internal.h)
 * share. 32 slots per 64-bit word, no padding: N ranks take N / 4 bytes.
 */
#ifndef FRONTIER2_CODES_H
#define FRONTIER2_CODES_H

#include <stdint.h>

#define FRONTIER2_UNSEEN 0u /* code of a state not reached */

/* What the 2 bits of a state say. */
enum frontier2_coding {
    /* 0 unseen, else 1 + depth mod 3: kept arrays give distances
     * (frontier2.c); a top-down level also expands the states of depths
     * d - 3, d - 6, ... again (same code), for nothing. */
    FRONTIER2_DEPTH_MOD3,
    /* 0 unseen, 3 seen, and 1 and 2 for the frontier and the next level
     * by turns: nothing is expanded twice, at the cost of a pass over the
     * array after each bottom-up level; for censuses, and for tables
     * filled by on_level (which still sees each level's exact depth). */
    FRONTIER2_SEEN,
};

/* rank r in word r / 32, bits 2(r % 32) */
#define FRONTIER2_RANKS_PER_WORD 32

/* The code of rank in a kept array (FRONTIER2_UNSEEN, or 1 + the depth
 * mod 3), or in the array on_level sees. */
static inline unsigned frontier2_code(const uint64_t *codes, uint64_t rank)
{
    return (unsigned)(codes[rank >> 5] >> (2 * (rank & 31))) & 3u;
}

/* The slots of one word of the array whose code is c, as the low bit of
 * each (slot i at bit 2i): the engine's scan, and on_level's. */
static inline uint64_t frontier2_slots(uint64_t word, unsigned c)
{
    const uint64_t low = 0x5555555555555555ull; /* each slot's low bit */
    uint64_t y = word ^ (low * c);
    return ~(y | y >> 1) & low;
}

#endif
