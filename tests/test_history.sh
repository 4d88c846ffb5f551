#!/usr/bin/env bash
# test_history.sh - black-box tests of `puzzlebench history` and
# `publish` on a scratch git repository of three tiny commits: the
# first and third build a `puzzlebench` that runs this build's binary
# (their CMake project copies a two-line wrapper), the second fails to
# configure. A history over the three in 3 rounds records the failed
# build with its note and skips it, builds the other two in their own
# worktrees, runs each once a round (6 runs, 2 a round, each imported
# with its round and commit), and reports no change between the two
# (the same binary); a second look at the cache builds nothing; a
# budget below the estimate is refused before anything runs, as are a
# range that is not A..B and a store that is not there for --show;
# --bisect of a benchmark without a change says so; publish writes
# the site. With --define, the commits build again in folders of their
# own (the cache keyed by commit and options), the history's options
# list them, and a second run reports the broken commit's cached
# failure with its first reason. Builds only tiny commits (a file copy
# each).
#
# Usage: test_history.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
# Prints one line per failed check on stderr and ends with "N passed, N
# failed"; exit status 1 when any check failed. About 30 s on 2 cores.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3
need_tools "git cmake" git cmake
scratch test_history
[ -n "${KEEP:-}" ] && trap - EXIT
run() { run_from /dev/null "$@"; }

repo="$T/repo"
git init -q "$repo"
git -C "$repo" config user.email test@example.org
git -C "$repo" config user.name test
echo "scratch" >"$repo/README"
git -C "$repo" add README
git -C "$repo" commit -q -m "start"
c0=$(git -C "$repo" rev-parse HEAD)
cat >"$repo/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.13)
project(scratch NONE)
add_custom_target(puzzlebench ALL
  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/wrapper.sh
          ${CMAKE_BINARY_DIR}/puzzlebench)
EOF
printf '#!/bin/sh\nexec "$SCRATCH_PUZZLEBENCH" "$@"\n' >"$repo/wrapper.sh"
chmod +x "$repo/wrapper.sh"
git -C "$repo" add CMakeLists.txt wrapper.sh
git -C "$repo" commit -q -m "one: a wrapper"
c1=$(git -C "$repo" rev-parse HEAD)
echo 'message(FATAL_ERROR "broken on purpose")' >>"$repo/CMakeLists.txt"
git -C "$repo" commit -q -am "two: broken"
c2=$(git -C "$repo" rev-parse HEAD)
git -C "$repo" checkout -q "$c1" -- CMakeLists.txt
git -C "$repo" commit -q -am "three: mended"
c3=$(git -C "$repo" rev-parse HEAD)

printf '%s\n' 'rounds 1' 'repetitions 2' 'min_time 0.002' 'threads 1' \
    'bench magic_squares bfs_array,bibfs uniform 4 20 1' >"$T/tiny.suite"
export SCRATCH_PUZZLEBENCH="$PB"
common=(--repo "$repo" --db "$T/h.db" --cache "$T/cache" --out "$T/runs")

run "$PB" history --commits "$c0..$c3" --suite "$T/tiny.suite" --rounds 3 \
    --seed 5 --budget 900 --build-time 5 "${common[@]}"
check_rc "history over three commits" 0
grep -q "no change beyond the band" "$T/out" && pass || fail "says there is no change: $(outputs)"
grep -q "${c2:0:12} not built: cmake configure failed" "$T/err" ||
    fail "the broken commit reported: $(cat "$T/err")"
q() { python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$T/h.db" "$1"; }
[ "$(q 'SELECT count(*) FROM history_commit')" = 3 ] && pass ||
    fail "three commits recorded"
[ "$(q "SELECT built FROM history_commit WHERE sha = '$c2'")" = 0 ] && pass ||
    fail "the broken commit not built"
q "SELECT note FROM history_commit WHERE sha = '$c2'" | grep -q "log: " && pass ||
    fail "the note says where the log is"
[ "$(q 'SELECT count(*) FROM run WHERE history = 1')" = 6 ] && pass ||
    fail "6 runs: $(q 'SELECT count(*) FROM run WHERE history = 1')"
[ "$(q 'SELECT count(DISTINCT history_round) FROM run')" = 3 ] && pass ||
    fail "3 rounds"
[ "$(q 'SELECT max(c) FROM (SELECT count(*) c FROM run GROUP BY history_round)')" = 2 ] &&
    pass || fail "each round runs both built commits"
[ "$(q "SELECT count(*) FROM run WHERE history_position = 1")" = 0 ] && pass ||
    fail "no run of the broken commit"
[ -f "$T/cache/$c1-release/build.ok" ] && [ -x "$T/cache/$c1-release/build/puzzlebench" ] &&
    pass || fail "commit one built in the cache"
[ -f "$T/cache/$c2-release/build.failed" ] && pass || fail "the failure cached"

# again, as a plan: nothing left to build
run "$PB" history --commits "$c0..$c3" --suite "$T/tiny.suite" --dry-run "${common[@]}"
check_rc "a dry run" 0
grep -q "3 commits of .*, 0 to build" "$T/err" && pass ||
    fail "the cache counted: $(cat "$T/err")"
run "$PB" history --commits "$c0..$c3" --suite "$T/tiny.suite" --every 2 --dry-run "${common[@]}"
grep -q "2 commits of" "$T/err" && pass || fail "--every 2 keeps 2 of 3: $(cat "$T/err")"

# refusals
run "$PB" history --commits "$c0..$c3" --suite "$T/tiny.suite" --budget 1 "${common[@]}"
check_rc "over the budget" 1
grep -q "over the budget of 1 s" "$T/err" && pass || fail "the estimate said: $(cat "$T/err")"
[ "$(q 'SELECT count(*) FROM history')" = 1 ] && pass || fail "nothing added when refused"
run "$PB" history --commits "$c3" --suite "$T/tiny.suite" "${common[@]}"
check_rc "not a range" 1
grep -q "expected a range A..B" "$T/err" && pass || fail "says a range: $(cat "$T/err")"
run "$PB" history --show --db "$T/none.db"
check_rc "--show without a store" 1
run "$PB" history --commits "$c0..$c3"
check_rc "--commits without --suite" 2

# the stored history again, and bisect with nothing to narrow
run "$PB" history --show --db "$T/h.db"
check_rc "--show" 0
grep -q "history 1: 3 commits (2 built)" "$T/out" && pass || fail "--show's summary: $(outputs)"
run "$PB" history --bisect bibfs "${common[@]}"
check_rc "--bisect without a change" 1
grep -q "shows no change of it" "$T/err" && pass || fail "bisect said: $(cat "$T/err")"

run "$PB" publish --db "$T/h.db" --out "$T/site"
check_rc "publish" 0
[ -s "$T/site/index.html" ] && pass || fail "the site's index"
grep -q "${c2:0:7}" "$T/site/index.html" && pass || fail "the broken commit listed"
run "$PB" publish --db "$T/h.db"
check_rc "publish without --out" 2

# build options: their own cache folder, the broken commit's reason
# read back from its marker the second time
run "$PB" history --commits "$c1..$c3" --suite "$T/tiny.suite" --rounds 1 \
    --define SCRATCH_FLAG=on --budget 900 --build-time 5 "${common[@]}"
check_rc "history with a cmake define" 0
d=$(ls -d "$T/cache/$c3"-release-* 2>/dev/null | head -n 1)
[ -n "$d" ] && grep -q "^SCRATCH_FLAG:UNINITIALIZED=on" "$d/build/CMakeCache.txt" &&
    pass || fail "the define built in a folder of its own: ${d:-none}"
h=$(q 'SELECT max(id) FROM history')
q "SELECT options FROM history WHERE id = $h" | grep -q ', define SCRATCH_FLAG=on$' &&
    pass || fail "the history's options: $(q "SELECT options FROM history WHERE id = $h")"
run "$PB" history --commits "$c1..$c3" --suite "$T/tiny.suite" --rounds 1 \
    --define SCRATCH_FLAG=on --budget 900 --build-time 5 "${common[@]}"
check_rc "again with the define" 0
grep -q "${c2:0:12} not built: cached: cmake configure failed (exit 1; log: " "$T/err" &&
    pass || fail "the cached failure's reason: $(cat "$T/err")"
run "$PB" history --commits "$c1..$c3" --suite "$T/tiny.suite" --define SCRATCH_FLAG=on \
    --define OTHER=1 --dry-run "${common[@]}"
grep -q "2 commits of .*, 2 to build" "$T/err" && pass ||
    fail "other options, other builds: $(cat "$T/err")"
run "$PB" history --commits "$c1..$c3" --suite "$T/tiny.suite" --define NOEQUALS "${common[@]}"
check_rc "--define without =" 2

git -C "$repo" worktree prune
summary
