/*
 * context.h - a results folder's context: the "context" object of its
 * results.json (the machine, the build's identity, the suite, the
 * knobs), read back with the readers' checks (tidy_open,
 * tidy_json_loadf). O(file).
 */
#ifndef PB_RESULTS_CONTEXT_H
#define PB_RESULTS_CONTEXT_H

struct json_t;

/* DIR/results.json's context: a new reference (json_decref it), or NULL
 * when the file is missing, unreadable or has no context object. */
struct json_t *pb_context_of(const char *dir);

#endif
