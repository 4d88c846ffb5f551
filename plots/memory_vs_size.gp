# memory_vs_size.gp - figure 3: peak heap (jemalloc) against size, one
# line per variant through the kernel's size sweep (as figure 1), log-log:
# the array vs hash trade-off. Bytes in powers of 1024 (KiB, MiB, GiB),
# tics at powers of two, as many as fit. Inputs: see common.gp, plus
# family='F' and size_label='L'.
load dir.'/common.gp'
heap(i) = column('peak_heap_bytes') > 0 ? column('peak_heap_bytes') : NaN
undefine STATS_*
stats summary using (strcol('kernel') eq kernel && column('sweep') == 1 ? heap(0) : NaN) nooutput
# tics at powers of two, a power of 2 apart, at most about six of them
if (exists('STATS_min')) {
    e_lo = floor(log(STATS_min) / log(2))
    e_hi = ceil(log(STATS_max) / log(2))
    if (e_hi == e_lo) { e_lo = e_lo - 1; e_hi = e_hi + 1 }
    e_step = ceil((e_hi - e_lo) / 5.0)
    set logscale y 2
    set yrange [2 ** e_lo:2 ** e_hi]
    set ytics ()
    do for [e=e_lo:e_hi:e_step] { set ytics add (byte_text(2 ** e) 2 ** e) }
} else {
    set logscale y 2
}
set ylabel label('peak heap')
load dir.'/size_axis.gp'
title_short = sprintf('%s: peak heap against size', kernel)
title_details = sprintf('jemalloc; %s corpora, 1 thread', family)
caption_text = 'Each point is the largest peak of the benchmark''s samples; no bars.'
load dir.'/caption.gp'
plot for [i=1:words(variants)] summary \
    using (only(i, sweep_x(i))):(heap(0)) \
    with linespoints ls style(i) title label(word(variants, i))
