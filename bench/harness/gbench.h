/*
 * gbench.h - the C face of Google Benchmark (Debian's libbenchmark-dev
 * 1.7.1), implemented in gbench.cc, the project's only C++ file.
 *
 * C code registers benchmarks (a name, a function, a context pointer),
 * times each iteration itself with a monotonic clock and reports it with
 * pb_gb_set_iteration_time (manual time: no PauseTiming, whose ~1 us cost
 * would pollute short solves), attaches counters, and runs everything with
 * Google Benchmark's own flags (--benchmark_filter, _repetitions,
 * _min_time in plain seconds, _out, _enable_random_interleaving, ...).
 *
 * Output: the console table goes to stdout and to a log file (unless the
 * caller prints a console of its own: pb_gb_output.no_table); the raw
 * Google Benchmark JSON is rewritten after every finished benchmark as a
 * complete document (temporary file + rename), so an interrupted run
 * keeps every benchmark that finished, and a run of no benchmark (an
 * empty shard) writes its context with none; a C callback sees every
 * run. A run may go in rounds (pb_gb_output.rounds): the caller registers
 * each round's benchmarks anew, in the order they are to run, and the
 * JSON and --benchmark_out's file are each one document of every round.
 */
#ifndef GBENCH_H
#define GBENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pb_gb_state; /* one benchmark::State */

typedef void (*pb_gb_fn)(struct pb_gb_state *state, void *context);

enum pb_gb_counter_kind {
    PB_GB_VALUE, /* reported as given */
    PB_GB_RATE,  /* divided by the (manual) time: per second */
};

/* Parses and removes Google Benchmark's flags from argv (--benchmark_out
 * and its format kept here: written across rounds by pb_gb_run_all). */
void pb_gb_init(int *argc, char **argv);
/* Registers a benchmark timed manually; repetitions 0 and min_time 0
 * leave them to the --benchmark_repetitions and --benchmark_min_time
 * flags. Returns 0 or -ENOMEM. */
int pb_gb_register(const char *name, pb_gb_fn fn, void *context,
                   int repetitions, double min_time);
bool pb_gb_keep_running(struct pb_gb_state *state);
void pb_gb_set_iteration_time(struct pb_gb_state *state, double seconds);
void pb_gb_set_counter(struct pb_gb_state *state, const char *name,
                       double value, enum pb_gb_counter_kind kind);
/* Items (instances) processed over all iterations: items_per_second. */
void pb_gb_set_items_processed(struct pb_gb_state *state, int64_t items);
void pb_gb_set_label(struct pb_gb_state *state, const char *label);
void pb_gb_skip_with_error(struct pb_gb_state *state, const char *message);
/* true when a benchmark of this name would run under --benchmark_filter
 * (a regular expression; a leading '-' negates it). */
bool pb_gb_selected(const char *name);
/* true when FILTER is a --benchmark_filter Google Benchmark compiles (an
 * extended regular expression, a leading '-' negating it); else false
 * and why gets the reason. */
bool pb_gb_filter_valid(const char *filter, char *why, size_t len);
/* A key/value pair for the JSON "context" object; control bytes and
 * bytes outside valid UTF-8 in either are written as \xHH text, so the
 * file stays JSON. */
void pb_gb_add_context(const char *key, const char *value);

/* One finished run (a repetition, or an aggregate such as the median). */
struct pb_gb_run {
    const char *name; /* the registered name */
    void *context;    /* the registered context */
    bool aggregate;   /* mean/median/stddev/cv rows */
    const char *aggregate_name;
    int64_t repetition_index;
    int64_t repetitions;
    int64_t iterations;
    double seconds; /* manual time per iteration */
    bool error;
    const char *error_message;
    const char *label;
    size_t counters;
    const char *const *counter_names;
    const double *counter_values;
};

typedef void (*pb_gb_run_fn)(const struct pb_gb_run *run, void *user);

struct pb_gb_output {
    const char *json_path; /* rewritten after each benchmark; NULL: none */
    FILE *log;             /* copy of the console table; NULL: none */
    pb_gb_run_fn on_run;   /* called for every run; NULL: none */
    void *user;
    int *log_error; /* set to -errno by the first failed write to log */
    /* true: no console table (the caller prints its own console from
     * on_run); the JSON and on_run are the same either way */
    bool no_table;
    /* called before table text is printed (a progress line is cleared
     * first); NULL: none */
    void (*before_table)(void *user);
    /* rounds of Google Benchmark calls (0 or 1: one); before each,
     * round_start (NULL: none) may pb_gb_clear and register that round's
     * benchmarks, in their order */
    int rounds;
    void (*round_start)(void *user, int round);
};

/* Runs the registered benchmarks that pass the filter (none: the JSON
 * holds the context alone), round after round. Returns the number of
 * benchmarks run (summed over the rounds), or the negative errno of the
 * first JSON snapshot that could not be written (the file keeps the last
 * complete one), -EBADF (nothing run) when --benchmark_out's file cannot
 * be opened. */
long pb_gb_run_all(const struct pb_gb_output *out);
/* --benchmark_out's path ("" without one). */
const char *pb_gb_out_path(void);
/* Forgets every registered benchmark. */
void pb_gb_clear(void);
/* The library version this program was built against. */
const char *pb_gb_version(void);

#ifdef __cplusplus
}
#endif

#endif
