/*
 * noise_run.h - the machine's record in one `bench` run: its state
 * (util/machine.h) in the JSON context at the start, rewritten at the
 * end, and the console's "warnings:" block (analysis/noise.h's rules).
 */
#ifndef PB_NOISE_RUN_H
#define PB_NOISE_RUN_H

#include "analysis/noise.h"
#include "results/folder.h"

/* The start of a run: reads the machine into m, adds its keys to the
 * JSON context (and the log, as provenance does) and says on one line
 * when the governor or turbo state is unknown. */
void pb_noise_run_start(struct pb_results *r, struct pb_noise_machine *m);
/* The end of a run: reads the machine again, rewrites the context of
 * r's results.json with the run's state (pb_noise_machine_end), then
 * prints the "warnings:" block (one line per noisy benchmark of the
 * run's results t, NULL when none were read; one per machine warning;
 * nothing when there are none) to stdout and the log. 0, or a negative
 * error when results.json could not be rewritten (e says why; the old
 * file is kept). */
int pb_noise_run_end(struct pb_results *r, struct pb_noise_machine *m,
                     const struct readback *t, struct pb_error *e);

#endif
