/*
 * cmd_plot.c - `puzzlebench plot DIR [--baseline NAME]`: (re)draws the
 * figures of a results folder from its results.csv (plot.h).
 */
#include <getopt.h>

#include "cli.h"
#include "plot.h"

static const char help[] =
    "usage: puzzlebench plot DIR [--baseline NAME]\n\n"
    "Draws the figures of the results folder DIR (e.g. results/latest)\n"
    "from its results.csv with gnuplot: DIR/summary.csv (one row per\n"
    "benchmark: median, quartiles, speed-up, ratio to the baseline), then\n"
    "DIR/figures/KIND-KERNEL.png, .svg and .pdf for time vs size, speed-up\n"
    "and efficiency vs threads, peak memory vs size, time relative to the\n"
    "baseline variant, and work vs time. Prints each figure's path.\n\n"
    "  -b, --baseline NAME  the variant figure 4 divides by (default: each\n"
    "                       kernel's first registered variant present)\n"
    "  -h, --help           this text\n";

int cmd_plot(int argc, char **argv)
{
    static const struct option options[] = {
        {"baseline", required_argument, NULL, 'b'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *baseline = NULL;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":b:h", options, NULL)) != -1) {
        switch (c) {
        case 'b':
            baseline = optarg;
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
    if (pb_plot(argv[optind], baseline, stdout, &e)) {
        fprintf(stderr, "puzzlebench plot: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    return PB_EXIT_OK;
}
