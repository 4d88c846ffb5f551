# census_levels.gp - the distributed census per depth: for
# each depth, the slowest process's compute seconds and MPI seconds
# (stacked), and the bytes the processes sent one another, from the CSV
# of `mpirun -np P puzzlebench census ... --format csv` (its columns
# depth, compute_seconds, comm_seconds, bytes_sent, found by name).
# Usage:
#   gnuplot -e "data='census.csv'; out='levels.svg'" plots/census_levels.gp
# Optional: title='...' (default: 'census per depth').
if (!exists('data') || !exists('out')) {
    print "census_levels.gp: give data='CSV' and out='FILE.svg'"
    exit status 2
}
set datafile separator ','
set datafile columnheaders
if (out[strlen(out)-2:] eq 'png') { set terminal pngcairo size 900,700 font 'Helvetica,11' } else { set terminal svg size 900,700 dynamic enhanced font 'Helvetica,12' }
set output out
if (!exists('title')) { title = 'census per depth' }
stats data using (column('depth')) nooutput
depth_max = STATS_max
set multiplot layout 2,1 title title
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set key top left
set ylabel 'seconds (slowest process)'
set xlabel 'depth'
set xtics out nomirror
set ytics nomirror
set grid ytics lc rgb '#dddddd'
plot data using (column('compute_seconds')):xtic(int(column('depth')) % 5 == 0 ? stringcolumn('depth') : '') \
        lc rgb '#0072B2' title 'compute (expand, mark)', \
     '' using (column('comm_seconds')) lc rgb '#D55E00' title 'MPI (exchange and wait)'
set style data linespoints
set ylabel 'MiB sent (all processes)'
set logscale y
set yrange [0.001:*]
set xrange [-0.5:depth_max + 0.5]
plot data using (column('depth')):(column('bytes_sent') > 0 ? column('bytes_sent') / 1048576 : NaN) \
        lc rgb '#009E73' pt 7 ps 0.8 lw 2 title 'bytes sent to other processes'
unset multiplot
