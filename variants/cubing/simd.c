/*
 * simd.c - Cubing on the 3 x 3 x 3 cube with byte shuffles: the cubie
 * state (cubie_tables.h) in one 32-byte AVX2 register, edges in the low
 * 16-byte lane (byte k = cubie + 16 * flip), corners in the high lane
 * (byte 16 + k = cubie + 8 * twist). A turn is four instructions, three
 * deep: vpshufb moves every cubie to its new position (within each lane);
 * two vpaddb add the orientation change a and a - m, where m is 32 for
 * edges (flip mod 2) and 24 for corners (twist mod 3); vpminub keeps the
 * smaller sum, which is x + a - m exactly when that did not wrap below
 * zero, i.e. when x + a >= m. Both adds read the shuffled state, so the
 * dependency chain per turn is shuffle -> add -> min.
 * The SSSE3 path does the same on two 16-byte registers; the scalar path
 * is the cubie code. The path is chosen at run time from the CPU
 * (AVX2 > SSSE3 > scalar); the environment variable PB_SIMD = avx2, ssse3
 * or scalar asks for a lower one (tests run all three).
 * O(1) per turn: a chain of three 1-cycle instructions.
 * Reference: Intel 64 and IA-32 Architectures Software Developer's Manual,
 * PSHUFB / VPSHUFB (in-lane byte shuffle).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cube_variant.h"
#include "cubie_tables.h"
#include "simd_path.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CUBE_HAVE_X86 1
#endif

enum { LANE = 16, EDGE_UNIT = 16, CORNER_UNIT = 8 };

struct simd_tables {
    _Alignas(32) uint8_t shuffle[CUBE_TURNS][2 * LANE];
    _Alignas(32) uint8_t add[CUBE_TURNS][2 * LANE];      /* a */
    _Alignas(32) uint8_t add_wrap[CUBE_TURNS][2 * LANE]; /* a - m */
    _Alignas(32) uint8_t solved[2 * LANE];
    struct cubie_tables cubie;
};

struct simd_worker {
    const struct simd_tables *t;
    enum cube_simd_path path;
};

static int simd_build(const struct pb_corpus *corpus, void **shared,
                      struct pb_error *e)
{
    (void)corpus; /* N = 3 only: cube_accepts_3 */
    struct simd_tables *t = aligned_alloc(32, sizeof(*t));
    if (!t)
        return pb_fail(e, -ENOMEM, "out of memory");
    if (cubie_tables_init(&t->cubie)) {
        free(t);
        return pb_fail(e, -EPROTO, "a turn does not move cubies rigidly");
    }
    for (int k = 0; k < LANE; k++) {
        t->solved[k] = (uint8_t)(k < CUBIE_EDGES ? k : 0);
        t->solved[LANE + k] = (uint8_t)(k < CUBIE_CORNERS ? k : 0);
    }
    for (int turn = 0; turn < CUBE_TURNS; turn++)
        for (int k = 0; k < LANE; k++) {
            bool edge = k < CUBIE_EDGES, corner = k < CUBIE_CORNERS;
            /* unused bytes stay 0: they shuffle from themselves, add 0 */
            t->shuffle[turn][k] =
                (uint8_t)(edge ? t->cubie.edge_from[turn][k] : k);
            t->add[turn][k] =
                (uint8_t)(edge ? EDGE_UNIT * t->cubie.edge_flip[turn][k] : 0);
            t->shuffle[turn][LANE + k] =
                (uint8_t)(corner ? t->cubie.corner_from[turn][k] : k);
            t->add[turn][LANE + k] =
                (uint8_t)(corner ? CORNER_UNIT * t->cubie.corner_twist[turn][k]
                                 : 0);
            t->add_wrap[turn][k] = (uint8_t)(t->add[turn][k] - 2 * EDGE_UNIT);
            t->add_wrap[turn][LANE + k] =
                (uint8_t)(t->add[turn][LANE + k] - 3 * CORNER_UNIT);
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
        s = _mm256_shuffle_epi8(
            s, _mm256_load_si256((const __m256i *)t->shuffle[turns[j]]));
        s = _mm256_min_epu8(
            _mm256_add_epi8(
                s, _mm256_load_si256((const __m256i *)t->add[turns[j]])),
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
        const uint8_t *sh = t->shuffle[turns[j]], *ad = t->add[turns[j]],
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
    if (w) {
        w->t = shared;
        w->path = cube_simd_path_choose(getenv("PB_SIMD"));
    }
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
    struct cubie_state s;
    uint8_t state[2 * LANE];
    switch (w->path) {
#ifdef CUBE_HAVE_X86
    case CUBE_SIMD_AVX2:
        run_avx2(t, in->turns, in->count, state);
        break;
    case CUBE_SIMD_SSSE3:
        run_ssse3(t, in->turns, in->count, state);
        break;
#endif
    default: {
        struct cubie_state two[2];
        cubie_solved(&two[0]);
        for (uint32_t j = 0; j < in->count; j++)
            cubie_turn(&t->cubie, &two[j & 1], in->turns[j], &two[!(j & 1)]);
        for (int k = 0; k < CUBIE_EDGES; k++)
            state[k] = (uint8_t)(two[in->count & 1].ep[k] +
                                 EDGE_UNIT * two[in->count & 1].eo[k]);
        for (int k = 0; k < CUBIE_CORNERS; k++)
            state[LANE + k] = (uint8_t)(two[in->count & 1].cp[k] +
                                        CORNER_UNIT * two[in->count & 1].co[k]);
    }
    }
    for (int k = 0; k < CUBIE_EDGES; k++) {
        s.ep[k] = state[k] % EDGE_UNIT;
        s.eo[k] = state[k] / EDGE_UNIT;
    }
    for (int k = 0; k < CUBIE_CORNERS; k++) {
        s.cp[k] = state[LANE + k] % CORNER_UNIT;
        s.co[k] = state[LANE + k] / CORNER_UNIT;
    }
    struct cube_answer *out = answer;
    cube_answer_begin(out, 3);
    cubie_to_stickers(&t->cubie, &s, out->sticker);
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
