/*
 * pb_hash.h - the one hash of puzzlebench: FNV-1a with 64 bits (Fowler,
 * Noll and Vo; the offset basis and prime of the 64-bit variant), for a
 * corpus's content hash in results, a census line's corpus hash and the
 * hash of every index of names in bench/ (uthash's, set to this one).
 * Not cryptographic (a binary's or a diff's identity is SHA-256:
 * bench/util/identity.h). O(length).
 * Reference: http://www.isthe.com/chongo/tech/comp/fnv/
 */
#ifndef PB_HASH_H
#define PB_HASH_H

#include <stddef.h>
#include <stdint.h>

#define PB_FNV1A_BASIS 0xcbf29ce484222325ull
#define PB_FNV1A_PRIME 0x100000001b3ull

/* FNV-1a of len bytes at data, continuing from h (PB_FNV1A_BASIS to
 * start). */
static inline uint64_t pb_fnv1a_more(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * PB_FNV1A_PRIME;
    return h;
}

/* FNV-1a of len bytes at data. */
static inline uint64_t pb_fnv1a(const void *data, size_t len)
{
    return pb_fnv1a_more(PB_FNV1A_BASIS, data, len);
}

/* FNV-1a of a NUL-terminated string (its bytes, not the NUL). */
static inline uint64_t pb_fnv1a_text(const char *text)
{
    uint64_t h = PB_FNV1A_BASIS;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        h = (h ^ *p) * PB_FNV1A_PRIME;
    return h;
}

#endif
