/*
 * knobs.h - the environment as part of what is measured. Every variable
 * named PB_*, OMP_*, GOMP_* or KMP_* (puzzlebench's own, and OpenMP's in
 * libgomp and LLVM's libomp), MALLOC_CONF and JE_MALLOC_CONF (jemalloc)
 * and LD_PRELOAD (another allocator or library under the timed code) is
 * recorded with every result as the context key env:NAME, so that two
 * runs that differ in one show it in compare's provenance diff.
 *
 * The PB_* variables puzzlebench reads are listed in one table (knobs.c),
 * each with the check of its value where a value can be wrong: before
 * bench, run, solve and verify start, a misspelt value is refused (never
 * measured as the default), and a PB_* name puzzlebench does not read is
 * named in a warning with the nearest name it does read.
 */
#ifndef KNOBS_H
#define KNOBS_H

#include "pb.h"
#include "results/folder.h"

/* Checks the environment for `verb`: a warning on stderr, "puzzlebench
 * VERB: warning: PB_SMID is not a variable puzzlebench reads (did you
 * mean PB_SIMD?)", for each unknown PB_* name (quiet when quiet is
 * true: an MPI process other than 0); then each known variable's value:
 * 0, or -EINVAL with e saying which and what was expected ("environment
 * PB_SIMD=Scalar: expected scalar, ssse3 or avx2"). O(environment). */
int pb_knobs_check(const char *verb, bool quiet, struct pb_error *e);

/* Calls add(r, "env:NAME", value) (provenance.h's pb_provenance_add:
 * results.json's context and log.txt) for every variable of the kinds
 * above, in name order; a value over 1024 bytes is cut and says its
 * size. O(environment log environment). */
void pb_knobs_record(struct pb_results *r,
                     void (*add)(struct pb_results *r, const char *key,
                                 const char *value));

#endif
