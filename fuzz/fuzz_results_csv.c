/*
 * fuzz_results_csv.c - libFuzzer target: a results.csv as `compare`
 * (readback_load, any benchmark name) and `plot` (READBACK_PUZZLEBENCH_ONLY)
 * read it: the header's columns (schema.h's layout), then each row's
 * identity, size in its kernel's syntax, counters and noise readings;
 * then what compare and plot compute from it (fuzz_results.c). An input
 * that opens with '{' or '[' is read as JSON, as readback_load does. Seeds:
 * tests/fixtures/ (scripts/fuzz.sh). O(input) per run, plus one file
 * write.
 */
#include "fuzz_results.h"
#include "fuzz_util.h"
#include "results/readback.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[1024];
    fuzz_write("results.csv", data, size, path, sizeof(path));
    struct readback t;
    struct pb_error e = {{0}};
    int rc = readback_load(path, &t, 0, &e);
    fuzz_check_error(rc, &e);
    if (rc == 0) {
        readback_free(&t);
        fuzz_results_use(path);
    }
    return 0;
}
