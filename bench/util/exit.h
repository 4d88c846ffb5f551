/*
 * exit.h - puzzlebench's exit codes and its one usage-error line. Every
 * verb returns one of the codes; a layer below the command line that
 * refuses an option (bench --against's checks of the other build) says
 * so with pb_usage_error and returns its code, so the verb passes it on.
 */
#ifndef PB_EXIT_H
#define PB_EXIT_H

#include "pb.h"

enum pb_exit {
    PB_EXIT_OK = 0,
    PB_EXIT_FAIL = 1,  /* wrong answers, bad data, I/O errors */
    PB_EXIT_USAGE = 2, /* unknown verb, kernel, variant or option */
};

/* "puzzlebench VERB: message; see 'puzzlebench VERB --help'" on stderr
 * (control bytes escaped); returns PB_EXIT_USAGE. */
int pb_usage_error(const char *verb, const char *fmt, ...) PB_PRINTF(2, 3);

#endif
