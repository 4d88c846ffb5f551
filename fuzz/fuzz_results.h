/*
 * fuzz_results.h - what `compare` and `plot` do with a results file once
 * read, for the two results targets (fuzz_results_csv.c,
 * fuzz_results_json.c). See fuzz_results.c.
 */
#ifndef FUZZ_RESULTS_H
#define FUZZ_RESULTS_H

/* Runs compare (A and B both path), plot's summary CSV (into the private
 * folder) and the report's winners on the results file path, writing
 * their text to /dev/null. Aborts when a refusal is not one message. */
void fuzz_results_use(const char *path);

#endif
