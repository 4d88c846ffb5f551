/*
 * walk_oracle.c - the plain reference for cube_walk: Dijkstra's algorithm
 * with a binary heap and lazy deletion over (square, die), written apart
 * from the variants and from the tables of walk.h. The die is six
 * numbers, one per position (near, far, top, right, bottom, left), rolled
 * by moving the numbers as the statement says; a state is the square and
 * the (top, near) pair of input faces (36 codes per square, 24 used).
 * The check re-simulates the printed route with this die: legal steps,
 * start and end right, no blocked square, the printed sum equal to the
 * route's sum and to the optimum. O(S log S) for S = 24 * squares.
 * Memory: 9 bytes per code (36 a square) and the heap, 16 bytes an entry;
 * a push finding the heap at 24 entries a square first drops the stale
 * entries (at most one entry per code is current, and the start's is
 * gone), so the heap never holds more (walk_oracle_bytes: 708 bytes a
 * square, 12 GB for a 4096 x 4096 board).
 */
#include "walk_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"

enum { CODES = 36, NO_PARENT = 0xFF };

struct die {
    uint8_t at[WALK_FACES]; /* input face at near, far, top, right, bottom,
                               left */
};

static struct die die_roll(struct die d, int dir)
{
    struct die n = d;
    uint8_t *o = d.at, *m = n.at;
    switch (dir) {
    case 0: /* toward rank R: the far face goes down */
        m[WALK_BOTTOM] = o[WALK_FAR], m[WALK_NEAR] = o[WALK_BOTTOM];
        m[WALK_TOP] = o[WALK_NEAR], m[WALK_FAR] = o[WALK_TOP];
        break;
    case 1: /* toward rank 1: the near face goes down */
        m[WALK_BOTTOM] = o[WALK_NEAR], m[WALK_FAR] = o[WALK_BOTTOM];
        m[WALK_TOP] = o[WALK_FAR], m[WALK_NEAR] = o[WALK_TOP];
        break;
    case 2: /* toward file C: the right face goes down */
        m[WALK_BOTTOM] = o[WALK_RIGHT], m[WALK_LEFT] = o[WALK_BOTTOM];
        m[WALK_TOP] = o[WALK_LEFT], m[WALK_RIGHT] = o[WALK_TOP];
        break;
    default: /* toward file 1: the left face goes down */
        m[WALK_BOTTOM] = o[WALK_LEFT], m[WALK_RIGHT] = o[WALK_BOTTOM];
        m[WALK_TOP] = o[WALK_RIGHT], m[WALK_LEFT] = o[WALK_TOP];
        break;
    }
    return n;
}

/* The square one step from (r, c) in direction dir, or -1. */
static int64_t plain_step(const struct walk_instance *in, int64_t sq, int dir)
{
    int64_t r = sq / in->cols, c = sq % in->cols;
    static const int dr[4] = {1, -1, 0, 0}, dc[4] = {0, 0, 1, -1};
    r += dr[dir];
    c += dc[dir];
    if (r < 0 || c < 0 || r >= in->rows || c >= in->cols)
        return -1;
    int64_t n = r * in->cols + c;
    if (in->blocked && in->blocked[n])
        return -1;
    return n;
}

static uint64_t code_of(uint64_t sq, struct die d)
{
    return sq * CODES + d.at[WALK_TOP] * 6u + d.at[WALK_NEAR];
}

/* The oracle: the die of each (top, near) code (the pair fixes the die,
 * so the heap keeps codes, not dies). */
struct walk_oracle {
    struct die die_of_code[CODES];
};

/* Fills o's table by rolling the start die (its faces where the input put
 * them) until no new code appears. */
static void die_table_fill(struct walk_oracle *o)
{
    bool seen[CODES] = {false};
    struct die queue[CODES];
    size_t head = 0, tail = 0;
    for (int f = 0; f < WALK_FACES; f++)
        queue[0].at[f] = (uint8_t)f;
    seen[code_of(0, queue[0])] = true;
    tail = 1;
    while (head < tail) {
        struct die d = queue[head++];
        o->die_of_code[code_of(0, d)] = d;
        for (int dir = 0; dir < 4; dir++) {
            struct die n = die_roll(d, dir);
            if (!seen[code_of(0, n)]) {
                seen[code_of(0, n)] = true;
                queue[tail++] = n;
            }
        }
    }
}

struct entry {
    uint64_t dist, code;
};

struct heap {
    struct entry *v;
    size_t len, cap, most; /* most: 24 entries a square */
};

static void sift_down(struct entry *v, size_t len, size_t i)
{
    struct entry x = v[i];
    for (;;) {
        size_t l = 2 * i + 1;
        if (l >= len)
            break;
        size_t m = l + 1 < len && v[l + 1].dist < v[l].dist ? l + 1 : l;
        if (v[m].dist >= x.dist)
            break;
        v[i] = v[m];
        i = m;
    }
    v[i] = x;
}

/* Drops the entries whose code has a smaller sum since, and re-heaps. */
static void heap_compact(struct heap *h, const uint64_t *dist)
{
    size_t n = 0;
    for (size_t i = 0; i < h->len; i++)
        if (h->v[i].dist == dist[h->v[i].code])
            h->v[n++] = h->v[i];
    h->len = n;
    for (size_t i = n / 2; i-- > 0;)
        sift_down(h->v, n, i);
}

static int heap_push(struct heap *h, struct entry x, const uint64_t *dist)
{
    if (h->len == h->most)
        heap_compact(h, dist);
    if (h->len == h->most)
        return -EOVERFLOW; /* cannot happen: see the opening comment */
    if (h->len == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 64;
        if (cap > h->most)
            cap = h->most;
        struct entry *v = realloc(h->v, cap * sizeof(*v));
        if (!v)
            return -ENOMEM;
        h->v = v;
        h->cap = cap;
    }
    size_t i = h->len++;
    while (i > 0 && h->v[(i - 1) / 2].dist > x.dist) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i] = x;
    return 0;
}

static struct entry heap_pop(struct heap *h)
{
    struct entry top = h->v[0];
    h->v[0] = h->v[--h->len];
    if (h->len)
        sift_down(h->v, h->len, 0);
    return top;
}

uint64_t walk_oracle_bytes(uint64_t cells)
{
    /* dist and parent per code, the heap (24 entries a square at most,
     * see heap_push) and the instance's route (4 bytes a square at most) */
    return pb_mul_sat(cells, CODES * (8 + 1) +
                                 WALK_ORIENTATIONS * sizeof(struct entry) + 4);
}

/* The optimum and, when route is not NULL, one optimal route into a. */
static int plain_solve(const struct walk_oracle *o,
                       const struct walk_instance *in, struct walk_answer *a,
                       bool route)
{
    uint64_t cells = walk_cells(in), codes = cells * CODES;
    uint64_t *dist = malloc(codes * sizeof(*dist));
    uint8_t *parent = malloc(codes);
    /* 24 codes a square are reachable: one current entry each, at most */
    struct heap h = {NULL, 0, 0, cells * WALK_ORIENTATIONS};
    int rc = dist && parent ? 0 : -ENOMEM;
    if (rc)
        goto out;
    for (uint64_t i = 0; i < codes; i++)
        dist[i] = WALK_UNREACHABLE;
    struct die d0;
    for (int f = 0; f < WALK_FACES; f++)
        d0.at[f] = (uint8_t)f;
    dist[code_of(in->start, d0)] = in->face[WALK_BOTTOM];
    parent[code_of(in->start, d0)] = NO_PARENT;
    rc = heap_push(
        &h, (struct entry){in->face[WALK_BOTTOM], code_of(in->start, d0)},
        dist);
    a->sum = WALK_UNREACHABLE;
    struct walk_point {
        uint32_t sq;
        struct die die;
    } goal = {0, d0};
    while (rc == 0 && h.len) {
        struct entry e = heap_pop(&h);
        if (e.dist != dist[e.code])
            continue;
        struct walk_point p = {(uint32_t)(e.code / CODES),
                               o->die_of_code[e.code % CODES]};
        if (p.sq == in->end) {
            a->sum = e.dist;
            goal = p;
            break;
        }
        for (int dir = 0; dir < 4 && rc == 0; dir++) {
            int64_t n = plain_step(in, p.sq, dir);
            if (n < 0)
                continue;
            struct die nd = die_roll(p.die, dir);
            uint64_t nd_dist = e.dist + in->face[nd.at[WALK_BOTTOM]];
            uint64_t c = code_of((uint64_t)n, nd);
            if (nd_dist < dist[c]) {
                dist[c] = nd_dist;
                parent[c] = (uint8_t)dir;
                rc = heap_push(&h, (struct entry){nd_dist, c}, dist);
            }
        }
    }
    if (rc || !route || a->sum == WALK_UNREACHABLE)
        goto out;
    /* walk back: the parent direction undone by rolling the opposite way */
    uint32_t length = 1;
    for (struct walk_point x = goal; parent[code_of(x.sq, x.die)] != NO_PARENT;
         length++) {
        int dir = parent[code_of(x.sq, x.die)];
        x.sq = (uint32_t)plain_step(in, x.sq, dir ^ 1);
        x.die = die_roll(x.die, dir ^ 1);
    }
    a->route = malloc(length * sizeof(*a->route));
    if (!a->route) {
        rc = -ENOMEM;
        goto out;
    }
    a->length = length;
    struct walk_point x = goal;
    for (uint32_t i = length; i-- > 0;) {
        a->route[i] = x.sq;
        if (i == 0)
            break;
        int dir = parent[code_of(x.sq, x.die)];
        x.sq = (uint32_t)plain_step(in, x.sq, dir ^ 1);
        x.die = die_roll(x.die, dir ^ 1);
    }
out:
    free(dist);
    free(parent);
    free(h.v);
    return rc;
}

void *walk_oracle_new(const struct pb_corpus *corpus, struct pb_error *e)
{
    uint64_t most = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct walk_instance *in = pb_corpus_item(corpus, i);
        if (walk_cells(in) > most)
            most = walk_cells(in);
    }
    if (pb_memory_check(walk_oracle_bytes(most),
                        "the cube_walk reference search", e))
        return NULL;
    struct walk_oracle *o = calloc(1, sizeof(*o));
    if (!o)
        pb_fail(e, -ENOMEM, "out of memory");
    else
        die_table_fill(o);
    return o;
}

int walk_oracle_solve(const void *oracle, const void *instance, void *answer)
{
    return plain_solve(oracle, instance, answer, true);
}

bool walk_oracle_check(const void *oracle, const void *instance,
                       const void *answer, char *why, size_t why_len)
{
    const struct walk_instance *in = instance;
    const struct walk_answer *a = answer;
    struct walk_answer best = {0, 0, NULL};
    if (plain_solve(oracle, in, &best, false)) {
        snprintf(why, why_len, "the reference search ran out of memory");
        return false;
    }
    if (best.sum == WALK_UNREACHABLE || a->sum == WALK_UNREACHABLE) {
        bool ok = best.sum == a->sum && a->length == 0;
        if (!ok)
            snprintf(why, why_len, "%s",
                     best.sum == WALK_UNREACHABLE
                         ? "the end is unreachable, but a route is printed"
                         : "a route exists, but the answer says unreachable");
        return ok;
    }
    if (!a->route || a->length == 0) {
        snprintf(why, why_len, "no route");
        return false;
    }
    if (a->route[0] != in->start || a->route[a->length - 1] != in->end) {
        snprintf(why, why_len, "the route does not run from start to end");
        return false;
    }
    struct die d;
    for (int f = 0; f < WALK_FACES; f++)
        d.at[f] = (uint8_t)f;
    uint64_t sum = in->face[WALK_BOTTOM];
    for (uint32_t i = 1; i < a->length; i++) {
        int dir = 0;
        while (dir < 4 &&
               plain_step(in, a->route[i - 1], dir) != (int64_t)a->route[i])
            dir++;
        if (dir == 4) {
            snprintf(why, why_len,
                     "step %u (square %u to %u) is not a roll onto an open "
                     "neighbour",
                     i, a->route[i - 1], a->route[i]);
            return false;
        }
        d = die_roll(d, dir);
        sum += in->face[d.at[WALK_BOTTOM]];
    }
    if (sum != a->sum) {
        snprintf(why, why_len, "printed sum %llu, but the route's is %llu",
                 (unsigned long long)a->sum, (unsigned long long)sum);
        return false;
    }
    if (sum != best.sum) {
        snprintf(why, why_len, "sum %llu, but the optimum is %llu",
                 (unsigned long long)sum, (unsigned long long)best.sum);
        return false;
    }
    return true;
}

void walk_oracle_free(void *oracle)
{
    free(oracle);
}
