/*
 * context.c - a results folder's results.json and its context read back
 * (context.h): opened with readback_open, parsed with readback_json_loadf (both
 * readback.h), so that every reader refuses what the others refuse.
 * O(file).
 */
#include "results/context.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>

#include "pb.h"
#include "pb_file.h"
#include "results/readback.h"

int pb_json_load(const char *path, const char *what, json_t **root,
                 struct pb_error *e)
{
    *root = NULL;
    FILE *f = readback_open(path, what, e);
    if (!f)
        return -errno;
    json_error_t error;
    *root = readback_json_loadf(f, &error);
    fclose(f);
    if (!*root)
        return pb_fail(e, -EINVAL, "%s:%d:%d: %s; expected %s", path,
                       error.line, error.column, error.text, what);
    return 0;
}

json_t *pb_context_in(const json_t *root)
{
    json_t *context = json_object_get(root, PB_JSON_CONTEXT);
    return json_is_object(context) ? context : NULL;
}

json_t *pb_context_of_file(const char *path)
{
    json_t *root;
    pb_json_load(path, "a results.json", &root, NULL);
    json_t *context = json_incref(pb_context_in(root));
    json_decref(root);
    return context;
}

json_t *pb_context_of(const char *dir)
{
    char path[PB_PATH_MAX + 16];
    snprintf(path, sizeof(path), "%s/results.json", dir);
    return pb_context_of_file(path);
}

const char *pb_context_text(const json_t *context, const char *key)
{
    return json_string_value(json_object_get(context, key));
}
