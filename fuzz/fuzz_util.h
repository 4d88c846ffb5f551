/*
 * fuzz_util.h - what the libFuzzer targets of fuzz/ share: a private
 * folder for the parsers that take a path (the input written there once
 * per run of the target), and the check that a refusal is one message.
 * See fuzz_util.c.
 */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "pb.h"

/* The libFuzzer entry point each target defines (fuzz/replay_main.c calls
 * it where libFuzzer is not linked). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Writes data[0..size) to NAME (a relative path, its folder made by
 * fuzz_dir_make first) inside this process's private temporary folder,
 * and its full path into path. Aborts when the file cannot be written:
 * that is the machine, not the input. */
void fuzz_write(const char *name, const uint8_t *data, size_t size, char *path,
                size_t len);
/* Makes folder NAME inside the private folder (once; later calls do
 * nothing) and writes its full path into path. */
void fuzz_dir_make(const char *name, char *path, size_t len);
/* A parser's verdict on bad input must be one clear message: aborts (a
 * crash libFuzzer reports) when rc is an error and e holds no message,
 * or one that spans several lines. */
void fuzz_check_error(int rc, const struct pb_error *e);

#endif
