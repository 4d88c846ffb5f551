/*
 * name_index.h - the one string index of bench/: uthash (Troy D. Hanson,
 * Debian uthash-dev), set up once for every file that finds records by
 * name (results read back, compare's kernels, merge's benchmarks, the
 * joined sides of bench --against). A record holds its key as a char
 * array and a `UT_hash_handle hh`; HASH_FIND_STR finds it, HASH_ADD_STR
 * adds it, HASH_ITER with HASH_DEL frees them all. Find and add are O(1)
 * expected (chained buckets that uthash doubles as they fill); uthash
 * keeps the order of insertion for HASH_ITER. Two settings apply
 * everywhere:
 * - out of memory inside HASH_ADD is reported, never fatal: it sets the
 *   caller's `bool added` to false (each caller declares it, true, just
 *   before HASH_ADD) and leaves the record out of the table;
 * - the hash is the project's one hash, FNV-1a (pb_hash.h), in place of
 *   uthash's default (Jenkins).
 * uthash keeps pointers to the records themselves: records in an array
 * that is reallocated must be added again after it moves (readback_csv.c).
 * Variants keep their own hash sets on purpose (visited states, not
 * names: variants/common).
 * Reference: https://troydhanson.github.io/uthash/userguide.html
 */
#ifndef PB_UTIL_NAME_INDEX_H
#define PB_UTIL_NAME_INDEX_H

#include <stdbool.h>

#include "pb_hash.h"

#define HASH_NONFATAL_OOM 1
#define uthash_nonfatal_oom(node) (added = false)
/* the low 32 bits of the 64-bit FNV-1a: uthash's buckets take the low
 * bits */
#define HASH_FUNCTION(keyptr, keylen, hashv)                                   \
    ((hashv) = (unsigned)pb_fnv1a((keyptr), (keylen)))
#include <uthash.h>

#endif
