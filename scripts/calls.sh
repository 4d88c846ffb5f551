#!/bin/sh
# calls.sh BUILD_DIR - circles of calls between puzzlebench's source
# files, read from the built objects: a file A calls a file B when A's
# object leaves a symbol undefined that B's object defines (nm). The
# include graph can be free of circles while two files still call each
# other through one shared header (a reader that dispatches to a second
# reader which calls back into the first); scripts/layers.sh cannot see
# that, this can. Modules are source files (their objects); tsort(1)
# names each loop. Prints the loops and exits 1; silent and 0 when
# there are none. O(symbols).
set -eu

if [ $# -ne 1 ] || [ ! -d "$1/CMakeFiles" ]; then
    echo "usage: scripts/calls.sh BUILD_DIR (a configured and built tree)" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# the project's objects: those of the libraries of kernels/, variants/
# and bench/ that this build compiles now (compile_commands.json; a
# build folder keeps the objects of files since moved, and of targets
# since dropped)
grep -o -- '-o CMakeFiles/pb_[a-z]*\.dir/[^ ]*\.o' \
    "$1/compile_commands.json" 2>/dev/null | sed "s|^-o |$1/|" | sort -u |
    while read -r o; do
        [ -f "$o" ] && echo "$o"
    done >"$tmp/objects"
if [ ! -s "$tmp/objects" ]; then
    echo "calls.sh: no objects under $1/CMakeFiles (build first)" >&2
    exit 2
fi
while read -r o; do
    m=${o#*.dir/}
    m=${m%.o}
    nm --defined-only -g "$o" | awk -v m="$m" 'NF == 3 { print $3, m }'
done <"$tmp/objects" | sort >"$tmp/defined"
while read -r o; do
    m=${o#*.dir/}
    m=${m%.o}
    nm -u "$o" | awk -v m="$m" '{ print $NF, m }'
done <"$tmp/objects" | sort >"$tmp/used"
# caller callee, for every symbol one object uses and another defines
join "$tmp/used" "$tmp/defined" | awk '$2 != $3 { print $2, $3 }' |
    sort -u >"$tmp/edges"
tsort <"$tmp/edges" >/dev/null 2>"$tmp/loops" || true
if [ -s "$tmp/loops" ]; then
    echo "call circles between source files (tsort):"
    sed 's/^tsort: //; s/^-: //' "$tmp/loops"
    exit 1
fi
