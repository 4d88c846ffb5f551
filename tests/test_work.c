/*
 * test_work.c - work counters (pb_work.h: struct pb_work_def;
 * bench/results/work.h) from a variant to every results file: a toy kernel
 * defined here, "walk", names two counters (pops, relaxations) and units of
 * work (reachable states), as cube_walk will. Its variant's counts are summed
 * by the runner alike at 1 and 3 threads; timed through Google Benchmark
 * with the harness's figures (pb_work_figures) and rows (pb_work_row),
 * they reach results.json (NAME_per_instance, NAME_per_unit,
 * units_per_instance, seconds_per_unit), results.csv
 * (counters_per_instance, units_per_instance), tidy's readers of both,
 * and the report's tables (pb_report_write with kernels of its own), from the
 * CSV and from a folder with only the JSON. The registered kernels keep counter
 * 0 as expanded_per_instance and work_per_second. Each check is O(corpus).
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "harness/gbench.h"
#include "present/report.h"
#include "run/runner.h"
#include "results/schema.h"
#include "results/readback.h"
#include "results/work.h"

enum { INSTANCES = 6, STEP = 10 };
enum { WALK_POPS = PB_WORK_MAIN, WALK_RELAXATIONS = 1 };

struct walk_instance {
    uint32_t n;
};

/* pops n + 1, relaxations 2n, units 4n per instance: over n = 10..60,
 * 216 pops, 420 relaxations and 840 units, so 36, 70 and 140 per
 * instance and 216/840 and 0.5 per unit. */
#define POPS_PER_INSTANCE 36.0
#define RELAXATIONS_PER_INSTANCE 70.0
#define UNITS_PER_INSTANCE 140.0

static uint64_t walk_units(const void *instance)
{
    return 4 * (uint64_t)((const struct walk_instance *)instance)->n;
}

static int walk_write_answer(FILE *out, const void *instance,
                             const void *answer)
{
    (void)instance;
    return fprintf(out, "%llu\n",
                   (unsigned long long)*(const uint64_t *)answer) < 0
               ? -EIO
               : 0;
}

static int walk_write_instance(FILE *out, const void *instance,
                               const void *previous)
{
    (void)previous;
    return fprintf(out, "%u\n", ((const struct walk_instance *)instance)->n) < 0
               ? -EIO
               : 0;
}

static void *walk_oracle_new(const struct pb_corpus *c, struct pb_error *e)
{
    (void)c, (void)e;
    static int oracle;
    return &oracle;
}

static void walk_oracle_free(void *oracle)
{
    (void)oracle;
}

static bool walk_oracle_check(const void *oracle, const void *instance,
                              const void *answer, char *why, size_t len)
{
    (void)oracle;
    uint64_t want = ((const struct walk_instance *)instance)->n;
    if (*(const uint64_t *)answer == want)
        return true;
    snprintf(why, len, "not %llu", (unsigned long long)want);
    return false;
}

static int walk_oracle_solve(const void *oracle, const void *instance,
                             void *answer)
{
    (void)oracle;
    *(uint64_t *)answer = ((const struct walk_instance *)instance)->n;
    return 0;
}

static void *walk_worker_new(const struct pb_corpus *c, const void *shared)
{
    (void)c, (void)shared;
    static int worker;
    return &worker;
}

static void walk_worker_free(void *worker)
{
    (void)worker;
}

static int walk_solve(void *worker, const void *instance, void *answer,
                      struct pb_work *work, struct pb_error *e)
{
    (void)worker, (void)e;
    uint32_t n = ((const struct walk_instance *)instance)->n;
    *(uint64_t *)answer = n;
    work->count[WALK_POPS] += n + 1;
    work->count[WALK_RELAXATIONS] += 2 * (uint64_t)n;
    return 0;
}

static const struct pb_variant walk_plain = {.name = "plain",
                                             .summary = "counts",
                                             .worker_new = walk_worker_new,
                                             .solve = walk_solve,
                                             .worker_free = walk_worker_free};
static const struct pb_variant *const walk_variants[] = {&walk_plain, NULL};

static const struct pb_counter_def walk_counters[] = {
    {"pops", "queue pops"}, {"relaxations", "edge relaxations"}, {NULL, NULL}};

static const struct pb_kernel walk_kernel = {
    .name = "walk",
    .summary = "counts pops and relaxations",
    .instance_size = sizeof(struct walk_instance),
    .format = {.write_instance = walk_write_instance},
    .answer = {.size = sizeof(uint64_t), .write = walk_write_answer},
    .oracle = {.build = walk_oracle_new,
               .check = walk_oracle_check,
               .solve = walk_oracle_solve,
               .free = walk_oracle_free},
    .work = {.counters = walk_counters,
             .units = walk_units,
             .unit_name = "reachable state"},
    .size = {.label = "walk length", .judge = {4, 0}},
    .variants = walk_variants,
};

static void make_corpus(struct pb_corpus *c)
{
    pb_corpus_init(c, &walk_kernel, "<walks>");
    for (uint32_t k = 1; k <= INSTANCES; k++) {
        struct walk_instance *in = pb_corpus_push(c, k);
        if (in)
            in->n = STEP * k;
    }
}

static bool near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fabs(b);
}

/* The runner sums both counters over the instances, alike at 1 and 3
 * threads, and leaves the unused ones 0. */
static void test_runner(const struct pb_corpus *c)
{
    for (int threads = 1; threads <= 3; threads += 2) {
        struct pb_error e;
        struct pb_run run;
        void *answers = pb_answers_new(c, &e);
        int rc =
            answers ? pb_run_variant(&walk_plain, c, threads, answers, &run, &e)
                    : -ENOMEM;
        CHECK(rc == 0, "%d threads: %s", threads, e.msg);
        CHECK(rc == 0 && run.work.count[WALK_POPS] == 216 &&
                  run.work.count[WALK_RELAXATIONS] == 420 &&
                  run.work.count[2] == 0 && run.work.count[3] == 0,
              "%d threads: %llu pops, %llu relaxations", threads,
              (unsigned long long)run.work.count[0],
              (unsigned long long)run.work.count[1]);
        pb_answers_free(c, answers);
    }
    CHECK(pb_work_units(c) == 840, "units %llu",
          (unsigned long long)pb_work_units(c));
}

/* One timed benchmark of walk as the harness times one: a session, the
 * solves' work summed, the figures set as counters. */
struct bench {
    const struct pb_corpus *corpus;
    char dir[64];
    FILE *csv;
    int rows;
};

static void walk_benchmark(struct pb_gb_state *st, void *context)
{
    struct bench *b = context;
    struct pb_session s;
    struct pb_run run;
    struct pb_error e;
    void *answers = pb_answers_new(b->corpus, &e);
    if (!answers ||
        pb_backend_local.open(&s, &walk_plain, b->corpus, 1, &run, &e)) {
        pb_gb_skip_with_error(st, e.msg);
        pb_answers_free(b->corpus, answers);
        return;
    }
    struct pb_work work = {{0}};
    double seconds = 0;
    int64_t iterations = 0;
    while (pb_gb_keep_running(st)) {
        if (pb_backend_local.solve(&s, answers, &run, &e)) {
            pb_gb_skip_with_error(st, e.msg);
            break;
        }
        pb_gb_set_iteration_time(st, run.solve_seconds);
        seconds += run.solve_seconds;
        iterations++;
        for (int k = 0; k < PB_MAX_COUNTERS; k++)
            work.count[k] += run.work.count[k];
    }
    pb_backend_local.close(&s);
    pb_answers_free(b->corpus, answers);
    struct pb_work_figure fig[PB_WORK_FIGURES];
    size_t n = pb_work_figures(&walk_kernel, &work, iterations, seconds,
                               b->corpus->count, pb_work_units(b->corpus), fig);
    for (size_t i = 0; i < n; i++)
        pb_gb_set_counter(st, fig[i].name, fig[i].value,
                          fig[i].rate ? PB_GB_RATE : PB_GB_VALUE);
    pb_gb_set_counter(st, "verified", 1, PB_GB_VALUE);
}

/* Each repetition's results.csv row, as the harness's csv_row makes it. */
static void on_run(const struct pb_gb_run *run, void *user)
{
    struct bench *b = user;
    if (run->aggregate || run->error)
        return;
    struct pb_row r = {
        .id = {"walk", "plain", "uniform", "4", INSTANCES, 1, 1, 1},
        .repetition = run->repetition_index,
        .iterations = run->iterations,
        .seconds = run->seconds,
        .build_seconds = 0,
        .instances_per_second = NAN,
        .work_per_second = NAN,
        .expanded_per_instance = NAN,
        .peak_heap_bytes = NAN,
        .allocated_bytes = NAN,
        .peak_rss_bytes = NAN,
        .verified = true};
    for (size_t i = 0; i < run->counters; i++)
        if (!strcmp(run->counter_names[i], "expanded_per_instance"))
            r.expanded_per_instance = run->counter_values[i];
    pb_work_row(&walk_kernel, run->counter_names, run->counter_values,
                run->counters, &r);
    pb_csv_row_write(b->csv, &r);
    fputc('\n', b->csv);
    b->rows++;
}

/* The JSON's counters of the first repetition. */
static void check_json(const char *path)
{
    json_error_t error;
    json_t *root = json_load_file(path, 0, &error);
    json_t *run = json_array_get(json_object_get(root, "benchmarks"), 0);
    CHECK(run != NULL, "%s: %s", path, error.text);
    static const struct {
        const char *key;
        double want; /* NAN: only > 0 */
    } want[] = {
        {"pops_per_instance", POPS_PER_INSTANCE},
        {"relaxations_per_instance", RELAXATIONS_PER_INSTANCE},
        {"expanded_per_instance", POPS_PER_INSTANCE}, /* counter 0 */
        {"units_per_instance", UNITS_PER_INSTANCE},
        {"pops_per_unit", 216.0 / 840.0},
        {"relaxations_per_unit", 0.5},
        {"seconds_per_unit", NAN},
        {"work_per_second", NAN},
    };
    for (size_t i = 0; run && i < sizeof(want) / sizeof(want[0]); i++) {
        json_t *v = json_object_get(run, want[i].key);
        double x = json_is_number(v) ? json_number_value(v) : NAN;
        CHECK(isnan(want[i].want) ? x > 0 : near(x, want[i].want),
              "JSON %s = %g", want[i].key, x);
    }
    json_decref(root);
}

/* What tidy reads back from a results folder or file. */
static void check_tidy(const char *arg)
{
    struct readback t;
    struct pb_error e;
    int rc = readback_load(arg, &t, 0, &e);
    CHECK(rc == 0 && t.count == 1, "%s: %s", arg, rc ? e.msg : "count");
    if (rc)
        return;
    const struct readback_bench *x = &t.b[0];
    CHECK(near(readback_counter(x, &walk_kernel, 0), POPS_PER_INSTANCE) &&
              near(readback_counter(x, &walk_kernel, 1),
                   RELAXATIONS_PER_INSTANCE) &&
              isnan(readback_counter(x, &walk_kernel, 2)) &&
              near(x->units_per_instance, UNITS_PER_INSTANCE) &&
              near(x->work_per_instance, POPS_PER_INSTANCE),
          "%s: pops %g, relaxations %g, units %g", arg,
          readback_counter(x, &walk_kernel, 0),
          readback_counter(x, &walk_kernel, 1), x->units_per_instance);
    readback_free(&t);
}

/* The report's walk tables: counter 1 per instance after the fixed
 * columns; in the table per unit, units, time per unit (its unit, ns to
 * s, chosen from the timings), both counters per unit. */
static void check_report(const char *dir, const char *from)
{
    static const struct pb_kernel *const kernels[] = {&walk_kernel, NULL};
    struct pb_error e;
    struct pb_report_options o = {.kernels = kernels};
    int rc = pb_report_write(dir, &o, &e);
    CHECK(rc == 0, "report from %s: %s", from, e.msg);
    char path[128];
    snprintf(path, sizeof(path), "%s/report.md", dir);
    const char *md = rc ? NULL : check_slurp(path);
    CHECK(md &&
              strstr(md, "| work / instance (queue pops) | relaxations / "
                         "instance |\n") &&
              strstr(md, "| clock | units / instance (reachable state) | "
                         "time / reachable state (") &&
              strstr(md, "s) | pops / reachable state | relaxations / "
                         "reachable state |"),
          "report from %s: header\n%s", from, md ? md : "");
    CHECK(md && strstr(md, " | 36 | 70 |\n") && strstr(md, " | 140 | ") &&
              strstr(md, " | 0.257 | 0.5 |"),
          "report from %s: cells\n%s", from, md ? md : "");
    snprintf(path, sizeof(path), "%s/report.html", dir);
    const char *html = rc ? NULL : check_slurp(path);
    CHECK(html && strstr(html, "<th>time / reachable state (") &&
              strstr(html, "<td>70</td></tr>") && strstr(html, "<td>140</td>"),
          "report.html from %s", from);
}

static void test_results(const struct pb_corpus *c)
{
    struct bench b = {.corpus = c};
    snprintf(b.dir, sizeof(b.dir), "/tmp/test_work.XXXXXX");
    CHECK(mkdtemp(b.dir) != NULL, "mkdtemp");
    char csv[128], json[128], md[128], html[128];
    snprintf(csv, sizeof(csv), "%s/results.csv", b.dir);
    snprintf(json, sizeof(json), "%s/results.json", b.dir);
    snprintf(md, sizeof(md), "%s/report.md", b.dir);
    snprintf(html, sizeof(html), "%s/report.html", b.dir);
    b.csv = fopen(csv, "w");
    if (!b.csv)
        return;
    pb_csv_header_write(b.csv);
    fputc('\n', b.csv);
    CHECK(pb_gb_register("walk/plain/uniform/size:4/n:6/seed:1/threads:1",
                         walk_benchmark, &b, 2, 0.001) == 0,
          "register");
    struct pb_gb_output out = {.json_path = json, .on_run = on_run, .user = &b};
    CHECK(pb_gb_run_all(&out) == 1, "ran");
    fclose(b.csv);
    CHECK(b.rows == 2, "%d rows", b.rows);

    const char *text = check_slurp(csv);
    CHECK(text && strstr(text, ",36,pops=36;relaxations=70,140,"),
          "results.csv:\n%s", text ? text : "");
    check_json(json);
    check_tidy(csv);
    check_tidy(json);
    check_report(b.dir, "results.csv");
    remove(csv); /* a folder with only results.json */
    check_report(b.dir, "results.json");
    remove(json);
    remove(md);
    remove(html);
    rmdir(b.dir);
    pb_gb_clear();
}

/* The registered kernels: counter names as pb_work.h asks, counter 0 their
 * main unit (expanded, or cubing's turns), and figures without units
 * that keep work_per_second and expanded_per_instance as counter 0. */
static void test_registry(void)
{
    for (size_t k = 0; pb_kernels[k]; k++) {
        const struct pb_kernel *kernel = pb_kernels[k];
        const struct pb_counter_def *defs;
        size_t n = pb_work_counters(kernel, &defs);
        CHECK(n >= 1 && n <= PB_MAX_COUNTERS, "%s: %zu", kernel->name, n);
        for (size_t i = 0; i < n; i++) {
            char key[64];
            size_t len = 0;
            snprintf(key, sizeof(key), "%s_per_instance", defs[i].name);
            bool legacy = !strcmp(defs[i].name, "expanded");
            CHECK(defs[i].unit && (legacy ? i == 0
                                          : pb_work_counter_key(key, &len) &&
                                                len == strlen(defs[i].name)),
                  "%s: counter %zu '%s'", kernel->name, i, defs[i].name);
        }
        if (!strcmp(kernel->name, "cube_walk")) {
            /* queue pops per reachable state */
            CHECK(!strcmp(defs[0].name, "pops") && kernel->work.units &&
                      !strcmp(kernel->work.unit_name, "reachable state"),
                  "cube_walk: counter 0 '%s', units", defs[0].name);
            continue;
        }
        bool cubing = !strcmp(kernel->name, "cubing");
        CHECK(!strcmp(defs[0].name, cubing ? "turns" : "expanded"),
              "%s: counter 0 is '%s'", kernel->name, defs[0].name);
        CHECK(!kernel->work.units, "%s: units", kernel->name);
        struct pb_work sum = {{600, 0, 0, 0}};
        struct pb_work_figure fig[PB_WORK_FIGURES];
        size_t figures = pb_work_figures(kernel, &sum, 3, 0.5, 50, 0, fig);
        CHECK(figures == (cubing ? 3u : 2u) &&
                  !strcmp(fig[0].name, "work_per_second") && fig[0].rate &&
                  fig[0].value == 600 &&
                  !strcmp(fig[1].name, "expanded_per_instance") &&
                  !fig[1].rate && fig[1].value == 4 &&
                  (!cubing || (!strcmp(fig[2].name, "turns_per_instance") &&
                               fig[2].value == 4)),
              "%s: %zu figures", kernel->name, figures);
    }
    /* a kernel that names no counters has the one "expanded" */
    struct pb_kernel bare = {.name = "bare"};
    const struct pb_counter_def *defs;
    CHECK(pb_work_counters(&bare, &defs) == 1 &&
              !strcmp(defs[0].name, "expanded"),
          "default counter");
}

int main(int argc, char **argv)
{
    pb_gb_init(&argc, argv);
    struct pb_corpus c;
    make_corpus(&c);
    CHECK(c.count == INSTANCES, "corpus of %zu", c.count);
    test_runner(&c);
    test_results(&c);
    test_registry();
    pb_corpus_free(&c);
    return check_summary();
}
