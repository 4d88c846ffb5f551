/*
 * pb_prng.h - the project's own PRNG, so corpora are identical on every
 * machine, libc and thread count: xoshiro256** (Blackman & Vigna, 2018)
 * seeded through splitmix64, and an unbiased bounded draw (Lemire's
 * multiply-shift with rejection, "Fast Random Integer Generation in an
 * Interval", TOMACS 2019). O(1) per draw.
 */
#ifndef PB_PRNG_H
#define PB_PRNG_H

#include <stdint.h>

struct pb_rng {
    uint64_t s[4];
};

uint64_t pb_splitmix64(uint64_t *state);
void pb_rng_seed(struct pb_rng *r, uint64_t seed);
uint64_t pb_rng_next(struct pb_rng *r);
/* Uniform in [0, bound), bound >= 1, without modulo bias. */
uint64_t pb_rng_below(struct pb_rng *r, uint64_t bound);

#endif
