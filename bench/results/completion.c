/*
 * completion.c - the completion record of a results folder
 * (completion.h): built in memory with Jansson, rewritten whole through
 * pb_write_atomically at each change, so a kill leaves the last complete
 * version; read back with its shape checked, since a results folder may
 * come from anyone. Judging a record walks its plan once against the
 * outcomes (a Jansson object: hashed). O(planned) per save and judgement.
 */
#include "results/completion.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FORMAT 1
/* The longest name a record may hold (a benchmark name is far shorter). */
#define NAME_MAX_LEN 255

static const char *const outcome_names[] = {"timed", "skipped", "failed"};

/* c->path: dir's record. 0 or -ENAMETOOLONG with e. */
static int place(struct pb_completion *c, const char *dir, struct pb_error *e)
{
    if (snprintf(c->path, sizeof(c->path), "%s/" PB_COMPLETION_FILE, dir) >=
        (int)sizeof(c->path))
        return pb_fail(e, -ENAMETOOLONG, "%s: path too long", dir);
    return 0;
}

int pb_completion_new(struct pb_completion *c, const char *verb,
                      const char *shard, struct pb_error *e)
{
    c->doc = NULL;
    c->path[0] = '\0';
    json_t *doc = json_pack("{s:i, s:s, s:s, s:[], s:[], s:{}}", "format",
                            FORMAT, "verb", verb, "state", "running",
                            "suite_benchmarks", "planned", "outcomes");
    if (doc && shard &&
        json_object_set_new(doc, "shard", json_string(shard)) != 0) {
        json_decref(doc);
        doc = NULL;
    }
    if (!doc)
        return pb_fail(e, -ENOMEM, "out of memory");
    c->doc = doc;
    return 0;
}

int pb_completion_plan(struct pb_completion *c, const char *name, bool in_part)
{
    json_t *suite = json_object_get(c->doc, "suite_benchmarks");
    json_t *planned = json_object_get(c->doc, "planned");
    if (json_array_append_new(suite, json_string(name)) != 0 ||
        (in_part && json_array_append_new(planned, json_string(name)) != 0))
        return -ENOMEM;
    return 0;
}

int pb_completion_outcome(struct pb_completion *c, const char *name,
                          enum pb_outcome o)
{
    return json_object_set_new(json_object_get(c->doc, "outcomes"), name,
                               json_string(outcome_names[o]))
               ? -ENOMEM
               : 0;
}

int pb_completion_save(struct pb_completion *c, const char *dir, bool ended,
                       struct pb_error *e)
{
    int rc = place(c, dir, e);
    if (rc)
        return rc;
    if (json_object_set_new(c->doc, "state",
                            json_string(ended ? "ended" : "running")) != 0)
        return pb_fail(e, -ENOMEM, "out of memory");
    char *text = json_dumps(c->doc, JSON_INDENT(1));
    if (!text)
        return pb_fail(e, -ENOMEM, "out of memory");
    size_t len = strlen(text);
    text[len] = '\n'; /* json_dumps leaves off the final newline */
    rc = pb_write_atomically(c->path, text, len + 1);
    free(text);
    return rc ? pb_fail(e, rc, "%s: cannot write: %s", c->path, strerror(-rc))
              : 0;
}

void pb_completion_free(struct pb_completion *c)
{
    json_decref(c->doc);
    c->doc = NULL;
}

/* a is an array of names (strings of 1 to NAME_MAX_LEN bytes). */
static bool names(const json_t *a)
{
    if (!json_is_array(a))
        return false;
    for (size_t i = 0; i < json_array_size(a); i++) {
        const json_t *v = json_array_get(a, i);
        if (!json_is_string(v) || json_string_length(v) == 0 ||
            json_string_length(v) > NAME_MAX_LEN)
            return false;
    }
    return true;
}

/* doc has the shape completion.h gives. */
static bool well_formed(const json_t *doc)
{
    const json_t *state = json_object_get(doc, "state");
    const json_t *shard = json_object_get(doc, "shard");
    const json_t *outcomes = json_object_get(doc, "outcomes");
    if (!json_is_object(doc) ||
        json_integer_value(json_object_get(doc, "format")) != FORMAT ||
        !json_is_string(json_object_get(doc, "verb")) ||
        !json_is_string(state) ||
        (strcmp(json_string_value(state), "running") &&
         strcmp(json_string_value(state), "ended")) ||
        (shard && !json_is_string(shard)) ||
        !names(json_object_get(doc, "suite_benchmarks")) ||
        !names(json_object_get(doc, "planned")) || !json_is_object(outcomes))
        return false;
    const char *key;
    const json_t *value;
    json_object_foreach((json_t *)outcomes, key, value)
    {
        bool known = false;
        for (size_t i = 0; i < 3 && json_is_string(value); i++)
            known =
                known || !strcmp(json_string_value(value), outcome_names[i]);
        if (!known)
            return false;
    }
    return true;
}

int pb_completion_load(struct pb_completion *c, const char *dir,
                       struct pb_error *e)
{
    c->doc = NULL;
    int rc = place(c, dir, e);
    if (rc)
        return rc;
    FILE *f;
    struct stat st;
    rc = pb_open_input(c->path, false, &f, &st);
    if (rc == -ENOENT)
        return 0; /* a folder from before the record */
    if (rc == -EINVAL)
        return pb_fail(e, rc, "%s: %s, not a regular file", c->path,
                       pb_file_kind(&st));
    if (rc)
        return pb_fail(e, rc, "%s: cannot read: %s", c->path, strerror(-rc));
    json_error_t why;
    json_t *doc = json_loadf(f, 0, &why);
    fclose(f);
    if (!doc)
        return pb_fail(e, -EINVAL, "%s:%d: %s", c->path, why.line, why.text);
    if (!well_formed(doc)) {
        json_decref(doc);
        return pb_fail(e, -EINVAL,
                       "%s: expected a puzzlebench completion record "
                       "(format 1: state, suite_benchmarks, planned, "
                       "outcomes timed, skipped or failed)",
                       c->path);
    }
    c->doc = doc;
    return 0;
}

int pb_completion_join(struct pb_completion *out,
                       const struct pb_completion *in)
{
    json_t *suite = json_object_get(out->doc, "suite_benchmarks");
    json_t *planned = json_object_get(out->doc, "planned");
    json_t *outcomes = json_object_get(out->doc, "outcomes");
    /* the names seen so far, as an object's keys: a hashed set */
    json_t *seen = json_object();
    int rc = seen ? 0 : -ENOMEM;
    for (size_t i = 0; rc == 0 && i < json_array_size(suite); i++)
        if (json_object_set(seen, json_string_value(json_array_get(suite, i)),
                            json_null()))
            rc = -ENOMEM;
    const json_t *add = json_object_get(in->doc, "suite_benchmarks");
    for (size_t i = 0; rc == 0 && i < json_array_size(add); i++) {
        json_t *name = json_array_get(add, i);
        if (json_object_get(seen, json_string_value(name)))
            continue;
        if (json_object_set(seen, json_string_value(name), json_null()) ||
            json_array_append(suite, name) || json_array_append(planned, name))
            rc = -ENOMEM;
    }
    json_decref(seen);
    if (rc == 0 &&
        json_object_update(outcomes, json_object_get(in->doc, "outcomes")))
        rc = -ENOMEM;
    return rc;
}

void pb_completion_judge(const struct pb_completion *c,
                         struct pb_completeness *k)
{
    memset(k, 0, sizeof(*k));
    if (!c->doc)
        return;
    k->known = true;
    k->ended =
        !strcmp(json_string_value(json_object_get(c->doc, "state")), "ended");
    const json_t *planned = json_object_get(c->doc, "planned");
    const json_t *outcomes = json_object_get(c->doc, "outcomes");
    size_t at = 0;
    for (size_t i = 0; i < json_array_size(planned); i++) {
        const char *name = json_string_value(json_array_get(planned, i));
        const char *o = json_string_value(json_object_get(outcomes, name));
        k->planned++;
        if (o) {
            k->timed += !strcmp(o, "timed");
            continue;
        }
        if (k->missing++ >= PB_COMPLETION_NAMED)
            continue;
        char shown[NAME_MAX_LEN * 4 + 1];
        pb_escape_controls(name, shown, sizeof(shown));
        int n = snprintf(k->named + at, sizeof(k->named) - at, "%s%.190s",
                         at ? ", " : "", shown);
        at += n > 0 ? (size_t)n : 0;
        if (at >= sizeof(k->named))
            at = sizeof(k->named) - 1;
    }
}

int pb_completeness_of(const char *dir, struct pb_completeness *k,
                       struct pb_error *e)
{
    struct pb_completion c;
    int rc = pb_completion_load(&c, dir, e);
    pb_completion_judge(&c, k);
    pb_completion_free(&c);
    return rc;
}

bool pb_completeness_incomplete(const struct pb_completeness *k)
{
    return k->known && (!k->ended || k->missing > 0);
}

void pb_completeness_text(const struct pb_completeness *k, char *buf,
                          size_t len)
{
    buf[0] = '\0';
    if (!pb_completeness_incomplete(k))
        return;
    int n = snprintf(buf, len, "incomplete: %zu of %zu benchmarks timed",
                     k->timed, k->planned);
    size_t at = n > 0 && (size_t)n < len ? (size_t)n : len - 1;
    if (k->missing == 0)
        snprintf(buf + at, len - at, "; the run stopped before its end");
    else if (k->missing > PB_COMPLETION_NAMED)
        snprintf(buf + at, len - at, "; missing: %s (and %zu more)", k->named,
                 k->missing - PB_COMPLETION_NAMED);
    else
        snprintf(buf + at, len - at, "; missing: %s", k->named);
}
