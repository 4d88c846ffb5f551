/*
 * cubie_tables.c - the cubie tables of cubie_tables.h, derived from the
 * 3 x 3 x 3 sticker permutations, and the cubie -> sticker conversion.
 * O(12 * 54) once.
 */
#include "cubie_tables.h"

#include <errno.h>
#include <string.h>

#include "cubing_turns.h"

enum { N3 = 3, STICKERS = 54, FACE_STICKERS = 9, EDGE = 2 };

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

/* The positions of the corners and edges, found by scanning the stickers,
 * and their sticker lists. */
static void list_cubies(struct cubie_tables *t)
{
    int corners = 0, edges = 0;
    for (int i = 0; i < STICKERS; i++) {
        int p[3], normal[3];
        cube_locate(N3, i, p, normal);
        int zeros = (p[0] == 0) + (p[1] == 0) + (p[2] == 0);
        if (zeros == 0) {
            bool seen = false;
            for (int k = 0; k < corners && !seen; k++)
                seen = t->corner_sticker[k][0] == i ||
                       t->corner_sticker[k][1] == i ||
                       t->corner_sticker[k][2] == i;
            if (seen)
                continue;
            int ny[3] = {0, sign(p[1]), 0}, nx[3] = {sign(p[0]), 0, 0},
                nz[3] = {0, 0, sign(p[2])};
            /* handedness: ny . (nx x nz) = -sx sy sz; keep it positive */
            bool xz = -sign(p[0]) * sign(p[1]) * sign(p[2]) > 0;
            t->corner_sticker[corners][0] = (uint8_t)cube_index_of(N3, p, ny);
            t->corner_sticker[corners][1] =
                (uint8_t)cube_index_of(N3, p, xz ? nx : nz);
            t->corner_sticker[corners][2] =
                (uint8_t)cube_index_of(N3, p, xz ? nz : nx);
            corners++;
        } else if (zeros == 1) {
            bool seen = false;
            for (int k = 0; k < edges && !seen; k++)
                seen = t->edge_sticker[k][0] == i || t->edge_sticker[k][1] == i;
            if (seen)
                continue;
            int axes[2], m = 0;
            for (int a = 0; a < 3; a++)
                if (p[a] != 0)
                    axes[m++] = a;
            /* y before z before x: U/D first, else F/B */
            /* zeros == 1: exactly two coordinates are nonzero */
            // cppcheck-suppress uninitvar ; axes[0] and axes[1] are set
            if (axes[0] == 0)
                axes[0] = axes[1], axes[1] = 0;
            for (int s = 0; s < EDGE; s++) {
                int nv[3] = {0, 0, 0};
                nv[axes[s]] = sign(p[axes[s]]);
                t->edge_sticker[edges][s] = (uint8_t)cube_index_of(N3, p, nv);
            }
            edges++;
        }
    }
}

int cubie_tables_init(struct cubie_tables *t)
{
    memset(t, 0, sizeof(*t));
    list_cubies(t);
    /* owner[i]: cubie * 4 + sticker slot of sticker i */
    int owner[STICKERS];
    for (int k = 0; k < CUBIE_CORNERS; k++)
        for (int s = 0; s < 3; s++)
            owner[t->corner_sticker[k][s]] = k * 4 + s;
    for (int k = 0; k < CUBIE_EDGES; k++)
        for (int s = 0; s < EDGE; s++)
            owner[t->edge_sticker[k][s]] = k * 4 + s;
    for (int turn = 0; turn < CUBE_TURNS; turn++) {
        uint16_t src[STICKERS];
        cube_turn_sources(N3, turn, src);
        for (int k = 0; k < CUBIE_CORNERS; k++) {
            int from = owner[src[t->corner_sticker[k][0]]];
            int j = from / 4, twist = from % 4;
            for (int s = 0; s < 3; s++)
                if (src[t->corner_sticker[k][s]] !=
                    t->corner_sticker[j][(s + twist) % 3])
                    return -EPROTO;
            t->corner_from[turn][k] = (uint8_t)j;
            t->corner_twist[turn][k] = (uint8_t)twist;
        }
        for (int k = 0; k < CUBIE_EDGES; k++) {
            int from = owner[src[t->edge_sticker[k][0]]];
            int j = from / 4, flip = from % 4;
            for (int s = 0; s < EDGE; s++)
                if (src[t->edge_sticker[k][s]] !=
                    t->edge_sticker[j][(s + flip) % EDGE])
                    return -EPROTO;
            t->edge_from[turn][k] = (uint8_t)j;
            t->edge_flip[turn][k] = (uint8_t)flip;
        }
    }
    return 0;
}

void cubie_to_stickers(const struct cubie_tables *t,
                       const struct cubie_state *s, uint8_t *sticker)
{
    for (int f = 0; f < CUBE_FACES; f++)
        sticker[f * FACE_STICKERS + FACE_STICKERS / 2] = (uint8_t)f;
    for (int k = 0; k < CUBIE_CORNERS; k++)
        for (int i = 0; i < 3; i++)
            sticker[t->corner_sticker[k][i]] =
                t->corner_sticker[s->cp[k]][(i + s->co[k]) % 3] / FACE_STICKERS;
    for (int k = 0; k < CUBIE_EDGES; k++)
        for (int i = 0; i < EDGE; i++)
            sticker[t->edge_sticker[k][i]] =
                t->edge_sticker[s->ep[k]][(i + s->eo[k]) % EDGE] /
                FACE_STICKERS;
}
