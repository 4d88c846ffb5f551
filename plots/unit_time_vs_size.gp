# unit_time_vs_size.gp - figure 6: time per unit of work (the kernel's
# units: cube_walk's reachable states) against size, one line per variant
# through the kernel's size sweep (as figure 1), log-log, with the 95 %
# interval over rounds as bars and hollow points as figure 1: a flat line
# is linear time. Time tics with their unit. Drawn for kernels that count
# units. Inputs: see common.gp, plus family='F', size_label='L',
# sizes='S...' and unit_name='U'.
load dir.'/common.gp'
set logscale y
set ylabel axis_text(sprintf('time per %s (%s)', unit_name, clock_text))
set format y time_tics
load dir.'/size_axis.gp'
title_short = sprintf('%s: time per %s against size', kernel, unit_name)
title_details = sprintf('solve only, %s; %s corpora, 1 thread; build time not included', clock_text, family)
caption_text = bars_text.'. '.hollow_text.'.'
load dir.'/caption.gp'
per(v) = column('units_per_instance') > 0 ? v / column('units_per_instance') : NaN
plot for [i=1:words(variants)] summary \
    using (only(i, sweep_x(i))):(per(through('time_ci_lo_s', 'time_ci_hi_s', 'median_s'))) \
    with lines ls style(i) notitle, \
    for [i=1:words(variants)] summary \
    using (only(i, sure('time_ci_lo_s') ? sweep_x(i) : NaN)):(per(centre('time_ci_lo_s', 'time_ci_hi_s'))):(per(column('time_ci_lo_s'))):(per(column('time_ci_hi_s'))) \
    with yerrorbars ls style(i) dt 1 notitle, \
    for [i=1:words(variants)] summary \
    using (only(i, sure('time_ci_lo_s') ? NaN : sweep_x(i))):(per(column('median_s'))) \
    with points ls style(i) pt hollow_pt(style(i)) notitle, \
    for [i=1:words(variants)] NaN with linespoints ls style(i) title label(word(variants, i))
