/*
 * eight_kernel.c - the cubic_eight kernel descriptor, its size syntax
 * (the board ROWSxCOLUMNS, "3x4"; the old rows * 10 + columns form "34"
 * still read, so older corpora, suites and results load) and its census
 * (full states per depth from a corner start, by the plain reference
 * search). Rolls are their own inverses, so the census with inverses is
 * the same.
 */
#include "eight_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"

extern const struct pb_variant *const cubic_eight_variants[];
extern const struct pb_kernel cubic_eight_kernel;

/* ROWSxCOLUMNS, or the two digits of the old rows * 10 + columns knob
 * (results, suites and corpus headers written before the board syntax
 * say "33"). The sides' range is the generator's to check. */
static int eight_size_parse(const char *text, struct pb_size *out,
                            struct pb_error *e)
{
    if (strlen(text) == 2 && text[0] >= '1' && text[0] <= '9' &&
        text[1] >= '1' && text[1] <= '9') {
        *out = (struct pb_size){text[0] - '0', text[1] - '0'};
        return 0;
    }
    if (pb_size_parse_board(text, out, NULL) == 0)
        return 0;
    return pb_fail(e, -EINVAL,
                   "size '%.40s' is not a board; expected ROWSxCOLUMNS "
                   "such as 3x4 (or the old two-digit form, 34 = 3 x 4)",
                   text);
}

static int eight_census(const struct pb_size *size, bool with_inverses,
                        uint64_t *counts, size_t max_depths, size_t *depths,
                        struct pb_error *e)
{
    (void)with_inverses;
    int rows, cols;
    int rc = eight_board_of_size(size, &rows, &cols, e);
    if (rc)
        return rc;
    char what[64];
    snprintf(what, sizeof(what), "the census of the %d x %d board", rows, cols);
    rc = pb_memory_check(eight_plain_bytes(rows, cols), what, e);
    if (rc)
        return rc;
    uint64_t codes;
    uint8_t *d = eight_plain_depths(rows, cols, 0, &codes);
    if (!d)
        return pb_fail(e, -ENOMEM, "out of memory for %d x %d", rows, cols);
    *depths = 0;
    for (size_t i = 0; i < max_depths; i++)
        counts[i] = 0;
    for (uint64_t c = 0; c < codes && rc == 0; c++) {
        if (d[c] == EIGHT_PLAIN_UNSEEN)
            continue;
        if (d[c] >= max_depths)
            rc = pb_fail(e, -ERANGE, "depth %u exceeds %zu", d[c], max_depths);
        else
            counts[d[c]]++;
        if ((size_t)d[c] + 1 > *depths)
            *depths = (size_t)d[c] + 1;
    }
    free(d);
    return rc;
}

/* Counter PB_WORK_MAIN: what work_per_second counts. */
static const struct pb_counter_def eight_counters[] = {
    {"expanded", "states expanded"}, {NULL, NULL}};

static const struct pb_space_ops eight_space = {
    .census_help = "size ROWSxCOLUMNS, up to 3x4; --start X,Y: the empty cell "
                   "as the judge writes it, 1-based",
    .census = eight_census,
    .build = eight_space_new,
    .free = eight_space_free,
    .classes = eight_space_classes,
    .start_parse = eight_space_start_parse,
};

const struct pb_kernel cubic_eight_kernel = {
    .name = "cubic_eight",
    .summary = "UVa 1604 Cubic Eight-Puzzle: fewest rolls (<= cap, else -1) "
               "to a top-colour pattern on an R x C board",
    .instance_size = sizeof(struct eight_instance),
    .format = {.read = eight_read,
               .write_instance = eight_write_instance,
               .write_end = eight_write_end},
    .answer = {.size = sizeof(struct eight_answer),
               .write = eight_write_answer,
               .read = eight_read_answer},
    .oracle = {.build = eight_oracle_new,
               .check = eight_oracle_check,
               .solve = eight_oracle_solve,
               .free = eight_oracle_free},
    .space = &eight_space,
    /* figures plot a board by its cells */
    .size = {.label = "board cells (rows x columns)",
             .judge = {EIGHT_JUDGE_SIDE, EIGHT_JUDGE_SIDE},
             .parse = eight_size_parse,
             .format = pb_size_format_board,
             .value = pb_size_value_cells},
    .work = {.counters = eight_counters},
    .families_help = "uniform | depth:D (exact optimum D) | far[:C] (optimum "
                     "above the cap C = 30); size = the board ROWSxCOLUMNS "
                     "(3x3), each 2..8, at most 16 cells",
    /* table answers fastest once built, but its build (a search per
     * class of start cells, ~0.14 s each on 3 x 3) outweighs a judge
     * file's few datasets; see docs/results/cubic_eight.md */
    .default_variant = "bibfs_array",
    .generate = eight_generate,
    .variants = cubic_eight_variants,
};
