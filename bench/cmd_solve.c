/*
 * cmd_solve.c - `puzzlebench solve KERNEL [--variant NAME] [FILE]`: the
 * judge format in (a file or stdin), the judge format out. The whole
 * input is parsed before anything is solved, so bad input prints nothing
 * on stdout: one message on stderr and exit 1.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>

#include "cli.h"
#include "runner.h"

static const char help[] =
    "usage: puzzlebench solve KERNEL [--variant NAME] [--threads T] "
    "[--timings] [FILE]\n"
    "\n"
    "Reads KERNEL's judge format (or its extended format) from FILE or\n"
    "standard input and prints the answers in the judge format, in order.\n"
    "Kernels whose judge input holds one instance accept any number in a\n"
    "row. The default variant is the fastest verified one ('*' in\n"
    "`puzzlebench list`).\n\n"
    "  -v, --variant NAME  the algorithm to use\n"
    "  -t, --threads T     OpenMP threads across instances (default: all "
    "cores)\n"
    "      --timings       print where the time went (reading and parsing,\n"
    "                      building, solving, writing) on stderr\n"
    "  -h, --help          this text\n";

int cmd_solve(int argc, char **argv)
{
    static const struct option options[] = {
        {"variant", required_argument, NULL, 'v'},
        {"threads", required_argument, NULL, 't'},
        {"timings", no_argument, NULL, 'T'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *variant_name = NULL;
    long threads = cli_cores();
    bool timings = false;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":v:t:h", options, NULL)) != -1) {
        switch (c) {
        case 'v':
            variant_name = optarg;
            break;
        case 't':
            if (!cli_long("solve", "--threads", optarg, 1, 1024, &threads))
                return PB_EXIT_USAGE;
            break;
        case 'T':
            timings = true;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("solve", argc, argv, c);
        }
    }
    const struct pb_kernel *k =
        cli_kernel("solve", optind < argc ? argv[optind] : NULL);
    if (!k)
        return PB_EXIT_USAGE;
    if (argc - optind > 2)
        return cli_usage_error("solve", "unexpected argument '%s'",
                               argv[optind + 2]);
    const struct pb_variant *v = cli_variant(
        "solve", k, variant_name ? variant_name : k->default_variant);
    if (!v)
        return PB_EXIT_USAGE;

    struct pb_corpus corpus;
    struct pb_error e;
    const char *path = optind + 1 < argc ? argv[optind + 1] : NULL;
    double t_start = pb_now();
    if (pb_corpus_load(k, path, &corpus, &e)) {
        fprintf(stderr, "puzzlebench solve: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    double t_read = pb_now() - t_start, t_write = 0;
    int status = PB_EXIT_OK;
    void *answers = calloc(corpus.count, pb_answer_size(&corpus));
    struct pb_run run = {0};
    if (!answers) {
        fprintf(stderr, "puzzlebench solve: out of memory\n");
        status = PB_EXIT_FAIL;
    } else if (pb_run_variant(v, &corpus, (int)threads, answers, &run, &e)) {
        fprintf(stderr, "puzzlebench solve: %s\n", e.msg);
        status = PB_EXIT_FAIL;
    } else {
        double t_write_start = pb_now();
        const unsigned char *a = answers;
        for (size_t i = 0; i < corpus.count; i++)
            k->write_answer(stdout, pb_corpus_item(&corpus, i),
                            a + i * pb_answer_size(&corpus));
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "puzzlebench solve: write error on stdout\n");
            status = PB_EXIT_FAIL;
        }
        t_write = pb_now() - t_write_start;
    }
    if (timings && status == PB_EXIT_OK)
        fprintf(stderr,
                "timings: read+parse %.3f ms, build %.3f ms, solve %.3f ms, "
                "write %.3f ms, total %.3f ms (%zu instances, %" PRIu64
                " units of work)\n",
                1e3 * t_read, 1e3 * run.build_seconds, 1e3 * run.solve_seconds,
                1e3 * t_write, 1e3 * (pb_now() - t_start), corpus.count,
                run.work.expanded);
    free(answers);
    pb_corpus_free(&corpus);
    return status;
}
