/*
 * test_winners.c - the hyperfine sentence (bench/winners.h) and its
 * bootstrap interval (stats.h) on synthetic results: a clearly slower
 * variant is significant with an interval around its true ratio, an
 * overlapping one is not, under 5 repetitions there is no interval (a
 * simulation of equal variants shows why 5: the interval's false
 * positives at 3 and at 5 repetitions), a corpus
 * with one variant makes no sentence, corpora differing only in threads
 * are apart, the same data give the same interval, and the texts read as
 * documented.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pb_prng.h"
#include "stats.h"
#include "tidy.h"
#include "winners.h"

static struct tidy_bench *add(struct tidy *t, const char *variant,
                              uint64_t threads, const double *times, size_t n)
{
    struct pb_bench_id id = {.kernel = "cube_walk",
                             .family = "uniform",
                             .size = "16x16",
                             .count = 20,
                             .seed = 1,
                             .threads = threads};
    snprintf(id.variant, sizeof(id.variant), "%s", variant);
    char key[192];
    pb_bench_id_write(&id, key, sizeof(key));
    struct tidy_bench *b = tidy_bench_for(t, key);
    struct pb_error e;
    tidy_bench_set_id(b, &id);
    CHECK(tidy_add_times(t, b, times, n, &e) == 0, "%s", e.msg);
    return b;
}

static void bootstrap_cases(void)
{
    double one[] = {1, 1, 1, 1}, two[] = {2, 2, 2, 2};
    double lo, hi;
    CHECK(pb_bootstrap_ratio(one, 4, two, 4, 0.95, 500, 7, &lo, &hi) == 0,
          "bootstrap");
    CHECK(lo == 2 && hi == 2, "constant samples: [%g, %g]", lo, hi);
    CHECK(pb_bootstrap_ratio(one, 1, two, 4, 0.95, 500, 7, &lo, &hi) == 0 &&
              isnan(lo) && isnan(hi),
          "one value has no interval");
    double x[] = {1.0, 1.1, 0.9, 1.05, 0.95};
    double y[] = {3.0, 3.3, 2.7, 3.15, 2.85};
    double lo2, hi2;
    pb_bootstrap_ratio(x, 5, y, 5, 0.95, 2000, 9, &lo, &hi);
    pb_bootstrap_ratio(x, 5, y, 5, 0.95, 2000, 9, &lo2, &hi2);
    CHECK(lo == lo2 && hi == hi2, "deterministic for one seed");
    CHECK(lo < 3 && hi > 3 && lo > 2.3 && hi < 3.7,
          "interval [%g, %g] holds 3 and is not wide", lo, hi);
}

/* How often the 95 % interval excludes 1 for two samples of n draws from
 * one distribution (no difference): about 5 % is honest. */
static double false_positive_rate(size_t n, unsigned trials)
{
    struct pb_rng r;
    pb_rng_seed(&r, 12345);
    unsigned wrong = 0;
    for (unsigned t = 0; t < trials; t++) {
        double x[8], y[8], lo, hi;
        for (size_t i = 0; i < n; i++) {
            x[i] = 1 + (double)pb_rng_below(&r, 1u << 20) / (1u << 20);
            y[i] = 1 + (double)pb_rng_below(&r, 1u << 20) / (1u << 20);
        }
        pb_bootstrap_ratio(x, n, y, n, 0.95, 500, t, &lo, &hi);
        wrong += lo > 1 || hi < 1;
    }
    return (double)wrong / trials;
}

int main(void)
{
    bootstrap_cases();
    double at3 = false_positive_rate(3, 400), at5 = false_positive_rate(5, 400);
    CHECK(at5 < 0.08, "at 5 repetitions %.1f %% of equal pairs differ",
          100 * at5);
    CHECK(at3 > 0.06,
          "at 3 repetitions only %.1f %% of equal pairs differ: "
          "is PB_WINNERS_MIN_REPS still needed?",
          100 * at3);

    struct tidy t = {0};
    double fast[] = {1.0e-6, 1.02e-6, 0.98e-6, 1.01e-6, 0.99e-6};
    double slow[] = {2.0e-6, 2.04e-6, 1.96e-6, 2.02e-6, 1.98e-6};
    double close[] = {1.01e-6, 0.97e-6, 1.03e-6, 1.0e-6, 0.985e-6};
    double single[] = {5e-6};
    add(&t, "spfa", 1, slow, 5);
    add(&t, "dial", 1, fast, 5);
    add(&t, "radix", 1, close, 5);
    add(&t, "dijkstra", 1, single, 1);
    double slower[] = {3.0e-6, 3.1e-6, 2.9e-6};
    add(&t, "igraph", 1, slower, 3); /* clearly slower, 3 repetitions */
    add(&t, "dial", 2, fast, 5);     /* alone at 2 threads */

    struct pb_winners w;
    struct pb_error e;
    CHECK(pb_winners_find(&t, &w, &e) == 0, "%s", e.msg);
    CHECK(w.count == 2, "two corpora (1 and 2 threads), got %zu", w.count);
    const struct pb_corpus_winner *c = &w.w[0];
    CHECK(!strcmp(c->fastest->variant, "dial"), "dial wins, not %s",
          c->fastest->variant);
    CHECK(c->n == 4, "four others, got %zu", c->n);
    if (c->n == 4) {
        CHECK(!strcmp(c->versus[0].other->variant, "radix") &&
                  !c->versus[0].significant,
              "radix first, not significant (%g..%g)", c->versus[0].lo,
              c->versus[0].hi);
        CHECK(c->versus[0].lo <= 1 && c->versus[0].hi >= 1,
              "radix's interval holds 1");
        CHECK(!strcmp(c->versus[1].other->variant, "spfa") &&
                  c->versus[1].significant,
              "spfa second, significant");
        CHECK(fabs(c->versus[1].ratio - 2) < 1e-9 && c->versus[1].lo > 1.9 &&
                  c->versus[1].hi < 2.1,
              "spfa 2x in [%g, %g]", c->versus[1].lo, c->versus[1].hi);
        CHECK(!strcmp(c->versus[2].other->variant, "igraph") &&
                  isnan(c->versus[2].lo) && !c->versus[2].significant,
              "igraph: 3 repetitions, no interval");
        CHECK(!strcmp(c->versus[3].other->variant, "dijkstra") &&
                  isnan(c->versus[3].lo) && !c->versus[3].significant,
              "dijkstra last, no interval");
        char why[128];
        pb_versus_interval(&c->versus[2], why, sizeof(why));
        CHECK(!strcmp(why, "not significant: 3 repetitions, 5 needed for an "
                           "interval"),
              "3 repetitions: %s", why);
        char text[256];
        pb_versus_text(c, &c->versus[1], text, sizeof(text));
        CHECK(strstr(text, "dial: 2.00x faster than spfa (95% CI 1.9") == text,
              "text: %s", text);
        pb_versus_text(c, &c->versus[0], text, sizeof(text));
        CHECK(strstr(text, "faster than radix (not significant: 95% CI "),
              "text: %s", text);
        pb_versus_text(c, &c->versus[3], text, sizeof(text));
        CHECK(strstr(text, "(not significant: 1 repetition, 5 needed for an "
                           "interval)"),
              "text: %s", text);
    }
    CHECK(w.w[1].n == 0 && w.w[1].fastest->threads == 2,
          "the 2-thread corpus stands alone");
    char title[256];
    pb_corpus_title(c->fastest, title, sizeof(title));
    CHECK(!strcmp(title, "cube_walk uniform 16x16 n=20 seed=1, 1 thread"),
          "title: %s", title);

    char *printed = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&printed, &len);
    pb_winners_print(f, &w);
    fclose(f);
    CHECK(strstr(printed, "  dial ran\n    1.0") &&
              strstr(printed, "    2.00x faster than spfa") &&
              !strstr(printed, "2 threads"),
          "printed:\n%s", printed);
    free(printed);
    pb_winners_free(&w);
    tidy_free(&t);
    return check_summary();
}
