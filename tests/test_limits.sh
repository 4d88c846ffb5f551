#!/bin/bash
# test_limits.sh - limits before allocation (errors.md "Security and robustness", rows 4, 5, 6 and
# 15): requests whose memory estimate is over the cap (a 4 x 4 cubic_eight
# census, solve and verify, a 2 x 8 board's array searches, a cubing
# corpus of 10^11 turns, magic_squares depth:D on the 2 x 6 ring) are
# refused with one line naming the estimate, the cap and the available
# memory, exit 1, before anything big is allocated (max RSS stays small);
# --max-memory lowers and raises the cap; sizes that overflow are usage
# errors; /dev/zero and input over --max-input are refused while
# reading; cubing corpora of N != 3 are solved by the default `solve`
# and reported "not applicable" by `verify` for cubie, simd and
# simd_chains. Each kernel at its largest size (taken; one
# past it refused; the estimate printed at the limit, for every cube_walk
# variant on 2^30 squares), and a suite's budget stopping its
# verification pass.
# Every command runs under `ulimit -v` (except in sanitizer builds), so
# code that allocates first fails by allocation error instead of eating
# the machine. Release build; usage: test_limits.sh PUZZLEBENCH SOURCE_DIR
PB=$1
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_limits.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
cd "$TMP" || exit 2

# A sanitizer reserves terabytes of address space: no ulimit -v there,
# and its RSS says nothing about the program's own allocations.
GUARD_KB=4194304 # 4 GiB of address space
RSS_MAX_KB=204800
if grep -q __asan_init "$PB" 2>/dev/null; then
    GUARD_KB=unlimited
    RSS_MAX_KB=
fi
TIME=
if [ -x /usr/bin/time ] && [ -n "$RSS_MAX_KB" ]; then
    TIME=/usr/bin/time
fi

# guarded CMD...: CMD under the address-space guard and a minute's
# timeout, its max RSS (KB) in $TMP/rss when /usr/bin/time exists.
guarded() {
    rm -f "$TMP/rss"
    if [ -n "$TIME" ]; then
        (ulimit -v "$GUARD_KB" && exec timeout 60 "$TIME" -o "$TMP/rss" \
            -f %M "$@")
    else
        (ulimit -v "$GUARD_KB" && exec timeout 60 "$@")
    fi
}

# The refusal's line: what, estimate, cap and available memory.
ESTIMATE_TAIL='\(estimate\), over the memory cap of [0-9.]+ ([KMGTPE]i)?B \(available memory [0-9.]+ ([KMGTPE]i)?B\); --max-memory raises the cap$'
ESTIMATE="needs about [0-9.]+ ([KMGTPE]i)?B $ESTIMATE_TAIL"

# check_refused WHAT PATTERN CMD...: exit 1, exactly one stderr line
# matching PATTERN, nothing on stdout, and a small max RSS.
check_refused() {
    local what=$1 pattern=$2
    shift 2
    guarded "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    rc=$?
    local rss=0
    [ -s "$TMP/rss" ] && rss=$(tail -n 1 "$TMP/rss")
    if [ "$rc" -eq 1 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
        grep -Eq -- "$pattern" "$TMP/err" && [ ! -s "$TMP/out" ] &&
        { [ -z "$TIME" ] || [ "$rss" -lt "$RSS_MAX_KB" ]; }; then
        pass
    else
        fail "$what: exit $rc, max RSS ${rss} KB, expected 1 and" \
            "'$pattern'; $(outputs)"
    fi
}

# check_ok WHAT CMD...: exit 0 under the guard.
check_ok() {
    local what=$1
    shift
    guarded "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check_rc "$what" 0
}

# ------------------------------------------------ item 4: cubic_eight 4 x 4
check_refused "census cubic_eight 4 x 4" \
    "^puzzlebench census: the 2-bit search of the 4 x 4 board $ESTIMATE" \
    "$PB" census cubic_eight --size 44
check_ok "gen cubic_eight uniform 4 x 4" \
    "$PB" gen cubic_eight --family uniform --size 44 --count 5 -o c44.txt
check_refused "solve cubic_eight 4 x 4 (default variant)" \
    "^puzzlebench solve: [a-z_]+ on c44.txt $ESTIMATE" \
    "$PB" solve cubic_eight c44.txt
# every variant `puzzlebench list` names: each has a memory_bound
for v in $(pb_variants cubic_eight); do
    check_refused "solve cubic_eight 4 x 4 --variant $v" \
        "^puzzlebench solve: $v on c44.txt $ESTIMATE" \
        "$PB" solve cubic_eight --variant "$v" c44.txt
done
check_refused "verify cubic_eight 4 x 4 (the oracle)" \
    "^puzzlebench verify: the oracle's .* $ESTIMATE" \
    "$PB" verify cubic_eight c44.txt
check_refused "verify cubic_eight 4 x 4 --variant astar (the oracle)" \
    "^puzzlebench verify: the oracle's .* $ESTIMATE" \
    "$PB" verify cubic_eight --variant astar c44.txt
# the variants' own estimates in verify: a 3 x 3 oracle (15 MB) fits
# under 100 MB, astar's index tables do not
check_ok "gen cubic_eight uniform 3 x 3" \
    "$PB" gen cubic_eight --family uniform --count 3 -o c33.txt
guarded "$PB" verify cubic_eight --variant astar --max-memory 100M c33.txt \
    </dev/null >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -Eq "solve failed: astar on c33.txt $ESTIMATE" \
    "$TMP/out"; then
    pass
else
    fail "verify astar over --max-memory: exit $rc; $(outputs)"
fi

# ----------------------------------------- item 4: the 2 x 8 board's arrays
check_ok "gen cubic_eight uniform 2 x 8" \
    "$PB" gen cubic_eight --family uniform --size 28 --count 3 -o c28.txt
for v in bfs_array bibfs_array; do
    check_refused "solve cubic_eight 2 x 8 --variant $v" \
        "^puzzlebench solve: $v on c28.txt $ESTIMATE" \
        "$PB" solve cubic_eight --variant "$v" c28.txt
done

# ------------------------------------------------ item 4: generators
check_refused "gen cubing --count 100000000" \
    "^puzzlebench gen: generating the turns $ESTIMATE" \
    "$PB" gen cubing --family random --count 100000000 -o cubes.txt
check_refused "gen cubing random:10000000 --count 100000" \
    "^puzzlebench gen: generating the turns $ESTIMATE" \
    "$PB" gen cubing --family random:10000000 --count 100000 -o cubes.txt
check_refused "gen cubing random:10000000 under --max-memory 1G" \
    "^puzzlebench gen: generating the turns $ESTIMATE" \
    "$PB" gen cubing --family random:10000000 --max-memory 1G -o cubes.txt
if [ -e cubes.txt ]; then
    fail "a refused gen wrote its output"
else
    pass
fi
check_refused "gen magic_squares depth:20 --size 6 under --max-memory 1G" \
    "^puzzlebench gen: generating depth:20 on the 2 x 6 ring $ESTIMATE" \
    "$PB" gen magic_squares --family depth:20 --size 6 --max-memory 1G
# Under the cap, the search of minutes is announced before it starts; a
# 1 GiB address space then stops it at once (or, on a machine with less
# than its 2.23 GiB available, the estimate refuses it).
if [ "$GUARD_KB" != unlimited ]; then
    (ulimit -v 1048576 && exec timeout 60 "$PB" gen magic_squares \
        --family depth:20 --size 6) </dev/null >"$TMP/out" 2>"$TMP/err"
    rc=$?
    if [ "$rc" -eq 1 ] && { head -n 1 "$TMP/err" | grep -Eq \
        '^note: generating depth:20 on the 2 x 6 ring first searches all 479,001,600 states \(about 2\.23 GiB, several minutes on one core\)$' ||
        grep -Eq "$ESTIMATE" "$TMP/err"; }; then
        pass
    else
        fail "gen magic_squares depth:20 --size 6: no note; $(outputs)"
    fi
fi

# ------------------------------------------- item 6: --max-memory, sizes
check_ok "gen magic_squares uniform" \
    "$PB" gen magic_squares --family uniform --count 3 -o m.txt
check_refused "solve under --max-memory 1K" \
    "^puzzlebench solve: bibfs on m.txt $ESTIMATE" \
    "$PB" solve magic_squares --max-memory 1K m.txt
check_ok "solve under --max-memory 1G" \
    "$PB" solve magic_squares --max-memory 1G m.txt
check_refused "verify under --max-memory 1K" \
    "^puzzlebench verify: the oracle's depth tables $ESTIMATE" \
    "$PB" verify magic_squares --max-memory 1K m.txt
check_ok "verify under --max-memory 1G" \
    "$PB" verify magic_squares --max-memory 1G m.txt
check_refused "gen under --max-memory 1K" \
    "^puzzlebench gen: generating uniform targets $ESTIMATE" \
    "$PB" gen magic_squares --family uniform --count 1000 --max-memory 1K
check_ok "gen under --max-memory 1M" \
    "$PB" gen magic_squares --family uniform --count 1000 --max-memory 1M
check_refused "census under --max-memory 1K" \
    "^puzzlebench census: the 2-bit search of the directed 2 x 4 ring $ESTIMATE" \
    "$PB" census magic_squares --max-memory 1K
check_ok "census under --max-memory 1G" \
    "$PB" census magic_squares --max-memory 1G
for verb in solve verify gen census; do
    for size in 17179869184G 18446744073709551616 0 12X -1 ""; do
        check_fails "$verb --max-memory '$size'" 2 \
            "^puzzlebench $verb: --max-memory needs a size" \
            "$PB" "$verb" magic_squares --max-memory "$size" m.txt
    done
done
check_fails "solve --max-memory 17179869184G says too big" 2 \
    "got '17179869184G' \(too big\)" \
    "$PB" solve magic_squares --max-memory 17179869184G m.txt
for verb in solve verify; do
    check_fails "$verb --max-input 99999999999T" 2 \
        "^puzzlebench $verb: --max-input needs a size .*\(too big\)" \
        "$PB" "$verb" magic_squares --max-input 99999999999T m.txt
done

# ------------------------------------------------ item 5: input refused
NUL_LINE="^puzzlebench (solve|verify): (/dev/zero|<stdin>):1: binary data \(a NUL byte\); expected magic_squares input as text$"
check_refused "solve /dev/zero" "$NUL_LINE" \
    "$PB" solve magic_squares /dev/zero
check_refused "verify /dev/zero" "$NUL_LINE" \
    "$PB" verify magic_squares /dev/zero
guarded "$PB" solve magic_squares - </dev/zero >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -Eq "$NUL_LINE" "$TMP/err"; then
    pass
else
    fail "solve < /dev/zero: exit $rc; $(outputs)"
fi
"$PB" gen magic_squares --family uniform --count 150 -o big.txt
size=$(wc -c <big.txt)
if [ "$size" -gt 2048 ] && [ "$size" -lt 4096 ]; then
    pass
else
    fail "big.txt is $size bytes, expected 2 to 4 KiB"
fi
OVER_CAP="input larger than the input cap of 1 KiB; expected a magic_squares corpus of at most that size \(--max-input raises the cap\)$"
check_refused "solve --max-input 1K" "^puzzlebench solve: big.txt: $OVER_CAP" \
    "$PB" solve magic_squares --max-input 1K big.txt
check_refused "verify --max-input 1K" \
    "^puzzlebench verify: big.txt: $OVER_CAP" \
    "$PB" verify magic_squares --max-input 1K big.txt
check_ok "solve --max-input 4K" \
    "$PB" solve magic_squares --max-input 4K big.txt
# an endless text input stops at the cap too
guarded "$PB" solve magic_squares --max-input 1M - \
    < <(yes '1 2 3 4 5 6 7 8') >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -Eq "<stdin>: input larger than the input cap" \
    "$TMP/err"; then
    pass
else
    fail "solve of an endless stdin: exit $rc; $(outputs)"
fi

# ------------------------------- item 15: cubing corpora with N != 3
check_ok "gen cubing random --size 4" \
    "$PB" gen cubing --family random:50 --size 4 --count 4 -o cube4.txt
check_ok "solve cubing (default variant) on N = 4" \
    "$PB" solve cubing cube4.txt
cp "$TMP/out" default.out
check_ok "solve cubing --variant geometry on N = 4" \
    "$PB" solve cubing --variant geometry cube4.txt
if [ -s default.out ] && cmp -s default.out "$TMP/out"; then
    pass
else
    fail "solve cubing on N = 4: the default's answers differ from geometry's"
fi
for v in simd simd_chains cubie; do
    check_fails "solve cubing --variant $v on N = 4" 1 \
        "^puzzlebench solve: $v handles N = 3 only" \
        "$PB" solve cubing --variant "$v" cube4.txt
done
check_ok "verify cubing --variant all on N = 4" \
    "$PB" verify cubing --variant all cube4.txt
for v in simd simd_chains cubie; do
    if grep -Eq "^cubing +cube4.txt +$v +[0-9]+ +4 +- +- +not applicable$" \
        "$TMP/out"; then
        pass
    else
        fail "verify cubing: no 'not applicable' row for $v; $(outputs)"
    fi
done
for v in geometry facelet_table facelet_sparse; do
    if grep -Eq "^cubing +cube4.txt +$v +[0-9]+ +4 +4 +0 " "$TMP/out"; then
        pass
    else
        fail "verify cubing: $v not all correct; $(outputs)"
    fi
done
check_ok "verify cubing --variant simd on N = 4" \
    "$PB" verify cubing --variant simd cube4.txt

# ----------------------------- each kernel at its largest size
# The largest size each kernel takes is taken (generated, planned or
# solved where CI time allows), one past it is refused with one line,
# and at the limit the memory estimate is printed.
# cube_walk: boards of at most 2^30 squares, in gen and in the format
check_ok "gen cube_walk at 32768 x 32768" \
    "$PB" gen cube_walk --family uniform --size 32768x32768 --count 1 -o w30.txt
check_ok "gen cube_walk at 1024 x 1048576" \
    "$PB" gen cube_walk --family uniform --size 1024x1048576 --count 1 \
    -o wide.txt
check_fails "gen cube_walk at 32768 x 32769" 2 \
    "^puzzlebench gen: size 32768x32769 is not a cube_walk board; expected RxC with at most 1073741824 squares" \
    "$PB" gen cube_walk --family uniform --size 32768x32769 --count 1
printf 'board 32768x32769\na1 b1 1 2 3 4 5 6\n' >w31.txt
check_refused "solve cube_walk, a board of 2^30 + 32768 squares" \
    "^puzzlebench solve: w31.txt:1: expected a board RxC after 'board' \(such as 4096x4096, at most 1073741824 squares\), found '32768x32769'$" \
    "$PB" solve cube_walk w31.txt
# at 2^30 squares every variant (`puzzlebench list`: igraph where it is
# built) and the oracle say what they would need
for v in $(pb_variants cube_walk); do
    for f in w30.txt wide.txt; do
        check_refused "solve cube_walk --variant $v on $f" \
            "^puzzlebench solve: $v on $f needs about [0-9.]+ [GT]iB $ESTIMATE_TAIL" \
            "$PB" solve cube_walk --variant "$v" "$f"
    done
done
check_refused "verify cube_walk at 2^30 squares (the oracle)" \
    "^puzzlebench verify: the cube_walk reference search needs about [0-9.]+ [GT]iB $ESTIMATE_TAIL" \
    "$PB" verify cube_walk w30.txt
# magic_squares: rings K = 3..6 for corpora, 3..7 for the census (14!)
check_ok "gen magic_squares at K = 6" \
    "$PB" gen magic_squares --family uniform --size 6 --count 3 -o m6.txt
check_fails "gen magic_squares at K = 7" 2 \
    "^puzzlebench gen: size 7 out of range; expected the ring width K = 3\.\.6" \
    "$PB" gen magic_squares --family uniform --size 7 --count 1
check_refused "solve magic_squares at K = 6 under 1M" \
    "^puzzlebench solve: bibfs on m6.txt $ESTIMATE" \
    "$PB" solve magic_squares --max-memory 1M m6.txt
guarded "$PB" census magic_squares --size 7 --plan --max-memory 22G \
    </dev/null >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" -eq 0 ] && grep -q '^# memory 20\.3 GiB a process, 20\.3 GiB of 2-bit arrays in all: within the memory cap$' "$TMP/out"; then
    pass
else
    fail "census --plan at K = 7 under 22G: exit $rc; $(outputs)"
fi
check_refused "census at K = 7 under 20G" \
    "^puzzlebench census: the 2-bit search of the directed 2 x 7 ring needs about 20\.3 GiB \(estimate\), over the memory cap of 20 GiB" \
    "$PB" census magic_squares --size 7 --plan --max-memory 20G
check_fails "census magic_squares at K = 8" 2 \
    "^puzzlebench census: magic_squares: size 8 out of range; expected the ring width K = 3\.\.7" \
    "$PB" census magic_squares --size 8
# cubing: N = 2..64
check_ok "gen cubing at N = 64" \
    "$PB" gen cubing --family random:5 --size 64 --count 2 -o c64.txt
check_ok "solve cubing at N = 64" "$PB" solve cubing c64.txt
check_fails "gen cubing at N = 65" 2 \
    "^puzzlebench gen: size 65 out of range; expected the cube order N = 2\.\.64" \
    "$PB" gen cubing --family random:5 --size 65 --count 1
check_refused "gen cubing at N = 64, 10^8 instances under 1G" \
    "^puzzlebench gen: generating the turns $ESTIMATE" \
    "$PB" gen cubing --family random:5 --size 64 --count 100000000 \
    --max-memory 1G
# cubic_eight: boards of at most 16 cells (4 x 4, 2 x 8 above); 3 x 6 is
# past them, and the 4 x 4 census's estimate is printed
check_fails "gen cubic_eight at 3 x 6" 2 \
    "^puzzlebench gen: size 3x6 is not a cubic_eight board; expected ROWSxCOLUMNS, each 2\.\.8, at most 16 cells" \
    "$PB" gen cubic_eight --family uniform --size 3x6 --count 1
check_refused "census cubic_eight --plan at 4 x 4" \
    "^puzzlebench census: the 2-bit search of the 4 x 4 board needs about 1\.71 TiB $ESTIMATE_TAIL" \
    "$PB" census cubic_eight --size 4x4 --plan

# ------------------------------------ the budget bounds the pass
# Four 2048 x 2048 boards: verifying them takes minutes (a Dijkstra over
# 50M states each, twice: the variant and the oracle). Under budget 0
# every benchmark's pass stops before its first instance, whatever the
# machine's speed: each row says so, nothing is timed (exit 1), and the
# run ends in seconds instead of minutes (the minute's guard).
printf '%s\n' 'repetitions 1' 'min_time 0.01' 'threads 1' 'budget 0' \
    'bench cube_walk dijkstra,spfa uniform 2048x2048 4 1' >budget.suite
guarded "$PB" bench --suite budget.suite --quiet --out r_budget \
    </dev/null >"$TMP/out" 2>"$TMP/err"
rc=$?
check_rc "bench over the suite's budget" 1
OUT_OF_BUDGET="skipped: the verification pass ran out of the suite's budget of 0 s"
for v in dijkstra spfa; do
    if grep -q "^cube_walk,$v,uniform,2048x2048,4,1,.*,0,\"$OUT_OF_BUDGET ($v: out of time after 0 of 4 instances)\"\$" \
        r_budget/latest/results.csv 2>/dev/null; then
        pass
    else
        fail "budget 0: no skipped row for $v naming the budget;" \
            "$(cat r_budget/latest/results.csv 2>/dev/null) $(outputs)"
    fi
done

summary
