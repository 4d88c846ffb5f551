#!/bin/sh
# lint.sh BUILD_DIR - static analysis of puzzlebench's own C and C++ files:
# clang-tidy with the committed .clang-tidy (run-clang-tidy, -j2) and
# cppcheck 2.10 (warning, performance, portability), both driven by
# BUILD_DIR/compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS), so they
# see the same defines, include paths and -std as the compiler.
# Quiet on success; on any finding it prints them and exits 1 (2 on bad
# usage). A false positive is suppressed in place, with its reason:
# `NOLINT(check): why` for clang-tidy, `cppcheck-suppress id ; why` for
# cppcheck.
# Cost: about 9 CPU-minutes over the ~130 translation units, nearly all
# of it the clang analyzer (the other checks take about 0.5 s a file,
# cppcheck about 20 CPU-seconds in all): about 4.7 minutes on two idle
# cores. PB_LINT_JOBS overrides the job count.
# References: https://clang.llvm.org/extra/clang-tidy/,
# https://cppcheck.sourceforge.io/manual.pdf
set -eu

if [ $# -ne 1 ]; then
    echo "usage: scripts/lint.sh BUILD_DIR" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" 2>/dev/null && pwd) || {
    echo "puzzlebench lint: $1: no such build folder" >&2
    exit 2
}
db="$build/compile_commands.json"
if [ ! -f "$db" ]; then
    echo "puzzlebench lint: $db: missing (configure with cmake first)" >&2
    exit 2
fi
for tool in run-clang-tidy clang-tidy cppcheck; do
    if ! command -v "$tool" >/dev/null; then
        echo "puzzlebench lint: $tool not found (scripts/setup.sh --ci)" >&2
        exit 2
    fi
done
jobs=${PB_LINT_JOBS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0

# clang-tidy over the project's folders only (the regex is matched
# against each translation unit's absolute path); its own progress lines
# and "N warnings generated" counts are dropped, findings and their notes
# kept, without colour codes.
if ! run-clang-tidy -j "$jobs" -p "$build" -quiet \
    "^$root/(kernels|variants|bench|tests)/" >"$tmp/tidy" 2>&1; then
    status=1
    sed 's/\x1b\[[0-9;]*m//g' "$tmp/tidy" |
        grep -v -e '^clang-tidy' -e '^[0-9]* warnings\? generated' \
            -e '^Suppressed [0-9]* warnings' -e '^Use -header-filter' \
            -e '^HeaderFilterRegex' -e '^Checks:' -e '^$' || true
fi

# cppcheck on the same translation units, its build folder as a cache;
# the units CMake generates there (the headers-alone check of
# tests/CMakeLists.txt) are left out by -i: each header is checked where
# the sources include it.
mkdir -p "$build/cppcheck"
if ! cppcheck --project="$db" --cppcheck-build-dir="$build/cppcheck" \
    -j "$jobs" --quiet --error-exitcode=1 --inline-suppr \
    --enable=warning,performance,portability \
    --suppress=missingIncludeSystem -i "$build" \
    --template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
    >"$tmp/cppcheck" 2>&1; then
    status=1
    cat "$tmp/cppcheck"
fi
exit $status
