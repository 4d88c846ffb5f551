/*
 * magic_ball.h - the states within a radius of the 2 x K ring's start,
 * each with its exact depth, for table_omp (which keeps only depths mod 3
 * and decides exact depths near the start here). A breadth-first search
 * of whole levels, while at most BALL_STATES states fit; a hash table
 * (open addressing, load at most 1/2) answers "how deep is this rank".
 * Build O(BALL_STATES * K); a lookup O(1); 512 KB.
 * Header-only (static inline) for the one variant that uses it.
 */
#ifndef MAGIC_BALL_H
#define MAGIC_BALL_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "magic_unrank.h"
#include "pb.h"

/* The ball: every state within `radius` moves of the start (all of them
 * when radius is MAGIC_MAX_MOVES), slots (rank + 1) << 8 | depth, 0 an
 * empty slot. */
struct ball {
    uint64_t *slot;
    size_t mask;
    unsigned radius;
};

#define BALL_STATES 32768 /* most states kept: 512 KB of slots */
#define NOT_IN_BALL 0xFFu

static inline size_t ball_hash(uint32_t rank, size_t mask)
{
    return (size_t)(((uint64_t)rank * 0x9E3779B97F4A7C15ull) >> 24) & mask;
}

/* depth of rank, or NOT_IN_BALL */
static inline unsigned ball_depth(const struct ball *b, uint32_t rank)
{
    for (size_t i = ball_hash(rank, b->mask);; i = (i + 1) & b->mask) {
        uint64_t v = b->slot[i];
        if (v == 0)
            return NOT_IN_BALL;
        if (v >> 8 == (uint64_t)rank + 1)
            return (unsigned)(v & 0xFF);
    }
}

static inline void ball_put(struct ball *b, uint32_t rank, unsigned depth)
{
    size_t i = ball_hash(rank, b->mask);
    while (b->slot[i] != 0)
        i = (i + 1) & b->mask;
    b->slot[i] = ((uint64_t)rank + 1) << 8 | depth;
}

/* Breadth-first from the start, whole levels only, while the ball holds
 * at most BALL_STATES states (all of them: radius MAGIC_MAX_MOVES).
 * O(BALL_STATES * K). */
static inline int ball_build(int k, const struct magic_unranker *u,
                             struct ball *b, struct pb_error *e)
{
    uint32_t *queue = malloc(BALL_STATES * sizeof(*queue));
    uint8_t *depth = malloc(BALL_STATES);
    b->mask = 2 * BALL_STATES - 1; /* load at most 1/2 */
    b->slot = calloc(b->mask + 1, sizeof(*b->slot));
    if (!queue || !depth || !b->slot) {
        free(queue);
        free(depth);
        return pb_fail(e, -ENOMEM, "table_omp: out of memory");
    }
    queue[0] = magic_rank(magic_start(k), k);
    depth[0] = 0;
    ball_put(b, queue[0], 0);
    size_t begin = 0, end = 1; /* level d: queue[begin, end) */
    for (unsigned d = 0;; d++) {
        size_t tail = end;
        bool full = false;
        for (size_t i = begin; i < end && !full; i++) {
            uint64_t s = magic_unrank_fast(u, queue[i], k);
            for (int m = 0; m < MAGIC_MOVES && !full; m++) {
                uint32_t r =
                    magic_rank_fast(magic_apply(s, k, (enum magic_move)m), k);
                if (ball_depth(b, r) != NOT_IN_BALL)
                    continue;
                full = tail == BALL_STATES;
                if (!full) {
                    depth[tail] = (uint8_t)(d + 1);
                    queue[tail++] = r;
                    ball_put(b, r, d + 1);
                }
            }
        }
        if (full) { /* level d + 1 does not fit: keep levels 0..d */
            memset(b->slot, 0, (b->mask + 1) * sizeof(*b->slot));
            for (size_t i = 0; i < end; i++)
                ball_put(b, queue[i], depth[i]);
            b->radius = d;
            break;
        }
        if (tail == end) { /* level d + 1 is empty: the whole space */
            b->radius = MAGIC_MAX_MOVES;
            break;
        }
        begin = end;
        end = tail;
    }
    free(queue);
    free(depth);
    return 0;
}

#endif
