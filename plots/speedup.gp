# speedup.gp - figure 2: speed-up (time at 1 process of 1 thread / time
# at P processes of T threads) and parallel efficiency (speed-up / (P x
# T)) against the cores a run uses, P x T, with the ideal line, for every
# benchmark run on more than one core: the parallel variants (threads
# inside), corpus-level parallelism (instances across threads) and runs
# under mpirun (instances across P processes; runs at several P joined by
# `puzzlebench merge`). A plain run (one process) keeps its variant's
# look; a run over P > 1 processes keeps the variant's colour with a
# (hollow) marker of its own per P, and a key entry "VARIANT, P processes"
# where that variant ran over P. The serial run is the reference (1, 1)
# on the ideal line. Inputs: see common.gp (processes, variant_processes).
height = 900
load dir.'/common.gp'
mpi = words(processes) > 0
set xlabel 'processes x threads (cores used)'
# the x axis spans this kernel's cores used with half a core spare
stats summary using (strcol('kernel') eq kernel ? column('processes') * column('threads') : NaN) nooutput
if (STATS_max <= 16) { set xtics 1 }
set xrange [0.5:STATS_max + 0.5]
across = mpi ? 'processes x threads' : 'threads'
# a plain run's cores: its threads, above one
plain_x(x) = column('processes') == 1 && column('threads') > 1 ? column('threads') : NaN
# the cores of a run over p processes
mpi_x(p) = column('processes') == p ? p * column('threads') : NaN
# the k-th process count (1 past the last: gnuplot evaluates a plot's
# options even for an empty iteration)
p_of(k) = k <= words(processes) ? int(word(processes, k)) : 1
# the k-th process count's marker: hollow shapes, in the variant's colour
# (which tells whose point it is)
hollow = '6 4 8 10 12 14'
mpi_pt(k) = int(word(hollow, (k - 1) % words(hollow) + 1))
# variant i has rows over p processes here (1: plain runs); key entries
# only for series with points
ran(i, p) = strstrt(word(variant_processes, i), sprintf(',%d,', p)) > 0
plain_title(i) = ran(i, 1) ? word(variants, i) : ''
mpi_title(i, p) = ran(i, p) ? sprintf('%s, %d processes', word(variants, i), p) : ''
set title sprintf("%s: speed-up against %s (median, IQR bars)\n(%s)", kernel, across, clock_text)
set multiplot layout 2,1
set ylabel mpi ? 'speed-up over 1 process x 1 thread' : 'speed-up over 1 thread'
plot x with lines lc rgb '#888888' dt 2 title 'ideal', \
    for [i=1:words(variants)] summary \
    using (only(i, plain_x(0))):(column('speedup')):(column('speedup_lo')):(column('speedup_hi')) \
    with yerrorbars ls style(i) title plain_title(i), \
    for [i=1:words(variants)] for [k=1:words(processes)] summary \
    using (only(i, mpi_x(p_of(k)))):(column('speedup')):(column('speedup_lo')):(column('speedup_hi')) \
    with yerrorbars ls style(i) pt mpi_pt(k) title mpi_title(i, p_of(k))
set ylabel 'parallel efficiency'
set yrange [0:1.2]
set title sprintf('%s: parallel efficiency (speed-up / %s)', kernel, mpi ? '(processes x threads)' : 'threads')
plot 1 with lines lc rgb '#888888' dt 2 title 'ideal', \
    for [i=1:words(variants)] summary \
    using (only(i, plain_x(0))):(column('efficiency')) \
    with points ls style(i) title plain_title(i), \
    for [i=1:words(variants)] for [k=1:words(processes)] summary \
    using (only(i, mpi_x(p_of(k)))):(column('efficiency')) \
    with points ls style(i) pt mpi_pt(k) title mpi_title(i, p_of(k))
unset multiplot
unset yrange
