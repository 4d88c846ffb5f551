/*
 * magic_ring.c - the 2 x K ring model beyond the inline moves of magic.h:
 * unrank, the start state, validity, clockwise conversion.
 * All O(K^2) or better with K <= 6.
 */
#include "magic.h"
#include "magic_internal.h"

uint64_t magic_unrank(uint32_t rank, int k)
{
    int n = magic_cells(k);
    unsigned free_labels = (1u << n) - 1;
    uint64_t s = 0;
    for (int c = 0; c < n; c++) {
        uint32_t f = magic_factorial[n - 1 - c];
        unsigned digit = rank / f;
        rank %= f;
        /* the digit-th smallest label still free */
        unsigned v = 0;
        for (unsigned seen = 0;; v++)
            if ((free_labels >> v & 1u) && seen++ == digit)
                break;
        free_labels &= ~(1u << v);
        s |= (uint64_t)v << (4 * c);
    }
    return s;
}

uint64_t magic_from_clockwise(const uint8_t *labels, int k)
{
    uint64_t s = 0;
    for (int i = 0; i < k; i++)
        /* callers fill labels[0 .. 2k-1] (magic_start, the readers) */
        /* NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
        s |= (uint64_t)labels[i] << (4 * i);
    for (int i = 0; i < k; i++) /* the bottom row is read right to left */
        s |= (uint64_t)labels[k + i] << (4 * (2 * k - 1 - i));
    return s;
}

void magic_to_clockwise(uint64_t s, int k, uint8_t *labels)
{
    for (int i = 0; i < k; i++) {
        labels[i] = (uint8_t)magic_label(s, i);
        labels[k + i] = (uint8_t)magic_label(s, 2 * k - 1 - i);
    }
}

uint64_t magic_start(int k)
{
    uint8_t labels[2 * MAGIC_K_MAX];
    for (int i = 0; i < 2 * k; i++)
        labels[i] = (uint8_t)i;
    return magic_from_clockwise(labels, k);
}

bool magic_valid(uint64_t s, int k)
{
    int n = magic_cells(k);
    if (n < 16 && (s >> (4 * n)) != 0)
        return false;
    unsigned seen = 0;
    for (int c = 0; c < n; c++)
        seen |= 1u << magic_label(s, c);
    return seen == (1u << n) - 1;
}

char magic_letter(enum magic_move m)
{
    return (char)('A' + (int)m);
}

int magic_move_of(char letter)
{
    return letter >= 'A' && letter < 'A' + MAGIC_MOVES ? letter - 'A' : -1;
}
