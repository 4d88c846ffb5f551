/*
 * harness_census.c - a suite's `census KERNEL SIZE` lines (suite.h): the
 * whole-space engine timed by Google Benchmark like any benchmark.
 *
 * Its one instance is the whole space from the kernel's default start
 * (census.h). The untimed pass runs the engine through the execution
 * back end (the local engine, or under MPI the distributed one on every
 * process) and checks its states per depth against the kernel's
 * reference census, its plain search, on process 0 (independent code;
 * a difference is a wrong answer). Each timed iteration is one census
 * through the back end, its time the search's own wall time, its counts
 * compared with the verified pass's depth by depth. The results carry
 * the states as the kernel's main work counter (work_per_second: states
 * a second) and the peak RSS of the largest process. O(depths) per
 * check beside the searches themselves.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "harness_private.h"
#include "memprobe.h"
#include "noise.h"
#include "pb_limits.h"
#include "work.h"

/* What a census line's case keeps: the slot that names its one
 * instance, and the verified pass's counts. */
struct census_case {
    struct corpus_slot slot;
    struct census_run verified;
};

/* FNV-1a of text: the census's "corpus hash" in results. */
static uint64_t text_hash(const char *text)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        h = (h ^ *p) * 0x100000001b3u;
    return h;
}

struct corpus_slot *pb_harness_census_slot(struct bench_case *c,
                                           struct pb_error *e)
{
    const struct pb_suite_entry *x = c->entry;
    struct census_case *cc = calloc(1, sizeof(*cc));
    if (!cc) {
        pb_fail(e, -ENOMEM, "out of memory");
        return NULL;
    }
    char size[PB_SIZE_TEXT] = "", key[128];
    (void)pb_size_format(x->kernel, &x->size, size, sizeof(size));
    snprintf(key, sizeof(key), "census/%s/size:%s", x->kernel->name, size);
    pb_corpus_init(&cc->slot.corpus, x->kernel, key);
    /* one instance, the whole space, held by no item */
    cc->slot.corpus.count = 1;
    cc->slot.corpus.meta.size = x->size;
    snprintf(cc->slot.corpus.meta.family, sizeof(cc->slot.corpus.meta.family),
             "%s", x->family);
    cc->slot.hash = text_hash(key);
    c->census = cc;
    return &cc->slot;
}

void pb_harness_census_free(struct bench_case *c)
{
    if (!c->census)
        return;
    census_run_free(&c->census->verified);
    free(c->census);
    c->census = NULL;
}

/* The engine's request for c: the default start, c's threads, over
 * MPI when the run is. */
static struct census_request engine_request(const struct bench_case *c)
{
    return (struct census_request){.size = c->entry->size,
                                   .start = -1,
                                   .threads = c->entry->threads,
                                   .mpi = c->mpi};
}

/* true when a and b count the same states at every depth; else why. */
static bool census_same(const struct census_run *a, const struct census_run *b,
                        char *why, size_t len)
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

static double search_seconds(const struct census_run *run)
{
    double s = 0;
    for (size_t i = 0; i < run->count; i++)
        s += run->one[i].seconds;
    return s;
}

void pb_harness_census_pass(struct harness *h, struct bench_case *c,
                            struct pb_verify *rec)
{
    const struct pb_suite_entry *x = c->entry;
    struct census_request req = engine_request(c);
    struct census_run *engine = &c->census->verified, reference;
    struct pb_error e;
    pb_harness_memory_cap(x);
    double t0 = pb_now();
    int rc = c->backend->census(x->kernel, &req, engine, &e);
    if (rc) {
        pb_harness_pass_ends(
            c, rec, rc == -ENOMEM ? PB_VERIFY_SKIPPED : PB_VERIFY_FAILED,
            "%s: %s", rc == -ENOMEM ? "skipped" : "failed", e.msg);
        return;
    }
    /* the reference is the harness's own work, held to the machine */
    pb_memory_cap_set(0);
    struct census_request plain = {
        .size = x->size, .start = -1, .threads = 1, .reference = true};
    rc = census_run(x->kernel, &plain, &reference, &e);
    double seconds = pb_now() - t0;
    if (rc) {
        pb_harness_pass_ends(c, rec, PB_VERIFY_SKIPPED,
                             "skipped: the reference census: %s", e.msg);
        return;
    }
    char why[256];
    bool same = census_same(engine, &reference, why, sizeof(why));
    census_run_free(&reference);
    rec->correct = same;
    rec->seconds = seconds;
    void (*say)(struct pb_results *, const char *, ...) =
        h->compact && same ? pb_results_log : pb_results_say;
    say(&h->results, "verify %-58s %5d/%-5d correct %8.3f s\n", c->name,
        (int)same, 1, seconds);
    if (!same)
        pb_harness_pass_ends(c, rec, PB_VERIFY_WRONG,
                             "failed: the census differs from the reference "
                             "search's: %s",
                             why);
    else if (seconds > x->budget)
        pb_harness_pass_ends(c, rec, PB_VERIFY_SKIPPED,
                             "skipped: the verification pass took %.1f s, "
                             "over the suite's budget of %.1f s",
                             seconds, x->budget);
}

/* The counters of a census's timed loop (the figures benchmark_case
 * writes for a corpus, where they apply). */
static void census_counters(struct pb_gb_state *st, const struct bench_case *c,
                            int64_t iterations, double seconds, uint64_t states,
                            uint64_t peak_rss, const double noise[4])
{
    const struct pb_suite_entry *x = c->entry;
    pb_gb_set_counter(st, "load_before", noise[0], PB_GB_VALUE);
    pb_gb_set_counter(st, "load_after", noise[1], PB_GB_VALUE);
    pb_gb_set_counter(st, "cpu_per_wall",
                      pb_noise_cpu_per_wall(noise[2], noise[3], x->threads),
                      PB_GB_VALUE);
    pb_gb_set_items_processed(st, iterations);
    pb_gb_set_counter(st, "instances", 1, PB_GB_VALUE);
    pb_gb_set_counter(st, "omp_threads", (double)x->threads, PB_GB_VALUE);
    pb_gb_set_counter(st, "build_seconds", 0, PB_GB_VALUE);
    pb_gb_set_counter(st, "build_timed", 0, PB_GB_VALUE);
    struct pb_work work = {{0}};
    work.count[PB_WORK_MAIN] = states; /* states found: work_per_second */
    struct pb_work_figure fig[PB_WORK_FIGURES];
    size_t figures =
        pb_work_figures(x->kernel, &work, iterations, seconds, 1, 0, fig);
    for (size_t i = 0; i < figures; i++)
        pb_gb_set_counter(st, fig[i].name, fig[i].value,
                          fig[i].rate ? PB_GB_RATE : PB_GB_VALUE);
    pb_gb_set_counter(st, "verified", 1, PB_GB_VALUE);
    if (peak_rss)
        pb_gb_set_counter(st, "peak_rss_bytes", (double)peak_rss, PB_GB_VALUE);
}

void pb_harness_census_benchmark(struct pb_gb_state *st, void *context)
{
    struct bench_case *c = context;
    const struct pb_suite_entry *x = c->entry;
    if (c->skip[0]) {
        pb_gb_skip_with_error(st, c->skip);
        return;
    }
    struct census_request req = engine_request(c);
    pb_harness_memory_cap(x);
    double seconds = 0;
    int64_t iterations = 0;
    uint64_t states = 0, peak_rss = 0;
    double noise[4] = {pb_noise_load(), NAN, pb_noise_cpu_seconds(x->threads),
                       pb_now()};
    while (pb_gb_keep_running(st)) {
        struct census_run run;
        struct pb_error e;
        char why[256];
        int rc = c->backend->census(x->kernel, &req, &run, &e);
        if (rc) { /* refused now: as the pass would have been */
            c->wrong = rc != -ENOMEM;
            pb_gb_skip_with_error(st, e.msg);
            break;
        }
        double t = search_seconds(&run);
        pb_gb_set_iteration_time(st, t);
        bool same = census_same(&run, &c->census->verified, why, sizeof(why));
        for (size_t i = 0; i < run.count; i++) {
            states += run.one[i].total;
            if (run.one[i].peak_rss > peak_rss)
                peak_rss = run.one[i].peak_rss;
        }
        census_run_free(&run);
        if (!same) {
            char msg[320];
            snprintf(msg, sizeof(msg), "wrong census in a timed run: %s", why);
            c->wrong = true;
            pb_gb_skip_with_error(st, msg);
            break;
        }
        iterations++;
        seconds += t;
    }
    if (iterations == 0)
        return;
    noise[3] = pb_now() - noise[3];
    noise[2] = pb_noise_cpu_seconds(x->threads) - noise[2];
    noise[1] = pb_noise_load();
    census_counters(st, c, iterations, seconds, states, peak_rss, noise);
    char label[128];
    snprintf(label, sizeof(label), "census %016" PRIx64 ", %" PRIu64 " ranks",
             c->slot->hash, c->census->verified.one[0].ranks);
    pb_gb_set_label(st, label);
}
