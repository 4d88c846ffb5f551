/*
 * readback_json.c - reading a Google Benchmark JSON file (--benchmark_out,
 * or the results.json `bench` writes) into benchmarks (readback.h), with
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
 * (readback.h); any other name is a foreign benchmark of its own whose
 * "kernel" is the name's first component (BM_Foo of BM_Foo/8), timed per
 * iteration, refused under READBACK_PUZZLEBENCH_ONLY and otherwise only
 * required to hold no control byte (BM_Sort/1024, BM_Foo<int>/8 pass).
 * The sample is real_time in the run's time_unit. Its identity and
 * counters pass the checks of a results.csv row (readback_row_check), and
 * each repetition_index of a benchmark comes once.
 * Google Benchmark writes a counter that is not finite as a bare NaN,
 * Infinity or -Infinity, which is not JSON (its cv of a counter that is
 * the same in every repetition is 0/0): readback_json_loadf reads those
 * tokens, outside strings, as null, so the file of any run loads and such
 * a counter reads as absent, while a real_time that is not a number is
 * still refused.
 * The clock a run was asked for (bench --clock) is its context's "clock"
 * (readback_clock_recorded), which plot and the report take as their default.
 * The runs of a two-sided file (bench --against) each carry their
 * "side", "A" or "B"; a part of one side says it once, in its context's
 * "side" (readback_side_keep chooses what is read).
 * O(runs) expected (readback_csv.c's hash index).
 */
#include "results/readback.h"
#include "results/work.h"
#include "util/context_keys.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
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

/* A run's name: its run_name (without an aggregate's suffix), else its
 * name; NULL when it has neither. */
static const char *run_name(const json_t *run)
{
    const char *name = json_string_value(json_object_get(run, "run_name"));
    return name ? name : json_string_value(json_object_get(run, "name"));
}

/* A run's counter, or `missing` when it has none. */
static double counter(const json_t *run, const char *name, double missing)
{
    const json_t *v = json_object_get(run, name);
    return json_is_number(v) ? json_number_value(v) : missing;
}

/* The work counters of a run (work.h): every NAME_per_instance but the
 * legacy expanded_per_instance (readback_counter falls back to it), at most
 * PB_MAX_COUNTERS, in the file's order. */
static void read_work(const json_t *run, struct pb_row_work *w)
{
    const char *key;
    const json_t *value;
    memset(w, 0, sizeof(*w));
    json_object_foreach((json_t *)run, key, value)
    {
        size_t len;
        if (w->n == PB_MAX_COUNTERS || !json_is_number(value) ||
            !pb_work_counter_key(key, &len))
            continue;
        struct pb_row_counter *c = &w->counter[w->n++];
        snprintf(c->name, sizeof(c->name), "%.*s", (int)len, key);
        c->per_instance = json_number_value(value);
    }
}

/* A run's time and counters into row (its identity aside), as
 * readback_row_check reads them: seconds per iteration, absent counters NaN.
 * 1 for an "iteration" that ran and was verified (a sample), 0 for any
 * other run (aggregates counted in *aggregates when not NULL), -EINVAL
 * (e at `where`) for a sample without a name, a time or a unit. */
static int run_values(const json_t *run, const char *where, struct pb_row *row,
                      size_t *aggregates, struct pb_error *e)
{
    if (!json_is_object(run))
        return pb_fail(e, -EINVAL, "%s: expected an object", where);
    const char *type = json_string_value(json_object_get(run, "run_type"));
    if (type && strcmp(type, "iteration")) {
        if (aggregates)
            ++*aggregates;
        return 0;
    }
    if (json_is_true(json_object_get(run, "error_occurred")) ||
        counter(run, "verified", 1) != 1)
        return 0;
    const json_t *real_time = json_object_get(run, "real_time");
    const char *unit = json_string_value(json_object_get(run, "time_unit"));
    double scale = seconds_per_unit(unit ? unit : "ns");
    if (!run_name(run) || !json_is_number(real_time) || !(scale > 0) ||
        !(json_number_value(real_time) >= 0))
        return pb_fail(e, -EINVAL,
                       "%s: expected a \"name\", a \"real_time\" >= 0 and a "
                       "\"time_unit\" of ns, us, ms or s",
                       where);
    memset(row, 0, sizeof(*row));
    row->verified = true;
    row->seconds = json_number_value(real_time) * scale;
    row->build_seconds = counter(run, "build_seconds", NAN);
    row->expanded_per_instance = counter(run, "expanded_per_instance", NAN);
    read_work(run, &row->work);
    row->units_per_instance = counter(run, "units_per_instance", NAN);
    row->peak_heap_bytes = counter(run, "peak_heap_bytes", NAN);
    row->allocated_bytes = counter(run, "allocated_bytes", NAN);
    row->peak_rss_bytes = counter(run, "peak_rss_bytes", NAN);
    row->load_before = counter(run, "load_before", NAN);
    row->load_after = counter(run, "load_after", NAN);
    row->cpu_per_wall = counter(run, "cpu_per_wall", NAN);
    row->cpu_seconds = counter(run, "cpu_seconds", NAN);
    row->involuntary_switches = counter(run, "involuntary_switches", NAN);
    double round = counter(run, "round", 0);
    /* checked before it becomes an integer, as threads are */
    row->round =
        round >= 0 && round < READBACK_MAX_ROUNDS ? (int64_t)round : -1;
    return 1;
}

/* The identity of a run named `name` into *id, ours when it is a
 * puzzlebench name (else a foreign benchmark: one instance, the run's
 * threads, one process); -EINVAL (e at `where`) for a name outside its
 * character set, a size outside its kernel's syntax, a foreign name under
 * READBACK_PUZZLEBENCH_ONLY or with a control byte. */
static int bench_id(const char *name, const json_t *run, const char *where,
                    unsigned flags, struct pb_bench_id *id, bool *ours,
                    struct pb_error *e)
{
    struct pb_name_error why;
    int parsed = pb_bench_id_parse(name, id, &why);
    *ours = parsed == 0;
    const char *names[3] = {id->kernel, id->variant, id->family};
    for (int k = 0; k < 3 && (*ours || parsed == -ENAMETOOLONG); k++) {
        enum pb_col col = (enum pb_col)(PB_COL_KERNEL + k);
        bool too_long = !*ours && why.col == col;
        const char *v = too_long ? why.text : names[k];
        size_t len = too_long ? why.len : strlen(v);
        if (too_long ||
            (*ours && (col == PB_COL_FAMILY ? !readback_family_ok(v)
                                            : !readback_name_ok(v))))
            return pb_fail(e, -EINVAL,
                           "%s: %s '%.*s%s' is not a name; expected 1 to 31 "
                           "characters in %s",
                           where, pb_col_name(col), (int)(len > 40 ? 40 : len),
                           v, len > 40 ? "..." : "",
                           col == PB_COL_FAMILY ? "[A-Za-z0-9_:.-]"
                                                : "[a-z0-9_]");
    }
    struct pb_error bad;
    if (*ours)
        return readback_size_canonical(id, &bad)
                   ? pb_fail(e, -EINVAL, "%s: size: %s", where, bad.msg)
                   : 0;
    if (flags & READBACK_PUZZLEBENCH_ONLY)
        return pb_fail(e, -EINVAL,
                       "%s: '%.60s%s' is not a puzzlebench benchmark; "
                       "expected kernel/variant/family/size:S/n:N/seed:X/"
                       "threads:T",
                       where, name, strlen(name) > 60 ? "..." : "");
    for (const char *p = name; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return pb_fail(e, -EINVAL,
                           "%s: a name with a control byte; expected "
                           "printable text",
                           where);
    /* checked before it becomes an integer: a double out of range would
     * not convert */
    double threads = counter(run, "threads", 1);
    if (!(threads >= 1 && threads <= PB_MAX_THREADS))
        return pb_fail(e, -EINVAL,
                       "%s: threads: expected 1 to %d threads per process, "
                       "found %.9g",
                       where, PB_MAX_THREADS, threads);
    memset(id, 0, sizeof(*id));
    id->count = id->processes = 1;
    id->threads = (uint64_t)threads;
    return 0;
}

/* A run's "side" (bench --against's results.json): "A" or "B". */
static bool run_side_ok(const char *side)
{
    return side && (!strcmp(side, "A") || !strcmp(side, "B"));
}

/* One element of "benchmarks": a sample, or skipped (aggregates counted
 * in *aggregates, a run of a side flags leave out skipped too); its side
 * is its own "side", else the context's (side: a part of one side). */
static int read_run(struct readback *t, const json_t *run, size_t i,
                    unsigned flags, const char *side, size_t *aggregates,
                    struct pb_error *e)
{
    char where[sizeof(t->path) + 48];
    snprintf(where, sizeof(where), "%s: benchmarks[%zu]", t->path, i);
    struct pb_row row;
    bool ours;
    const json_t *own = json_object_get(run, "side");
    if (own && !run_side_ok(json_string_value(own)))
        return pb_fail(e, -EINVAL, "%s: side: expected \"A\" or \"B\"", where);
    if (!readback_side_keep(t, own ? json_string_value(own) : side, flags))
        return 0;
    int rc = run_values(run, where, &row, aggregates, e);
    if (rc <= 0)
        return rc;
    const char *name = run_name(run);
    if ((rc = bench_id(name, run, where, flags, &row.id, &ours, e)) != 0 ||
        (rc = readback_row_check(&row, where, e)) != 0)
        return rc;
    if ((flags & READBACK_FIGURES) && row.seconds == 0)
        return pb_fail(e, -EINVAL,
                       "%s: real_time: expected a time above 0 for a "
                       "figure, found 0",
                       where);
    char key[sizeof(t->b[0].key)];
    int len = ours ? pb_bench_id_write(&row.id, key, sizeof(key))
                   : snprintf(key, sizeof(key), "%s", name);
    if (len < 0 || (size_t)len >= sizeof(key))
        return pb_fail(e, -EINVAL, "%s: a name of more than %zu characters",
                       where, sizeof(key) - 1);
    struct readback_bench *x = readback_bench_for(t, key);
    if (!x)
        return pb_fail(e, -ENOMEM, "out of memory");
    const json_t *rep = json_object_get(run, "repetition_index");
    if (json_is_integer(rep) &&
        (rc = readback_repetition_mark(
             &x->seen, row.round, json_integer_value(rep), key, where, e)) != 0)
        return rc;
    readback_bench_set_id(x, &row.id);
    if (!ours) {
        size_t head = strcspn(name, "/");
        snprintf(x->kernel, sizeof(x->kernel), "%.*s", (int)head, name);
        snprintf(x->variant, sizeof(x->variant), "%s",
                 name[head] ? name + head + 1 : "");
        x->family[0] = x->size[0] = '\0';
        x->foreign = true;
        x->size_x = NAN;
    }
    x->build_seconds = isnan(row.build_seconds) ? 0 : row.build_seconds;
    x->work_per_instance =
        isnan(row.expanded_per_instance) ? 0 : row.expanded_per_instance;
    x->work = row.work;
    x->units_per_instance = row.units_per_instance;
    if (isnan(x->peak_heap_bytes) || row.peak_heap_bytes > x->peak_heap_bytes)
        x->peak_heap_bytes = row.peak_heap_bytes;
    readback_add_noise(x, row.load_before, row.load_after, row.cpu_per_wall);
    return readback_add_sample(
        t, x, &row, json_is_integer(rep) ? json_integer_value(rep) : -1, e);
}

int readback_json_run_check(const json_t *run, const char *where,
                            struct pb_error *e)
{
    struct pb_row row;
    int rc = run_values(run, where, &row, NULL, e);
    if (rc <= 0)
        return rc;
    if (pb_bench_id_parse(run_name(run), &row.id, NULL))
        return pb_fail(e, -EINVAL,
                       "%s: not a puzzlebench benchmark; expected "
                       "kernel/variant/family/size:S/n:N/seed:X/threads:T",
                       where);
    rc = readback_row_check(&row, where, e);
    return rc ? rc : 1;
}

/* Whether the bytes at p (n left) are `token` followed by something that
 * cannot continue a word. */
static bool token_at(const char *p, size_t n, const char *token)
{
    size_t len = strlen(token);
    return n >= len && !memcmp(p, token, len) &&
           (n == len || !((p[len] >= 'a' && p[len] <= 'z') ||
                          (p[len] >= 'A' && p[len] <= 'Z') ||
                          (p[len] >= '0' && p[len] <= '9') || p[len] == '_'));
}

json_t *readback_json_loadf(FILE *f, json_error_t *error)
{
    static const char *const tokens[] = {"NaN", "Infinity", "-Infinity"};
    char *in = NULL, *out = NULL;
    size_t in_len = 0, n = 0;
    FILE *text = open_memstream(&in, &in_len);
    char buf[65536];
    size_t got;
    while (text && (got = fread(buf, 1, sizeof(buf), f)) > 0)
        if (fwrite(buf, 1, got, text) != got)
            break;
    bool failed = !text || ferror(f) || fclose(text) != 0;
    /* "null" is one byte longer than "NaN": at most a third more */
    if (!failed && (out = malloc(in_len + in_len / 3 + 1)) == NULL)
        failed = true;
    bool quoted = false;
    for (size_t i = 0; !failed && i < in_len; i++) {
        size_t k = 0;
        while (!quoted && k < 3 && !token_at(in + i, in_len - i, tokens[k]))
            k++;
        if (!quoted && k < 3) {
            for (const char *w = "null"; *w; w++)
                out[n++] = *w;
            i += strlen(tokens[k]) - 1;
            continue;
        }
        if (quoted && in[i] == '\\' && i + 1 < in_len)
            out[n++] = in[i++];
        else if (in[i] == '"')
            quoted = !quoted;
        out[n++] = in[i];
    }
    free(in);
    if (failed) {
        free(out);
        memset(error, 0, sizeof(*error));
        snprintf(error->text, sizeof(error->text), "cannot read: %s",
                 strerror(errno ? errno : EIO));
        return NULL;
    }
    json_t *root = json_loadb(out, n, 0, error);
    free(out);
    return root;
}

int readback_load_json(FILE *f, struct readback *t, unsigned flags,
                       struct pb_error *e)
{
    json_error_t error;
    json_t *root = readback_json_loadf(f, &error);
    if (!root)
        return pb_fail(e, -EINVAL,
                       "%s:%d:%d: %s; expected Google Benchmark JSON "
                       "(--benchmark_out_format=json)",
                       t->path, error.line, error.column, error.text);
    const json_t *runs = json_object_get(root, PB_JSON_BENCHMARKS);
    int rc = 0;
    size_t aggregates = 0;
    if (!json_is_array(runs))
        rc = pb_fail(e, -EINVAL,
                     "%s: no \"benchmarks\" array; expected Google Benchmark "
                     "JSON (--benchmark_out_format=json)",
                     t->path);
    /* a part of one side of bench --against says its side once */
    const char *side = json_string_value(
        json_object_get(json_object_get(root, PB_JSON_CONTEXT), PB_CTX_SIDE));
    if (!run_side_ok(side))
        side = "";
    for (size_t i = 0; rc == 0 && i < json_array_size(runs); i++)
        rc = read_run(t, json_array_get(runs, i), i, flags, side, &aggregates,
                      e);
    if (rc == 0 && t->count == 0 && aggregates > 0)
        rc = pb_fail(e, -EINVAL,
                     "%s: only aggregates (mean, median, ...), no "
                     "repetitions to test; rerun without "
                     "--benchmark_report_aggregates_only",
                     t->path);
    json_decref(root);
    return rc;
}

int readback_clock_recorded(const json_t *context, const char *where,
                            unsigned *flag, struct pb_error *e)
{
    const json_t *v = json_object_get(context, PB_CTX_CLOCK);
    const char *word = json_string_value(v);
    *flag = 0;
    if (!v || (word && readback_clock_parse(word, flag) == 0))
        return 0;
    char shown[4 * 32 + 1]; /* each byte at most \xHH */
    char cut[33];
    snprintf(cut, sizeof(cut), "%s", word ? word : "");
    pb_escape_controls(cut, shown, sizeof(shown));
    return pb_fail(e, -EINVAL,
                   "%s: context clock '%s'%s; expected cpu or wall (what "
                   "bench --clock records)",
                   where, shown, word ? "" : " (not a string)");
}
