/*
 * vec_u64.h - a growable array of 64-bit words (search queues, frontiers,
 * bucket lists). Push O(1) amortised; the capacity check is inline and
 * only growth is a call, since pushes happen once per generated state.
 */
#ifndef VEC_U64_H
#define VEC_U64_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct vec_u64 {
    uint64_t *v;
    size_t len, cap;
};

static inline int vec_u64_grow(struct vec_u64 *a, size_t need)
{
    size_t cap = a->cap ? a->cap : 1024;
    while (cap < need)
        cap *= 2;
    uint64_t *v = realloc(a->v, cap * sizeof(*v));
    if (!v)
        return -ENOMEM;
    a->v = v;
    a->cap = cap;
    return 0;
}

/* Room for `need` elements in total. */
static inline int vec_u64_reserve(struct vec_u64 *a, size_t need)
{
    return need <= a->cap ? 0 : vec_u64_grow(a, need);
}

static inline int vec_u64_push(struct vec_u64 *a, uint64_t x)
{
    int rc = vec_u64_reserve(a, a->len + 1);
    if (rc == 0)
        a->v[a->len++] = x;
    return rc;
}

static inline void vec_u64_free(struct vec_u64 *a)
{
    free(a->v);
    *a = (struct vec_u64){0};
}

#endif
