#!/usr/bin/env bash
# test_results_format.sh - docs/results-format.md against the files
# puzzlebench writes: the column tables of results.csv, summary.csv and
# compare's CSV (each the table after its `<!-- columns: FILE -->`
# marker, one row per column, the name in code in the first cell) list
# exactly the columns of the headers a real run writes, in their order.
# The headers come from the binary, not from reading its source: a
# two-instance corpus timed once (about a second), its plot's
# summary.csv, and compare of the folder with itself. Also every key of
# that run's results.json context is named in bench/util/context_keys.h
# (the one list of the keys and what they hold), or begins with a prefix
# it names (corpus:, verify:, env:).
# Usage: test_results_format.sh PUZZLEBENCH SOURCE_DIR
. "$(dirname "$0")/testlib.sh"
take_args "$@"
scratch test_results_format
DOC=$SRC/docs/results-format.md

"$PB" gen magic_squares --family uniform --count 2 --seed 1 -o c.in &&
    "$PB" bench --corpus c.in --variants bibfs --rounds 1 --repetitions 1 \
        --benchmark_min_time=0.01 --out r --quiet >out 2>err
rc=$?
check_rc "a one-benchmark bench run" 0
"$PB" compare r/latest r/latest --format csv >compare.csv 2>err
rc=$?
check_rc "compare of the run with itself, as CSV" 0

# documented FILE: the names of FILE's table in the doc, one a line
documented() {
    awk -v want="<!-- columns: $1 -->" '
        $0 == want { on = 1; next }
        on && /^\|/ {
            table = 1
            if (match($0, /^\| *`[^`]+`/)) {
                s = substr($0, RSTART, RLENGTH)
                sub(/^\| *`/, "", s); sub(/`$/, "", s); print s
            }
            next
        }
        table { exit }' "$DOC"
}

for pair in results.csv:r/latest/results.csv \
    summary.csv:r/latest/summary.csv compare.csv:compare.csv; do
    name=${pair%%:*} file=${pair#*:}
    if [ ! -s "$file" ]; then
        fail "$name: not written"
        continue
    fi
    head -1 "$file" | tr -d '\r' | tr ',' '\n' >written
    documented "$name" >doc
    if [ ! -s doc ]; then
        fail "$name: no table after '<!-- columns: $name -->' in $DOC"
    elif cmp -s written doc; then
        pass
    else
        fail "$name: the columns written and the columns documented differ" \
            "(< written, > docs/results-format.md): $(diff written doc |
                grep '^[<>]' | tr '\n' ' ')"
    fi
done

# every context key the run wrote, named in bench/util/context_keys.h
unnamed=$(python3 - "$SRC/bench/util/context_keys.h" r/latest/results.json <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
names = set(re.findall(r'^#define PB_CTX_\w+ "([^"]+)"', text, re.M))
prefixes = [n for n in names if n.endswith(":")]
context = json.load(open(sys.argv[2]))["context"]
print(" ".join(k for k in context
               if k not in names and not any(k.startswith(p) for p in prefixes)))
PY
)
if [ $? -eq 0 ] && [ -z "$unnamed" ]; then pass; else
    fail "results.json context keys not named in bench/util/context_keys.h:" \
        "$unnamed"
fi

summary
