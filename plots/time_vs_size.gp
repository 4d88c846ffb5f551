# time_vs_size.gp - figure 1: time per instance against size, one line
# per variant through the kernel's size sweep (the family run at the most
# sizes, one thread, the largest corpus per size: summary.h), log-log,
# median with the interquartile range as error bars, a tic at each size
# drawn (size_axis.gp), time tics with their unit (common.gp). A table
# variant's build time is not in it (the report's table has it).
# Inputs: see common.gp, plus family='F', size_label='L' and sizes='S...'.
load dir.'/common.gp'
set logscale y
set ylabel sprintf('time per instance (solve only, %s)', clock_text)
set format y time_tics
load dir.'/size_axis.gp'
set title sprintf("%s: time per instance against size\n(%s corpora, 1 thread; median, IQR bars; build time not included)", kernel, family)
plot for [i=1:words(variants)] summary \
    using (only(i, sweep_x(i))):(column('median_s')):(column('q1_s')):(column('q3_s')) \
    with yerrorlines ls style(i) title word(variants, i)
