/*
 * fuzz_corpus.c - libFuzzer target: a corpus file whose "# kernel NAME"
 * header picks its kernel, as `bench --corpus PATH` reads it without
 * --kernel: the file read once (pb_corpus_read: the NUL check and the
 * input cap), pb_corpus_header_kernel on its '#' lines, then
 * pb_corpus_parse of the same text with the kernel named there (the
 * header's other keys: family, size through the kernel's pb_size_parse,
 * seed, count, generator). Seeds: fuzz/seeds/<kernel>/ (generated
 * corpora). O(input) per run, plus one file write.
 */
#include <stdlib.h>

#include "fuzz_util.h"
#include "pb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[1024], name[64], *text = NULL;
    size_t len = 0;
    uint32_t line;
    struct pb_error e = {{0}};
    fuzz_write("corpus.in", data, size, path, sizeof(path));
    int rc = pb_corpus_read(NULL, path, &text, &len, &e);
    fuzz_check_error(rc, &e);
    if (rc)
        return 0;
    pb_corpus_header_kernel(text, len, name, sizeof(name), &line);
    const struct pb_kernel *k = pb_kernel_find(name);
    struct pb_corpus c;
    rc = k ? pb_corpus_parse(k, path, text, len, &c, &e) : -EINVAL;
    if (k)
        fuzz_check_error(rc, &e);
    if (rc == 0) {
        (void)pb_corpus_hash(&c);
        pb_corpus_free(&c);
    }
    free(text);
    return 0;
}
