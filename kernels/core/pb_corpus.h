/*
 * pb_corpus.h - a corpus: the instances of one kernel as read from a file
 * or generated, with what it records about itself (the "# key value"
 * header), and the functions that store, read, parse, save and hash it
 * (pb_corpus.c). Every input is read once, whole, into memory; parsing
 * is the kernel's reader (pb_kernel.h), called by pb_corpus_parse.
 */
#ifndef PB_CORPUS_H
#define PB_CORPUS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pb_error.h"
#include "pb_size.h"

struct pb_kernel;

/* What a generated corpus records about itself (the "# key value" header).
 * A judge-format input leaves family empty, size {0, 0} and seed 0. */
struct pb_corpus_meta {
    char kernel[32];
    char family[32];     /* e.g. "uniform" or "depth:14" */
    struct pb_size size; /* the kernel's size (ring width, board, N) */
    uint64_t seed;
    size_t count;  /* declared count; 0 when not declared */
    int generator; /* generator version that wrote it; 0 if not generated */
    uint32_t kernel_line; /* line of the "# kernel" header, for messages */
    /* The "# size" header as written, and its line: the scanner knows no
     * kernel, so pb_corpus_load parses it into size with the kernel's
     * syntax after reading ("" when absent). */
    char size_text[PB_SIZE_TEXT];
    uint32_t size_line;
    /* The largest instance's size, noted by the kernel's reader for every
     * instance it reads (pb_corpus_note_size); {0, 0} when none was.
     * pb_corpus_load names a corpus without a "# size" by it, and refuses
     * a "# size" that differs from it. */
    struct pb_size largest;
    /* The first "# seed", "# count" or "# generator" line whose value is
     * not a whole number, and its key (0 and "" when none): refused by
     * pb_corpus_load in a corpus with a "# kernel" header. */
    uint32_t bad_line;
    char bad_key[16];
};

/* A list of instances of one kernel, as read from a file or generated. */
struct pb_corpus {
    const struct pb_kernel *kernel;
    char source[256]; /* file name, "<stdin>" or "<generated>" */
    struct pb_corpus_meta meta;
    size_t count;
    size_t capacity;
    unsigned char *items; /* count * kernel->instance_size bytes */
    uint32_t *lines;      /* input line where each instance starts */
};

/* Corpus storage. */
void pb_corpus_init(struct pb_corpus *c, const struct pb_kernel *k,
                    const char *source);
/* Notes one instance's size in c->meta.largest (a reader calls it for
 * every instance it reads, the judge's size included). */
void pb_corpus_note_size(struct pb_corpus *c, struct pb_size size);
/* Appends a zeroed instance slot starting at input line `line`; NULL when
 * out of memory. */
void *pb_corpus_push(struct pb_corpus *c, uint32_t line);
const void *pb_corpus_item(const struct pb_corpus *c, size_t i);
void pb_corpus_free(struct pb_corpus *c);

/* Reads all of f into a malloc'ed buffer, NUL-terminated (*len bytes
 * before the terminator). Every input is read once, whole, by this: a
 * pipe or FIFO cannot be read twice, so whatever is learnt from an input
 * (its header, its hash, its instances) is learnt from this buffer.
 * Refuses while it reads, so that /dev/zero or an endless pipe stops at
 * once: a NUL byte (-EINVAL, "SOURCE:LINE: binary data (a NUL byte);
 * expected AS_TEXT as text") or more than pb_input_cap() bytes (-EFBIG,
 * "SOURCE: input larger than the input cap of N; expected WHOLE of at
 * most that size (--max-input raises the cap)"). */
int pb_input_read(FILE *f, const char *source, const char *as_text,
                  const char *whole, char **text, size_t *len,
                  struct pb_error *e);
/* A corpus file's whole text, read once (pb_input_read); path NULL is
 * standard input ("<stdin>" in messages); a folder is refused. k names
 * the kernel in messages; NULL when it is not known yet (the header will
 * say). */
int pb_corpus_read(const struct pb_kernel *k, const char *path, char **text,
                   size_t *len, struct pb_error *e);
/* The kernel a corpus text's leading comment lines name ("# kernel
 * NAME", as gen writes it) into name, and its line; "" and 0 when they
 * name none (a judge-format file). */
void pb_corpus_header_kernel(const char *text, size_t len, char *name,
                             size_t name_len, uint32_t *line);
/* Parses a corpus text with the kernel's reader into c, including the
 * "# key value" header of generated corpora (a header naming another
 * kernel is refused before the reader starts); source names the text in
 * messages. */
int pb_corpus_parse(const struct pb_kernel *k, const char *source,
                    const char *text, size_t len, struct pb_corpus *c,
                    struct pb_error *e);
/* pb_corpus_read then pb_corpus_parse: path "-" or NULL is stdin. */
int pb_corpus_load(const struct pb_kernel *k, const char *path,
                   struct pb_corpus *c, struct pb_error *e);
/* Writes header and instances to the file the user named ("-" or NULL
 * for stdout; see pb_write_named in pb_file.h: a regular file through a
 * temporary renamed into place, so a failed write never leaves a
 * half-written corpus; a device or FIFO in place; a symlink followed). */
int pb_corpus_save(const struct pb_corpus *c, const char *path,
                   struct pb_error *e);
/* The same for a corpus in a folder of puzzlebench's own (run --data):
 * always through a temporary, never through a symbolic link. */
int pb_corpus_save_own(const struct pb_corpus *c, const char *path,
                       struct pb_error *e);
/* The bytes of one answer of corpus c (its kernel's answer.size_for, or
 * answer.size); answers of a corpus are laid out at this stride, and the
 * runner clears each slot before the variant writes its answer. */
size_t pb_answer_size(const struct pb_corpus *c);
/* The most heap bytes a corpus of `count` instances of k takes while it
 * grows (instances and line numbers, geometric growth and the copy of a
 * realloc included), without what instances own (cubing's turns);
 * saturating. For generators' estimates. */
uint64_t pb_corpus_bytes(const struct pb_kernel *k, uint64_t count);
/* FNV-1a 64 over the instances as the extended format writes them. */
uint64_t pb_corpus_hash(const struct pb_corpus *c);

#endif
