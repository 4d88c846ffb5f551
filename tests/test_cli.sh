#!/usr/bin/env bash
# test_cli.sh - black-box tests of the puzzlebench command line.
#
# Usage: test_cli.sh PATH_TO_PUZZLEBENCH
#
# Runs the executable the way a user or a script would and checks exit codes
# (0 success, 1 wrong answers or bad data, 2 usage error), what goes to
# stdout and stderr, and the bytes written: --help of every verb, usage
# errors (one line on stderr, nothing on stdout), `solve` on the official
# sample for every variant listed by `list` at 1 and 2 threads, bad judge
# input (message names the line, stdout stays empty), `gen` determinism and
# header, `verify` on generated corpora, `census` totals, and `run`.
# Everything happens in a temporary directory that is removed on exit.
# Prints one line per failed check on stderr and ends with
# "N passed, N failed"; exit status 1 when any check failed.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_pb "$@"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_cli.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 2

K=magic_squares
SAMPLE='2 6 8 4 5 7 3 1'
SAMPLE_ANSWER=$'7\nBCABCCB'
OUT_DIR=$TMP

# run STDIN_FILE CMD...: see run_from in testlib.sh.
run() { run_from "$@"; }

# check_help ARGS...: exit 0 and a non-empty stdout.
check_help() {
    run /dev/null "$PB" "$@"
    if [ "$rc" -eq 0 ] && [ -s "$TMP/out" ]; then
        pass
    else
        fail "puzzlebench $*: exit $rc, stdout $(wc -c <"$TMP/out") bytes;" \
            "expected exit 0 and help text"
    fi
}

# check_usage ARGS...: exit 2, exactly one line on stderr, empty stdout.
check_usage() {
    run /dev/null "$PB" "$@"
    local lines
    lines=$(wc -l <"$TMP/err")
    if [ "$rc" -eq 2 ] && [ "$lines" -eq 1 ] && [ ! -s "$TMP/out" ]; then
        pass
    else
        fail "puzzlebench $*: exit $rc, $lines stderr lines, stdout" \
            "$(wc -c <"$TMP/out") bytes; expected exit 2, one stderr line," \
            "empty stdout; $(outputs)"
    fi
}

# check_bad_input WHAT PATTERN STDIN_FILE ARGS...: solve-like command that
# must reject its input: exit 1, one stderr line matching the extended
# regex PATTERN, empty stdout.
LINE_RE=':[0-9]+:'
check_bad_input() {
    local what=$1 pattern=$2 in=$3
    shift 3
    run "$in" "$PB" "$@"
    local lines
    lines=$(wc -l <"$TMP/err")
    if [ "$rc" -eq 1 ] && [ "$lines" -eq 1 ] && [ ! -s "$TMP/out" ] &&
        grep -Eq -- "$pattern" "$TMP/err"; then
        pass
    else
        fail "$what (puzzlebench $*): exit $rc, $lines stderr lines," \
            "stdout $(wc -c <"$TMP/out") bytes; expected exit 1, one" \
            "stderr line matching '$pattern', empty stdout; $(outputs)"
    fi
}

# bad_text WHAT TEXT: `solve` on TEXT (backslash escapes) from stdin must fail
# with the line number in the message.
bad_text() {
    printf '%b' "$2" >"$TMP/bad.in"
    check_bad_input "$1" "<stdin>$LINE_RE" "$TMP/bad.in" solve "$K"
}

# check_out WHAT EXPECTED: the last command exited 0 and printed exactly
# EXPECTED plus a final newline.
check_out() {
    local want
    want=$(printf '%s\n' "$2" | od -c)
    if [ "$rc" -eq 0 ] && [ "$(od -c <"$TMP/out")" = "$want" ]; then
        pass
    else
        fail "$1: exit $rc; expected exactly [$2]; $(outputs)"
    fi
}

# check_samples KERNEL VARIANT...: data/KERNEL/sample.in through each
# variant and the default, at 1 and 2 threads, prints data/KERNEL/sample.out.
DATA=$HERE/../data
check_samples() {
    local k=$1 v t
    shift
    for v in "$@" default; do
        for t in 1 2; do
            if [ "$v" = default ]; then
                run "$DATA/$k/sample.in" "$PB" solve "$k" --threads "$t"
            else
                run "$DATA/$k/sample.in" "$PB" solve "$k" --variant "$v" \
                    --threads "$t"
            fi
            if [ "$rc" -eq 0 ] && cmp -s "$TMP/out" "$DATA/$k/sample.out"; then
                pass
            else
                fail "solve $k --variant $v --threads $t on" \
                    "data/$k/sample.in: exit $rc; $(outputs)"
            fi
        done
    done
}

# check_verify WHAT: the last command was a verify: exit 0, a header, then
# only data rows whose 'wrong' column is 0. Sets $rows to the number of
# data rows.
rows=0
check_verify() {
    rows=$(awk 'NR > 1 && NF > 0' "$TMP/out" | wc -l)
    local col bad
    col=$(awk 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "wrong")
                               print i; exit }' "$TMP/out")
    if [ -z "$col" ]; then
        fail "$1: no header with a 'wrong' column; $(outputs)"
        return
    fi
    bad=$(awk -v c="$col" 'NR > 1 && NF > 0 && $c != "0"' "$TMP/out")
    if [ "$rc" -eq 0 ] && [ "$rows" -ge 1 ] && [ -z "$bad" ]; then
        pass
    else
        fail "$1: exit $rc, $rows rows, rows with wrong answers: [$bad];" \
            "$(outputs)"
    fi
}

# ---------------------------------------------------------------- help
check_help --help
# --version: the version, and the commit the results would record (git
# in the source tree; PB_COMMIT/PB_DIRTY in a bundle)
run /dev/null "$PB" --version
want_commit=$(git -C "$HERE/.." rev-parse HEAD 2>/dev/null || echo unknown)
if [ "$rc" -eq 0 ] && head -n 1 "$TMP/out" | grep -Eq '^puzzlebench [0-9]+\.[0-9]+\.[0-9]+$' &&
    sed -n 2p "$TMP/out" | grep -Eq "^commit $want_commit \(dirty: (true|false|unknown)\)\$"
then
    pass
else
    fail "--version: exit $rc, expected the version and commit $want_commit;" \
        "$(outputs)"
fi
PB_COMMIT=0123abc PB_DIRTY=false run /dev/null "$PB" -V
if [ "$rc" -eq 0 ] && grep -q '^commit 0123abc (dirty: false)$' "$TMP/out"; then
    pass
else
    fail "-V with PB_COMMIT: exit $rc; $(outputs)"
fi
for verb in list solve gen verify census bench run; do
    check_help "$verb" --help
done
# list --families: every kernel's families and size knob (what gen --help
# points to)
run /dev/null "$PB" list
kernels=$(grep -c '^[a-z]' "$TMP/out")
run /dev/null "$PB" list --families
kernels_listed=$(grep -c '^[a-z_]* *size: ' "$TMP/out")
if [ "$rc" -eq 0 ] && [ "$kernels_listed" -eq "$kernels" ] &&
    [ "$(grep -c '^  families: ' "$TMP/out")" -eq "$kernels" ] &&
    grep -q 'adversarial\[:P\]' "$TMP/out" &&
    grep -q 'depth:D' "$TMP/out"; then
    pass
else
    fail "list --families: exit $rc, $kernels_listed kernels; $(outputs)"
fi
run /dev/null "$PB" gen --help
if grep -q "'puzzlebench list --families'" "$TMP/out"
then
    pass
else
    fail "gen --help does not point to 'puzzlebench list --families'"
fi
for verb in bench run; do # ours, not Google Benchmark's --help
    run /dev/null "$PB" "$verb" --help
    if grep -q "^usage: puzzlebench $verb" "$TMP/out"; then
        pass
    else
        fail "$verb --help does not show puzzlebench's usage; $(outputs)"
    fi
done
run /dev/null "$PB"
check_rc "puzzlebench with no arguments" 2

# -------------------------------------------------------- usage errors
check_usage nosuch
check_usage solve nosuch
check_usage solve "$K" --variant nosuch
check_usage solve "$K" --bogus
check_usage gen "$K" --family
check_usage gen "$K"
check_usage gen "$K" --family uniform --count abc
check_usage gen "$K" --family uniform --count 0
check_usage gen "$K" --family uniform --seed x
check_usage solve "$K" --threads 0
check_usage solve "$K" --threads abc
check_usage verify "$K" --threads 0 nofile
check_usage gen "$K" --family nosuch
check_usage gen "$K" --family depth:abc
check_usage census "$K" --size 9
check_usage census "$K" --size 2
check_usage census nosuch

# --------------------------------------------------------------- solve
run /dev/null "$PB" list
check_rc "puzzlebench list" 0
# Variant lines: two spaces, a marker ('*' or a space), then the name.
# variants_of KERNEL: the variant names `list` shows under KERNEL.
variants_of() {
    awk -v k="$1" '/^[^ ]/ { on = ($1 == k); next }
        on && /^  [* ] *[A-Za-z0-9_]+/ { sub(/^  [* ] */, ""); print $1 }' \
        "$TMP/out"
}
variants=$(variants_of "$K")
eight_variants=$(variants_of cubic_eight)
cubing_variants=$(variants_of cubing)
walk_variants=$(variants_of cube_walk)
if [ -n "$variants" ]; then
    pass
else
    fail "puzzlebench list: no variant lines; $(outputs)"
fi

printf '%s\n' "$SAMPLE" >sample.in
for v in $variants; do
    for t in 1 2; do
        run sample.in "$PB" solve "$K" --variant "$v" --threads "$t"
        check_out "solve --variant $v --threads $t on the sample" \
            "$SAMPLE_ANSWER"
    done
done
run sample.in "$PB" solve "$K"
check_out "solve (default variant) on the sample" "$SAMPLE_ANSWER"

printf '1 2 3 4 5 6 7 8\n' >start.in
run start.in "$PB" solve "$K"
check_out "solve on the start" $'0\n'

# Several instances, answered in order, also across line breaks.
printf '%s\n1 2 3 4 5 6 7 8\n%s\n' "$SAMPLE" "$SAMPLE" >multi.in
for t in 1 2; do
    run multi.in "$PB" solve "$K" --threads "$t"
    check_out "solve of three instances --threads $t" \
        "$SAMPLE_ANSWER"$'\n0\n\n'"$SAMPLE_ANSWER"
done
printf '1 2 3\n4 5 6 7 8\n' >split.in
run split.in "$PB" solve "$K"
check_out "solve of an instance over two lines" $'0\n'

# FILE argument rather than stdin.
run /dev/null "$PB" solve "$K" sample.in
check_out "solve FILE" "$SAMPLE_ANSWER"

# Extended format: a 2 x 5 ring.
printf 'ring 5\n2 1 3 4 5 6 7 8 9 10\n1 2 3 4 5 6 7 8 9 10\n' >ring5.in
run ring5.in "$PB" solve "$K"
if [ "$rc" -eq 0 ] && head -n 1 "$TMP/out" | grep -Eq '^[0-9]+$' &&
    [ "$(sed -n '3p' "$TMP/out")" = 0 ]; then
    pass
else
    fail "solve of 'ring 5' instances; $(outputs)"
fi

# ----------------------------------------------------- bad solve input
bad_text "a non-number" '2 6 x 4 5 7 3 1\n'
bad_text "too few numbers" '2 6 8\n'
bad_text "too many numbers" '2 6 8 4 5 7 3 1 9\n'
bad_text "a number above the range" '9 6 8 4 5 7 3 1\n'
bad_text "a number below the range" '0 6 8 4 5 7 3 1\n'
bad_text "a negative number" '-1 6 8 4 5 7 3 1\n'
bad_text "a repeated number" '2 2 8 4 5 7 3 1\n'
bad_text "empty input" ''
bad_text "whitespace-only input" '  \n\n \t\n'
bad_text "ring 7" 'ring 7\n1 2 3 4 5 6 7 8 9 10 11 12 13 14\n'
bad_text "ring x" 'ring x\n'
bad_text "ring 5 with 8 numbers" 'ring 5\n1 2 3 4 5 6 7 8\n'
bad_text "a bad second instance after a good one" \
    '2 6 8 4 5 7 3 1\n2 6 x 4 5 7 3 1\n'
check_bad_input "the bad second instance is on line 2" '<stdin>:2:' \
    "$TMP/bad.in" solve "$K"
bad_text "a short second instance after a good one" \
    '2 6 8 4 5 7 3 1\n1 2 3\n'

printf '2 6 8 4 5\0 7 3 1\n' >nul.in
check_bad_input "a file with a NUL byte" "nul\\.in$LINE_RE" /dev/null \
    solve "$K" nul.in
check_bad_input "a missing file" 'nosuch\.in' /dev/null solve "$K" nosuch.in

"$PB" gen "$K" --family uniform --count 5 --seed 7 -o trunc_full.txt
sed '$d' trunc_full.txt >trunc.txt
check_bad_input "a corpus with fewer instances than its header" \
    "trunc\\.txt$LINE_RE" /dev/null solve "$K" trunc.txt
sed 's/^# kernel .*/# kernel cubing/' trunc_full.txt >other.txt
check_bad_input "a corpus of another kernel" "other\\.txt$LINE_RE" \
    /dev/null solve "$K" other.txt

# ----------------------------------------------------------------- gen
# gen_cmp WHAT ARGS...: two runs with the same ARGS give the same bytes.
gen_cmp() {
    local what=$1
    shift
    if "$PB" gen "$K" "$@" -o g1.txt && "$PB" gen "$K" "$@" -o g2.txt &&
        [ -s g1.txt ] && cmp -s g1.txt g2.txt; then
        pass
    else
        fail "gen $* twice ($what): the files differ or gen failed"
    fi
}
gen_cmp "uniform" --family uniform --count 50 --seed 3
gen_cmp "depth:14" --family depth:14 --count 20 --seed 3
gen_cmp "size 5" --family uniform --size 5 --count 20 --seed 3

OMP_NUM_THREADS=1 "$PB" gen "$K" --family depth:14 --count 20 -o t1.txt
OMP_NUM_THREADS=2 "$PB" gen "$K" --family depth:14 --count 20 -o t2.txt
if [ -s t1.txt ] && cmp -s t1.txt t2.txt; then
    pass
else
    fail "gen --family depth:14 differs between OMP_NUM_THREADS=1 and 2"
fi

"$PB" gen "$K" --family uniform --count 50 --seed 1 -o s1.txt
"$PB" gen "$K" --family uniform --count 50 --seed 2 -o s2.txt
if [ -s s1.txt ] && [ -s s2.txt ] && ! cmp -s s1.txt s2.txt; then
    pass
else
    fail "gen with seeds 1 and 2 gives the same file (or failed)"
fi

# -o writes the file, stdout stays empty; stdout without -o is the same.
run /dev/null "$PB" gen "$K" --family uniform --count 5 --seed 7 -o h.txt
if [ "$rc" -eq 0 ] && [ ! -s "$TMP/out" ] && [ -s h.txt ]; then
    pass
else
    fail "gen -o h.txt: exit $rc, or stdout not empty, or no file; $(outputs)"
fi
run /dev/null "$PB" gen "$K" --family uniform --count 5 --seed 7
if [ "$rc" -eq 0 ] && cmp -s "$TMP/out" h.txt; then
    pass
else
    fail "gen to stdout differs from gen -o"
fi
for line in "# kernel $K" "# family uniform" "# size 4" "# seed 7" \
    "# count 5" "# generator 1"; do
    if grep -Fxq -- "$line" h.txt; then
        pass
    else
        fail "gen header lacks the line '$line'"
    fi
done
n=$(grep -Ec '^[0-9]+( [0-9]+){7}$' h.txt)
if [ "$n" -eq 5 ]; then
    pass
else
    fail "gen --count 5 wrote $n instance lines"
fi

# -------------------------------------------------------------- verify
"$PB" gen "$K" --family uniform --count 200 --seed 11 -o u200.txt
"$PB" gen "$K" --family depth:22 --count 5 -o d22.txt
"$PB" gen "$K" --family uniform --size 5 --count 5 -o s5.txt
nvariants=$(printf '%s\n' "$variants" | wc -l)
for f in u200.txt d22.txt s5.txt; do
    run /dev/null "$PB" verify "$K" "$f"
    check_verify "verify $f"
    if [ "$rows" -eq "$nvariants" ]; then
        pass
    else
        fail "verify $f: $rows rows, expected one per variant ($nvariants)"
    fi
done
run d22.txt "$PB" verify "$K" --variant table -
check_verify "verify --variant table - (stdin)"
if [ "$rows" -eq 1 ]; then
    pass
else
    fail "verify --variant table: $rows data rows, expected 1"
fi
run /dev/null "$PB" verify "$K" nosuch.txt
check_rc "verify of a missing file" 1
run /dev/null "$PB" verify "$K" trunc.txt
check_rc "verify of a truncated corpus" 1

# -------------------------------------------------------------- census
run /dev/null "$PB" census "$K"
last=$(grep -v '^#' "$TMP/out" | tail -n 1)
if [ "$rc" -eq 0 ] && [ "$last" = "22 5" ] &&
    grep -Fxq '# total 40320' "$TMP/out"; then
    pass
else
    fail "census: exit $rc, last depth line [$last]; expected '22 5' and" \
        "'# total 40320'"
fi
run /dev/null "$PB" census "$K" --with-inverses
last=$(grep -v '^#' "$TMP/out" | tail -n 1)
if [ "$rc" -eq 0 ] && [ "$last" = "18 2" ] &&
    grep -Fxq '# total 40320' "$TMP/out"; then
    pass
else
    fail "census --with-inverses: exit $rc, last depth line [$last];" \
        "expected '18 2' and '# total 40320'"
fi
# the engine (the default) against the plain reference search, at 1 and
# 2 threads and in each direction: the same depth lines
run /dev/null "$PB" census "$K" --reference
grep -v '^#' "$TMP/out" >census_ref.txt
if [ "$rc" -eq 0 ] && grep -q '^# engine reference' "$TMP/out"; then pass; else
    fail "census --reference: exit $rc; $(outputs)"
fi
for args in "--threads 1" "--threads 2" "--direction top-down" \
    "--direction bottom-up --threads 2"; do
    # shellcheck disable=SC2086 # the arguments are words
    run /dev/null "$PB" census "$K" $args
    if [ "$rc" -eq 0 ] && grep -q '^# engine frontier2' "$TMP/out" &&
        grep -v '^#' "$TMP/out" | cmp -s - census_ref.txt; then
        pass
    else
        fail "census $args: exit $rc; not the reference's depth lines;" \
            "$(outputs)"
    fi
done
run /dev/null "$PB" census "$K" --format json --threads 2
if [ "$rc" -eq 0 ] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = d["censuses"][0]
assert d["engine"] == "frontier2" and d["threads"] == 2, d
assert c["total"] == sum(c["counts"]) == 40320, c
assert c["diameter"] == len(c["counts"]) - 1 == 22, c
assert c["seconds"] >= 0 and c["array_bytes"] == 10080, c
' "$TMP/out" 2>"$TMP/py.err"; then
    pass
else
    fail "census --format json: exit $rc; $(cat "$TMP/py.err"); $(outputs)"
fi
run /dev/null "$PB" census "$K" --format csv
if [ "$rc" -eq 0 ] && [ "$(wc -l <"$TMP/out")" -eq 24 ] &&
    head -n 1 "$TMP/out" | grep -q '^kernel,size,with_inverses,start,' &&
    [ "$(awk -F, 'NR > 1 { s += $9 } END { print s }' "$TMP/out")" = 40320 ]
then
    pass
else
    fail "census --format csv: exit $rc; expected a header and 23 rows" \
        "summing to 40320; $(outputs)"
fi
run /dev/null "$PB" census "$K" --progress
if [ "$rc" -eq 0 ] && [ "$(grep -c '^census default: depth' "$TMP/err")" = 23 ]
then
    pass
else
    fail "census --progress: exit $rc; expected 23 depth lines on stderr;" \
        "$(outputs)"
fi
check_usage census "$K" --format yaml
check_usage census "$K" --direction sideways
check_usage census "$K" --threads 0
check_usage census "$K" --start 1,1
check_usage census cubic_eight --reference --start all

# --------------------------------------------------------- cubic_eight
# The official sample through every variant at 1 and 2 threads, bad input
# named by line, gen | verify, and the census total from a corner.
E=cubic_eight
check_samples "$E" $eight_variants
printf '1 2\nW W W\nE W X\nW W W\n0 0\n' >eight_bad.in
check_bad_input "$E: a letter other than W R B E" \
    '^puzzlebench solve: <stdin>:3: dataset 1, row 2: expected a letter' \
    eight_bad.in solve "$E"
printf '1 2\nW W W\nE W W\nW W W\n' >eight_bad.in
check_bad_input "$E: no closing 0 0" "<stdin>$LINE_RE.*closing '0 0'" \
    eight_bad.in solve "$E"
printf '1 2\nW W\nE W W\nW W W\n0 0\n' >eight_bad.in
check_bad_input "$E: a short row" '<stdin>:2: dataset 1, row 1 has 2 letters' \
    eight_bad.in solve "$E"
run /dev/null "$PB" gen "$E" --family far:12 --size 2x3 --count 20 --seed 3 \
    -o eight_far.txt
check_rc "gen $E --family far:12 --size 2x3" 0
if grep -Fxq '# size 2x3' eight_far.txt; then pass; else
    fail "gen $E --size 2x3: no '# size 2x3' header: $(head -n 6 eight_far.txt)"
fi
# the old rows * 10 + columns form is the same board, the same bytes
run /dev/null "$PB" gen "$E" --family far:12 --size 23 --count 20 --seed 3 \
    -o eight_far_old.txt
if [ "$rc" -eq 0 ] && cmp -s eight_far.txt eight_far_old.txt; then pass; else
    fail "gen $E --size 23 differs from --size 2x3; $(outputs)"
fi
run /dev/null "$PB" verify "$E" eight_far.txt
rows=$(awk 'NR > 1 && $6 == 20 && $7 == 0' "$TMP/out" | wc -l)
if [ "$rc" -eq 0 ] && [ "$rows" -eq "$(printf '%s\n' "$eight_variants" | wc -l)" ]
then
    pass
else
    fail "verify $E eight_far.txt: exit $rc, $rows all-correct rows; $(outputs)"
fi
run /dev/null "$PB" census "$E" --size 3x3
if [ "$rc" -eq 0 ] && grep -Fxq '# total 4133430' "$TMP/out"; then
    pass
else
    fail "census $E: exit $rc; expected '# total 4133430'; $(outputs)"
fi
# every class of start cells of 2 x 3 (corners and middles): one census
# each, and each equal to the census from any member cell
run /dev/null "$PB" census "$E" --size 2x3 --start all --format json
if [ "$rc" -eq 0 ] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = d["censuses"]
assert len(c) == 2 and sum(x["members"] for x in c) == 6, c
for x in c:
    assert x["total"] == sum(x["counts"]) == 14580, x
' "$TMP/out" 2>"$TMP/py.err"; then
    pass
else
    fail "census $E --start all: exit $rc; $(cat "$TMP/py.err"); $(outputs)"
fi
run /dev/null "$PB" census "$E" --size 2x3 --start 2,1 --threads 2
grep -v '^#' "$TMP/out" >census_cell.txt
run /dev/null "$PB" census "$E" --size 2x3 --start 2,2
if [ "$rc" -eq 0 ] && grep -v '^#' "$TMP/out" | cmp -s - census_cell.txt
then
    pass
else
    fail "census $E --start 2,2 differs from --start 2,1 (one class);" \
        "$(outputs)"
fi
check_usage census "$E" --size 2x3 --start 4,1
check_usage census "$E" --size 2x3 --start 1
for bad in ' 1,1' '1, 1' '+1,+1' '01,1' '4294967297,1' '1,1 '; do
    check_usage census "$E" --size 2x3 --start "$bad"
done
check_usage gen "$E" --family far --size 3x5
# a size that is not a board: one line naming the syntax expected
for bad in 3 3x 3X5 x3 0x3 abc; do
    check_usage gen "$E" --family uniform --size "$bad"
    if grep -q 'expected ROWSxCOLUMNS' "$TMP/err"; then pass; else
        fail "gen $E --size $bad: no 'expected ROWSxCOLUMNS'; $(outputs)"
    fi
done
check_usage gen "$K" --family uniform --size 3x4

# -------------------------------------------------------------- cubing
# The official sample through every variant at 1 and 2 threads, bad input.
C=cubing
check_samples "$C" $cubing_variants
run "$DATA/cubing/sample.in" "$PB" solve "$C" --timings
t='[0-9.,]+ (ns|µs|ms|s)'
re="^timings: read\\+parse $t, build $t, solve $t, write $t, total $t"
re="$re \\(4 instances, 17 units of work\\)\$"
if [ "$rc" -eq 0 ] && grep -Eq "$re" "$TMP/err"; then
    pass
else
    fail "solve $C --timings: exit $rc; $(outputs)"
fi
printf '1\n2\nU+ X+\n' >cubing_bad.in
check_bad_input "$C: an unknown face" \
    "^puzzlebench solve: <stdin>:3: case 1: expected command 2 of 2 .*'X\\+'" \
    cubing_bad.in solve "$C"
printf '2\n1\nU+\n' >cubing_bad.in
check_bad_input "$C: fewer cases than T" \
    '<stdin>:1: input ends after 1 of the T = 2 cases' cubing_bad.in solve "$C"
printf 'cube 5\n1\n1\nU+\n' >cubing_bad.in
run cubing_bad.in "$PB" solve "$C" --variant cubie
if [ "$rc" -ne 0 ] && grep -q 'cubie handles N = 3 only' "$TMP/err"; then
    pass
else
    fail "solve $C --variant cubie on N = 5: exit $rc; $(outputs)"
fi

# The committed magic_squares sample too.
check_samples magic_squares $variants

# ----------------------------------------------------------- cube_walk
# Routes are not unique (docs/problems.md, section 2): the sample's answer is
# checked by its sum and ends, and by `verify`, which re-simulates every
# route and compares its sum with the oracle's, never as text.
for v in $walk_variants default; do
    for t in 1 2; do
        if [ "$v" = default ]; then
            run "$DATA/cube_walk/sample.in" "$PB" solve cube_walk --threads "$t"
        else
            run "$DATA/cube_walk/sample.in" "$PB" solve cube_walk \
                --variant "$v" --threads "$t"
        fi
        if [ "$rc" -eq 0 ] && grep -Eq '^5 e2( [a-h][1-8])* e3$' "$TMP/out"
        then
            pass
        else
            fail "solve cube_walk --variant $v --threads $t on the sample:" \
                "exit $rc; $(outputs)"
        fi
    done
done
for t in 1 2; do
    run /dev/null "$PB" verify cube_walk --threads "$t" \
        "$DATA/cube_walk/sample.in" "$DATA/cube_walk/extra.in"
    check_verify "verify cube_walk --threads $t on the sample and extra cases"
    # one row per variant and file
    want=$((2 * $(echo "$walk_variants" | wc -w)))
    if [ "$rows" -eq "$want" ]; then pass; else
        fail "verify cube_walk: $rows rows, expected $want; $(outputs)"
    fi
done

# `run` and `bench` (the timing harness) are tested in test_bench.sh.

summary
