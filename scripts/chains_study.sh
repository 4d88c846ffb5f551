#!/bin/sh
# chains_study.sh - the interleave study of cubing's simd_chains variant
# (docs/results/cubing.md, "The speed frontier"): ns per turn on the
# 1000-case corpus of 1000 random turns (seed 44) at one thread, for every
# number of chains K = 1..8 and one or two turns a step, beside simd and
# cubie from the same round. Each setting is its own bench run (the knobs
# are environment variables, PB_SIMD_CHAINS and PB_SIMD_TURNS_PER_STEP);
# ROUNDS rounds (default 2) show the noise. Every timed run is verified by
# the harness as usual. About 2 minutes a round.
# Usage: scripts/chains_study.sh [PUZZLEBENCH] [ROUNDS]
set -eu
pb=${1:-build/puzzlebench}
here=$(cd "$(dirname "$0")" && pwd)
rounds=${2:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
suite() { # variants
    printf 'repetitions 5\nmin_time 0.2\nthreads 1\n' >"$work/s.suite"
    printf 'bench cubing %s random 3 1000 44\n' "$1" >>"$work/s.suite"
}
bench() { # label, then env assignments; prints one row
    label=$1
    shift
    env "$@" "$pb" bench --suite "$work/s.suite" --out "$work/r" \
        >"$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
    # summary.csv's seconds per 1000-turn case, by column name, as ns a
    # turn
    awk -F, -v round="$round" -v label="$label" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { printf "| %d | %s | %s | %.3f | %.3f..%.3f |\n", round, label,
              $col["variant"], $col["median_s"] * 1e6, $col["q1_s"] * 1e6,
              $col["q3_s"] * 1e6 }' "$work/r/latest/summary.csv" | sort -t'|' -k4
    rm -rf "$work/r"
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| round | setting | variant | ns / turn (median) | q1..q3 |"
echo "|---:|---|---|---:|---:|"
round=1
while [ "$round" -le "$rounds" ]; do
    suite cubie,simd
    bench reference
    suite simd_chains
    for step in 1 2; do
        for k in 1 2 3 4 5 6 7 8; do
            bench "K=$k, $step turn(s) a step" PB_SIMD_CHAINS=$k \
                PB_SIMD_TURNS_PER_STEP=$step
        done
    done
    round=$((round + 1))
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
