# unit_time_vs_size.gp - figure 6: time per unit of work (the kernel's
# units: cube_walk's reachable states) against size, one line per variant
# through the kernel's size sweep (as figure 1), nanoseconds, log-log,
# median with the interquartile range as error bars: a flat line is
# linear time. Drawn for kernels that count units. Inputs: see
# common.gp, plus family='F', size_label='L', sizes='S...' and
# unit_name='U'.
load dir.'/common.gp'
set logscale y
set ylabel sprintf('ns per %s (%s)', unit_name, clock_text)
load dir.'/size_axis.gp'
set title sprintf("%s: time per %s against size\n(%s corpora, 1 thread; median, IQR bars; build time not included)", kernel, unit_name, family)
ns(c) = column('units_per_instance') > 0 ? 1e9 * column(c) / column('units_per_instance') : NaN
plot for [i=1:words(variants)] summary \
    using (only(i, sweep_x(i))):(ns('median_s')):(ns('q1_s')):(ns('q3_s')) \
    with yerrorlines ls style(i) title word(variants, i)
