# work_per_unit_vs_knob.gp - figure 7: a work counter of the kernel
# (plot --counter; by default its main one, cube_walk's queue pops) per
# unit of work (reachable state) against the knob K of the family NAME:K
# run at the most knobs (knob_sweep.h's knob sweep: one size, one process
# of one thread), one line per variant, log y: how a label-correcting
# search's re-expansions grow with an adversarial knob while a
# label-setting one stays at 1, or, counting the states an early exit
# settled against the distance it searched to, how much of the space it
# needed. Counts, exact per run: no bars.
# Inputs: see common.gp, plus knob_family='NAME', knob_size='S',
# unit_name='U', work_unit='W' (what the counter counts), counter='C'
# (its name: summary.csv's counter column holds it), knob_range='LO HI'
# and knob_tics='K...' (knob_axis.gp).
load dir.'/common.gp'
set logscale y
set xlabel label(sprintf('%s:K, the knob K', knob_family))
load dir.'/knob_axis.gp'
set ylabel axis_text(sprintf('%s per %s', work_unit, unit_name))
on_knob(x) = serial(0) && strcol('size') eq knob_size && \
    strstrt(strcol('family'), knob_family.':') == 1
per_unit(x) = column('units_per_instance') > 0 && column('counter_per_instance') > 0 ? column('counter_per_instance') / column('units_per_instance') : NaN
undefine STATS_*
stats summary using (strcol('kernel') eq kernel && on_knob(0) ? per_unit(0) : NaN) nooutput
y_lo = exists('STATS_min') && STATS_min > 0 ? STATS_min : 1
y_hi = exists('STATS_max') && STATS_max > y_lo ? STATS_max : 2 * y_lo
y_pad = (y_hi / y_lo) ** 0.08
set yrange [y_lo / y_pad:y_hi * y_pad]
eval 'set ytics ('.log_tics(y_lo / y_pad, y_hi * y_pad).')'
title_short = sprintf('%s: %s per %s against the knob', kernel, work_unit, unit_name)
title_details = sprintf('counter %s; %s:K corpora on %s, 1 thread', counter, knob_family, knob_size)
caption_text = 'Counts per run (the same in every repetition): no bars.'
load dir.'/caption.gp'
plot for [i=1:words(variants)] summary \
    using (only(i, on_knob(0) ? column('knob') : NaN)):(per_unit(0)) \
    with linespoints ls style(i) title label(word(variants, i))
