#!/bin/bash
# test_cubejs.sh - the cubing kernel against the npm package cubejs
# (pinned version below), an independent implementation: 1000 random
# 3 x 3 x 3 sequences, all six faces compared, for every cubing variant.
# Skipped (exit 77) with a message where node is absent or cubejs cannot
# be installed; scripts/setup.sh installs it into build/cubejs.
# Usage: test_cubejs.sh PUZZLEBENCH SOURCE_DIR CUBEJS_DIR
PB=$1
SRC=$2
DIR=$3
CUBEJS_VERSION=1.3.2
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_cubejs.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"

if ! command -v node >/dev/null; then
    echo "skipped: node is not installed (Debian package nodejs)"
    exit 77
fi
if [ ! -f "$DIR/node_modules/cubejs/package.json" ] ||
    ! grep -q "\"version\": \"$CUBEJS_VERSION\"" \
        "$DIR/node_modules/cubejs/package.json"; then
    if ! command -v npm >/dev/null ||
        ! npm install --silent --no-audit --no-fund --prefix "$DIR" \
            "cubejs@$CUBEJS_VERSION" >/dev/null 2>&1; then
        echo "skipped: cubejs@$CUBEJS_VERSION is not installed in $DIR" \
            "and npm could not install it"
        exit 77
    fi
fi

"$PB" gen cubing --family random:30 --count 1000 --seed 5 -o "$TMP/gen.txt"
# all six faces: "show all" right after the case count T
awk '!/^#/ && !done { print; print "show all"; done = 1; next } { print }' \
    "$TMP/gen.txt" >"$TMP/all.txt"
run_from /dev/null node "$SRC/tests/cubejs_check.js" "$DIR" "$TMP/all.txt"
check_rc "cubejs replay" 0
cp "$TMP/out" "$TMP/cubejs.txt"
lines=$(wc -l <"$TMP/cubejs.txt")
if [ "$lines" -eq 24000 ]; then pass; else
    fail "cubejs printed $lines lines, expected 24000 (1000 cases x 24)"
fi
for v in $(pb_variants cubing); do
    run_from "$TMP/all.txt" "$PB" solve cubing --variant "$v"
    if [ "$rc" -eq 0 ] && cmp -s "$TMP/out" "$TMP/cubejs.txt"; then
        pass
    else
        fail "variant $v differs from cubejs@$CUBEJS_VERSION (exit $rc):" \
            "$(diff "$TMP/out" "$TMP/cubejs.txt" | head -5)"
    fi
done
summary
