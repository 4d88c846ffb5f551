/*
 * gen.c - splits "family:param", fills the generator arguments and runs
 * the kernel's generator into a fresh corpus.
 */
#include "run/gen.h"
#include "results/readback.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int pb_generate(const struct pb_kernel *k, const char *family_spec,
                struct pb_size size, size_t count, uint64_t seed,
                struct pb_corpus *corpus, struct pb_error *e)
{
    return pb_generate_noted(k, family_spec, size, count, seed, NULL, corpus,
                             e);
}

static int generate(const struct pb_kernel *k, const char *family_spec,
                    struct pb_size size, size_t count, uint64_t seed,
                    FILE *notes, bool check_only, struct pb_corpus *corpus,
                    struct pb_error *e)
{
    char family[32];
    long param = -1;
    const char *colon = strchr(family_spec, ':');
    size_t n = colon ? (size_t)(colon - family_spec) : strlen(family_spec);
    pb_corpus_init(corpus, k, "<generated>");
    /* the family is a name in results and figures: what the results
     * readers take (readback_family_ok), parameter included */
    bool fits = n > 0 && strlen(family_spec) < sizeof(family);
    if (fits) {
        memcpy(family, family_spec, n);
        family[n] = '\0';
    }
    if (!fits || !readback_family_ok(family))
        return pb_fail(e, -EINVAL, "bad family '%s'; %s families: %s",
                       family_spec, k->name, k->families_help);
    if (colon) {
        char *end;
        errno = 0;
        param = strtol(colon + 1, &end, 10);
        if (end == colon + 1 || *end != '\0' || param < 0 || errno ||
            strspn(colon + 1, "0123456789") != strlen(colon + 1))
            return pb_fail(e, -EINVAL,
                           "bad parameter in family '%s'; "
                           "expected a non-negative integer after ':'",
                           family_spec);
    }
    struct pb_gen_args args = {.family = family,
                               .param = param,
                               .size = size,
                               .count = count,
                               .seed = seed,
                               .notes = notes,
                               .check_only = check_only};
    int rc = k->generate(&args, corpus, e);
    if (rc)
        pb_corpus_free(corpus);
    return rc;
}

int pb_generate_noted(const struct pb_kernel *k, const char *family_spec,
                      struct pb_size size, size_t count, uint64_t seed,
                      FILE *notes, struct pb_corpus *corpus, struct pb_error *e)
{
    return generate(k, family_spec, size, count, seed, notes, false, corpus, e);
}

int pb_generate_check(const struct pb_kernel *k, const char *family_spec,
                      struct pb_size size, struct pb_error *e)
{
    struct pb_corpus scratch;
    int rc = generate(k, family_spec, size, 1, 0, NULL, true, &scratch, e);
    if (rc == 0)
        pb_corpus_free(&scratch);
    return rc;
}
