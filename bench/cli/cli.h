/*
 * cli.h - the verbs of the puzzlebench command line and their shared
 * helpers. Each verb lives in cmd_<verb>.c, parses its own options with
 * getopt_long and returns an exit code: 0 success, 1 wrong answers or bad
 * data, 2 usage error.
 */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pb.h"
#include "util/exit.h"

int cmd_list(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_census(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_history(int argc, char **argv);
int cmd_publish(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);

struct option;

/* Message for the option getopt_long just rejected: c is ':' for a
 * missing value, '?' for an unknown option (optstring starts with ':');
 * an unknown long option gets the closest of the verb's options (its
 * getopt_long table, ended by a NULL name) and the list of them
 * (util/suggest.h). */
int cli_bad_option(const char *verb, int argc, char **argv, int c,
                   const struct option *options);
/* The target of root/latest into target ("" when there is none). */
void cli_bench_latest(const char *root, char *target, size_t len);
/* After bench or run: the run's folder (root/latest, when the run moved
 * it from `before`) indexed in the results store db (NULL:
 * root/puzzlebench.db), saved as baseline when that is not NULL and the
 * run's exit status rc is 0. Returns rc, or 1 after a message when the
 * store could not be written. */
int cli_bench_index(const char *verb, const char *root, const char *before,
                    const char *db, const char *baseline, int rc);
/* Kernel by name, or NULL after a usage message with the closest name
 * and the list of kernels. */
const struct pb_kernel *cli_kernel(const char *verb, const char *name);
/* Variant by name, or NULL after a usage message with the closest name
 * and the list of variants. */
const struct pb_variant *
cli_variant(const char *verb, const struct pb_kernel *k, const char *name);
/* Strict integer option parsing: false after a usage message. */
bool cli_long(const char *verb, const char *option, const char *text, long min,
              long max, long *out);
bool cli_u64(const char *verb, const char *option, const char *text,
             uint64_t *out);
/* A byte size N[K|M|G|T] (pb_parse_bytes), at least 1: false after a
 * usage message. */
bool cli_bytes(const char *verb, const char *option, const char *text,
               uint64_t *out);
/* --max-memory and --max-input: the size parsed (cli_bytes) and made the
 * process's memory or input cap (pb_limits.h); false after a usage
 * message. */
bool cli_set_memory_cap(const char *verb, const char *text);
bool cli_set_input_cap(const char *verb, const char *text);
/* A percentage option (--band, --fail-above) from 0 up to below max
 * (INFINITY: no bound): false after a usage message ("--band expects a
 * percentage >= 0 and below 100, found 'x'"). */
bool cli_percent(const char *verb, const char *option, const char *text,
                 double max, double *out);
/* --clock cpu|wall: the readback_load flag it asks for (readback.h
 * readback_clock_parse) into *flag; false after a usage message ("--clock
 * 'X'; expected cpu or wall"). */
bool cli_clock(const char *verb, const char *text, unsigned *flag);

#endif
