/*
 * knobs.c - the environment's settings checked and recorded (knobs.h).
 * One table names every PB_* variable bench/ reads and each kernel's
 * env_knobs names its variants' (grep getenv: bench/, kernels/,
 * variants/), each with the check of its value where a value can be
 * wrong, so a verb refuses exactly what the variant would and bench/
 * names no kernel. An unknown name's nearest known name is suggest.h's
 * (a swap of two neighbours is one edit, so PB_SMID is one step from
 * PB_SIMD). O(environment x table x name length^2).
 */
#include "harness/knobs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/context_keys.h"
#include "util/suggest.h"

extern char **environ;

enum {
    NAME_MAX_SHOWN = 200,   /* bytes of a variable's name kept in a key */
    VALUE_MAX_SHOWN = 1024, /* bytes of a value kept */
};

/* Every PB_* variable bench/ reads (the kernels' own are in their
 * env_knobs), and the check of its value where it changes the code
 * measured (NULL: a path, or a text recorded as it is). */
static const struct pb_env_knob own[] = {
    {"PB_DATA", NULL},              /* data_dir.h: suites, plots, corpora */
    {"PB_PLOTS_DIR", NULL},         /* plot.h */
    {"PB_COMMIT", NULL},            /* provenance.h: a bundle's commit */
    {"PB_DIRTY", NULL},             /* and its tree's state */
    {"PB_BUILD_DIFF", NULL},        /* identity.h: a bundle's diff */
    {"PB_GIT_DIR_FOR_TESTS", NULL}, /* identity.h: the tests' git tree */
};
#define OWN (sizeof(own) / sizeof(own[0]))

/* The i-th knob: bench/'s, then each kernel's; NULL past the last. */
static const struct pb_env_knob *knob(size_t i)
{
    if (i < OWN)
        return &own[i];
    i -= OWN;
    for (size_t k = 0; pb_kernels[k]; k++) {
        const struct pb_env_knob *t = pb_kernels[k]->env_knobs;
        for (size_t j = 0; t && t[j].name; j++, i--)
            if (i == 0)
                return &t[j];
    }
    return NULL;
}

/* The length of the name of environment entry "NAME=VALUE". */
static size_t name_len(const char *entry)
{
    return strcspn(entry, "=");
}

static const struct pb_env_knob *known(const char *name, size_t len)
{
    const struct pb_env_knob *k;
    for (size_t i = 0; (k = knob(i)) != NULL; i++)
        if (strlen(k->name) == len && !strncmp(k->name, name, len))
            return k;
    return NULL;
}

/* The known name nearest to name (suggest.h), NULL when none is near. */
static const char *nearest(const char *name, struct pb_suggest *s)
{
    pb_suggest_init(s, name);
    const struct pb_env_knob *k;
    for (size_t i = 0; (k = knob(i)) != NULL; i++)
        pb_suggest_offer(s, k->name);
    return s->best[0] ? s->best : NULL;
}

int pb_knobs_check(const char *verb, bool quiet, struct pb_error *e)
{
    for (char **v = environ; *v; v++) {
        size_t len = name_len(*v);
        if (quiet || strncmp(*v, "PB_", 3) || known(*v, len))
            continue;
        char name[NAME_MAX_SHOWN + 1], shown[4 * sizeof(name)];
        snprintf(name, sizeof(name), "%.*s",
                 (int)(len < NAME_MAX_SHOWN ? len : NAME_MAX_SHOWN), *v);
        pb_escape_controls(name, shown, sizeof(shown));
        struct pb_suggest suggest;
        const char *near = nearest(name, &suggest);
        if (near)
            fprintf(stderr,
                    "puzzlebench %s: warning: environment %s is not a "
                    "variable puzzlebench reads (did you mean %s?)\n",
                    verb, shown, near);
        else
            fprintf(stderr,
                    "puzzlebench %s: warning: environment %s is not a "
                    "variable puzzlebench reads (see ENVIRONMENT in "
                    "puzzlebench(1))\n",
                    verb, shown);
    }
    const struct pb_env_knob *k;
    for (size_t i = 0; (k = knob(i)) != NULL; i++) {
        int rc = k->check ? k->check(e) : 0;
        if (rc)
            return rc;
    }
    return 0;
}

/* The environment entry is one that may change what is measured. */
static bool recorded(const char *entry)
{
    static const char *const prefixes[] = {"PB_", "OMP_", "GOMP_", "KMP_"};
    static const char *const names[] = {"MALLOC_CONF", "JE_MALLOC_CONF",
                                        "LD_PRELOAD"};
    size_t len = name_len(entry);
    for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
        if (!strncmp(entry, prefixes[i], strlen(prefixes[i])))
            return true;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strlen(names[i]) == len && !strncmp(entry, names[i], len))
            return true;
    return false;
}

static int by_name(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    size_t nx = name_len(x), ny = name_len(y);
    int c = strncmp(x, y, nx < ny ? nx : ny);
    return c ? c : (nx > ny) - (nx < ny);
}

void pb_knobs_record(struct pb_results *r,
                     void (*add)(struct pb_results *r, const char *key,
                                 const char *value))
{
    size_t n = 0, count = 0;
    while (environ[n])
        n++;
    const char **entry = malloc((n ? n : 1) * sizeof(*entry));
    if (!entry)
        return;
    for (size_t i = 0; i < n; i++)
        if (recorded(environ[i]))
            entry[count++] = environ[i];
    qsort(entry, count, sizeof(*entry), by_name);
    for (size_t i = 0; i < count; i++) {
        size_t len = name_len(entry[i]);
        /* a name twice (execve allows it), or two names cut to one key:
         * one record, the value getenv reads */
        if (i && (!by_name(&entry[i - 1], &entry[i]) ||
                  (len > NAME_MAX_SHOWN &&
                   !strncmp(entry[i - 1], entry[i], NAME_MAX_SHOWN))))
            continue;
        char key[NAME_MAX_SHOWN + 8], text[VALUE_MAX_SHOWN + 64];
        snprintf(key, sizeof(key), PB_CTX_ENV_PREFIX "%.*s",
                 (int)(len < NAME_MAX_SHOWN ? len : NAME_MAX_SHOWN), entry[i]);
        const char *value = len <= NAME_MAX_SHOWN
                                ? getenv(key + strlen(PB_CTX_ENV_PREFIX))
                                : NULL;
        if (!value)
            value = entry[i][len] ? entry[i] + len + 1 : "";
        size_t size = strlen(value);
        if (size > VALUE_MAX_SHOWN)
            snprintf(text, sizeof(text), "%.*s... (%zu bytes)", VALUE_MAX_SHOWN,
                     value, size);
        else
            snprintf(text, sizeof(text), "%s", value);
        add(r, key, text);
    }
    free(entry);
}
