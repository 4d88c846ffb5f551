/*
 * eight_board.c - the Cubic Eight-Puzzle model behind eight.h: roll
 * tables, neighbour lists of an R x C board, the start state and the full
 * states that match a target pattern; a size checked as a board
 * (eight_board_of_size). O(cells) per board, O(2^cubes) per
 * pattern enumeration.
 */
#include "eight.h"
#include "eight_internal.h"

/* Orientations listed (top, front, left): 0 WRB 1 WBR 2 RWB 3 RBW 4 BWR
 * 5 BRW. Along x top and left swap (WRB -> BRW), along y top and front
 * (WRB -> RWB). */
const uint8_t eight_roll[2][EIGHT_ORIENTATIONS] = {
    [EIGHT_AXIS_X] = {5, 3, 4, 1, 2, 0},
    [EIGHT_AXIS_Y] = {2, 4, 0, 5, 1, 3},
};

static void add_neighbour(struct eight_board *b, int cell, int other,
                          enum eight_axis axis)
{
    int k = b->degree[cell]++;
    b->next[cell][k] = (uint8_t)other;
    b->axis[cell][k] = (uint8_t)axis;
}

void eight_board_init(struct eight_board *b, int rows, int cols)
{
    *b = (struct eight_board){.rows = rows, .cols = cols, .cells = rows * cols};
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int cell = r * cols + c;
            if (r > 0)
                add_neighbour(b, cell, cell - cols, EIGHT_AXIS_Y);
            if (r + 1 < rows)
                add_neighbour(b, cell, cell + cols, EIGHT_AXIS_Y);
            if (c > 0)
                add_neighbour(b, cell, cell - 1, EIGHT_AXIS_X);
            if (c + 1 < cols)
                add_neighbour(b, cell, cell + 1, EIGHT_AXIS_X);
        }
    b->layouts = 1;
    for (int i = 1; i < b->cells; i++)
        b->layouts *= EIGHT_ORIENTATIONS;
    b->index_size = (uint64_t)b->cells * b->layouts;
}

uint64_t eight_start_state(unsigned empty)
{
    return ((uint64_t)EIGHT_EMPTY_FIELD << (3 * empty)) |
           ((uint64_t)empty << EIGHT_POS_SHIFT);
}

unsigned eight_goal_empty(const struct eight_instance *in)
{
    unsigned cells = (unsigned)(in->rows * in->cols), i = 0;
    while (i + 1 < cells && in->goal[i] != EIGHT_E)
        i++;
    return i;
}

uint64_t eight_goal_states(const struct eight_instance *in, uint64_t *out)
{
    int cells = in->rows * in->cols;
    unsigned empty = eight_goal_empty(in);
    uint64_t base = eight_start_state(empty);
    uint64_t flip[EIGHT_MAX_CELLS];
    int cubes = 0;
    for (int i = 0; i < cells; i++) {
        if ((unsigned)i == empty)
            continue;
        /* the two orientations with top colour c are 2c and 2c + 1 */
        base |= (uint64_t)(2 * in->goal[i]) << (3 * i);
        flip[cubes++] = UINT64_C(1) << (3 * i);
    }
    uint64_t n = UINT64_C(1) << cubes;
    for (uint64_t m = 0; m < n; m++) {
        uint64_t s = base;
        for (int j = 0; j < cubes; j++)
            if (m >> j & 1)
                s |= flip[j];
        out[m] = s;
    }
    return n;
}

int eight_board_of_size(const struct pb_size *size, int *rows, int *cols,
                        struct pb_error *e)
{
    struct pb_size s = pb_size_set(size) ? *size
                                         : (struct pb_size){EIGHT_JUDGE_SIDE,
                                                            EIGHT_JUDGE_SIDE};
    *rows = s.a;
    *cols = s.b;
    if (*rows < EIGHT_MIN_SIDE || *rows > EIGHT_MAX_SIDE ||
        *cols < EIGHT_MIN_SIDE || *cols > EIGHT_MAX_SIDE ||
        *rows * *cols > EIGHT_MAX_CELLS)
        return pb_fail(e, -EINVAL,
                       "size %dx%d is not a cubic_eight board; expected "
                       "ROWSxCOLUMNS, each %d..%d, at most %d cells (3x3)",
                       (int)s.a, (int)s.b, EIGHT_MIN_SIDE, EIGHT_MAX_SIDE,
                       EIGHT_MAX_CELLS);
    return 0;
}
