/*
 * pb_file.h - whole-file writes that never leave a half-written file:
 * the text goes to PATH.tmp.<pid>, then rename() replaces PATH, so a
 * reader (or an interrupted run) sees the old file or the new one. Used
 * for corpora, results CSV and the Google Benchmark JSON snapshots.
 * Plain C with a C++ guard: gbench.cc calls it too.
 */
#ifndef PB_FILE_H
#define PB_FILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 0, or a negative errno-style code (nothing is left behind then). */
int pb_write_atomically(const char *path, const char *text, size_t len);

#ifdef __cplusplus
}
#endif

#endif
