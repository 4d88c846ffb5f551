/*
 * readback.c - a results folder or file read back (readback_load, readback.h):
 * the folder's results.csv when present (it keeps unverified rows apart), else
 * its results.json; a file by its first character, '{' or '[' for Google
 * Benchmark's JSON (readback_json.c), else the CSV (readback_csv.c); then every
 * benchmark's times on its clock. Above both readers, so neither calls the
 * other. O(file).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results/readback.h"

/* The file's first character that is not white space, or EOF. */
static int first_char(FILE *f)
{
    int c;
    while ((c = getc(f)) != EOF &&
           (c == ' ' || c == '\t' || c == '\n' || c == '\r'))
        ;
    return c;
}

static int load_once(const char *arg, struct readback *t, unsigned flags,
                     struct pb_error *e)
{
    struct stat st;
    memset(t, 0, sizeof(*t));
    snprintf(t->path, sizeof(t->path), "%s", arg);
    if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
        /* the CSV when present (it keeps unverified rows apart), else the
         * raw JSON */
        char json[sizeof(t->path)];
        snprintf(t->path, sizeof(t->path), "%s/results.csv", arg);
        snprintf(json, sizeof(json), "%s/results.json", arg);
        if (access(t->path, F_OK) != 0 && access(json, F_OK) == 0)
            memcpy(t->path, json, sizeof(json));
    }
    static const char what[] =
        "a results folder, a results.csv or a Google Benchmark JSON file";
    FILE *f = readback_open(t->path, what, e);
    if (!f)
        return -errno;
    /* the context's readers (compare, the report) open the results.json
     * beside it later: a FIFO there is refused now, before any output */
    char json[sizeof(t->path)];
    readback_json_beside(t->path, json, sizeof(json));
    struct pb_error why;
    FILE *beside =
        strcmp(json, t->path) ? readback_open(json, what, &why) : NULL;
    if (beside)
        fclose(beside);
    else if (strcmp(json, t->path) && errno == EINVAL) {
        fclose(f);
        if (e)
            *e = why;
        return -EINVAL;
    }
    int c = first_char(f);
    rewind(f);
    int rc = c == '{' || c == '[' ? readback_load_json(f, t, flags, e)
                                  : readback_load_csv(f, t, flags, e);
    fclose(f);
    if (rc == 0)
        rc = readback_finish(t, flags, e);
    if (rc == 0 && t->count == 0)
        rc = pb_fail(e, -EINVAL, "%s: no verified results%s", t->path,
                     flags & READBACK_SIDE_A   ? " of side A"
                     : flags & READBACK_SIDE_B ? " of side B"
                                               : "");
    t->side = (char)(flags & READBACK_SIDE_A               ? 'A'
                     : flags & READBACK_SIDE_B || t->sides ? 'B'
                                                           : 0);
    if (rc)
        readback_free(t);
    return rc;
}

/* A file of side A alone (a part of `bench --against`'s baseline) read
 * with neither side's flag has nothing but side A: read it as side A. */
int readback_load(const char *arg, struct readback *t, unsigned flags,
                  struct pb_error *e)
{
    int rc = load_once(arg, t, flags, e);
    if (rc == -EINVAL && t->count == 0 && t->sides == READBACK_SIDE_A &&
        !(flags & (READBACK_SIDE_A | READBACK_SIDE_B)))
        rc = load_once(arg, t, flags | READBACK_SIDE_A, e);
    return rc;
}
