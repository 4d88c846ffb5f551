/*
 * fuzz_magic_squares.c - libFuzzer target: magic_squares corpus files,
 * IOI 1996's judge format (8 numbers, clockwise) and its extension (ring K),
 * with or without the "# key value" header, through pb_corpus_load and
 * the kernel's reader. The body is fuzz_kernel.h's. Seeds: data/magic_squares/
 * and fuzz/seeds/magic_squares/ (scripts/fuzz.sh).
 */
#define FUZZ_KERNEL "magic_squares"
#include "fuzz_kernel.h"
