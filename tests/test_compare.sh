#!/bin/bash
# test_compare.sh - `puzzlebench compare` on committed fixture results
# (tests/fixtures/compare/a and b, each as results.csv and as the Google
# Benchmark results.json with the same repetitions, aggregates and a
# failed run, all in one round; gbench_a.json and gbench_b.json from a
# plain Google Benchmark binary) and on results in rounds written here
# (make_rounds below): the ratios, one round giving no interval
# ('inconclusive', '1 round, no interval'), the per-kernel verdicts and
# geometric means; on rounds, a 20 % slowdown `slower` with 1.2 inside
# its interval, an equal pair `same`, a 20 % speed-up `faster`, wide
# noise and 2 rounds `inconclusive` with their reasons; --format csv and
# json; --band, --alpha, --clock; --fail-above as a gate on the interval
# (an A/A pair passes at 5 %); two variants of one run paired round by
# round (a 3 % change under a common drift found, not across two runs);
# the runs' differences in build, load and clock above the table; p below
# 0.0001 as "<0.0001"; the provenance fields that differ; --variants X,Y
# (two variants of one run or of two); the noise warnings of each side
# (fixture noisy: high load, CPU below wall, unknown governor) and a
# quieter machine as a reason; and clear errors for missing or malformed
# results and bad options.
# Usage: test_compare.sh PUZZLEBENCH SOURCE_DIR
PB=$1
FIX=$2/tests/fixtures/compare
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_compare.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"

# expect_row KEY RATIO INTERVAL P VERDICT [REASON]: one table row with
# those fields (the medians are two words each: value and unit) and a
# reason that holds REASON
expect_row() {
    if awk -v k="$1" -v r="$2" -v i="$3" -v p="$4" -v v="$5" -v why="$6" \
        '$1 == k && $7 == r && $8 == i && $9 == p && $10 == v &&
         index($0, why) { found = 1 } END { exit !found }' "$TMP/out"; then
        pass
    else
        fail "compare: no row '$1' with ratio $2, interval $3, p $4," \
            "verdict $5, reason '$6'; $(outputs)"
    fi
}

# expect_line TEXT: the output has a line holding TEXT
expect_line() {
    if grep -Fq -- "$1" "$TMP/out"; then pass; else
        fail "compare: no line '$1'; $(outputs)"
    fi
}

ONE='1 round, no interval'
# expect_fixture_rows: the three rows and two means of a against b, all
# in one round: ratios of medians, no interval
expect_fixture_rows() {
    expect_row magic_squares/bfs_array/uniform/size:4/n:100/seed:1/threads:1 \
        2.00x - NA inconclusive "$ONE"
    expect_row magic_squares/table/uniform/size:4/n:100/seed:1/threads:1 \
        1.17x - NA inconclusive "$ONE"
    expect_row cubing/simd/long/size:3/n:2/seed:41/threads:1 0.510x - NA \
        inconclusive "$ONE"
    if grep -q 'cubing/geometry' "$TMP/out"; then
        fail "compare: a benchmark only in A is listed"
    else
        pass
    fi
    expect_line '# magic_squares: geometric mean of the ratios 1.53x over 2 benchmarks; 0 faster, 0 slower, 0 same, 2 inconclusive'
    expect_line '# cubing: geometric mean of the ratios 0.510x over 1 benchmarks; 0 faster, 0 slower, 0 same, 1 inconclusive'
}

run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b"
check_rc "compare a b" 0
expect_fixture_rows
expect_line "p: of 'the change lies within +-2 %', none: no benchmark has 3 rounds a side"
# the same runs as Google Benchmark JSON (ms in a, s in b; aggregates and
# the failed run skipped), alone and against the CSV
run_from /dev/null "$PB" compare "$FIX/a/results.json" "$FIX/b/results.json"
check_rc "compare a.json b.json" 0
expect_fixture_rows
run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b/results.json"
check_rc "compare a b.json" 0
expect_fixture_rows
# a folder with only its results.json
mkdir "$TMP/json_only" && cp "$FIX/b/results.json" "$TMP/json_only/"
run_from /dev/null "$PB" compare "$FIX/a" "$TMP/json_only"
check_rc "compare a json_only/" 0
expect_fixture_rows

# any Google Benchmark binary's JSON: names whole, per iteration, grouped
# by their first component; us and ns mixed; one round
run_from /dev/null "$PB" compare "$FIX/gbench_a.json" "$FIX/gbench_b.json"
check_rc "compare gbench_a.json gbench_b.json" 0
expect_row BM_Sort/1024 0.805x - NA inconclusive "$ONE"
expect_row BM_Hash/64 1.04x - NA inconclusive "$ONE"
expect_line '# BM_Sort: geometric mean of the ratios 0.803x over 2 benchmarks'
expect_line '# BM_Hash: geometric mean of the ratios 1.04x over 1 benchmarks'

# without rounds the gate has no interval to go on: it cannot fail, and
# says so
run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b/results.csv" --fail-above 50
check_rc "compare --fail-above 50 on one round" 0
expect_line '# gate: 3 of 3 benchmarks have no interval (fewer than 3 rounds) and cannot fail it'

# --- results in rounds ------------------------------------------------
# make_rounds DIR SCENARIO: DIR/results.csv of a run in rounds, 3
# repetitions a round at the round's value and +-1 %; round values base *
# (1 + sigma * z) with five fixed deviations z (mean 0). Scenarios a and
# b: bfs_array 20 % slower in b (2 % noise), table equal (0.3 %), bibfs
# equal in 15 % noise, bfs_hash 50 % slower in 2 rounds, cubing simd 20 %
# faster; aa: a with the other deviations (an A/A pair); b_nocpu: b
# without CPU time for bfs_array; drift: bfs_array and table of one run,
# table 3 % slower in each of 6 rounds that drift by up to 20 %; p10a,
# p10b: bfs_array in 10 rounds at 1.0x and 3.0x.
make_rounds() {
    mkdir -p "$1"
    python3 - "$1/results.csv" "$2" <<'PY'
import sys
path, scenario = sys.argv[1], sys.argv[2]
Z = ([0.8, -1.1, 0.3, 1.2, -1.2], [-0.5, 0.9, -1.3, 0.4, 0.5])
MAGIC = ("magic_squares", "uniform", "4", 100, 1)
CUBING = ("cubing", "long", "3", 2, 41)
def noisy(base, sigma, order, rounds=5):
    return [base * (1 + sigma * Z[order][r % 5]) for r in range(rounds)]
def runs(order):
    b = order == 1
    return [(MAGIC, "bfs_array", noisy(1.2 if b else 1.0, 0.02, order)),
            (MAGIC, "table", noisy(1.0, 0.003, order)),
            (MAGIC, "bibfs", noisy(1.0, 0.15, order)),
            (MAGIC, "bfs_hash", noisy(1.5 if b else 1.0, 0.02, order, 2)),
            (CUBING, "simd", noisy(0.8 if b else 1.0, 0.02, order))]
nocpu = set()
if scenario == "a":
    benches = runs(0)
elif scenario == "b":
    benches = runs(1)
elif scenario == "b_nocpu":
    benches, nocpu = runs(1), {"bfs_array"}
elif scenario == "aa":
    benches = [(c, v, noisy(1.0, 0.02, 1, len(x))) for c, v, x in runs(0)]
elif scenario == "drift":
    drift = [1.00, 1.10, 0.95, 1.20, 0.90, 1.05]
    wiggle = [0.001, -0.002, 0.0, 0.002, -0.001, 0.0]
    benches = [(MAGIC, "bfs_array", [d * (1 + w) for d, w in zip(drift, wiggle)]),
               (MAGIC, "table", [1.03 * d * (1 - w) for d, w in zip(drift, wiggle)])]
elif scenario in ("p10a", "p10b"):
    base = 1.0 if scenario == "p10a" else 3.0
    benches = [(MAGIC, "bfs_array", [base + 0.01 * r for r in range(10)])]
with open(path, "w") as f:
    f.write("kernel,variant,family,size,count,seed,corpus_hash,threads,round,"
            "repetition,iterations,seconds,cpu_seconds,build_seconds,"
            "expanded_per_instance,peak_heap_bytes,verified,error\n")
    for (kernel, family, size, count, seed), variant, values in benches:
        for r, v in enumerate(values):
            for k, s in enumerate((1.0, 0.99, 1.01)):
                t = v * s
                cpu = "NA" if variant in nocpu else repr(t)
                f.write(f"{kernel},{variant},{family},{size},{count},{seed},"
                        f"00000000000000ab,1,{r},{k},1,{t!r},{cpu},0,0,0,1,\"\"\n")
PY
}
# context DIR COMMIT LOAD: a results.json beside DIR's results.csv whose
# context records that commit and start load on 2 cores
context() {
    printf '{"context": {"puzzlebench_commit": "%s", "puzzlebench_dirty": "false", "cores": "2", "load_average_start": "%s"}, "benchmarks": []}\n' \
        "$2" "$3" >"$1/results.json"
}
R=$TMP/rounds
for s in a b aa b_nocpu drift p10a p10b; do make_rounds "$R/$s" "$s"; done
for s in a aa b_nocpu; do context "$R/$s" 1111111111111111 0.5; done
context "$R/b" 2222222222222222 3.2

BFS=magic_squares/bfs_array/uniform/size:4/n:100/seed:1/threads:1
TABLE=magic_squares/table/uniform/size:4/n:100/seed:1/threads:1
BIBFS=magic_squares/bibfs/uniform/size:4/n:100/seed:1/threads:1
HASH=magic_squares/bfs_hash/uniform/size:4/n:100/seed:1/threads:1
SIMD=cubing/simd/long/size:3/n:2/seed:41/threads:1
# verdict KEY VERDICT [REASON]: KEY's row has that verdict and reason
verdict() {
    if awk -v k="$1" -v v="$2" -v why="$3" '$1 == k && $10 == v &&
        index($0, why) { found = 1 } END { exit !found }' "$TMP/out"; then
        pass
    else
        fail "compare: $1 is not '$2' ('$3'); $(outputs)"
    fi
}
run_from /dev/null "$PB" compare "$R/a" "$R/b"
check_rc "compare of two runs in rounds" 0
verdict "$BFS" slower
verdict "$TABLE" same
verdict "$SIMD" faster
verdict "$BIBFS" inconclusive 'interval wider than the band: '
verdict "$HASH" inconclusive '2 rounds; 3 or more needed'
expect_row "$BFS" 1.20x 1.17-1.24 '<0.0001' slower
expect_line '# magic_squares: geometric mean of the ratios'
expect_line '1 faster, 0 slower, 0 same, 0 inconclusive'
expect_line '0 faster, 1 slower, 1 same, 2 inconclusive'
expect_line "p: of 'the change lies within +-2 %', Holm-adjusted over the 4 benchmarks with an interval"
expect_line 'unpaired (Welch: two runs)'
# on its clock: CPU time (a serial run that has it)
if awk -v k="$BFS" '$1 == k && $2 == "cpu" { f = 1 } END { exit !f }' \
    "$TMP/out"; then pass; else fail "compare: bfs_array not on cpu; $(outputs)"; fi
# the runs differ in build and load, said before the table
expect_line '# warning: the runs differ in build (commit 111111111111 against 222222222222) and load (0.5 against 3.2); their times may differ for that alone'
if [ "$(grep -n '^# warning: the runs differ' "$TMP/out" | cut -d: -f1)" -lt \
    "$(grep -n '^benchmark ' "$TMP/out" | cut -d: -f1)" ]; then pass; else
    fail "compare: the runs' differences after the table; $(outputs)"
fi

# --format csv: the columns, one row per benchmark, the notes on stderr
run_from /dev/null "$PB" compare "$R/a" "$R/b" --format csv
check_rc "compare --format csv" 0
if [ "$(head -n 1 "$TMP/out")" = \
    "benchmark,median_a,median_b,ratio,ci_low,ci_high,p,verdict,clock,rounds_a,rounds_b,reason,paired,p_same,benchmark_b" ] &&
    [ "$(wc -l <"$TMP/out")" -eq 6 ] && ! grep -q '^#' "$TMP/out" &&
    grep -q '^# warning: the runs differ' "$TMP/err"; then
    pass
else
    fail "compare --format csv: header, 5 rows, notes on stderr; $(outputs)"
fi
if python3 - "$TMP/out" "$BFS" "$HASH" <<'PY'
import csv, sys
rows = {r["benchmark"]: r for r in csv.DictReader(open(sys.argv[1]))}
bfs, hash_ = rows[sys.argv[2]], rows[sys.argv[3]]
assert bfs["verdict"] == "slower" and bfs["clock"] == "cpu", bfs
assert float(bfs["ci_low"]) < 1.2 < float(bfs["ci_high"]), bfs
assert float(bfs["p"]) < 0.05 and bfs["rounds_a"] == bfs["rounds_b"] == "5"
assert abs(float(bfs["median_b"]) / float(bfs["median_a"]) - 1.2) < 0.05
assert bfs["reason"] == "" and bfs["paired"] == "0"
assert hash_["verdict"] == "inconclusive" and hash_["ci_low"] == "NA"
assert hash_["p"] == "NA" and hash_["reason"] == "2 rounds; 3 or more needed"
assert hash_["rounds_a"] == "2"
PY
then pass; else fail "compare --format csv: the records; $(outputs)"; fi

# --format json: the options, the differences, the records, the kernels
run_from /dev/null "$PB" compare "$R/a" "$R/b" --format json --band 3 \
    --fail-above 10
check_rc "compare --format json --fail-above 10" 1
if python3 - "$TMP/out" "$BFS" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
o = d["options"]
assert o["band_percent"] == 3 and o["alpha"] == 0.05 and o["clock"] == "rule"
assert o["fail_above_percent"] == 10 and o["variants"] is None, o
assert o["correction"] == "holm" and o["level_percent"] == 95
diff = d["differences"]
assert diff["build"] and diff["load"] and not diff["clock"], diff
assert diff["load_a"] == 0.5 and diff["load_b"] == 3.2, diff
keys = {p["key"] for p in diff["provenance"]}
assert keys == {"puzzlebench_commit"}, keys
assert d["paired"] is False
recs = {r["benchmark"]: r for r in d["benchmarks"]}
bfs = recs[sys.argv[2]]
assert bfs["verdict"] == "slower" and bfs["ci_low"] < 1.2 < bfs["ci_high"]
assert bfs["gate_fails"] is True and bfs["reason"] is None
assert bfs["rounds_a"] == 5 and bfs["clock"] == "cpu"
assert all(set(r) >= {"benchmark", "median_a", "median_b", "ratio", "ci_low",
                      "ci_high", "p", "verdict"} for r in d["benchmarks"])
hash_ = [r for r in d["benchmarks"] if "bfs_hash" in r["benchmark"]][0]
assert hash_["ci_low"] is None and hash_["p"] is None
k = {x["kernel"]: x for x in d["kernels"]}
assert k["magic_squares"]["slower"] == 1 and k["cubing"]["faster"] == 1, k
assert d["gate"]["failing"] == [sys.argv[2]], d["gate"]
assert d["gate"]["without_interval"] == 1
assert any("load 3.2 > 2 cores at the start" in w for w in d["warnings"]), d
PY
then pass; else fail "compare --format json: $(outputs)"; fi

# --band: 20 % changes inside +-30 % are the same speed; --alpha: the
# level of the interval
run_from /dev/null "$PB" compare "$R/a" "$R/b" --band 30
verdict "$BFS" same
verdict "$SIMD" same
run_from /dev/null "$PB" compare "$R/a" "$R/b" --alpha 0.01
expect_line '# 99% interval: '
verdict "$BFS" slower

# the regression gate on the interval: bfs_array's 1.165 .. 1.236 lies
# above 1.10 but not above 1.30; B as the baseline, cubing's 1.25 fails
run_from /dev/null "$PB" compare "$R/a" "$R/b" --fail-above 10
check_rc "compare --fail-above 10" 1
expect_line "# gate: 1 benchmark slower than +10 % beyond its interval (Holm-corrected over 4): $BFS"
run_from /dev/null "$PB" compare "$R/a" "$R/b" --fail-above 30
check_rc "compare --fail-above 30" 0
expect_line '# gate: no benchmark slower than +30 % beyond its interval (Holm-corrected over 4)'
run_from /dev/null "$PB" compare "$R/b" "$R/a" --fail-above 10
check_rc "compare b a --fail-above 10" 1
expect_line "$SIMD"
# an A/A pair (the same base, other noise) passes a 5 % gate, and nothing
# in it is faster or slower
run_from /dev/null "$PB" compare "$R/a" "$R/aa" --fail-above 5
check_rc "an A/A pair with --fail-above 5" 0
if awk '$10 == "faster" || $10 == "slower" { f = 1 } END { exit f }' \
    "$TMP/out"; then pass; else
    fail "compare of an A/A pair: a faster or slower verdict; $(outputs)"
fi
if grep -q '^# warning: the runs differ' "$TMP/out"; then
    fail "compare of one build at one load: a difference said; $(outputs)"
else
    pass
fi

# clocks: B lacks CPU time for bfs_array, so both sides of it are
# compared on wall time, and the line above the table says so; --clock
# wall for all says nothing of it; --clock cpu refuses B
run_from /dev/null "$PB" compare "$R/a" "$R/b_nocpu"
check_rc "compare with one side without CPU time" 0
expect_line '# warning: the runs differ in clock (1 benchmark on wall time on both sides: B has no CPU time)'
if awk -v k="$BFS" '$1 == k && $2 == "wall" { f = 1 } END { exit !f }' \
    "$TMP/out" &&
    awk -v k="$TABLE" '$1 == k && $2 == "cpu" { f = 1 } END { exit !f }' \
        "$TMP/out"; then pass; else
    fail "compare: bfs_array on wall, table on cpu expected; $(outputs)"
fi
run_from /dev/null "$PB" compare "$R/a" "$R/b_nocpu" --clock wall
if [ "$rc" -eq 0 ] && ! grep -q 'differ in clock' "$TMP/out" &&
    [ "$(awk '$2 == "cpu"' "$TMP/out" | wc -l)" -eq 0 ]; then pass; else
    fail "compare --clock wall: $(outputs)"
fi
check_fails "--clock cpu with a side without CPU time" 1 \
    "b_nocpu/results.csv: $BFS has no CPU time .*; expected --clock wall" \
    "$PB" compare "$R/a" "$R/b_nocpu" --clock cpu

# two variants of one run are paired round by round: a 3 % change that a
# drift of +-20 % between rounds hides from two runs' comparison
run_from /dev/null "$PB" compare "$R/drift" --variants bfs_array,table
check_rc "compare drift --variants bfs_array,table" 0
verdict "$BFS" slower
expect_line 'paired round by round (one run)'
mkdir "$R/drift2" && cp "$R/drift/results.csv" "$R/drift2/"
run_from /dev/null "$PB" compare "$R/drift" "$R/drift2" \
    --variants bfs_array,table
verdict "$BFS" inconclusive 'interval wider than the band'

# p below 0.0001 prints as "<0.0001", never 0.0000
run_from /dev/null "$PB" compare "$R/p10a" "$R/p10b"
check_rc "compare with ten rounds a side" 0
verdict "$BFS" slower
expect_row "$BFS" 2.91x 2.85-2.98 '<0.0001' slower

# errors: one line on stderr, exit 1 (bad data) or 2 (usage)
# check_error WHAT RC PATTERN ARGS...: `compare ARGS` fails so (testlib.sh)
check_error() {
    local what=$1 want_rc=$2 pattern=$3
    shift 3
    check_fails "$what" "$want_rc" "$pattern" "$PB" compare "$@"
}
check_error "missing results" 1 "nosuch: cannot open" \
    "$FIX/a" "$TMP/nosuch"
printf 'kernel,variant\nmagic_squares,table\n' >"$TMP/bad_header.csv"
check_error "header without the needed columns" 1 \
    "bad_header.csv:1: no column 'family'" "$FIX/a" "$TMP/bad_header.csv"
head -n 1 "$FIX/a/results.csv" >"$TMP/bad_number.csv"
sed -n 2p "$FIX/a/results.csv" | awk -F, -v OFS=, '{ $11 = "fast"; print }' \
    >>"$TMP/bad_number.csv"
check_error "a malformed number" 1 "bad_number.csv:2: expected seconds" \
    "$FIX/a" "$TMP/bad_number.csv"
: >"$TMP/empty.csv"
check_error "an empty file" 1 "empty.csv:1: empty file" "$FIX/a" \
    "$TMP/empty.csv"
grep -v cubing "$FIX/a/results.csv" >"$TMP/magic_only.csv"
grep -v magic "$FIX/b/results.csv" >"$TMP/cubing_only.csv"
check_error "nothing in common" 1 "no benchmark in common" \
    "$TMP/magic_only.csv" "$TMP/cubing_only.csv"
head -c 300 "$FIX/a/results.json" >"$TMP/truncated.json"
check_error "truncated JSON" 1 "truncated.json:[0-9]*:[0-9]*: .*expected Google Benchmark JSON" \
    "$FIX/a" "$TMP/truncated.json"
printf '{"context": {}}\n' >"$TMP/no_runs.json"
check_error "JSON without benchmarks" 1 'no_runs.json: no "benchmarks" array' \
    "$FIX/a" "$TMP/no_runs.json"
printf '{"benchmarks": [{"name": "BM_x", "real_time": "fast"}]}\n' \
    >"$TMP/bad_time.json"
check_error "JSON with a bad real_time" 1 \
    'bad_time.json: benchmarks\[0\]: expected a "name", a "real_time"' \
    "$FIX/a" "$TMP/bad_time.json"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["benchmarks"] = [b for b in d["benchmarks"] if b["run_type"] == "aggregate"]
json.dump(d, open(sys.argv[2], "w"))' "$FIX/gbench_a.json" "$TMP/aggregates.json"
check_error "JSON with aggregates only" 1 "aggregates.json: only aggregates" \
    "$FIX/gbench_a.json" "$TMP/aggregates.json"
check_error "one argument" 2 "expected two results" "$FIX/a"
check_error "a bad --fail-above" 2 "--fail-above expects" "$FIX/a" "$FIX/b" \
    --fail-above x
check_error "a bad --band" 2 "--band expects a percentage >= 0 and below 100, found 'x'" \
    "$FIX/a" "$FIX/b" --band x
check_error "a negative band" 2 "--band expects a percentage >= 0 and below 100, found '-1'" \
    "$FIX/a" "$FIX/b" --band -1
check_error "a band of 100 %" 2 "--band expects a percentage >= 0 and below 100, found '100'" \
    "$FIX/a" "$FIX/b" --band 100
check_error "a bad --format" 2 "--format expects text, csv or json, found 'xml'" \
    "$FIX/a" "$FIX/b" --format xml
check_error "a bad --clock" 2 "--clock expects cpu or wall, found 'gpu'" \
    "$FIX/a" "$FIX/b" --clock gpu
check_error "--clock cpu on results without CPU time" 1 \
    "a/results.csv: .* has no CPU time \(results from before it was recorded\); expected --clock wall" \
    "$FIX/a" "$FIX/b" --clock cpu
# an old results folder (cubic_eight sizes as rows * 10 + columns, "23")
# against the same runs written with the board syntax ("2x3"): the same
# benchmarks, each matched at ratio 1 (18 cubic_eight benchmarks), as CSV
# and as JSON
OLD=$2/tests/fixtures/results
mkdir "$TMP/boards"
awk -F, -v OFS=, 'NR > 1 && $1 == "cubic_eight" {
    $4 = substr($4, 1, 1) "x" substr($4, 2, 1) } { print }' \
    "$OLD/results.csv" >"$TMP/boards/results.csv"
sed -E 's#(cubic_eight/[^/"]+/[^/"]+/size:)([1-9])([1-9])/#\1\2x\3/#g' \
    "$OLD/results.json" >"$TMP/boards/results.json"
for pair in "$OLD $TMP/boards" "$OLD/results.json $TMP/boards/results.json"
do
    # shellcheck disable=SC2086
    run_from /dev/null "$PB" compare $pair
    matched=$(grep -Ec '^cubic_eight/[^ ]*/size:[23]x3/[^ ]* .* 1\.00x ' \
        "$TMP/out")
    if [ "$rc" -eq 0 ] && [ "$matched" -eq 18 ] &&
        grep -q 'size:2x3' "$TMP/boards/results.json"; then
        pass
    else
        fail "compare $pair: exit $rc, $matched cubic_eight benchmarks" \
            "matched at ratio 1, expected 18; $(outputs)"
    fi
done


# the provenance that differs, above the table: a changed field is named
# with both values; the date and per-run records are not; identical
# contexts say so
mkdir -p "$TMP/prov/a" "$TMP/prov/b"
for side in a b; do
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["context"]["compiler_flags"] = sys.argv[3]
d["context"]["date"] = sys.argv[3]
d["context"]["verify:x"] = sys.argv[3]
json.dump(d, open(sys.argv[2], "w"))' "$FIX/$side/results.json" \
        "$TMP/prov/$side/results.json" "$([ $side = a ] && echo -O3 || echo -O0)"
done
run_from /dev/null "$PB" compare "$TMP/prov/a" "$TMP/prov/b"
if [ "$rc" -eq 0 ] &&
    grep -qx '# differs: compiler_flags: A = -O3; B = -O0' "$TMP/out" &&
    [ "$(grep -c '^# differs:' "$TMP/out")" -eq 1 ]; then
    pass
else
    fail "compare: the differing provenance is not the one compiler_flags" \
        "line; $(outputs)"
fi
run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b"
if grep -q '^# provenance: the same' "$TMP/out"; then pass; else
    fail "compare of identical contexts does not say so; $(outputs)"
fi

# noise warnings (noise.h) above the table, side by side: the fixture
# "noisy" (results.csv with load_before, load_after and cpu_per_wall;
# results.json with the same counters and a context whose governor is
# unknown, turbo changed, start load 3.1 on 2 cores) against the older
# fixture a, whose files have none of them (NaN: no load or CPU rule)
NOISY_BENCH='# warning: B: magic_squares/bfs_array/uniform/size:4/n:100/seed:1/threads:1: load 3.1 > 2 cores; CPU 0.62 of wall'
for b_side in "$FIX/noisy" "$FIX/noisy/results.json"; do
    run_from /dev/null "$PB" compare "$FIX/a" "$b_side"
    check_rc "compare a $b_side" 0
    for want in "$NOISY_BENCH" '# warning: B: CPU governor unknown' \
        '# warning: B: turbo changed: on -> off' \
        '# warning: B: load 3.1 > 2 cores at the start'; do
        if grep -qxF "$want" "$TMP/out"; then pass; else
            fail "compare a $b_side: no line '$want'; $(outputs)"
        fi
    done
    # the quiet benchmark of B, and A (no readings, no context keys),
    # have no load, CPU or machine warning; the warnings precede the table
    if grep -q '^# warning: B: magic_squares/table' "$TMP/out" ||
        grep -q '^# warning: A: .*\(load\|CPU\|governor\|turbo\)' \
            "$TMP/out" ||
        [ "$(grep -n '^# warning: B: turbo' "$TMP/out" | cut -d: -f1)" -gt \
            "$(grep -n '^benchmark ' "$TMP/out" | cut -d: -f1)" ]; then
        fail "compare a $b_side: a warning too many or misplaced; $(outputs)"
    else
        pass
    fi
    # a quieter machine would decide it, as would more rounds
    expect_row magic_squares/bfs_array/uniform/size:4/n:100/seed:1/threads:1 \
        1.00x - NA inconclusive "$ONE; a quieter machine: load 3.1 on 2 cores"
    expect_row magic_squares/table/uniform/size:4/n:100/seed:1/threads:1 \
        1.00x - NA inconclusive "$ONE"
done
# the old fixtures a and b, without the readings: no load or CPU warning
run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b"
if grep -q '^# warning: .*\(load\|CPU\)' "$TMP/out"; then
    fail "compare a b: a load or CPU warning without readings; $(outputs)"
else
    pass
fi

# --- results read back: values, duplicates, long lines ------
# 7: the file `bench --benchmark_out=F` writes (Google Benchmark's own
# JSON, with a bare NaN for the cv of a counter that is the same in every
# repetition) compares; so does a file with NaN, Infinity and -Infinity
# in counters; a real_time that is NaN is still refused
printf '%s\n' 'rounds 1' 'repetitions 2' 'min_time 0.01' 'threads 1' \
    'bench magic_squares table uniform 3 3 1' >"$TMP/tiny.suite"
run_from /dev/null timeout 120 "$PB" bench --suite "$TMP/tiny.suite" \
    --out "$TMP/tiny" --quiet --benchmark_out="$TMP/gbout.json"
check_rc "bench --benchmark_out" 0
run_from /dev/null "$PB" compare "$TMP/gbout.json" "$TMP/gbout.json"
check_rc "compare of the file bench --benchmark_out wrote" 0
expect_row magic_squares/table/uniform/size:3/n:3/seed:1/threads:1 1.00x \
    - NA inconclusive "$ONE"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for b in d["benchmarks"]:
    if b["run_type"] == "aggregate":
        b.update(cv_counter=float("nan"), big=float("inf"), small=-float("inf"))
    else:
        b.update(load_before=float("nan"), label="NaN Infinity -Infinity")
json.dump(d, open(sys.argv[2], "w"))' "$FIX/gbench_a.json" "$TMP/nan.json"
run_from /dev/null "$PB" compare "$FIX/gbench_a.json" "$TMP/nan.json"
check_rc "compare of a JSON with NaN, Infinity, -Infinity counters" 0
expect_row BM_Hash/64 1.00x - NA inconclusive "$ONE"
sed '0,/"real_time": [0-9.e+-]*/s//"real_time": NaN/' "$TMP/nan.json" \
    >"$TMP/nan_time.json"
check_error "a real_time of NaN" 1 \
    'nan_time.json: benchmarks\[0\]: expected a "name", a "real_time" >= 0' \
    "$FIX/gbench_a.json" "$TMP/nan_time.json"

# 10: a results.csv joined with itself (a header line again), its rows
# twice (a repetition again), a JSON run twice: refused, not counted twice
cat "$FIX/a/results.csv" "$FIX/a/results.csv" >"$TMP/twice.csv"
check_error "a results.csv joined with itself" 1 \
    "twice.csv:22: a header line again; expected one header line" \
    "$FIX/a" "$TMP/twice.csv"
{ cat "$FIX/a/results.csv"; tail -n +2 "$FIX/a/results.csv"; } \
    >"$TMP/rows_twice.csv"
check_error "rows twice" 1 \
    "rows_twice.csv:22: repetition 0 of magic_squares/bfs_array/uniform/size:4/n:100/seed:1/threads:1 again" \
    "$FIX/a" "$TMP/rows_twice.csv"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["benchmarks"].append(d["benchmarks"][0])
json.dump(d, open(sys.argv[2], "w"))' "$FIX/gbench_a.json" "$TMP/run_twice.json"
check_error "a JSON run twice" 1 \
    "run_twice.json: benchmarks\[[0-9]+\]: repetition 0 of BM_Sort/1024 again" \
    "$FIX/gbench_a.json" "$TMP/run_twice.json"

edit_rows() { # edit_rows OUT COLUMN VALUE [FILE]: bfs_array's rows edited
    awk -F, -v OFS=, -v c="$2" -v v="$3" 'NR > 1 && $2 == "bfs_array" {
        $c = v } { print }' "${4:-$FIX/noisy/results.csv}" >"$TMP/$1"
}
edit_rows rep_64.csv 9 64
check_error "a repetition beyond the 64 bench runs" 1 \
    "rep_64.csv:2: repetition: expected 0 to 63, found 64" \
    "$FIX/a" "$TMP/rep_64.csv"

# 19, 20: values outside what bench writes, in bfs_array's rows (line 2
# on): infinite seconds, a count of 2^64 - 1, an infinite load, threads
# and processes whose product overflows a long
edit_rows inf_seconds.csv 11 inf
check_error "infinite seconds" 1 \
    "inf_seconds.csv:2: seconds: expected a finite time >= 0, found inf" \
    "$FIX/a" "$TMP/inf_seconds.csv"
edit_rows count_max.csv 5 18446744073709551615
check_error "a count of 2^64 - 1" 1 \
    "count_max.csv:2: count: expected 1 to 9007199254740992 instances, found 18446744073709551615" \
    "$FIX/a" "$TMP/count_max.csv"
edit_rows inf_load.csv 19 inf
check_error "an infinite load" 1 \
    "inf_load.csv:2: load_before: expected NA or a finite number >= 0, found inf" \
    "$FIX/a" "$TMP/inf_load.csv"
edit_rows many_threads.csv 8 4294967296
check_error "threads beyond bench's 1024" 1 \
    "many_threads.csv:2: threads: expected 1 to 1024 threads per process, found 4294967296" \
    "$FIX/a" "$TMP/many_threads.csv"
PROCS=$2/tests/fixtures/processes/results.csv
edit_rows many_processes.csv 8 4611686018427387904 "$PROCS"
check_error "processes beyond an int" 1 \
    "many_processes.csv:2: processes: expected 1 to 2147483647 processes, found 4611686018427387904" \
    "$PROCS" "$TMP/many_processes.csv"

# 22: a FIFO as results.csv, or as the results.json beside it: one line,
# exit 1, never a hang (timeout as a guard)
mkdir "$TMP/fifo_csv" "$TMP/fifo_json"
mkfifo "$TMP/fifo_csv/results.csv" "$TMP/fifo_json/results.json"
cp "$FIX/a/results.csv" "$TMP/fifo_json/"
check_fails "compare with a FIFO as results.csv" 1 \
    "fifo_csv/results.csv: a FIFO, not a regular file" \
    timeout 20 "$PB" compare "$FIX/a" "$TMP/fifo_csv"
check_fails "compare with a FIFO as the results.json beside" 1 \
    "fifo_json/results.json: a FIFO, not a regular file" \
    timeout 20 "$PB" compare "$FIX/a" "$TMP/fifo_json/results.csv"

# 25: a line over 4096 bytes (a failed row's long error) read whole, the
# lines after it numbered right; a line over the cap and a NUL byte refused
long=$(printf '%6000s' '' | tr ' ' x)
{ head -n 1 "$FIX/a/results.csv"
  sed -n 2p "$FIX/a/results.csv" | sed "s/,1,\"\"\$/,0,\"$long\"/"
  tail -n +2 "$FIX/a/results.csv"
  echo 'magic_squares,table,uniform,4,100,1,00000000000000ab,1,0,1,fast,0,0,0,0,0,0,0,1,""'
} >"$TMP/long_line.csv"
check_error "a row after a line of 6000 bytes" 1 \
    "long_line.csv:23: expected seconds >= 0 and a count >= 1, found 'fast'" \
    "$FIX/a" "$TMP/long_line.csv"
{ head -n 1 "$FIX/a/results.csv"
  printf '%70000s\n' '' | tr ' ' x; } >"$TMP/huge_line.csv"
check_error "a line over the cap" 1 \
    "huge_line.csv:2: a line of more than 65536 bytes" \
    "$FIX/a" "$TMP/huge_line.csv"
{ head -n 1 "$FIX/a/results.csv"; printf 'magic_squares\0,x\n'; } \
    >"$TMP/nul.csv"
check_error "a NUL byte" 1 "nul.csv:2: binary data \(a NUL byte\)" \
    "$FIX/a" "$TMP/nul.csv"

# --variants X,Y: two variants of one run, and across two runs, corpus by
# corpus; a variant with no counterpart is one error line, no table
run_from /dev/null "$PB" compare "$FIX/a" --variants bfs_array,table
check_rc "compare A --variants bfs_array,table" 0
expect_row magic_squares/bfs_array/uniform/size:4/n:100/seed:1/threads:1 \
    3.00x - NA inconclusive "$ONE"
run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b" --variants geometry,simd
check_rc "compare A B --variants geometry,simd" 0
expect_row cubing/geometry/long/size:3/n:2/seed:41/threads:1 0.0578x - NA \
    inconclusive "$ONE"
check_fails "compare --variants with no counterpart" 1 \
    'no benchmark of variant bfs_array in .* has one of variant nosuch' \
    "$PB" compare "$FIX/a" --variants bfs_array,nosuch
if [ ! -s "$TMP/out" ]; then pass; else
    fail "compare with nothing matched printed a table: $(outputs)"
fi
check_fails "compare --variants X" 2 "expects two variant names X,Y" \
    "$PB" compare "$FIX/a" --variants bfs_array

summary
