# testlib.sh - helpers shared by the shell tests (sourced, not run):
# counting checks and describing the last command's output. The sourcing
# script sets OUT_DIR to the folder where `run` leaves out and err.
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL: $*" >&2
}

# run_from STDIN_FILE CMD...: runs CMD with stdin from STDIN_FILE, leaves
# the exit code in $rc and the output in $OUT_DIR/out and $OUT_DIR/err.
run_from() {
    local in=$1
    shift
    "$@" <"$in" >"$OUT_DIR/out" 2>"$OUT_DIR/err"
    rc=$?
}

# Describe the last command's output for a failure message.
outputs() {
    printf 'stdout=[%s] stderr=[%s]' "$(tail -c 300 "$OUT_DIR/out")" \
        "$(tail -c 300 "$OUT_DIR/err")"
}

# check_rc WHAT WANT_RC: the last command exited with WANT_RC.
check_rc() {
    if [ "$rc" -eq "$2" ]; then
        pass
    else
        fail "$1: exit $rc, expected $2; $(outputs)"
    fi
}

# check_fails WHAT WANT_RC PATTERN CMD...: CMD exits WANT_RC with exactly
# one line on stderr matching the extended regex PATTERN.
check_fails() {
    local what=$1 want_rc=$2 pattern=$3
    shift 3
    run_from /dev/null "$@"
    if [ "$rc" -eq "$want_rc" ] && [ "$(wc -l <"$OUT_DIR/err")" -eq 1 ] &&
        grep -Eq -- "$pattern" "$OUT_DIR/err"; then
        pass
    else
        fail "$what: exit $rc, expected $want_rc and '$pattern'; $(outputs)"
    fi
}

# summary: the closing line and the exit status.
summary() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# take_pb "$@": a test's one argument, PUZZLEBENCH, made absolute in PB;
# a usage line and exit 2 when it is not one argument or not an executable.
take_pb() {
    if [ $# -ne 1 ]; then
        echo "usage: $0 PATH_TO_PUZZLEBENCH" >&2
        exit 2
    fi
    PB=$1
    case $PB in /*) ;; *) PB=$PWD/$PB ;; esac
    if [ ! -x "$PB" ]; then
        echo "$0: $PB: not an executable" >&2
        exit 2
    fi
}

# need_python3: exit 2 with a line saying why when python3, which reads
# the JSON results, is missing.
need_python3() {
    if ! command -v python3 >/dev/null; then
        echo "$0: python3 is needed to read the JSON results" >&2
        exit 2
    fi
}

# need_tools PACKAGES TOOL...: skips the test (exit 77) when a tool is
# missing, naming the Debian PACKAGES that give them; under CI (.ci/run
# sets CI after scripts/setup.sh installed them) a missing tool fails it.
need_tools() {
    local packages=$1 tool
    shift
    for tool in "$@"; do
        command -v "$tool" >/dev/null && continue
        if [ -n "${CI:-}" ]; then
            echo "FAIL: $tool is missing under CI; scripts/setup.sh" \
                "installs it (Debian packages $packages)" >&2
            exit 1
        fi
        echo "skipped: $tool is not installed (Debian packages $packages;" \
            "scripts/setup.sh installs them)"
        exit 77
    done
}

# scratch NAME: a fresh folder $T, made the current folder and OUT_DIR;
# on exit the background run $BG (when a test sets it) is killed and the
# folder removed.
scratch() {
    T=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 2
    BG=
    trap scratch_cleanup EXIT
    cd "$T" || exit 2
    OUT_DIR=$T
}
scratch_cleanup() {
    if [ -n "$BG" ]; then
        kill -9 "$BG" 2>/dev/null
        wait "$BG" 2>/dev/null
    fi
    chmod -R u+rwx "$T" 2>/dev/null
    rm -rf "$T"
}

# take_args "$@": a test's two arguments, PUZZLEBENCH and SOURCE_DIR,
# made absolute in PB and SRC; a usage line and exit 2 when they are not
# two or PB is not an executable.
take_args() {
    if [ $# -ne 2 ]; then
        echo "usage: $0 PATH_TO_PUZZLEBENCH SOURCE_DIR" >&2
        exit 2
    fi
    PB=$1
    SRC=$2
    case $PB in /*) ;; *) PB=$PWD/$PB ;; esac
    case $SRC in /*) ;; *) SRC=$PWD/$SRC ;; esac
    if [ ! -x "$PB" ]; then
        echo "$0: $PB: not an executable" >&2
        exit 2
    fi
}

# The registry as the binary lists it, for the tests that check a list
# against it (completion, the man page, the docs): no test keeps its own
# copy of a list that grows, so that adding a variant, family or verb
# breaks no test that only names them. Each prints one name a line, in
# the binary's order; they need PB.
# pb_verbs: the verbs of `puzzlebench --help`
pb_verbs() {
    "$PB" --help 2>&1 | sed -n '/^verbs:/,/^$/p' |
        sed -n 's/^  \([a-z]\+\) .*/\1/p'
}
# pb_kernels: the kernels of `puzzlebench list`
pb_kernels() {
    "$PB" list | awk '/^[a-z]/ { print $1 }'
}
# pb_variants KERNEL: its variants in `puzzlebench list` (the default's
# '*' dropped)
pb_variants() {
    "$PB" list | awk -v k="$1" '/^[a-z]/ { on = ($1 == k); next }
        on && NF { sub(/^ *\* */, ""); print $1 }'
}
# pb_families KERNEL: its families in `puzzlebench list --families`, as
# spelt there with their knob (uniform[:W], depth:D, small)
pb_families() {
    "$PB" list --families | awk -v k="$1" '/^[a-z]/ { on = ($1 == k); next }
        on && sub(/^ *families: */, "") {
            sub(/; size = .*/, "")
            n = split($0, f, / \| /)
            for (i = 1; i <= n; i++) { split(f[i], w, " "); print w[1] }
        }'
}
