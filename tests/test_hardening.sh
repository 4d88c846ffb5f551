#!/usr/bin/env bash
# test_hardening.sh - the regressions of errors.md "Security and
# robustness" that belong to no one verb:
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
# The regressions of errors.md "Security and robustness, third round"
# about the files puzzlebench writes:
#   2. gen -o writes a FIFO or a device in place (never replaced by a
#      regular file: /dev/null as root, in a private mount namespace),
#      - and /dev/stdout (or a link to /proc/self/fd/1) reach standard
#      output, a symbolic link is followed and stays a link; a file
#      puzzlebench keeps (summary.csv) is never written through a link;
#  16. plot refuses a results folder whose figures is a symbolic link,
#      and touches nothing in its target;
#  17. the sweep of stale temporaries keeps one held (flock) by a live
#      process whatever its pid says (another PID namespace), and one
#      fresh; it removes old unlocked ones, latest.tmp links by age.
# errors.md "Security and robustness, third round", row 12: control
# bytes in PB_COMMIT, PB_DIRTY,
# OMP_PLACES and the suite's file name reach results.json's context,
# log.txt and the report escaped, results.json stays JSON and the run
# ends normally with its report.
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

# --- errors.md "Security and robustness, third round", row 2: gen -o to devices, FIFOs, standard output, links ---
gen3() { "$PB" gen magic_squares --family uniform --count 3 "$@"; }
gen3 >ref.txt
mkfifo fifo
timeout 20 cat fifo >from_fifo &
reader=$!
run_from /dev/null timeout 20 "$PB" gen magic_squares --family uniform \
    --count 3 -o fifo
check_rc "gen -o FIFO" 0
if [ -p fifo ]; then pass; else
    fail "gen -o replaced a FIFO: $(stat -c %F fifo 2>&1)"
    kill "$reader" 2>/dev/null
fi
wait "$reader"
cmp -s from_fifo ref.txt && pass ||
    fail "gen -o FIFO: the reader got $(wc -c <from_fifo) bytes, not the corpus"
gen3 -o - >dash.txt && cmp -s dash.txt ref.txt && pass ||
    fail "gen -o - did not print the corpus"
ln -s /proc/self/fd/1 my_stdout
gen3 -o my_stdout >to_file.txt
cmp -s to_file.txt ref.txt && pass ||
    fail "gen -o LINK-TO-/proc/self/fd/1 > FILE: the file lacks the corpus"
gen3 -o my_stdout | cat >to_pipe.txt
cmp -s to_pipe.txt ref.txt && pass ||
    fail "gen -o LINK-TO-/proc/self/fd/1 | cat: nothing came through the pipe"
[ -L my_stdout ] && pass || fail "gen -o replaced a link to /proc/self/fd/1"
echo "old" >target.txt
ln -s target.txt link.txt
mkdir linked
ln -s ../dangling.txt linked/dangling
gen3 -o link.txt && gen3 -o linked/dangling
if [ -L link.txt ] && cmp -s target.txt ref.txt; then pass; else
    fail "gen -o link.txt: link $(stat -c %F link.txt), target $(head -c 40 target.txt)"
fi
if [ -L linked/dangling ] && cmp -s dangling.txt ref.txt; then pass; else
    fail "gen -o through a dangling relative link did not create its target"
fi
check_fails "gen -o FOLDER" 1 '^puzzlebench gen: linked: cannot write: Is a directory$' \
    "$PB" gen magic_squares --family uniform --count 3 -o linked
if [ "$(id -u)" -eq 0 ] && mknod scratch_null c 1 3 2>/dev/null; then
    gen3 -o scratch_null
    [ -c scratch_null ] && pass ||
        fail "gen -o a character device replaced it: $(stat -c %F scratch_null)"
else
    echo "note: not root or no mknod, the scratch device check is skipped" >&2
fi
# /dev/null and /dev/stdout themselves, on a tmpfs /dev of a private mount
# namespace, so that a binary that replaces them harms nothing outside.
if [ "$(id -u)" -eq 0 ] &&
    unshare --mount --propagation private true 2>/dev/null; then
    unshare --mount --propagation private bash -c '
        mount -t tmpfs scratch /dev && mknod -m 666 /dev/null c 1 3 &&
        ln -s /proc/self/fd/1 /dev/stdout || exit 3
        "$1" gen magic_squares --family uniform --count 3 -o /dev/null
        "$1" gen magic_squares --family uniform --count 3 -o /dev/stdout \
            >dev_stdout.txt
        stat -c %F /dev/null /dev/stdout' _ "$PB" >dev_types.txt 2>dev_err.txt
    ns_rc=$?
fi
if [ "${ns_rc:-3}" -ne 3 ]; then
    if [ "$(cat dev_types.txt)" = "character special file
symbolic link" ]; then pass; else
        fail "gen -o /dev/null, /dev/stdout as root replaced them: $(cat dev_types.txt dev_err.txt)"
    fi
    cmp -s dev_stdout.txt ref.txt && pass ||
        fail "gen -o /dev/stdout as root did not print the corpus"
elif [ "$(id -u)" -ne 0 ]; then # cannot replace anything in /dev
    gen3 -o /dev/stdout | cat >dev_stdout.txt
    cmp -s dev_stdout.txt ref.txt && pass ||
        fail "gen -o /dev/stdout did not print the corpus"
else
    echo "note: root without a private mount namespace, the /dev/null and" \
        "/dev/stdout checks are skipped" >&2
fi

# A file puzzlebench keeps in its own folders is never written through a
# link, nor is the link replaced.
cp -r "$SRC/tests/fixtures/results" own_files
echo "precious" >kept_summary.csv
ln -s "$TMP/kept_summary.csv" own_files/summary.csv
check_fails "plot with summary.csv -> elsewhere" 1 \
    '^puzzlebench plot: own_files/summary.csv: cannot write: a symbolic link, never written through; expected a regular file$' \
    "$PB" plot own_files
if [ -L own_files/summary.csv ] && [ "$(cat kept_summary.csv)" = precious ]
then pass; else
    fail "plot replaced or wrote through a summary.csv link"
fi

# --- errors.md "Security and robustness, third round", row 16: a figures folder that is a symbolic link ---
(:) &
dead=$!
wait "$dead"
cp -r "$SRC/tests/fixtures/results" received
mkdir outside
: >outside/time_vs_size-magic_squares.png
: >"outside/x.png.tmp.$dead.000000000000"
touch -d '1 hour ago' "outside/x.png.tmp.$dead.000000000000"
ln -s "$TMP/outside" received/figures
ls -l --time-style=+%s outside >outside.before
check_fails "plot with figures -> OUTSIDE" 1 \
    '^puzzlebench plot: received/figures: a symbolic link; expected the figures folder of received$' \
    "$PB" plot received
ls -l --time-style=+%s outside >outside.after
cmp -s outside.before outside.after && pass ||
    fail "plot wrote or removed files through figures -> OUTSIDE: $(diff outside.before outside.after | head -5)"
[ ! -e received/summary.csv ] && pass ||
    fail "plot wrote summary.csv before refusing the figures link"
rm received/figures
: >received/figures
check_fails "plot with a file at figures" 1 \
    'received/figures: not a folder; expected the figures folder of received$' \
    "$PB" plot received

# --- errors.md "Security and robustness, third round", row 17: which temporaries the sweep removes ---
mkdir sweep
for name in old_dead old_live fresh_dead held_dead; do
    : >"sweep/$name.tmp.$dead.0123456789ab"
done
mv "sweep/old_live.tmp.$dead.0123456789ab" "sweep/old_live.tmp.$$.0123456789ab"
ln -s nowhere "sweep/latest.tmp.$dead.0123456789ab"
ln -s nowhere "sweep/latest.tmp.$dead.0123456789ac"
ln -s nowhere "sweep/latest.tmp.$$"
touch -d '1 hour ago' sweep/old_* "sweep/held_dead.tmp.$dead.0123456789ab"
touch -h -d '1 hour ago' "sweep/latest.tmp.$dead.0123456789ab" \
    "sweep/latest.tmp.$$"
# The holder takes the lock the way a writer does, in a PID namespace of
# its own where permitted (its pid means nothing here), and lets it go
# when a line comes through the FIFO release.
held="sweep/held_dead.tmp.$dead.0123456789ab"
mkfifo release
hold=(flock "$held" sh -c 'read -r _ <release')
if unshare --pid --fork --kill-child true 2>/dev/null; then
    unshare --pid --fork --kill-child "${hold[@]}" &
else
    echo "note: no PID namespace, the lock is held in this one" >&2
    "${hold[@]}" &
fi
holder=$!
for _ in $(seq 200); do # a hang guard, not a timing
    flock -n "$held" true || break
    sleep 0.1
done
run_from /dev/null "$PB" bench --suite ./tiny.suite --out sweep
check_rc "bench beside planted temporaries" 0
timeout 20 sh -c 'echo >release'
wait "$holder"
# wanted: what each planted name should be after the sweep
for want in "gone old_dead.tmp.$dead.0123456789ab" \
    "gone old_live.tmp.$$.0123456789ab" \
    "kept fresh_dead.tmp.$dead.0123456789ab" \
    "kept held_dead.tmp.$dead.0123456789ab" \
    "gone latest.tmp.$dead.0123456789ab" \
    "gone latest.tmp.$$" \
    "kept latest.tmp.$dead.0123456789ac"; do
    name=${want#* }
    if [ -e "sweep/$name" ] || [ -L "sweep/$name" ]; then got=kept; else
        got=gone
    fi
    [ "$got" = "${want%% *}" ] && pass ||
        fail "sweep: $name $got, expected ${want%% *}"
done

# --- errors.md "Security and robustness, third round", row 12: control bytes in results.json's context ---
# Google Benchmark's JSON writer escapes only \\ " \b \f \n \r \t: ESC, BEL
# and 0x01 in PB_COMMIT, PB_DIRTY, OMP_PLACES and the suite's file name
# must reach results.json escaped (\x1b), or the file
# is not JSON and the run ends FAILED without a report.
ctl_suite=$'ctl\033[31m\007\001.suite'
cp tiny.suite "$ctl_suite"
PB_COMMIT=$'abc\033]0;owned\007\001def' PB_DIRTY=$'fal\001se' \
    OMP_PLACES=$'{0}\033\007\001' run_from /dev/null "$PB" bench \
    --suite "./$ctl_suite" --out ctl
if [ "$rc" -eq 0 ] && grep -q 'every timed run verified' out &&
    [ -s ctl/latest/report.md ] && [ -s ctl/latest/report.html ]; then pass
else
    fail "bench with control bytes in the context: exit $rc; $(outputs)"
fi
if python3 -m json.tool ctl/latest/results.json >/dev/null 2>json.err &&
    python3 -c 'import json, sys
c = json.load(open("ctl/latest/results.json"))["context"]
want = {"puzzlebench_commit": "abc\\x1b]0;owned\\x07\\x01def",
        "puzzlebench_dirty": "fal\\x01se",
        "omp_places": "{0}\\x1b\\x07\\x01",
        "suite": "ctl\\x1b[31m\\x07\\x01"}
bad = [k for k in want if c.get(k) != want[k]]
print(" ".join("%s=%r" % (k, c.get(k)) for k in bad))
sys.exit(bool(bad))' >json.out 2>>json.err; then pass; else
    fail "results.json not JSON, or its context not escaped: $(cat json.out \
        json.err | head -5)"
fi
for f in ctl/latest/log.txt ctl/latest/report.md ctl/latest/report.html out; do
    if [ -f "$f" ] && [ "$(raw_controls "$f")" -eq 0 ]; then pass; else
        fail "$f missing, or raw control bytes in it: $(LC_ALL=C grep -n \
            $'[\x01-\x08\x0b-\x1f\x7f]' "$f" 2>&1 | od -c | head -3)"
    fi
done

summary
