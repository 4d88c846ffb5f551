# styles.gp - the fixed colour and marker of each variant, shared by every
# figure: `puzzlebench plot` numbers the variant names of all kernels in
# registry order and passes each series its number as a line style.
# Colours: the Okabe-Ito palette (readable with colour-vision deficiency),
# then darker tones; each style also has its own point type. Okabe-Ito's
# yellow (#F0E442) is too faint on white, so style 8 uses Tol's wine.
set style line 1 lc rgb '#0072B2' lw 2 pt 7 ps 1.2
set style line 2 lc rgb '#D55E00' lw 2 pt 5 ps 1.2
set style line 3 lc rgb '#009E73' lw 2 pt 9 ps 1.4
set style line 4 lc rgb '#CC79A7' lw 2 pt 11 ps 1.4
set style line 5 lc rgb '#E69F00' lw 2 pt 13 ps 1.4
set style line 6 lc rgb '#56B4E9' lw 2 pt 15 ps 1.2
set style line 7 lc rgb '#000000' lw 2 pt 6 ps 1.2
set style line 8 lc rgb '#882255' lw 2 pt 4 ps 1.2
set style line 9 lc rgb '#7F3C8D' lw 2 pt 8 ps 1.4
set style line 10 lc rgb '#11A579' lw 2 pt 10 ps 1.4
set style line 11 lc rgb '#3969AC' lw 2 pt 12 ps 1.4
set style line 12 lc rgb '#E73F74' lw 2 pt 14 ps 1.4
set style line 13 lc rgb '#80BA5A' lw 2 pt 1 ps 1.4
set style line 14 lc rgb '#E68310' lw 2 pt 2 ps 1.4
set style line 15 lc rgb '#008695' lw 2 pt 3 ps 1.4
set style line 16 lc rgb '#A5AA99' lw 2 pt 7 ps 0.8
