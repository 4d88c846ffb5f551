/*
 * spawn.h - running another program and waiting for it: argv[0] found
 * on PATH, in a given working folder, stdin from /dev/null, its output
 * either appended to a log file or captured into memory. For `history`,
 * which runs git, cmake and other builds of puzzlebench; no shell is
 * involved, so no argument is ever re-parsed.
 */
#ifndef PB_SPAWN_H
#define PB_SPAWN_H

#include <stddef.h>

/* Runs argv (NULL-terminated) in folder dir (NULL: this one), its
 * standard output and error appended to log (NULL: discarded). Its exit
 * status, 128 + the signal that ended it, or -1 when it could not be
 * started. */
int pb_spawn_log(const char *const *argv, const char *dir, const char *log);

/* The same with its standard output captured into *out (malloc'ed,
 * NUL-terminated, at most cap bytes kept; *out NULL when it could not be
 * started), its standard error discarded. */
int pb_spawn_capture(const char *const *argv, const char *dir, char **out,
                     size_t cap);

#endif
