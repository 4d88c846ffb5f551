/*
 * provenance.h - what a result needs to be reproduced, added to the
 * Google Benchmark JSON "context" (and printed to the log): commit and
 * dirty flag, compiler and flags, library versions, OpenMP settings, core
 * count and the suite; and the machine a paper describes (cpu_model,
 * cpu_cores, cpu_threads, memory_bytes, os, os_kernel, openmp_version,
 * igraph_version), which the report's Summary prints beside Google
 * Benchmark's own date, load average, clock and caches.
 */
#ifndef PROVENANCE_H
#define PROVENANCE_H

#include "results.h"

/* The commit of the source tree this binary was built from and whether
 * the tree was dirty ("true", "false" or "unknown"): PB_COMMIT and
 * PB_DIRTY when both are set (a bundle on a machine without the tree),
 * else git in the source tree at run time, else "unknown". */
void pb_provenance_commit(char *commit, size_t commit_len, const char **dirty);

void pb_provenance_record(struct pb_results *results, const char *suite,
                          int max_threads);
/* One more "# key value" record: in results.json's context and log.txt. */
void pb_provenance_add(struct pb_results *results, const char *key,
                       const char *value);

#endif
