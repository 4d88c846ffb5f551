/*
 * simd_path.h - which instruction set the simd variants (simd,
 * simd_chains, facelet_sparse) use: the best the CPU has (AVX2 > SSSE3 >
 * scalar), or a lower one asked for by name in the PB_SIMD environment
 * variable, never a higher one than the CPU has. PB_SIMD takes exactly
 * scalar, ssse3 or avx2 (case matters); any other value is refused when
 * the variant is built, so a misspelt knob never measures the default.
 * Also simd_chains' two knobs, PB_SIMD_CHAINS and PB_SIMD_TURNS_PER_STEP,
 * read as whole numbers in range or refused. The verbs that solve check
 * every one of them before they start (bench/harness/knobs.c).
 */
#ifndef SIMD_PATH_H
#define SIMD_PATH_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb.h"

enum cube_simd_path { CUBE_SIMD_SCALAR, CUBE_SIMD_SSSE3, CUBE_SIMD_AVX2 };

/* PB_SIMD's values, by path */
static const char *const cube_simd_names[] = {"scalar", "ssse3", "avx2"};

static inline enum cube_simd_path cube_simd_path_best(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        return CUBE_SIMD_AVX2;
    if (__builtin_cpu_supports("ssse3"))
        return CUBE_SIMD_SSSE3;
#endif
    return CUBE_SIMD_SCALAR;
}

/* asked: one of cube_simd_names, or NULL (or another text) for the best;
 * never more than the CPU has. */
static inline enum cube_simd_path cube_simd_path_choose(const char *asked)
{
    enum cube_simd_path best = cube_simd_path_best(), want = best;
    for (int p = CUBE_SIMD_SCALAR; asked && p <= CUBE_SIMD_AVX2; p++)
        if (!strcmp(asked, cube_simd_names[p]))
            want = (enum cube_simd_path)p;
    return want < best ? want : best;
}

/* The path the environment's PB_SIMD asks for (unset: the best) into
 * *path: 0, or -EINVAL with e saying what was expected. */
static inline int cube_simd_path_env(enum cube_simd_path *path,
                                     struct pb_error *e)
{
    const char *asked = getenv("PB_SIMD");
    bool known = !asked;
    *path = CUBE_SIMD_SCALAR; /* set on every return */
    for (int p = CUBE_SIMD_SCALAR; !known && p <= CUBE_SIMD_AVX2; p++)
        known = !strcmp(asked, cube_simd_names[p]);
    if (!known)
        return pb_fail(
            e, -EINVAL, "environment PB_SIMD=%s: expected %s, %s or %s", asked,
            cube_simd_names[CUBE_SIMD_SCALAR], cube_simd_names[CUBE_SIMD_SSSE3],
            cube_simd_names[CUBE_SIMD_AVX2]);
    *path = cube_simd_path_choose(asked);
    return 0;
}

/* simd_chains' knobs: runs advanced in lockstep (PB_SIMD_CHAINS), turns
 * per step (PB_SIMD_TURNS_PER_STEP), at most */
enum { CUBE_SIMD_CHAINS_MAX = 8, CUBE_SIMD_TURNS_MAX = 2 };

/* *value = the environment variable name as a whole number 1..max; left
 * as it is when the variable is not set. 0, or -EINVAL with e saying
 * what was expected. */
static inline int cube_simd_env_knob(const char *name, int max, int *value,
                                     struct pb_error *e)
{
    const char *text = getenv(name);
    if (!text)
        return 0;
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (!*text || *end || v < 1 || v > max)
        return pb_fail(e, -EINVAL,
                       "environment %s=%s: expected a whole number from 1 "
                       "to %d",
                       name, text, max);
    *value = (int)v;
    return 0;
}

#endif
