#!/bin/sh
# medians.sh - per benchmark of a results folder: the median, min and max
# time per instance over the repetitions (from results.csv), with build
# time, states expanded per instance and peak heap, as the tables of
# docs/results/ quote them.
# Usage: scripts/medians.sh [RESULTS_DIR]   (default results/latest)
set -eu
dir=${1:-results/latest}
awk -F, '
function sort(a, n,   i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
        if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
}
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
$col["verified"] == 1 {
    key = $col["kernel"] "/" $col["variant"] "/" $col["family"] "/size:" \
          $col["size"] "/n:" $col["count"] "/threads:" $col["threads"]
    if (!(key in n)) order[++keys] = key
    t[key, ++n[key]] = $col["seconds"] / $col["count"] * 1e6
    build[key] = $col["build_seconds"] * 1e3
    work[key] = $col["expanded_per_instance"]
    heap[key] = $col["peak_heap_bytes"]
}
END {
    printf "%-52s %12s %22s %10s %12s %12s\n", "benchmark", "us/instance",
        "min..max", "build_ms", "states/inst", "peak_heap"
    for (k = 1; k <= keys; k++) {
        key = order[k]; m = n[key]
        for (i = 1; i <= m; i++) v[i] = t[key, i]
        sort(v, m)
        med = m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
        printf "%-52s %12.3f %10.3f..%-10.3f %10.3f %12.1f %12s\n", key,
            med, v[1], v[m], build[key], work[key], heap[key]
    }
}' "$dir/results.csv"
