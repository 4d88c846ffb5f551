/*
 * provenance.h - what a result needs to be reproduced, added to the
 * Google Benchmark JSON "context" (and printed to the log): commit and
 * dirty flag, the build's identity (identity.h: the executable's SHA-256,
 * the diff of a dirty tree, its untracked files), compiler and flags,
 * library versions, OpenMP settings, every environment setting that may
 * change what is measured (knobs.h: env:NAME), core count, the CPUs this
 * process may use (cpus_granted, cpus_granted_by, cpu_affinity: cpus.h) and
 * the suite (its name, path and SHA-256); and the machine a paper describes
 * (cpu_model, cpu_cores, cpu_threads, memory_bytes, os, os_kernel,
 * openmp_version, igraph_version), which the report's Summary prints beside
 * Google Benchmark's own date, load average, clock and caches.
 */
#ifndef PROVENANCE_H
#define PROVENANCE_H

#include "results/folder.h"

/* The commit of the source tree this binary was built from and whether
 * the tree was dirty ("true", "false" or "unknown"): PB_COMMIT and
 * PB_DIRTY when both are set (a bundle on a machine without the tree),
 * else git in the source tree at run time, else "unknown". */
void pb_provenance_commit(char *commit, size_t commit_len, const char **dirty);

/* Every key into results (results.json's context and log.txt), the
 * build's identity (identity.h) with them, and build.diff into the
 * results folder for a tree with changes. */
struct pb_suite;
void pb_provenance_record(struct pb_results *results,
                          const struct pb_suite *suite, int max_threads);
/* One more "# key value" record: in results.json's context and log.txt,
 * control bytes in value written escaped (\x1b). */
void pb_provenance_add(struct pb_results *results, const char *key,
                       const char *value);
/* When the suite asks for more threads than the CPUs this process may
 * use (pb_cpus_granted), one warning on stderr and in the log naming
 * those thread counts and what bounds the CPUs. */
void pb_provenance_warn_threads(struct pb_results *results,
                                const struct pb_suite *suite);

#endif
