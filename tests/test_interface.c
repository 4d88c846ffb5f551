/*
 * test_interface.c - the kernel interface's answers, capabilities and back
 * end, on a toy kernel defined here rather than on a real one, so that
 * every hook can count its calls.
 *
 * The toy kernel, "tour": an instance is a row of n weighted cells; an
 * answer is a route that visits every cell once (a malloc'ed list of n
 * indices, owned by the answer slot) and its sum of weights. Every
 * ordering is optimal, so correct variants may return different routes
 * of the same sum, as cube_walk's will: "forward" and "backward" do. The
 * kernel's answer.same re-walks the route and compares sums without the
 * oracle, whose hooks count their calls (0 during re-checks). Planted
 * wrong variants (a wrong sum; a right sum over a broken route) must be
 * caught in every repeated solve; a declining variant (accepts false)
 * must never be built; every owned route must be released (counted, and
 * ASan sees leaks). Each check is O(instances * n).
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "run/runner.h"
#include "results/readback.h"
#include "run/verify.h"

enum { TOUR_MAX = 32, INSTANCES = 9, REPEATS = 5, PLANTED = 4 };

struct tour_instance {
    uint32_t n;
    uint32_t weight[TOUR_MAX];
};

struct tour_answer {
    uint64_t sum;
    uint32_t length;
    uint32_t *route; /* owned: released by tour_release */
};

static atomic_int oracle_calls;  /* oracle.check and oracle.solve */
static atomic_int routes_made;   /* routes allocated (variants, oracle) */
static atomic_int routes_freed;  /* routes freed by tour_release */
static atomic_int builds;        /* builds of any variant */
static atomic_int decliner_asks; /* calls of the decliner's accepts */

static uint64_t tour_total(const struct tour_instance *in)
{
    uint64_t sum = 0;
    for (uint32_t i = 0; i < in->n; i++)
        sum += in->weight[i];
    return sum;
}

/* A route of the instance's length; counted. */
static uint32_t *route_new(const struct tour_instance *in)
{
    uint32_t *r = malloc(in->n * sizeof(*r));
    if (r)
        atomic_fetch_add(&routes_made, 1);
    return r;
}

static void tour_release(void *answer)
{
    struct tour_answer *a = answer;
    if (a->route)
        atomic_fetch_add(&routes_freed, 1);
    free(a->route);
    memset(a, 0, sizeof(*a));
}

/* The route visits every cell once, and its weights add up to its sum. */
static bool tour_valid(const struct tour_instance *in,
                       const struct tour_answer *a, char *why, size_t len)
{
    bool seen[TOUR_MAX] = {false};
    uint64_t sum = 0;
    if (a->length != in->n || !a->route) {
        snprintf(why, len, "route of %u cells, not %u", a->length, in->n);
        return false;
    }
    for (uint32_t i = 0; i < a->length; i++) {
        uint32_t cell = a->route[i];
        if (cell >= in->n || seen[cell]) {
            snprintf(why, len, "step %u: cell %u twice or out of range", i,
                     cell);
            return false;
        }
        seen[cell] = true;
        sum += in->weight[cell];
    }
    if (sum != a->sum) {
        snprintf(why, len, "route sums to %llu, answer says %llu",
                 (unsigned long long)sum, (unsigned long long)a->sum);
        return false;
    }
    return true;
}

static bool tour_same(const void *instance, const void *expected,
                      const void *answer, char *why, size_t len)
{
    const struct tour_answer *want = expected, *got = answer;
    if (!tour_valid(instance, got, why, len))
        return false;
    if (got->sum != want->sum) {
        snprintf(why, len, "sum %llu, verified %llu",
                 (unsigned long long)got->sum, (unsigned long long)want->sum);
        return false;
    }
    return true;
}

static int tour_write_answer(FILE *out, const void *instance,
                             const void *answer)
{
    (void)instance;
    const struct tour_answer *a = answer;
    fprintf(out, "%llu:", (unsigned long long)a->sum);
    for (uint32_t i = 0; i < a->length && a->route; i++)
        fprintf(out, " %u", a->route[i]);
    return fputc('\n', out) == EOF ? -EIO : 0;
}

static int tour_write_instance(FILE *out, const void *instance,
                               const void *previous)
{
    (void)previous;
    const struct tour_instance *in = instance;
    for (uint32_t i = 0; i < in->n; i++)
        fprintf(out, "%u ", in->weight[i]);
    return fputc('\n', out) == EOF ? -EIO : 0;
}

static void *tour_oracle_new(const struct pb_corpus *c, struct pb_error *e)
{
    (void)c, (void)e;
    static int oracle;
    return &oracle;
}

static void tour_oracle_free(void *oracle)
{
    (void)oracle;
}

static bool tour_oracle_check(const void *oracle, const void *instance,
                              const void *answer, char *why, size_t len)
{
    (void)oracle;
    atomic_fetch_add(&oracle_calls, 1);
    const struct tour_answer *a = answer;
    if (!tour_valid(instance, a, why, len))
        return false;
    if (a->sum != tour_total(instance)) {
        snprintf(why, len, "sum %llu is not the total",
                 (unsigned long long)a->sum);
        return false;
    }
    return true;
}

static int tour_oracle_solve(const void *oracle, const void *instance,
                             void *answer)
{
    (void)oracle;
    atomic_fetch_add(&oracle_calls, 1);
    const struct tour_instance *in = instance;
    struct tour_answer *a = answer;
    if (!(a->route = route_new(in)))
        return -ENOMEM;
    for (uint32_t i = 0; i < in->n; i++)
        a->route[i] = i;
    a->length = in->n;
    a->sum = tour_total(in);
    return 0;
}

/* Variants: which route they walk and what they plant. */
enum tour_kind { FORWARD, BACKWARD, WRONG_SUM, BROKEN_ROUTE };

static int tour_build(const struct pb_corpus *c, void **shared,
                      struct pb_error *e)
{
    (void)c, (void)shared, (void)e;
    atomic_fetch_add(&builds, 1);
    return 0;
}

static void *tour_worker_new(const struct pb_corpus *c, const void *shared)
{
    (void)c, (void)shared;
    static int worker;
    return &worker;
}

static void tour_worker_free(void *worker)
{
    (void)worker;
}

static int tour_solve(enum tour_kind kind, const void *instance, void *answer,
                      struct pb_work *work)
{
    const struct tour_instance *in = instance;
    struct tour_answer *a = answer;
    if (a->route || a->length || a->sum)
        return -EINVAL; /* the runner must hand over a cleared slot */
    if (!(a->route = route_new(in)))
        return -ENOMEM;
    for (uint32_t i = 0; i < in->n; i++)
        a->route[i] = kind == BACKWARD ? in->n - 1 - i : i;
    a->length = in->n;
    a->sum = tour_total(in);
    /* planted on one instance only, so *first must name it */
    bool planted = in->weight[0] == PLANTED;
    if (planted && kind == WRONG_SUM)
        a->sum++;
    if (planted && kind == BROKEN_ROUTE)
        a->route[1] = a->route[0]; /* visits cell 0 twice, same sum claimed */
    work->count[PB_WORK_MAIN] += in->n;
    return 0;
}

#define TOUR_VARIANT(fn, kind)                                                 \
    static int fn(void *worker, const void *instance, void *answer,            \
                  struct pb_work *work, struct pb_error *e)                    \
    {                                                                          \
        (void)worker, (void)e;                                                 \
        return tour_solve(kind, instance, answer, work);                       \
    }
TOUR_VARIANT(solve_forward, FORWARD)
TOUR_VARIANT(solve_backward, BACKWARD)
TOUR_VARIANT(solve_wrong_sum, WRONG_SUM)
TOUR_VARIANT(solve_broken_route, BROKEN_ROUTE)

static bool decliner_accepts(const struct pb_corpus *c, char *why, size_t len)
{
    (void)c;
    atomic_fetch_add(&decliner_asks, 1);
    snprintf(why, len, "takes tours of at most %d cells only", 4);
    return false;
}

#define TOUR_DESCRIPTOR(id, solve_fn, accepts_fn)                              \
    static const struct pb_variant id = {.name = #id,                          \
                                         .summary = #id,                       \
                                         .accepts = (accepts_fn),              \
                                         .build = tour_build,                  \
                                         .worker_new = tour_worker_new,        \
                                         .solve = (solve_fn),                  \
                                         .worker_free = tour_worker_free};
TOUR_DESCRIPTOR(forward, solve_forward, NULL)
TOUR_DESCRIPTOR(backward, solve_backward, NULL)
TOUR_DESCRIPTOR(wrong_sum, solve_wrong_sum, NULL)
TOUR_DESCRIPTOR(broken_route, solve_broken_route, NULL)
TOUR_DESCRIPTOR(decliner, solve_forward, decliner_accepts)

static const struct pb_variant *const tour_variants[] = {&forward, &backward,
                                                         &decliner, NULL};

static const struct pb_kernel tour_kernel = {
    .name = "tour",
    .summary = "visit every cell once: any order, one sum",
    .instance_size = sizeof(struct tour_instance),
    .format = {.write_instance = tour_write_instance},
    .answer = {.size = sizeof(struct tour_answer),
               .write = tour_write_answer,
               .same = tour_same,
               .release = tour_release},
    .oracle = {.build = tour_oracle_new,
               .check = tour_oracle_check,
               .solve = tour_oracle_solve,
               .free = tour_oracle_free},
    .variants = tour_variants,
};

/* INSTANCES tours of 3.. cells (lengths differ per instance); the one
 * whose first weight is PLANTED is where wrong variants lie. */
static void make_corpus(struct pb_corpus *c)
{
    pb_corpus_init(c, &tour_kernel, "<tours>");
    for (uint32_t k = 0; k < INSTANCES; k++) {
        struct tour_instance *in = pb_corpus_push(c, k + 1);
        if (!in)
            return;
        in->n = 3 + 3 * k;
        for (uint32_t i = 0; i < in->n; i++)
            in->weight[i] = i == 0 ? k + 1 : 7 * i + k;
    }
}

static size_t planted_index(void)
{
    return PLANTED - 1; /* weight[0] = k + 1 */
}

/* Two variants, different routes of the same sums: both right by the
 * oracle, and the same by the kernel's answer.same, with no oracle call. */
static void test_equal_answers(const struct pb_corpus *c, void *oracle)
{
    struct pb_error e;
    struct pb_run run;
    void *verified = pb_answers_new(c, &e);
    void *other = pb_answers_new(c, &e);
    CHECK(verified && other, "answers: %s", e.msg);
    if (!verified || !other)
        goto free_answers;
    CHECK(pb_run_variant(&forward, c, 2, verified, &run, &e) == 0, "%s", e.msg);
    CHECK(pb_run_variant(&backward, c, 2, other, &run, &e) == 0, "%s", e.msg);
    struct pb_check check;
    pb_check_answers(c, oracle, verified, &check);
    CHECK(check.correct == INSTANCES, "forward: %zu right", check.correct);
    pb_check_answers(c, oracle, other, &check);
    CHECK(check.correct == INSTANCES, "backward: %zu right", check.correct);
    const struct tour_answer *a = verified, *b = other;
    CHECK(a[1].route && b[1].route && a[1].route[0] != b[1].route[0],
          "the two routes should differ");
    atomic_store(&oracle_calls, 0);
    size_t first = 0;
    char why[256] = "";
    CHECK(pb_answers_same(c, verified, other, &first, why, sizeof(why)),
          "equal sums differ: %s", why);
    CHECK(first == SIZE_MAX, "first %zu", first);
    CHECK(atomic_load(&oracle_calls) == 0, "%d oracle calls in a re-check",
          atomic_load(&oracle_calls));
free_answers:
    pb_answers_free(c, verified);
    pb_answers_free(c, other);
}

/* A session solving REPEATS times into the same answers, as the timed
 * loop does: each re-check against the verified answers passes for an
 * equal variant and fails for a planted one, at the planted instance,
 * every time, without the oracle. */
static void repeat(const struct pb_corpus *c, const void *verified,
                   const struct pb_variant *v, bool right)
{
    const struct pb_backend *b = &pb_backend_local;
    struct pb_session s;
    struct pb_run run;
    struct pb_error e;
    void *answers = pb_answers_new(c, &e);
    if (!answers || b->open(&s, v, c, 2, &run, &e)) {
        CHECK(0, "%s: %s", v->name, e.msg);
        pb_answers_free(c, answers);
        return;
    }
    int caught = 0, passed = 0;
    atomic_store(&oracle_calls, 0);
    for (int r = 0; r < REPEATS; r++) {
        int made = atomic_load(&routes_made),
            freed = atomic_load(&routes_freed);
        int rc = b->solve(&s, answers, &run, &e);
        CHECK(rc == 0, "%s solve %d: %s", v->name, r, e.msg);
        /* the earlier solve's routes went before this one's came */
        CHECK(atomic_load(&routes_made) - made == INSTANCES &&
                  atomic_load(&routes_freed) - freed == (r ? INSTANCES : 0),
              "%s solve %d: %d made, %d freed", v->name, r,
              atomic_load(&routes_made) - made,
              atomic_load(&routes_freed) - freed);
        size_t first = 0;
        char why[256] = "";
        if (pb_answers_same(c, verified, answers, &first, why, sizeof(why)))
            passed++;
        else if (first == planted_index() && strstr(why, "instance 4: "))
            caught++;
        else
            CHECK(0, "%s: instance %zu: %s", v->name, first, why);
    }
    b->close(&s);
    CHECK(right ? passed == REPEATS : caught == REPEATS,
          "%s: %d of %d passed, %d caught", v->name, passed, REPEATS, caught);
    CHECK(atomic_load(&oracle_calls) == 0, "%s: %d oracle calls", v->name,
          atomic_load(&oracle_calls));
    pb_answers_free(c, answers);
}

static void test_repeated_rechecks(const struct pb_corpus *c)
{
    struct pb_error e;
    struct pb_run run;
    void *verified = pb_answers_new(c, &e);
    if (!verified || pb_run_variant(&forward, c, 1, verified, &run, &e)) {
        CHECK(0, "verified: %s", e.msg);
        pb_answers_free(c, verified);
        return;
    }
    repeat(c, verified, &backward, true);
    repeat(c, verified, &forward, true);
    repeat(c, verified, &wrong_sum, false);
    repeat(c, verified, &broken_route, false);
    pb_answers_free(c, verified);
}

/* The oracle still judges a planted answer wrong, and the failure report
 * releases the oracle's own (owned) answer. */
static void test_report(const struct pb_corpus *c, void *oracle)
{
    struct pb_error e;
    struct pb_run run;
    void *answers = pb_answers_new(c, &e);
    if (!answers || pb_run_variant(&broken_route, c, 1, answers, &run, &e)) {
        CHECK(0, "broken_route: %s", e.msg);
        pb_answers_free(c, answers);
        return;
    }
    struct pb_check check;
    pb_check_answers(c, oracle, answers, &check);
    CHECK(check.wrong == 1 && check.first_wrong == planted_index(),
          "oracle: %zu wrong, first %zu", check.wrong, check.first_wrong);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f) {
        int freed = atomic_load(&routes_freed);
        pb_report_wrong(f, c, oracle, answers, check.first_wrong,
                        "broken_route", check.why);
        fclose(f);
        CHECK(atomic_load(&routes_freed) == freed + 1,
              "the oracle's route was not released");
        CHECK(text && strstr(text, "cell 0 twice"), "report: %s",
              text ? text : "(none)");
    }
    free(text);
    pb_answers_free(c, answers);
}

/* A variant that declines a corpus is never built: the run, the back
 * end's open and verify all stop at accepts, with its reason. */
static void test_decliner(const struct pb_corpus *c)
{
    struct pb_error e = {""};
    struct pb_run run;
    void *answers = pb_answers_new(c, &e);
    atomic_store(&builds, 0);
    int rc = pb_run_variant(&decliner, c, 2, answers, &run, &e);
    CHECK(rc == PB_NOT_APPLICABLE, "decliner: rc %d", rc);
    CHECK(!strcmp(e.msg, "decliner takes tours of at most 4 cells only"),
          "reason: '%s'", e.msg);
    struct pb_session s;
    rc = pb_backend_local.open(&s, &decliner, c, 1, &run, &e);
    CHECK(rc == PB_NOT_APPLICABLE, "open: rc %d", rc);
    char why[128];
    CHECK(!pb_variant_accepts(&decliner, c, why, sizeof(why)) &&
              strstr(why, "at most 4 cells"),
          "accepts: %s", why);
    CHECK(pb_variant_accepts(&forward, c, why, sizeof(why)),
          "forward declines: %s", why);
    CHECK(atomic_load(&builds) == 0, "decliner built %d times",
          atomic_load(&builds));

    /* verify: one not-applicable row, the others right, status 0 */
    atomic_store(&decliner_asks, 0);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    struct pb_verify_totals totals = {0};
    int status = f ? pb_verify_corpus(c, NULL, 2, f, &totals) : -1;
    if (f)
        fclose(f);
    CHECK(status == 0 && totals.rows == 3, "verify: status %d, %zu rows",
          status, totals.rows);
    CHECK(text && strstr(text, "not applicable: decliner takes tours"),
          "verify: %s", text ? text : "(none)");
    CHECK(atomic_load(&builds) == 2 && atomic_load(&decliner_asks) >= 1,
          "verify built %d variants, asked the decliner %d times",
          atomic_load(&builds), atomic_load(&decliner_asks));
    free(text);
    pb_answers_free(c, answers);
}

/* What pb_kernel.h asks of every registered kernel and cannot check itself:
 * slots that own memory (release) are compared by same, never by bytes,
 * and travel between processes by pack and unpack;
 * the counter table ends within PB_MAX_COUNTERS, its names are names
 * ([a-z0-9_], not "units" or "seconds", "expanded" only first); every
 * variant name appears once. */
static void test_registry_contracts(void)
{
    for (size_t i = 0; pb_kernels[i]; i++) {
        const struct pb_kernel *k = pb_kernels[i];
        CHECK(!k->answer.release || k->answer.same, "%s: release without same",
              k->name);
        CHECK(!k->answer.release || (k->answer.pack && k->answer.unpack),
              "%s: release without pack and unpack (the MPI back end "
              "carries such answers only through them)",
              k->name);
        CHECK(!k->answer.pack == !k->answer.unpack, "%s: pack without unpack",
              k->name);
        const struct pb_counter_def *defs = k->work.counters;
        size_t n = 0;
        while (defs && defs[n].name && n <= PB_MAX_COUNTERS)
            n++;
        CHECK(!defs || n <= PB_MAX_COUNTERS,
              "%s: more than %d counters, or no NULL name ending them", k->name,
              PB_MAX_COUNTERS);
        for (size_t j = 0; defs && j < n && j < PB_MAX_COUNTERS; j++) {
            const char *name = defs[j].name;
            CHECK(readback_name_ok(name) && strcmp(name, "units") &&
                      strcmp(name, "seconds") &&
                      (j == 0 || strcmp(name, "expanded")),
                  "%s: counter %zu '%s' is not a counter name", k->name, j,
                  name);
        }
        for (size_t a = 0; k->variants[a]; a++)
            for (size_t b = a + 1; k->variants[b]; b++)
                CHECK(strcmp(k->variants[a]->name, k->variants[b]->name),
                      "%s: variant '%s' registered twice", k->name,
                      k->variants[a]->name);
    }
}

int main(void)
{
    struct pb_corpus c;
    struct pb_error e;
    make_corpus(&c);
    CHECK(c.count == INSTANCES, "corpus of %zu", c.count);
    void *oracle = tour_kernel.oracle.build(&c, &e);
    test_equal_answers(&c, oracle);
    test_repeated_rechecks(&c);
    test_report(&c, oracle);
    test_decliner(&c);
    test_registry_contracts();
    CHECK(atomic_load(&routes_made) == atomic_load(&routes_freed),
          "%d routes made, %d released", atomic_load(&routes_made),
          atomic_load(&routes_freed));
    tour_kernel.oracle.free(oracle);
    pb_corpus_free(&c);
    return check_summary();
}
