/*
 * identity.c - the build's identity (identity.h): SHA-256 by nettle
 * (Debian's nettle-dev), the executable found through /proc, and git
 * started with posix_spawnp and read through a pipe, so that the source
 * folder (or the test hook's) never passes through a shell. The same
 * /proc reading says how to start this executable again (a bundle's
 * binary through its loader: pb_identity_self).
 *
 * The diff is read once, as git writes it: every byte goes into the
 * hash and the byte count, the first PB_DIFF_KEPT into memory for
 * build.diff. Its format is pinned by options (diff_args), because the
 * user's configuration (diff.algorithm, diff.noprefix, diff.renames, an
 * external diff, colour) would otherwise change the hash of one tree.
 * O(size of the executable + size of the diff).
 */
#define _GNU_SOURCE /* pipe2 */
#include "util/identity.h"

#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pb_file.h"

#ifndef PB_SOURCE_DIR
#define PB_SOURCE_DIR "."
#endif

extern char **environ;

enum {
    CHUNK = 1 << 16,     /* bytes read at a time */
    UNTRACKED_SHOWN = 8, /* untracked names listed, at most */
    NAME_SHOWN = 80,     /* bytes of one name listed, at most */
};

static void hex_digest(struct sha256_ctx *ctx, char *out)
{
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(ctx, sizeof(digest), digest);
    for (size_t i = 0; i < sizeof(digest); i++)
        snprintf(out + 2 * i, 3, "%02x", digest[i]);
}

void pb_sha256_hex(const void *data, size_t len, char *out)
{
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, len, data);
    hex_digest(&ctx, out);
}

/* The SHA-256 of the file at path into out (hex): 0, or -errno. */
static int hash_file(const char *path, char *out)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    static uint8_t buf[CHUNK];
    ssize_t n;
    while ((n = read(fd, buf, sizeof(buf))) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int err = errno;
            close(fd);
            return -err;
        }
        sha256_update(&ctx, (size_t)n, buf);
    }
    close(fd);
    hex_digest(&ctx, out);
    return 0;
}

/* The file mapped at address `at` (/proc/self/maps: "START-END PERMS
 * OFFSET DEV INODE PATH") into path, and its inode; false when none. */
static bool mapped_file(const void *at, char *path, size_t len,
                        unsigned long *inode)
{
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f)
        return false;
    char line[PB_PATH_MAX + 128];
    bool found = false;
    uintptr_t where = (uintptr_t)at;
    while (!found && fgets(line, sizeof(line), f)) {
        unsigned long start, end;
        int name = 0;
        /* the kernel writes maps in exactly this form */
        /* NOLINTNEXTLINE(cert-err34-c) */
        if (sscanf(line, "%lx-%lx %*s %*s %*s %lu %n", &start, &end, inode,
                   &name) < 3 ||
            !name || where < start || where >= end)
            continue;
        line[strcspn(line, "\n")] = '\0';
        found = line[name] == '/' &&
                (size_t)snprintf(path, len, "%s", line + name) < len;
    }
    fclose(f);
    return found;
}

/* An object of this executable's read-only data: its mapping names the
 * file the code came from. */
static const char here[] = "puzzlebench";

const char *pb_identity_binary(void)
{
    static char hex[PB_SHA256_HEX];
    if (hex[0])
        return hex;
    const char *path = "/proc/self/exe";
    char mapped[PB_PATH_MAX];
    unsigned long inode;
    struct stat st;
    /* /proc/self/exe is the dynamic loader when the binary was handed
     * to it (a bundle): then hash the file the loader mapped */
    if (mapped_file(here, mapped, sizeof(mapped), &inode) &&
        stat(path, &st) == 0 && (unsigned long)st.st_ino != inode)
        path = mapped;
    if (hash_file(path, hex))
        snprintf(hex, sizeof(hex), "unknown");
    return hex;
}

bool pb_identity_self(char *exe, size_t exe_len, char *binary,
                      size_t binary_len)
{
    ssize_t n = readlink("/proc/self/exe", exe, exe_len - 1);
    exe[n > 0 ? n : 0] = '\0';
    unsigned long inode;
    struct stat st;
    binary[0] = '\0';
    return mapped_file(here, binary, binary_len, &inode) &&
           stat("/proc/self/exe", &st) == 0 &&
           (unsigned long)st.st_ino != inode;
}

/* The folder git runs in: the test hook's, else the source tree's. */
static const char *git_dir(void)
{
    const char *dir = getenv("PB_GIT_DIR_FOR_TESTS");
    return dir && dir[0] ? dir : PB_SOURCE_DIR;
}

/* environ with GIT_OPTIONAL_LOCKS=0 in place of any value it has;
 * NULL when out of memory. */
static char **git_environment(void)
{
    static char no_locks[] = "GIT_OPTIONAL_LOCKS=0";
    size_t n = 0;
    while (environ[n])
        n++;
    char **env = malloc((n + 2) * sizeof(*env));
    if (!env)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "GIT_OPTIONAL_LOCKS=", 19))
            env[k++] = environ[i];
    env[k++] = no_locks;
    env[k] = NULL;
    return env;
}

int pb_git(const char *const *args,
           void (*take)(const char *chunk, size_t len, void *ctx), void *ctx)
{
    enum { MAX_ARGS = 32 };
    char *argv[MAX_ARGS];
    size_t n = 0;
    argv[n++] = "git";
    argv[n++] = "--no-optional-locks";
    argv[n++] = "-C";
    argv[n++] = (char *)git_dir();
    for (size_t i = 0; args[i] && n < MAX_ARGS - 1; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    int fds[2];
    char **env = git_environment();
    if (!env || pipe2(fds, O_CLOEXEC)) {
        free(env);
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int rc = posix_spawnp(&pid, "git", &actions, NULL, argv, env);
    posix_spawn_file_actions_destroy(&actions);
    free(env);
    close(fds[1]);
    if (rc) {
        close(fds[0]);
        return -1;
    }
    static char buf[CHUNK];
    ssize_t got;
    while ((got = read(fds[0], buf, sizeof(buf))) != 0) {
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            break; /* git ends on SIGPIPE: -1 below */
        take(buf, (size_t)got, ctx);
    }
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A diff being read: hashed whole, counted, its start kept. */
struct diff_reader {
    struct sha256_ctx ctx;
    struct pb_diff *d;
    bool no_memory;
};

static void take_diff(const char *chunk, size_t len, void *arg)
{
    struct diff_reader *r = arg;
    sha256_update(&r->ctx, len, (const uint8_t *)chunk);
    r->d->bytes += len;
    size_t room = PB_DIFF_KEPT - r->d->kept_len;
    size_t keep = len < room ? len : room;
    if (keep && !r->no_memory) {
        char *grown = realloc(r->d->kept, r->d->kept_len + keep);
        if (grown) {
            memcpy(grown + r->d->kept_len, chunk, keep);
            r->d->kept = grown;
            r->d->kept_len += keep;
        } else {
            r->no_memory = true; /* the hash and count go on */
        }
    }
}

/* Untracked names being listed: "N: NAME, NAME ... and K more". */
struct untracked_reader {
    size_t count;
    char name[NAME_SHOWN + 1]; /* the name being read (cut) */
    size_t name_len;
    char shown[PB_UNTRACKED_TEXT];
};

static void take_untracked(const char *chunk, size_t len, void *arg)
{
    struct untracked_reader *u = arg;
    for (size_t i = 0; i < len; i++) {
        if (chunk[i]) { /* names end with a NUL (-z) */
            if (u->name_len < NAME_SHOWN)
                u->name[u->name_len++] = chunk[i];
            continue;
        }
        u->name[u->name_len] = '\0';
        size_t at = strlen(u->shown);
        if (u->count < UNTRACKED_SHOWN && at < sizeof(u->shown))
            snprintf(u->shown + at, sizeof(u->shown) - at, "%s%s",
                     u->count ? ", " : "", u->name);
        u->count++;
        u->name_len = 0;
    }
}

static void untracked_files(struct pb_diff *d)
{
    static const char *const args[] = {"ls-files", "--others",
                                       "--exclude-standard", "-z", NULL};
    struct untracked_reader u = {0};
    snprintf(d->untracked, sizeof(d->untracked), "unknown");
    if (pb_git(args, take_untracked, &u) != 0)
        return;
    if (!u.count)
        snprintf(d->untracked, sizeof(d->untracked), "none");
    else if (u.count <= UNTRACKED_SHOWN)
        snprintf(d->untracked, sizeof(d->untracked), "%zu: %s", u.count,
                 u.shown);
    else
        snprintf(d->untracked, sizeof(d->untracked), "%zu: %s and %zu more",
                 u.count, u.shown, u.count - UNTRACKED_SHOWN);
}

/* The diff of a bundle: the file PB_BUILD_DIFF names. 0 or -errno. */
static int bundled_diff(struct diff_reader *r)
{
    const char *path = getenv("PB_BUILD_DIFF");
    if (!path || !path[0])
        return -ENOENT;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    static char buf[CHUNK];
    ssize_t n;
    while ((n = read(fd, buf, sizeof(buf))) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int err = errno;
            close(fd);
            return -err;
        }
        take_diff(buf, (size_t)n, r);
    }
    close(fd);
    return 0;
}

void pb_identity_diff(const char *dirty, bool bundled, struct pb_diff *d)
{
    /* one fixed format, whatever git's configuration says */
    static const char *const diff_args[] = {"diff",
                                            "HEAD",
                                            "--binary",
                                            "--no-color",
                                            "--no-ext-diff",
                                            "--no-textconv",
                                            "--no-renames",
                                            "--diff-algorithm=myers",
                                            "--src-prefix=a/",
                                            "--dst-prefix=b/",
                                            "--unified=3",
                                            "--no-relative",
                                            "--",
                                            NULL};
    memset(d, 0, sizeof(*d));
    snprintf(d->sha256, sizeof(d->sha256), "unknown");
    if (bundled)
        snprintf(d->untracked, sizeof(d->untracked), "unknown");
    else
        untracked_files(d);
    if (!strcmp(dirty, "false")) {
        snprintf(d->sha256, sizeof(d->sha256), "clean");
        return;
    }
    if (strcmp(dirty, "true"))
        return;
    struct diff_reader r = {.d = d};
    sha256_init(&r.ctx);
    int rc = bundled ? bundled_diff(&r) : pb_git(diff_args, take_diff, &r);
    if (rc == 0) {
        hex_digest(&r.ctx, d->sha256);
        return;
    }
    pb_diff_free(d);
    snprintf(d->sha256, sizeof(d->sha256), "unknown");
    d->bytes = 0;
}

void pb_diff_free(struct pb_diff *d)
{
    free(d->kept);
    d->kept = NULL;
    d->kept_len = 0;
}
