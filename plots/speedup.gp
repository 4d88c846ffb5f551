# speedup.gp - figure 2: speed-up (time at 1 process of 1 thread / time
# at P processes of T threads) and parallel efficiency (speed-up / (P x
# T)) against the cores a run uses, P x T, with the ideal line, for every
# benchmark run on more than one core: the parallel variants (threads
# inside), corpus-level parallelism (instances across threads) and runs
# under mpirun (instances across P processes; runs at several P joined by
# `puzzlebench merge`). The serial run is the reference: its point (1, 1)
# on the ideal line. A plain run (one process) keeps its variant's look;
# a run over P > 1 processes keeps the variant's colour with a marker of
# its own per P (the hollow shapes past the styles' filled ones), and a
# key entry "VARIANT, P processes" where that variant ran over P. Bars:
# the speed-up's 95 % t interval over rounds (serial against parallel
# wall times, paired round by round); a point without one is hollow
# (common.gp). Two panels stacked (panels = 1.8), one key, below.
# Inputs: see common.gp (processes, variant_processes).
panels = 1.8
load dir.'/common.gp'
mpi = words(processes) > 0
set xlabel mpi ? 'processes x threads (cores used)' : 'threads'
# the x axis spans this kernel's cores used with half a core spare
undefine STATS_*
stats summary using (strcol('kernel') eq kernel ? column('processes') * column('threads') : NaN) nooutput
cores = exists('STATS_max') ? STATS_max : 2
if (cores <= 16) { set xtics 1 }
set xrange [0.5:cores + 0.5]
across = mpi ? 'processes x threads' : 'threads'
# a plain run's cores: its threads, the serial one's 1 included
plain_x(x) = column('processes') == 1 ? column('threads') : NaN
# the cores of a run over p processes
mpi_x(p) = column('processes') == p ? p * column('threads') : NaN
# the k-th process count (1 past the last: gnuplot evaluates a plot's
# options even for an empty iteration)
p_of(k) = k <= words(processes) ? int(word(processes, k)) : 1
# the k-th process count's marker: shapes no style fills (common.gp's
# hollow points are the filled shapes' outlines)
mpi_pts = '1 2 3 12 14 6'
mpi_pt(k) = int(word(mpi_pts, (k - 1) % words(mpi_pts) + 1))
# variant i has rows over p processes here (1: plain runs); key entries
# only for series with points
ran(i, p) = strstrt(word(variant_processes, i), sprintf(',%d,', p)) > 0
plain_title(i) = ran(i, 1) ? label(word(variants, i)) : ''
mpi_title(i, p) = ran(i, p) ? label(sprintf('%s, %d processes', word(variants, i), p)) : ''
title_short = sprintf('%s: speed-up against %s', kernel, across)
title_details = sprintf('wall time; below it, parallel efficiency (speed-up / %s)', mpi ? '(processes x threads)' : 'threads')
caption_text = 'Bars: the 95 % t interval of the speed-up over the run''s rounds (serial against parallel wall times, paired round by round), points at its centre. '.hollow_text.'.'
load dir.'/caption.gp'
set multiplot layout 2,1
set ylabel mpi ? 'speed-up over 1 process x 1 thread' : 'speed-up over 1 thread'
# bars past twice the cores leave the panel: an interval that wide says
# only that the run could not tell
sp_lo = 'speedup_ci_lo'
sp_hi = 'speedup_ci_hi'
undefine STATS_*
stats summary using (strcol('kernel') eq kernel ? through(sp_lo, sp_hi, 'speedup') : NaN) nooutput
sp_max = exists('STATS_max') ? STATS_max : cores
set yrange [0:(sp_max > 2 * cores ? 2 * cores : (sp_max > cores ? sp_max : cores)) * 1.1]
# the variants side by side around each x, so that their bars do not
# hide one another
n = words(variants)
dx(i) = n > 1 ? 0.3 * ((i - 1.0) / (n - 1) - 0.5) : 0
top = "plot x with lines ls 100 title 'ideal', \
    for [i=1:n] summary \
    using (only(i, sure(sp_lo) ? plain_x(0) + dx(i) : NaN)):(centre(sp_lo, sp_hi)):(column(sp_lo)):(column(sp_hi)) \
    with yerrorbars ls style(i) dt 1 notitle, \
    for [i=1:n] summary \
    using (only(i, sure(sp_lo) ? NaN : plain_x(0) + dx(i))):(column('speedup')) \
    with points ls style(i) pt hollow_pt(style(i)) notitle, \
    for [i=1:n] NaN with points ls style(i) title plain_title(i)"
# the series over MPI processes only where there are some: an empty
# iteration would still narrow the key to one column
by_processes = ", for [i=1:n] for [k=1:words(processes)] summary \
    using (only(i, mpi_x(p_of(k)) + dx(i))):(through(sp_lo, sp_hi, 'speedup')) \
    with points ls style(i) pt mpi_pt(k) title mpi_title(i, p_of(k))"
# the longest entry: a variant's name with the most processes
if (mpi) { set key maxcols key_fit(longest(variants) + \
    strlen(sprintf(', %s processes', word(processes, words(processes))))) }
eval top.(mpi ? by_processes : '')
unset title
set ylabel 'parallel efficiency'
# the upper panel's point per core used (summary.csv's efficiency where
# the point has no interval)
per_core(x) = through(sp_lo, sp_hi, 'speedup') / (column('processes') * column('threads'))
set yrange [0:1.2]
unset key
plot 1 with lines ls 100 notitle, \
    for [i=1:words(variants)] summary \
    using (only(i, plain_x(0) + dx(i))):(per_core(0)) \
    with points ls style(i) notitle, \
    for [i=1:words(variants)] for [k=1:words(processes)] summary \
    using (only(i, mpi_x(p_of(k)) + dx(i))):(per_core(0)) \
    with points ls style(i) pt mpi_pt(k) notitle
unset multiplot
unset yrange
