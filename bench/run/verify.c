/*
 * verify.c - every chosen variant over one corpus, answers checked by
 * the kernel's oracle (built once per corpus, outside any timing). A
 * variant that does not accept the corpus (its accepts hook) gets a row
 * saying so, and is neither right nor wrong; it is never built.
 */
#include "run/verify.h"

#include <stdlib.h>
#include <string.h>

#include "run/runner.h"

/* The columns, the kernel's work counters last (NAME/inst each). */
static void verify_header(FILE *out, const struct pb_kernel *k)
{
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(k, &defs);
    fprintf(out, "%-14s %-28s %-12s %7s %9s %7s %5s %10s %10s", "kernel",
            "corpus", "variant", "threads", "instances", "correct", "wrong",
            "build_s", "solve_s");
    for (size_t i = 0; i < counters; i++) {
        char head[64];
        snprintf(head, sizeof(head), "%s/inst", defs[i].name);
        fprintf(out, " %12s", head);
    }
    fputc('\n', out);
}

/* The work counts of a run per instance, in verify_header's columns. */
static void verify_work(FILE *out, const struct pb_corpus *corpus,
                        const struct pb_work *work)
{
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(corpus->kernel, &defs);
    for (size_t i = 0; i < counters; i++)
        fprintf(out, " %12.0f", (double)work->count[i] / (double)corpus->count);
    fputc('\n', out);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int pb_verify_corpus(const struct pb_corpus *corpus,
                     const struct pb_variant *only, int threads, FILE *out,
                     struct pb_verify_totals *totals)
{
    const struct pb_kernel *k = corpus->kernel;
    struct pb_error e;
    void *oracle = k->oracle.build(corpus, &e);
    if (!oracle) {
        fprintf(stderr, "puzzlebench verify: %s\n", e.msg);
        return 1;
    }
    void *answers = pb_answers_new(corpus, &e);
    int status = answers ? 0 : 1;
    for (size_t j = 0; answers && k->variants[j]; j++) {
        const struct pb_variant *v = k->variants[j];
        if (only && only != v)
            continue;
        if (totals->rows == 0)
            verify_header(out, k);
        struct pb_run run = {0};
        struct pb_check check = {0, 0, SIZE_MAX, "", 0};
        char why[sizeof(e.msg)];
        if (!pb_variant_accepts(v, corpus, why, sizeof(why))) {
            fprintf(out, "%-14s %-28s %-12s %7d %9zu %7s %5s  not applicable\n",
                    k->name, base_name(corpus->source), v->name, threads,
                    corpus->count, "-", "-");
            fprintf(out, "  not applicable: %s\n", why);
            totals->rows++;
            fflush(out);
            continue;
        }
        int rc = pb_run_variant(v, corpus, threads, answers, &run, &e);
        if (rc == 0)
            pb_check_answers(corpus, oracle, answers, &check);
        else
            check.wrong = corpus->count;
        fprintf(out, "%-14s %-28s %-12s %7d %9zu %7zu %5zu %10.6f %10.6f",
                k->name, base_name(corpus->source), v->name, threads,
                corpus->count, check.correct, check.wrong, run.build_seconds,
                run.solve_seconds);
        verify_work(out, corpus, &run.work);
        totals->rows++;
        if (rc) {
            fprintf(out, "  solve failed: %s\n", e.msg);
        } else if (check.wrong) {
            pb_report_wrong(out, corpus, oracle, answers, check.first_wrong,
                            v->name, check.why);
        }
        if (rc || check.wrong) {
            status = 1;
        }
        fflush(out);
    }
    if (!answers)
        fprintf(stderr, "puzzlebench verify: %s\n", e.msg);
    pb_answers_free(corpus, answers);
    k->oracle.free(oracle);
    return status;
}
