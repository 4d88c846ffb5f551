/*
 * against.h - `puzzlebench bench --against OTHER`: an A/B run of two
 * builds interleaved in time. Side A is OTHER, another puzzlebench
 * binary (a build of the previous commit, of the tree before an edit, or
 * a bundle's puzzlebench): the baseline. Side B is this binary: the
 * build under test. Ratios are B / A, as compare prints them (above 1:
 * this build is slower). `puzzlebench calibrate` is the same run with
 * this binary on both sides (an A/A test, calibration.h).
 *
 * OTHER is checked before anything is made: an executable that answers
 * `OTHER --version` with a puzzlebench version line and whose `bench
 * --help` lists the worker options (harness.h: --round-index, --side,
 * --verified-in). Then each round r of the run (the suite's rounds, or
 * --rounds) runs each side in a process of its own, started without a
 * shell:
 *
 *   BIN bench --suite PATH [the run's options] --round-index r
 *       --round-seed SEED --side A|B --out DIR/sides/S/round-r --quiet
 *       [--verified-in DIR/sides/S/round-0/latest]
 *
 * in the order A, B for an even r and B, A for an odd one (ABBA), both
 * sides timing the same benchmarks in the same shuffled order within a
 * round (one seed). A side's stdout and stderr go to
 * DIR/sides/S/console.log, each part's log.txt into DIR/log.txt. After
 * each round the parts are joined (pb_against_join) into the results
 * folder DIR = ROOT/<UTC>/: results.csv with every row of both sides
 * (its side column), results.json with both sides' runs (each its
 * "side") and a context holding each side's identity (side B's keys as
 * they are, side A's prefixed "A:", the run's own "against:" keys), and
 * completion.json (complete once both sides timed every benchmark in
 * every round it has). A benchmark timed on different corpora by the two
 * sides (a corpus hash that differs) stops the run: the builds would
 * time different inputs. At the end compare's table of A against B,
 * paired round by round, is printed and kept (compare.txt, compare.csv),
 * the figures and report drawn (side B's), and ROOT/latest moved.
 */
#ifndef AGAINST_H
#define AGAINST_H

#include <stdbool.h>
#include <stddef.h>

#include "results/completion.h"
#include "harness/harness.h"
#include "pb.h"
#include "pb_file.h"

/* What bench --against appends to its results root beyond a run's own
 * folder: "/sides/A/round-63" and a worker's "/<UTC>-NNN" under it. */
#define PB_AGAINST_APPENDED (17 + 1 + 16 + 4)
/* Options a worker is handed besides the worker options, at most. */
#define PB_AGAINST_FORWARD_MAX 64

struct pb_against_options {
    /* OTHER's path as given; NULL: this binary on both sides (calibrate) */
    const char *other;
    /* the run's options as typed, handed to each side's worker (the
     * suite or corpus aside: pb_against_run gives its resolved path) */
    const char *forward[PB_AGAINST_FORWARD_MAX];
    int forwarded;
    double band;       /* compare's equivalence band (0.02: +-2 %) */
    double fail_above; /* compare's gate in percent; < 0: none */
    /* out: the results folder made ("" when none was) */
    char dir[PB_PATH_MAX];
};

/* Runs the A/B run o describes (its suite or corpus, threads, rounds,
 * seed, clock, caps, out_dir, quiet; harness.h) against a->other. The
 * exit status: 2 for OTHER refused or options that do not fit the suite
 * (nothing made), 1 for a bad suite, a wrong answer or failure on either
 * side, a side that could not run or corpora that differ, the gate's 1
 * (a->fail_above), else 0. */
int pb_against_run(const struct pb_bench_options *o,
                   struct pb_against_options *a);

/* One side's run of one round: a worker's results folder. */
struct pb_against_part {
    char side; /* 'A' or 'B' */
    int round;
    char dir[PB_PATH_MAX]; /* "" when the worker made none */
};

/* Joins parts[0..n) (in the order they ran) into folder dir:
 * results.csv (every row, its side set; sizes canonical), results.json
 * (every run with its "side"; the context of side B's first part, side
 * A's prefixed "A:", the against: keys of `keys`, NULL-terminated
 * key/value pairs, and the machine's load at the first part's start and
 * the last one's end) and side B's build.diff. Refused, writing nothing:
 * a part whose rows say another side or round, and a benchmark timed on
 * two corpora (its corpus_hash differs between the sides, or within
 * one). 0, or an error in e naming the parts. O(rows + runs). */
int pb_against_join(const char *dir, const struct pb_against_part *parts,
                    size_t n, const char *const *keys, struct pb_error *e);

/* The completion record of the joined folder: names[0..count) planned
 * (rounds[i] rounds each); a benchmark is timed once both sides' parts
 * of each of its rounds say timed, failed when one says failed, else
 * skipped when one says skipped; missing while a part lacks it. Written
 * into dir, state ended when ended. 0 or an error. */
int pb_against_completion(const char *dir, char (*names)[192],
                          const int *rounds, size_t count,
                          const struct pb_against_part *parts, size_t n,
                          bool ended, struct pb_error *e);

#endif
