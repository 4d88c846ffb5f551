/*
 * simd_chains.c - Cubing on the 3 x 3 x 3 cube as fast as one core goes:
 * the byte form of cubing_bytes.h in one AVX2 register, like simd, but
 * without simd's wait on latency. A move is four instructions in a chain
 * (vpshufb, vpaddb, vpsubb, vpminub: 4 cycles), so one cube at a time
 * leaves most of the core's vector pipes idle. Two changes fill them:
 *
 * - Chains: the case's turns are cut into K runs of equal length, each
 *   advanced from solved in its own register, K moves in flight at once
 *   (lockstep); the cube group is associative, so the K states are
 *   composed at the end (each state is the move that reaches it,
 *   cube_move_of_state) and the few turns left over are applied one by
 *   one. K = 5 by default (PB_SIMD_CHAINS = 1..8 for the study); why 5 is
 *   in docs/results/cubing.md ("The speed frontier").
 * - Pairs: each step applies two turns at once, from a table of the 144
 *   composed turn pairs (9 KB, built with the variant); the step's byte
 *   offset into the table is computed a block of steps at a time, so the
 *   inner loop is one 16-bit load and the four vector instructions per
 *   two turns. PB_SIMD_TURNS_PER_STEP = 1 asks for single turns.
 *
 * Paths: AVX2, else portable C (the same chains and composition, byte by
 * byte; PB_SIMD = scalar or ssse3 asks for it, simd_path.h). O(1) per turn,
 * O(K) per case for the composition, O(54) for the answer's stickers.
 * Reference: Intel SDM, PSHUFB; the cube group's associativity is what
 * lets a sequence be split (any group-theory text, e.g. Joyner,
 * "Adventures in Group Theory", ch. 9-10).
 */
#include <errno.h>
#include <stdlib.h>

#include "cubing_bytes.h"
#include "cubing_variant.h"
#include "simd_path.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CUBE_HAVE_X86 1
#endif

enum {
    CHAINS_MAX = CUBE_SIMD_CHAINS_MAX,
    CHAINS_DEFAULT = 5,
    BLOCK = 128, /* steps whose table offsets are computed at once */
    MOVE_BYTES = sizeof(struct cube_move),
    PAIRS = CUBE_TURNS * CUBE_TURNS,
};

struct chains_tables {
    int chains, per_step;     /* the knobs, read at build */
    enum cube_simd_path path; /* PB_SIMD's, read at build */
    struct cube_move single[CUBE_TURNS];
    struct cube_move pair[PAIRS]; /* pair[a * 12 + b]: turn a, then b */
    _Alignas(32) uint8_t solved[CUBE_BYTES];
    struct cubie_tables cubie;
    struct cube_bytes_colours colours;
};

struct chains_worker {
    const struct chains_tables *t;
    /* byte offsets of a block of steps into the move table, per chain */
    uint16_t offset[CHAINS_MAX][BLOCK];
};

static int chains_build(const struct pb_corpus *corpus, void **shared,
                        struct pb_error *e)
{
    (void)corpus; /* N = 3 only: cube_accepts_3 */
    int chains = CHAINS_DEFAULT, per_step = 2;
    enum cube_simd_path path;
    int rc = cube_simd_env_knob("PB_SIMD_CHAINS", CHAINS_MAX, &chains, e);
    if (rc ||
        (rc = cube_simd_env_knob("PB_SIMD_TURNS_PER_STEP", CUBE_SIMD_TURNS_MAX,
                                 &per_step, e)) ||
        (rc = cube_simd_path_env(&path, e)))
        return rc;
    struct chains_tables *t = aligned_alloc(32, sizeof(*t));
    if (!t)
        return pb_fail(e, -ENOMEM, "out of memory");
    t->chains = chains;
    t->per_step = per_step;
    t->path = path;
    if (cubie_tables_init(&t->cubie)) {
        free(t);
        return pb_fail(e, -EPROTO, "a turn does not move cubies rigidly");
    }
    cube_bytes_colours_init(&t->cubie, &t->colours);
    cube_bytes_solved(t->solved);
    for (int a = 0; a < CUBE_TURNS; a++)
        cube_move_of_turn(&t->cubie, a, &t->single[a]);
    for (int a = 0; a < CUBE_TURNS; a++)
        for (int b = 0; b < CUBE_TURNS; b++) {
            uint8_t s[CUBE_BYTES];
            cube_bytes_solved(s);
            cube_bytes_apply(s, &t->single[a]);
            cube_bytes_apply(s, &t->single[b]);
            cube_move_of_state(s, &t->pair[a * CUBE_TURNS + b]);
        }
    *shared = t;
    return 0;
}

/* The table offsets of `steps` steps of per_step turns from turns. */
static inline void fill_offsets(uint16_t *offset, const uint8_t *turns,
                                uint32_t steps, int per_step)
{
    if (per_step == 2)
        for (uint32_t j = 0; j < steps; j++)
            offset[j] =
                (uint16_t)((turns[2 * j] * CUBE_TURNS + turns[2 * j + 1]) *
                           MOVE_BYTES);
    else
        for (uint32_t j = 0; j < steps; j++)
            offset[j] = (uint16_t)(turns[j] * MOVE_BYTES);
}

/* The plan of one case: K chains of len steps each, chain k starting at
 * turn per_step * k * len, and the turns from `tail` on left over. */
struct chains_plan {
    uint32_t len, tail;
};

static struct chains_plan plan_of(uint32_t count, int chains, int per_step)
{
    uint32_t len = count / (uint32_t)per_step / (uint32_t)chains;
    return (struct chains_plan){len,
                                len * (uint32_t)per_step * (uint32_t)chains};
}

#ifdef CUBE_HAVE_X86
__attribute__((target("avx2"), always_inline)) static inline __m256i
move_avx2(__m256i s, const uint8_t *move, __m256i modulus)
{
    __m256i x = _mm256_add_epi8(
        _mm256_shuffle_epi8(s, _mm256_load_si256((const __m256i *)move)),
        _mm256_load_si256((const __m256i *)(move + CUBE_BYTES)));
    return _mm256_min_epu8(x, _mm256_sub_epi8(x, modulus));
}

/* K chains in lockstep, then composed in order; K is a constant where
 * this is inlined, so the K states stay in registers. */
__attribute__((target("avx2"), always_inline)) static inline __m256i
chains_avx2(struct chains_worker *w, const uint8_t *turns, uint32_t len,
            const uint8_t *table, const int K)
{
    const size_t per = (size_t)w->t->per_step;
    const __m256i modulus =
        _mm256_load_si256((const __m256i *)cube_bytes_modulus);
    __m256i s[CHAINS_MAX];
    for (int k = 0; k < K; k++)
        s[k] = _mm256_load_si256((const __m256i *)w->t->solved);
    for (uint32_t b = 0; b < len; b += BLOCK) {
        uint32_t steps = len - b < BLOCK ? len - b : BLOCK;
        for (int k = 0; k < K; k++)
            fill_offsets(w->offset[k], turns + per * ((size_t)k * len + b),
                         steps, w->t->per_step);
        for (uint32_t j = 0; j < steps; j++)
#pragma GCC unroll 8
            for (int k = 0; k < K; k++)
                s[k] = move_avx2(s[k], table + w->offset[k][j], modulus);
    }
    const __m256i low = _mm256_load_si256((const __m256i *)cube_bytes_low);
    __m256i r = s[0];
    for (int k = 1; k < K; k++) {
        /* r then the move of s[k] */
        __m256i x =
            _mm256_add_epi8(_mm256_shuffle_epi8(r, _mm256_and_si256(s[k], low)),
                            _mm256_andnot_si256(low, s[k]));
        r = _mm256_min_epu8(x, _mm256_sub_epi8(x, modulus));
    }
    return r;
}

__attribute__((target("avx2"))) static void
run_avx2(struct chains_worker *w, const struct cube_instance *in,
         uint8_t *state)
{
    const struct chains_tables *t = w->t;
    struct chains_plan p = plan_of(in->count, t->chains, t->per_step);
    const uint8_t *table =
        (const uint8_t *)(t->per_step == 2 ? t->pair : t->single);
    __m256i r;
    /* K a constant in each call, so that its chains stay in registers */
    /* clang-format off */
    switch (t->chains) {
    case 1: r = chains_avx2(w, in->turns, p.len, table, 1); break;
    case 2: r = chains_avx2(w, in->turns, p.len, table, 2); break;
    case 3: r = chains_avx2(w, in->turns, p.len, table, 3); break;
    case 4: r = chains_avx2(w, in->turns, p.len, table, 4); break;
    case 5: r = chains_avx2(w, in->turns, p.len, table, 5); break;
    case 6: r = chains_avx2(w, in->turns, p.len, table, 6); break;
    case 7: r = chains_avx2(w, in->turns, p.len, table, 7); break;
    default: r = chains_avx2(w, in->turns, p.len, table, 8); break;
    }
    /* clang-format on */
    const __m256i modulus =
        _mm256_load_si256((const __m256i *)cube_bytes_modulus);
    for (uint32_t j = p.tail; j < in->count; j++)
        r = move_avx2(r, t->single[in->turns[j]].from, modulus);
    _mm256_storeu_si256((__m256i *)state, r);
}
#endif

/* The same plan in portable C: chains one after another (the order of
 * work does not matter to the answer), composed, then the tail. */
static void run_portable(struct chains_worker *w,
                         const struct cube_instance *in, uint8_t *state)
{
    const struct chains_tables *t = w->t;
    struct chains_plan p = plan_of(in->count, t->chains, t->per_step);
    const struct cube_move *table = t->per_step == 2 ? t->pair : t->single;
    cube_bytes_solved(state);
    for (int k = 0; k < t->chains; k++) {
        uint8_t s[CUBE_BYTES];
        struct cube_move whole;
        cube_bytes_solved(s);
        for (uint32_t b = 0; b < p.len; b += BLOCK) {
            uint32_t steps = p.len - b < BLOCK ? p.len - b : BLOCK;
            fill_offsets(w->offset[0],
                         in->turns +
                             (size_t)t->per_step * ((size_t)k * p.len + b),
                         steps, t->per_step);
            for (uint32_t j = 0; j < steps; j++)
                cube_bytes_apply(s, &table[w->offset[0][j] / MOVE_BYTES]);
        }
        cube_move_of_state(s, &whole);
        cube_bytes_apply(state, &whole);
    }
    for (uint32_t j = p.tail; j < in->count; j++)
        cube_bytes_apply(state, &t->single[in->turns[j]]);
}

static void *chains_worker_new(const struct pb_corpus *corpus,
                               const void *shared)
{
    (void)corpus;
    struct chains_worker *w = malloc(sizeof(*w));
    if (w)
        w->t = shared;
    return w;
}

static int chains_solve(void *worker, const void *instance, void *answer,
                        struct pb_work *work, struct pb_error *e)
{
    (void)e;
    struct chains_worker *w = worker;
    const struct cube_instance *in = instance;
    _Alignas(32) uint8_t state[CUBE_BYTES];
#ifdef CUBE_HAVE_X86
    if (w->t->path == CUBE_SIMD_AVX2)
        run_avx2(w, in, state);
    else
#endif
        run_portable(w, in, state);
    struct cube_answer *out = answer;
    cube_answer_begin(out, 3);
    cube_bytes_stickers(&w->t->cubie, &w->t->colours, state, out->sticker);
    work->count[PB_WORK_MAIN] += in->count;
    return 0;
}

const struct pb_variant cube_variant_simd_chains = {
    .name = "simd_chains",
    .summary = "3x3x3 only: each case cut into 5 runs advanced in lockstep "
               "in AVX2 registers, two turns a step from a table of turn "
               "pairs, the runs composed at the end; portable fallback",
    .accepts = cube_accepts_3,
    .build = chains_build,
    .free_shared = free,
    .worker_new = chains_worker_new,
    .solve = chains_solve,
    .worker_free = free,
};
