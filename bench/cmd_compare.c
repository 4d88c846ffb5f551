/*
 * cmd_compare.c - `puzzlebench compare A [B] [--variants X,Y] [--alpha P]
 * [--fail-above PCT]`:
 * the benchmarks of two results side by side with the ratio of medians
 * and a Mann-Whitney U test (compare.h); a regression gate with
 * --fail-above.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compare.h"

static const char help[] =
    "usage: puzzlebench compare A B [--alpha P] [--fail-above PCT]\n"
    "       puzzlebench compare A [B] --variants X,Y [...]\n\n"
    "Compares two results benchmark by benchmark: the median time per\n"
    "instance of each, the ratio B / A (below 1: B is faster), and the\n"
    "two-sided Mann-Whitney U test over the repetitions; '~' marks a change\n"
    "that is not significant. Ends with the geometric mean of the ratios per\n"
    "kernel. A and B may each be a results folder (its results.csv, else its\n"
    "results.json), a results.csv, or a Google Benchmark JSON file (from\n"
    "puzzlebench or any benchmark binary run with --benchmark_out=F\n"
    "--benchmark_repetitions=N; other names are compared per iteration and\n"
    "grouped by their first component).\n\n"
    "  -v, --variants X,Y     variant X's benchmarks of A against variant\n"
    "                         Y's of B (A when B is left out) on the same\n"
    "                         corpus and threads: two variants of one run\n"
    "  -a, --alpha P          significance level (default 0.05)\n"
    "  -f, --fail-above PCT   exit 1 when a significant slowdown exceeds\n"
    "                         PCT percent (a regression gate)\n"
    "  -h, --help             this text\n";

int cmd_compare(int argc, char **argv)
{
    static const struct option options[] = {
        {"alpha", required_argument, NULL, 'a'},
        {"fail-above", required_argument, NULL, 'f'},
        {"variants", required_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    struct pb_compare_options o = {0.05, -1, NULL, NULL};
    char variants[64];
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":a:f:v:h", options, NULL)) != -1) {
        char *end;
        switch (c) {
        case 'a':
            o.alpha = strtod(optarg, &end);
            if (*end || !(o.alpha > 0 && o.alpha < 1))
                return cli_usage_error("compare",
                                       "--alpha expects a "
                                       "probability in (0, 1), found '%s'",
                                       optarg);
            break;
        case 'f':
            o.fail_above = strtod(optarg, &end);
            if (*end || !(o.fail_above >= 0))
                return cli_usage_error("compare",
                                       "--fail-above expects a "
                                       "percentage >= 0, found '%s'",
                                       optarg);
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        case 'v': {
            char *comma = strchr(optarg, ',');
            if (!comma || comma == optarg || !comma[1] ||
                strchr(comma + 1, ',') || strlen(optarg) >= sizeof(variants))
                return cli_usage_error("compare",
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
            return cli_bad_option("compare", argc, argv, c);
        }
    }
    int paths = argc - optind;
    if (paths != 2 && !(paths == 1 && o.variant_a))
        return cli_usage_error("compare", "expected two results, A and B "
                                          "(or one with --variants)");
    struct pb_error e;
    int rc = pb_compare(argv[optind], argv[optind + paths - 1], &o, stdout, &e);
    if (rc < 0) {
        fprintf(stderr, "puzzlebench compare: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    return rc ? PB_EXIT_FAIL : PB_EXIT_OK;
}
