/*
 * pb_file.c - atomic whole-file writes through unpredictable, exclusive
 * temporaries (see pb_file.h). O(len).
 */
#include "pb_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TEMP_MARK ".tmp."
enum { RANDOM_DIGITS = 12, CREATE_TRIES = 64 };

/* splitmix64: spreads clock, pid and a counter over the name's digits;
 * O_EXCL, not secrecy, is what makes the name safe. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

int pb_temp_create(const char *path, char *tmp)
{
    static uint64_t counter;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t seed = (uint64_t)now.tv_nsec ^ ((uint64_t)now.tv_sec << 30) ^
                    ((uint64_t)getpid() << 16) ^ (uintptr_t)&now;
    for (int attempt = 0; attempt < CREATE_TRIES; attempt++) {
        uint64_t r = mix(seed + ++counter);
        int n = snprintf(tmp, PB_PATH_MAX, "%s" TEMP_MARK "%ld.%0*llx", path,
                         (long)getpid(), RANDOM_DIGITS,
                         (unsigned long long)(r & 0xffffffffffffull));
        if (n < 0 || n >= PB_PATH_MAX)
            return -ENAMETOOLONG;
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0666);
        if (fd >= 0)
            return fd;
        if (errno != EEXIST)
            return -errno;
    }
    return -EEXIST;
}

int pb_temp_commit(int fd, const char *tmp, const char *path)
{
    int rc = 0;
    if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        rc = -errno; /* delayed allocation reports a full disk here */
    if (close(fd) != 0 && rc == 0)
        rc = -errno;
    if (rc == 0 && rename(tmp, path) != 0)
        rc = -errno;
    if (rc)
        unlink(tmp);
    return rc;
}

int pb_write_atomically(const char *path, const char *text, size_t len)
{
    char tmp[PB_PATH_MAX];
    int fd = pb_temp_create(path, tmp);
    if (fd < 0)
        return fd;
    for (size_t done = 0; done < len;) {
        ssize_t w = write(fd, text + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            int rc = w < 0 ? -errno : -EIO;
            close(fd);
            unlink(tmp);
            return rc;
        }
        done += (size_t)w;
    }
    return pb_temp_commit(fd, tmp, path);
}

/* The pid of a temporary's name (NAME.tmp.<pid>.<hex digits>), or 0. */
static long temporary_pid(const char *name)
{
    size_t len = strlen(name);
    if (len < RANDOM_DIGITS + 1)
        return 0;
    const char *dot = name + len - RANDOM_DIGITS - 1;
    if (*dot != '.' || strspn(dot + 1, "0123456789abcdef") != RANDOM_DIGITS)
        return 0;
    const char *mark = NULL;
    for (const char *p = strstr(name, TEMP_MARK); p && p < dot;
         p = strstr(p + 1, TEMP_MARK))
        mark = p;
    if (!mark)
        return 0;
    const char *digits = mark + strlen(TEMP_MARK);
    if (digits == dot || strspn(digits, "0123456789") != (size_t)(dot - digits))
        return 0;
    return strtol(digits, NULL, 10);
}

int pb_remove_stale_temporaries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    for (struct dirent *ent; (ent = readdir(d)) != NULL;) {
        long pid = temporary_pid(ent->d_name);
        if (pid <= 0 || pid == (long)getpid())
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue; /* alive, or not ours to judge */
        char path[PB_PATH_MAX];
        struct stat st;
        if (snprintf(path, sizeof(path), "%s/%s", dir, ent->d_name) <
                (int)sizeof(path) &&
            lstat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}
