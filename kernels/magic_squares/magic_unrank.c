/*
 * magic_unrank.c - the tables of the fast unrank (magic_unrank.h): the
 * Lehmer digits of every value of the three mixed-radix parts of a rank,
 * and the permutations the vector form composes. Built once per user in
 * O(720 + 504 + 1320) small loops.
 */
#include "magic_unrank.h"

/* Takes the d-th of the list's n entries out, shifting the rest down. */
static unsigned take(unsigned *list, unsigned n, unsigned d)
{
    unsigned v = list[d];
    for (unsigned i = d; i + 1 < n; i++)
        list[i] = list[i + 1];
    return v;
}

/* The vector unrank's tables (magic_unrank.h): each a permutation of
 * 12 nibbles, the chosen entries first, the rest in order. `first`
 * entries stay in place; then `count` are taken, by the digits of v
 * (radices from - count + 1 .. from, the largest first), out of the list
 * of what follows. */
static uint64_t perm_of(uint32_t v, unsigned first, unsigned count,
                        unsigned from, const unsigned *labels)
{
    unsigned digit[12], list[12], n = 12 - first;
    for (unsigned j = 0; j < count; j++) { /* smallest radix first */
        unsigned radix = from - count + 1 + j;
        digit[j] = v % radix;
        v /= radix;
    }
    for (unsigned i = 0; i < n; i++)
        list[i] = labels[first + i];
    uint64_t out = 0;
    for (unsigned c = 0; c < first; c++)
        out |= (uint64_t)labels[c] << (4 * c);
    for (unsigned c = 0; c < count; c++)
        out |= (uint64_t)take(list, n - c, digit[count - 1 - c])
               << (4 * (first + c));
    for (unsigned c = count; c < n; c++)
        out |= (uint64_t)list[c - count] << (4 * (first + c));
    return out;
}

static void perm_tables(struct magic_unranker *u)
{
    unsigned id[12];
    for (unsigned i = 0; i < 12; i++)
        id[i] = i;
    for (uint32_t v = 0; v < MAGIC_HIGH_RADIX; v++)
        u->perm_high[v] = perm_of(v, 0, 3, 12, id);
    for (uint32_t v = 0; v < MAGIC_MID_RADIX; v++)
        u->perm_mid[v] = perm_of(v, 3, 3, 9, id);
    for (uint32_t v = 0; v < MAGIC_LOW_RADIX; v++)
        u->perm_low[v] = perm_of(v, 6, 6, 6, id);
}

/* Digits from..to-1 (digit j of radix j + 1) of the mixed-radix number
 * v whose lowest digit is `from`, as nibble j - from. */
static uint32_t digit_nibbles(uint32_t v, unsigned from, unsigned to)
{
    uint32_t nib = 0;
    for (unsigned j = from; j < to; j++) {
        nib |= (v % (j + 1)) << (4 * (j - from));
        v /= j + 1;
    }
    return nib;
}

void magic_unranker_init(struct magic_unranker *u)
{
    for (uint32_t v = 0; v < MAGIC_LOW_RADIX; v++)
        u->low[v] = digit_nibbles(v, 0, 6);
    for (uint32_t v = 0; v < MAGIC_MID_RADIX; v++)
        u->mid[v] = (uint16_t)digit_nibbles(v, 6, 9);
    for (uint32_t v = 0; v < MAGIC_HIGH_RADIX; v++)
        u->high[v] = (uint16_t)digit_nibbles(v, 9, 12);
    perm_tables(u);
}
