/*
 * eight_sym.c - the symmetries of a Cubic Eight-Puzzle board, which let
 * one search from a class representative answer for every start cell in
 * its class (eight.h says why a transpose comes with the colour
 * relabelling R <-> B).
 *
 * A symmetry is three bits: mirror the columns, mirror the rows, and
 * (square boards only) transpose first. A non-square board has the four
 * without a transpose (identity, two flips, half turn), a square one all
 * eight. A mirror maps a roll along x to a roll along x (the left and
 * right faces share a colour), so orientations stay; a transpose maps a
 * roll along x to one along y, so a cube's front and left faces trade
 * places: (top, front, left) = (t, f, l) becomes (t, l, f), and the start
 * orientation 0 (W,R,B) becomes 1 (W,B,R). Swapping R and B everywhere
 * turns that back into (W,R,B); in general (t, f, l) goes to
 * (s(t), s(l), s(f)) with s = R <-> B, the orientations 0..5 to
 * 0 1 5 4 3 2, which commutes with the rolls (a roll along x, top <->
 * left, becomes top <-> front, a roll along y). A start state therefore
 * maps to a start state, every state keeps its distance, and a pattern
 * maps by moving its cells and, with a transpose, swapping R and B.
 *
 * Cost: O(symmetries) per class, O(cells) per mapped pattern.
 */
#include "eight.h"

#include <stddef.h>

enum { SYM_FLIP_COLS = 1, SYM_FLIP_ROWS = 2, SYM_TRANSPOSE = 4 };

static int symmetries(int rows, int cols)
{
    return rows == cols ? EIGHT_MAX_SYMMETRIES : EIGHT_MAX_SYMMETRIES / 2;
}

/* The image of cell under symmetry g (the board is square whenever g
 * transposes). */
static unsigned sym_cell(int rows, int cols, int g, unsigned cell)
{
    int r = (int)cell / cols, c = (int)cell % cols;
    if (g & SYM_TRANSPOSE) {
        int t = r;
        r = c;
        c = t;
    }
    if (g & SYM_FLIP_COLS)
        c = cols - 1 - c;
    if (g & SYM_FLIP_ROWS)
        r = rows - 1 - r;
    return (unsigned)(r * cols + c);
}

/* The first symmetry taking start to the least cell of its orbit. */
static int to_representative(int rows, int cols, unsigned start, unsigned *rep,
                             unsigned *members)
{
    int best = 0, n = symmetries(rows, cols);
    unsigned seen = 0; /* a bit per cell of the orbit */
    *rep = start;
    for (int g = 0; g < n; g++) {
        unsigned image = sym_cell(rows, cols, g, start);
        seen |= 1u << image;
        if (image < *rep) {
            *rep = image;
            best = g;
        }
    }
    if (members)
        *members = (unsigned)__builtin_popcount(seen);
    return best;
}

unsigned eight_class_of(int rows, int cols, unsigned start, unsigned *members)
{
    unsigned rep;
    (void)to_representative(rows, cols, start, &rep, members);
    return rep;
}

void eight_class_map(const struct eight_instance *in,
                     struct eight_instance *out)
{
    unsigned rep;
    int g = to_representative(in->rows, in->cols, in->start, &rep, NULL);
    *out = *in;
    out->start = (uint8_t)rep;
    for (unsigned i = 0; i < (unsigned)(in->rows * in->cols); i++) {
        uint8_t colour = in->goal[i];
        if ((g & SYM_TRANSPOSE) && (colour == EIGHT_R || colour == EIGHT_B))
            colour = (uint8_t)(EIGHT_R + EIGHT_B - colour);
        out->goal[sym_cell(in->rows, in->cols, g, i)] = colour;
    }
}
