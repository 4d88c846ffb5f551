#!/usr/bin/env bash
# test_rounds.sh - rounds (bench/harness/harness.h, docs/statistics.md): a
# suite's `rounds N` and bench --rounds / --round-seed.
#
# A 2-benchmark suite of 3 rounds of 2 repetitions gives each benchmark 6
# verified rows in results.csv, rounds 0..2 with repetitions 0 and 1 in
# each, and the same runs in results.json (the round counter beside
# repetition_index), and in --benchmark_out's file; completion.json says
# every benchmark timed; log.txt lists each round's order, which is the
# same for the same --round-seed and differs between rounds for the seed
# chosen here; results.json records round_order_seed; the progress says
# "round r/R" and the compact console prints one line per benchmark.
# --rounds overrides the suite (a run of one round keeps the suite's
# order and records no seed); a benchmark of fewer rounds than the run's
# most ends after its last, a skipped one is not timed again; compare
# and plot read the results. Refusals: bad `rounds` lines, rounds x
# repetitions over 1024 (from the suite or the options), bad --rounds
# and --round-seed values, each one line and no results folder.
#
# Usage: test_rounds.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
# Prints one line per failed check on stderr and ends with "N passed, N
# failed"; exit status 1 when any check failed. About 40 s on 2 cores.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3
scratch test_rounds
run() { run_from /dev/null "$@"; }

A=magic_squares/table/uniform/size:4/n:5/seed:1/threads:1
B=magic_squares/bibfs/uniform/size:4/n:5/seed:1/threads:1
# one line, two benchmarks (table and bibfs on one corpus)
printf '%s\n' 'rounds 3' 'repetitions 2' 'min_time 0.001' 'threads 1' \
    'bench magic_squares table,bibfs uniform 4 5 1' >r3.suite

# The checks in Python: "ok WHAT" or "FAIL WHAT: DETAIL" lines.
cat >check.py <<'EOF'
import csv, json, sys

def say(ok, what, detail=""):
    print(("ok " if ok else "FAIL ") + what + ("" if ok else ": " + detail))

def csv_samples(d):
    """name -> sorted (round, repetition) of verified rows; all rows"""
    with open(d + "/results.csv") as f:
        rows = list(csv.DictReader(f))
    out = {}
    for r in rows:
        if r["verified"] == "1":
            name = "%s/%s/%s/size:%s/n:%s/seed:%s/threads:%s" % (
                r["kernel"], r["variant"], r["family"], r["size"], r["count"],
                r["seed"], r["threads"])
            out.setdefault(name, []).append(
                (int(r["round"]), int(r["repetition"])))
    return {k: sorted(v) for k, v in out.items()}, rows

def json_samples(path):
    """name -> sorted (round, repetition_index) of the iteration runs"""
    d = json.load(open(path))
    out = {}
    for b in d["benchmarks"]:
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        name = b["run_name"].split("/min_time:")[0]
        out.setdefault(name, []).append(
            (int(b["round"]), int(b["repetition_index"])))
    return {k: sorted(v) for k, v in out.items()}, d

def want(names, rounds, reps):
    grid = sorted((r, p) for r in range(rounds) for p in range(reps))
    return {n: grid for n in names}

cmd = sys.argv[1]
if cmd == "samples":  # samples DIR ROUNDS REPS NAME...
    d, rounds, reps, names = sys.argv[2], int(sys.argv[3]), \
        int(sys.argv[4]), sys.argv[5:]
    w = want(names, rounds, reps)
    got, _ = csv_samples(d)
    say(got == w, "results.csv: rounds x repetitions", "%s, want %s" % (got, w))
    got, doc = json_samples(d + "/results.json")
    say(got == w, "results.json: round counters and repetition_index",
        "%s, want %s" % (got, w))
    seed = doc["context"].get("round_order_seed")
    print("seed %s" % seed)
    c = json.load(open(d + "/completion.json"))
    say(c["state"] == "ended" and
        c["outcomes"] == {n: "timed" for n in names},
        "completion.json: every benchmark timed", str(c))
elif cmd == "gbout":  # gbout FILE ROUNDS REPS NAME...
    got, _ = json_samples(sys.argv[2])
    w = want(sys.argv[5:], int(sys.argv[3]), int(sys.argv[4]))
    say(got == w, "--benchmark_out: every round", "%s, want %s" % (got, w))
elif cmd == "context":  # context DIR KEY: its value, or "absent"
    c = json.load(open(sys.argv[2] + "/results.json"))["context"]
    print(c.get(sys.argv[3], "absent"))
elif cmd == "rows":  # rows DIR NAME: round,repetition,verified of NAME
    _, rows = csv_samples(sys.argv[2])
    for r in rows:
        name = "%s/%s/%s/size:%s/n:%s/seed:%s/threads:%s" % (
            r["kernel"], r["variant"], r["family"], r["size"], r["count"],
            r["seed"], r["threads"])
        if name == sys.argv[3]:
            print(r["round"], r["repetition"], r["verified"])
EOF
py() {
    python3 check.py "$@" >py.out 2>&1 || echo "FAIL python: $(cat py.out)" >>py.out
    while IFS= read -r line; do
        case $line in ok*) pass ;; FAIL*) fail "$line" ;; esac
    done <py.out
}
# orders DIR: log.txt's round lines
orders() { grep '^round [0-9]*/[0-9]* order:' "$1"/latest/log.txt; }

# ------------------------------------------- 3 rounds of 2 repetitions
SEED=2
run "$PB" bench --suite r3.suite --round-seed $SEED --out r1 \
    --benchmark_out="$T/gb.json"
check_rc "bench, 3 rounds" 0
py samples r1/latest 3 2 "$A" "$B"
if grep -qx "seed $SEED" py.out; then pass; else
    fail "results.json: round_order_seed is not $SEED: $(cat py.out)"
fi
py gbout "$T/gb.json" 3 2 "$A" "$B"
orders r1 >orders1
if [ "$(wc -l <orders1)" -eq 3 ] &&
    [ "$(grep -c "^round [123]/3 order: [^ ]*/uniform/[^ ]* [^ ]*/uniform/[^ ]*$" orders1)" -eq 3 ] &&
    [ "$(grep -cF "$A" orders1)" -eq 3 ] && [ "$(grep -cF "$B" orders1)" -eq 3 ]; then
    pass
else
    fail "log.txt: expected 3 rounds' orders of both benchmarks: $(cat orders1)"
fi
# the seed is chosen so that its rounds do not all share one order
if [ "$(sed 's/^round [0-9]*\/3 //' orders1 | sort -u | wc -l)" -eq 2 ]; then
    pass
else
    fail "--round-seed $SEED: every round in one order: $(cat orders1)"
fi
# the progress names the round; one compact line per benchmark
if grep -q '^\[[0-9]*/6\] round 3/3 magic_squares/' err &&
    [ "$(grep -c '^magic_squares/table/uniform/4/n=5/t=1 ' out)" -eq 1 ] &&
    [ "$(grep -c '^magic_squares/bibfs/uniform/4/n=5/t=1 ' out)" -eq 1 ]; then
    pass
else
    fail "progress 'round 3/3' or one line per benchmark: $(outputs)"
fi
# the same seed, the same orders
run "$PB" bench --suite r3.suite --round-seed $SEED --out r2 --quiet
check_rc "bench, 3 rounds, the same seed" 0
orders r2 >orders2
if [ -s orders1 ] && cmp -s orders1 orders2; then pass; else
    fail "--round-seed $SEED twice, two orders: $(cat orders1) / $(cat orders2)"
fi
# a seed drawn from the clock: recorded
run "$PB" bench --suite r3.suite --out r3 --quiet
check_rc "bench, 3 rounds, a drawn seed" 0
seed=$(python3 check.py context r3/latest round_order_seed)
if [[ $seed =~ ^[0-9]+$ ]]; then pass; else
    fail "a drawn seed: round_order_seed '$seed'"
fi
# compare and plot read rounds
run "$PB" compare r1/latest r2/latest
check_rc "compare of two runs of rounds" 0
run "$PB" plot r1/latest
check_rc "plot of a run of rounds" 0

# --------------------------------------------------- --rounds overrides
run "$PB" bench --suite r3.suite --rounds 2 --repetitions 1 --out o2 --quiet
check_rc "bench --rounds 2 --repetitions 1" 0
py samples o2/latest 2 1 "$A" "$B"
# one round: the suite's order (its verification pass's), no seed, no
# orders
run "$PB" bench --suite r3.suite --rounds 1 --round-seed 5 --out o1 --quiet
check_rc "bench --rounds 1" 0
py samples o1/latest 1 2 "$A" "$B"
timed=$(awk -F, 'NR > 1 {print $2}' o1/latest/results.csv | uniq | tr '\n' ' ')
verified=$(sed -n 's|^verify magic_squares/\([a-z_]*\)/.*|\1|p' \
    o1/latest/log.txt | tr '\n' ' ')
if [ "$timed" = "$verified" ] && [ -z "$(orders o1)" ] &&
    [ "$(python3 check.py context o1/latest round_order_seed)" = absent ]; then
    pass
else
    fail "one round: timed '$timed', suite '$verified', orders '$(orders o1)'"
fi

# -------------- fewer rounds than the run's most; a skip is timed once
printf '%s\n' 'rounds 3' 'repetitions 2' 'min_time 0.001' 'threads 1' \
    'bench magic_squares table uniform 4 5 1' 'rounds 1' \
    'bench magic_squares bibfs uniform 4 5 1' 'rounds 2' \
    'bench cubing cubie random:20 4 5 1' >mixed.suite
run "$PB" bench --suite mixed.suite --round-seed 3 --out m --quiet
check_rc "bench, rounds 3 and 1 and a skip" 0
C=cubing/cubie/random:20/size:4/n:5/seed:1/threads:1
orders m >orders_m
if [ "$(python3 check.py rows m/latest "$A" | sort | tr '\n' ' ')" = \
    "0 0 1 0 1 1 1 0 1 1 1 1 2 0 1 2 1 1 " ] &&
    [ "$(python3 check.py rows m/latest "$B" | sort | tr '\n' ' ')" = \
        "0 0 1 0 1 1 " ] &&
    ! python3 check.py rows m/latest "$C" | grep -qv '^0 [01] 0$' &&
    [ "$(grep -c '^round [23]/3 order: [^ ]*table[^ ]*$' orders_m)" -eq 2 ] &&
    grep -q '"cubing/cubie/[^"]*": "skipped"' m/latest/completion.json; then
    pass
else
    fail "rounds 3 and 1 and a skip: $(cat orders_m);" \
        "$(cat m/latest/results.csv)"
fi

# ------------------------------------------------------------ refusals
for bad in 'rounds 0' 'rounds 65' 'rounds x' 'rounds 3 4' 'rounds'; do
    printf '%s\n' 'threads 1' "$bad" \
        'bench magic_squares table uniform 4 5 1' >bad.suite
    check_fails "suite '$bad'" 1 \
        "^puzzlebench bench: bad\.suite:2: expected 'rounds N' with N an integer 1\.\.64$" \
        "$PB" bench --suite bad.suite --out bad
done
printf '%s\n' 'repetitions 64' 'rounds 17' \
    'bench magic_squares table uniform 4 5 1' >over.suite
check_fails "suite: 17 rounds x 64 repetitions" 1 \
    "^puzzlebench bench: over\.suite:2: rounds 17 x repetitions 64 is 1088 samples of a benchmark; expected at most 1024$" \
    "$PB" bench --suite over.suite --out bad
printf '%s\n' 'rounds 64' 'repetitions 20' \
    'bench magic_squares table uniform 4 5 1' >over2.suite
check_fails "suite: repetitions after rounds" 1 \
    "^puzzlebench bench: over2\.suite:2: rounds 64 x repetitions 20 is 1280 samples" \
    "$PB" bench --suite over2.suite --out bad
for bad in 0 65 x -1 ''; do
    check_fails "--rounds '$bad'" 2 \
        "^puzzlebench bench: --rounds needs an integer 1\.\.64, got '$bad';" \
        "$PB" bench --suite r3.suite --rounds "$bad" --out bad
done
for bad in -1 x 18446744073709551616; do
    check_fails "--round-seed '$bad'" 2 \
        "^puzzlebench run: --round-seed needs an unsigned integer, got '$bad';" \
        "$PB" run --suite r3.suite --round-seed "$bad" --out bad
done
check_fails "--rounds 64 on repetitions 20" 2 \
    "^puzzlebench bench: r3\.suite:5: rounds 64 x repetitions 20 is 1280 samples of a benchmark; expected at most 1024 \(with --rounds and --repetitions\)$" \
    "$PB" bench --suite r3.suite --rounds 64 --repetitions 20 --out bad
check_fails "--rounds 64 --benchmark_repetitions=64" 2 \
    "rounds 64 x repetitions 64 is 4096 samples.*\(with --benchmark_repetitions\)$" \
    "$PB" bench --suite r3.suite --rounds 64 --benchmark_repetitions=64 \
    --out bad
if [ ! -e bad ]; then pass; else fail "a refusal left a results folder"; fi

summary
