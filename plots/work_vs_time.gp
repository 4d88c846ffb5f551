# work_vs_time.gp - figure 5: the kernel's unit of work per instance
# (states expanded, table look-ups, turns) against time per instance,
# log-log, one point per serial benchmark (one process of one thread):
# points on one diagonal do the same work per second, so algorithmic
# savings (less work) and per-state speed (a shorter time for the same
# work) separate.
# Inputs: see common.gp.
load dir.'/common.gp'
set logscale xy
set xlabel sprintf('time per instance (solve only, %s)', clock_text)
set format x time_tics
set format y '%.0s%c'
set ylabel 'work per instance (states expanded, look-ups or turns)'
set title sprintf('%s: work against time (1 thread; build time not included)', kernel)
plot for [i=1:words(variants)] summary \
    using (only(i, serial(0) ? column('median_s') : NaN)):(column('work_per_instance') > 0 ? column('work_per_instance') : NaN) \
    with points ls style(i) title word(variants, i)
