#!/usr/bin/env bash
# test_bad_input.sh - docs/errors.md's "Every input" table, row by row.
#
# Usage: test_bad_input.sh PATH_TO_PUZZLEBENCH SOURCE_DIR
#
# Each `row ID EXIT MESSAGE CMD...` runs CMD in a scratch folder (stdin
# empty) and checks the response the table promises: exit status EXIT,
# exactly MESSAGE as the whole of stderr (one line; a MESSAGE starting
# with '~' is an extended regular expression for that line instead), and
# nothing on stdout. Inputs are small files written by `put`. At the end,
# the row IDs of the table's "Every input" sections in docs/errors.md
# must be exactly the IDs checked here, so a row cannot be added to the
# table without its test, nor a test without its row. PB_SIMD's values
# (a row of the "Security and robustness, third round" section, numbered, not an ID) are checked too,
# outside that cross-check. About 2 s alone.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/testlib.sh
. "$HERE/testlib.sh"
take_args "$@"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_bad_input.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 2
OUT_DIR=$TMP/.out
mkdir -p "$OUT_DIR"

checked=" "

# put FILE TEXT: FILE holds TEXT (printf %b escapes).
put() { printf '%b' "$2" >"$1"; }

# row ID EXIT MESSAGE CMD...: see the opening comment.
row() {
    local id=$1 want_rc=$2 want=$3 line
    shift 3
    checked="$checked$id "
    run_from /dev/null "$PB" "$@"
    line=$(head -n 1 "$OUT_DIR/err")
    local ok=1
    [ "$rc" -eq "$want_rc" ] || ok=0
    [ "$(wc -l <"$OUT_DIR/err")" -eq 1 ] || ok=0
    [ -s "$OUT_DIR/out" ] && ok=0
    if [ "${want#\~}" != "$want" ]; then
        grep -Eqx -- "${want#\~}" "$OUT_DIR/err" || ok=0
    else
        [ "$line" = "$want" ] || ok=0
    fi
    if [ "$ok" -eq 1 ]; then
        pass
    else
        fail "row $id (puzzlebench $*): exit $rc, expected $want_rc and" \
            "exactly [$want]; $(outputs)"
    fi
}

# listed ID PATTERN CMD...: CMD exits 0 with a stdout line matching the
# extended regular expression PATTERN.
listed() {
    local id=$1 pattern=$2
    shift 2
    checked="$checked$id "
    run_from /dev/null "$PB" "$@"
    if [ "$rc" -eq 0 ] && grep -Eq -- "$pattern" "$OUT_DIR/out"; then
        pass
    else
        fail "row $id (puzzlebench $*): exit $rc, expected 0 and a line" \
            "matching '$pattern'; $(outputs)"
    fi
}

S="; see 'puzzlebench"
M=magic_squares

# -- The command line (every verb) ----------------------------------------
row U1 2 "puzzlebench: unknown verb 'nosuch'$S --help'" nosuch
row U2 2 "puzzlebench help: unknown verb 'nosuch'$S --help'" help nosuch
# the lists as `puzzlebench list` gives them, in the registry's order
row U3 2 "puzzlebench solve: unknown kernel 'nosuch'; expected one of:\
 $(pb_kernels | paste -sd, | sed 's/,/, /g')$S solve --help'" solve nosuch
row U4 2 "puzzlebench solve: unknown variant 'nosuch' for magic_squares;\
 expected one of: $(pb_variants $M | paste -sd, | sed 's/,/, /g')$S\
 solve --help'" solve $M --variant nosuch
row U5 2 "~puzzlebench solve: unknown option '--bogus'; expected one of:\
 --variant, .*, --help$S solve --help'" solve $M --bogus
row U6 2 "puzzlebench gen: option '--family' needs a value$S gen --help'" \
    gen $M --family
row U7 2 "~puzzlebench gen: missing --family; magic_squares families: .*$S\
 gen --help'" gen $M
row U8 2 "puzzlebench gen: --count needs an integer 1..100000000, got\
 'abc'$S gen --help'" gen $M --family uniform --count abc
row U9 2 "puzzlebench solve: --threads needs an integer 1..1024, got\
 '0'$S solve --help'" solve $M --threads 0
row U10 2 "puzzlebench gen: --seed needs an unsigned integer, got 'x'$S\
 gen --help'" gen $M --family uniform --seed x
row U11 2 "puzzlebench gen: unknown family 'nosuch' for magic_squares;\
 expected one of: uniform, depth:D$S gen --help'" gen $M --family nosuch
row U12 2 "puzzlebench gen: bad parameter in family 'depth:abc'; expected a\
 non-negative integer after ':'$S gen --help'" gen $M --family depth:abc
row U13 2 "puzzlebench gen: size 9 out of range; expected the ring width\
 K = 3..6$S gen --help'" gen $M --family uniform --size 9
row U14 2 "puzzlebench solve: unexpected argument 'b'$S solve --help'" \
    solve $M a b
row U15 2 "puzzlebench verify: missing corpus FILE$S verify --help'" verify $M
row U16 2 "puzzlebench census: kernel cubing has no census$S census --help'" \
    census cubing
row U17 2 "puzzlebench census: --format 'yaml'; expected text, csv or json$S\
 census --help'" census $M --format yaml
row U18 2 "puzzlebench census: --direction 'sideways'; expected auto,\
 top-down or bottom-up$S census --help'" census $M --direction sideways
row U19 2 "puzzlebench compare: expected two results, A and B (or one with\
 --variants, or a results folder of bench --against)$S compare --help'" \
    compare a
row U20 2 "puzzlebench compare: --variants expects two variant names X,Y,\
 got 'nosuch'$S compare --help'" compare --variants nosuch a
row U21 2 "puzzlebench list: unexpected argument 'nosuch'$S list --help'" \
    list nosuch
row U22 1 "puzzlebench gen: nosuch/x.txt: cannot write: No such file or\
 directory" gen $M --family uniform -o nosuch/x.txt
mkdir adir
row U23 1 "puzzlebench gen: adir: cannot write: Is a directory" \
    gen $M --family uniform -o adir

# -- Corpus files (every kernel; solve, verify and bench --corpus) ---------
row F1 1 "puzzlebench solve: nosuch.in: cannot open: No such file or\
 directory" solve $M nosuch.in
row F2 1 "puzzlebench verify: adir: a folder; expected a magic_squares corpus\
 file" verify $M adir
"$PB" gen $M --family uniform --count 3 --seed 1 -o good.txt
sed 's/^# kernel .*/# kernel cubing/' good.txt >other.txt
row F3 1 "puzzlebench solve: other.txt:2: the header says kernel 'cubing';\
 expected a magic_squares corpus" solve $M other.txt
head -n -1 good.txt >short.txt
row F4 1 "puzzlebench solve: short.txt:10: input ends after 2 instances, but\
 the header declares 3 (truncated file?)" solve $M short.txt
sed 's/^# size .*/# size x/' good.txt >size.txt
row F5 1 "puzzlebench solve: size.txt:4: # size: magic_squares: size 'x' is\
 not a number; expected a whole number 1..1048576" solve $M size.txt
put judge.txt '2 6 8 4 5 7 3 1\n'
row F6 1 "puzzlebench bench: judge.txt: no '# kernel' header (a judge-format\
 file); expected --kernel NAME" bench --corpus judge.txt --out r
sed 's/^# kernel .*/# kernel nosuch/' good.txt >nokernel.txt
row F7 1 "puzzlebench bench: nokernel.txt:2: the header says kernel\
 'nosuch'; expected one of the kernels 'puzzlebench list' names" \
    bench --corpus nokernel.txt --out r
sed 's/^# size .*/# size 5/' good.txt >size5.txt
row F8 1 "puzzlebench verify: size5.txt:4: # size 5, but the largest instance\
 is of size 4; expected the instances' size" verify $M size5.txt
sed 's/^# seed .*/# seed 12abc/' good.txt >seed.txt
row F10 1 "puzzlebench solve: seed.txt:5: # seed: expected a whole number" \
    solve $M seed.txt
put ring5.txt 'ring 5\n1 2 3 4 5 6 7 8 10 9\n'
listed F9 "^$M/table/file-[0-9a-f]+/size:5/n:1/" bench --corpus ring5.txt \
    --kernel $M --variants table --benchmark_list_tests --out listing

# -- magic_squares: judge (8 numbers) and extended ('ring K', 2K numbers) --
bad_magic() { put m.in "$3"; row "$1" 1 "puzzlebench solve: m.in:$2" solve $M m.in; }
bad_magic M1 "1: expected at least one magic_squares instance, found none" ''
bad_magic M2 "2: expected at least one magic_squares instance, found none" \
    '  \n\t\n'
bad_magic M3 "1: expected number 3 of 8 of instance 1 (1..8), found 'x'" \
    '2 6 x 4 5 7 3 1\n'
bad_magic M4 "1: expected number 1 of 8 of instance 1 (1..8), found 9" \
    '9 6 8 4 5 7 3 1\n'
bad_magic M5 "1: expected number 1 of 8 of instance 1 (1..8), found -1" \
    '-1 6 8 4 5 7 3 1\n'
bad_magic M6 "1: 2 appears twice in instance 1; expected each of 1..8 once" \
    '2 2 8 4 5 7 3 1\n'
bad_magic M7 "1: instance 1 has 3 of the 8 numbers a 2 x 4 ring needs (input\
 ends early)" '2 6 8\n'
bad_magic M8 "1: expected number 1 of 8 of instance 1 (1..8), found\
 '123456789012345678901234...'" '1234567890123456789012345678 6 8\n'
bad_magic M9 "1: expected the ring width K after 'ring' (3..6), found 7" \
    'ring 7\n'
bad_magic M10 "1: expected the ring width K after 'ring' (3..6), found 'x'" \
    'ring x\n'
bad_magic M11 "2: instance 1 has 8 of the 10 numbers a 2 x 5 ring needs\
 (input ends early)" 'ring 5\n1 2 3 4 5 6 7 8\n'

# -- cubing: judge (T, then n and n commands per case) and 'cube N' --------
bad_cube() { put c.in "$3"; row "$1" 1 "puzzlebench solve: c.in:$2" solve cubing c.in; }
bad_cube C1 "1: expected the number of test cases T, found end of input" ''
bad_cube C2 "1: expected the number of test cases T (1..1000000), found 'x'" \
    'x\n'
bad_cube C3 "1: expected the number of test cases T (1..1000000), found\
 1000001" '1000001\n'
bad_cube C4 "1: input ends after 1 of the T = 2 cases" '2\n1 U+\n'
bad_cube C5 "2: expected the number of commands n of case 1 (1..10000000),\
 found 0" '1\n0\n'
bad_cube C6 "2: case 1 has 1 of its 3 commands (input ends early)" \
    '1\n3 U+\n'
bad_cube C7 "2: case 1: expected command 2 of 2 (a face U, D, F, B, L or R\
 then + or -), found 'X+'" '1\n2 U+ X+\n'
bad_cube C8 "2: case 1: expected command 1 of 1 (a face U, D, F, B, L or R\
 then + or -), found 'U'" '1\n1 U\n'
bad_cube C9 "2: expected the end of input after the T = 1 cases (is T, or a\
 case's n, too small?)" '1\n1 U+ U-\n'
bad_cube C10 "1: expected the cube order N after 'cube' (2..64), found 1" \
    'cube 1\n1\n1 U+\n'
put c.in '1\n1 U+\n'
PB_SIMD_CHAINS=9 row C11 1 "puzzlebench solve: environment PB_SIMD_CHAINS=9:\
 expected a whole number from 1 to 8" solve cubing --variant simd_chains c.in

# -- cube_walk: judge (one line per instance) and board/max/maze -----------
bad_walk() { put w.in "$3"; row "$1" 1 "puzzlebench solve: w.in:$2" solve cube_walk w.in; }
bad_walk W1 "1: expected an instance such as 'e2 e3 0 8 1 2 1 1', found end\
 of input" ''
bad_walk W2 "1: instance 1: expected the start square, a1..h8 on the 8x8\
 board (file letters, then the rank), found 'i2'" 'i2 e3 0 8 1 2 1 1\n'
bad_walk W3 "1: instance 1: expected the start square, a1..h8 on the 8x8\
 board (file letters, then the rank), found 'e9'" 'e9 e3 0 8 1 2 1 1\n'
bad_walk W4 "1: expected the left face value of instance 1 (0..1000), found\
 1001" 'e2 e3 0 8 1 2 1 1001\n'
bad_walk W5 "1: expected the left face value of instance 1 (0..1000), found\
 -1" 'e2 e3 0 8 1 2 1 -1\n'
bad_walk W6 "1: instance 1: the line ends after 5 of the six face values\
 (near far top right bottom left)" 'e2 e3 0 8 1 2 1\ne2 e3 0 8 1 2 1 1\n'
bad_walk W7 "1: instance 1: the line ends after the start square; expected\
 the end square and six face values" 'e2\n'
bad_walk W8 "1: instance 1: expected the end of the line after the six face\
 values" 'e2 e3 0 8 1 2 1 1 9\n'
bad_walk W9 "1: expected a board RxC after 'board' (such as 4096x4096, at most\
 1073741824 squares), found '0x3'" 'board 0x3\na1 b1 1 1 1 1 1 1\n'
bad_walk W10 "1: expected a board RxC after 'board' (such as 4096x4096, at\
 most 1073741824 squares), found '100000x100000'" \
    'board 100000x100000\na1 b1 1 1 1 1 1 1\n'
bad_walk W11 "1: expected the largest face value W after 'max' (0..1000000),\
 found 1000001" 'max 1000001\n'
bad_walk W12 "4: maze: expected rank 1 as 2 characters '.' or 'x', found a\
 line of 1 characters" 'board 2x2\nmaze\n..\n.\na1 b1 1 1 1 1 1 1\n'
bad_walk W13 "4: maze: expected rank 1 as 2 characters '.' or 'x', found a\
 line of 2 characters" 'board 2x2\nmaze\n..\n.y\na1 b1 1 1 1 1 1 1\n'
bad_walk W14 "5: instance 1: the start square is blocked" \
    'board 2x2\nmaze\n..\nx.\na1 b2 1 1 1 1 1 1\n'
bad_walk W15 "5: a 'maze' grid without its instance (input ends after it)" \
    'board 2x2\nmaze\n..\n..\n'
bad_walk W16 "5: two 'maze' grids for one instance" \
    'board 2x2\nmaze\n..\n..\nmaze\n'
bad_walk W17 "5: 'board' between 'maze' and its instance" \
    'board 2x2\nmaze\n..\n..\nboard 3x3\n'
put same.in 'e2 e2 0 8 1 2 1 1\n'
listed W18 "^1 e2$" solve cube_walk same.in

# -- cubic_eight: judge ('x y', a 3 x 3 grid, ..., '0 0') and board/cap ----
G='W W W\nW E W\nW W W\n'
bad_eight() { put e.in "$3"; row "$1" 1 "puzzlebench solve: e.in:$2" solve cubic_eight e.in; }
bad_eight E1 "1: input ends without the closing '0 0'; expected 'x y' or\
 '0 0'" ''
bad_eight E2 "5: input ends without the closing '0 0'; expected 'x y' or\
 '0 0'" "1 2\n$G"
bad_eight E3 "1: expected the column x of the empty cell in dataset 1, or 0 0\
 to end (0..3), found 4" "4 2\n${G}0 0\n"
bad_eight E4 "1: expected the row y after x = 1 on the same line" \
    "1\n2\n${G}0 0\n"
bad_eight E5 "1: expected the row y of the empty cell in dataset 1 (1..3),\
 found 0" "1 0\n${G}0 0\n"
bad_eight E6 "3: dataset 1, row 2: expected a letter W, R, B or E, found 'X'" \
    "1 2\nW W W\nW X W\nW W W\n0 0\n"
bad_eight E7 "2: dataset 1, row 1 has 2 letters; expected 3" \
    "1 2\nW W\nW E W\nW W W\n0 0\n"
bad_eight E8 "2: dataset 1: expected row 2 on a new line; the row above has\
 more than 3 entries" "1 2\nW W W W\nW E W\nW W W\n0 0\n"
bad_eight E9 "1: dataset 1 has 0 empty cells (E); expected exactly one" \
    "1 2\nW W W\nW W W\nW W W\n0 0\n"
bad_eight E10 "1: dataset 1 has 2 empty cells (E); expected exactly one" \
    "1 2\nW W W\nW E W\nW E W\n0 0\n"
bad_eight E11 "6: expected the end of input after '0 0'" "1 2\n${G}0 0\n1 2\n"
bad_eight E12 "1: expected the rows R after 'board' (2..8), found 9" \
    'board 9 9\n'
bad_eight E13 "1: board 8 x 8 has 64 cells; expected at most 16" 'board 8 8\n'
bad_eight E14 "1: expected the depth cap after 'cap' (0..250), found 1000" \
    "cap 1000\n1 2\n${G}0 0\n"

# -- Suite files (bench, run) ----------------------------------------------
bad_suite() {
    put s.suite "$3"
    row "$1" 1 "puzzlebench bench: ./s.suite$2" bench --suite ./s.suite --out r
}
B="bench $M table uniform 4 10 1\n"
row S1 1 "~puzzlebench bench: no suite 'nosuch': expected a file or\
 /.*/bench/suites/nosuch\.suite; expected one of: bigspace, .*, smoke" \
    bench --suite nosuch
row S2 1 "~puzzlebench bench: no suite 'nosuch': expected a file or\
 /.*/bench/suites/nosuch\.suite; expected one of: bigspace, .*, smoke" \
    run --suite nosuch
bad_suite S3 ": no 'bench' line: the suite is empty" 'threads 1\n'
bad_suite S4 ":1: expected repetitions N, rounds N, min_time S, budget S, memory\
 BYTES[K|M|G|T], threads T..., time solve|build, bench ... or census ...;\
 found 'frobnicate'" 'frobnicate 3\n'
bad_suite S5 ":1: expected 'bench KERNEL VARIANTS FAMILY SIZE COUNT SEED' or\
 'bench KERNEL VARIANTS file PATH'" "bench $M table\n"
bad_suite S6 ":1: expected 'bench KERNEL VARIANTS FAMILY SIZE COUNT SEED' or\
 'bench KERNEL VARIANTS file PATH'" "bench $M table uniform 4 0 1\n"
bad_suite S7 ":1: unknown kernel 'nosuch'; expected one of:\
 $(pb_kernels | paste -sd, | sed 's/,/, /g')" 'bench nosuch table uniform 4 10 1\n'
bad_suite S8 ":1: unknown variant 'nosuch' for magic_squares; expected one of:\
 $(pb_variants $M | paste -sd, | sed 's/,/, /g')" \
    "bench $M nosuch uniform 4 10 1\n"
bad_suite S9 ":1: unknown family 'nosuch' for magic_squares; expected one of:\
 uniform, depth:D" "bench $M table nosuch 4 10 1\n"
bad_suite S10 ":1: size 9 out of range; expected the ring width K = 3..6" \
    "bench $M table uniform 9 10 1\n"
bad_suite S11 ":1: family 'ffffffffffffffffffffffffffffffffffffffff...' is\
 too long; expected at most 31 characters" \
    "bench $M table $(printf 'f%.0s' $(seq 50)) 4 10 1\n"
bad_suite S12 ":1: expected 'repetitions N' with N an integer 1..64" \
    "repetitions 65\n$B"
bad_suite S13 ":1: expected 'min_time S' with S a number of seconds above 0\
 and at most 3600" "min_time 0\n$B"
bad_suite S14 ":1: expected 'budget S' with S a number of seconds from 0 to\
 86400" "budget 90000\n$B"
bad_suite S15 ":1: expected 'time solve' or 'time build'" "time later\n$B"
bad_suite S16 ":1: expected 'threads' and up to 16 counts 1..1024" \
    "threads 0\n$B"
bad_suite S17 ":1: ./nosuch.txt: cannot open: No such file or directory" \
    "bench $M table file nosuch.txt\n"
[ -e r ] && fail "a refused suite or corpus created its results folder r"

# -- Results files read by compare and plot (results.csv, Google Benchmark
#    JSON) ------------------------------------------------------------------
H=kernel,variant,family,size,count,seed,corpus_hash,threads,repetition,\
iterations,seconds,build_seconds,instances_per_second,work_per_second,\
expanded_per_instance,peak_heap_bytes,allocated_bytes,peak_rss_bytes,\
verified,error
good_row() { echo "$M,bfs_array,uniform,${1:-4},100,1,00000000000000ab,1,0,1,${2:-1.0},0,100,0,0,0,0,0,${3:-1},\"\""; }
printf '%s\n' "$H" "$(good_row)" >good.csv
bad_csv() {
    printf '%b' "$3" >r.csv
    row "$1" 1 "puzzlebench compare: r.csv$2" compare r.csv good.csv
}
row R1 1 "puzzlebench compare: nosuch.csv: cannot open: No such file or\
 directory (expected a results folder, a results.csv or a Google Benchmark\
 JSON file)" compare nosuch.csv good.csv
bad_csv R2 ":1: empty file; expected the results CSV header" ''
bad_csv R3 ":1: no column 'family'; expected the header of a puzzlebench\
 results.csv" 'kernel,variant\nmagic_squares,bfs\n'
bad_csv R4 ":2: 3 columns; expected at least 20" "$H\n$M,bfs_array,uniform\n"
bad_csv R5 ":2: expected seconds >= 0 and a count >= 1, found '-1' and '100'" \
    "$H\n$(good_row 4 -1)\n"
bad_csv R6 ":2: column 'size': magic_squares: size 'x y' is not a number;\
 expected a whole number 1..1048576" "$H\n$(good_row 'x y')\n"
bad_csv R7 ": no verified results" "$H\n$(good_row 4 1.0 0)\n"
mkdir pl
printf '%s\n' "$H" "$(good_row 4 1.0 0)" >pl/results.csv
row R8 1 "puzzlebench plot: pl/results.csv: no verified results" plot pl
row R9 1 "puzzlebench plot: nosuch: not a folder; expected a results folder\
 (results/<UTC> or results/latest)" plot nosuch
N="$M/bfs_array/uniform/size:4/n:100/seed:1/threads:1"
echo "{\"context\": {}, \"benchmarks\": [{\"name\": \"$N\", \"run_type\":\
 \"iteration\", \"real_time\": 5, \"time_unit\": \"ms\"}]}" >good.json
bad_json() {
    printf '%s' "$3" >r.json
    row "$1" 1 "puzzlebench compare: r.json$2" compare r.json good.json
}
bad_json R10 ":1:33: unexpected token near '}'; expected Google Benchmark JSON\
 (--benchmark_out_format=json)" '{"context": {}, "benchmarks": [ }'
bad_json R11 ": no \"benchmarks\" array; expected Google Benchmark JSON\
 (--benchmark_out_format=json)" '{"context": {}}'
bad_json R12 ": benchmarks[0]: expected an object" \
    '{"context": {}, "benchmarks": [1]}'
bad_json R13 ": only aggregates (mean, median, ...), no repetitions to test;\
 rerun without --benchmark_report_aggregates_only" \
    "{\"benchmarks\": [{\"name\": \"${N}_mean\", \"run_type\": \"aggregate\",\
 \"aggregate_name\": \"mean\", \"real_time\": 1, \"time_unit\": \"ns\"}]}"
bad_json R14 ": benchmarks[0]: expected a \"name\", a \"real_time\" >= 0 and a\
 \"time_unit\" of ns, us, ms or s" \
    "{\"benchmarks\": [{\"name\": \"$N\", \"run_type\": \"iteration\"}]}"
printf '%s\n' "$H" "$(good_row 5)" >other.csv
row R15 1 "puzzlebench compare: other.csv and good.json have no benchmark in\
 common" compare other.csv good.json

# -- A build without MPI launched as several processes (errors.md's MPI
#    table; CI's ThreadSanitizer build is the one without MPI) -----------
if "$PB" --version | grep -q '^MPI: none'; then
    run_from /dev/null env OMPI_COMM_WORLD_RANK=0 OMPI_COMM_WORLD_SIZE=2 \
        "$PB" census $M
    if [ "$rc" -eq 2 ] && [ "$(wc -l <"$OUT_DIR/err")" -eq 1 ] &&
        grep -q "^puzzlebench census: launched as 2 MPI processes, but this\
 puzzlebench was built without MPI (install libopenmpi-dev," \
            "$OUT_DIR/err"; then
        pass
    else
        fail "census as process 0 of 2 in a build without MPI: exit $rc;" \
            "$(outputs)"
    fi
fi

# -- PB_SIMD (errors.md, "Security and robustness, third round"'s knobs table: a number, not an ID, so
#    outside the cross-check below): exactly scalar, ssse3 or avx2, case
#    and all; anything else refused by every variant that reads it ------
cp "$SRC/data/cubing/sample.in" simd.in
for value in Scalar AVX2 sse3 ''; do
    for variant in simd simd_chains facelet_sparse; do
        run_from /dev/null env PB_SIMD="$value" "$PB" solve cubing \
            --variant "$variant" simd.in
        if [ "$rc" -eq 1 ] && [ ! -s "$OUT_DIR/out" ] &&
            [ "$(cat "$OUT_DIR/err")" = "puzzlebench solve: environment\
 PB_SIMD=$value: expected scalar, ssse3 or avx2" ]; then
            pass
        else
            fail "PB_SIMD='$value' $variant: exit $rc, expected 1; $(outputs)"
        fi
    done
done
for value in scalar ssse3 avx2; do
    for variant in simd simd_chains facelet_sparse; do
        run_from /dev/null env PB_SIMD="$value" "$PB" solve cubing \
            --variant "$variant" simd.in
        if [ "$rc" -eq 0 ] && [ ! -s "$OUT_DIR/err" ] &&
            cmp -s "$OUT_DIR/out" "$SRC/data/cubing/sample.out"; then
            pass
        else
            fail "PB_SIMD=$value $variant: exit $rc, expected the sample's" \
                "answers; $(outputs)"
        fi
    done
done

# -- The table and this test name the same rows ----------------------------
table_ids=$(awk '/^## Every input/ { on = 1; next } /^## / { on = 0 }
    on && /^\| [A-Z][0-9]+ \|/ { print $2 }' "$SRC/docs/errors.md" | sort)
test_ids=$(printf '%s\n' $checked | sort)
if [ -n "$table_ids" ] && [ "$table_ids" = "$test_ids" ]; then
    pass
else
    fail "docs/errors.md's 'Every input' rows and this test's differ:" \
        "$(diff <(echo "$table_ids") <(echo "$test_ids") | grep '^[<>]' |
            tr '\n' ' ')"
fi

summary
