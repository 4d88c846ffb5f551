/*
 * simd.c - Cubing on the 3 x 3 x 3 cube with byte shuffles: the cubie
 * state in its byte form (cubing_bytes.h) in one 32-byte AVX2 register,
 * edges in the low 16-byte lane (byte k = cubie + 16 * flip), corners in
 * the high lane (byte 16 + k = cubie + 8 * twist). A turn is four
 * instructions, three deep: vpshufb moves every cubie to its new position
 * (within each lane); two vpaddb add the orientation change a and a - m,
 * where m is 32 for edges (flip mod 2) and 24 for corners (twist mod 3);
 * vpminub keeps the smaller sum, which is x + a - m exactly when that did
 * not wrap below zero, i.e. when x + a >= m. Both adds read the shuffled
 * state, so the dependency chain per turn is shuffle -> add -> min.
 * One case at a time, one turn a step, so the core waits on that chain:
 * simd_chains.c overlaps several chains and is about 3x faster; this
 * variant stays as its baseline.
 * The SSSE3 path does the same on two 16-byte registers; the scalar path
 * applies the same moves byte by byte (cube_bytes_apply). The path is
 * chosen at run time from the CPU (AVX2 > SSSE3 > scalar); the
 * environment variable PB_SIMD = avx2, ssse3 or scalar asks for a lower
 * one (tests run all three; any other value is refused, simd_path.h).
 * O(1) per turn: a chain of three 1-cycle instructions.
 * Reference: Intel 64 and IA-32 Architectures Software Developer's Manual,
 * PSHUFB / VPSHUFB (in-lane byte shuffle).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cubing_bytes.h"
#include "cubing_variant.h"
#include "simd_path.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CUBE_HAVE_X86 1
#endif

enum { LANE = CUBE_LANE };

struct simd_tables {
    struct cube_move turn[CUBE_TURNS]; /* shuffle (from) and a (add) */
    _Alignas(32) uint8_t add_wrap[CUBE_TURNS][2 * LANE]; /* a - m */
    _Alignas(32) uint8_t solved[2 * LANE];
    struct cubie_tables cubie;
    struct cube_bytes_colours colours;
    enum cube_simd_path path; /* PB_SIMD's, read at build */
};

struct simd_worker {
    const struct simd_tables *t;
};

static int simd_build(const struct pb_corpus *corpus, void **shared,
                      struct pb_error *e)
{
    (void)corpus; /* N = 3 only: cube_accepts_3 */
    enum cube_simd_path path;
    int rc = cube_simd_path_env(&path, e);
    if (rc)
        return rc;
    struct simd_tables *t = aligned_alloc(32, sizeof(*t));
    if (!t)
        return pb_fail(e, -ENOMEM, "out of memory");
    t->path = path;
    if (cubie_tables_init(&t->cubie)) {
        free(t);
        return pb_fail(e, -EPROTO, "a turn does not move cubies rigidly");
    }
    cube_bytes_colours_init(&t->cubie, &t->colours);
    cube_bytes_solved(t->solved);
    for (int turn = 0; turn < CUBE_TURNS; turn++) {
        struct cube_move *m = &t->turn[turn];
        cube_move_of_turn(&t->cubie, turn, m);
        for (int k = 0; k < 2 * LANE; k++)
            t->add_wrap[turn][k] = (uint8_t)(m->add[k] - cube_bytes_modulus[k]);
    }
    *shared = t;
    return 0;
}

#ifdef CUBE_HAVE_X86
__attribute__((target("avx2"))) static void
run_avx2(const struct simd_tables *t, const uint8_t *turns, uint32_t count,
         uint8_t *state)
{
    __m256i s = _mm256_load_si256((const __m256i *)t->solved);
    for (uint32_t j = 0; j < count; j++) {
        const struct cube_move *m = &t->turn[turns[j]];
        s = _mm256_shuffle_epi8(s, _mm256_load_si256((const __m256i *)m->from));
        s = _mm256_min_epu8(
            _mm256_add_epi8(s, _mm256_load_si256((const __m256i *)m->add)),
            _mm256_add_epi8(
                s, _mm256_load_si256((const __m256i *)t->add_wrap[turns[j]])));
    }
    _mm256_storeu_si256((__m256i *)state, s);
}

__attribute__((target("ssse3"))) static void
run_ssse3(const struct simd_tables *t, const uint8_t *turns, uint32_t count,
          uint8_t *state)
{
    __m128i edges = _mm_load_si128((const __m128i *)t->solved);
    __m128i corners = _mm_load_si128((const __m128i *)(t->solved + LANE));
    for (uint32_t j = 0; j < count; j++) {
        const uint8_t *sh = t->turn[turns[j]].from, *ad = t->turn[turns[j]].add,
                      *aw = t->add_wrap[turns[j]];
        edges = _mm_shuffle_epi8(edges, _mm_load_si128((const __m128i *)sh));
        corners = _mm_shuffle_epi8(
            corners, _mm_load_si128((const __m128i *)(sh + LANE)));
        edges = _mm_min_epu8(
            _mm_add_epi8(edges, _mm_load_si128((const __m128i *)ad)),
            _mm_add_epi8(edges, _mm_load_si128((const __m128i *)aw)));
        corners = _mm_min_epu8(
            _mm_add_epi8(corners, _mm_load_si128((const __m128i *)(ad + LANE))),
            _mm_add_epi8(corners,
                         _mm_load_si128((const __m128i *)(aw + LANE))));
    }
    _mm_storeu_si128((__m128i *)state, edges);
    _mm_storeu_si128((__m128i *)(state + LANE), corners);
}
#endif

static void *simd_worker_new(const struct pb_corpus *corpus, const void *shared)
{
    (void)corpus;
    struct simd_worker *w = malloc(sizeof(*w));
    if (w)
        w->t = shared;
    return w;
}

static void simd_worker_free(void *worker)
{
    free(worker);
}

static int simd_solve(void *worker, const void *instance, void *answer,
                      struct pb_work *work, struct pb_error *e)
{
    (void)e;
    const struct simd_worker *w = worker;
    const struct simd_tables *t = w->t;
    const struct cube_instance *in = instance;
    _Alignas(32) uint8_t state[2 * LANE];
    switch (t->path) {
#ifdef CUBE_HAVE_X86
    case CUBE_SIMD_AVX2:
        run_avx2(t, in->turns, in->count, state);
        break;
    case CUBE_SIMD_SSSE3:
        run_ssse3(t, in->turns, in->count, state);
        break;
#endif
    default:
        cube_bytes_solved(state);
        for (uint32_t j = 0; j < in->count; j++)
            cube_bytes_apply(state, &t->turn[in->turns[j]]);
    }
    struct cube_answer *out = answer;
    cube_answer_begin(out, 3);
    cube_bytes_stickers(&t->cubie, &t->colours, state, out->sticker);
    work->count[PB_WORK_MAIN] += in->count;
    return 0;
}

const struct pb_variant cube_variant_simd = {
    .name = "simd",
    .summary = "3x3x3 only: cubies in one AVX2 register (SSSE3: two), a turn "
               "= pshufb + 2 adds + min; scalar fallback",
    .accepts = cube_accepts_3,
    .build = simd_build,
    .free_shared = free,
    .worker_new = simd_worker_new,
    .solve = simd_solve,
    .worker_free = simd_worker_free,
};
