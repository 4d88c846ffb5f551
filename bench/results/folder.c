/*
 * folder.c - the results folder, its log and its CSV. The CSV is kept in
 * memory and rewritten whole after each benchmark (a few KB per suite),
 * through a temporary file and rename, so it is never half-written. The
 * latest link is replaced the same way: a symlink at an unpredictable
 * name (symlink() never follows or reuses one), then rename(). Opening a
 * results root removes the temporaries and link temporaries that dead
 * runs left there.
 */
#include "results/folder.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "results/schema.h"

int pb_make_dirs(const char *path)
{
    char buf[PB_PATH_MAX];
    if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
        return -ENAMETOOLONG;
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0777) && errno != EEXIST)
                return -errno;
            *p = '/';
        }
    if (mkdir(buf, 0777) && errno != EEXIST)
        return -errno;
    return 0;
}

#define LINK_NAME "latest"
#define LINK_MARK LINK_NAME ".tmp."
enum { LINK_RANDOM_DIGITS = 12, LINK_TRIES = 16 };

/* Removes ROOT/latest.tmp.<pid>[.<hex>] symlinks left by runs that
 * died between symlink() and rename() (pb_remove_stale_temporaries
 * keeps to regular files); the bare latest.tmp.<pid> is what runs before
 * these exclusive names left. A link cannot be locked, and its pid says
 * nothing of a run in another PID namespace or on another node: a link
 * lives microseconds, so one PB_TEMP_STALE_SECONDS old is a dead run's. */
static void remove_stale_links(const char *root)
{
    DIR *d = opendir(root);
    if (!d)
        return;
    for (struct dirent *ent; (ent = readdir(d)) != NULL;) {
        const char *name = ent->d_name;
        if (strncmp(name, LINK_MARK, strlen(LINK_MARK)))
            continue;
        const char *digits = name + strlen(LINK_MARK);
        size_t n = strspn(digits, "0123456789");
        const char *rest = digits + n;
        if (n == 0 || n > 10 ||
            (*rest &&
             (rest[0] != '.' ||
              strspn(rest + 1, "0123456789abcdef") != LINK_RANDOM_DIGITS ||
              rest[1 + LINK_RANDOM_DIGITS])))
            continue;
        char path[PB_PATH_MAX];
        struct stat st;
        if (snprintf(path, sizeof(path), "%s/%s", root, name) <
                (int)sizeof(path) &&
            lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && pb_temp_old(&st))
            unlink(path);
    }
    closedir(d);
}

/* ROOT/latest is a link or absent: 0; else (a folder, a file, anything
 * else, which rename() would skip or replace) -EEXIST with e saying what
 * it is and what to do. */
static int latest_replaceable(const char *link, struct pb_error *e)
{
    struct stat st;
    if (lstat(link, &st) != 0 || S_ISLNK(st.st_mode))
        return 0;
    return pb_fail(e, -EEXIST,
                   "%s: %s, not the link puzzlebench points at the newest "
                   "complete results folder; move it aside or choose "
                   "another --out",
                   link,
                   S_ISDIR(st.st_mode)   ? "a folder"
                   : S_ISREG(st.st_mode) ? "a file"
                                         : "a special file");
}

int pb_results_check_latest(const char *root, struct pb_error *e)
{
    char link[PB_PATH_MAX];
    if (snprintf(link, sizeof(link), "%s/" LINK_NAME, root) >=
        (int)sizeof(link))
        return pb_fail(e, -ENAMETOOLONG, "%s: path too long", root);
    return latest_replaceable(link, e);
}

/* Points ROOT/latest at base: a symlink made at an unpredictable free
 * name, renamed over the old link, once the old one is checked to be a
 * link (latest_replaceable). 0 or a negative errno-style code in e. */
static int point_latest(const char *root, const char *base, struct pb_error *e)
{
    char link[PB_PATH_MAX], tmp[PB_PATH_MAX];
    if (snprintf(link, sizeof(link), "%s/" LINK_NAME, root) >=
        (int)sizeof(link))
        return pb_fail(e, -ENAMETOOLONG, "%s: path too long", root);
    int rc = latest_replaceable(link, e);
    if (rc)
        return rc;
    for (int attempt = 0; attempt < LINK_TRIES; attempt++) {
        uint64_t r = 0;
        if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r))
            r ^= ((uint64_t)time(NULL) << 20) ^
                 (uint64_t)(unsigned)attempt; /* still exclusive */
        if (snprintf(tmp, sizeof(tmp), "%s.tmp.%ld.%0*llx", link,
                     (long)getpid(), LINK_RANDOM_DIGITS,
                     (unsigned long long)(r & 0xffffffffffffull)) >=
            (int)sizeof(tmp))
            return pb_fail(e, -ENAMETOOLONG, "%s: path too long", root);
        if (symlink(base, tmp) != 0) {
            if (errno == EEXIST)
                continue;
            return pb_fail(e, -errno, "%s: cannot create: %s", tmp,
                           strerror(errno));
        }
        if (rename(tmp, link) != 0) {
            rc = -errno;
            unlink(tmp);
            return pb_fail(e, rc, "%s: cannot replace: %s", link,
                           strerror(-rc));
        }
        return 0;
    }
    return pb_fail(e, -EEXIST, "%s: no free temporary name", link);
}

int pb_results_point_latest(const struct pb_results *r, struct pb_error *e)
{
    char root[sizeof(r->dir)];
    snprintf(root, sizeof(root), "%s", r->dir);
    char *slash = strrchr(root, '/');
    if (!slash)
        return pb_fail(e, -EINVAL, "%s: not a results folder", r->dir);
    *slash = '\0';
    return point_latest(root, slash + 1, e);
}

int pb_results_open(struct pb_results *r, const char *root, struct pb_error *e)
{
    memset(r, 0, sizeof(*r));
    size_t root_len = strlen(root);
    if (root_len > PB_RESULTS_ROOT_MAX)
        return pb_fail(e, -ENAMETOOLONG,
                       "results folder: path of %zu characters is too long "
                       "(at most %d)",
                       root_len, PB_RESULTS_ROOT_MAX);
    /* before anything is created: the link it will move at the end */
    int rc = pb_results_check_latest(root, e);
    if (rc)
        return rc;
    rc = pb_make_dirs(root);
    if (rc)
        return pb_fail(e, rc, "%s: cannot create: %s", root, strerror(-rc));
    pb_remove_stale_temporaries(root);
    remove_stale_links(root);
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", gmtime_r(&now, &tm));
    for (int n = 1;; n++) {
        if (n == 1)
            snprintf(r->dir, sizeof(r->dir), "%s/%s", root, stamp);
        else
            snprintf(r->dir, sizeof(r->dir), "%s/%s-%d", root, stamp, n);
        if (mkdir(r->dir, 0777) == 0)
            break;
        if (errno != EEXIST || n > 100)
            return pb_fail(e, -errno, "%s: cannot create: %s", r->dir,
                           strerror(errno));
    }
    snprintf(r->csv_path, sizeof(r->csv_path), "%s/results.csv", r->dir);
    snprintf(r->json_path, sizeof(r->json_path), "%s/results.json", r->dir);
    char log_path[sizeof(r->dir) + 16];
    snprintf(log_path, sizeof(log_path), "%s/log.txt", r->dir);
    r->log = fopen(log_path, "w");
    if (!r->log) {
        rc = -errno;
        pb_results_close(r);
        return pb_fail(e, rc, "%s: cannot create: %s", log_path, strerror(-rc));
    }
    r->csv_stream = open_memstream(&r->csv, &r->csv_len);
    if (!r->csv_stream) {
        pb_results_close(r);
        return pb_fail(e, -ENOMEM, "out of memory");
    }
    pb_csv_header_write(r->csv_stream);
    fputc('\n', r->csv_stream);
    fflush(r->csv_stream);
    rc = pb_write_atomically(r->csv_path, r->csv, r->csv_len);
    return rc ? pb_fail(e, rc, "%s: cannot write: %s", r->csv_path,
                        strerror(-rc))
              : 0;
}

int pb_results_add_row(struct pb_results *r, const char *row)
{
    fprintf(r->csv_stream, "%s\n", row);
    fflush(r->csv_stream);
    return pb_write_atomically(r->csv_path, r->csv, r->csv_len);
}

void pb_results_log_failed(struct pb_results *r)
{
    if (r->log_error == 0)
        r->log_error = errno ? -errno : -EIO;
}

static void say(struct pb_results *r, bool console, const char *fmt, va_list ap)
    PB_PRINTF(3, 0);
static void say(struct pb_results *r, bool console, const char *fmt, va_list ap)
{
    if (console) {
        va_list aq;
        va_copy(aq, ap);
        if (r->before_print)
            r->before_print(r->before_print_arg);
        vprintf(fmt, aq);
        va_end(aq);
        fflush(stdout);
    }
    if (r->log) {
        errno = 0;
        int w = vfprintf(r->log, fmt, ap);
        if (w < 0 || fflush(r->log) != 0)
            pb_results_log_failed(r);
    }
}

void pb_results_say(struct pb_results *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(r, !r->quiet, fmt, ap);
    va_end(ap);
}

void pb_results_log(struct pb_results *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(r, false, fmt, ap);
    va_end(ap);
}

void pb_results_show(struct pb_results *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(r, true, fmt, ap);
    va_end(ap);
}

int pb_results_close(struct pb_results *r)
{
    if (r->log) {
        errno = 0;
        bool failed = ferror(r->log) != 0;
        if (fclose(r->log) != 0 || failed)
            pb_results_log_failed(r);
    }
    if (r->csv_stream)
        fclose(r->csv_stream);
    free(r->csv);
    r->log = NULL;
    r->csv_stream = NULL;
    r->csv = NULL;
    return r->log_error;
}

bool pb_results_close_said(struct pb_results *r, const char *verb)
{
    int rc = pb_results_close(r);
    if (rc)
        fprintf(stderr,
                "puzzlebench %s: %s/log.txt: cannot write: %s (the log is "
                "incomplete)\n",
                verb, r->dir, strerror(-rc));
    return rc == 0;
}
