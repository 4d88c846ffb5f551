#!/bin/bash
# test_completion.sh - scripts/puzzlebench-completion.bash against the
# built puzzlebench: verbs, kernels, a kernel's variants and families,
# and each verb's long options, as bash would complete them (COMP_WORDS
# set by hand, the completion function called).
# Usage: test_completion.sh PUZZLEBENCH SOURCE_DIR
PB=$1
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_completion.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
# shellcheck source=scripts/puzzlebench-completion.bash
. "$2/scripts/puzzlebench-completion.bash"

# completes WANT WORDS...: completing the last of WORDS offers WANT
completes() {
    local want=$1
    shift
    COMP_WORDS=("$PB" "$@")
    COMP_CWORD=$#
    COMPREPLY=()
    _puzzlebench
    if [ "${COMPREPLY[*]}" = "$want" ]; then pass; else
        fail "completing [$*]: got [${COMPREPLY[*]}], expected [$want]"
    fi
}

completes "gen" ge
completes "--version" --v
completes "cubic_eight cubing cube_walk" solve cu
completes "spfa dijkstra dial radix delta_stepping igraph all" \
    solve cube_walk --variant ""
completes "uniform: small extreme maze: adversarial:" \
    gen cube_walk --family ""
completes "depth:" gen magic_squares --family d
completes "--variants" compare --va
completes "--kinds" plot --k
completes "merge" me
completes "--help --out" merge --
completes "--families" list --f
completes "--count --family --help --max-memory --output --seed --size" \
    gen cube_walk --
completes "--data --console --corpus --help --kernel --max-memory --out --quiet --repetitions --shard --suite --threads --variants" \
    run --
completes "cubic_eight cubing cube_walk" bench --corpus f.in --kernel cu
completes "bibfs" bench --corpus f.in --kernel magic_squares --variants bi
completes "compact gbench" bench --console ""
completes "gbench" run --console g
# suites by name, where bench finds them (here ./bench/suites)
cd "$2" || exit 2
completes "smoke" bench --suite sm
summary
