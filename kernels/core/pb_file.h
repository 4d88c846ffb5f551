/*
 * pb_file.h - whole-file writes that never leave a half-written file and
 * cannot be redirected: the text goes to a fresh temporary beside the
 * target, created with O_CREAT | O_EXCL | O_NOFOLLOW (so a file or
 * symlink planted at its name is never opened), synced, then rename()
 * replaces the target, so a reader (or an interrupted run) sees the old
 * file or the new one. Temporaries are named TARGET.tmp.<pid>.<random>,
 * so the next run in a folder can remove those of dead processes. Used
 * for corpora, results CSV and JSON, summaries, reports and figures.
 * Plain C with a C++ guard: gbench.cc calls it too.
 */
#ifndef PB_FILE_H
#define PB_FILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Longest path these functions handle, temporaries' suffix included. */
#define PB_PATH_MAX 1024

/* Creates an empty temporary file beside path (mode 0666 less the
 * umask); its name goes to tmp (PB_PATH_MAX bytes). Returns an open file
 * descriptor, or a negative errno-style code (-ENAMETOOLONG when the
 * name does not fit). */
int pb_temp_create(const char *path, char *tmp);
/* Syncs and closes fd, then renames tmp over path; on any failure
 * removes tmp. 0, or a negative errno-style code (the real cause, such
 * as -ENOSPC). */
int pb_temp_commit(int fd, const char *tmp, const char *path);
/* 0, or a negative errno-style code (nothing is left behind then). */
int pb_write_atomically(const char *path, const char *text, size_t len);
/* Removes the temporaries (NAME.tmp.<pid>.<random>) in dir whose process
 * no longer runs; returns how many. */
int pb_remove_stale_temporaries(const char *dir);

#ifdef __cplusplus
}
#endif

#endif
