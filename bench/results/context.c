/*
 * context.c - a results folder's context read back (context.h).
 */
#include "results/context.h"

#include <jansson.h>
#include <stdio.h>

#include "pb_file.h"
#include "results/tidy.h"

json_t *pb_context_of(const char *dir)
{
    char path[PB_PATH_MAX + 16];
    json_error_t error;
    snprintf(path, sizeof(path), "%s/results.json", dir);
    FILE *f = tidy_open(path, "a results.json", NULL);
    json_t *root = f ? tidy_json_loadf(f, &error) : NULL;
    if (f)
        fclose(f);
    json_t *context = json_incref(json_object_get(root, "context"));
    json_decref(root);
    return context;
}
