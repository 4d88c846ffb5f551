/*
 * cmd_plot.c - `puzzlebench plot DIR [--baseline NAME] [--kinds K,...]
 * [--variants V,...] [--format F,...] [--clock cpu|wall] [--size S]
 * [--title T] [--counter NAME] [--reference FAMILY] [--out DIR]`:
 * (re)draws the figures of a results folder from its results.csv
 * (plot.h), all of them or those chosen, on the clock asked for, at the
 * size and with the title asked for, counting the counter asked for,
 * against the reference family asked for, into the folder asked for; a
 * folder whose completion record says it is
 * incomplete is drawn with a warning naming what is missing
 * (completion.h).
 */
#include <getopt.h>

#include "cli/cli.h"
#include "results/completion.h"
#include "present/outputs.h"

static const char help[] =
    "usage: puzzlebench plot DIR [--baseline NAME] [--kinds K,...]\n"
    "                        [--variants V,...] [--format png,svg,pdf,tex]\n"
    "                        [--clock cpu|wall] [--size column|page|WxH]\n"
    "                        [--title none|short|full] [--counter NAME]\n"
    "                        [--reference FAMILY] [--out FOLDER]\n\n"
    "Draws the figures of the results folder DIR (e.g. results/latest)\n"
    "from its results.csv (else its results.json) with gnuplot:\n"
    "DIR/summary.csv (one row per benchmark: median, quartiles, 95 %\n"
    "intervals over rounds, speed-up, ratio to the baseline), then\n"
    "DIR/figures/KIND-KERNEL.png, .svg and .pdf for time vs size,\n"
    "speed-up and efficiency vs the cores used (processes x threads),\n"
    "peak memory vs size, time relative to the baseline variant, work\n"
    "vs time, time per unit vs size, work per unit vs a family's knob\n"
    "K (NAME:K), and the speed-up at each K over a reference family,\n"
    "each with KIND-KERNEL.caption.txt: what it shows,\n"
    "what its bars are (the 95 % interval over rounds that compare\n"
    "prints) and that a hollow point has none (fewer than 3 rounds, or\n"
    "one instance). Prints each figure's path. Redraws only the kinds\n"
    "asked for; other figures stay. A folder whose run stopped early\n"
    "(completion.json) is drawn with a warning: 'incomplete: N of M\n"
    "benchmarks timed' and what is missing.\n\n"
    "  -b, --baseline NAME  the variant figure 4 divides by (default: each\n"
    "                       kernel's first registered variant present);\n"
    "                       a NAME no benchmark has is an error\n"
    "  -k, --kinds K,...    only these figures: time_vs_size, speedup,\n"
    "                       memory_vs_size, relative, work_vs_time,\n"
    "                       unit_time_vs_size, work_per_unit_vs_knob,\n"
    "                       knob_speedup\n"
    "  -v, --variants V,... only these variants in the figures\n"
    "                       (summary.csv keeps every benchmark)\n"
    "  -f, --format F,...   only these formats: png, svg, pdf, tex\n"
    "                       (default png,svg,pdf; tex: KIND-KERNEL.tex\n"
    "                       over KIND-KERNEL-tex.pdf, gnuplot's\n"
    "                       cairolatex, the text set by LaTeX in the\n"
    "                       paper's font)\n"
    "      --size S         column (3.4 x 2.4 in, the default), page\n"
    "                       (7 x 3.5 in) or WxH in inches (e.g. 5x3):\n"
    "                       a figure's size in a paper, its text 8 pt\n"
    "                       there (the speed-up figure, two panels, is\n"
    "                       1.8 times as tall, the relative one 1.5);\n"
    "                       PNG at 200 pixels per inch\n"
    "      --title T        none (the default: the caption file says\n"
    "                       it), short (one line) or full\n"
    "      --counter NAME   the counter work_per_unit_vs_knob counts\n"
    "                       (default: the main one; another is drawn as\n"
    "                       NAME_per_unit_vs_knob-KERNEL, beside it)\n"
    "      --reference F    knob_speedup's family: time on F / time at\n"
    "                       each K, same size, instances and seed\n"
    "                       (default: the one family without a knob\n"
    "                       there; else not drawn, a note says why)\n"
    "  -o, --out FOLDER     write summary.csv, the figures and their\n"
    "                       captions into FOLDER instead (DIR is only\n"
    "                       read; its report is left as it is)\n"
    "      --clock cpu|wall every time on this clock: the CPU time of the\n"
    "                       working threads, or wall time (default: the\n"
    "                       run's bench --clock, else CPU time at 1\n"
    "                       process of 1 thread and wall time at more);\n"
    "                       summary.csv's clock column, the figures' time\n"
    "                       axes and the report's tables name it. cpu on\n"
    "                       results without CPU time is refused\n"
    "  -h, --help           this text\n";

/* long options only, values beyond any char */
enum { OPT_CLOCK = 0x100, OPT_SIZE, OPT_TITLE, OPT_COUNTER, OPT_REFERENCE };

int cmd_plot(int argc, char **argv)
{
    static const struct option options[] = {
        {"baseline", required_argument, NULL, 'b'},
        {"kinds", required_argument, NULL, 'k'},
        {"variants", required_argument, NULL, 'v'},
        {"format", required_argument, NULL, 'f'},
        {"clock", required_argument, NULL, OPT_CLOCK},
        {"size", required_argument, NULL, OPT_SIZE},
        {"title", required_argument, NULL, OPT_TITLE},
        {"counter", required_argument, NULL, OPT_COUNTER},
        {"reference", required_argument, NULL, OPT_REFERENCE},
        {"out", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    struct pb_plot_options o = {0};
    unsigned flag;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":b:k:v:f:o:h", options, NULL)) != -1) {
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
        case OPT_CLOCK:
            if (!cli_clock("plot", optarg, &flag))
                return PB_EXIT_USAGE;
            o.clock = optarg;
            break;
        case OPT_SIZE:
            o.size = optarg;
            break;
        case OPT_TITLE:
            o.title = optarg;
            break;
        case OPT_COUNTER:
            o.counter = optarg;
            break;
        case OPT_REFERENCE:
            o.reference = optarg;
            break;
        case 'o':
            o.out = optarg;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("plot", argc, argv, c, options);
        }
    }
    if (argc - optind != 1)
        return pb_usage_error("plot", "expected one results folder");
    struct pb_error e;
    struct pb_completeness k;
    if (pb_outputs_write(argv[optind], &o, stdout, &e) ||
        pb_completeness_of(argv[optind], &k, &e)) {
        fprintf(stderr, "puzzlebench plot: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    /* drawn all the same (partial results are useful), but said */
    char text[sizeof(k.named) + 128], dir[4 * PB_PATH_MAX];
    pb_completeness_text(&k, text, sizeof(text));
    pb_escape_controls(argv[optind], dir, sizeof(dir));
    if (text[0])
        fprintf(stderr, "puzzlebench plot: warning: %s: %s\n", dir, text);
    return PB_EXIT_OK;
}
