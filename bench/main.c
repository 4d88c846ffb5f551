/*
 * main.c - the puzzlebench command line: dispatches `puzzlebench VERB`
 * to cmd_<verb>.c. Exit codes: 0 success, 1 wrong answers or bad data,
 * 2 usage error.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

struct verb {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct verb verbs[] = {
    {"list", cmd_list, "every kernel and its variants"},
    {"solve", cmd_solve, "judge format in, judge format out"},
    {"gen", cmd_gen, "write a deterministic corpus"},
    {"verify", cmd_verify, "check variants against the reference oracle"},
    {"census", cmd_census, "number of states at each depth"},
    {"bench", cmd_bench, "verify and time a suite (Google Benchmark)"},
    {"run", cmd_run, "the main job: bench the default suite"},
    {"compare", cmd_compare, "two results side by side, with significance"},
    {"plot", cmd_plot, "draw the figures of a results folder (gnuplot)"},
    {NULL, NULL, NULL},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: puzzlebench VERB [options] [args]\n\n"
               "Verified benchmarks of puzzle-search kernels.\n\nverbs:\n");
    for (const struct verb *v = verbs; v->name; v++)
        fprintf(f, "  %-8s %s\n", v->name, v->summary);
    fprintf(f, "\n'puzzlebench VERB --help' describes a verb.\n"
               "exit status: 0 success, 1 wrong answers or bad data, "
               "2 usage error\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return PB_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") ||
        !strcmp(name, "help")) {
        if (argc > 2 && strcmp(name, "help") == 0) {
            for (const struct verb *v = verbs; v->name; v++)
                if (!strcmp(v->name, argv[2])) {
                    char *help_argv[] = {argv[2], "--help", NULL};
                    return v->run(2, help_argv);
                }
        }
        usage(stdout);
        return PB_EXIT_OK;
    }
    for (const struct verb *v = verbs; v->name; v++)
        if (!strcmp(v->name, name))
            return v->run(argc - 1, argv + 1);
    fprintf(stderr,
            "puzzlebench: unknown verb '%s'; see 'puzzlebench "
            "--help'\n",
            name);
    return PB_EXIT_USAGE;
}
