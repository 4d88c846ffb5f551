#!/usr/bin/env bash
# test_interrupted.sh - interrupted runs, the `latest` link and shards:
# every results folder records its plan and whether it completed
# (completion.json), and the verbs that read it say so.
#
#   - a run killed with SIGKILL after its first benchmark leaves `latest`
#     where it was; `plot` of its folder warns "incomplete: N of 13
#     benchmarks timed; missing: ..." (naming the last benchmark), its
#     report says so at the top and never that every answer was
#     correct, and `compare` against it warns on its side;
#   - a shard killed the same way merges with a warning naming exactly
#     the benchmarks the shard did not account for, and the merged
#     folder records it; two inputs that both say shard 1/2 but hold the
#     whole suite between them merge complete (no missing shard); a
#     suite of 2 benchmarks in 3 shards: the empty third part succeeds
#     with a note, and the 3 parts merge complete;
#   - a ROOT/latest that is a folder or a file is refused (bench, run,
#     merge) with one line and nothing created; a refused --data creates
#     no results folder and leaves `latest`; a completion record of
#     another shape is refused by plot; folders from before the record
#     (tests/fixtures/results) are drawn without a word about it.
#
# A kill lands after the record shows a benchmark's outcome (polled,
# 60 s at most): nothing depends on the machine's speed but that the
# remaining benchmarks (0.4 s each at least) outlast the poll.
# Usage: test_interrupted.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
# Prints one line per failed check on stderr and ends with "N passed, N
# failed"; exit status 1 when any check failed. About 20 s on 2 cores.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3
if ! command -v gnuplot >/dev/null; then
    echo "$0: no gnuplot, which plot needs; skipped" >&2
    exit 77
fi

scratch test_interrupted
run() { run_from /dev/null "$@"; }
K=magic_squares

# suite NAME LINES...: writes NAME.suite, of one round (a killed run then
# has ended benchmarks to count)
suite() {
    local name=$1
    shift
    printf '%s\n' 'rounds 1' "$@" >"$T/$name.suite"
}
# newest ROOT: the newest results folder under ROOT (latest or not)
newest() {
    find "$1" -mindepth 1 -maxdepth 1 -type d -name '2*' 2>/dev/null |
        sort | tail -n 1
}

# killed ROOT SUITE ARGS...: starts bench into ROOT and kills it with
# SIGKILL once its completion record holds an outcome; the new folder
# in $folder, and false when the run ended first (or made no record)
killed() {
    local root=$1 suite=$2 before
    shift 2
    before=$(newest "$root")
    "$PB" bench --suite "$suite" --out "$root" --quiet "$@" </dev/null \
        >"$T/bg.out" 2>"$T/bg.err" &
    BG=$!
    folder=
    for _ in $(seq 300); do
        folder=$(newest "$root")
        [ "$folder" != "$before" ] &&
            grep -q '"timed"' "$folder/completion.json" 2>/dev/null && break
        kill -0 "$BG" 2>/dev/null || break
        sleep 0.2
    done
    if kill -9 "$BG" 2>/dev/null; then
        wait "$BG" 2>/dev/null
        BG=
        [ "$folder" != "$before" ]
    else
        wait "$BG"
        BG=
        fail "killed $root: the run ended (exit $?) before it could be" \
            "killed, or wrote no completion record; $(tail -c 300 "$T/bg.err")"
        return 1
    fi
}

suite tiny 'repetitions 1' 'min_time 0.01' 'threads 1' \
    "bench $K table uniform 4 100 11"
# five variants named, not `all` (registry_copies: no test names them
# all), so that a new one leaves the counts below (13, 6) and the last
# benchmark as they are
FIVE=bfs_hash,bfs_array,bibfs,table,table_omp
# 13 benchmarks of 0.4 s at least; the first is tiny's
suite long 'repetitions 2' 'min_time 0.2' 'threads 1' \
    "bench $K table uniform 4 100 11" "bench $K bibfs uniform 3 100 12" \
    "bench $K table uniform 3 100 12" "bench $K $FIVE uniform 4 100 12" \
    "bench $K $FIVE uniform 4 100 13"
LAST=$K/table_omp/uniform/size:4/n:100/seed:13/threads:1

# ------------------------------------------------- 8, 5: a killed run
run "$PB" bench --suite "$T/tiny.suite" --out "$T/r" --quiet
check_rc "a complete run" 0
old=$(readlink "$T/r/latest")
if killed "$T/r" "$T/long.suite"; then
    if [ "$(readlink "$T/r/latest")" = "$old" ]; then pass; else
        fail "a killed run moved latest: $old -> $(readlink "$T/r/latest")"
    fi
    run "$PB" plot "$folder"
    if [ "$rc" -eq 0 ] && grep -Eq "^puzzlebench plot: warning: .*: incomplete: [1-9][0-9]* of 13 benchmarks timed; missing: .*$LAST" \
        "$T/err"; then pass; else
        fail "plot of a killed run: exit $rc, no 'incomplete: N of 13" \
            "benchmarks timed; missing: ...'; $(outputs)"
    fi
    if grep -Eq "^Warning: this results folder is incomplete: [1-9][0-9]* of 13 benchmarks timed; missing: .*$LAST" \
        "$folder/report.md" && grep -q "is incomplete: " "$folder/report.html" &&
        ! grep -q "Every answer was correct" "$folder/report.md"; then
        pass
    else
        fail "the report of a killed run does not say it is incomplete:" \
            "$(grep -i -m2 -e incomplete -e 'every answer' "$folder/report.md")"
    fi
    run "$PB" compare "$T/r/latest" "$folder"
    if [ "$rc" -eq 0 ] && grep -Eq "^# warning: B: incomplete: [1-9][0-9]* of 13 benchmarks timed; missing: " \
        "$T/out" && ! grep -q "warning: A: incomplete" "$T/out"; then
        pass
    else
        fail "compare with a killed run: exit $rc, no '# warning: B:" \
            "incomplete'; $(outputs)"
    fi
fi

# ----------------------------------------- 8: a refused --data
echo x >"$T/notafolder"
check_fails "run --data under a file" 1 \
    "^puzzlebench bench: .*/notafolder/data: cannot create: Not a directory$" \
    "$PB" run --suite "$T/tiny.suite" --out "$T/r" --data "$T/notafolder/data"
if [ "$(readlink "$T/r/latest")" = "$old" ] &&
    [ "$(newest "$T/r")" = "${folder:-$T/r/$old}" ]; then pass; else
    fail "a refused --data moved latest or made a folder:" \
        "latest -> $(readlink "$T/r/latest"), newest $(newest "$T/r")"
fi

# ------------------------------------- 5: a killed shard, merged
suite six 'repetitions 2' 'min_time 0.2' 'threads 1' \
    "bench $K table uniform 3 50 21" "bench $K $FIVE uniform 4 50 21"
run "$PB" bench --suite "$T/six.suite" --shard 1/2 --out "$T/p1" --quiet
check_rc "shard 1/2" 0
if killed "$T/p2" "$T/six.suite" --shard 2/2; then
    # what shard 2 planned and did not account for, in its order
    python3 - "$folder/completion.json" >"$T/want" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
print(", ".join(n for n in d["planned"] if n not in d["outcomes"]))
print(3 + sum(1 for v in d["outcomes"].values() if v == "timed"))
EOF
    want=$(head -n 1 "$T/want")
    timed=$(tail -n 1 "$T/want")
    run "$PB" merge --out "$T/pm" "$T/p1" "$folder"
    if [ "$rc" -eq 0 ] && [ -n "$want" ] &&
        grep -Fxq "puzzlebench merge: warning: incomplete: $timed of 6 benchmarks timed; missing: $want" \
            "$T/err" &&
        grep -Fq "incomplete: $timed of 6 benchmarks timed" "$T/pm/latest/log.txt" &&
        grep -Fq "Warning: this results folder is incomplete: $timed of 6" \
            "$T/pm/latest/report.md"; then
        pass
    else
        fail "merge of a killed shard: exit $rc, expected 'incomplete:" \
            "$timed of 6 benchmarks timed; missing: $want'; $(outputs)"
    fi
    if python3 - "$T/pm/latest/completion.json" "$timed" <<'EOF'; then
import json, sys
d = json.load(open(sys.argv[1]))
timed = sum(1 for v in d["outcomes"].values() if v == "timed")
assert d["verb"] == "merge" and d["state"] == "ended", d
assert len(d["planned"]) == 6 and timed == int(sys.argv[2]), d
EOF
        pass
    else
        fail "the merged folder's completion.json does not record it"
    fi
fi

# --------------------------------- 27: two inputs that both say 1/2
suite one 'repetitions 1' 'min_time 0.01' \
    "bench $K table uniform 4 3 1"
run "$PB" bench --suite "$T/one.suite" --shard 1/2 --threads 1 --out "$T/h1" \
    --quiet
check_rc "one.suite --shard 1/2 --threads 1" 0
run "$PB" bench --suite "$T/one.suite" --shard 1/2 --threads 2 --out "$T/h2" \
    --quiet
check_rc "one.suite --shard 1/2 --threads 2" 0
run "$PB" merge --out "$T/hm" "$T/h1" "$T/h2"
if [ "$rc" -eq 0 ] && ! grep -q "missing shards" "$T/out" &&
    ! grep -q incomplete "$T/err" "$T/hm/latest/log.txt" \
        "$T/hm/latest/report.md" &&
    python3 - "$T/hm/latest" <<'EOF'; then
import json, sys
c = json.load(open(sys.argv[1] + "/results.json"))["context"]
d = json.load(open(sys.argv[1] + "/completion.json"))
assert "missing_shards" not in c, c.get("missing_shards")
assert len(d["planned"]) == 2 and len(d["outcomes"]) == 2, d
EOF
    pass
else
    fail "two inputs of shard 1/2 holding the whole suite: exit $rc, or" \
        "said incomplete; $(outputs)"
fi

# ------------------------------------- 24: a part left empty
suite two 'repetitions 1' 'min_time 0.01' 'threads 1' \
    "bench $K table,bibfs uniform 4 3 1"
for i in 1 2 3; do
    run "$PB" bench --suite "$T/two.suite" --shard "$i/3" --out "$T/e$i" \
        --quiet
    check_rc "two.suite --shard $i/3" 0
done
if grep -q "^note: --shard 3/3: the suite has 2 benchmarks, none left for this part" \
    "$T/out" && [ -f "$T/e3/latest/results.json" ] &&
    [ "$(wc -l <"$T/e3/latest/results.csv")" -eq 1 ] &&
    python3 - "$T/e3/latest/completion.json" <<'EOF'; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["planned"] == [] and len(d["suite_benchmarks"]) == 2, d
assert d["state"] == "ended" and d["shard"] == "3/3", d
EOF
    pass
else
    fail "the empty part 3/3: no note, or no results folder recording it;" \
        "$(outputs)"
fi
run "$PB" merge --out "$T/em" "$T/e1" "$T/e2" "$T/e3"
if [ "$rc" -eq 0 ] && ! grep -q "missing shards" "$T/out" &&
    ! grep -q incomplete "$T/err" &&
    [ "$(wc -l <"$T/em/latest/results.csv")" -eq 3 ]; then
    pass
else
    fail "merge of 2 benchmarks in 3 shards: exit $rc; $(outputs)"
fi

# --------------------------------------------- 23: latest not a link
mkdir -p "$T/lf/latest" "$T/lr"
echo keep >"$T/lr/latest"
check_fails "bench into a root whose latest is a folder" 1 \
    "^puzzlebench bench: .*/lf/latest: a folder, not the link .*; move it aside or choose another --out$" \
    "$PB" bench --suite "$T/tiny.suite" --out "$T/lf"
check_fails "run into a root whose latest is a file" 1 \
    "^puzzlebench bench: .*/lr/latest: a file, not the link " \
    "$PB" run --suite "$T/tiny.suite" --out "$T/lr" --data "$T/lr_data"
check_fails "merge into a root whose latest is a folder" 1 \
    "^puzzlebench merge: .*/lf/latest: a folder, not the link " \
    "$PB" merge --out "$T/lf" "$T/e1" "$T/e2" "$T/e3"
if [ "$(ls -A "$T/lf")" = latest ] && [ -d "$T/lf/latest" ] &&
    [ "$(ls -A "$T/lr")" = latest ] && [ "$(cat "$T/lr/latest")" = keep ] &&
    [ ! -e "$T/lr_data" ]; then
    pass
else
    fail "a refused latest: something was created or replaced:" \
        "lf [$(ls -A "$T/lf")] lr [$(ls -A "$T/lr")]"
fi

# ------------------------------- records of another shape, none at all
cp -r "$SRC/tests/fixtures/results" "$T/old"
run "$PB" plot "$T/old"
if [ "$rc" -eq 0 ] && ! grep -q incomplete "$T/err" "$T/old/report.md"; then
    pass
else
    fail "plot of a folder from before completion records: exit $rc;" \
        "$(outputs)"
fi
echo '{"format": 1, "state": "done"}' >"$T/old/completion.json"
check_fails "plot of a malformed completion record" 1 \
    "^puzzlebench plot: .*/old/completion.json: expected a puzzlebench completion record" \
    "$PB" plot "$T/old"
summary
