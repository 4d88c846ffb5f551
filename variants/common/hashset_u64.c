/*
 * hashset_u64.c - allocation, clearing and growth of the open-addressing
 * set in hashset_u64.h. Growth rehashes every key: O(capacity).
 */
#include "hashset_u64.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int set_capacity(struct hashset_u64 *h, size_t capacity)
{
    uint64_t *slots = malloc(capacity * sizeof(*slots));
    if (!slots)
        return -ENOMEM;
    memset(slots, 0xFF, capacity * sizeof(*slots)); /* all HASHSET_EMPTY */
    h->slots = slots;
    h->mask = capacity - 1;
    h->shift = 64 - __builtin_ctzll((unsigned long long)capacity);
    h->count = 0;
    return 0;
}

int hashset_u64_init(struct hashset_u64 *h, size_t expected)
{
    size_t capacity = 16;
    while (capacity < 2 * expected)
        capacity *= 2;
    return set_capacity(h, capacity);
}

void hashset_u64_free(struct hashset_u64 *h)
{
    free(h->slots);
    h->slots = NULL;
}

void hashset_u64_clear(struct hashset_u64 *h)
{
    memset(h->slots, 0xFF, (h->mask + 1) * sizeof(*h->slots));
    h->count = 0;
}

void hashset_u64_clear_keys(struct hashset_u64 *h, const uint64_t *keys,
                            size_t n)
{
    if (n > (h->mask + 1) / 4) {
        hashset_u64_clear(h);
        return;
    }
    for (size_t k = 0; k < n; k++)
        for (size_t i = hashset_u64_slot(h, keys[k]);
             h->slots[i] != HASHSET_EMPTY; i = (i + 1) & h->mask)
            h->slots[i] = HASHSET_EMPTY;
    h->count = 0;
}

int hashset_u64_grow(struct hashset_u64 *h)
{
    struct hashset_u64 old = *h;
    if (set_capacity(h, 2 * (old.mask + 1))) {
        *h = old;
        return -ENOMEM;
    }
    for (size_t i = 0; i <= old.mask; i++) {
        uint64_t key = old.slots[i];
        if (key == HASHSET_EMPTY)
            continue;
        size_t j = hashset_u64_slot(h, key);
        while (h->slots[j] != HASHSET_EMPTY)
            j = (j + 1) & h->mask;
        h->slots[j] = key;
        h->count++;
    }
    free(old.slots);
    return 0;
}
