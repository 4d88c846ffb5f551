/*
 * facelet_sparse.c - Cubing touching only the stickers a turn moves: the
 * turned face's N^2 and the 4N of the ring around it, out of 6N^2, in
 * place on one buffer (the build derives both parts of each turn from
 * cube_turn_sources, timed). The face is contiguous in the layout and
 * stays on itself, a quarter turn of its N x N block (which one is
 * checked at build time), so it is copied out and written back by index
 * arithmetic, with no table; the ring comes from four other faces, so
 * its colours are gathered into a scratch array and scattered to their
 * places through two index lists. Any N. O(N^2 + 4N) per
 * turn against facelet_table's 6N^2: about 5.6x fewer stickers at
 * N = 64, 2.6x at N = 3. The reference oracle moves stickers sparsely
 * too, but from its own rotation matrices (cube_oracle.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cube_turns.h"
#include "cube_variant.h"

/* One turn of one order. The turned face's N^2 stickers stay on it, in
 * the N x N block at face_base, turned a quarter: quarter = +1 when
 * sticker (r, c) takes the colour of (N-1-c, r), -1 when of (c, N-1-r).
 * The 4N ring stickers come from other faces: ring_to[j] takes the
 * colour of ring_from[j]. */
struct sparse_turn {
    int face_base, quarter, ring;
    uint16_t *ring_from, *ring_to;
};

struct sparse_tables {
    struct sparse_turn turn[CUBE_N_MAX + 1][CUBE_TURNS]; /* by order, turn */
};

static void sparse_free(void *shared)
{
    struct sparse_tables *t = shared;
    if (!t)
        return;
    for (int n = 0; n <= CUBE_N_MAX; n++)
        for (int k = 0; k < CUBE_TURNS; k++) {
            free(t->turn[n][k].ring_from);
            free(t->turn[n][k].ring_to);
        }
    free(t);
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
 * ring (in sticker order, so that the scatter writes forward); 0,
 * -ENOMEM, or -EINVAL when it is not a quarter turn of one face block
 * (never for cube_turn_sources; the tests would see it). */
static int sparse_turn_of(int n, int turn, uint16_t *src,
                          struct sparse_turn *out)
{
    int area = n * n, count = cube_stickers(n);
    cube_turn_sources(n, turn, src);
    int face = turned_face(n, src);
    if (face < 0 || !(out->quarter = face_quarter(n, src, face * area)))
        return -EINVAL;
    out->face_base = face * area;
    out->ring = 0;
    for (int i = 0; i < count; i++)
        out->ring += src[i] != i && src[i] / area != face;
    /* a quarter or half turn moves at least one ring of stickers */
    /* NOLINTNEXTLINE(clang-analyzer-optin.portability.UnixAPI) */
    out->ring_from = malloc((size_t)out->ring * sizeof(uint16_t));
    out->ring_to = malloc((size_t)out->ring * sizeof(uint16_t));
    if (!out->ring_from || !out->ring_to)
        return -ENOMEM;
    int j = 0;
    for (int i = 0; i < count; i++)
        if (src[i] != i && src[i] / area != face) {
            out->ring_from[j] = src[i];
            out->ring_to[j++] = (uint16_t)i;
        }
    return 0;
}

static int sparse_build(const struct pb_corpus *corpus, void **shared,
                        struct pb_error *e)
{
    struct sparse_tables *t = calloc(1, sizeof(*t));
    uint16_t *src = malloc(CUBE_MAX_STICKERS * sizeof(uint16_t));
    int rc = t && src ? 0 : -ENOMEM;
    for (size_t i = 0; i < corpus->count && rc == 0; i++) {
        const struct cube_instance *in = pb_corpus_item(corpus, i);
        for (int k = 0; k < CUBE_TURNS && rc == 0 && !t->turn[in->n][k].ring_to;
             k++)
            rc = sparse_turn_of(in->n, k, src, &t->turn[in->n][k]);
    }
    free(src);
    if (rc) {
        sparse_free(t);
        return pb_fail(e, rc,
                       rc == -ENOMEM ? "out of memory"
                                     : "a turn that is not a quarter turn of "
                                       "one face");
    }
    *shared = t;
    return 0;
}

struct sparse_worker {
    const struct sparse_tables *t;
    uint8_t cube[CUBE_MAX_STICKERS];
    uint8_t face[CUBE_N_MAX * CUBE_N_MAX]; /* the turned face before */
    uint8_t ring[4 * CUBE_N_MAX];          /* the ring's colours before */
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
    if (!w->t->turn[n][0].ring_to)
        return pb_fail(e, -ENOENT, "no tables for N = %d", n);
    uint8_t *cube = w->cube, *face = w->face, *ring = w->ring;
    cube_solved(n, cube);
    for (uint32_t j = 0; j < in->count; j++) {
        const struct sparse_turn *t = &w->t->turn[n][in->turns[j]];
        for (int i = 0; i < t->ring; i++)
            ring[i] = cube[t->ring_from[i]];
        for (int i = 0; i < t->ring; i++)
            cube[t->ring_to[i]] = ring[i];
        uint8_t *block = cube + t->face_base;
        memcpy(face, block, (size_t)n * (size_t)n);
        if (t->quarter > 0)
            for (int r = 0; r < n; r++)
                for (int c = 0; c < n; c++)
                    block[r * n + c] = face[(n - 1 - c) * n + r];
        else
            for (int r = 0; r < n; r++)
                for (int c = 0; c < n; c++)
                    block[r * n + c] = face[c * n + (n - 1 - r)];
    }
    struct cube_answer *out = answer;
    cube_answer_begin(out, n);
    memcpy(out->sticker, cube, (size_t)cube_stickers(n));
    work->count[PB_WORK_MAIN] += in->count;
    return 0;
}

const struct pb_variant cube_variant_facelet_sparse = {
    .name = "facelet_sparse",
    .summary = "each turn the list of the N^2 + 4N stickers it moves "
               "(build); a turn is a gather and a scatter of those only",
    .build = sparse_build,
    .free_shared = sparse_free,
    .worker_new = sparse_worker_new,
    .solve = sparse_solve,
    .worker_free = sparse_worker_free,
};
