/*
 * magic_oracle.c - the plain reference oracle and verifier for Magic
 * Squares, deliberately written apart from the variants' fast code: states
 * are arrays of cells, moves are index tables written from the problem
 * statement, ranks are the O(n^2) textbook Lehmer code.
 *
 * One breadth-first search from the start fills depth[rank] for all (2K)!
 * states: O((2K)! * K^2) time, (2K)! bytes. Because every move rewrites
 * positions only, the move graph is a Cayley graph and the distance from
 * any state x to a target t equals the distance from the start e to
 * e o x^-1 o t (apply to e the same moves that take x to t). So the one
 * table answers "how far is t from x" for every x, which lets the checker
 * prove an answer optimal *and* alphabetically first: walking the answer
 * from the start, each letter must keep the remaining distance exact, and
 * every smaller letter must not.
 */
#include "magic_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"

#define MAX_CELLS (2 * MAGIC_K_MAX)
#define MAX_PLAIN_MOVES 5 /* A, B, C, B^-1, C^-1 */

/* new[i] = old[from[i]] for each move, straight from the statement. */
static int plain_moves(int k, bool with_inverses,
                       uint8_t from[MAX_PLAIN_MOVES][MAX_CELLS])
{
    int n = 2 * k;
    for (int i = 0; i < n; i++) {
        int row = i / k, col = i % k;
        from[0][i] = (uint8_t)((i + k) % n);                 /* A */
        from[1][i] = (uint8_t)(row * k + (col + k - 1) % k); /* B */
        from[2][i] = (uint8_t)i;                             /* C */
        from[3][i] = (uint8_t)(row * k + (col + 1) % k);     /* B^-1 */
        from[4][i] = (uint8_t)i;                             /* C^-1 */
    }
    /* C, clockwise: top-left of the block takes bottom-left, top-right
     * takes top-left, bottom-right takes top-right, bottom-left takes
     * bottom-right. */
    int tl = 1, tr = 2, br = k + 2, bl = k + 1;
    from[2][tl] = (uint8_t)bl;
    from[2][tr] = (uint8_t)tl;
    from[2][br] = (uint8_t)tr;
    from[2][bl] = (uint8_t)br;
    from[4][bl] = (uint8_t)tl;
    from[4][tl] = (uint8_t)tr;
    from[4][tr] = (uint8_t)br;
    from[4][br] = (uint8_t)bl;
    return with_inverses ? 5 : 3;
}

static uint32_t plain_rank(const uint8_t *cells, int n)
{
    uint32_t rank = 0;
    for (int i = 0; i < n; i++) {
        uint32_t smaller_later = 0;
        for (int j = i + 1; j < n; j++)
            smaller_later += cells[j] < cells[i];
        rank += smaller_later * magic_factorial[n - 1 - i];
    }
    return rank;
}

static void plain_unrank(uint32_t rank, int n, uint8_t *cells)
{
    bool used[MAX_CELLS] = {false};
    for (int i = 0; i < n; i++) {
        uint32_t digit = rank / magic_factorial[n - 1 - i];
        rank %= magic_factorial[n - 1 - i];
        for (int v = 0; v < n; v++)
            if (!used[v] && digit-- == 0) {
                cells[i] = (uint8_t)v;
                used[v] = true;
                break;
            }
    }
}

static void unpack(uint64_t s, int n, uint8_t *cells)
{
    for (int i = 0; i < n; i++)
        cells[i] = (uint8_t)magic_label(s, i);
}

uint32_t magic_plain_rank(uint64_t s, int k)
{
    uint8_t cells[MAX_CELLS];
    unpack(s, 2 * k, cells);
    return plain_rank(cells, 2 * k);
}

uint8_t *magic_plain_depths(int k, bool with_inverses)
{
    int n = 2 * k;
    uint32_t total = magic_factorial[n];
    uint8_t from[MAX_PLAIN_MOVES][MAX_CELLS];
    int moves = plain_moves(k, with_inverses, from);
    uint8_t *depth = malloc(total);
    uint32_t *queue = malloc((size_t)total * sizeof(*queue));
    if (!depth || !queue) {
        free(depth);
        free(queue);
        return NULL;
    }
    memset(depth, MAGIC_PLAIN_UNSEEN, total);
    uint32_t head = 0, tail = 0;
    uint32_t start = magic_plain_rank(magic_start(k), k);
    depth[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        uint32_t r = queue[head++];
        uint8_t cells[MAX_CELLS], next[MAX_CELLS];
        plain_unrank(r, n, cells);
        for (int m = 0; m < moves; m++) {
            for (int i = 0; i < n; i++)
                next[i] = cells[from[m][i]];
            uint32_t q = plain_rank(next, n);
            if (depth[q] == MAGIC_PLAIN_UNSEEN) {
                depth[q] = (uint8_t)(depth[r] + 1);
                queue[tail++] = q;
            }
        }
    }
    free(queue);
    return depth;
}

/* --- the oracle over a corpus --------------------------------------- */

struct magic_oracle {
    uint8_t *depth[MAGIC_K_MAX + 1]; /* per K present in the corpus */
};

/* One depth table kept per ring width of the corpus, plus the queue of
 * the largest search while it runs. */
static uint64_t oracle_bytes(const struct pb_corpus *corpus)
{
    bool seen[MAGIC_K_MAX + 1] = {false};
    uint64_t tables = 0, queue = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct magic_instance *in = pb_corpus_item(corpus, i);
        if (in->k > MAGIC_K_MAX || seen[in->k])
            continue;
        seen[in->k] = true;
        uint64_t states = magic_factorial[2 * in->k];
        tables = pb_add_sat(tables, states);
        if (4 * states > queue)
            queue = 4 * states;
    }
    return pb_add_sat(tables, queue);
}

void *magic_oracle_new(const struct pb_corpus *corpus, struct pb_error *e)
{
    if (pb_memory_check(oracle_bytes(corpus), "the oracle's depth tables", e))
        return NULL;
    struct magic_oracle *o = calloc(1, sizeof(*o));
    if (!o) {
        pb_fail(e, -ENOMEM, "oracle: out of memory");
        return NULL;
    }
    for (size_t i = 0; i < corpus->count; i++) {
        const struct magic_instance *in = pb_corpus_item(corpus, i);
        if (o->depth[in->k])
            continue;
        o->depth[in->k] = magic_plain_depths(in->k, false);
        if (!o->depth[in->k]) {
            magic_oracle_free(o);
            pb_fail(e, -ENOMEM, "oracle: out of memory for the 2 x %d ring",
                    in->k);
            return NULL;
        }
    }
    return o;
}

void magic_oracle_free(void *oracle)
{
    struct magic_oracle *o = oracle;
    if (!o)
        return;
    for (int k = 0; k <= MAGIC_K_MAX; k++)
        free(o->depth[k]);
    free(o);
}

/* Distance from x to t: depth of e o x^-1 o t. */
static unsigned distance(const struct magic_oracle *o, int k, uint64_t x,
                         uint64_t t)
{
    int n = 2 * k;
    uint8_t xc[MAX_CELLS], tc[MAX_CELLS], ec[MAX_CELLS], where[MAX_CELLS],
        y[MAX_CELLS];
    unpack(x, n, xc);
    unpack(t, n, tc);
    unpack(magic_start(k), n, ec);
    for (int i = 0; i < n; i++)
        where[xc[i]] = (uint8_t)i; /* x^-1 */
    for (int i = 0; i < n; i++)
        y[i] = ec[where[tc[i]]];
    return o->depth[k][plain_rank(y, n)];
}

static uint64_t plain_step(uint64_t s, int k, int move)
{
    uint8_t from[MAX_PLAIN_MOVES][MAX_CELLS], cells[MAX_CELLS];
    plain_moves(k, false, from);
    unpack(s, 2 * k, cells);
    uint64_t next = 0;
    for (int i = 0; i < 2 * k; i++)
        next |= (uint64_t)cells[from[move][i]] << (4 * i);
    return next;
}

bool magic_oracle_check(const void *oracle, const void *instance,
                        const void *answer, char *why, size_t why_len)
{
    const struct magic_oracle *o = oracle;
    const struct magic_instance *in = instance;
    const struct magic_answer *a = answer;
    int k = in->k;
    uint64_t x = magic_start(k);
    unsigned want = distance(o, k, x, in->target);
    if (want == MAGIC_PLAIN_UNSEEN || a->length == MAGIC_UNREACHABLE) {
        if (want == MAGIC_PLAIN_UNSEEN && a->length == MAGIC_UNREACHABLE)
            return true;
        snprintf(why, why_len, "reachability differs (oracle depth %u)", want);
        return false;
    }
    if (a->length != want) {
        snprintf(why, why_len, "length %u, but the shortest is %u",
                 (unsigned)a->length, want);
        return false;
    }
    for (unsigned i = 0; i < a->length; i++) {
        int m = magic_move_of(a->moves[i]);
        if (m < 0) {
            snprintf(why, why_len, "move %u is '%c', not A, B or C", i + 1,
                     a->moves[i]);
            return false;
        }
        unsigned left = a->length - i - 1;
        for (int smaller = 0; smaller < m; smaller++)
            if (distance(o, k, plain_step(x, k, smaller), in->target) == left) {
                snprintf(why, why_len,
                         "move %u: '%c' also leads to a "
                         "shortest sequence, so '%c' is not alphabetically "
                         "first",
                         i + 1, magic_letter((enum magic_move)smaller),
                         a->moves[i]);
                return false;
            }
        x = plain_step(x, k, m);
        if (distance(o, k, x, in->target) != left) {
            snprintf(why, why_len, "move %u ('%c') leaves the shortest path",
                     i + 1, a->moves[i]);
            return false;
        }
    }
    if (x != in->target) {
        snprintf(why, why_len, "the sequence does not reach the target");
        return false;
    }
    return true;
}

int magic_oracle_solve(const void *oracle, const void *instance, void *answer)
{
    const struct magic_oracle *o = oracle;
    const struct magic_instance *in = instance;
    struct magic_answer *a = answer;
    int k = in->k;
    uint64_t x = magic_start(k);
    unsigned left = distance(o, k, x, in->target);
    memset(a, 0, sizeof(*a));
    if (left == MAGIC_PLAIN_UNSEEN) {
        a->length = MAGIC_UNREACHABLE;
        return 0;
    }
    a->length = (uint16_t)left;
    for (unsigned i = 0; left > 0; i++, left--)
        for (int m = 0; m < MAGIC_MOVES; m++) {
            uint64_t next = plain_step(x, k, m);
            if (distance(o, k, next, in->target) == left - 1) {
                a->moves[i] = magic_letter((enum magic_move)m);
                x = next;
                break;
            }
        }
    return 0;
}
