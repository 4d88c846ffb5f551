/*
 * pb_corpus.c - corpus storage, loading (the whole input read once,
 * bounded and checked for NUL bytes while it is read, by the reader every
 * input shares; then the header's kernel, then the kernel's reader),
 * saving (to the file the user named, or atomically into a folder of our
 * own: pb_file.h) and the content hash. Growth is geometric: appending n
 * instances, or reading n bytes, costs O(n) amortised.
 */
#include "pb_corpus.h"
#include "pb_file.h"
#include "pb_hash.h"
#include "pb_limits.h"
#include "pb_units.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pb_file.h"
#include "pb_hash.h"
#include "pb_kernel.h"
#include "pb_limits.h"

void pb_corpus_init(struct pb_corpus *c, const struct pb_kernel *k,
                    const char *source)
{
    memset(c, 0, sizeof(*c));
    c->kernel = k;
    snprintf(c->source, sizeof(c->source), "%s", source);
    snprintf(c->meta.kernel, sizeof(c->meta.kernel), "%s", k->name);
}

void pb_corpus_note_size(struct pb_corpus *c, struct pb_size size)
{
    if (!pb_size_set(&c->meta.largest) ||
        pb_size_value(c->kernel, &size) >
            pb_size_value(c->kernel, &c->meta.largest))
        c->meta.largest = size;
}

void *pb_corpus_push(struct pb_corpus *c, uint32_t line)
{
    size_t isz = c->kernel->instance_size;
    if (c->count == c->capacity) {
        size_t cap = c->capacity ? 2 * c->capacity : 64;
        unsigned char *items = realloc(c->items, cap * isz);
        if (!items)
            return NULL;
        c->items = items;
        uint32_t *lines = realloc(c->lines, cap * sizeof(*lines));
        if (!lines)
            return NULL;
        c->lines = lines;
        c->capacity = cap;
    }
    void *slot = c->items + c->count * isz;
    memset(slot, 0, isz);
    c->lines[c->count++] = line;
    return slot;
}

const void *pb_corpus_item(const struct pb_corpus *c, size_t i)
{
    return c->items + i * c->kernel->instance_size;
}

void pb_corpus_free(struct pb_corpus *c)
{
    if (c->kernel && c->kernel->format.instance_free)
        for (size_t i = 0; i < c->count; i++)
            c->kernel->format.instance_free(c->items +
                                            i * c->kernel->instance_size);
    free(c->items);
    free(c->lines);
    c->items = NULL;
    c->lines = NULL;
    c->count = c->capacity = 0;
}

static unsigned count_lines(const char *text, size_t len)
{
    unsigned n = 0;
    for (const char *p = text; (p = memchr(p, '\n', len - (size_t)(p - text)));
         p++)
        n++;
    return n;
}

int pb_input_read(FILE *f, const char *source, const char *as_text,
                  const char *whole, char **text, size_t *len,
                  struct pb_error *e)
{
    const uint64_t input_cap = pb_input_cap();
    const uint64_t limit = pb_add_sat(input_cap, 1); /* one past, to notice */
    size_t size = 1 << 16, n = 0; /* size keeps a byte for the terminator */
    char *buf = malloc(size);
    int rc = buf ? 0 : -ENOMEM;
    while (rc == 0) {
        size_t want = size - 1 - n;
        if ((uint64_t)n + want > limit)
            want = (size_t)(limit - n);
        size_t got = fread(buf + n, 1, want, f);
        /* the chunk just read: /dev/zero stops at its first */
        const char *nul = memchr(buf + n, '\0', got);
        n += got;
        if (nul) {
            unsigned line = 1 + count_lines(buf, (size_t)(nul - buf));
            rc = pb_fail(e, -EINVAL,
                         "%s:%u: binary data (a NUL byte); "
                         "expected %s as text",
                         source, line, as_text);
        } else if (n > input_cap) {
            char cap_text[32];
            pb_units_bytes(cap_text, sizeof(cap_text), (double)input_cap);
            rc = pb_fail(e, -EFBIG,
                         "%s: input larger than the input cap of %s; "
                         "expected %s of at most that size "
                         "(--max-input raises the cap)",
                         source, cap_text, whole);
        } else if (got < want) {
            break; /* the end, or an error: ferror says */
        } else if (n == size - 1) {
            /* doubling, but never past the cap and its one byte over */
            uint64_t bigger = size > SIZE_MAX / 2 ? SIZE_MAX : 2 * size;
            if (bigger > pb_add_sat(limit, 1))
                bigger = pb_add_sat(limit, 1);
            char *grown = realloc(buf, (size_t)bigger);
            if (!grown)
                rc = -ENOMEM;
            else
                buf = grown;
            size = (size_t)bigger;
        }
    }
    if (rc == -ENOMEM)
        rc = pb_fail(e, -ENOMEM, "%s: out of memory", source);
    if (rc == 0 && ferror(f))
        rc = pb_fail(e, -EIO, "%s: cannot read: %s", source, strerror(errno));
    if (rc) {
        free(buf);
        return rc;
    }
    /* rc == 0: buf was allocated, and n < size */
    /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return 0;
}

int pb_corpus_read(const struct pb_kernel *k, const char *path, char **text,
                   size_t *len, struct pb_error *e)
{
    const char *name = k ? k->name : "puzzlebench";
    FILE *f = path ? fopen(path, "rb") : stdin;
    if (!f)
        return pb_fail(e, -errno, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (path && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return pb_fail(e, -EISDIR, "%s: a folder; expected a %s corpus file",
                       path, name);
    }
    char as_text[64], whole[64];
    snprintf(as_text, sizeof(as_text), "%s input", name);
    snprintf(whole, sizeof(whole), "a %s corpus", name);
    int rc =
        pb_input_read(f, path ? path : "<stdin>", as_text, whole, text, len, e);
    if (path)
        fclose(f);
    return rc;
}

void pb_corpus_header_kernel(const char *text, size_t len, char *name,
                             size_t name_len, uint32_t *line)
{
    const char *p = text, *end = text + len;
    name[0] = '\0';
    *line = 0;
    for (uint32_t at = 1; !name[0] && p < end && *p == '#'; at++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        size_t n = (size_t)((eol ? eol : end) - p);
        char copy[256], key[16], value[64];
        snprintf(copy, sizeof(copy), "%.*s", (int)(n < 255 ? n : 255), p);
        if (sscanf(copy, "# %15s %63s", key, value) == 2 &&
            !strcmp(key, "kernel")) {
            snprintf(name, name_len, "%s", value);
            *line = at;
        }
        p = eol ? eol + 1 : end;
    }
}

static int wrong_kernel(const char *source, uint32_t line, const char *named,
                        const struct pb_kernel *k, struct pb_error *e)
{
    return pb_fail(e, -EINVAL,
                   "%s:%u: the header says kernel '%s'; "
                   "expected a %s corpus",
                   source, (unsigned)line, named, k->name);
}

int pb_corpus_parse(const struct pb_kernel *k, const char *source,
                    const char *text, size_t len, struct pb_corpus *c,
                    struct pb_error *e)
{
    pb_corpus_init(c, k, source);
    /* the header first: a file of another kernel says so, instead of
     * failing on the first line this kernel's reader cannot read */
    char named[64];
    uint32_t named_line;
    pb_corpus_header_kernel(text, len, named, sizeof(named), &named_line);
    if (named[0] && strcmp(named, k->name))
        return wrong_kernel(c->source, named_line, named, k, e);
    snprintf(c->meta.kernel, sizeof(c->meta.kernel), "%s", "");
    int rc = k->format.read(text, len, c, e);
    unsigned last_line = 1 + count_lines(text, len);
    if (len > 0 && text[len - 1] == '\n')
        last_line--;
    if (rc == 0 && c->meta.kernel[0] && strcmp(c->meta.kernel, k->name))
        rc = wrong_kernel(c->source, c->meta.kernel_line, c->meta.kernel, k, e);
    if (rc == 0 && c->meta.kernel_line && c->meta.bad_line)
        rc = pb_fail(e, -EINVAL, "%s:%u: # %s: expected a whole number",
                     c->source, (unsigned)c->meta.bad_line, c->meta.bad_key);
    /* the header's size in the kernel's syntax, in a corpus that has a
     * header (elsewhere "# size ..." is a comment); "0" is what corpora
     * without a size (judge input saved again) say */
    if (rc == 0 && c->meta.kernel_line && c->meta.size_text[0] &&
        strcmp(c->meta.size_text, "0")) {
        struct pb_error why;
        if (pb_size_parse(k, c->meta.size_text, &c->meta.size, &why))
            rc = pb_fail(e, -EINVAL, "%s:%u: # size: %s", c->source,
                         (unsigned)c->meta.size_line, why.msg);
    }
    /* the instances' own size names a corpus without a header's (judge
     * input, hand-written extended input), and a header's must agree */
    if (rc == 0 && pb_size_set(&c->meta.largest)) {
        char header[PB_SIZE_TEXT] = "", largest[PB_SIZE_TEXT] = "";
        if (!pb_size_set(&c->meta.size))
            c->meta.size = c->meta.largest;
        else if (!pb_size_equal(&c->meta.size, &c->meta.largest) &&
                 pb_size_format(k, &c->meta.size, header, sizeof(header)) ==
                     0 &&
                 pb_size_format(k, &c->meta.largest, largest,
                                sizeof(largest)) == 0)
            rc = pb_fail(e, -EINVAL,
                         "%s:%u: # size %s, but the largest instance is of "
                         "size %s; expected the instances' size",
                         c->source, (unsigned)c->meta.size_line, header,
                         largest);
    }
    if (rc == 0 && c->meta.count && c->meta.count != c->count)
        rc = pb_fail(e, -EINVAL,
                     "%s:%u: input ends after %zu instances, "
                     "but the header declares %zu (truncated file?)",
                     c->source, last_line, c->count, c->meta.count);
    if (rc == 0 && c->count == 0)
        rc = pb_fail(e, -EINVAL,
                     "%s:%u: expected at least one %s instance, "
                     "found none",
                     c->source, last_line, k->name);
    snprintf(c->meta.kernel, sizeof(c->meta.kernel), "%s", k->name);
    if (rc)
        pb_corpus_free(c);
    return rc;
}

int pb_corpus_load(const struct pb_kernel *k, const char *path,
                   struct pb_corpus *c, struct pb_error *e)
{
    bool is_stdin = !path || !strcmp(path, "-");
    const char *source = is_stdin ? "<stdin>" : path;
    char *text = NULL;
    size_t len = 0;
    int rc = pb_corpus_read(k, is_stdin ? NULL : path, &text, &len, e);
    /* text is read whenever rc == 0 (pb_fail returns its negative code) */
    if (rc == 0 && text)
        rc = pb_corpus_parse(k, source, text, len, c, e);
    else
        pb_corpus_init(c, k, source);
    free(text);
    return rc;
}

static int write_all(FILE *f, const struct pb_corpus *c)
{
    const struct pb_corpus_meta *m = &c->meta;
    char size[PB_SIZE_TEXT] = "0"; /* no size: what older corpora said */
    if (pb_size_set(&m->size) &&
        pb_size_format(c->kernel, &m->size, size, sizeof(size)))
        return -ENAMETOOLONG;
    fprintf(f,
            "# puzzlebench corpus\n# kernel %s\n# family %s\n# size %s\n"
            "# seed %llu\n# count %zu\n# generator %d\n",
            c->kernel->name, m->family, size, (unsigned long long)m->seed,
            c->count, m->generator);
    if (c->kernel->format.write_begin &&
        c->kernel->format.write_begin(f, c->count) < 0)
        return -EIO;
    for (size_t i = 0; i < c->count; i++)
        if (c->kernel->format.write_instance(f, pb_corpus_item(c, i),
                                             i ? pb_corpus_item(c, i - 1)
                                               : NULL) < 0)
            return -EIO;
    if (c->kernel->format.write_end && c->kernel->format.write_end(f) < 0)
        return -EIO;
    return ferror(f) ? -EIO : 0;
}

/* Writes c to path: the file the user named (pb_write_named) or, when
 * !named, a file of our own (pb_write_atomically). */
static int save(const struct pb_corpus *c, const char *path, bool named,
                struct pb_error *e)
{
    if (named && (!path || !strcmp(path, "-"))) {
        int rc = write_all(stdout, c);
        if (rc == 0 && fflush(stdout) != 0)
            rc = -EIO;
        return rc ? pb_fail(e, rc, "<stdout>: write error") : 0;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return pb_fail(e, -ENOMEM, "%s: out of memory", path);
    int rc = write_all(mem, c);
    if (fclose(mem) != 0 && rc == 0)
        rc = -ENOMEM;
    if (rc == 0)
        rc = named ? pb_write_named(path, text, len)
                   : pb_write_atomically(path, text, len);
    free(text);
    if (rc)
        return pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc));
    return 0;
}

int pb_corpus_save(const struct pb_corpus *c, const char *path,
                   struct pb_error *e)
{
    return save(c, path, true, e);
}

int pb_corpus_save_own(const struct pb_corpus *c, const char *path,
                       struct pb_error *e)
{
    return save(c, path, false, e);
}

uint64_t pb_corpus_bytes(const struct pb_kernel *k, uint64_t count)
{
    /* capacity reaches at most twice the count (at least the first 64),
     * and a realloc holds the old block beside the new one */
    uint64_t slots = pb_mul_sat(3, count < 64 ? 64 : count);
    return pb_mul_sat(slots, (uint64_t)k->instance_size + sizeof(uint32_t));
}

size_t pb_answer_size(const struct pb_corpus *c)
{
    const struct pb_kernel *k = c->kernel;
    return k->answer.size_for ? k->answer.size_for(c) : k->answer.size;
}

uint64_t pb_corpus_hash(const struct pb_corpus *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return 0;
    for (size_t i = 0; i < c->count; i++)
        c->kernel->format.write_instance(mem, pb_corpus_item(c, i),
                                         i ? pb_corpus_item(c, i - 1) : NULL);
    fclose(mem);
    uint64_t h = pb_fnv1a(buf, len);
    free(buf);
    return h;
}
