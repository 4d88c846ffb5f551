/*
 * pb_corpus.c - corpus storage, loading (whole file, then the kernel's
 * reader), atomic saving (temporary file + rename) and the content hash.
 * Growth is geometric: appending n instances costs O(n) amortised.
 */
#include "pb_file.h"
#include "pb_limits.h"
#include "pb_scan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
    if (c->kernel && c->kernel->instance_free)
        for (size_t i = 0; i < c->count; i++)
            c->kernel->instance_free(c->items + i * c->kernel->instance_size);
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

/* Reads all of f into a malloc'ed buffer, refusing while it reads: a NUL
 * byte (binary data, checked chunk by chunk so /dev/zero stops at once)
 * or more than pb_input_cap() bytes (so an endless or huge input stops at
 * the cap, not when memory runs out). */
static int slurp(FILE *f, const struct pb_kernel *k, const char *source,
                 char **out, size_t *len, struct pb_error *e)
{
    const uint64_t input_cap = pb_input_cap();
    const uint64_t limit = pb_add_sat(input_cap, 1); /* one past, to notice */
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    int rc = 0;
    while (buf && rc == 0) {
        size_t want = cap - n;
        if ((uint64_t)n + want > limit)
            want = (size_t)(limit - n);
        size_t got = fread(buf + n, 1, want, f);
        const char *nul = memchr(buf + n, '\0', got);
        n += got;
        if (nul) {
            unsigned line = 1 + count_lines(buf, (size_t)(nul - buf));
            rc = pb_fail(e, -EINVAL,
                         "%s:%u: binary data (a NUL byte); "
                         "expected %s input as text",
                         source, line, k->name);
        } else if (n > input_cap) {
            char text[32];
            pb_bytes_text(input_cap, text, sizeof(text));
            rc = pb_fail(e, -EFBIG,
                         "%s: input larger than the input cap of %s; "
                         "expected a %s corpus of at most that size "
                         "(--max-input raises the cap)",
                         source, text, k->name);
        } else if (got < want) {
            break;
        } else if (n == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger)
                break;
            buf = bigger;
            cap *= 2;
        }
    }
    if (rc == 0 && (!buf || n == cap))
        rc = pb_fail(e, -ENOMEM, "%s: out of memory", source);
    if (rc == 0 && ferror(f))
        rc = pb_fail(e, -EIO, "%s: read error", source);
    if (rc) {
        free(buf);
        return rc;
    }
    *out = buf;
    *len = n;
    return 0;
}

int pb_corpus_load(const struct pb_kernel *k, const char *path,
                   struct pb_corpus *c, struct pb_error *e)
{
    bool is_stdin = !path || !strcmp(path, "-");
    pb_corpus_init(c, k, is_stdin ? "<stdin>" : path);
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return pb_fail(e, -errno, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (!is_stdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return pb_fail(e, -EISDIR, "%s: a folder; expected a %s corpus file",
                       path, k->name);
    }
    size_t len = 0;
    char *text = NULL;
    int read_rc = slurp(f, k, c->source, &text, &len, e);
    if (!is_stdin)
        fclose(f);
    if (read_rc)
        return read_rc;
    snprintf(c->meta.kernel, sizeof(c->meta.kernel), "%s", "");
    int rc = k->read(text, len, c, e);
    unsigned last_line = 1 + count_lines(text, len);
    if (len > 0 && text[len - 1] == '\n')
        last_line--;
    free(text);
    if (rc == 0 && c->meta.kernel[0] && strcmp(c->meta.kernel, k->name))
        rc = pb_fail(e, -EINVAL,
                     "%s:%u: the header says kernel '%s'; "
                     "expected a %s corpus",
                     c->source, (unsigned)c->meta.kernel_line, c->meta.kernel,
                     k->name);
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
    if (c->kernel->write_begin && c->kernel->write_begin(f, c->count) < 0)
        return -EIO;
    for (size_t i = 0; i < c->count; i++)
        if (c->kernel->write_instance(f, pb_corpus_item(c, i),
                                      i ? pb_corpus_item(c, i - 1) : NULL) < 0)
            return -EIO;
    if (c->kernel->write_end && c->kernel->write_end(f) < 0)
        return -EIO;
    return ferror(f) ? -EIO : 0;
}

int pb_corpus_save(const struct pb_corpus *c, const char *path,
                   struct pb_error *e)
{
    if (!path || !strcmp(path, "-")) {
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
        rc = pb_write_atomically(path, text, len);
    free(text);
    if (rc)
        return pb_fail(e, rc, "%s: cannot write: %s", path, strerror(-rc));
    return 0;
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
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 offset basis */
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return 0;
    for (size_t i = 0; i < c->count; i++)
        c->kernel->write_instance(mem, pb_corpus_item(c, i),
                                  i ? pb_corpus_item(c, i - 1) : NULL);
    fclose(mem);
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)buf[i];
        h *= 0x100000001b3ull; /* FNV-1a 64 prime */
    }
    free(buf);
    return h;
}
