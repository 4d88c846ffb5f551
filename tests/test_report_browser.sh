#!/bin/bash
# test_report_browser.sh - report.html as a reader sees it: rendered in
# headless Chromium at a laptop's width (1366 px) by report_browser.py,
# every image loaded, no console error or failed load, and no sideways
# scrolling of the page (a wide table scrolls in its own box). Two
# reports: the committed fixture's (three kernels, drawn by `plot`) and a
# fresh cube_walk run's (the widest table: counters and units of work).
# The check is shown able to fail on doctored copies of the fixture's
# report: an image that is not there, a console error, a line too wide
# for the page. A results folder under a long path still fits (its
# name wraps).
# Skipped (77) without chromium or gnuplot, except under CI (CI set, as
# .ci/run sets it after scripts/setup.sh installed both), where their
# absence fails. PB_KEEP_PNG=DIR keeps the pictures there for a look.
# Usage: test_report_browser.sh PUZZLEBENCH SOURCE_DIR
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"
need_python3

need_tools "chromium, gnuplot-nox" "${CHROMIUM:-chromium}" gnuplot
scratch test_report_browser

# the fixture's report, with its figures
mkdir -p fixture/run
cp "$SRC/tests/fixtures/results/results.csv" \
    "$SRC/tests/fixtures/results/results.json" fixture/run/
(cd fixture && "$PB" plot run >"$T/out" 2>"$T/err")
rc=$?
check_rc "plot on the fixture" 0
F=fixture/run

# a fresh run of every cube_walk variant (about 2 s)
printf '%s\n' 'rounds 2' 'repetitions 1' 'min_time 0.002' 'threads 1' \
    'bench cube_walk all uniform 8x8 5 1' >walk.suite
run_from /dev/null "$PB" run --suite walk.suite --out walk --data data
check_rc "run of cube_walk" 0
W=$(find walk -mindepth 1 -maxdepth 1 -type d -name '2*' | head -n 1)

# doctored copies beside the fixture's report, so that its figures
# resolve: one figure renamed away, a console error, a line of 300
# characters that cannot wrap; and a results folder named by a long path
# (what the report must survive)
img=$(grep -o 'src="figures/[^"]*"' "$F/report.html" | head -n 1)
sed "0,/$(printf '%s' "$img" | sed 's/[/.]/\\&/g')/s//src=\"figures\/gone.svg\"/" \
    "$F/report.html" >"$F/broken.html"
sed 's|<body>|<body><script>console.error("doctored error")</script>|' \
    "$F/report.html" >"$F/console.html"
wide=$(printf 'x%.0s' $(seq 300))
sed "s|<body>|<body><pre>$wide</pre>|" "$F/report.html" >"$F/wide.html"
long=$(printf 'resultsfolder%.0s' $(seq 30))
sed "s|<code>run</code>|<code>/$long/run</code>|" "$F/report.html" \
    >"$F/long.html"
if grep -q 'figures/gone.svg' "$F/broken.html" &&
    grep -q "$long" "$F/long.html"; then pass; else
    fail "the doctored copies were not made (first image: $img)"
fi

python3 "$HERE/report_browser.py" --timeout 120 "$F/report.html" \
    "$W/report.html" "$F/long.html" "$F/broken.html" "$F/console.html" \
    "$F/wide.html" >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" # tables that scroll in their own box, if any: allowed
check_rc "report_browser.py (1: a doctored page failed)" 1
# problems of one page, from report_browser.py's lines
of() { grep -F "report_browser.py: $1: " "$T/err"; }
for page in "$F/report.html" "$W/report.html" "$F/long.html"; do
    if [ -z "$(of "$page")" ] && [ -s "${page%.html}.png" ]; then pass; else
        fail "$page as a reader sees it: $(of "$page" | head -5)"
    fi
done
if of "$F/broken.html" | grep -q 'image did not load: figures/gone.svg' &&
    of "$F/broken.html" | grep -q 'failed load: net::ERR_FILE_NOT_FOUND'
then pass; else
    fail "a missing figure went unseen: $(of "$F/broken.html")"
fi
if of "$F/console.html" | grep -q 'console error: doctored error'; then
    pass
else
    fail "a console error went unseen: $(of "$F/console.html")"
fi
if of "$F/wide.html" | grep -q 'the page scrolls sideways at 1366 px' &&
    of "$F/wide.html" | grep -q 'sticking out: pre'; then pass; else
    fail "a page too wide went unseen: $(of "$F/wide.html")"
fi
if [ -n "${PB_KEEP_PNG:-}" ]; then
    mkdir -p "$PB_KEEP_PNG" &&
        cp "$F/report.png" "$PB_KEEP_PNG/fixture.png" &&
        cp "$W/report.png" "$PB_KEEP_PNG/cube_walk.png"
fi
summary
