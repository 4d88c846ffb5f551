/*
 * frontier2.h - a kernel-independent, level-synchronous breadth-first
 * search over a dense ranked state space [0, N) with 2 bits per state and
 * no queue (frontier2.c says how). The caller gives N, the neighbours of a
 * rank (and, for a directed space, its predecessors), an opaque context
 * and the start ranks; the engine gives the states per depth, the number
 * reached and, when asked, the 2-bit array of depths mod 3.
 *
 * Contracts: the callbacks are called from several OpenMP threads at once
 * and must only read ctx. Each writes at most space->moves ranks, all in
 * [0, N), into out[] and returns how many it wrote (a rank may have fewer
 * neighbours than another). The optional visitor form, prev_each, hands
 * the same predecessors one at a time to visit and stops at the first for
 * which visit returns true, so the bottom-up step can skip computing the
 * rest.
 */
#ifndef FRONTIER2_H
#define FRONTIER2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pb.h"

#define FRONTIER2_MAX_MOVES 64 /* most neighbours of one rank */
#define FRONTIER2_UNSEEN 0u    /* code of a state not reached */

/* Writes the neighbours (or predecessors) of rank into out[]; returns
 * their number, at most the space's moves. */
typedef unsigned (*frontier2_moves_fn)(const void *ctx, uint64_t rank,
                                       uint64_t *out);

/* Called with each predecessor in turn; true stops the walk. */
typedef bool (*frontier2_visit_fn)(void *vctx, uint64_t rank);

/* Hands the predecessors of rank (what prev, or next in an undirected
 * space, would write: at most the space's moves, in any order) to
 * visit(vctx, p) until one call returns true; returns true then, false
 * when none did. */
typedef bool (*frontier2_each_fn)(const void *ctx, uint64_t rank,
                                  frontier2_visit_fn visit, void *vctx);

struct frontier2_space {
    uint64_t n;              /* ranks 0..n-1 */
    unsigned moves;          /* most neighbours of one rank, 1..64 */
    frontier2_moves_fn next; /* successors of a rank */
    frontier2_moves_fn prev; /* predecessors; NULL: undirected (= next) */
    /* Optional, preferred by the bottom-up step over prev (or next, when
     * undirected): the predecessors one by one, stopping early. */
    frontier2_each_fn prev_each;
    const void *ctx; /* handed to all, read-only */
};

/* FRONTIER2_AUTO runs a level bottom-up when its frontier holds more
 * than 1/ALPHA of the unseen states, else top-down. Beamer's graphs count
 * edges and take alpha = 14 with a separate beta for turning back; here a
 * bottom-up check of an unseen state costs about what a top-down
 * expansion of a frontier state costs (an unrank and a rank per move), so
 * the break-even is alpha = 1, both ways (measured on the directed 2 x 5
 * ring: 0.46 s against 1.0 s top-down only, where alpha 14 took 1.2 s). */
#define FRONTIER2_ALPHA 1

enum frontier2_direction {
    FRONTIER2_AUTO,      /* per level, by the frontier's size (Beamer) */
    FRONTIER2_TOP_DOWN,  /* always expand the frontier */
    FRONTIER2_BOTTOM_UP, /* always look for a parent of each unseen state */
};

struct frontier2_options {
    int threads; /* OpenMP threads, >= 1 */
    enum frontier2_direction direction;
    bool keep_codes; /* hand the 2-bit array back in result->codes */
};

struct frontier2_result {
    uint64_t *counts;    /* caller's array: counts[d] states at depth d */
    size_t max_depths;   /* its length */
    size_t depths;       /* out: depths used (the diameter + 1) */
    uint64_t reached;    /* out: the sum of counts */
    unsigned bottom_up;  /* out: how many levels ran bottom-up */
    uint64_t *codes;     /* out, with keep_codes: free with frontier2_free */
    uint64_t code_bytes; /* out: the array's size in bytes */
};

/* Searches space from the starts (duplicates count once) and fills r.
 * 0; -EINVAL for a bad space, start or option; -ENOMEM (with the estimate
 * and the memory cap, pb_memory_check) when the array does not fit under
 * pb_memory_cap() or cannot be allocated; -ERANGE when the depths exceed
 * r->max_depths. */
int frontier2_search(const struct frontier2_space *space,
                     const uint64_t *starts, size_t nstarts,
                     const struct frontier2_options *opt,
                     struct frontier2_result *r, struct pb_error *e);

/* Bytes of the 2-bit array for n ranks (saturating): what is checked
 * against the memory cap. */
uint64_t frontier2_bytes(uint64_t n);

/* The code of rank in a kept array: FRONTIER2_UNSEEN, or 1 + the depth
 * mod 3. */
static inline unsigned frontier2_code(const uint64_t *codes, uint64_t rank)
{
    return (unsigned)(codes[rank >> 5] >> (2 * (rank & 31))) & 3u;
}

void frontier2_free(uint64_t *codes);

#endif
