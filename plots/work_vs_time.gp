# work_vs_time.gp - figure 5: the kernel's unit of work per instance
# (states expanded, table look-ups, turns) against time per instance,
# log-log, one point per serial benchmark (one process of one thread):
# points on one diagonal do the same work per second, so algorithmic
# savings (less work) and per-state speed (a shorter time for the same
# work) separate. Points at the centre of the time's interval over
# rounds, hollow without one (common.gp); counts with separators.
# Inputs: see common.gp.
load dir.'/common.gp'
set logscale xy
set xlabel label(sprintf('time per instance (%s)', clock_text))
undefine STATS_*
stats summary using (strcol('kernel') eq kernel && serial(0) ? column('median_s') : NaN) nooutput
# a tic every other decade where they would crowd
if (exists('STATS_min') && STATS_max / STATS_min > 1e4) { set xtics 100 }
set format x time_tics
work(x) = column('work_per_instance') > 0 ? column('work_per_instance') : NaN
undefine STATS_*
stats summary using (strcol('kernel') eq kernel && serial(0) ? work(0) : NaN) nooutput
if (exists('STATS_min')) {
    set yrange [tic_from(STATS_min):10 * tic_from(STATS_max)]
    eval 'set ytics ('.log_tics(tic_from(STATS_min), 10 * tic_from(STATS_max)).')'
}
set ylabel label('work per instance')
title_short = sprintf('%s: work against time', kernel)
title_details = sprintf('work: states expanded, look-ups or turns per instance; time per instance, solve only, %s; 1 thread; build time not included', clock_text)
caption_text = 'Horizontal bars: the 95 % t interval of the time over the run''s rounds, points at its centre. '.hollow_text.'.'
load dir.'/caption.gp'
plot for [i=1:words(variants)] summary \
    using (only(i, serial(0) && sure('time_ci_lo_s') ? centre('time_ci_lo_s', 'time_ci_hi_s') : NaN)):(work(0)):(column('time_ci_lo_s')):(column('time_ci_hi_s')) \
    with xerrorbars ls style(i) dt 1 notitle, \
    for [i=1:words(variants)] summary \
    using (only(i, serial(0) && !sure('time_ci_lo_s') ? column('median_s') : NaN)):(work(0)) \
    with points ls style(i) pt hollow_pt(style(i)) notitle, \
    for [i=1:words(variants)] NaN with points ls style(i) title label(word(variants, i))
