/*
 * test_gbench.c - the C API over Google Benchmark (bench/harness/gbench.h) on a
 * toy kernel: registration with a context, manual iteration time (the
 * reported time is exactly what the C side set, whatever the wall clock
 * did), counters (plain and per-second), labels, skipping with an error,
 * the run callback, the JSON file written as complete JSON, the
 * context keys (control bytes and bytes outside UTF-8 in them written as
 * \xHH text, which JSON can hold), the errno of a JSON file that cannot
 * be written, no bare NaN for a counter that is 0 in every repetition
 * (its cv aggregate), the --benchmark_filter check, and rounds: three
 * Google Benchmark calls, each round's benchmarks registered anew, whose
 * runs all land in one JSON document (its context once) and one
 * --benchmark_out file. Ends with "N passed, N failed".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "harness/gbench.h"

#define TOY_SECONDS 0.002 /* manual time per iteration */

struct toy {
    int calls;
    int64_t iterations;
    bool fail;
};

static void toy_benchmark(struct pb_gb_state *st, void *context)
{
    struct toy *t = context;
    t->calls++;
    if (t->fail) {
        pb_gb_skip_with_error(st, "toy refuses");
        return;
    }
    int64_t n = 0;
    while (pb_gb_keep_running(st)) {
        pb_gb_set_iteration_time(st, TOY_SECONDS);
        n++;
    }
    t->iterations = n;
    pb_gb_set_counter(st, "widgets", 42, PB_GB_VALUE);
    pb_gb_set_counter(st, "nothing", 0, PB_GB_VALUE); /* cv: 0/0 */
    pb_gb_set_counter(st, "widgets_per_second", (double)n * 10, PB_GB_RATE);
    pb_gb_set_items_processed(st, n * 3);
    pb_gb_set_label(st, "toy label");
}

struct seen {
    int runs, errors;
    double seconds, widgets, widget_rate, items_rate;
    void *context;
    char label[64], error[64];
    int before_table; /* calls of pb_gb_output.before_table */
};

static void before_table(void *user)
{
    ((struct seen *)user)->before_table++;
}

/* Rounds: toy/each in every round, toy/once in the first only. */
struct rounds {
    struct toy each, once;
    int starts;
};

static void round_start(void *user, int round)
{
    struct rounds *r = user;
    r->starts++;
    pb_gb_clear();
    CHECK(pb_gb_register("toy/each", toy_benchmark, &r->each, 2, 0) == 0,
          "register in round %d", round);
    if (round == 0)
        CHECK(pb_gb_register("toy/once", toy_benchmark, &r->once, 1, 0) == 0,
              "register in round 0");
}

/* The times needle occurs in text. */
static int occurrences(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; p && (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

static void on_run(const struct pb_gb_run *run, void *user)
{
    struct seen *s = user;
    if (run->aggregate)
        return;
    if (run->error) {
        s->errors++;
        snprintf(s->error, sizeof(s->error), "%s", run->error_message);
        return;
    }
    s->runs++;
    s->seconds = run->seconds;
    s->context = run->context;
    snprintf(s->label, sizeof(s->label), "%s", run->label);
    for (size_t i = 0; i < run->counters; i++) {
        if (!strcmp(run->counter_names[i], "widgets"))
            s->widgets = run->counter_values[i];
        if (!strcmp(run->counter_names[i], "widgets_per_second"))
            s->widget_rate = run->counter_values[i];
        if (!strcmp(run->counter_names[i], "items_per_second"))
            s->items_rate = run->counter_values[i];
    }
}

int main(void)
{
    const char *gb_out = "test_gbench_gb_out.json";
    char *argv[] = {"test_gbench", "--benchmark_min_time=0.01",
                    "--benchmark_out=test_gbench_gb_out.json", NULL};
    int argc = 3;
    pb_gb_init(&argc, argv);
    CHECK(argc == 1 && argv[1] == NULL,
          "the benchmark flags were consumed (argc %d)", argc);
    CHECK(!strcmp(pb_gb_out_path(), gb_out), "--benchmark_out kept: '%s'",
          pb_gb_out_path());

    struct toy good = {0, 0, false}, bad = {0, 0, true};
    CHECK(pb_gb_register("toy/good", toy_benchmark, &good, 2, 0) == 0,
          "register");
    CHECK(pb_gb_register("toy/bad", toy_benchmark, &bad, 1, 0) == 0,
          "register");
    pb_gb_add_context("toy_key", "toy value");
    /* control bytes and a byte outside UTF-8 (which JSON cannot hold as
     * they are), beside UTF-8 that it can */
    pb_gb_add_context("toy\x1b"
                      "key",
                      "a\x07"
                      "b\x01"
                      "c\xff \xc3\xa9\x7f");

    const char *json = "test_gbench_out.json";
    remove(json);
    struct seen s = {0};
    struct pb_gb_output out = {.json_path = json, .on_run = on_run, .user = &s};
    long n = pb_gb_run_all(&out);
    CHECK(n == 2, "ran %ld benchmarks", n);
    CHECK(s.runs == 2, "%d runs reported (2 repetitions)", s.runs);
    CHECK(s.errors == 1 && !strcmp(s.error, "toy refuses"), "error '%s'",
          s.error);
    CHECK(s.context == &good, "the run carries its context");
    CHECK(s.seconds == TOY_SECONDS, "manual time %.9f", s.seconds);
    CHECK(good.iterations >= 5,
          "min_time 0.01 s at 2 ms a step gives at "
          "least 5 iterations, got %lld",
          (long long)good.iterations);
    CHECK(s.widgets == 42, "plain counter %g", s.widgets);
    /* a rate is divided by the manual time: 10 per iteration / 2 ms */
    CHECK(s.widget_rate > 4999 && s.widget_rate < 5001, "rate %g",
          s.widget_rate);
    CHECK(s.items_rate > 1499 && s.items_rate < 1501, "items rate %g",
          s.items_rate);
    CHECK(!strcmp(s.label, "toy label"), "label '%s'", s.label);

    char *text = check_slurp(json);
    CHECK(text != NULL, "JSON file written");
    if (text) {
        size_t len = strlen(text);
        CHECK(len > 2 && text[0] == '{' && strstr(text, "\n  ]\n}\n") &&
                  text[len - 1] == '\n',
              "a closed JSON document");
        CHECK(strstr(text, "\"toy_key\": \"toy value\"") != NULL,
              "context key in the JSON");
        CHECK(strstr(text,
                     "\"toy\\\\x1bkey\": "
                     "\"a\\\\x07b\\\\x01c\\\\xff \xc3\xa9\\\\x7f\"") != NULL,
              "a context key and value with control bytes, written as \\xHH");
        CHECK(strstr(text, "\"name\": \"toy/good/repeats:2/manual_time\""),
              "manual-time name in the JSON");
        CHECK(strstr(text, "\"widgets\": 4.2") != NULL, "counter in the JSON");
        CHECK(!strstr(text, "nan") && !strstr(text, "NaN"),
              "no bare NaN (not JSON) for a counter that is 0 throughout");
        CHECK(strstr(text, "\"nothing\": 0") != NULL,
              "a zero counter is still written where it is finite");
        CHECK(strstr(text, "\"error_message\": \"toy refuses\"") != NULL,
              "error in the JSON");
    }
    remove(json);
    pb_gb_clear();
    CHECK(pb_gb_run_all(&(struct pb_gb_output){.json_path = NULL}) == 0,
          "nothing left after clear");

    /* a JSON snapshot that cannot be written: its errno comes back */
    struct toy again = {0, 0, false};
    CHECK(pb_gb_register("toy/again", toy_benchmark, &again, 1, 0) == 0,
          "register");
    n = pb_gb_run_all(
        &(struct pb_gb_output){.json_path = "no_such_folder/out.json"});
    CHECK(n == -ENOENT, "unwritable JSON: %ld, expected -ENOENT", n);
    pb_gb_clear();

    /* Google Benchmark's table, or none (no_table: the caller prints its
     * own console): the log gets the table only with it, before_table
     * runs first; the JSON and on_run are the same either way */
    for (int no_table = 0; no_table < 2; no_table++) {
        struct toy t = {0, 0, false};
        struct seen s2 = {0};
        FILE *log = tmpfile();
        CHECK(log && pb_gb_register("toy/table", toy_benchmark, &t, 2, 0) == 0,
              "register");
        struct pb_gb_output o = {.json_path = json,
                                 .log = log,
                                 .on_run = on_run,
                                 .user = &s2,
                                 .no_table = no_table == 1,
                                 .before_table = before_table};
        n = pb_gb_run_all(&o);
        long logged = log ? ftell(log) : -1;
        text = check_slurp(json);
        CHECK(n == 1 && s2.runs == 2 && text &&
                  strstr(text, "toy/table/repeats:2/manual_time"),
              "no_table %d: ran %ld, %d runs, JSON %s", no_table, n, s2.runs,
              text ? "written" : "missing");
        if (no_table)
            CHECK(logged == 0 && s2.before_table == 0,
                  "no table: %ld bytes logged, before_table called %d times",
                  logged, s2.before_table);
        else
            CHECK(logged > 0 && s2.before_table > 0,
                  "table: %ld bytes logged, before_table called %d times",
                  logged, s2.before_table);
        if (log)
            fclose(log);
        remove(json);
        pb_gb_clear();
    }

    /* three rounds: 2 repetitions of toy/each a round (numbered from 0
     * in each), toy/once in the first; one document of every round's
     * runs, its context once */
    struct rounds r = {0};
    struct pb_gb_output ro = {.json_path = json,
                              .user = &r,
                              .no_table = true,
                              .rounds = 3,
                              .round_start = round_start};
    n = pb_gb_run_all(&ro);
    CHECK(n == 4 && r.starts == 3, "rounds: ran %ld, %d round starts", n,
          r.starts);
    text = check_slurp(json);
    CHECK(text && occurrences(text, "\"context\":") == 1 &&
              occurrences(text, "\"run_type\": \"iteration\"") == 7 &&
              occurrences(text, "\"repetition_index\": 1,") == 3 &&
              strstr(text, "\n  ]\n}\n"),
          "rounds: one JSON document of 7 runs (%d contexts, %d runs)",
          text ? occurrences(text, "\"context\":") : -1,
          text ? occurrences(text, "\"run_type\": \"iteration\"") : -1);
    text = check_slurp(gb_out);
    CHECK(text && occurrences(text, "\"context\":") == 1 &&
              occurrences(text, "\"run_type\": \"iteration\"") == 7 &&
              strstr(text, "\n  ]\n}\n"),
          "rounds: --benchmark_out holds every round, once complete");
    remove(json);
    remove(gb_out);
    pb_gb_clear();

    char why[256] = "";
    CHECK(pb_gb_filter_valid("toy/(good|bad)", why, sizeof(why)),
          "a valid filter");
    CHECK(pb_gb_filter_valid("-bad", why, sizeof(why)), "a negated filter");
    CHECK(!pb_gb_filter_valid("toy/(good", why, sizeof(why)) && why[0],
          "an unbalanced filter is refused ('%s')", why);
    CHECK(!pb_gb_filter_valid("-[z-a]", why, sizeof(why)),
          "a bad negated filter is refused");
    return check_summary();
}
