/*
 * geometry.c - Cubing by the seed's model: every sticker is a cubie
 * position and an outward normal (integer vectors, doubled coordinates),
 * and a quarter turn moves each sticker of the turning layer by
 * v' = a(a.v) + s(a x v) (cubing_turns.h). Every turn visits all 6N^2
 * stickers to find the layer, as the seed did; the answer is read back by
 * mapping each (position, normal) to its sticker index. Any N.
 * O(6N^2) per turn; memory 7 bytes per sticker.
 */
#include <stdlib.h>
#include <string.h>

#include "cubing_turns.h"
#include "cubing_variant.h"

struct sticker {
    int8_t pos[3], normal[3];
    uint8_t colour;
};

static void *geometry_worker_new(const struct pb_corpus *corpus,
                                 const void *shared)
{
    (void)corpus;
    (void)shared;
    return malloc(CUBE_MAX_STICKERS * sizeof(struct sticker));
}

static void geometry_worker_free(void *worker)
{
    free(worker);
}

static int geometry_solve(void *worker, const void *instance, void *answer,
                          struct pb_work *work, struct pb_error *e)
{
    (void)e;
    struct sticker *st = worker;
    const struct cube_instance *in = instance;
    int n = in->n, count = cube_stickers(n);
    for (int i = 0; i < count; i++) {
        int pos[3], normal[3];
        cube_locate(n, i, pos, normal);
        for (int k = 0; k < 3; k++) {
            st[i].pos[k] = (int8_t)pos[k];
            st[i].normal[k] = (int8_t)normal[k];
        }
        st[i].colour = (uint8_t)(i / (n * n));
    }
    for (uint32_t j = 0; j < in->count; j++) {
        const int8_t *a = cube_frame[in->turns[j] / 2][0];
        int s = cube_turn_sign(in->turns[j]);
        for (int i = 0; i < count; i++) {
            int pos[3] = {st[i].pos[0], st[i].pos[1], st[i].pos[2]};
            if (a[0] * pos[0] + a[1] * pos[1] + a[2] * pos[2] != n - 1)
                continue;
            int normal[3] = {st[i].normal[0], st[i].normal[1], st[i].normal[2]};
            int p2[3], n2[3];
            cube_quarter(a, s, pos, p2);
            cube_quarter(a, s, normal, n2);
            for (int k = 0; k < 3; k++) {
                st[i].pos[k] = (int8_t)p2[k];
                st[i].normal[k] = (int8_t)n2[k];
            }
        }
    }
    struct cube_answer *out = answer;
    cube_answer_begin(out, n);
    for (int i = 0; i < count; i++) {
        int pos[3] = {st[i].pos[0], st[i].pos[1], st[i].pos[2]};
        int normal[3] = {st[i].normal[0], st[i].normal[1], st[i].normal[2]};
        out->sticker[cube_index_of(n, pos, normal)] = st[i].colour;
    }
    work->count[PB_WORK_MAIN] += in->count;
    return 0;
}

const struct pb_variant cube_variant_geometry = {
    .name = "geometry",
    .summary = "the seed's model: position + normal per sticker, every "
               "turn rotates the layer's stickers by a(a.v) + s(a x v)",
    .worker_new = geometry_worker_new,
    .solve = geometry_solve,
    .worker_free = geometry_worker_free,
};
