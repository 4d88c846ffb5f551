/*
 * cli.c - helpers shared by the verbs: usage errors in one format, name
 * look-ups that suggest the closest valid name and list them all
 * (util/suggest.h), strict number parsing (sizes, percentages), --clock.
 */
#include "cli/cli.h"

#include "util/cpus.h"
#include "util/suggest.h"
#include "pb_limits.h"
#include "results/readback.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_bad_option(const char *verb, int argc, char **argv, int c,
                   const struct option *options)
{
    extern int optind;
    const char *arg = optind - 1 < argc ? argv[optind - 1] : "?";
    if (c == ':')
        return pb_usage_error(verb, "option '%s' needs a value", arg);
    if (strncmp(arg, "--", 2) != 0)
        return pb_usage_error(verb, "unknown option '%s'", arg);
    char typed[PB_SUGGEST_MAX_LEN + 1];
    snprintf(typed, sizeof(typed), "%.*s", (int)strcspn(arg, "="), arg);
    struct pb_suggest s;
    pb_suggest_init(&s, typed);
    for (const struct option *o = options; o->name; o++) {
        char name[PB_SUGGEST_MAX_LEN + 1];
        snprintf(name, sizeof(name), "--%s", o->name);
        pb_suggest_offer(&s, name);
    }
    return pb_usage_error(verb, "unknown option '%s'; %s", arg,
                          pb_suggest_text(&s));
}

const struct pb_kernel *cli_kernel(const char *verb, const char *name)
{
    const struct pb_kernel *k = name ? pb_kernel_find(name) : NULL;
    if (k)
        return k;
    struct pb_suggest s;
    pb_suggest_init(&s, name ? name : "");
    pb_suggest_kernels(&s);
    if (!name)
        pb_usage_error(verb, "missing KERNEL; expected one of: %s", s.names);
    else
        pb_usage_error(verb, "unknown kernel '%s'; %s", name,
                       pb_suggest_text(&s));
    return NULL;
}

const struct pb_variant *
cli_variant(const char *verb, const struct pb_kernel *k, const char *name)
{
    const struct pb_variant *v = pb_variant_find(k, name);
    if (v)
        return v;
    struct pb_suggest s;
    pb_suggest_init(&s, name);
    pb_suggest_variants(&s, k);
    pb_usage_error(verb, "unknown variant '%s' for %s; %s", name, k->name,
                   pb_suggest_text(&s));
    return NULL;
}

bool cli_long(const char *verb, const char *option, const char *text, long min,
              long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno == ERANGE || v < min || v > max) {
        pb_usage_error(verb, "%s needs an integer %ld..%ld, got '%s'", option,
                       min, max, text);
        return false;
    }
    *out = v;
    return true;
}

bool cli_u64(const char *verb, const char *option, const char *text,
             uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (end == text || *end != '\0' || errno == ERANGE || text[0] == '-') {
        pb_usage_error(verb, "%s needs an unsigned integer, got '%s'", option,
                       text);
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

bool cli_bytes(const char *verb, const char *option, const char *text,
               uint64_t *out)
{
    int rc = pb_parse_bytes(text, out);
    if (rc == 0 && *out > 0)
        return true;
    pb_usage_error(verb,
                   "%s needs a size N, NK, NM, NG or NT (powers of "
                   "1024) from 1 to 16 EiB, got '%s'%s",
                   option, text, rc == -ERANGE ? " (too big)" : "");
    return false;
}

bool cli_set_memory_cap(const char *verb, const char *text)
{
    uint64_t bytes;
    if (!cli_bytes(verb, "--max-memory", text, &bytes))
        return false;
    pb_memory_cap_set(bytes);
    return true;
}

bool cli_set_input_cap(const char *verb, const char *text)
{
    uint64_t bytes;
    if (!cli_bytes(verb, "--max-input", text, &bytes))
        return false;
    pb_input_cap_set(bytes);
    return true;
}

bool cli_percent(const char *verb, const char *option, const char *text,
                 double max, double *out)
{
    char *end;
    *out = strtod(text, &end);
    if (*end || end == text || !(*out >= 0 && *out < max)) {
        pb_usage_error(verb, "%s expects a percentage >= 0%s, found '%s'",
                       option, isinf(max) ? "" : " and below 100", text);
        return false;
    }
    return true;
}

bool cli_clock(const char *verb, const char *text, unsigned *flag)
{
    if (readback_clock_parse(text, flag) == 0)
        return true;
    pb_usage_error(verb, "--clock '%s'; expected cpu or wall", text);
    return false;
}
