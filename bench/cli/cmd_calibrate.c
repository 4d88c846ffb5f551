/*
 * cmd_calibrate.c - `puzzlebench calibrate [--suite S] [--rounds R]
 * [--out ROOT] [--band PCT] [--round-seed X] [--quiet]`: an A/A run of
 * this build against itself, interleaved in time (bench --against with
 * this binary on both sides), whose false-change rate and noise floor
 * per kernel are recorded as calibration.json in the results folder and
 * its root (calibration.h). O(argc).
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/calibrate.h"
#include "cli/cli.h"
#include "results/folder.h"
#include "analysis/change.h"
#include "harness/suite.h"

static const char help[] =
    "usage: puzzlebench calibrate [--suite NAME|FILE] [--rounds N]\n"
    "                             [--out DIR] [--band PCT] [--round-seed X]\n"
    "                             [--quiet]\n\n"
    "An A/A run on this machine: bench --against with this build on both\n"
    "sides, each round of each side in a process of its own, interleaved\n"
    "in time (ABBA). Every faster or slower verdict of an A/A run is false:\n"
    "per kernel it reports the false-change rate and the noise floor (the\n"
    "median half-width of the paired 95% interval of B / A, in percent),\n"
    "records them in the results folder and in DIR/calibration.json (the\n"
    "newest calibration of that results root), and prints a table. compare\n"
    "and the report then print \"this machine's noise floor\" beside their\n"
    "ratios for results in DIR from the same host.\n\n"
    "  -s, --suite NAME|FILE  the benchmarks (default: calibrate, about\n"
    "                         2 to 4 minutes on 2 cores)\n"
    "      --rounds N         rounds, 3..64 for an interval (default: the\n"
    "                         suite's)\n"
    "  -o, --out DIR          results root (default: results)\n"
    "  -b, --band PCT         compare's equivalence band (default 2)\n"
    "      --round-seed X     the rounds' order (default: from the clock)\n"
    "  -q, --quiet            no progress; the table and the end on stdout\n"
    "  -h, --help             this text\n";

enum { OPT_ROUNDS = 0x100, OPT_ROUND_SEED };

int cmd_calibrate(int argc, char **argv)
{
    static const struct option options[] = {
        {"suite", required_argument, NULL, 's'},
        {"rounds", required_argument, NULL, OPT_ROUNDS},
        {"out", required_argument, NULL, 'o'},
        {"band", required_argument, NULL, 'b'},
        {"round-seed", required_argument, NULL, OPT_ROUND_SEED},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    struct pb_bench_options o = {.suite = "calibrate", .out_dir = "results"};
    struct pb_against_options a = {.band = PB_STATS_BAND, .fail_above = -1};
    static char rounds[16];
    long v;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":s:o:b:qh", options, NULL)) != -1) {
        switch (c) {
        case 's':
            o.suite = optarg;
            break;
        case OPT_ROUNDS:
            if (!cli_long("calibrate", "--rounds", optarg, 1,
                          PB_SUITE_MAX_ROUNDS, &v))
                return PB_EXIT_USAGE;
            o.rounds = (int)v;
            snprintf(rounds, sizeof(rounds), "%ld", v);
            a.forward[a.forwarded++] = "--rounds";
            a.forward[a.forwarded++] = rounds;
            break;
        case 'o':
            o.out_dir = optarg;
            break;
        case 'b':
            if (!cli_percent("calibrate", "--band", optarg, 100, &a.band))
                return PB_EXIT_USAGE;
            a.band /= 100;
            break;
        case OPT_ROUND_SEED:
            if (!cli_u64("calibrate", "--round-seed", optarg, &o.round_seed))
                return PB_EXIT_USAGE;
            o.round_seed_set = true;
            break;
        case 'q':
            o.quiet = true;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("calibrate", argc, argv, c, options);
        }
    }
    if (optind < argc)
        return pb_usage_error("calibrate", "unexpected argument '%s'",
                              argv[optind]);
    if (strlen(o.out_dir) > PB_RESULTS_ROOT_MAX)
        return pb_usage_error("calibrate",
                              "--out: path of %zu characters is too long "
                              "(at most %d)",
                              strlen(o.out_dir), PB_RESULTS_ROOT_MAX);
    return pb_calibrate(&o, &a);
}
