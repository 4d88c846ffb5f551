#!/bin/bash
# test_plot.sh - `puzzlebench plot` on a committed fixture results.csv (a
# smoke-suite run, tests/fixtures/results): the summary CSV (its header,
# one row per benchmark, the same style number for a variant name in every
# kernel; the size sweep: one row per variant and size, in one family),
# every figure of every kernel as a non-empty PNG, SVG and PDF with its
# title, the report (report.md against a golden copy, report.html with its
# parts), and clear errors for a missing or malformed results folder.
# Usage: test_plot.sh PUZZLEBENCH SOURCE_DIR
PB=$1
FIX=$2/tests/fixtures/results
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_plot.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"

if ! command -v gnuplot >/dev/null; then
    echo "skipped: gnuplot is not installed (Debian package gnuplot-nox)"
    exit 77
fi
mkdir "$TMP/run"
cp "$FIX/results.csv" "$FIX/log.txt" "$TMP/run/"
# relative paths, so that the report (which names its folder) is golden
cd "$TMP" || exit 2
run_from /dev/null "$PB" plot run
check_rc "plot on the fixture" 0

# the report: Markdown against the golden copy, HTML with its parts
if cmp -s "$TMP/run/report.md" "$FIX/report.md.golden"; then pass; else
    fail "report.md differs from tests/fixtures/results/report.md.golden:" \
        "$(diff "$FIX/report.md.golden" "$TMP/run/report.md" | head -5)"
fi
for part in '<h2>Provenance</h2>' '<h2>Verification' '<h2>cubing (ratio to' \
    '<img src="figures/time_vs_size-cubing.svg"' '<h2>Stability warnings</h2>'
do
    if grep -Fq "$part" "$TMP/run/report.html"; then pass; else
        fail "report.html has no '$part'"
    fi
done

header=kernel,variant,family,size,count,seed,threads,repetitions,median_s
if head -n 1 "$TMP/run/summary.csv" | grep -q "^$header,"; then pass; else
    fail "summary.csv header: $(head -n 1 "$TMP/run/summary.csv")"
fi
benchmarks=$(awk -F, 'NR > 1 && $19 == 1 { print $1, $2, $3, $4, $5, $6, $8 }' \
    "$FIX/results.csv" | sort -u | wc -l)
rows=$(($(wc -l <"$TMP/run/summary.csv") - 1))
if [ "$rows" -eq "$benchmarks" ]; then pass; else
    fail "summary.csv has $rows rows, expected one per benchmark ($benchmarks)"
fi
styles=$(awk -F, 'NR > 1 && $2 == "bfs_hash" { print $NF }' \
    "$TMP/run/summary.csv" | sort -u | wc -l)
if [ "$styles" -eq 1 ]; then pass; else
    fail "bfs_hash has $styles style numbers across kernels, expected 1"
fi

# the size sweep: rows flagged in the sweep column (24) are at one thread,
# all of one family per kernel, and one per kernel, variant and size
sweep_rows=$(awk -F, 'NR > 1 && $24 == 1' "$TMP/run/summary.csv")
if [ -n "$sweep_rows" ] &&
    [ "$(echo "$sweep_rows" | awk -F, '$7 != 1' | wc -l)" -eq 0 ] &&
    [ "$(echo "$sweep_rows" | cut -d, -f1,3 | sort -u | cut -d, -f1 |
        uniq -d | wc -l)" -eq 0 ] &&
    [ "$(echo "$sweep_rows" | cut -d, -f1,2,4 | sort | uniq -d | wc -l)" \
        -eq 0 ]; then
    pass
else
    fail "summary.csv: the sweep rows are not one family per kernel at one" \
        "thread, one per variant and size: $sweep_rows"
fi
# cubic_eight's size axis is the board's cells (33 = 3 x 3 = 9 cells)
if awk -F, '$1 == "cubic_eight" && $4 == 33 && $23 != 9 { bad = 1 }
    END { exit bad }' "$TMP/run/summary.csv"; then pass; else
    fail "summary.csv: cubic_eight size 33 is not plotted at 9 cells"
fi

titles=(time_vs_size:'time per instance against size'
    speedup:'speed-up against threads' memory_vs_size:'peak heap against size'
    relative:'time relative to' work_vs_time:'work against time')
for kernel in magic_squares cubic_eight cubing; do
    for entry in "${titles[@]}"; do
        kind=${entry%%:*} title=${entry#*:}
        png=$TMP/run/figures/$kind-$kernel.png
        svg=$TMP/run/figures/$kind-$kernel.svg
        if [ -s "$png" ] && [ "$(head -c 4 "$png" | od -An -c | tr -d ' ')" = \
            '211PNG' ]; then
            pass
        else
            fail "$png: missing, empty or not a PNG"
        fi
        if [ -s "$svg" ] && grep -q '<svg' "$svg" && grep -Fq "$title" "$svg"
        then
            pass
        else
            fail "$svg: missing, not an SVG, or without the title '$title'"
        fi
        pdf=$TMP/run/figures/$kind-$kernel.pdf
        if [ -s "$pdf" ] && [ "$(head -c 5 "$pdf")" = '%PDF-' ]; then
            pass
        else
            fail "$pdf: missing, empty or not a PDF"
        fi
    done
done
if grep -q "^run/figures/time_vs_size-cubing.svg\$" "$TMP/out"; then
    pass
else
    fail "plot does not list the figures it wrote; $(outputs)"
fi

# errors: one line on stderr and exit 1; usage errors exit 2
# check_error WHAT RC PATTERN ARGS...: `plot ARGS` fails so (testlib.sh)
check_error() {
    local what=$1 want_rc=$2 pattern=$3
    shift 3
    check_fails "$what" "$want_rc" "$pattern" "$PB" plot "$@"
}
check_error "a missing folder" 1 "nosuch: not a folder" "$TMP/nosuch"
mkdir "$TMP/empty"
check_error "a folder without results.csv" 1 "results.csv: cannot open" \
    "$TMP/empty"
mkdir "$TMP/bad"
printf 'kernel,variant,seconds\nmagic_squares,table,1\n' >"$TMP/bad/results.csv"
check_error "a malformed results.csv" 1 "results.csv:1: no column 'family'" \
    "$TMP/bad"
check_error "no folder" 2 "expected one results folder"
summary
