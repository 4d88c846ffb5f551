/*
 * provenance.h - what a result needs to be reproduced, added to the
 * Google Benchmark JSON "context" (and printed to the log): commit and
 * dirty flag, compiler and flags, library versions, OpenMP settings, core
 * count and the suite.
 */
#ifndef PROVENANCE_H
#define PROVENANCE_H

#include "results.h"

void pb_provenance_record(struct pb_results *results, const char *suite,
                          int max_threads);

#endif
