#!/bin/sh
# measure_magic.sh - the magic_squares performance figures of
# docs/results.md, measured side by side in one run: every variant on the
# same corpora, single-threaded, R repetitions, medians and ranges. Every
# run is verified (puzzlebench verify fails on a wrong answer).
# Usage: scripts/measure_magic.sh [PUZZLEBENCH] [REPETITIONS]
# (Issue 3's Google Benchmark harness supersedes this script.)
set -eu
pb=${1:-build/puzzlebench}
reps=${2:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

$pb gen magic_squares --family uniform --count 1000 --seed 11 -o "$dir/u4.txt"
$pb gen magic_squares --family uniform --count 200000 --seed 12 -o "$dir/u4_big.txt"
$pb gen magic_squares --family uniform --size 5 --count 10 --seed 13 -o "$dir/u5.txt"

run() { # corpus variant
    for r in $(seq "$reps"); do
        $pb verify magic_squares -t 1 --variant "$2" "$dir/$1" | tail -n 1
    done
}
{
    for v in bfs_hash bfs_openhash bfs_array bibfs table; do run u4.txt $v; done
    run u4_big.txt table
    for v in bfs_hash bfs_openhash bfs_array bibfs table; do run u5.txt $v; done
} > "$dir/rows"

# columns: kernel corpus variant threads instances correct wrong build_s
# solve_s expanded/inst
awk '
function median(list, n,   i, j, t, a) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
        if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    lo = a[1]; hi = a[n]
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
    key = $2 " " $3
    if (!(key in solve)) order[++keys] = key
    solve[key] = solve[key] " " $9; build[key] = build[key] " " $8
    count[key] = $5; work[key] = $10
    if ($7 != 0) bad = 1
}
END {
    printf "%-16s %-12s %9s %14s %14s %12s %12s\n", "corpus", "variant",
        "instances", "us/query", "(min..max)", "build_ms", "states/query"
    for (i = 1; i <= keys; i++) {
        key = order[i]; split(key, kv, " ")
        m = median(solve[key]) / count[key] * 1e6
        r = sprintf("%.1f..%.1f", lo / count[key] * 1e6, hi / count[key] * 1e6)
        b = median(build[key]) * 1e3
        us[key] = m
        printf "%-16s %-12s %9d %14.2f %14s %12.3f %12d\n", kv[1], kv[2],
            count[key], m, r, b, work[key]
    }
    print ""
    printf "2x4: bfs_hash / bfs_array per query        %.1fx\n", us["u4.txt bfs_hash"] / us["u4.txt bfs_array"]
    printf "2x4: bfs_openhash / bfs_array per query    %.1fx\n", us["u4.txt bfs_openhash"] / us["u4.txt bfs_array"]
    printf "2x4: bfs_array / bibfs per query           %.1fx\n", us["u4.txt bfs_array"] / us["u4.txt bibfs"]
    printf "2x4: table queries per second              %.2e\n", 1e6 / us["u4_big.txt table"]
    printf "2x5: bfs_hash / bfs_array per query        %.1fx\n", us["u5.txt bfs_hash"] / us["u5.txt bfs_array"]
    if (bad) { print "WRONG ANSWERS"; exit 1 }
}' "$dir/rows"
