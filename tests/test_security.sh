#!/bin/bash
# test_security.sh - results files from elsewhere are data, never code
# (errors.md "Security and robustness", rows 1, 2, 10 and 12):
# - plot refuses, with FILE:LINE (or FILE: benchmarks[I]), a kernel,
#   variant or family name outside its character set, and a results.json
#   name that is not a puzzlebench benchmark; the gnuplot payloads of the
#   issue run nothing; paths with backquotes stay text;
# - report.html and report.md escape what results.json and the folder's path
#   bring (<img onerror>, <script>, |, [ ]);
# - figures appear whole or not at all: no 0-byte figure, no temporary
#   left, a dead run's temporaries removed by the next plot, a kill -9
#   mid-way leaves only complete figures;
# - compare matches 200,000 benchmarks in linear time (a generous timeout
#   as a hang guard only), refuses a baseline median of 0, and still
#   reads ordinary foreign names (BM_Foo<int>/8).
# Usage: test_security.sh PUZZLEBENCH SOURCE_DIR
# absolute, since the test works in its own folder
PB=$(realpath "$1") || exit 2
FIX=$(realpath "$2")/tests/fixtures
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_security.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
have_gnuplot=false
command -v gnuplot >/dev/null && have_gnuplot=true
# gnuplot runs in plot's folder: a payload would leave its file here
mkdir "$TMP/w"
cd "$TMP/w" || exit 2

# results DIR: a copy of the plot fixture (results.csv, log.txt)
results() {
    mkdir -p "$1" && cp "$FIX/results/results.csv" "$FIX/results/log.txt" "$1/"
}
# no_file WHAT NAME...: none of the files exists (a payload did not run)
no_file() {
    local what=$1
    shift
    for f in "$@"; do
        if [ -e "$TMP/w/$f" ]; then
            fail "$what: the payload ran (file $f exists)"
            return
        fi
    done
    pass
}
# set_column FILE COLUMN VALUE: VALUE in COLUMN of every magic_squares row
set_column() {
    awk -F, -v OFS=, -v c="$2" -v v="$3" \
        'NR > 1 && $1 == "magic_squares" { $c = v } { print }' \
        "$FIX/results/results.csv" >"$1"
}

# --- item 1: gnuplot code from results files --------------------------
results dq
set_column dq/results.csv 3 '".system("touch B")."'
check_fails "a double-quoted payload in family" 1 \
    "dq/results.csv:2: family '\".system\(\"touch B\"\)\.\"' is not a name; expected 1 to 31 characters in \[A-Za-z0-9_:.-\]" \
    "$PB" plot dq
no_file "family \".system(...).\"" B
results sq
set_column sq/results.csv 3 "'.system('touch C').'"
check_fails "a single-quoted payload in family" 1 \
    "sq/results.csv:2: family '.*' is not a name" "$PB" plot sq
no_file "family '.system(...).'" C
results var
set_column var/results.csv 2 "table'.system('touch V').'"
check_fails "a payload in variant" 1 "var/results.csv:2: variant .* is not a name; expected .*\[a-z0-9_\]" \
    "$PB" plot var
no_file "variant payload" V
results kern
awk -F, -v OFS=, 'NR == 3 { $1 = "Magic" } { print }' \
    "$FIX/results/results.csv" >kern/results.csv
check_fails "an upper-case kernel" 1 "kern/results.csv:3: kernel 'Magic' is not a name" \
    "$PB" plot kern
# results.json: the family component of a puzzlebench name
mkdir json
cp "$FIX/results/log.txt" json/
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for b in d["benchmarks"]:
    for k in ("name", "run_name"):
        p = b[k].split("/")
        if p[0] == "magic_squares":
            p[2] = "\".system(\"touch D\").\""
        b[k] = "/".join(p)
json.dump(d, open(sys.argv[2], "w"))' "$FIX/compare/a/results.json" \
    json/results.json
check_fails "a payload in a results.json family" 1 \
    'json/results.json: benchmarks\[0\]: family .* is not a name' "$PB" plot json
no_file "results.json family payload" D
# a name that is not a puzzlebench benchmark never reaches gnuplot
mkdir foreign
cp "$FIX/results/log.txt" foreign/
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
b = d["benchmarks"][3]
b["name"] = b["run_name"] = "magic_squares/\".system(\"touch E\").\"/x"
json.dump(d, open(sys.argv[2], "w"))' "$FIX/compare/a/results.json" \
    foreign/results.json
check_fails "a foreign name in plot" 1 \
    'foreign/results.json: benchmarks\[3\]: .* is not a puzzlebench benchmark' \
    "$PB" plot foreign
no_file "foreign name payload" E
# paths: a single quote is refused; backquotes are text in single quotes
results "q'uote"
check_fails "a folder with a single quote" 1 "single quote" "$PB" plot "q'uote"
results plain
PB_PLOTS_DIR="$TMP/p'lots" check_fails "PB_PLOTS_DIR with a single quote" 1 \
    "p'lots: a path with a single quote" "$PB" plot plain
if $have_gnuplot; then
    results 'bq`touch F`'
    run_from /dev/null "$PB" plot 'bq`touch F`'
    check_rc "plot in a folder named with backquotes" 0
    no_file "backquotes in the folder" F
    # the path, with its backquotes, outside a code span and escaped
    if grep -Fq 'Results folder: bq\`touch F\`.' 'bq`touch F`/report.md'; then
        pass
    else
        fail "report.md: the backquoted folder is not escaped:" \
            "$(grep 'Results folder' 'bq`touch F`/report.md')"
    fi
fi
# gnuplot reads '<CMD' and writes '|CMD' through a shell: relative
# paths must not start so
if $have_gnuplot; then
    results '<touch G;x'
    run_from /dev/null "$PB" plot '<touch G;x'
    check_rc "plot in a folder named <touch G;x" 0
    no_file "a folder named <touch G;x" G
    results '|touch H;x'
    run_from /dev/null "$PB" plot '|touch H;x'
    check_rc "plot in a folder named |touch H;x" 0
    no_file "a folder named |touch H;x" H
fi
# compare still reads ordinary foreign names, and refuses control bytes
python3 -c 'import json, sys
for path, t in ((sys.argv[1], 100), (sys.argv[2], 200)):
    runs = [{"name": n, "run_type": "iteration", "real_time": t + i,
             "time_unit": "ns", "iterations": 1}
            for n in ("BM_Foo<int>/8", "BM_Sort/1024") for i in range(5)]
    json.dump({"benchmarks": runs}, open(path, "w"))' gb_a.json gb_b.json
run_from /dev/null "$PB" compare gb_a.json gb_b.json
check_rc "compare with BM_Foo<int>/8" 0
if grep -q '^BM_Foo<int>/8 ' "$TMP/out" && grep -q '^BM_Sort/1024 ' "$TMP/out"
then pass; else fail "compare: foreign names not listed; $(outputs)"; fi
printf '{"benchmarks": [{"name": "BM_\\u001b[31mx", "real_time": 1, "time_unit": "ns"}]}\n' \
    >ctl.json
check_fails "a foreign name with ESC" 1 \
    'ctl.json: benchmarks\[0\]: a name with a control byte' \
    "$PB" compare gb_a.json ctl.json

# --- item 2: HTML and Markdown injection in the report ----------------
if $have_gnuplot; then
    results html
    # the report's provenance and verification come from results.json
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
c = d["context"]
c["compiler"] = "<img src=x onerror=alert(1)>"
c["suite"] = "<script>alert(1)</script>"
c["note"] = "a|b [link](http://x) `code`"
c["verify:<script>alert(2)</script>"] = (
    "order=99 status=correct correct=50 instances=50 seconds=0.1 reason=")
json.dump(d, open(sys.argv[2], "w"))' "$FIX/results/results.json" \
        html/results.json
    run_from /dev/null "$PB" plot html
    check_rc "plot with markup in results.json" 0
    if ! grep -Eq '<img src=x|<script>' html/report.html &&
        grep -Fq '<td>&lt;img src=x onerror=alert(1)&gt;</td>' html/report.html &&
        grep -Fq '<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>' html/report.html &&
        grep -Fq '<td>&lt;script&gt;alert(2)&lt;/script&gt;</td>' html/report.html
    then pass; else
        fail "report.html: provenance not escaped:" \
            "$(grep -E 'img src=x|script' html/report.html | head -3)"
    fi
    if ! grep -Eq '(^|[^\\])<(img|script)' html/report.md &&
        grep -Fq '| compiler | \<img src=x onerror=alert(1)\> |' html/report.md &&
        grep -Fq '| note | a\|b \[link\](http://x) \`code\` |' html/report.md
    then pass; else
        fail "report.md: provenance not escaped:" \
            "$(grep -E 'img|script|note' html/report.md | head -3)"
    fi
    # the folder's own name as the vector
    name='<img src=x onerror=alert(1)>'
    results "$name"
    run_from /dev/null "$PB" plot "$name"
    check_rc "plot in a folder named with markup" 0
    if ! grep -q '<img src=x' "$name/report.html" &&
        grep -Fq '<code>&lt;img src=x onerror=alert(1)&gt;</code>' \
            "$name/report.html"; then
        pass
    else
        fail "report.html: the folder's name is not escaped"
    fi
fi

# --- item 10: figures whole or not at all -----------------------------
if $have_gnuplot; then
    # figure_faults DIR: 0-byte figures and temporaries under DIR
    figure_faults() {
        find "$1" \( -name '*.tmp.*' -o \( -empty -type f \
            \( -name '*.png' -o -name '*.svg' -o -name '*.pdf' \) \) \) |
            head -3
    }
    results whole
    (:) &
    dead=$!
    wait "$dead"
    mkdir whole/figures
    : >"whole/figures/speedup-cubing.png.tmp.$dead.0123456789ab"
    : >"whole/summary.csv.tmp.$dead.abcdef012345"
    : >"whole/figures/speedup-cubing.svg.tmp.$$.0123456789ab"
    # stale means unlocked and old (pb_file.h), whatever the pid says
    touch -d '1 hour ago' "whole/figures/speedup-cubing.png.tmp.$dead.0123456789ab" \
        "whole/summary.csv.tmp.$dead.abcdef012345"
    run_from /dev/null "$PB" plot whole
    check_rc "plot beside stale temporaries" 0
    if [ ! -e "whole/figures/speedup-cubing.png.tmp.$dead.0123456789ab" ] &&
        [ ! -e "whole/summary.csv.tmp.$dead.abcdef012345" ]; then
        pass
    else
        fail "plot left a dead run's temporaries: $(ls whole whole/figures)"
    fi
    if [ -e "whole/figures/speedup-cubing.svg.tmp.$$.0123456789ab" ]; then
        pass
    else
        fail "plot removed a live process's temporary"
    fi
    rm -f "whole/figures/speedup-cubing.svg.tmp.$$.0123456789ab"
    faults=$(figure_faults whole)
    if [ -z "$faults" ]; then pass; else
        fail "after plot: empty figures or temporaries: $faults"
    fi
    # kill -9 of plot and its gnuplot mid-way, then a clean plot
    results killed
    setsid "$PB" plot killed >/dev/null 2>&1 &
    victim=$!
    sleep 1
    kill -9 -- "-$victim" 2>/dev/null
    wait "$victim" 2>/dev/null
    empty=$(find killed -empty -type f \( -name '*.png' -o -name '*.svg' \
        -o -name '*.pdf' \) | head -3)
    if [ -z "$empty" ]; then pass; else
        fail "a kill -9 left empty figures: $empty"
    fi
    # the killed run's temporaries go once old enough (pb_file.h)
    find killed -name '*.tmp.*' -exec touch -d '1 hour ago' {} +
    run_from /dev/null "$PB" plot killed
    check_rc "plot after a kill" 0
    faults=$(figure_faults killed)
    if [ -z "$faults" ]; then pass; else
        fail "plot after a kill: empty figures or temporaries: $faults"
    fi
fi

# --- item 12: compare at scale, and a zero baseline -------------------
# two results of 200,000 benchmarks each (one repetition), B 10 % slower
header=$(head -n 1 "$FIX/results/results.csv")
for side in a:0.1 b:0.11; do
    awk -v h="$header" -v s="${side#*:}" 'BEGIN {
        print h
        for (i = 1; i <= 200000; i++)
            printf "magic_squares,table,uniform,4,50,%d,0,1,0,1,%s,0,0,0,0,NA,0,0,1,\"\"\n", i, s
    }' >"big_${side%%:*}.csv"
done
run_from /dev/null timeout 300 "$PB" compare big_a.csv big_b.csv
check_rc "compare of 200,000 benchmarks" 0
if grep -Fq '# magic_squares: geometric mean of the ratios 1.10x over 200,000 benchmarks' \
    "$TMP/out"; then pass; else
    fail "compare of 200,000 benchmarks: no mean over all; $(outputs)"
fi
rm -f big_a.csv big_b.csv
# a baseline whose median is 0
{
    echo "$header"
    echo 'magic_squares,table,uniform,4,50,1,0,1,0,1,0,0,0,0,0,NA,0,0,1,""'
    echo 'magic_squares,table,uniform,4,50,1,0,1,1,1,0,0,0,0,0,NA,0,0,1,""'
} >zero.csv
{
    echo "$header"
    echo 'magic_squares,table,uniform,4,50,1,0,1,0,1,0.5,0,0,0,0,NA,0,0,1,""'
    echo 'magic_squares,table,uniform,4,50,1,0,1,1,1,0.6,0,0,0,0,NA,0,0,1,""'
} >slow.csv
check_fails "a zero baseline" 1 \
    "zero.csv: magic_squares/table/uniform/size:4/n:50/seed:1/threads:1: the baseline's median time is 0" \
    "$PB" compare zero.csv slow.csv
check_fails "a zero baseline with --fail-above" 1 \
    "the baseline's median time is 0" \
    "$PB" compare zero.csv slow.csv --fail-above 10
summary
