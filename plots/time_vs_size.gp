# time_vs_size.gp - figure 1: time per instance against size, one line
# per variant through the kernel's size sweep (the family run at the most
# sizes, one thread, the largest corpus per size: summary.h), log-log,
# with the 95 % interval over rounds as bars (common.gp: sure, hollow
# points), a tic at each size drawn (size_axis.gp), time tics with their
# unit (common.gp). A table variant's build time is not in it (the
# report's table has it).
# Inputs: see common.gp, plus family='F', size_label='L' and sizes='S...'.
load dir.'/common.gp'
set logscale y
set ylabel axis_text(sprintf('time per instance (%s)', clock_text))
set format y time_tics
load dir.'/size_axis.gp'
title_short = sprintf('%s: time per instance against size', kernel)
title_details = sprintf('solve only, %s; %s corpora, 1 thread; build time not included', clock_text, family)
caption_text = bars_text.'. '.hollow_text.'.'
load dir.'/caption.gp'
plot for [i=1:words(variants)] summary \
    using (only(i, sweep_x(i))):(through('time_ci_lo_s', 'time_ci_hi_s', 'median_s')) \
    with lines ls style(i) notitle, \
    for [i=1:words(variants)] summary \
    using (only(i, sure('time_ci_lo_s') ? sweep_x(i) : NaN)):(centre('time_ci_lo_s', 'time_ci_hi_s')):(column('time_ci_lo_s')):(column('time_ci_hi_s')) \
    with yerrorbars ls style(i) dt 1 notitle, \
    for [i=1:words(variants)] summary \
    using (only(i, sure('time_ci_lo_s') ? NaN : sweep_x(i))):(column('median_s')) \
    with points ls style(i) pt hollow_pt(style(i)) notitle, \
    for [i=1:words(variants)] NaN with linespoints ls style(i) title label(word(variants, i))
