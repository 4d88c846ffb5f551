/*
 * verify.c - every chosen variant over one corpus, answers checked by
 * the kernel's oracle (built once per corpus, outside any timing). A
 * variant that does not accept the corpus (its accepts hook) gets a row
 * saying so, and is neither right nor wrong; it is never built. The
 * table's name columns are as wide as their widest entry.
 */
#include "run/verify.h"

#include <stdlib.h>
#include <string.h>

#include "pb_units.h"
#include "run/runner.h"

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The name columns as wide as their widest entry, the corpus column's
 * at least what the caller asked for (every file's name), then the
 * columns, the kernel's work counters last (NAME/inst each). */
static void verify_header(FILE *out, const struct pb_corpus *corpus,
                          struct pb_verify_totals *t)
{
    const struct pb_kernel *k = corpus->kernel;
    t->kernel_width = pb_units_widen(pb_units_widen(0, "kernel"), k->name);
    t->corpus_width = pb_units_widen(pb_units_widen(t->corpus_width, "corpus"),
                                     base_name(corpus->source));
    t->variant_width = pb_units_widen(0, "variant");
    for (size_t i = 0; k->variants[i]; i++)
        t->variant_width =
            pb_units_widen(t->variant_width, k->variants[i]->name);
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(k, &defs);
    fprintf(out, "%-*s %-*s %-*s %7s %9s %7s %5s %10s %10s", t->kernel_width,
            "kernel", t->corpus_width, "corpus", t->variant_width, "variant",
            "threads", "instances", "correct", "wrong", "build_s", "solve_s");
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

/* The row's name columns, as wide as verify_header made them. */
static void verify_names(FILE *out, const struct pb_corpus *corpus,
                         const struct pb_variant *v,
                         const struct pb_verify_totals *t)
{
    const char *name = base_name(corpus->source);
    fprintf(out, "%-*s %-*s %-*s",
            pb_units_width(corpus->kernel->name, t->kernel_width),
            corpus->kernel->name, pb_units_width(name, t->corpus_width), name,
            pb_units_width(v->name, t->variant_width), v->name);
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
            verify_header(out, corpus, totals);
        struct pb_run run = {0};
        struct pb_check check = {0, 0, SIZE_MAX, "", 0};
        char why[sizeof(e.msg)];
        if (!pb_variant_accepts(v, corpus, why, sizeof(why))) {
            verify_names(out, corpus, v, totals);
            fprintf(out, " %7d %9zu %7s %5s  not applicable\n", threads,
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
        verify_names(out, corpus, v, totals);
        fprintf(out, " %7d %9zu %7zu %5zu %10.6f %10.6f", threads,
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
