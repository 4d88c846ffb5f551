#!/usr/bin/env bash
# test_merge.sh - black-box tests of `puzzlebench merge`: a suite of 9
# benchmarks (2 repetitions each) run unsharded and as shards 1/3, 2/3
# and 3/3; the merged shards equal the unsharded run on every column
# that is not a measurement, row by row in the same order, whatever the
# order of the inputs; results.json parses, with the runs and the
# verification records (their places in the suite) of the unsharded run,
# no shard, and merged_from; log.txt and the report say what was
# merged; shards of 2 rounds merge with every row's and run's round and
# both order seeds; the merged folder is indexed in ROOT's results store,
# --db's, or none with --no-db. Each refusal (one folder, a folder without results.csv or
# results.json, malformed files, another commit, dirty flag, suite or
# N, a benchmark in two inputs) exits 1 (2 for the usage error) with
# one line naming the folder and creates nothing; inputs from different
# machines are merged with a warning on stderr and in the report.
#
# Usage: test_merge.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
# Prints one line per failed check on stderr and ends with "N passed, N
# failed"; exit status 1 when any check failed. About 15 s on 2 cores.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3
scratch test_merge
run() { run_from /dev/null "$@"; }

# 4 lines, 9 benchmarks: each shard mixes kernels and sizes; one round,
# so that the unsharded run's rows come in the suite's order, as merge's.
# The variants named, not `all` (nor all of them: registry_copies), so
# that a new one leaves the counts.
printf '%s\n' 'rounds 1' 'repetitions 2' 'min_time 0.01' 'threads 1' \
    'bench magic_squares table,bibfs uniform 4 3 1' \
    'bench magic_squares table uniform 3 3 1' \
    'bench cubic_eight bfs_hash,bfs_array,bibfs_hash,bibfs_array,table uniform 2x3 5 1' \
    'bench cubic_eight bfs_hash uniform 2x2 5 1' >"$T/t.suite"
run "$PB" bench --suite "$T/t.suite" --out "$T/all" --quiet
check_rc "bench unsharded" 0
for i in 1 2 3; do
    run "$PB" bench --suite "$T/t.suite" --shard "$i/3" --out "$T/s$i" \
        --quiet
    check_rc "bench --shard $i/3" 0
done

# The checks in Python: "ok WHAT" or "FAIL WHAT: DETAIL" lines.
cat >"$T/check.py" <<'EOF'
import csv, json, sys
MEASURED = {"iterations", "seconds", "cpu_seconds", "involuntary_switches",
            "build_seconds", "instances_per_second",
            "work_per_second", "peak_heap_bytes", "allocated_bytes",
            "peak_rss_bytes", "load_before", "load_after", "cpu_per_wall"}
def rows(d):
    with open(d + "/results.csv") as f:
        r = list(csv.reader(f))
    cols = [i for i, c in enumerate(r[0]) if c not in MEASURED]
    return r[0], [[row[i] for i in cols] for row in r[1:]]
def say(ok, what, detail=""):
    print(("ok " if ok else "FAIL ") + what + ("" if ok else ": " + detail))
what, a, m = sys.argv[1], sys.argv[2], sys.argv[3]
ha, ra = rows(a)
hm, rm = rows(m)
say(ha == hm and len(ra) == 18 and ra == rm, what + ": results.csv rows",
    "%d rows %s against %d unsharded %s" % (len(rm), rm[:3], len(ra), ra[:3]))
ja, jm = json.load(open(a + "/results.json")), json.load(open(m + "/results.json"))
na = [b["name"] + b.get("aggregate_name", "") for b in ja["benchmarks"]]
nm = [b["name"] + b.get("aggregate_name", "") for b in jm["benchmarks"]]
say(na == nm and len(nm) > 18, what + ": results.json benchmarks",
    "%s against %s" % (nm[:4], na[:4]))
va = {k: v.split()[0] for k, v in ja["context"].items() if k.startswith("verify:")}
vm = {k: v.split()[0] for k, v in jm["context"].items() if k.startswith("verify:")}
say(va == vm and len(vm) == 9, what + ": verification records and places",
    "%s against %s" % (sorted(vm.items())[:3], sorted(va.items())[:3]))
c = jm["context"]
src = c.get("merged_from", [])
say("shard" not in c and len(src) == 3 and
    all("(shard %d/3)" % i in " ".join(src) for i in (1, 2, 3)) and
    c.get("puzzlebench_commit") == ja["context"].get("puzzlebench_commit"),
    what + ": context", "shard %s, merged_from %s" % (c.get("shard"), src))
EOF
py() {
    python3 "$T/check.py" "$@" >"$T/py" 2>&1 || echo "FAIL python: $(cat "$T/py")" >>"$T/py"
    while IFS= read -r line; do
        case $line in ok*) pass ;; *) fail "$line" ;; esac
    done <"$T/py"
}

# a root (its latest link), a latest link and a folder, in any order
run "$PB" merge --out "$T/m" "$T/s1" "$T/s2/latest" "$(readlink -f "$T/s3/latest")"
check_rc "merge of 3 shards" 0
py merge "$T/all/latest" "$T/m/latest"
run "$PB" merge --out "$T/m2" "$T/s3" "$T/s1" "$T/s2"
check_rc "merge of 3 shards in another order" 0
py "inputs in another order" "$T/all/latest" "$T/m2/latest"
# the merged folder indexed in ROOT's store (one run of its 9
# benchmarks), or in --db's, or nowhere with --no-db
runs_of() { python3 -c 'import sqlite3,sys
c = sqlite3.connect(sys.argv[1])
print(c.execute("SELECT count(*) FROM run").fetchone()[0],
      c.execute("SELECT count(*) FROM benchmark").fetchone()[0],
      c.execute("SELECT dir FROM run").fetchone()[0])' "$1"; }
[ "$(runs_of "$T/m/puzzlebench.db")" = "1 9 $(readlink -f "$T/m/latest")" ] &&
    pass || fail "the merge indexed: $(runs_of "$T/m/puzzlebench.db" 2>&1)"
run "$PB" merge --out "$T/m3" --db "$T/merged.db" "$T/s1" "$T/s2" "$T/s3"
check_rc "merge --db" 0
[ "$(runs_of "$T/merged.db")" = "1 9 $(readlink -f "$T/m3/latest")" ] &&
    [ ! -e "$T/m3/puzzlebench.db" ] && pass || fail "merge --db: $(runs_of "$T/merged.db" 2>&1)"
run "$PB" merge --out "$T/m4" --no-db "$T/s1" "$T/s2" "$T/s3"
check_rc "merge --no-db" 0
[ ! -e "$T/m4/puzzlebench.db" ] && pass || fail "merge --no-db made a store"
check_fails "merge --no-db --db" 2 "give one of them" \
    "$PB" merge --no-db --db "$T/x.db" "$T/s1" "$T/s2"
if grep -q "3 results folders of suite t" "$T/m/latest/log.txt" &&
    [ "$(grep -c "shard [123]/3" "$T/m/latest/log.txt")" -eq 3 ] &&
    grep -q "Merged from these results folders" "$T/m/latest/report.md" &&
    ! grep -q "different machines" "$T/m/latest/report.md" &&
    [ -s "$T/m/latest/summary.csv" ]; then
    pass
else
    fail "merge: log.txt, summary.csv or report.md does not say what was" \
        "merged; $(cat "$T/m/latest/log.txt")"
fi

# two of the three shards: merged, the missing one said
run "$PB" merge --out "$T/m12" "$T/s1" "$T/s2"
if [ "$rc" -eq 0 ] && grep -q "missing shards 3/3: the merged suite is incomplete" \
    "$T/m12/latest/log.txt" && [ "$(wc -l <"$T/m12/latest/results.csv")" -eq 13 ] &&
    python3 -c 'import json, sys; c = json.load(open(sys.argv[1]))["context"]
assert c["missing_shards"] == "3/3", c.get("missing_shards")' \
        "$T/m12/latest/results.json"
then pass; else fail "merge of shards 1/3 2/3: exit $rc; $(outputs)"; fi
# variants of shard 3 with one thing changed (python3 edits the JSON)
forge() { # forge NAME KEY VALUE: a copy of shard 3 with context KEY = VALUE
    cp -rL "$T/s3/latest" "$T/$1"
    python3 - "$T/$1/results.json" "$2" "$3" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["context"][sys.argv[2]] = sys.argv[3]
json.dump(d, open(sys.argv[1], "w"), indent=1)
EOF
}
forge commit puzzlebench_commit 0123456789abcdef0123456789abcdef01234567
forge dirty puzzlebench_dirty unknown
forge suite suite other
forge n4 shard 3/4
cp -rL "$T/s1/latest" "$T/dup"
cp -rL "$T/s3/latest" "$T/nocsv" && rm "$T/nocsv/results.csv"
cp -rL "$T/s3/latest" "$T/nojson" && rm "$T/nojson/results.json"
cp -rL "$T/s3/latest" "$T/badjson" && truncate -s 100 "$T/badjson/results.json"
cp -rL "$T/s3/latest" "$T/badcsv" &&
    sed -i '2s/^\([^,]*,[^,]*,[^,]*,[^,]*\),[0-9]*,/\1,x,/' "$T/badcsv/results.csv"
cp -rL "$T/s3/latest" "$T/norecord"
python3 - "$T/norecord/results.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for k in [k for k in d["context"] if k.startswith("verify:")][:1]:
    del d["context"][k]
json.dump(d, open(sys.argv[1], "w"), indent=1)
EOF
refused() { # refused WHAT PATTERN INPUT...: exit 1, one line, nothing made
    local what=$1 pattern=$2
    shift 2
    check_fails "merge refuses $what" 1 "$pattern" \
        "$PB" merge --out "$T/refused" "$@"
    if [ -e "$T/refused" ]; then
        fail "merge refusing $what created $T/refused"
        rm -rf "$T/refused"
    fi
}
S1=$T/s1 S2=$T/s2
refused "another commit" "commit: puzzlebench_commit .*differs" \
    "$S1" "$S2" "$T/commit"
refused "another dirty flag" "dirty: puzzlebench_dirty .*differs" \
    "$S1" "$S2" "$T/dirty"
refused "another suite" "suite: suite \"other\" differs" "$S1" "$S2" "$T/suite"
refused "shards of another N" "n4: shard 3/4.*same N" "$S1" "$S2" "$T/n4"
refused "an unsharded run with shards" "all/.*: unsharded, but .* is shard 1/3" \
    "$T/s1" "$T/all"
refused "a benchmark in two inputs" "dup: benchmark .* is also in .*s1/" \
    "$S1" "$S2" "$T/dup"
refused "a folder without results.csv" "nocsv: no results.csv" "$S1" "$T/nocsv"
refused "a folder without results.json" "nojson: no results.json" \
    "$S1" "$T/nojson"
refused "a malformed results.json" "badjson/results.json:[0-9]+:" \
    "$S1" "$T/badjson"
refused "a malformed results.csv" \
    "badcsv/results.csv:2: expected seconds >= 0 and a count >= 1, found .* and 'x'" \
    "$S1" "$T/badcsv"
refused "a row without its verification record" \
    "norecord/results.(csv|json).*no verification record" "$S1" "$T/norecord"
refused "a missing folder" "nowhere: no results.csv" "$S1" "$T/nowhere"
check_fails "merge of one folder" 2 "at least 2 results folders" \
    "$PB" merge --out "$T/refused" "$S1"
[ -e "$T/refused" ] && fail "merge of one folder created $T/refused"
run "$PB" merge --help
if [ "$rc" -eq 0 ] && grep -q "^usage: puzzlebench merge \[--out ROOT\] .*DIR DIR" \
    "$T/out"; then pass; else fail "merge --help: exit $rc; $(outputs)"; fi
check_fails "merge --bogus" 2 "merge: .*--bogus" "$PB" merge --bogus "$S1" "$S2"

# --- results read back: what compare and plot refuse, merge
# refuses; the terminal and log.txt never get raw control bytes; an
# unknown commit is no proof of one build
# edit PYTHON DIR: a copy DIR of shard 3 whose results.csv rows (r: csv
# rows, header first; S the seconds column) and results.json (d) the
# Python statements change
edit() {
    cp -rL "$T/s3/latest" "$T/$2"
    python3 - "$T/$2" "$1" <<'EOF'
import csv, json, sys
d = json.load(open(sys.argv[1] + "/results.json"))
r = list(csv.reader(open(sys.argv[1] + "/results.csv")))
S = r[0].index("seconds")
exec(sys.argv[2])
json.dump(d, open(sys.argv[1] + "/results.json", "w"), indent=1)
csv.writer(open(sys.argv[1] + "/results.csv", "w"),
           lineterminator="\n").writerows(r)
EOF
}
# 14: NaN or negative seconds in a verified row, a negative real_time
edit 'r[1][S] = "NA"' nan_seconds
refused "NaN seconds" \
    "nan_seconds/results.csv:2: expected seconds >= 0 and a count >= 1, found 'NA'" \
    "$S1" "$S2" "$T/nan_seconds"
edit 'r[1][S] = "-1"' neg_seconds
refused "negative seconds" \
    "neg_seconds/results.csv:2: expected seconds >= 0 and a count >= 1, found '-1'" \
    "$S1" "$S2" "$T/neg_seconds"
edit 'd["benchmarks"][0]["real_time"] = -1' neg_time
refused "a negative real_time" \
    'neg_time/results.json: benchmarks\[0\]: expected a "name", a "real_time" >= 0' \
    "$S1" "$S2" "$T/neg_time"
# 10: a row twice, a run twice
edit 'r.append(r[1])' row_twice
refused "a row twice" \
    "row_twice/results.csv:[0-9]+: repetition 0 of [^ ]+ again" \
    "$S1" "$S2" "$T/row_twice"
edit 'd["benchmarks"].append(d["benchmarks"][0])' run_twice
refused "a run twice" \
    "run_twice/results.json: benchmarks\[[0-9]+\]: repetition 0 of [^ ]+ again" \
    "$S1" "$S2" "$T/run_twice"
# 25: a failed row with an error of 6000 bytes is one row, whole
edit 'E = r[0].index("error"); r[1][E] = "x" * 6000; r[1][E - 1] = "0"' \
    long_row
run "$PB" merge --out "$T/mlong" "$S1" "$S2" "$T/long_row"
if [ "$rc" -eq 0 ] &&
    [ "$(awk 'length > 6000' "$T/mlong/latest/results.csv" | wc -l)" -eq 1 ]
then pass; else fail "merge with a row of 6000 bytes: exit $rc; $(outputs)"; fi
# 13: control bytes in the suite and a host name: escaped on the terminal
# and in log.txt
for i in 1 2 3; do
    cp -rL "$T/s$i/latest" "$T/esc$i"
    python3 - "$T/esc$i/results.json" "$i" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["context"]["suite"] = "t\x1b]0;pwned\x07"
if sys.argv[2] == "3":
    d["context"]["host_name"] = "node\x1b[31m7"
json.dump(d, open(sys.argv[1], "w"), indent=1)
EOF
done
run "$PB" merge --out "$T/mesc" "$T/esc1" "$T/esc2" "$T/esc3"
if [ "$rc" -eq 0 ] &&
    ! grep -q "$(printf '[\033\007]')" "$T/out" "$T/err" \
        "$T/mesc/latest/log.txt" &&
    grep -Fq 'suite t\x1b]0;pwned\x07 (' "$T/mesc/latest/log.txt" &&
    grep -Fq 'host_name node\x1b[31m7' "$T/mesc/latest/log.txt"
then pass; else
    fail "merge with control bytes in the suite and host name: exit $rc," \
        "or a raw control byte on the terminal or in log.txt; $(outputs)"
fi
# 15: a commit unknown in every input is merged with a warning that the
# build cannot be checked; a dirty flag absent from every input is the
# same in each (never "(absent) differs from (absent)"). Both as an
# older binary wrote them, without the executable's and the diff's
# hashes (one executable's hash proves one build: no warning then)
for i in 1 2 3; do
    cp -rL "$T/s$i/latest" "$T/unknown$i"
    cp -rL "$T/s$i/latest" "$T/nodirty$i"
    python3 - "$T/unknown$i/results.json" "$T/nodirty$i/results.json" <<'EOF'
import json, sys
def older(d):
    for key in ("puzzlebench_binary_sha256", "puzzlebench_diff_sha256"):
        d["context"].pop(key, None)
d = json.load(open(sys.argv[1]))
d["context"]["puzzlebench_commit"] = "unknown"
d["context"]["puzzlebench_dirty"] = "unknown"
older(d)
json.dump(d, open(sys.argv[1], "w"), indent=1)
d = json.load(open(sys.argv[2]))
del d["context"]["puzzlebench_dirty"]
older(d)
json.dump(d, open(sys.argv[2], "w"), indent=1)
EOF
done
run "$PB" merge --out "$T/munknown" "$T/unknown1" "$T/unknown2" "$T/unknown3"
want="warning: the puzzlebench commit is unknown in every input, so merge"
want="$want cannot check that one build produced them"
if [ "$rc" -eq 0 ] && grep -Fq "$want" "$T/err" &&
    grep -Fq "$want" "$T/munknown/latest/log.txt"; then pass; else
    fail "merge of inputs of an unknown commit: exit $rc, or no warning" \
        "that the build cannot be checked; $(outputs)"
fi
run "$PB" merge --out "$T/mnodirty" "$T/nodirty1" "$T/nodirty2" "$T/nodirty3"
if [ "$rc" -eq 0 ] && ! grep -q 'differs' "$T/err" &&
    grep -Fq "whether the source tree had changes is unknown" "$T/err"
then pass; else
    fail "merge of inputs without a dirty flag: exit $rc; $(outputs)"
fi

# shards of 2 rounds (each its own order seed): every row and run keeps
# its round, both seeds are recorded
printf '%s\n' 'rounds 2' 'repetitions 2' 'min_time 0.001' 'threads 1' \
    'bench magic_squares table,bibfs uniform 4 3 1' >"$T/r.suite"
for i in 1 2; do
    run "$PB" bench --suite "$T/r.suite" --shard "$i/2" --round-seed "$i" \
        --out "$T/r$i" --quiet
    check_rc "bench --shard $i/2 of 2 rounds" 0
done
run "$PB" merge --out "$T/mr" "$T/r1" "$T/r2"
check_rc "merge of shards of 2 rounds" 0
if python3 - "$T/mr/latest" <<'EOF'
import csv, json, sys
grid = sorted((r, p) for r in (0, 1) for p in (0, 1))
rows, runs = {}, {}
for r in csv.DictReader(open(sys.argv[1] + "/results.csv")):
    if r["verified"] == "1":
        rows.setdefault(r["variant"], []).append(
            (int(r["round"]), int(r["repetition"])))
d = json.load(open(sys.argv[1] + "/results.json"))
for b in d["benchmarks"]:
    if b.get("run_type") == "iteration":
        runs.setdefault(b["run_name"].split("/")[1], []).append(
            (int(b["round"]), int(b["repetition_index"])))
want = {"table": grid, "bibfs": grid}
assert {k: sorted(v) for k, v in rows.items()} == want, rows
assert {k: sorted(v) for k, v in runs.items()} == want, runs
assert d["context"]["round_order_seed"] == "1, 2", d["context"]
EOF
then pass; else fail "merge of shards of 2 rounds: rounds or seeds lost"; fi

# another machine: merged, with a warning on stderr and in the report
forge machine host_name node7
run "$PB" merge --out "$T/mm" "$S1" "$S2" "$T/machine"
if [ "$rc" -eq 0 ] && grep -q "different machines (host_name differ)" \
    "$T/err" && grep -q "^Warning: merged from results folders that ran on " \
    "$T/mm/latest/report.md" && grep -q "host_name node7; benchmarks: " \
    "$T/mm/latest/report.md" && grep -q "different machines" \
    "$T/mm/latest/report.html"; then
    pass
else
    fail "merge across machines: exit $rc, or no warning on stderr and in" \
        "the report; $(outputs)"
fi
summary
