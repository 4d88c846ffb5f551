/*
 * fuzz_cube_walk.c - libFuzzer target: cube_walk corpus files,
 * Timus 1016's judge format (two squares, six faces) and its extension (board
 * RxC, max W, maze rows), with or without the "# key value" header, through
 * pb_corpus_load and the kernel's reader. The body is fuzz_kernel.h's. Seeds:
 * data/cube_walk/ and fuzz/seeds/cube_walk/ (scripts/fuzz.sh).
 */
#define FUZZ_KERNEL "cube_walk"
#include "fuzz_kernel.h"
