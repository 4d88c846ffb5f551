/*
 * cubing_gen.c - deterministic Cubing corpora (size = the cube order N).
 *
 * Families:
 *   random[:L] - cases of L uniform turns (default 1000, the judge's
 *                maximum);
 *   long[:L]   - the same with L = 10^6 by default: per-turn cost, not
 *                I/O, dominates;
 *   identity   - sequences that return to solved, for property tests:
 *                X+ X-, X+ four times, a random sequence (1..50 turns)
 *                followed by its inverse, and on 3 x 3 x 3 the known
 *                orders: (R+ U+ R- U-)^6, (R+ U+)^105,
 *                (R+ U+ U+ D- B+ D-)^1260.
 * O(total turns). Same arguments -> same bytes on any machine.
 */
#include "cubing_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"
#include "pb_prng.h"

enum { CUBE_GENERATOR_VERSION = 1, CUBE_RANDOM_LENGTH = 1000 };
#define CUBE_LONG_LENGTH 1000000L

static struct cube_instance *push(struct pb_corpus *c, int n, uint32_t count,
                                  struct pb_error *e)
{
    struct cube_instance *in = pb_corpus_push(c, 0);
    if (in) {
        in->n = (uint16_t)n;
        in->count = count;
        in->turns = malloc(count ? count : 1);
    }
    if (!in || !in->turns) {
        pb_fail(e, -ENOMEM, "out of memory");
        return NULL;
    }
    return in;
}

static int gen_random(struct pb_rng *rng, int n, long length, size_t count,
                      struct pb_corpus *c, struct pb_error *e)
{
    for (size_t i = 0; i < count; i++) {
        struct cube_instance *in = push(c, n, (uint32_t)length, e);
        if (!in)
            return -ENOMEM;
        for (long j = 0; j < length; j++)
            in->turns[j] = (uint8_t)pb_rng_below(rng, CUBE_TURNS);
    }
    return 0;
}

static int inverse(int turn)
{
    return turn ^ 1;
}

/* pattern repeated `times` times; pattern written as "R+U+R-U-". */
static int push_power(struct pb_corpus *c, int n, const char *pattern,
                      uint32_t times, struct pb_error *e)
{
    uint32_t len = (uint32_t)strlen(pattern) / 2;
    struct cube_instance *in = push(c, n, len * times, e);
    if (!in)
        return -ENOMEM;
    for (uint32_t t = 0; t < times; t++)
        for (uint32_t j = 0; j < len; j++) {
            char word[3] = {pattern[2 * j], pattern[2 * j + 1], '\0'};
            in->turns[t * len + j] = (uint8_t)cube_parse_turn(word);
        }
    return 0;
}

static int gen_identity(struct pb_rng *rng, int n, size_t count,
                        struct pb_corpus *c, struct pb_error *e)
{
    static const struct {
        const char *pattern;
        uint32_t order;
    } known[] = {{"R+U+R-U-", 6}, {"R+U+", 105}, {"R+U+U+D-B+D-", 1260}};
    int kinds = n == 3 ? 6 : 3;
    for (size_t i = 0; i < count; i++) {
        int kind = (int)pb_rng_below(rng, (uint64_t)kinds);
        int turn = (int)pb_rng_below(rng, CUBE_TURNS);
        struct cube_instance *in;
        int rc = 0;
        switch (kind) {
        case 0: /* X+ X- */
            if (!(in = push(c, n, 2, e)))
                return -ENOMEM;
            in->turns[0] = (uint8_t)turn;
            in->turns[1] = (uint8_t)inverse(turn);
            break;
        case 1: /* X+ four times */
            if (!(in = push(c, n, 4, e)))
                return -ENOMEM;
            memset(in->turns, turn, 4);
            break;
        case 2: { /* a sequence and its inverse */
            uint32_t half = 1 + (uint32_t)pb_rng_below(rng, 50);
            if (!(in = push(c, n, 2 * half, e)))
                return -ENOMEM;
            for (uint32_t j = 0; j < half; j++) {
                in->turns[j] = (uint8_t)pb_rng_below(rng, CUBE_TURNS);
                in->turns[2 * half - 1 - j] = (uint8_t)inverse(in->turns[j]);
            }
            break;
        }
        default:
            rc = push_power(c, n, known[kind - 3].pattern,
                            known[kind - 3].order, e);
        }
        if (rc)
            return rc;
    }
    return 0;
}

int cube_generate(const struct pb_gen_args *args, struct pb_corpus *c,
                  struct pb_error *e)
{
    int n = pb_size_set(&args->size) ? args->size.a : CUBE_JUDGE_N;
    if (n < CUBE_N_MIN || n > CUBE_N_MAX)
        return pb_fail(e, -EINVAL,
                       "size %d out of range; expected the cube order N = "
                       "%d..%d",
                       n, CUBE_N_MIN, CUBE_N_MAX);
    struct pb_rng rng;
    pb_rng_seed(&rng, args->seed);
    c->meta.size = (struct pb_size){n, 0};
    c->meta.seed = args->seed;
    c->meta.generator = CUBE_GENERATOR_VERSION;
    bool is_long = !strcmp(args->family, "long");
    if (is_long || !strcmp(args->family, "random")) {
        long length = args->param >= 0 ? args->param
                      : is_long        ? CUBE_LONG_LENGTH
                                       : CUBE_RANDOM_LENGTH;
        if (length < 1 || length > CUBE_MAX_COMMANDS)
            return pb_fail(e, -EINVAL, "family '%s' needs a length 1..%d",
                           args->family, CUBE_MAX_COMMANDS);
        if (args->check_only)
            return 0;
        if (args->param >= 0)
            snprintf(c->meta.family, sizeof(c->meta.family), "%s:%ld",
                     args->family, length);
        else
            snprintf(c->meta.family, sizeof(c->meta.family), "%s",
                     args->family);
        /* the corpus, a byte per turn, and the text of a saved corpus:
         * about 3 bytes per turn, twice that while its buffer grows */
        uint64_t turns = pb_mul_sat(args->count, (uint64_t)length);
        int rc =
            pb_memory_check(pb_add_sat(pb_corpus_bytes(c->kernel, args->count),
                                       pb_mul_sat(turns, 1 + 2 * 3)),
                            "generating the turns", e);
        if (rc)
            return rc;
        return gen_random(&rng, n, length, args->count, c, e);
    }
    if (!strcmp(args->family, "identity")) {
        if (args->param >= 0)
            return pb_fail(e, -EINVAL, "family 'identity' takes no parameter");
        if (args->check_only)
            return 0;
        snprintf(c->meta.family, sizeof(c->meta.family), "identity");
        /* at most (R+ U+ U+ D- B+ D-)^1260, 7560 turns, per case */
        int rc = pb_memory_check(
            pb_add_sat(pb_corpus_bytes(c->kernel, args->count),
                       pb_mul_sat(args->count, 7560 * (1 + 2 * 3))),
            "generating identity cases", e);
        if (rc)
            return rc;
        return gen_identity(&rng, n, args->count, c, e);
    }
    return pb_fail(e, -EINVAL,
                   "unknown family '%s' for cubing; expected random[:L], "
                   "long[:L] or identity",
                   args->family);
}
