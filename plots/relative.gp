# relative.gp - figure 4: each variant's time relative to the baseline
# variant on the same corpus and threads (the ratio of medians; the bars
# span q1 / q3(baseline) .. q3 / q1(baseline)), log scale, one point per
# benchmark, grouped by variant along x. Inputs: see common.gp, plus
# baseline='NAME'.
load dir.'/common.gp'
set logscale y
set ylabel sprintf('time relative to %s (ratio of medians)', baseline)
set format y '%g'
set xlabel 'variant'
set xtics rotate by -30
set xrange [0:words(variants)+1]
set xtics ('' 0)
do for [i=1:words(variants)] { set xtics add (word(variants, i) i) }
set title sprintf('%s: time relative to %s (below 1: faster)', kernel, baseline)
plot 1 with lines lc rgb '#888888' dt 2 title baseline, \
    for [i=1:words(variants)] summary skip 1 \
    using (only(i, i)):(column(C_RATIO)):(column(C_RATIO_LO)):(column(C_RATIO_HI)) \
    with yerrorbars ls style(i) title word(variants, i)
