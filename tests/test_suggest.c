/*
 * test_suggest.c - "did you mean" (bench/util/suggest.h): edit distances
 * of insertions, deletions, substitutions and adjacent swaps, case
 * ignored; the limit growing with the typed name (a third of its
 * length, 1 to 2); the closest name chosen, the first of equals; no
 * suggestion for an unrelated word, an empty one or one longer than any
 * name; the message's text. Deterministic.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "util/suggest.h"

static void distances(void)
{
    static const struct {
        const char *a, *b;
        size_t d;
    } cases[] = {
        {"", "", 0},
        {"", "abc", 3},
        {"abc", "", 3},
        {"bibfs", "bibfs", 0},
        {"BiBFS", "bibfs", 0},
        {"bifbs", "bibfs", 1},
        {"smok", "smoke", 1},
        {"dail", "dial", 1},
        {"dijkstar", "dijkstra", 1},
        {"table", "tabel", 1},
        {"kitten", "sitting", 3},
        {"ca", "abc", 3},
        {"cubik_eigt", "cubic_eight", 2},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        size_t d = pb_edit_distance(cases[i].a, cases[i].b);
        CHECK(d == cases[i].d, "'%s' to '%s': %zu, expected %zu", cases[i].a,
              cases[i].b, d, cases[i].d);
        CHECK(pb_edit_distance(cases[i].b, cases[i].a) == d,
              "'%s' to '%s' is not symmetric", cases[i].a, cases[i].b);
    }
    char long_name[PB_SUGGEST_MAX_LEN + 2];
    memset(long_name, 'a', sizeof(long_name) - 1);
    long_name[sizeof(long_name) - 1] = '\0';
    CHECK(pb_edit_distance(long_name, "a") == SIZE_MAX,
          "a name over %d characters has no distance", PB_SUGGEST_MAX_LEN);
}

/* The suggestion for typed among names (NULL-terminated), or NULL. */
static const char *suggest(const char *typed, const char *const *names)
{
    static struct pb_suggest s;
    pb_suggest_init(&s, typed);
    for (size_t i = 0; names[i]; i++)
        pb_suggest_offer(&s, names[i]);
    return s.best[0] ? s.best : NULL;
}

/* The message's text: the question when there is a suggestion, the
 * names always; a list too long for the message cut with "...". */
static void texts(void)
{
    struct pb_suggest s;
    pb_suggest_init(&s, "smok");
    pb_suggest_offer(&s, "smoke");
    pb_suggest_offer(&s, "full");
    CHECK(!strcmp(pb_suggest_text(&s),
                  "did you mean 'smoke'? expected one of: smoke, full"),
          "got '%s'", s.text);
    pb_suggest_init(&s, "zzz");
    pb_suggest_offer(&s, "smoke");
    CHECK(!strcmp(pb_suggest_text(&s), "expected one of: smoke"), "got '%s'",
          s.text);
    pb_suggest_init(&s, "x");
    for (int i = 0; i < 200; i++)
        pb_suggest_offer(&s, "name_of_twenty_chars");
    size_t n = strlen(s.names);
    CHECK(n == sizeof(s.names) - 1 && !strcmp(s.names + n - 3, "..."),
          "a long list: %zu characters ending '%s'", n, s.names + n - 3);
}

static void suggestions(void)
{
    /* names like the variants', not the registry's list: the suggester
     * is tested on its own */
    static const char *const variants[] = {"bfs_hash", "bfs_array", "bibfs",
                                           "table",    "table_omp", NULL};
    static const char *const suites[] = {"smoke", "default", "full", NULL};
    static const char *const equals[] = {"abcd", "abce", NULL};
    static const struct {
        const char *typed;
        const char *const *names;
        const char *want; /* NULL: no suggestion */
    } cases[] = {
        {"bibsf", variants, "bibfs"},
        {"BIBFS", variants, "bibfs"},
        {"tabel", variants, "table"},
        {"table_mp", variants, "table_omp"},
        {"bfs_arary", variants, "bfs_array"},
        {"bfs_hsh", variants, "bfs_hash"},
        {"smok", suites, "smoke"},
        {"defualt", suites, "default"},
        {"bfs_ha", variants, "bfs_hash"},
        /* the first of equals: both are 1 away */
        {"abcf", equals, "abcd"},
        /* a short word: a limit of 1 */
        {"ful", suites, "full"},
        {"fu", suites, NULL},
        {"astar", variants, NULL},
        {"", suites, NULL},
        {"quick", suites, NULL},
        {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
         "aa",
         suites, NULL},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *got = suggest(cases[i].typed, cases[i].names);
        const char *want = cases[i].want;
        CHECK(got == want || (got && want && !strcmp(got, want)),
              "'%s': suggested '%s', expected '%s'", cases[i].typed,
              got ? got : "(none)", want ? want : "(none)");
    }
}

int main(void)
{
    distances();
    suggestions();
    texts();
    return check_summary();
}
