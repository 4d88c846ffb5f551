#!/usr/bin/env bash
# test_slurm.sh - the sbatch scripts of scripts/slurm/ run as written on a
# one-node Slurm started here (scripts/slurm/local-cluster.sh: its own
# munged, slurmctld and slurmd in a temporary folder, other ports).
#
# Usage: test_slurm.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
#
# census.sbatch on the 2 x 5 ring over 2 tasks, launched by srun
# --mpi=pmix and by mpirun: the job completes, its log holds the plan
# (--plan) and the census file the counts of a plain one-process census
# from the MPI engine over 2 processes; under a cap too small it fails
# at the plan, with the estimate, before the census; bench-shards.sbatch as a 3-task
# array over a 3-benchmark suite with merge.sbatch as an afterok job:
# each shard holds one benchmark, the merged folder all three in the
# suite's order, from shards 1/3, 2/3 and 3/3; an array whose tasks fail
# leaves its merge unrun. The cluster is stopped and its folder removed
# on any exit. Skipped (77) without slurm-wlm (slurmctld, slurmd,
# munged, sbatch) or when not root (slurmd starts jobs as their owner);
# the census part is skipped without MPI (mpirun, or a build without
# it). PB_KEEP=1 keeps the folder (logs) for a look. About 20-25 s on
# 2 cores, mostly Slurm's scheduling and the jobs' start: the census
# jobs ask for the whole node, so they run one after another.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
for tool in slurmctld slurmd munged sbatch squeue scontrol; do
    if ! command -v $tool >/dev/null; then
        echo "test_slurm: no $tool (apt-get install slurmctld slurmd slurm-client); skipped" >&2
        exit 77
    fi
done
if [ "$(id -u)" -ne 0 ]; then
    echo "test_slurm: a local slurmd needs root; skipped" >&2
    exit 77
fi
SCRIPTS=$SRC/scripts/slurm
T=$(mktemp -d "${TMPDIR:-/tmp}/test_slurm.XXXXXX") || exit 2
# munged wants the folders above its socket searchable by every user
chmod 755 "$T"
trap '"$SCRIPTS/local-cluster.sh" stop "$T/cluster" >/dev/null 2>&1; [ -n "${PB_KEEP:-}" ] || rm -rf "$T"' EXIT
cd "$T" || exit 2
OUT_DIR=$T

run_from /dev/null "$SCRIPTS/local-cluster.sh" start "$T/cluster"
if [ "$rc" -ne 0 ]; then
    fail "local-cluster.sh start: exit $rc; $(outputs)"
    summary
    exit
fi
export SLURM_CONF=$T/cluster/slurm.conf PUZZLEBENCH=$PB
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_mpi_yield_when_idle=1
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0

# submit SBATCH_ARGS...: the new job's id in $job (empty on failure)
submit() {
    job=$(sbatch --parsable "$@" 2>"$T/submit.err")
    job=${job%%;*}
    [ -n "$job" ] || fail "sbatch $*: $(cat "$T/submit.err")"
}
# state JOB: the job's state (COMPLETED, FAILED, CANCELLED...); an
# array's tasks' different states, sorted, separated by spaces
state() {
    scontrol show job -o "$1" 2>/dev/null |
        sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort -u | tr '\n' ' ' |
        sed 's/ $//'
}
# depth states, one pair a line, from a census's text on stdin
counts() { grep -v '^#' | awk '{print $1, $2}'; }

mpi=yes
if ! command -v mpirun >/dev/null || "$PB" --version | grep -q '^MPI: none'; then
    echo "test_slurm: no MPI (mpirun or the build's); census part skipped" >&2
    mpi=no
fi
census_jobs=()
if [ $mpi = yes ]; then
    for launcher in srun mpirun; do
        submit --nodes=1 --ntasks-per-node=2 --cpus-per-task=1 \
            --export=ALL,SIZE=5,LAUNCHER=$launcher,OUT=census-$launcher.txt \
            "$SCRIPTS/census.sbatch"
        census_jobs+=("$launcher:$job")
    done
    # a cap the 2 x 5 ring does not fit in (the last --max-memory
    # counts): the job stops at the plan, with the estimate, no census
    submit --nodes=1 --ntasks-per-node=2 --cpus-per-task=1 \
        --export=ALL,SIZE=5,OUT=census-refused.txt \
        "$SCRIPTS/census.sbatch" --max-memory 1M
    refused=$job
fi

# one round: each shard's rows are counted
printf '%s\n' 'rounds 1' 'repetitions 1' 'min_time 0.01' 'threads 1' \
    'bench magic_squares table uniform 4 3 1' \
    'bench magic_squares bibfs uniform 3 3 1' \
    'bench cubic_eight table uniform 2x3 3 1' >"$T/t.suite"
submit --array=1-3 --cpus-per-task=1 --oversubscribe \
    --export="ALL,SUITE=$T/t.suite,SHARDS=$T/shards" "$SCRIPTS/bench-shards.sbatch"
array=$job
submit --dependency=afterok:"$array" --export="ALL,SHARDS=$T/shards,OUT=$T/merged" \
    "$SCRIPTS/merge.sbatch"
merge=$job
# an array whose every task fails (no such suite): its merge never runs
submit --array=1-2 --cpus-per-task=1 --oversubscribe \
    --export="ALL,SUITE=$T/none.suite,SHARDS=$T/bad" "$SCRIPTS/bench-shards.sbatch"
bad_array=$job
submit --dependency=afterok:"$bad_array" --export="ALL,SHARDS=$T/bad,OUT=$T/bad-merged" \
    "$SCRIPTS/merge.sbatch"
bad_merge=$job

want=$("$PB" census magic_squares --size 5 | counts)
waited=yes
end=$((SECONDS + 180))
while [ $SECONDS -lt $end ] && [ -n "$(timeout 10 squeue -h -o %i 2>&1)" ]; do
    sleep 0.2
done
if [ -n "$(timeout 10 squeue -h -o %i 2>&1)" ]; then
    waited=no
    fail "jobs still queued or running after 180 s: $(squeue 2>&1)"
fi

for lj in "${census_jobs[@]}"; do
    launcher=${lj%%:*}
    job=${lj#*:}
    log=pb-census-$job.log
    got=$(counts <"census-$launcher.txt" 2>/dev/null)
    if [ "$(state "$job")" = COMPLETED ] && [ -n "$want" ] && [ "$got" = "$want" ] &&
        grep -q '^# engine frontier2_mpi, 2 processes x 1 thread on 1 host' \
            "census-$launcher.txt" &&
        grep -q '^# plan the directed 2 x 5 ring: 3628800 ranks' "$log" &&
        grep -q 'within the memory cap' "$log"; then
        pass
    else
        fail "census.sbatch ($launcher): job $job $(state "$job");" \
            "log [$(tail -c 400 "$log" 2>&1)];" \
            "census [$(tail -c 300 "census-$launcher.txt" 2>&1)]"
    fi
done

if [ $mpi = yes ]; then
    if [ "$(state "$refused")" = FAILED ] && [ ! -e census-refused.txt ] &&
        grep -q 'needs about .* over the memory cap of 1 MiB' "pb-census-$refused.log"; then
        pass
    else
        fail "census.sbatch under a 1M cap: job $refused $(state "$refused")," \
            "expected FAILED at the plan; $(tail -c 300 "pb-census-$refused.log" 2>&1)"
    fi
fi

# each shard one benchmark; the merge all three, in the suite's order
for i in 1 2 3; do
    if [ "$(wc -l 2>/dev/null <"$T/shards/$i/latest/results.csv")" = 2 ]; then
        pass
    else
        fail "shard $i/3: expected 1 row in shards/$i/latest/results.csv;" \
            "$(tail -c 300 "pb-shard-${array}_$i.log" 2>&1)"
    fi
done
rows=$(cut -d, -f1,2,4 "$T/merged/latest/results.csv" 2>/dev/null | tr '\n' ' ')
if [ "$(state "$merge")" = COMPLETED ] &&
    [ "$rows" = "kernel,variant,size magic_squares,table,4 magic_squares,bibfs,3 cubic_eight,table,2x3 " ] &&
    python3 - "$T/merged/latest/results.json" <<'PY'; then
import json, sys
src = json.load(open(sys.argv[1]))["context"]["merged_from"]
assert len(src) == 3 and all("(shard %d/3)" % i in " ".join(src) for i in (1, 2, 3)), src
PY
    pass
else
    fail "merge.sbatch: job $merge $(state "$merge"), rows [$rows];" \
        "$(tail -c 300 "pb-merge-$merge.log" 2>&1)"
fi
if [ $waited = yes ] && [ "$(state "$bad_merge")" != COMPLETED ] && [ ! -e "$T/bad-merged" ] &&
    [ "$(state "$bad_array")" = FAILED ]; then
    pass
else
    fail "failed shards: array $bad_array $(state "$bad_array"), merge" \
        "$bad_merge $(state "$bad_merge"), expected FAILED and not run"
fi

# stop: every daemon gone
pids=$(cat "$T"/cluster/slurm*.pid "$T/cluster/munge/munged.pid" 2>/dev/null)
run_from /dev/null "$SCRIPTS/local-cluster.sh" stop "$T/cluster"
alive=
for pid in $pids; do
    kill -0 "$pid" 2>/dev/null && alive="$alive $pid"
done
if [ "$rc" -eq 0 ] && [ "$(echo "$pids" | wc -w)" -eq 3 ] && [ -z "$alive" ]; then
    pass
else
    fail "local-cluster.sh stop: exit $rc, daemons$alive still alive" \
        "of [$pids]; $(outputs)"
fi
summary
