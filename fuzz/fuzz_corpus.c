/*
 * fuzz_corpus.c - libFuzzer target: a corpus file whose "# kernel NAME"
 * header picks its kernel, as `bench --corpus PATH` reads it without
 * --kernel: pb_suite_file_kernel (the '#' lines it opens with), then
 * pb_corpus_load with the kernel named there (the header's other keys:
 * family, size through the kernel's pb_size_parse, seed, count,
 * generator). Seeds: fuzz/seeds/<kernel>/ (generated corpora). O(input)
 * per run, plus one file write.
 */
#include "fuzz_util.h"
#include "pb.h"
#include "suite.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[1024], name[64];
    uint32_t line;
    struct pb_error e = {{0}};
    fuzz_write("corpus.in", data, size, path, sizeof(path));
    int rc = pb_suite_file_kernel(path, name, sizeof(name), &line, &e);
    fuzz_check_error(rc, &e);
    const struct pb_kernel *k = rc == 0 ? pb_kernel_find(name) : NULL;
    if (!k)
        return 0;
    struct pb_corpus c;
    rc = pb_corpus_load(k, path, &c, &e);
    fuzz_check_error(rc, &e);
    if (rc == 0) {
        (void)pb_corpus_hash(&c);
        pb_corpus_free(&c);
    }
    return 0;
}
