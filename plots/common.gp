# common.gp - set-up shared by the figure scripts: reads the tidy summary
# CSV, fixed styles, readable fonts. Every script is called as
#   gnuplot -e "out='F'; dir='plots'; summary='S'; kernel='K';
#               variants='a b'; styles='1 2'; fmt='png'" plots/KIND.gp
# once per format, fmt='png', 'svg' and 'pdf', writing the file named by
# out (`puzzlebench plot` passes a temporary that it renames to
# DIR/figures/KIND-K.FMT; the PDF is 7 inches wide, a page's text width,
# with the fonts scaled to match). Also processes='2 4' (the distinct MPI
# process counts above one among the figure's rows, '' when all are plain
# runs) and variant_processes (per variant, in the order of variants, the
# process counts of its rows there, 1 for plain runs, as ',1,2,4,'), and
# clock='cpu', 'wall' or 'mixed': the clock of the times the figure draws
# (summary.csv's clock column: CPU time of the working threads, wall
# time, or CPU time at 1 process of 1 thread and wall time at more),
# named on its time axis through clock_text.
# Every input is a single-quoted string checked by plot.c, so that no
# text from a results file runs as code.
# A script may set `height` (pixels) before loading this file. The
# scripts read summary.csv's columns by the names of its header
# (PB_SUMMARY_HEADER in bench/analysis/summary.h, the contract with
# bench/analysis/summary.c), so the order of its columns does not matter.
if (!exists('height')) height = 600
if (fmt eq 'png') {
    set terminal pngcairo size 1000,height font 'sans,11' noenhanced
} else {
    if (fmt eq 'pdf') {
        set terminal pdfcairo size 7,7.0*height/1000 font 'sans,8' linewidth 0.6 pointscale 0.5 noenhanced
    } else {
        set terminal svg size 1000,height font 'sans,11' dynamic noenhanced
    }
}
set output out
# UTF-8 text, and "µ" (not "u") for the micro prefix of %c, as the
# report and the console write times
set encoding utf8
set micro
set datafile separator ','
# summary.csv's first line names its columns: every script reads a column
# by its name (column('median_s'), strcol('kernel')), never by its place
set datafile columnheaders
set datafile missing NaN
load dir.'/styles.gp'
set key outside right top box opaque
set grid
set border 3
set tics nomirror
# the clock's words for an axis (a caller of old hands none: wall time,
# what every time was before CPU time was recorded)
if (!exists('clock')) clock = 'wall'
clock_text = clock eq 'cpu' ? 'CPU time' : (clock eq 'wall' ? 'wall time' : \
    'CPU time when serial, wall time when parallel')
# a time axis in seconds labels its tics with SI prefixes: "10 µs",
# "1 ms", "2 s" (summary.csv stays in seconds): `set format y time_tics`
time_tics = '%.0s %cs'
# a value when the row belongs to the kernel and variant i, else NaN
is(i) = strcol('kernel') eq kernel && strcol('variant') eq word(variants, i)
only(i, v) = is(i) ? v : NaN
style(i) = int(word(styles, i))
# figures against size: the plotted size of a sweep row, else NaN (the
# argument is unused)
sweep_x(i) = column('sweep') == 1 ? column('size_x') : NaN
# a serial row: one process (a plain run, no MPI) of one thread
serial(x) = column('processes') == 1 && column('threads') == 1
