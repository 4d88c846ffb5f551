#!/usr/bin/env bash
# test_bench.sh - black-box tests of the timing harness: `puzzlebench bench`
# and `puzzlebench run`.
#
# Usage: test_bench.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
#
# SOURCE_DIR is the repository root (for bench/suites/smoke.suite). Runs the
# smoke suite end to end and checks the results folder: results.json (Google
# Benchmark JSON with the provenance context and every counter), the pinned
# results.csv header and rows, every variant listed by `list` verified,
# the heap counters (jemalloc numbers, or NA where unavailable), the noise
# readings and machine state (and the warnings block where the governor
# is unknown), `latest` and log.txt. Then: a run killed with SIGKILL
# keeps readable results and leaves `latest` alone; suites as data
# (bad lines name FILE:LINE:, unknown suites, a custom suite); the
# memory cap and time budget skips; variants that do not
# accept a corpus skipped as "not applicable", not failed; --threads, --repetitions
# and --benchmark_filter overrides and usage errors; and `run` with --data.
# Everything happens in a temporary directory that is removed on exit.
# Prints one line per failed check on stderr and ends with
# "N passed, N failed"; exit status 1 when any check failed. About 40 s on
# 2 cores (the smoke suite twice: bench, then run).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
SMOKE=$SRC/bench/suites/smoke.suite
if [ ! -f "$SMOKE" ]; then
    echo "$0: $SMOKE: no such file" >&2
    exit 2
fi
need_python3
scratch test_bench

K=magic_squares
HEADER='kernel,variant,family,size,count,seed,corpus_hash,threads,processes,side,round,repetition,iterations,seconds,cpu_seconds,involuntary_switches,build_seconds,build_timed,instances_per_second,work_per_second,expanded_per_instance,counters_per_instance,units_per_instance,peak_heap_bytes,allocated_bytes,peak_rss_bytes,load_before,load_after,cpu_per_wall,verified,error'

# run CMD...: runs CMD with stdin from /dev/null (see testlib.sh).
run() { run_from /dev/null "$@"; }

# The JSON and CSV checks, in Python (standard library only). Each check
# prints "ok WHAT" or "FAIL WHAT: DETAIL"; `py` counts them.
cat >"$T/check.py" <<'EOF'
import csv, json, os, re, sys

HEADER = sys.argv[1]
COLS = HEADER.split(",")
CONTEXT_KEYS = ["puzzlebench_commit", "puzzlebench_dirty", "compiler",
                "compiler_flags", "google_benchmark_version",
                "jemalloc_version", "heap_counters", "omp_places",
                "omp_proc_bind", "omp_max_threads", "cores", "suite",
                "threads_oversubscribed", "cpu_model", "cpu_cores",
                "cpu_threads", "memory_bytes", "os", "os_kernel",
                "openmp_version", "igraph_version", "cpu_governor",
                "cpu_turbo", "load_average_start", "load_average_end"]
FIELDS = ["name", "real_time", "time_unit", "iterations", "repetition_index"]
COUNTERS = ["instances", "omp_threads", "build_seconds", "work_per_second",
            "expanded_per_instance", "verified", "items_per_second",
            "peak_rss_bytes", "load_before", "load_after", "cpu_per_wall"]
NAME_RE = re.compile(r"^[A-Za-z0-9_]+/[A-Za-z0-9_]+/[A-Za-z0-9_:]+"
                     r"/size:\d+(x\d+)?"
                     r"/n:\d+/seed:\d+/threads:\d+/min_time:[0-9.]+"
                     r"/repeats:\d+/manual_time$")


def report(ok, what, detail=""):
    print(("ok %s" % what) if ok else ("FAIL %s: %s" % (what, detail)))


def load_json(path):
    with open(path) as f:
        return json.load(f)


def load_csv(path):
    """Header line and data rows (lists); raises ValueError when the file
    is not a complete CSV of 25-field rows."""
    with open(path, newline="") as f:
        text = f.read()
    if not text.endswith("\n"):
        raise ValueError("does not end with a newline (a partial row)")
    lines = text.split("\n")
    rows = list(csv.reader(text.splitlines()))
    if not rows:
        raise ValueError("empty")
    for i, row in enumerate(rows[1:], 2):
        if len(row) != len(COLS):
            raise ValueError("line %d has %d fields, expected %d: %r" %
                             (i, len(row), len(COLS), lines[i - 1]))
        # the error field is always a double-quoted string, possibly ""
        if not lines[i - 1].endswith('"'):
            raise ValueError("line %d: the error field is not quoted: %r" %
                             (i, lines[i - 1]))
    return lines[0], [dict(zip(COLS, r)) for r in rows[1:]]


def smoke_json(path, csv_path):
    """Check 1: results.json of the smoke suite."""
    try:
        d = load_json(path)
    except Exception as e:
        report(False, "results.json parses as JSON", e)
        return
    report(True, "results.json parses as JSON")
    ctx = d.get("context")
    if not isinstance(ctx, dict):
        report(False, "results.json has a context object", repr(ctx)[:200])
        return
    missing = [k for k in CONTEXT_KEYS if k not in ctx]
    report(not missing, "context has the provenance keys",
           "missing %s" % missing)
    report(any(k.startswith("corpus:") for k in ctx),
           "context has a corpus: key", "keys %s" % sorted(ctx))
    report(ctx.get("suite") == "smoke", "context suite is smoke",
           repr(ctx.get("suite")))
    runs = [b for b in d.get("benchmarks", [])
            if b.get("run_type") == "iteration"]
    report(len(runs) > 0, "results.json has iteration runs",
           "benchmarks: %r" % d.get("benchmarks", [])[:2])
    bad = []
    for b in runs:
        lack = [k for k in FIELDS + COUNTERS if k not in b]
        if lack:
            bad.append("%s lacks %s" % (b.get("name"), lack))
        elif b["verified"] != 1:
            bad.append("%s: verified %r" % (b["name"], b["verified"]))
        elif not NAME_RE.match(b["name"]):
            bad.append("name %r is not kernel/variant/family/size:S/n:N/"
                       "seed:X/threads:T/min_time:../repeats:R/manual_time"
                       % b["name"])
    report(not bad, "every iteration run has its fields and counters, "
           "verified == 1", "; ".join(bad[:5]))
    try:
        _, rows = load_csv(csv_path)
        report(len(rows) == len(runs),
               "results.csv has one row per JSON iteration run",
               "%d rows, %d runs" % (len(rows), len(runs)))
        hashes = {v.split("hash=")[-1] for k, v in ctx.items()
                  if k.startswith("corpus:")}
        other = sorted({r["corpus_hash"] for r in rows} - hashes)
        report(not other, "every CSV corpus_hash is a context corpus",
               "hashes %s not in %s" % (other, sorted(hashes)))
    except Exception as e:
        report(False, "results.csv readable", e)


def smoke_csv(path):
    """Check 2: the pinned header, 25 fields, all verified."""
    try:
        with open(path, newline="") as f:
            first = f.readline().rstrip("\n")
        report(first == HEADER, "results.csv header is pinned",
               "got %r" % first)
        _, rows = load_csv(path)
    except Exception as e:
        report(False, "results.csv rows have 25 fields", e)
        return
    report(True, "results.csv rows have 25 fields")
    report(len(rows) > 0, "results.csv has data rows", "none")
    bad = ["%s/%s threads %s rep %s: verified %r error %r" %
           (r["variant"], r["family"], r["threads"], r["repetition"],
            r["verified"], r["error"])
           for r in rows if r["verified"] != "1" or r["error"] != ""]
    report(not bad, "every smoke row verified 1 with an empty error",
           "; ".join(bad[:5]))


def variants(list_path, csv_path):
    """Check 3: every (kernel, variant) of `list` has a verified row."""
    pairs, kernel = [], None
    with open(list_path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line[0].isspace():
                kernel = line.split()[0]
            else:
                m = re.match(r"^  [* ] ([A-Za-z0-9_]+)", line)
                if m and kernel:
                    pairs.append((kernel, m.group(1)))
    report(len(pairs) > 0, "`list` shows kernels and variants",
           repr(open(list_path).read()[:300]))
    _, rows = load_csv(csv_path)
    have = {(r["kernel"], r["variant"]) for r in rows if r["verified"] == "1"}
    for k, v in pairs:
        report((k, v) in have, "%s/%s has a verified smoke result" % (k, v),
               "no row with verified 1: is it missing from smoke.suite?")


def heap(json_path, csv_path):
    """Check 4: jemalloc numbers, or NA where unavailable."""
    mode = load_json(json_path)["context"].get("heap_counters")
    _, rows = load_csv(csv_path)
    if mode == "jemalloc mallctl":
        arr = [r for r in rows if r["variant"] == "bfs_array"]
        bad = ["threads %s rep %s: peak_heap_bytes %r allocated_bytes %r" %
               (r["threads"], r["repetition"], r["peak_heap_bytes"],
                r["allocated_bytes"]) for r in arr
               if not (re.fullmatch(r"\d+", r["peak_heap_bytes"]) and
                       re.fullmatch(r"\d+", r["allocated_bytes"]) and
                       int(r["peak_heap_bytes"]) > 0 and
                       int(r["allocated_bytes"]) > 0)]
        report(arr and not bad, "jemalloc: bfs_array rows have "
               "peak_heap_bytes > 0 and allocated_bytes > 0",
               "; ".join(bad[:5]) or "no bfs_array rows")
        na = [r["variant"] for r in rows
              if "NA" in (r["peak_heap_bytes"], r["allocated_bytes"])]
        report(not na, "jemalloc: no verified row has NA heap counters",
               "NA in %s" % na[:5])
    elif mode == "unavailable":
        bad = ["%s: %r %r" % (r["variant"], r["peak_heap_bytes"],
                              r["allocated_bytes"]) for r in rows
               if r["peak_heap_bytes"] != "NA" or
               r["allocated_bytes"] != "NA"]
        report(not bad, "heap counters unavailable: the columns are NA",
               "; ".join(bad[:5]))
    else:
        report(False, "context heap_counters is 'jemalloc mallctl' or "
               "'unavailable'", repr(mode))


def work(json_path, csv_path):
    """Check 5: the work counters keep their meaning (counter 0 is
    expanded_per_instance: states expanded, or cubing's turns), reach the
    CSV's counters_per_instance and the JSON's NAME_per_instance, and no
    kernel but cube_walk has units of work (units_per_instance NA)."""
    main = {"cubing": "turns", "cube_walk": "pops"}
    # cube_walk counts relaxations too and has units of work
    # (reachable states); every other kernel has neither
    united = {"cube_walk"}
    # igraph's heap operations are hidden inside the library: its pops
    # and relaxations are not counted (0), only its build_ns
    uncounted = {("cube_walk", "igraph")}
    _, rows = load_csv(csv_path)
    bad = ["%s/%s: %r, expanded %r, units %r" %
           (r["kernel"], r["variant"], r["counters_per_instance"],
            r["expanded_per_instance"], r["units_per_instance"])
           for r in rows
           if r["counters_per_instance"].split(";")[0] != "%s=%s" % (
               main.get(r["kernel"], "expanded"), r["expanded_per_instance"])
           or (";" in r["counters_per_instance"]) != (r["kernel"] in united)
           or (r["units_per_instance"] == "NA") == (r["kernel"] in united)
           or not (float(r["expanded_per_instance"]) > 0 or
                   (r["kernel"], r["variant"]) in uncounted)]
    report(rows and not bad, "CSV counters_per_instance is counter 0 "
           "(expanded, cubing's turns) = expanded_per_instance > 0 (but "
           "cube_walk/igraph's 0), "
           "units_per_instance NA", "; ".join(bad[:5]))
    nan = []
    with open(json_path) as f:
        json.load(f, parse_constant=nan.append)
    report(not nan, "results.json is strict JSON (no NaN: Jansson refuses "
           "it)", "constants %s" % nan[:5])
    runs = [b for b in load_json(json_path)["benchmarks"]
            if b.get("run_type") == "iteration"]
    bad = [b["name"] for b in runs
           if (("units_per_instance" in b or any(
               k.endswith("_per_unit") for k in b)) !=
               b["name"].startswith("cube_walk/")) or
           (b["name"].startswith("cubing/") and
            b.get("turns_per_instance") != b["expanded_per_instance"])]
    report(runs and not bad, "JSON: cubing's turns_per_instance is "
           "expanded_per_instance; per-unit counters for cube_walk only",
           "; ".join(bad[:5]))


def interrupted(csv_path, json_path):
    """Check 6: what a SIGKILLed run left behind."""
    try:
        first, rows = load_csv(csv_path)
        report(first == HEADER and len(rows) >= 2,
               "interrupted: results.csv has the header and complete rows",
               "header %r, %d rows" % (first, len(rows)))
    except Exception as e:
        report(False, "interrupted: results.csv readable", e)
    try:
        d = load_json(json_path)
        n = len(d.get("benchmarks", []))
        report(n >= 1, "interrupted: results.json has a benchmark",
               "%d benchmarks" % n)
    except Exception as e:
        report(False, "interrupted: results.json parses as JSON", e)


def fields(csv_path, *cols):
    """Prints the given columns of every data row, '|'-separated; exit 3
    when the CSV is malformed."""
    try:
        first, rows = load_csv(csv_path)
        if first != HEADER:
            raise ValueError("header %r" % first)
    except Exception as e:
        print("malformed %s: %s" % (csv_path, e), file=sys.stderr)
        sys.exit(3)
    for r in rows:
        print("|".join(r[c] for c in cols))


globals()[sys.argv[2]](*sys.argv[3:])
EOF

# py CHECK ARGS...: runs a check of check.py and counts its results.
py() {
    python3 "$T/check.py" "$HEADER" "$@" >"$T/py.out" 2>"$T/py.err"
    local prc=$? line
    while IFS= read -r line; do
        case $line in
        ok\ *) pass ;;
        FAIL\ *) fail "${line#FAIL }" ;;
        esac
    done <"$T/py.out"
    if [ "$prc" -ne 0 ]; then
        fail "check.py $1 crashed: $(tail -c 400 "$T/py.err")"
    fi
}

# fields CSV COLS...: the columns of every row, '|'-separated, in $T/f;
# false (and a failure counted) when the CSV is malformed.
fields() {
    local csv=$1
    shift
    if python3 "$T/check.py" "$HEADER" fields "$csv" "$@" >"$T/f" \
        2>"$T/f.err"; then
        return 0
    fi
    fail "$(cat "$T/f.err")"
    return 1
}

# suite NAME LINES...: writes $T/NAME.suite, one argument a line, after
# `rounds 1`: the checks below count one round's rows, and stay quick
# (test_rounds.sh checks rounds).
suite() {
    local name=$1
    shift
    printf '%s\n' 'rounds 1' "$@" >"$T/$name.suite"
}

# results_dir: the results folder named by the last run's final line.
results_dir() {
    sed -n 's/^results: \(.*\) (results\.json.*/\1/p' "$T/out" | tail -n 1
}

# ------------------------------------------------- 1-5: the smoke suite
run "$PB" bench --suite "$SMOKE" --out "$T/res"
check_rc "bench --suite smoke" 0
cp "$T/out" "$T/smoke.out"
S=$T/res/latest
py smoke_json "$S/results.json" "$S/results.csv"
py smoke_csv "$S/results.csv"

run "$PB" list
check_rc "list" 0
cp "$T/out" "$T/list.out"
py variants "$T/list.out" "$S/results.csv"

py heap "$S/results.json" "$S/results.csv"
py work "$S/results.json" "$S/results.csv"

# latest: a relative symlink to the one folder of the run just done
dirs=$(find "$T/res" -mindepth 1 -maxdepth 1 -type d -printf '%f\n')
target=$(readlink "$T/res/latest")
cp "$T/smoke.out" "$T/out"
named=$(results_dir)
if [ -L "$T/res/latest" ] && [ "$target" = "$dirs" ] &&
    [ "$named" = "$T/res/$target" ]; then
    pass
else
    fail "res/latest -> [$target]; folders [$dirs]; run printed [$named]"
fi
if [ -s "$S/log.txt" ] && grep -q puzzlebench_commit "$S/log.txt"; then
    pass
else
    fail "log.txt empty or without puzzlebench_commit:" \
        "$(head -c 300 "$S/log.txt" 2>&1)"
fi

# noise (bench/analysis/noise.h): the machine's state is in the log at the start;
# where this machine has no readable governor (virtual machines), the
# start says so and the "warnings:" block after the timed runs names it
if grep -q '^# cpu_governor ' "$S/log.txt" &&
    grep -q '^# load_average_start ' "$S/log.txt"; then
    pass
else
    fail "log.txt without the cpu_governor and load_average_start lines"
fi
if ! cat /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor \
    >/dev/null 2>&1; then
    if grep -q '^note: CPU governor unknown' "$T/smoke.out" &&
        sed -n '/^warnings:$/,/^results: /p' "$T/smoke.out" |
        grep -qx '  CPU governor unknown'; then
        pass
    else
        fail "no governor: no start note or warnings line;" \
            "$(tail -c 600 "$T/smoke.out")"
    fi
fi

# latest follows the newest of several runs into one root (two runs may
# share a second: the second folder then gets a -2 suffix)
suite tiny 'repetitions 1' 'min_time 0.01' 'threads 1' \
    "bench $K table uniform 4 10 1"
run "$PB" bench --suite "$T/tiny.suite" --out "$T/multi"
first=$(results_dir)
run "$PB" bench --suite "$T/tiny.suite" --out "$T/multi"
second=$(results_dir)
target=$(readlink "$T/multi/latest")
if [ -n "$first" ] && [ "$first" != "$second" ] &&
    [ "$T/multi/$target" = "$second" ] && [ -d "$first" ]; then
    pass
else
    fail "two runs into one root: [$first] then [$second], latest ->" \
        "[$target]"
fi

# ----------------------------------------------- 6: an interrupted run
suite long 'repetitions 2' 'min_time 0.3' 'threads 1' \
    "bench $K all uniform 4 100 11" "bench $K all uniform 4 100 12" \
    "bench $K all uniform 4 100 13" "bench $K all uniform 4 100 14" \
    "bench $K all uniform 4 100 15" "bench $K all uniform 4 100 16"
"$PB" bench --suite "$T/long.suite" --out "$T/int" </dev/null \
    >"$T/int.out" 2>"$T/int.err" &
BG=$!
rows=0
int=
for _ in $(seq 150); do
    # the run's folder (latest names a folder only once it is complete)
    int=$(find "$T/int" -mindepth 1 -maxdepth 1 -type d -name '2*' \
        2>/dev/null | head -n 1)
    if [ -n "$int" ] && [ -f "$int/results.csv" ]; then
        rows=$(($(wc -l <"$int/results.csv") - 1))
        [ "$rows" -ge 2 ] && break
    fi
    kill -0 "$BG" 2>/dev/null || break
    sleep 0.2
done
if kill -9 "$BG" 2>/dev/null; then
    wait "$BG" 2>/dev/null
    BG=
    if [ "$rows" -ge 2 ]; then
        pass
        py interrupted "$int/results.csv" "$int/results.json"
        if [ -e "$T/int/latest" ]; then
            fail "interrupted run: latest names its incomplete folder"
        else
            pass
        fi
    else
        fail "interrupted run: no 2 CSV rows within 30 s;" \
            "$(tail -c 300 "$T/int.err")"
    fi
else
    wait "$BG"
    fail "interrupted run: it ended (exit $?) before it could be killed;" \
        "$rows rows; $(tail -c 300 "$T/int.err")"
    BG=
fi

# --------------------------------------------------- 7: suites as data
# bad_suite NAME LINE LINES...: a suite with an error on line LINE exits 1
# naming NAME.suite:LINE:, prints nothing on stdout, creates no results.
bad_suite() {
    local name=$1 line=$2
    shift 2
    printf '%s\n' "$@" >"$T/$name.suite"
    run "$PB" bench --suite "$T/$name.suite" --out "$T/r_$name"
    if [ "$rc" -eq 1 ] && grep -Fq "$name.suite:$line:" "$T/err" &&
        [ ! -s "$T/out" ] && [ ! -e "$T/r_$name" ]; then
        pass
    else
        fail "bad suite $name.suite: exit $rc; expected 1, a message with" \
            "'$name.suite:$line:', empty stdout, no results folder;" \
            "$(outputs)"
    fi
}
bad_suite badvariant 4 'repetitions 1' 'min_time 0.01' 'threads 1' \
    "bench $K nosuchvariant uniform 4 10 1"
bad_suite baddirective 2 'repetitions 1' 'frobnicate 3' 'threads 1' \
    "bench $K table uniform 4 10 1"
bad_suite badkernel 3 'repetitions 1' 'threads 1' \
    "bench nosuchkernel all uniform 4 10 1"
bad_suite badthreads 1 'threads 0' "bench $K table uniform 4 10 1"
bad_suite badtime 2 'threads 1' 'time later' "bench $K table uniform 4 10 1"

bad_suite badcensus 2 'threads 1' "census $K"
bad_suite censuskernel 2 'threads 1' 'census nosuchkernel 4'
bad_suite censusspace 2 'threads 1' 'census cubing 3'
bad_suite censussize 2 'threads 1' "census $K 9"

# census lines: the whole-space engine timed, verified against the
# reference census (40,320 states of the 2 x 4 ring; 2 x 3 boards), one
# instance named KERNEL/census/whole/..., states as the main counter
suite census 'repetitions 2' 'min_time 0.01' 'threads 1 2' "census $K 4" \
    'census cubic_eight 2x3'
run "$PB" bench --suite "$T/census.suite" --out "$T/r_census" --quiet
check_rc "bench with census lines" 0
if fields "$T/r_census/latest/results.csv" kernel variant family count \
    threads expanded_per_instance verified; then
    want="$K|census|whole|1|1|40320|1 $K|census|whole|1|2|40320|1 "
    got=$(sort -u "$T/f" | grep "^$K" | tr '\n' ' ')
    if [ "$got" = "$want" ] && [ "$(grep -c '^cubic_eight|census|whole|1|' "$T/f")" -eq 4 ] &&
        grep -q "verify $K/census/whole/size:4/n:1/seed:0/threads:2 .* 1/1 .*correct" \
            "$T/r_census/latest/log.txt"; then
        pass
    else
        fail "census lines: rows [$(cat "$T/f")], expected $want"
    fi
fi

# time build: every timed iteration a fresh build, its time build plus
# answers; a fresh build of table on 2 x 4 takes over a millisecond, so
# seconds >= build_seconds > 0 with build_timed 1 (and 0 after time solve)
suite timebuild 'repetitions 2' 'min_time 0.01' 'threads 1' 'time build' \
    "bench $K table uniform 4 3 1" 'time solve' "bench $K table uniform 4 3 2"
run "$PB" bench --suite "$T/timebuild.suite" --out "$T/r_tb" --quiet
check_rc "bench with time build" 0
if fields "$T/r_tb/latest/results.csv" seed build_timed verified; then
    if [ "$(sort -u "$T/f" | tr '\n' ' ')" = "1|1|1 2|0|1 " ] &&
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            $c["seed"] == 1 && !($c["seconds"] >= $c["build_seconds"] &&
                $c["build_seconds"] > 0) { bad = 1 }
            END { exit bad }' "$T/r_tb/latest/results.csv"; then
        pass
    else
        fail "time build: rows (seed|build_timed|verified) [$(cat "$T/f")]," \
            "expected 1|1|1 and 2|0|1, and seconds >= build_seconds > 0" \
            "for seed 1"
    fi
fi
# --shard I/N: the parts are disjoint, together the whole suite, and say
# which part they are; a part left empty is a run of nothing (for an
# array larger than the suite); a bad I/N is refused
suite shards 'repetitions 1' 'min_time 0.01' 'threads 1' \
    "bench $K table,bibfs uniform 4 3 1" "bench $K table uniform 3 3 1"
run "$PB" bench --suite "$T/shards.suite" --out "$T/r_sh0" --quiet
names() { awk -F, 'NR > 1 { print $1 "/" $2 "/" $4 }' "$1" | sort; }
names "$T/r_sh0/latest/results.csv" >"$T/sh_all"
: >"$T/sh_parts"
for part in 1/2 2/2; do
    run "$PB" bench --suite "$T/shards.suite" --shard "$part" \
        --out "$T/r_sh${part%/*}" --quiet
    if [ "$rc" -eq 0 ] && grep -q "^# shard  *$part\$" \
        "$T/r_sh${part%/*}/latest/log.txt"; then
        pass
    else
        fail "bench --shard $part: exit $rc, or no '# shard $part' in log.txt"
    fi
    names "$T/r_sh${part%/*}/latest/results.csv" >>"$T/sh_parts"
done
if [ "$(wc -l <"$T/sh_all")" -eq 3 ] && sort "$T/sh_parts" | uniq -d |
    cmp -s - /dev/null && sort "$T/sh_parts" | cmp -s - "$T/sh_all"; then
    pass
else
    fail "--shard 1/2 and 2/2 are not the suite's 3 benchmarks, once each:" \
        "[$(tr '\n' ' ' <"$T/sh_parts")] against [$(tr '\n' ' ' <"$T/sh_all")]"
fi
run "$PB" bench --suite "$T/shards.suite" --shard 4/4 --out "$T/r_sh4"
if [ "$rc" -eq 0 ] && grep -q 'none left for this part' "$T/out" &&
    [ -f "$T/r_sh4/latest/results.json" ]; then
    pass
else
    fail "--shard 4/4 of 3 benchmarks: exit $rc; expected 0, a note and" \
        "a results folder of an empty part; $(outputs)"
fi
for bad in 0/2 3/2 1/0 a/b 1/2x /2; do
    run "$PB" bench --suite "$T/shards.suite" --shard "$bad" --out "$T/r_shx"
    if [ "$rc" -eq 2 ] && grep -q "expected I/N" "$T/err"; then pass; else
        fail "--shard $bad: exit $rc; expected 2 and 'expected I/N'; $(outputs)"
    fi
done

# the bigspace suite as shipped (its file corpus found beside the suite):
# every row verified, the table builds build-timed, then its two census
# lines
run "$PB" bench --suite bigspace --threads 2 --rounds 1 --repetitions 1 \
    --out "$T/r_bs" --quiet
check_rc "bench --suite bigspace" 0
if fields "$T/r_bs/latest/results.csv" variant build_timed verified; then
    if [ "$(tr '\n' ' ' <"$T/f")" = \
        "table_omp|1|1 table|1|1 census|0|1 census|0|1 " ]; then
        pass
    else
        fail "bigspace: rows (variant|build_timed|verified) [$(cat "$T/f")]"
    fi
fi

run "$PB" bench --suite nosuch --out "$T/r_nosuch"
if [ "$rc" -eq 1 ] && grep -q nosuch "$T/err"; then
    pass
else
    fail "bench --suite nosuch: exit $rc; expected 1 and a message" \
        "naming it; $(outputs)"
fi

run "$PB" bench --suite "$T/tiny.suite" --out "$T/r_tiny"
check_rc "bench on a custom suite" 0
if fields "$T/r_tiny/latest/results.csv" variant threads verified; then
    if [ "$(cat "$T/f")" = "table|1|1" ]; then
        pass
    else
        fail "custom suite: rows (variant|threads|verified) [$(cat "$T/f")]," \
            "expected exactly [table|1|1]"
    fi
fi

# ----------------------------------------------------------- 8: caps
suite memcap 'repetitions 1' 'min_time 0.01' 'threads 1' 'memory 1K' \
    "bench $K bfs_array uniform 4 10 1"
run "$PB" bench --suite "$T/memcap.suite" --out "$T/r_mem"
# its only benchmark skipped, the run timed nothing: a failure
check_rc "a suite over its memory cap" 1
if fields "$T/r_mem/latest/results.csv" variant verified error; then
    case $(cat "$T/f") in
    'bfs_array|0|'*'memory cap'*) pass ;;
    *) fail "memory 1K: rows [$(cat "$T/f")], expected one bfs_array row," \
        "verified 0, an error mentioning 'memory cap'" ;;
    esac
fi

suite budget 'repetitions 1' 'min_time 0.01' 'threads 1' 'budget 0' \
    "bench $K bfs_hash uniform 4 20 1"
run "$PB" bench --suite "$T/budget.suite" --out "$T/r_budget"
check_rc "a suite over its time budget" 1
if fields "$T/r_budget/latest/results.csv" variant verified error; then
    case $(cat "$T/f") in
    'bfs_hash|0|'*budget*) pass ;;
    *) fail "budget 0: rows [$(cat "$T/f")], expected one bfs_hash row," \
        "verified 0, an error mentioning 'budget'" ;;
    esac
fi

# ------------------------------------------- 8b: not applicable
# cubie, simd and simd_chains do not accept N = 4 (their accepts hook):
# each is skipped with one harness message and a row that says why, never
# built, never a failure; the other variants are verified and timed;
# exit 0.
suite na 'repetitions 1' 'min_time 0.01' 'threads 1' \
    "bench cubing all random:20 4 5 1"
run "$PB" bench --suite "$T/na.suite" --out "$T/r_na"
check_rc "a suite with variants that do not accept N = 4" 0
for v in cubie simd simd_chains; do
    said=$(grep -c "^ *cubing/$v/.*: skipped: not applicable: $v handles N = 3 only" \
        "$T/out")
    if [ "$said" -eq 1 ]; then
        pass
    else
        fail "N = 4: $said 'not applicable' messages for $v, expected 1;" \
            "$(outputs)"
    fi
done
if fields "$T/r_na/latest/results.csv" variant verified error; then
    got=$(sed 's/ (use .*//' "$T/f" | LC_ALL=C sort | tr '\n' ' ')
    # one row per variant `puzzlebench list` names: the three above
    # skipped, every other verified
    want=$(pb_variants cubing | while read -r v; do
        case $v in
        cubie | simd | simd_chains)
            echo "$v|0|skipped: not applicable: $v handles N = 3 only" ;;
        *) echo "$v|1|" ;;
        esac
    done | LC_ALL=C sort | tr '\n' ' ')
    if [ "$got" = "$want" ]; then
        pass
    else
        fail "N = 4: rows (variant|verified|error) [$got], expected [$want]"
    fi
fi

# a skipped case reports an error for each of its repetitions but counts
# once in the progress: never [k/n] with k > n, and the last is [n/n]
suite na3 'repetitions 3' 'min_time 0.01' 'threads 1' \
    "bench cubing geometry,cubie random:20 4 5 1"
run "$PB" bench --suite "$T/na3.suite" --out "$T/r_na3"
check_rc "a suite with a skipped variant at 3 repetitions" 0
progress=$(grep -o '^\[[0-9]*/[0-9]*\]' "$T/err" | tr -d '[]')
if [ -n "$progress" ] &&
    echo "$progress" | awk -F/ '$1 > $2 { bad = 1 } END { exit bad }' &&
    [ "$(echo "$progress" | tail -n 1)" = "2/2" ]; then
    pass
else
    fail "progress with a skipped case: [$(echo "$progress" | tr '\n' ' ')]," \
        "expected up to 2/2; $(outputs)"
fi

# ------------------------------------------------------ 9: overrides
run "$PB" bench --suite "$T/tiny.suite" --threads 1,2 --repetitions 2 \
    --out "$T/r_thr"
check_rc "bench --threads 1,2 --repetitions 2" 0
if fields "$T/r_thr/latest/results.csv" variant threads repetition \
    verified; then
    got=$(sort "$T/f" | tr '\n' ' ')
    want='table|1|0|1 table|1|1|1 table|2|0|1 table|2|1|1 '
    if [ "$got" = "$want" ]; then
        pass
    else
        fail "--threads 1,2 --repetitions 2: rows" \
            "(variant|threads|repetition|verified) [$got], expected [$want]"
    fi
fi

suite two 'repetitions 1' 'min_time 0.01' 'threads 1' \
    "bench $K table,bibfs uniform 4 10 1"
run "$PB" bench --suite "$T/two.suite" --benchmark_filter=table \
    --out "$T/r_filter"
check_rc "bench --benchmark_filter=table" 0
if fields "$T/r_filter/latest/results.csv" variant verified; then
    if [ "$(cat "$T/f")" = "table|1" ]; then
        pass
    else
        fail "--benchmark_filter=table: rows [$(cat "$T/f")], expected" \
            "exactly [table|1]"
    fi
fi

for args in "--threads 0" "--bogus" "--repetitions 0" "--threads abc"; do
    # shellcheck disable=SC2086 # split the options on purpose
    run "$PB" bench --suite "$T/tiny.suite" $args --out "$T/r_usage"
    if [ "$rc" -eq 2 ] && [ -s "$T/err" ] && [ ! -s "$T/out" ] &&
        [ ! -e "$T/r_usage" ]; then
        pass
    else
        fail "bench $args: exit $rc; expected 2, a message on stderr," \
            "empty stdout, no results folder; $(outputs)"
    fi
done

# ------------------------------------------------------------ 10: run
run "$PB" run --suite smoke --data "$T/data" --out "$T/runres"
check_rc "run --suite smoke --data DIR" 0
last=$(tail -n 1 "$T/out")
case $last in
*'every timed run verified'*) pass ;;
*) fail "run: last stdout line [$last], expected 'every timed run" \
    "verified'; $(outputs)" ;;
esac
# one corpus file per corpus of the smoke suite, as `gen` writes it
corpora=$(find "$T/data" -type f -name '*.txt' 2>/dev/null | wc -l)
if [ "$corpora" -eq 8 ]; then
    pass
else
    fail "run --data: $corpora corpus files under data/, expected 8:" \
        "$(find "$T/data" 2>&1 | head -c 300)"
fi
"$PB" gen "$K" --family depth:22 --size 4 --count 5 --seed 2 >"$T/gen.txt"
if cmp -s "$T/gen.txt" "$T/data/${K}_depth-22_s4_n5_seed2.txt"; then
    pass
else
    fail "run --data: ${K}_depth-22_s4_n5_seed2.txt differs from gen's" \
        "output or is missing"
fi
# a board size in the file name and the header as the kernel writes it
"$PB" gen cubic_eight --family uniform --size 2x3 --count 50 --seed 1 \
    >"$T/gen.txt"
if cmp -s "$T/gen.txt" "$T/data/cubic_eight_uniform_s2x3_n50_seed1.txt"; then
    pass
else
    fail "run --data: cubic_eight_uniform_s2x3_n50_seed1.txt differs from" \
        "gen's output or is missing: $(ls "$T/data" | head -c 300)"
fi

summary
