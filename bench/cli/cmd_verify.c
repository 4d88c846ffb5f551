/*
 * cmd_verify.c - `puzzlebench verify KERNEL [--variant NAME|all] FILE...`:
 * runs variants on corpora and checks every answer against the kernel's
 * reference oracle. Exit 1 on any wrong answer.
 */
#include <getopt.h>
#include <string.h>

#include "cli/cli.h"
#include "util/cpus.h"
#include "pb_limits.h"
#include "run/verify.h"

static const char help[] =
    "usage: puzzlebench verify KERNEL [--variant NAME|all] [--threads T]\n"
    "                          [--max-memory SIZE] [--max-input SIZE] "
    "FILE...\n\n"
    "Runs the variants on each corpus FILE ('-' for stdin), checks every\n"
    "answer against KERNEL's reference oracle and prints one row per\n"
    "variant and corpus: instances, correct, wrong, build and solve seconds.\n"
    "For a wrong answer it shows the first failing instance and both\n"
    "answers. A variant that does not take a corpus (one for one size\n"
    "only, as its line in `puzzlebench list` says) gets a 'not applicable'\n"
    "row, neither right nor\n"
    "wrong. A run whose memory estimate (the oracle's, or a variant's) is\n"
    "over the cap is refused before anything is allocated. Exit status 1\n"
    "when any answer is wrong or any run failed or was refused.\n\n"
    "  -v, --variant NAME  one variant, or 'all' (default)\n"
    "  -t, --threads T     OpenMP threads across instances (default: the\n"
    "                      CPUs this process may use: affinity, cgroup quota,\n"
    "                      OMP_THREAD_LIMIT)\n"
    "      --max-memory SIZE  memory cap, N[K|M|G|T] (default: the\n"
    "                      available memory)\n"
    "      --max-input SIZE   input size cap per FILE, N[K|M|G|T] (default "
    "1G)\n"
    "  -h, --help          this text\n";

int cmd_verify(int argc, char **argv)
{
    static const struct option options[] = {
        {"variant", required_argument, NULL, 'v'},
        {"threads", required_argument, NULL, 't'},
        {"max-memory", required_argument, NULL, 'M'},
        {"max-input", required_argument, NULL, 'I'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *variant_name = "all";
    long threads = pb_cpus_granted();
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":v:t:h", options, NULL)) != -1) {
        switch (c) {
        case 'v':
            variant_name = optarg;
            break;
        case 't':
            if (!cli_long("verify", "--threads", optarg, 1, PB_MAX_THREADS,
                          &threads))
                return PB_EXIT_USAGE;
            break;
        case 'M':
            if (!cli_set_memory_cap("verify", optarg))
                return PB_EXIT_USAGE;
            break;
        case 'I':
            if (!cli_set_input_cap("verify", optarg))
                return PB_EXIT_USAGE;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("verify", argc, argv, c, options);
        }
    }
    const struct pb_kernel *k =
        cli_kernel("verify", optind < argc ? argv[optind] : NULL);
    if (!k)
        return PB_EXIT_USAGE;
    const struct pb_variant *only = NULL;
    if (strcmp(variant_name, "all") != 0 &&
        !(only = cli_variant("verify", k, variant_name)))
        return PB_EXIT_USAGE;
    if (optind + 1 >= argc)
        return pb_usage_error("verify", "missing corpus FILE");

    int status = PB_EXIT_OK;
    struct pb_verify_totals totals = {0};
    for (int i = optind + 1; i < argc; i++) { /* one corpus column for all */
        const char *slash = strrchr(argv[i], '/');
        int n = (int)strlen(slash ? slash + 1 : argv[i]);
        totals.corpus_width = n > totals.corpus_width ? n : totals.corpus_width;
    }
    for (int i = optind + 1; i < argc; i++) {
        struct pb_corpus corpus;
        struct pb_error e;
        if (pb_corpus_load(k, argv[i], &corpus, &e)) {
            fprintf(stderr, "puzzlebench verify: %s\n", e.msg);
            status = PB_EXIT_FAIL;
            continue;
        }
        if (pb_verify_corpus(&corpus, only, (int)threads, stdout, &totals))
            status = PB_EXIT_FAIL;
        pb_corpus_free(&corpus);
    }
    return status;
}
