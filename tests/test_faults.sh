#!/bin/bash
# test_faults.sh - faults and bad settings of `bench` and `run` (errors.md
# "Security and robustness",
# items 6-10 and 13), on a one-benchmark suite that runs in well under a
# second: the suite's `memory` line parsed with overflow checks and the
# --max-memory override; Google Benchmark flags and suite values refused
# before anything runs, and a run that timed nothing failing; every verb's
# standard output on /dev/full; a full disk (a small tmpfs, skipped when it
# cannot be mounted) reported with its errno while the complete files stay
# complete; stray temporaries of dead runs removed; an --out path too long
# to fit refused before anything is created. Every bench runs under
# `timeout`, so a setting that never ends fails instead of hanging.
# Usage: test_faults.sh PUZZLEBENCH SOURCE_DIR. About 15 s.
PB=$1
SRC=$(cd "$2" && pwd)
case $PB in /*) ;; *) PB=$PWD/$PB ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/test_faults.XXXXXX") || exit 2
MNT=$T/mnt
cleanup() {
    mountpoint -q "$MNT" 2>/dev/null && umount "$MNT"
    rm -rf "$T"
}
trap cleanup EXIT
OUT_DIR=$T
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
cd "$T" || exit 2
LIMIT=60 # seconds: a bench that takes longer never ends

# suite NAME LINES...: writes NAME.suite
suite() {
    local name=$1
    shift
    printf '%s\n' "$@" >"$T/$name.suite"
}
suite tiny 'rounds 1' 'repetitions 1' 'min_time 0.01' 'threads 1' \
    'bench magic_squares table uniform 4 5 1'
suite capped 'repetitions 1' 'min_time 0.01' 'threads 1' 'memory 1K' \
    'bench magic_squares bfs_array uniform 4 5 1'

# bench ARGS...: `puzzlebench bench` under the time limit
bench() {
    run_from /dev/null timeout "$LIMIT" "$PB" bench "$@"
}

# expect_err WHAT PATTERN: stderr has a line matching PATTERN
expect_err() {
    if grep -Eq -- "$2" "$T/err"; then pass; else
        fail "$1: no '$2' on stderr; $(outputs)"
    fi
}

# no_folder WHAT DIR: nothing was created at DIR
no_folder() {
    if [ -e "$2" ]; then
        fail "$1: $2 was created"
    else
        pass
    fi
}

# ------------------------------------------- 6: memory caps
suite huge 'repetitions 1' 'min_time 0.01' 'memory 17179869184G' \
    'bench magic_squares table uniform 4 5 1'
bench --suite "$T/huge.suite" --out "$T/r_huge"
check_rc "memory 17179869184G" 1
expect_err "memory 17179869184G" 'huge\.suite:3: .*memory.*does not fit'
no_folder "memory 17179869184G" "$T/r_huge"

suite zero 'memory 0' 'bench magic_squares table uniform 4 5 1'
bench --suite "$T/zero.suite" --out "$T/r_zero"
check_rc "memory 0" 1
expect_err "memory 0" 'zero\.suite:1: expected .memory BYTES'

# the suite's 1K cap skips bfs_array; --max-memory lifts it
bench --suite "$T/capped.suite" --max-memory 1G --out "$T/r_max"
check_rc "--max-memory 1G over memory 1K" 0
if grep -q '^magic_squares,bfs_array,.*,1,""$' \
    "$T/r_max/latest/results.csv" 2>/dev/null; then pass; else
    fail "--max-memory 1G: no verified bfs_array row;" \
        "$(tail -c 300 "$T/r_max/latest/results.csv" 2>&1)"
fi
# and lowers one: the only benchmark skipped, so nothing was timed
bench --suite "$T/tiny.suite" --max-memory 1K --benchmark_filter=bfs \
    --out "$T/r_low"
check_rc "--max-memory 1K, filter matching nothing" 1
for bad in 0 17179869184G 12Q; do
    bench --suite "$T/tiny.suite" --max-memory "$bad" --out "$T/r_badmax"
    check_rc "--max-memory $bad" 2
    expect_err "--max-memory $bad" '^puzzlebench bench: --max-memory needs'
done
no_folder "--max-memory with a bad size" "$T/r_badmax"

# ------------------------------------ 7: benchmark settings
for flag in --benchmark_repetitions=-5 --benchmark_repetitions=0 \
    --benchmark_repetitions=1001 --benchmark_min_time=1e999 \
    --benchmark_min_time=0 --benchmark_min_time=-1 \
    --benchmark_min_time=nan --benchmark_min_time=3601 \
    '--benchmark_filter=(' --benchmark_enable_random_interleaving=maybe \
    --benchmark_list_tests=2x --benchmark_out="$T/no/such/folder/x.json" \
    --benchmark_out="$T" --benchmark_format=xml --benchmark_filter; do
    bench --suite "$T/tiny.suite" "$flag" --out "$T/r_flag"
    if [ "$rc" -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
        grep -q "^puzzlebench bench: --benchmark_" "$T/err" &&
        [ ! -s "$T/out" ]; then
        pass
    else
        fail "bench $flag: exit $rc, expected 2 and one usage line;" \
            "$(outputs)"
    fi
done
no_folder "bad Google Benchmark flags" "$T/r_flag"
for line in 'min_time 1e300' 'min_time 0' 'min_time -1' 'budget -1' \
    'budget 1e300' 'budget inf' 'repetitions 0' 'repetitions 5000' \
    'repetitions 2 3'; do
    suite badval 'threads 1' "$line" 'bench magic_squares table uniform 4 5 1'
    bench --suite "$T/badval.suite" --out "$T/r_badval"
    if [ "$rc" -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
        grep -q "badval\.suite:2: expected '${line%% *} " "$T/err"; then
        pass
    else
        fail "suite line '$line': exit $rc, expected 1 and" \
            "badval.suite:2; $(outputs)"
    fi
done
no_folder "bad suite values" "$T/r_badval"
# good values still run, as the flags do
bench --suite "$T/tiny.suite" --benchmark_repetitions=2 \
    --benchmark_min_time=0.01 --benchmark_enable_random_interleaving=true \
    --benchmark_out="$T/gb.json" --out "$T/r_good"
check_rc "valid Google Benchmark flags" 0
if [ "$(grep -c '^magic_squares,table,' "$T/r_good/latest/results.csv" \
    2>/dev/null)" = 2 ] && [ -s "$T/gb.json" ]; then pass; else
    fail "--benchmark_repetitions=2: expected 2 rows and --benchmark_out"
fi
# a filter that matches nothing timed nothing
bench --suite "$T/tiny.suite" --benchmark_filter=nomatch --out "$T/r_none"
check_rc "--benchmark_filter matching nothing" 1
expect_err "--benchmark_filter=nomatch" 'nothing was timed'
if grep -q 'every timed run verified' "$T/out"; then
    fail "--benchmark_filter=nomatch: 'every timed run verified'; $(outputs)"
else
    pass
fi
# a listing times nothing, and is not a failure; it is the names and
# nothing else: no results folder, latest left where it was, no
# verdict line; the root holds the run's folder, latest and the results
# store the run was indexed in, nothing more
bench --suite "$T/tiny.suite" --out "$T/r_list"
before=$(readlink "$T/r_list/latest")
bench --suite "$T/tiny.suite" --benchmark_list_tests=true --out "$T/r_list"
check_rc "--benchmark_list_tests=true" 0
if [ "$(readlink "$T/r_list/latest")" = "$before" ] &&
    [ "$(find "$T/r_list" -mindepth 1 -maxdepth 1 | wc -l)" -eq 3 ] &&
    [ "$(grep -c . "$T/out")" -eq 1 ] && [ ! -s "$T/err" ] &&
    grep -q '^magic_squares/table/uniform/size:4/n:5/seed:1/threads:1/' \
        "$T/out"; then
    pass
else
    fail "--benchmark_list_tests: expected one name on stdout, nothing" \
        "else, latest still $before ($(ls "$T/r_list")); $(outputs)"
fi
bench --suite "$T/tiny.suite" --benchmark_list_tests --out "$T/r_list_new"
if [ "$rc" -eq 0 ] && [ ! -e "$T/r_list_new" ]; then pass; else
    fail "--benchmark_list_tests made $T/r_list_new; $(outputs)"
fi
# a listing names the benchmarks without making corpora or oracles: the
# far boards (a whole-space search each) are not generated, so `run`
# saves none under --data; a file line is read for its name only
printf '%s\n' 'repetitions 1' 'threads 1' 'bench cubic_eight all far 3x3 2 2' \
    "bench cubic_eight table file $SRC/data/bigspace/cubic_eight_starts_3x3.in" \
    'census magic_squares 5' >"$T/list.suite"
run_from /dev/null timeout "$LIMIT" "$PB" run --suite "$T/list.suite" \
    --data "$T/list_data" --out "$T/r_list2" --benchmark_list_tests
far=$(pb_variants cubic_eight | wc -l) # `all`: one name per variant
if [ "$rc" -eq 0 ] && [ "$(grep -c '^cubic_eight/.*/far/size:3x3/' "$T/out")" -eq "$far" ] &&
    grep -q '^cubic_eight/table/file-[0-9a-f]*/size:3x3/n:9/' "$T/out" &&
    grep -q '^magic_squares/census/whole/size:5/' "$T/out" &&
    [ ! -e "$T/list_data" ] && [ ! -e "$T/r_list2" ]; then
    pass
else
    fail "run --benchmark_list_tests: exit $rc, expected $((far + 2)) names and no" \
        "--data nor results folder ($(ls -A "$T" 2>/dev/null)); $(outputs)"
fi

# ------------------------------------------ 8: stdout on /dev/full
bench --suite "$T/tiny.suite" --out "$T/r_plot"
check_rc "a results folder to plot" 0
full_msg='cannot write to standard output: No space left on device'
# full VERB ARGS...: exit 1 and exactly one stderr line with full_msg
full() {
    "$PB" "$@" >/dev/full 2>"$T/err" </dev/null
    rc=$?
    local n
    n=$(grep -c "$full_msg" "$T/err")
    if [ "$rc" -eq 1 ] && [ "$n" -eq 1 ] &&
        grep -q "^puzzlebench[a-z ]*: $full_msg" "$T/err"; then
        pass
    else
        fail "$* >/dev/full: exit $rc and $n messages, expected 1 and 1:" \
            "$(head -c 400 "$T/err")"
    fi
}
"$PB" gen magic_squares --family uniform --size 4 --count 20 --seed 1 \
    >"$T/c.txt"
full --help
full help bench
for verb in list solve gen verify census bench run compare plot; do
    full "$verb" --help
done
full list
full verify magic_squares "$T/c.txt"
full census magic_squares --size 3
full compare "$SRC/tests/fixtures/compare/a" "$SRC/tests/fixtures/compare/b"
full plot "$T/r_plot/latest"
full bench --suite "$T/tiny.suite" --out "$T/r_full"
# solve and gen say it themselves: still one line
"$PB" solve magic_squares "$T/c.txt" >/dev/full 2>"$T/err"
rc=$?
if [ "$rc" -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ]; then pass; else
    fail "solve >/dev/full: exit $rc, expected 1 and one line; $(outputs)"
fi
"$PB" gen magic_squares --family uniform --size 4 --count 5 >/dev/full \
    2>"$T/err"
rc=$?
if [ "$rc" -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ]; then pass; else
    fail "gen >/dev/full: exit $rc, expected 1 and one line; $(outputs)"
fi

# ------------------------------------------------ 9: disk full
# complete FILE: a CSV whose lines all have the header's 20 fields and
# end with a newline, or JSON that parses
complete() {
    case $1 in
    *.csv)
        [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] &&
            awk -F, 'NF < 20 { exit 1 }' "$1"
        ;;
    *.json)
        ! command -v python3 >/dev/null ||
            python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1"
        ;;
    esac
}
mkdir -p "$MNT"
if ! mount -t tmpfs -o size=64k tmpfs "$MNT" 2>/dev/null; then
    echo "note: cannot mount a tmpfs here (not root?): disk-full checks" \
        "skipped"
else
    for free in 4 8 12; do
        rm -rf "${MNT:?}"/*
        dd if=/dev/zero of="$MNT/fill" bs=4k 2>/dev/null
        truncate -s "-${free}K" "$MNT/fill"
        bench --suite "$T/tiny.suite" --out "$MNT/res"
        check_rc "bench on a full disk ($free KB free)" 1
        expect_err "full disk ($free KB free)" 'No space left on device'
        if grep -q 'Input/output error' "$T/err"; then
            fail "full disk ($free KB free): 'Input/output error'; $(outputs)"
        else
            pass
        fi
        for f in "$MNT"/res/*/results.csv "$MNT"/res/*/results.json; do
            [ -e "$f" ] || continue
            if complete "$f"; then pass; else
                fail "full disk ($free KB free): $f is not complete"
            fi
        done
        left=$(find "$MNT" -name '*.tmp.*' | head -3)
        if [ -z "$left" ]; then pass; else
            fail "full disk ($free KB free): temporaries left: $left"
        fi
        if [ "$free" = 4 ]; then
            # one free page: the CSV header takes it, then nothing fits
            for f in results.csv results.json log.txt; do
                expect_err "full disk: $f" \
                    "/$f: cannot write: No space left on device"
            done
        fi
    done
    umount "$MNT"
fi

# ------------------------------- 10: temporaries of dead runs
sh -c 'exit 0' &
dead=$!
wait "$dead"
mkdir -p "$T/r_stale" "$T/data"
touch "$T/r_stale/results.csv.tmp.$dead.0123456789ab" \
    "$T/r_stale/alive.tmp.$$.0123456789ab" \
    "$T/data/c.txt.tmp.$dead.00000000000f"
ln -s nowhere "$T/r_stale/latest.tmp.$dead"
ln -s nowhere "$T/r_stale/latest.tmp.$dead.0123456789ab"
# stale means unlocked and old (pb_file.h), whatever the pid says
touch -d '1 hour ago' "$T/r_stale/results.csv.tmp.$dead.0123456789ab" \
    "$T/data/c.txt.tmp.$dead.00000000000f"
touch -h -d '1 hour ago' "$T/r_stale/latest.tmp.$dead" \
    "$T/r_stale/latest.tmp.$dead.0123456789ab"
run_from /dev/null timeout "$LIMIT" "$PB" run --suite "$T/tiny.suite" \
    --data "$T/data" --out "$T/r_stale"
check_rc "run with stale temporaries" 0
left=$(cd "$T" && find r_stale data -maxdepth 1 -name "*.tmp.$dead*")
if [ -z "$left" ]; then pass; else
    fail "temporaries of a dead process left: $left"
fi
if [ -e "$T/r_stale/alive.tmp.$$.0123456789ab" ]; then pass; else
    fail "the temporary of a live process was removed"
fi
if [ -z "$(find "$T/r_stale" -maxdepth 1 -name 'latest.tmp.*')" ] &&
    [ -f "$T/r_stale/latest/results.csv" ]; then pass; else
    fail "latest: not a link to the results, or its temporary left"
fi

# ------------------------------------- 13: paths too long to fit
long=$T/$(printf 'a/%.0s' $(seq 600))b
bench --suite "$T/tiny.suite" --out "$long"
check_rc "--out of ${#long} characters" 2
expect_err "--out too long" \
    "^puzzlebench bench: --out: path of ${#long} characters is too long \(at most [0-9]+\)"
no_folder "--out too long" "$T/a"
run_from /dev/null "$PB" run --suite "$T/tiny.suite" --data "$long" \
    --out "$T/r_data"
check_rc "--data of ${#long} characters" 2
expect_err "--data too long" "^puzzlebench run: --data: path of"
no_folder "--data too long" "$T/a"
no_folder "--data too long" "$T/r_data"

summary
