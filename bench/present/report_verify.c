/*
 * report_verify.c - the report's Verification section (report_internal.h)
 * from the records "verify:NAME" of results.json's context (schema.h:
 * order, status, answers correct of instances, seconds, reason): one line
 * per kernel ("92 of 92 benchmarks verified, every timed iteration
 * rechecked against the verified answers": the harness compares each
 * timed iteration's answers with the verified pass's), a sentence on
 * the whole (for an incomplete folder, that it is: completion.h), then
 * every record in the suite's order (collapsed in HTML under
 * <details>). A folder without records says why. O(R log R + R *
 * kernels) for R records.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "present/report_internal.h"
#include "results/schema.h"
#include "util/context_keys.h"

struct record {
    const char *name;
    struct pb_pass_record v;
};

static int by_order(const void *a, const void *b)
{
    const struct record *x = a, *y = b;
    if (x->v.order != y->v.order)
        return x->v.order < y->v.order ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* One line per kernel, in the order the records first name them:
 * "92 of 92 benchmarks verified, every timed iteration rechecked". */
static void verified_lines(struct rp_out *o, const struct record *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t klen = strcspn(r[i].name, "/");
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcspn(r[j].name, "/") == klen &&
                   !strncmp(r[j].name, r[i].name, klen);
        if (seen)
            continue;
        size_t all = 0, ok = 0, wrong = 0, skipped = 0;
        for (size_t j = i; j < n; j++) {
            if (strcspn(r[j].name, "/") != klen ||
                strncmp(r[j].name, r[i].name, klen))
                continue;
            enum pb_pass_status s = r[j].v.status;
            all++;
            ok += s == PB_PASS_CORRECT;
            wrong += s == PB_PASS_WRONG || s == PB_PASS_FAILED;
            skipped += s == PB_PASS_SKIPPED || s == PB_PASS_NOT_APPLICABLE;
        }
        char kernel[64], text[256];
        snprintf(kernel, sizeof(kernel), "%.*s", (int)klen, r[i].name);
        int at = snprintf(text, sizeof(text), "%zu of %zu benchmarks verified",
                          ok, all);
        if (wrong || skipped)
            at += snprintf(text + at, sizeof(text) - (size_t)at,
                           " (%zu wrong or failed, %zu not timed)", wrong,
                           skipped);
        snprintf(text + at, sizeof(text) - (size_t)at,
                 ", every timed iteration rechecked against the verified "
                 "answers");
        rp_item(o, i == 0, kernel, text);
    }
    rp_list_end(o);
}

int rp_verification_part(struct rp_out *o, const json_t *context,
                         const char *path, bool json,
                         const struct pb_completeness *k, struct pb_error *e)
{
    static const char *const cols[] = {"benchmark", "answers", "result"};
    rp_heading(o, 2, "Verification");
    size_t n = 0, cap = json_object_size(context);
    struct record *r = calloc(cap ? cap : 1, sizeof(*r));
    if (!r)
        return pb_fail(e, -ENOMEM, "out of memory");
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)context, key, value)
    {
        if (!pb_ctx_prefixed(key, PB_CTX_VERIFY_PREFIX))
            continue;
        const char *text = json_string_value(value);
        if (!text || pb_pass_record_parse(text, &r[n].v)) {
            free(r);
            return pb_fail(e, -EINVAL,
                           "%s: context \"%.80s\": expected a verification "
                           "record (order=N status=S correct=N instances=N "
                           "seconds=S reason=...)",
                           path, key);
        }
        r[n++].name = key + strlen(PB_CTX_VERIFY_PREFIX);
    }
    qsort(r, n, sizeof(*r), by_order);
    size_t failed = 0, untimed = 0;
    for (size_t i = 0; i < n; i++) {
        failed +=
            r[i].v.status == PB_PASS_WRONG || r[i].v.status == PB_PASS_FAILED;
        untimed += r[i].v.status != PB_PASS_CORRECT;
    }
    char text[192];
    if (n == 0)
        snprintf(text, sizeof(text),
                 "Verification not recorded in this results folder (%s; "
                 "its log.txt, where kept, has the pass's lines).",
                 json ? "its results.json predates verification records"
                      : "it has no results.json");
    else if (failed)
        snprintf(text, sizeof(text), "Some benchmarks were not verified.");
    else if (pb_completeness_incomplete(k))
        snprintf(text, sizeof(text),
                 "Every answer checked was correct, but the run is "
                 "incomplete: %zu of %zu benchmarks timed (what is missing "
                 "is named at the top).",
                 k->timed, k->planned);
    else if (untimed)
        snprintf(text, sizeof(text),
                 "Every answer checked was correct; %zu of %zu benchmarks "
                 "were not timed (see below).",
                 untimed, n);
    else
        snprintf(text, sizeof(text),
                 "Every answer was correct: each variant on each corpus "
                 "against the kernel's oracle, before timing.");
    if (n)
        verified_lines(o, r, n);
    rp_para(o, text);
    if (n) {
        snprintf(text, sizeof(text), "Per benchmark (%zu)", n);
        fprintf(o->html, "<details><summary>%s</summary>\n", text);
        rp_para(o, "Per benchmark, in the suite's order:");
        rp_table_begin(o, cols, 3, 3);
    }
    for (size_t i = 0; i < n; i++) {
        const struct pb_pass_record *v = &r[i].v;
        char cells[3][RP_CELL];
        /* the size as its kernel writes it now (an older folder's
         * "size:33" of cubic_eight shows as size:3x3, as in the tables) */
        struct pb_bench_id id;
        if (pb_bench_id_parse(r[i].name, &id, NULL) != 0 ||
            readback_size_canonical(&id, NULL) != 0 ||
            pb_bench_id_write(&id, cells[0], RP_CELL) < 0)
            snprintf(cells[0], RP_CELL, "%s", r[i].name);
        if (isnan(v->seconds))
            snprintf(cells[1], RP_CELL, "-");
        else
            snprintf(cells[1], RP_CELL, "%llu/%llu",
                     (unsigned long long)v->correct,
                     (unsigned long long)v->instances);
        snprintf(cells[2], RP_CELL, "%s",
                 v->reason[0] ? v->reason : pb_pass_status_name(v->status));
        rp_table_row(o, cells, 3);
    }
    if (n) {
        rp_table_end(o);
        fputs("</details>\n", o->html);
    }
    free(r);
    return 0;
}
