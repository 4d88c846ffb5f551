/*
 * test_winners.c - the hyperfine sentence (bench/analysis/winners.h) on
 * synthetic results measured in rounds: a variant twice as slow is a win with
 * an interval around 2, one within a fraction of a percent is "same speed", one
 * with 2 rounds or 1 round is "inconclusive" with the reason (never headlined
 * as a win), a corpus with one variant makes no sentence, corpora differing
 * only in threads are apart, and the texts read as documented, on the console
 * and in the report's takeaways and winners table (report_summary.c) against
 * each of those baselines; there a variant is called the fastest only
 * where it wins every comparison of its corpus (not beside one that is the
 * same speed or inconclusive). A simulation of equal variants (seeded,
 * deterministic) shows the intervals honest: about 95 % of them hold the true
 * ratio 1, and almost none calls a winner.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pb_prng.h"
#include "present/report_internal.h"
#include "rounds.h"
#include "analysis/change.h"
#include "results/readback.h"
#include "analysis/winners.h"

/* Of `trials` pairs of equal variants (5 rounds, round values uniform in
 * 1 +- 5 %), how many intervals hold 1 and how many call a winner. */
static void equal_pairs(unsigned trials, double *covered, double *called)
{
    struct pb_rng r;
    pb_rng_seed(&r, 12345);
    unsigned hold = 0, call = 0;
    for (unsigned t = 0; t < trials; t++) {
        struct pb_rounds a = {.n = 5}, b = {.n = 5};
        for (size_t i = 0; i < 5; i++) {
            a.id[i] = b.id[i] = (int64_t)i;
            a.value[i] =
                0.95 + 0.1 * (double)pb_rng_below(&r, 1u << 20) / (1u << 20);
            b.value[i] =
                0.95 + 0.1 * (double)pb_rng_below(&r, 1u << 20) / (1u << 20);
        }
        struct pb_change c, *one = &c;
        pb_change_of_rounds(&a, &b, 1, 1, true, PB_WINNERS_ALPHA, &c);
        pb_changes_judge(&one, 1, PB_WINNERS_BAND, PB_WINNERS_ALPHA);
        hold += c.lo <= 1 && c.hi >= 1;
        call += c.verdict == PB_FASTER || c.verdict == PB_SLOWER;
    }
    *covered = (double)hold / trials;
    *called = (double)call / trials;
}

/* The report's Summary part of t in Markdown, with `baseline`. */
static char *summary_md(const struct readback *t, const char *baseline)
{
    const struct pb_kernel *kernels[] = {pb_kernel_find("cube_walk"), NULL};
    char *md = NULL, *html = NULL;
    size_t md_len = 0, html_len = 0;
    struct rp_out o = {open_memstream(&md, &md_len),
                       open_memstream(&html, &html_len), 0};
    struct pb_error e;
    CHECK(rp_summary_part(&o, t, kernels, baseline, 0, 2, &e) == 0, "%s",
          e.msg);
    fclose(o.md);
    fclose(o.html);
    free(html);
    return md;
}

/* The takeaway and the winners table against each baseline: dial wins
 * over spfa but is the same speed as radix, so it is never headlined as
 * the fastest, nor named so in the table. */
static void report(const struct readback *t)
{
    char *md = summary_md(t, "spfa");
    CHECK(strstr(md, "- **cube_walk**: on its largest corpus (uniform 16x16 "
                     "n=20 seed=1, 1 thread), dial is 2.00x (95% CI 1.9") &&
              strstr(md, "faster than the baseline spfa, but not clearly the "
                         "fastest: against radix, same speed, within ±2 % "
                         "(1.00x, 95% CI 0.99") &&
              !strstr(md, "dial is the fastest"),
          "a win over spfa, not over radix: %s", md);
    CHECK(strstr(md, "| dial (lowest median, not significant) | 1.00 | 2.00 "
                     "(1.9") &&
              strstr(md, "| spfa (x) | dijkstra (x) | dial (x) | radix (x) "
                         "| igraph (x) |") &&
              strstr(md, "| 4.99 (1 round: no interval) | lowest median | "
                         "1.00 (0.99") &&
              strstr(md, " same speed | 3.05 (2 rounds: no interval) |") &&
              strstr(md, "| dial (ran alone) | 1.00 | - | - | ran alone |") &&
              strstr(md, "Holm's correction over the 4 comparisons"),
          "the winners table: %s", md);
    free(md);
    md = summary_md(t, "radix");
    CHECK(strstr(md, "- **cube_walk**: on its largest corpus (uniform 16x16 "
                     "n=20 seed=1, 1 thread), dial against the baseline "
                     "radix: same speed, within ±2 % (1.00x, 95% CI "),
          "same speed as radix: %s", md);
    free(md);
    md = summary_md(t, "dijkstra");
    CHECK(strstr(md, "dial against the baseline dijkstra: inconclusive "
                     "(4.99x; 1 round, no interval)") &&
              !strstr(md, "dial is the fastest"),
          "no win over dijkstra headlined: %s", md);
    free(md);
}

/* Two more corpora of cube_walk: dial against spfa alone (a win over
 * every other: the fastest, in the takeaway and the table), then with a
 * third variant whose interval is too wide to decide (inconclusive, so
 * dial is not the fastest, though it beats the baseline). */
static void report_fastest(void)
{
    double fast[5], slow[5], wide[5];
    rounds_noise(fast, 5, 1.0e-6, 0.003, 0);
    rounds_noise(slow, 5, 2.0e-6, 0.02, 1);
    rounds_noise(wide, 5, 1.05e-6, 0.08, 1);
    struct readback t = {0};
    rounds_add(&t, "spfa", 1, slow, 5, 3);
    rounds_add(&t, "dial", 1, fast, 5, 3);
    char *md = summary_md(&t, "spfa");
    CHECK(strstr(md, "- **cube_walk**: dial is the fastest on its largest "
                     "corpus (uniform 16x16 n=20 seed=1, 1 thread), 2.00x "
                     "(95% CI 1.9") &&
              strstr(md, "| dial | 1.00 | 2.00 (1.9") &&
              strstr(md, ") | fastest |"),
          "dial wins every comparison: %s", md);
    free(md);
    rounds_add(&t, "radix", 1, wide, 5, 3);
    md = summary_md(&t, "spfa");
    CHECK(strstr(md, "dial is 2.00x (95% CI 1.9") &&
              strstr(md, "faster than the baseline spfa, but not clearly the "
                         "fastest: against radix, inconclusive (1.0") &&
              strstr(md, "| dial (lowest median, not significant) |") &&
              strstr(md, " inconclusive |") && !strstr(md, "is the fastest") &&
              !strstr(md, ") | fastest |"),
          "dial not decided against radix: %s", md);
    free(md);
    readback_free(&t);
}

int main(void)
{
    double covered, called;
    equal_pairs(1000, &covered, &called);
    CHECK(covered > 0.93 && covered < 0.97,
          "%.1f %% of 95 %% intervals of equal pairs hold 1", 100 * covered);
    CHECK(called < 0.05, "%.1f %% of equal pairs called a winner",
          100 * called);

    struct readback t = {0};
    double fast[5], slow[5], close[5];
    rounds_noise(fast, 5, 1.0e-6, 0.003, 0);
    rounds_noise(slow, 5, 2.0e-6, 0.02, 1);
    rounds_noise(close, 5, 1.002e-6, 0.003, 1);
    double single[1] = {5e-6}, slower[2] = {3.0e-6, 3.1e-6};
    rounds_add(&t, "spfa", 1, slow, 5, 3);
    rounds_add(&t, "dial", 1, fast, 5, 3);
    rounds_add(&t, "radix", 1, close, 5, 3);
    rounds_add(&t, "dijkstra", 1, single, 1, 3);
    rounds_add(&t, "igraph", 1, slower, 2, 3); /* clearly slower, 2 rounds */
    rounds_add(&t, "dial", 2, fast, 5, 3);     /* alone at 2 threads */

    struct pb_winners w;
    struct pb_error e;
    CHECK(pb_winners_find(&t, &w, &e) == 0, "%s", e.msg);
    CHECK(w.count == 2, "two corpora (1 and 2 threads), got %zu", w.count);
    const struct pb_corpus_winner *c = &w.w[0];
    CHECK(!strcmp(c->fastest->variant, "dial"), "dial wins, not %s",
          c->fastest->variant);
    CHECK(c->n == 4, "four others, got %zu", c->n);
    if (c->n == 4) {
        const struct pb_change *radix = &c->versus[0].c,
                               *spfa = &c->versus[1].c,
                               *igraph = &c->versus[2].c,
                               *dijkstra = &c->versus[3].c;
        CHECK(!strcmp(c->versus[0].other->variant, "radix") &&
                  radix->verdict == PB_SAME && radix->paired,
              "radix first, same speed (%s, %g..%g)",
              pb_verdict_name(radix->verdict), radix->lo, radix->hi);
        CHECK(!strcmp(c->versus[1].other->variant, "spfa") &&
                  spfa->verdict == PB_SLOWER,
              "spfa second, slower");
        CHECK(fabs(spfa->ratio - 2) < 0.01 && spfa->lo > 1.9 &&
                  spfa->hi < 2.1 && spfa->family == 2,
              "spfa 2x in [%g, %g], one family of %zu", spfa->lo, spfa->hi,
              spfa->family);
        CHECK(!strcmp(c->versus[2].other->variant, "igraph") &&
                  isnan(igraph->lo) && igraph->verdict == PB_INCONCLUSIVE &&
                  igraph->reason == PB_REASON_ROUNDS,
              "igraph: 2 rounds, no interval");
        CHECK(!strcmp(c->versus[3].other->variant, "dijkstra") &&
                  isnan(dijkstra->lo) && dijkstra->rounds == 1 &&
                  dijkstra->verdict == PB_INCONCLUSIVE,
              "dijkstra last, 1 round");
        char text[256];
        pb_versus_line(&c->versus[1], text, sizeof(text));
        CHECK(strstr(text, "2.00x faster than spfa (95% CI 1.9") == text,
              "text: %s", text);
        pb_versus_line(&c->versus[0], text, sizeof(text));
        CHECK(strstr(text, "same speed as radix (within +-2 %: 1.00x, 95% CI "),
              "text: %s", text);
        pb_versus_line(&c->versus[2], text, sizeof(text));
        CHECK(!strcmp(text, "inconclusive against igraph (3.05x; 2 rounds; 3 "
                            "or more needed)"),
              "text: %s", text);
        pb_versus_line(&c->versus[3], text, sizeof(text));
        CHECK(!strcmp(text, "inconclusive against dijkstra (4.99x; 1 round, "
                            "no interval)"),
              "text: %s", text);
        CHECK(!strstr(text, "faster"), "no win headlined: %s", text);
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
    CHECK(strstr(printed, "  dial ran\n    same speed as radix") &&
              strstr(printed, "    2.00x faster than spfa") &&
              strstr(printed, "    inconclusive against dijkstra") &&
              !strstr(printed, "faster than dijkstra") &&
              !strstr(printed, "2 threads"),
          "printed:\n%s", printed);
    free(printed);
    report(&t);
    report_fastest();
    pb_winners_free(&w);
    readback_free(&t);
    return check_summary();
}
