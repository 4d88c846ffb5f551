# memory_vs_size.gp - figure 3: peak heap (jemalloc) against size, one
# line per variant through the kernel's size sweep (as figure 1), log-log:
# the array vs hash trade-off. Inputs: see common.gp, plus family='F' and
# size_label='L'.
load dir.'/common.gp'
set logscale y
set ylabel 'peak heap (bytes)'
set format y '%.0s %cB'
load dir.'/size_axis.gp'
set title sprintf("%s: peak heap against size\n(%s corpora, 1 thread)", kernel, family)
plot for [i=1:words(variants)] summary \
    using (only(i, sweep_x(i))):(column('peak_heap_bytes')) \
    with linespoints ls style(i) title word(variants, i)
