/*
 * igraph.c - cube_walk the way a user of a graph library would write it:
 * per instance, the explicit directed graph of 24 * R * C vertices
 * (square * 24 + orientation: all 24 orientations, though only the 12 of
 * the square's parity class are reachable, see walk.h), one edge per
 * legal roll from every orientation of every open square to an open
 * neighbour, weighted by the bottom number after the roll (igraph_create
 * from an edge vector, and a weight vector); then igraph 0.10's
 * igraph_get_shortest_paths_dijkstra (a binary indexed heap with
 * decrease-key over a lazily built incidence list) from the start vertex
 * to the end square's 24 vertices. The end's 12 orientations of the other
 * parity are never reached, so igraph never stops early: like the other
 * variants it settles every reachable state. Of the paths found, the one
 * with the least sum wins; sums are added up in integers along the path
 * (the start's bottom first), never read back from igraph's doubles.
 *
 * What it shows is what the implicit graph buys: the build is part of
 * each solve (the graph depends on the instance) and is also reported
 * apart, as the work counter build_ns (WALK_BUILD_NS, walk.h; total time
 * minus build_ns is igraph's search). igraph does not expose its heap
 * operations, so the pops and relaxations counters stay 0 for this
 * variant: they are not counted, not zero work.
 *
 * Exactness: igraph's weights and distances are doubles. Every distance
 * igraph forms is at most the largest face times (vertices + 1) (a
 * shortest path is simple), and integers below 2^53 are exact in a
 * double, so a corpus past that is refused (walk_igraph_exact).
 *
 * Threads: Debian's igraph 0.10.2 is built with IGRAPH_THREAD_SAFE 0: its
 * error handlers and the stack of objects it frees on error are
 * process-wide. Solves therefore take one lock (walk_igraph_lock) for
 * their whole length: at T threads instances are solved one at a time,
 * correctly, with no speed-up, and only one graph is alive at a time.
 * igraph never aborts the process: its error handler here records the
 * message and frees igraph's temporaries; a failure becomes -ENOMEM (out
 * of memory) or -EIO with igraph's message.
 *
 * Time: O(E + V) to build (igraph_create orders the edges by radix sort),
 * O(E log V) for Dijkstra; E <= 96 * R * C edges, V = 24 * R * C
 * vertices. Memory: about 7 KB per square, bounded by 9 KB per square
 * (walk_igraph_memory), against 101 bytes per framed square for the implicit
 * graph's arrays (walk_grid.h). Reference: igraph 0.10 reference manual,
 * "Structural properties: shortest path lengths"
 * (igraph_get_shortest_paths_dijkstra) and "Graph generators" (igraph_create);
 * Csardi and Nepusz, "The igraph software package for complex network
 * research", InterJournal Complex Systems 1695 (2006).
 */
#include <igraph.h>
#include <pthread.h>
#include <stdio.h>

#include "pb_clock.h"
#include "walk_grid.h"

#define WALK_EXACT_DOUBLE (1ull << 53) /* integers below it are exact */

static pthread_mutex_t walk_igraph_lock = PTHREAD_MUTEX_INITIALIZER;
/* The first message of igraph's error handler since the solve began;
 * written only under walk_igraph_lock. */
static char walk_igraph_why[256];

static void walk_igraph_error(const char *reason, const char *file, int line,
                              igraph_error_t code)
{
    if (!walk_igraph_why[0])
        snprintf(walk_igraph_why, sizeof(walk_igraph_why), "%s: %s (%s:%d)",
                 igraph_strerror(code), reason, file, line);
    /* igraph's contract for handlers that return: free its temporaries
     * (invalidates reason, copied above) */
    IGRAPH_FINALLY_FREE();
}

struct walk_igraph_worker {
    int unused; /* every solve allocates its own graph */
};

static void *walk_igraph_worker_new(const struct pb_corpus *corpus,
                                    const void *shared)
{
    (void)corpus;
    (void)shared;
    return calloc(1, sizeof(struct walk_igraph_worker));
}

static void walk_igraph_worker_free(void *worker)
{
    free(worker);
}

/* Whether every distance igraph forms on in is an exact double. */
static bool walk_igraph_exact(const struct walk_instance *in)
{
    uint64_t vertices = pb_mul_sat(walk_cells(in), WALK_ORIENTATIONS);
    return pb_mul_sat(walk_max_face(in), pb_add_sat(vertices, 1)) <
           WALK_EXACT_DOUBLE;
}

static bool walk_igraph_accepts(const struct pb_corpus *corpus, char *why,
                                size_t why_len)
{
    for (size_t i = 0; i < corpus->count; i++) {
        const struct walk_instance *in = pb_corpus_item(corpus, i);
        if (!walk_igraph_exact(in)) {
            snprintf(why, why_len,
                     "needs sums below 2^53 (igraph's weights are doubles); "
                     "instance %zu: face %u on %ux%u",
                     i + 1, walk_max_face(in), in->rows, in->cols);
            return false;
        }
    }
    return true;
}

/* The edges between open squares, counted before anything is allocated:
 * WALK_ORIENTATIONS per ordered pair of open neighbours. */
static uint64_t walk_igraph_edges(const struct walk_instance *in)
{
    uint64_t pairs = 0;
    for (uint32_t sq = 0; sq < walk_cells(in); sq++) {
        if (!walk_open(in, sq))
            continue;
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            uint32_t next;
            pairs += walk_step(in, sq, d, &next) && walk_open(in, next);
        }
    }
    return pairs * WALK_ORIENTATIONS;
}

/* The graph and its weights. Edge e runs from edges[2e] to edges[2e + 1];
 * vertex = square * 24 + orientation. */
static igraph_error_t walk_igraph_build(const struct walk_instance *in,
                                        igraph_t *graph,
                                        igraph_vector_t *weights)
{
    uint32_t bottom[WALK_ORIENTATIONS];
    walk_bottoms(in, bottom);
    igraph_integer_t m = (igraph_integer_t)walk_igraph_edges(in);
    igraph_vector_int_t edges;
    igraph_error_t rc = igraph_vector_int_init(&edges, 2 * m);
    if (rc)
        return rc;
    rc = igraph_vector_init(weights, m);
    if (rc) {
        igraph_vector_int_destroy(&edges);
        return rc;
    }
    igraph_integer_t *ends = VECTOR(edges), e = 0;
    igraph_real_t *weight = VECTOR(*weights);
    for (uint32_t sq = 0; sq < walk_cells(in); sq++) {
        if (!walk_open(in, sq))
            continue;
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            uint32_t next;
            if (!walk_step(in, sq, d, &next) || !walk_open(in, next))
                continue;
            for (unsigned o = 0; o < WALK_ORIENTATIONS; o++) {
                unsigned no = walk_roll[o][d];
                ends[2 * e] = (igraph_integer_t)sq * WALK_ORIENTATIONS + o;
                ends[2 * e + 1] =
                    (igraph_integer_t)next * WALK_ORIENTATIONS + no;
                weight[e] = (igraph_real_t)bottom[no];
                e++;
            }
        }
    }
    igraph_integer_t vertices =
        (igraph_integer_t)walk_cells(in) * WALK_ORIENTATIONS;
    rc = igraph_create(graph, &edges, vertices, IGRAPH_DIRECTED);
    igraph_vector_int_destroy(&edges);
    if (rc)
        igraph_vector_destroy(weights);
    return rc;
}

/* The least-sum path of paths (vertex lists from the start) into answer. */
static int walk_igraph_answer(const struct walk_instance *in,
                              const igraph_vector_int_list_t *paths,
                              struct walk_answer *answer, struct pb_error *e)
{
    uint32_t bottom[WALK_ORIENTATIONS];
    walk_bottoms(in, bottom);
    const igraph_vector_int_t *best = NULL;
    uint64_t best_sum = WALK_UNREACHABLE;
    for (igraph_integer_t k = 0; k < igraph_vector_int_list_size(paths); k++) {
        const igraph_vector_int_t *p = igraph_vector_int_list_get_ptr(paths, k);
        igraph_integer_t n = igraph_vector_int_size(p);
        if (n == 0)
            continue; /* not reached */
        uint64_t sum = in->face[WALK_BOTTOM];
        for (igraph_integer_t i = 1; i < n; i++)
            sum += bottom[VECTOR(*p)[i] % WALK_ORIENTATIONS];
        if (sum < best_sum) {
            best_sum = sum;
            best = p;
        }
    }
    answer->sum = best_sum;
    if (!best)
        return 0;
    igraph_integer_t n = igraph_vector_int_size(best);
    answer->route = malloc((size_t)n * sizeof(*answer->route));
    if (!answer->route)
        return pb_fail(e, -ENOMEM, "out of memory for a route of %lld squares",
                       (long long)n);
    answer->length = (uint32_t)n;
    for (igraph_integer_t i = 0; i < n; i++)
        answer->route[i] = (uint32_t)(VECTOR(*best)[i] / WALK_ORIENTATIONS);
    return 0;
}

/* Nanoseconds since t0, a pb_now() time. */
static uint64_t walk_igraph_ns_since(double t0)
{
    double ns = (pb_now() - t0) * 1e9;
    return ns > 0 ? (uint64_t)ns : 0;
}

static int walk_igraph_fail(const struct walk_instance *in, igraph_error_t rc,
                            struct pb_error *e)
{
    if (rc == IGRAPH_ENOMEM)
        return pb_fail(e, -ENOMEM,
                       "out of memory in igraph (%u x %u board): %s", in->rows,
                       in->cols, walk_igraph_why);
    return pb_fail(e, -EIO, "igraph failed on a %u x %u board: %s", in->rows,
                   in->cols, walk_igraph_why);
}

static int walk_igraph_solve_locked(const struct walk_instance *in,
                                    struct walk_answer *answer,
                                    struct pb_work *work, struct pb_error *e)
{
    igraph_t graph;
    igraph_vector_t weights;
    double t0 = pb_now();
    igraph_error_t rc = walk_igraph_build(in, &graph, &weights);
    work->count[WALK_BUILD_NS] += walk_igraph_ns_since(t0);
    if (rc)
        return walk_igraph_fail(in, rc, e);
    igraph_vector_int_list_t paths;
    int ret = 0;
    rc = igraph_vector_int_list_init(&paths, 0);
    if (!rc) {
        igraph_integer_t end = (igraph_integer_t)in->end * WALK_ORIENTATIONS;
        rc = igraph_get_shortest_paths_dijkstra(
            &graph, &paths, NULL,
            (igraph_integer_t)in->start * WALK_ORIENTATIONS,
            igraph_vss_range(end, end + WALK_ORIENTATIONS), &weights,
            IGRAPH_OUT, NULL, NULL);
        if (!rc)
            ret = walk_igraph_answer(in, &paths, answer, e);
        igraph_vector_int_list_destroy(&paths);
    }
    igraph_vector_destroy(&weights);
    igraph_destroy(&graph);
    return rc ? walk_igraph_fail(in, rc, e) : ret;
}

static int walk_igraph_solve(void *worker, const void *instance, void *answer,
                             struct pb_work *work, struct pb_error *e)
{
    (void)worker;
    const struct walk_instance *in = instance;
    if (!walk_igraph_exact(in))
        return pb_fail(e, -ERANGE,
                       "igraph: sums on a %u x %u board with face %u may "
                       "reach 2^53, past what its double weights hold "
                       "exactly",
                       in->rows, in->cols, walk_max_face(in));
    pthread_mutex_lock(&walk_igraph_lock);
    walk_igraph_why[0] = '\0';
    igraph_set_error_handler(walk_igraph_error);
    /* "Couldn't reach some vertices": the end's other parity, always */
    igraph_set_warning_handler(igraph_warning_handler_ignore);
    int rc = walk_igraph_solve_locked(in, answer, work, e);
    pthread_mutex_unlock(&walk_igraph_lock);
    return rc;
}

/*
 * One graph at a time (the lock), whatever the thread count. Per square,
 * with E = 96 edges and V = 24 vertices (bytes; igraph_integer_t and
 * igraph_real_t are 8 bytes):
 *   build: the edge vector 16E, the weights 8E; igraph_create's from/to
 *     16E, out/in orders oi/ii 16E, their radix-sort temporaries (new
 *     oi/ii 16E, buckets 8(E + V)) and start indices os/is 16V;
 *   search (the edge vector freed): the graph 32E + 16V, weights 8E, the
 *     two-way heap 24V, dists, parent edges and targets 17V, the lazy
 *     incidence list 8V plus one vector per reached vertex (half of them:
 *     a 24-byte header and 4 edges, about 64 bytes with the allocator's
 *     rounding, 32V), the paths.
 * The build peak, 80E + 32V = 8448 bytes per square, covers both; taken
 * as 9 KB per square. Measured (puzzlebench bench, uniform boards, one
 * thread): a whole-process heap peak of 6816 bytes per square on
 * 128x128, 256x256, 512x512 and 1024x1024 alike (7.15 GB on 1024x1024,
 * peak RSS 7.26 GB), about 71 bytes per edge.
 */
#define WALK_IGRAPH_BYTES_PER_SQUARE 9216u

static uint64_t walk_igraph_memory(const struct pb_corpus *corpus, int threads)
{
    (void)threads; /* solves are serialised: one graph alive at a time */
    return pb_mul_sat(walk_corpus_cells(corpus), WALK_IGRAPH_BYTES_PER_SQUARE);
}

const struct pb_variant walk_variant_igraph = {
    .name = "igraph",
    .summary = "igraph 0.10's Dijkstra over an explicit graph of 24 "
               "orientations per square, built per instance",
    .accepts = walk_igraph_accepts,
    .worker_new = walk_igraph_worker_new,
    .solve = walk_igraph_solve,
    .worker_free = walk_igraph_worker_free,
    .memory_bound = walk_igraph_memory,
};
