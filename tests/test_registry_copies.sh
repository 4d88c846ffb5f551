#!/usr/bin/env bash
# test_registry_copies.sh - no test keeps a copy of a registry list: no
# three consecutive lines of a file under tests/ name every kernel, every
# variant of one kernel, or every verb, as `puzzlebench list` and
# `--help` give them today. Such a copy breaks the day a variant is
# added (a test of the completion once listed cube_walk's six): read the
# list from the binary instead (testlib.sh's pb_* helpers), or name a
# subset on purpose. Families are left out: their few names are words
# of ordinary prose ("uniform", "depth").
# Usage: test_registry_copies.sh PUZZLEBENCH SOURCE_DIR
. "$(dirname "$0")/testlib.sh"
take_args "$@"
need_python3
scratch test_registry_copies

# one list a line: what it is, a tab, its names
{
    printf 'the kernels\t%s\n' "$(pb_kernels | paste -sd' ')"
    for kernel in $(pb_kernels); do
        printf "%s's variants\t%s\n" "$kernel" \
            "$(pb_variants "$kernel" | paste -sd' ')"
    done
    printf 'the verbs\t%s\n' "$(pb_verbs | paste -sd' ')"
} >lists
if [ "$(awk -F'\t' 'split($2, w, " ") >= 4' lists | wc -l)" -ge 6 ]; then
    pass
else
    fail "expected the kernels, their variants and the verbs; $(cat lists)"
fi

python3 - "$SRC" <<'EOF' >copies
import glob, os, re, sys

src = sys.argv[1]
lists = [line.rstrip("\n").split("\t") for line in open("lists")]
lists = [(what, set(names.split())) for what, names in lists]
word = re.compile(r"[A-Za-z0-9_]+")
for path in sorted(glob.glob(os.path.join(src, "tests", "*"))):
    if not os.path.isfile(path) or \
            not path.endswith((".sh", ".c", ".h", ".py")):
        continue
    text = open(path, encoding="utf-8", errors="replace").read()
    words = [set(word.findall(line)) for line in text.split("\n")]
    for what, names in lists:
        last = -3
        for i in range(len(words)):
            if i >= last + 3 and names <= set().union(*words[i:i + 3]):
                print("tests/%s:%d: names all of %s (%s)" % (
                    os.path.basename(path), i + 1, what,
                    " ".join(sorted(names))))
                last = i
EOF
if [ ! -s copies ]; then pass; else
    while IFS= read -r line; do fail "$line"; done <copies
fi

summary
