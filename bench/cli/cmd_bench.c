/*
 * cmd_bench.c - `puzzlebench bench` (time a suite) and `puzzlebench run`
 * (the main job: the same with the default suite, keeping its corpora in
 * data/generated). Google Benchmark's --benchmark_* flags pass through,
 * each checked here first: Google Benchmark 1.7.1 takes any value its
 * parser reads (a negative repetition count aborts, min_time 1e999 never
 * ends, a bad --benchmark_out exits mid-run), so a bad one is a usage
 * error before anything runs (a misspelt one gets the closest of
 * them). --against OTHER hands the run to
 * against.h with the options each side's worker is to get, as typed;
 * the worker options (--round-index, --side, --verified-in) are
 * harness.h's. O(argc).
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "util/suggest.h"
#include "run/mpi_env.h"

#ifdef PB_HAVE_MPI
#include "run/backend_mpi.h"
#endif
#include "harness/against.h"
#include "harness/gbench.h"
#include "harness/harness.h"
#include "pb_file.h"
#include "results/folder.h"
#include "results/schema.h"
#include "analysis/change.h"

static const char bench_help[] =
    "usage: puzzlebench bench [--suite NAME|FILE] [--threads LIST]\n"
    "                         [--repetitions N] [--rounds N]\n"
    "                         [--round-seed X] [--max-memory SIZE]\n"
    "                         [--out DIR] [--console compact|gbench]\n"
    "                         [--clock cpu|wall] [--quiet]\n"
    "                         [--benchmark_* flags]\n"
    "       puzzlebench bench --corpus FILE [--kernel NAME]\n"
    "                         [--variants LIST] [options as above]\n\n"
    "Generates the suite's corpora, verifies every benchmark against the\n"
    "kernel's oracle (untimed), then times it with Google Benchmark: manual\n"
    "time around the solve, OpenMP threads as an argument, every timed run\n"
    "verified again. Writes DIR/<UTC time>/results.json (raw Google\n"
    "Benchmark JSON), results.csv (one row per repetition) and log.txt,\n"
    "and points DIR/latest at it. Exit status 1 on any wrong answer.\n\n"
    "  -s, --suite NAME|FILE  bench/suites/NAME.suite or a file (default:\n"
    "                         default; 'puzzlebench list --suites' lists\n"
    "                         every NAME, its purpose and duration)\n"
    "  -t, --threads LIST     thread counts, e.g. 1,2,4 (default: the "
    "suite's)\n"
    "  -r, --repetitions N    repetitions in a row, each round (default:\n"
    "                         the suite's)\n"
    "      --rounds N         rounds, 1..64: every benchmark is timed once\n"
    "                         a round, in an order shuffled afresh each\n"
    "                         round (default: the suite's, else 3)\n"
    "      --round-seed X     the shuffles' seed (default: from the clock;\n"
    "                         results.json's round_order_seed)\n"
    "  -m, --max-memory SIZE  memory cap N[K|M|G|T] for every benchmark\n"
    "                         (default: each suite line's `memory`)\n"
    "      --max-input SIZE   size cap of each corpus file and its\n"
    "                         expected outputs, N[K|M|G|T] (default 1G)\n"
    "  -o, --out DIR          results root (default: results)\n"
    "      --db FILE          index the run in the results store FILE\n"
    "                         (default: DIR/puzzlebench.db; `puzzlebench\n"
    "                         import --help`)\n"
    "      --no-db            do not index the run in a results store\n"
    "      --save-baseline NAME  index the run and save it as baseline\n"
    "                         NAME (compare --baseline NAME), when it\n"
    "                         ends with every answer verified\n"
    "      --console KIND     compact (default): one line per benchmark\n"
    "                         (median per instance, its CV, ratio to the\n"
    "                         kernel's baseline, verified), the winners\n"
    "                         at the end; gbench: Google Benchmark's table\n"
    "      --clock cpu|wall   the clock of every median shown, on the\n"
    "                         console and in the figures and report of\n"
    "                         the run (recorded as its context's clock);\n"
    "                         default: CPU time of the working threads at\n"
    "                         1 process of 1 thread, wall time at more.\n"
    "                         Both clocks are recorded either way\n"
    "  -q, --quiet            no progress on stderr; stdout keeps only the\n"
    "                         results and the end (log.txt keeps all)\n"
    "      --corpus FILE      time a corpus file of your own (judge or\n"
    "                         extended format) instead of a suite; named\n"
    "                         by its content hash (family file-HASH);\n"
    "                         checked against FILE.out (X.out for X.in)\n"
    "                         when it exists; 3 rounds of 2 repetitions,\n"
    "                         min_time 0.2 s, 1 thread unless overridden\n"
    "      --kernel NAME      FILE's kernel (default: its '# kernel'\n"
    "                         header; required for a judge-format file)\n"
    "      --variants LIST    with --corpus: a,b,... or all (default)\n"
    "      --shard I/N        only the I-th of N disjoint parts of the\n"
    "                         suite (every N-th benchmark from the I-th;\n"
    "                         for a job array; results say 'shard I/N')\n";

/* The rest of bench's help (one literal would pass the 4095 characters a
 * C compiler must take). */
static const char bench_help_more[] =
    "      --against OTHER    A/B against another puzzlebench build OTHER\n"
    "                         (side A, the baseline; this build is side\n"
    "                         B): each side runs each round in a process\n"
    "                         of its own, A then B in even rounds, B then\n"
    "                         A in odd ones; one results folder with both\n"
    "                         sides (results.csv's side column), then\n"
    "                         compare's verdicts of B / A, paired round by\n"
    "                         round (compare.txt, compare.csv)\n"
    "      --band PCT         with --against: compare's equivalence band\n"
    "                         (default 2)\n"
    "      --fail-above PCT   with --against: exit 1 when some benchmark\n"
    "                         is slower than +PCT percent beyond its\n"
    "                         interval (compare --fail-above)\n"
    "  -h, --help             this text\n"
    "Worker options (what --against gives each side's process):\n"
    "      --round-index R    time round R (0-based) alone, in the order\n"
    "                         round R of the whole run has for\n"
    "                         --round-seed (which it needs)\n"
    "      --side A|B         record the side on every row and run\n"
    "      --verified-in DIR  no untimed pass: the verification records\n"
    "                         of results folder DIR (the side's first\n"
    "                         round) stand, and each benchmark's first\n"
    "                         timed run is checked by the oracle\n"
    "Google Benchmark flags such as --benchmark_filter=REGEX,\n"
    "--benchmark_min_time=SECONDS, --benchmark_repetitions=N,\n"
    "--benchmark_enable_random_interleaving=true and\n"
    "--benchmark_out=FILE are passed through, checked first:\n"
    "repetitions 1..64, min_time above 0 and at most 3600 s.\n";

static const char run_help[] =
    "usage: puzzlebench run [--suite NAME|FILE] [--threads LIST]\n"
    "                       [--repetitions N] [--rounds N]\n"
    "                       [--round-seed X] [--max-memory SIZE]\n"
    "                       [--out DIR] [--data DIR]\n"
    "                       [--console compact|gbench] [--clock cpu|wall]\n"
    "                       [--quiet] [--benchmark_* flags]\n"
    "       puzzlebench run --corpus FILE [--kernel NAME]\n"
    "                       [--variants LIST] [options as above]\n\n"
    "The main job: `bench` on a suite (default: the default suite), also\n"
    "saving the corpora it generates under --data (default\n"
    "data/generated). With --corpus FILE it times that file where it\n"
    "lies (nothing is generated, nothing saved). Every other option is\n"
    "bench's ('puzzlebench bench --help'; all but the comparison with\n"
    "another build, --against).\n";

static int print_help(bool is_run)
{
    fputs(is_run ? run_help : bench_help, stdout);
    if (!is_run)
        fputs(bench_help_more, stdout);
    return PB_EXIT_OK;
}

enum gb_kind {
    GB_BOOL,     /* true/false, yes/no, on/off, 1/0; bare means true */
    GB_INT,      /* an integer in [min, max] */
    GB_SECONDS,  /* a finite number in (min, max]; min -1: [0, max] */
    GB_CHOICE,   /* one of the words in choices */
    GB_FILTER,   /* a regular expression Google Benchmark compiles */
    GB_OUT,      /* a file we can create or overwrite */
    GB_CONTEXT,  /* key=value[,key=value...] */
    GB_COUNTERS, /* NAME[,NAME...] */
};

struct gb_flag {
    const char *name;
    enum gb_kind kind;
    double min, max;
    const char *choices; /* GB_CHOICE: '|'-separated */
};

/* Every flag Google Benchmark 1.7.1 parses (its --help lists them). */
static const struct gb_flag gb_flags[] = {
    {"benchmark_list_tests", GB_BOOL, 0, 0, NULL},
    {"benchmark_filter", GB_FILTER, 0, 0, NULL},
    {"benchmark_min_time", GB_SECONDS, 0, PB_SUITE_MAX_SECONDS, NULL},
    {"benchmark_min_warmup_time", GB_SECONDS, -1, PB_SUITE_MAX_SECONDS, NULL},
    {"benchmark_repetitions", GB_INT, 1, PB_SUITE_MAX_REPETITIONS, NULL},
    {"benchmark_enable_random_interleaving", GB_BOOL, 0, 0, NULL},
    {"benchmark_report_aggregates_only", GB_BOOL, 0, 0, NULL},
    {"benchmark_display_aggregates_only", GB_BOOL, 0, 0, NULL},
    {"benchmark_format", GB_CHOICE, 0, 0, "console|json|csv"},
    {"benchmark_out", GB_OUT, 0, 0, NULL},
    {"benchmark_out_format", GB_CHOICE, 0, 0, "console|json|csv"},
    {"benchmark_color", GB_CHOICE, 0, 0,
     "auto|true|false|yes|no|on|off|1|0|t|f|y|n"},
    {"benchmark_counters_tabular", GB_BOOL, 0, 0, NULL},
    {"benchmark_perf_counters", GB_COUNTERS, 0, 0, NULL},
    {"benchmark_context", GB_CONTEXT, 0, 0, NULL},
    {"benchmark_time_unit", GB_CHOICE, 0, 0, "ns|us|ms|s"},
    {"v", GB_INT, 0, 1000, NULL},
    {"benchmark_verbosity", GB_INT, 0, 1000, NULL},
};

static bool in_choices(const char *value, const char *choices)
{
    size_t n = strlen(value);
    for (const char *p = choices; *p;) {
        size_t len = strcspn(p, "|");
        if (len == n && n > 0 && !strncasecmp(p, value, n))
            return true;
        p += len + (p[len] == '|');
    }
    return false;
}

/* true/false from a boolean word; false when value is none. */
static bool gb_bool(const char *value, bool *out)
{
    if (!value) {
        *out = true;
        return true;
    }
    if (in_choices(value, "true|yes|on|1|t|y")) {
        *out = true;
        return true;
    }
    *out = false;
    return in_choices(value, "false|no|off|0|f|n");
}

/* A file Google Benchmark can open for writing: not a folder, its folder
 * writable, its path within PB_PATH_MAX. Nothing is created. */
static bool writable_file(const char *path, char *why, size_t len)
{
    struct stat st;
    if (!path[0]) {
        snprintf(why, len, "an empty path");
        return false;
    }
    if (strlen(path) >= PB_PATH_MAX) {
        snprintf(why, len, "path of %zu characters is too long (at most %d)",
                 strlen(path), PB_PATH_MAX - 1);
        return false;
    }
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(why, len, "'%s' is a folder", path);
            return false;
        }
        if (access(path, W_OK) != 0) {
            snprintf(why, len, "'%s': %s", path, strerror(errno));
            return false;
        }
        return true;
    }
    char folder[PB_PATH_MAX];
    snprintf(folder, sizeof(folder), "%s", path);
    char *slash = strrchr(folder, '/');
    if (!slash)
        snprintf(folder, sizeof(folder), ".");
    else if (slash == folder)
        slash[1] = '\0';
    else
        *slash = '\0';
    const char *reason = NULL;
    /* the same text from two calls' own errno: no clone */
    if (stat(folder, &st) != 0)
        reason = strerror(errno); /* NOLINT(bugprone-branch-clone) */
    else if (!S_ISDIR(st.st_mode))
        reason = "not a folder";
    else if (access(folder, W_OK | X_OK) != 0)
        reason = strerror(errno);
    if (reason) {
        snprintf(why, len, "cannot create a file in '%s': %s", folder, reason);
        return false;
    }
    return true;
}

/* A comma-separated list of non-empty items; with_value: each KEY=VALUE. */
static bool gb_list(const char *value, bool with_value)
{
    if (!value[0])
        return false;
    for (const char *p = value;;) {
        size_t n = strcspn(p, ",");
        const char *eq = memchr(p, '=', n);
        if (n == 0 || (with_value && (!eq || eq == p)) ||
            (!with_value && strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                      "abcdefghijklmnopqrstuvwxyz"
                                      "0123456789_:.-") != n))
            return false;
        if (!p[n])
            return true;
        p += n + 1;
    }
}

/* One flag's value: true, or false after a usage message. */
static bool gb_check(const char *verb, const char *arg, const struct gb_flag *f,
                     const char *value, struct pb_bench_options *o)
{
    char why[PB_PATH_MAX + 128] = "";
    bool yes = false;
    char *end;
    double x;
    if (!value && f->kind != GB_BOOL) {
        pb_usage_error(verb, "%s needs a value: --%s=VALUE", arg, f->name);
        return false;
    }
    switch (f->kind) {
    case GB_BOOL:
        if (!gb_bool(value, &yes)) {
            pb_usage_error(verb, "--%s needs true or false, got '%s'", f->name,
                           value);
            return false;
        }
        if (!strcmp(f->name, "benchmark_list_tests"))
            o->list_only = yes;
        return true;
    case GB_INT:
        errno = 0;
        x = (double)strtol(value, &end, 10);
        if (end == value || *end || errno || x < f->min || x > f->max) {
            pb_usage_error(verb, "--%s needs an integer %.0f..%.0f, got '%s'",
                           f->name, f->min, f->max, value);
            return false;
        }
        if (!strcmp(f->name, "benchmark_repetitions"))
            o->gb_repetitions = (int)x;
        return true;
    case GB_SECONDS:
        errno = 0;
        x = strtod(value, &end);
        if (end == value || *end || !isfinite(x) || x > f->max ||
            (f->min < 0 ? x < 0 : x <= f->min)) {
            pb_usage_error(verb,
                           "--%s needs a number of seconds %s 0 %s %g, "
                           "got '%s'",
                           f->name, f->min < 0 ? "from" : "above",
                           f->min < 0 ? "to" : "and at most", f->max, value);
            return false;
        }
        if (!strcmp(f->name, "benchmark_min_time"))
            o->gb_min_time = true;
        return true;
    case GB_CHOICE:
        if (in_choices(value, f->choices))
            return true;
        pb_usage_error(verb, "--%s needs one of %s, got '%s'", f->name,
                       f->choices, value);
        return false;
    case GB_FILTER:
        if (pb_gb_filter_valid(value, why, sizeof(why)))
            return true;
        pb_usage_error(verb, "--%s: '%s' is not a valid regular expression: %s",
                       f->name, value, why);
        return false;
    case GB_OUT:
        if (writable_file(value, why, sizeof(why)))
            return true;
        pb_usage_error(verb, "--%s: %s", f->name, why);
        return false;
    case GB_CONTEXT:
    case GB_COUNTERS:
        if (gb_list(value, f->kind == GB_CONTEXT))
            return true;
        pb_usage_error(verb, "--%s needs %s, got '%s'", f->name,
                       f->kind == GB_CONTEXT ? "KEY=VALUE[,KEY=VALUE...]"
                                             : "NAME[,NAME...]",
                       value);
        return false;
    }
    return false;
}

/* Checks every Google Benchmark flag of argv, before Initialize parses
 * them; an unknown --benchmark_* name is left to getopt's message. Each
 * is kept in a's forward list, as typed (--against hands it on). */
static bool gb_flags_valid(const char *verb, int argc, char **argv,
                           struct pb_bench_options *o,
                           struct pb_against_options *a)
{
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--", 2))
            continue;
        const char *name = argv[i] + 2;
        size_t n = strcspn(name, "=");
        const char *value = name[n] ? name + n + 1 : NULL;
        for (size_t j = 0; j < sizeof(gb_flags) / sizeof(gb_flags[0]); j++) {
            const struct gb_flag *f = &gb_flags[j];
            if (strlen(f->name) != n || strncmp(name, f->name, n))
                continue;
            if (!gb_check(verb, argv[i], f, value, o))
                return false;
            if (a->forwarded < PB_AGAINST_FORWARD_MAX)
                a->forward[a->forwarded++] = argv[i];
        }
    }
    return true;
}

/* An unknown option named like Google Benchmark's: the closest of its
 * flags and the list of them. */
static int bad_gb_flag(const char *verb, const char *arg)
{
    char typed[PB_SUGGEST_MAX_LEN + 1];
    snprintf(typed, sizeof(typed), "%.*s", (int)strcspn(arg, "="), arg);
    struct pb_suggest s;
    pb_suggest_init(&s, typed);
    for (size_t j = 0; j < sizeof(gb_flags) / sizeof(gb_flags[0]); j++) {
        char name[PB_SUGGEST_MAX_LEN + 1];
        snprintf(name, sizeof(name), "--%s", gb_flags[j].name);
        pb_suggest_offer(&s, name);
    }
    return pb_usage_error(verb, "unknown option '%s'; %s", arg,
                          pb_suggest_text(&s));
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
            !cli_long(verb, "--threads", t, 1, PB_MAX_THREADS, &v))
            return false;
        o->threads[o->thread_counts++] = (int)v;
    }
    if (o->thread_counts == 0) {
        pb_usage_error(verb, "--threads needs a list such as 1,2,4");
        return false;
    }
    return true;
}

/* --corpus, --kernel, --variants, --shard, --max-input, --clock, --rounds,
 * --round-seed, --against and its options, the worker options: long
 * options only (no letters to collide with), values beyond any char. */
enum {
    OPT_CORPUS = 0x100,
    OPT_KERNEL,
    OPT_VARIANTS,
    OPT_SHARD,
    OPT_MAX_INPUT,
    OPT_CLOCK,
    OPT_ROUNDS,
    OPT_ROUND_SEED,
    OPT_AGAINST,
    OPT_BAND,
    OPT_FAIL_ABOVE,
    OPT_ROUND_INDEX,
    OPT_SIDE,
    OPT_VERIFIED_IN,
    OPT_DB,
    OPT_NO_DB,
    OPT_SAVE_BASELINE
};

/* What bench --against hands each side's worker (against.h): the run's
 * options as typed, but the suite or corpus (the resolved path goes),
 * the results root, the seed and --quiet, which it sets itself. */
static void forward(struct pb_against_options *a, int c, const char *arg)
{
    static const struct {
        int c;
        const char *name;
    } kept[] = {{'t', "--threads"},
                {'r', "--repetitions"},
                {'m', "--max-memory"},
                {'c', "--console"},
                {OPT_KERNEL, "--kernel"},
                {OPT_VARIANTS, "--variants"},
                {OPT_MAX_INPUT, "--max-input"},
                {OPT_CLOCK, "--clock"},
                {OPT_ROUNDS, "--rounds"}};
    for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
        if (kept[i].c == c && a->forwarded + 2 <= PB_AGAINST_FORWARD_MAX) {
            a->forward[a->forwarded++] = kept[i].name;
            a->forward[a->forwarded++] = arg;
        }
}

/* The options --against takes and refuses, and the worker options'
 * own: true, or false after a usage message. */
static bool against_options_valid(const char *verb, bool is_run,
                                  const struct pb_bench_options *o,
                                  const struct pb_against_options *a,
                                  bool against_only)
{
    if (!a->other) {
        if (against_only)
            pb_usage_error(verb, "--band and --fail-above need --against");
        else if (o->round_index_set && !o->round_seed_set)
            pb_usage_error(verb, "--round-index needs --round-seed (both "
                                 "sides of a round take one order)");
        return !against_only && !(o->round_index_set && !o->round_seed_set);
    }
    const char *clash = is_run                      ? "run"
                        : o->round_index_set        ? "--round-index"
                        : o->side                   ? "--side"
                        : o->verified_in            ? "--verified-in"
                        : o->shards                 ? "--shard"
                        : o->list_only              ? "--benchmark_list_tests"
                        : pb_gb_out_path()[0]       ? "--benchmark_out"
                        : pb_mpi_launch_rank() >= 0 ? "mpirun"
                                                    : NULL;
    if (!clash)
        return true;
    if (is_run)
        pb_usage_error(verb, "--against is bench's: puzzlebench bench "
                             "--against OTHER");
    else if (!strcmp(clash, "mpirun"))
        pb_usage_error(verb, "--against runs each side in a process of "
                             "its own; run it without mpirun or srun");
    else
        pb_usage_error(verb, "--against and %s: %s", clash,
                       !strncmp(clash, "--benchmark", 11)
                           ? "each side writes its own results; leave it out"
                       : !strcmp(clash, "--shard")
                           ? "shard a run of one build, not an A/B run"
                           : "a worker option, which --against gives each "
                             "side itself");
    return false;
}

/* --shard I/N: 1 <= I <= N <= PB_MAX_SHARDS, digits only. */
static bool parse_shard(const char *verb, const char *text,
                        struct pb_bench_options *o)
{
    char *end;
    errno = 0;
    long i = text[0] >= '1' && text[0] <= '9' ? strtol(text, &end, 10) : 0;
    long n = 0;
    if (i > 0 && errno == 0 && *end == '/' && end[1] >= '1' && end[1] <= '9') {
        const char *rest = end + 1;
        n = strtol(rest, &end, 10);
    }
    if (i < 1 || n < 1 || errno || *end || i > n || n > PB_MAX_SHARDS) {
        pb_usage_error(verb,
                       "--shard '%s'; expected I/N, the I-th of N parts "
                       "(1 <= I <= N <= %d)",
                       text, PB_MAX_SHARDS);
        return false;
    }
    o->shard = (int)i;
    o->shards = (int)n;
    return true;
}

static void corpus_option(struct pb_bench_options *o, int c, const char *arg)
{
    if (c == OPT_CORPUS)
        o->corpus = arg;
    else if (c == OPT_KERNEL)
        o->kernel = arg;
    else
        o->variants = arg;
}

/* --kernel and --variants go with --corpus, which replaces --suite. */
static bool corpus_options_valid(const char *verb, struct pb_bench_options *o,
                                 bool suite_given)
{
    if (!o->corpus && (o->kernel || o->variants)) {
        pb_usage_error(verb, "--%s needs --corpus FILE",
                       o->kernel ? "kernel" : "variants");
        return false;
    }
    if (o->corpus && suite_given) {
        pb_usage_error(verb, "--corpus and --suite: give one of them");
        return false;
    }
    if (o->kernel && !cli_kernel(verb, o->kernel))
        return false;
    if (o->corpus && !o->variants)
        o->variants = "all";
    return true;
}

/* The suite, on this process alone, or under a launcher over every
 * process: MPI started, process 0 runs the harness (its results, its
 * Google Benchmark), the others serve its solves (backend_mpi.h). */
static int run_suite(const char *verb, struct pb_bench_options *o,
                     int saved_stderr)
{
    if (pb_mpi_launch_rank() < 0)
        return pb_bench_suite(o);
    struct pb_mpi mpi;
    struct pb_error e;
    int rc = pb_mpi_start(&mpi, NULL, NULL, &e);
    if (rc) { /* still quiet on processes other than 0 */
        fprintf(stderr, "puzzlebench %s: %s\n", verb, e.msg);
        return PB_EXIT_USAGE;
    }
    pb_mpi_restore_stderr(saved_stderr);
#ifdef PB_HAVE_MPI
    if (mpi.rank > 0)
        return pb_backend_mpi_serve(&mpi) ? PB_EXIT_FAIL : PB_EXIT_OK;
    o->mpi = &mpi;
    rc = pb_bench_suite(o);
    o->mpi = NULL; /* mpi dies with this frame */
    pb_backend_mpi_stop();
    return rc;
#else
    return pb_bench_suite(o); /* one process: pb_mpi_start refuses more */
#endif
}

static int bench_verb(const char *verb, int argc, char **argv, bool is_run,
                      int saved_stderr)
{
    bool suite_given = false;
    static const struct option options[] = {
        {"suite", required_argument, NULL, 's'},
        {"threads", required_argument, NULL, 't'},
        {"repetitions", required_argument, NULL, 'r'},
        {"max-memory", required_argument, NULL, 'm'},
        {"out", required_argument, NULL, 'o'},
        {"data", required_argument, NULL, 'd'},
        {"console", required_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"corpus", required_argument, NULL, OPT_CORPUS},
        {"kernel", required_argument, NULL, OPT_KERNEL},
        {"variants", required_argument, NULL, OPT_VARIANTS},
        {"shard", required_argument, NULL, OPT_SHARD},
        {"max-input", required_argument, NULL, OPT_MAX_INPUT},
        {"clock", required_argument, NULL, OPT_CLOCK},
        {"rounds", required_argument, NULL, OPT_ROUNDS},
        {"round-seed", required_argument, NULL, OPT_ROUND_SEED},
        {"against", required_argument, NULL, OPT_AGAINST},
        {"band", required_argument, NULL, OPT_BAND},
        {"fail-above", required_argument, NULL, OPT_FAIL_ABOVE},
        {"round-index", required_argument, NULL, OPT_ROUND_INDEX},
        {"side", required_argument, NULL, OPT_SIDE},
        {"verified-in", required_argument, NULL, OPT_VERIFIED_IN},
        {"db", required_argument, NULL, OPT_DB},
        {"no-db", no_argument, NULL, OPT_NO_DB},
        {"save-baseline", required_argument, NULL, OPT_SAVE_BASELINE},
        {NULL, 0, NULL, 0}};
    const char *db = NULL, *baseline = NULL;
    bool no_db = false;
    struct pb_against_options a = {.band = PB_STATS_BAND, .fail_above = -1};
    bool against_only = false;
    struct pb_bench_options o = {
        .suite = "default",
        .out_dir = "results",
        .data_dir = is_run ? "data/generated" : NULL,
    };
    /* Our --help, before Google Benchmark's Initialize answers it. */
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return print_help(is_run);
    if (!gb_flags_valid(verb, argc, argv, &o, &a))
        return PB_EXIT_USAGE;
    pb_gb_init(&argc, argv);
    int c;
    long v;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":s:t:r:m:o:d:qh", options, NULL)) !=
           -1) {
        switch (c) {
        case 's':
            o.suite = optarg;
            break;
        case 't':
            if (!parse_threads(verb, optarg, &o))
                return PB_EXIT_USAGE;
            break;
        case 'r':
            if (!cli_long(verb, "--repetitions", optarg, 1,
                          PB_SUITE_MAX_REPETITIONS, &v))
                return PB_EXIT_USAGE;
            o.repetitions = (int)v;
            break;
        case 'm':
            if (!cli_bytes(verb, "--max-memory", optarg, &o.max_memory))
                return PB_EXIT_USAGE;
            break;
        case 'o':
            o.out_dir = optarg;
            break;
        case 'd':
            if (!is_run)
                return pb_usage_error(verb, "unknown option '--data'");
            o.data_dir = optarg;
            break;
        case 'c':
            if (strcmp(optarg, "compact") && strcmp(optarg, "gbench"))
                return pb_usage_error(verb,
                                      "--console needs compact or gbench, "
                                      "got '%s'",
                                      optarg);
            o.gbench_console = !strcmp(optarg, "gbench");
            break;
        case 'q':
            o.quiet = true;
            break;
        case 'h':
            return print_help(is_run);
        case OPT_SHARD:
            if (!parse_shard(verb, optarg, &o))
                return PB_EXIT_USAGE;
            break;
        case OPT_MAX_INPUT:
            if (!cli_set_input_cap(verb, optarg))
                return PB_EXIT_USAGE;
            break;
        case OPT_CLOCK:
            if (!cli_clock(verb, optarg, &o.clock))
                return PB_EXIT_USAGE;
            break;
        case OPT_ROUNDS:
            if (!cli_long(verb, "--rounds", optarg, 1, PB_SUITE_MAX_ROUNDS, &v))
                return PB_EXIT_USAGE;
            o.rounds = (int)v;
            break;
        case OPT_ROUND_SEED:
            if (!cli_u64(verb, "--round-seed", optarg, &o.round_seed))
                return PB_EXIT_USAGE;
            o.round_seed_set = true;
            break;
        case OPT_CORPUS:
        case OPT_KERNEL:
        case OPT_VARIANTS:
            corpus_option(&o, c, optarg);
            break;
        case OPT_AGAINST:
            a.other = optarg;
            break;
        case OPT_BAND:
        case OPT_FAIL_ABOVE:
            if (!cli_percent(verb, c == OPT_BAND ? "--band" : "--fail-above",
                             optarg, c == OPT_BAND ? 100 : INFINITY,
                             c == OPT_BAND ? &a.band : &a.fail_above))
                return PB_EXIT_USAGE;
            if (c == OPT_BAND)
                a.band /= 100;
            against_only = true;
            break;
        case OPT_ROUND_INDEX:
            if (!cli_long(verb, "--round-index", optarg, 0,
                          PB_SUITE_MAX_ROUNDS - 1, &v))
                return PB_EXIT_USAGE;
            o.round_index = (int)v;
            o.round_index_set = true;
            break;
        case OPT_SIDE:
            if (strcmp(optarg, "A") && strcmp(optarg, "B"))
                return pb_usage_error(verb, "--side '%s'; expected A or B",
                                      optarg);
            o.side = optarg[0];
            break;
        case OPT_VERIFIED_IN:
            o.verified_in = optarg;
            break;
        case OPT_DB:
            db = optarg;
            break;
        case OPT_NO_DB:
            no_db = true;
            break;
        case OPT_SAVE_BASELINE:
            if (!*optarg || strlen(optarg) > 64)
                return pb_usage_error(verb,
                                      "--save-baseline expects a name of 1 "
                                      "to 64 characters, got '%s'",
                                      optarg);
            baseline = optarg;
            break;
        default:
            if (c == '?' && optind > 0 && optind - 1 < argc &&
                !strncmp(argv[optind - 1], "--benchmark", 11))
                return bad_gb_flag(verb, argv[optind - 1]);
            return cli_bad_option(verb, argc, argv, c, options);
        }
        suite_given = suite_given || c == 's';
        forward(&a, c, optarg);
    }
    if (optind < argc)
        return pb_usage_error(verb, "unexpected argument '%s'", argv[optind]);
    if (!corpus_options_valid(verb, &o, suite_given) ||
        !against_options_valid(verb, is_run, &o, &a, against_only))
        return PB_EXIT_USAGE;
    /* refused before anything is created: a cut path would land elsewhere */
    if (strlen(o.out_dir) > PB_RESULTS_ROOT_MAX)
        return pb_usage_error(verb,
                              "--out: path of %zu characters is too long "
                              "(at most %d)",
                              strlen(o.out_dir), PB_RESULTS_ROOT_MAX);
    if (o.data_dir && strlen(o.data_dir) > PB_DATA_DIR_MAX)
        return pb_usage_error(verb,
                              "--data: path of %zu characters is too long "
                              "(at most %d)",
                              strlen(o.data_dir), PB_DATA_DIR_MAX);
    if (no_db && (db || baseline))
        return pb_usage_error(verb, "--no-db with --db or --save-baseline: "
                                    "give one of them");
    /* an --against worker's part is joined, then indexed, by its parent */
    bool index = !no_db && !o.side && pb_mpi_launch_rank() <= 0;
    char before[4096];
    cli_bench_latest(o.out_dir, before, sizeof(before));
    int rc =
        a.other ? pb_against_run(&o, &a) : run_suite(verb, &o, saved_stderr);
    if (rc == PB_EXIT_USAGE || !index)
        return rc;
    return cli_bench_index(verb, o.out_dir, before, db, baseline, rc);
}

int cmd_bench(int argc, char **argv)
{
    return pb_mpi_quiet_failure(
        bench_verb("bench", argc, argv, false, pb_mpi_quiet_others()));
}

int cmd_run(int argc, char **argv)
{
    return pb_mpi_quiet_failure(
        bench_verb("run", argc, argv, true, pb_mpi_quiet_others()));
}
