/*
 * compare_context.c - the provenance that differs between two runs, for
 * `compare` to print above its table: the Google Benchmark "context" of
 * each side's results.json (the file itself, or the one beside its
 * results.csv), key by key. A key present on one side only, or with
 * another value (strings, numbers, booleans and arrays compared as
 * JSON), is one "# differs:" line; the date, the load averages, the
 * seed of the rounds' order and the per-corpus and per-verification
 * records (corpus:..., verify:...), which differ between any two runs,
 * are left out. The build's identity (identity.h: the executable's and
 * the diff's SHA-256), the suite's hash and path, the affinity mask and
 * every env:NAME setting are keys like the others, so two builds of one
 * dirty commit, or one knob set differently, differ here; a SHA-256 is
 * shown by its first 12 digits. The files are read by context.h's
 * loader (regular files only, Google Benchmark's bare NaN as null).
 * O(keys^2) over two small objects. The same context
 * gives each side's machine state for the noise warnings
 * (pb_compare_machine), what bears on the times that differs between the
 * runs (pb_compare_runs: the build by commit, dirty flag and binary
 * hash; the load averages); the completion record beside it, whether
 * the side is incomplete (pb_compare_completeness). A two-sided file
 * (bench --against) holds both builds' contexts, side A's keys prefixed
 * "A:" (pb_compare_context_of takes one side's); the keys of one
 * worker's part (side, round_index, verified_in) are not compared.
 */
#include "analysis/compare.h"

#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/completion.h"
#include "results/context.h"
#include "analysis/noise.h"
#include "pb.h"
#include "results/readback.h"

/* The context of the results.json beside results file path
 * (readback_json_beside; context.h's loader), NULL when there is none, it is
 * not a regular file or not JSON. */
static json_t *context_beside(const char *path)
{
    char json[1024];
    readback_json_beside(path, json, sizeof(json));
    return pb_context_of_file(json);
}

static bool compared(const char *key)
{
    static const char *const differ_always[] = {
        PB_CTX_DATE,        PB_CTX_LOAD_AVG,         PB_CTX_LOAD_START,
        PB_CTX_LOAD_END,    PB_CTX_ROUND_ORDER_SEED, PB_CTX_SIDE,
        PB_CTX_ROUND_INDEX, PB_CTX_VERIFIED_IN};
    for (size_t i = 0; i < sizeof(differ_always) / sizeof(*differ_always); i++)
        if (!strcmp(key, differ_always[i]))
            return false;
    return !pb_ctx_prefixed(key, PB_CTX_CORPUS_PREFIX) &&
           !pb_ctx_prefixed(key, PB_CTX_VERIFY_PREFIX);
}

json_t *pb_compare_context_of(const struct readback *t)
{
    json_t *context = context_beside(t->path);
    json_t *out = NULL;
    if (context && !readback_two_sided(t))
        out = json_incref(context);
    else if (context && (out = json_object()) != NULL) {
        const char *key;
        json_t *value;
        size_t a = strlen(PB_CTX_SIDE_A_PREFIX);
        json_object_foreach(context, key, value)
        {
            bool of_a = pb_ctx_prefixed(key, PB_CTX_SIDE_A_PREFIX);
            if (t->side == 'A' && of_a)
                json_object_set(out, key + a, value);
            else if (t->side != 'A' && !of_a &&
                     !pb_ctx_prefixed(key, PB_CTX_AGAINST_PREFIX))
                json_object_set(out, key, value);
        }
    }
    json_decref(context);
    return out;
}

/* A SHA-256 (identity.h: *_sha256 keys) as 64 hex digits. */
static bool is_hash(const char *key, const json_t *value)
{
    const char *v = json_string_value(value);
    size_t n = strlen(key), suffix = strlen("_sha256");
    return v && n > suffix && !strcmp(key + n - suffix, "_sha256") &&
           strlen(v) == 64 && strspn(v, "0123456789abcdef") == 64;
}

/* value as one line of at most 80 characters, control bytes escaped; a
 * hash shortened to its first HASH_SHOWN digits, as git shows commits */
static void value_text(const char *key, const json_t *value, char *out,
                       size_t len)
{
    enum { HASH_SHOWN = 12 };
    char raw[256], *dump = NULL;
    if (!value)
        snprintf(raw, sizeof(raw), "(absent)");
    else if (is_hash(key, value))
        snprintf(raw, sizeof(raw), "%.*s", HASH_SHOWN,
                 json_string_value(value));
    else if (json_is_string(value))
        snprintf(raw, sizeof(raw), "%s", json_string_value(value));
    else if ((dump = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY)))
        snprintf(raw, sizeof(raw), "%s", dump);
    else
        snprintf(raw, sizeof(raw), "?");
    free(dump);
    if (strlen(raw) > 80)
        strcpy(raw + 77, "...");
    pb_escape_controls(raw, out, len);
}

static void say_difference(FILE *out, const char *key, const json_t *a,
                           const json_t *b)
{
    char name[256], va[512], vb[512];
    const char *k = key ? key : "?";
    pb_escape_controls(k, name, sizeof(name));
    value_text(k, a, va, sizeof(va));
    value_text(k, b, vb, sizeof(vb));
    fprintf(out, "# differs: %s: A = %s; B = %s\n", name, va, vb);
}

json_t *pb_compare_provenance(const struct readback *a,
                              const struct readback *b, char *missing,
                              size_t len)
{
    json_t *ca = pb_compare_context_of(a), *cb = pb_compare_context_of(b);
    json_t *list = NULL;
    if (!ca || !cb) {
        readback_json_beside(ca ? b->path : a->path, missing, len);
    } else if ((list = json_array()) != NULL) {
        const char *key;
        json_t *value;
        json_object_foreach((json_t *)ca, key, value)
        {
            json_t *other = json_object_get(cb, key);
            if (compared(key) && !json_equal(value, other))
                json_array_append_new(list,
                                      json_pack("{s:s, s:O, s:O*}", "key", key,
                                                "a", value, "b", other));
        }
        json_object_foreach((json_t *)cb, key, value)
        {
            if (compared(key) && !json_object_get(ca, key))
                json_array_append_new(
                    list, json_pack("{s:s, s:O}", "key", key, "b", value));
        }
    }
    json_decref(ca);
    json_decref(cb);
    return list;
}

void pb_compare_context(FILE *out, const struct readback *a,
                        const struct readback *b)
{
    char missing[1024];
    json_t *list = pb_compare_provenance(a, b, missing, sizeof(missing));
    size_t i;
    json_t *d;
    if (!list)
        fprintf(out, "# provenance: not compared (no context in %s)\n",
                missing);
    else if (json_array_size(list) == 0)
        fprintf(out, "# provenance: the same (commit, binary, diff, "
                     "compiler, flags, machine, suite and settings)\n");
    json_array_foreach(list, i, d)
    {
        say_difference(out, json_string_value(json_object_get(d, "key")),
                       json_object_get(d, "a"), json_object_get(d, "b"));
    }
    json_decref(list);
}

void pb_compare_side_text(const struct readback *t, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!readback_two_sided(t))
        return;
    json_t *context = context_beside(t->path);
    const char *v = pb_context_text(context, t->side == 'A' ? PB_CTX_AGAINST_A
                                                            : PB_CTX_AGAINST_B);
    char raw[PB_PATH_MAX + 64], shown[4 * sizeof(raw)];
    snprintf(raw, sizeof(raw), "%s", v ? v : "");
    pb_escape_controls(raw, shown, sizeof(shown));
    snprintf(buf, len, ", side %c%s%s", t->side, v ? ": " : "", shown);
    json_decref(context);
}

/* Appends "WHAT A against B" to the build text when both are known and
 * differ (the first 12 characters of each: a commit or a hash). */
static void build_item(struct pb_run_differences *d, const char *what,
                       const char *a, const char *b)
{
    if (!a || !b || !strcmp(a, b))
        return;
    size_t at = strlen(d->build_text);
    char ea[64], eb[64];
    pb_escape_controls(a, ea, sizeof(ea));
    pb_escape_controls(b, eb, sizeof(eb));
    snprintf(d->build_text + at, sizeof(d->build_text) - at,
             "%s%s %.12s against %.12s", at ? "; " : "", what, ea, eb);
    d->build = true;
}

void pb_compare_runs(const struct readback *a, const struct readback *b,
                     struct pb_run_differences *d)
{
    memset(d, 0, sizeof(*d));
    json_t *ca = pb_compare_context_of(a), *cb = pb_compare_context_of(b);
    build_item(d, "commit", pb_context_text(ca, PB_CTX_COMMIT),
               pb_context_text(cb, PB_CTX_COMMIT));
    build_item(d, "dirty", pb_context_text(ca, PB_CTX_DIRTY),
               pb_context_text(cb, PB_CTX_DIRTY));
    build_item(d, "binary", pb_context_text(ca, PB_CTX_BINARY_SHA256),
               pb_context_text(cb, PB_CTX_BINARY_SHA256));
    struct pb_noise_machine ma, mb;
    pb_noise_machine_from_context(ca, &ma);
    pb_noise_machine_from_context(cb, &mb);
    /* a run's load: the higher of its start and end (fmax skips NaN) */
    d->load_a = fmax(ma.load_start, ma.load_end);
    d->load_b = fmax(mb.load_start, mb.load_end);
    d->load = fabs(d->load_a - d->load_b) >= PB_COMPARE_LOAD_APART;
    json_decref(ca);
    json_decref(cb);
}

/* The folder of path into out when path is a results folder's
 * results.csv or results.json; false for any other file. */
static bool results_folder(const char *path, char *out, size_t len)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (strcmp(base, "results.csv") && strcmp(base, "results.json"))
        return false;
    int n = slash ? snprintf(out, len, "%.*s", (int)(slash - path), path)
                  : snprintf(out, len, ".");
    return n > 0 && (size_t)n < len;
}

int pb_compare_completeness(FILE *out, const char *side, const char *path,
                            struct pb_error *e)
{
    char dir[1024];
    if (!results_folder(path, dir, sizeof(dir)))
        return 0;
    struct pb_completeness k;
    int rc = pb_completeness_of(dir, &k, e);
    char text[sizeof(k.named) + 128];
    pb_completeness_text(&k, text, sizeof(text));
    if (rc == 0 && text[0])
        fprintf(out, "# warning: %s: %s\n", side, text);
    return rc;
}

bool pb_compare_machine(const struct readback *t, struct pb_noise_machine *m)
{
    json_t *context = pb_compare_context_of(t);
    bool known = pb_noise_machine_from_context(context, m);
    json_decref(context);
    return known;
}
