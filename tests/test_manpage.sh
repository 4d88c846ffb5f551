#!/usr/bin/env bash
# test_manpage.sh - the manual page (docs/puzzlebench.1) cannot drift from
# the binary's own help: the verbs `puzzlebench --help` lists are the
# verbs of the page's VERBS section and of its SYNOPSIS; for each verb,
# every long option its `VERB --help` offers (in its usage lines or as an
# option line "  -x, --name ...") appears in the page's entries for that
# verb, and every long option those entries name appears somewhere in
# that verb's --help (so an option removed or renamed fails here).
# --help itself is every verb's, described once under OPTIONS.
# The SYNOPSIS abbreviates on purpose, one short line per verb (per form
# of bench): a verb's line there either names every option its --help
# offers or says [options]; the full synopsis of each verb is the tag
# line of its entries under VERBS, which names every option (long or
# short, --benchmark_* included) of the verb's usage lines in --help.
# Usage: test_manpage.sh PUZZLEBENCH SOURCE_DIR
. "$(dirname "$0")/testlib.sh"
take_args "$@"
scratch test_manpage
MAN=$SRC/docs/puzzlebench.1

# The page as text: font escapes dropped, \- as -, one line per line.
sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' "$MAN" >man.txt

# longopts: the long options in stdin, one a line, sorted, unique (a
# trailing _ or - dropped: --benchmark_* is --benchmark)
longopts() {
    grep -oE -- '--[a-z][a-z0-9_-]*' | sed 's/[-_]*$//' | LC_ALL=C sort -u
}

pb_verbs >verbs
if [ "$(wc -l <verbs)" -ge 10 ]; then pass; else
    fail "puzzlebench --help: expected its verbs, found [$(tr '\n' ' ' <verbs)]"
fi

# the page's VERBS entries: the tag line after each .TP, its first word
awk '/^\.SH/ { on = ($2 == "VERBS") } on && prev == ".TP" { print } { prev = $0 }' \
    man.txt | awk '$1 == ".B" { print $2 }' | LC_ALL=C sort -u >man_verbs
if LC_ALL=C sort verbs | cmp -s - man_verbs; then pass; else
    fail "the verbs of --help [$(LC_ALL=C sort verbs | tr '\n' ' ')] and of" \
        "the page's VERBS [$(tr '\n' ' ' <man_verbs)] differ"
fi
sed -n '/^\.SH SYNOPSIS/,/^\.SH/p' man.txt >synopsis
while read -r verb; do
    if grep -Eq "^\.B puzzlebench $verb( |$)" synopsis; then pass; else
        fail "SYNOPSIS: no line for '$verb'"
    fi
done <verbs

while read -r verb; do
    "$PB" "$verb" --help >vhelp 2>&1
    # offered: the usage lines (up to the first blank line, asides in
    # parentheses left out: compare names bench --against there) and
    # the option lines
    {
        sed -n '1,/^$/p' vhelp | tr '\n' ' ' | sed 's/([^)]*)//g'
        echo
        grep -E '^ +(-[A-Za-z], )?--[a-z]' vhelp | sed 's/^ *\(-[A-Za-z], \)\?//' |
            awk '{ print $1 }'
    } | longopts | grep -vx -- --help >offered
    longopts <vhelp >mentioned
    # the page's entries for the verb: each .TP whose tag starts with it,
    # down to the next .TP or .SH
    awk -v verb="$verb" '
        /^\.SH/ { verbs = ($2 == "VERBS"); on = 0 }
        verbs && /^\.TP/ { tag = 1; on = 0; next }
        tag { tag = 0; on = ($1 == ".B" && $2 == verb) }
        on' man.txt | longopts >paged
    if [ ! -s paged ] && [ -s offered ]; then
        fail "$verb: no entry in the page's VERBS section"
        continue
    fi
    # the SYNOPSIS lines of the verb, each down to its .br
    awk -v verb="$verb" '$1 == ".B" && $2 == "puzzlebench" { on = ($3 == verb) }
        on { print } /^\.br/ { on = 0 }' synopsis >vsynopsis
    if grep -Eq '\<options\>' vsynopsis; then pass; else
        unnamed=$(longopts <vsynopsis | LC_ALL=C comm -23 offered - |
            tr '\n' ' ')
        if [ -z "$unnamed" ]; then pass; else
            fail "SYNOPSIS: '$verb' names neither [options] nor [$unnamed]"
        fi
    fi
    # the tag lines of the verb's entries name every option of its usage
    # lines, asides in parentheses and mpirun's own option left out
    sed -n '1,/^$/p' vhelp | tr '\n' ' ' |
        sed 's/([^)]*)//g; s/mpirun -np [A-Z]*//g' |
        grep -oE -- '(^|[][ |])--?[A-Za-z][A-Za-z0-9_-]*' |
        sed 's/^[][ |]//; s/[-_]*$//' | LC_ALL=C sort -u >usage
    awk -v verb="$verb" '
        /^\.SH/ { verbs = ($2 == "VERBS") }
        verbs && /^\.TP/ { tag = 1; next }
        tag { tag = 0; if ($1 == ".B" && $2 == verb) print }' man.txt >tags
    untagged=$(while read -r opt; do
        grep -Eq -- "(^|[][ |])$opt([^A-Za-z0-9-]|$)" tags || echo "$opt"
    done <usage | tr '\n' ' ')
    if [ -z "$untagged" ]; then pass; else
        fail "$verb: the usage lines of --help name [$untagged] that the" \
            "tag lines of its VERBS entries do not"
    fi
    missing=$(LC_ALL=C comm -23 offered paged | tr '\n' ' ')
    if [ -z "$missing" ]; then pass; else
        fail "$verb: --help offers [$missing] that the man page does not name"
    fi
    stale=$(LC_ALL=C comm -13 mentioned paged | tr '\n' ' ')
    if [ -z "$stale" ]; then pass; else
        fail "$verb: the man page names [$stale] that '$verb --help' does not"
    fi
done <verbs

summary
