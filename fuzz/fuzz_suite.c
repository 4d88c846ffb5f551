/*
 * fuzz_suite.c - libFuzzer target: suite files (suite.h: repetitions,
 * min_time, budget, memory, threads, time, bench and census lines, sizes
 * in each kernel's syntax through pb_size_parse), through pb_suite_load
 * as `bench` and `run` read them. Seeds: bench/suites/. O(input) per
 * run, plus one file write.
 */
#include "fuzz_util.h"
#include "harness/suite.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[1024];
    struct pb_suite s;
    struct pb_error e = {{0}};
    fuzz_write("fuzz.suite", data, size, path, sizeof(path));
    int rc = pb_suite_load(path, &s, &e);
    fuzz_check_error(rc, &e);
    if (rc == 0)
        pb_suite_free(&s);
    return 0;
}
