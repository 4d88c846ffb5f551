/*
 * harness_console.c - what the console shows during and after a run
 * (console.h; the structs are harness_internal.h's): the progress line on
 * stderr, redrawn as each benchmark ends a round ("round r/R" when the
 * run has several); with the compact console, one line per benchmark
 * after its last round, from the repetitions of every round on_run saw
 * (median time per instance on the benchmark's clock, which the line
 * names: CPU time at one process of one thread, wall time at more, or the
 * --clock asked for, as readback.h reads the results back; its coefficient of
 * variation, and the ratio to its baseline: the kernel's first registered
 * variant timed on the same corpus and threads, as the report picks it);
 * at the end the winners of each corpus (winners.h), read back from the
 * results.csv just written.
 *
 * A line's baseline is found by a scan of the cases, O(cases x
 * variants), small beside the benchmark it follows; the winners read
 * results.csv once.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/harness_internal.h"

/* kernel/variant/family/size/n=N/t=T[/p=P]: the console's name for c */
void pb_harness_short_name(const struct bench_case *c, char *buf, size_t len)
{
    pb_console_name(&c->id, buf, len);
}

void pb_harness_progress(struct harness *h, const struct bench_case *c)
{
    char name[2 * sizeof(c->name) + 32];
    int n = h->rounds > 1 ? snprintf(name, sizeof(name), "round %d/%d ",
                                     c->round + 1, h->rounds)
                          : 0;
    pb_harness_short_name(c, name + n, sizeof(name) - (size_t)n);
    double elapsed = pb_now() - h->started;
    pb_progress_show(&h->progress, h->steps_done, h->steps, name, elapsed,
                     pb_progress_left(h->steps_done, h->steps, elapsed));
}

/* The place of x's variant in its kernel's table. */
static size_t variant_rank(const struct pb_suite_entry *x)
{
    size_t i = 0;
    while (x->kernel->variants[i] && x->kernel->variants[i] != x->variant)
        i++;
    return i;
}

/* c's baseline on its corpus and threads: the kernel's first registered
 * variant among those timed (selected, not skipped before timing), as
 * the report picks it (summary.h); NULL when it has no such benchmark. */
static const struct bench_case *baseline_of(const struct harness *h,
                                            const struct bench_case *c)
{
    const struct pb_variant *first = NULL;
    size_t rank = SIZE_MAX;
    for (size_t i = 0; i < h->case_count; i++) {
        const struct bench_case *b = &h->cases[i];
        if (b->backend && !b->skip[0] && b->entry->kernel == c->entry->kernel &&
            variant_rank(b->entry) < rank) {
            rank = variant_rank(b->entry);
            first = b->entry->variant;
        }
    }
    for (size_t i = 0; first && i < h->case_count; i++) {
        const struct bench_case *b = &h->cases[i];
        if (b->backend && b->entry->variant == first && b->slot == c->slot &&
            b->entry->threads == c->entry->threads)
            return b;
    }
    return NULL;
}

/* The compact console's line for c, which ended with run: its median
 * and spread, its ratio to the baseline when that has ended, and
 * "verified" or why not. */
void pb_harness_result_line(struct harness *h, struct bench_case *c,
                            const struct pb_gb_run *run)
{
    char name[2 * sizeof(c->name)], line[4 * PB_CONSOLE_WIDTH];
    struct case_times *t = &c->times;
    struct pb_console_result r = {
        .name = name, .median = NAN, .spread = NAN, .ratio = NAN};
    pb_harness_short_name(c, name, sizeof(name));
    if (t->n) {
        /* the clock of the benchmark (readback.h's rule, or --clock), as
         * its results are read back; CPU time only where every
         * repetition has it */
        bool cpu_known = true;
        for (size_t i = 0; i < t->n; i++)
            cpu_known = cpu_known && isfinite(t->cpu_per_instance[i]);
        t->clock = readback_clock_choose(h->clock, c->entry->threads,
                                         h->processes, cpu_known);
        if (!cpu_known)
            t->clock = READBACK_CLOCK_WALL;
        pb_console_center(t->clock == READBACK_CLOCK_CPU ? t->cpu_per_instance
                                                         : t->per_instance,
                          t->n, &t->median, &r.spread);
        r.median = t->median;
        r.clock = readback_clock_name(t->clock);
    }
    r.status = c->skip[0] ? c->skip : run->error ? run->error_message : NULL;
    const struct bench_case *b = baseline_of(h, c);
    if (b == c)
        r.is_baseline = t->n > 0;
    else if (b && b->ended && b->times.n && t->n &&
             b->times.clock == t->clock) {
        r.ratio = t->median / b->times.median;
        r.baseline = b->entry->variant->name;
    } else if (b && !b->ended && t->n) {
        r.baseline = b->entry->variant->name;
        r.baseline_later = true;
    }
    if (!h->header_said) { /* the column fits every name of the run */
        size_t longest = 0;
        for (size_t i = 0; i < h->case_count; i++) {
            char other[2 * sizeof(c->name)];
            pb_harness_short_name(&h->cases[i], other, sizeof(other));
            longest = strlen(other) > longest ? strlen(other) : longest;
        }
        pb_console_set_name_width(longest);
        pb_console_header(line, sizeof(line));
        pb_results_show(&h->results, "%s\n", line);
        h->header_said = true;
    }
    pb_console_line(&r, line, sizeof(line));
    pb_results_show(&h->results, "%s\n", line);
}

void pb_harness_clear_progress(void *user)
{
    struct harness *h = user;
    pb_progress_clear(&h->progress);
}

/* The end of the console: every corpus's fastest variant and its ratio
 * to each other (winners.h), from the run's results t as written (NULL:
 * none could be read), as the report reads them. */
void pb_harness_say_winners(struct harness *h, const struct readback *t)
{
    struct pb_error e;
    if (h->timed == 0 || !t)
        return;
    char *text = pb_console_winners(t, &e);
    if (!text)
        fprintf(stderr, "puzzlebench bench: warning: no winners: %s\n", e.msg);
    else
        pb_results_show(&h->results, "\n%s", text);
    free(text);
}
