#!/usr/bin/env bash
# test_threads.sh - the same answers at 1, 2 and 4 threads.
#
# Usage: test_threads.sh PATH_TO_PUZZLEBENCH
#
# Every variant of every kernel solves small generated corpora (each
# kernel's main families; cubing at N = 3 and 5, cube_walk on open and
# maze boards) at 1, 2 and 4 OpenMP threads (threads across instances,
# or inside one for the parallel variants), and prints the same bytes at
# each. The one exception is a parallel search that may find another
# route of the same least sum (cube_walk's delta_stepping: the threads
# race to relax a state): its sums must be the same, and `verify` at 4
# threads checks its routes against the oracle. The whole-space engine's
# census (2 x 5 ring; every start class of the 3 x 3 board) counts the
# same states at every depth at 1, 2 and 4 threads. Over MPI processes:
# test_mpi.sh.
#
# The threads the system grants: a bench run confined to one
# CPU (taskset -c 0; skipped without taskset) or given OMP_THREAD_LIMIT=1
# warns once that 2 threads are more than the 1 CPU it may use, on the
# console and in log.txt, records cpus_granted 1 and
# threads_oversubscribed true, and its figures draw no speed-up at 2
# threads (summary.csv's speed-up NaN, no speed-up figure, the report's
# note). Under `ulimit -v` (skipped where the binary cannot start under
# one: the sanitizer builds), a benchmark whose threads' stacks
# (OMP_STACKSIZE=512M) are over the limit is skipped by the memory
# estimate, one whose stacks fit the estimate but not the address space
# left by the start check, with the reason, while the 1-thread benchmark
# of the same run is verified and the run ends normally; `solve` refuses
# with one line where OpenMP would end the process.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_pb "$@"
T=$(mktemp -d "${TMPDIR:-/tmp}/test_threads.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
export OUT_DIR=$T # testlib.sh

# corpus FILE KERNEL FAMILY SIZE COUNT
corpus() {
    "$PB" gen "$2" --family "$3" --size "$4" --count "$5" -o "$T/$1" ||
        fail "gen $2 --family $3 --size $4"
}
corpus ms.txt magic_squares uniform 4 30
corpus ms22.txt magic_squares depth:22 4 5
corpus ce.txt cubic_eight uniform 3x3 4
corpus cu3.txt cubing random:200 3 30
corpus cu5.txt cubing random:200 5 10
corpus cw.txt cube_walk uniform 32x32 10
corpus cwm.txt cube_walk maze 32x32 10

# The kernel's variants, as `list` names them.
variants() {
    "$PB" list | awk -v k="$1" '/^[a-z]/ { cur = $1; next }
        cur == k { print ($1 == "*") ? $2 : $1 }'
}

# same_at_threads KERNEL FILE: every variant, 1 against 2 and 4 threads
same_at_threads() {
    local k=$1 file=$T/$2 v t one other
    for v in $(variants "$k"); do
        one=$("$PB" solve "$k" --variant "$v" --threads 1 "$file" 2>&1)
        for t in 2 4; do
            other=$("$PB" solve "$k" --variant "$v" --threads $t "$file" 2>&1)
            if [ "$one" = "$other" ]; then
                pass
            elif [ "$k/$v" = cube_walk/delta_stepping ] &&
                [ "$(echo "$one" | awk '{print $1}')" = \
                    "$(echo "$other" | awk '{print $1}')" ]; then
                pass # another route of the same sum: verify checks it
            else
                fail "$k $v on $2: 1 and $t threads answer differently"
            fi
        done
    done
}
same_at_threads magic_squares ms.txt
same_at_threads magic_squares ms22.txt
same_at_threads cubic_eight ce.txt
same_at_threads cubing cu3.txt
same_at_threads cubing cu5.txt
same_at_threads cube_walk cw.txt
same_at_threads cube_walk cwm.txt
for f in cw.txt cwm.txt; do
    if "$PB" verify cube_walk --threads 4 "$T/$f" >"$T/out" 2>"$T/err"; then
        pass
    else
        fail "verify cube_walk --threads 4 $f: $(tail -n 3 "$T/out" "$T/err")"
    fi
done

# the census's counts (its lines without '#') at 1, 2 and 4 threads
for args in "magic_squares --size 5" "cubic_eight --size 3x3 --start all"; do
    # shellcheck disable=SC2086
    one=$("$PB" census $args --threads 1 | grep -v '^#')
    for t in 2 4; do
        # shellcheck disable=SC2086
        other=$("$PB" census $args --threads $t | grep -v '^#')
        if [ -n "$one" ] && [ "$one" = "$other" ]; then
            pass
        else
            fail "census $args: 1 and $t threads count differently"
        fi
    done
done
# ---- the threads the system grants ----
printf '%s\n' 'repetitions 2' 'min_time 0.01' 'threads 1 2' \
    'bench magic_squares table uniform 4 20 1' >"$T/granted.suite"

# granted WHAT PATTERN DIR: the run in DIR (bench's output in $T/out,
# $T/err) warned about 2 threads on 1 CPU (PATTERN: what bounds it) on
# stderr and in its log, recorded it, and drew no speed-up at 2 threads
granted() {
    local what=$1 by=$2 dir=$3/latest
    local warning="warning: 2 threads ask for more than the 1 CPU this process may use \\($by\\)"
    if [ "$rc" -eq 0 ] && [ "$(grep -Ec "$warning" "$T/err")" -eq 1 ] &&
        grep -Eq "^$warning" "$dir/log.txt"; then pass; else
        fail "$what: exit $rc, no one warning '$warning'; $(outputs)"
    fi
    if python3 -c 'import json, sys
c = json.load(open(sys.argv[1]))["context"]
sys.exit(c.get("cpus_granted") != "1" or c.get("threads_oversubscribed") != "true")' \
        "$dir/results.json"; then pass; else
        fail "$what: results.json does not record cpus_granted 1 and" \
            "threads_oversubscribed true: $(grep -E 'granted|oversub' \
                "$dir/results.json")"
    fi
    # summary.csv: speedup is column 15; threads column 7
    if [ "$(awk -F, '$7 == 2 { print $15 }' "$dir/summary.csv")" = NaN ] &&
        [ "$(awk -F, '$7 == 1 { print $15 }' "$dir/summary.csv")" = 1 ]; then
        pass
    else
        fail "$what: a speed-up at 2 threads in summary.csv:" \
            "$(cut -d, -f7,15 "$dir/summary.csv" 2>&1 | tr '\n' ' ')"
    fi
    if [ -z "$(find "$dir/figures" -name 'speedup*')" ] &&
        grep -q 'Left out of the speed-up figure: the runs at 2 threads, more than the 1 CPU the process was granted' \
            "$dir/report.md"; then pass; else
        fail "$what: a speed-up figure, or no note in report.md:" \
            "$(find "$dir/figures" -name 'speedup*' 2>&1 | tr '\n' ' ')"
    fi
}
if command -v taskset >/dev/null && taskset -c 0 true 2>/dev/null; then
    run_from /dev/null timeout 120 taskset -c 0 "$PB" bench \
        --suite "$T/granted.suite" --out "$T/r_taskset"
    granted "taskset -c 0" 'affinity mask: 1 of [0-9]+ online CPUs?' \
        "$T/r_taskset"
else
    echo "skipped: taskset (util-linux) cannot set this process's affinity"
fi
run_from /dev/null env OMP_THREAD_LIMIT=1 timeout 120 "$PB" bench \
    --suite "$T/granted.suite" --out "$T/r_limit"
granted "OMP_THREAD_LIMIT=1" 'OMP_THREAD_LIMIT: 1' "$T/r_limit"

# Thread stacks under an address-space limit: 1 and 2 threads of 512 MiB
# stacks (so that the 2-thread benchmark's stack, not the machine, decides)
stack_kb=$((512 * 1024))
page_kb=$(($(getconf PAGESIZE) / 1024))
cat >"$T/stacks.suite" <<'EOF2'
repetitions 1
min_time 0.01
threads 1 2
bench magic_squares table uniform 4 5 1
EOF2
# under_limit KB CMD...: CMD with OMP_STACKSIZE=512M under ulimit -v KB
under_limit() {
    local kb=$1
    shift
    # shellcheck disable=SC2016 # the inner shell expands them
    run_from /dev/null env OMP_STACKSIZE=512M bash -c \
        'ulimit -v "$1" || exit 99; shift; exec timeout 120 "$@"' - "$kb" "$@"
}
# the 1-thread benchmark verified, the 2-thread one skipped with `why`
one_of_two() {
    local what=$1 why=$2 dir=$3/latest
    if [ "$rc" -eq 0 ] && ! grep -q libgomp "$T/err" &&
        python3 -c 'import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
one = [r for r in rows if r["threads"] == "1"]
two = [r for r in rows if r["threads"] == "2"]
sys.exit(not (one and all(r["verified"] == "1" for r in one) and two and
              all(re.match("skipped: " + sys.argv[2], r["error"]) for r in two)))' \
            "$dir/results.csv" "$why" && [ -s "$dir/report.md" ]; then pass; else
        fail "$what: exit $rc, expected the 1-thread benchmark verified and" \
            "the 2-thread one '$why'; $(outputs);" \
            "$(cut -d, -f8,19- "$dir/results.csv" 2>&1 | tr '\n' ' ')"
    fi
}
under_limit $((256 * 1024)) "$PB" list
if [ "$rc" -ne 0 ]; then
    echo "skipped: $PB does not start under ulimit -v 256 MiB (a sanitizer build)"
else
    # the estimate: 512 MiB of stack over a 300 MiB limit
    under_limit $((300 * 1024)) "$PB" bench --suite "$T/stacks.suite" \
        --out "$T/r_estimate"
    one_of_two "stack over ulimit -v 300M" \
        'needs up to [0-9.]+ MiB, over the memory cap of [0-9.]+ MiB' \
        "$T/r_estimate"
    # the start check: the estimate fits (the suite's cap is the user's),
    # but not with the process's own 16 MiB and more beside it
    kb=$((stack_kb + page_kb + 16 * 1024))
    printf 'memory 4G\n' | cat - "$T/stacks.suite" >"$T/capped.suite"
    under_limit "$kb" "$PB" bench --suite "$T/capped.suite" --out "$T/r_start"
    one_of_two "stack within the estimate, over the address space" \
        'cannot start 2 threads \(RLIMIT_AS [0-9.]+ MiB, 512 MiB of stack each\): ' \
        "$T/r_start"
    "$PB" gen magic_squares --family uniform --count 5 -o "$T/m5.txt" ||
        fail "gen magic_squares"
    under_limit "$kb" "$PB" solve magic_squares --max-memory 4G \
        --threads 2 "$T/m5.txt"
    if [ "$rc" -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
        grep -q '^puzzlebench solve: cannot start 2 threads (RLIMIT_AS' \
            "$T/err" && [ ! -s "$T/out" ]; then pass; else
        fail "solve --threads 2 under ulimit -v: exit $rc; $(outputs)"
    fi
fi
summary
