/*
 * merge_json.c - the merged results.json and the writing of the merged
 * folder (merge.h). The context is the first input's (its date, load
 * and machine state) without `shard`, with:
 *   merged_from      ["DIR (shard I/N)", ...], the inputs in order;
 *   missing_shards   "3/3, ..." when some shards of N are not merged
 *                    and the completion records do not show every
 *                    planned benchmark (or some input has none);
 *   machines_differ  where the inputs' machine keys differ: one string
 *                    per input, "DIR (shard I/N): KEY VALUE, ...;
 *                    benchmarks: NAME, ...", so a reader sees which
 *                    benchmarks ran where (the report warns with it);
 * the keys of how each run was launched (processes,
 * threads_per_process, hosts, mpi_library, max_threads_asked,
 * round_order_seed) as the
 * inputs' distinct values joined by ", " in input order where they
 * differ ("1, 2": runs at 1 and 2 processes merged for the speed-up
 * figure; each row's processes column says which is whose), and every
 * input's verification ("verify:") and corpus ("corpus:") records.
 * Beside it, the first input's build.diff (the diff of a dirty tree,
 * the same in every input) and completion.json: the union of the
 * inputs' completion records (completion.h), state ended, written last,
 * so that the merged folder says itself whether anything is missing.
 * What merge says on the terminal and in log.txt shows the inputs' texts
 * with their control bytes escaped (pb_escape_controls).
 * O(keys + runs).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/identity.h"
#include "results/context.h"
#include "results/merge_internal.h"
#include "pb_file.h"

/* "DIR (shard I/N)" of input i. */
static json_t *input_name(const struct merge_input *in)
{
    char text[PB_PATH_MAX + 32];
    if (in->shards > 1)
        snprintf(text, sizeof(text), "%s (shard %d/%d)", in->dir, in->shard,
                 in->shards);
    else
        snprintf(text, sizeof(text), "%s (unsharded)", in->dir);
    return json_string(text);
}

/* The machines_differ line of one input, NULL when out of memory. */
static json_t *machine_line(const struct merge_input *in, const char *keys)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    json_t *name = input_name(in), *context = pb_context_in(in->root);
    fprintf(f, "%s:", json_string_value(name));
    json_decref(name);
    for (const char *k = keys; *k;) {
        size_t n = strcspn(k, ",");
        char key[64];
        snprintf(key, sizeof(key), "%.*s", (int)n, k);
        json_t *v = json_object_get(context, key);
        char *dump = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
        fprintf(f, " %s %s%s", key,
                json_is_string(v) ? json_string_value(v)
                : dump            ? dump
                                  : "(absent)",
                k[n] ? "," : "");
        free(dump);
        k += n + (k[n] == ',') + (k[n] == ',' && k[n + 1] == ' ');
    }
    fputs("; benchmarks:", f);
    const char *key;
    json_t *value;
    int count = 0;
    json_object_foreach(context, key, value)
    {
        if (pb_ctx_prefixed(key, PB_CTX_VERIFY_PREFIX))
            fprintf(f, "%s %s", count++ ? "," : "",
                    key + strlen(PB_CTX_VERIFY_PREFIX));
    }
    json_t *line = fclose(f) == 0 ? json_string(text) : NULL;
    free(text);
    return line;
}

/* Keys of the run's launch: they may differ between merged runs (each
 * shard draws its own order of rounds). */
static const char *const launch_keys[] = {
    PB_CTX_PROCESSES,   PB_CTX_THREADS_PER_PROCESS, PB_CTX_HOSTS,
    PB_CTX_MPI_LIBRARY, PB_CTX_MAX_THREADS_ASKED,   PB_CTX_ROUND_ORDER_SEED};

/* Input i's context value of key (NULL: none). */
static json_t *context_value(const struct pb_merge *m, size_t i,
                             const char *key)
{
    return json_object_get(pb_context_in(m->in[i].root), key);
}

/* context's value of key: the inputs' distinct string values joined by
 * ", " (unchanged when they agree). false when out of memory. */
static bool join_launch_key(const struct pb_merge *m, json_t *context,
                            const char *key)
{
    char joined[512] = "";
    size_t len = 0;
    for (size_t i = 0; i < m->n; i++) {
        const char *v = json_string_value(context_value(m, i, key));
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen =
                json_equal(context_value(m, j, key), context_value(m, i, key));
        if (!v || seen || len >= sizeof(joined))
            continue;
        int n = snprintf(joined + len, sizeof(joined) - len, "%s%s",
                         len ? ", " : "", v);
        len += n > 0 ? (size_t)n : 0;
    }
    if (!joined[0])
        return true;
    return json_object_set_new(context, key, json_string(joined)) == 0;
}

int merge_join_json(struct pb_merge *m, json_t *benchmarks, struct pb_error *e)
{
    json_t *root = json_deep_copy(m->in[0].root);
    json_t *context = pb_context_in(root);
    json_t *from = json_array(), *differ = json_array();
    bool ok = root && from && differ;
    if (ok)
        json_object_del(context, PB_CTX_SHARD);
    for (size_t k = 0; ok && k < sizeof(launch_keys) / sizeof(launch_keys[0]);
         k++)
        ok = join_launch_key(m, context, launch_keys[k]);
    char keys[256];
    merge_machine_keys(m, keys, sizeof(keys));
    for (size_t i = 0; ok && i < m->n; i++) {
        ok = json_array_append_new(from, input_name(&m->in[i])) == 0;
        if (ok && m->machines_differ)
            ok = json_array_append_new(differ, machine_line(&m->in[i], keys)) ==
                 0;
        const char *key;
        json_t *value;
        json_object_foreach(pb_context_in(m->in[i].root), key, value)
        {
            if (ok && i > 0 &&
                (pb_ctx_prefixed(key, PB_CTX_VERIFY_PREFIX) ||
                 pb_ctx_prefixed(key, PB_CTX_CORPUS_PREFIX)) &&
                !json_object_get(context, key))
                ok = json_object_set(context, key, value) == 0;
        }
    }
    if (ok)
        ok = json_object_set(context, PB_CTX_MERGED_FROM, from) == 0 &&
             (!m->machines_differ ||
              json_object_set(context, PB_CTX_MACHINES_DIFFER, differ) == 0) &&
             (!m->missing[0] ||
              json_object_set_new(context, PB_CTX_MISSING_SHARDS,
                                  json_string(m->missing)) == 0) &&
             json_object_set(root, PB_JSON_BENCHMARKS, benchmarks) == 0;
    json_decref(from);
    json_decref(differ);
    if (!ok) {
        json_decref(root);
        return pb_fail(e, -ENOMEM, "out of memory");
    }
    m->json = root;
    return 0;
}

int merge_record_place(struct pb_merge *m, const char *key, uint64_t at,
                       struct pb_error *e)
{
    json_t *context = pb_context_in(m->json);
    struct pb_pass_record v;
    char text[sizeof(v.reason) + 128];
    if (pb_pass_record_parse(json_string_value(json_object_get(context, key)),
                             &v))
        return pb_fail(e, -EINVAL, "%s: not a verification record", key);
    v.order = at;
    if (pb_pass_record_write(&v, text, sizeof(text)) < 0 ||
        json_object_set_new(context, key, json_string(text)))
        return pb_fail(e, -ENOMEM, "out of memory");
    return 0;
}

/* text with its control bytes escaped (pb_escape_controls), for the
 * terminal and log.txt: the inputs' texts are anyone's. */
static const char *shown(const char *text, char *out, size_t len)
{
    pb_escape_controls(text ? text : "", out, len);
    return out;
}

/* The first input's build.diff into r's folder, when it has one (a
 * regular file; its first PB_DIFF_KEPT bytes, as bench wrote it): the
 * inputs' diffs share one hash (merge_input.c), the merged context
 * keeps it, so the diff stays beside it. 0 or an error. */
static int copy_diff(const struct pb_merge *m, struct pb_results *r,
                     struct pb_error *e)
{
    char from[PB_PATH_MAX + 16], to[sizeof(r->dir) + 16];
    snprintf(from, sizeof(from), "%s/%s", m->in[0].dir, PB_DIFF_FILE);
    snprintf(to, sizeof(to), "%s/%s", r->dir, PB_DIFF_FILE);
    FILE *f;
    struct stat st;
    int rc = pb_open_input(from, false, &f, &st);
    if (rc == -ENOENT)
        return 0;
    if (rc)
        return pb_fail(e, rc, "%s: cannot read: %s", from,
                       rc == -EINVAL ? pb_file_kind(&st) : strerror(-rc));
    char *text = malloc(PB_DIFF_KEPT);
    size_t len = text ? fread(text, 1, PB_DIFF_KEPT, f) : 0;
    int err = !text ? -ENOMEM : ferror(f) ? -EIO : 0;
    fclose(f);
    if (err) {
        free(text);
        return pb_fail(e, err, "%s: cannot read: %s", from, strerror(-err));
    }
    rc = pb_write_atomically(to, text, len);
    free(text);
    return rc ? pb_fail(e, rc, "%s: cannot write: %s", to, pb_file_error(rc))
              : 0;
}

int pb_merge_write(const struct pb_merge *m, struct pb_results *r,
                   struct pb_error *e)
{
    char text_a[4 * PB_PATH_MAX], text_b[4 * PB_PATH_MAX];
    const char *suite = pb_context_text(pb_context_in(m->json), PB_CTX_SUITE);
    pb_results_say(r,
                   "puzzlebench merge: %zu results folders of suite %s "
                   "(%zu benchmarks, %zu rows), results in %s\n",
                   m->n, shown(suite, text_a, sizeof(text_a)), m->benchmarks,
                   m->rows, shown(r->dir, text_b, sizeof(text_b)));
    for (size_t i = 0; i < m->n; i++) {
        json_t *name = input_name(&m->in[i]);
        pb_results_say(r, "  from %s: %zu rows\n",
                       shown(json_string_value(name), text_a, sizeof(text_a)),
                       m->in[i].rows);
        json_decref(name);
    }
    if (m->missing[0])
        pb_results_say(r,
                       "note: missing shards %s: the merged suite is "
                       "incomplete\n",
                       m->missing);
    char incomplete[sizeof(m->complete.named) + 128];
    pb_completeness_text(&m->complete, incomplete, sizeof(incomplete));
    if (incomplete[0]) { /* partial results are useful: said, not refused */
        fprintf(stderr, "puzzlebench merge: warning: %s\n", incomplete);
        pb_results_log(r, "warning: %s\n", incomplete);
    }
    if (m->build_unchecked[0]) {
        /* no proof either way: the inputs agree, but on too little */
        fprintf(stderr,
                "puzzlebench merge: warning: %s in every input, so merge "
                "cannot check that one build produced them\n",
                m->build_unchecked);
        pb_results_log(r,
                       "warning: %s in every input, so merge cannot check "
                       "that one build produced them\n",
                       m->build_unchecked);
    }
    if (m->machines_differ) {
        char keys[256];
        merge_machine_keys(m, keys, sizeof(keys));
        fprintf(stderr,
                "puzzlebench merge: warning: the inputs ran on different "
                "machines (%s differ): times from different machines are "
                "not comparable; results.json's machines_differ and the "
                "report say which benchmarks ran where\n",
                keys);
        pb_results_log(r,
                       "warning: the inputs ran on different machines (%s "
                       "differ): times from different machines are not "
                       "comparable\n",
                       keys);
        json_t *lines =
            json_object_get(pb_context_in(m->json), PB_CTX_MACHINES_DIFFER);
        for (size_t i = 0; i < json_array_size(lines); i++) {
            /* a line lists the input's benchmarks: as long as they are */
            const char *line = json_string_value(json_array_get(lines, i));
            size_t len = 4 * strlen(line ? line : "") + 1;
            char *text = malloc(len);
            if (text)
                pb_results_log(r, "  %s\n", shown(line, text, len));
            free(text);
        }
    }
    int rc = pb_write_atomically(r->csv_path, m->csv, m->csv_len);
    if (rc)
        return pb_fail(e, rc, "%s: cannot write: %s", r->csv_path,
                       strerror(-rc));
    char *text = json_dumps(m->json, JSON_INDENT(2));
    if (!text)
        return pb_fail(e, -ENOMEM, "out of memory");
    rc = pb_write_atomically(r->json_path, text, strlen(text));
    free(text);
    if (rc)
        return pb_fail(e, rc, "%s: cannot write: %s", r->json_path,
                       strerror(-rc));
    rc = copy_diff(m, r, e);
    if (rc)
        return rc;
    /* the merged folder's own record, once its results are whole (a
     * copy of the handle: saving sets the state of m's record) */
    struct pb_completion record = m->completion;
    return record.doc ? pb_completion_save(&record, r->dir, true, e) : 0;
}
