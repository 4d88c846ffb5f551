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
 * through the back end, its time the search's own wall time (and its
 * CPU time and involuntary switches over the same region), its counts
 * compared with the verified pass's depth by depth. The results carry
 * the states as the kernel's main work counter (work_per_second: states
 * a second) and the peak RSS of the largest process. O(depths) per
 * check beside the searches themselves.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "run/census.h"
#include "harness/harness_internal.h"
#include "pb_hash.h"
#include "pb_limits.h"
#include "pb_units.h"

/* What a census line's case keeps: the slot that names its one
 * instance, and the verified pass's counts. */
struct census_case {
    struct corpus_slot slot;
    struct census_result verified;
};

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
    cc->slot.hash = pb_fnv1a_text(key);
    c->census = cc;
    return &cc->slot;
}

void pb_harness_census_free(struct bench_case *c)
{
    if (!c->census)
        return;
    census_result_free(&c->census->verified);
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

/* The run's searches' wall times, CPU times and switches, summed. */
static double search_seconds(const struct census_result *run, double *cpu,
                             double *switches)
{
    double s = 0;
    *cpu = *switches = 0;
    for (size_t i = 0; i < run->count; i++) {
        s += run->one[i].seconds;
        *cpu += run->one[i].cpu_seconds;
        *switches += run->one[i].involuntary_switches;
    }
    return s;
}

void pb_harness_census_pass(struct harness *h, struct bench_case *c,
                            struct pb_pass_record *rec)
{
    const struct pb_suite_entry *x = c->entry;
    struct census_request req = engine_request(c);
    struct census_result *engine = &c->census->verified, reference;
    struct pb_error e;
    pb_harness_memory_cap(x);
    double t0 = pb_now();
    int rc = c->backend->census(x->kernel, &req, engine, &e);
    if (rc) {
        pb_harness_pass_ends(
            c, rec, rc == -ENOMEM ? PB_PASS_SKIPPED : PB_PASS_FAILED, "%s: %s",
            rc == -ENOMEM ? "skipped" : "failed", e.msg);
        return;
    }
    /* the engine alone spent the budget: the reference (minutes on
     * the big spaces) is not started */
    char budget[PB_UNITS_TEXT], took[PB_UNITS_TEXT];
    pb_units_time(budget, sizeof(budget), x->budget);
    if (pb_now() - t0 >= x->budget) {
        pb_units_time(took, sizeof(took), pb_now() - t0);
        pb_harness_pass_ends(c, rec, PB_PASS_SKIPPED,
                             "skipped: the verification pass ran out of the "
                             "suite's budget of %s (the engine's census "
                             "took %s; the reference census not run)",
                             budget, took);
        return;
    }
    /* the reference is the harness's own work, held to the machine */
    pb_memory_cap_set(0);
    struct census_request plain = {
        .size = x->size, .start = -1, .threads = 1, .reference = true};
    rc = census_run(x->kernel, &plain, &reference, &e);
    double seconds = pb_now() - t0;
    if (rc) {
        pb_harness_pass_ends(c, rec, PB_PASS_SKIPPED,
                             "skipped: the reference census: %s", e.msg);
        return;
    }
    char why[256];
    bool same = census_result_same(engine, &reference, why, sizeof(why));
    census_result_free(&reference);
    rec->correct = same;
    rec->seconds = seconds;
    void (*say)(struct pb_results *, const char *, ...) =
        h->compact && same ? pb_results_log : pb_results_say;
    pb_units_time(took, sizeof(took), seconds);
    say(&h->results, "verify %-58s %5d/%-5d correct %*s\n", c->name, (int)same,
        1, pb_units_width(took, 10), took);
    if (!same)
        pb_harness_pass_ends(c, rec, PB_PASS_WRONG,
                             "failed: the census differs from the reference "
                             "search's: %s",
                             why);
    else if (seconds > x->budget)
        pb_harness_pass_ends(c, rec, PB_PASS_SKIPPED,
                             "skipped: the verification pass took %s, "
                             "over the suite's budget of %s",
                             took, budget);
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
    /* one instance, the whole space: its states are the main work */
    struct loop_figures f = {.instances = 1, .round = c->round};
    pb_harness_loop_start(&f, x->threads);
    while (pb_gb_keep_running(st)) {
        struct census_result run;
        struct pb_error e;
        char why[256];
        int rc = c->backend->census(x->kernel, &req, &run, &e);
        if (rc) { /* refused now: as the pass would have been */
            c->wrong = rc != -ENOMEM;
            pb_gb_skip_with_error(st, e.msg);
            break;
        }
        double cpu, switches;
        double t = search_seconds(&run, &cpu, &switches);
        pb_gb_set_iteration_time(st, t);
        bool same =
            census_result_same(&run, &c->census->verified, why, sizeof(why));
        for (size_t i = 0; i < run.count; i++) {
            f.work.count[PB_WORK_MAIN] += run.one[i].total;
            if (run.one[i].peak_rss > f.rss)
                f.rss = run.one[i].peak_rss;
        }
        census_result_free(&run);
        if (!same) {
            char msg[320];
            snprintf(msg, sizeof(msg), "wrong census in a timed run: %s", why);
            c->wrong = true;
            pb_gb_skip_with_error(st, msg);
            break;
        }
        f.iterations++;
        f.seconds += t;
        f.cpu_seconds += cpu;
        f.switches += switches;
    }
    if (!pb_harness_loop_counters(st, x->kernel, x->threads, &f))
        return;
    char label[128];
    snprintf(label, sizeof(label), "census %016" PRIx64 ", %" PRIu64 " ranks",
             c->slot->hash, c->census->verified.one[0].ranks);
    pb_gb_set_label(st, label);
}
