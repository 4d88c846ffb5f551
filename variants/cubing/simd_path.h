/*
 * simd_path.h - which instruction set the simd variant uses: the best the
 * CPU has (AVX2 > SSSE3 > scalar), or a lower one asked for by name (the
 * PB_SIMD environment variable), never a higher one than the CPU has.
 */
#ifndef SIMD_PATH_H
#define SIMD_PATH_H

#include <string.h>

enum cube_simd_path { CUBE_SIMD_SCALAR, CUBE_SIMD_SSSE3, CUBE_SIMD_AVX2 };

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

/* asked: "avx2", "ssse3", "scalar" or NULL for the best. */
static inline enum cube_simd_path cube_simd_path_choose(const char *asked)
{
    enum cube_simd_path best = cube_simd_path_best(), want = best;
    if (asked && !strcmp(asked, "scalar"))
        want = CUBE_SIMD_SCALAR;
    else if (asked && !strcmp(asked, "ssse3"))
        want = CUBE_SIMD_SSSE3;
    return want < best ? want : best;
}

#endif
