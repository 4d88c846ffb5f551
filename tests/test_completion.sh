#!/bin/bash
# test_completion.sh - scripts/puzzlebench-completion.bash against the
# built puzzlebench, as bash would complete (COMP_WORDS set by hand, the
# completion function called): it offers exactly the verbs of --help,
# the kernels, each kernel's variants and families of `puzzlebench list`
# (--families), the suites of the data folder, and for each verb every
# long option its --help names, each one the verb accepts. Every list is
# read from the binary (testlib.sh's pb_* helpers), never written here,
# so a new variant, family or verb needs no edit of this test. Hostile
# suite and file names are offered as text and never run.
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

# offers WANT WORDS...: completing the last of WORDS offers the words of
# WANT (one a line), in any order
offers() {
    local want
    want=$(LC_ALL=C sort <<<"$1" | tr '\n' ' ')
    shift
    COMP_WORDS=("$PB" "$@")
    COMP_CWORD=$#
    COMPREPLY=()
    _puzzlebench
    local got
    got=$(printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort | tr '\n' ' ')
    if [ "$got" = "$want" ]; then pass; else
        fail "completing [$*]: got [$got], expected [$want]"
    fi
}

kernels=$(pb_kernels)
if [ "$(wc -l <<<"$kernels")" -ge 4 ]; then pass; else
    fail "puzzlebench list: expected the kernels, found [$kernels]"
fi
offers "$(pb_verbs; printf '%s\n' --help --version)" ""
completes "gen" ge
completes "--version" --v
offers "$kernels" solve ""
offers "$(grep '^cu' <<<"$kernels")" solve cu
offers "$kernels" bench --corpus f.in --kernel ""
for kernel in $kernels; do
    variants=$(pb_variants "$kernel")
    offers "$variants"$'\n'all solve "$kernel" --variant ""
    offers "$variants"$'\n'all verify "$kernel" -v ""
    offers "$variants"$'\n'all bench --corpus f.in --kernel "$kernel" --variants ""
    first=$(head -1 <<<"$variants")
    offers "$(awk -v p="$first" 'index($0, p) == 1' <<<"$variants")" \
        bench --corpus f.in --kernel "$kernel" --variants "$first"
    # a family with a knob ("depth:D", "uniform[:W]") is offered with its
    # ':', ready for the knob
    offers "$(pb_families "$kernel" | sed -E 's/(\[:|:).*/:/')" \
        gen "$kernel" --family ""
done

# each verb's options: every long option its --help names (its usage
# lines, asides in parentheses left out, and its option lines; run's
# whole text, which names bench's by reference) is offered, and every
# option offered is one the verb takes: given it and two unknown options
# (the first may be taken as its value), the verb refuses an unknown
# option that is not it. Google Benchmark's --benchmark_* flags pass
# through and are not completed.
mkdir "$TMP/options" && cd "$TMP/options" || exit 2
for verb in $(pb_verbs); do
    COMP_WORDS=("$PB" "$verb" --)
    COMP_CWORD=2
    COMPREPLY=()
    _puzzlebench
    printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort -u >offered
    "$PB" "$verb" --help >vhelp 2>&1
    {
        if [ "$verb" = run ]; then cat vhelp; else sed -n '1,/^$/p' vhelp; fi |
            tr '\n' ' ' | sed 's/([^)]*)//g'
        echo
        grep -E '^ +(-[A-Za-z], )?--[a-z]' vhelp | sed 's/^ *\(-[A-Za-z], \)\?//' |
            awk '{ print $1 }'
    } | grep -oE -- '--[a-z][a-z0-9-]*[a-z0-9]_?' | grep -v '_$' |
        LC_ALL=C sort -u >named
    missing=$(LC_ALL=C comm -23 named offered | tr '\n' ' ')
    if [ -s offered ] && [ -z "$missing" ]; then pass; else
        fail "completing [$verb --]: [$missing] of its --help not offered"
    fi
    while read -r opt; do
        timeout 20 "$PB" "$verb" "$opt" --no-such-a --no-such-b \
            </dev/null >out 2>err
        if ! grep -qF "unknown option '$opt'" err; then pass; else
            fail "completing [$verb --] offers $opt, which $verb refuses:" \
                "$(head -c 300 err)"
        fi
    done <offered
done

completes "compact gbench" bench --console ""
completes "gbench" run --console g
completes "cpu wall" bench --clock ""
completes "wall" plot --clock w
completes "--size" plot --si
completes "column page" plot --size ""
completes "short" plot --title s
completes "--out" plot results/latest --o
completes "--title" plot --t
# suites by name, where bench finds them (its data folder: the source
# tree for a build), from any folder
cd "$TMP" && rm -rf options || exit 2
offers "$(for f in "$SRC"/bench/suites/*.suite; do basename "$f" .suite; done)" \
    bench --suite ""

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
