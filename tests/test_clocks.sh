#!/usr/bin/env bash
# test_clocks.sh - the two clocks of every timed solve (docs/statistics.md,
# "Clocks"), black-box: a tiny suite at 1 and 2 threads (a corpus spread
# over threads, a parallel variant, a census line) writes, on every
# verified row of results.csv and every iteration of results.json, a
# finite cpu_seconds >= 0 (at most twice threads x the wall time, plus
# 50 ms: a bound that catches a wrong unit or a sum counted twice, with
# room for the clocks' accounting under a heavy load, where a 1.5x bound
# failed once at a load of 6) and involuntary_switches >= 0; the compact
# console names each median's clock (cpu at 1 thread, wall at 2); the
# summary's last column, the report's tables and its opening say the
# clock, and the figures' time axes; plot --clock wall moves the serial
# rows to wall time, --clock cpu on results without CPU time is refused
# with tidy's message; bench --clock wall records the context's clock,
# which plot and the report take as their default; a bad --clock word
# (given or recorded) is refused. No assertion on how long anything
# takes.
# Usage: test_clocks.sh PUZZLEBENCH SOURCE_DIR
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3
scratch test_clocks

K=magic_squares
printf '%s\n' 'rounds 1' 'repetitions 2' 'min_time 0.01' 'threads 1 2' \
    "bench $K bfs_array,table_omp uniform 4 10 1" "census $K 4" >"$T/t.suite"
printf '%s\n' 'rounds 1' 'repetitions 1' 'min_time 0.01' 'threads 1 2' \
    "bench $K bfs_array uniform 4 5 1" >"$T/w.suite"
PLOT=true
command -v gnuplot >/dev/null || PLOT=false

# values CSV COLUMN...: the verified rows' values of the named columns,
# '|'-joined, one row a line (columns by name, as the readers find them)
values() {
    local csv=$1
    shift
    awk -F, -v want="$*" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
                  n = split(want, w, " "); next }
        $c["verified"] == 1 { line = ""
            for (i = 1; i <= n; i++) line = line (i > 1 ? "|" : "") $c[w[i]]
            print line }' "$csv"
}

# ------------------------------------------------- the rule's clocks
timeout 600 "$PB" bench --suite "$T/t.suite" --out "$T/r" </dev/null \
    >"$T/out" 2>"$T/err"
rc=$?
check_rc "bench at 1 and 2 threads" 0
R=$T/r/latest
rows=$(values "$R/results.csv" threads seconds cpu_seconds involuntary_switches)
if [ "$(echo "$rows" | grep -c .)" -eq 12 ] &&
    echo "$rows" | awk -F'|' '
        function num(x) { return x ~ /^[0-9.]+(e[-+]?[0-9]+)?$/ }
        !(num($3) && num($4) && $3 + 0 >= 0 && $4 + 0 >= 0 &&
          $3 + 0 <= $2 * $1 * 2 + 0.05) { bad = 1 }
        END { exit bad }'; then
    pass
else
    fail "results.csv: expected 12 verified rows, each with finite" \
        "cpu_seconds >= 0 (at most threads x seconds x 2 + 0.05) and" \
        "involuntary_switches >= 0 (threads|seconds|cpu|switches): $rows"
fi
# results.json: the counters of the same names on every iteration
if python3 - "$R/results.json" <<'EOF'; then pass; else fail "results.json: an iteration without cpu_seconds or involuntary_switches"; fi
import json, math, sys
runs = [b for b in json.load(open(sys.argv[1]))["benchmarks"]
        if b.get("run_type") == "iteration" and not b.get("error_occurred")]
ok = len(runs) == 12 and all(
    isinstance(b.get(k), (int, float)) and math.isfinite(b[k]) and b[k] >= 0
    for b in runs for k in ("cpu_seconds", "involuntary_switches"))
sys.exit(0 if ok else 1)
EOF
# the console: a clock column, cpu at 1 thread, wall at 2
if grep -Eq '^kernel/variant/family/size/n/threads +median clock +cv ' "$T/out" &&
    grep -Eq "^$K/bfs_array/uniform/4/n=10/t=1 +[0-9.,]+ (ns|µs|ms|s) cpu " "$T/out" &&
    grep -Eq "^$K/table_omp/uniform/4/n=10/t=2 +[0-9.,]+ (ns|µs|ms|s) wall " "$T/out" &&
    grep -Eq "^$K/census/whole/4/n=1/t=2 +[0-9.,]+ (ns|µs|ms|s) wall " "$T/out"; then
    pass
else
    fail "console: no clock column, or not cpu at 1 thread and wall at 2:" \
        "$(grep -E "median|^$K" "$T/out" | head -8)"
fi

if $PLOT; then
    # summary.csv: clock last (after processes), cpu at 1 thread, wall at 2
    got=$(awk -F, 'NR == 1 { print $29, $30; next }
        { print $2, $7, $30 }' "$R/summary.csv" | sort | tr '\n' ' ')
    want="bfs_array 1 cpu bfs_array 2 wall census 1 cpu census 2 wall "
    want="${want}processes clock table_omp 1 cpu table_omp 2 wall "
    if [ "$got" = "$want" ]; then pass; else
        fail "summary.csv clock column: got [$got], expected [$want]"
    fi
    # the report: its opening, a clock column, a row's clock
    md=$R/report.md
    if grep -Fq 'on its clock (the tables'"'"' clock column): cpu, the CPU time' "$md" &&
        grep -Fq '| threads | clock | median / instance' "$md" &&
        grep -Eq '^\| bfs_array( \(!\))? \| uniform \| 4 \| 10 \| 1 \| cpu \|' "$md" &&
        grep -Eq '^\| bfs_array( \(!\))? \| uniform \| 4 \| 10 \| 2 \| wall \|' "$md"; then
        pass
    else
        fail "report.md does not say the clock: $(sed -n 3p "$md");" \
            "$(grep -E '^\| (variant|bfs_array)' "$md" | head -3)"
    fi
    # a figure mixing serial (CPU) and parallel (wall) rows says so (its
    # caption); the speed-up divides wall times only; a time axis names
    # its clock
    if grep -Fq 'CPU time when serial, wall time when parallel' \
        "$R/figures/relative-$K.caption.txt" &&
        grep -Fq '(wall time' "$R/figures/speedup-$K.caption.txt" &&
        grep -Fq '(solve only, CPU time' \
            "$R/figures/time_vs_size-$K.caption.txt" &&
        grep -Fq '(CPU time)' "$R/figures/time_vs_size-$K.svg"; then
        pass
    else
        fail "figures: the time axes do not name their clock"
    fi
    # plot --clock wall: every row on wall time, the report says so
    run_from /dev/null "$PB" plot "$R" --clock wall --kinds speedup
    check_rc "plot --clock wall" 0
    got=$(awk -F, 'NR > 1 { print $2, $7, $30 }' "$R/summary.csv" | sort |
        tr '\n' ' ')
    want="bfs_array 1 wall bfs_array 2 wall census 1 wall census 2 wall "
    want="${want}table_omp 1 wall table_omp 2 wall "
    if [ "$got" = "$want" ] &&
        grep -Fq 'in wall time (--clock wall)' "$R/report.md" &&
        grep -Fq '(wall time' "$R/figures/speedup-$K.caption.txt"; then
        pass
    else
        fail "plot --clock wall: summary [$got], expected [$want]; report:" \
            "$(sed -n 3p "$R/report.md")"
    fi
else
    echo "note: gnuplot is not installed; summary, report and figure" \
        "checks skipped" >&2
fi

# ------------------------------------------------- refusals
check_fails "bench --clock sideways" 2 \
    "^puzzlebench bench: --clock 'sideways'; expected cpu or wall; see" \
    "$PB" bench --suite "$T/w.suite" --out "$T/never" --clock sideways
if [ ! -e "$T/never" ] && [ ! -s "$T/out" ]; then pass; else
    fail "bench --clock sideways created $T/never or wrote on stdout"
fi
check_fails "plot --clock sideways" 2 \
    "^puzzlebench plot: --clock 'sideways'; expected cpu or wall; see" \
    "$PB" plot "$R" --clock sideways
# results from before CPU time was recorded (the committed fixture)
mkdir "$T/old"
cp "$SRC/tests/fixtures/results/results.csv" \
    "$SRC/tests/fixtures/results/results.json" "$T/old/"
check_fails "plot --clock cpu on results without CPU time" 1 \
    "^puzzlebench plot: $T/old/results.csv: [a-z_]+/[a-z_]+/.* has no CPU time \(results from before it was recorded\); expected --clock wall$" \
    "$PB" plot "$T/old" --clock cpu
if [ ! -e "$T/old/summary.csv" ]; then pass; else
    fail "plot --clock cpu refused, but wrote summary.csv"
fi

# ------------------------------------------------- bench --clock wall
timeout 600 "$PB" bench --suite "$T/w.suite" --out "$T/w" --clock wall \
    </dev/null >"$T/out" 2>"$T/err"
rc=$?
check_rc "bench --clock wall" 0
W=$T/w/latest
if python3 -c 'import json, sys
sys.exit(json.load(open(sys.argv[1]))["context"].get("clock") != "wall")' \
    "$W/results.json" &&
    grep -Eq "^$K/bfs_array/uniform/4/n=5/t=1 +[0-9.,]+ (ns|µs|ms|s) wall " "$T/out"
then
    pass
else
    fail "bench --clock wall: no context clock 'wall', or a serial line" \
        "not on wall time: $(grep "^$K" "$T/out" | head -2)"
fi
if $PLOT; then
    # drawn at the end of the run, and by plot without --clock: wall;
    # plot --clock cpu overrides the recorded clock
    clocks() { awk -F, 'NR > 1 { print $7, $30 }' "$W/summary.csv" | sort |
        tr '\n' ' '; }
    at_end=$(clocks)
    run_from /dev/null "$PB" plot "$W" --kinds speedup
    again=$(clocks)
    run_from /dev/null "$PB" plot "$W" --kinds speedup --clock cpu
    cpu=$(clocks)
    if [ "$at_end" = "1 wall 2 wall " ] && [ "$again" = "$at_end" ] &&
        [ "$cpu" = "1 cpu 2 cpu " ] &&
        grep -Fq 'in CPU time: the CPU time of the threads' "$W/report.md"
    then
        pass
    else
        fail "the recorded clock: at the end [$at_end], plot [$again]" \
            "(both 1 wall 2 wall), plot --clock cpu [$cpu] (1 cpu 2 cpu)"
    fi
    # a recorded clock that is neither word: refused, nothing drawn anew
    python3 - "$W/results.json" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["context"]["clock"] = "sideways"
json.dump(doc, open(sys.argv[1], "w"))
EOF
    check_fails "plot with a recorded clock 'sideways'" 1 \
        "^puzzlebench plot: $W/results.json: context clock 'sideways'; expected cpu or wall" \
        "$PB" plot "$W"
fi
summary
