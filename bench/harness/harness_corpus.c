/*
 * harness_corpus.c - the corpora of a suite's run (harness_internal.h).
 * A `file` line's corpus is loaded before the results folder is made:
 * read once, whole (a pipe or FIFO cannot be read again), its header's
 * kernel checked first, its expected outputs checked when a file of
 * them lies beside it (expected.h), its oracle built, and its entries
 * renamed: by the recipe of its header when the file is what `gen`
 * writes for it, else after its content (family file-<hash>); one file
 * named twice, or two files of one content, make one corpus. A generated
 * corpus is made once per (kernel, family, size, count, seed), saved to
 * the data folder when there is one. Every corpus is recorded in the
 * JSON context, where the report reads it.
 *
 * Entries find their corpus by a scan of the slots, O(entries x corpora)
 * comparisons; loading, hashing and generating are linear in the corpus,
 * plus the oracle's own cost.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/expected.h"
#include "harness/gbench.h"
#include "run/gen.h"
#include "harness/harness_internal.h"
#include "pb_file.h"
#include "pb_limits.h"
#include "util/context_keys.h"

/* Loads a `file` line's corpus into slot s from its text (read here
 * when NULL; freed either way), its oracle built and checked against
 * the expected outputs beside it when there are any; neither when only
 * its name is wanted. */
static int load_file_corpus(struct corpus_slot *s,
                            const struct pb_suite_entry *x, char *text,
                            size_t len, bool names_only, struct pb_error *e)
{
    int rc = text ? 0 : pb_corpus_read(x->kernel, x->file, &text, &len, e);
    if (rc == 0)
        rc = pb_corpus_parse(x->kernel, x->file, text, len, &s->corpus, e);
    free(text);
    if (rc)
        return rc;
    s->file = x->file;
    s->extended = s->corpus.meta.kernel_line != 0;
    s->hash = pb_corpus_hash(&s->corpus);
    if (names_only)
        return 0;
    s->oracle = x->kernel->oracle.build(&s->corpus, e);
    char expected[PB_PATH_MAX];
    if (!s->oracle)
        rc = -ENOMEM; /* e says why */
    else if (pb_expected_path(x->file, expected, sizeof(expected)))
        rc = pb_fail(e, -ENAMETOOLONG,
                     "%s: the path of its expected outputs is too long",
                     x->file);
    else
        rc =
            pb_expected_check(&s->corpus, s->oracle, expected, &s->expected, e);
    if (rc) {
        if (s->oracle)
            x->kernel->oracle.free(s->oracle);
        pb_corpus_free(&s->corpus);
    }
    return rc;
}

/* Whether corpus c is what `gen` writes for the recipe its header names
 * (family, size, seed, its instance count, the generator's version):
 * the recipe's corpus generated afresh has c's content hash. Then the
 * recipe names c as it names a suite's generated corpus, which holds the
 * same bytes; an edited file, one of another generator version or one
 * without the header is not that corpus. O(generating the corpus). */
static bool made_by_its_header(const struct pb_corpus *c, uint64_t hash)
{
    const struct pb_corpus_meta *m = &c->meta;
    if (!m->kernel_line || !m->family[0] || !m->size_line || !m->generator)
        return false;
    struct pb_corpus again;
    struct pb_error ignored;
    if (pb_generate(c->kernel, m->family, m->size, c->count, m->seed, &again,
                    &ignored))
        return false;
    bool same =
        again.meta.generator == m->generator && pb_corpus_hash(&again) == hash;
    pb_corpus_free(&again);
    return same;
}

/* Loads the corpus of every `file` line, before the results folder is
 * made, so that a bad file leaves nothing behind; then names the lines'
 * entries: by the recipe of gen's header when the file is what that
 * recipe generates (made_by_its_header: family, size and seed of the
 * header, as a generated corpus), else after their content (family
 * file-<hash>, the header's size or the largest instance's, seed 0),
 * the instance count either way, as pb_harness_find_or_make_corpus
 * matches them. The content hash is recorded with either
 * (pb_harness_record_corpora, results.csv's corpus_hash). A file named
 * twice, or two files of the same content, make one corpus. */
int pb_harness_load_files(struct pb_suite *suite, struct corpus_slot *slots,
                          size_t *n, bool names_only, struct pb_error *e)
{
    pb_memory_cap_set(0); /* the harness's own work, as prepare_cases says */
    for (size_t i = 0; i < suite->count; i++) {
        struct pb_suite_entry *x = &suite->entries[i];
        if (!x->file[0] || strcmp(x->family, PB_SUITE_FILE))
            continue; /* generated, or loaded with an earlier entry */
        struct corpus_slot *s = &slots[*n];
        /* --corpus's text, read once when its header named the kernel */
        char *text = x->line == 0 ? suite->text : NULL;
        if (text)
            suite->text = NULL;
        int rc = load_file_corpus(s, x, text, suite->text_len, names_only, e);
        if (rc) {
            struct pb_error why = *e;
            if (x->line == 0) /* --corpus: the file is the whole suite */
                return rc;
            return pb_fail(e, rc, "%s:%u: %s", suite->path, (unsigned)x->line,
                           why.msg);
        }
        struct corpus_slot *same = NULL;
        for (size_t j = 0; j < *n && !same; j++)
            if (slots[j].file && slots[j].corpus.kernel == x->kernel &&
                slots[j].hash == s->hash)
                same = &slots[j];
        if (same) {
            if (s->oracle)
                x->kernel->oracle.free(s->oracle);
            pb_corpus_free(&s->corpus);
            memset(s, 0, sizeof(*s));
            s = same;
        } else {
            ++*n;
        }
        struct pb_corpus_meta *m = &s->corpus.meta;
        char family[sizeof(x->family)];
        bool recipe = same ? strncmp(m->family, PB_SUITE_FILE "-",
                                     strlen(PB_SUITE_FILE) + 1) != 0
                           : made_by_its_header(&s->corpus, s->hash);
        if (recipe)
            snprintf(family, sizeof(family), "%s", m->family);
        else
            snprintf(family, sizeof(family), PB_SUITE_FILE "-%016" PRIx64,
                     s->hash);
        struct pb_size size = pb_size_or_judge(x->kernel, &m->size);
        /* the corpus is known by these from now on
         * (pb_harness_find_or_make_corpus, pb_harness_record_corpora); a
         * header whose recipe does not give the file's bytes said how it
         * was made, not which it is */
        uint64_t seed = recipe ? m->seed : 0;
        snprintf(m->family, sizeof(m->family), "%s", family);
        m->size = size;
        m->seed = seed;
        for (size_t j = i; j < suite->count; j++) {
            struct pb_suite_entry *y = &suite->entries[j];
            if (y->kernel != x->kernel || strcmp(y->file, x->file))
                continue;
            snprintf(y->family, sizeof(y->family), "%s", family);
            y->size = size;
            y->count = s->corpus.count;
            y->seed = seed;
        }
    }
    return 0;
}

struct corpus_slot *
pb_harness_find_or_make_corpus(struct corpus_slot *slots, size_t *n,
                               const struct pb_suite_entry *x,
                               const char *data_dir, struct pb_error *e)
{
    for (size_t i = 0; i < *n; i++) {
        const struct pb_corpus *c = &slots[i].corpus;
        if (c->kernel == x->kernel && !strcmp(c->meta.family, x->family) &&
            pb_size_equal(&c->meta.size, &x->size) && c->count == x->count &&
            c->meta.seed == x->seed)
            return &slots[i];
    }
    if (x->file[0]) { /* pb_harness_load_files loaded it, or failed */
        pb_fail(e, -ENOENT, "%s: not loaded", x->file);
        return NULL;
    }
    struct corpus_slot *s = &slots[*n];
    char size[PB_SIZE_TEXT]; /* for file names and the corpus's source */
    if (pb_size_format(x->kernel, &x->size, size, sizeof(size))) {
        pb_fail(e, -ENAMETOOLONG, "%s: a size text of over %d characters",
                x->kernel->name, PB_SIZE_TEXT - 1);
        return NULL;
    }
    if (pb_generate(x->kernel, x->family, x->size, x->count, x->seed,
                    &s->corpus, e))
        return NULL;
    s->hash = pb_corpus_hash(&s->corpus);
    s->oracle = x->kernel->oracle.build(&s->corpus, e);
    if (!s->oracle) {
        pb_corpus_free(&s->corpus);
        return NULL;
    }
    if (data_dir) {
        char path[PB_PATH_MAX];
        if (snprintf(path, sizeof(path),
                     "%s/%s_%s_s%s_n%zu_seed%" PRIu64 ".txt", data_dir,
                     x->kernel->name, x->family, size, x->count,
                     x->seed) >= (int)sizeof(path)) {
            x->kernel->oracle.free(s->oracle);
            pb_corpus_free(&s->corpus);
            pb_fail(e, -ENAMETOOLONG, "%s: the corpus path is too long",
                    data_dir);
            return NULL;
        }
        for (char *p = path + strlen(data_dir) + 1; *p; p++)
            if (*p == ':')
                *p = '-';
        if (pb_corpus_save_own(&s->corpus, path, e)) {
            x->kernel->oracle.free(s->oracle);
            pb_corpus_free(&s->corpus);
            return NULL;
        }
    }
    snprintf(s->corpus.source, sizeof(s->corpus.source),
             "%s/%s/size:%s/n:%zu/seed:%" PRIu64, x->kernel->name, x->family,
             size, x->count, x->seed);
    ++*n;
    return s;
}

/* Records every corpus (kernel, family, size, count, seed, generator
 * version, content hash; for a file, its format and absolute path, last
 * as it may hold blanks) in the JSON context, under the key
 * corpus:KERNEL/FAMILY/size:S/n:N/seed:X. */
void pb_harness_record_corpora(const struct corpus_slot *slots, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char key[320], value[PB_PATH_MAX + 256], size[PB_SIZE_TEXT] = "";
        const struct pb_corpus *c = &slots[i].corpus;
        (void)pb_size_format(c->kernel, &c->meta.size, size, sizeof(size));
        snprintf(key, sizeof(key),
                 PB_CTX_CORPUS_PREFIX "%s/%s/size:%s/n:%zu/seed:%" PRIu64,
                 c->kernel->name, c->meta.family, size, c->count, c->meta.seed);
        int w = snprintf(value, sizeof(value),
                         "kernel=%s family=%s size=%s count=%zu seed=%" PRIu64
                         " generator=%d hash=%016" PRIx64,
                         c->kernel->name, c->meta.family, size, c->count,
                         c->meta.seed, c->meta.generator, slots[i].hash);
        char cwd[PB_PATH_MAX];
        const char *file = slots[i].file;
        bool relative = file && file[0] != '/' && getcwd(cwd, sizeof(cwd));
        if (file && w > 0 && (size_t)w < sizeof(value))
            snprintf(value + w, sizeof(value) - (size_t)w,
                     " format=%s expected_outputs=%s path=%s%s%s",
                     slots[i].extended ? "extended" : "judge",
                     slots[i].expected ? "checked" : "none",
                     relative ? cwd : "", relative ? "/" : "", file);
        pb_gb_add_context(key, value);
    }
}
