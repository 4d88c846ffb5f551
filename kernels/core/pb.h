/*
 * pb.h - the contracts between kernels, variants and the harness, in one
 * include: errors (pb_error.h), sizes (pb_size.h), whole spaces for the
 * engine (pb_space.h), work counters (pb_work.h), corpora (pb_corpus.h),
 * and the kernel and variant descriptors with the registry
 * (pb_kernel.h). A file that needs one topic may include its header
 * alone; each compiles on its own.
 */
#ifndef PB_H
#define PB_H

#include "pb_corpus.h"
#include "pb_error.h"
#include "pb_kernel.h"
#include "pb_size.h"
#include "pb_space.h"
#include "pb_work.h"

#endif
