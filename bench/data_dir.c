/*
 * data_dir.c - the installed data directory (data_dir.h): the running
 * binary's path (/proc/self/exe, Linux) with its last two components
 * (bin/puzzlebench) replaced by share/puzzlebench, computed once.
 */
#include "data_dir.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef PB_DATA_DIR
#define PB_DATA_DIR "."
#endif

const char *pb_data_dir(void)
{
    static char dir[PATH_MAX + 32]; /* exe's prefix and /share/puzzlebench */
    if (dir[0])
        return dir;
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    char *bin = NULL;
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            bin = strrchr(exe, '/');
        }
    }
    if (bin && !strcmp(bin, "/bin")) {
        *bin = '\0';
        snprintf(dir, sizeof(dir), "%s/share/puzzlebench", exe);
    } else {
        snprintf(dir, sizeof(dir), "%s", PB_DATA_DIR);
    }
    return dir;
}
