/*
 * cmd_bench.c - `puzzlebench bench` (time a suite) and `puzzlebench run`
 * (the main job: the same with the default suite, keeping its corpora in
 * data/generated). Google Benchmark's --benchmark_* flags pass through.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gbench.h"
#include "harness.h"

static const char bench_help[] =
    "usage: puzzlebench bench [--suite NAME|FILE] [--threads LIST]\n"
    "                         [--repetitions N] [--out DIR]\n"
    "                         [--benchmark_* flags]\n\n"
    "Generates the suite's corpora, verifies every benchmark against the\n"
    "kernel's oracle (untimed), then times it with Google Benchmark: manual\n"
    "time around the solve, OpenMP threads as an argument, every timed run\n"
    "verified again. Writes DIR/<UTC time>/results.json (raw Google\n"
    "Benchmark JSON), results.csv (one row per repetition) and log.txt,\n"
    "and points DIR/latest at it. Exit status 1 on any wrong answer.\n\n"
    "  -s, --suite NAME|FILE  bench/suites/NAME.suite or a file (default:\n"
    "                         default; also smoke, full)\n"
    "  -t, --threads LIST     thread counts, e.g. 1,2,4 (default: the "
    "suite's)\n"
    "  -r, --repetitions N    repetitions (default: the suite's)\n"
    "  -o, --out DIR          results root (default: results)\n"
    "  -h, --help             this text\n"
    "Google Benchmark flags such as --benchmark_filter=REGEX,\n"
    "--benchmark_min_time=SECONDS, --benchmark_repetitions=N,\n"
    "--benchmark_enable_random_interleaving=true and\n"
    "--benchmark_out=FILE are passed through.\n";

static const char run_help[] =
    "usage: puzzlebench run [--suite NAME|FILE] [--threads LIST]\n"
    "                       [--repetitions N] [--out DIR] [--data DIR]\n"
    "                       [--benchmark_* flags]\n\n"
    "The main job: `bench` on the default suite, also saving its corpora\n"
    "under --data (default data/generated). Options as for bench.\n";

static bool has_flag(int argc, char **argv, const char *prefix)
{
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], prefix, strlen(prefix)))
            return true;
    return false;
}

static bool parse_threads(const char *verb, const char *text,
                          struct pb_bench_options *o)
{
    char buf[256];
    snprintf(buf, sizeof(buf), "%s", text);
    o->thread_counts = 0;
    char *save;
    for (char *t = strtok_r(buf, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        long v;
        if (o->thread_counts == PB_SUITE_MAX_THREADS ||
            !cli_long(verb, "--threads", t, 1, 1024, &v))
            return false;
        o->threads[o->thread_counts++] = (int)v;
    }
    if (o->thread_counts == 0) {
        cli_usage_error(verb, "--threads needs a list such as 1,2,4");
        return false;
    }
    return true;
}

static int bench_verb(const char *verb, int argc, char **argv, bool is_run)
{
    static const struct option options[] = {
        {"suite", required_argument, NULL, 's'},
        {"threads", required_argument, NULL, 't'},
        {"repetitions", required_argument, NULL, 'r'},
        {"out", required_argument, NULL, 'o'},
        {"data", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    struct pb_bench_options o = {
        .suite = "default",
        .out_dir = "results",
        .data_dir = is_run ? "data/generated" : NULL,
        .gb_repetitions = has_flag(argc, argv, "--benchmark_repetitions"),
        .gb_min_time = has_flag(argc, argv, "--benchmark_min_time"),
        .list_only = has_flag(argc, argv, "--benchmark_list_tests=true") ||
                     has_flag(argc, argv, "--benchmark_list_tests=1"),
    };
    /* Our --help, before Google Benchmark's Initialize answers it. */
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(is_run ? run_help : bench_help, stdout);
            return PB_EXIT_OK;
        }
    pb_gb_init(&argc, argv);
    int c;
    long v;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":s:t:r:o:d:h", options, NULL)) != -1) {
        switch (c) {
        case 's':
            o.suite = optarg;
            break;
        case 't':
            if (!parse_threads(verb, optarg, &o))
                return PB_EXIT_USAGE;
            break;
        case 'r':
            if (!cli_long(verb, "--repetitions", optarg, 1, 1000, &v))
                return PB_EXIT_USAGE;
            o.repetitions = (int)v;
            break;
        case 'o':
            o.out_dir = optarg;
            break;
        case 'd':
            if (!is_run)
                return cli_usage_error(verb, "unknown option '--data'");
            o.data_dir = optarg;
            break;
        case 'h':
            fputs(is_run ? run_help : bench_help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option(verb, argc, argv, c);
        }
    }
    if (optind < argc)
        return cli_usage_error(verb, "unexpected argument '%s'", argv[optind]);
    return pb_bench_suite(&o);
}

int cmd_bench(int argc, char **argv)
{
    return bench_verb("bench", argc, argv, false);
}

int cmd_run(int argc, char **argv)
{
    return bench_verb("run", argc, argv, true);
}
