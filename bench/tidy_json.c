/*
 * tidy_json.c - reading a Google Benchmark JSON file (--benchmark_out,
 * or the results.json `bench` writes) into benchmarks (tidy.h), with
 * Jansson (libjansson-dev) as the parser.
 *
 * Only the "iteration" runs are samples: aggregates (mean, median,
 * stddev, cv) are derived from them and skipped, and so are runs that
 * report an error (a puzzlebench run that failed its check) or a
 * "verified" counter other than 1. A puzzlebench name
 * (kernel/variant/family/size:S/n:N/seed:X/threads:T/..., schema.h)
 * becomes the
 * same benchmark as the matching results.csv rows, with its time divided
 * by the N instances, and its kernel, variant and family must be names
 * (tidy.h); any other name is a foreign benchmark of its own whose
 * "kernel" is the name's first component (BM_Foo of BM_Foo/8), timed per
 * iteration, refused under TIDY_PUZZLEBENCH_ONLY and otherwise only
 * required to hold no control byte (BM_Sort/1024, BM_Foo<int>/8 pass).
 * The sample is real_time in the run's time_unit.
 * O(runs) expected (tidy.c's hash index).
 */
#include "tidy.h"
#include "work.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double seconds_per_unit(const char *unit)
{
    static const struct {
        const char *name;
        double seconds;
    } units[] = {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}};
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
        if (!strcmp(unit, units[i].name))
            return units[i].seconds;
    return 0;
}

/* A run's counter, or `missing` when it has none. */
static double counter(const json_t *run, const char *name, double missing)
{
    const json_t *v = json_object_get(run, name);
    return json_is_number(v) ? json_number_value(v) : missing;
}

/* The work counters of a run (work.h): every NAME_per_instance but the
 * legacy expanded_per_instance (tidy_counter falls back to it), at most
 * PB_MAX_COUNTERS, in the file's order; and units_per_instance. */
static void read_work(const json_t *run, struct tidy_bench *x)
{
    const char *key;
    const json_t *value;
    memset(&x->work, 0, sizeof(x->work));
    json_object_foreach((json_t *)run, key, value)
    {
        size_t len;
        if (x->work.n == PB_MAX_COUNTERS || !json_is_number(value) ||
            !pb_work_counter_key(key, &len))
            continue;
        struct pb_row_counter *c = &x->work.counter[x->work.n++];
        snprintf(c->name, sizeof(c->name), "%.*s", (int)len, key);
        c->per_instance = json_number_value(value);
    }
    x->units_per_instance = counter(run, "units_per_instance", NAN);
}

/* The benchmark a run named `name` belongs to (added when new) in *out,
 * with the instances its time covers in *instances; a negative error
 * when the name is too long or memory runs out. */
static int bench_of(struct tidy *t, const char *name, const json_t *run,
                    size_t i, unsigned flags, struct tidy_bench **out,
                    long *instances, struct pb_error *e)
{
    char key[sizeof(t->b[0].key)];
    struct pb_bench_id id;
    struct pb_name_error why;
    int parsed = pb_bench_id_parse(name, &id, &why);
    bool ours = parsed == 0;
    const char *names[3] = {id.kernel, id.variant, id.family};
    for (int k = 0; k < 3 && (ours || parsed == -ENAMETOOLONG); k++) {
        enum pb_col col = (enum pb_col)(PB_COL_KERNEL + k);
        bool too_long = !ours && why.col == col;
        const char *v = too_long ? why.text : names[k];
        size_t len = too_long ? why.len : strlen(v);
        if (too_long || (ours && (col == PB_COL_FAMILY ? !tidy_family_ok(v)
                                                       : !tidy_name_ok(v))))
            return pb_fail(e, -EINVAL,
                           "%s: benchmarks[%zu]: %s '%.*s%s' is not a name; "
                           "expected 1 to 31 characters in %s",
                           t->path, i, pb_col_name(col),
                           (int)(len > 40 ? 40 : len), v, len > 40 ? "..." : "",
                           col == PB_COL_FAMILY ? "[A-Za-z0-9_:.-]"
                                                : "[a-z0-9_]");
    }
    struct pb_error bad;
    if (ours && tidy_size_canonical(&id, &bad))
        return pb_fail(e, -EINVAL, "%s: benchmarks[%zu]: size: %s", t->path, i,
                       bad.msg);
    if (!ours && (flags & TIDY_PUZZLEBENCH_ONLY))
        return pb_fail(e, -EINVAL,
                       "%s: benchmarks[%zu]: '%.60s%s' is not a puzzlebench "
                       "benchmark; expected kernel/variant/family/size:S/"
                       "n:N/seed:X/threads:T",
                       t->path, i, name, strlen(name) > 60 ? "..." : "");
    for (const char *p = name; !ours && *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return pb_fail(e, -EINVAL,
                           "%s: benchmarks[%zu]: a name with a control "
                           "byte; expected printable text",
                           t->path, i);
    int len = ours ? pb_bench_id_write(&id, key, sizeof(key))
                   : snprintf(key, sizeof(key), "%s", name);
    if (len < 0 || (size_t)len >= sizeof(key))
        return pb_fail(e, -EINVAL,
                       "%s: benchmarks[%zu]: a name of more than %zu "
                       "characters",
                       t->path, i, sizeof(key) - 1);
    struct tidy_bench *x = *out = tidy_bench_for(t, key);
    if (!x)
        return pb_fail(e, -ENOMEM, "out of memory");
    if (ours) {
        tidy_bench_set_id(x, &id);
        *instances = x->count >= 1 ? x->count : 1;
        return 0;
    }
    size_t head = strcspn(name, "/");
    snprintf(x->kernel, sizeof(x->kernel), "%.*s", (int)head, name);
    snprintf(x->variant, sizeof(x->variant), "%s",
             name[head] ? name + head + 1 : "");
    x->foreign = true;
    x->size_x = NAN;
    x->count = 1;
    x->threads = (long)counter(run, "threads", 1);
    x->processes = 1; /* another binary's names carry none */
    *instances = 1;
    return 0;
}

/* One element of "benchmarks": a sample, or skipped (aggregates counted
 * in *aggregates). */
static int read_run(struct tidy *t, const json_t *run, size_t i, unsigned flags,
                    size_t *aggregates, struct pb_error *e)
{
    if (!json_is_object(run))
        return pb_fail(e, -EINVAL, "%s: benchmarks[%zu]: expected an object",
                       t->path, i);
    const char *type = json_string_value(json_object_get(run, "run_type"));
    if (type && strcmp(type, "iteration")) {
        ++*aggregates;
        return 0;
    }
    if (json_is_true(json_object_get(run, "error_occurred")) ||
        counter(run, "verified", 1) != 1)
        return 0;
    const char *name = json_string_value(json_object_get(run, "run_name"));
    if (!name)
        name = json_string_value(json_object_get(run, "name"));
    const json_t *real_time = json_object_get(run, "real_time");
    const char *unit = json_string_value(json_object_get(run, "time_unit"));
    double scale = seconds_per_unit(unit ? unit : "ns");
    if (!name || !json_is_number(real_time) || !(scale > 0) ||
        !(json_number_value(real_time) >= 0))
        return pb_fail(e, -EINVAL,
                       "%s: benchmarks[%zu]: expected a \"name\", a "
                       "\"real_time\" >= 0 and a \"time_unit\" of ns, us, "
                       "ms or s",
                       t->path, i);
    struct tidy_bench *x;
    long instances = 1;
    int rc = bench_of(t, name, run, i, flags, &x, &instances, e);
    if (rc)
        return rc;
    /* pb_fail returns its negative code: rc == 0 means x was read */
    /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
    x->build_seconds = counter(run, "build_seconds", 0);
    x->work_per_instance = counter(run, "expanded_per_instance", 0);
    read_work(run, x);
    double heap = counter(run, "peak_heap_bytes", NAN);
    if (isnan(x->peak_heap_bytes) || heap > x->peak_heap_bytes)
        x->peak_heap_bytes = heap;
    tidy_add_noise(x, counter(run, "load_before", NAN),
                   counter(run, "load_after", NAN),
                   counter(run, "cpu_per_wall", NAN));
    return tidy_add_sample(
        t, x, json_number_value(real_time) * scale / (double)instances, e);
}

int tidy_load_json(FILE *f, struct tidy *t, unsigned flags, struct pb_error *e)
{
    json_error_t error;
    json_t *root = json_loadf(f, 0, &error);
    if (!root)
        return pb_fail(e, -EINVAL,
                       "%s:%d:%d: %s; expected Google Benchmark JSON "
                       "(--benchmark_out_format=json)",
                       t->path, error.line, error.column, error.text);
    const json_t *runs = json_object_get(root, "benchmarks");
    int rc = 0;
    size_t aggregates = 0;
    if (!json_is_array(runs))
        rc = pb_fail(e, -EINVAL,
                     "%s: no \"benchmarks\" array; expected Google Benchmark "
                     "JSON (--benchmark_out_format=json)",
                     t->path);
    for (size_t i = 0; rc == 0 && i < json_array_size(runs); i++)
        rc = read_run(t, json_array_get(runs, i), i, flags, &aggregates, e);
    if (rc == 0 && t->count == 0 && aggregates > 0)
        rc = pb_fail(e, -EINVAL,
                     "%s: only aggregates (mean, median, ...), no "
                     "repetitions to test; rerun without "
                     "--benchmark_report_aggregates_only",
                     t->path);
    json_decref(root);
    return rc;
}
