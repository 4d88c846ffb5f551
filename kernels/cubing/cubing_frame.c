/*
 * cubing_frame.c - the sticker layout of cubing.h: face frames and the
 * mapping between sticker indices and geometry. O(1) per sticker.
 */
#include <string.h>

#include "cubing.h"

const char cube_face_letter[CUBE_FACES] = {'U', 'D', 'F', 'B', 'L', 'R'};
const char cube_colour_letter[CUBE_FACES] = {'w', 'y', 'r', 'o', 'g', 'b'};

/* {normal, column direction, row direction}; row x column = -normal for
 * every face, i.e. each face is seen from outside. */
const int8_t cube_frame[CUBE_FACES][3][3] = {
    [CUBE_U] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},
    [CUBE_D] = {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},
    [CUBE_F] = {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},
    [CUBE_B] = {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},
    [CUBE_L] = {{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},
    [CUBE_R] = {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},
};

void cube_locate(int n, int index, int pos[3], int normal[3])
{
    int face = index / (n * n), row = index / n % n, col = index % n;
    const int8_t(*f)[3] = cube_frame[face];
    for (int i = 0; i < 3; i++) {
        normal[i] = f[0][i];
        pos[i] = (n - 1) * f[0][i] + (2 * col - (n - 1)) * f[1][i] +
                 (2 * row - (n - 1)) * f[2][i];
    }
}

static int dot(const int8_t *a, const int *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

int cube_index_of(int n, const int pos[3], const int normal[3])
{
    int face = 0;
    while (face < CUBE_FACES && dot(cube_frame[face][0], normal) != 1)
        face++;
    if (face == CUBE_FACES)
        return -1;
    int col = (dot(cube_frame[face][1], pos) + n - 1) / 2;
    int row = (dot(cube_frame[face][2], pos) + n - 1) / 2;
    return (face * n + row) * n + col;
}

void cube_solved(int n, uint8_t *sticker)
{
    /* a fill per face: a division per sticker cost 46 us at N = 64 */
    size_t area = (size_t)n * (size_t)n;
    for (int f = 0; f < CUBE_FACES; f++)
        memset(sticker + (size_t)f * area, f, area);
}
