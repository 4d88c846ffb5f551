# work_per_unit_vs_knob.gp - figure 7: the kernel's main work counter
# (cube_walk: queue pops) per unit of work (reachable state) against the
# knob K of the family NAME:K run at the most knobs (summary.h's knob
# sweep: one size, one process of one thread), one line per variant, log y: how a
# label-correcting search's re-expansions grow with an adversarial knob
# while a label-setting one stays at 1. Inputs: see common.gp, plus
# knob_family='NAME', knob_size='S', unit_name='U' and work_unit='W'.
load dir.'/common.gp'
set logscale y
set xlabel sprintf('%s:K, the knob K', knob_family)
set ylabel sprintf('%s per %s', work_unit, unit_name)
set title sprintf("%s: %s per %s against the knob\n(%s:K corpora on %s, 1 thread)", kernel, work_unit, unit_name, knob_family, knob_size)
on_knob(x) = serial(0) && strcol('size') eq knob_size && \
    strstrt(strcol('family'), knob_family.':') == 1
per_unit(x) = column('units_per_instance') > 0 && column('work_per_instance') > 0 ? column('work_per_instance') / column('units_per_instance') : NaN
plot for [i=1:words(variants)] summary \
    using (only(i, on_knob(0) ? column('knob') : NaN)):(per_unit(0)) \
    with linespoints ls style(i) title word(variants, i)
