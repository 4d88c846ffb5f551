#!/usr/bin/env bash
# test_own_corpus.sh - timing a corpus file of one's own:
# a suite line `bench KERNEL VARIANTS file PATH` (PATH relative to the
# suite's folder) and `bench --corpus FILE --variants a,b --threads 1,2`.
#
# Usage: test_own_corpus.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
#
# Uses the official samples under SOURCE_DIR/data. Checks: benchmark
# names carry the content hash (family file-<hash>, the corpus_hash
# column agrees, two files of different content never share a name),
# but a file that is what gen writes for its header's recipe is named
# by the recipe (family, size, seed), its hash in the record;
# the JSON context's corpus record names path, format and hash; a
# judge file is checked against its expected outputs (X.out beside X.in,
# FILE.out beside another FILE): right ones pass, a wrong answer, too
# few answers and a bad token fail with one stderr line naming the file,
# instance and answers; an extended-format file needs no --kernel; bad
# input (missing file, unreadable, a folder, wrong kernel, malformed, no
# --kernel for a judge file, --kernel without --corpus) fails with one
# stderr line, non-zero, and no results folder; compare reads the
# results. Every input is read once: a corpus through a pipe or a named
# FIFO (--corpus, a suite line) is timed whole under the file's own
# name; expected outputs that are a FIFO, a folder, /dev/zero, hold a
# NUL byte or exceed --max-input are refused at once, nothing created.
# Everything happens in a temporary directory removed on exit.
# Ends with "N passed, N failed". About 20 s on 2 cores.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3
scratch test_own_corpus

FAST=(--repetitions 2 --benchmark_min_time=0.01)
mkdir -p suites/in judge
cp "$SRC/data/cube_walk/sample.in" "$SRC/data/cube_walk/sample.out" suites/in/
cp "$SRC/data/magic_squares/sample.in" suites/in/magic.txt
printf '7\nBCABCCB\n' >suites/in/magic.txt.out # FILE.out beside FILE
cat >suites/own.suite <<'EOF'
repetitions 2
min_time 0.01
threads 1 2
bench cube_walk dial,spfa file in/sample.in
threads 1
bench magic_squares bibfs file in/magic.txt
bench magic_squares bibfs uniform 4 3 1
EOF

# py SCRIPT ARGS...: runs a check script printing "ok WHAT" / "FAIL ...".
py() {
    local line
    while IFS= read -r line; do
        case $line in
        ok\ *) pass ;;
        *) fail "${line#FAIL }" ;;
        esac
    done < <(python3 - "$@" 2>&1)
}

# results_check DIR KERNEL VARIANTS THREADS FORMAT EXPECTED PATH: every
# (variant, thread) benchmark of KERNEL's file corpus in DIR, named by
# its hash, with its corpus record.
results_check() {
    py "$@" <<'EOF'
import csv, json, sys
d, kernel, variants, threads, fmt, expected, path = sys.argv[1:8]
ctx = json.load(open(d + "/results.json"))["context"]
recs = {k: v for k, v in ctx.items() if k.startswith("corpus:" + kernel + "/file-")}
if len(recs) != 1:
    print("FAIL one %s file corpus record: %r" % (kernel, recs)); sys.exit()
key, value = recs.popitem()
fields = dict(w.split("=", 1) for w in value.split(" path=")[0].split())
h = fields.get("hash", "")
ok = (fields.get("family") == "file-" + h and len(h) == 16
      and fields.get("format") == fmt
      and fields.get("expected_outputs") == expected
      and value.endswith(" path=" + path))
print("ok corpus record" if ok else "FAIL corpus record %s: %s" % (key, value))
rows = [r for r in csv.DictReader(open(d + "/results.csv"))
        if r["kernel"] == kernel and r["family"].startswith("file-")]
want = {(v, t) for v in variants.split(",") for t in threads.split(",")}
got = {(r["variant"], r["threads"]) for r in rows}
print("ok every variant and thread" if got == want
      else "FAIL benchmarks %r, expected %r" % (sorted(got), sorted(want)))
bad = [r for r in rows if r["family"] != "file-" + h or r["corpus_hash"] != h
       or r["seed"] != "0" or r["verified"] != "1"]
print("ok rows named by the hash, verified" if rows and not bad
      else "FAIL rows %r" % bad[:1])
EOF
}

# 1. A suite line with a file, relative to the suite's folder, run from
# elsewhere; expected outputs beside both files (X.out, FILE.out).
run_from /dev/null "$PB" bench --suite suites/own.suite --out res1
check_rc "suite with file lines" 0
R1=$(ls -d res1/2*/ 2>/dev/null | head -1)
results_check "$R1" cube_walk dial,spfa 1,2 judge checked \
    "$T/suites/in/sample.in"
results_check "$R1" magic_squares bibfs 1 judge checked \
    "$T/suites/in/magic.txt"
if grep -q '^magic_squares,bibfs,uniform,4,3,1,' \
    "$R1/results.csv"; then pass; else fail "generated line beside file lines"; fi
if [ -f "$R1/report.md" ] && grep -q 'file-' "$R1/report.md"; then
    pass
else
    fail "report of a file corpus: $(ls "$R1")"
fi

# 2. --corpus, two variants at threads 1,2; --kernel for a judge file.
cp "$SRC/data/cubing/sample.in" judge/cubing.in
cp "$SRC/data/cubing/sample.out" judge/cubing.out
run_from /dev/null "$PB" bench --corpus judge/cubing.in --kernel cubing \
    --variants geometry,facelet_table --threads 1,2 "${FAST[@]}" --out res2
check_rc "--corpus two variants" 0
R2=$(ls -d res2/2*/ 2>/dev/null | head -1)
results_check "$R2" cubing geometry,facelet_table 1,2 judge checked \
    "$T/judge/cubing.in"
run_from /dev/null "$PB" compare "$R2" "$R2"
if [ "$rc" -eq 0 ] && grep -q 'cubing/geometry/file-' "$T/out"; then
    pass
else
    fail "compare on a file corpus: $(outputs)"
fi

# 3. An extended-format file: the kernel from its header. A file that
# is what gen writes for its header's recipe is named by the recipe
# (family, size, seed), as the generated corpus is, its hash recorded;
# an edited one, by its content; another file's content gives another
# name.
run_from /dev/null "$PB" gen magic_squares --family uniform --count 4 \
    --seed 7 -o judge/gen.txt
run_from /dev/null "$PB" bench --corpus judge/gen.txt --variants bibfs \
    "${FAST[@]}" --out res3g
check_rc "--corpus gen's file" 0
py "$(ls -d res3g/2*/ 2>/dev/null | head -1)" "$T/judge/gen.txt" <<'EOF'
import csv, json, sys
d, path = sys.argv[1:3]
ctx = json.load(open(d + "/results.json"))["context"]
key = "corpus:magic_squares/uniform/size:4/n:4/seed:7"
value = ctx.get(key, "")
fields = dict(w.split("=", 1) for w in value.split(" path=")[0].split())
rows = list(csv.DictReader(open(d + "/results.csv")))
ok = (fields.get("family") == "uniform" and len(fields.get("hash", "")) == 16
      and fields.get("format") == "extended" and value.endswith(" path=" + path)
      and rows and all(r["family"] == "uniform" and r["seed"] == "7"
                       and r["corpus_hash"] == fields["hash"] for r in rows))
print("ok gen's file named by its recipe" if ok else
      "FAIL gen's file: %r %r" % (sorted(ctx), rows[:1]))
EOF
# the last two numbers of the last instance swapped: another corpus
sed '$ s/\([0-9]*\) \([0-9]*\)$/\2 \1/' judge/gen.txt >judge/edited.txt
run_from /dev/null "$PB" bench --corpus judge/edited.txt --variants bibfs \
    "${FAST[@]}" --out res3
check_rc "--corpus extended, edited, no --kernel" 0
R3=$(ls -d res3/2*/ 2>/dev/null | head -1)
results_check "$R3" magic_squares bibfs 1 extended none "$T/judge/edited.txt"
a=$(grep -o '^magic_squares,bibfs,file-[0-9a-f]*' "$R1/results.csv" | head -1)
b=$(grep -o '^magic_squares,bibfs,file-[0-9a-f]*' "$R3/results.csv" | head -1)
if [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ]; then
    pass
else
    fail "two magic_squares files share a name: '$a' '$b'"
fi

# fails_clean WHAT PATTERN ARGS...: bench ARGS exits 1 (2 for usage) with
# one stderr line matching PATTERN and leaves no results folder.
fails_clean() {
    local what=$1 want=$2 pattern=$3
    shift 3
    rm -rf resx
    check_fails "$what" "$want" "$pattern" "$PB" bench "$@" "${FAST[@]}" \
        --out resx
    if [ -e resx ]; then fail "$what: left a results folder"; else pass; fi
}

# 4. Expected outputs, wrong: a wrong answer per kernel, too few, a bad
# token, an extra answer.
w() { cp "$SRC/data/$1/sample.in" judge/$1.in; printf "$2" >judge/$1.out; }
w magic_squares '7\nBCABCCA\n'
fails_clean "wrong magic sequence" 1 \
    "judge/magic_squares.out:1: instance 1 \(judge/magic_squares.in:1\): the expected answer is '7 BCABCCA', the oracle's is '7 BCABCCB'" \
    --corpus judge/magic_squares.in --kernel magic_squares
w cube_walk '6 e2 d2 d1 e1 e2 e3\n'
fails_clean "wrong cube_walk sum" 1 \
    "cube_walk.out:1: instance 1 .*expected answer is '6', the oracle's is '5'" \
    --corpus judge/cube_walk.in --kernel cube_walk --variants dial
w cube_walk '5 e2 e1 f1 f2 e2 e3\n' # another optimal route: right
run_from /dev/null "$PB" bench --corpus judge/cube_walk.in --kernel cube_walk \
    --variants dial "${FAST[@]}" --out res4
check_rc "another optimal route is right" 0
w cubic_eight '0\n3\n13\n23\n29\n30\n-1\n30\n'
fails_clean "wrong cubic_eight number" 1 \
    "cubic_eight.out:8: instance 8 \(judge/cubic_eight.in:29\): the expected answer is '30', the oracle's is '-1'" \
    --corpus judge/cubic_eight.in --kernel cubic_eight --variants table
sed 's/gwo/gwr/' "$SRC/data/cubing/sample.out" >judge/cubing.out
fails_clean "wrong cubing face" 1 \
    "cubing.out:10: instance 4 .*expected answer is 'gwr www rww', the oracle's is 'gwo www rww'" \
    --corpus judge/cubing.in --kernel cubing
head -6 "$SRC/data/cubing/sample.out" >judge/cubing.out
fails_clean "too few expected answers" 1 \
    "cubing.out:6: ends after 2 answers; expected 4, one per instance of judge/cubing.in" \
    --corpus judge/cubing.in --kernel cubing
w magic_squares '7\nBCABXCB\n'
fails_clean "bad token in expected outputs" 1 \
    "magic_squares.out:2: answer 1: expected 7 more letters A, B, C of the sequence, found 'BCABXCB'" \
    --corpus judge/magic_squares.in --kernel magic_squares
w magic_squares ''
printf -- '-1\n' >judge/magic_squares.out
fails_clean "an expected -1 read, and compared" 1 \
    "magic_squares.out:1: instance 1 .*expected answer is '-1', the oracle's is '7 BCABCCB'" \
    --corpus judge/magic_squares.in --kernel magic_squares
w magic_squares 'seven\nBCABCCB\n'
fails_clean "bad number in expected outputs" 1 \
    "magic_squares.out:1: answer 1: expected a length \(or -1\), found 'seven'" \
    --corpus judge/magic_squares.in --kernel magic_squares
w magic_squares '7\nBCABCCB\n0\n'
fails_clean "extra expected answer" 1 \
    "magic_squares.out:3: found '0' after the last answer; expected 1 answer" \
    --corpus judge/magic_squares.in --kernel magic_squares
rm judge/magic_squares.out

# 5. Bad input.
fails_clean "missing file" 1 "nosuch.in: cannot open: No such file" \
    --corpus judge/nosuch.in --kernel magic_squares
printf 'bench magic_squares bibfs file nosuch.in\n' >suites/bad.suite
fails_clean "missing file on a suite line" 1 \
    "suites/bad.suite:1: suites/nosuch.in: cannot open: No such file" \
    --suite suites/bad.suite
# two lines naming one benchmark (files of the same content, a variant
# in common): refused, not timed twice under one name
cp suites/in/sample.in suites/in/copy.in
printf 'bench cube_walk dial,spfa file in/sample.in\nbench cube_walk spfa file in/copy.in\n' >suites/bad.suite
fails_clean "one benchmark named twice" 1 \
    "suites/bad.suite:2: benchmark cube_walk/spfa/file-[0-9a-f]{16}/size:8x8/n:1/seed:0/threads:1, already given by line 1" \
    --suite suites/bad.suite
printf 'bench magic_squares bibfs file\n' >suites/bad.suite
fails_clean "file line without a path" 1 \
    "suites/bad.suite:1: expected .*'bench KERNEL VARIANTS file PATH'" \
    --suite suites/bad.suite
cp "$SRC/data/magic_squares/sample.in" judge/locked.in
chmod 000 judge/locked.in
if [ -r judge/locked.in ]; then # root reads anything
    pass
    pass
else
    fails_clean "unreadable file" 1 "locked.in: cannot open: Permission denied" \
        --corpus judge/locked.in --kernel magic_squares
fi
mkdir -p judge/folder.in
fails_clean "a folder" 1 "folder.in: a folder; expected a cubing corpus file" \
    --corpus judge/folder.in --kernel cubing
fails_clean "wrong kernel by header" 1 \
    "gen.txt:2: the header says kernel 'magic_squares'; expected a cubing corpus" \
    --corpus judge/gen.txt --kernel cubing
printf '2 6 8 4 5 7 3 1\n1 2 3 4 5 6 7\n' >judge/short.in
fails_clean "malformed file" 1 \
    "short.in:2: instance 2 has 7 of the 8 numbers a 2 x 4 ring needs" \
    --corpus judge/short.in --kernel magic_squares
fails_clean "judge file without --kernel" 1 \
    "magic_squares.in: no '# kernel' header .*expected --kernel NAME" \
    --corpus judge/magic_squares.in
# a misspelt --variants is a usage error, as a misspelt --kernel is
fails_clean "unknown variant" 2 \
    "--variants: unknown variant 'bibsf' for magic_squares; did you mean 'bibfs'\\?" \
    --corpus judge/magic_squares.in --kernel magic_squares --variants table,bibsf
fails_clean "unknown variant, the kernel from the header" 2 \
    "--variants: unknown variant 'nosuch' for magic_squares; expected one of: bfs_hash" \
    --corpus judge/gen.txt --variants nosuch
fails_clean "unknown --kernel" 2 \
    "unknown kernel 'magic_square'; did you mean 'magic_squares'\\?" \
    --corpus judge/gen.txt --kernel magic_square
fails_clean "--kernel without --corpus" 2 "--kernel needs --corpus FILE" \
    --kernel cubing
fails_clean "--corpus with --suite" 2 "--corpus and --suite: give one" \
    --corpus judge/gen.txt --suite smoke

# 6. Inputs read once, whole: a corpus through a pipe or a named FIFO is
# read to its end (no second open that would find it drained, or block
# with no writer), and the expected outputs found beside a corpus are
# bounded like a corpus and never waited on. `timeout` guards only
# against a hang; every check is on the outcome.
# one round of one repetition: one row a run
ONCE=(--rounds 1 --repetitions 1 --benchmark_min_time=0.01)
run_from /dev/null "$PB" gen magic_squares --family uniform --count 1000 \
    --seed 11 -o judge/many.txt
grep -v '^#' judge/many.txt >judge/many.in # the extended form, no header
run_from /dev/null "$PB" bench --corpus judge/many.in --kernel magic_squares \
    --variants bibfs --benchmark_list_tests=true --out resl
NAME=$(grep -o '^magic_squares/bibfs/file-[0-9a-f]*/size:4/n:1000/' "$T/out")
if [ -n "$NAME" ]; then pass; else fail "the file's name: $(outputs)"; fi
# once_check WHAT DIR [FAMILY]: DIR's results time all 1000 instances
# under the file's own name, verified: gen's recipe (uniform, seed 11)
# for the file with gen's header, else FAMILY (its hash) and seed 0.
once_check() {
    local row name=${3:-uniform,4,1000,11}
    [ -n "${3:-}" ] && name=$3,4,1000,0
    row=$(grep -c "^magic_squares,bibfs,$name,.*,1,\"\"$" \
        "$2"/latest/results.csv 2>/dev/null)
    if [ "$rc" -eq 0 ] && [ "$row" = 1 ]; then
        pass
    else
        fail "$1: exit $rc, expected 1000 instances as $name; $(outputs)" \
            "$(cut -d, -f1-6 "$2"/latest/results.csv 2>/dev/null | tr '\n' ' ')"
    fi
}
"$PB" bench --corpus <(cat judge/many.txt) --variants bibfs "${ONCE[@]}" \
    --out res6a >"$T/out" 2>"$T/err" </dev/null
rc=$?
once_check "--corpus through a pipe, kernel from its header" res6a
"$PB" bench --corpus <(cat judge/many.in) --kernel magic_squares \
    --variants bibfs "${ONCE[@]}" --out res6b >"$T/out" 2>"$T/err" </dev/null
rc=$?
once_check "--corpus --kernel through a pipe" res6b "$(echo "$NAME" | cut -d/ -f3)"
# feed FIFO FILE: a writer of FILE into FIFO in the background, in $!,
# that gives up after 20 s when no reader comes
feed() {
    rm -f "$1"
    mkfifo "$1"
    timeout 20 sh -c 'cat "$1" >"$2"' sh "$2" "$1" 2>/dev/null &
}
feed judge/fifo.in judge/many.txt
run_from /dev/null timeout 20 "$PB" bench --corpus judge/fifo.in \
    --variants bibfs "${ONCE[@]}" --out res6c
wait $!
once_check "--corpus naming a FIFO" res6c
feed suites/fifo.in judge/many.txt
printf 'rounds 1\nrepetitions 1\nmin_time 0.01\nbench magic_squares bibfs file fifo.in\n' \
    >suites/fifo.suite
run_from /dev/null timeout 20 "$PB" bench --suite suites/fifo.suite \
    --out res6d
wait $!
once_check "a suite's file line naming a FIFO" res6d
rm -f judge/fifo.in suites/fifo.in

# Expected outputs beside a corpus: a FIFO nothing writes is refused, not
# waited on; a link to /dev/zero stops at its first NUL byte; a NUL byte
# and the input cap as for a corpus.
cp "$SRC/data/magic_squares/sample.in" judge/side.in
mkfifo judge/side.out
rm -rf resx
check_fails "a FIFO as expected outputs" 1 \
    "^puzzlebench bench: judge/side.out: a FIFO; expected a file of magic_squares answers \(a FIFO found beside a corpus is not waited for\)$" \
    timeout 20 "$PB" bench --corpus judge/side.in --kernel magic_squares \
    "${ONCE[@]}" --out resx
if [ -e resx ]; then fail "a FIFO as expected outputs: left resx"; else pass; fi
rm judge/side.out
ln -s /dev/zero judge/side.out
check_fails "expected outputs from /dev/zero" 1 \
    "^puzzlebench bench: judge/side.out:1: binary data \(a NUL byte\); expected magic_squares answers as text$" \
    timeout 20 "$PB" bench --corpus judge/side.in --kernel magic_squares \
    "${ONCE[@]}" --out resx
if [ -e resx ]; then fail "/dev/zero as expected outputs: left resx"; else pass; fi
rm judge/side.out
mkdir judge/side.out
fails_clean "a folder as expected outputs" 1 \
    "^puzzlebench bench: judge/side.out: a folder; expected a file of magic_squares answers$" \
    --corpus judge/side.in --kernel magic_squares
rmdir judge/side.out
printf '7\nBCA\0BCCB\n' >judge/side.out
fails_clean "a NUL byte in expected outputs" 1 \
    "^puzzlebench bench: judge/side.out:2: binary data \(a NUL byte\); expected magic_squares answers as text$" \
    --corpus judge/side.in --kernel magic_squares
{ printf '7\nBCABCCB\n'; head -c 2000 /dev/zero | tr '\0' ' '; } >judge/side.out
fails_clean "expected outputs over the input cap" 1 \
    "^puzzlebench bench: judge/side.out: input larger than the input cap of 1 KiB; expected magic_squares answers of at most that size \(--max-input raises the cap\)$" \
    --corpus judge/side.in --kernel magic_squares --max-input 1K
rm judge/side.out

summary
