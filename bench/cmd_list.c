/*
 * cmd_list.c - `puzzlebench list`: every kernel and its variants, one
 * line each with its summary; the default variant is marked.
 */
#include <getopt.h>
#include <string.h>

#include "cli.h"

static const char help[] =
    "usage: puzzlebench list\n\n"
    "Lists every kernel and its variants with a one-line summary.\n"
    "'*' marks the variant `solve` uses by default.\n";

int cmd_list(int argc, char **argv)
{
    static const struct option options[] = {{"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
        if (c == 'h') {
            fputs(help, stdout);
            return PB_EXIT_OK;
        }
        return cli_bad_option("list", argc, argv, c);
    }
    if (optind < argc)
        return cli_usage_error("list", "unexpected argument '%s'",
                               argv[optind]);
    for (size_t i = 0; pb_kernels[i]; i++) {
        const struct pb_kernel *k = pb_kernels[i];
        printf("%-16s %s\n", k->name, k->summary);
        for (size_t j = 0; k->variants[j]; j++) {
            const struct pb_variant *v = k->variants[j];
            bool is_default = !strcmp(v->name, k->default_variant);
            printf("  %c %-12s %s\n", is_default ? '*' : ' ', v->name,
                   v->summary);
        }
    }
    return PB_EXIT_OK;
}
