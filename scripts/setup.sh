#!/bin/sh
# setup.sh - installs puzzlebench's Debian dependencies when they are missing.
# Idempotent and silent when everything is present. As root it runs
# apt-get; otherwise it prints the exact apt-get line and fails.
#   scripts/setup.sh        what `make run` and `make test` need (Open MPI
#                           included: the census over MPI and its tests)
#   scripts/setup.sh --ci   also clang + libomp (sanitizer build),
#                           clang-format (the formatting check),
#                           clang-tidy + cppcheck (scripts/lint.sh), GAP,
#                           node + npm (the cubejs cross-check) and Slurm's
#                           daemons and client (a one-node Slurm for the
#                           sbatch scripts' test)
set -eu

packages="cmake make gcc g++ pkg-config libjemalloc-dev libbenchmark-dev libjansson-dev nettle-dev libgsl-dev libsqlite3-dev gnuplot-nox uthash-dev libigraph-dev python3 libopenmpi-dev openmpi-bin chromium poppler-utils"
if [ "${1:-}" = "--ci" ]; then
    packages="$packages clang clang-format libomp-dev gap-core slurmctld slurmd slurm-client"
    # static analysis (scripts/lint.sh): clang-tidy (with run-clang-tidy)
    # and cppcheck
    packages="$packages clang-tidy cppcheck"
    # node + npm for the cubejs cross-check (tests/test_cubejs.sh installs
    # the pinned cubejs itself); any node already on PATH will do
    if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
        packages="$packages nodejs npm"
    fi
fi

missing=""
for p in $packages; do
    if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
    echo "puzzlebench: missing Debian packages; run:" >&2
    echo "  sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "puzzlebench: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends $missing >/dev/null 2>&1; then
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends $missing >/dev/null
fi
