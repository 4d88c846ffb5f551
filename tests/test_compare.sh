#!/bin/bash
# test_compare.sh - `puzzlebench compare` on two committed fixture results
# (tests/fixtures/compare/a and b, each as results.csv and as the Google
# Benchmark results.json with the same repetitions, aggregates and a
# failed run; gbench_a.json and gbench_b.json from a plain Google
# Benchmark binary): the ratios of medians, the exact
# Mann-Whitney p values (2/252 = 0.0079 for two fully separated samples of
# five; 0.6905 for the overlapping pair), the '~' mark, the per-kernel
# geometric means, --fail-above as a gate, p below 0.0001 as "<0.0001",
# the provenance fields that differ, --variants X,Y (two variants of one
# run or of two), the noise warnings of each side (fixture noisy: high
# load, CPU below wall, unknown governor), and clear errors for missing
# or malformed results.
# Usage: test_compare.sh PUZZLEBENCH SOURCE_DIR
PB=$1
FIX=$2/tests/fixtures/compare
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_compare.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"

# expect_row KEY RATIO P MARK: one table row with those fields
expect_row() {
    if awk -v k="$1" -v r="$2" -v p="$3" -v m="$4" \
        '$1 == k && $(NF - (m != "")) == p && $(NF - 1 - (m != "")) == r &&
         (m == "" || $NF == m) { found = 1 } END { exit !found }' \
        "$TMP/out"; then
        pass
    else
        fail "compare: no row '$1' with ratio $2, p $3, mark '$4';" \
            "$(outputs)"
    fi
}

# expect_fixture_rows: the three rows and two means of a against b
expect_fixture_rows() {
    expect_row magic_squares/bfs_array/uniform/size:4/n:100/seed:1/threads:1 \
        2.000 0.0079 ""
    expect_row magic_squares/table/uniform/size:4/n:100/seed:1/threads:1 \
        1.167 0.6905 "~"
    expect_row cubing/simd/long/size:3/n:2/seed:41/threads:1 0.510 0.0079 ""
    if grep -q 'cubing/geometry' "$TMP/out"; then
        fail "compare: a benchmark only in A is listed"
    else
        pass
    fi
    for want in '# magic_squares: geometric mean of the ratios 1.528 over 2' \
        '# cubing: geometric mean of the ratios 0.510 over 1'; do
        if grep -Fq "$want" "$TMP/out"; then pass; else
            fail "compare: no line '$want'; $(outputs)"
        fi
    done
}

run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b"
check_rc "compare a b" 0
expect_fixture_rows
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
# by their first component; us and ns mixed
run_from /dev/null "$PB" compare "$FIX/gbench_a.json" "$FIX/gbench_b.json"
check_rc "compare gbench_a.json gbench_b.json" 0
expect_row BM_Sort/1024 0.805 0.0022 ""
expect_row BM_Hash/64 1.044 0.2615 "~"
for want in '# BM_Sort: geometric mean of the ratios 0.803 over 2' \
    '# BM_Hash: geometric mean of the ratios 1.044 over 1'; do
    if grep -Fq "$want" "$TMP/out"; then pass; else
        fail "compare: no line '$want'; $(outputs)"
    fi
done

# the regression gate: bfs_array is 100 % slower, significantly
run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b/results.csv" --fail-above 50
check_rc "compare --fail-above 50" 1
run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b" --fail-above 150
check_rc "compare --fail-above 150" 0
# the other way round, B is the baseline: cubing is then 96 % slower
run_from /dev/null "$PB" compare "$FIX/b" "$FIX/a" --fail-above 50
check_rc "compare b a --fail-above 50" 1

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
    matched=$(grep -Ec '^cubic_eight/[^ ]*/size:[23]x3/[^ ]* .* 1\.000 ' \
        "$TMP/out")
    if [ "$rc" -eq 0 ] && [ "$matched" -eq 18 ] &&
        grep -q 'size:2x3' "$TMP/boards/results.json"; then
        pass
    else
        fail "compare $pair: exit $rc, $matched cubic_eight benchmarks" \
            "matched at ratio 1, expected 18; $(outputs)"
    fi
done

# p below 0.0001 prints as "<0.0001", never 0.0000: ten repetitions a
# side, fully separated (p = 2 / C(20, 10) = 1.1e-5)
mkdir -p "$TMP/p10/a" "$TMP/p10/b"
for side in a b; do
    head -n 1 "$FIX/a/results.csv" >"$TMP/p10/$side/results.csv"
    for i in 0 1 2 3 4 5 6 7 8 9; do
        t=$([ "$side" = a ] && echo "1.$i" || echo "3.$i")
        sed -n 2p "$FIX/a/results.csv" |
            awk -F, -v OFS=, -v i="$i" -v t="$t" '{ $9 = i; $11 = t; print }'
    done >>"$TMP/p10/$side/results.csv"
done
run_from /dev/null "$PB" compare "$TMP/p10/a" "$TMP/p10/b"
check_rc "compare with ten repetitions a side" 0
expect_row magic_squares/bfs_array/uniform/size:4/n:100/seed:1/threads:1 \
    2.379 '<0.0001' ''

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
    expect_row magic_squares/bfs_array/uniform/size:4/n:100/seed:1/threads:1 \
        1.000 1.0000 "~"
done
# the old fixtures a and b, without the readings: no load or CPU warning
run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b"
if grep -q '^# warning: .*\(load\|CPU\)' "$TMP/out"; then
    fail "compare a b: a load or CPU warning without readings; $(outputs)"
else
    pass
fi

# --- results read back (issue 27): values, duplicates, long lines ------
# 7: the file `bench --benchmark_out=F` writes (Google Benchmark's own
# JSON, with a bare NaN for the cv of a counter that is the same in every
# repetition) compares; so does a file with NaN, Infinity and -Infinity
# in counters; a real_time that is NaN is still refused
printf '%s\n' 'repetitions 2' 'min_time 0.01' 'threads 1' \
    'bench magic_squares table uniform 3 3 1' >"$TMP/tiny.suite"
run_from /dev/null timeout 120 "$PB" bench --suite "$TMP/tiny.suite" \
    --out "$TMP/tiny" --quiet --benchmark_out="$TMP/gbout.json"
check_rc "bench --benchmark_out" 0
run_from /dev/null "$PB" compare "$TMP/gbout.json" "$TMP/gbout.json"
check_rc "compare of the file bench --benchmark_out wrote" 0
expect_row magic_squares/table/uniform/size:3/n:3/seed:1/threads:1 1.000 \
    1.0000 "~"
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
expect_row BM_Hash/64 1.000 1.0000 "~"
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
    3.000 0.0465 ''
run_from /dev/null "$PB" compare "$FIX/a" "$FIX/b" --variants geometry,simd
check_rc "compare A B --variants geometry,simd" 0
expect_row cubing/geometry/long/size:3/n:2/seed:41/threads:1 0.058 0.0079 ''
check_fails "compare --variants with no counterpart" 1 \
    'no benchmark of variant bfs_array in .* has one of variant nosuch' \
    "$PB" compare "$FIX/a" --variants bfs_array,nosuch
if [ ! -s "$TMP/out" ]; then pass; else
    fail "compare with nothing matched printed a table: $(outputs)"
fi
check_fails "compare --variants X" 2 "expects two variant names X,Y" \
    "$PB" compare "$FIX/a" --variants bfs_array

summary
