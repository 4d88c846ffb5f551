/*
 * pb_file.c - atomic whole-file writes (see pb_file.h). O(len).
 */
#include "pb_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int pb_write_atomically(const char *path, const char *text, size_t len)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid()) >=
        (int)sizeof(tmp))
        return -ENAMETOOLONG;
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return -errno;
    int rc = fwrite(text, 1, len, f) == len ? 0 : -EIO;
    if (fclose(f) != 0 && rc == 0)
        rc = -EIO;
    if (rc == 0 && rename(tmp, path) != 0)
        rc = -errno;
    if (rc)
        unlink(tmp);
    return rc;
}
