#!/bin/bash
# test_completion.sh - scripts/puzzlebench-completion.bash against the
# built puzzlebench: verbs, kernels, a kernel's variants and families,
# and each verb's long options, as bash would complete them (COMP_WORDS
# set by hand, the completion function called); hostile suite and file
# names are offered as text and never run.
# Usage: test_completion.sh PUZZLEBENCH SOURCE_DIR
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_completion.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
# shellcheck source=scripts/puzzlebench-completion.bash
. "$SRC/scripts/puzzlebench-completion.bash"

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
completes "calibrate" cal
completes "--against" bench --ag
completes "--calibration" compare --cal
completes "--band --help --out --quiet --round-seed --rounds --suite" calibrate --
completes "--clock --console --corpus" run --c
completes "--help --out" merge --
completes "--families" list --f
completes "--count --family --help --max-memory --output --seed --size" \
    gen cube_walk --
completes "--data --clock --console --corpus --help --kernel --max-input --max-memory --out --quiet --repetitions --round-seed --rounds --shard --suite --threads --variants" \
    run --
completes "cubic_eight cubing cube_walk" bench --corpus f.in --kernel cu
completes "bibfs" bench --corpus f.in --kernel magic_squares --variants bi
completes "compact gbench" bench --console ""
completes "gbench" run --console g
completes "--clock" plot --cl
completes "cpu wall" bench --clock ""
completes "wall" plot --clock w
# suites by name, where bench finds them (its data folder: the source
# tree for a build), from any folder
cd "$TMP" || exit 2
completes "smoke" bench --suite sm

# Names from the filesystem are text, never code: compgen -W would run
# $(...) and backquotes inside a suite's file name (any data folder,
# here PB_DATA's, can hold any name).
mkdir -p "$TMP/proj/bench/suites" "$TMP/proj/in"
cd "$TMP/proj" || exit 2
export PB_DATA=$TMP/proj
touch "bench/suites/\$(touch ran_dollar).suite" \
    "bench/suites/\`touch ran_tick\`.suite" 'bench/suites/$HOME.suite' \
    "in/\$(touch ran_file)"
completes "\$(touch ran_dollar)" bench --suite '$('
completes "\`touch ran_tick\`" bench --suite '`'
completes '$HOME' bench --suite '$H'
completes "in/\$(touch ran_file)" solve cubing 'in/$('
for f in ran_dollar ran_tick ran_file; do
    if [ -e "$f" ]; then fail "completion ran a command in a file name ($f)"; else pass; fi
done
summary
