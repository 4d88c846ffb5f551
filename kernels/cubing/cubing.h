/*
 * cubing.h - the Cubing (BOJ 5373) model shared by the kernel and its
 * variants: faces, turns, the sticker layout and its geometry.
 *
 * Faces U, D, F, B, L, R are 0..5, and so are their colours w, y, r, o,
 * g, b (a solved cube shows colour f on face f). A turn is face * 2 + 1
 * for '-' (counter-clockwise as seen from outside), + 0 for '+'.
 *
 * Sticker layout (the answer): index = face * N^2 + row * N + column,
 * each face seen from outside with the frames of cube_frame: U has row 0
 * touching B and column 0 at L (the judge's output order), D row 0 at F,
 * F/B/L/R row 0 at U, with column 0 at L for U, D, F, at R for B, at B
 * for L, at F for R (Kociemba's facelet order, also cubejs's).
 *
 * Geometry: x runs L -> R, y D -> U, z B -> F; cubie centres sit at
 * doubled coordinates -(N-1), -(N-3), ..., N-1, so a sticker is its
 * cubie's centre plus its face's outward normal, both integer vectors.
 */
#ifndef CUBE_H
#define CUBE_H

#include <stdbool.h>
#include <stdint.h>

#define CUBE_N_MIN 2
#define CUBE_N_MAX 64
#define CUBE_JUDGE_N 3
#define CUBE_FACES 6
#define CUBE_TURNS 12
#define CUBE_MAX_STICKERS (CUBE_FACES * CUBE_N_MAX * CUBE_N_MAX)

enum cube_face { CUBE_U, CUBE_D, CUBE_F, CUBE_B, CUBE_L, CUBE_R };

/* One test case: the cube order, the turns, and whether the answer is
 * printed as the U face (the judge) or as all six faces. */
struct cube_instance {
    uint16_t n;
    uint8_t show_all;
    uint32_t count;
    uint8_t *turns; /* count turn codes, owned by the corpus */
};

/* The whole cube after the turns: colour (0..5) per sticker. An answer
 * slot of a corpus holds only the stickers of its largest N
 * (pb_answer_size): 56 bytes for N = 3, not sizeof(struct cube_answer). */
struct cube_answer {
    uint16_t n;
    uint8_t sticker[CUBE_MAX_STICKERS];
};

/* Outward normal, column direction and row direction of each face. */
extern const int8_t cube_frame[CUBE_FACES][3][3];
extern const char cube_face_letter[CUBE_FACES];   /* "UDFBLR" */
extern const char cube_colour_letter[CUBE_FACES]; /* "wyrogb" */

static inline int cube_stickers(int n)
{
    return CUBE_FACES * n * n;
}

/* Sticker index <-> (cubie centre, outward normal), doubled coordinates. */
void cube_locate(int n, int index, int pos[3], int normal[3]);
int cube_index_of(int n, const int pos[3], const int normal[3]);

/* Solved colours for order n into sticker[]. */
void cube_solved(int n, uint8_t *sticker);

#endif
