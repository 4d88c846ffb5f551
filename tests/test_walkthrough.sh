#!/usr/bin/env bash
# test_walkthrough.sh - the README's walk-through ("Does X beat Y on my
# corpus?"), end to end: the commands between its walkthrough markers
# are read from README.md and run as written (build/puzzlebench replaced
# by the binary under test), then what the README says of them is
# checked: every step exits 0; bench prints one verified line per
# benchmark and, per corpus and thread count, the fastest and its verdict
# against the other (a win with its 95 % interval, same speed, or
# inconclusive and why); results.csv names the corpus by its content and holds both
# variants at 1 and 2 threads; compare pairs spfa with dial; plot leaves
# the two figures as PDF and SVG, both variants in them; the report
# opens with the summary and its winners table. About 20 s on 2 cores.
# Usage: test_walkthrough.sh PUZZLEBENCH SOURCE_DIR
set -u
. "$(dirname "$0")/testlib.sh"
PB=$(readlink -f "$1")
SRC=$(readlink -f "$2")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1
command -v gnuplot >/dev/null || {
    echo "gnuplot not installed: skipped"
    exit 77
}

# the commands, in order, exactly as the README shows them
sed -n '/<!-- walkthrough:begin -->/,/<!-- walkthrough:end -->/p' \
    "$SRC/README.md" | grep '^build/puzzlebench ' >commands
if [ "$(wc -l <commands)" -eq 4 ]; then pass; else
    fail "expected 4 commands in the README's walk-through: $(cat commands)"
fi

step=0
while read -r line; do
    step=$((step + 1))
    read -ra argv <<<"${line#build/puzzlebench }"
    "$PB" "${argv[@]}" >"out$step" 2>"err$step"
    rc=$?
    if [ $rc -eq 0 ]; then pass; else
        fail "step $step exited $rc: $line: $(tail -3 "err$step")"
    fi
done <commands

# step 2: the compact lines and the winners, per thread count
if [ "$(grep -c '^cube_walk/.* verified$' out2)" -eq 4 ] &&
    grep -q '^cube_walk/dial/maze:30/200x200/n=20/t=2 ' out2; then
    pass
else
    fail "bench: four verified lines expected: $(cat out2)"
fi
block=$(sed -n '/^winners/,/^$/p;/^winners/,$p' out2)
for threads in '1 thread' '2 threads'; do
    if grep -Eq "^cube_walk maze:30 200x200 n=20 seed=7, $threads\$" \
        out2; then pass; else
        fail "winners: no corpus title at $threads: $block"
    fi
done
if [ "$(grep -Ec '^  (dial|spfa) ran$' out2)" -eq 2 ] &&
    [ "$(grep -Ec '^    ([0-9.]+x faster than (dial|spfa) \(95% CI [0-9.]+-[0-9.]+\)|same speed as (dial|spfa) \(within \+-2 %: [0-9.]+x, 95% CI [0-9.]+-[0-9.]+\)|inconclusive against (dial|spfa) \([0-9.]+x(, 95% CI [0-9.]+-[0-9.]+:|;) .*\))$' out2)" -eq 2 ]; then
    pass
else
    fail "winners: a winner and an interval per thread count: $block"
fi

# the corpus is named by gen's recipe (its header, checked against the
# content), both variants at both counts, the content's hash beside it
csv=results/latest/results.csv
for v in dial spfa; do
    for t in 1 2; do
        if grep -q "^cube_walk,$v,maze:30,200x200,20,7,[0-9a-f]\{16\},$t," "$csv"; then
            pass
        else
            fail "results.csv: no $v row at $t threads on maze:30 seed 7"
        fi
    done
done

# step 3: spfa of the run against its dial, at each thread count
if [ "$(grep -c '^cube_walk/spfa/maze:30/.*/threads:[12] ' out3)" -eq 2 ] &&
    grep -q '^# variants: spfa of A against dial of B' out3; then
    pass
else
    fail "compare: two pairs expected: $(cat out3)"
fi

# step 4: the figures, as PDF and SVG, with only the two variants
fig=results/latest/figures
for f in relative-cube_walk speedup-cube_walk; do
    for ext in pdf svg; do
        if [ -s "$fig/$f.$ext" ] && grep -qx "$fig/$f.$ext" out4; then pass; else
            fail "plot: $fig/$f.$ext missing or not printed"
        fi
    done
done
# (that --variants leaves the others out is test_plot's check: this run
# timed only these two)
if grep -q dial "$fig/relative-cube_walk.svg" &&
    grep -q spfa "$fig/relative-cube_walk.svg"; then
    pass
else
    fail "relative figure: without dial and spfa"
fi

# the report: the summary (machine, winners) before the kernel's part
html=results/latest/report.html
summary=$(grep -n 'id="summary"' "$html" | head -1 | cut -d: -f1)
winners=$(grep -n 'Fastest variant per corpus' "$html" | sed -n 2p | cut -d: -f1)
kernel=$(grep -n 'id="cube_walk"' "$html" | head -1 | cut -d: -f1)
if [ -n "$summary" ] && [ -n "$winners" ] && [ -n "$kernel" ] &&
    [ "$summary" -lt "$winners" ] && [ "$winners" -lt "$kernel" ] &&
    grep -q 'on the log ratios, paired round by round' "$html" &&
    grep -q 'Baseline for the ratio column: spfa' results/latest/report.md; then
    pass
else
    fail "report: summary ($summary), winners ($winners) before" \
        "cube_walk ($kernel), the interval named, spfa the baseline"
fi

summary
