/*
 * fuzz_kernel.h - the body of the four kernel targets (fuzz_cubing.c,
 * fuzz_cube_walk.c, fuzz_magic_squares.c, fuzz_cubic_eight.c), included
 * after `#define FUZZ_KERNEL "name"`: one input is a whole corpus file
 * of that kernel, judge or extended format, "# key value" header or
 * not, read as `solve`, `verify` and `bench --corpus` read it
 * (pb_corpus_load: the whole file, then the kernel's read hook, then the
 * header's size through pb_size_parse and the declared count). A corpus
 * it accepts is hashed (pb_corpus_hash writes every instance back in the
 * extended format), so the writers meet every instance the reader lets
 * through. Cost: O(input) per run, plus one file write.
 */
#include <stdlib.h>

#include "fuzz_util.h"
#include "pb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const struct pb_kernel *k;
    if (!k && !(k = pb_kernel_find(FUZZ_KERNEL)))
        abort();
    char path[1024];
    fuzz_write("input.in", data, size, path, sizeof(path));
    struct pb_corpus c;
    struct pb_error e = {{0}};
    int rc = pb_corpus_load(k, path, &c, &e);
    fuzz_check_error(rc, &e);
    if (rc == 0) {
        (void)pb_corpus_hash(&c);
        pb_corpus_free(&c);
    }
    return 0;
}
