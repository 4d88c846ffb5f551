#!/usr/bin/env bash
# test_against.sh - A/B runs of two builds interleaved in time (bench
# --against, bench/harness/against.h) and calibrate (bench/analysis/calibration.h).
#
# OTHER is a copy of the binary with one byte appended (it runs the same
# and hashes differently). On a suite of 2 benchmarks, 3 rounds of 1
# repetition, bench --against OTHER makes one results folder: results.csv
# with 2 rows of each side in each round (its side column), results.json
# with 12 runs each with its side and a context that holds both builds'
# identities (side A's keys prefixed "A:"), log.txt that says the ABBA
# order (A then B, B then A, A then B), completion.json complete, every
# side's rounds under sides/, the later rounds verified by the oracle on
# their first timed run (--verified-in), compare's table with a verdict
# per benchmark printed and kept (compare.txt, compare.csv), whose
# provenance shows the two binary hashes; compare of the folder alone
# pairs its sides; plot and the report say that they show side B.
# Refused with nothing made: OTHER missing, a folder, not executable,
# not puzzlebench, a puzzlebench without the worker options, and the
# options --against does not take. OTHER as a wrapper script that
# changes side A's corpus hashes stops the run after its first round,
# latest left alone. calibrate on the same suite writes calibration.json
# (per kernel the verdicts and a finite noise floor) in its folder and
# its root; a later run's report and compare in that root print the
# noise floor. Nothing here asserts a time.
#
# Usage: test_against.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
# Prints one line per failed check on stderr and ends with "N passed, N
# failed"; exit status 1 when any check failed. About 15 s on 2 cores.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3
scratch test_against
run() { run_from /dev/null "$@"; }

M=magic_squares/bfs_array/uniform/size:4/n:10/seed:1/threads:1
C=cubing/simd/random:20/size:3/n:10/seed:1/threads:1
printf '%s\n' 'rounds 3' 'repetitions 1' 'min_time 0.01' 'threads 1' \
    'bench magic_squares bfs_array uniform 4 10 1' \
    'bench cubing simd random:20 3 10 1' >tiny.suite
mkdir other
cp "$PB" other/puzzlebench
printf 'x' >>other/puzzlebench # another hash, the same program

# The checks in Python: "ok WHAT" or "FAIL WHAT: DETAIL" lines.
cat >check.py <<'EOF'
import csv, json, sys

def say(ok, what, detail=""):
    print(("ok " if ok else "FAIL ") + what + ("" if ok else ": " + detail))

cmd, d = sys.argv[1], sys.argv[2]
if cmd == "folder":
    names = sys.argv[3:]
    with open(d + "/results.csv") as f:
        rows = list(csv.DictReader(f))
    seen = {}
    for r in rows:
        name = "%s/%s/%s/size:%s/n:%s/seed:%s/threads:%s" % (
            r["kernel"], r["variant"], r["family"], r["size"], r["count"],
            r["seed"], r["threads"])
        key = (name, r["side"], r["round"])
        seen[key] = seen.get(key, 0) + (r["verified"] == "1")
    want = {(n, s, str(k)): 1 for n in names for s in "AB" for k in range(3)}
    say(seen == want and len(rows) == 12, "results.csv: one verified row of "
        "each benchmark, side and round", repr(sorted(seen.items())))
    doc = json.load(open(d + "/results.json"))
    runs = [b for b in doc["benchmarks"] if b.get("run_type") == "iteration"]
    sides = sorted(b.get("side") for b in runs)
    say(sides == ["A"] * 6 + ["B"] * 6, "results.json: 6 runs a side",
        repr(sides))
    c = doc["context"]
    a, b = c.get("A:puzzlebench_binary_sha256"), c.get(
        "puzzlebench_binary_sha256")
    say(a and b and a != b, "the context: both builds' binary hashes",
        "%r %r" % (a, b))
    say("other/puzzlebench" in c.get("against:A", "") and
        c.get("against:sides") == "A,B", "the context names side A",
        repr(c.get("against:A")))
    say("side" not in c and "round_index" not in c and
        "A:verified_in" not in c, "no worker's own keys in the context",
        repr([k for k in c if "side" in k or "round" in k]))
    comp = json.load(open(d + "/completion.json"))
    say(comp["state"] == "ended" and
        sorted(comp["outcomes"].items()) == sorted((n, "timed") for n in names),
        "completion.json: ended, both timed", repr(comp))
elif cmd == "calibration":
    c = json.load(open(d))
    k = c.get("kernels", {})
    ok = sorted(k) == ["cubing", "magic_squares"]
    for v in k.values():
        ok = ok and v["benchmarks"] == 1 and \
            v["faster"] + v["slower"] + v["same"] + v["inconclusive"] == 1 \
            and isinstance(v["noise_floor_percent"], float) and \
            v["noise_floor_percent"] >= 0 and \
            v["false_change_rate"] == (v["faster"] + v["slower"]) / 1
    say(ok and c["rounds"] == 3 and c["machine"]["host"] and
        c["date"][:2] == "20", "calibration.json: per kernel its verdicts "
        "and a finite noise floor", json.dumps(c)[:400])
elif cmd == "sides":
    doc = json.loads(open(d).read())
    say(doc["sides"] is True and doc["paired"] is True and
        len(doc["benchmarks"]) == 2, "compare --format json: sides, paired",
        repr({k: doc[k] for k in ("sides", "paired")}))
EOF
py() {
    local line
    while IFS= read -r line; do
        case $line in
        ok\ *) pass ;;
        *) fail "$line" ;;
        esac
    done < <(python3 check.py "$@" 2>&1)
}

# --- an A/B run -------------------------------------------------------
run timeout 120 "$PB" bench --suite tiny.suite --against other/puzzlebench \
    --out res --round-seed 7
check_rc "bench --against" 0
D=res/latest
if [ -L "$D" ] && [ -f "$D/results.csv" ]; then pass; else
    fail "bench --against: no results/latest; $(outputs)"
    summary
    exit 1
fi
py folder "$D" "$M" "$C"
# ABBA, in the parent's lines of log.txt
order=$(grep -E '^round [0-9]/3: side' "$D/log.txt" | tr '\n' '|')
if [ "$order" = "round 1/3: side A, then side B|round 2/3: side B, then side A|round 3/3: side A, then side B|" ]; then
    pass
else fail "log.txt: the ABBA order: [$order]"; fi
for s in A B; do
    for r in 0 1 2; do
        if [ -f "$D/sides/$s/round-$r/latest/results.csv" ]; then pass; else
            fail "no part of side $s, round $r"
        fi
    done
    if grep -q 'by the oracle on its first timed run' \
        "$D/sides/$s/round-2/latest/log.txt" &&
        ! grep -q 'by the oracle' "$D/sides/$s/round-0/latest/log.txt"; then
        pass
    else fail "side $s: round 3 not verified by round 1's pass"; fi
done
# compare's table, printed and kept
for f in "$OUT_DIR/out" "$D/compare.txt"; do
    if grep -q 'paired round by round (two builds interleaved' "$f" &&
        [ "$(grep -cE '^(magic_squares|cubing)/.* (faster|slower|same|inconclusive)' "$f")" -eq 2 ]; then
        pass
    else fail "$f: compare's table with a verdict per benchmark"; fi
done
if grep -q '^# differs: puzzlebench_binary_sha256: A = ' "$D/compare.txt" &&
    grep -q '^# warning: the runs differ in build (binary ' "$D/compare.txt"; then
    pass
else fail "compare.txt: the two binaries' hashes"; fi
if [ "$(head -1 "$D/compare.csv" | cut -d, -f1-8)" = \
    "benchmark,median_a,median_b,ratio,ci_low,ci_high,p,verdict" ] &&
    [ "$(wc -l <"$D/compare.csv")" -eq 3 ]; then pass; else
    fail "compare.csv: a header and 2 rows"
fi
# the folder alone: its sides, paired
run "$PB" compare "$D"
check_rc "compare DIR of bench --against" 0
if grep -q '^# A = .*, side A: .*other/puzzlebench (the baseline)' \
    "$OUT_DIR/out" && grep -q 'paired round by round (two builds' \
    "$OUT_DIR/out"; then pass; else fail "compare DIR: sides A and B; $(outputs)"; fi
"$PB" compare "$D" --format json >cmp.json 2>/dev/null
py sides cmp.json
run "$PB" plot "$D"
if [ "$rc" -eq 0 ] && grep -q 'drawn is side B' "$OUT_DIR/out" &&
    grep -q 'this report shows side B' "$D/report.md"; then pass; else
    fail "plot and the report: side B, said; $(outputs)"
fi

# a side that is neither A nor B, in a results.csv read back
mkdir badside
awk -F, -v OFS=, 'NR == 2 { $10 = "C" } { print }' "$D/results.csv" \
    >badside/results.csv
check_fails "results.csv: side C" 1 "results.csv:2: side: expected A, B or nothing, found 'C'" \
    "$PB" compare badside badside

# --- refusals: one line, exit 2, nothing made --------------------------
refused() {
    local what=$1 pattern=$2
    shift 2
    check_fails "$what" 2 "$pattern" "$PB" "$@"
    if [ -e none ]; then
        fail "$what: made results"
        rm -rf none
    else pass; fi
}
B=(bench --suite tiny.suite --out none)
refused "OTHER missing" "--against 'nosuch/pb': No such file" \
    "${B[@]}" --against nosuch/pb
refused "OTHER a folder" "--against 'other': a folder" "${B[@]}" --against other
touch plain
refused "OTHER not executable" "--against 'plain': not executable" \
    "${B[@]}" --against plain
printf '#!/bin/sh\necho hello\n' >hello
chmod +x hello
refused "OTHER not puzzlebench" "not puzzlebench \('--version' answered 'hello'" \
    "${B[@]}" --against hello
printf '#!/bin/sh\n[ "$1" = --version ] && echo "puzzlebench 0.0.1" || echo "usage: puzzlebench bench [--suite]"\n' >old
chmod +x old
refused "OTHER without the worker options" \
    "puzzlebench 0.0.1 has no worker options of bench --against" \
    "${B[@]}" --against old
refused "--against and --shard" "--against and --shard" \
    "${B[@]}" --against other/puzzlebench --shard 1/2
refused "--against and a worker option" "--against and --side: a worker option" \
    "${B[@]}" --against other/puzzlebench --side A
refused "--against and --benchmark_out" "--against and --benchmark_out" \
    "${B[@]}" --against other/puzzlebench --benchmark_out=x.json
refused "run --against" "--against is bench's" \
    run --suite tiny.suite --out none --against other/puzzlebench
refused "--band without --against" "--band and --fail-above need --against" \
    "${B[@]}" --band 3
refused "--round-index without --round-seed" "--round-index needs --round-seed" \
    "${B[@]}" --round-index 1
refused "--side C" "--side 'C'; expected A or B" "${B[@]}" --side C
refused "--band 100" "--band expects a percentage >= 0 and below 100, found '100'" \
    "${B[@]}" --against other/puzzlebench --band 100
refused "--against --corpus of a device" \
    "--corpus '/dev/null' with --against: expected a regular file" \
    bench --corpus /dev/null --kernel cubing --out none \
    --against other/puzzlebench
refused "calibrate --rounds 0" "--rounds needs an integer 1..64, got '0'" \
    calibrate --suite tiny.suite --out none --rounds 0
refused "calibrate --band 100" "--band expects a percentage >= 0 and below 100" \
    calibrate --suite tiny.suite --out none --band 100
refused "--round-index past the run's rounds" \
    "--round-index 3: the run has 3 rounds, 0 to 2" \
    "${B[@]}" --round-index 3 --round-seed 1

# --- OTHER's corpora differ: stopped after its first round -------------
cat >wrapper <<EOF
#!/bin/sh
# side A: the real binary, then its corpus hashes changed (as a build
# whose generator changed would write them)
"$PB" "\$@"
rc=\$?
out=
prev=
for a in "\$@"; do [ "\$prev" = --out ] && out=\$a; prev=\$a; done
for f in "\$out"/*/results.csv; do
    [ -f "\$f" ] || continue
    awk -F, -v OFS=, 'NR > 1 { \$7 = "00000000deadbeef" } { print }' "\$f" >"\$f.new"
    mv "\$f.new" "\$f"
done
exit \$rc
EOF
chmod +x wrapper
run timeout 120 "$PB" bench --suite tiny.suite --against ./wrapper --out bad \
    --round-seed 7
if [ "$rc" -eq 1 ] &&
    grep -q "side A timed .* on corpus 00000000deadbeef, side B on .*: the two builds generate different inputs" \
        "$OUT_DIR/err" && [ ! -e bad/latest ] && [ ! -e bad/*/sides/A/round-1 ] &&
    grep -q '"state": "running"' bad/*/completion.json; then
    pass
else fail "another corpus on side A: stopped, latest left; $(outputs)"; fi

# --- calibrate ----------------------------------------------------------
run timeout 120 "$PB" calibrate --suite tiny.suite --rounds 3 --out cal \
    --round-seed 3 --quiet
check_rc "calibrate" 0
py calibration cal/latest/calibration.json
if cmp -s cal/calibration.json cal/latest/calibration.json &&
    grep -qE '^magic_squares +1 ' "$OUT_DIR/out" &&
    grep -q '^false-change rate: ' "$OUT_DIR/out"; then pass; else
    fail "calibrate: the root's calibration.json and the table; $(outputs)"
fi
# a later run in that root: its report and compare say the noise floor
run "$PB" bench --suite tiny.suite --rounds 1 --out cal --quiet
check_rc "a run after calibrate" 0
if grep -qE "this machine's noise floor: ±[0-9.]+ % \(calibrated 20" \
    cal/latest/report.md; then pass; else
    fail "the report: no noise floor beside the ratios"
fi
run "$PB" compare cal/latest cal/latest
if grep -qE "^# this machine's noise floor \(calibrated 20.*\): .*cubing ±" \
    "$OUT_DIR/out" &&
    grep -qE "^# cubing: .*; this machine's noise floor: ±" "$OUT_DIR/out"; then
    pass
else fail "compare: no noise floor; $(outputs)"; fi
run "$PB" compare res/latest res/latest
if ! grep -q 'noise floor' "$OUT_DIR/out"; then pass; else
    fail "compare in a root without a calibration said a noise floor"
fi
run "$PB" compare res/latest res/latest --calibration cal/calibration.json
if grep -q "^# this machine's noise floor" "$OUT_DIR/out"; then pass; else
    fail "compare --calibration FILE; $(outputs)"
fi
check_fails "compare --calibration of a missing file" 1 \
    "nosuch.json: cannot open" "$PB" compare res/latest res/latest \
    --calibration nosuch.json
echo '{"format": 2}' >badcal.json
check_fails "compare --calibration of another file" 1 \
    "badcal.json: expected the calibration.json of puzzlebench calibrate" \
    "$PB" compare res/latest res/latest --calibration badcal.json
summary
