/*
 * data_dir.c - the data folder of the running binary (data_dir.h): the
 * binary's path (/proc/self/exe, Linux) compared with the build folder
 * (PB_BUILD_DIR) after both are resolved, else its last two components
 * (bin/puzzlebench) replaced by share/puzzlebench when that folder is
 * there, else the configured one, else none. Computed once.
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include "util/data_dir.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
static char missing[3 * sizeof(data_dir)]; /* the origin when none is there */

static bool is_folder(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

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
    char beside[sizeof(data_dir)] = "";
    if (bin && !strcmp(bin, "/bin")) {
        *bin = '\0';
        snprintf(beside, sizeof(beside), "%s/share/puzzlebench", exe);
    }
    /* the installed folder that is there: beside the binary, else the
     * configured one; a copy of the binary that is neither in its build
     * folder nor installed has none, and says so rather than naming a
     * folder that is not there */
    snprintf(data_dir, sizeof(data_dir), "%s",
             beside[0] && (is_folder(beside) || !is_folder(PB_DATA_DIR))
                 ? beside
                 : PB_DATA_DIR);
    if (!is_folder(data_dir)) {
        if (beside[0])
            snprintf(missing, sizeof(missing),
                     "missing: this binary is not in its build folder %s, "
                     "and neither %s nor %s is there; set PB_DATA to a data "
                     "folder",
                     PB_BUILD_DIR, beside, PB_DATA_DIR);
        else
            snprintf(missing, sizeof(missing),
                     "missing: this binary is not in its build folder %s, "
                     "and %s is not there; set PB_DATA to a data folder",
                     PB_BUILD_DIR, PB_DATA_DIR);
        origin = missing;
    }
}

bool pb_data_found(void)
{
    return pb_data_origin() != missing;
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
