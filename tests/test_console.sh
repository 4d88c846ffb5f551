#!/usr/bin/env bash
# test_console.sh - the console of `puzzlebench bench` (bench/present/console.h):
# the compact lines (one per benchmark, a time with its unit and its
# clock (cpu at one thread), a spread,
# the ratio to the kernel's baseline, verified or the skip's reason, no
# line over 120 characters, no scientific notation), the progress on
# stderr through verification and timing, the winners at the end, log.txt
# the same as stdout plus the provenance block and the verify lines; no escape codes when stderr is not a terminal or
# under NO_COLOR (a pseudo-terminal from script(1), where present), the
# progress never on a result line's line on a terminal; --console gbench
# (Google Benchmark's table; results.csv and results.json laid out alike);
# --quiet; a bad --console value. A four-benchmark suite, about 10 s.
# Usage: test_console.sh PUZZLEBENCH SOURCE_DIR
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
T=$(mktemp -d "${TMPDIR:-/tmp}/test_console.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2
OUT_DIR=$T

# bibfs before table: bibfs is magic_squares' baseline (its first
# registered variant of the two), so table's line has a ratio to it;
# cubie does not take N = 4: a skip with its reason; one round, so that
# bibfs ends before table (the suite's order)
cat >t.suite <<'EOF'
rounds 1
repetitions 3
min_time 0.005
threads 1
bench magic_squares bibfs,table uniform 4 10 1
bench cubing geometry,cubie random:20 4 5 1
EOF
NAMES="magic_squares/bibfs/uniform/4/n=10/t=1
magic_squares/table/uniform/4/n=10/t=1
cubing/geometry/random:20/4/n=5/t=1
cubing/cubie/random:20/4/n=5/t=1"
ESC=$(printf '\033')

# compact_lines FILE: the result lines of FILE (they start with a name)
compact_lines() { grep -E '^(magic_squares|cubing)/[a-z_]+/[^/ ]+/[0-9x]+/n=' "$1"; }

# ------------------------------------------------ the compact console
run_from /dev/null "$PB" bench --suite t.suite --out r
check_rc "bench (compact)" 0
cp out compact.out
for name in $NAMES; do
    n=$(grep -cF "$name " out)
    if [ "$n" -eq 1 ]; then pass; else
        fail "$n lines for $name, expected one; $(outputs)"
    fi
done
compact_lines out >lines
if [ "$(wc -l <lines)" -eq 4 ]; then pass; else
    fail "$(wc -l <lines) result lines, expected 4: $(cat lines)"
fi
if grep -E '^magic_squares/bibfs/.* [0-9.,]+ (ns|µs|ms|s) cpu +\+-[0-9.]+% +baseline +verified$' lines >/dev/null &&
    grep -E '^magic_squares/table/.* [0-9.,]+ (ns|µs|ms|s) cpu +\+-[0-9.]+% +[0-9.]+x (faster|slower) than bibfs +verified$' lines >/dev/null &&
    grep -E '^cubing/cubie/.* skipped: not applicable: cubie handles N = 3' lines >/dev/null; then
    pass
else
    fail "result lines without a time and unit, spread, ratio to bibfs," \
        "verified or the skip's reason: $(cat lines)"
fi
long=$(awk 'length($0) > 120' lines)
if [ -z "$long" ]; then pass; else fail "lines over 120 characters: $long"; fi
if grep -Eq '[0-9]e[-+]?[0-9]' lines; then
    fail "scientific notation: $(cat lines)"
else
    pass
fi
# progress: through the verification pass and the timing, plain lines
if [ "$(grep -c '^\[[0-9]/4\] verify ' err)" -eq 4 ] &&
    grep -q '^\[4/4\] ' err; then
    pass
else
    fail "progress: expected [i/4] verify NAME lines and [4/4]; $(outputs)"
fi
if grep -q "$ESC" out err; then
    fail "escape codes when not a terminal: $(grep -c "$ESC" out err)"
else
    pass
fi
# the winners of each corpus with two timed variants (cubie was skipped):
# a win with its interval, or with one round no interval and no win
if grep -q '^winners' out && grep -q '^  table ran$' out &&
    grep -Eq '^    ([0-9.]+x faster than bibfs \(95% CI |inconclusive against bibfs \([0-9.]+x; 1 round, no interval\))' out &&
    ! grep -q '^cubing random' out; then
    pass
else
    fail "winners block: $(sed -n '/^winners/,$p' out)"
fi
# log.txt is the console plus the provenance block ('# key value' lines)
# that the console sums up in one 'machine:' line, and the verification
# lines, which the console shows only when one went wrong
grep -v -e '^# ' -e '^verify .* correct ' r/latest/log.txt >log-console
if cmp -s out log-console && grep -q '^machine: ' out &&
    [ "$(grep -c '^# ' r/latest/log.txt)" -ge 20 ] && ! grep -q '^# ' out &&
    [ "$(grep -c '^verify .* correct ' r/latest/log.txt)" -eq 3 ] && # cubie: N = 3 only
    ! grep -q '^verify ' out; then
    pass
else
    fail "log.txt is not stdout plus the provenance:" \
        "$(diff out r/latest/log.txt | head -5)"
fi

# ------------------------------------------------- --console gbench
run_from /dev/null "$PB" bench --suite t.suite --out g --console gbench
check_rc "bench --console gbench" 0
if grep -q 'manual_time' out && ! compact_lines out >/dev/null &&
    grep -q '^winners' out; then
    pass
else
    fail "--console gbench: expected Google Benchmark's table, no compact" \
        "lines, the winners; $(outputs)"
fi
# results.csv and results.json laid out alike: the CSV's header, its
# rows' identities and verified; the JSON's benchmark names in order and
# each repetition's keys (an aggregate's counters vary with the data: a
# NaN cv is left out)
if python3 - r/latest g/latest <<'EOF'; then
import csv, json, sys
a, b = sys.argv[1:3]
ca, cb = (list(csv.DictReader(open(d + "/results.csv"))) for d in (a, b))
ha, hb = (open(d + "/results.csv").readline() for d in (a, b))
ident = lambda rows: [(r["kernel"], r["variant"], r["family"], r["size"],
                       r["threads"], r["repetition"], r["verified"])
                      for r in rows]
ja, jb = (json.load(open(d + "/results.json")) for d in (a, b))
shape = lambda d: [(x["name"], sorted(x) if x.get("run_type") == "iteration"
                    else x.get("aggregate_name")) for x in d["benchmarks"]]
ok = (ha == hb and ident(ca) == ident(cb) and shape(ja) == shape(jb)
      and sorted(ja) == sorted(jb) and sorted(ja["context"]) ==
      sorted(jb["context"]))
sys.exit(0 if ok else 1)
EOF
    pass
else
    fail "results.csv or results.json laid out differently with gbench"
fi

# ---------------------------------------------------------- --quiet
run_from /dev/null "$PB" bench --suite t.suite --out q --quiet
check_rc "bench --quiet" 0
if [ ! -s err ] && [ "$(compact_lines out | wc -l)" -eq 4 ] &&
    ! grep -q -e '^# puzzlebench_commit' -e '^verify ' out &&
    grep -q '^winners' out && grep -q '^results: ' out &&
    grep -q puzzlebench_commit q/latest/log.txt; then
    pass
else
    fail "--quiet: expected no progress, the result lines and the end," \
        "log.txt in full; $(outputs)"
fi

# --------------------------------------------------- usage errors
check_fails "--console bogus" 2 "--console needs compact or gbench" \
    "$PB" bench --suite t.suite --out bad --console bogus
if [ ! -e bad ]; then pass; else fail "--console bogus made a folder"; fi

# ------------------------------------------- a terminal (script(1))
# stderr a pseudo-terminal: the progress is redrawn in place and erased
# before any other line, so no line as shown mixes the two; NO_COLOR:
# plain lines, no escape codes.
if script -qfec true /dev/null >/dev/null 2>&1; then
    script -qfec "'$PB' bench --suite t.suite --out tty" /dev/null \
        </dev/null >tty.txt 2>&1
    shown=$(tr -d '\r' <tty.txt | sed "s/.*$ESC\[K//" |
        grep -E 'elapsed' | grep -E 'verified|skipped|^winners|correct')
    if grep -q "$ESC\[K" tty.txt && [ -z "$shown" ]; then pass; else
        fail "terminal: progress not redrawn, or on a result line: $shown"
    fi
    NO_COLOR=1 script -qfec "'$PB' bench --suite t.suite --out nc" \
        /dev/null </dev/null >nc.txt 2>&1
    if ! grep -q "$ESC" nc.txt && grep -q '^\[4/4\] ' nc.txt; then pass; else
        fail "NO_COLOR on a terminal: escape codes or no plain progress"
    fi
else
    echo "note: script(1) cannot make a terminal here; terminal checks" \
        "skipped" >&2
fi
summary
