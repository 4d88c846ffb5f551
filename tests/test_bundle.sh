#!/bin/bash
# test_bundle.sh - scripts/bundle.sh: the bundle's puzzlebench loads every
# library from the bundle (the loader's own trace, LD_DEBUG=libs), solves
# the committed samples from another directory, finds its own copy of the
# suites and gnuplot scripts, and records the commit it was built from in
# a run's provenance, with the bundled binary's SHA-256 and the diff the
# bundle carries for a dirty tree. Usage: test_bundle.sh PUZZLEBENCH
# SOURCE_DIR
PB=$1
SRC=$2
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_bundle.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"

run_from /dev/null sh "$SRC/scripts/bundle.sh" "$(dirname "$PB")" "$TMP/bundle"
check_rc "bundle.sh" 0
BUNDLE=$TMP/bundle/puzzlebench

# the process that runs puzzlebench (the one that loads Google Benchmark)
# loads its libraries from the bundle only, once the wrapper's shell has
# exec'ed the bundled loader (same pid; the shell's own libraries before)
LD_DEBUG=libs "$BUNDLE" list >/dev/null 2>"$TMP/trace"
pid=$(awk '/calling init: .*libbenchmark/ { print $1; exit }' "$TMP/trace")
foreign=$(awk -v pid="$pid" -v lib="$TMP/bundle/lib/" '
    $1 == pid && /calling init:/ {
        if (index($NF, lib) == 1) started = 1
        else if (started) print $NF
    }' "$TMP/trace")
if [ -n "$pid" ] && [ -z "$foreign" ]; then pass; else
    fail "bundle: libraries loaded from outside the bundle: '$foreign'" \
        "(pid '$pid')"
fi

# the bundle's own data, whoever runs it from wherever
run_from /dev/null "$BUNDLE" --version
if grep -qx "data: $TMP/bundle/share/puzzlebench (PB_DATA)" "$TMP/out" &&
    [ -s "$TMP/bundle/share/puzzlebench/plots/common.gp" ] &&
    [ -s "$TMP/bundle/share/puzzlebench/bench/suites/smoke.suite" ]; then
    pass
else
    fail "bundle: --version does not name the bundle's data; $(outputs)"
fi

# the committed samples, solved from another directory
cd "$TMP" || exit 2
for kernel in magic_squares cubic_eight cubing; do
    run_from "$SRC/data/$kernel/sample.in" "$BUNDLE" solve "$kernel"
    check_rc "bundle solve $kernel" 0
    if cmp -s "$TMP/out" "$SRC/data/$kernel/sample.out"; then pass; else
        fail "bundle solve $kernel: not the sample's answer; $(outputs)"
    fi
done

# a run's provenance names the bundle's commit, with no git tree to ask
printf 'repetitions 2\nmin_time 0.01\nbench magic_squares bibfs uniform 4 20 1\n' \
    >"$TMP/tiny.suite"
commit=$(sed -n 's/^# puzzlebench from a bundle .*, commit //p' "$BUNDLE")
run_from /dev/null "$BUNDLE" bench \
    --suite "$TMP/tiny.suite" --out "$TMP/results"
check_rc "bundle bench" 0
if [ -n "$commit" ] &&
    grep -q "^# puzzlebench_commit *$commit\$" "$TMP/results/latest/log.txt"
then
    pass
else
    fail "bundle bench: log.txt does not name commit '$commit'"
fi
# the build's identity: the bundled binary's hash (not the loader's that
# runs it), in the results and --version; the diff the bundle carries
binary=$(sha256sum "$TMP/bundle/lib/puzzlebench" | cut -d' ' -f1)
log=$TMP/results/latest/log.txt
if grep -q "^# puzzlebench_binary_sha256 *$binary\$" "$log" &&
    "$BUNDLE" --version | grep -qx "binary sha256 $binary"; then pass; else
    fail "bundle: the binary's SHA-256 $binary is not recorded:" \
        "$(grep binary_sha256 "$log"); $("$BUNDLE" --version | grep sha256)"
fi
if grep -q '^# puzzlebench_dirty *true$' "$log"; then
    want=$(sha256sum "$TMP/bundle/share/puzzlebench/build.diff" | cut -d' ' -f1)
    cmp -s "$TMP/bundle/share/puzzlebench/build.diff" \
        "$TMP/results/latest/build.diff" || want="a copy of the bundle's diff"
else
    want=clean
fi
grep -q "^# puzzlebench_diff_sha256 *$want\$" "$log" && pass ||
    fail "bundle: diff hash $(grep diff_sha256 "$log"), want $want"
summary
