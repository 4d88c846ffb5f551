#!/bin/bash
# test_plot.sh - `puzzlebench plot` on a committed fixture results.csv (a
# smoke-suite run, tests/fixtures/results): the summary CSV (its header,
# one row per benchmark, the same style number for a variant name in every
# kernel; the size sweep: one row per variant and size, in one family),
# every figure of every kernel as a non-empty PNG, SVG and PDF with its
# title, the report (report.md against a golden copy, report.html with its
# parts; built from results.json and results.csv, never log.txt: a folder
# with only results.json gives the same report, an older one without
# verification records or without results.json says so), clear
# errors for a missing or malformed results folder, and runs over MPI
# processes (tests/fixtures/processes): speed-up against 1 process of 1
# thread, efficiency per core used, the speed-up figure against
# processes x threads; a run granted fewer CPUs than its threads (the
# context's cpus_granted) has no speed-up at those threads and no
# speed-up figure, and its report says why.
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
cp "$FIX/results.csv" "$FIX/results.json" "$TMP/run/"
# relative paths, so that the report (which names its folder) is golden
cd "$TMP" || exit 2
run_from /dev/null "$PB" plot run
check_rc "plot on the fixture" 0

# the report: Markdown and HTML against the golden copies (rewrite them
# with PB_GOLDEN_UPDATE=1 after a deliberate change, and read the diff),
# the HTML's parts
for f in report.md report.html; do
    if [ -n "$PB_GOLDEN_UPDATE" ]; then
        cp "$TMP/run/$f" "$FIX/$f.golden"
    fi
    if cmp -s "$TMP/run/$f" "$FIX/$f.golden"; then pass; else
        fail "$f differs from tests/fixtures/results/$f.golden:" \
            "$(diff "$FIX/$f.golden" "$TMP/run/$f" | head -5)"
    fi
done
# numbers for humans: no exponent in any table cell, a unit in the time
# columns' headers, a dash for a variant without a build step (bfs_hash)
if ! grep '^|' "$TMP/run/report.md" |
    grep -Eq '[| ][0-9][0-9.,]*e[-+]?[0-9]+[ x]' &&
    grep -Fq '| median / instance (µs) | IQR (µs) |' "$TMP/run/report.md" &&
    grep -Eq '^\| bfs_hash( \(!\))? \| uniform \| 4 \| 50 \| 1 \| wall \|([^|]*\|){4} - \|' \
        "$TMP/run/report.md"; then pass; else
    fail "report.md: an exponent in a table, no unit in a header, or no" \
        "dash for bfs_hash's build: $(grep -E 'e[-+][0-9]|^\| bfs_hash' \
            "$TMP/run/report.md" | head -3)"
fi
for part in '<h2 id="summary">Summary</h2>' '<h3 id="machine">Machine</h3>' \
    '<a href="#fastest-variant-per-corpus">' '<h2 id="provenance">Provenance</h2>' \
    '<h2 id="verification">Verification</h2>' '<details><summary>Per benchmark' \
    '<h2 id="cubing">cubing</h2>' 'Baseline for the ratio column: geometry' \
    '<img src="figures/time_vs_size-cubing.svg"' '<figcaption>Figure ' \
    '<ul class="warn">'
do
    if grep -Fq "$part" "$TMP/run/report.html"; then pass; else
        fail "report.html has no '$part'"
    fi
done

header=kernel,variant,family,size,count,seed,threads,repetitions,median_s
if head -n 1 "$TMP/run/summary.csv" | grep -q "^$header,"; then pass; else
    fail "summary.csv header: $(head -n 1 "$TMP/run/summary.csv")"
fi
# the figure scripts read summary.csv by column name: every name they use
# is in its header (census_levels.gp reads census's CSV, not summary.csv)
scripts=$(ls "$2"/plots/*.gp | grep -v '/census_levels\.gp$')
# shellcheck disable=SC2086 # one word per script path
unknown=$(grep -ho "\(column\|strcol\|stringcolumn\)('[^']*')" $scripts |
    sed "s/.*('\(.*\)')/\1/" | sort -u | while read -r name; do
        head -n 1 "$TMP/run/summary.csv" | tr ',' '\n' | grep -qx "$name" ||
            echo "$name"
    done)
# shellcheck disable=SC2086
numbered=$(grep -nE "(column|strcol|stringcolumn)\([0-9]|using [0-9\$]" \
    $scripts)
if [ -z "$unknown" ] && [ -z "$numbered" ]; then pass; else
    fail "plots/*.gp read columns summary.csv has not: $unknown;" \
        "or a column by number: $numbered"
fi
benchmarks=$(awk -F, 'NR > 1 && $19 == 1 { print $1, $2, $3, $4, $5, $6, $8 }' \
    "$FIX/results.csv" | sort -u | wc -l)
rows=$(($(wc -l <"$TMP/run/summary.csv") - 1))
if [ "$rows" -eq "$benchmarks" ]; then pass; else
    fail "summary.csv has $rows rows, expected one per benchmark ($benchmarks)"
fi
styles=$(awk -F, 'NR > 1 && $2 == "bfs_hash" { print $26 }' \
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
# cubic_eight's size is its board (the fixture's old "33" read as 3x3),
# plotted at its cells (3 x 3 = 9)
if awk -F, '$1 == "cubic_eight" && $4 == "3x3" { n++; if ($23 != 9) bad = 1 }
    $1 == "cubic_eight" && $4 !~ /^[0-9]+x[0-9]+$/ { bad = 1 }
    END { exit bad || !n }' "$TMP/run/summary.csv"; then pass; else
    fail "summary.csv: cubic_eight sizes are not boards, or 3x3 is not" \
        "plotted at 9 cells: $(grep cubic_eight "$TMP/run/summary.csv" |
            cut -d, -f1-4,23 | head -5)"
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
        # no title in the figure by default (--title none): the caption
        # beside it says what it shows, its bars and its hollow points
        caption=$TMP/run/figures/$kind-$kernel.caption.txt
        if [ -s "$svg" ] && grep -q "<svg" "$svg" && ! grep -Fq "$kernel: $title" "$svg" &&
            grep -Fq "$title" "$caption" &&
            { [ "$kind" = memory_vs_size ] || grep -Fq 'hollow point' "$caption"; }
        then
            pass
        else
            fail "$svg: missing, not an SVG, or titled; or $caption without" \
                "'$title' and the hollow points: $(cat "$caption")"
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

# report_of WHAT FILES...: `plot run` in a fresh $TMP/WHAT holding the
# fixture's FILES (run/, so that the report names the same folder)
report_of() {
    local what=$1
    shift
    mkdir -p "$TMP/$what/run"
    for f in "$@"; do cp "$FIX/$f" "$TMP/$what/run/"; done
    in_folder "$what" run_from /dev/null "$PB" plot run
}
# in_folder WHAT CMD...: CMD in $TMP/WHAT (not a subshell: CMD counts)
in_folder() {
    cd "$TMP/$1" || exit 2
    shift
    "$@"
    cd "$TMP" || exit 2
}
# edit_json PYTHON OUT: the fixture's results.json, its context edited by
# the Python statement PYTHON (on c), written to OUT
edit_json() {
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
c = d["context"]
exec(sys.argv[2])
json.dump(d, open(sys.argv[3], "w"), indent=1)' "$FIX/results.json" "$1" "$2"
}
# runs over MPI processes: a hand-made results.csv
# (tests/fixtures/processes) of magic_squares' bfs_array at processes x
# threads 2 x 1, 2 x 2, 1 x 1 and 1 x 2, and bfs_hash at 2 x 1 and 1 x 1,
# the runs over 2 processes first (a match that ignores processes takes
# them for the serial ones). Per instance: bfs_array 5, 2.5, 8 and 4 ms,
# bfs_hash 10 and 16 ms.
mkdir -p "$TMP/mpi/run"
cp "$2/tests/fixtures/processes/results.csv" "$TMP/mpi/run/"
in_folder mpi run_from /dev/null "$PB" plot run --baseline bfs_hash
check_rc "plot on runs over MPI processes" 0
sum=$TMP/mpi/run/summary.csv
# processes (29) and clock (30) are the last columns, after every older
# one; results without CPU time are on wall time
if [ "$(head -n 1 "$sum" | cut -d, -f 28-30)" = knob,processes,clock ] &&
    [ "$(awk -F, 'NR > 1 { print $30 }' "$sum" | sort -u)" = wall ]; then pass
else
    fail "summary.csv header does not end in knob,processes,clock, or a" \
        "row of results without CPU time is not on wall time: $(head -n 1 "$sum")"
fi
# per row: variant, processes, threads, speed-up (15) over 1 x 1,
# efficiency (18) = speed-up / (processes x threads), ratio (20) to
# bfs_hash at the same processes and threads, sweep flag (24): serial
# rows only
got=$(awk -F, 'function g(x) { return x == "NaN" ? x : sprintf("%.4g", x) }
    NR > 1 { print $2, $29, $7, g($15), g($18), g($20), $24 }' "$sum" | sort)
want=$(printf '%s\n' 'bfs_array 1 1 1 1 0.5 1' 'bfs_array 1 2 2 1 NaN 0' \
    'bfs_array 2 1 1.6 0.8 0.5 0' 'bfs_array 2 2 3.2 0.8 NaN 0' \
    'bfs_hash 1 1 1 1 1 1' 'bfs_hash 2 1 1.6 0.8 1 0' | sort)
if [ "$got" = "$want" ]; then pass; else
    fail "summary.csv over processes (variant P T speed-up efficiency" \
        "ratio sweep): got [$got], want [$want]"
fi
# the speed-up figure: against processes x threads, a key entry per
# variant and process count where it ran so, none for a plain series
# without points (bfs_hash never ran plain on more than one core)
svg=$TMP/mpi/run/figures/speedup-magic_squares.svg
caption=$TMP/mpi/run/figures/speedup-magic_squares.caption.txt
for fmt in png svg pdf; do
    if [ -s "$TMP/mpi/run/figures/speedup-magic_squares.$fmt" ]; then pass
    else fail "speedup-magic_squares.$fmt: missing or empty"; fi
done
# (one key, below the upper panel)
if grep -Fq 'speed-up against processes x threads' "$caption" &&
    grep -Fq 'processes x threads (cores used)' "$svg" &&
    grep -Fq 'parallel efficiency (speed-up / (processes x threads))' \
        "$caption" &&
    [ "$(grep -c '<text>bfs_array, 2 processes</text>' "$svg")" -eq 1 ] &&
    [ "$(grep -c '<text>bfs_hash, 2 processes</text>' "$svg")" -eq 1 ] &&
    [ "$(grep -c '<text>bfs_array</text>' "$svg")" -eq 1 ] &&
    ! grep -q '<text>bfs_hash</text>' "$svg"; then pass; else
    fail "$svg: caption, axis or key entries: $(grep -o '<text>[^<]*</text>' \
        "$svg" | tr '\n' ' ')"
fi
# the relative figure's log axis fits its ratios (0.5 and 1 here, each
# with a tic), never a decade on either side they do not reach
rel=$TMP/mpi/run/figures/relative-magic_squares.svg
tics=$(grep -o '<text> *[0-9.]*</text>' "$rel" | tr -d ' ' |
    sed 's/<[^>]*>//g' | tr '\n' ' ')
if echo " $tics" | grep -q ' 0\.5 ' && echo " $tics" | grep -q ' 1 ' &&
    ! echo " $tics" | grep -Eq ' (0\.1|10) '; then pass; else
    fail "relative figure of ratios 0.5 and 1: its tics are [$tics]"
fi
# a plain run's figure says threads, as before
if grep -Fq 'speed-up against threads' \
    "$TMP/run/figures/speedup-cubing.caption.txt" &&
    ! grep -Fq 'processes' "$TMP/run/figures/speedup-cubing.svg"; then pass
else
    fail "speedup-cubing: a plain run's caption, axis or key mentions processes"
fi
# the report: the table's threads per process, the corpus over processes
md=$TMP/mpi/run/report.md
if grep -Fq '| bfs_array | uniform | 4 | 50 | 1 (x 2 processes) | wall | 5.00 |' "$md" &&
    grep -Fq '| uniform 4 n=50 seed=1, 2 processes x 2 threads |' "$md" &&
    grep -Fq 'against the cores a run uses: processes x threads' "$md"; then
    pass
else
    fail "report.md over processes: $(grep -E 'processes' "$md" | head -5)"
fi

# only results.json: the same report, provenance and verification included
report_of json_only results.json
check_rc "plot on a folder with only results.json" 0
if cmp -s "$TMP/json_only/run/report.md" "$FIX/report.md.golden"; then pass
else
    fail "report.md from results.json alone differs from the golden copy:" \
        "$(diff "$FIX/report.md.golden" "$TMP/json_only/run/report.md" |
            head -5)"
fi
# log.txt is never read: without results.json, its lines are not shown
report_of log_only results.csv log.txt
check_rc "plot on a folder with results.csv and log.txt" 0
md=$TMP/log_only/run/report.md
if grep -Fq 'Provenance not recorded in this results folder.' "$md" &&
    grep -Fq 'Verification not recorded in this results folder (it has no results.json' \
        "$md" && ! grep -q 'puzzlebench_commit\|50/50' "$md" &&
    grep -Fq 'Machine not recorded in this results folder' "$md" &&
    grep -Fq 'Baseline for the ratio column: bfs_hash' "$md"; then pass; else
    fail "report.md without results.json: $(sed -n 5,14p "$md")"
fi
# an older results.json: provenance, no verification records
mkdir -p "$TMP/old_json/run"
cp "$FIX/results.csv" "$TMP/old_json/run/"
edit_json 'for k in [k for k in c if k.startswith("verify:")]: del c[k]
for k in ("cpu_model", "cpu_cores", "cpu_threads", "memory_bytes", "os",
          "os_kernel", "openmp_version", "igraph_version", "caches"):
    del c[k]' "$TMP/old_json/run/results.json"
in_folder old_json run_from /dev/null "$PB" plot run
check_rc "plot on a results.json without verification records" 0
md=$TMP/old_json/run/report.md
if grep -Fq '| puzzlebench_commit | 80c8b837' "$md" &&
    grep -Fq '| CPU | model not recorded, 2 CPUs, 2096 MHz |' "$md" &&
    grep -Fq '| memory | not recorded |' "$md" &&
    grep -Fq 'Verification not recorded in this results folder (its results.json predates' \
        "$md" && ! grep -q '50/50' "$md"; then pass; else
    fail "report.md of an older results.json: $(sed -n 5,30p "$md")"
fi
# a wrong answer and a skip, in the suite's order (not the context's
# sorted one), with their reasons
mkdir -p "$TMP/wrong/run"
edit_json '
for k in [k for k in c if k.startswith("verify:")]: del c[k]
c["verify:magic_squares/table/uniform/size:4/n:50/seed:1/threads:1"] = (
    "order=0 status=wrong correct=48 instances=50 seconds=0.5 "
    "reason=failed: 2 wrong answers in the verification pass")
c["verify:cubing/cubie/random:100/size:3/n:50/seed:1/threads:1"] = (
    "order=1 status=skipped correct=0 instances=50 seconds=NA "
    "reason=skipped: needs up to 9 KiB, over the memory cap of 1 KiB")' \
    "$TMP/wrong/run/results.json"
in_folder wrong run_from /dev/null "$PB" plot run
check_rc "plot on a folder with a wrong verification" 0
md=$TMP/wrong/run/report.md
if grep -A3 '^| benchmark | answers | result |' "$md" | tail -2 | tr '\n' '#' |
    grep -Fq '| magic_squares/table/uniform/size:4/n:50/seed:1/threads:1 | 48/50 | failed: 2 wrong answers in the verification pass |#| cubing/cubie/random:100/size:3/n:50/seed:1/threads:1 | - | skipped: needs up to 9 KiB, over the memory cap of 1 KiB |#' &&
    grep -Fxq 'Some benchmarks were not verified.' "$md"; then pass; else
    fail "report.md with a wrong verification: $(grep -A4 '| benchmark |' "$md")"
fi
# a context value under verify: that is not a record is an error
mkdir -p "$TMP/badrec/run"
edit_json 'c["verify:x"] = "50/50 correct"' "$TMP/badrec/run/results.json"
in_folder badrec check_fails "a malformed verification record" 1 \
    'run/results.json: context "verify:x": expected a verification record' \
    "$PB" plot run

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
# --- results read back ---------------------------------------
# 26: a row whose value no figure can show (a time of 0, a negative or
# 1e308 heap, infinite work) is refused while reading: one line, exit 1,
# no summary.csv, no figure. Each folder holds magic_squares' bfs_hash
# uniform rows only (with one benchmark, the figure has no other point).
# refused_plot WHAT PATTERN COLUMN VALUE: the rows with COLUMN = VALUE
refused_plot() {
    local what=$1 pattern=$2 dir=$TMP/bad_$4
    mkdir -p "$dir" && cp "$FIX/results.json" "$dir/"
    awk -F, -v OFS=, -v c="$3" -v v="$4" 'NR == 1 { print; next }
        $1 == "magic_squares" && $2 == "bfs_hash" && $3 == "uniform" {
            $c = v; print }' "$FIX/results.csv" >"$dir/results.csv"
    check_fails "plot: $what" 1 "$pattern" timeout 120 "$PB" plot "$dir"
    if [ -e "$dir/summary.csv" ] || [ -e "$dir/figures" ]; then
        fail "plot: $what: summary.csv or figures/ written"
    else
        pass
    fi
}
refused_plot "a time of 0" \
    "bad_0/results.csv:2: seconds: expected a time above 0 for a figure" 11 0
refused_plot "a negative heap" \
    "bad_-5/results.csv:2: peak_heap_bytes: expected NA or a number from 0 to 2\^64, found -5" \
    16 -5
refused_plot "a heap of 1e308 bytes" \
    "bad_1e308/results.csv:2: peak_heap_bytes: expected NA or a number from 0 to 2\^64, found 1e\+308" \
    16 1e308
refused_plot "infinite work" \
    "bad_inf/results.csv:2: expanded_per_instance: expected NA or a number from 0 to 2\^64, found inf" \
    15 inf
# 22: a FIFO as the results.json beside results.csv: refused at once (the
# report reads it last), nothing written
mkdir "$TMP/fifo" && cp "$FIX/results.csv" "$TMP/fifo/" &&
    mkfifo "$TMP/fifo/results.json"
check_fails "plot with a FIFO as results.json" 1 \
    "fifo/results.json: a FIFO, not a regular file" \
    timeout 60 "$PB" plot "$TMP/fifo"
if [ -e "$TMP/fifo/summary.csv" ]; then
    fail "plot with a FIFO as results.json wrote summary.csv"
else
    pass
fi
# 10: the rows twice: refused, never drawn as twice the repetitions
mkdir "$TMP/twice" && cp "$FIX/results.json" "$TMP/twice/"
{ cat "$FIX/results.csv"; tail -n +2 "$FIX/results.csv"; } \
    >"$TMP/twice/results.csv"
check_fails "plot of rows twice" 1 \
    "twice/results.csv:106: repetition 0 of magic_squares/bfs_hash/uniform/size:4/n:50/seed:1/threads:1 again" \
    timeout 120 "$PB" plot "$TMP/twice"
# --kinds, --variants, --format: only the figures, variants and formats
# asked for; the figures redrawn lose their older renderings (every
# format), every other figure stays as it was (cubing's: it has neither
# variant)
mkdir "$TMP/only" && cp "$FIX/results.csv" "$FIX/results.json" "$TMP/only/"
"$PB" plot "$TMP/only" >/dev/null 2>&1
kept_before=$(cd "$TMP/only/figures" && cksum speedup-* memory_vs_size-* \
    work_vs_time-* | sort)
run_from /dev/null "$PB" plot "$TMP/only" --kinds time_vs_size,relative \
    --variants bfs_array,bfs_hash --format svg
drawn=$(cd "$TMP/only/figures" && ls ./time_vs_size-* ./relative-* \
    2>/dev/null | sed 's|^\./||' | sort | tr '\n' ' ')
kept_after=$(cd "$TMP/only/figures" && cksum speedup-* memory_vs_size-* \
    work_vs_time-* | sort)
legend_ok=true
for f in "$TMP"/only/figures/time_vs_size-*.svg "$TMP"/only/figures/relative-*.svg
do
    grep -q '>table<' "$f" && legend_ok=false
done
if [ "$rc" -eq 0 ] && [ -n "$drawn" ] &&
    ! echo "$drawn" | grep -Eq '(magic_squares|cubic_eight)\.(png|pdf)' &&
    echo "$drawn" | grep -q 'relative-cubing\.png' &&
    [ -n "$kept_before" ] && [ "$kept_before" = "$kept_after" ] &&
    grep -Eq 'figures/speedup-' "$TMP/only/report.md" && $legend_ok; then
    pass
else
    fail "plot --kinds/--variants/--format: exit $rc, drew [$drawn]," \
        "other kinds kept: $([ "$kept_before" = "$kept_after" ] && echo yes)," \
        "legend without table: $legend_ok; $(outputs)"
fi
# 30: plot --kinds K a minute after a full plot deletes none of the
# kernel's other figures
"$PB" plot "$TMP/only" >/dev/null 2>&1
before=$(cd "$TMP/only/figures" && ls | sort | tr '\n' ' ')
run_from /dev/null "$PB" plot "$TMP/only" --kinds relative
after=$(cd "$TMP/only/figures" && ls | sort | tr '\n' ' ')
if [ "$rc" -eq 0 ] && [ "$before" = "$after" ]; then pass; else
    fail "plot --kinds relative after a full plot: exit $rc, figures" \
        "[$before] became [$after]"
fi
# --variants V: a kernel without V keeps its figures (none is redrawn)
before=$(cd "$TMP/only/figures" && cksum ./*-cubing.* | sort)
run_from /dev/null "$PB" plot "$TMP/only" --variants table
after=$(cd "$TMP/only/figures" && cksum ./*-cubing.* | sort)
if [ "$rc" -eq 0 ] && [ -n "$before" ] && [ "$before" = "$after" ] &&
    ! grep -q '>bfs_hash<' "$TMP/only/figures/relative-magic_squares.svg"
then pass; else
    fail "plot --variants table: exit $rc; cubing's figures (no table)" \
        "changed, or magic_squares' still show bfs_hash"
fi
# --out FOLDER: summary.csv, the figures and their captions there; the
# results folder only read (nothing written into a fresh copy)
mkdir "$TMP/ro" && cp "$FIX/results.csv" "$FIX/results.json" "$TMP/ro/"
run_from /dev/null "$PB" plot "$TMP/ro" --out "$TMP/elsewhere" \
    --kinds time_vs_size --format pdf
if [ "$rc" -eq 0 ] && [ -s "$TMP/elsewhere/summary.csv" ] &&
    [ -s "$TMP/elsewhere/time_vs_size-cubing.pdf" ] &&
    [ -s "$TMP/elsewhere/time_vs_size-cubing.caption.txt" ] &&
    grep -Fxq "$TMP/elsewhere/time_vs_size-cubing.pdf" "$TMP/out" &&
    [ "$(ls "$TMP/ro" | tr '\n' ' ')" = 'results.csv results.json ' ]; then
    pass
else
    fail "plot --out: exit $rc; wrote [$(ls "$TMP/elsewhere" | tr '\n' ' ')]," \
        "left [$(ls "$TMP/ro" | tr '\n' ' ')] in the results folder"
fi
ln -s "$TMP/elsewhere" "$TMP/link"
check_error "--out through a symbolic link" 1 \
    "link: a symbolic link; expected a folder" "$TMP/ro" --out "$TMP/link"
# --size: the presets and WxH at their size in the PDF (points; gnuplot
# rounds to whole points), the speed-up figure 1.8 times as tall
pdf_size() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1x\2/p'; }
if command -v pdfinfo >/dev/null; then
    for entry in column:244x172:244x311 page:504x252:504x453 5x3:360x216:360x388
    do
        size=${entry%%:*} rest=${entry#*:}
        rm -rf "$TMP/sized"
        "$PB" plot "$TMP/ro" --out "$TMP/sized" --size "$size" --format pdf \
            --kinds time_vs_size,speedup >/dev/null 2>&1
        got="$(pdf_size "$TMP/sized/time_vs_size-cubing.pdf"):$(pdf_size \
            "$TMP/sized/speedup-cubing.pdf")"
        if [ "$got" = "$rest" ]; then pass; else
            fail "plot --size $size: PDF pages [$got], expected [$rest]"
        fi
    done
fi
check_error "a size that is no preset" 1 \
    "--size 'tiny': expected column, page or WxH in inches" "$TMP/ro" \
    --size tiny --out "$TMP/x"
check_error "a size too small for its text" 1 \
    "--size '1x1': expected column, page or WxH in inches, each from 1.5" \
    "$TMP/ro" --size 1x1 --out "$TMP/x"
check_error "an unknown title mode" 1 \
    "--title 'long': expected none, short or full" "$TMP/ro" --title long \
    --out "$TMP/x"
# --title: short (one line) and full (the caption's first sentence)
rm -rf "$TMP/titled"
"$PB" plot "$TMP/ro" --out "$TMP/titled" --kinds time_vs_size --format svg \
    --title short >/dev/null 2>&1
short=$(grep -c '>cubing: time per instance against size<' \
    "$TMP/titled/time_vs_size-cubing.svg")
"$PB" plot "$TMP/ro" --out "$TMP/titled" --kinds time_vs_size --format svg \
    --title full >/dev/null 2>&1
if [ "$short" -eq 1 ] && grep -Fq '>(solve only, wall time; random:100 corpora, 1 thread; build time not included)<' \
    "$TMP/titled/time_vs_size-cubing.svg"; then pass; else
    fail "plot --title short/full: no such title in the SVG"
fi
# --format tex: gnuplot's cairolatex, its text for LaTeX (braces
# balanced, the picture closed, its graphics named beside it, the
# variants' underscores escaped, no font family named: the paper's own)
# over the graphics' PDF; pdflatex is not
# needed (not installed for the tests), so the structure is what is checked
rm -rf "$TMP/tex"
run_from /dev/null "$PB" plot "$TMP/ro" --out "$TMP/tex" --kinds time_vs_size \
    --format tex
tex=$TMP/tex/time_vs_size-cubing.tex
if [ "$rc" -eq 0 ] && [ -s "$tex" ] &&
    [ "$(head -c 5 "$TMP/tex/time_vs_size-cubing-tex.pdf")" = '%PDF-' ] &&
    [ -s "$TMP/tex/time_vs_size-cubing.caption.txt" ] &&
    grep -Fq '\begin{picture}' "$tex" && grep -Fq '\end{picture}' "$tex" &&
    grep -Fq '{time_vs_size-cubing-tex}' "$tex" &&
    grep -Fq 'facelet\_table' "$tex" && ! grep -Fq '\fontfamily' "$tex" &&
    python3 - "$tex" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
depth = 0
for c in re.sub(r"\\[{}]", "", t):
    depth += (c == "{") - (c == "}")
    if depth < 0:
        sys.exit(1)
# every _ a LaTeX text holds is escaped (\_); the graphics' name has none
bare = re.findall(r"(?<!\\)_", re.sub(r"\{[^{}]*-tex\}", "", t))
sys.exit(1 if depth or bare else 0)
PY
then pass; else
    fail "plot --format tex: exit $rc; $(ls "$TMP/tex" | tr '\n' ' ');" \
        "$(grep -n 'includegraphics\|_' "$tex" | head -5)"
fi
# the private folder of a killed tex drawing goes with the next plot once
# old (an hour here); a fresh one (a live plot's) stays
mkdir "$TMP/tex/.tex-dead.000000" "$TMP/tex/.tex-live.000000"
: >"$TMP/tex/.tex-dead.000000/time_vs_size-cubing-tex.tex"
touch -d '1 hour ago' "$TMP/tex/.tex-dead.000000"
"$PB" plot "$TMP/ro" --out "$TMP/tex" --kinds relative --format svg \
    >/dev/null 2>&1
if [ ! -e "$TMP/tex/.tex-dead.000000" ] && [ -d "$TMP/tex/.tex-live.000000" ]
then pass; else
    fail "plot: a stale .tex- folder kept, or a fresh one removed"
fi
check_error "an unknown kind" 1 "--kinds: unknown 'nosuch'" "$TMP/only" \
    --kinds time_vs_size,nosuch
check_error "an unknown format" 1 "--format: unknown 'gif'" "$TMP/only" \
    --format gif
check_error "an unknown variant" 1 "--variants nosuch: no benchmark" \
    "$TMP/only" --variants bfs_hash,nosuch
check_error "an unknown baseline" 1 \
    "--baseline nosuch: no benchmark of .*run has that variant" \
    "$TMP/run" --baseline nosuch
# --baseline: the report divides by it and says so, where the kernel ran
# it; a kernel without it keeps its default and says that; the takeaway
# names the baseline as the fastest (one round: no win headlined)
mkdir "$TMP/based" && cp "$FIX/results.csv" "$FIX/results.json" "$TMP/based/"
run_from /dev/null "$PB" plot "$TMP/based" --baseline table --kinds relative \
    --format svg
md=$TMP/based/report.md
if [ "$rc" -eq 0 ] &&
    grep -Fq 'Baseline for the ratio column: table (chosen with --baseline)' \
        "$md" &&
    grep -Fq '| ratio to table (x) |' "$md" &&
    grep -Fq 'Baseline for the ratio column: geometry (the kernel' "$md" &&
    grep -Eq '^- \*\*magic_squares\*\*: (table, the baseline, is the fastest|on its largest corpus \(.*\), table \(the baseline\) against the next)' \
        "$md"; then pass; else
    fail "plot --baseline table: exit $rc; $(grep -E 'Baseline|^- ' "$md")"
fi
# figures per unit of work (cube_walk counts reachable states) and against
# a family's knob (NAME:K at one size): a tiny bench of its own
cat >"$TMP/knob.suite" <<'SUITE'
repetitions 2
min_time 0.01
threads 1
bench cube_walk spfa,dial uniform 8x8 5 1
bench cube_walk spfa,dial uniform 16x16 5 1
bench cube_walk spfa,dial maze:30 16x16 5 1
bench cube_walk spfa,dial maze:5 16x16 5 1
bench cube_walk spfa,dial maze:10 16x16 5 1
SUITE
run_from /dev/null "$PB" bench --suite "$TMP/knob.suite" --out "$TMP/knob"
check_rc "bench on a knob suite" 0
for entry in unit_time_vs_size:'time per reachable state against size' \
    work_per_unit_vs_knob:'queue pops per reachable state against the knob'
do
    kind=${entry%%:*} title=${entry#*:}
    svg=$TMP/knob/latest/figures/$kind-cube_walk.svg
    caption=$TMP/knob/latest/figures/$kind-cube_walk.caption.txt
    if [ -s "$svg" ] && grep -Fq "$title" "$caption"; then pass; else
        fail "$svg: missing, or its caption without '$title'"
    fi
done
# units per instance (27) are reachable states; knobs (28) in numeric order
if awk -F, '$1 == "cube_walk" && ($27 <= 0 || $27 == "NaN") { bad = 1 }
    $1 == "cube_walk" && $2 == "spfa" && $3 ~ /^maze:/ { k = k " " $28 }
    END { exit bad || k != " 5 10 30" }' "$TMP/knob/latest/summary.csv"
then pass; else
    fail "summary.csv: cube_walk units or knob order: $(cut -d, -f1-4,27,28 \
        "$TMP/knob/latest/summary.csv" | grep cube_walk)"
fi
# the figures against the knob: the speed-up over the reference family
# (by default the one without a knob at the sweep's size on its corpora:
# uniform 16x16, 5 instances, seed 1), with its paired interval on every
# sweep row and on no other; --counter draws another counter's figure
# beside the default one and names it; unknown names are refused with
# the nearest one; a reference with no such corpus is one note
K=$TMP/knob/latest
if [ -s "$K/figures/knob_speedup-cube_walk.svg" ] &&
    grep -Fq 'cube_walk: speed-up over uniform against the knob' \
        "$K/figures/knob_speedup-cube_walk.caption.txt" &&
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { s = $c["knob_speedup"]; lo = $c["knob_speedup_ci_lo"]
          hi = $c["knob_speedup_ci_hi"]; on = $c["family"] ~ /^maze:/
          if ($c["reference"] != "uniform") bad = 1
          if (on && (s == "NaN" || !(0 < lo + 0 && lo + 0 < hi + 0)))
              bad = 1
          if (!on && (s != "NaN" || lo != "NaN")) bad = 1
          if ($c["counter"] != "pops" ||
              $c["counter_per_instance"] != $c["work_per_instance"]) bad = 1
          n += on }
        END { exit bad || n != 6 }' "$K/summary.csv"; then pass; else
    fail "knob_speedup: no figure, or summary.csv's knob columns:" \
        "$(cut -d, -f2,3,38- "$K/summary.csv" | head -4)"
fi
run_from /dev/null "$PB" plot "$K" --counter relaxations --format svg \
    --kinds work_per_unit_vs_knob
check_rc "plot --counter relaxations" 0
if [ -s "$K/figures/relaxations_per_unit_vs_knob-cube_walk.svg" ] &&
    grep -Fq 'relaxations_per_unit_vs_knob-cube_walk.svg' "$OUT_DIR/out" &&
    grep -Fq 'cube_walk: distance improvements per reachable state against the knob (counter relaxations;' \
        "$K/figures/relaxations_per_unit_vs_knob-cube_walk.caption.txt" &&
    [ -s "$K/figures/work_per_unit_vs_knob-cube_walk.svg" ] &&
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["counter"] != "relaxations" { bad = 1 }
        $c["counter_per_instance"] != $c["work_per_instance"] { other = 1 }
        END { exit bad || !other }' "$K/summary.csv"; then pass; else
    fail "plot --counter relaxations: its figure, caption or summary:" \
        "$(ls "$K/figures" | grep knob | tr '\n' ' ')"
fi
check_fails "plot --counter relaxaton" 1 \
    "--counter: unknown counter 'relaxaton' in .*; did you mean 'relaxations'\\? expected one of: pops, relaxations, build_ns, settled, touched" \
    "$PB" plot "$K" --counter relaxaton
check_fails "plot --reference unifrom" 1 \
    "--reference: no benchmark of .* has the family 'unifrom'; did you mean 'uniform'\\?" \
    "$PB" plot "$K" --reference unifrom
run_from /dev/null "$PB" plot "$K" --reference maze:5 --format svg \
    --kinds knob_speedup
if [ "$rc" -eq 0 ] && [ "$(grep -c . "$OUT_DIR/out")" -eq 1 ] &&
    grep -Fxq 'note: cube_walk: knob_speedup not drawn: no maze:5 corpus at 16x16 with the instances and seed of the maze:K ones to divide by (families there: uniform; plot --reference FAMILY)' \
        "$OUT_DIR/out"; then pass; else
    fail "plot --reference maze:5: exit $rc, expected one note; $(outputs)"
fi
# the intervals the figures draw (summary.csv's *_ci_* columns, found by
# name): the knob suite runs 3 rounds (the suites' default), so every row
# has its time's 95 % interval, and every variant but the baseline (spfa)
# its ratio's; the fixture's one round gives none (its points hollow)
ci_check() { # ci_check FILE WANT: WANT = some (intervals) or none
    awk -F, -v want="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { lo = $c["time_ci_lo_s"]; hi = $c["time_ci_hi_s"]
          rlo = $c["ratio_ci_lo"]; rhi = $c["ratio_ci_hi"]
          if (want == "none") { if (lo != "NaN" || rlo != "NaN") bad = 1; next }
          if (lo == "NaN" || !(lo + 0 < hi + 0) || $c["rounds"] != 3) bad = 1
          if ($c["variant"] != "spfa" && (rlo == "NaN" || !(rlo + 0 < rhi + 0)))
              bad = 1 }
        END { exit bad || NR < 2 }' "$1"
}
if ci_check "$TMP/knob/latest/summary.csv" some &&
    ci_check "$TMP/run/summary.csv" none; then pass; else
    fail "summary.csv: the intervals over rounds: $(cut -d, -f2,31- \
        "$TMP/knob/latest/summary.csv" | head -4)"
fi
# drawn so: a point with an interval is a filled marker (styles.gp's
# pt 7, 5, 9, ...: gnuplot's SVG glyphs #gpPt6, #gpPt4, #gpPt8, even), one
# without a hollow one (#gpPt5, #gpPt3, ..., odd); the glyphs' own
# definitions (id='gpPt..') are not points
hollow_points() {
    sed -n '/<g id="gnuplot_plot_1"/,$p' "$1" | grep -v " id='gpPt" |
        grep -oE "#gpPt[0-9]+'" | tr -dc '0-9\n' | awk '$1 % 2 == 1' | wc -l
}
if [ "$(hollow_points "$TMP/knob/latest/figures/time_vs_size-cube_walk.svg")" \
    -eq 0 ] && [ "$(hollow_points \
        "$TMP/run/figures/time_vs_size-cubing.svg")" -gt 0 ]; then pass; else
    fail "hollow points: a run of 3 rounds drew some, or one of 1 round none"
fi

# Large results (errors.md "Security and robustness, third round", row 9): plot was cubic in knob families and
# quadratic in benchmarks (92 s for 1000 families, 231 s for 20,000
# benchmarks). The largest inputs a test covers: 20,000 benchmarks (60,000
# rows, 5,000 corpora, so the relative figure numbers its corpora instead
# of naming them) and 1,000 knob families of one size, each drawn in a few
# seconds; the timeout is a hang guard, not a measurement.
big() { # big DIR MODE N: N benchmarks (bench) or N knob families (knob)
    mkdir -p "$1" && python3 - "$@" <<'PY'
import sys
d, mode, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
variants = ["spfa", "dijkstra", "dial", "radix"]
rows = ["kernel,variant,family,size,count,seed,corpus_hash,threads,"
        "repetition,iterations,seconds,build_seconds,instances_per_second,"
        "work_per_second,expanded_per_instance,peak_heap_bytes,"
        "allocated_bytes,peak_rss_bytes,verified,error"]
def bench(v, fam, size, seed):
    for r in range(3):
        s = 0.001 * (1 + 0.01 * r) * (1 + variants.index(v))
        rows.append(f"cube_walk,{v},{fam},{size},10,{seed},{seed:016x},1,"
                    f"{r},1,{s:.9f},0,{10 / s:.6g},{1e4 / s:.6g},1000,"
                    f"100000,200000,3000000,1,\"\"")
if mode == "bench":
    for i in range(n // len(variants)):
        side = 8 + i % 50
        for v in variants:
            bench(v, "uniform" if i % 2 == 0 else "maze:20",
                  f"{side}x{side}", 1000 + i)
else:
    for k in range(1, n + 1):
        for v in variants:
            bench(v, f"adversarial:{k}", "64x64", 1)
open(d + "/results.csv", "w").write("\n".join(rows) + "\n")
PY
}
big "$TMP/big" bench 20000
big "$TMP/knobs" knob 1000
for d in big knobs; do
    run_from /dev/null timeout 300 "$PB" plot "$TMP/$d" --format svg
    check_rc "plot of $d (a hang guard of 300 s)" 0
done
if [ "$(($(wc -l <"$TMP/big/summary.csv") - 1))" -eq 20000 ] &&
    grep -Fq "5000 of them, numbered as summary.csv" \
        "$TMP/big/figures/relative-cube_walk.svg"; then pass; else
    fail "20,000 benchmarks: summary.csv rows or the numbered corpora"
fi
# the knob column (28) of spfa's rows: 1..1000 in numeric order
if awk -F, 'NR > 1 && $2 == "spfa" { if ($28 != ++k) bad = 1 }
    END { exit bad || k != 1000 }' "$TMP/knobs/summary.csv"; then pass; else
    fail "1,000 knob families: the knobs in summary.csv"
fi

# A run granted fewer CPUs than it ran threads (taskset,
# a cgroup quota, OMP_THREAD_LIMIT; results.json's cpus_granted): no
# speed-up at 2 threads in summary.csv, no speed-up figure, and the
# report says why in each kernel's section
mkdir "$TMP/granted"
cp "$FIX/results.csv" "$TMP/granted/"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["context"]["cpus_granted"] = "1"
json.dump(d, open(sys.argv[2], "w"), indent=2)' "$FIX/results.json" \
    "$TMP/granted/results.json"
run_from /dev/null "$PB" plot granted --format svg
check_rc "plot of a run granted 1 CPU" 0
sum=$TMP/granted/summary.csv
if [ "$(awk -F, 'NR > 1 && $7 == 2 && $15 != "NaN"' "$sum" | wc -l)" -eq 0 ] &&
    [ "$(awk -F, 'NR > 1 && $7 == 2' "$sum" | wc -l)" -gt 0 ] &&
    [ "$(awk -F, 'NR > 1 && $7 == 1 && $15 == "NaN"' "$sum" | wc -l)" -eq \
        "$(awk -F, 'NR > 1 && $7 == 1 && $15 == "NaN"' "$TMP/run/summary.csv" |
            wc -l)" ]; then pass; else
    fail "summary.csv of a run granted 1 CPU: a speed-up at 2 threads:" \
        "$(cut -d, -f1,2,7,15 "$sum" | grep ',2,' | head -3 | tr '\n' ' ')"
fi
if [ -z "$(find "$TMP/granted/figures" -name 'speedup*')" ] &&
    [ "$(grep -c '^Left out of the speed-up figure: the runs at 2 threads, more than the 1 CPU the process was granted' \
        "$TMP/granted/report.md")" -eq 3 ]; then pass; else
    fail "a speed-up figure of a run granted 1 CPU, or no note per kernel:" \
        "$(find "$TMP/granted/figures" -name 'speedup*' | tr '\n' ' ')"
fi

summary
