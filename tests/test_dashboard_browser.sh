#!/bin/bash
# test_dashboard_browser.sh - the static history site (dashboard.h) as a
# reader sees it: test_dashboard --site writes the site of its history
# built by hand (2 kernels, a failed build, change points, a subject
# with <script>, & and ]]>, a link to a run report beside the site),
# then report_browser.py --links renders index.html and every kernel's
# page in headless Chromium at 1366 px: every figure loaded (an SVG that
# is not well-formed XML does not), no console error or failed load,
# every link to a local file (and id) resolves, no sideways scrolling.
# The check is shown able to fail on a doctored copy of the site: one
# figure deleted, one link to a page that is not there.
# Skipped (77) without chromium or gnuplot, except under CI (CI set),
# where their absence fails. PB_KEEP_PNG=DIR keeps the pictures there.
# Usage: test_dashboard_browser.sh TEST_DASHBOARD SOURCE_DIR
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3

need_tools "chromium, gnuplot-nox" "${CHROMIUM:-chromium}" gnuplot
scratch test_dashboard_browser

run_from /dev/null "$PB" --site "$T"
check_rc "test_dashboard --site" 0
S=$T/site
pages=$(find "$S" -maxdepth 1 -name '*.html' | sort)
if [ -s "$S/index.html" ] && [ "$(echo "$pages" | wc -l)" -eq 3 ]; then
    pass
else
    fail "the site: $(ls "$S")"
fi

# the doctored copy: one figure deleted, one link to a page not there
cp -r "$S" doctored
D=$T/doctored
svg=$(find "$D/figures" -name 'cubing*.svg' | head -n 1)
rm -f "$svg"
sed 's|<a href="cubing.html">|<a href="gone.html">|' "$D/index.html" \
    >"$D/badlink.html"
if [ -n "$svg" ] && [ ! -e "$svg" ] && grep -q 'href="gone.html"' \
    "$D/badlink.html"; then pass; else
    fail "the doctored copy was not made"
fi

# shellcheck disable=SC2086 # one page a word: the paths have no space
python3 "$HERE/report_browser.py" --links --timeout 120 $pages \
    "$D/cubing.html" "$D/badlink.html" >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out"
check_rc "report_browser.py --links (1: a doctored page failed)" 1
of() { grep -F "report_browser.py: $1: " "$T/err"; }
for page in $pages; do
    if [ -z "$(of "$page")" ] && [ -s "${page%.html}.png" ]; then pass; else
        fail "$page as a reader sees it: $(of "$page" | head -5)"
    fi
done
if of "$D/cubing.html" | grep -q 'image did not load: figures/cubing' &&
    of "$D/cubing.html" | grep -q 'failed load: net::ERR_FILE_NOT_FOUND'
then pass; else
    fail "a missing figure went unseen: $(of "$D/cubing.html")"
fi
if of "$D/badlink.html" | grep -q 'link to a missing file: .*/gone.html'
then pass; else
    fail "a link to a missing page went unseen: $(of "$D/badlink.html")"
fi
if [ -n "${PB_KEEP_PNG:-}" ]; then
    mkdir -p "$PB_KEEP_PNG" && cp "$S"/*.png "$PB_KEEP_PNG/"
fi
summary
