/*
 * eight_space.c - the Cubic Eight-Puzzle's whole state space for the
 * whole-space engine (pb_space.h): ranks are the perfect index of eight.h
 * (empty cell * 6^(cells-1) + the cubes' orientations in base 6), so
 * 3 x 3 has 15,116,544 ranks and 3 x 4 4,353,564,672 (1.09 GB at 2 bits
 * each); 4 x 4 (7.5e12, 1.9 TB) is refused.
 *
 * A rank's neighbours are the 2..4 rolls into its empty cell: unrank
 * (eight_unindex: a division by a constant and a SWAR base-6 unpacking),
 * roll (eight_move), rank (eight_index); O(1) word operations each, no
 * allocation. Rolls are involutions, so the space is undirected (prev
 * NULL; with_inverses asks for the same space). prev_each computes the
 * neighbours one at a time, so a bottom-up check stops computing at the
 * first in the frontier.
 *
 * Starts are cells; the classes of start cells under the board's
 * symmetries (eight_sym.c) let one search stand for each class. The judge
 * writes a cell as "x,y", 1-based, x the column and y the row.
 */
#include "eight_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"

#define RANKS_PER_BYTE 4 /* the engine's 2 bits per rank */

static unsigned eight_space_next(const void *ctx, uint64_t rank, uint64_t *out)
{
    const struct eight_board *b = ctx;
    uint64_t s = eight_unindex(b, rank);
    unsigned p = eight_empty(s), k = b->degree[p];
    for (unsigned i = 0; i < k; i++)
        out[i] = eight_index(b, eight_move(s, p, b->next[p][i], b->axis[p][i]));
    return k;
}

static bool eight_space_each(const void *ctx, uint64_t rank,
                             pb_space_visit_fn visit, void *vctx)
{
    const struct eight_board *b = ctx;
    uint64_t s = eight_unindex(b, rank);
    unsigned p = eight_empty(s), k = b->degree[p];
    for (unsigned i = 0; i < k; i++)
        if (visit(vctx, eight_index(
                            b, eight_move(s, p, b->next[p][i], b->axis[p][i]))))
            return true;
    return false;
}

/* The cell of a start (-1: the corner, cell 0, as the census always
 * took), or -EINVAL. */
static int start_cell(int start, int rows, int cols, unsigned *cell,
                      struct pb_error *e)
{
    if (start == -1)
        start = 0;
    if (start < 0 || start >= rows * cols)
        return pb_fail(e, -EINVAL,
                       "start cell %d is not on the %d x %d board; expected "
                       "0..%d",
                       start, rows, cols, rows * cols - 1);
    *cell = (unsigned)start;
    return 0;
}

int eight_space_new(const struct pb_space_args *args, struct pb_space *out,
                    struct pb_error *e)
{
    int rows, cols;
    unsigned cell = 0;
    int rc = eight_board_of_size(&args->size, &rows, &cols, e);
    if (rc == 0)
        rc = start_cell(args->start, rows, cols, &cell, e);
    if (rc)
        return rc;
    struct eight_board probe;
    eight_board_init(&probe, rows, cols);
    char what[80];
    snprintf(what, sizeof(what), "the 2-bit search of the %d x %d board", rows,
             cols);
    uint64_t bytes = probe.index_size / RANKS_PER_BYTE +
                     (probe.index_size % RANKS_PER_BYTE != 0);
    rc = pb_memory_check(bytes, what, e);
    if (rc)
        return rc;
    struct eight_board *b = malloc(sizeof(*b));
    if (!b)
        return pb_fail(e, -ENOMEM, "out of memory");
    *b = probe;
    *out = (struct pb_space){
        .n = b->index_size,
        .moves = EIGHT_MAX_DEGREE,
        .next = eight_space_next,
        .prev = NULL, /* rolls are their own inverses */
        .prev_each = eight_space_each,
        .ctx = b,
        .starts = {eight_index(b, eight_start_state(cell))},
        .nstarts = 1,
        .owned = b,
    };
    snprintf(out->what, sizeof(out->what), "the %d x %d board from (%u,%u)",
             rows, cols, cell % (unsigned)cols + 1, cell / (unsigned)cols + 1);
    return 0;
}

void eight_space_free(struct pb_space *space)
{
    free(space->owned);
    space->owned = NULL;
    space->ctx = NULL;
}

/* corner, edge or inner by the cell's neighbours; an inner cell that is
 * its own class is the centre. */
static const char *cell_kind(const struct eight_board *b, unsigned cell,
                             unsigned members)
{
    switch (b->degree[cell]) {
    case 2:
        return "corner";
    case 3:
        return "edge";
    default:
        return members == 1 ? "centre" : "inner";
    }
}

int eight_space_classes(const struct pb_size *size, struct pb_space_class *out,
                        struct pb_error *e)
{
    int rows, cols;
    int rc = eight_board_of_size(size, &rows, &cols, e);
    if (rc)
        return rc;
    struct eight_board b;
    eight_board_init(&b, rows, cols);
    int n = 0;
    for (unsigned cell = 0; cell < (unsigned)b.cells; cell++) {
        unsigned members;
        if (eight_class_of(rows, cols, cell, &members) != cell)
            continue; /* not the least cell of its class */
        if (n == PB_SPACE_MAX_CLASSES)
            return pb_fail(e, -ERANGE, "more than %d classes",
                           PB_SPACE_MAX_CLASSES);
        out[n] =
            (struct pb_space_class){.start = (int)cell, .members = members};
        snprintf(out[n].name, sizeof(out[n].name), "%s (%u,%u)",
                 cell_kind(&b, cell, members), cell % (unsigned)cols + 1,
                 cell / (unsigned)cols + 1);
        n++;
    }
    return n;
}

/* "X,Y": the judge's column and row of the empty cell, 1-based. */
int eight_space_start_parse(const struct pb_size *size, const char *text,
                            int *start, struct pb_error *e)
{
    int rows, cols;
    int rc = eight_board_of_size(size, &rows, &cols, e);
    if (rc)
        return rc;
    int x, y, used = 0;
    if (sscanf(text, "%d,%d%n", &x, &y, &used) != 2 ||
        (size_t)used != strlen(text) || x < 1 || x > cols || y < 1 || y > rows)
        return pb_fail(e, -EINVAL,
                       "start '%.40s' is not a cell of the %d x %d board; "
                       "expected X,Y (the column 1..%d, the row 1..%d)",
                       text, rows, cols, cols, rows);
    *start = (y - 1) * cols + (x - 1);
    return 0;
}
