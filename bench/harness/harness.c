/*
 * harness.c - runs a suite: the untimed verification pass (with the
 * memory cap and time budget deciding what is skipped), then Google
 * Benchmark with manual time, every timed iteration re-verified, results
 * written as each benchmark finishes (layout in harness.h).
 *
 * Rounds: after the pass, the run visits every benchmark once a round,
 * in an order shuffled afresh each round by the project's PRNG from one
 * seed (--round-seed, else drawn from the clock; recorded as the context
 * key round_order_seed, each round's order in log.txt), each visit timing
 * the benchmark's repetitions in a row with its round in the "round"
 * counter and results.csv's column; a benchmark of fewer rounds than the
 * run's most is done after its last, a skipped or failed one after that
 * round. So its samples spread over the run's drift (docs/statistics.md).
 * One benchmark iteration solves the whole corpus once on T OpenMP
 * threads; the build (if any) runs once per benchmark and round, before
 * the round's first repetition, and is reported as the build_seconds
 * counter, never inside the iteration time: the session (build and
 * per-thread workers) is kept while Google Benchmark sizes and repeats
 * the round's runs, and closed after it (a suite's sessions cannot all
 * stay open; the next round builds afresh, in a new memory layout). A timed
 * iteration's answers are compared with the verified pass's answers
 * (pb_answers_same: the kernel's notion of an equally good answer, or
 * equal bytes), never with the oracle, so every timed run is verified
 * cheaply and a wrong answer in any iteration fails the benchmark.
 * Each repetition also reports, per iteration, the CPU seconds and the
 * involuntary context switches of the threads that did the work over
 * the same timed regions (counters cpu_seconds and involuntary_switches;
 * runner.h struct pb_run), and the run records a --clock choice in its
 * context (key "clock") for the figures and the report drawn from it.
 * A worker of bench --against (--round-index R) times round R alone:
 * the benchmarks that have it, in the order round R has for the seed
 * (the generator run through the R orders before it), drawing nothing;
 * under --verified-in the side's first round's verification records
 * stand for its pass, and each benchmark's first timed run is checked
 * by the oracle (first_answers_right) before the later ones are checked
 * against it.
 * Variants are reached only through an execution back end (struct
 * pb_backend of runner.h: the local one, or under mpirun backend_mpi.h's,
 * every process solving a slice of each corpus). A variant that does not
 * accept a corpus is skipped, once, as "not applicable", not failed.
 * A suite's census lines are timed by harness_census.c (the whole-space
 * engine through the back end).
 * The corpora are harness_corpus.c's and what the console shows is
 * harness_console.c's (their shared structs in harness_internal.h); here
 * on_run writes each repetition's CSV row, closes a benchmark's session
 * after each of its rounds, records the outcome of a benchmark that
 * ended (its last round, a skip or a failure) in the completion record
 * (completion.h: the plan is written before the verification pass,
 * "ended" after the results, and only then is latest moved) and hands it
 * to the console.
 */
#include "harness/harness.h"

#ifdef PB_HAVE_MPI
#include "run/backend_mpi.h"
#endif

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/exit.h"
#include "present/console.h"
#include "util/cpus.h"
#include "harness/gbench.h"
#include "harness/harness_internal.h"
#include "run/memprobe.h"
#include "run/mpi_env.h"
#include "harness/noise_run.h"
#include "pb_file.h"
#include "pb_limits.h"
#include "present/outputs.h"
#include "harness/provenance.h"
#include "results/context.h"
#include "results/folder.h"
#include "run/runner.h"
#include "results/schema.h"
#include "results/work.h"
#include "pb_units.h"

/* How a benchmark whose variant does not take its corpus is skipped. */
#define NOT_APPLICABLE "skipped: not applicable: "

/* A pass stopped when the suite's budget was spent (what says where):
 * skipped, never timed. */
static void out_of_time(struct bench_case *c, struct pb_pass_record *rec,
                        const char *what)
{
    char budget[PB_UNITS_TEXT];
    pb_units_time(budget, sizeof(budget), c->entry->budget);
    pb_harness_pass_ends(c, rec, PB_PASS_SKIPPED,
                         "skipped: the verification pass ran out of the "
                         "suite's budget of %s (%.200s)",
                         budget, what);
}

/* The untimed pass: memory cap, then a verified run, then the budget;
 * what the check found goes to rec (verification_pass records it). */
static void verification_run(struct harness *h, struct bench_case *c,
                             struct pb_pass_record *rec)
{
    const struct pb_suite_entry *x = c->entry;
    const struct pb_corpus *corpus = &c->slot->corpus;
    char why[sizeof(c->skip) - 32];
    if (!pb_variant_accepts(x->variant, corpus, why, sizeof(why))) {
        pb_harness_pass_ends(c, rec, PB_PASS_NOT_APPLICABLE,
                             NOT_APPLICABLE "%s", why);
        return;
    }
    uint64_t cap = pb_harness_memory_cap(x);
    /* the variant's bound and its threads' stacks */
    uint64_t need = pb_session_need(x->variant, corpus, x->threads);
    if (pb_memory_over(need, cap)) {
        char need_text[32], cap_text[32]; /* as the other caps say it */
        pb_units_bytes(need_text, sizeof(need_text), (double)need);
        pb_units_bytes(cap_text, sizeof(cap_text), (double)cap);
        pb_harness_pass_ends(c, rec, PB_PASS_SKIPPED,
                             "skipped: needs up to %s, over the memory cap of "
                             "%s",
                             need_text, cap_text);
        return;
    }
    struct pb_run run;
    struct pb_error e;
    /* the verified answers and a timed iteration's, under the cap */
    c->verified = pb_answers_new(corpus, &e);
    c->answers = c->verified ? pb_answers_new(corpus, &e) : NULL;
    if (!c->answers) {
        pb_harness_pass_ends(c, rec, PB_PASS_SKIPPED, "skipped: %s", e.msg);
        return;
    }
    double t0 = pb_now();
    /* the budget bounds the pass itself: no instance is solved or
     * checked once it is spent */
    const double deadline = t0 + x->budget;
    int rc = pb_backend_run(h->backend, x->variant, corpus, x->threads,
                            deadline, c->verified, &run, &e);
    if (rc == PB_OUT_OF_TIME) {
        out_of_time(c, rec, e.msg);
        return;
    }
    if (rc == -ENOMEM) /* a refusal under the cap: not a wrong answer */
    {
        pb_harness_pass_ends(c, rec, PB_PASS_SKIPPED, "skipped: %s", e.msg);
        return;
    }
    if (rc == PB_NOT_APPLICABLE) /* the back end's own refusal */
    {
        pb_harness_pass_ends(c, rec, PB_PASS_NOT_APPLICABLE,
                             NOT_APPLICABLE "%s", e.msg);
        return;
    }
    if (rc) {
        pb_harness_pass_ends(c, rec, PB_PASS_FAILED, "failed: %s", e.msg);
        return;
    }
    struct pb_check check;
    pb_check_answers_until(corpus, c->slot->oracle, c->verified, deadline,
                           &check);
    double seconds = pb_now() - t0;
    rec->correct = check.correct;
    rec->seconds = seconds;
    /* the compact console shows a verification only when it went wrong
     * (the progress line covers the pass); the log keeps every one */
    void (*say)(struct pb_results *, const char *, ...) =
        h->compact && !check.wrong ? pb_results_log : pb_results_say;
    char took[PB_UNITS_TEXT];
    pb_units_time(took, sizeof(took), seconds);
    say(&h->results, "verify %-58s %5zu/%-5zu correct %*s\n", c->name,
        check.correct, corpus->count, pb_units_width(took, 10), took);
    if (check.wrong) {
        pb_report_wrong(stdout, corpus, c->slot->oracle, c->verified,
                        check.first_wrong, x->variant->name, check.why);
        if (h->results.log)
            pb_report_wrong(h->results.log, corpus, c->slot->oracle,
                            c->verified, check.first_wrong, x->variant->name,
                            check.why);
        pb_harness_pass_ends(
            c, rec, PB_PASS_WRONG,
            "failed: %zu wrong answers in the verification pass", check.wrong);
    } else if (check.unchecked) {
        char left[96];
        snprintf(left, sizeof(left), "the oracle checked %zu of %zu answers",
                 check.correct, corpus->count);
        out_of_time(c, rec, left);
    } else if (seconds > x->budget) {
        char budget[PB_UNITS_TEXT];
        pb_units_time(budget, sizeof(budget), x->budget);
        pb_harness_pass_ends(c, rec, PB_PASS_SKIPPED,
                             "skipped: the verification pass took %s, over the "
                             "suite's budget of %s",
                             took, budget);
    }
}

/* --verified-in: the pass that the side's first round made (was)
 * stands for this one's. A benchmark it skipped or failed ends so here
 * too, with its reason; any other is timed, its first timed run checked
 * by the oracle (timed_answers_right). */
static void recorded_pass(struct harness *h, struct bench_case *c,
                          struct pb_pass_record *rec,
                          const struct pb_pass_record *was)
{
    const struct pb_corpus *corpus = &c->slot->corpus;
    struct pb_error e;
    rec->correct = was->correct;
    if (was->status != PB_PASS_CORRECT) {
        pb_harness_pass_ends(c, rec, was->status, "%s", was->reason);
        return;
    }
    c->verified = pb_answers_new(corpus, &e);
    c->answers = c->verified ? pb_answers_new(corpus, &e) : NULL;
    if (!c->answers) {
        pb_harness_pass_ends(c, rec, PB_PASS_SKIPPED, "skipped: %s", e.msg);
        return;
    }
    c->oracle_first = true;
    pb_results_log(&h->results,
                   "verify %-58s by the oracle on its first timed run "
                   "(passed in %s)\n",
                   c->name, h->options->verified_in);
}

/* The record of c's pass in --verified-in's results.json into was: true
 * when there is one that parses. */
static bool pass_recorded(const struct harness *h, const struct bench_case *c,
                          struct pb_pass_record *was)
{
    char key[sizeof(c->name) + sizeof(PB_CTX_VERIFY_PREFIX)];
    snprintf(key, sizeof(key), PB_CTX_VERIFY_PREFIX "%s", c->name);
    const char *value = pb_context_text(pb_context_in(h->passes), key);
    return value && pb_pass_record_parse(value, was) == 0;
}

/* The untimed pass, its result recorded in the JSON context under
 * "verify:<name>" (schema.h), where the report reads it; under
 * --verified-in, the record of the side's first round where it has one
 * (a census line always runs its own). */
static void verification_pass(struct harness *h, struct bench_case *c)
{
    struct pb_pass_record rec = {.order = (uint64_t)(c - h->cases),
                                 .instances = c->slot->corpus.count,
                                 .seconds = NAN,
                                 .status = PB_PASS_CORRECT};
    struct pb_pass_record was;
    c->results = &h->results;
    if (c->census)
        pb_harness_census_pass(h, c, &rec);
    else if (h->passes && pass_recorded(h, c, &was))
        recorded_pass(h, c, &rec, &was);
    else
        verification_run(h, c, &rec);
    snprintf(rec.reason, sizeof(rec.reason), "%s", c->skip);
    char key[sizeof(c->name) + sizeof(PB_CTX_VERIFY_PREFIX)];
    char value[sizeof(rec.reason) + 128];
    snprintf(key, sizeof(key), PB_CTX_VERIFY_PREFIX "%s", c->name);
    if (pb_pass_record_write(&rec, value, sizeof(value)) >= 0)
        pb_gb_add_context(key, value);
}

/* Under --verified-in, the first timed run's answers checked by the
 * oracle (outside the timed region), then kept as the verified ones;
 * false with why[] and the first wrong answer reported (stdout, log). */
static bool first_answers_right(struct bench_case *c, char *why, size_t why_len)
{
    const struct pb_corpus *corpus = &c->slot->corpus;
    struct pb_check check;
    pb_check_answers(corpus, c->slot->oracle, c->answers, &check);
    if (check.wrong) {
        const char *variant = c->entry->variant->name;
        pb_report_wrong(stdout, corpus, c->slot->oracle, c->answers,
                        check.first_wrong, variant, check.why);
        if (c->results && c->results->log)
            pb_report_wrong(c->results->log, corpus, c->slot->oracle,
                            c->answers, check.first_wrong, variant, check.why);
        snprintf(why, why_len,
                 "wrong answer in a timed run: %zu wrong answers (the "
                 "oracle's check of the first timed run)",
                 check.wrong);
        return false;
    }
    void *right = c->answers; /* what they own goes with them */
    c->answers = c->verified;
    c->verified = right;
    c->oracle_first = false;
    return true;
}

/* Every timed iteration's answers: as good as the verified ones, by the
 * kernel's answer.same or their bytes (never the oracle: cheap, and
 * exact), but the first under --verified-in (first_answers_right).
 * false with why[] naming the first that is not. */
static bool timed_answers_right(struct bench_case *c, char *why, size_t why_len)
{
    if (c->oracle_first)
        return first_answers_right(c, why, why_len);
    size_t first;
    char reason[256];
    if (pb_answers_same(&c->slot->corpus, c->verified, c->answers, &first,
                        reason, sizeof(reason)))
        return true;
    snprintf(why, why_len, "wrong answer in a timed run: %s", reason);
    return false;
}

static void close_case(struct bench_case *c)
{
    if (c->open)
        c->backend->close(&c->session);
    c->open = false;
}

/* A session that would not open: a refusal over the memory cap or a
 * corpus the variant does not take is a skip, anything else a failure. */
static void open_failed(struct pb_gb_state *st, struct bench_case *c, int rc,
                        const struct pb_error *e)
{
    bool refused = rc == -ENOMEM || rc == PB_NOT_APPLICABLE;
    char why[sizeof(e->msg) + 32];
    snprintf(why, sizeof(why), "%s%s",
             rc == PB_NOT_APPLICABLE ? NOT_APPLICABLE
             : refused               ? "skipped: "
                                     : "",
             e->msg);
    pb_gb_skip_with_error(st, why);
    c->wrong = !refused;
}

static void benchmark_case(struct pb_gb_state *st, void *context)
{
    struct bench_case *c = context;
    const struct pb_suite_entry *x = c->entry;
    const struct pb_corpus *corpus = &c->slot->corpus;
    const struct pb_backend *b = c->backend;
    struct pb_run run;
    struct pb_error e;
    if (c->skip[0]) {
        pb_gb_skip_with_error(st, c->skip);
        return;
    }
    bool rss = pb_rss_reset();
    pb_harness_memory_cap(x);
    /* a session opened here is a fresh build: under time build, the
     * first timed iteration uses it instead of building twice */
    bool fresh = !c->open;
    int rc = c->open ? 0
                     : b->open(&c->session, x->variant, corpus, x->threads,
                               &c->build, &e);
    if (rc) {
        open_failed(st, c, rc, &e);
        return;
    }
    c->open = true;
    if (!c->units_known) /* once per benchmark, outside the timing */
        c->units = pb_work_units(corpus);
    c->units_known = true;
    struct loop_figures f = {
        .instances = corpus->count, .units = c->units, .round = c->round};
    double builds = 0;
    pb_harness_loop_start(&f, x->threads);
    while (pb_gb_keep_running(st)) {
        double build = 0, build_cpu = 0, build_switches = 0;
        if (x->time_build) { /* a fresh build, timed with the answers */
            if (!fresh) {
                close_case(c);
                rc = b->open(&c->session, x->variant, corpus, x->threads,
                             &c->build, &e);
                c->open = rc == 0;
                if (rc) { /* refused now: as the first open would be */
                    open_failed(st, c, rc, &e);
                    break;
                }
            }
            fresh = false;
            build = c->build.build_seconds;
            build_cpu = c->build.build_cpu_seconds;
            build_switches = c->build.build_switches;
        }
        /* the back end clears the answers before its clock starts */
        rc = b->solve(&c->session, c->answers, &run, &e);
        if (rc == 0)
            pb_gb_set_iteration_time(st, build + run.solve_seconds);
        char why[320];
        if (rc || !timed_answers_right(c, why, sizeof(why))) {
            c->wrong = true;
            pb_gb_skip_with_error(st, rc ? e.msg : why);
            break;
        }
        f.iterations++;
        f.seconds += build + run.solve_seconds;
        f.cpu_seconds += build_cpu + run.cpu_seconds;
        f.switches += build_switches + run.involuntary_switches;
        builds += build;
        for (int k = 0; k < PB_MAX_COUNTERS; k++)
            f.work.count[k] += run.work.count[k];
        f.heap_peak = run.heap_peak;
        f.heap_allocated = run.heap_allocated;
    }
    /* under time build, the mean of the timed iterations' builds */
    f.build_seconds = x->time_build && f.iterations
                          ? builds / (double)f.iterations
                          : c->build.build_seconds;
    f.build_timed = x->time_build;
    /* the solve's heap; under time build the build's is not in it, so
     * none is written (peak_rss_bytes covers both) */
    f.heap = pb_heap_available() && !x->time_build;
    f.rss = rss ? pb_rss_peak() : 0;
    if (!pb_harness_loop_counters(st, corpus->kernel, x->threads, &f))
        return;
    char label[128];
    snprintf(label, sizeof(label), "corpus %016" PRIx64 "%s", c->slot->hash,
             pb_heap_available() ? "" : ", heap counters unavailable");
    pb_gb_set_label(st, label);
}

/* A run's counter, NaN (written NA) when it has none. */
static double counter(const struct pb_gb_run *run, const char *name)
{
    for (size_t i = 0; i < run->counters; i++)
        if (!strcmp(run->counter_names[i], name))
            return run->counter_values[i];
    return NAN;
}

_Static_assert(PB_SIZE_TEXT <= PB_ID_TEXT,
               "every size text fits the benchmark name's size field");

/* The identity of an entry: its benchmark name's fields (schema.h). */
void pb_harness_entry_id(const struct pb_suite_entry *x, struct pb_bench_id *id)
{
    memset(id, 0, sizeof(*id));
    snprintf(id->kernel, sizeof(id->kernel), "%s", x->kernel->name);
    snprintf(id->variant, sizeof(id->variant), "%s", x->variant->name);
    snprintf(id->family, sizeof(id->family), "%s", x->family);
    if (pb_size_format(x->kernel, &x->size, id->size, sizeof(id->size)))
        id->size[0] = '\0'; /* never: see the assertion above */
    id->count = x->count;
    id->seed = x->seed;
    id->threads = (uint64_t)x->threads;
}

static void csv_row(struct harness *h, const struct bench_case *c,
                    const struct pb_gb_run *run)
{
    struct pb_row r = {
        .corpus_hash = c->slot->hash,
        /* the case's: a run with an error carries no counters */
        .round = c->round,
        .repetition = run->repetition_index,
        .iterations = run->iterations,
        .seconds = run->error ? NAN : run->seconds,
        .cpu_seconds = counter(run, "cpu_seconds"),
        .involuntary_switches = counter(run, "involuntary_switches"),
        .build_seconds = counter(run, "build_seconds"),
        .build_timed = counter(run, "build_timed"),
        .instances_per_second = counter(run, "items_per_second"),
        .work_per_second = counter(run, "work_per_second"),
        .expanded_per_instance = counter(run, "expanded_per_instance"),
        .peak_heap_bytes = counter(run, "peak_heap_bytes"),
        .allocated_bytes = counter(run, "allocated_bytes"),
        .peak_rss_bytes = counter(run, "peak_rss_bytes"),
        .load_before = counter(run, "load_before"),
        .load_after = counter(run, "load_after"),
        .cpu_per_wall = counter(run, "cpu_per_wall"),
        .verified = !run->error,
        .side = {h->options->side, '\0'},
    };
    pb_work_row(c->entry->kernel, run->counter_names, run->counter_values,
                run->counters, &r);
    r.id = c->id;
    snprintf(r.error, sizeof(r.error), "%s",
             run->error ? run->error_message : "");
    char *row = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&row, &len);
    if (!f) {
        h->status = PB_EXIT_FAIL;
        return;
    }
    pb_csv_row_write(f, &r);
    if (fclose(f) != 0) {
        free(row);
        row = NULL;
    }
    int rc = row ? pb_results_add_row(&h->results, row) : -ENOMEM;
    if (rc) {
        h->status = PB_EXIT_FAIL;
        pb_progress_clear(&h->progress);
        if (!h->csv_reported)
            fprintf(stderr,
                    "puzzlebench bench: %s: cannot write: %s (it keeps its "
                    "last complete version)\n",
                    h->results.csv_path, strerror(-rc));
        h->csv_reported = true;
        h->results_lost = true;
    }
    free(row);
}

/* Writes the completion record (completion.h) into the results folder:
 * false, reported once on stderr, when it cannot be written. */
static bool save_plan(struct harness *h, bool ended)
{
    struct pb_error e;
    if (pb_completion_save(&h->plan, h->results.dir, ended, &e) == 0)
        return true;
    h->status = PB_EXIT_FAIL;
    if (!h->plan_reported) {
        pb_progress_clear(&h->progress);
        fprintf(stderr, "puzzlebench bench: %s\n", e.msg);
    }
    h->plan_reported = true;
    return false;
}

/* The outcome of c, which has just ended, in the completion record,
 * written at once so that a kill leaves it: failed (a wrong answer or a
 * failure), timed (a verified repetition), else skipped. */
static void record_outcome(struct harness *h, const struct bench_case *c)
{
    enum pb_outcome o = c->wrong     ? PB_OUTCOME_FAILED
                        : c->times.n ? PB_OUTCOME_TIMED
                                     : PB_OUTCOME_SKIPPED;
    if (pb_completion_outcome(&h->plan, c->name, o) == 0)
        save_plan(h, false);
    else if (!h->plan_reported) {
        h->status = PB_EXIT_FAIL;
        h->plan_reported = true;
        fprintf(stderr, "puzzlebench bench: out of memory\n");
    }
}

static void on_run(const struct pb_gb_run *run, void *user)
{
    struct harness *h = user;
    struct bench_case *c = run->context;
    if (!c || run->aggregate)
        return;
    csv_row(h, c, run);
    if (!run->error)
        h->timed++;
    if (!run->error && c->times.n < PB_SUITE_MAX_SAMPLES) {
        double count = (double)c->slot->corpus.count;
        c->times.cpu_per_instance[c->times.n] =
            counter(run, "cpu_seconds") / count;
        c->times.per_instance[c->times.n++] = run->seconds / count;
    }
    if (run->error && !c->skip[0] && !strstr(run->error_message, "skipped"))
        h->status = PB_EXIT_FAIL;
    /* a round of c ends with its last repetition, or its first error; c
     * ends with its last round or that error (a skipped case reports an
     * error for each of its repetitions, but ends, and counts in the
     * progress, once) */
    if (c->ended || (++c->finished < (size_t)run->repetitions && !run->error))
        return;
    close_case(c); /* its next round opens it afresh */
    h->steps_done++;
    if (run->error || c->round + 1 >= c->entry->rounds || h->worker) {
        c->ended = true;
        /* the rounds it will not run leave the progress's count */
        if (!h->worker)
            h->steps -= (size_t)(c->entry->rounds - 1 - c->round);
        record_outcome(h, c);
        if (h->compact)
            pb_harness_result_line(h, c, run);
    }
    pb_harness_progress(h, c);
}

/* The benchmark name of x as this run writes it (its processes
 * included), its identity in id. */
static void entry_name(const struct harness *h, const struct pb_suite_entry *x,
                       struct pb_bench_id *id, char *name, size_t len)
{
    pb_harness_entry_id(x, id);
    id->processes = (uint64_t)h->processes;
    /* a suite's names are short (suite.c bounds each field) */
    pb_bench_id_write(id, name, len);
}

static void case_name(const struct harness *h, struct bench_case *c)
{
    entry_name(h, c->entry, &c->id, c->name, sizeof(c->name));
}

static int prepare_cases(struct harness *h, struct pb_suite *suite,
                         const struct pb_bench_options *o,
                         struct corpus_slot *slots, size_t *slot_count)
{
    struct pb_error e;
    for (size_t i = 0; i < suite->count; i++) {
        struct pb_suite_entry *x = &suite->entries[i];
        if (o->max_memory) {
            x->memory_cap = o->max_memory;
            x->memory_set = true;
        }
        struct bench_case *c = &h->cases[h->case_count++];
        memset(c, 0, sizeof(*c));
        c->entry = x;
        /* the suite's cap is for variants; a corpus and its oracle are
         * the harness's own work, held to the machine's memory */
        pb_memory_cap_set(0);
        case_name(h, c);
        if (o->list_only && !x->census)
            continue; /* a listing needs names, not corpora nor oracles */
        c->slot = x->census ? pb_harness_census_slot(c, &e)
                            : pb_harness_find_or_make_corpus(
                                  slots, slot_count, x, o->data_dir, &e);
        if (!c->slot) {
            fprintf(stderr, "puzzlebench bench: %s:%u: %s\n", suite->path,
                    (unsigned)x->line, e.msg);
            return PB_EXIT_FAIL;
        }
    }
    return PB_EXIT_OK;
}

/* A suite names each benchmark once: two lines that give the same name
 * (the same generator recipe, or files of the same content, and a
 * variant and thread count in common) would mix their repetitions under
 * one name. Checked before the results folder exists. O(entries^2). */
static int reject_duplicates(const struct pb_suite *s, struct pb_error *e)
{
    char(*names)[192] = calloc(s->count + 1, sizeof(*names));
    if (!names)
        return pb_fail(e, -ENOMEM, "out of memory");
    int rc = 0;
    for (size_t i = 0; i < s->count && !rc; i++) {
        struct pb_bench_id id;
        pb_harness_entry_id(&s->entries[i], &id);
        pb_bench_id_write(&id, names[i], sizeof(names[i]));
        for (size_t j = 0; j < i && !rc; j++) {
            if (strcmp(names[i], names[j]))
                continue;
            const struct pb_suite_entry *x = &s->entries[i];
            if (x->line == 0)
                rc = pb_fail(e, -EINVAL,
                             "%s: benchmark %s twice; name each variant and "
                             "thread count once",
                             s->path, names[i]);
            else
                rc = pb_fail(e, -EINVAL,
                             "%s:%u: benchmark %s, already given by line %u; "
                             "a suite names each benchmark once",
                             s->path, (unsigned)x->line, names[i],
                             (unsigned)s->entries[j].line);
        }
    }
    free(names);
    return rc;
}

/* --rounds and --repetitions made every entry's, their samples checked
 * against what the results' readers keep (a suite's own are checked as
 * it is read): 0, or -EINVAL with e. */
static int apply_rounds(struct pb_suite *s, const struct pb_bench_options *o,
                        struct pb_error *e)
{
    for (size_t i = 0; i < s->count; i++) {
        struct pb_suite_entry *x = &s->entries[i];
        if (o->rounds)
            x->rounds = o->rounds;
        if (o->repetitions)
            x->repetitions = o->repetitions;
        int reps = o->gb_repetitions ? o->gb_repetitions : x->repetitions;
        char why[128];
        if (pb_suite_samples_fit(x->rounds, reps, why, sizeof(why)))
            continue;
        char line[32] = "";
        if (x->line)
            snprintf(line, sizeof(line), ":%u", (unsigned)x->line);
        return pb_fail(e, -EINVAL, "%s%s: %s (with %s)", s->path, line, why,
                       o->gb_repetitions ? "--benchmark_repetitions"
                       : o->rounds && o->repetitions
                           ? "--rounds and --repetitions"
                       : o->rounds ? "--rounds"
                                   : "--repetitions");
    }
    return 0;
}

/* Expands the suite once per --threads value when they override it. */
static int apply_threads(struct pb_suite *s, const struct pb_bench_options *o)
{
    if (o->thread_counts == 0)
        return 0;
    size_t n = 0;
    struct pb_suite_entry *out =
        malloc(s->count * (size_t)o->thread_counts * sizeof(*out));
    if (!out)
        return -ENOMEM;
    for (size_t i = 0; i < s->count; i++) {
        /* entries differing only in threads collapse to one */
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = s->entries[j].line == s->entries[i].line &&
                   s->entries[j].variant == s->entries[i].variant;
        if (seen)
            continue;
        for (int t = 0; t < o->thread_counts; t++) {
            out[n] = s->entries[i];
            out[n++].threads = o->threads[t];
        }
    }
    free(s->entries);
    s->entries = out;
    s->capacity = s->count * (size_t)o->thread_counts;
    s->count = n;
    return 0;
}

/* The plan (completion.h): every benchmark of the whole suite that
 * --benchmark_filter selects, marked where it is this part's; then the
 * I-th of N disjoint parts of the suite kept (--shard I/N): every N-th
 * benchmark from the I-th, so that each part mixes the suite's kernels
 * and sizes and the parts take about the same time. The same suite and
 * options give the same parts on any machine. A part left empty (N
 * above the suite's count) is a run of nothing, not an error, so that a
 * job array larger than the suite still reaches its merge. */
static int plan_and_shard(struct harness *h, struct pb_suite *s,
                          const struct pb_bench_options *o, struct pb_error *e)
{
    char shard[32];
    snprintf(shard, sizeof(shard), "%d/%d", o->shard, o->shards);
    int rc = pb_completion_new(&h->plan, "bench", o->shards ? shard : NULL, e);
    size_t n = 0;
    for (size_t i = 0; rc == 0 && i < s->count; i++) {
        bool mine =
            o->shards == 0 || i % (size_t)o->shards == (size_t)(o->shard - 1);
        /* a worker's round: the benchmarks that have it are planned; the
         * others stay, untimed, so that the round's order is the whole
         * run's */
        bool planned = mine && (!o->round_index_set ||
                                s->entries[i].rounds > o->round_index);
        struct pb_bench_id id;
        char name[sizeof(h->cases[0].name)];
        entry_name(h, &s->entries[i], &id, name, sizeof(name));
        if (pb_gb_selected(name) && pb_completion_plan(&h->plan, name, planned))
            rc = pb_fail(e, -ENOMEM, "out of memory");
        if (mine)
            s->entries[n++] = s->entries[i];
    }
    h->suite_count = s->count;
    s->count = n;
    h->empty_part = rc == 0 && n == 0;
    return rc;
}

/* --data DIR made (and the temporaries of dead runs in it removed),
 * before the results folder: a refused one leaves no results behind. */
static int make_data_dir(const struct pb_bench_options *o, struct pb_error *e)
{
    int rc = o->data_dir ? pb_make_dirs(o->data_dir) : 0;
    if (rc)
        return pb_fail(e, rc, "%s: cannot create: %s", o->data_dir,
                       strerror(-rc));
    if (o->data_dir)
        pb_remove_stale_temporaries(o->data_dir);
    return 0;
}

static int max_threads(const struct pb_suite *s)
{
    int m = 1;
    for (size_t i = 0; i < s->count; i++)
        if (s->entries[i].threads > m)
            m = s->entries[i].threads;
    return m;
}

/* Whether c is timed by this run: selected by --benchmark_filter, and
 * for a worker, with the round it times. */
static bool in_this_run(const struct harness *h, const struct bench_case *c)
{
    return pb_gb_selected(c->name) &&
           (!h->worker || c->entry->rounds > h->first_round);
}

/* The untimed verification pass of every selected case, once before
 * the rounds; every selected case is then timed (skipped cases too, in
 * the first round, so that their reason lands in the results). */
static void verify_all(struct harness *h, const struct pb_bench_options *o)
{
    size_t total = 0, done = 0;
    for (size_t i = 0; i < h->case_count; i++)
        total += in_this_run(h, &h->cases[i]);
    double started = pb_now();
    h->rounds = 1;
    for (size_t i = 0; i < h->case_count; i++) {
        struct bench_case *c = &h->cases[i];
        if (!in_this_run(h, c))
            continue;
        c->backend = h->backend;
        c->mpi = h->mpi;
        if (!o->list_only) { /* the pass can take minutes: say where */
            char what[2 * sizeof(c->name) + 8];
            double elapsed = pb_now() - started;
            /* the prefix only: pb_harness_short_name terminates what follows */
            /* NOLINTNEXTLINE(bugprone-not-null-terminated-result) */
            memcpy(what, "verify ", 7);
            pb_harness_short_name(c, what + 7, sizeof(what) - 7);
            pb_progress_show(&h->progress, done + 1, total, what, elapsed,
                             pb_progress_left(done, total, elapsed));
            verification_pass(h, c);
            done++;
        }
        if (c->wrong)
            h->status = PB_EXIT_FAIL;
        if (c->skip[0])
            pb_results_say(&h->results, "       %s: %s\n", c->name, c->skip);
        h->to_time++;
        h->steps += h->worker ? 1 : (size_t)c->entry->rounds;
        if (c->entry->rounds > h->rounds)
            h->rounds = c->entry->rounds;
    }
    if (o->list_only) /* names, once */
        h->rounds = 1;
}

/* The order of the next round into h->order: a Fisher-Yates shuffle of
 * every case (the suite's order for a run of one round). */
static void shuffle_round(struct harness *h)
{
    for (size_t i = 0; i < h->case_count; i++)
        h->order[i] = i;
    for (size_t i = h->case_count; h->rounds > 1 && i > 1; i--) {
        size_t j = (size_t)pb_rng_below(&h->round_rng, i);
        size_t t = h->order[i - 1];
        h->order[i - 1] = h->order[j];
        h->order[j] = t;
    }
}

uint64_t pb_bench_draw_seed(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t state =
        ((uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec) ^
        ((uint64_t)getpid() << 32);
    return pb_splitmix64(&state);
}

/* The seed of the rounds' order: --round-seed, else one drawn from the
 * clock and this process, recorded (round_order_seed) so that the order
 * can be repeated. */
static void seed_rounds(struct harness *h, const struct pb_bench_options *o)
{
    uint64_t seed = o->round_seed_set ? o->round_seed : pb_bench_draw_seed();
    pb_rng_seed(&h->round_rng, seed);
    char text[32];
    snprintf(text, sizeof(text), "%" PRIu64, seed);
    if (h->rounds > 1 && !o->list_only)
        pb_provenance_add(&h->results, PB_CTX_ROUND_ORDER_SEED, text);
    /* a worker's round r: the generator past the r orders before it */
    for (int r = 0; r < h->first_round; r++)
        shuffle_round(h);
}

/* Before round r (gbench.h's round_start): the benchmarks that have a
 * round r and have not ended (skipped, failed) registered anew, in an
 * order shuffled afresh (Fisher-Yates over every case, so that the
 * order depends on the seed and the round alone, not on what ended
 * before), and that order written to log.txt. A run of one round keeps
 * the suite's order. */
static void round_start(void *user, int call)
{
    struct harness *h = user;
    const struct pb_bench_options *o = h->options;
    int r = h->first_round + call;
    pb_gb_clear();
    shuffle_round(h);
    if (h->rounds > 1)
        pb_results_log(&h->results, "round %d/%d order:", r + 1, h->rounds);
    for (size_t i = 0; i < h->case_count; i++) {
        struct bench_case *c = &h->cases[h->order[i]];
        if (!c->backend || c->ended || c->entry->rounds <= r)
            continue;
        c->round = r;
        c->finished = 0;
        const struct pb_suite_entry *x = c->entry;
        if (pb_gb_register(c->name,
                           c->census ? pb_harness_census_benchmark
                                     : benchmark_case,
                           c, o->gb_repetitions ? 0 : x->repetitions,
                           o->gb_min_time ? 0 : x->min_time))
            h->status = PB_EXIT_FAIL;
        if (h->rounds > 1)
            pb_results_log(&h->results, " %s", c->name);
    }
    if (h->rounds > 1)
        pb_results_log(&h->results, "\n");
}

static void time_cases(struct harness *h, const struct pb_bench_options *o)
{
    h->started = pb_now();
    seed_rounds(h, o);
    /* a listing writes nothing: no results folder is opened for it */
    struct pb_gb_output out = {.json_path =
                                   o->list_only ? NULL : h->results.json_path,
                               .log = h->results.log,
                               .on_run = on_run,
                               .user = h,
                               .log_error = &h->results.log_error,
                               .no_table = h->compact,
                               .before_table = pb_harness_clear_progress,
                               .rounds = h->worker ? 1 : h->rounds,
                               .round_start = round_start};
    if (!o->list_only && h->to_time)
        pb_progress_show(&h->progress, 0, h->steps, "timing", 0, NAN);
    long rc = pb_gb_run_all(&out);
    pb_progress_clear(&h->progress);
    if (rc == -EBADF) { /* checked by cmd_bench.c, so a race */
        fprintf(stderr,
                "puzzlebench bench: --benchmark_out: cannot open '%s'; "
                "nothing was timed\n",
                pb_gb_out_path());
        h->status = PB_EXIT_FAIL;
        h->results_lost = true;
    } else if (rc < 0) {
        fprintf(stderr,
                "puzzlebench bench: %s: cannot write: %s (it keeps its last "
                "complete version)\n",
                h->results.json_path, strerror((int)-rc));
        h->status = PB_EXIT_FAIL;
        h->results_lost = true;
    }
    for (size_t i = 0; i < h->case_count; i++) {
        close_case(&h->cases[i]);
        if (h->cases[i].wrong)
            h->status = PB_EXIT_FAIL;
    }
}

static void free_run(struct harness *h, struct corpus_slot *slots,
                     size_t slot_count, struct pb_suite *suite)
{
    for (size_t i = 0; h->cases && i < h->case_count; i++) {
        struct bench_case *c = &h->cases[i];
        if (c->slot) { /* what answers own goes with them */
            pb_answers_free(&c->slot->corpus, c->verified);
            pb_answers_free(&c->slot->corpus, c->answers);
        }
        pb_harness_census_free(c); /* a census line's slot with it */
    }
    for (size_t i = 0; i < slot_count; i++) {
        if (slots[i].oracle) /* none in a listing */
            slots[i].corpus.kernel->oracle.free(slots[i].oracle);
        pb_corpus_free(&slots[i].corpus);
    }
    pb_results_close(&h->results);
    pb_completion_free(&h->plan);
    pb_gb_clear();
    free(slots);
    free(h->cases);
    free(h->order);
    pb_suite_free(suite);
}

/* The run's processes in the provenance (every run: 1 for one
 * process); under MPI also its hosts and library, and a warning when a
 * host runs more threads than it has cores. */
static void record_processes(struct harness *h, const struct pb_mpi *mpi,
                             int threads)
{
    char text[32];
    snprintf(text, sizeof(text), "%d", h->processes);
    pb_provenance_add(&h->results, PB_CTX_PROCESSES, text);
    snprintf(text, sizeof(text), "%d", threads);
    pb_provenance_add(&h->results, PB_CTX_THREADS_PER_PROCESS, text);
    if (!mpi || !mpi->on)
        return;
    snprintf(text, sizeof(text), "%d", mpi->hosts);
    pb_provenance_add(&h->results, PB_CTX_HOSTS, text);
    pb_provenance_add(&h->results, PB_CTX_MPI_LIBRARY, mpi->library);
    /* the processes of the busiest host, if they spread evenly, against
     * its online CPUs (this process's own may be bound to a few) */
    int per_host = (mpi->size + mpi->hosts - 1) / mpi->hosts;
    int cores = pb_cpus()->online;
    if (per_host * threads > cores && per_host > 1)
        fprintf(stderr,
                "puzzlebench bench: warning: %d processes x %d threads on a "
                "host of %d cores; oversubscribed\n",
                per_host, threads, cores);
}

int pb_bench_plan(const struct pb_bench_options *o, struct pb_bench_plan *p,
                  struct pb_error *e)
{
    char path[1024];
    struct pb_suite suite;
    memset(p, 0, sizeof(*p));
    if (o->corpus
            ? pb_suite_corpus(o->corpus, o->kernel, o->variants, &suite, e)
            : pb_suite_find(o->suite, path, sizeof(path), e) ||
                  pb_suite_load(path, &suite, e))
        return PB_EXIT_FAIL;
    if (apply_rounds(&suite, o, e)) {
        pb_suite_free(&suite);
        return PB_EXIT_USAGE;
    }
    if (!o->corpus)
        snprintf(p->suite, sizeof(p->suite), "%s", suite.resolved);
    struct corpus_slot *slots = NULL;
    size_t slot_count = 0;
    int rc = apply_threads(&suite, o) ? -ENOMEM : 0;
    if (rc == 0) {
        slots = calloc(suite.count + 1, sizeof(*slots));
        p->names = calloc(suite.count + 1, sizeof(*p->names));
        p->rounds = calloc(suite.count + 1, sizeof(*p->rounds));
        rc = slots && p->names && p->rounds ? 0 : -ENOMEM;
    }
    if (rc)
        pb_fail(e, rc, "out of memory");
    else
        rc = pb_harness_load_files(&suite, slots, &slot_count, true, e);
    if (rc == 0)
        rc = reject_duplicates(&suite, e);
    for (size_t i = 0; rc == 0 && i < suite.count; i++) {
        struct pb_bench_id id;
        pb_harness_entry_id(&suite.entries[i], &id);
        id.processes = 1;
        pb_bench_id_write(&id, p->names[p->count], sizeof(p->names[0]));
        if (!pb_gb_selected(p->names[p->count]))
            continue;
        p->rounds[p->count++] = suite.entries[i].rounds;
        if (suite.entries[i].rounds > p->most_rounds)
            p->most_rounds = suite.entries[i].rounds;
    }
    for (size_t i = 0; i < slot_count; i++)
        pb_corpus_free(&slots[i].corpus);
    free(slots);
    pb_suite_free(&suite);
    if (rc)
        pb_bench_plan_free(p);
    return rc ? PB_EXIT_FAIL : 0;
}

void pb_bench_plan_free(struct pb_bench_plan *p)
{
    free(p->names);
    free(p->rounds);
    p->names = NULL;
    p->rounds = NULL;
    p->count = 0;
}

/* --round-index R: a worker timing round R alone, which the run (the
 * suite's rounds, or --rounds) must have. 0, or -EINVAL with e. */
static int worker_round(struct harness *h, const struct pb_suite *s,
                        const struct pb_bench_options *o, struct pb_error *e)
{
    if (!o->round_index_set)
        return 0;
    int rounds = 1;
    for (size_t i = 0; i < s->count; i++)
        if (s->entries[i].rounds > rounds)
            rounds = s->entries[i].rounds;
    if (o->round_index >= rounds)
        return pb_fail(
            e, -EINVAL, "--round-index %d: the run has %d round%s, 0 to %d",
            o->round_index, rounds, rounds == 1 ? "" : "s", rounds - 1);
    h->worker = true;
    h->first_round = o->round_index;
    return 0;
}

/* --verified-in DIR: the results.json of the side's first round, whose
 * verification records stand for this run's pass; read before anything
 * is made. 0, or an error naming the file. */
static int load_passes(struct harness *h, const char *dir, struct pb_error *e)
{
    char path[PB_PATH_MAX];
    if (snprintf(path, sizeof(path), "%s/results.json", dir) >=
        (int)sizeof(path))
        return pb_fail(e, -ENAMETOOLONG, "--verified-in: path too long");
    if (pb_json_load(path, "the results.json of bench --against's first round",
                     &h->passes, e))
        return -EINVAL;
    if (!pb_context_in(h->passes)) {
        json_decref(h->passes);
        h->passes = NULL;
        return pb_fail(e, -EINVAL,
                       "%s: no context; expected the results.json of a "
                       "round of bench --against",
                       path);
    }
    return 0;
}

/* A worker's side and round in the context (the joined folder's
 * readers leave them out). */
static void record_worker(struct harness *h, const struct pb_bench_options *o)
{
    char text[32];
    if (o->side) {
        snprintf(text, sizeof(text), "%c", o->side);
        pb_provenance_add(&h->results, PB_CTX_SIDE, text);
    }
    if (o->round_index_set) {
        snprintf(text, sizeof(text), "%d", o->round_index);
        pb_provenance_add(&h->results, PB_CTX_ROUND_INDEX, text);
    }
    if (o->verified_in)
        pb_provenance_add(&h->results, PB_CTX_VERIFIED_IN, o->verified_in);
}

/* --benchmark_list_tests: the selected benchmarks' names, as Google
 * Benchmark lists them, and nothing else: no results folder, no data
 * folder, latest left alone, no corpus generated, no oracle built. */
static int list_names(struct harness *h, struct pb_suite *suite,
                      const struct pb_bench_options *o,
                      struct corpus_slot *slots, size_t *slot_count)
{
    if (prepare_cases(h, suite, o, slots, slot_count))
        return PB_EXIT_FAIL;
    verify_all(h, o);
    time_cases(h, o);
    return h->status;
}

int pb_bench_suite(const struct pb_bench_options *o)
{
    struct pb_error e;
    char path[1024];
    struct pb_suite suite;
    if (o->corpus
            ? pb_suite_corpus(o->corpus, o->kernel, o->variants, &suite, &e)
            : pb_suite_find(o->suite, path, sizeof(path), &e) ||
                  pb_suite_load(path, &suite, &e)) {
        fprintf(stderr, "puzzlebench bench: %s\n", e.msg);
        /* --variants is typed, as --kernel is (cmd_bench.c): usage */
        return o->corpus && suite.bad_variant ? PB_EXIT_USAGE : PB_EXIT_FAIL;
    }
    struct harness h = {.backend = &pb_backend_local,
                        .status = PB_EXIT_OK,
                        .processes = 1,
                        .clock = o->clock,
                        .compact = !o->gbench_console};
#ifdef PB_HAVE_MPI
    if (o->mpi && o->mpi->on) { /* every solve over every process */
        h.backend = &pb_backend_mpi;
        h.processes = o->mpi->size;
        h.mpi = o->mpi;
    }
#endif
    if (apply_rounds(&suite, o, &e) ||
        worker_round(&h, &suite, o, &e)) { /* the options' fault: usage */
        fprintf(stderr, "puzzlebench bench: %s\n", e.msg);
        pb_suite_free(&suite);
        return PB_EXIT_USAGE;
    }
    if (o->verified_in && load_passes(&h, o->verified_in, &e)) {
        fprintf(stderr, "puzzlebench bench: %s\n", e.msg);
        pb_suite_free(&suite);
        return PB_EXIT_FAIL;
    }
    h.options = o;
    pb_progress_init(&h.progress, stderr, STDERR_FILENO, o->quiet);
    struct corpus_slot *slots = NULL;
    size_t slot_count = 0;
    if (apply_threads(&suite, o) == 0) {
        /* suite.count >= 1: an empty suite is refused when loaded */
        /* NOLINTNEXTLINE(clang-analyzer-optin.portability.UnixAPI) */
        slots = calloc(suite.count, sizeof(*slots));
        h.cases = calloc(suite.count, sizeof(*h.cases));
        h.order = calloc(suite.count, sizeof(*h.order));
    }
    if (!slots || !h.cases || !h.order ||
        pb_harness_load_files(&suite, slots, &slot_count, o->list_only, &e) ||
        reject_duplicates(&suite, &e) || plan_and_shard(&h, &suite, o, &e) ||
        (!o->list_only &&
         (pb_results_check_latest(o->out_dir, &e) || make_data_dir(o, &e) ||
          pb_results_open(&h.results, o->out_dir, &e)))) {
        fprintf(stderr, "puzzlebench bench: %s\n",
                slots && h.cases && h.order ? e.msg : "out of memory");
        free_run(&h, slots, slot_count, &suite);
        return PB_EXIT_FAIL;
    }
    if (o->list_only) {
        int rc = list_names(&h, &suite, o, slots, &slot_count);
        free_run(&h, slots, slot_count, &suite);
        return rc;
    }
    h.results.quiet = o->quiet;
    h.results.before_print = pb_harness_clear_progress;
    h.results.before_print_arg = &h;
    /* the plan before anything runs: a kill from here on leaves a folder
     * that says it is incomplete */
    save_plan(&h, false);
    /* the suite's and the folder's names are the user's: control bytes
     * escaped */
    char name[4 * sizeof(suite.name)], where[4 * sizeof(suite.path)];
    char out[4 * sizeof(h.results.dir)];
    pb_escape_controls(suite.name, name, sizeof(name));
    pb_escape_controls(suite.path, where, sizeof(where));
    pb_escape_controls(h.results.dir, out, sizeof(out));
    pb_results_say(&h.results,
                   "puzzlebench bench: suite %s (%s), results "
                   "in %s\n",
                   name, where, out);
    if (h.empty_part) /* a note even under --quiet: the part is empty */
        pb_results_show(&h.results,
                        "note: --shard %d/%d: the suite has %zu benchmarks, "
                        "none left for this part; its results folder records "
                        "an empty part for merge\n",
                        o->shard, o->shards, h.suite_count);
    int threads = max_threads(&suite);
    pb_provenance_warn_threads(&h.results, &suite);
    pb_provenance_record(&h.results, &suite, threads);
    record_processes(&h, o->mpi, threads);
    if (readback_clock_word(o->clock)) /* the figures and report read it */
        pb_provenance_add(&h.results, PB_CTX_CLOCK,
                          readback_clock_word(o->clock));
    record_worker(&h, o);
    if (o->shards) { /* merge joins the parts; the report says so */
        char shard[32];
        snprintf(shard, sizeof(shard), "%d/%d", o->shard, o->shards);
        pb_provenance_add(&h.results, PB_CTX_SHARD, shard);
    }
    struct pb_noise_machine machine;
    pb_noise_run_start(&h.results, &machine);
    struct readback results; /* the run's, as written: read back at its end */
    bool have_results = false, ran = false;
    if (prepare_cases(&h, &suite, o, slots, &slot_count)) {
        h.status = PB_EXIT_FAIL;
    } else {
        ran = true;
        pb_harness_record_corpora(slots, slot_count);
        verify_all(&h, o);
        time_cases(&h, o);
        /* read back once, for the winners and the warnings */
        struct pb_error none;
        have_results =
            readback_load(h.results.dir, &results, o->clock, &none) == 0;
        if (!h.worker) /* the comparison is bench --against's */
            pb_harness_say_winners(&h, have_results ? &results : NULL);
        if (h.timed == 0 && !h.empty_part) {
            const char *why = h.to_time == 0
                                  ? "no benchmark of the suite matches "
                                    "--benchmark_filter"
                                  : "every benchmark was skipped or failed";
            fprintf(stderr, "puzzlebench bench: nothing was timed: %s\n", why);
            if (h.results.log &&
                fprintf(h.results.log, "nothing was timed: %s\n", why) < 0)
                pb_results_log_failed(&h.results);
            h.status = PB_EXIT_FAIL;
        }
    }
    if (pb_noise_run_end(&h.results, &machine, have_results ? &results : NULL,
                         &e)) {
        fprintf(stderr, "puzzlebench bench: %s\n", e.msg);
        h.status = PB_EXIT_FAIL;
        h.results_lost = true;
    }
    if (have_results)
        readback_free(&results);
    /* complete: the plan run through (a wrong answer included) and the
     * results written whole; only then does latest name the folder */
    if (ran && !h.results_lost && save_plan(&h, true) &&
        pb_results_point_latest(&h.results, &e)) {
        fprintf(stderr, "puzzlebench bench: %s\n", e.msg);
        h.status = PB_EXIT_FAIL;
    }
    /* an empty part has nothing to draw, a worker leaves it to bench
     * --against */
    bool draw = !h.empty_part && !h.worker;
    bool drawn = draw && pb_outputs_or_report(h.results.dir, "bench");
    if (h.results.log_error)
        h.status = PB_EXIT_FAIL;
    pb_results_show(&h.results,
                    "\nresults: %s (results.json, results.csv, log.txt%s): "
                    "%s\n",
                    h.results.dir,
                    drawn ? ", report.md, report.html, figures/" : "",
                    h.status != PB_EXIT_OK ? "FAILED"
                    : h.empty_part         ? "an empty part, nothing to time"
                                           : "every timed run verified");
    if (!pb_results_close_said(&h.results, "bench"))
        h.status = PB_EXIT_FAIL;
    pb_memory_cap_set(0);
    free_run(&h, slots, slot_count, &suite);
    json_decref(h.passes);
    return h.status;
}
