# memory_vs_size.gp - figure 3: peak heap (jemalloc) against the size
# knob, one series per variant (one thread), log-log: the array vs hash
# trade-off. Inputs: see common.gp.
load dir.'/common.gp'
set logscale xy
set xlabel 'size (the kernel''s size knob)'
set ylabel 'peak heap (bytes)'
set format y '%.0s %cB'
set title sprintf('%s: peak heap against size (1 thread)', kernel)
plot for [i=1:words(variants)] summary skip 1 \
    using (only(i, column(C_THREADS) == 1 ? column(C_SIZE) : NaN)):(column(C_HEAP)) \
    with points ls style(i) title word(variants, i)
