/*
 * spfa.c - cube_walk by SPFA (Bellman-Ford with a FIFO queue and an
 * in-queue flag per state; the seed's approach): a state is queued when
 * its sum improves and it is not already queued. Label-correcting, so a
 * state may be popped many times; time O(states * edges) in the worst
 * case, about linear on benign faces. Implicit graph (walk_variant.h):
 * four rolls per state, no adjacency lists. Memory: 9 bytes per state
 * plus a circular queue of 8 bytes per state (a state is queued at most
 * once at a time). Searches every reachable state. Reference: Moore,
 * "The shortest path through a maze" (1959); Duan Fanding (1994).
 */
#include "walk_variant.h"

struct spfa_worker {
    struct walk_arrays a;
    uint64_t *queue; /* circular, a->states entries */
};

static void spfa_worker_free(void *worker)
{
    struct spfa_worker *w = worker;
    if (!w)
        return;
    walk_arrays_free(&w->a);
    free(w->queue);
    free(w);
}

static void *spfa_worker_new(const struct pb_corpus *corpus, const void *shared)
{
    (void)shared;
    struct spfa_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    uint64_t cells = walk_corpus_cells(corpus);
    w->queue = malloc(cells * WALK_CLASS * sizeof(*w->queue));
    if (walk_arrays_init(&w->a, cells) || !w->queue) {
        spfa_worker_free(w);
        return NULL;
    }
    return w;
}

static int spfa_solve(void *worker, const void *instance, void *answer,
                      struct pb_work *work, struct pb_error *e)
{
    struct spfa_worker *w = worker;
    const struct walk_instance *in = instance;
    uint64_t *dist = w->a.dist, *queue = w->queue;
    uint8_t *mark = w->a.mark;
    uint64_t cap = walk_cells(in) * WALK_CLASS, head = 0, len = 0;
    uint64_t pops = 0, relaxations = 0;
    uint32_t bottom[WALK_ORIENTATIONS];
    walk_bottoms(in, bottom);
    uint64_t start = walk_arrays_reset(&w->a, in);
    queue[0] = start;
    len = 1;
    mark[start] |= WALK_IN_QUEUE;
    while (len) {
        uint64_t s = queue[head];
        head = head + 1 == cap ? 0 : head + 1;
        len--;
        pops++;
        mark[s] &= (uint8_t)~WALK_IN_QUEUE;
        uint32_t sq = (uint32_t)(s / WALK_CLASS);
        unsigned o = walk_orientation(in, s);
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            uint32_t next;
            if (!walk_step(in, sq, d, &next) || !walk_open(in, next))
                continue;
            unsigned no = walk_roll[o][d];
            uint64_t t = walk_state(next, no), nd = dist[s] + bottom[no];
            if (nd >= dist[t])
                continue;
            dist[t] = nd;
            relaxations++;
            mark[t] = (uint8_t)((mark[t] & WALK_IN_QUEUE) | d);
            if (!(mark[t] & WALK_IN_QUEUE)) {
                mark[t] |= WALK_IN_QUEUE;
                uint64_t tail = head + len;
                queue[tail >= cap ? tail - cap : tail] = t;
                len++;
            }
        }
    }
    work->count[WALK_POPS] += pops;
    work->count[WALK_RELAXATIONS] += relaxations;
    return walk_route(&w->a, in, answer, e);
}

static uint64_t spfa_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t cells = walk_corpus_cells(corpus);
    uint64_t one = pb_add_sat(walk_arrays_bytes(cells),
                              pb_mul_sat(cells, WALK_CLASS * sizeof(uint64_t)));
    return pb_mul_sat((uint64_t)threads, one);
}

const struct pb_variant walk_variant_spfa = {
    .name = "spfa",
    .summary = "SPFA: FIFO label-correcting queue with in-queue flags over "
               "(square, orientation)",
    .worker_new = spfa_worker_new,
    .solve = spfa_solve,
    .worker_free = spfa_worker_free,
    .memory_bound = spfa_memory,
};
