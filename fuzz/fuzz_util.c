/*
 * fuzz_util.c - the private temporary folder of a fuzz target: made once
 * per process under $TMPDIR (mkdtemp), its files rewritten for each
 * input (one write of the input's size) and removed at exit; and the
 * check that a refusal is one message (the rule of docs/errors.md: one
 * line on stderr, naming where and what was expected).
 */
#include "fuzz_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[512];
/* what fuzz_write and fuzz_dir_make made, for the removal at exit */
#define FUZZ_MAX_NAMES 16
static char names[FUZZ_MAX_NAMES][600];
static size_t named;

static void remove_all(void)
{
    /* files before their folders: they were made after them */
    for (size_t i = named; i-- > 0;)
        remove(names[i]);
    if (dir[0])
        rmdir(dir);
}

static void die(const char *what, const char *path)
{
    fprintf(stderr, "fuzz: %s: %s: cannot write it\n", what, path);
    abort();
}

static void remember(const char *path)
{
    for (size_t i = 0; i < named; i++)
        if (!strcmp(names[i], path))
            return;
    if (named == FUZZ_MAX_NAMES)
        die("too many temporary files", path);
    snprintf(names[named++], sizeof(names[0]), "%s", path);
}

static const char *private_dir(void)
{
    if (dir[0])
        return dir;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof(dir), "%s/pb_fuzz.XXXXXX",
             tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(dir))
        die("temporary folder", dir);
    atexit(remove_all);
    return dir;
}

void fuzz_dir_make(const char *name, char *path, size_t len)
{
    snprintf(path, len, "%s/%s", private_dir(), name);
    if (mkdir(path, 0700) != 0) {
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
            die("folder", path);
    }
    remember(path);
}

void fuzz_write(const char *name, const uint8_t *data, size_t size, char *path,
                size_t len)
{
    snprintf(path, len, "%s/%s", private_dir(), name);
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f))
        die("input", path);
    remember(path);
}

void fuzz_check_error(int rc, const struct pb_error *e)
{
    if (rc == 0)
        return;
    if (!e->msg[0] || strchr(e->msg, '\n')) {
        fprintf(stderr, "fuzz: error %d with message '%s': expected one line\n",
                rc, e->msg);
        abort();
    }
}
