# work_per_unit_vs_knob.gp - figure 7: the kernel's main work counter
# (cube_walk: queue pops) per unit of work (reachable state) against the
# knob K of the family NAME:K run at the most knobs (summary.h's knob
# sweep: one size, one process of one thread), one line per variant, log y: how a
# label-correcting search's re-expansions grow with an adversarial knob
# while a label-setting one stays at 1. Counts, exact per run: no bars.
# Inputs: see common.gp, plus knob_family='NAME', knob_size='S',
# unit_name='U' and work_unit='W'.
load dir.'/common.gp'
set logscale y
set xlabel label(sprintf('%s:K, the knob K', knob_family))
set ylabel axis_text(sprintf('%s per %s', work_unit, unit_name))
on_knob(x) = serial(0) && strcol('size') eq knob_size && \
    strstrt(strcol('family'), knob_family.':') == 1
per_unit(x) = column('units_per_instance') > 0 && column('work_per_instance') > 0 ? column('work_per_instance') / column('units_per_instance') : NaN
undefine STATS_*
stats summary using (strcol('kernel') eq kernel && on_knob(0) ? per_unit(0) : NaN) nooutput
y_lo = exists('STATS_min') && STATS_min > 0 ? STATS_min : 1
y_hi = exists('STATS_max') && STATS_max > y_lo ? STATS_max : 2 * y_lo
y_pad = (y_hi / y_lo) ** 0.08
set yrange [y_lo / y_pad:y_hi * y_pad]
eval 'set ytics ('.log_tics(y_lo / y_pad, y_hi * y_pad).')'
title_short = sprintf('%s: %s per %s against the knob', kernel, work_unit, unit_name)
title_details = sprintf('%s:K corpora on %s, 1 thread', knob_family, knob_size)
caption_text = 'Counts per run (the same in every repetition): no bars.'
load dir.'/caption.gp'
plot for [i=1:words(variants)] summary \
    using (only(i, on_knob(0) ? column('knob') : NaN)):(per_unit(0)) \
    with linespoints ls style(i) title label(word(variants, i))
