#!/bin/sh
# layers.sh [SRC] - the include graph of puzzlebench's C and C++ files,
# checked against the layer rule (docs/architecture.md):
#
#   bench/:  cli > harness > present > analysis > results > util,
#            with run beside analysis (harness > run > results)
#   below:   variants/<kernel> > kernels/<kernel> > kernels/core, and
#            variants/common (shared search parts, the whole-space engine)
#            > kernels/core
#
# A file may include its own folder and the folders its layer lists below
# (ALLOWED); bench/ may use kernels/core and variants/common (the engine),
# never one kernel's or one variant's folder (bench/ names no kernel).
# Every include of a bench/ header names its layer ("results/schema.h").
# Also no circle: modules (a .c with its .h) that include each other,
# however long the way round, found by tsort(1).
#
# The build enforces the layer rule too (each layer a library that sees
# only the headers below it); this script also catches what the compiler
# cannot: a bare bench/ include resolved from the file's own folder, and
# circles inside one folder. Prints every violation and exits 1; silent
# and 0 when the tree keeps the rule; `-v` prints the edge and layer
# counts. O(files x includes).
set -eu

verbose=0
if [ "${1:-}" = "-v" ]; then
    verbose=1
    shift
fi
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# every project source file and its quoted includes: "FILE INCLUDED"
find bench kernels variants -name '*.[ch]' -o -name '*.cc' | sort >"$tmp/files"
while read -r f; do
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
        while read -r inc; do echo "$f $inc"; done
done <"$tmp/files" >"$tmp/includes"

awk -v verbose="$verbose" -v edges="$tmp/edges" '
function folder(p) { sub(/\/[^\/]*$/, "", p); return p }
# a module: a .c with its .h and its private X_internal.h
function stem(p) { sub(/\.[a-z]*$/, "", p); sub(/_internal$/, "", p); return p }
# the layer a folder belongs to
function layer(d) {
    if (d == "kernels/core") return "core"
    if (d ~ /^kernels\//) return "kernel"
    if (d == "variants/common") return "common"
    if (d ~ /^variants\//) return "variant"
    if (d ~ /^bench\//) { sub(/^bench\//, "", d); return d }
    return "?"
}
BEGIN {
    # what each layer may include besides its own folder
    allowed["core"] = ""
    allowed["kernel"] = "core"
    allowed["common"] = "core"
    allowed["variant"] = "core common kernel"
    allowed["util"] = "core"
    allowed["results"] = "core util"
    allowed["analysis"] = "core util results"
    allowed["run"] = "core common util results"
    allowed["present"] = "core util results analysis"
    allowed["harness"] = "core common util results analysis run present"
    allowed["cli"] = "core common util results analysis run present harness"
    bad = 0
}
FNR == NR { path[$1] = 1; base = $1; sub(/.*\//, "", base); byname[base] = byname[base] " " $1; next }
{
    from = $1; inc = $2; to = ""
    if (inc ~ /\//) {
        if (("bench/" inc) in path) to = "bench/" inc
    } else if ((folder(from) "/" inc) in path) {
        to = folder(from) "/" inc
        if (from ~ /^bench\//) {
            printf "%s: \"%s\": a bench/ header is included by its layer'"'"'s name (\"%s\")\n", from, inc, substr(to, 7)
            bad++
        }
    } else if (split(byname[inc], hits, " ") == 1) {
        to = hits[1]
        if (from ~ /^bench\// && to ~ /^bench\//) {
            printf "%s: \"%s\": a bench/ header is included by its layer'"'"'s name (\"%s\")\n", from, inc, substr(to, 7)
            bad++
        }
    }
    if (to == "") next      # a system or generated header
    lf = layer(folder(from)); lt = layer(folder(to))
    n_edges++
    if (stem(from) != stem(to)) print stem(from), stem(to) > edges
    if (folder(from) == folder(to)) next
    ok = 0
    n = split(allowed[lf], a, " ")
    for (i = 1; i <= n; i++) if (a[i] == lt) ok = 1
    # a variant uses only its own kernel
    if (ok && lf == "variant" && lt == "kernel") {
        vk = folder(from); sub(/^variants\//, "", vk)
        kk = folder(to); sub(/^kernels\//, "", kk)
        if (vk != kk) ok = 0
    }
    if (!ok) {
        printf "%s: includes %s: layer %s may not include layer %s\n", from, to, lf, lt
        bad++
    }
}
END {
    if (verbose) printf "%d includes between project files\n", n_edges
    exit bad > 0
}' "$tmp/files" "$tmp/includes" || status=1

# circles between modules: tsort names each loop it breaks on stderr
sort -u "$tmp/edges" | tsort >/dev/null 2>"$tmp/loops" || true
if [ -s "$tmp/loops" ]; then
    echo "include circles (tsort):"
    sed 's/^tsort: //' "$tmp/loops"
    status=1
fi
if [ "$verbose" = 1 ]; then
    echo "$(sort -u "$tmp/edges" | wc -l) arrows between modules"
    for d in $(sed 's,/[^/]*$,,' "$tmp/files" | sort -u); do
        echo "$d: $(grep -c "^$d/[^/]*$" "$tmp/files") files"
    done
fi
exit "${status:-0}"
