#!/usr/bin/env bash
# test_docs.sh - the documentation holds together: README.md stays a front
# door (at most 250 lines); every relative link of README.md, CHANGELOG.md
# and docs/**/*.md names a file or folder of the tree, and every #anchor
# a heading of the page it points to (GitHub's slugs: lowercase, spaces
# to '-', punctuation but '-' and '_' dropped, a repeated heading
# suffixed -1, -2, ...), links inside code left alone; and no page names
# the issue that asked for its content (say what was measured, not who
# asked).
# Usage: test_docs.sh SOURCE_DIR
set -u
. "$(dirname "$0")/testlib.sh"
if [ $# -ne 1 ] || [ ! -f "$1/README.md" ]; then
    echo "usage: $0 SOURCE_DIR" >&2
    exit 2
fi
SRC=$(cd "$1" && pwd)
need_python3

lines=$(wc -l <"$SRC/README.md")
if [ "$lines" -le 250 ]; then pass; else
    fail "README.md has $lines lines, expected at most 250 (the reference" \
        "belongs in docs/)"
fi

# One line per broken link: FILE:LINE: what is wrong.
broken=$(cd "$SRC" && python3 - <<'EOF'
import glob, os, re

pages = ["README.md", "CHANGELOG.md"] + sorted(
    glob.glob("docs/**/*.md", recursive=True))
pages = [p for p in pages if os.path.isfile(p)]
root = os.path.realpath(".")

def prose(path):
    """(line number, text) of the lines outside fenced code blocks, with
    inline code spans blanked."""
    fence = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = re.match(r"\s*(```|~~~)", line)
            if m:
                if fence is None:
                    fence = m.group(1)
                elif m.group(1) == fence:
                    fence = None
                continue
            if fence is None:
                yield n, re.sub(r"`[^`]*`", "``", line)

def slug(text):
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")

anchors = {}
def raw_headings(path):
    """Headings with their code spans kept (prose() blanks them)."""
    fence = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*(```|~~~)", line)
            if m:
                fence = m.group(1) if fence is None else (
                    None if m.group(1) == fence else fence)
                continue
            if fence is None:
                h = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
                if h:
                    yield h.group(1)

def heading_slugs(path):
    if path not in anchors:
        seen, out = {}, set()
        for text in raw_headings(path):
            s = slug(text)
            k = seen.get(s, 0)
            seen[s] = k + 1
            out.add(s if k == 0 else "%s-%d" % (s, k))
        anchors[path] = out
    return anchors[path]

link = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
bad = 0
for page in pages:
    for n, line in prose(page):
        for target in link.findall(line):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, mailto:
                continue
            path, _, anchor = target.partition("#")
            where = "%s:%d: %s" % (page, n, target)
            if path:
                full = os.path.normpath(
                    os.path.join(os.path.dirname(page), path))
                if not os.path.realpath(full).startswith(root + os.sep):
                    print(where + ": outside the repository")
                    bad += 1
                    continue
                if not os.path.exists(full):
                    print(where + ": no such file")
                    bad += 1
                    continue
            else:
                full = page
            if anchor:
                if not full.endswith(".md") or not os.path.isfile(full):
                    print(where + ": an anchor into a file that is not a page")
                    bad += 1
                elif anchor not in heading_slugs(full):
                    print(where + ": no heading '%s' in %s" % (anchor, full))
                    bad += 1
EOF
)
if [ -z "$broken" ]; then pass; else
    while IFS= read -r line; do fail "link: $line"; done <<<"$broken"
fi

# Issue numbers belong in commit messages, not in the documentation.
cited=$(cd "$SRC" && grep -rnEi '\bissues? #?[0-9]+|\bissue-[0-9]+' \
    README.md CHANGELOG.md docs --include='*.md')
if [ -z "$cited" ]; then pass; else
    while IFS= read -r line; do fail "issue number: $line"; done <<<"$cited"
fi

summary
