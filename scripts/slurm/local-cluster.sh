#!/usr/bin/env bash
# local-cluster.sh - a one-node Slurm cluster (this machine, all its CPUs)
# started from nothing in a folder, for trying and testing the sbatch
# scripts next to it; not for real work.
#
# Usage: local-cluster.sh start DIR   # then: export SLURM_CONF=DIR/slurm.conf
#        local-cluster.sh stop DIR    # cancels the jobs, stops the daemons
#
# Needs Debian's slurmctld, slurmd and slurm-client (they bring munge) and
# root: slurmd runs jobs as their owner. Nothing outside DIR is touched:
# a fresh munge key and its own munged socket (AuthInfo=socket=...),
# state, spool, logs and pid files under DIR, two free ports chosen at
# random (or PB_SLURM_PORT and the next one) instead of Slurm's
# 6817/6818, so a real Slurm on the machine is left alone. The smallest configuration
# that runs MPI jobs: no accounting, no cgroups (processes tracked by
# /proc, tasks not bound), CPUs and memory as consumable cores only,
# node "localhost", partition "pb". A job whose dependency can never be
# met is cancelled (kill_invalid_depend) instead of pending forever.
# Daemons start in a second or two; start waits until the node is idle
# (at most 30 s), stop until they are gone (at most 20 s).
set -u
usage() {
    echo "usage: $0 start|stop DIR" >&2
    exit 2
}
[ $# -eq 2 ] || usage
cmd=$1
mkdir -p "$2" 2>/dev/null
DIR=$(cd "$2" 2>/dev/null && pwd) || {
    echo "$0: cannot use folder $2" >&2
    exit 1
}
export SLURM_CONF=$DIR/slurm.conf

# kill_pidfiles FILE...: TERM the processes the FILEs name, all at once
# (each takes a second or two to end), wait up to 20 s, then KILL.
kill_pidfiles() {
    local f pid pids=()
    for f in "$@"; do
        [ -f "$f" ] && pid=$(cat "$f") && [ -n "$pid" ] &&
            kill "$pid" 2>/dev/null && pids+=("$pid")
        rm -f "$f"
    done
    for _ in $(seq 1 200); do
        kill -0 "${pids[@]}" 2>/dev/null || break
        sleep 0.1
    done
    for pid in "${pids[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill -9 "$pid"
        fi
    done
    return 0
}

# alive PIDFILE: the process PIDFILE names runs
alive() {
    [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

# free_port: a port P such that P and P + 1 are free on this host (a
# stopped cluster's ports can stay taken for a while), or 16817
free_port() {
    python3 - 2>/dev/null <<'PY' || echo 16817
import random, socket
for _ in range(50):
    p = random.randrange(20000, 40000, 2)
    try:
        for q in (p, p + 1):
            s = socket.socket()
            s.bind(("", q))
            s.close()
        print(p)
        break
    except OSError:
        pass
else:
    raise SystemExit(1)
PY
}

stop() {
    # jobs first: their steps outlive slurmd under proctrack/linuxproc
    # (a client waits for a controller that is gone: only when it runs)
    if alive "$DIR/slurmctld.pid" && command -v scancel >/dev/null; then
        timeout 10 scancel --quiet --partition=pb 2>/dev/null
        local end=$((SECONDS + 20))
        while [ $SECONDS -lt $end ] &&
            [ -n "$(timeout 5 squeue -h -o %i 2>/dev/null)" ]; do
            sleep 0.2
        done
    fi
    kill_pidfiles "$DIR/slurmd.pid" "$DIR/slurmctld.pid" "$DIR/munge/munged.pid"
}

start() {
    local tool cpus mem port
    for tool in munged slurmctld slurmd sinfo; do
        if ! command -v $tool >/dev/null; then
            echo "$0: no $tool: apt-get install slurmctld slurmd slurm-client" >&2
            exit 1
        fi
    done
    if [ -f "$DIR/slurmctld.pid" ] && kill -0 "$(cat "$DIR/slurmctld.pid")" 2>/dev/null; then
        echo "$0: a cluster already runs in $DIR" >&2
        exit 1
    fi
    cpus=$(nproc)
    # slurmd drains a node that has less memory than configured: 90%
    mem=$(awk '/^MemTotal:/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
    port=${PB_SLURM_PORT:-$(free_port)}
    mkdir -p "$DIR/munge" "$DIR/state" "$DIR/spool" "$DIR/log" || exit 1
    # munged checks that its key is private and its socket's folder is
    # searchable by all (clients connect as any user)
    chmod 711 "$DIR/munge"
    rm -f "$DIR/munge/key"
    dd if=/dev/urandom of="$DIR/munge/key" bs=1024 count=1 2>/dev/null &&
        chmod 400 "$DIR/munge/key" || exit 1
    cat >"$SLURM_CONF" <<EOF
# written by local-cluster.sh: one node, this machine
ClusterName=pblocal
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge/socket
SlurmUser=$(id -un)
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
MpiDefault=none
ReturnToService=2
DependencyParameters=kill_invalid_depend
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=pb Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
    munged --force --socket="$DIR/munge/socket" --key-file="$DIR/munge/key" \
        --log-file="$DIR/munge/log" --pid-file="$DIR/munge/munged.pid" \
        --seed-file="$DIR/munge/seed" || {
        echo "$0: munged did not start: $(tail -3 "$DIR/munge/log")" >&2
        exit 1
    }
    # -c: no state from an earlier cluster in DIR
    if ! slurmctld -c >"$DIR/log/slurmctld.out" 2>&1 ||
        ! slurmd -N localhost >"$DIR/log/slurmd.out" 2>&1; then
        echo "$0: a Slurm daemon did not start:" \
            "$(tail -3 "$DIR"/log/*.out "$DIR"/log/*.log 2>/dev/null)" >&2
        stop
        exit 1
    fi
    # (a client facing no controller retries for seconds: by the clock)
    local end=$((SECONDS + 30)) why f
    while [ $SECONDS -lt $end ]; do
        # a daemon that wrote its pid file and died: no use waiting
        for f in "$DIR/slurmctld.pid" "$DIR/slurmd.pid"; do
            [ -f "$f" ] && ! alive "$f" && end=0
        done
        if [ "$(timeout 5 sinfo -h -o %T 2>/dev/null)" = idle ]; then
            echo "export SLURM_CONF=$SLURM_CONF"
            return 0
        fi
        sleep 0.2
    done
    why=$(grep -h fatal "$DIR"/log/*.log 2>/dev/null | tail -1)
    [ -n "$why" ] || why=$(grep -h error "$DIR"/log/*.log 2>/dev/null | tail -1)
    echo "$0: the node did not come up: ${why:-no error logged};" \
        "see $DIR/log" >&2
    stop
    exit 1
}

case $cmd in
start) start ;;
stop) stop ;;
*) usage ;;
esac
