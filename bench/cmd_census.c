/*
 * cmd_census.c - `puzzlebench census KERNEL [--size S] [--with-inverses]`:
 * the number of states at each depth from the kernel's start, by its
 * plain reference search.
 */
#include <errno.h>
#include <getopt.h>

#include "cli.h"

static const char help[] =
    "usage: puzzlebench census KERNEL [--size S] [--with-inverses]\n"
    "                          [--max-memory SIZE]\n\n"
    "Prints the number of states at each depth (fewest moves) from the\n"
    "start, one 'depth count' line each, then the total, by the kernel's\n"
    "plain reference search. A size whose search is over the memory cap\n"
    "is refused (with the estimate) before anything is allocated.\n\n"
    "  -s, --size S         the kernel's size in its syntax (cubic_eight:\n"
    "                       ROWSxCOLUMNS, 3x4; magic_squares: K); default:\n"
    "                       the judge's\n"
    "  -i, --with-inverses  allow every move's inverse too (the undirected\n"
    "                       Cayley graph, as GAP's GrowthFunctionOfGroup)\n"
    "      --max-memory SIZE  memory cap, N[K|M|G|T] (default: the\n"
    "                       available memory)\n"
    "  -h, --help           this text\n";

enum { MAX_DEPTHS = 256 };

int cmd_census(int argc, char **argv)
{
    static const struct option options[] = {
        {"size", required_argument, NULL, 's'},
        {"with-inverses", no_argument, NULL, 'i'},
        {"max-memory", required_argument, NULL, 'M'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *size_text = NULL;
    bool with_inverses = false;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":s:ih", options, NULL)) != -1) {
        switch (c) {
        case 's':
            size_text = optarg; /* read once the kernel is known */
            break;
        case 'i':
            with_inverses = true;
            break;
        case 'M':
            if (!cli_set_memory_cap("census", optarg))
                return PB_EXIT_USAGE;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("census", argc, argv, c);
        }
    }
    const struct pb_kernel *k =
        cli_kernel("census", optind < argc ? argv[optind] : NULL);
    if (!k)
        return PB_EXIT_USAGE;
    if (argc - optind > 1)
        return cli_usage_error("census", "unexpected argument '%s'",
                               argv[optind + 1]);
    if (!k->census)
        return cli_usage_error("census", "kernel %s has no census", k->name);
    uint64_t counts[MAX_DEPTHS];
    size_t depths = 0;
    struct pb_error e;
    struct pb_size size = {0, 0};
    if (size_text && pb_size_parse(k, size_text, &size, &e))
        return cli_usage_error("census", "--size: %s", e.msg);
    int rc = k->census(&size, with_inverses, counts, MAX_DEPTHS, &depths, &e);
    if (rc == -EINVAL)
        return cli_usage_error("census", "%s", e.msg);
    if (rc) {
        fprintf(stderr, "puzzlebench census: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    uint64_t total = 0;
    printf("# depth states\n");
    for (size_t d = 0; d < depths; d++) {
        printf("%zu %llu\n", d, (unsigned long long)counts[d]);
        total += counts[d];
    }
    printf("# total %llu\n", (unsigned long long)total);
    return PB_EXIT_OK;
}
