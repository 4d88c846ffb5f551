# knob_speedup.gp - figure 8: each variant's speed-up at the knob K of
# the knob sweep (knob_sweep.h: the family NAME:K run at the most knobs, at
# one size, one process of one thread) over the same variant on the
# reference corpus (knob_sweep.h: the same size, instances and seed in
# the reference family, plot --reference), its time there / its time at
# K, against K: what a knob that eases the search (cube_walk's near:D,
# an end D away, against sealed, where every search is full) buys each
# variant. Bars: the ratio's 95 % t interval over rounds, paired round
# by round (summary.csv's knob_speedup_ci_*, the interval compare would
# print for the two), a point at its centre, hollow at the ratio of the
# medians without one (common.gp). Log y around the reference's 1; log x
# when the knobs span a decade or more.
# Inputs: see common.gp, plus knob_family='NAME', knob_size='S',
# knob_range='LO HI', knob_tics='K...' (knob_axis.gp) and
# reference='FAMILY'.
load dir.'/common.gp'
on_knob(x) = serial(0) && strcol('size') eq knob_size && \
    strstrt(strcol('family'), knob_family.':') == 1
mine(x) = strcol('kernel') eq kernel && on_knob(0) && \
    column('knob_speedup') > 0 && \
    strstrt(' '.variants.' ', ' '.strcol('variant').' ') > 0
# the range of the speed-ups and their intervals, the reference's 1
# always in view
r_lo = 1
r_hi = 1
undefine STATS_*
stats summary using (mine(0) ? column('knob_speedup') : NaN) nooutput
if (exists('STATS_min')) { r_lo = STATS_min < 1 ? STATS_min : 1; r_hi = STATS_max > 1 ? STATS_max : 1 }
undefine STATS_*
stats summary using (mine(0) && column('knob_speedup_ci_lo') > 0 ? column('knob_speedup_ci_lo') : NaN) nooutput
if (exists('STATS_min') && STATS_min < r_lo) r_lo = STATS_min
undefine STATS_*
stats summary using (mine(0) && column('knob_speedup_ci_hi') > 0 ? column('knob_speedup_ci_hi') : NaN) nooutput
if (exists('STATS_max') && STATS_max > r_hi) r_hi = STATS_max
r_pad = r_hi > r_lo ? (r_hi / r_lo) ** 0.08 : 1.25
set logscale y
set yrange [r_lo / r_pad:r_hi * r_pad]
eval 'set ytics ('.log_tics(r_lo / r_pad, r_hi * r_pad).')'
set ylabel axis_text(sprintf('speed-up over %s', reference))
set xlabel label(sprintf('%s:K, the knob K', knob_family))
load dir.'/knob_axis.gp'
# the variants side by side around each K (a factor of 1.06 either way
# on a log axis, a sixtieth of the range on a linear one), so that their
# bars do not hide one another; each line runs through its own points
n = words(variants)
side(i) = n > 1 ? (i - 1.0) / (n - 1) - 0.5 : 0
at(i) = knob_log ? column('knob') * 1.06 ** side(i) : column('knob') + (k_hi - k_lo) / 60.0 * side(i)
sp_lo = 'knob_speedup_ci_lo'
sp_hi = 'knob_speedup_ci_hi'
title_short = sprintf('%s: speed-up over %s against the knob', kernel, reference)
title_details = sprintf('time on %s / time on %s:K, same variant, %s, instances and seed; 1 thread, %s; build time not included', reference, knob_family, knob_size, clock_text)
caption_text = 'Above 1: faster than on '.reference.'. Bars: the 95 % t interval of the ratio over the run''s rounds, paired round by round (the interval compare prints), points at its centre. A hollow point has no interval (fewer than 3 rounds, or a corpus of one instance) and sits at the ratio of the medians.'
load dir.'/caption.gp'
set key maxcols key_fit_also(sprintf('%s (1)', reference))
plot 1 with lines ls 100 title label(sprintf('%s (1)', reference)), \
    for [i=1:n] summary \
    using (only(i, on_knob(0) ? at(i) : NaN)):(through(sp_lo, sp_hi, 'knob_speedup')) \
    with lines ls style(i) notitle, \
    for [i=1:n] summary \
    using (only(i, on_knob(0) && sure(sp_lo) ? at(i) : NaN)):(centre(sp_lo, sp_hi)):(column(sp_lo)):(column(sp_hi)) \
    with yerrorbars ls style(i) dt 1 notitle, \
    for [i=1:n] summary \
    using (only(i, on_knob(0) && !sure(sp_lo) ? at(i) : NaN)):(column('knob_speedup')) \
    with points ls style(i) pt hollow_pt(style(i)) notitle, \
    for [i=1:n] NaN with linespoints ls style(i) title label(word(variants, i))
