#!/usr/bin/env bash
# test_names.sh - the names a user types and reads, found where they are
# looked for. Suites: `list --suites` names every bench/suites/*.suite
# once, each with its purpose (the file's "# NAME: ..." first line) and
# its measured duration ("# duration: ..."), in aligned columns; bench
# --help points to it, an unknown suite's message names every suite, so
# do the manual page's FILES and docs/usage.md's "Suites", and the bash
# completion offers every suite after --suite. Misspelt names (a variant, kernel, family, suite,
# long option, a suite line's variant) get "did you mean X?" and the list
# in one line; bench's --variants and --kernel fail with the same status.
# Columns: `list`'s summaries and `verify`'s columns line up whatever the
# length of a variant's name. --version of a copy of the binary that is
# neither in its build folder nor installed names no data folder that is
# not there. No list is written here: each is read from the tree or the
# binary.
# Usage: test_names.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/testlib.sh
. "$(dirname "$0")/testlib.sh"
take_args "$@"
scratch test_names

# the suites in the tree, one a line, in byte order
LC_ALL=C ls "$SRC/bench/suites" | sed -n 's/\.suite$//p' >suites
if [ "$(wc -l <suites)" -ge 10 ]; then pass; else
    fail "bench/suites holds $(wc -l <suites) suites"
fi

# -- list --suites -------------------------------------------------------
run_from /dev/null "$PB" list --suites
check_rc "list --suites" 0
cp out listed
# the first column, as wide as the heading's (the completion reads it so)
LC_ALL=C awk 'NR == 1 { w = index($0, "  on 2 cores") - 1; next }
    { n = substr($0, 1, w); sub(/ +$/, "", n); print n }' listed >names
if cmp -s suites names; then pass; else
    fail "list --suites names [$(tr '\n' ' ' <names)], the tree holds" \
        "[$(tr '\n' ' ' <suites)]"
fi
# each suite's line: its duration and purpose as its file says them,
# at the columns of their headings
d_at=$(head -n 1 listed | awk '{ print index($0, "on 2 cores") }')
p_at=$(head -n 1 listed | awk '{ print index($0, "purpose") }')
while IFS= read -r s; do
    file=$SRC/bench/suites/$s.suite
    purpose=$(sed -n "1s/^# $s: *//p" "$file")
    duration=$(sed -n 's/^# duration: *//p' "$file" | head -n 1)
    if [ -n "$purpose" ] && [ -n "$duration" ]; then pass; else
        fail "$s.suite: expected a first line '# $s: PURPOSE' and a" \
            "'# duration: TEXT' line"
    fi
    line=$(awk -v s="$s" 'NR > 1 && index($0, s " ") == 1' listed)
    if [ "${line:p_at-1}" = "$purpose" ] &&
        [ "${line:d_at-1:${#duration}}" = "$duration" ]; then
        pass
    else
        fail "list --suites: the line of $s [$line] lacks its duration" \
            "[$duration] at column $d_at or its purpose [$purpose] at $p_at"
    fi
done <suites

# -- where suites are named ----------------------------------------------
"$PB" bench --help >help.txt
if grep -q "'puzzlebench list --suites'" help.txt; then pass; else
    fail "bench --help does not point to 'puzzlebench list --suites'"
fi
run_from /dev/null "$PB" bench --suite smok --out r
check_rc "bench --suite smok" 1
if grep -q "did you mean 'smoke'? expected one of: " err; then pass; else
    fail "bench --suite smok: no suggestion; $(outputs)"
fi
while IFS= read -r s; do
    grep -Eq "(: |, )$s(,|$)" err || fail "the unknown-suite message lacks $s"
done <suites
# the manual page's FILES entry for the suites, as text
sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' "$SRC/docs/puzzlebench.1" |
    awk '/^\.SH/ { on = ($2 == "FILES") } on' |
    awk '/suites\/\*\.suite/ { on = 1; next } on && /^\.TP/ { exit } on' |
    tr ',\n' '  ' >man_suites
while IFS= read -r s; do
    if grep -qw -- "$s" man_suites; then pass; else
        fail "docs/puzzlebench.1: FILES does not name the suite $s"
    fi
done <suites
# docs/usage.md's "Suites" section names each one
awk '/^## / { on = ($0 == "## Suites") } on' "$SRC/docs/usage.md" >usage_suites
while IFS= read -r s; do
    if grep -q -- "\`$s\`" usage_suites; then pass; else
        fail "docs/usage.md, Suites: does not name the suite $s"
    fi
done <suites
# the completion's candidates after --suite
(
    # shellcheck source=scripts/puzzlebench-completion.bash
    . "$SRC/scripts/puzzlebench-completion.bash"
    COMP_WORDS=("$PB" bench --suite "")
    COMP_CWORD=3
    COMPREPLY=()
    _puzzlebench
    printf '%s\n' "${COMPREPLY[@]}"
) | LC_ALL=C sort >completed
LC_ALL=C sort suites | LC_ALL=C comm -23 - completed >not_completed
if [ ! -s not_completed ]; then pass; else
    fail "completing bench --suite misses [$(tr '\n' ' ' <not_completed)]"
fi

# -- did you mean ----------------------------------------------------------
M=magic_squares
# suggests WHAT RC WANT ARGS...: exit RC, one line on stderr holding WANT
suggests() {
    local what=$1 want_rc=$2 want=$3
    shift 3
    check_fails "$what" "$want_rc" "$want" "$PB" "$@"
}
suggests "a variant" 2 \
    "unknown variant 'bibsf' for $M; did you mean 'bibfs'\? expected one of: " \
    solve $M --variant bibsf
suggests "a kernel" 2 \
    "unknown kernel 'cubic_eigth'; did you mean 'cubic_eight'\? expected one of: " \
    verify cubic_eigth x.txt
suggests "a family" 2 \
    "unknown family 'unifrom' for $M; did you mean 'uniform'\? expected one of: uniform, depth:D" \
    gen $M --family unifrom
suggests "a family with its knob" 2 \
    "unknown family 'depht:5' for $M; did you mean 'depth'\?" \
    gen $M --family depht:5
suggests "a long option" 2 \
    "unknown option '--repetiton'; did you mean '--repetitions'\? expected one of: --suite, " \
    bench --repetiton 3
suggests "a long option with a value" 2 \
    "unknown option '--famliy=uniform'; did you mean '--family'\?" \
    gen $M --famliy=uniform
suggests "a Google Benchmark flag" 2 \
    "unknown option '--benchmark_fliter=x'; did you mean '--benchmark_filter'\?" \
    bench --benchmark_fliter=x
suggests "nothing close" 2 "unknown option '--zzzzzz'; expected one of: " \
    list --zzzzzz
printf 'threads 1\nbench %s bfs_aray uniform 4 5 1\n' $M >typo.suite
suggests "a suite line's variant" 1 \
    "typo.suite:2: unknown variant 'bfs_aray' for $M; did you mean 'bfs_array'\?" \
    bench --suite ./typo.suite --out r
# --variants and --kernel: a usage error alike, before anything runs
"$PB" gen $M --family uniform --count 2 --seed 1 -o two.txt
suggests "bench --variants" 2 "did you mean 'bibfs'\?" \
    bench --corpus two.txt --variants bibsf --out r
suggests "bench --kernel" 2 "did you mean 'magic_squares'\?" \
    bench --corpus two.txt --kernel magic_sqares --out r
if [ ! -e r ]; then pass; else fail "a misspelt name left a results folder"; fi

# -- columns ---------------------------------------------------------------
# list: every variant's summary starts at one column
run_from /dev/null "$PB" list
cols=$(awk '/^  [* ] / { match($0, /^  [* ] [^ ]+ +/); print RLENGTH }' out |
    sort -u | wc -l)
if [ "$rc" -eq 0 ] && [ "$cols" -eq 1 ]; then pass; else
    fail "list: the summaries start at $cols columns; $(outputs)"
fi
# --help: every verb's summary starts at one column (calibrate is longer
# than the others)
run_from /dev/null "$PB" --help
cols=$(sed -n '/^verbs:/,/^$/p' out |
    awk '/^  [a-z]/ { match($0, /^  [a-z]+ +/); print RLENGTH }' | sort -u | wc -l)
if [ "$rc" -eq 0 ] && [ "$cols" -eq 1 ]; then pass; else
    fail "--help: the verbs' summaries start at $cols columns; $(outputs)"
fi
# verify: on every row, the names start and the numbers end where their
# headings do (the first 7 columns; a row not applicable has no times),
# for every kernel, the longest variant names included
edges() { # where the fields of line $1 start (1-3) and end (4-7)
    awk '{ n = 0; s = $0; f = 0
        while (match(s, /[^ ]+/) && f < 7) { f++
            if (f <= 3) printf "%d ", n + RSTART
            else printf "%d ", n + RSTART + RLENGTH - 1
            n += RSTART + RLENGTH - 1; s = substr(s, RSTART + RLENGTH) }
        print "" }' <<<"$1"
}
for k in $("$PB" list | awk '/^[a-z]/ { print $1 }'); do
    size=4
    case $k in cubic_eight) size=2x3 ;; cube_walk) size=6x6 ;; cubing) size=3 ;;
    esac
    family=$("$PB" list --families | awk -v k="$k" '$1 == k { on = 1; next }
        on { sub(/^ *families: */, ""); sub(/[[ (|;:].*/, ""); print; exit }')
    "$PB" gen "$k" --family "$family" --size $size --count 2 --seed 1 \
        -o "a_long_corpus_name_$k.txt"
    run_from /dev/null "$PB" verify "$k" --threads 1 "a_long_corpus_name_$k.txt"
    want=$(edges "$(head -n 1 out)")
    bad=$(awk 'NR > 1 && !/^ /' out | while IFS= read -r row; do
        [ "$(edges "$row")" = "$want" ] || echo "$row"
    done)
    if [ "$rc" -eq 0 ] && [ "$(wc -l <out)" -gt 1 ] && [ -z "$bad" ]; then
        pass
    else
        fail "verify $k: columns do not line up with the heading" \
            "[$want]: [$bad]; $(outputs)"
    fi
done

# -- --version of a binary that has no data folder -------------------------
mkdir -p copy/bin
cp "$PB" copy/puzzlebench
cp "$PB" copy/bin/puzzlebench
for exe in copy/puzzlebench copy/bin/puzzlebench; do
    data=$(env -u PB_DATA "$exe" --version | sed -n 's/^data: //p')
    dir=${data% (*}
    if [ "$dir" = none ] || [ -d "$dir" ]; then pass; else
        fail "$exe --version: data [$data] names a folder that is not there"
    fi
done
mkdir -p copy/share/puzzlebench
if env -u PB_DATA copy/bin/puzzlebench --version |
    grep -qx "data: $T/copy/share/puzzlebench (installed)"; then
    pass
else
    fail "a binary beside share/puzzlebench does not name it"
fi
summary
