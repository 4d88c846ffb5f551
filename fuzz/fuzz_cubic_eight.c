/*
 * fuzz_cubic_eight.c - libFuzzer target: cubic_eight corpus files,
 * UVa 1604's judge format (x y, the pattern, ending 0 0) and its extension
 * (board R C, cap D), with or without the "# key value" header, through
 * pb_corpus_load and the kernel's reader. The body is fuzz_kernel.h's. Seeds:
 * data/cubic_eight/ and fuzz/seeds/cubic_eight/ (scripts/fuzz.sh).
 */
#define FUZZ_KERNEL "cubic_eight"
#include "fuzz_kernel.h"
