/*
 * against.c - bench --against and calibrate's run (against.h): OTHER
 * checked before anything is made (a file that runs, answers --version
 * as puzzlebench and lists the worker options in its bench --help, each
 * answer read through a pipe within ANSWER_SECONDS), the run planned as
 * bench would plan it (harness.h pb_bench_plan: a bad suite or option is
 * refused here too), then round by round each side's worker started
 * with posix_spawn (no shell, PATH not searched; stdin /dev/null, stdout
 * and stderr appended to the side's console.log) and waited for, ABBA:
 * side A first in even rounds, side B first in odd ones, so that neither
 * build always runs first after the other. After each round the parts
 * are joined (against_join.c) and the completion record rewritten, so a
 * killed run leaves what it had. A worker's exit 1 (a wrong answer or a
 * failure on that side) is remembered and the run goes on; any other
 * ending stops it. At the end: compare's table of A against B (paired,
 * compare.h) printed and kept, the figures and report (side B's), and
 * latest moved once the run is complete.
 * Side B is this executable, started as /proc/self/exe (the file this
 * process runs, whatever a rebuild puts at its path meanwhile), or under
 * a bundle the loader with the binary (identity.h pb_identity_self).
 * O(rounds x sides) processes; the joins O(rows) each.
 */
#define _GNU_SOURCE /* pipe2 */
#include "harness/against.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/exit.h"
#include "analysis/compare.h"
#include "util/context_keys.h"
#include "util/identity.h"
#include "present/outputs.h"
#include "results/folder.h"
#include "run/runner.h"
#include "analysis/change.h"
#include "pb_units.h"

extern char **environ;

enum {
    ANSWER_SECONDS = 30,  /* OTHER's --version and bench --help, at most */
    ANSWER_MAX = 1 << 16, /* bytes of an answer kept */
    PREFIX_MAX = 6,       /* a command's words before "bench" */
    ARGS_MAX = PREFIX_MAX + PB_AGAINST_FORWARD_MAX + 24,
};

/* One side: how to start it, what to call it, where its output goes. */
struct side {
    char name;        /* 'A' or 'B' */
    const char *role; /* "the baseline", "the build under test" */
    char path[PB_PATH_MAX];
    char *prefix[PREFIX_MAX]; /* argv before "bench" */
    int prefixes;
    char exe[PB_PATH_MAX], libdir[PB_PATH_MAX];
    char log[PB_PATH_MAX];   /* DIR/sides/S/console.log */
    char first[PB_PATH_MAX]; /* its round-0 part's folder, "" until known */
};

/* Starts argv[0] (a path: no shell, PATH not searched) with stdin from
 * /dev/null and stdout and stderr into out and err (-1: /dev/null). Its
 * pid, or a negative errno. */
static pid_t start(char *const argv[], int out, int err)
{
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa))
        return -ENOMEM;
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    int fds[2] = {out, err};
    for (int i = 0; i < 2; i++)
        if (fds[i] >= 0)
            posix_spawn_file_actions_adddup2(&fa, fds[i], i + 1);
        else
            posix_spawn_file_actions_addopen(&fa, i + 1, "/dev/null", O_WRONLY,
                                             0);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    return rc ? -rc : pid;
}

/* The exit status of pid once it ends (WNOHANG polls while deadline, a
 * pb_now() time, is ahead; 0: no deadline): 128 + the signal that ended
 * it; -ETIME, the process killed, past the deadline. */
static int wait_for(pid_t pid, double deadline)
{
    int st;
    for (;;) {
        pid_t got = waitpid(pid, &st, deadline > 0 ? WNOHANG : 0);
        if (got == pid)
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        if (got < 0 && errno != EINTR)
            return -errno;
        if (got == 0 && pb_now() >= deadline) {
            kill(pid, SIGKILL); /* ours: started by start() */
            waitpid(pid, &st, 0);
            return -ETIME;
        }
        if (got == 0) {
            struct timespec nap = {0, 10 * 1000 * 1000};
            nanosleep(&nap, NULL);
        }
    }
}

/* Runs argv for its answer: stdout into buf (the first len - 1 bytes
 * kept, the rest read and dropped), stderr dropped, ANSWER_SECONDS at
 * most. Its exit status; -ETIME when it took longer (killed); a negative
 * errno when it could not start. */
static int answer(char *const argv[], char *buf, size_t len)
{
    int fds[2];
    size_t got = 0;
    buf[0] = '\0';
    if (pipe2(fds, O_CLOEXEC))
        return -errno;
    pid_t pid = start(argv, fds[1], -1);
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        return (int)pid;
    }
    const double deadline = pb_now() + ANSWER_SECONDS;
    for (double left; (left = deadline - pb_now()) > 0;) {
        struct pollfd p = {.fd = fds[0], .events = POLLIN};
        int ready = poll(&p, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            break;
        char chunk[4096];
        ssize_t n = read(fds[0], chunk, sizeof(chunk));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        size_t keep = (size_t)n < len - 1 - got ? (size_t)n : len - 1 - got;
        memcpy(buf + got, chunk, keep);
        got += keep;
    }
    buf[got] = '\0';
    close(fds[0]);
    return wait_for(pid, deadline);
}

/* OTHER's first line of an answer, escaped and cut, for a message. */
static void first_line(const char *text, char *out, size_t len)
{
    char line[64];
    snprintf(line, sizeof(line), "%.*s", (int)strcspn(text, "\n"), text);
    pb_escape_controls(line, out, len);
}

/* OTHER as side A, checked: 0, or the exit status after one line. */
static int other_side(const char *verb, const char *other, struct side *s)
{
    struct stat st;
    const char *why = NULL;
    if (stat(other, &st) != 0)
        why = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        why = "a folder";
    else if (!S_ISREG(st.st_mode))
        why = "not a regular file";
    else if (access(other, X_OK) != 0)
        why = "not executable";
    if (why)
        return pb_usage_error(verb,
                              "--against '%s': %s; expected another "
                              "puzzlebench binary (a build of the previous "
                              "commit, a bundle's puzzlebench)",
                              other, why);
    static char text[ANSWER_MAX];
    char shown[256];
    char *version[] = {(char *)other, "--version", NULL};
    int rc = answer(version, text, sizeof(text));
    if (rc < 0 && rc != -ETIME) {
        fprintf(stderr, "puzzlebench %s: --against '%s': cannot start: %s\n",
                verb, other, strerror(-rc));
        return PB_EXIT_FAIL;
    }
    first_line(text, shown, sizeof(shown));
    if (rc == -ETIME)
        return pb_usage_error(verb,
                              "--against '%s': no answer to --version "
                              "within %d s; expected a puzzlebench binary",
                              other, ANSWER_SECONDS);
    if (rc != 0 || strncmp(text, "puzzlebench ", 12))
        return pb_usage_error(verb,
                              "--against '%s': not puzzlebench ('--version' "
                              "answered '%s', exit %d); expected a "
                              "puzzlebench binary",
                              other, shown, rc);
    char *help[] = {(char *)other, "bench", "--help", NULL};
    rc = answer(help, text, sizeof(text));
    if (rc != 0 || !strstr(text, "--round-index") || !strstr(text, "--side") ||
        !strstr(text, "--verified-in"))
        return pb_usage_error(verb,
                              "--against '%s': %s has no worker options of "
                              "bench --against (--round-index, --side, "
                              "--verified-in); build it from a commit that "
                              "has them",
                              other, shown);
    s->prefix[s->prefixes++] = (char *)other;
    if (!realpath(other, s->path))
        snprintf(s->path, sizeof(s->path), "%s", other);
    return 0;
}

/* This executable as a side: itself, started as /proc/self/exe (the
 * very file this process runs, even when a rebuild replaces the path
 * meanwhile), or (a bundle) its loader with the binary and the binary's
 * folder as the library path. */
static void self_side(struct side *s)
{
    char binary[PB_PATH_MAX];
    if (!pb_identity_self(s->exe, sizeof(s->exe), binary, sizeof(binary))) {
        snprintf(s->path, sizeof(s->path), "%s", s->exe);
        s->prefix[s->prefixes++] = "/proc/self/exe";
        return;
    }
    snprintf(s->path, sizeof(s->path), "%s", binary);
    snprintf(s->libdir, sizeof(s->libdir), "%s", binary);
    char *slash = strrchr(s->libdir, '/');
    if (slash)
        *slash = '\0';
    char *words[] = {"/proc/self/exe", "--inhibit-cache", "--library-path",
                     s->libdir, s->path};
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        s->prefix[s->prefixes++] = words[i];
}

/* The results folder a worker made under root: what root/latest names,
 * else the one folder in root (a worker that stopped before its end),
 * else "". */
static void part_folder(const char *root, char *out, size_t len)
{
    char link[PB_PATH_MAX], name[NAME_MAX + 1];
    out[0] = '\0';
    ssize_t n =
        snprintf(link, sizeof(link), "%s/latest", root) < (int)sizeof(link)
            ? readlink(link, name, sizeof(name) - 1)
            : -1;
    if (n > 0 && !memchr(name, '/', (size_t)n)) {
        name[n] = '\0';
        if (snprintf(out, len, "%s/%s", root, name) >= (int)len)
            out[0] = '\0';
        return;
    }
    DIR *d = opendir(root);
    int found = 0;
    for (struct dirent *ent; d && (ent = readdir(d)) != NULL;) {
        struct stat st;
        if (ent->d_name[0] == '.' ||
            snprintf(link, sizeof(link), "%s/%s", root, ent->d_name) >=
                (int)sizeof(link) ||
            lstat(link, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        if (found++ == 0)
            snprintf(out, len, "%s", link);
    }
    if (d)
        closedir(d);
    if (found != 1)
        out[0] = '\0';
}

/* Appends file `path` to the run's log under a heading. */
static void log_file(struct pb_results *res, const char *heading,
                     const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f || !res->log)
        goto done;
    pb_results_log(res, "==== %s ====\n", heading);
    char buf[1 << 14];
    size_t n;
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
        if (fwrite(buf, 1, n, res->log) != n) {
            pb_results_log_failed(res);
            break;
        }
done:
    if (f)
        fclose(f);
}

/* The run's state between the rounds. */
struct against {
    const struct pb_bench_options *o;
    struct pb_against_options *a;
    const char *verb;
    struct side side[2];
    struct pb_bench_plan plan;
    char corpus[PB_PATH_MAX]; /* --corpus made absolute */
    char seed[32];
    struct pb_results res;
    struct pb_against_part *parts;
    size_t n;
    int status;
    bool stopped;
};

/* Runs side s's worker for round r into part p: the exit status. */
static int run_worker(struct against *x, struct side *s, int r,
                      struct pb_against_part *p)
{
    char root[PB_PATH_MAX], round[16];
    snprintf(round, sizeof(round), "%d", r);
    p->side = s->name;
    p->round = r;
    p->dir[0] = '\0';
    int rc = snprintf(root, sizeof(root), "%s/sides/%c/round-%d", x->res.dir,
                      s->name, r) >= (int)sizeof(root)
                 ? -ENAMETOOLONG
                 : pb_make_dirs(root);
    if (rc) {
        fprintf(stderr, "puzzlebench %s: %s: cannot create: %s\n", x->verb,
                root, strerror(-rc));
        return -rc;
    }
    char *argv[ARGS_MAX];
    int n = 0;
    for (int i = 0; i < s->prefixes; i++)
        argv[n++] = s->prefix[i];
    argv[n++] = "bench";
    argv[n++] = x->o->corpus ? "--corpus" : "--suite";
    argv[n++] = x->o->corpus ? x->corpus : x->plan.suite;
    for (int i = 0; i < x->a->forwarded; i++)
        argv[n++] = (char *)x->a->forward[i];
    char side[2] = {s->name, '\0'};
    char *worker[] = {"--round-index", round,    "--round-seed",
                      x->seed,         "--side", side,
                      "--out",         root,     "--quiet"};
    for (size_t i = 0; i < sizeof(worker) / sizeof(worker[0]); i++)
        argv[n++] = worker[i];
    if (r > 0 && s->first[0]) { /* the side's own first pass stands */
        argv[n++] = "--verified-in";
        argv[n++] = s->first;
    }
    argv[n] = NULL;
    int log = open(s->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (log < 0) {
        rc = errno;
        fprintf(stderr, "puzzlebench %s: %s: cannot create: %s\n", x->verb,
                s->log, strerror(rc));
        return rc;
    }
    dprintf(log, "==== round %d/%d, side %c (%s) ====\n", r + 1,
            x->plan.most_rounds, s->name, s->role);
    double t0 = pb_now();
    pid_t pid = start(argv, log, log);
    close(log);
    rc = pid < 0 ? 127 : wait_for(pid, 0); /* 127: as a shell says it */
    if (pid < 0)
        fprintf(stderr, "puzzlebench %s: %s: cannot start: %s\n", x->verb,
                s->path, strerror((int)-pid));
    part_folder(root, p->dir, sizeof(p->dir));
    char heading[PB_PATH_MAX + 64], path[PB_PATH_MAX + 16];
    snprintf(heading, sizeof(heading), "side %c, round %d/%d: %s/log.txt",
             s->name, r + 1, x->plan.most_rounds, p->dir);
    snprintf(path, sizeof(path), "%s/log.txt", p->dir);
    if (p->dir[0])
        log_file(&x->res, heading, path);
    if (r == 0)
        snprintf(s->first, sizeof(s->first), "%s", p->dir);
    char took[PB_UNITS_TEXT];
    pb_units_time(took, sizeof(took), pb_now() - t0);
    if (rc == 0)
        pb_results_say(&x->res, "  side %c (%s): done in %s\n", s->name,
                       s->role, took);
    else
        pb_results_say(
            &x->res, "  side %c (%s): exit %d in %s%s (see %s)\n", s->name,
            s->role, rc, took,
            rc == PB_EXIT_FAIL ? ": a wrong answer or a failure" : "", s->log);
    return rc;
}

/* The context's against:order: which side runs first in a round. */
#define ABBA_ORDER                                                             \
    "ABBA: side A first in even rounds (0, 2, ...), side B first in odd ones"

/* The parts so far joined into the results folder, and the completion
 * record rewritten; false (said on stderr) when the join refused them. */
static bool join(struct against *x, bool ended)
{
    char a[PB_PATH_MAX + 64], b[PB_PATH_MAX + 64], rounds[16];
    snprintf(a, sizeof(a), "%s (%s)", x->side[0].path, x->side[0].role);
    snprintf(b, sizeof(b), "%s (%s)", x->side[1].path, x->side[1].role);
    snprintf(rounds, sizeof(rounds), "%d", x->plan.most_rounds);
    const char *keys[] = {PB_CTX_AGAINST_SIDES,
                          "A,B",
                          PB_CTX_AGAINST_A,
                          a,
                          PB_CTX_AGAINST_B,
                          b,
                          PB_CTX_AGAINST_ROUNDS,
                          rounds,
                          PB_CTX_AGAINST_ORDER,
                          ABBA_ORDER,
                          NULL};
    struct pb_error e;
    if (pb_against_join(x->res.dir, x->parts, x->n, keys, &e) ||
        pb_against_completion(x->res.dir, x->plan.names, x->plan.rounds,
                              x->plan.count, x->parts, x->n, ended, &e)) {
        fprintf(stderr, "puzzlebench %s: %s\n", x->verb, e.msg);
        pb_results_log(&x->res, "%s\n", e.msg);
        return false;
    }
    return true;
}

/* Every round, ABBA. */
static void run_rounds(struct against *x)
{
    const int rounds = x->plan.most_rounds;
    for (int r = 0; r < rounds && !x->stopped; r++) {
        struct side *first = &x->side[r % 2], *second = &x->side[1 - r % 2];
        pb_results_say(&x->res, "round %d/%d: side %c, then side %c\n", r + 1,
                       rounds, first->name, second->name);
        struct side *order[2] = {first, second};
        for (int k = 0; k < 2 && !x->stopped; k++) {
            int rc = run_worker(x, order[k], r, &x->parts[x->n++]);
            if (rc == PB_EXIT_FAIL)
                x->status = PB_EXIT_FAIL;
            else if (rc) {
                fprintf(stderr,
                        "puzzlebench %s: side %c's process of round %d ended "
                        "with %s %d (see %s); the run stops\n",
                        x->verb, order[k]->name, r + 1,
                        rc > 128 ? "signal" : "exit", rc > 128 ? rc - 128 : rc,
                        order[k]->log);
                x->stopped = true;
            }
        }
        if (!join(x, false))
            x->stopped = true;
    }
    if (x->stopped)
        x->status = PB_EXIT_FAIL;
}

/* compare's table of A against B into compare.txt (printed) and
 * compare.csv: 0, 1 when the gate fails, or -1 after a message. */
static int compare_sides(struct against *x)
{
    struct pb_compare_options co;
    pb_compare_defaults(&co);
    co.band = x->a->band;
    co.fail_above = x->a->fail_above;
    co.clock = x->o->clock;
    const char *dir = x->res.dir;
    int gate = 0;
    struct pb_error e;
    for (int k = 0; k < 2; k++) {
        char *text = NULL, *notes = NULL, path[PB_PATH_MAX + 16];
        size_t len = 0, notes_len = 0;
        co.format = k == 0 ? PB_COMPARE_TEXT : PB_COMPARE_CSV;
        FILE *f = open_memstream(&text, &len);
        FILE *n = open_memstream(&notes, &notes_len);
        int rc = f && n ? pb_compare(dir, dir, &co, f, n, &e)
                        : pb_fail(&e, -ENOMEM, "out of memory");
        if (f)
            fclose(f);
        if (n)
            fclose(n);
        snprintf(path, sizeof(path), "%s/compare.%s", dir, k ? "csv" : "txt");
        int w = rc < 0 ? 0 : pb_write_atomically(path, text, len);
        if (w)
            pb_fail(&e, w, "%s: cannot write: %s", path, pb_file_error(w));
        if (rc == 0 || rc == 1) {
            /* the result of bench --against; calibrate's is its table */
            if (k == 0 && x->a->other)
                pb_results_show(&x->res, "\n%s", text);
            else if (k == 0)
                pb_results_say(&x->res, "\n%s", text);
            gate = rc;
        }
        free(text);
        free(notes);
        if (rc < 0 || w) {
            fprintf(stderr, "puzzlebench %s: no comparison: %s\n", x->verb,
                    e.msg);
            return -1;
        }
    }
    return gate;
}

/* --corpus with --against: a regular file (each side reads it), made
 * absolute. 0, or the exit status after a message. */
static int corpus_path(struct against *x)
{
    struct stat st;
    if (!x->o->corpus)
        return 0;
    if (stat(x->o->corpus, &st) != 0 || !S_ISREG(st.st_mode) ||
        !realpath(x->o->corpus, x->corpus))
        return pb_usage_error(x->verb,
                              "--corpus '%s' with --against: expected a "
                              "regular file (each side reads it)",
                              x->o->corpus);
    return 0;
}

/* Before anything is made: the sides, the results root's room, the
 * corpus, the plan, the seed. 0, or the exit status after a message. */
static int prepare(struct against *x)
{
    struct pb_against_options *a = x->a;
    x->side[0] = (struct side){.name = 'A', .role = "the baseline"};
    x->side[1] = (struct side){.name = 'B', .role = "the build under test"};
    if (!a->other)
        x->side[0].role = x->side[1].role = "this build, an A/A run";
    int rc = a->other ? other_side(x->verb, a->other, &x->side[0]) : 0;
    if (rc)
        return rc;
    if (!a->other)
        self_side(&x->side[0]);
    self_side(&x->side[1]);
    if (strlen(x->o->out_dir) > PB_RESULTS_ROOT_MAX - PB_AGAINST_APPENDED)
        return pb_usage_error(x->verb,
                              "--out: path of %zu characters is too long "
                              "for --against's sides (at most %d)",
                              strlen(x->o->out_dir),
                              PB_RESULTS_ROOT_MAX - PB_AGAINST_APPENDED);
    if ((rc = corpus_path(x)) != 0)
        return rc;
    struct pb_error e;
    if ((rc = pb_bench_plan(x->o, &x->plan, &e)) != 0) {
        fprintf(stderr, "puzzlebench %s: %s\n", x->verb, e.msg);
        return rc;
    }
    if (x->plan.count == 0) {
        fprintf(stderr,
                "puzzlebench %s: nothing was timed: no benchmark of the "
                "suite matches --benchmark_filter\n",
                x->verb);
        return PB_EXIT_FAIL;
    }
    uint64_t seed =
        x->o->round_seed_set ? x->o->round_seed : pb_bench_draw_seed();
    snprintf(x->seed, sizeof(x->seed), "%" PRIu64, seed);
    x->parts = calloc(2 * (size_t)x->plan.most_rounds, sizeof(*x->parts));
    if (!x->parts) {
        fprintf(stderr, "puzzlebench %s: out of memory\n", x->verb);
        return PB_EXIT_FAIL;
    }
    return 0;
}

/* The results folder and what the run is, said. 0 or the exit status. */
static int open_folder(struct against *x)
{
    struct pb_error e;
    if (pb_results_open(&x->res, x->o->out_dir, &e)) {
        fprintf(stderr, "puzzlebench %s: %s\n", x->verb, e.msg);
        return PB_EXIT_FAIL;
    }
    x->res.quiet = x->o->quiet;
    snprintf(x->a->dir, sizeof(x->a->dir), "%s", x->res.dir);
    for (int k = 0; k < 2; k++)
        if (snprintf(x->side[k].log, sizeof(x->side[k].log),
                     "%s/sides/%c/console.log", x->res.dir,
                     x->side[k].name) >= (int)sizeof(x->side[k].log)) {
            fprintf(stderr, "puzzlebench %s: %s: path too long\n", x->verb,
                    x->res.dir);
            pb_results_close(&x->res);
            return PB_EXIT_FAIL;
        }
    char where[4 * PB_PATH_MAX];
    pb_escape_controls(x->res.dir, where, sizeof(where));
    pb_results_say(&x->res,
                   "puzzlebench %s: side A = %s (%s), side B = %s (%s); %d "
                   "round%s of %zu benchmark%s, round seed %s; results in "
                   "%s\n",
                   x->verb, x->side[0].path, x->side[0].role, x->side[1].path,
                   x->side[1].role, x->plan.most_rounds,
                   x->plan.most_rounds == 1 ? "" : "s", x->plan.count,
                   x->plan.count == 1 ? "" : "s", x->seed, where);
    if (x->plan.most_rounds < PB_STATS_MIN_ROUNDS) {
        fprintf(stderr,
                "puzzlebench %s: warning: %d round%s give%s no interval "
                "(%d or more are needed): every verdict will be "
                "inconclusive\n",
                x->verb, x->plan.most_rounds,
                x->plan.most_rounds == 1 ? "" : "s",
                x->plan.most_rounds == 1 ? "s" : "", PB_STATS_MIN_ROUNDS);
        pb_results_log(&x->res, "warning: fewer than %d rounds: no interval\n",
                       PB_STATS_MIN_ROUNDS);
    }
    /* the plan before anything runs: a kill leaves it incomplete */
    if (pb_against_completion(x->res.dir, x->plan.names, x->plan.rounds,
                              x->plan.count, x->parts, 0, false, &e)) {
        fprintf(stderr, "puzzlebench %s: %s\n", x->verb, e.msg);
        pb_results_close(&x->res);
        return PB_EXIT_FAIL;
    }
    return 0;
}

/* The end: the comparison, the figures and report, latest, the last
 * line. */
static void finish(struct against *x)
{
    struct pb_error e;
    bool joined = x->n > 0 && !x->stopped;
    if (joined && !join(x, true)) {
        joined = false;
        x->status = PB_EXIT_FAIL;
    }
    int gate = joined ? compare_sides(x) : -1;
    /* compare failed, or the gate's exit where nothing else failed */
    if (gate < 0 || (gate > 0 && x->status == PB_EXIT_OK))
        x->status = PB_EXIT_FAIL;
    bool drawn = gate >= 0 && pb_outputs_write(x->res.dir, NULL, NULL, &e) == 0;
    if (gate >= 0 && !drawn)
        fprintf(stderr, "puzzlebench %s: warning: %s\n", x->verb, e.msg);
    if (joined && pb_results_point_latest(&x->res, &e)) {
        fprintf(stderr, "puzzlebench %s: %s\n", x->verb, e.msg);
        x->status = PB_EXIT_FAIL;
    }
    if (x->res.log_error)
        x->status = PB_EXIT_FAIL;
    pb_results_show(&x->res,
                    "\nresults: %s (results.json, results.csv, log.txt%s, "
                    "sides/): %s\n",
                    x->res.dir,
                    gate < 0 ? ""
                    : drawn  ? ", compare.txt, compare.csv, report.md, "
                               "report.html, figures/"
                             : ", compare.txt, compare.csv",
                    x->stopped                ? "STOPPED"
                    : x->status != PB_EXIT_OK ? "FAILED"
                    : x->a->fail_above >= 0   ? "every timed run verified, "
                                                "the gate passed"
                                              : "every timed run verified");
}

int pb_against_run(const struct pb_bench_options *o,
                   struct pb_against_options *a)
{
    struct against x = {.o = o,
                        .a = a,
                        .verb = a->other ? "bench" : "calibrate",
                        .status = PB_EXIT_OK};
    a->dir[0] = '\0';
    int rc = prepare(&x);
    if (rc == 0)
        rc = open_folder(&x);
    if (rc == 0) {
        run_rounds(&x);
        finish(&x);
        rc = x.status;
        if (!pb_results_close_said(&x.res, x.verb))
            rc = PB_EXIT_FAIL;
    }
    pb_bench_plan_free(&x.plan);
    free(x.parts);
    return rc;
}
