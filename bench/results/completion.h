/*
 * completion.h - the completion record of a results folder,
 * DIR/completion.json: what the run planned, how each planned benchmark
 * ended, and whether the run reached its end. bench and run write it
 * (the plan before the verification pass, each outcome as its
 * benchmark ends, "ended" once the results are written whole); merge
 * writes the union of its inputs' records. merge, plot, compare and the
 * report read it to say "incomplete: N of M benchmarks timed" and which
 * are missing. A folder without one (written before the record existed)
 * has an unknown completeness: nothing is said about it.
 *
 *   {"format": 1, "verb": "bench" | "merge",
 *    "state": "running" | "ended",
 *    "shard": "I/N",              (a sharded run only)
 *    "suite_benchmarks": [NAME, ...],
 *    "planned": [NAME, ...],
 *    "outcomes": {NAME: "timed" | "skipped" | "failed", ...}}
 *
 * suite_benchmarks: every benchmark the whole suite runs (after --threads
 * and --benchmark_filter), in the suite's order, whichever shard this
 * folder is; planned: this folder's part of them (all of them when
 * unsharded, and for a merge the union of the inputs' suites). A
 * planned benchmark is accounted for once it has an outcome (timed: at
 * least one verified repetition; skipped: memory cap, budget, not
 * applicable; failed: a wrong answer or a failure, its reason in
 * results.csv and the verification record); missing: planned and not
 * accounted for (the run stopped first). A folder is complete when its
 * record says ended and nothing is missing. Names are benchmark names
 * (schema.h) as the run wrote them. Rewritten whole (pb_write_atomically)
 * at each change: O(planned) each time.
 */
#ifndef COMPLETION_H
#define COMPLETION_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "pb.h"
#include "pb_file.h"

#define PB_COMPLETION_FILE "completion.json"
/* Missing benchmarks named in a message; the rest are counted. */
#define PB_COMPLETION_NAMED 20

enum pb_outcome { PB_OUTCOME_TIMED, PB_OUTCOME_SKIPPED, PB_OUTCOME_FAILED };

/* A record being written, or read back. */
struct pb_completion {
    json_t *doc;                 /* NULL: none */
    char path[PB_PATH_MAX + 32]; /* DIR/completion.json, once known */
};

/* An empty record in memory (state running; shard NULL when
 * unsharded). 0 or -ENOMEM with e. */
int pb_completion_new(struct pb_completion *c, const char *verb,
                      const char *shard, struct pb_error *e);
/* Adds name to suite_benchmarks, and to planned when in_part. 0 or
 * -ENOMEM. */
int pb_completion_plan(struct pb_completion *c, const char *name, bool in_part);
/* Sets the outcome of name. 0 or -ENOMEM. */
int pb_completion_outcome(struct pb_completion *c, const char *name,
                          enum pb_outcome o);
/* Writes the record as dir/completion.json (state ended when ended)
 * through a temporary and rename. 0 or an error naming the file. */
int pb_completion_save(struct pb_completion *c, const char *dir, bool ended,
                       struct pb_error *e);
void pb_completion_free(struct pb_completion *c);

/* Reads dir's record: 0 with c->doc NULL when dir has none, 0 with it
 * read and checked, or -EINVAL (a record of another shape) / an I/O
 * error with e naming the file. */
int pb_completion_load(struct pb_completion *c, const char *dir,
                       struct pb_error *e);
/* Adds in's suite_benchmarks (to out's suite and plan, each once, in
 * first-seen order) and outcomes to out: a merge's record. 0 or
 * -ENOMEM. */
int pb_completion_join(struct pb_completion *out,
                       const struct pb_completion *in);

/* What a record says. */
struct pb_completeness {
    bool known; /* the folder has a record */
    bool ended; /* it says the run reached its end */
    size_t planned, timed, missing;
    /* the first PB_COMPLETION_NAMED missing names, ", "-separated,
     * control bytes escaped */
    char named[PB_COMPLETION_NAMED * 200];
};

/* Judges c (c->doc NULL: unknown). O(planned). */
void pb_completion_judge(const struct pb_completion *c,
                         struct pb_completeness *k);
/* pb_completion_load and pb_completion_judge of dir. */
int pb_completeness_of(const char *dir, struct pb_completeness *k,
                       struct pb_error *e);
/* k is known and not complete. */
bool pb_completeness_incomplete(const struct pb_completeness *k);
/* "incomplete: N of M benchmarks timed; missing: A, B (and K more)", or
 * "...; the run stopped before its end" when nothing is missing; "" for
 * a complete or unknown folder. */
void pb_completeness_text(const struct pb_completeness *k, char *buf,
                          size_t len);

#endif
