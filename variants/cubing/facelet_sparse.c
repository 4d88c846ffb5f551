/*
 * facelet_sparse.c - Cubing touching only the stickers a turn moves: the
 * turned face's N^2 and the 4N of the ring around it, out of 6N^2, in
 * place on one buffer (the build derives both parts of each turn from
 * cube_turn_sources, timed).
 *
 * The face is contiguous in the layout and stays on itself, a quarter
 * turn of its N x N block (which one is checked at build time): it is
 * copied out (one memcpy) and written back as a transpose with one axis
 * reversed, in square tiles of bytes, each transposed in registers by
 * three rounds of byte/word/dword interleaves: 16 x 16 with AVX2 (rows j
 * and j + 8 in the two lanes of a register) from N = 16, else 8 x 8
 * with SSE2. Where the tile does not divide N, the last tile of a row or
 * column overlaps its neighbour, so no tile is partial; N < 8 is one
 * plain loop. The path is chosen at run time as for the simd variant:
 * PB_SIMD = ssse3 asks for the SSE2 tiles, scalar for the same 8 x 8
 * tiles in portable C (the only path where SSE2 is absent).
 *
 * The ring is a row or a column of each of four other faces: N cycles of
 * four stickers, turned in place through four pointers and four strides
 * (no index list).
 *
 * Any N. O(N^2 + 4N) per turn against facelet_table's 6N^2: about 5.6x
 * fewer stickers at N = 64, 2.6x at N = 3. The first version read the
 * face with a stride of N, one byte at a time, and the ring through two
 * index lists; the tiles and the sides made N = 64 about 6x faster
 * (docs/results/cubing.md). The reference oracle moves stickers sparsely too,
 * but from its own rotation matrices (cubing_oracle.c).
 * Reference: Intel 64 and IA-32 Architectures Software Developer's
 * Manual, PUNPCKLBW/PUNPCKLWD/PUNPCKLDQ and VPERMQ.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cubing_turns.h"
#include "cubing_variant.h"
#include "simd_path.h"

/* SSE2 is part of x86-64; the AVX2 code is compiled per function (target
 * attribute) and run only where the CPU has AVX2 */
#if defined(__SSE2__)
#include <immintrin.h>
#define SPARSE_HAVE_X86 1
#endif

/* One turn of one order. The turned face's N^2 stickers stay on it, in
 * the N x N block at face_base, turned a quarter: quarter = +1 when
 * sticker (r, c) takes the colour of (N-1-c, r), -1 when of (c, N-1-r).
 * The 4N ring stickers come from the four sides around it, a row or a
 * column of each, in N cycles of four: in cycle k < N, sticker
 * side[i] + k * step[i] takes the colour of side[i + 1] + k * step[i + 1]
 * (i + 1 taken mod 4; step is +-1 along a row, +-N along a column). */
enum { RING_SIDES = 4 };

struct sparse_turn {
    int face_base, quarter;
    int side[RING_SIDES], step[RING_SIDES];
};

struct sparse_tables {
    struct sparse_turn turn[CUBE_N_MAX + 1][CUBE_TURNS]; /* by order, turn */
    enum cube_simd_path path; /* the face turn's: PB_SIMD, as simd's */
};

static void sparse_free(void *shared)
{
    free(shared);
}

/* The face block that `turn` rotates within itself: the one whose every
 * sticker takes its colour from the same block, and some move. */
static int turned_face(int n, const uint16_t *src)
{
    int area = n * n;
    for (int f = 0; f < CUBE_FACES; f++) {
        bool closed = true, moves = false;
        for (int i = f * area; i < (f + 1) * area && closed; i++) {
            closed = src[i] / area == f;
            moves = moves || src[i] != i;
        }
        if (closed && moves)
            return f;
    }
    return -1;
}

/* Which quarter turn src makes of the n x n block at base: +1 or -1 as
 * in struct sparse_turn, 0 when neither. */
static int face_quarter(int n, const uint16_t *src, int base)
{
    bool plus = true, minus = true;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int from = src[base + r * n + c] - base;
            plus = plus && from == (n - 1 - c) * n + r;
            minus = minus && from == c * n + (n - 1 - r);
        }
    return plus ? 1 : minus ? -1 : 0;
}

/* `turn` on the order-n cube split into its face's quarter turn and its
 * ring's sides: 0, or -EINVAL when it is not a quarter turn of one face
 * block with a ring of N 4-cycles along four straight sides (never for
 * cube_turn_sources; the tests would see it). The cycles are taken in
 * the order of their lowest sticker, which is always on the same side. */
static int sparse_turn_of(int n, int turn, uint16_t *src,
                          struct sparse_turn *out)
{
    int area = n * n, count = cube_stickers(n), cycles = 0;
    cube_turn_sources(n, turn, src);
    int face = turned_face(n, src);
    if (face < 0 || !(out->quarter = face_quarter(n, src, face * area)))
        return -EINVAL;
    out->face_base = face * area;
    for (int i = 0; i < count; i++) {
        if (src[i] == i || src[i] / area == face)
            continue;
        int len = 1, lowest = i; /* src is a permutation: back to i */
        for (int p = src[i]; p != i && len <= RING_SIDES; p = src[p], len++)
            lowest = p < lowest ? p : lowest;
        if (len != RING_SIDES)
            return -EINVAL;
        if (lowest != i)
            continue;
        /* cycle `cycles`: i, src[i], ... must go on each side's line */
        for (int p = i, k = 0; k < RING_SIDES; p = src[p], k++) {
            if (cycles == 1)
                out->step[k] = p - out->side[k];
            if (cycles == 0)
                out->side[k] = p;
            else if (p != out->side[k] + cycles * out->step[k])
                return -EINVAL;
        }
        cycles++;
    }
    return cycles == n ? 0 : -EINVAL;
}

static int sparse_build(const struct pb_corpus *corpus, void **shared,
                        struct pb_error *e)
{
    enum cube_simd_path path;
    int rc = cube_simd_path_env(&path, e);
    if (rc)
        return rc;
    struct sparse_tables *t = calloc(1, sizeof(*t));
    uint16_t *src = malloc(CUBE_MAX_STICKERS * sizeof(uint16_t));
    rc = t && src ? 0 : -ENOMEM;
    if (t)
        t->path = path;
    for (size_t i = 0; i < corpus->count && rc == 0; i++) {
        const struct cube_instance *in = pb_corpus_item(corpus, i);
        for (int k = 0; k < CUBE_TURNS && rc == 0 && !t->turn[in->n][k].quarter;
             k++)
            rc = sparse_turn_of(in->n, k, src, &t->turn[in->n][k]);
    }
    free(src);
    if (rc) {
        sparse_free(t);
        return pb_fail(e, rc,
                       rc == -ENOMEM ? "out of memory"
                                     : "a turn that is not a quarter turn of "
                                       "one face and its ring");
    }
    *shared = t;
    return 0;
}

/* The face's quarter turn, from its copy `face` into `block` (both n x n,
 * row-major): a transpose with one of its axes reversed, so both turns
 * are one transpose kernel with signed strides. Tile row i of the
 * destination, at dst + i * dst_step, takes column i of the source tile,
 * whose row j is at src + j * src_step. quarter = +1 (block[r][c] =
 * face[n-1-c][r]) reads the face's rows bottom up (src_step = -n);
 * quarter = -1 (block[r][c] = face[c][n-1-r]) writes the block's rows
 * bottom up (dst_step = -n). */

/* Portable transpose of one size x size tile (size <= n). */
static inline void tile_plain(const uint8_t *src, ptrdiff_t src_step,
                              uint8_t *dst, ptrdiff_t dst_step, int size)
{
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++)
            dst[i * dst_step + j] = src[j * src_step + i];
}

enum { TILE = 8 }; /* 8 x 8 bytes: eight 8-byte rows, one SSE2 transpose */

static inline void tile_plain8(const uint8_t *src, ptrdiff_t src_step,
                               uint8_t *dst, ptrdiff_t dst_step)
{
    tile_plain(src, src_step, dst, dst_step, TILE);
}

#ifdef SPARSE_HAVE_X86
/* 8 x 8 bytes in three rounds of interleaves (bytes, pairs, quads):
 * 8 loads, 12 unpacks, 8 stores. Intel SDM, PUNPCKLBW/PUNPCKLWD/
 * PUNPCKLDQ. */
static inline void tile_sse2(const uint8_t *src, ptrdiff_t src_step,
                             uint8_t *dst, ptrdiff_t dst_step)
{
    __m128i r[TILE];
    for (int j = 0; j < TILE; j++)
        r[j] = _mm_loadl_epi64((const __m128i *)(src + j * src_step));
    /* bytes: a_k holds columns 0..7 of rows 2k, 2k + 1, interleaved */
    __m128i a0 = _mm_unpacklo_epi8(r[0], r[1]);
    __m128i a1 = _mm_unpacklo_epi8(r[2], r[3]);
    __m128i a2 = _mm_unpacklo_epi8(r[4], r[5]);
    __m128i a3 = _mm_unpacklo_epi8(r[6], r[7]);
    /* pairs: columns 0..3 (lo) and 4..7 (hi) of rows 0..3, 4..7 */
    __m128i b0 = _mm_unpacklo_epi16(a0, a1), b1 = _mm_unpackhi_epi16(a0, a1);
    __m128i b2 = _mm_unpacklo_epi16(a2, a3), b3 = _mm_unpackhi_epi16(a2, a3);
    /* quads: columns 2k, 2k + 1 of rows 0..7, one per 8-byte half */
    __m128i c[4] = {_mm_unpacklo_epi32(b0, b2), _mm_unpackhi_epi32(b0, b2),
                    _mm_unpacklo_epi32(b1, b3), _mm_unpackhi_epi32(b1, b3)};
    for (int k = 0; k < 4; k++) {
        _mm_storel_epi64((__m128i *)(dst + 2 * k * dst_step), c[k]);
        _mm_storel_epi64((__m128i *)(dst + (2 * k + 1) * dst_step),
                         _mm_unpackhi_epi64(c[k], c[k]));
    }
}
#endif

/* The quarter turn tile by tile: TILE x TILE tiles, the last in each
 * row and column pulled back to end at n, overlapping its neighbour
 * (that rewrites a few stickers with the same colours: the source is
 * the copy), so any n >= TILE is whole tiles; smaller n is one plain
 * tile. */
static inline void
face_tiles(uint8_t *block, const uint8_t *face, int n, int quarter,
           void (*tile)(const uint8_t *, ptrdiff_t, uint8_t *, ptrdiff_t),
           int size)
{
    if (n < size) {
        if (quarter > 0)
            tile_plain(face + (n - 1) * n, -n, block, n, n);
        else
            tile_plain(face, n, block + (n - 1) * n, -n, n);
        return;
    }
    for (int r0 = 0;; r0 += size) {
        r0 = r0 > n - size ? n - size : r0;
        for (int c0 = 0;; c0 += size) {
            c0 = c0 > n - size ? n - size : c0;
            if (quarter > 0)
                tile(face + (n - 1 - c0) * n + r0, -n, block + r0 * n + c0, n);
            else
                tile(face + c0 * n + (n - size - r0), n,
                     block + (r0 + size - 1) * n + c0, -n);
            if (c0 == n - size)
                break;
        }
        if (r0 == n - size)
            break;
    }
}

static void face_turn_plain(uint8_t *block, const uint8_t *face, int n,
                            int quarter)
{
    face_tiles(block, face, n, quarter, tile_plain8, TILE);
}

#ifdef SPARSE_HAVE_X86
static void face_turn_sse2(uint8_t *block, const uint8_t *face, int n,
                           int quarter)
{
    face_tiles(block, face, n, quarter, tile_sse2, TILE);
}

enum { TILE_AVX2 = 16 }; /* 16 x 16 bytes: 16-byte rows, two per register */

/* 16 x 16 bytes, rows j and j + 8 in the two lanes of one register, the
 * same three rounds as tile_sse2 within each lane, then vpermq puts
 * each destination row's two 8-byte halves together: 16 loads, 8
 * inserts, 24 unpacks, 8 permutes, 16 stores for 4x tile_sse2's bytes. */
__attribute__((target("avx2"))) static inline void tile_avx2(const uint8_t *src,
                                                             ptrdiff_t src_step,
                                                             uint8_t *dst,
                                                             ptrdiff_t dst_step)
{
    __m256i y[8], a[8], b[8];
    for (int j = 0; j < 8; j++)
        y[j] = _mm256_inserti128_si256(
            _mm256_castsi128_si256(
                _mm_loadu_si128((const __m128i *)(src + j * src_step))),
            _mm_loadu_si128((const __m128i *)(src + (j + 8) * src_step)), 1);
    for (int m = 0; m < 4; m++) { /* bytes: columns 0..7, 8..15 */
        a[2 * m] = _mm256_unpacklo_epi8(y[2 * m], y[2 * m + 1]);
        a[2 * m + 1] = _mm256_unpackhi_epi8(y[2 * m], y[2 * m + 1]);
    }
    for (int h = 0; h < 2; h++) /* pairs: rows 0..3 (h = 0), 4..7 */
        for (int q = 0; q < 2; q++) {
            b[4 * h + 2 * q] =
                _mm256_unpacklo_epi16(a[4 * h + q], a[4 * h + 2 + q]);
            b[4 * h + 2 * q + 1] =
                _mm256_unpackhi_epi16(a[4 * h + q], a[4 * h + 2 + q]);
        }
    /* quads: b[k] and b[4 + k] hold columns 4k..4k+3 of rows 0..3 and
     * 4..7; after them, columns 2i, 2i + 1 of rows 0..7 (lane 0) and
     * 8..15 (lane 1) */
    for (int k = 0; k < 4; k++) {
        __m256i c[2] = {_mm256_unpacklo_epi32(b[k], b[4 + k]),
                        _mm256_unpackhi_epi32(b[k], b[4 + k])};
        for (int i = 0; i < 2; i++) {
            __m256i row = _mm256_permute4x64_epi64(c[i], 0xd8);
            int col = 4 * k + 2 * i;
            _mm_storeu_si128((__m128i *)(dst + col * dst_step),
                             _mm256_castsi256_si128(row));
            _mm_storeu_si128((__m128i *)(dst + (col + 1) * dst_step),
                             _mm256_extracti128_si256(row, 1));
        }
    }
}

__attribute__((target("avx2"))) static void
face_turn_avx2(uint8_t *block, const uint8_t *face, int n, int quarter)
{
    face_tiles(block, face, n, quarter, tile_avx2, TILE_AVX2);
}
#endif

static void face_turn(enum cube_simd_path path, uint8_t *block,
                      const uint8_t *face, int n, int quarter)
{
#ifdef SPARSE_HAVE_X86
    if (path >= CUBE_SIMD_AVX2 && n >= TILE_AVX2) {
        face_turn_avx2(block, face, n, quarter);
        return;
    }
    if (path >= CUBE_SIMD_SSSE3) {
        face_turn_sse2(block, face, n, quarter);
        return;
    }
#endif
    (void)path;
    face_turn_plain(block, face, n, quarter);
}

struct sparse_worker {
    const struct sparse_tables *t;
    uint8_t cube[CUBE_MAX_STICKERS];
    uint8_t face[CUBE_N_MAX * CUBE_N_MAX]; /* the turned face before */
};

static void *sparse_worker_new(const struct pb_corpus *corpus,
                               const void *shared)
{
    (void)corpus;
    struct sparse_worker *w = malloc(sizeof(*w));
    if (w)
        w->t = shared;
    return w;
}

static void sparse_worker_free(void *worker)
{
    free(worker);
}

static int sparse_solve(void *worker, const void *instance, void *answer,
                        struct pb_work *work, struct pb_error *e)
{
    struct sparse_worker *w = worker;
    const struct cube_instance *in = instance;
    int n = in->n;
    if (!w->t->turn[n][0].quarter)
        return pb_fail(e, -ENOENT, "no tables for N = %d", n);
    uint8_t *cube = w->cube, *face = w->face;
    cube_solved(n, cube);
    for (uint32_t j = 0; j < in->count; j++) {
        const struct sparse_turn *t = &w->t->turn[n][in->turns[j]];
        /* locals: the compiler must assume that the byte stores below
         * may change *t, and reloads it on every sticker otherwise */
        uint8_t *s0 = cube + t->side[0], *s1 = cube + t->side[1],
                *s2 = cube + t->side[2], *s3 = cube + t->side[3];
        ptrdiff_t d0 = t->step[0], d1 = t->step[1], d2 = t->step[2],
                  d3 = t->step[3];
        int quarter = t->quarter;
        uint8_t *block = cube + t->face_base;
        for (int k = 0; k < n; k++) {
            uint8_t first = s0[k * d0];
            s0[k * d0] = s1[k * d1];
            s1[k * d1] = s2[k * d2];
            s2[k * d2] = s3[k * d3];
            s3[k * d3] = first;
        }
        memcpy(face, block, (size_t)n * (size_t)n);
        face_turn(w->t->path, block, face, n, quarter);
    }
    struct cube_answer *out = answer;
    cube_answer_begin(out, n);
    memcpy(out->sticker, cube, (size_t)cube_stickers(n));
    work->count[PB_WORK_MAIN] += in->count;
    return 0;
}

const struct pb_variant cube_variant_facelet_sparse = {
    .name = "facelet_sparse",
    .summary = "only the N^2 + 4N stickers a turn moves: the face "
               "transposed in byte tiles (AVX2 16 x 16, SSE2 8 x 8), the "
               "ring as four strided sides (build); any N",
    .build = sparse_build,
    .free_shared = sparse_free,
    .worker_new = sparse_worker_new,
    .solve = sparse_solve,
    .worker_free = sparse_worker_free,
};
