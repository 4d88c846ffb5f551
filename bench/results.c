/*
 * results.c - the results folder, its log and its CSV. The CSV is kept in
 * memory and rewritten whole after each benchmark (a few KB per suite),
 * through a temporary file and rename, so it is never half-written.
 */
#include "results.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char pb_results_csv_header[] =
    "kernel,variant,family,size,count,seed,corpus_hash,threads,repetition,"
    "iterations,seconds,build_seconds,instances_per_second,work_per_second,"
    "expanded_per_instance,peak_heap_bytes,allocated_bytes,peak_rss_bytes,"
    "verified,error";

int pb_make_dirs(const char *path)
{
    char buf[1024];
    snprintf(buf, sizeof(buf), "%s", path);
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

int pb_results_open(struct pb_results *r, const char *root, struct pb_error *e)
{
    memset(r, 0, sizeof(*r));
    int rc = pb_make_dirs(root);
    if (rc)
        return pb_fail(e, rc, "%s: cannot create: %s", root, strerror(-rc));
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
    /* latest -> <stamp>, replaced atomically */
    char link[1100], tmp[1200];
    snprintf(link, sizeof(link), "%s/latest", root);
    snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", link, (long)getpid());
    const char *base = strrchr(r->dir, '/') + 1;
    if (symlink(base, tmp) != 0 || rename(tmp, link) != 0)
        unlink(tmp); /* a missing link is not worth failing the run */
    snprintf(r->csv_path, sizeof(r->csv_path), "%s/results.csv", r->dir);
    snprintf(r->json_path, sizeof(r->json_path), "%s/results.json", r->dir);
    char log_path[1100];
    snprintf(log_path, sizeof(log_path), "%s/log.txt", r->dir);
    r->log = fopen(log_path, "w");
    r->csv_stream = open_memstream(&r->csv, &r->csv_len);
    if (!r->log || !r->csv_stream) {
        pb_results_close(r);
        return pb_fail(e, -EIO, "%s: cannot create the log", r->dir);
    }
    fprintf(r->csv_stream, "%s\n", pb_results_csv_header);
    fflush(r->csv_stream);
    return pb_write_atomically(r->csv_path, r->csv, r->csv_len)
               ? pb_fail(e, -EIO, "%s: cannot write", r->csv_path)
               : 0;
}

int pb_results_add_row(struct pb_results *r, const char *row)
{
    fprintf(r->csv_stream, "%s\n", row);
    fflush(r->csv_stream);
    return pb_write_atomically(r->csv_path, r->csv, r->csv_len);
}

void pb_results_say(struct pb_results *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
    if (r->log) {
        va_start(ap, fmt);
        vfprintf(r->log, fmt, ap);
        va_end(ap);
        fflush(r->log);
    }
}

void pb_results_close(struct pb_results *r)
{
    if (r->log)
        fclose(r->log);
    if (r->csv_stream)
        fclose(r->csv_stream);
    free(r->csv);
    r->log = NULL;
    r->csv_stream = NULL;
    r->csv = NULL;
}
