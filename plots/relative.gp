# relative.gp - figure 4: each variant's time relative to the baseline
# variant on the same corpus, processes and threads (the ratio of medians; the bars
# span q1 / q3(baseline) .. q3 / q1(baseline)), log scale. One group per
# corpus the baseline ran on, along x (`corpora` of them, numbered as the
# summary's corpus column, and labelled, when there are at most 40, with
# family, size, instances, processes and threads: corpus_label[]),
# one point per variant within the group, so that a reader compares
# variants corpus by corpus.
# Inputs: see common.gp, plus baseline='NAME', corpora=N and (N <= 40)
# corpus_label[].
load dir.'/common.gp'
set logscale y
set ylabel sprintf('time relative to %s (ratio of medians, %s)', baseline, clock_text)
set format y '%g'
set xrange [0.5:corpora + 0.5]
if (exists('corpus_label')) {
    set xlabel 'corpus (family, size, instances)'
    set xtics () rotate by 30 right
    do for [c=1:|corpus_label|] { set xtics add (corpus_label[c] c) }
} else {
    set xlabel sprintf("corpus (%d of them, numbered as summary.csv's corpus column)", corpora)
}
set grid noxtics ytics
# the variants spread over 0.7 of a group's width
n = words(variants)
offset(i) = n > 1 ? 0.7 * ((i - 1.0) / (n - 1) - 0.5) : 0
set title sprintf("%s: time relative to %s (below 1: faster)\n(per corpus; bars from the quartiles; build time not included)", kernel, baseline)
plot 1 with lines lc rgb '#888888' dt 2 title 'baseline (1)', \
    for [i=1:n] summary \
    using (only(i, column('corpus') + offset(i))):(column('ratio')):(column('ratio_lo')):(column('ratio_hi')) \
    with yerrorbars ls style(i) title word(variants, i)
