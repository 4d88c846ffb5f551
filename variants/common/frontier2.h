/*
 * frontier2.h - a kernel-independent, level-synchronous breadth-first
 * search over a dense ranked state space [0, N) with 2 bits per state and
 * no queue (frontier2.c says how). The caller gives the space as a kernel
 * describes it (pb_space.h: N, the neighbours and predecessors of a rank,
 * the start ranks); the engine gives the states per depth, the number
 * reached, a call after each level (progress, or a table filled while the
 * exact depth is known) and, when asked, the 2-bit array of depths mod 3
 * (its codes and layout: frontier2_codes.h).
 */
#ifndef FRONTIER2_H
#define FRONTIER2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontier2_codes.h"
#include "pb.h"

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

#define FRONTIER2_STOP 1 /* on_level: enough, end the search (not an error) */

/* What the engine hands on_level after each level. */
struct frontier2_level {
    unsigned depth;        /* the level just found */
    uint64_t found;        /* its states */
    uint64_t reached;      /* states at depths 0..depth */
    double elapsed;        /* seconds since the search began */
    bool bottom_up;        /* how it was found */
    const uint64_t *codes; /* the 2-bit array; the level's code is */
    unsigned code;         /* the code its states have now */
    uint64_t n;            /* ranks */
};

struct frontier2_options {
    int threads; /* OpenMP threads, >= 1 */
    enum frontier2_direction direction;
    enum frontier2_coding coding;
    bool keep_codes; /* hand the 2-bit array back: DEPTH_MOD3 only */
    /* For measuring what batching buys: top-down marks each target at
     * once instead of a batch ahead; bottom-up walks each unseen rank's
     * predecessors one by one (prev_each where given, stopping at the
     * first in the frontier) instead of computing a batch's and
     * prefetching their words. */
    bool no_prefetch;
    bool parents_one_by_one;
    bool no_huge_pages; /* no madvise(MADV_HUGEPAGE) on the array */
    /* Only the memory check: r->code_bytes set, nothing allocated or
     * searched (0 when the array fits under the cap). */
    bool plan_only;
    /* Optional: called (on the calling thread, between levels) after the
     * start level and each level found; 0 goes on, FRONTIER2_STOP ends
     * the search there as a success (counts up to that level, r->stopped
     * set: a table that is full needs no more levels), a negative errno
     * (message in e) ends it as a failure that the search returns
     * (any other value: -EINVAL). The states
     * whose code is level->code are the level's (FRONTIER2_SEEN), or the
     * level's and those of depths d - 3, d - 6, ... (DEPTH_MOD3). */
    int (*on_level)(void *arg, const struct frontier2_level *level,
                    struct pb_error *e);
    void *on_level_arg;
};

struct frontier2_result {
    uint64_t *counts;    /* caller's array: counts[d] states at depth d */
    size_t max_depths;   /* its length */
    size_t depths;       /* out: depths used (the diameter + 1) */
    uint64_t reached;    /* out: the sum of counts */
    unsigned bottom_up;  /* out: how many levels ran bottom-up */
    bool stopped;        /* out: on_level ended it (FRONTIER2_STOP) */
    uint64_t *codes;     /* out, with keep_codes: free with frontier2_free */
    uint64_t code_bytes; /* out: the array's size in bytes */
};

/* Searches space from its starts (duplicates count once) and fills r.
 * 0; -EINVAL for a bad space, start or option; -ENOMEM (with the estimate
 * and the memory cap, pb_memory_check) when the array does not fit under
 * pb_memory_cap() or cannot be allocated; -ERANGE when the depths exceed
 * r->max_depths; on_level's error. */
int frontier2_search(const struct pb_space *space,
                     const struct frontier2_options *opt,
                     struct frontier2_result *r, struct pb_error *e);

/* Bytes of the 2-bit array for n ranks (saturating): what is checked
 * against the memory cap. */
uint64_t frontier2_bytes(uint64_t n);

void frontier2_free(uint64_t *codes);

#endif
