/*
 * walk_kernel.c - the cube_walk kernel descriptor: its answers (a route
 * owned by the slot; two answers are the same when both routes are valid
 * and their sums equal, decided by re-simulating the route with the
 * tables of walk.h, O(route)), its size syntax (the board RxC), its work
 * counters (queue pops, the main unit, relaxations, and the igraph
 * variant's graph build time, WALK_BUILD_NS) and units of work
 * (12 states per square reachable from the start: every orientation of
 * the square's parity class, see walk.h; exact on an open board of at
 * least 2 x 2, an upper bound on one-square-wide boards and in mazes).
 */
#include "walk_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"

extern const struct pb_variant *const cube_walk_variants[];
extern const struct pb_kernel cube_walk_kernel;

static bool walk_same(const void *instance, const void *expected,
                      const void *answer, char *why, size_t why_len)
{
    const struct walk_answer *x = expected, *a = answer;
    if (x->sum == WALK_UNREACHABLE || a->sum == WALK_UNREACHABLE) {
        bool ok = x->sum == a->sum && a->length == 0;
        if (!ok)
            snprintf(why, why_len, "%s",
                     a->sum == WALK_UNREACHABLE
                         ? "says unreachable, but a route exists"
                         : "prints a route, but the end is unreachable");
        return ok;
    }
    uint64_t sum;
    if (!walk_simulate(instance, a->route, a->length, &sum, why, why_len))
        return false;
    if (sum != a->sum) {
        snprintf(why, why_len, "prints sum %llu, but its route sums to %llu",
                 (unsigned long long)a->sum, (unsigned long long)sum);
        return false;
    }
    if (sum != x->sum) {
        snprintf(why, why_len, "sum %llu, expected %llu",
                 (unsigned long long)sum, (unsigned long long)x->sum);
        return false;
    }
    return true;
}

static void walk_release(void *answer)
{
    struct walk_answer *a = answer;
    free(a->route);
    memset(a, 0, sizeof(*a));
}

/* The answer between processes (the MPI back end): the sum, the length
 * and the route's squares, in this machine's byte order (the processes
 * of one run share a build). */
static size_t walk_pack(const void *answer, void *buf)
{
    const struct walk_answer *a = answer;
    size_t route = (size_t)a->length * sizeof(*a->route);
    if (buf) {
        unsigned char *p = buf;
        memcpy(p, &a->sum, sizeof(a->sum));
        memcpy(p + sizeof(a->sum), &a->length, sizeof(a->length));
        if (route)
            memcpy(p + sizeof(a->sum) + sizeof(a->length), a->route, route);
    }
    return sizeof(a->sum) + sizeof(a->length) + route;
}

static int walk_unpack(void *answer, const void *buf, size_t len)
{
    struct walk_answer *a = answer;
    const unsigned char *p = buf;
    const size_t head = sizeof(a->sum) + sizeof(a->length);
    if (len < head)
        return -EINVAL;
    memcpy(&a->sum, p, sizeof(a->sum));
    memcpy(&a->length, p + sizeof(a->sum), sizeof(a->length));
    size_t route = (size_t)a->length * sizeof(*a->route);
    if (len != head + route) {
        memset(a, 0, sizeof(*a));
        return -EINVAL;
    }
    a->route = route ? malloc(route) : NULL;
    if (route && !a->route) {
        memset(a, 0, sizeof(*a));
        return -ENOMEM;
    }
    if (route)
        memcpy(a->route, p + head, route);
    return 0;
}

/* 12 per square reachable from the start (open squares, 4 neighbours). */
static uint64_t walk_units(const void *instance)
{
    const struct walk_instance *in = instance;
    uint64_t cells = walk_cells(in);
    if (!in->blocked)
        return WALK_CLASS * cells;
    uint8_t *seen = calloc(cells, 1);
    uint32_t *queue = malloc(cells * sizeof(*queue));
    uint64_t n = 0;
    if (!seen || !queue) {
        free(seen);
        free(queue);
        return WALK_CLASS * cells; /* the bound, when out of memory */
    }
    queue[n++] = in->start;
    seen[in->start] = 1;
    for (uint64_t head = 0; head < n; head++)
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            uint32_t next;
            if (walk_step(in, queue[head], d, &next) && walk_open(in, next) &&
                !seen[next]) {
                seen[next] = 1;
                queue[n++] = next;
            }
        }
    free(seen);
    free(queue);
    return WALK_CLASS * n;
}

/* Counter PB_WORK_MAIN first: what work_per_second counts. */
static const struct pb_counter_def walk_counters[] = {
    {"pops", "queue pops"},
    {"relaxations", "distance improvements"},
    {"build_ns", "nanoseconds building an explicit graph (igraph only)"},
    {"settled", "states settled"},
    {"touched", "states of the squares expanded"},
    {NULL, NULL}};

const struct pb_kernel cube_walk_kernel = {
    .name = "cube_walk",
    .summary = "Timus 1016 Cube on the Walk: the least sum of bottom faces "
               "rolling a die between two squares of an R x C board, and "
               "a route",
    .instance_size = sizeof(struct walk_instance),
    .format = {.read = walk_read,
               .write_instance = walk_write_instance,
               .instance_free = walk_instance_free},
    .answer = {.size = sizeof(struct walk_answer),
               .write = walk_write_answer,
               .read = walk_read_answer,
               .same = walk_same,
               .release = walk_release,
               .pack = walk_pack,
               .unpack = walk_unpack},
    .oracle = {.build = walk_oracle_new,
               .check = walk_oracle_check,
               .solve = walk_oracle_solve,
               .free = walk_oracle_free},
    .size = {.label = "board squares (rows x columns)",
             .judge = {WALK_JUDGE_SIDE, WALK_JUDGE_SIDE},
             .parse = pb_size_parse_board,
             .format = pb_size_format_board,
             .value = pb_size_value_cells},
    .work = {.counters = walk_counters,
             .units = walk_units,
             .unit_name = "reachable state"},
    .families_help =
        "uniform[:W] (faces 0..W, default 1000) | small (0..3) | extreme "
        "({0, 1000}) | maze[:P] (P% blocked, default 30, a "
        "route kept) | adversarial[:P] (two adjacent faces "
        "heavy; P% of ranks open ground over a street grid, "
        "default 100: SPFA re-expands more as P grows) | sealed[:W] "
        "(uniform[:W], the end walled in: every search settles the "
        "whole reachable space) | near:D (the end at distance 1..D "
        "from the start) | far (opposite corners); size = the board "
        "RxC (8x8)",
    .default_variant = "dial",
    .generate = walk_generate,
    .variants = cube_walk_variants,
};
