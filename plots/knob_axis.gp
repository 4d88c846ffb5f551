# knob_axis.gp - the x axis of the figures against a family's knob K:
# from the sweep's smallest knob to its largest (knob_range='LO HI'),
# with a margin on both sides, on a log scale when they span a decade or
# more (near:1 to near:512), else a linear one; a tic at each knob when
# there are at most 12 (knob_tics='1 2 4', increasing; '' when more:
# log_tics, or gnuplot's own on a linear axis). Sets knob_log.
k_lo = words(knob_range) == 2 ? word(knob_range, 1) + 0.0 : 1
k_hi = words(knob_range) == 2 ? word(knob_range, 2) + 0.0 : k_lo
knob_log = k_lo > 0 && k_hi >= 10 * k_lo
if (knob_log) {
    set logscale x
    k_margin = (k_hi / k_lo) ** 0.05
    set xrange [k_lo / k_margin:k_hi * k_margin]
} else {
    k_margin = k_hi > k_lo ? 0.08 * (k_hi - k_lo) : 1
    set xrange [k_lo - k_margin:k_hi + k_margin]
}
if (words(knob_tics) > 0) {
    set xtics ()
    do for [w in knob_tics] { set xtics add (count_text(w + 0) w + 0) }
} else {
    if (knob_log) { eval 'set xtics ('.log_tics(k_lo / k_margin, k_hi * k_margin).')' }
}
