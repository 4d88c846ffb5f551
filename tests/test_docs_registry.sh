#!/usr/bin/env bash
# test_docs_registry.sh - the documentation names what the binary holds:
# for every kernel `puzzlebench list` names, docs/kernels/KERNEL.md's
# variant table has a row for each of its variants (a row the build
# lacks must say the variant is optional, as igraph's does), the row of
# the variant `solve` uses by default (list's '*') and no other says
# "default", the README's kernel table gives the number of those rows,
# and the page's "Families:" sentence names each family as `list
# --families` spells it (`uniform[:W]`, `depth:D`) and no family the
# binary lacks. The lists come from the binary (testlib.sh's pb_*), so
# a new variant or family fails here until its documentation is written.
# Usage: test_docs_registry.sh PUZZLEBENCH SOURCE_DIR
. "$(dirname "$0")/testlib.sh"
take_args "$@"
need_python3
scratch test_docs_registry

kernels=$(pb_kernels)
if [ "$(wc -l <<<"$kernels")" -ge 4 ]; then pass; else
    fail "puzzlebench list: expected the kernels, found [$kernels]"
fi
for kernel in $kernels; do
    pb_variants "$kernel" >variants
    "$PB" list | awk -v k="$kernel" '/^[a-z]/ { on = ($1 == k); next }
        on && /^ *\*/ { sub(/^ *\* */, ""); print $1 }' >default
    pb_families "$kernel" >families
    # one line per disagreement: what is wrong
    python3 - "$SRC" "$kernel" <<'EOF' >wrong
import re, sys

src, kernel = sys.argv[1:3]
variants = open("variants").read().split()
default = open("default").read().split()
families = open("families").read().split()
page = "docs/kernels/%s.md" % kernel
try:
    text = open("%s/%s" % (src, page), encoding="utf-8").read()
except OSError:
    print("%s: missing (every kernel has its page)" % page)
    sys.exit()

def section(title):
    """The text under the first '## ' heading starting with title."""
    m = re.search(r"^## %s.*?$(.*?)(?=^## |\Z)" % re.escape(title), text,
                  re.M | re.S)
    return m.group(1) if m else ""

rows = {}
for line in section("Variants").splitlines():
    m = re.match(r"\|\s*`([a-z0-9_]+)`\s*\|(.*)\|\s*$", line)
    if m:
        rows[m.group(1)] = m.group(2)
if not rows:
    print("%s: no variant table under '## Variants'" % page)
for v in variants:
    if v not in rows:
        print("%s: no row for the variant %s" % (page, v))
for v, row in rows.items():
    if v not in variants and "optional" not in row:
        print("%s: a row for %s, which `puzzlebench list` does not name "
              "(a variant a build may leave out says 'optional')" % (page, v))
said = sorted(v for v, row in rows.items() if "default" in row)
if said != default:
    print("%s: the rows that say 'default' are %s; `puzzlebench list` "
          "marks %s" % (page, said, default))

readme = open("%s/README.md" % src, encoding="utf-8").read()
m = re.search(r"^\| \[%s\]\([^)]*\) \|[^|]*\| (\d+):" % kernel, readme, re.M)
if not m:
    print("README.md: no row 'N: ...' for %s in the kernel table" % kernel)
elif int(m.group(1)) != len(rows):
    print("README.md: %s has %s variants in the kernel table, %d rows in "
          "%s" % (kernel, m.group(1), len(rows), page))

sizes = section("Sizes")
m = re.search(r"Families:(.*?)(?:\n\n|\Z)", sizes, re.S)
named = re.findall(r"`([^`]*)`", m.group(1)) if m else []
for f in families:
    if f not in named:
        print("%s: the families do not name `%s` (`puzzlebench list "
              "--families`)" % (page, f))
bases = {re.sub(r"[\[:].*", "", f) for f in families}
for n in named:
    if re.fullmatch(r"[a-z_]+(\[?:[A-Z]\]?)?", n) and \
            re.sub(r"[\[:].*", "", n) not in bases:
        print("%s: the family `%s` is not one of `puzzlebench list "
              "--families`" % (page, n))
EOF
    if [ -s variants ] && [ ! -s wrong ]; then pass; else
        [ -s variants ] || fail "$kernel: puzzlebench list names no variant"
        while IFS= read -r line; do fail "$line"; done <wrong
    fi
done

summary
