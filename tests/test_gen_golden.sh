#!/usr/bin/env bash
# test_gen_golden.sh - golden hashes of `puzzlebench gen`: the
# output of a fixed set of recipes, every family of every kernel at one or
# two small sizes, 20 instances, seeds 1 and 2, is pinned in
# tests/golden/gen.sha256 (lines `HASH  kernel family size count seed`,
# HASH the sha256sum of gen's stdout), so a change to a generator is never
# silent.
#
# Usage: test_gen_golden.sh [--update] PATH_TO_PUZZLEBENCH
#
# Checks: each recipe's output has its pinned hash; the file pins exactly
# the recipes below (none missing, none stale); every family that
# `puzzlebench list --families` shows has a pinned recipe, so a new family
# cannot be added without one; one recipe per kernel gives the same bytes
# at OMP_NUM_THREADS=1 and 2, under other locales and time zones.
#
# Updating is a deliberate act, never a way to make the test pass. A
# corpus is data: results name it by its content hash, and the same
# arguments must give the same bytes on any machine and at any version
# that claims the same generator. So a change to a generator's output
# must bump that kernel's generator version (*_GENERATOR_VERSION in
# kernels/<kernel>/*_gen.c, written in the corpus header as
# "# generator N"; docs/usage.md, "Corpora"; the header is hashed too, so the
# bump alone changes that kernel's hashes), and then
#     tests/test_gen_golden.sh --update build/puzzlebench
# rewrites the file from that build (and checks as usual); commit it with
# the generator change. A new family: add its recipes below, then update.
#
# Prints one line per failed check on stderr and ends with "N passed, N
# failed"; exit status 1 when any check failed, 2 on a usage error. About
# 1 s on 2 cores (Release), 4 s in the sanitizer build.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$HERE/golden/gen.sha256

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
UPDATE=false
if [ "${1-}" = --update ]; then
    UPDATE=true
    shift
fi
if [ $# -ne 1 ]; then
    echo "usage: $0 [--update] PATH_TO_PUZZLEBENCH" >&2
    exit 2
fi
take_pb "$@"

# KERNEL FAMILY SIZE, each run with --count $COUNT and every seed of
# $SEEDS. Sizes where gen takes well under a second: depth:D of
# magic_squares searches the whole 2 x K ring (3 s at K = 5), depth and
# far of cubic_eight the whole board space (10 s at 3x3), and far's
# default cap 30 leaves no pattern below 3x3; long's default is 10^6 turns
# (60 MB). 5x8 is not square, so rows and columns cannot be swapped.
COUNT=20
SEEDS="1 2"
RECIPES=(
    "magic_squares uniform 3"
    "magic_squares uniform 4"
    "magic_squares depth:8 3"
    "magic_squares depth:14 4"
    "cubic_eight uniform 2x3"
    "cubic_eight uniform 3x3"
    "cubic_eight depth:6 2x2"
    "cubic_eight depth:10 2x3"
    "cubic_eight far:10 2x2"
    "cubic_eight far:12 2x3"
    "cubing random 2"
    "cubing random:50 3"
    "cubing long:2000 2"
    "cubing long:2000 3"
    "cubing identity 2"
    "cubing identity 3"
    "cube_walk uniform 4x4"
    "cube_walk uniform:9 5x8"
    "cube_walk small 4x4"
    "cube_walk small 5x8"
    "cube_walk extreme 4x4"
    "cube_walk extreme 5x8"
    "cube_walk maze 4x4"
    "cube_walk maze:50 5x8"
    "cube_walk adversarial 4x4"
    "cube_walk adversarial:3 5x8"
    "cube_walk sealed 4x4"
    "cube_walk sealed:9 5x8"
    "cube_walk near:2 4x4"
    "cube_walk near:5 5x8"
    "cube_walk far 4x4"
    "cube_walk far 5x8"
)
# One recipe per kernel (seed 1) run again under other settings: those
# whose generator searches in parallel (cubic_eight) or at all.
THREAD_RECIPES=(
    "magic_squares depth:14 4"
    "cubic_eight far:12 2x3"
    "cubing long:2000 3"
    "cube_walk maze:50 5x8"
)
ENV_1=(OMP_NUM_THREADS=1 LC_ALL=C TZ=UTC)
ENV_2=(OMP_NUM_THREADS=2 LC_ALL=C.UTF-8 TZ=Asia/Kolkata)

T=$(mktemp -d "${TMPDIR:-/tmp}/test_gen_golden.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2
OUT_DIR=$T

# gen_hash KERNEL FAMILY SIZE SEED [NAME=VALUE...]: runs gen with those
# variables set; its exit code in $rc, the sha256 of its stdout in $h.
gen_hash() {
    local k=$1 f=$2 s=$3 x=$4
    shift 4
    env "$@" "$PB" gen "$k" --family "$f" --size "$s" --count "$COUNT" \
        --seed "$x" >"$T/out" 2>"$T/err"
    rc=$?
    h=$(sha256sum <"$T/out")
    h=${h%% *}
}

# Every recipe once: key "kernel family size count seed" -> hash, for
# those gen made.
declare -A got=() recipe=()
keys=()
for r in "${RECIPES[@]}"; do
    read -r k f s <<<"$r"
    for x in $SEEDS; do
        gen_hash "$k" "$f" "$s" "$x"
        key="$k $f $s $COUNT $x"
        recipe[$key]=1
        if [ "$rc" -ne 0 ]; then
            fail "gen $k --family $f --size $s --count $COUNT --seed $x:" \
                "exit $rc; $(outputs)"
            continue
        fi
        got[$key]=$h
        keys+=("$key")
    done
done

if $UPDATE; then
    if ! {
        echo "# sha256sum of \`puzzlebench gen KERNEL --family F --size S" \
            "--count N --seed X\`:"
        echo "# HASH  kernel family size count seed. Written by" \
            "tests/test_gen_golden.sh --update;"
        echo "# a change here needs a generator version bump (see that" \
            "script's opening comment)."
        for key in "${keys[@]}"; do
            echo "${got[$key]}  $key"
        done
    } >"$GOLDEN.tmp" || ! mv "$GOLDEN.tmp" "$GOLDEN"; then
        echo "$0: cannot write $GOLDEN" >&2
        exit 2
    fi
    echo "wrote ${#keys[@]} hashes to $GOLDEN"
fi

# The pinned hashes, and the families they cover ("kernel family").
declare -A pinned=() covered=()
if [ ! -f "$GOLDEN" ]; then
    fail "$GOLDEN: no such file (run $0 --update PATH_TO_PUZZLEBENCH)"
else
    re='^[0-9a-f]{64}  [a-z_]+ [^ ]+ [0-9x]+ [0-9]+ [0-9]+$'
    n=0
    while IFS= read -r line; do
        n=$((n + 1))
        case $line in '#'* | '') continue ;; esac
        if ! [[ $line =~ $re ]]; then
            fail "$GOLDEN:$n: expected 'HASH  kernel family size count" \
                "seed', got '$line'"
            continue
        fi
        key=${line#*  }
        pinned[$key]=${line%%  *}
        read -r k f _ <<<"$key"
        covered["$k ${f%%:*}"]=1
    done <"$GOLDEN"
fi

# Each recipe against its pinned hash; then pinned lines no recipe makes.
changed=0
for key in "${keys[@]}"; do
    read -r k f s c x <<<"$key"
    args="gen $k --family $f --size $s --count $c --seed $x"
    if [ -z "${pinned[$key]+set}" ]; then
        fail "$args: not pinned in $GOLDEN (a new recipe?)"
        changed=1
    elif [ "${pinned[$key]}" != "${got[$key]}" ]; then
        fail "$args: expected ${pinned[$key]}, got ${got[$key]}"
        changed=1
    else
        pass
    fi
done
for key in "${!pinned[@]}"; do
    if [ -z "${recipe[$key]+set}" ]; then
        fail "$GOLDEN: '$key' is pinned but no recipe of $0 makes it"
        changed=1
    fi
done
if [ "$changed" -ne 0 ]; then
    echo "gen's output or the recipes differ from $GOLDEN. Where an" \
        "output change is meant, bump that kernel's generator version;" \
        "then regenerate the file with tests/test_gen_golden.sh --update" \
        "build/puzzlebench (see its opening comment)." >&2
fi

# Every family of `list --families` pinned: the families line of each
# kernel, parenthesised notes and the "; size = ..." tail dropped, split
# at '|', each name without its [:P] or :P parameter.
run_from /dev/null "$PB" list --families
check_rc "list --families" 0
awk '/^[^ ]/ { k = $1; kernels[k] = 0; next }
     /^  families:/ {
         s = $0
         sub(/^  families: */, "", s)
         gsub(/\([^()]*\)/, "", s)
         sub(/;.*/, "", s)
         n = split(s, a, "|")
         for (i = 1; i <= n; i++) {
             f = a[i]
             gsub(/[[:space:]]/, "", f)
             sub(/\[.*/, "", f)
             sub(/:.*/, "", f)
             if (f != "") { print k, f; kernels[k]++ }
         }
     }
     END { for (k in kernels) if (!kernels[k]) print k, "?" }' \
    "$T/out" >"$T/families"
if [ ! -s "$T/families" ] || grep -q ' ?$' "$T/families"; then
    fail "list --families: no families read for some kernel (has its" \
        "format changed?); $(outputs)"
else
    while read -r k f; do
        if [ -n "${covered["$k $f"]+set}" ]; then
            pass
        else
            fail "list --families shows $k family '$f', which has no" \
                "recipe in $GOLDEN: add one to $0 and update"
        fi
    done <"$T/families"
fi

# The same bytes whatever the threads, locale and time zone.
for r in "${THREAD_RECIPES[@]}"; do
    read -r k f s <<<"$r"
    key="$k $f $s $COUNT 1"
    for e in 1 2; do
        if [ "$e" -eq 1 ]; then
            settings=("${ENV_1[@]}")
        else
            settings=("${ENV_2[@]}")
        fi
        gen_hash "$k" "$f" "$s" 1 "${settings[@]}"
        if [ "$rc" -ne 0 ]; then
            fail "${settings[*]} gen $k --family $f --size $s:" \
                "exit $rc; $(outputs)"
        elif [ "$h" != "${got[$key]-}" ]; then
            fail "${settings[*]} gen $k --family $f --size $s --count" \
                "$COUNT --seed 1: got $h, without them ${got[$key]-none}"
        else
            pass
        fi
    done
done

summary
