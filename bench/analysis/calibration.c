/*
 * calibration.c - calibration.json read back (calibration.h): its shape
 * checked, and the one found beside a results folder used only when its
 * host is the results' host. `puzzlebench calibrate` writes it
 * (harness/calibrate.c). O(kernels).
 */
#include "analysis/calibration.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results/context.h"

int pb_calibration_load(const char *path, struct pb_calibration *c,
                        struct pb_error *e)
{
    memset(c, 0, sizeof(*c));
    json_t *doc;
    int rc = pb_json_load(path, "a calibration.json of puzzlebench calibrate",
                          &doc, e);
    if (rc)
        return -EINVAL;
    const char *host = json_string_value(
        json_object_get(json_object_get(doc, "machine"), "host"));
    const char *date = json_string_value(json_object_get(doc, "date"));
    const json_t *per = json_object_get(doc, "kernels");
    if (json_integer_value(json_object_get(doc, "format")) != 1 || !host ||
        !date || strlen(date) < 10 || !json_is_object(per))
        rc = pb_fail(e, -EINVAL,
                     "%s: expected the calibration.json of puzzlebench "
                     "calibrate (format 1: machine, date, kernels)",
                     path);
    const char *name;
    const json_t *k;
    json_object_foreach((json_t *)per, name, k)
    {
        if (rc || c->kernels == PB_CALIBRATION_KERNELS)
            break;
        const json_t *fl = json_object_get(k, "noise_floor_percent");
        snprintf(c->k[c->kernels].name, sizeof(c->k[0].name), "%s", name);
        c->k[c->kernels++].floor =
            json_is_number(fl) && json_number_value(fl) >= 0
                ? json_number_value(fl)
                : NAN;
    }
    if (rc == 0) {
        snprintf(c->path, sizeof(c->path), "%s", path);
        snprintf(c->host, sizeof(c->host), "%s", host);
        snprintf(c->date, sizeof(c->date), "%.10s", date);
        c->rounds = (int)json_integer_value(json_object_get(doc, "rounds"));
    }
    json_decref(doc);
    return rc;
}

int pb_calibration_for(const char *results_path, const char *given,
                       struct pb_calibration *c, struct pb_error *e)
{
    memset(c, 0, sizeof(*c));
    if (given)
        return pb_calibration_load(given, c, e);
    char folder[PB_PATH_MAX], path[PB_PATH_MAX + 32];
    struct stat st;
    snprintf(folder, sizeof(folder), "%s", results_path);
    if (stat(folder, &st) != 0 || !S_ISDIR(st.st_mode)) {
        char *slash = strrchr(folder, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(folder, sizeof(folder), ".");
    }
    snprintf(path, sizeof(path), "%s/../" PB_CALIBRATION_FILE, folder);
    struct pb_calibration found;
    struct pb_error ignored; /* a root without one, or a bad one: none */
    if (access(path, F_OK) != 0 ||
        pb_calibration_load(path, &found, &ignored) != 0)
        return 0;
    json_t *context = pb_context_of(folder);
    const char *host = pb_context_text(context, PB_CTX_HOST_NAME);
    if (host && !strcmp(host, found.host))
        *c = found;
    json_decref(context);
    return 0;
}

void pb_calibration_text(const struct pb_calibration *c, const char *kernel,
                         char *buf, size_t len)
{
    buf[0] = '\0';
    size_t at = 0;
    for (size_t i = 0; i < c->kernels; i++) {
        if (!isfinite(c->k[i].floor) ||
            (kernel && strcmp(kernel, c->k[i].name)))
            continue;
        int n = kernel ? snprintf(buf, len,
                                  "this machine's noise floor: ±%.1f %% "
                                  "(calibrated %s)",
                                  c->k[i].floor, c->date)
                       : snprintf(buf + at, len - at, "%s%s ±%.1f %%",
                                  at ? ", " : "", c->k[i].name, c->k[i].floor);
        if (n < 0 || (size_t)n >= len - at)
            break;
        at += (size_t)n;
    }
    if (!kernel && at) {
        char list[1024];
        snprintf(list, sizeof(list), "%s", buf);
        snprintf(buf, len,
                 "this machine's noise floor (calibrated %s, %d "
                 "rounds): %s",
                 c->date, c->rounds, list);
    }
}
