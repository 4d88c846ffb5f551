/*
 * cmd_history.c - `puzzlebench history`: a suite over a range of commits
 * (harness/history.h), its change points, and `--bisect BENCHMARK` to
 * narrow one of them to a commit; `--show` prints a stored history's
 * change points again without running anything.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "harness/history.h"
#include "harness/suite.h"
#include "results/store.h"

static const char help[] =
    "usage: puzzlebench history --commits A..B --suite NAME|FILE\n"
    "                           [--every N] [--rounds N] [--budget S]\n"
    "                           [--repo DIR] [--db FILE] [--dry-run]\n"
    "                           [--define NAME=VALUE]...\n"
    "       puzzlebench history --bisect BENCHMARK [--history ID] [...]\n"
    "       puzzlebench history --show [--history ID] [--db FILE]\n\n"
    "Runs a suite with each commit of a range and keeps every result in\n"
    "the results store: each commit is built in its own git worktree and\n"
    "build folder (cached by commit and --define options: built once, a\n"
    "failed build recorded and skipped), then the suite runs in rounds,\n"
    "every built commit once a round in a shuffled order, so that the\n"
    "machine's drift falls on all alike and neighbouring commits compare\n"
    "paired round by round.\n"
    "Prints the commits where a benchmark's time changed: neighbouring\n"
    "commits compared as `compare` compares two runs, every comparison of\n"
    "the range one Holm family, a change only beyond the band\n"
    "(docs/history.md). A range estimated to take longer than the budget\n"
    "is refused before anything is built. `puzzlebench publish` draws the\n"
    "store's histories as a static site.\n\n"
    "  -c, --commits A..B  the commits after A up to B (git log's range)\n"
    "  -s, --suite NAME|FILE  the suite each commit runs (bench/suites/)\n"
    "  -e, --every N       every N-th commit, counted back from B\n"
    "  -r, --rounds N      rounds (default 5; 3 at least for an interval,\n"
    "                      more for many commits: one Holm family)\n"
    "  -B, --budget S      refuse beyond S seconds estimated (default 3600)\n"
    "      --build-time S  the estimate's seconds per build (default: the\n"
    "                      cache's mean, else 300)\n"
    "      --run-time S    the estimate's seconds per run (default: from\n"
    "                      the suite)\n"
    "      --repo DIR      the git repository (default: .)\n"
    "      --cache DIR     worktrees and builds (default:\n"
    "                      results/history-cache)\n"
    "  -o, --out DIR       the runs' results folders (default:\n"
    "                      results/history)\n"
    "  -d, --db FILE       the store (default: results/puzzlebench.db)\n"
    "      --seed X        the rounds' shuffles (default: the clock)\n"
    "  -j, --jobs N        parallel build jobs (default 2)\n"
    "  -D, --define NAME=VALUE  a cmake cache entry for every build (as\n"
    "                      cmake -D; repeatable, 16 at most): the build\n"
    "                      cache is keyed by commit and these\n"
    "  -b, --band PCT      the change's band, +-PCT percent (default 2)\n"
    "  -n, --dry-run       the commits and the estimate only\n"
    "      --bisect BENCHMARK  narrow each change point of BENCHMARK (a\n"
    "                      name, or a part of one) in the latest history\n"
    "                      (or --history ID) down to one commit, building\n"
    "                      and running the commits in between\n"
    "      --history ID    the history run --bisect and --show read\n"
    "      --show          print the change points of a stored history\n"
    "  -h, --help          this text\n";

enum {
    OPT_REPO = 0x100,
    OPT_CACHE,
    OPT_SEED,
    OPT_BISECT,
    OPT_HISTORY,
    OPT_SHOW,
    OPT_BUILD_TIME,
    OPT_RUN_TIME
};

static bool seconds_option(const char *option, const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (*end || !(v > 0) || !isfinite(v)) {
        pb_usage_error("history", "%s expects seconds above 0, found '%s'",
                       option, text);
        return false;
    }
    *out = v;
    return true;
}

/* --define NAME=VALUE: NAME of letters, digits and underscores (a cmake
 * cache entry, optionally NAME:TYPE), VALUE anything. */
static bool define_option(struct pb_history_options *o, const char *text)
{
    size_t name = strspn(text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrs"
                               "tuvwxyz0123456789_:");
    if (name == 0 || text[name] != '=') {
        pb_usage_error("history",
                       "--define expects NAME=VALUE (a cmake cache entry), "
                       "found '%s'",
                       text);
        return false;
    }
    if (o->defines == PB_HISTORY_DEFINES) {
        pb_usage_error("history", "--define: %d at most", PB_HISTORY_DEFINES);
        return false;
    }
    o->define[o->defines++] = text;
    return true;
}

int cmd_history(int argc, char **argv)
{
    static const struct option options[] = {
        {"commits", required_argument, NULL, 'c'},
        {"suite", required_argument, NULL, 's'},
        {"every", required_argument, NULL, 'e'},
        {"rounds", required_argument, NULL, 'r'},
        {"budget", required_argument, NULL, 'B'},
        {"out", required_argument, NULL, 'o'},
        {"db", required_argument, NULL, 'd'},
        {"jobs", required_argument, NULL, 'j'},
        {"define", required_argument, NULL, 'D'},
        {"band", required_argument, NULL, 'b'},
        {"dry-run", no_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {"repo", required_argument, NULL, OPT_REPO},
        {"cache", required_argument, NULL, OPT_CACHE},
        {"seed", required_argument, NULL, OPT_SEED},
        {"bisect", required_argument, NULL, OPT_BISECT},
        {"history", required_argument, NULL, OPT_HISTORY},
        {"show", no_argument, NULL, OPT_SHOW},
        {"build-time", required_argument, NULL, OPT_BUILD_TIME},
        {"run-time", required_argument, NULL, OPT_RUN_TIME},
        {NULL, 0, NULL, 0}};
    struct pb_history_options o;
    pb_history_defaults(&o);
    const char *db = "results/" PB_STORE_FILE, *suite = NULL, *bisect = NULL;
    bool show = false;
    uint64_t history = 0;
    long v;
    double band;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":c:s:e:r:B:o:d:j:D:b:nh", options,
                            NULL)) != -1) {
        switch (c) {
        case 'c':
            o.range = optarg;
            break;
        case 's':
            suite = optarg;
            break;
        case 'e':
            if (!cli_long("history", "--every", optarg, 1, 1000000, &v))
                return PB_EXIT_USAGE;
            o.every = (unsigned)v;
            break;
        case 'r':
            if (!cli_long("history", "--rounds", optarg, 1, 64, &v))
                return PB_EXIT_USAGE;
            o.rounds = (int)v;
            break;
        case 'B':
            if (!seconds_option("--budget", optarg, &o.budget))
                return PB_EXIT_USAGE;
            break;
        case 'o':
            o.out = optarg;
            break;
        case 'd':
            db = optarg;
            break;
        case 'j':
            if (!cli_long("history", "--jobs", optarg, 1, 256, &v))
                return PB_EXIT_USAGE;
            o.jobs = (int)v;
            break;
        case 'D':
            if (!define_option(&o, optarg))
                return PB_EXIT_USAGE;
            break;
        case 'b':
            if (!cli_percent("history", "--band", optarg, 100, &band))
                return PB_EXIT_USAGE;
            o.band = band / 100;
            break;
        case 'n':
            o.dry_run = true;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        case OPT_REPO:
            o.repo = optarg;
            break;
        case OPT_CACHE:
            o.cache = optarg;
            break;
        case OPT_SEED:
            if (!cli_u64("history", "--seed", optarg, &o.seed))
                return PB_EXIT_USAGE;
            break;
        case OPT_BISECT:
            bisect = optarg;
            break;
        case OPT_HISTORY:
            if (!cli_u64("history", "--history", optarg, &history))
                return PB_EXIT_USAGE;
            break;
        case OPT_SHOW:
            show = true;
            break;
        case OPT_BUILD_TIME:
            if (!seconds_option("--build-time", optarg, &o.per_build))
                return PB_EXIT_USAGE;
            break;
        case OPT_RUN_TIME:
            if (!seconds_option("--run-time", optarg, &o.per_run))
                return PB_EXIT_USAGE;
            break;
        default:
            return cli_bad_option("history", argc, argv, c, options);
        }
    }
    if (optind < argc)
        return pb_usage_error("history", "unexpected argument '%s'",
                              argv[optind]);
    int modes = !!o.range + !!bisect + show;
    if (modes != 1)
        return pb_usage_error("history", "give one of --commits A..B, "
                                         "--bisect BENCHMARK and --show");
    if (o.range && !suite)
        return pb_usage_error("history", "--commits needs --suite NAME|FILE");
    struct pb_error e;
    char path[1024];
    if (suite && pb_suite_find(suite, path, sizeof(path), &e)) {
        fprintf(stderr, "puzzlebench history: %s\n", e.msg);
        return PB_EXIT_USAGE;
    }
    o.suite = suite ? path : NULL;
    struct pb_store *s = NULL;
    int rc = (o.range ? pb_store_open : pb_store_open_existing)(db, &s, &e);
    int64_t id = (int64_t)history;
    if (rc == 0 && o.range)
        rc = pb_history_run(&o, s, &id, &e);
    if (rc == 0 && !o.range)
        rc = pb_store_history_pick(s, &id, &e);
    size_t points = 0;
    if (rc == 0 && bisect)
        rc = pb_history_bisect(&o, s, id, bisect, &e);
    else if (rc == 0 && !o.dry_run)
        rc = pb_history_report(s, id, o.band, o.alpha, stdout, &points, &e);
    pb_store_close(s);
    if (rc) {
        fprintf(stderr, "puzzlebench history: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    return PB_EXIT_OK;
}
