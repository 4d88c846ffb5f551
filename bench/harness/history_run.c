/*
 * history_run.c - `history`'s rounds and its report (history.h). The
 * estimate that the budget is checked against, before anything is
 * built: the builds not in the cache times the cache's mean build time
 * (o->per_build, else 300 s on two cores when the cache has none), plus
 * commits x rounds runs, each estimated from the suite (o->per_run, else
 * per benchmark its repetitions x min_time x 1.5 and a second for its
 * verification pass, plus 2 s a run). Then each round runs every built
 * commit's binary once, `bench --suite S --rounds 1 --quiet --out DIR`,
 * in an order shuffled afresh (Fisher-Yates, the project's PRNG), and
 * imports its folder tagged with the history run, round and commit. A
 * run that fails (not a wrong answer, which is imported and marked
 * unverified) is reported and left out. O(commits x rounds) runs.
 */
#include "harness/history.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/changepoint.h"
#include "harness/suite.h"
#include "pb.h"
#include "pb_clock.h"
#include "pb_prng.h"
#include "pb_units.h"
#include "results/folder.h"
#include "results/store.h"
#include "util/exit.h"
#include "util/spawn.h"

#define DEFAULT_BUILD_SECONDS 300.0

/* The suite's estimated seconds a run (opening comment). */
static double run_estimate(const struct pb_history_options *o,
                           struct pb_error *e, int *rc)
{
    if (o->per_run > 0)
        return o->per_run;
    struct pb_suite suite;
    *rc = pb_suite_load(o->suite, &suite, e);
    if (*rc)
        return 0;
    double s = 2;
    for (size_t i = 0; i < suite.count; i++) {
        const struct pb_suite_entry *x = &suite.entries[i];
        s += (double)x->repetitions * x->min_time * 1.5 + 1;
    }
    pb_suite_free(&suite);
    return s;
}

/* One run of commit c's binary into OUT/HISTORY/SHA12-rROUND; its
 * folder imported. 0, 1 when the run or its import failed (reported,
 * left out), or a negative code when its folder cannot be made (e). */
static int run_one(const struct pb_history_options *o, struct pb_store *s,
                   int64_t history, int round, size_t position,
                   const struct pb_hist_commit *c, const char *binary,
                   struct pb_error *e)
{
    char out[2048], log[2100], latest[2100];
    snprintf(out, sizeof(out), "%s/%lld/%.12s-r%d", o->out, (long long)history,
             c->sha, round);
    snprintf(log, sizeof(log), "%s.log", out);
    snprintf(latest, sizeof(latest), "%s/latest", out);
    int made = pb_make_dirs(out);
    if (made)
        return pb_fail(e, made, "%s: cannot make the run's folder: %s", out,
                       strerror(-made));
    const char *argv[] = {binary, "bench",   "--suite", o->suite, "--rounds",
                          "1",    "--quiet", "--out",   out,      NULL};
    int status = pb_spawn_log(argv, NULL, log);
    if (status != 0 && status != PB_EXIT_FAIL) {
        fprintf(o->log,
                "history: %.12s round %d: the run failed (exit %d; log: "
                "%s); left out\n",
                c->sha, round, status, log);
        return 1;
    }
    struct pb_store_tag tag = {history, round, (int64_t)position};
    int64_t runs[2];
    size_t count, added;
    struct pb_error why;
    if (pb_store_import(s, latest, &tag, runs, &count, &added, &why)) {
        fprintf(o->log, "history: %.12s round %d: %s; left out\n", c->sha,
                round, why.msg);
        return 1;
    }
    return 0;
}

int pb_history_run_commits(const struct pb_history_options *o,
                           struct pb_store *s, struct pb_hist_commit *c,
                           size_t n, const char *range, int64_t *history,
                           struct pb_error *e)
{
    char options[4096];
    int at =
        snprintf(options, sizeof(options), "every %u, rounds %d, seed %llu",
                 o->every, o->rounds, (unsigned long long)o->seed);
    for (size_t i = 0; i < o->defines && at > 0 && (size_t)at < sizeof(options);
         i++)
        at += snprintf(options + at, sizeof(options) - (size_t)at,
                       ", define %s", o->define[i]);
    int rc = pb_store_history_new(s, o->suite, range, options, history, e);
    char(*binary)[2048] = calloc(n ? n : 1, sizeof(*binary));
    size_t *order = calloc(n ? n : 1, sizeof(*order));
    if (rc || !binary || !order) {
        free(binary);
        free(order);
        return rc ? rc : pb_fail(e, -ENOMEM, "out of memory");
    }
    size_t built = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        double seconds;
        int b = pb_history_build(o, c[i].sha, binary[i], sizeof(binary[i]),
                                 c[i].note, sizeof(c[i].note), &seconds, e);
        if (b < 0) {
            rc = b;
            break;
        }
        c[i].built = b == 0;
        if (c[i].built)
            order[built++] = i;
        fprintf(o->log, "history: %.12s %s%s%s\n", c[i].sha,
                c[i].built ? "built" : "not built: ", c[i].note,
                c[i].built && seconds > 0 ? " (just now)" : "");
        rc = pb_store_history_commit(s, *history, i, &c[i], e);
    }
    struct pb_rng rng;
    pb_rng_seed(&rng, o->seed);
    for (int r = 1; rc == 0 && r <= o->rounds; r++) {
        for (size_t i = built; i > 1; i--) { /* Fisher-Yates */
            size_t j = (size_t)pb_rng_below(&rng, i);
            size_t t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        double t0 = pb_now();
        for (size_t k = 0; rc == 0 && k < built; k++) {
            size_t i = order[k];
            int one = run_one(o, s, *history, r, i, &c[i], binary[i], e);
            rc = one < 0 ? one : 0;
        }
        fprintf(o->log, "history: round %d of %d: %zu commits in %.0f s\n", r,
                o->rounds, built, pb_now() - t0);
    }
    free(binary);
    free(order);
    return rc;
}

int pb_history_run(const struct pb_history_options *o, struct pb_store *s,
                   int64_t *history, struct pb_error *e)
{
    struct pb_hist_commit *c;
    size_t n;
    int rc = pb_history_commits(o, &c, &n, e);
    if (rc)
        return rc;
    size_t uncached;
    double cached = pb_history_cached_build_seconds(o, c, n, &uncached);
    double per_build = o->per_build > 0 ? o->per_build
                       : cached > 0     ? cached
                                        : DEFAULT_BUILD_SECONDS;
    double per_run = run_estimate(o, e, &rc);
    double total =
        (double)uncached * per_build + (double)n * (double)o->rounds * per_run;
    if (rc == 0)
        fprintf(o->log,
                "history: %zu commits of %s, %zu to build (about %.0f s "
                "each), %d rounds of about %.0f s a run: about %.0f s in "
                "all\n",
                n, o->range, uncached, per_build, o->rounds, per_run, total);
    if (rc == 0 && total > o->budget)
        rc = pb_fail(e, -E2BIG,
                     "the range would take about %.0f s, over the budget of "
                     "%.0f s (--budget SECONDS; or fewer commits: --every N, "
                     "a shorter range, a smaller suite, fewer rounds)",
                     total, o->budget);
    if (rc == 0 && !o->dry_run)
        rc = pb_history_run_commits(o, s, c, n, o->range, history, e);
    free(c);
    return rc;
}

int pb_history_report(struct pb_store *s, int64_t history, double band,
                      double alpha, FILE *out, size_t *points,
                      struct pb_error *e)
{
    struct pb_history h;
    int rc = pb_store_history_load(s, history, &h, e);
    if (rc)
        return rc;
    struct pb_hist_change *c = NULL;
    size_t n = 0;
    rc = pb_history_changes(&h, band, alpha, &c, &n, e);
    *points = 0;
    size_t built = 0;
    for (size_t i = 0; i < h.commits; i++)
        built += h.commit[i].built;
    if (rc == 0)
        fprintf(out,
                "history %lld: %zu commits (%zu built), %zu benchmarks, %zu "
                "neighbour comparisons (Holm over all, band +-%.0f %%)\n",
                (long long)history, h.commits, built, h.count, n, band * 100);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (!pb_hist_change_is_point(&c[i]))
            continue;
        const struct pb_hist_series *x = &h.series[c[i].series];
        const struct pb_hist_commit *a =
            &h.commit[x->point[c[i].before].commit];
        const struct pb_hist_commit *b = &h.commit[x->point[c[i].after].commit];
        const struct pb_change *d = &c[i].change;
        fprintf(out,
                "%s: %.10s -> %.10s %s: %.3fx (95%% CI %.3f-%.3f) \"%s\"\n",
                x->key, a->sha, b->sha, pb_verdict_name(d->verdict), d->ratio,
                d->lo, d->hi, b->subject);
        ++*points;
    }
    if (rc == 0 && *points == 0)
        fprintf(out, "no change beyond the band between neighbouring "
                     "commits\n");
    free(c);
    pb_history_free(&h);
    return rc;
}
