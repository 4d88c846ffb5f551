/*
 * frontier2_internal.h - the 2-bit array's inner operations, shared by the
 * one-process engine (frontier2.c) and the distributed one
 * (frontier2_mpi.c); private to the two. A rank's slot is 2 bits of one
 * 64-bit word (FRONTIER2_RANKS_PER_WORD per word); 8192-rank blocks carry
 * a byte that says whether a level's state lies in them, so that a
 * top-down scan skips the blocks without frontier (frontier2.c has the
 * why of each step: the relaxed load before the atomic OR, and so on).
 */
#ifndef FRONTIER2_INTERNAL_H
#define FRONTIER2_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontier2_codes.h"
#include "pb_error.h"
#include "pb_space.h"

#define RANKS_PER_WORD FRONTIER2_RANKS_PER_WORD
#define LOW_BITS 0x5555555555555555ull /* the low bit of every 2-bit slot */
#define BLOCK_WORDS 256 /* words per scheduling chunk: 8192 ranks */
#define BLOCK_RANKS ((uint64_t)BLOCK_WORDS * RANKS_PER_WORD)

/* 0 when s is a space the engines can search (ranks, 1..
 * PB_SPACE_MAX_MOVES moves, starts in range), threads >= 1 and a counts
 * array is given; else -EINVAL, with `who` in the message. */
int frontier2_check_space(const struct pb_space *s, int threads,
                          const uint64_t *counts, size_t max_depths,
                          const char *who, struct pb_error *e);

/* A 2-bit array of bytes, aligned (2 MB and advised MADV_HUGEPAGE when
 * large and huge_pages) and not yet zeroed; free() it. NULL: no memory. */
uint64_t *frontier2_array_new(uint64_t bytes, bool huge_pages);

static inline unsigned code_at(const uint64_t *a, uint64_t r)
{
    uint64_t w = __atomic_load_n(&a[r / RANKS_PER_WORD], __ATOMIC_RELAXED);
    return (unsigned)(w >> (2 * (r % RANKS_PER_WORD))) & 3u;
}

/* The slots of word w that hold ranks below n. */
static inline uint64_t valid_slots(uint64_t w, uint64_t n)
{
    uint64_t first = w * RANKS_PER_WORD;
    if (n - first >= RANKS_PER_WORD)
        return LOW_BITS;
    return LOW_BITS & ((1ull << (2 * (n - first))) - 1);
}

/* Notes that block of rank t holds a state of the next level. */
static inline void note_block(uint8_t *marked, uint64_t t)
{
    if (marked && !__atomic_load_n(&marked[t / BLOCK_RANKS], __ATOMIC_RELAXED))
        __atomic_store_n(&marked[t / BLOCK_RANKS], 1, __ATOMIC_RELAXED);
}

/* Marks t with code nc when it is unseen; 1 when this call found it. */
static inline uint64_t mark(uint64_t *a, uint8_t *marked, uint64_t t,
                            unsigned nc)
{
    unsigned shift = 2 * (unsigned)(t % RANKS_PER_WORD);
    uint64_t *word = &a[t / RANKS_PER_WORD];
    if ((__atomic_load_n(word, __ATOMIC_RELAXED) >> shift) & 3u)
        return 0;
    uint64_t old =
        __atomic_fetch_or(word, (uint64_t)nc << shift, __ATOMIC_RELAXED);
    if ((old >> shift) & 3u)
        return 0;
    note_block(marked, t);
    return 1;
}

/* The bits that turn slots of code cur (low bits in m) into 3 (seen). */
static inline uint64_t seen_bits(uint64_t m, unsigned cur)
{
    return cur == 1 ? m << 1 : m;
}

/* The code of the states at depth d while it is the newest level. */
static inline unsigned level_code(enum frontier2_coding coding, uint64_t d)
{
    return 1 + (unsigned)(coding == FRONTIER2_SEEN ? d % 2 : d % 3);
}

#endif
