#!/bin/bash
# test_figures_pdf.sh - the PDF figures as a paper's reader sees them:
# every figure `plot --size column --format pdf` draws of the committed
# fixture results (tests/fixtures/results, all kernels, every kind they
# have) and of a made-up cube_walk knob sweep with its reference corpus
# (the two kinds against the knob, which the fixture has not) is rendered with pdftoppm (it renders, and is not blank) and its
# smallest text is measured with pdftotext -bbox against the 7 pt rule,
# the figure placed at a column's width (3.4 in); every word's box lies
# within the page's width (the key's columns once ran past it).
#
# What is measured. pdftotext gives each word's box; its height (yMax -
# yMin, in points, the PDF being drawn at its real size) runs from the
# font's ascent to its descent, i.e. a line height, not a cap height: for
# the font size it is divided by (Ascent - Descent) / 1000, both read from
# the PDF's own font descriptors (DejaVu Sans: 928 and -235, so a box
# 9.30 pt high is 8.0 pt text; the largest span of the fonts present is
# taken, which can only make the text measure smaller). The figure is
# scaled to the column's width first (its page width W pt becomes 244.8
# pt), so that a figure drawn at another size is measured as it would
# print in a column. Words of a rotated line (the y axis label) have
# their box across: a word whose x extent another word of its line
# shares, a short gap above or below, is measured by its box's width. A
# lone rotated word would be measured by its length, so it can pass
# unmeasured, never fail. Tic labels slanted by 30 degrees come as
# fragments whose boxes are at least a line high.
#
# The test can fail: a page-wide figure (`--size page`, 7 in with 8 pt
# text) placed in a column measures about 3.9 pt and must be refused by
# the same check (as would the figures of old, 7 in with text of about
# 5.3 pt: 2.6 pt in a column).
# Usage: test_figures_pdf.sh PUZZLEBENCH SOURCE_DIR
PB=$1
FIX=$2/tests/fixtures/results
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_figures_pdf.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
OUT_DIR=$TMP
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"

need_tools "gnuplot-nox, poppler-utils, python3" gnuplot pdftoppm \
    pdftotext pdfinfo python3
COLUMN_PT=244.8 # 3.4 in
MIN_PT=7

# smallest_pt PDF: the smallest text size (pt) of PDF placed at the
# column's width, as the opening comment says; "none" without text
smallest_pt() {
    local width
    width=$(pdfinfo "$1" | sed -n 's/^Page size: *\([0-9.]*\) x.*/\1/p')
    pdftotext -bbox "$1" - | python3 -c '
import re, sys
pdf, width, column = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
raw = open(pdf, "rb").read()
asc = [int(x) for x in re.findall(rb"/Ascent (-?\d+)", raw)]
desc = [int(x) for x in re.findall(rb"/Descent (-?\d+)", raw)]
span = max(a - d for a, d in zip(asc, desc)) / 1000 if asc else 1.0
words = [tuple(map(float, m)) for m in re.findall(
    r"xMin=\"([\d.]+)\" yMin=\"([\d.]+)\" xMax=\"([\d.]+)\" yMax=\"([\d.]+)\"",
    sys.stdin.read())]
def rotated(i):
    x0, y0, x1, y1 = words[i]
    w = x1 - x0
    for j, (a0, b0, a1, b1) in enumerate(words):
        gap = max(b0 - y1, y0 - b1)
        if j != i and abs(a0 - x0) < 0.01 and abs(a1 - x1) < 0.01 and \
                (b0, b1) != (y0, y1) and gap < 0.6 * w:
            return True
    return False
sizes = [((x1 - x0) if rotated(i) else (y1 - y0)) / span * column / width
         for i, (x0, y0, x1, y1) in enumerate(words)]
print("%.2f" % min(sizes) if sizes else "none")
' "$1" "$width" "$COLUMN_PT"
}

# words_outside PDF: the words whose box passes the page's left or right
# edge (a key laid out wider than the figure), as WORD(XMIN-XMAX) of a
# page W pt wide; nothing when all lie inside
words_outside() {
    pdftotext -bbox "$1" - | python3 -c '
import re, sys
text = sys.stdin.read()
width = float(re.search(r"<page width=\"([\d.]+)\"", text).group(1))
for x0, x1, word in re.findall(
        r"<word xMin=\"([\d.]+)\" yMin=\"[\d.]+\" xMax=\"([\d.]+)\" "
        r"yMax=\"[\d.]+\">([^<]*)</word>", text):
    if float(x0) < 0 or float(x1) > width + 0.01:
        print("%s(%s-%s) of a page %g pt wide" % (word, x0, x1, width))
'
}

# not_blank PDF: pdftoppm renders it (grayscale, 50 dpi) and some of its
# pixels are ink (darker than mid-grey), some paper
not_blank() {
    pdftoppm -gray -r 50 -singlefile "$1" "$TMP/page" 2>/dev/null &&
        python3 - "$TMP/page.pgm" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
# binary PGM: P5, width, height, maxval, then one byte a pixel
fields = data.split(maxsplit=4)
pixels = fields[4]
ink = sum(1 for p in pixels if p < 128)
sys.exit(0 if 0 < ink < len(pixels) * 0.5 else 1)
PY
}

mkdir "$TMP/run"
cp "$FIX/results.csv" "$FIX/results.json" "$TMP/run/"
run_from /dev/null "$PB" plot "$TMP/run" --out "$TMP/column" --size column \
    --format pdf
check_rc "plot --size column --format pdf" 0
# the figures against a family's knob, which the fixture has not: a
# knob sweep (near:1..64 at 64x64) and its reference corpus (sealed), 3
# rounds of made-up times, so that both figures draw bars; seven
# variants, whose key of long names once ran past a column figure's right
# edge
mkdir "$TMP/knob"
python3 - "$TMP/knob/results.csv" <<'PY'
import sys
rows = ["kernel,variant,family,size,count,seed,corpus_hash,threads,"
        "processes,round,repetition,iterations,seconds,build_seconds,"
        "instances_per_second,work_per_second,expanded_per_instance,"
        "counters_per_instance,units_per_instance,peak_heap_bytes,"
        "allocated_bytes,peak_rss_bytes,verified,error"]
early = ("dijkstra", "dial", "radix", "bidijkstra", "astar_cheap",
         "astar_strong")  # stop at the end square
for v, scale in [("spfa", 3.0)] + [(e, 1.0 + 0.1 * i)
                                   for i, e in enumerate(early)]:
    corpora = [("near:%d" % k, k / 64.0) for k in (1, 2, 4, 8, 16, 32, 64)]
    for c, (fam, part) in enumerate(corpora + [("sealed", 1.0)]):
        for r in range(3):
            for rep in range(2):
                share = part if v in early else 1.0
                s = 1e-3 * scale * share * (1 + 0.02 * r + 0.01 * rep)
                pops = 49152 * (share if v in early else 1.2)
                rows.append(f"cube_walk,{v},{fam},64x64,4,9,{c + 1:016x},"
                            f"1,1,{r},{rep},1,{4 * s:.9f},0,{1 / s:.6g},"
                            f"{pops / s:.6g},{pops:.6g},pops={pops:.6g};"
                            f"settled={pops:.6g},49152,100000,200000,"
                            f"3000000,1,\"\"")
open(sys.argv[1], "w").write("\n".join(rows) + "\n")
PY
run_from /dev/null "$PB" plot "$TMP/knob" --out "$TMP/column" --size column \
    --format pdf --kinds work_per_unit_vs_knob,knob_speedup
check_rc "plot --size column --format pdf of a knob sweep" 0
n=0
for pdf in "$TMP"/column/*.pdf; do
    n=$((n + 1))
    name=$(basename "$pdf")
    if not_blank "$pdf"; then pass; else
        fail "$name: pdftoppm could not render it, or it is blank"
    fi
    size=$(smallest_pt "$pdf")
    if [ "$size" != none ] && awk -v s="$size" -v m="$MIN_PT" \
        'BEGIN { exit !(s >= m) }'; then pass; else
        fail "$name: its smallest text is $size pt at 3.4 in wide;" \
            "at least $MIN_PT pt expected"
    fi
    echo "$name: smallest text $size pt" >>"$TMP/sizes"
    outside=$(words_outside "$pdf")
    if [ -z "$outside" ]; then pass; else
        fail "$name: words past the page's edges: $outside"
    fi
done
# every kind the fixture has, for its three kernels, and the two
# against the knob
if [ "$n" -eq 17 ] && [ -s "$TMP/column/knob_speedup-cube_walk.pdf" ]; then
    pass
else
    fail "plot --size column drew $n PDF figures, expected 15 + 2"
fi

# the check can fail: a page-wide figure placed in a column
run_from /dev/null "$PB" plot "$TMP/run" --out "$TMP/page" --size page \
    --format pdf --kinds time_vs_size
size=$(smallest_pt "$TMP/page/time_vs_size-cubing.pdf")
if [ "$rc" -eq 0 ] && awk -v s="$size" -v m="$MIN_PT" \
    'BEGIN { exit !(s < m && s > 3) }'; then pass; else
    fail "a page-wide figure placed in a column measures $size pt: the" \
        "check would not refuse it"
fi
cat "$TMP/sizes"
summary
