/*
 * data_dir.c - the data folder of the running binary (data_dir.h): the
 * binary's path (/proc/self/exe, Linux) compared with the build folder
 * (PB_BUILD_DIR) after both are resolved, else its last two components
 * (bin/puzzlebench) replaced by share/puzzlebench. Computed once.
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include "util/data_dir.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PB_DATA_DIR
#define PB_DATA_DIR "."
#endif
#ifndef PB_BUILD_DIR
#define PB_BUILD_DIR "."
#endif
#ifndef PB_SOURCE_DIR
#define PB_SOURCE_DIR "."
#endif

static char data_dir[PATH_MAX + 32]; /* a prefix and /share/puzzlebench */
static const char *origin;

/* Whether path lies in folder (both resolved), folder itself included. */
static bool inside(const char *path, const char *folder)
{
    char resolved[PATH_MAX];
    if (!realpath(folder, resolved))
        return false;
    size_t n = strlen(resolved);
    return !strncmp(path, resolved, n) && (path[n] == '/' || !path[n]);
}

static void choose(void)
{
    const char *env = getenv("PB_DATA");
    if (env && env[0]) {
        snprintf(data_dir, sizeof(data_dir), "%s", env);
        origin = "PB_DATA";
        return;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    exe[n > 0 ? n : 0] = '\0';
    if (n > 0 && inside(exe, PB_BUILD_DIR)) {
        snprintf(data_dir, sizeof(data_dir), "%s", PB_SOURCE_DIR);
        origin = "the source tree of this build";
        return;
    }
    origin = "installed";
    char *slash = strrchr(exe, '/');
    char *bin = NULL;
    if (slash) {
        *slash = '\0';
        bin = strrchr(exe, '/');
    }
    if (bin && !strcmp(bin, "/bin")) {
        *bin = '\0';
        snprintf(data_dir, sizeof(data_dir), "%s/share/puzzlebench", exe);
    } else {
        snprintf(data_dir, sizeof(data_dir), "%s", PB_DATA_DIR);
    }
}

const char *pb_data_dir(void)
{
    if (!origin)
        choose();
    return data_dir;
}

const char *pb_data_origin(void)
{
    if (!origin)
        choose();
    return origin;
}
