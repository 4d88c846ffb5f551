#!/usr/bin/env bash
# test_mpi.sh - the census over MPI, black-box through mpirun.
#
# Usage: test_mpi.sh PATH_TO_PUZZLEBENCH
#
# For P = 1, 2, 3 and 4 processes (3 cuts the ranks unevenly), both
# exchanges and rounds forced small, the distributed census prints the
# same states per depth as the one-process engine on the 2 x 4 and 2 x 5
# rings (directed and with inverses) and on 3 x 3 boards (one start, and
# every start class); the per-process memory estimate is checked against
# the host's cap before anything is allocated (refused with it, on every
# process, one message); a process killed mid-census makes mpirun end
# with an error instead of hanging; under `bench`, a process over its
# own cap refuses its slice, and a row's CPU time and switches
# are every process's, summed. Open MPI refuses root unless asked,
# and one host has 2 cores: --oversubscribe. Skipped (77) without mpirun
# or in a build without MPI.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_pb "$@"
if ! command -v mpirun >/dev/null; then
    echo "test_mpi: no mpirun (openmpi-bin); skipped" >&2
    exit 77
fi
if "$PB" --version | grep -q "^MPI: none"; then
    echo "test_mpi: puzzlebench built without MPI; skipped" >&2
    exit 77
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_mpi.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 2
OUT_DIR=$TMP
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Waiting processes yield their core (Open MPI polls by default): the
# tests run side by side on few cores.
export OMPI_MCA_mpi_yield_when_idle=1
# Open MPI keeps some of its own memory to the end; that is not ours.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
MPIRUN=(mpirun --oversubscribe --bind-to none)

# depth states, one pair a line, from a census's text on stdin
counts() { grep -v '^#' | awk '{print $1, $2}'; }

# The one-process engine against every P and exchange.
check_equal() {
    local args=("$@") want got p x
    want=$("$PB" census "${args[@]}" | counts)
    if [ -z "$want" ]; then
        fail "census ${args[*]}: no counts"
        return
    fi
    for p in 1 2 3 4; do
        for x in alltoallv point-to-point; do
            # point to point at 2 and 3 processes only: the time of CI
            [ $x = point-to-point ] && [ $p != 2 ] && [ $p != 3 ] && continue
            got=$("${MPIRUN[@]}" -np $p "$PB" census "${args[@]}" \
                --exchange $x --round-targets 1 2>"$TMP/err" | counts)
            if [ "$got" = "$want" ]; then
                pass
            else
                fail "census ${args[*]} over $p processes ($x): counts" \
                    "differ from one process; $(head -c 300 "$TMP/err")"
            fi
        done
    done
}
check_equal magic_squares --size 4
check_equal magic_squares --size 4 --with-inverses
check_equal magic_squares --size 5
check_equal magic_squares --size 5 --with-inverses --threads 2
check_equal cubic_eight --size 3x3
check_equal cubic_eight --size 3x3 --start all

# The output says how it ran: engine, processes, library, per-level cost.
run_from /dev/null "${MPIRUN[@]}" -np 3 "$PB" census magic_squares \
    --size 5 --format json
if [ "$rc" -eq 0 ] && python3 - "$TMP/out" >"$TMP/py" 2>&1 <<'PY'; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["engine"] == "frontier2_mpi" and d["processes"] == 3, d
assert d["mpi_library"].startswith("Open MPI"), d
c = d["censuses"][0]
assert c["total"] == 3628800 and len(c["levels"]) == len(c["counts"])
sent = sum(l["bytes_sent"] for l in c["levels"])
# every state but the start is found once from some frontier state;
# at 4 bytes an entry, the bytes sent lie between 0 and 4 * 3 moves * N
assert 0 < sent <= 4 * 3 * 3628800, sent
# one process: its third of the ranks at 2 bits, plus bounded buffers
assert 3628800 / 3 / 4 < c["process_bytes"] < 3628800 / 3 / 4 + 64e6, c
PY
    pass
else
    fail "census --format json over MPI: exit $rc; $(cat "$TMP/py"); $(outputs)"
fi
# The per-depth figure (plots/census_levels.gp) from the CSV's columns.
if command -v gnuplot >/dev/null; then
    "${MPIRUN[@]}" -np 2 "$PB" census magic_squares --size 5 --format csv \
        >"$TMP/levels.csv" 2>"$TMP/err"
    if gnuplot -e "data='$TMP/levels.csv'; out='$TMP/levels.svg'" \
        "$HERE/../plots/census_levels.gp" 2>>"$TMP/err" &&
        grep -q 'MPI (exchange and wait)' "$TMP/levels.svg"; then
        pass
    else
        fail "census_levels.gp on a census CSV: $(tail -c 300 "$TMP/err")"
    fi
fi
# A process other than 0 prints nothing: one copy of the output.
run_from /dev/null "${MPIRUN[@]}" -np 4 "$PB" census magic_squares --size 4
if [ "$rc" -eq 0 ] && [ "$(grep -c '^# total 40320$' "$TMP/out")" -eq 1 ] &&
    grep -q '^# engine frontier2_mpi, 4 processes x 1 thread on 1 host' \
        "$TMP/out"; then
    pass
else
    fail "census over 4 processes: exit $rc, expected one report; $(outputs)"
fi

# Bad options (docs/errors.md), on one process.
check_fails "census --exchange foo" 2 "expected alltoallv or point-to-point" \
    "$PB" census magic_squares --exchange foo
check_fails "census --round-targets 0" 2 "round-targets needs an integer" \
    "$PB" census magic_squares --round-targets 0
check_fails "census --plan --reference" 2 "the reference search has no plan" \
    "$PB" census magic_squares --plan --reference
# srun's tasks without a process manager (its variables, as srun sets them)
check_fails "census as srun --mpi=none's task 0 of 4" 2 \
    "srun started 4 tasks without an MPI process manager" \
    env SLURM_PROCID=0 SLURM_STEP_NUM_TASKS=4 "$PB" census magic_squares
check_fails "bench as srun --mpi=none's task 0 of 4" 2 \
    "srun started 4 tasks without an MPI process manager" \
    env SLURM_PROCID=0 SLURM_STEP_NUM_TASKS=4 "$PB" bench --suite smoke \
    --out "$TMP/srun_bench"
run_from /dev/null "${MPIRUN[@]}" -np 2 "$PB" census magic_squares --reference
if [ "$rc" -eq 2 ] &&
    grep -q "the reference search runs on one process" "$TMP/err"; then
    pass
else
    fail "census --reference under mpirun: exit $rc; $(outputs)"
fi

# Bad input under mpirun: one message (process 0's), a failed job.
for args in "census magic_squares --size x" "bench --suite no_such_suite" \
    "run --threads 0"; do
    # shellcheck disable=SC2086
    run_from /dev/null "${MPIRUN[@]}" -np 3 "$PB" $args
    if [ "$rc" -ne 0 ] && [ "$(grep -c '^puzzlebench' "$TMP/err")" -eq 1 ] &&
        [ ! -s "$TMP/out" ]; then
        pass
    else
        fail "$args over 3 processes: exit $rc, expected one message; $(outputs)"
    fi
done

# bench over P processes: every benchmark's corpus split across them
# (3 and 4 cut 7 instances unevenly; a corpus of 2 leaves some
# processes none), every kernel (cube_walk's answers own their routes:
# pack and unpack; cubing's slots grow with the cube), every answer of
# every run verified on process 0, the censuses on the distributed
# engine against the reference; names and rows carry the processes,
# the provenance its processes, threads, hosts and library; the work
# counters, summed over the processes, equal one process's. Two rounds:
# process 0 shuffles, the others follow; every benchmark has rows of
# both.
cat >"$TMP/mpi.suite" <<'SUITE'
rounds 2
repetitions 2
min_time 0.001
budget 60
threads 1
bench magic_squares bfs_array,table uniform 4 7 1
bench cubic_eight bfs_array,table uniform 2x3 7 1
bench magic_squares bibfs uniform 4 2 3
bench cubing all random:20 4 7 1
bench cube_walk all uniform 8x8 7 1
census magic_squares 4
census cubic_eight 2x3
threads 2
bench magic_squares table_omp uniform 4 7 1
SUITE
# kernel,variant,family,size,count,threads,processes,counters of a
# results.csv's verified rows, sorted (build_ns, igraph's, is a time);
# the counters' column found by name
rows() {
    awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) if ($i == "counters_per_instance") w = i; next }
        $(NF-1) == 1 {
        gsub(/;build_ns=[^;]*/, "", $w); print $1, $2, $3, $4, $5, $8, $9, $w}' \
        "$1"/*/results.csv | sort -u
}
"$PB" bench --suite "$TMP/mpi.suite" --out "$TMP/one" --quiet \
    >"$TMP/out" 2>"$TMP/err" || fail "the mpi suite on one process: $(outputs)"
want=$(rows "$TMP/one" | awk '$2 != "table_omp" {print $1, $2, $3, $4, $5, $8}')
benchmarks=$(rows "$TMP/one" | wc -l)
for p in 1 3 4; do
    run_from /dev/null "${MPIRUN[@]}" -np $p "$PB" bench \
        --suite "$TMP/mpi.suite" --out "$TMP/p$p" --quiet
    dir=$(ls -d "$TMP/p$p"/*/ 2>/dev/null | head -1)
    got=$(rows "$TMP/p$p")
    procs=$p
    [ $p = 1 ] && procs=1
    if [ "$rc" -eq 0 ] && grep -q "every timed run verified" "$TMP/out" &&
        [ "$(echo "$got" | wc -l)" -eq "$benchmarks" ] &&
        [ -z "$(echo "$got" | awk -v p=$procs '$7 != p')" ] &&
        [ "$(echo "$got" | awk '$2 != "table_omp" {print $1, $2, $3, $4, $5, $8}')" = "$want" ] &&
        grep -q "\"processes\": \"$p\"" "$dir/results.json" &&
        grep -q '"threads_per_process": "2"' "$dir/results.json" &&
        grep -q '"hosts": "1"' "$dir/results.json" &&
        grep -q '"mpi_library": "Open MPI' "$dir/results.json"; then
        pass
    else
        fail "bench over $p processes: exit $rc; rows:" "$got" "want:" "$want" \
            "$(outputs)"
    fi
    # kernel/variant/.../threads/processes: the rounds of its verified rows
    by_round=$(awk -F, 'NR > 1 && $(NF-1) == 1 {
        r[$1 "/" $2 "/" $3 "/" $4 "/" $5 "/" $8 "/" $9] = \
            r[$1 "/" $2 "/" $3 "/" $4 "/" $5 "/" $8 "/" $9] $11 }
        END { for (b in r) print r[b] }' "$dir/results.csv" | sort -u)
    if [ "$by_round" = 0011 ]; then pass; else
        fail "bench over $p processes: rounds of each benchmark's rows:" \
            "$by_round, expected 0011 for every one"
    fi
    if [ $p -gt 1 ]; then
        n=$(grep -c "threads:[12]/processes:$p\"" "$dir/results.json")
        [ "$n" -gt 0 ] && ! grep -q "threads:[12]\"" "$dir/results.json" &&
            pass || fail "bench over $p processes: names without /processes:$p"
    fi
done
# the CPU time and involuntary switches of every process, summed: a
# number >= 0 on every verified row
if awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; n = 0; next }
    $c["verified"] == 1 { n++
        if (!($c["cpu_seconds"] ~ /^[0-9.]+(e[-+]?[0-9]+)?$/ &&
              $c["involuntary_switches"] ~ /^[0-9.]+(e[-+]?[0-9]+)?$/)) bad = 1 }
    END { exit bad || !n }' "$TMP/p3"/*/results.csv; then
    pass
else
    fail "bench over 3 processes: a verified row without cpu_seconds or" \
        "involuntary_switches: $(cut -d, -f2,9,13-15 "$TMP/p3"/*/results.csv | head -5)"
fi
# Runs at 1 and 3 processes merge into one folder: its provenance gives
# both process counts, its summary the speed-up of P = 3 over P = 1.
run_from /dev/null "$PB" merge --out "$TMP/merged" "$TMP/one/latest" \
    "$TMP/p3/latest"
if [ "$rc" -eq 0 ] &&
    grep -q '"processes": "1, 3"' "$TMP/merged/latest/results.json" &&
    awk -F, '$1 == "magic_squares" && $2 == "bfs_array" && $5 == 7 &&
        $29 == 3 && $15 > 0 {found = 1} END {exit !found}' \
        "$TMP/merged/latest/summary.csv"; then
    pass
else
    fail "merge of runs at 1 and 3 processes: exit $rc; $(outputs)"
fi

# Memory: the 2 x 6 ring over 4 processes on one host needs 4 x about
# 61 MiB; a 100 MiB cap refuses it before the search, with the estimate,
# once, and every process exits.
run_from /dev/null "${MPIRUN[@]}" -np 4 "$PB" census magic_squares \
    --size 6 --max-memory 100M
if [ "$rc" -ne 0 ] && [ "$(grep -c 'needs about' "$TMP/err")" -eq 1 ] &&
    grep -q "over 4 processes (.* each, 4 of them on host .*) needs about .* over the memory cap of 100 MiB" \
        "$TMP/err" && [ ! -s "$TMP/out" ]; then
    pass
else
    fail "census --size 6 over 4 processes, 100M cap: exit $rc, expected" \
        "one refusal with the estimate; $(outputs)"
fi
# Each process counts its own share: the 2 x 5 ring (an 886 KiB array)
# with one-block rounds (24576 neighbours: 768 KiB of send regions and
# receive buffer at 4 processes) needs about 3.9 MiB on this host's 4
# processes together, where a whole array per process would need 6.5
# MiB: 5 MiB is enough, 3 MiB is not.
run_from /dev/null "${MPIRUN[@]}" -np 4 "$PB" census magic_squares \
    --size 5 --round-targets 1 --max-memory 5M
if [ "$rc" -eq 0 ] && grep -q '^# total 3628800$' "$TMP/out"; then
    pass
else
    fail "census --size 5 over 4 processes, 5M cap: exit $rc; $(outputs)"
fi
run_from /dev/null "${MPIRUN[@]}" -np 4 "$PB" census magic_squares \
    --size 5 --round-targets 1 --max-memory 3M
if [ "$rc" -ne 0 ] && grep -q 'needs about 3.[0-9]* MiB (estimate)' "$TMP/err"; then
    pass
else
    fail "census --size 5 over 4 processes, 3M cap: exit $rc; $(outputs)"
fi

# The 2 x 7 ring (14! ranks, 20.3 GiB at 2 bits): accepted over 4
# processes when their host's cap holds their 4 shares and buffers
# (--plan: the check without the search), refused with the estimate
# when it does not.
run_from /dev/null "${MPIRUN[@]}" -np 4 "$PB" census magic_squares \
    --size 7 --plan --max-memory 23G
if [ "$rc" -eq 0 ] && grep -q '^# plan the directed 2 x 7 ring: 87178291200 ranks' "$TMP/out" &&
    grep -q '^# memory 5.15 GiB a process, 20.3 GiB of 2-bit arrays in all' "$TMP/out"; then
    pass
else
    fail "census --size 7 --plan over 4 processes, 23G cap: exit $rc; $(outputs)"
fi
run_from /dev/null "${MPIRUN[@]}" -np 4 "$PB" census magic_squares \
    --size 7 --plan --max-memory 20G
if [ "$rc" -ne 0 ] && [ ! -s "$TMP/out" ] &&
    grep -q '2 x 7 ring over 4 processes (5.15 GiB each, 4 of them on host .*) needs about 20.6 GiB (estimate)' "$TMP/err"; then
    pass
else
    fail "census --size 7 --plan over 4 processes, 20G cap: exit $rc; $(outputs)"
fi

# A killed process: mpirun must end, with an error, not wait forever.
# Runs mpirun with the arguments after the first two, waits until the
# command $2 succeeds, then kills one of the job's processes (mpirun's
# children: one host); the EXIT trap ends whatever is left (launcher is
# global for it).
killed_process() {
    local what=$1 ready=$2 victim ended
    shift 2
    "${MPIRUN[@]}" "$@" >"$TMP/out" 2>"$TMP/err" &
    launcher=$!
    trap 'pkill -P $launcher 2>/dev/null; kill $launcher 2>/dev/null; rm -rf "$TMP"' EXIT
    for _ in $(seq 1 600); do
        eval "$ready" && break
        sleep 0.1
    done
    victim=$(pgrep -P $launcher -x puzzlebench | tail -1)
    if [ -z "$victim" ]; then
        fail "$what: no process under mpirun; $(outputs)"
        return
    fi
    kill -9 "$victim"
    ended=no
    for _ in $(seq 1 600); do
        if ! kill -0 $launcher 2>/dev/null; then
            ended=yes
            break
        fi
        sleep 0.1
    done
    if [ $ended = no ]; then
        fail "$what: mpirun still running after 60 s"
        return
    fi
    wait $launcher
    rc=$?
    if [ $rc -ne 0 ] && grep -Eiq 'signal 9|killed' "$TMP/err"; then
        pass
    else
        fail "$what: mpirun exit $rc; $(outputs)"
    fi
}
# each process's share against its own cap. Process 1 holds
# the 1024 x 1024 board (its slice), and 700 MB of address space
# (ulimit -v on that process alone): without a `memory` line the cap
# process 0 sends is bounded by process 1's own available memory, so
# process 1 refuses its slice before allocating, and the benchmark is
# skipped with its reason; budget 0 stops the pass on every process.
# Not in sanitizer builds (ulimit -v and a sanitizer's reservations).
if ! grep -q __asan_init "$PB" 2>/dev/null; then
    printf 'board 8x8\na1 h8 1 2 3 4 5 6\nboard 1024x1024\na1 b2 1 2 3 4 5 6\n' \
        >"$TMP/two.txt"
    cat >"$TMP/share.sh" <<'WRAP'
#!/bin/sh
# process 1 alone under 700 MB of address space
[ "$OMPI_COMM_WORLD_RANK" = 1 ] && ulimit -v 716800
exec "$@"
WRAP
    chmod +x "$TMP/share.sh"
    for b in 60 0; do
        printf '%s\n' 'repetitions 1' 'min_time 0.01' 'threads 1' \
            "budget $b" 'bench cube_walk dijkstra file two.txt' \
            >"$TMP/share$b.suite"
        wrap=("$TMP/share.sh")
        [ $b = 0 ] && wrap=() # every process under the machine's memory
        timeout 120 "${MPIRUN[@]}" -np 2 "${wrap[@]}" "$PB" bench \
            --suite "$TMP/share$b.suite" --quiet --out "$TMP/share$b" \
            >"$TMP/out" 2>"$TMP/err"
        rc=$?
        if [ $b = 60 ]; then
            want="skipped: process 1: dijkstra on [^ ]*/two.txt needs about [0-9.]+ MiB \(estimate\), over the memory cap of [0-9.]+ MiB \(available memory [0-9.]+ [MG]iB\); --max-memory raises the cap"
        else
            want="skipped: the verification pass ran out of the suite's budget of 0 s \(dijkstra: out of time after 0 of 1 instances\)"
        fi
        if [ "$rc" -ne 0 ] && tail -n 1 "$TMP/share$b/latest/results.csv" \
            2>/dev/null | grep -Eq ",0,\"$want\"\$"; then
            pass
        else
            fail "bench under mpirun, budget $b: exit $rc, expected the" \
                "row '$want'; $(tail -n 1 "$TMP/share$b/latest/results.csv" \
                    2>/dev/null) $(outputs)"
        fi
    done
fi

killed_process "a process killed mid-census" "grep -q 'depth 12' '$TMP/err'" \
    -np 2 "$PB" census magic_squares --size 6 --progress
# mid-bench: once process 0 is timing (its results folder made, then 2 s
# for the verification pass of 5 instances), a process serving it is
# killed
cat >"$TMP/long.suite" <<'SUITE'
repetitions 50
min_time 0.5
budget 60
threads 1
bench magic_squares bfs_hash depth:22 4 5 2
SUITE
killed_process "a process killed mid-bench" \
    "ls '$TMP'/killed/*/log.txt >/dev/null 2>&1 && sleep 2" \
    -np 3 "$PB" bench --suite "$TMP/long.suite" --out "$TMP/killed" --quiet
summary
