/*
 * eight.h - the Cubic Eight-Puzzle (UVa 1604) model shared by the kernel
 * and its variants: boards, the packed state, rolls, the perfect index and
 * the goal test.
 *
 * Board: R x C cells, row-major, cell = row * C + column (the judge's x is
 * the column, y the row, both 1-based). R*C - 1 cubes and one empty cell.
 *
 * Orientation: which colour faces up (top), along y (front) and along x
 * (left); the six permutations of W, R, B are numbered so that the top
 * colour is o >> 1:
 *   0 (W,R,B)  1 (W,B,R)  2 (R,W,B)  3 (R,B,W)  4 (B,W,R)  5 (B,R,W)
 * The start orientation is 0. Rolling along x swaps top and left, along y
 * top and front; both are involutions without fixed points.
 *
 * Packed state (uint64): 3 bits per cell at bit 3*cell holding the
 * orientation, or EIGHT_EMPTY_FIELD (6) in the empty cell; the empty
 * cell's number again at bit EIGHT_POS_SHIFT. Since 6 >> 1 = 3 = E, the
 * top colours of all cells, E included, sit in bits 1..2 of each field,
 * and "state matches pattern" is one masked compare (eight_goal).
 *
 * Perfect index: empty * 6^(cells-1) + the base-6 number whose digit j is
 * the orientation of the j-th cube in row-major order. For 3 x 3 that is
 * 9 * 6^8 = 15,116,544 codes; computed with a SWAR base-8 to base-6
 * conversion, O(log cells) word operations, no tables.
 */
#ifndef EIGHT_H
#define EIGHT_H

#include <stdbool.h>
#include <stdint.h>

#define EIGHT_MIN_SIDE 2
#define EIGHT_MAX_SIDE 8
#define EIGHT_MAX_CELLS 16 /* 48 bits of fields */
#define EIGHT_JUDGE_SIDE 3
#define EIGHT_JUDGE_CAP 30
#define EIGHT_MAX_CAP 250 /* depths are stored in bytes */
#define EIGHT_NO_ANSWER (-1)
#define EIGHT_ORIENTATIONS 6
#define EIGHT_MAX_DEGREE 4
/* 6^4: four base-6 orientation digits, the index of the lookup tables
 * that read a rank four digits at a time (eight_space.c, the table) */
#define EIGHT_QUAD 1296u

enum eight_colour { EIGHT_W, EIGHT_R, EIGHT_B, EIGHT_E };
enum eight_axis { EIGHT_AXIS_X, EIGHT_AXIS_Y };

#define EIGHT_EMPTY_FIELD 6u
#define EIGHT_POS_SHIFT 48
#define EIGHT_FIELDS_MASK ((UINT64_C(1) << EIGHT_POS_SHIFT) - 1)

/* One dataset: the board, the empty cell at the start, the cap and the
 * target top colour (or EIGHT_E) of every cell. */
struct eight_instance {
    uint8_t rows, cols;
    uint8_t start; /* cell */
    uint8_t cap;   /* answers above it are EIGHT_NO_ANSWER */
    uint8_t goal[EIGHT_MAX_CELLS];
};

struct eight_answer {
    int32_t moves; /* fewest rolls, or EIGHT_NO_ANSWER */
};

/* Neighbour lists and index constants of one board size. */
struct eight_board {
    int rows, cols, cells;
    uint8_t degree[EIGHT_MAX_CELLS];
    uint8_t next[EIGHT_MAX_CELLS][EIGHT_MAX_DEGREE]; /* neighbour cell */
    uint8_t axis[EIGHT_MAX_CELLS][EIGHT_MAX_DEGREE]; /* enum eight_axis */
    uint64_t layouts;    /* 6^(cells - 1): orientations of the cubes */
    uint64_t index_size; /* cells * layouts */
};

/* new orientation after a roll: eight_roll[axis][o] */
extern const uint8_t eight_roll[2][EIGHT_ORIENTATIONS];

void eight_board_init(struct eight_board *b, int rows, int cols);
/* Every cube in orientation 0, the empty cell at `empty`. */
uint64_t eight_start_state(unsigned empty);

static inline unsigned eight_empty(uint64_t s)
{
    return (unsigned)(s >> EIGHT_POS_SHIFT) & 15u;
}

/* The cube in cell q rolls into the empty cell p along `axis`. */
static inline uint64_t eight_move(uint64_t s, unsigned p, unsigned q,
                                  unsigned axis)
{
    unsigned o = (unsigned)(s >> (3 * q)) & 7u;
    uint64_t rolled = eight_roll[axis][o];
    return s ^ ((rolled ^ EIGHT_EMPTY_FIELD) << (3 * p)) ^
           ((uint64_t)(o ^ EIGHT_EMPTY_FIELD) << (3 * q)) ^
           ((uint64_t)(p ^ q) << EIGHT_POS_SHIFT);
}

/* Base-6 value of up to 16 three-bit digits (each 0..5), digit i worth
 * 6^i: pairs, then quads, then octets are merged by one multiply each. */
static inline uint64_t eight_base6(uint64_t fields)
{
    uint64_t v =
        (fields & 0x1c71c71c71c7ull) + 6 * ((fields >> 3) & 0x1c71c71c71c7ull);
    v = (v & 0x3f03f03f03full) + 36 * ((v >> 6) & 0x3f03f03f03full);
    v = (v & 0xfff000fffull) + 1296 * ((v >> 12) & 0xfff000fffull);
    return (v & 0xffffffull) + 1679616ull * ((v >> 24) & 0xffffffull);
}

static inline uint64_t eight_index(const struct eight_board *b, uint64_t s)
{
    unsigned p = eight_empty(s);
    uint64_t fields = s & EIGHT_FIELDS_MASK;
    uint64_t below = fields & ((UINT64_C(1) << (3 * p)) - 1);
    uint64_t above = fields >> (3 * p + 3);
    return p * b->layouts + eight_base6(below | (above << (3 * p)));
}

/* Inverse of eight_base6 for a value below 6^15: its base-6 digits as
 * 3-bit fields, digit i at bit 3i. The two octets split by one division
 * by 6^8, each octet's quads by one by 6^4 (constants: a multiply and a
 * shift); pairs and digits then split in all lanes at once, even and odd
 * lanes apart so that each product has room: x / 36 = x * 1821 >> 16 for
 * x < 1296 (a product under 2^22 in a 24-bit lane) and x / 6 =
 * x * 43 >> 8 for x < 36 (under 2^11 in a 12-bit lane), both exact on
 * those ranges. */
static inline uint64_t eight_base6_unpack(uint64_t v)
{
    uint64_t hi = v / 1679616u, lo = v - hi * 1679616u; /* 6^8 */
    uint64_t q0 = lo / 1296u, q1 = hi / 1296u;          /* 6^4 */
    uint64_t w = (lo - q0 * 1296u) | q0 << 12 | (hi - q1 * 1296u) << 24 |
                 q1 << 36; /* four 12-bit lanes, each < 1296 */
    const uint64_t m12 = 0x000fff000fffull, m6 = 0x00003f00003full;
    uint64_t e = w & m12, o = (w >> 12) & m12;
    uint64_t qe = (e * 1821u >> 16) & m6, qo = (o * 1821u >> 16) & m6;
    w = (e - 36 * qe) | qe << 6 | ((o - 36 * qo) | qo << 6) << 12;
    const uint64_t m6s = 0x03f03f03f03full, m3 = 0x007007007007ull;
    e = w & m6s;
    o = (w >> 6) & m6s;
    qe = (e * 43u >> 8) & m3;
    qo = (o * 43u >> 8) & m3;
    return (e - 6 * qe) | qe << 3 | ((o - 6 * qo) | qo << 3) << 6;
}

/* The packed state of a perfect index (the inverse of eight_index):
 * the reference the space's in-place neighbour ranks are tested against
 * (eight_space.c has the fast path). */
static inline uint64_t eight_unindex(const struct eight_board *b, uint64_t rank)
{
    unsigned p = (unsigned)(rank / b->layouts);
    uint64_t d = eight_base6_unpack(rank - p * b->layouts);
    uint64_t below = (UINT64_C(1) << (3 * p)) - 1;
    return (d & below) | (d & ~below) << 3 |
           (uint64_t)EIGHT_EMPTY_FIELD << (3 * p) |
           (uint64_t)p << EIGHT_POS_SHIFT;
}

/* The goal as a masked compare: (s & mask) == bits. */
struct eight_goal {
    uint64_t mask, bits;
};

static inline struct eight_goal eight_goal_of(const struct eight_instance *in)
{
    struct eight_goal g = {0, 0};
    for (int i = 0; i < in->rows * in->cols; i++) {
        g.mask |= UINT64_C(6) << (3 * i);
        g.bits |= (uint64_t)in->goal[i] << (3 * i + 1);
    }
    return g;
}

static inline bool eight_matches(struct eight_goal g, uint64_t s)
{
    return (s & g.mask) == g.bits;
}

/* Board symmetries (eight_sym.c). A mirror keeps each roll's axis, and
 * so every orientation; a transpose (square boards only) swaps the x and
 * y axes, and so the front and left faces, taking the start orientation
 * 0 (W,R,B) to 1 (W,B,R): relabelling the colours R <-> B with it maps 1
 * back to 0, and maps start states to start states. The class of a start
 * cell is its orbit; its representative is the least cell in it. */
#define EIGHT_MAX_SYMMETRIES 8
/* The class representative of start cell `start` on a rows x cols board,
 * and (when members is not NULL) the cells in its class. */
unsigned eight_class_of(int rows, int cols, unsigned start, unsigned *members);
/* The same query through the symmetry that takes in->start to its class
 * representative: out gets the representative as its start and the
 * pattern moved with the cells (R <-> B swapped when the symmetry is a
 * transpose), so that the fewest rolls of out equal those of in. */
void eight_class_map(const struct eight_instance *in,
                     struct eight_instance *out);

/* Pattern code: empty cell * 3^(cells-1) + base-3 colours of the other
 * cells in row-major order; and back (eight_oracle.c). */
uint64_t eight_pattern_code(const struct eight_instance *in);
void eight_pattern_decode(uint64_t code, struct eight_instance *in);

/* The cell the pattern leaves empty. */
unsigned eight_goal_empty(const struct eight_instance *in);
/* The 2^(cells-1) full states that match the pattern, in a fixed order,
 * into out[] (room for 1 << (cells - 1)); returns their number. */
uint64_t eight_goal_states(const struct eight_instance *in, uint64_t *out);

#endif
