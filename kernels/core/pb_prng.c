/*
 * pb_prng.c - splitmix64 seeding, xoshiro256**, unbiased bounded draws.
 * References: https://prng.di.unimi.it/xoshiro256starstar.c and
 * https://prng.di.unimi.it/splitmix64.c (public domain); Lemire 2019.
 */
#include "pb_prng.h"

/* __extension__ keeps -Wpedantic quiet about the GCC/Clang 128-bit type. */
__extension__ typedef unsigned __int128 pb_u128;

uint64_t pb_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void pb_rng_seed(struct pb_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = pb_splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t pb_rng_next(struct pb_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t pb_rng_below(struct pb_rng *r, uint64_t bound)
{
    pb_u128 m = (pb_u128)pb_rng_next(r) * bound;
    uint64_t low = (uint64_t)m;
    if (low < bound) {
        uint64_t threshold = -bound % bound;
        while (low < threshold) {
            m = (pb_u128)pb_rng_next(r) * bound;
            low = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}
