/*
 * pb_file.h - how puzzlebench writes files. Two kinds of target:
 *
 * Files of its own (pb_write_atomically, pb_temp_create and
 * pb_temp_commit): results, summaries, reports, figures and the corpora
 * of --data, inside a folder the user named or one puzzlebench made.
 * Whole or not at all: the text goes to a fresh temporary beside the
 * target, created with O_CREAT | O_EXCL | O_NOFOLLOW (so a file or
 * symlink planted at its name is never opened), synced, then renamed
 * over the target, so a reader (or an interrupted run) sees the old
 * file or the new one. A link is never followed there: a symbolic link,
 * device, FIFO or socket at the target's name is refused (-ELOOP,
 * -ENOTSUP; pb_file_error says so), not replaced or written through.
 *
 * A file the user names (pb_write_named: gen -o FILE) is written where
 * shell redirection would write it: a device or FIFO in place (opened
 * O_WRONLY, never created or replaced; a FIFO waits for its reader); a
 * symbolic link followed to its final target, which is replaced
 * atomically as above, so the link stays. A link of /proc (/dev/stdout,
 * /dev/fd/N) leads to the open file's name; where that name is not the
 * file (a pipe, a deleted file) the file is reopened and written in
 * place. "-" for standard output is the caller's (pb_corpus_save).
 *
 * Temporaries are named TARGET.tmp.<pid>.<12 hex> (28 characters after
 * TARGET at most). A PID does not tell whether a temporary is in use: a
 * writer in another PID namespace (a container) or on another node
 * sharing the folder (NFS, Lustre) has a PID that looks dead here. So
 * the writer holds flock(LOCK_EX) on its temporary from creation until
 * it is renamed, and pb_remove_stale_temporaries removes a temporary
 * only when it can take that lock itself and the file is at least
 * PB_TEMP_STALE_SECONDS old (the age covers the moment between
 * creation and lock, and file systems whose locks do not reach other
 * nodes); a temporary whose lock it cannot test stays. Names of earlier
 * runs follow the same rule. Plain C with a C++ guard: gbench.cc calls
 * it too. O(len) a write; O(entries) a sweep.
 */
#ifndef PB_FILE_H
#define PB_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Longest path these functions handle, temporaries' suffix included. */
#define PB_PATH_MAX 1024
/* Age (of the last change) under which a temporary, or a link
 * temporary (results.c), counts as in use whatever its name says:
 * writers rename theirs within seconds, gnuplot draws for seconds. */
#define PB_TEMP_STALE_SECONDS 600

/* Creates an empty temporary file beside path (mode 0666 less the
 * umask), locked (flock) until pb_temp_commit; its name goes to tmp
 * (PB_PATH_MAX bytes). Returns an open file descriptor, or a negative
 * errno-style code (-ENAMETOOLONG when the name does not fit). */
int pb_temp_create(const char *path, char *tmp);
/* Syncs fd and renames tmp over path, a file of puzzlebench's own (it
 * must be a regular file or absent: -ELOOP for a symbolic link, -ENOTSUP
 * for a device, FIFO or socket), then closes fd; on any failure removes
 * tmp. 0, or a negative errno-style code (the real cause, such as
 * -ENOSPC). */
int pb_temp_commit(int fd, const char *tmp, const char *path);
/* Writes a file of puzzlebench's own through a temporary: 0, or a
 * negative errno-style code (nothing is left behind then). */
int pb_write_atomically(const char *path, const char *text, size_t len);
/* Writes the file the user named, as the opening comment says: 0, or a
 * negative errno-style code (-EISDIR for a folder). */
int pb_write_named(const char *path, const char *text, size_t len);
/* What rc, a negative code of these functions, means, for "PATH:
 * cannot write: %s": strerror's text, said plainly for -ELOOP and
 * -ENOTSUP. */
const char *pb_file_error(int rc);
/* Opens path to read without waiting on it first (opening a FIFO that
 * nobody writes blocks forever), then looks at what it is (*st): a
 * regular file, or when devices is true a device too (a link to
 * /dev/zero is then read, and bounded, like a file), comes back as a
 * blocking stream in *out; anything else (a FIFO, a folder, a socket)
 * is closed again: -EINVAL, pb_file_kind(st) saying what it was. 0, or
 * a negative errno-style code (-ENOENT for a missing file). The one
 * opener of the results and expected outputs puzzlebench finds by name
 * or reads back. */
int pb_open_input(const char *path, bool devices, FILE **out, struct stat *st);
/* What st is, for a message: "a FIFO", "a folder", "a device", "a
 * socket", "a symbolic link" or "a regular file". */
const char *pb_file_kind(const struct stat *st);
/* st (an lstat or fstat) was last changed PB_TEMP_STALE_SECONDS ago or
 * more. */
bool pb_temp_old(const struct stat *st);
/* Removes the temporaries (NAME.tmp.<pid>.<random>) in dir that nobody
 * holds and that are old enough (see above); returns how many. */
int pb_remove_stale_temporaries(const char *dir);

#ifdef __cplusplus
}
#endif

#endif
