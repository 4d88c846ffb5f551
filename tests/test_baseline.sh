#!/usr/bin/env bash
# test_baseline.sh - black-box tests of the results store from bench and
# compare: bench indexes its run in ROOT/puzzlebench.db (or --db FILE,
# or nowhere with --no-db); --save-baseline NAME names the run, and
# compare --baseline NAME reads it back from the store and compares
# results/latest-like folders against it, even once the baseline's folder
# is gone; an unknown name lists the saved ones; a store that is not
# there is refused without being made; --no-db with --db is a usage
# error; import adds nothing for a folder bench already indexed.
#
# Usage: test_baseline.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
# Prints one line per failed check on stderr and ends with "N passed, N
# failed"; exit status 1 when any check failed. About 10 s on 2 cores.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3
scratch test_baseline
run() { run_from /dev/null "$@"; }

printf '%s\n' 'rounds 3' 'repetitions 2' 'min_time 0.002' 'threads 1' \
    'bench magic_squares bfs_array,bibfs uniform 4 20 1' >"$T/tiny.suite"

run "$PB" bench --suite "$T/tiny.suite" --out "$T/r" --quiet --save-baseline main
check_rc "bench --save-baseline" 0
grep -q "^baseline 'main': run 1 in $T/r/puzzlebench.db" "$T/out" && pass ||
    fail "says the baseline: $(outputs)"
first=$(readlink "$T/r/latest")
run "$PB" bench --suite "$T/tiny.suite" --out "$T/r" --quiet
check_rc "a second run" 0
q() { python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$1" "$2"; }
[ "$(q "$T/r/puzzlebench.db" 'SELECT count(*) FROM run')" = 2 ] && pass ||
    fail "both runs indexed"
[ "$(q "$T/r/puzzlebench.db" "SELECT dir FROM run r JOIN baseline b ON b.run = r.id WHERE b.name = 'main'")" = "$(cd "$T/r/$first" && pwd -P)" ] &&
    pass || fail "the baseline is the first run's folder"

# the baseline's folder gone: its samples are in the store
mv "$T/r/$first" "$T/moved"
run "$PB" compare --baseline main --db "$T/r/puzzlebench.db" "$T/r/latest"
check_rc "compare --baseline" 0
grep -q "^magic_squares/bibfs/uniform/size:4/n:20/seed:1/threads:1 " "$T/out" &&
    grep -q "^magic_squares/bfs_array/" "$T/out" && pass ||
    fail "both benchmarks compared: $(outputs)"
run "$PB" compare --baseline other --db "$T/r/puzzlebench.db" "$T/r/latest"
check_rc "an unknown baseline" 1
grep -q "no baseline 'other'; saved: main" "$T/err" && pass ||
    fail "lists the saved ones: $(outputs)"
run "$PB" compare --baseline main --db "$T/none.db" "$T/r/latest"
check_rc "no store" 1
[ ! -e "$T/none.db" ] && pass || fail "the missing store was made"

# where the run is indexed
run "$PB" bench --suite "$T/tiny.suite" --out "$T/n" --quiet --no-db
check_rc "--no-db" 0
[ ! -e "$T/n/puzzlebench.db" ] && pass || fail "--no-db made a store"
run "$PB" bench --suite "$T/tiny.suite" --out "$T/n" --quiet --db "$T/elsewhere/s.db"
check_rc "--db FILE" 0
[ "$(q "$T/elsewhere/s.db" 'SELECT count(*) FROM run')" = 1 ] && pass ||
    fail "indexed in --db's file"
run "$PB" bench --suite "$T/tiny.suite" --out "$T/n" --no-db --db "$T/x.db"
check_rc "--no-db with --db" 2
run "$PB" import --db "$T/elsewhere/s.db" "$T/n/latest"
check_rc "import of an indexed folder" 0
grep -q "(imported before)" "$T/out" && pass || fail "nothing added: $(outputs)"
run "$PB" import --db "$T/elsewhere/s.db" "$T/nothing-here"
check_rc "import of no folder" 1
grep -q "nothing-here: no results.json or results.csv" "$T/err" && pass ||
    fail "says what is missing: $(outputs)"

summary
