/*
 * context.h - a results folder's results.json read back: the one loader
 * of the document (results.json, or any JSON file puzzlebench reads
 * back, such as calibration.json) and of its "context" object (the
 * machine, the build's identity, the suite, the knobs), under the key
 * names of util/context_keys.h, which this header brings. Files are
 * read with the readers' checks: a regular file only (readback_open: a FIFO
 * would block), Google Benchmark's bare NaN and Infinity as null
 * (readback_json_loadf), a message that names the file, line and column.
 * O(file).
 */
#ifndef PB_RESULTS_CONTEXT_H
#define PB_RESULTS_CONTEXT_H

#include "util/context_keys.h"

struct json_t;
struct pb_error; /* pb.h */

/* The JSON file at path into *root (a new reference: json_decref it),
 * or *root NULL and a negative code: -ENOENT when there is no file, else
 * e says "PATH: ..., not a regular file; expected WHAT" (or "cannot
 * open") or "PATH:LINE:COLUMN: TEXT; expected WHAT" for a file that does
 * not parse. e may be NULL. */
int pb_json_load(const char *path, const char *what, struct json_t **root,
                 struct pb_error *e);
/* The context object of a results.json document (borrowed from root),
 * or NULL when it has none. */
struct json_t *pb_context_in(const struct json_t *root);
/* The context of the results.json at path: a new reference (json_decref
 * it), or NULL when the file is missing, unreadable or has no context
 * object. */
struct json_t *pb_context_of_file(const char *path);
/* DIR/results.json's context, as pb_context_of_file. */
struct json_t *pb_context_of(const char *dir);
/* The string value of key (PB_CTX_...) in context, NULL when either is
 * absent or the value is not a string. */
const char *pb_context_text(const struct json_t *context, const char *key);

#endif
