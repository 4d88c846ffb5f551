/*
 * cmd_list.c - `puzzlebench list`: every kernel and its variants, one
 * line each with its summary; the default variant is marked. With
 * --families, each kernel's generator families and size knob instead
 * (the kernel's families_help and size label).
 */
#include <getopt.h>
#include <string.h>

#include "cli/cli.h"

static const char help[] =
    "usage: puzzlebench list [--families]\n\n"
    "Lists every kernel and its variants with a one-line summary.\n"
    "'*' marks the variant `solve` uses by default.\n\n"
    "  -f, --families  each kernel's generator families (FAMILY[:P] for\n"
    "                  `gen --family` and suite lines) and its size knob\n"
    "  -h, --help      this text\n";

/* One kernel's families and size knob. */
static void list_families(const struct pb_kernel *k)
{
    printf("%-16s size: %s\n", k->name,
           k->size.label ? k->size.label : "a number");
    printf("  families: %s\n",
           k->families_help ? k->families_help : "(no generator)");
}

int cmd_list(int argc, char **argv)
{
    static const struct option options[] = {
        {"families", no_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c;
    bool families = false;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":fh", options, NULL)) != -1) {
        if (c == 'f') {
            families = true;
            continue;
        }
        if (c == 'h') {
            fputs(help, stdout);
            return PB_EXIT_OK;
        }
        return cli_bad_option("list", argc, argv, c);
    }
    if (optind < argc)
        return pb_usage_error("list", "unexpected argument '%s'", argv[optind]);
    for (size_t i = 0; pb_kernels[i]; i++) {
        const struct pb_kernel *k = pb_kernels[i];
        if (families) {
            list_families(k);
            continue;
        }
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
