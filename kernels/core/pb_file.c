/*
 * pb_file.c - atomic whole-file writes through unpredictable, exclusive,
 * locked temporaries; files the user names written where shell
 * redirection would write them (see pb_file.h). O(len) a write.
 */
#include "pb_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TEMP_MARK ".tmp."
/* LINK_HOPS: the kernel's own limit on a chain of symbolic links */
enum { RANDOM_DIGITS = 12, CREATE_TRIES = 64, LINK_HOPS = 40 };

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
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                      0666);
        if (fd >= 0) {
            /* the sweep's sign of life; where locks do not work, the
             * file's age stands in for it */
            (void)flock(fd, LOCK_EX | LOCK_NB);
            return fd;
        }
        if (errno != EEXIST)
            return -errno;
    }
    return -EEXIST;
}

/* 0 when path, a file of our own, is a regular file or absent. */
static int own_target(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -errno;
    if (S_ISREG(st.st_mode))
        return 0;
    return S_ISLNK(st.st_mode)   ? -ELOOP
           : S_ISDIR(st.st_mode) ? -EISDIR
                                 : -ENOTSUP;
}

int pb_temp_commit(int fd, const char *tmp, const char *path)
{
    int rc = 0;
    if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        rc = -errno; /* delayed allocation reports a full disk here */
    if (rc == 0)
        rc = own_target(path);
    /* renamed while still locked: a sweep never sees it unlocked */
    if (rc == 0 && rename(tmp, path) != 0)
        rc = -errno;
    if (rc)
        unlink(tmp);
    if (close(fd) != 0 && rc == 0)
        rc = -errno;
    return rc;
}

/* Writes all of text to fd: 0 or a negative errno-style code. */
static int write_all(int fd, const char *text, size_t len)
{
    for (size_t done = 0; done < len;) {
        ssize_t w = write(fd, text + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? -errno : -EIO;
        done += (size_t)w;
    }
    return 0;
}

int pb_write_atomically(const char *path, const char *text, size_t len)
{
    char tmp[PB_PATH_MAX];
    int fd = pb_temp_create(path, tmp);
    if (fd < 0)
        return fd;
    int rc = write_all(fd, text, len);
    if (rc) {
        unlink(tmp);
        close(fd);
        return rc;
    }
    return pb_temp_commit(fd, tmp, path);
}

/* Writes text into the existing file at path, as `> path` would, without
 * creating or replacing it (O_TRUNC empties a regular file only). */
static int write_in_place(const char *path, const char *text, size_t len)
{
    int fd = open(path, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    int rc = write_all(fd, text, len);
    if (close(fd) != 0 && rc == 0)
        rc = -errno;
    return rc;
}

/* The name the chain of symbolic links at path ends at (path itself when
 * it is no link; a name that does not exist yet for a dangling one), in
 * out (PB_PATH_MAX bytes). 0 or a negative errno-style code. */
static int link_end(const char *path, char *out)
{
    if (snprintf(out, PB_PATH_MAX, "%s", path) >= PB_PATH_MAX)
        return -ENAMETOOLONG;
    for (int hop = 0; hop <= LINK_HOPS; hop++) {
        struct stat st;
        if (lstat(out, &st) != 0)
            return errno == ENOENT ? 0 : -errno;
        if (!S_ISLNK(st.st_mode))
            return 0;
        char to[PB_PATH_MAX], next[PB_PATH_MAX];
        ssize_t n = readlink(out, to, sizeof(to));
        if (n < 0)
            return -errno;
        if (n == (ssize_t)sizeof(to))
            return -ENAMETOOLONG;
        to[n] = '\0';
        /* a relative link is relative to the folder holding it */
        const char *slash = strrchr(out, '/');
        int folder = to[0] == '/' || !slash ? 0 : (int)(slash - out + 1);
        if (snprintf(next, sizeof(next), "%.*s%s", folder, out, to) >=
            (int)sizeof(next))
            return -ENAMETOOLONG;
        memcpy(out, next, sizeof(next));
    }
    return -ELOOP;
}

int pb_write_named(const char *path, const char *text, size_t len)
{
    struct stat st, end_st;
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return -EISDIR;
    if (exists && !S_ISREG(st.st_mode))
        return write_in_place(path, text, len); /* a device or FIFO */
    char end[PB_PATH_MAX];
    int rc = link_end(path, end);
    if (rc)
        return rc;
    /* a link of /proc reads as a name that is not the file's path */
    if (exists && (stat(end, &end_st) != 0 || end_st.st_dev != st.st_dev ||
                   end_st.st_ino != st.st_ino))
        return write_in_place(path, text, len);
    return pb_write_atomically(end, text, len);
}

const char *pb_file_error(int rc)
{
    switch (rc) {
    case -ELOOP:
        return "a symbolic link, never written through; expected a regular "
               "file";
    case -ENOTSUP:
        return "a device, FIFO or socket; expected a regular file";
    default:
        return strerror(-rc);
    }
}

int pb_open_input(const char *path, bool devices, FILE **out, struct stat *st)
{
    *out = NULL;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    int rc = fstat(fd, st) != 0 ? -errno : 0;
    bool device = S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode);
    if (rc == 0 && !S_ISREG(st->st_mode) && !(devices && device))
        rc = -EINVAL;
    /* blocking again, as a stream (and a device) expects */
    int flags = rc ? -1 : fcntl(fd, F_GETFL);
    if (rc == 0 && (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0 ||
                    (*out = fdopen(fd, "r")) == NULL))
        rc = -errno;
    if (rc)
        close(fd);
    return rc;
}

const char *pb_file_kind(const struct stat *st)
{
    return S_ISREG(st->st_mode)                           ? "a regular file"
           : S_ISFIFO(st->st_mode)                        ? "a FIFO"
           : S_ISDIR(st->st_mode)                         ? "a folder"
           : S_ISLNK(st->st_mode)                         ? "a symbolic link"
           : S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode) ? "a device"
                                                          : "a socket";
}

bool pb_temp_old(const struct stat *st)
{
    time_t now = time(NULL);
    return st->st_mtime <= now && now - st->st_mtime >= PB_TEMP_STALE_SECONDS;
}

/* name is a temporary's: NAME.tmp.<pid>.<hex digits>. */
static bool temporary_name(const char *name)
{
    size_t len = strlen(name);
    if (len < RANDOM_DIGITS + 1)
        return false;
    const char *dot = name + len - RANDOM_DIGITS - 1;
    if (*dot != '.' || strspn(dot + 1, "0123456789abcdef") != RANDOM_DIGITS)
        return false;
    const char *mark = NULL;
    for (const char *p = strstr(name, TEMP_MARK); p && p < dot;
         p = strstr(p + 1, TEMP_MARK))
        mark = p;
    if (!mark)
        return false;
    const char *digits = mark + strlen(TEMP_MARK);
    return digits != dot &&
           strspn(digits, "0123456789") == (size_t)(dot - digits);
}

int pb_remove_stale_temporaries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    for (struct dirent *ent; (ent = readdir(d)) != NULL;) {
        char path[PB_PATH_MAX];
        if (!temporary_name(ent->d_name) ||
            snprintf(path, sizeof(path), "%s/%s", dir, ent->d_name) >=
                (int)sizeof(path))
            continue;
        /* read-write: an NFS lock emulating flock needs it */
        int fd =
            open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fd < 0)
            continue; /* a lock we cannot test */
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && pb_temp_old(&st) &&
            flock(fd, LOCK_EX | LOCK_NB) == 0 && unlink(path) == 0)
            removed++;
        close(fd);
    }
    closedir(d);
    return removed;
}
