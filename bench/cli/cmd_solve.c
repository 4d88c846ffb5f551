/*
 * cmd_solve.c - `puzzlebench solve KERNEL [--variant NAME] [FILE]`: the
 * judge format in (a file or stdin), the judge format out. The whole
 * input is parsed before anything is solved, so bad input prints nothing
 * on stdout: one message on stderr and exit 1. Without --variant, a
 * default variant that does not accept the corpus (its accepts hook,
 * PB_NOT_APPLICABLE from the run: simd on a 4 x 4 x 4 cube) gives way to
 * the nearest variant before it in the kernel's table that accepts it.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "util/cpus.h"
#include "pb_limits.h"
#include "run/runner.h"
#include "results/work.h"
#include "pb_units.h"

static const char help[] =
    "usage: puzzlebench solve KERNEL [--variant NAME] [--threads T] "
    "[--timings]\n"
    "                         [--max-memory SIZE] [--max-input SIZE] "
    "[FILE]\n"
    "\n"
    "Reads KERNEL's judge format (or its extended format) from FILE or\n"
    "standard input and prints the answers in the judge format, in order.\n"
    "Kernels whose judge input holds one instance accept any number in a\n"
    "row. The default variant is the fastest verified one ('*' in\n"
    "`puzzlebench list`); when it does not take the input (some variants\n"
    "take one size only, as their line in `puzzlebench list` says), the\n"
    "nearest variant listed before it that does is used (lists go from the\n"
    "plainest to the fastest). A request whose\n"
    "memory estimate is over the cap is refused before anything is\n"
    "allocated.\n\n"
    "  -v, --variant NAME  the algorithm to use\n"
    "  -t, --threads T     OpenMP threads across instances (default: the\n"
    "                      CPUs this process may use: affinity, cgroup quota,\n"
    "                      OMP_THREAD_LIMIT)\n"
    "      --timings       print where the time went (reading and parsing,\n"
    "                      building, solving, writing) on stderr\n"
    "      --max-memory SIZE  memory cap, N[K|M|G|T] (default: the\n"
    "                      available memory)\n"
    "      --max-input SIZE   input size cap, N[K|M|G|T] (default 1G)\n"
    "  -h, --help          this text\n";

/* Runs *v; when it does not take the corpus and may give way, the nearest
 * variant before it in the kernel's table that does (tables list variants
 * from the plainest to the fastest), else the nearest after it; *v says
 * which ran. */
/* --timings' second line: each work counter of the solve, and per unit
 * of work where the kernel counts units ("work: turns 17 (turns
 * applied)"). */
static void print_work(const struct pb_corpus *c, const struct pb_run *run)
{
    const struct pb_kernel *k = c->kernel;
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(k, &defs);
    fputs("work:", stderr);
    for (size_t i = 0; i < counters; i++)
        fprintf(stderr, "%s %s %" PRIu64 " (%s)", i ? "," : "", defs[i].name,
                run->work.count[i], defs[i].unit ? defs[i].unit : "");
    uint64_t units = pb_work_units(c);
    const char *unit = k->work.unit_name ? k->work.unit_name : "unit";
    if (k->work.units && units > 0) {
        fprintf(stderr, "; %" PRIu64 " units (%s):", units, unit);
        for (size_t i = 0; i < counters; i++) {
            char per[PB_UNITS_TEXT];
            pb_units_count(per, sizeof(per),
                           (double)run->work.count[i] / (double)units);
            fprintf(stderr, " %s %s,", per, defs[i].name);
        }
        char per[PB_UNITS_TEXT];
        pb_units_time(per, sizeof(per), run->solve_seconds / (double)units);
        fprintf(stderr, " %s per %s", per, unit);
    }
    fputc('\n', stderr);
}

static int run_or_fall_back(const struct pb_variant **v, bool may_fall_back,
                            const struct pb_corpus *corpus, int threads,
                            void *answers, struct pb_run *run,
                            struct pb_error *e)
{
    int rc = pb_run_variant(*v, corpus, threads, answers, run, e);
    if (rc != PB_NOT_APPLICABLE || !may_fall_back)
        return rc;
    const struct pb_variant *const *table = corpus->kernel->variants;
    size_t n = 0, at = 0;
    for (; table[n]; n++)
        if (table[n] == *v)
            at = n;
    struct pb_error first = *e;
    for (size_t step = 1; step < n; step++) {
        /* at - 1, at - 2, ..., 0, then at + 1, ..., n - 1 */
        size_t j = step <= at ? at - step : step;
        rc = pb_run_variant(table[j], corpus, threads, answers, run, e);
        if (rc != PB_NOT_APPLICABLE) {
            *v = table[j];
            return rc;
        }
    }
    *e = first; /* no variant takes it: the default's reason */
    return rc;
}

int cmd_solve(int argc, char **argv)
{
    static const struct option options[] = {
        {"variant", required_argument, NULL, 'v'},
        {"threads", required_argument, NULL, 't'},
        {"timings", no_argument, NULL, 'T'},
        {"max-memory", required_argument, NULL, 'M'},
        {"max-input", required_argument, NULL, 'I'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *variant_name = NULL;
    long threads = pb_cpus_granted();
    bool timings = false;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":v:t:h", options, NULL)) != -1) {
        switch (c) {
        case 'v':
            variant_name = optarg;
            break;
        case 't':
            if (!cli_long("solve", "--threads", optarg, 1, PB_MAX_THREADS,
                          &threads))
                return PB_EXIT_USAGE;
            break;
        case 'T':
            timings = true;
            break;
        case 'M':
            if (!cli_set_memory_cap("solve", optarg))
                return PB_EXIT_USAGE;
            break;
        case 'I':
            if (!cli_set_input_cap("solve", optarg))
                return PB_EXIT_USAGE;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("solve", argc, argv, c, options);
        }
    }
    const struct pb_kernel *k =
        cli_kernel("solve", optind < argc ? argv[optind] : NULL);
    if (!k)
        return PB_EXIT_USAGE;
    if (argc - optind > 2)
        return pb_usage_error("solve", "unexpected argument '%s'",
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
    void *answers = pb_answers_new(&corpus, &e);
    struct pb_run run = {0};
    /* two failures, each with its own e.msg: no clone */
    if (!answers) { /* NOLINT(bugprone-branch-clone) */
        fprintf(stderr, "puzzlebench solve: %s\n", e.msg);
        status = PB_EXIT_FAIL;
    } else if (run_or_fall_back(&v, !variant_name, &corpus, (int)threads,
                                answers, &run, &e)) {
        fprintf(stderr, "puzzlebench solve: %s\n", e.msg);
        status = PB_EXIT_FAIL;
    } else {
        double t_write_start = pb_now();
        const unsigned char *a = answers;
        for (size_t i = 0; i < corpus.count; i++)
            k->answer.write(stdout, pb_corpus_item(&corpus, i),
                            a + i * pb_answer_size(&corpus));
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "puzzlebench solve: write error on stdout\n");
            status = PB_EXIT_FAIL;
        }
        t_write = pb_now() - t_write_start;
    }
    if (timings && status == PB_EXIT_OK) {
        double took[] = {t_read, run.build_seconds, run.solve_seconds, t_write,
                         pb_now() - t_start};
        char t[5][PB_UNITS_TEXT];
        for (size_t i = 0; i < 5; i++)
            pb_units_time(t[i], sizeof(t[i]), took[i]);
        fprintf(stderr,
                "timings: read+parse %s, build %s, solve %s, write %s, "
                "total %s (%zu instances, %" PRIu64 " units of work)\n",
                t[0], t[1], t[2], t[3], t[4], corpus.count,
                run.work.count[PB_WORK_MAIN]);
    }
    if (timings && status == PB_EXIT_OK)
        print_work(&corpus, &run);
    pb_answers_free(&corpus, answers);
    pb_corpus_free(&corpus);
    return status;
}
