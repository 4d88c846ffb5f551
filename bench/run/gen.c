/*
 * gen.c - splits "family:param", checks the family against the kernel's
 * list (a misspelt one gets the closest), fills the generator arguments
 * and runs the kernel's generator into a fresh corpus.
 */
#include "run/gen.h"
#include "results/readback.h"
#include "util/suggest.h"

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

/* Whether family is one of k's, as its families_help names them ("NAME
 * ... | NAME[:P] ... ; size ...": each item's first word, the items
 * split at '|' and ended by ';' outside parentheses); if not, e says so
 * with the closest family and the list (util/suggest.h). A kernel
 * without the help line takes any name to its generator. */
static bool family_known(const struct pb_kernel *k, const char *family,
                         const char *spec, struct pb_error *e)
{
    const char *p = k->families_help;
    if (!p)
        return true;
    struct pb_suggest s;
    pb_suggest_init(&s, family);
    bool known = false;
    while (*p && *p != ';') {
        p += strspn(p, " ");
        char name[PB_SUGGEST_MAX_LEN + 1], shown[PB_SUGGEST_MAX_LEN + 1];
        size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_-");
        snprintf(name, sizeof(name), "%.*s", (int)n, p);
        /* shown with its knob, up to its description: "depth:D" */
        snprintf(shown, sizeof(shown), "%.*s", (int)strcspn(p, " (|;"), p);
        known = known || !strcmp(name, family);
        if (n)
            pb_suggest_offer_shown(&s, name, shown);
        for (int depth = 0; *p && (depth > 0 || (*p != '|' && *p != ';')); p++)
            depth += (*p == '(') - (*p == ')');
        p += *p == '|';
    }
    if (!known)
        pb_fail(e, -EINVAL, "unknown family '%s' for %s; %s", spec, k->name,
                pb_suggest_text(&s));
    return known;
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
    if (!family_known(k, family, family_spec, e))
        return -EINVAL;
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
