# speedup.gp - figure 2: speed-up (time at 1 thread / time at T) and
# parallel efficiency against threads, with the ideal line, for every
# benchmark run at several thread counts: the parallel variants (threads
# inside) and corpus-level parallelism (instances across threads).
# One thread is the reference (1, 1) on the ideal line. Inputs: see
# common.gp.
height = 900
load dir.'/common.gp'
set xlabel 'threads'
set xtics 1
# the x axis spans this kernel's thread counts with half a thread spare
stats summary skip 1 using (strcol(C_KERNEL) eq kernel ? column(C_THREADS) : NaN) nooutput
set xrange [0.5:STATS_max + 0.5]
set title sprintf('%s: speed-up against threads (median, IQR bars)', kernel)
set multiplot layout 2,1
set ylabel 'speed-up over 1 thread'
plot x with lines lc rgb '#888888' dt 2 title 'ideal', \
    for [i=1:words(variants)] summary skip 1 \
    using (only(i, column(C_THREADS) > 1 ? column(C_THREADS) : NaN)):(column(C_SPEEDUP)):(column(C_SPEEDUP_LO)):(column(C_SPEEDUP_HI)) \
    with yerrorbars ls style(i) title word(variants, i)
set ylabel 'parallel efficiency'
set yrange [0:1.2]
set title sprintf('%s: parallel efficiency (speed-up / threads)', kernel)
plot 1 with lines lc rgb '#888888' dt 2 title 'ideal', \
    for [i=1:words(variants)] summary skip 1 \
    using (only(i, column(C_THREADS) > 1 ? column(C_THREADS) : NaN)):(column(C_EFFICIENCY)) \
    with points ls style(i) title word(variants, i)
unset multiplot
unset yrange
