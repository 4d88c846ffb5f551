/*
 * calibrate.c - `puzzlebench calibrate`'s run (calibrate.h): the A/A run
 * is pb_against_run with this binary on both sides; its comparison
 * (compare.h, as JSON in memory: each benchmark's kernel, verdict and
 * interval) is counted per kernel, and each kernel's noise floor is the
 * median over its benchmarks of the half-width of the paired interval
 * on the log scale, sqrt(hi / lo) - 1, in percent: what a paired ratio
 * of this many rounds cannot tell from noise on this machine.
 * calibration.json (analysis/calibration.h reads it back) is written
 * whole (pb_write_atomically) into the results folder and its root.
 * O(benchmarks log benchmarks).
 */
#include "harness/calibrate.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/exit.h"
#include "results/context.h"
#include "analysis/compare.h"
#include "analysis/noise.h"
#include "analysis/change.h"
#include "results/readback.h"

/* One kernel's verdicts and interval half-widths. */
struct kernel_count {
    char name[32];
    int verdicts[4]; /* by enum pb_verdict's names */
    int benchmarks;
    double *halves; /* percent, one per benchmark with an interval */
    size_t n;
};

/* The verdict word's index in kernel_count.verdicts. */
static int verdict_index(const char *word)
{
    static const char *const names[] = {"faster", "slower", "same",
                                        "inconclusive"};
    for (int i = 0; i < 4; i++)
        if (word && !strcmp(word, names[i]))
            return i;
    return 3;
}

/* Counts the comparison's records (compare's JSON) by kernel into k[]:
 * the number of kernels, at most PB_CALIBRATION_KERNELS. */
static size_t count_kernels(const json_t *records, struct kernel_count *k)
{
    size_t kernels = 0, i;
    const json_t *r;
    json_array_foreach(records, i, r)
    {
        const char *name = json_string_value(json_object_get(r, "kernel"));
        size_t at = 0;
        while (at < kernels && strcmp(k[at].name, name ? name : "?"))
            at++;
        if (at == kernels) {
            if (kernels == PB_CALIBRATION_KERNELS)
                continue;
            snprintf(k[kernels++].name, sizeof(k[0].name), "%s",
                     name ? name : "?");
        }
        struct kernel_count *c = &k[at];
        c->benchmarks++;
        c->verdicts[verdict_index(
            json_string_value(json_object_get(r, "verdict")))]++;
        double lo = json_number_value(json_object_get(r, "ci_low"));
        double hi = json_number_value(json_object_get(r, "ci_high"));
        if (!(lo > 0 && hi >= lo && isfinite(hi)))
            continue;
        double *h = realloc(c->halves, (c->n + 1) * sizeof(*h));
        if (!h)
            continue;
        c->halves = h;
        c->halves[c->n++] = (sqrt(hi / lo) - 1) * 100;
    }
    return kernels;
}

/* A load average text of the context ("1.38"), as a number or null. */
static json_t *load_of(const json_t *context, const char *key)
{
    const char *v = pb_context_text(context, key);
    char *end;
    double x = v ? strtod(v, &end) : NAN;
    return v && end != v && !*end && isfinite(x) ? json_real(x) : json_null();
}

/* calibration.json's document for the run in dir. */
static json_t *record_of(const char *dir, const struct pb_bench_options *o,
                         const struct pb_against_options *a,
                         struct kernel_count *k, size_t kernels, int rounds)
{
    json_t *context = pb_context_of(dir);
    const char *host = pb_context_text(context, PB_CTX_HOST_NAME);
    const char *cpu = pb_context_text(context, PB_CTX_CPU_MODEL);
    const char *cores = pb_context_text(context, PB_CTX_CORES);
    char date[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    double now_load = pb_noise_load();
    json_t *loads = json_pack(
        "{s:o, s:o, s:o}", "start", load_of(context, PB_CTX_LOAD_START), "end",
        load_of(context, PB_CTX_LOAD_END), "now",
        isfinite(now_load) ? json_real(now_load) : json_null());
    json_t *per = json_object();
    for (size_t i = 0; i < kernels; i++) {
        struct kernel_count *c = &k[i];
        double floor = c->n ? pb_median(c->halves, c->n) : NAN;
        json_object_set_new(
            per, c->name,
            json_pack("{s:i, s:i, s:i, s:i, s:i, s:f, s:o}", "benchmarks",
                      c->benchmarks, "faster", c->verdicts[0], "slower",
                      c->verdicts[1], "same", c->verdicts[2], "inconclusive",
                      c->verdicts[3], "false_change_rate",
                      c->benchmarks
                          ? (double)(c->verdicts[0] + c->verdicts[1]) /
                                c->benchmarks
                          : 0.0,
                      "noise_floor_percent",
                      isfinite(floor) ? json_real(floor) : json_null()));
    }
    json_t *doc = json_pack(
        "{s:i, s:{s:s, s:s, s:s}, s:s, s:s, s:s, s:i, s:f, s:f, s:o, s:s, "
        "s:o}",
        "format", 1, "machine", "host", host ? host : "unknown", "cpu_model",
        cpu ? cpu : "unknown", "cores", cores ? cores : "unknown", "date", date,
        "results", dir, "suite", o->corpus ? o->corpus : o->suite, "rounds",
        rounds, "band_percent", a->band * 100, "alpha", PB_STATS_ALPHA,
        "load_averages", loads, "noise_floor",
        "per kernel, the median over its benchmarks of the half-width of "
        "the paired 95 % interval of B / A on the log scale, sqrt(hi / lo) "
        "- 1, in percent",
        "kernels", per);
    json_decref(context);
    return doc;
}

/* The table of the calibration, on stdout. */
static void print_table(const json_t *doc)
{
    const json_t *per = json_object_get(doc, "kernels");
    const char *name;
    const json_t *c;
    printf("\ncalibration of %s (%s), %d rounds, A/A:\n",
           json_string_value(
               json_object_get(json_object_get(doc, "machine"), "host")),
           json_string_value(
               json_object_get(json_object_get(doc, "machine"), "cpu_model")),
           (int)json_integer_value(json_object_get(doc, "rounds")));
    printf("%-16s %10s %7s %7s %5s %12s %14s %12s\n", "kernel", "benchmarks",
           "faster", "slower", "same", "inconclusive", "false changes",
           "noise floor");
    int all = 0, false_calls = 0;
    json_object_foreach((json_t *)per, name, c)
    {
        int n = (int)json_integer_value(json_object_get(c, "benchmarks"));
        int f = (int)json_integer_value(json_object_get(c, "faster"));
        int s = (int)json_integer_value(json_object_get(c, "slower"));
        const json_t *fl = json_object_get(c, "noise_floor_percent");
        char floor[32], calls[32];
        if (json_is_number(fl))
            snprintf(floor, sizeof(floor), "+-%.1f %%", json_number_value(fl));
        else
            snprintf(floor, sizeof(floor), "-");
        snprintf(calls, sizeof(calls), "%d of %d", f + s, n);
        printf("%-16s %10d %7d %7d %5d %12d %14s %12s\n", name, n, f, s,
               (int)json_integer_value(json_object_get(c, "same")),
               (int)json_integer_value(json_object_get(c, "inconclusive")),
               calls, floor);
        all += n;
        false_calls += f + s;
    }
    printf("false-change rate: %d of %d benchmarks (every faster or slower "
           "verdict of an A/A run is false); noise floor: the median "
           "half-width of the paired 95 %% interval\n",
           false_calls, all);
}

/* The comparison of dir's two sides as compare's JSON, parsed; NULL with
 * e when there is none. */
static json_t *comparison(const char *dir, const struct pb_bench_options *o,
                          const struct pb_against_options *a,
                          struct pb_error *e)
{
    struct pb_compare_options co;
    pb_compare_defaults(&co);
    co.band = a->band;
    co.clock = o->clock;
    co.format = PB_COMPARE_JSON;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int rc = f ? pb_compare(dir, dir, &co, f, NULL, e)
               : pb_fail(e, -ENOMEM, "out of memory");
    if (f)
        fclose(f);
    json_error_t error;
    json_t *doc = rc >= 0 ? json_loadb(text, len, 0, &error) : NULL;
    free(text);
    if (rc >= 0 && !doc)
        pb_fail(e, -EINVAL, "compare's JSON: %s", error.text);
    return doc;
}

/* Writes doc as calibration.json in folder dir: 0 or an error. */
static int write_record(const json_t *doc, const char *dir, struct pb_error *e)
{
    char path[PB_PATH_MAX + 32];
    snprintf(path, sizeof(path), "%s/" PB_CALIBRATION_FILE, dir);
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    int rc = text ? pb_write_atomically(path, text, strlen(text)) : -ENOMEM;
    free(text);
    return rc ? pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc))
              : 0;
}

int pb_calibrate(const struct pb_bench_options *o, struct pb_against_options *a)
{
    a->other = NULL;
    int rc = pb_against_run(o, a);
    if (!a->dir[0])
        return rc;
    struct pb_error e;
    json_t *cmp = comparison(a->dir, o, a, &e);
    if (!cmp) {
        fprintf(stderr, "puzzlebench calibrate: no calibration: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    struct kernel_count k[PB_CALIBRATION_KERNELS];
    memset(k, 0, sizeof(k));
    size_t kernels = count_kernels(json_object_get(cmp, "benchmarks"), k);
    int rounds = 0;
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(cmp, "benchmarks"), i, r)
    {
        int n = (int)json_integer_value(json_object_get(r, "rounds_a"));
        rounds = n > rounds ? n : rounds;
    }
    json_t *doc = record_of(a->dir, o, a, k, kernels, rounds);
    char root[PB_PATH_MAX];
    snprintf(root, sizeof(root), "%s", a->dir);
    char *slash = strrchr(root, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(root, sizeof(root), ".");
    /* the root's is the newest complete calibration: not one that failed */
    int w = doc ? write_record(doc, a->dir, &e)
                : pb_fail(&e, -ENOMEM, "out of memory");
    if (w == 0 && rc == 0)
        w = write_record(doc, root, &e);
    if (w) {
        fprintf(stderr, "puzzlebench calibrate: %s\n", e.msg);
        rc = PB_EXIT_FAIL;
    } else {
        print_table(doc);
        printf("calibration: %s/" PB_CALIBRATION_FILE "%s%s%s\n", a->dir,
               rc == 0 ? " and " : "", rc == 0 ? root : "",
               rc == 0 ? "/" PB_CALIBRATION_FILE
                       : " (not the root's: the "
                         "run failed)");
    }
    for (size_t j = 0; j < kernels; j++)
        free(k[j].halves);
    json_decref(doc);
    json_decref(cmp);
    return rc;
}
