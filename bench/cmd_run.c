/*
 * cmd_run.c - `puzzlebench run`: the main job. Generates every kernel's
 * default corpora into DIR/<kernel>/ (deterministic, so regenerating is
 * safe), verifies every variant on them and prints the summary table.
 */
#include <errno.h>
#include <getopt.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "gen.h"
#include "verify.h"

static const char help[] =
    "usage: puzzlebench run [--data DIR] [--threads T]\n\n"
    "The main job: generates each kernel's default corpora into\n"
    "DIR/<kernel>/ (default data/generated), verifies every variant of\n"
    "every kernel on them against the reference oracle and prints the\n"
    "summary table. Exit status 1 when any answer is wrong.\n\n"
    "  -d, --data DIR     where corpora are written\n"
    "  -t, --threads T    OpenMP threads across instances (default: all "
    "cores)\n"
    "  -h, --help         this text\n";

static int make_dir(const char *path)
{
    char buf[1024];
    if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
        return -ENAMETOOLONG;
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0777) && errno != EEXIST)
                return -errno;
            *p = '/';
        }
    if (mkdir(buf, 0777) && errno != EEXIST)
        return -errno;
    return 0;
}

/* data/generated/magic_squares/depth-22_s4_n50_seed2.txt */
static void corpus_path(char *buf, size_t len, const char *dir,
                        const struct pb_kernel *k,
                        const struct pb_corpus_spec *spec)
{
    char family[32];
    snprintf(family, sizeof(family), "%s", spec->family);
    for (char *p = family; *p; p++)
        if (*p == ':')
            *p = '-';
    snprintf(buf, len, "%s/%s/%s_s%d_n%zu_seed%llu.txt", dir, k->name,
             family, spec->size, spec->count,
             (unsigned long long)spec->seed);
}

static int run_kernel(const struct pb_kernel *k, const char *dir,
                      int threads, struct pb_verify_totals *totals)
{
    char path[1200];
    snprintf(path, sizeof(path), "%s/%s", dir, k->name);
    int rc = make_dir(path);
    if (rc) {
        fprintf(stderr, "puzzlebench run: cannot create %s: %s\n", path,
                strerror(-rc));
        return PB_EXIT_FAIL;
    }
    int status = PB_EXIT_OK;
    for (const struct pb_corpus_spec *s = k->default_corpora; s->family;
         s++) {
        struct pb_corpus corpus;
        struct pb_error e;
        corpus_path(path, sizeof(path), dir, k, s);
        rc = pb_generate(k, s->family, s->size, s->count, s->seed, &corpus,
                         &e);
        if (rc == 0) {
            rc = pb_corpus_save(&corpus, path, &e);
            pb_corpus_free(&corpus);
        }
        if (rc == 0)
            rc = pb_corpus_load(k, path, &corpus, &e);
        if (rc) {
            fprintf(stderr, "puzzlebench run: %s\n", e.msg);
            status = PB_EXIT_FAIL;
            continue;
        }
        if (pb_verify_corpus(&corpus, NULL, threads, stdout, totals))
            status = PB_EXIT_FAIL;
        pb_corpus_free(&corpus);
    }
    return status;
}

int cmd_run(int argc, char **argv)
{
    static const struct option options[] = {
        {"data", required_argument, NULL, 'd'},
        {"threads", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *dir = "data/generated";
    long threads = cli_cores();
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":d:t:h", options, NULL)) != -1) {
        switch (c) {
        case 'd':
            dir = optarg;
            break;
        case 't':
            if (!cli_long("run", "--threads", optarg, 1, 1024, &threads))
                return PB_EXIT_USAGE;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("run", argc, argv, c);
        }
    }
    if (optind < argc)
        return cli_usage_error("run", "unexpected argument '%s'",
                               argv[optind]);
    int status = PB_EXIT_OK;
    struct pb_verify_totals totals = {0, 0};
    printf("puzzlebench run: verifying every variant on the default corpora "
           "in %s (%ld threads)\n\n", dir, threads);
    pb_verify_header(stdout);
    for (size_t i = 0; pb_kernels[i]; i++)
        if (run_kernel(pb_kernels[i], dir, (int)threads, &totals))
            status = PB_EXIT_FAIL;
    printf("\n%zu rows verified, %zu with wrong answers: %s\n", totals.rows,
           totals.wrong_rows, status == PB_EXIT_OK ? "all correct" : "FAILED");
    return status;
}
