# common.gp - set-up shared by the figure scripts: reads the tidy summary
# CSV, fixed styles, text of 8 pt at the figure's size. Every script is
# called as
#   gnuplot -e "out='F'; dir='plots'; summary='S'; kernel='K';
#               variants='a b'; styles='1 2'; fmt='png'" plots/KIND.gp
# once per format, fmt='png', 'svg', 'pdf' or 'tex', writing the file
# named by out (`puzzlebench plot` passes a temporary that it renames to
# DIR/figures/KIND-K.FMT; for tex, NAME.tex, cairolatex's text, over
# NAME.pdf, its graphics). Also fig_w and fig_h (inches: the size of a
# one-panel figure, `plot --size`; a script of two panels sets panels =
# 1.8 before loading this file), title_mode ('none', 'short' or 'full':
# which title the figure carries, `plot --title`), caption_out (where
# caption.gp writes the figure's caption; none: no caption), processes='2 4' (the distinct MPI
# process counts above one among the figure's rows, '' when all are plain
# runs) and variant_processes (per variant, in the order of variants, the
# process counts of its rows there, 1 for plain runs, as ',1,2,4,'), and
# clock='cpu', 'wall' or 'mixed': the clock of the times the figure draws
# (summary.csv's clock column: CPU time of the working threads, wall
# time, or CPU time at 1 process of 1 thread and wall time at more),
# named on its time axis through clock_text.
# Every input is a single-quoted string checked by plot.c, so that no
# text from a results file runs as code.
# The scripts read summary.csv's columns by the names of its header
# (PB_SUMMARY_HEADER in bench/analysis/summary.h, the contract with
# bench/analysis/summary.c), so the order of its columns does not matter.
# Each script ends by loading caption.gp, which sets the title and
# writes the caption from title_short, title_details and caption_text.
if (!exists('fig_w')) fig_w = '3.4'
if (!exists('fig_h')) fig_h = '2.4'
if (!exists('title_mode')) title_mode = 'none'
if (!exists('panels')) panels = 1
fig_W = fig_w + 0.0
fig_H = (fig_h + 0.0) * panels
# the text's size in points at the figure's size: papers ask for 6-8 pt
# at least (tests/test_figures_pdf.sh measures it in the PDF)
text_pt = 8
text_font = sprintf('sans,%g', text_pt)
# PNG pixels per inch; the PNG is the PDF's figure at that resolution
dpi = 200
# cairo sets text at 4/3 of the font's size times fontscale, as at 96
# pixels per inch (measured with pdftotext -bbox): fontscale 0.75 makes
# 'sans,8' 8 pt in a PDF, dpi / 96 makes it 8 pt at dpi in a PNG; line
# widths and markers scale alike, so that the PNG is the PDF at dpi
if (fmt eq 'png') {
    set terminal pngcairo size fig_W * dpi, fig_H * dpi font text_font \
        fontscale dpi / 96.0 linewidth dpi / 144.0 pointscale 1.7 noenhanced
} else {
    if (fmt eq 'pdf') {
        set terminal pdfcairo size fig_W, fig_H font text_font \
            fontscale 0.75 linewidth 1.0 pointscale 0.5 noenhanced
    } else {
        if (fmt eq 'tex') {
            # the text goes to the .tex, set by LaTeX in the paper's font
            # and size where it is input (a font without a family: the
            # .tex then names none; the size only spaces the layout)
            set terminal cairolatex pdf input size fig_W, fig_H \
                font sprintf(',%g', text_pt) fontscale 0.75 linewidth 1.0 \
                pointscale 0.5
        } else {
            # an SVG's user unit is a pixel at 96 per inch
            set terminal svg size fig_W * 96, fig_H * 96 font text_font \
                fontscale 96.0 / 72 linewidth 96.0 / 144 dynamic noenhanced
        }
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
# the key below the plot, in as many columns as fit: never over the data,
# never a box beside it taking a sixth of the width. gnuplot counts the
# columns against the width before the y axis's labels take their margin,
# then centres the key under the narrower plot: a key as wide as the
# figure ran past its right edge. key_fit(n) caps the columns (set key
# maxcols) for a longest entry of n characters: n of key_char_pt each
# (gnuplot's estimate of a character at 8 pt, at least the real width of
# lower-case names, measured with pdftotext -bbox) plus 4.2 for the sample
# and gaps, less the 2 of `width -2`, in the figure's width less
# key_side_pt for the y axis (two lines of label, tic labels of up to 8
# characters). A script whose key has a longer entry than the variants'
# names sets its own cap (key_fit_also).
set key below center horizontal Left reverse nobox noopaque samplen 1.5 \
    spacing 1 width -2
key_char_pt = 5.1 * text_pt / 8
key_side_pt = 72
key_fit(n) = (key_c = int((fig_W * 72 - key_side_pt) / ((n + 2.2) * key_char_pt)), \
    key_c < 1 ? 1 : key_c)
# the length of the longest word of s (variant names)
longest(s) = longest_from(s, 1)
longest_from(s, i) = i > words(s) ? 0 : \
    (longest_at = longest_from(s, i + 1), \
    strlen(word(s, i)) > longest_at ? strlen(word(s, i)) : longest_at)
set key maxcols key_fit(longest(variants))
# the same where the key also has the entry t (a reference's line)
key_fit_also(t) = key_fit(strlen(t) > longest(variants) ? strlen(t) : longest(variants))
set grid lw 0.5 lc rgb '#c8c8c8'
set border 3
set tics nomirror
set tics scale 0.6
# labels in LaTeX for tex: its special characters escaped
tex_c(c) = (c eq '_' || c eq '%' || c eq '&' || c eq '#' || c eq '$') ? \
    '\'.c : (c eq '^' ? '\^{}' : (c eq '~' ? '\~{}' : c))
tex_esc(s) = strlen(s) == 0 ? '' : tex_c(s[1:1]).tex_esc(s[2:])
label(s) = fmt eq 'tex' ? tex_esc(s) : s
# the clock's words for an axis (a caller of old hands none: wall time,
# what every time was before CPU time was recorded)
if (!exists('clock')) clock = 'wall'
clock_text = clock eq 'cpu' ? 'CPU time' : (clock eq 'wall' ? 'wall time' : \
    'CPU time when serial, wall time when parallel')
# a time axis in seconds labels its tics with SI prefixes: "10 µs",
# "1 ms", "2 s" (summary.csv stays in seconds): `set format y time_tics`
time_tics = fmt eq 'tex' ? '%.0s\,%cs' : '%.0s %cs'
# bytes in powers of 1024, as the program writes them (pb_units):
# "512 KiB", "3 MiB"
byte_unit(e) = word('B KiB MiB GiB TiB PiB', int(e / 10) + 1)
byte_text(b) = (byte_e = b >= 1024 ? int(floor(log(b) / log(1024) + 1e-9)) * 10 : 0, \
    sprintf(fmt eq 'tex' ? '%g\,%s' : '%g %s', b / 2.0 ** byte_e, byte_unit(byte_e)))
# a count with thousands separators: 1,048,576; a power of two from 1024
# up as 2^k (superscript digits, LaTeX's in tex); a power of ten from
# 10^-4 down as 10^-k
sep(n) = n < 1000 ? sprintf('%d', n) : sep(int(n / 1000)).sprintf(',%03d', int(n) % 1000)
sup_digit(d) = word('⁰ ¹ ² ³ ⁴ ⁵ ⁶ ⁷ ⁸ ⁹', d + 1)
sup(n) = n < 10 ? sup_digit(n) : sup(int(n / 10)).sup_digit(n % 10)
log2_of(x) = int(floor(log(x) / log(2) + 0.5))
pow2(x) = x >= 1024 && x == int(x) && 2 ** log2_of(x) == int(x)
# a power of ten from 10^-4 down (%g writes 1e-05) as 10⁻⁵ ($10^{-5}$
# in tex)
log10_of(x) = int(floor(log10(x) + 0.5))
tiny10(x) = x > 0 && x < 2e-4 && abs(x / 10.0 ** log10_of(x) - 1) < 1e-6
tiny_text(x) = fmt eq 'tex' ? sprintf('$10^{%d}$', log10_of(x)) : '10⁻'.sup(-log10_of(x))
count_text(x) = tiny10(x) ? tiny_text(x) : x != int(x) ? sprintf('%g', x) : (pow2(x) ? \
    (fmt eq 'tex' ? sprintf('$2^{%d}$', log2_of(x)) : '2'.sup(log2_of(x))) : \
    sep(int(x)))
# tics for a log axis over [lo, hi], labelled by count_text: at the
# powers of ten over more than two decades, at 1, 2 and 5 of each decade
# over more than one, else finer (down to steps of 5 % over a range of
# less than 2); log_tics(lo, hi) is the list `set ytics
# (...)` takes, for eval
tic_steps(mode) = mode == 1 ? '1 2 5 10' : (mode == 0 ? \
    '1 1.2 1.5 2 2.5 3 4 5 6 8 10' : \
    '1 1.05 1.1 1.15 1.2 1.3 1.4 1.5 1.6 1.8 2 2.5 3 3.5 4 4.5 5 6 7 8 9 10')
tic_above(list, m, k) = word(list, k) + 0 > m * 1.0001 ? word(list, k) + 0 : tic_above(list, m, k + 1)
tic_next(f, mode) = mode == 2 ? f * 10 : (tic_d = 10 ** floor(log10(f) + 1e-9), tic_d * tic_above(tic_steps(mode), f / tic_d, 1))
tic_list(lo, hi, f, mode) = f > hi * 1.0001 ? '' : \
    (f >= lo * 0.9999 ? sprintf("'%s' %.15g, ", count_text(f), f) : '').tic_list(lo, hi, tic_next(f, mode), mode)
tic_from(lo) = 10 ** floor(log10(lo) + 1e-9)
tic_mode(lo, hi) = hi / lo > 100 ? 2 : (hi / lo > 10 ? 1 : (hi / lo > 2 ? 0 : 3))
log_tics_all(lo, hi) = tic_list(lo, hi, tic_from(lo), tic_mode(lo, hi))
log_tics(lo, hi) = (tic_t = log_tics_all(lo, hi), tic_t[1:strlen(tic_t) - 2])
# an axis label over two lines where it would not fit a column
# figure's axis on one: broken before its first ' (', else its first
# ' per '
axis_cut(s) = strstrt(s, ' (') > 0 ? strstrt(s, ' (') : strstrt(s, ' per ')
axis_text(s) = strlen(s) <= 26 || axis_cut(s) == 0 ? label(s) : \
    label(s[1:axis_cut(s) - 1])."\n".label(s[axis_cut(s) + 1:])
# a value when the row belongs to the kernel and variant i, else NaN
is(i) = strcol('kernel') eq kernel && strcol('variant') eq word(variants, i)
only(i, v) = is(i) ? v : NaN
style(i) = int(word(styles, i))
# figures against size: the plotted size of a sweep row, else NaN (the
# argument is unused)
sweep_x(i) = column('sweep') == 1 ? column('size_x') : NaN
# a serial row: one process (a plain run, no MPI) of one thread
serial(x) = column('processes') == 1 && column('threads') == 1
# A point is drawn solid, with its bars, when it has the interval they
# show (the 95 % t interval over rounds, summary.csv's *_ci_* columns:
# NaN with fewer than 3 rounds) and rests on more than one instance;
# else hollow, without bars, at its median. A solid point sits at its
# interval's centre (the geometric mean of the round values, as compare
# prints a ratio): sqrt(lo hi), the interval being symmetric on a log
# scale.
sure(lo) = column(lo) == column(lo) && column('count') > 1
centre(lo, hi) = sqrt(column(lo) * column(hi))
# the value a line passes through: the centre where sure, else `plain`
through(lo, hi, plain) = sure(lo) ? centre(lo, hi) : column(plain)
bars_text = 'Bars: the 95 % t interval over the run''s rounds (the median of each round''s repetitions; the same interval compare and the winners print), points at its centre'
hollow_text = 'A hollow point has no interval (fewer than 3 rounds, or a corpus of one instance) and sits at the median of its samples'
