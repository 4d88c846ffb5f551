/*
 * spawn.c - running a program and waiting for it (spawn.h), with
 * posix_spawnp: the working folder and the output are set by its file
 * actions (posix_spawn_file_actions_addchdir_np, glibc 2.29, for the
 * folder), so nothing runs between fork and exec. O(output).
 */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np, pipe2 */

#include "util/spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int wait_for(pid_t pid)
{
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

static int start(const char *const *argv, const char *dir, int out_fd,
                 const char *log, pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    if (out_fd >= 0) {
        posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    } else if (log) {
        posix_spawn_file_actions_addopen(&fa, 1, log,
                                         O_WRONLY | O_CREAT | O_APPEND, 0644);
        posix_spawn_file_actions_adddup2(&fa, 1, 2);
    } else {
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    }
    if (dir)
        posix_spawn_file_actions_addchdir_np(&fa, dir);
    int rc =
        posix_spawnp(pid, argv[0], &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    return rc;
}

int pb_spawn_log(const char *const *argv, const char *dir, const char *log)
{
    pid_t pid;
    if (start(argv, dir, -1, log, &pid))
        return -1;
    return wait_for(pid);
}

int pb_spawn_capture(const char *const *argv, const char *dir, char **out,
                     size_t cap)
{
    *out = NULL;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC))
        return -1;
    pid_t pid;
    int rc = start(argv, dir, fds[1], NULL, &pid);
    close(fds[1]);
    if (rc) {
        close(fds[0]);
        return -1;
    }
    char *buf = malloc(cap + 1);
    size_t len = 0;
    char chunk[4096];
    ssize_t got;
    while ((got = read(fds[0], chunk, sizeof(chunk))) != 0) {
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            break;
        size_t take = (size_t)got;
        if (buf && take > cap - len)
            take = cap - len; /* keep reading: the child must not block */
        if (buf)
            memcpy(buf + len, chunk, take);
        len += buf ? take : 0;
    }
    close(fds[0]);
    if (buf)
        buf[len] = '\0';
    *out = buf;
    return wait_for(pid);
}
