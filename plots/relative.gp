# relative.gp - figure 4: each variant's time relative to the baseline
# variant on the same corpus, processes and threads, with the ratio's 95 %
# t interval over rounds, paired round by round (the interval compare and
# the winners print; a point at its centre, hollow at the ratio of the
# medians without one: common.gp), on a log scale that fits the data
# (tics at 1, 2 and 5 of each decade, or at the powers of ten over more
# than two). One group per corpus the baseline ran on, along x (`corpora`
# of them, numbered as the summary's corpus column, and labelled, when
# there are at most 40, with family, size, instances, processes and
# threads: corpus_label[]), one point per variant within the group, so
# that a reader compares variants corpus by corpus.
# Inputs: see common.gp, plus baseline='NAME', corpora=N and (N <= 40)
# corpus_label[].
# taller than the others: the corpora's names slant below it
panels = 1.5
load dir.'/common.gp'
# a row of a variant drawn here, with a ratio
mine(x) = strcol('kernel') eq kernel && column('ratio') > 0 && \
    strstrt(' '.variants.' ', ' '.strcol('variant').' ') > 0
# the range of the ratios and their intervals (stats defines nothing
# without a point)
r_lo = 1
r_hi = 1
undefine STATS_*
stats summary using (mine(0) ? column('ratio') : NaN) nooutput
if (exists('STATS_min')) { r_lo = STATS_min; r_hi = STATS_max }
undefine STATS_*
stats summary using (mine(0) && column('ratio_ci_lo') > 0 ? column('ratio_ci_lo') : NaN) nooutput
if (exists('STATS_min') && STATS_min < r_lo) r_lo = STATS_min
undefine STATS_*
stats summary using (mine(0) && column('ratio_ci_hi') > 0 ? column('ratio_ci_hi') : NaN) nooutput
if (exists('STATS_max') && STATS_max > r_hi) r_hi = STATS_max
# the baseline's 1 always in view, and a tenth of the range spare
if (r_lo > 1) r_lo = 1
if (r_hi < 1) r_hi = 1
r_pad = r_hi > r_lo ? (r_hi / r_lo) ** 0.08 : 1.25
set logscale y
set yrange [r_lo / r_pad:r_hi * r_pad]
eval 'set ytics ('.log_tics(r_lo / r_pad, r_hi * r_pad).')'
set ylabel label(sprintf('time relative to %s', baseline))
set xrange [0.5:corpora + 0.5]
if (exists('corpus_label')) {
    set xtics () rotate by 30 right
    set rmargin 2
    # the first name slants left of the axis: room for most of it (in
    # characters, cos 30 degrees of its length), at most a third of a
    # column figure's width
    lm = 0.8 * strlen(corpus_label[1])
    if (lm > 9) { set lmargin (lm < 17 ? lm : 17) }
    do for [c=1:|corpus_label|] { set xtics add (label(corpus_label[c]) c) }
} else {
    set xlabel axis_text(sprintf("corpus (%d of them, numbered as summary.csv's corpus column)", corpora))
}
set grid noxtics ytics
# the variants spread over 0.7 of a group's width
n = words(variants)
offset(i) = n > 1 ? 0.7 * ((i - 1.0) / (n - 1) - 0.5) : 0
title_short = sprintf('%s: time relative to %s', kernel, baseline)
title_details = sprintf('per corpus, below 1: faster; %s; build time not included', clock_text)
caption_text = 'Bars: the 95 % t interval of the ratio over the run''s rounds, paired round by round (the interval compare and the winners print), points at its centre. A hollow point has no interval (fewer than 3 rounds, or a corpus of one instance) and sits at the ratio of the medians.'
load dir.'/caption.gp'
set key maxcols key_fit_also(sprintf('%s (1)', baseline))
plot 1 with lines ls 100 title label(sprintf('%s (1)', baseline)), \
    for [i=1:n] summary \
    using (only(i, sure('ratio_ci_lo') ? column('corpus') + offset(i) : NaN)):(centre('ratio_ci_lo', 'ratio_ci_hi')):(column('ratio_ci_lo')):(column('ratio_ci_hi')) \
    with yerrorbars ls style(i) dt 1 notitle, \
    for [i=1:n] summary \
    using (only(i, sure('ratio_ci_lo') ? NaN : column('corpus') + offset(i))):(column('ratio')) \
    with points ls style(i) pt hollow_pt(style(i)) notitle, \
    for [i=1:n] NaN with points ls style(i) title label(word(variants, i))
