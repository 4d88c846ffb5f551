#!/bin/sh
# loops.sh - the innermost loops of one function of a built object, as
# the compiler wrote them, with llvm-mca's estimate of their cost on a
# given CPU model: for docs/results/cubing.md's instruction counts and port
# pressure (cubing: the speed frontier), where the machine has no
# hardware counters to read. For each innermost loop (a backward jump
# with no other backward jump inside) that holds a vector shuffle: its
# address range, instructions, vector instructions and vpshufb per
# iteration, then llvm-mca's cycles per iteration (steady state over 500
# iterations), its throughput bound (Block RThroughput) and the pressure
# on each resource. Load-op instructions are given to llvm-mca split into
# a load and the op (see below). Needs objdump (binutils) and llvm-mca (Debian llvm-14).
# Usage: scripts/loops.sh OBJECT FUNCTION [MCPU]   (MCPU: znver3 default)
# e.g. scripts/loops.sh \
#   build/CMakeFiles/pb_core.dir/variants/cubing/simd_chains.c.o run_avx2
set -eu
if [ $# -lt 2 ]; then
    echo "usage: scripts/loops.sh OBJECT FUNCTION [MCPU]" >&2
    exit 2
fi
obj=$1 fn=$2 cpu=${3:-znver3}
mca=$(command -v llvm-mca || command -v llvm-mca-14 || true)
[ -n "$mca" ] || { echo "puzzlebench loops: llvm-mca not found (apt-get install llvm-14)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the function's instructions as "address<TAB>text", comments dropped;
# FUNCTION may be a prefix of a compiler-made name (run_avx2.isra.0)
objdump -d --no-show-raw-insn "$obj" | awk -v fn="$fn" '
    /^[0-9a-f]+ <.*>:$/ { name = $2; gsub(/[<>:]/, "", name)
        inside = name == fn || index(name, fn ".") == 1; next }
    inside && /^ *[0-9a-f]+:\t/ { sub(/^ */, ""); split($0, a, ":\t")
        text = a[2]; sub(/ *#.*/, "", text); print a[1] "\t" text }' \
    >"$work/fn"
[ -s "$work/fn" ] || { echo "puzzlebench loops: no function $fn in $obj" >&2; exit 1; }
# innermost loops: "first last" line numbers of $work/fn, one a line
awk -F'\t' '
    { line[$1] = NR; text[NR] = $2 }
    END {
        for (i = 1; i <= NR; i++) {
            n = split(text[i], w, " ")
            back[i] = w[1] ~ /^j/ && (w[2] in line) && line[w[2]] < i ? line[w[2]] : 0
        }
        for (i = 1; i <= NR; i++) {
            if (!back[i]) continue
            inner = 1
            for (j = back[i]; j < i; j++) if (back[j] >= back[i]) inner = 0
            if (inner) print back[i], i
        }
    }' "$work/fn" >"$work/loops"
while read -r first last; do
    start=$(sed -n "${first}p" "$work/fn" | cut -f1)
    end=$(sed -n "${last}p" "$work/fn" | cut -f1)
    sed -n "${first},${last}p" "$work/fn" | cut -f2 |
        sed '$s/^\(j[a-z]*\) .*/\1 .Lloop/' >"$work/body"
    grep -q vpshufb "$work/body" || continue
    n=$(wc -l <"$work/body")
    vec=$(grep -c '%[xyz]mm' "$work/body" || true)
    shuf=$(grep -c '^vpshufb' "$work/body" || true)
    # llvm-mca 14's Zen 3 model charges a load-op's load latency to its
    # register operand too (no read-advance), which turns every
    # shuffle-from-memory into an 8-cycle link of the state's chain; the
    # core splits a load-op into a load and the op, so the loop is given
    # to llvm-mca split the same way, the load into a free register.
    tmp=$(awk 'BEGIN { for (r = 15; r >= 0; r--) print r }' | while read -r r; do
        grep -q "mm$r\b" "$work/body" || { echo "$r"; break; }; done)
    awk -v r="${tmp:-15}" '
        match($0, /^v[a-z0-9]+ +[^(,]*\([^)]*\),%[xyz]mm/) {
            op = $1; rest = substr($0, length(op) + 1); sub(/^ +/, "", rest)
            cl = index(rest, "),"); mem = substr(rest, 1, cl)
            regs = substr(rest, cl + 2); kind = substr(regs, 2, 3)
            print "vmovdqu " mem ",%" kind r
            print op " %" kind r "," regs; next }
        { print }' "$work/body" >"$work/split"
    { echo ".Lloop:"; cat "$work/split"; } >"$work/loop.s"
    "$mca" -mcpu="$cpu" -iterations=500 "$work/loop.s" >"$work/mca" 2>&1 || {
        cat "$work/mca" >&2; exit 1; }
    awk -v s="$start" -v e="$end" -v n="$n" -v vec="$vec" -v shuf="$shuf" '
        /^Total Cycles:/ { cycles = $3 }
        /^Block RThroughput:/ { bound = $3 }
        END { printf "loop %s..%s: %d instructions, %d vector, %d vpshufb; " \
            "llvm-mca: %.2f cycles an iteration (bound %s)\n", s, e, n, vec,
            shuf, cycles / 500, bound }' "$work/mca"
    sed -n '/^Resource pressure per iteration:/,/^$/p' "$work/mca" | sed 1d
    sed -n '/^Resources:/,/^$/p' "$work/mca" | sed 1d >"$work/legend"
done <"$work/loops"
if [ -s "$work/legend" ]; then
    echo "resources:"
    cat "$work/legend"
fi
