#!/bin/sh
# bundle.sh - puzzlebench and every shared library it loads, the dynamic
# loader and glibc included, in one folder to carry to a machine without
# Debian's packages (the device machine of DEVELOPERS.md). A static
# binary is not possible: Debian ships Google Benchmark only as a shared
# library.
#   scripts/bundle.sh [BUILD_DIR [OUT_DIR]]   (default build, BUILD_DIR/bundle)
# OUT_DIR/puzzlebench is a shell wrapper that runs OUT_DIR/lib/puzzlebench
# through the bundled loader with --library-path OUT_DIR/lib and
# --inhibit-cache, so the other machine's libraries are not used; it also
# hands on the commit the bundle was built from (PB_COMMIT, PB_DIRTY: the
# other machine has no git tree), a dirty tree's diff (PB_BUILD_DIFF,
# OUT_DIR/share/puzzlebench/build.diff, whose SHA-256 results record;
# puzzlebench finds and hashes its own binary), and PB_DATA, the
# bundle's copy of the suites, gnuplot scripts and suite corpora
# (OUT_DIR/share/puzzlebench), so it finds them by name from any folder;
# for example
#   build/bundle/puzzlebench bench --suite full --out R
# O(libraries); about 7 MB.
set -eu
build=${1:-build}
out=${2:-$build/bundle}
bin=$build/puzzlebench
[ -x "$bin" ] || { echo "bundle.sh: $bin: not built (run make build)" >&2; exit 1; }
here=$(cd "$(dirname "$0")/.." && pwd)

rm -rf "$out"
mkdir -p "$out/lib"
cp "$bin" "$out/lib/puzzlebench"
# every library the loader resolves ("name => /path (address)"), and the
# loader itself (the line that starts with its absolute path)
ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' |
    while read -r lib; do
        cp -L "$lib" "$out/lib/"
    done
# the data an installed puzzlebench has (CMakeLists.txt's install rules)
data=$out/share/puzzlebench
mkdir -p "$data/bench" "$data/data"
cp -R "$here/bench/suites" "$data/bench/"
cp -R "$here/plots" "$data/"
cp -R "$here/data/bigspace" "$data/data/"
loader=$(ldd "$bin" | awk '$1 ~ /^\// { print $1 }' | head -n 1)
[ -n "$loader" ] || { echo "bundle.sh: no dynamic loader in ldd $bin" >&2; exit 1; }

commit=$(git -C "$here" rev-parse HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$here" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    dirty=true
    # the tree's changes, in the one format puzzlebench hashes
    # (bench/util/identity.c, diff_args): results record their SHA-256
    git -C "$here" --no-optional-locks diff HEAD --binary --no-color \
        --no-ext-diff --no-textconv --no-renames --diff-algorithm=myers \
        --src-prefix=a/ --dst-prefix=b/ --unified=3 --no-relative -- \
        >"$data/build.diff"
else
    dirty=false
fi
cat >"$out/puzzlebench" <<EOF
#!/bin/sh
# puzzlebench from a bundle (scripts/bundle.sh), commit $commit
root=\$(cd "\$(dirname "\$0")" && pwd)
lib=\$root/lib
PB_COMMIT=$commit PB_DIRTY=$dirty PB_DATA=\${PB_DATA:-\$root/share/puzzlebench}
PB_BUILD_DIFF=\$root/share/puzzlebench/build.diff
export PB_COMMIT PB_DIRTY PB_DATA PB_BUILD_DIFF
exec "\$lib/$(basename "$loader")" --inhibit-cache --library-path "\$lib" \\
    "\$lib/puzzlebench" "\$@"
EOF
chmod +x "$out/puzzlebench"
echo "bundle.sh: $out ($(du -sh "$out" | cut -f1), commit $commit)"
