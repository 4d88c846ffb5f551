#!/usr/bin/env bash
# test_hardening.sh - issue 11's regressions that belong to no one verb:
#   3. a temporary file cannot be redirected: a symlink planted at the name
#      the old code used (TARGET.tmp.<pid>) is left alone, its target
#      untouched, and no temporary is left behind;
#  11. control bytes (ESC, BEL) from a corpus header or a suite token come
#      back escaped on stderr, never raw;
#  14. the provenance reads git's state without taking its index lock, and
#      says "unknown" (not "clean") where git is missing;
# and what a review of those fixes found: gnuplot's log never written
# through a planted symlink; families that results readers would refuse
# (a '+' or a space, an overlong name) refused by gen and by suites.
# Usage: test_hardening.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
PB=$1
case $PB in /*) ;; *) PB=$PWD/$PB ;; esac
SRC=$(cd "${2:-$HERE/..}" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_hardening.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 2
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"

# --- 3: temporaries -------------------------------------------------------
echo "precious" >victim
# The subshell's pid is the pid puzzlebench runs with after exec, so the
# symlink sits exactly where the old code opened its temporary.
(
    ln -s "$TMP/victim" "o.txt.tmp.$BASHPID"
    exec "$PB" gen magic_squares --family uniform --count 3 -o o.txt
) 2>"$OUT_DIR/err"
if [ "$(cat victim)" = "precious" ]; then pass; else
    fail "gen -o followed a planted symlink: victim now holds $(head -c 80 victim)"
fi
if grep -q '^# kernel magic_squares' o.txt 2>/dev/null; then pass; else
    fail "gen -o did not write o.txt beside a planted symlink; $(cat err)"
fi
leftover=$(find . -name 'o.txt.tmp.*' ! -type l | wc -l)
[ "$leftover" -eq 0 ] && pass || fail "gen left $leftover temporaries"

# --- 11: control bytes ----------------------------------------------------
raw_controls() { LC_ALL=C grep -c $'[\x01-\x08\x0b-\x1f\x7f]' "$1"; }
printf '# puzzlebench corpus\n# kernel \033]0;owned\007evil\n2 6 8 4 5 7 3 1\n' \
    >esc.txt
check_fails "corpus header with ESC and BEL" 1 'evil' \
    "$PB" solve magic_squares esc.txt
[ "$(raw_controls err)" -eq 0 ] && pass ||
    fail "raw control bytes echoed from a corpus header: $(od -c err | head -3)"
grep -qF '\x1b]0;owned\x07evil' err && pass ||
    fail "the header's control bytes are not shown escaped: $(cat err)"

printf 'repetitions 1\nbench magic\033[2J_squares all uniform 4 2 1\n' \
    >esc.suite
run_from /dev/null "$PB" bench --suite ./esc.suite --out r
check_rc "suite token with ESC" 1
[ "$(raw_controls err)" -eq 0 ] && pass ||
    fail "raw control bytes echoed from a suite token: $(od -c err | head -3)"
grep -qF 'magic\x1b[2J_squares' err && pass ||
    fail "the suite token's control bytes are not shown escaped: $(cat err)"

# --- 14: provenance without git's lock, or without git --------------------
cat >tiny.suite <<'SUITE'
repetitions 1
min_time 0.01
bench magic_squares bfs_array uniform 4 2 1
SUITE
mkdir -p fakebin nogit
cat >fakebin/git <<FAKE
#!/bin/sh
echo "GIT_OPTIONAL_LOCKS=\${GIT_OPTIONAL_LOCKS:-} \$*" >>"$TMP/git.log"
exec $(command -v git) "\$@"
FAKE
chmod +x fakebin/git
PATH="$TMP/fakebin:$PATH" run_from /dev/null "$PB" bench --suite ./tiny.suite \
    --out withgit
check_rc "bench with a logging git" 0
if grep -q ' status' git.log 2>/dev/null; then
    locking=$(grep ' status' git.log | grep -v -e '--no-optional-locks' |
        grep -vc '^GIT_OPTIONAL_LOCKS=0 ')
    [ "$locking" -eq 0 ] && pass ||
        fail "git status may take the index lock: $(grep ' status' git.log)"
else
    fail "the provenance never asked git for the tree's state: $(cat git.log)"
fi
grep -Eq '^# puzzlebench_dirty +(true|false)$' withgit/latest/log.txt && pass ||
    fail "dirty flag with git present: $(grep dirty withgit/latest/log.txt)"

PATH="$TMP/nogit" run_from /dev/null "$PB" bench --suite ./tiny.suite \
    --out nogit-run
check_rc "bench without git" 0
grep -Eq '^# puzzlebench_dirty +unknown$' nogit-run/latest/log.txt && pass ||
    fail "without git the tree must be 'unknown': $(grep -E 'commit|dirty' nogit-run/latest/log.txt)"
grep -Eq '^# puzzlebench_commit +unknown$' nogit-run/latest/log.txt && pass ||
    fail "without git the commit must be 'unknown'"

# --- review: gnuplot's log and family names -------------------------------
if command -v gnuplot >/dev/null; then
    cp -r "$SRC/tests/fixtures/results" plotted
    mkdir -p plotted/figures
    echo "precious" >victim2
    ln -s "$TMP/victim2" plotted/figures/gnuplot.log
    check_fails "plot with a symlink at figures/gnuplot.log" 1 \
        'gnuplot.log: a symbolic link' "$PB" plot plotted
    [ "$(cat victim2)" = "precious" ] && pass ||
        fail "plot appended to a symlink's target: $(head -c 80 victim2)"
else
    echo "note: gnuplot missing, the log symlink check is skipped" >&2
fi
check_fails "gen --family depth:+5" 2 "bad parameter in family 'depth:\+5'" \
    "$PB" gen magic_squares --family depth:+5
check_fails "gen --family with a space" 2 "bad family 'uni form'" \
    "$PB" gen magic_squares --family 'uni form'
long_family=$(printf 'f%.0s' $(seq 40))
printf 'repetitions 1\nbench magic_squares bfs_array %s 4 2 1\n' "$long_family" \
    >long.suite
check_fails "suite family of 40 characters" 1 "long.suite:2: family .* is too long" \
    "$PB" bench --suite ./long.suite --out r2

summary
