/*
 * cmd_compare.c - `puzzlebench compare A [B] [--variants X,Y] [--band PCT]
 * [--alpha P] [--clock cpu|wall] [--format text|csv|json]
 * [--fail-above PCT] [--calibration FILE]`: the benchmarks of two results
 * side by side, each with its ratio over rounds, interval and verdict
 * (compare.h); a regression gate on the interval with --fail-above; one
 * results folder of bench --against alone compares its two sides.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "analysis/compare.h"
#include "results/readback.h"
#include "results/store.h"

static const char help[] =
    "usage: puzzlebench compare A B [--band PCT] [--alpha P] [--clock C]\n"
    "                               [--format F] [--fail-above PCT]\n"
    "                               [--calibration FILE]\n"
    "       puzzlebench compare A [B] --variants X,Y [...]\n"
    "       puzzlebench compare --baseline NAME [B] [--db FILE] [...]\n"
    "       puzzlebench compare DIR [...]   (DIR of bench --against: its\n"
    "                                       side A against its side B)\n\n"
    "Compares two results benchmark by benchmark: the median time per\n"
    "instance of each, the ratio B / A over rounds (below 1: B is faster)\n"
    "with its 95% interval (Student's t on the log round values: paired\n"
    "round by round for two variants of one run, else Welch's), the\n"
    "Holm-adjusted p value over the table, and a verdict: faster or slower\n"
    "beyond the band, same within it, or inconclusive with what would\n"
    "decide it (more rounds, a quieter machine); fewer than 3 rounds a side\n"
    "give no interval. Ends with each kernel's verdicts and geometric mean\n"
    "of the ratios. Above the table, what the runs differ in (build, load,\n"
    "clock) and the noise warnings. A and B may each be a results folder\n"
    "(its results.csv, else its results.json), a results.csv, or a Google\n"
    "Benchmark JSON file (from puzzlebench or any benchmark binary run with\n"
    "--benchmark_out=F; other names are compared per iteration and grouped\n"
    "by their first component). One results folder of bench --against\n"
    "compares its two builds, side A (the baseline) against side B, paired\n"
    "round by round. Where a calibration of this host lies in the results'\n"
    "root (puzzlebench calibrate), each kernel's noise floor is printed\n"
    "beside its ratios.\n\n"
    "  -v, --variants X,Y     variant X's benchmarks of A against variant\n"
    "                         Y's of B (A when B is left out) on the same\n"
    "                         corpus and threads: two variants of one run\n"
    "  -b, --band PCT         the practical-equivalence band, +-PCT percent\n"
    "                         (default 2): `same` when the interval lies\n"
    "                         inside it, faster or slower only beyond it\n"
    "  -a, --alpha P          (1 - P) intervals, Holm at P (default 0.05)\n"
    "  -c, --clock C          cpu or wall for every benchmark (default: CPU\n"
    "                         time for a serial run that has it, else wall;\n"
    "                         wall on both sides where they differ)\n"
    "  -F, --format F         text (default), csv (the notes to stderr) or\n"
    "                         json\n"
    "  -f, --fail-above PCT   exit 1 when some benchmark is slower than\n"
    "                         +PCT percent beyond its interval, Holm-\n"
    "                         corrected (a regression gate)\n"
    "      --calibration FILE the noise floors of calibration FILE (a\n"
    "                         calibrate run's calibration.json) instead\n"
    "                         of the results root's\n"
    "  -B, --baseline NAME    side A is the run saved as baseline NAME\n"
    "                         (bench --save-baseline NAME) in the results\n"
    "                         store; B (default: results/latest) against\n"
    "                         it\n"
    "  -D, --db FILE          the store of --baseline (default:\n"
    "                         results/puzzlebench.db)\n"
    "  -h, --help             this text\n";

/* compare --baseline NAME [B]: side A from the store, B a results path
 * (default: results/latest). */
static int compare_baseline(int argc, char **argv, struct pb_compare_options *o)
{
    if (!o->baseline)
        return pb_usage_error("compare", "--db needs --baseline NAME");
    if (o->variant_a)
        return pb_usage_error("compare", "--baseline and --variants: give "
                                         "one of them");
    if (argc - optind > 1)
        return pb_usage_error("compare", "--baseline NAME takes one "
                                         "results, B (default: "
                                         "results/latest)");
    const char *b = optind < argc ? argv[optind] : "results/latest";
    if (!o->db)
        o->db = "results/" PB_STORE_FILE;
    struct pb_error e;
    int rc = pb_compare(b, b, o, stdout, stderr, &e);
    if (rc < 0) {
        fprintf(stderr, "puzzlebench compare: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    return rc ? PB_EXIT_FAIL : PB_EXIT_OK;
}

int cmd_compare(int argc, char **argv)
{
    static const struct option options[] = {
        {"alpha", required_argument, NULL, 'a'},
        {"band", required_argument, NULL, 'b'},
        {"clock", required_argument, NULL, 'c'},
        {"fail-above", required_argument, NULL, 'f'},
        {"format", required_argument, NULL, 'F'},
        {"variants", required_argument, NULL, 'v'},
        {"calibration", required_argument, NULL, 'C'},
        {"baseline", required_argument, NULL, 'B'},
        {"db", required_argument, NULL, 'D'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    struct pb_compare_options o;
    pb_compare_defaults(&o);
    char variants[64];
    double band;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":a:b:c:f:F:v:C:B:D:h", options,
                            NULL)) != -1) {
        char *end;
        switch (c) {
        case 'a':
            o.alpha = strtod(optarg, &end);
            if (*end || !(o.alpha > 0 && o.alpha < 1))
                return pb_usage_error("compare",
                                      "--alpha expects a "
                                      "probability in (0, 1), found '%s'",
                                      optarg);
            break;
        case 'b':
            if (!cli_percent("compare", "--band", optarg, 100, &band))
                return PB_EXIT_USAGE;
            o.band = band / 100;
            break;
        case 'c':
            if (!strcmp(optarg, "cpu"))
                o.clock = READBACK_CLOCK_CPU_ONLY;
            else if (!strcmp(optarg, "wall"))
                o.clock = READBACK_CLOCK_WALL_ONLY;
            else
                return pb_usage_error("compare",
                                      "--clock expects cpu or wall, found "
                                      "'%s'",
                                      optarg);
            break;
        case 'f':
            if (!cli_percent("compare", "--fail-above", optarg, INFINITY,
                             &o.fail_above))
                return PB_EXIT_USAGE;
            break;
        case 'F':
            if (!strcmp(optarg, "text"))
                o.format = PB_COMPARE_TEXT;
            else if (!strcmp(optarg, "csv"))
                o.format = PB_COMPARE_CSV;
            else if (!strcmp(optarg, "json"))
                o.format = PB_COMPARE_JSON;
            else
                return pb_usage_error("compare",
                                      "--format expects text, csv or json, "
                                      "found '%s'",
                                      optarg);
            break;
        case 'C':
            o.calibration = optarg;
            break;
        case 'B':
            o.baseline = optarg;
            break;
        case 'D':
            o.db = optarg;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        case 'v': {
            char *comma = strchr(optarg, ',');
            if (!comma || comma == optarg || !comma[1] ||
                strchr(comma + 1, ',') || strlen(optarg) >= sizeof(variants))
                return pb_usage_error("compare",
                                      "--variants expects two variant "
                                      "names X,Y, got '%s'",
                                      optarg);
            snprintf(variants, sizeof(variants), "%s", optarg);
            variants[comma - optarg] = '\0';
            o.variant_a = variants;
            o.variant_b = variants + (comma - optarg) + 1;
            break;
        }
        default:
            return cli_bad_option("compare", argc, argv, c, options);
        }
    }
    int paths = argc - optind;
    struct pb_error e;
    if (o.baseline || o.db)
        return compare_baseline(argc, argv, &o);
    struct stat st;
    if (paths == 1 && !o.variant_a && stat(argv[optind], &st) != 0)
        paths = 0;                    /* no results at all: the usage */
    if (paths == 1 && !o.variant_a) { /* bench --against's two sides? */
        struct readback t;
        if (readback_load(argv[optind], &t, 0, &e)) {
            fprintf(stderr, "puzzlebench compare: %s\n", e.msg);
            return PB_EXIT_FAIL;
        }
        bool sided = readback_two_sided(&t);
        readback_free(&t);
        if (!sided)
            paths = 0;
    }
    if (paths != 1 && paths != 2)
        return pb_usage_error("compare", "expected two results, A and B "
                                         "(or one with --variants, or a "
                                         "results folder of bench "
                                         "--against)");
    int rc = pb_compare(argv[optind], argv[optind + paths - 1], &o, stdout,
                        stderr, &e);
    if (rc < 0) {
        fprintf(stderr, "puzzlebench compare: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    return rc ? PB_EXIT_FAIL : PB_EXIT_OK;
}
