/*
 * cmd_plot.c - `puzzlebench plot DIR [--baseline NAME] [--kinds K,...]
 * [--variants V,...] [--format F,...]`: (re)draws the figures of a
 * results folder from its results.csv (plot.h), all of them or those
 * chosen.
 */
#include <getopt.h>

#include "cli.h"
#include "plot.h"

static const char help[] =
    "usage: puzzlebench plot DIR [--baseline NAME] [--kinds K,...]\n"
    "                        [--variants V,...] [--format png,svg,pdf]\n\n"
    "Draws the figures of the results folder DIR (e.g. results/latest)\n"
    "from its results.csv (else its results.json) with gnuplot:\n"
    "DIR/summary.csv (one row per benchmark: median, quartiles, speed-up,\n"
    "ratio to the baseline), then DIR/figures/KIND-KERNEL.png, .svg and\n"
    ".pdf for time vs size, speed-up and efficiency vs the cores used\n"
    "(processes x threads), peak memory vs size, time relative to the\n"
    "baseline variant, and work vs time. Prints each figure's path.\n\n"
    "  -b, --baseline NAME  the variant figure 4 divides by (default: each\n"
    "                       kernel's first registered variant present);\n"
    "                       a NAME no benchmark has is an error\n"
    "  -k, --kinds K,...    only these figures: time_vs_size, speedup,\n"
    "                       memory_vs_size, relative, work_vs_time,\n"
    "                       unit_time_vs_size, work_per_unit_vs_knob\n"
    "  -v, --variants V,... only these variants in the figures\n"
    "                       (summary.csv keeps every benchmark)\n"
    "  -f, --format F,...   only these formats: png, svg, pdf\n"
    "  -h, --help           this text\n";

int cmd_plot(int argc, char **argv)
{
    static const struct option options[] = {
        {"baseline", required_argument, NULL, 'b'},
        {"kinds", required_argument, NULL, 'k'},
        {"variants", required_argument, NULL, 'v'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    struct pb_plot_options o = {NULL, NULL, NULL, NULL};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":b:k:v:f:h", options, NULL)) != -1) {
        switch (c) {
        case 'b':
            o.baseline = optarg;
            break;
        case 'k':
            o.kinds = optarg;
            break;
        case 'v':
            o.variants = optarg;
            break;
        case 'f':
            o.formats = optarg;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("plot", argc, argv, c);
        }
    }
    if (argc - optind != 1)
        return cli_usage_error("plot", "expected one results folder");
    struct pb_error e;
    if (pb_plot(argv[optind], &o, stdout, &e)) {
        fprintf(stderr, "puzzlebench plot: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    return PB_EXIT_OK;
}
