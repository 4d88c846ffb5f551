/*
 * fuzz_cubing.c - libFuzzer target: cubing corpus files,
 * BOJ 5373's judge format (T, then n and n turns per case) and its extension
 * (cube N, show all|top), with or without the "# key value" header, through
 * pb_corpus_load and the kernel's reader. The body is fuzz_kernel.h's. Seeds:
 * data/cubing/ and fuzz/seeds/cubing/ (scripts/fuzz.sh).
 */
#define FUZZ_KERNEL "cubing"
#include "fuzz_kernel.h"
