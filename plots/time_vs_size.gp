# time_vs_size.gp - figure 1: time per instance against the kernel's size
# knob, one series per variant (one thread), log-log, median with the
# interquartile range as error bars. Inputs: see common.gp.
load dir.'/common.gp'
set logscale xy
set xlabel 'size (the kernel''s size knob)'
set ylabel 'time per instance (s)'
set format y '%.0e'
set title sprintf('%s: time per instance against size (median, IQR bars; 1 thread)', kernel)
plot for [i=1:words(variants)] summary skip 1 \
    using (only(i, column(C_THREADS) == 1 ? column(C_SIZE) : NaN)):(column(C_MEDIAN)):(column(C_Q1)):(column(C_Q3)) \
    with yerrorbars ls style(i) title word(variants, i)
