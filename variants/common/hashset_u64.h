/*
 * hashset_u64.h - an open-addressing hash set of 64-bit keys, written for
 * puzzlebench as the "hash" side of the array-vs-hash visited-set
 * comparison (the point of the research, so it is our own code rather
 * than uthash, whose chained, pointer-linked entries would measure the
 * allocator as much as the idea).
 *
 * Linear probing over a power-of-two table, keys mixed by the murmur3
 * finaliser, UINT64_MAX reserved as the empty slot, load kept at most 1/2
 * by doubling. Insert and lookup O(1) expected; clear O(capacity); memory
 * 16..32 bytes per key. The probe loop is inline so the hot path of a
 * search compiles to a multiply, a shift and a short scan.
 * Reference: Knuth, TAOCP vol. 3, 6.4 (linear probing); Appleby,
 * MurmurHash3 fmix64.
 */
#ifndef HASHSET_U64_H
#define HASHSET_U64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HASHSET_EMPTY UINT64_MAX

struct hashset_u64 {
    uint64_t *slots;
    size_t mask; /* capacity - 1, capacity a power of two */
    size_t count;
    int shift; /* 64 - log2(capacity) */
};

/* Room for at least `expected` keys before the first growth. */
int hashset_u64_init(struct hashset_u64 *h, size_t expected);
void hashset_u64_free(struct hashset_u64 *h);
void hashset_u64_clear(struct hashset_u64 *h);
/* Empties a set whose keys are all among keys[0..n): O(n + the clusters
 * they sit in) instead of O(capacity), for sets reused across searches.
 * Correct because linear probing leaves no empty slot between a key's home
 * and its slot, so clearing from each home to the next empty slot reaches
 * every key. */
void hashset_u64_clear_keys(struct hashset_u64 *h, const uint64_t *keys,
                            size_t n);
/* Doubles the table; -ENOMEM leaves it as it was. */
int hashset_u64_grow(struct hashset_u64 *h);

static inline size_t hashset_u64_slot(const struct hashset_u64 *h, uint64_t key)
{
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    key *= 0xc4ceb9fe1a85ec53ull;
    return (size_t)(key >> h->shift);
}

/* 1 when key was new (now inserted), 0 when present, -ENOMEM on failure.
 * key must not be HASHSET_EMPTY. */
static inline int hashset_u64_insert(struct hashset_u64 *h, uint64_t key)
{
    if (2 * (h->count + 1) > h->mask + 1) {
        int rc = hashset_u64_grow(h);
        if (rc)
            return rc;
    }
    for (size_t i = hashset_u64_slot(h, key);; i = (i + 1) & h->mask) {
        if (h->slots[i] == key)
            return 0;
        if (h->slots[i] == HASHSET_EMPTY) {
            h->slots[i] = key;
            h->count++;
            return 1;
        }
    }
}

static inline bool hashset_u64_contains(const struct hashset_u64 *h,
                                        uint64_t key)
{
    for (size_t i = hashset_u64_slot(h, key);; i = (i + 1) & h->mask) {
        if (h->slots[i] == key)
            return true;
        if (h->slots[i] == HASHSET_EMPTY)
            return false;
    }
}

#endif
