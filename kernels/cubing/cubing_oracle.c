/*
 * cubing_oracle.c - the plain reference oracle for Cubing, written apart
 * from the variants: a quarter turn is one of six integer rotation
 * matrices, written down from the right-hand rule (a turn clockwise as
 * seen from outside the face is a rotation by -90 degrees about the
 * face's outward axis), transposed for '-'. For each cube order of the
 * corpus the oracle moves every sticker of each turn's layer once through
 * its matrix, which gives the turn as a list of (from, to) sticker moves
 * (N^2 + 4N of them); a case is then replayed move list by move list.
 * Build O(12 * 6N^2) per order; check O(turns * (N^2 + 4N) + 6N^2).
 */
#include "cubing_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* R_x(-90): (x, y, z) -> (x, z, -y); R_y(-90): (x, y, z) -> (-z, y, x);
 * R_z(-90): (x, y, z) -> (y, -x, z); the faces on the negative side turn
 * by +90 about the positive axis. Rows of the matrix for '+'. */
static const int plain_rotation[CUBE_FACES][3][3] = {
    [CUBE_U] = {{0, 0, -1}, {0, 1, 0}, {1, 0, 0}},
    [CUBE_D] = {{0, 0, 1}, {0, 1, 0}, {-1, 0, 0}},
    [CUBE_F] = {{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}},
    [CUBE_B] = {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
    [CUBE_L] = {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}},
    [CUBE_R] = {{1, 0, 0}, {0, 0, 1}, {0, -1, 0}},
};

static void rotate(int face, bool inverse, const int v[3], int out[3])
{
    for (int i = 0; i < 3; i++) {
        out[i] = 0;
        for (int j = 0; j < 3; j++)
            out[i] += (inverse ? plain_rotation[face][j][i]
                               : plain_rotation[face][i][j]) *
                      v[j];
    }
}

/* The stickers a turn moves: sticker from[k] goes to to[k]. */
struct plain_turn {
    int count;
    uint16_t *from, *to;
};

struct plain_order {
    int n;
    struct plain_turn turn[CUBE_TURNS];
};

struct cube_oracle {
    int orders;
    struct plain_order order[CUBE_N_MAX + 1];
};

static int build_order(struct plain_order *o, int n)
{
    o->n = n;
    int stickers = cube_stickers(n);
    for (int t = 0; t < CUBE_TURNS; t++) {
        struct plain_turn *pt = &o->turn[t];
        int face = t / 2;
        pt->from = malloc((size_t)stickers * sizeof(uint16_t));
        pt->to = malloc((size_t)stickers * sizeof(uint16_t));
        if (!pt->from || !pt->to)
            return -ENOMEM;
        pt->count = 0;
        for (int i = 0; i < stickers; i++) {
            int pos[3], normal[3], p2[3], n2[3];
            cube_locate(n, i, pos, normal);
            int along = 0;
            for (int k = 0; k < 3; k++)
                along += cube_frame[face][0][k] * pos[k];
            if (along != n - 1)
                continue;
            rotate(face, t & 1, pos, p2);
            rotate(face, t & 1, normal, n2);
            pt->from[pt->count] = (uint16_t)i;
            pt->to[pt->count++] = (uint16_t)cube_index_of(n, p2, n2);
        }
    }
    return 0;
}

void cube_oracle_free(void *oracle)
{
    struct cube_oracle *o = oracle;
    if (!o)
        return;
    for (int k = 0; k < o->orders; k++)
        for (int t = 0; t < CUBE_TURNS; t++) {
            free(o->order[k].turn[t].from);
            free(o->order[k].turn[t].to);
        }
    free(o);
}

static const struct plain_order *find_order(const struct cube_oracle *o, int n)
{
    for (int k = 0; k < o->orders; k++)
        if (o->order[k].n == n)
            return &o->order[k];
    return NULL;
}

void *cube_oracle_new(const struct pb_corpus *corpus, struct pb_error *e)
{
    struct cube_oracle *o = calloc(1, sizeof(*o));
    if (!o) {
        pb_fail(e, -ENOMEM, "out of memory for the oracle");
        return NULL;
    }
    for (size_t i = 0; i < corpus->count; i++) {
        const struct cube_instance *in = pb_corpus_item(corpus, i);
        if (find_order(o, in->n))
            continue;
        if (build_order(&o->order[o->orders++], in->n)) {
            cube_oracle_free(o);
            pb_fail(e, -ENOMEM, "out of memory for the oracle");
            return NULL;
        }
    }
    return o;
}

int cube_oracle_solve(const void *oracle, const void *instance, void *answer)
{
    const struct cube_instance *in = instance;
    const struct plain_order *o = find_order(oracle, in->n);
    if (!o)
        return -ENOENT;
    struct cube_answer *a = answer;
    uint8_t *moved = malloc((size_t)cube_stickers(in->n));
    if (!moved)
        return -ENOMEM;
    a->n = in->n;
    cube_solved(in->n, a->sticker);
    for (uint32_t j = 0; j < in->count; j++) {
        const struct plain_turn *t = &o->turn[in->turns[j]];
        for (int k = 0; k < t->count; k++)
            moved[t->to[k]] = a->sticker[t->from[k]];
        for (int k = 0; k < t->count; k++)
            a->sticker[t->to[k]] = moved[t->to[k]];
    }
    free(moved);
    return 0;
}

bool cube_oracle_check(const void *oracle, const void *instance,
                       const void *answer, char *why, size_t why_len)
{
    const struct cube_instance *in = instance;
    const struct cube_answer *got = answer;
    struct cube_answer *want = malloc(sizeof(*want));
    if (!want || cube_oracle_solve(oracle, instance, want)) {
        snprintf(why, why_len, "the oracle could not replay the case");
        free(want);
        return false;
    }
    bool ok = got->n == in->n;
    int n = in->n;
    for (int i = 0; ok && i < cube_stickers(n); i++) {
        if (got->sticker[i] == want->sticker[i])
            continue;
        snprintf(why, why_len, "face %c row %d column %d shows %c, expected %c",
                 cube_face_letter[i / (n * n)], i / n % n + 1, i % n + 1,
                 got->sticker[i] < CUBE_FACES
                     ? cube_colour_letter[got->sticker[i]]
                     : '?',
                 cube_colour_letter[want->sticker[i]]);
        ok = false;
    }
    if (got->n != in->n)
        snprintf(why, why_len, "answer for N = %d, expected N = %d", got->n, n);
    free(want);
    return ok;
}
