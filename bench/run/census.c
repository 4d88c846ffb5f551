/*
 * census.c - runs the censuses the `census` verb prints (census.h): per
 * start class, the kernel builds its space (space->build) and the engine
 * searches it (frontier2_search, 2 bits per state), timed with the wall
 * clock and with the process's peak RSS reset before each search
 * (memprobe.h), so each census reports its own peak; an engine's search
 * also records the CPU time and involuntary switches of its threads
 * over the same region (noise.h pb_noise_region; summed over the
 * processes under MPI). With --progress the
 * engine's per-level call prints depth, states, reached, elapsed time and
 * an estimate on stderr. The kernel's plain reference search (its census
 * hook) runs instead when asked, or when the kernel describes no space.
 * Under MPI (mpi_env.h) every process runs the distributed engine
 * (frontier2_mpi.h) on the same requests, in the same order, and each
 * census's peak RSS is the largest process's; --plan runs either
 * engine's memory check alone. A one-process census first checks that
 * its team of threads can start (cpus.h).
 */
#include "run/census.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/cpus.h"
#include "pb_clock.h"
#include "frontier2.h"
#include "run/memprobe.h"
#include "run/mpi_env.h"
#include "util/machine.h"
#include "pb_units.h"
#ifdef PB_HAVE_MPI
#include "frontier2_mpi.h"
#endif

/* The estimate assumes the remaining ranks are found at the rate so far:
 * about an upper bound where part of the space is unreachable
 * (cubic_eight), though a slow tail of levels can outlast it. */
static int print_level(void *arg, const struct frontier2_level *lv,
                       struct pb_error *e)
{
    (void)e;
    const char *start = arg; /* the census's, for the line */
    double rate = lv->elapsed > 0 ? (double)lv->reached / lv->elapsed : 0;
    double left = rate > 0 ? (double)(lv->n - lv->reached) / rate : 0;
    char elapsed[PB_UNITS_TEXT], most[PB_UNITS_TEXT];
    pb_units_time(elapsed, sizeof(elapsed), lv->elapsed);
    pb_units_time(most, sizeof(most), left);
    fprintf(stderr,
            "census %s: depth %u: %llu states (%s), %llu reached "
            "(%.1f%% of ranks), %s, about %s left at most\n",
            start, lv->depth, (unsigned long long)lv->found,
            lv->bottom_up ? "bottom-up" : "top-down",
            (unsigned long long)lv->reached,
            100.0 * (double)lv->reached / (double)lv->n, elapsed, most);
    return 0;
}

#ifdef PB_HAVE_MPI
/* The distributed engine on every process; one's peak RSS is the
 * largest process's. */
static int search_mpi(const struct census_request *req,
                      const struct pb_space *space, struct census_one *one,
                      struct pb_error *e)
{
    struct frontier2_mpi_options opt = {
        .threads = req->threads,
        .exchange = (enum frontier2_mpi_exchange)req->exchange,
        .round_targets = req->round_targets,
        .plan_only = req->plan,
        .on_level = req->progress ? print_level : NULL,
        .on_level_arg = one->start,
    };
    struct frontier2_mpi_level levels[CENSUS_MAX_DEPTHS];
    struct frontier2_mpi_result r = {.counts = one->counts,
                                     .max_depths = CENSUS_MAX_DEPTHS,
                                     .levels = levels};
    int rc = frontier2_mpi_search(space, MPI_COMM_WORLD, &opt, &r, e);
    one->array_bytes = r.array_bytes;
    one->process_bytes = r.process_bytes;
    if (rc)
        return rc;
    for (size_t d = 0; d < r.depths; d++)
        one->levels[d] = (struct census_level_cost){
            levels[d].bytes_sent, levels[d].rounds, levels[d].compute_seconds,
            levels[d].comm_seconds};
    one->depths = r.depths;
    one->total = r.reached;
    return 0;
}
#endif

static int search_one_process(const struct census_request *req,
                              const struct pb_space *space,
                              struct census_one *one, struct pb_error *e)
{
    struct frontier2_options opt = {
        .threads = req->threads,
        .direction = (enum frontier2_direction)req->direction,
        /* nothing expanded twice; a census needs no depths kept */
        .coding = FRONTIER2_SEEN,
        .plan_only = req->plan,
        .on_level = req->progress ? print_level : NULL,
        .on_level_arg = one->start,
    };
    struct frontier2_result r = {.counts = one->counts,
                                 .max_depths = CENSUS_MAX_DEPTHS};
    /* a team the system will not start is refused here, not by OpenMP
     * ending the process (under MPI every process would have to agree
     * first: not checked there) */
    int rc = req->plan ? 0 : pb_threads_start_check(req->threads, e);
    if (rc)
        return rc;
    rc = frontier2_search(space, &opt, &r, e);
    one->array_bytes = one->process_bytes = r.code_bytes;
    if (rc || req->plan)
        return rc;
    one->depths = r.depths;
    one->total = r.reached;
    one->bottom_up = r.bottom_up;
    return 0;
}

static int census_engine(const struct pb_kernel *k,
                         const struct census_request *req, int start,
                         struct census_one *one, struct pb_error *e)
{
    struct pb_space_args args = {req->size, req->with_inverses, start};
    struct pb_space space;
    int rc = k->space->build(&args, &space, e);
    if (rc)
        return rc;
    snprintf(one->space, sizeof(one->space), "%s", space.what);
    bool mpi = req->mpi && req->mpi->on;
    pb_rss_reset();
    struct pb_noise_region clocks;
    pb_noise_region_start(&clocks, req->threads);
    double t0 = pb_now();
#ifdef PB_HAVE_MPI
    rc = mpi ? search_mpi(req, &space, one, e)
             : search_one_process(req, &space, one, e);
#else
    rc = search_one_process(req, &space, one, e);
#endif
    one->seconds = pb_now() - t0;
    pb_noise_region_stop(&clocks, req->threads);
    one->peak_rss = mpi ? pb_mpi_max(req->mpi, pb_rss_peak()) : pb_rss_peak();
    one->cpu_seconds = mpi ? pb_mpi_sum(req->mpi, clocks.cpu) : clocks.cpu;
    one->involuntary_switches =
        mpi ? pb_mpi_sum(req->mpi, clocks.switches) : clocks.switches;
    one->ranks = space.n;
    if (k->space->free)
        k->space->free(&space);
    return rc;
}

static int census_reference(const struct pb_kernel *k,
                            const struct census_request *req,
                            struct census_one *one, struct pb_error *e)
{
    pb_rss_reset();
    double t0 = pb_now();
    int rc = k->space->census(&req->size, req->with_inverses, one->counts,
                              CENSUS_MAX_DEPTHS, &one->depths, e);
    one->seconds = pb_now() - t0;
    /* never a timed benchmark (the oracle of one), and its threads are
     * the kernel's: no CPU clock claimed */
    one->cpu_seconds = one->involuntary_switches = NAN;
    one->peak_rss = pb_rss_peak();
    if (rc)
        return rc;
    for (size_t d = 0; d < one->depths; d++)
        one->total += one->counts[d];
    return 0;
}

/* The starts to search: every class, one start, or the default. */
static int plan_starts(const struct pb_kernel *k,
                       const struct census_request *req,
                       struct pb_space_class *classes, size_t *count,
                       struct pb_error *e)
{
    if (req->all_classes) {
        if (!k->space->classes) {
            classes[0] = (struct pb_space_class){-1, 1, "default"};
            *count = 1;
            return 0;
        }
        int n = k->space->classes(&req->size, classes, e);
        if (n < 0)
            return n;
        if (n == 0 || n > PB_SPACE_MAX_CLASSES)
            return pb_fail(e, -EFAULT, "kernel %s gave %d classes of starts",
                           k->name, n);
        *count = (size_t)n;
        return 0;
    }
    classes[0] = (struct pb_space_class){req->start, 1, "default"};
    if (req->start_text)
        snprintf(classes[0].name, sizeof(classes[0].name), "%s",
                 req->start_text);
    *count = 1;
    return 0;
}

int census_run(const struct pb_kernel *k, const struct census_request *req,
               struct census_result *out, struct pb_error *e)
{
    memset(out, 0, sizeof(*out));
    const struct pb_space_ops *space = k->space;
    bool engine = space && space->build && !req->reference;
    if (!engine && !(space && space->census))
        return pb_fail(e, -EINVAL, "kernel %s has no census", k->name);
    if (!engine && (req->start >= 0 || (req->all_classes && space->classes)))
        return pb_fail(e, -EINVAL,
                       "the reference search of %s takes only the default "
                       "start",
                       k->name);
    bool mpi = req->mpi && req->mpi->on;
    if (!engine && req->plan)
        return pb_fail(e, -EINVAL,
                       "--plan checks the engine's memory; the reference "
                       "search has no plan");
    if (!engine && mpi)
        return pb_fail(e, -EINVAL,
                       "the reference search runs on one process; run it "
                       "without mpirun");
    out->engine = !engine ? "reference" : mpi ? "frontier2_mpi" : "frontier2";
    out->processes = mpi ? req->mpi->size : 1;
    struct pb_space_class classes[PB_SPACE_MAX_CLASSES];
    size_t count = 0;
    int rc = plan_starts(k, req, classes, &count, e);
    if (rc)
        return rc;
    /* count >= 1: plan_starts refuses an empty plan */
    /* NOLINTNEXTLINE(clang-analyzer-optin.portability.UnixAPI) */
    out->one = calloc(count, sizeof(out->one[0]));
    if (!out->one)
        return pb_fail(e, -ENOMEM, "out of memory for %zu censuses", count);
    out->count = count;
    for (size_t i = 0; i < count && rc == 0; i++) {
        struct census_one *one = &out->one[i];
        snprintf(one->start, sizeof(one->start), "%s", classes[i].name);
        one->members = classes[i].members;
        rc = engine ? census_engine(k, req, classes[i].start, one, e)
                    : census_reference(k, req, one, e);
    }
    if (rc)
        census_result_free(out);
    return rc;
}

bool census_result_same(const struct census_result *a,
                        const struct census_result *b, char *why, size_t len)
{
    if (a->count != b->count || a->count == 0) {
        snprintf(why, len, "%zu censuses against %zu", a->count, b->count);
        return false;
    }
    for (size_t i = 0; i < a->count; i++) {
        const struct census_one *x = &a->one[i], *y = &b->one[i];
        if (x->depths != y->depths) {
            snprintf(why, len, "diameter %zu against %zu", x->depths - 1,
                     y->depths - 1);
            return false;
        }
        for (size_t d = 0; d < x->depths; d++)
            if (x->counts[d] != y->counts[d]) {
                snprintf(why, len,
                         "depth %zu: %" PRIu64 " states against %" PRIu64, d,
                         x->counts[d], y->counts[d]);
                return false;
            }
    }
    return true;
}

void census_result_free(struct census_result *run)
{
    free(run->one);
    memset(run, 0, sizeof(*run));
}
