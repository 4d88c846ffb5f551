#!/bin/bash
# test_install.sh - `cmake --install BUILD --prefix P` into a fresh
# folder: the binary, the suites and gnuplot scripts it finds by name,
# the manual page (which groff reads without a warning, when groff is
# installed) and the bash completion; the installed binary runs and
# resolves its data beside itself (P/share/puzzlebench, whatever P is),
# and only there: never the build tree's gnuplot scripts (code) or
# suites, whatever the current folder.
# Usage: test_install.sh BUILD_DIR SOURCE_DIR
BUILD=$1
SRC=$2
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_install.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"

P=$TMP/prefix
run_from /dev/null cmake --install "$BUILD" --prefix "$P"
check_rc "cmake --install" 0
for f in bin/puzzlebench share/man/man1/puzzlebench.1 \
    share/bash-completion/completions/puzzlebench \
    share/puzzlebench/plots/common.gp share/puzzlebench/plots/relative.gp \
    share/puzzlebench/data/bigspace/cubic_eight_starts_3x3.in; do
    if [ -s "$P/$f" ]; then pass; else fail "not installed: $f"; fi
done
for s in "$SRC"/bench/suites/*.suite; do
    if cmp -s "$s" "$P/share/puzzlebench/bench/suites/$(basename "$s")"; then
        pass
    else
        fail "suite $(basename "$s") not installed as in the tree"
    fi
done
run_from /dev/null "$P/bin/puzzlebench" --version
if [ "$rc" -eq 0 ] &&
    grep -qx "data: $P/share/puzzlebench (installed)" "$TMP/out"; then
    pass
else
    fail "the installed binary does not find its data beside it; $(outputs)"
fi
run_from /dev/null "$BUILD/puzzlebench" --version
if grep -qx "data: $(realpath "$SRC") (the source tree of this build)" \
    "$TMP/out"; then pass; else
    fail "the build's binary does not name its source tree; $(outputs)"
fi

# The installed binary reads its own copies, from any folder (here the
# source tree, where the build's copies are one step away): a suite
# changed in the installed data is the one refused, and the installed
# gnuplot scripts are the ones that run.
D=$P/share/puzzlebench
printf 'frobnicate\n' >"$D/bench/suites/smoke.suite"
cd "$SRC" || exit 2
run_from /dev/null timeout 60 "$P/bin/puzzlebench" bench --suite smoke \
    --out "$TMP/r"
if [ "$rc" -eq 1 ] && grep -q "^puzzlebench bench: $D/bench/suites/smoke.suite:1: expected" "$TMP/err"; then
    pass
else
    fail "the installed binary did not read its own smoke suite; $(outputs)"
fi
if command -v gnuplot >/dev/null; then
    mkdir "$TMP/res"
    cp "$SRC/tests/fixtures/results/results.csv" \
        "$SRC/tests/fixtures/results/log.txt" "$TMP/res/"
    printf 'system("touch %s/installed_scripts_ran")\n' "$TMP" >>"$D/plots/common.gp"
    run_from /dev/null "$P/bin/puzzlebench" plot "$TMP/res"
    if [ -e "$TMP/installed_scripts_ran" ]; then pass; else
        fail "plot of the installed binary did not run the installed gnuplot scripts; $(outputs)"
    fi
fi
if command -v groff >/dev/null; then
    groff -man -Tutf8 -ww -z "$P/share/man/man1/puzzlebench.1" \
        >"$TMP/groff" 2>&1
    if [ ! -s "$TMP/groff" ]; then pass; else
        fail "groff warns on the manual page: $(head -3 "$TMP/groff")"
    fi
fi
summary
