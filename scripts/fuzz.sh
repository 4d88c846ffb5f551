#!/usr/bin/env bash
# Fuzzes each libFuzzer target of fuzz/ (built with -DPB_FUZZ=ON in
# BUILD_DIR/fuzz) for SECONDS seconds (default 30), JOBS at a time
# (default: the number of cores), seeded from the committed samples and
# fixtures (copied into a fresh corpus folder per target, never
# changed), fuzz/seeds/ and the regression inputs of tests/fuzz/.
# Every input must finish within a second (-timeout=1); leaks are
# reported (ASan's LeakSanitizer), RSS is capped at 2 GB, stderr of the
# parsers is closed (-close_fd_mask=2: the sanitizers' reports still
# come through). Crash, leak, timeout and out-of-memory inputs are
# saved under ARTIFACTS (default BUILD_DIR/fuzz-artifacts/<target>/):
# commit each under tests/fuzz/<target>/ with its fix. Exit status 0
# when every target ran clean, 1 otherwise. Prints each target's runs
# and executions per second.
#
# usage: scripts/fuzz.sh BUILD_DIR [SECONDS] [TARGET...]
#        (env: JOBS, ARTIFACTS)
set -u
if [ $# -lt 1 ]; then
    echo "usage: $0 BUILD_DIR [SECONDS] [TARGET...]" >&2
    exit 2
fi
build=$(cd "$1" && pwd) || exit 2
seconds=${2:-30}
shift $(($# < 2 ? $# : 2))
src=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
art=${ARTIFACTS:-$build/fuzz-artifacts}
targets=${*:-cubing cube_walk magic_squares cubic_eight corpus suite \
results_csv results_json merge}

# The committed inputs each target starts from (files or folders, under
# the source tree).
seeds_of() {
    case $1 in
    cubing | cube_walk | magic_squares) echo "data/$1 fuzz/seeds/$1" ;;
    cubic_eight) echo "data/cubic_eight data/bigspace fuzz/seeds/cubic_eight" ;;
    corpus) echo "fuzz/seeds/cubing fuzz/seeds/cube_walk" \
        "fuzz/seeds/magic_squares fuzz/seeds/cubic_eight" ;;
    suite) echo "bench/suites" ;;
    results_csv) echo tests/fixtures/results/results.csv \
        tests/fixtures/processes/results.csv \
        tests/fixtures/compare/{a,b,noisy}/results.csv ;;
    # (not tests/fixtures/results/results.json: at 90 KB it would make
    # every input up to 90 KB long, and runs 5 times slower)
    results_json) echo tests/fixtures/compare/{a,b,noisy}/results.json \
        tests/fixtures/compare/gbench_{a,b}.json ;;
    merge) echo fuzz/seeds/merge ;;
    esac
}

# A fresh corpus folder for target $1 holding copies of its seeds.
make_corpus() {
    local t=$1 dir=$art/$1/corpus s f
    rm -rf "$dir"
    mkdir -p "$dir" || return 1
    for s in $(seeds_of "$t") "tests/fuzz/$t"; do
        [ -e "$src/$s" ] || continue
        find "$src/$s" -type f | while read -r f; do
            cp "$f" "$dir/seed_$(echo "${f#"$src"/}" | tr '/' '_')"
        done
    done
    if [ "$t" = merge ]; then
        # two results folders of the fixtures, as one input (fuzz_merge.c)
        local a=$src/tests/fixtures/compare/a b=$src/tests/fixtures/compare/b
        { cat "$a/results.csv"; printf '\n=====\n'; cat "$a/results.json"
          printf '\n=====\n'; cat "$b/results.csv"; printf '\n=====\n'
          cat "$b/results.json"; } >"$dir/seed_compare_a_b"
    fi
}

# Fuzzes target $1; its log in ARTIFACTS/<target>/log.txt.
fuzz_one() {
    local t=$1 bin=$build/fuzz/fuzz_$1 dir=$art/$1
    if [ ! -x "$bin" ]; then
        echo "fuzz: $bin: not built (configure with -DPB_FUZZ=ON)" >&2
        return 1
    fi
    make_corpus "$t" || return 1
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$bin" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 \
        -detect_leaks=1 -close_fd_mask=2 -print_final_stats=1 \
        -artifact_prefix="$dir/" "$dir/corpus" \
        </dev/null >"$dir/log.txt" 2>&1
}

mkdir -p "$art" || exit 2
# the targets write each input to a private file (fuzz/fuzz_util.c): in
# memory (tmpfs) that is about three times faster than on disk
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
    export TMPDIR=/dev/shm
fi
echo "fuzz: $seconds s per target, $jobs at a time; artifacts in $art"
running=0
for t in $targets; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    (fuzz_one "$t"; echo $? >"$art/$t/status") &
    running=$((running + 1))
done
wait

status=0
for t in $targets; do
    log=$art/$t/log.txt
    rc=$(cat "$art/$t/status" 2>/dev/null || echo 1)
    runs=$(sed -n "s/^stat::number_of_executed_units: *//p" "$log" 2>/dev/null)
    per_s=$(sed -n "s/^stat::average_exec_per_sec: *//p" "$log" 2>/dev/null)
    found=$(find "$art/$t" -maxdepth 1 -type f \( -name 'crash-*' -o \
        -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
    if [ "$rc" = 0 ] && [ "$found" = 0 ]; then
        echo "fuzz_$t: ok, ${runs:-?} runs, ${per_s:-?} per second"
    else
        status=1
        echo "fuzz_$t: FAILED (exit $rc, $found inputs saved in $art/$t/)"
        grep -m 3 -E 'ERROR|runtime error|SUMMARY|Timeout|out-of-memory' \
            "$log" | sed 's/^/    /'
    fi
done
exit $status
