/*
 * merge_input.c - reading the folders `merge` joins (merge_internal.h):
 * each results.json (context.h's loader), each results.csv's lines (parsed in
 * merge.c by readback.h's row reader), both opened and read as compare and
 * plot read them (readback.h: regular files only, lines of any length up to
 * READBACK_LINE_MAX, Google Benchmark's bare NaN), and the checks that they
 * are parts of one run: the same puzzlebench commit and dirty flag, the
 * same build (the executable's SHA-256, the diff's, compiler, flags,
 * build type), the same suite (name and SHA-256), shards of the same N
 * and the same CSV header. A key absent from both inputs is the same;
 * where no executable's hash is known, a commit or dirty flag unknown
 * everywhere, or a dirty tree without the diff's hash, proves nothing
 * and is noted (merge.h). The machines may differ (a
 * cluster's nodes); merge.h says so in the results. Each completion
 * record (completion.h) is read too, and their union judged: what the
 * merged folder lacks. O(size of the files).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results/context.h"
#include "results/merge_internal.h"
#include "results/readback.h"

/* Context keys that must be equal: another commit or build (another
 * executable, another diff of a dirty tree) is another program, another
 * suite other benchmarks. */
static const char *const same_keys[] = {
    PB_CTX_COMMIT,      PB_CTX_DIRTY,    PB_CTX_BINARY_SHA256,
    PB_CTX_DIFF_SHA256, PB_CTX_COMPILER, PB_CTX_COMPILER_FLAGS,
    PB_CTX_BUILD_TYPE,  PB_CTX_SUITE,    PB_CTX_SUITE_SHA256};
/* Context keys of the machine (provenance.c, Google Benchmark's
 * host_name and num_cpus): times from machines that differ in any are
 * not comparable. */
static const char *const machine_keys[] = {
    PB_CTX_HOST_NAME, PB_CTX_CPU_MODEL,    PB_CTX_CPU_CORES, PB_CTX_CPU_THREADS,
    PB_CTX_NUM_CPUS,  PB_CTX_MEMORY_BYTES, PB_CTX_OS,        PB_CTX_OS_KERNEL};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static bool is_file(const char *dir, const char *name)
{
    char path[PB_PATH_MAX + 16];
    struct stat st;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* dir's last component, when it is a link to a name in the same folder
 * (ROOT/latest), replaced by that name, so merged_from keeps naming the
 * folder after the next run moves the link. */
static void pin_latest(char *dir)
{
    char target[256];
    char *slash = strrchr(dir, '/');
    ssize_t n = readlink(dir, target, sizeof(target) - 1);
    if (n <= 0 || (size_t)n >= sizeof(target) - 1)
        return;
    target[n] = '\0';
    if (strchr(target, '/') || !strcmp(target, ".") || !strcmp(target, ".."))
        return;
    size_t at = slash ? (size_t)(slash - dir) + 1 : 0;
    if (at + (size_t)n < PB_PATH_MAX - 32)
        memcpy(dir + at, target, (size_t)n + 1);
}

/* The folder of arg: arg, or arg/latest when arg holds no results but
 * its latest link does (a results root). */
static int find_folder(const char *arg, struct merge_input *in,
                       struct pb_error *e)
{
    if (snprintf(in->dir, sizeof(in->dir), "%s", arg) >= PB_PATH_MAX - 32)
        return pb_fail(e, -ENAMETOOLONG, "%.100s...: path too long", arg);
    if (!is_file(in->dir, "results.csv") && !is_file(in->dir, "results.json")) {
        char latest[PB_PATH_MAX];
        snprintf(latest, sizeof(latest), "%s/latest", arg);
        if (is_file(latest, "results.csv") || is_file(latest, "results.json"))
            snprintf(in->dir, sizeof(in->dir), "%s", latest);
    }
    pin_latest(in->dir);
    for (int k = 0; k < 2; k++) {
        const char *name = k ? "results.json" : "results.csv";
        if (!is_file(in->dir, name))
            return pb_fail(e, -ENOENT,
                           "%s: no %s; expected a results folder "
                           "(results/<UTC> or a root with a latest link)",
                           in->dir, name);
    }
    return 0;
}

static int read_json(struct merge_input *in, struct pb_error *e)
{
    char path[PB_PATH_MAX + 16];
    snprintf(path, sizeof(path), "%s/results.json", in->dir);
    int rc = pb_json_load(path, "the results.json of puzzlebench bench",
                          &in->root, e);
    if (rc)
        return rc;
    json_t *context = pb_context_in(in->root);
    if (!context ||
        !json_is_array(json_object_get(in->root, PB_JSON_BENCHMARKS)))
        return pb_fail(e, -EINVAL,
                       "%s: expected Google Benchmark JSON (an object with "
                       "a context and benchmarks)",
                       path);
    json_t *shard = json_object_get(context, PB_CTX_SHARD);
    char end;
    in->shard = in->shards = 1;
    if (shard &&
        (!json_is_string(shard) ||
         /* glibc saturates an out-of-range %d, and 1 <= I <= N <= the
          * most shards is checked right after */
         /* NOLINTNEXTLINE(cert-err34-c) */
         sscanf(json_string_value(shard), "%d/%d%c", &in->shard, &in->shards,
                &end) != 2 ||
         in->shard < 1 || in->shard > in->shards || in->shards > PB_MAX_SHARDS))
        return pb_fail(e, -EINVAL,
                       "%s: context 'shard': expected I/N, "
                       "1 <= I <= N <= %d",
                       path, PB_MAX_SHARDS);
    if (!pb_context_text(context, PB_CTX_COMMIT) ||
        !pb_context_text(context, PB_CTX_SUITE))
        return pb_fail(e, -EINVAL,
                       "%s: no puzzlebench_commit or suite in its context; "
                       "expected the results.json of puzzlebench bench",
                       path);
    return 0;
}

/* Appends line `number` to in's rows. 0 or -ENOMEM. */
static int add_row(struct merge_input *in, const char *line, unsigned number,
                   size_t *cap)
{
    if (in->rows == *cap) {
        size_t more = *cap ? 2 * *cap : 64;
        char **row = realloc(in->row, more * sizeof(*row));
        if (row)
            in->row = row;
        unsigned *at = row ? realloc(in->line, more * sizeof(*at)) : NULL;
        if (!at)
            return -ENOMEM;
        in->line = at;
        *cap = more;
    }
    if (!(in->row[in->rows] = strdup(line)))
        return -ENOMEM;
    in->line[in->rows++] = number;
    return 0;
}

static int read_csv(struct merge_input *in, struct pb_error *e)
{
    char path[PB_PATH_MAX + 16];
    snprintf(path, sizeof(path), "%s/results.csv", in->dir);
    FILE *f = readback_open(path, "the results.csv of puzzlebench bench", e);
    if (!f)
        return -errno;
    char *line = NULL, *split = NULL;
    size_t cap = 0, rows_cap = 0;
    enum pb_col missing = PB_COL_KERNEL;
    int rc = 0;
    long n = readback_csv_line(f, &line, &cap);
    if (n == -1)
        rc = pb_fail(e, -EINVAL, "%s:1: empty; expected a results CSV header",
                     path);
    else if (n < 0)
        rc = readback_csv_line_error(n, path, 1, e);
    else if (!(in->header = strdup(line)) || !(split = strdup(line)))
        rc = pb_fail(e, -ENOMEM, "out of memory");
    else if (pb_csv_layout_read(&in->layout, split, &missing))
        rc = pb_fail(e, -EINVAL,
                     "%s:1: no column '%s'; expected the header "
                     "of a puzzlebench results.csv",
                     path, pb_col_name(missing));
    free(split);
    for (unsigned number = 2;
         rc == 0 && (n = readback_csv_line(f, &line, &cap)) != -1; number++) {
        if (n < 0)
            rc = readback_csv_line_error(n, path, number, e);
        else if (line[0] && add_row(in, line, number, &rows_cap))
            rc = pb_fail(e, -ENOMEM, "out of memory");
    }
    free(line);
    fclose(f);
    return rc;
}

/* The input's value of key as text ("(absent)"), for messages. */
static void value_text(const struct merge_input *in, const char *key, char *out,
                       size_t len)
{
    json_t *v = json_object_get(pb_context_in(in->root), key);
    char *dump = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
    snprintf(out, len, "%.120s", dump ? dump : "(absent)");
    free(dump);
}

/* "shard I/N", or "unsharded". */
static void shard_text(const struct merge_input *in, char *out, size_t len)
{
    if (in->shards > 1)
        snprintf(out, len, "shard %d/%d", in->shard, in->shards);
    else
        snprintf(out, len, "unsharded");
}

/* Both absent, or equal (json_equal calls two absent values unequal). */
static bool same_value(const json_t *a, const json_t *b)
{
    return (!a && !b) || json_equal(a, b);
}

/* Input b is a part of the same run as a. */
static int same_run(const struct merge_input *a, const struct merge_input *b,
                    struct pb_error *e)
{
    json_t *ca = pb_context_in(a->root), *cb = pb_context_in(b->root);
    for (size_t k = 0; k < COUNT(same_keys); k++)
        if (!same_value(json_object_get(ca, same_keys[k]),
                        json_object_get(cb, same_keys[k]))) {
            char va[128], vb[128];
            value_text(a, same_keys[k], va, sizeof(va));
            value_text(b, same_keys[k], vb, sizeof(vb));
            return pb_fail(e, -EINVAL,
                           "%s: %s %s differs from %s in %s; expected parts "
                           "of one suite run by one build",
                           b->dir, same_keys[k], vb, va, a->dir);
        }
    if (a->shards != b->shards) {
        char sa[32], sb[32];
        shard_text(a, sa, sizeof(sa));
        shard_text(b, sb, sizeof(sb));
        return pb_fail(e, -EINVAL,
                       "%s: %s, but %s is %s; expected shards of the same N",
                       b->dir, sb, a->dir, sa);
    }
    if (strcmp(a->header, b->header))
        return pb_fail(e, -EINVAL, "%s: results.csv's header differs from %s's",
                       b->dir, a->dir);
    return 0;
}

void merge_machine_keys(const struct pb_merge *m, char *out, size_t len)
{
    out[0] = '\0';
    for (size_t k = 0; k < COUNT(machine_keys); k++)
        for (size_t i = 1; i < m->n; i++)
            if (!same_value(json_object_get(pb_context_in(m->in[0].root),
                                            machine_keys[k]),
                            json_object_get(pb_context_in(m->in[i].root),
                                            machine_keys[k]))) {
                size_t at = strlen(out);
                snprintf(out + at, len - at, "%s%s", at ? ", " : "",
                         machine_keys[k]);
                break;
            }
}

/* The input's context value of key is a SHA-256 (64 hex digits). */
static bool known_hash(const json_t *context, const char *key)
{
    const char *v = pb_context_text(context, key);
    return v && strlen(v) == 64 && strspn(v, "0123456789abcdef") == 64;
}

/* m->build_unchecked: why the inputs (equal in commit, dirty flag and
 * the hashes of the executable and the diff: same_run) may still come
 * from other builds, "" when nothing says so: one executable's hash
 * proves one build, one commit with one diff one source. */
static void note_unchecked(struct pb_merge *m)
{
    json_t *context = pb_context_in(m->in[0].root);
    const char *commit = pb_context_text(context, PB_CTX_COMMIT);
    const char *dirty = pb_context_text(context, PB_CTX_DIRTY);
    if (known_hash(context, PB_CTX_BINARY_SHA256))
        return;
    if (!commit || !strcmp(commit, "unknown"))
        snprintf(m->build_unchecked, sizeof(m->build_unchecked),
                 "the puzzlebench commit is unknown");
    else if (!dirty || !strcmp(dirty, "unknown"))
        snprintf(m->build_unchecked, sizeof(m->build_unchecked),
                 "whether the source tree had changes is unknown");
    else if (!strcmp(dirty, "true") && !known_hash(context, PB_CTX_DIFF_SHA256))
        snprintf(m->build_unchecked, sizeof(m->build_unchecked),
                 "the source tree had uncommitted changes, which may differ");
}

/* m->completion: the union of the inputs' records, when every input
 * has one (completeness is unknown otherwise). 0 or -ENOMEM. */
static int join_completion(struct pb_merge *m, struct pb_error *e)
{
    for (size_t i = 0; i < m->n; i++)
        if (!m->in[i].completion.doc)
            return 0;
    int rc = pb_completion_new(&m->completion, "merge", NULL, e);
    for (size_t i = 0; rc == 0 && i < m->n; i++)
        if (pb_completion_join(&m->completion, &m->in[i].completion))
            rc = pb_fail(e, -ENOMEM, "out of memory");
    pb_completion_judge(&m->completion, &m->complete);
    /* the merge's own end: judged by what is missing alone */
    m->complete.ended = true;
    return rc;
}

/* m->missing: the shards I/N that no input is; none when the records
 * say every planned benchmark is there (two inputs that both say 1/2
 * may hold the whole suite between them). */
static void note_missing(struct pb_merge *m)
{
    m->shards = m->in[0].shards;
    for (int s = 1; s <= m->shards; s++) {
        bool seen = false;
        for (size_t i = 0; i < m->n && !seen; i++)
            seen = m->in[i].shard == s;
        size_t at = strlen(m->missing);
        if (!seen && at + 24 < sizeof(m->missing) &&
            (!m->complete.known || m->complete.missing))
            snprintf(m->missing + at, sizeof(m->missing) - at, "%s%d/%d",
                     at ? ", " : "", s, m->shards);
    }
}

int merge_inputs_load(struct pb_merge *m, char *const *dirs, size_t n,
                      struct pb_error *e)
{
    m->in = calloc(n, sizeof(*m->in));
    if (!m->in)
        return pb_fail(e, -ENOMEM, "out of memory");
    m->n = n;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        rc = find_folder(dirs[i], &m->in[i], e);
        if (rc == 0)
            rc = read_json(&m->in[i], e);
        if (rc == 0)
            rc = read_csv(&m->in[i], e);
        if (rc == 0)
            rc = pb_completion_load(&m->in[i].completion, m->in[i].dir, e);
        if (rc == 0 && i > 0)
            rc = same_run(&m->in[0], &m->in[i], e);
    }
    if (rc == 0) {
        char keys[256];
        merge_machine_keys(m, keys, sizeof(keys));
        m->machines_differ = keys[0] != '\0';
        rc = join_completion(m, e);
        if (rc == 0)
            note_unchecked(m);
    }
    if (rc == 0)
        note_missing(m);
    return rc;
}

void pb_merge_free(struct pb_merge *m)
{
    for (size_t i = 0; m->in && i < m->n; i++) {
        for (size_t r = 0; r < m->in[i].rows; r++)
            free(m->in[i].row[r]);
        free(m->in[i].row);
        free(m->in[i].line);
        free(m->in[i].header);
        json_decref(m->in[i].root);
        pb_completion_free(&m->in[i].completion);
    }
    pb_completion_free(&m->completion);
    free(m->in);
    free(m->csv);
    json_decref(m->json);
    memset(m, 0, sizeof(*m));
}
