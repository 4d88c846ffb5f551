/*
 * walk_buckets.h - Dial's circular buckets of state numbers, shared by
 * dial.c and bidijkstra.c (one queue per side): W + 1 stacks, bucket
 * k % (W + 1) holding the states queued at sum k, W the largest face of
 * the corpus. Each stack doubles as it fills (from 64 entries) and keeps
 * its room between instances. The memory bound of one queue counts at
 * most one entry per relaxation (4 per state) alive, doubled while the
 * stacks grow, and the bucket headers with their first room.
 */
#ifndef WALK_BUCKETS_H
#define WALK_BUCKETS_H

#include "walk_grid.h"

struct walk_bucket {
    uint64_t *entry;
    size_t len, cap;
};

/* n empty buckets, or NULL. */
static inline struct walk_bucket *walk_buckets_new(uint32_t n)
{
    return calloc(n, sizeof(struct walk_bucket));
}

static inline void walk_buckets_free(struct walk_bucket *b, uint32_t n)
{
    for (uint32_t i = 0; b && i < n; i++)
        free(b[i].entry);
    free(b);
}

/* Doubles b's room (the rare path, kept out of the search loops). */
static __attribute__((noinline, cold)) int
walk_bucket_grow(struct walk_bucket *b)
{
    size_t cap = b->cap ? 2 * b->cap : 64;
    uint64_t *v = realloc(b->entry, cap * sizeof(*v));
    if (!v)
        return -ENOMEM;
    b->entry = v;
    b->cap = cap;
    return 0;
}

/* Pushes state on b: 0 or -ENOMEM. */
static inline int walk_bucket_push(struct walk_bucket *b, uint64_t state)
{
    if (b->len == b->cap && walk_bucket_grow(b))
        return -ENOMEM;
    b->entry[b->len++] = state;
    return 0;
}

/* Bytes of one queue over corpus (see above). */
static inline uint64_t walk_buckets_bytes(const struct pb_corpus *corpus)
{
    uint64_t states = pb_mul_sat(walk_corpus_squares(corpus), WALK_CLASS);
    uint64_t entries = pb_mul_sat(states, 4 * 2 * sizeof(uint64_t));
    uint64_t heads = pb_mul_sat((uint64_t)walk_corpus_max_face(corpus) + 1,
                                sizeof(struct walk_bucket) + 64 * 8);
    return pb_add_sat(entries, heads);
}

#endif
