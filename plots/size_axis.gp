# size_axis.gp - the x axis of the figures against size: log scale, the
# label size_label, one tic at each size drawn (sizes='3 4 5', the
# sweep's plotted sizes in increasing order) written as a count (common.gp:
# separators, 2^k for a power of two from 1024 up), and a margin of a
# fifth of the range on both sides (a factor of 2 around a single size).
set logscale x
set xlabel label(size_label)
set xtics ()
do for [w in sizes] { set xtics add (count_text(w + 0) w + 0) }
x_lo = word(sizes, 1) + 0.0
x_hi = word(sizes, words(sizes)) + 0.0
x_margin = x_hi > x_lo ? (x_hi / x_lo) ** 0.2 : 2
set xrange [x_lo / x_margin:x_hi * x_margin]
