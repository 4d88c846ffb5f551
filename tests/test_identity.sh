#!/usr/bin/env bash
# test_identity.sh - a build's identity in its results (bench/util/identity.h,
# bench/harness/knobs.h): the executable's SHA-256 (results.json, log.txt and
# --version); a dirty tree's diff hashed, written beside the results as
# build.diff and cut at 1 MiB, another edit another hash, the user's git
# configuration no other hash; every PB_* and OMP_* setting as env:NAME;
# the suite's path and the SHA-256 of its content; the affinity mask and
# the CPUs each run's threads had (threads_granted); compare naming what
# differs, merge refusing another executable and keeping build.diff; a
# PB_* name puzzlebench does not read warned about, a misspelt knob value
# refused before anything runs. The source tree is a scratch git
# repository (PB_GIT_DIR_FOR_TESTS, the test hook of identity.h), so the
# checks hold in any checkout. Deterministic: nothing timed is asserted.
#
# Usage: test_identity.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
# Prints one line per failed check on stderr and ends with "N passed, N
# failed". About 8 s on 2 cores.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3
scratch test_identity
run() { run_from /dev/null "$@"; }

# ctx DIR KEY: the context value of KEY in DIR/latest/results.json
# ("(absent)" when it has none)
ctx() {
    python3 -c 'import json, sys
c = json.load(open(sys.argv[1] + "/latest/results.json"))["context"]
print(c.get(sys.argv[2], "(absent)"))' "$1" "$2" 2>/dev/null ||
        echo "(no results.json)"
}
sha() { sha256sum "$1" | cut -d' ' -f1; }

printf '%s\n' 'rounds 1' 'repetitions 1' 'min_time 0.01' \
    'bench magic_squares bfs_array,bibfs uniform 4 2 1' >"$T/t.suite"
# bench OUT [ENV...]: a run of t.suite in the scratch tree
bench() {
    local out=$1
    shift
    run env PB_GIT_DIR_FOR_TESTS="$T/tree" "$@" "$PB" bench \
        --suite "$T/t.suite" --out "$T/$out" --quiet
}

# the scratch tree: one commit of two files
mkdir tree
git -C tree init -q
printf 'int a;\n' >tree/a.c
seq 1 200000 >tree/big.txt
git -C tree add a.c big.txt
git -C tree -c user.name=t -c user.email=t@t commit -q -m one
head=$(git -C tree rev-parse HEAD)

# --- the executable ---------------------------------------------------------
binary=$(sha "$PB")
run "$PB" --version
grep -qx "binary sha256 $binary" "$T/out" && pass ||
    fail "--version does not print the binary's SHA-256 $binary; $(outputs)"

# --- a clean tree ---------------------------------------------------------
bench clean
check_rc "bench in a clean tree" 0
if [ "$(ctx clean puzzlebench_commit)" = "$head" ] &&
    [ "$(ctx clean puzzlebench_dirty)" = false ] &&
    [ "$(ctx clean puzzlebench_diff_sha256)" = clean ] &&
    [ "$(ctx clean puzzlebench_diff_bytes)" = 0 ] &&
    [ "$(ctx clean puzzlebench_diff_file)" = none ] &&
    [ ! -e clean/latest/build.diff ]; then pass; else
    fail "a clean tree: commit $(ctx clean puzzlebench_commit) (want $head)," \
        "diff $(ctx clean puzzlebench_diff_sha256), or a build.diff"
fi
[ "$(ctx clean puzzlebench_binary_sha256)" = "$binary" ] &&
    grep -Eq "^# puzzlebench_binary_sha256 +$binary\$" clean/latest/log.txt &&
    pass || fail "binary hash $(ctx clean puzzlebench_binary_sha256), want" \
    "$binary in results.json and log.txt"

# --- dirty edits ----------------------------------------------------------
printf 'int a = 1;\n' >tree/a.c
printf 'int b;\n' >tree/new.c # untracked: named, not in the diff
bench edit1
check_rc "bench after an edit" 0
d1=$(ctx edit1 puzzlebench_diff_sha256)
diff1=edit1/latest/build.diff
if [ "$(ctx edit1 puzzlebench_dirty)" = true ] &&
    [ -f $diff1 ] && [ "$(sha $diff1)" = "$d1" ] &&
    grep -qx '+int a = 1;' $diff1 &&
    [ "$(ctx edit1 puzzlebench_diff_bytes)" = "$(wc -c <$diff1)" ] &&
    [ "$(ctx edit1 puzzlebench_diff_file)" = build.diff ]; then pass; else
    fail "an edit: diff hash '$d1', build.diff's $(sha $diff1 2>&1)"
fi
untracked=$(ctx edit1 puzzlebench_untracked)
[ "$untracked" = "1: new.c" ] && pass ||
    fail "untracked files: '$untracked', want '1: new.c'"
grep -Eq "^# puzzlebench_diff_sha256 +$d1\$" edit1/latest/log.txt && pass ||
    fail "log.txt does not record the diff hash $d1"

printf 'int a = 2;\n' >tree/a.c
bench edit2
d2=$(ctx edit2 puzzlebench_diff_sha256)
if [ "$rc" -eq 0 ] && [ ${#d2} -eq 64 ] && [ "$d2" != "$d1" ]; then pass; else
    fail "another edit: hash '$d2' against '$d1' (exit $rc)"
fi
# the user's git configuration changes nothing in the hash of one tree
printf 'int a = 1;\n' >tree/a.c
git -C tree config diff.noprefix true
git -C tree config diff.algorithm patience
git -C tree config diff.context 7
bench edit1again
[ "$(ctx edit1again puzzlebench_diff_sha256)" = "$d1" ] && pass ||
    fail "git's diff configuration changed the hash of one tree:" \
        "$(ctx edit1again puzzlebench_diff_sha256) against $d1"

# compare: two dirty builds of one commit are not "the same"
run "$PB" compare "$T/edit1/latest" "$T/edit2/latest"
want="# differs: puzzlebench_diff_sha256: A = ${d1:0:12}; B = ${d2:0:12}"
if grep -qx "$want" "$T/out" && ! grep -q '^# provenance: the same' "$T/out"
then pass; else
    fail "compare of two dirty builds: no differs line for the diff hash;" \
        "$(outputs)"
fi

# a diff over 1 MiB: hashed whole, build.diff its first 1 MiB
git -C tree rm -q big.txt
bench big
bytes=$(ctx big puzzlebench_diff_bytes)
want="build.diff (its first 1048576 of $bytes bytes)"
if [ "$rc" -eq 0 ] && [ "$(wc -c <big/latest/build.diff)" -eq 1048576 ] &&
    [ "$bytes" -gt 1048576 ] && [ "$(ctx big puzzlebench_diff_file)" = "$want" ]
then pass; else
    fail "a diff of $bytes bytes: build.diff of $(wc -c <big/latest/build.diff)" \
        "bytes, file '$(ctx big puzzlebench_diff_file)'"
fi
git -C tree reset -q --hard

# without git: unknown, never clean
mkdir nogit
run env PATH="$T/nogit" PB_GIT_DIR_FOR_TESTS="$T/tree" "$PB" bench \
    --suite "$T/t.suite" --out "$T/nogit-run" --quiet
if [ "$rc" -eq 0 ] &&
    [ "$(ctx nogit-run puzzlebench_diff_sha256)" = unknown ] &&
    [ "$(ctx nogit-run puzzlebench_untracked)" = unknown ]; then pass; else
    fail "without git: diff $(ctx nogit-run puzzlebench_diff_sha256)," \
        "untracked $(ctx nogit-run puzzlebench_untracked), exit $rc"
fi

# --- knobs -----------------------------------------------------------------
bench knob PB_SIMD_CHAINS=4
[ "$(ctx knob env:PB_SIMD_CHAINS)" = 4 ] &&
    grep -Eq '^# env:PB_SIMD_CHAINS +4$' knob/latest/log.txt && pass ||
    fail "PB_SIMD_CHAINS=4 not recorded as env:PB_SIMD_CHAINS"
run "$PB" compare "$T/clean/latest" "$T/knob/latest"
grep -qx '# differs: env:PB_SIMD_CHAINS: A = (absent); B = 4' "$T/out" &&
    pass || fail "compare: no differs line for env:PB_SIMD_CHAINS; $(outputs)"

bench smid PB_SMID=scalar
want="puzzlebench bench: warning: environment PB_SMID is not a variable"
want="$want puzzlebench reads (did you mean PB_SIMD?)"
[ "$rc" -eq 0 ] && grep -qxF "$want" "$T/err" && pass ||
    fail "PB_SMID: no warning naming PB_SIMD; exit $rc; $(outputs)"
run env PB_NOTHING_LIKE_IT=1 "$PB" solve magic_squares \
    "$SRC/data/magic_squares/sample.in"
want='PB_NOTHING_LIKE_IT is not a variable puzzlebench reads (see ENVIRONMENT'
[ "$rc" -eq 0 ] && grep -qF "$want" "$T/err" && pass ||
    fail "solve: no warning for PB_NOTHING_LIKE_IT; $(outputs)"

# a misspelt value: refused before anything runs, by every verb that runs
# variants (the suite has no cubing benchmark: refused all the same)
for knob in PB_SIMD=Scalar PB_SIMD_CHAINS=0 PB_SIMD_TURNS_PER_STEP=3; do
    bench "bad-$knob" "$knob"
    if [ "$rc" -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
        grep -q "^puzzlebench bench: environment $knob: expected " "$T/err" &&
        [ ! -s "$T/out" ] && [ ! -e "$T/bad-$knob" ]; then pass; else
        fail "bench with $knob: exit $rc, or a results folder; $(outputs)"
    fi
done
check_fails "verify with PB_SIMD_CHAINS=9" 1 \
    '^puzzlebench verify: environment PB_SIMD_CHAINS=9: expected a whole number' \
    env PB_SIMD_CHAINS=9 "$PB" verify magic_squares \
    "$SRC/data/magic_squares/sample.in"

# --- the suite ---------------------------------------------------------------
if [ "$(ctx clean suite_path)" = "$T/t.suite" ] &&
    [ "$(ctx clean suite_sha256)" = "$(sha t.suite)" ]; then pass; else
    fail "suite: path '$(ctx clean suite_path)', hash $(ctx clean suite_sha256)"
fi
echo '# a comment changes no benchmark, but the suite' >>t.suite
bench suite2
[ "$(ctx suite2 suite_sha256)" = "$(sha t.suite)" ] &&
    [ "$(ctx suite2 suite_sha256)" != "$(ctx clean suite_sha256)" ] && pass ||
    fail "the suite's hash did not follow its content"
run "$PB" compare "$T/clean/latest" "$T/suite2/latest"
grep -q '^# differs: suite_sha256: ' "$T/out" && pass ||
    fail "compare: no differs line for suite_sha256; $(outputs)"
printf 'repetitions 1\nbench magic_squares bfs_array uniform 4 2 1\0\n' \
    >nul.suite
check_fails "a suite with a NUL byte" 1 \
    'nul.suite:2: binary data \(a NUL byte\); expected a suite as text' \
    "$PB" bench --suite ./nul.suite --out nul

# --- CPUs ---------------------------------------------------------------
# one CPU (the first this test may use): the mask says so, and a run of
# 2 threads had 1
printf '%s\n' 'rounds 1' 'repetitions 1' 'min_time 0.01' 'threads 1 2' \
    'bench magic_squares table_omp uniform 4 2 1' >"$T/t2.suite"
if command -v taskset >/dev/null; then
    cpu=$(taskset -pc $$ | sed 's/.*: //; s/[-,].*//')
    run taskset -c "$cpu" "$PB" bench --suite "$T/t2.suite" --out "$T/one" \
        --quiet
    python3 - "$T/one/latest/results.json" >"$T/cpus" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
print(d["context"].get("cpu_affinity"), d["context"].get("cpus_granted"))
for b in d["benchmarks"]:
    print(b["name"].split("/")[6], b.get("threads_granted"))
EOF
    want=$(printf '%s 1\nthreads:1 1.0\nthreads:2 1.0' "$cpu")
    if [ "$rc" -eq 0 ] && [ "$(cat "$T/cpus")" = "$want" ]; then pass; else
        fail "taskset -c $cpu: affinity and threads granted $(cat "$T/cpus");" \
            "$(outputs)"
    fi
else
    echo "note: taskset missing, the affinity check is skipped" >&2
fi

# --- merge ------------------------------------------------------------------
printf 'int a = 3;\n' >tree/a.c
for i in 1 2; do
    run env PB_GIT_DIR_FOR_TESTS="$T/tree" "$PB" bench --suite "$T/t.suite" \
        --shard "$i/2" --out "$T/shard$i" --quiet
done
run "$PB" merge --out "$T/merged" "$T/shard1" "$T/shard2"
if [ "$rc" -eq 0 ] && ! grep -q 'cannot check' "$T/err" &&
    [ "$(ctx merged puzzlebench_binary_sha256)" = "$binary" ] &&
    cmp -s merged/latest/build.diff shard1/latest/build.diff; then pass; else
    fail "merge of one dirty build: exit $rc, or no binary hash or" \
        "build.diff; $(outputs)"
fi
cp -rL shard2/latest other
python3 - other/results.json <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["context"]["puzzlebench_binary_sha256"] = "0" * 64
json.dump(d, open(sys.argv[1], "w"), indent=1)
EOF
want="puzzlebench merge: $T/other: puzzlebench_binary_sha256 \"0{64}\""
check_fails "merge of another executable" 1 "$want differs from \"$binary\"" \
    "$PB" merge --out "$T/refused" "$T/shard1" "$T/other"
[ ! -e "$T/refused" ] && pass || fail "a refused merge made $T/refused"

summary
