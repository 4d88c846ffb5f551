/*
 * eight_space.c - the Cubic Eight-Puzzle's whole state space for the
 * whole-space engine (pb_space.h): ranks are the perfect index of eight.h
 * (empty cell * 6^(cells-1) + the cubes' orientations in base 6), so
 * 3 x 3 has 15,116,544 ranks and 3 x 4 4,353,564,672 (1.09 GB at 2 bits
 * each); 4 x 4 (7.5e12, 1.9 TB) is refused.
 *
 * A rank's neighbours are the 2..4 rolls into its empty cell: the rank
 * is split into the empty cell (a division by a constant) and its
 * orientation digits (four at a time from a 1296-entry table built with
 * the space), and each neighbour's rank is the rank changed in place
 * (struct eight_roll_step below), which is what unrank (eight_unindex),
 * roll (eight_move) and rank (eight_index) would give, in about 11 ns
 * for all of them on 3 x 3 against 28 ns that way; O(1) word operations
 * and no allocation. Rolls are involutions, so the space is undirected (prev
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

/* One roll into empty cell p, as a change of rank. The perfect index
 * lists the cubes in row-major order, so a roll along x keeps the order
 * and changes one digit; a roll along y moves the rolling cube past the
 * C - 1 cubes between its cell q and p, turning a block of C digits
 * starting at digit s0 = min(p, q): with R the base-6 value of those
 * C - 1 other digits and o the roller's orientation (its digit), the
 * block's value changes by roll(o) - o * 6^(C-1) + 5R when the roller
 * is the block's top digit (q = p + C, it moves down the order), by
 * roll(o) * 6^(C-1) - o - 5R when it is the bottom one (q = p - C), and
 * by roll(o) - o along x (R = 0). So the neighbour's rank is
 * rank + add[o] + r_scale * R, where add[o] holds (q - p) * 6^(cells-1)
 * for the moved empty cell plus 6^s0 times the o terms, and r_scale is
 * +-5 * 6^s0; all arithmetic modulo 2^64, where the sum is exact. */
struct eight_roll_step {
    uint8_t o_shift, r_shift; /* bit of the roller's digit, of R's */
    uint64_t r_mask;          /* R's digits (0 along x) */
    uint64_t r_scale;
    uint64_t add[EIGHT_ORIENTATIONS];
};

struct eight_space_ctx {
    struct eight_board b;
    struct eight_roll_step step[EIGHT_MAX_CELLS][EIGHT_MAX_DEGREE];
    uint16_t quad[EIGHT_QUAD]; /* four base-6 digits as 3-bit fields */
};

/* eight_base6_unpack by four digits at a time from ctx->quad (2.6 KB,
 * in the first-level cache): three multiplies and four loads. */
static inline uint64_t unpack(const struct eight_space_ctx *c, uint64_t v,
                              uint64_t layouts)
{
    uint64_t lo = v, hi = 0;
    if (layouts > EIGHT_QUAD * EIGHT_QUAD) { /* more than eight digits */
        hi = v / (EIGHT_QUAD * EIGHT_QUAD);
        lo = v - hi * (EIGHT_QUAD * EIGHT_QUAD);
    }
    uint64_t q = lo / EIGHT_QUAD,
             d = c->quad[lo - q * EIGHT_QUAD] | (uint64_t)c->quad[q] << 12;
    if (layouts > EIGHT_QUAD * EIGHT_QUAD) {
        uint64_t qh = hi / EIGHT_QUAD;
        d |= ((uint64_t)c->quad[hi - qh * EIGHT_QUAD] | (uint64_t)c->quad[qh]
                                                            << 12)
             << 24;
    }
    return d;
}

static uint64_t pow6(unsigned n)
{
    uint64_t p = 1;
    while (n-- > 0)
        p *= EIGHT_ORIENTATIONS;
    return p;
}

static void steps_init(struct eight_space_ctx *c)
{
    const struct eight_board *b = &c->b;
    unsigned cols = (unsigned)b->cols;
    for (unsigned p = 0; p < (unsigned)b->cells; p++)
        for (unsigned k = 0; k < b->degree[p]; k++) {
            unsigned q = b->next[p][k], axis = b->axis[p][k];
            unsigned s0 = p < q ? p : q, o_digit = s0, r_digit = 0;
            uint64_t r_mask = 0, w_roll = 1, w_o = 1, scale = pow6(s0);
            uint64_t r_sign = 0;
            if (axis == EIGHT_AXIS_Y) {
                r_mask = (UINT64_C(1) << (3 * (cols - 1))) - 1;
                if (q > p) { /* the roller is the block's top digit */
                    o_digit = s0 + cols - 1;
                    r_digit = s0;
                    w_o = pow6(cols - 1);
                    r_sign = 5;
                } else {
                    r_digit = s0 + 1;
                    w_roll = pow6(cols - 1);
                    r_sign = (uint64_t)-5;
                }
            }
            struct eight_roll_step *st = &c->step[p][k];
            st->o_shift = (uint8_t)(3 * o_digit);
            st->r_shift = (uint8_t)(3 * r_digit);
            st->r_mask = r_mask;
            st->r_scale = r_sign * scale;
            for (unsigned o = 0; o < EIGHT_ORIENTATIONS; o++)
                st->add[o] = ((uint64_t)q - p) * b->layouts +
                             scale * (eight_roll[axis][o] * w_roll - o * w_o);
        }
}

/* The neighbours of rank on a board of `layouts` = 6^(cells-1), a
 * constant where the callers below inline it. */
static inline unsigned rolls(const struct eight_space_ctx *c, uint64_t rank,
                             uint64_t layouts, unsigned cols, uint64_t *out,
                             pb_space_visit_fn visit, void *vctx)
{
    unsigned p = (unsigned)(rank / layouts);
    uint64_t d = unpack(c, rank - p * layouts, layouts);
    unsigned k = c->b.degree[p];
    for (unsigned i = 0; i < k; i++) {
        const struct eight_roll_step *st = &c->step[p][i];
        unsigned o = (unsigned)(d >> st->o_shift) & 7u;
        uint64_t t = rank + st->add[o];
        /* along y only; ranks come in runs of one empty cell, so this
         * branch is well predicted */
        if (st->r_mask) {
            uint64_t x = (d >> st->r_shift) & st->r_mask;
            uint64_t r = cols == 3 ? (x & 7u) + 6 * (x >> 3) : eight_base6(x);
            t += st->r_scale * r;
        }
        if (!visit)
            /* every caller passes out when it passes no visit function */
            /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
            out[i] = t;
        else if (visit(vctx, t))
            return 1;
    }
    return visit ? 0 : k;
}

/* A copy of rolls per common board size, 6^(cells-1) a constant there
 * (the division that finds the empty cell becomes a multiply). */
static inline unsigned rolls_any(const struct eight_space_ctx *c, uint64_t rank,
                                 uint64_t *out, pb_space_visit_fn visit,
                                 void *vctx)
{
    switch (c->b.cells) {
    case 6:
        return rolls(c, rank, 7776u, (unsigned)c->b.cols, out, visit, vctx);
    case 8:
        return rolls(c, rank, 279936u, (unsigned)c->b.cols, out, visit, vctx);
    case 9:
        return rolls(c, rank, 1679616u, 3, out, visit, vctx);
    case 10:
        return rolls(c, rank, 10077696u, (unsigned)c->b.cols, out, visit, vctx);
    case 12:
        return rolls(c, rank, 362797056u, (unsigned)c->b.cols, out, visit,
                     vctx);
    default:
        return rolls(c, rank, c->b.layouts, (unsigned)c->b.cols, out, visit,
                     vctx);
    }
}

static unsigned eight_space_next(const void *ctx, uint64_t rank, uint64_t *out)
{
    return rolls_any(ctx, rank, out, NULL, NULL);
}

static bool eight_space_each(const void *ctx, uint64_t rank,
                             pb_space_visit_fn visit, void *vctx)
{
    return rolls_any(ctx, rank, NULL, visit, vctx) != 0;
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

static unsigned max_degree(const struct eight_board *b)
{
    unsigned most = 0;
    for (int i = 0; i < b->cells; i++)
        most = b->degree[i] > most ? b->degree[i] : most;
    return most;
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
    struct eight_space_ctx *c = malloc(sizeof(*c));
    if (!c)
        return pb_fail(e, -ENOMEM, "out of memory");
    c->b = probe;
    steps_init(c);
    for (unsigned i = 0; i < EIGHT_QUAD; i++)
        c->quad[i] = (uint16_t)eight_base6_unpack(i);
    const struct eight_board *b = &c->b;
    *out = (struct pb_space){
        .n = b->index_size,
        .moves = max_degree(b),
        .next = eight_space_next,
        .prev = NULL, /* rolls are their own inverses */
        .prev_each = eight_space_each,
        .ctx = c,
        .starts = {eight_index(b, eight_start_state(cell))},
        .nstarts = 1,
        .owned = c,
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
    /* digits only, each 1..8: a sign, blanks or leading zeros, or a
     * number too long for an int, are not a cell */
    int x = 0, y = 0;
    const char *p = text;
    bool ok = *p >= '1' && *p <= '9' && p[1] == ',';
    if (ok) {
        x = *p - '0';
        p += 2;
        ok = *p >= '1' && *p <= '9' && p[1] == '\0';
        y = ok ? *p - '0' : 0;
    }
    if (!ok || x > cols || y > rows)
        return pb_fail(e, -EINVAL,
                       "start '%.40s' is not a cell of the %d x %d board; "
                       "expected X,Y (the column 1..%d, the row 1..%d)",
                       text, rows, cols, cols, rows);
    *start = (y - 1) * cols + (x - 1);
    return 0;
}
