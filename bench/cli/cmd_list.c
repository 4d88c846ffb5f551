/*
 * cmd_list.c - `puzzlebench list`: every kernel and its variants, one
 * line each with its summary; the default variant is marked. With
 * --families, each kernel's generator families and size knob instead
 * (the kernel's families_help and size label); with --suites, every
 * suite bench finds by name, with how long it took on 2 cores and its
 * purpose (what each suite file says of itself, suite.h). Columns are
 * as wide as their widest entry (UTF-8 counted in columns).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "harness/suite.h"
#include "pb_units.h"

static const char help[] =
    "usage: puzzlebench list [--families|--suites]\n\n"
    "Lists every kernel and its variants with a one-line summary.\n"
    "'*' marks the variant `solve` uses by default.\n\n"
    "  -f, --families  each kernel's generator families (FAMILY[:P] for\n"
    "                  `gen --family` and suite lines) and its size knob\n"
    "  -s, --suites    the suites `bench --suite NAME` finds, each with\n"
    "                  how long it took on a 2-core machine and its\n"
    "                  purpose (the suite file's opening lines)\n"
    "  -h, --help      this text\n";

/* The suites, one a line: name, duration, purpose, under a heading. */
static int list_suites(void)
{
    struct pb_suite_about *about;
    size_t n;
    struct pb_error e;
    if (pb_suite_list(&about, &n, &e)) {
        fprintf(stderr, "puzzlebench list: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    int name_w = pb_units_widen(0, "suite");
    int time_w = pb_units_widen(0, "on 2 cores");
    for (size_t i = 0; i < n; i++) {
        name_w = pb_units_widen(name_w, about[i].name);
        time_w = pb_units_widen(time_w, about[i].duration);
    }
    printf("%-*s  %-*s  %s\n", name_w, "suite", time_w, "on 2 cores",
           "purpose");
    for (size_t i = 0; i < n; i++) {
        const struct pb_suite_about *a = &about[i];
        const char *took = a->duration[0] ? a->duration : "not measured";
        printf("%-*s  %-*s  %s\n", pb_units_width(a->name, name_w), a->name,
               pb_units_width(took, time_w), took,
               a->purpose[0] ? a->purpose : "(no purpose line)");
    }
    free(about);
    return PB_EXIT_OK;
}

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
        {"suites", no_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c;
    bool families = false, suites = false;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":fsh", options, NULL)) != -1) {
        if (c == 'f' || c == 's') {
            families = families || c == 'f';
            suites = suites || c == 's';
            continue;
        }
        if (c == 'h') {
            fputs(help, stdout);
            return PB_EXIT_OK;
        }
        return cli_bad_option("list", argc, argv, c, options);
    }
    if (optind < argc)
        return pb_usage_error("list", "unexpected argument '%s'", argv[optind]);
    if (families && suites)
        return pb_usage_error("list", "--families and --suites: give one");
    if (suites)
        return list_suites();
    /* the variants' column as wide as the longest name */
    int variant_w = 0;
    for (size_t i = 0; pb_kernels[i]; i++)
        for (size_t j = 0; pb_kernels[i]->variants[j]; j++)
            variant_w =
                pb_units_widen(variant_w, pb_kernels[i]->variants[j]->name);
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
            printf("  %c %-*s %s\n", is_default ? '*' : ' ',
                   pb_units_width(v->name, variant_w), v->name, v->summary);
        }
    }
    return PB_EXIT_OK;
}
