/*
 * noise_run.c - the noise records of one `bench` run (noise_run.h): the
 * machine's state in the JSON context at the start, the same keys
 * rewritten at the end (Google Benchmark writes its context once, when
 * the run starts, so the end state is set into results.json afterwards:
 * read by context.h's loader, written back through a temporary file and
 * rename), and the console's "warnings:" block from the results as written
 * (results.csv read back through readback.h, so the console judges exactly
 * what the report and `compare` judge). O(benchmarks^2) for the block
 * (readback_find per benchmark), O(size of results.json) for the rewrite.
 */
#include "harness/noise_run.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/gbench.h"
#include "pb_file.h"
#include "results/context.h"

static void load_text(double load, char *out, size_t len)
{
    if (isnan(load))
        snprintf(out, len, "unknown");
    else
        snprintf(out, len, "%.2f", load);
}

void pb_noise_run_start(struct pb_results *r, struct pb_noise_machine *m)
{
    pb_noise_machine_read(PB_NOISE_SYSFS, m);
    char load[32];
    load_text(m->load_start, load, sizeof(load));
    const char *keys[3][2] = {{PB_CTX_CPU_GOVERNOR, m->governor},
                              {PB_CTX_CPU_TURBO, m->turbo},
                              {PB_CTX_LOAD_START, load}};
    for (int i = 0; i < 3; i++) {
        pb_gb_add_context(keys[i][0], keys[i][1]);
        pb_results_log(r, "# %-18s %s\n", keys[i][0], keys[i][1]);
    }
    if (!strcmp(m->governor, "unknown") || !strcmp(m->turbo, "unknown"))
        pb_results_say(r,
                       "note: CPU governor %s, turbo %s: the clock may change "
                       "between benchmarks (README: \"Measuring on a shared "
                       "machine\")\n",
                       m->governor, m->turbo);
}

/* Sets the run's machine keys in the context of results.json (path) and
 * writes it back atomically. 0 when done or when there is no file (a run
 * that wrote none); else a negative error in e. */
static int rewrite_context(const char *path, const struct pb_noise_machine *m,
                           struct pb_error *e)
{
    static const char what[] =
        "the Google Benchmark JSON this run wrote, with a context";
    json_t *root;
    int rc = pb_json_load(path, what, &root, e);
    if (rc)
        return rc == -ENOENT ? 0 : rc;
    json_t *context = pb_context_in(root);
    if (!context) {
        json_decref(root);
        return pb_fail(e, -EINVAL, "%s: no context; expected %s", path, what);
    }
    char load[32];
    load_text(m->load_start, load, sizeof(load));
    rc = json_object_set_new(context, PB_CTX_CPU_GOVERNOR,
                             json_string(m->governor)) |
         json_object_set_new(context, PB_CTX_CPU_TURBO, json_string(m->turbo)) |
         json_object_set_new(context, PB_CTX_LOAD_START, json_string(load));
    load_text(m->load_end, load, sizeof(load));
    rc |= json_object_set_new(context, PB_CTX_LOAD_END, json_string(load));
    /* 17 significant digits: every double reads back as the same value */
    char *text = rc ? NULL : json_dumps(root, JSON_INDENT(2));
    json_decref(root);
    if (!text)
        return pb_fail(e, -ENOMEM, "%s: out of memory", path);
    size_t len = strlen(text);
    text[len] = '\n'; /* json_dumps leaves off the final newline */
    rc = pb_write_atomically(path, text, len + 1);
    free(text);
    if (rc)
        return pb_fail(e, rc,
                       "%s: cannot write: %s (it keeps the start of the "
                       "run's machine state)",
                       path, strerror(-rc));
    return 0;
}

int pb_noise_run_end(struct pb_results *r, struct pb_noise_machine *m,
                     const struct readback *t, struct pb_error *e)
{
    struct pb_noise_machine end;
    pb_noise_machine_read(PB_NOISE_SYSFS, &end);
    pb_noise_machine_end(m, &end);
    int rc = rewrite_context(r->json_path, m, e);
    /* a run with no verified results has only the machine's warnings */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return rc ? rc : pb_fail(e, -ENOMEM, "out of memory");
    size_t lines = pb_noise_print(f, "  ", t, m, m->cores);
    if (fclose(f) == 0 && lines)
        pb_results_show(r, "\nwarnings:\n%s", text); /* --quiet too */
    free(text);
    return rc;
}
