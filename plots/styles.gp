# styles.gp - the fixed colour, dash and marker of each variant, shared
# by every figure: `puzzlebench plot` numbers the variant names of all
# kernels in registry order and passes each series its number as a line
# style. Colours: the Okabe-Ito palette (readable with colour-vision
# deficiency), then darker tones; Okabe-Ito's yellow (#F0E442) is too
# faint on white, so style 8 uses Tol's wine. In grayscale print the
# dash pattern (5 kinds) and the filled marker (6 shapes) tell the styles
# apart: no two of the 16 share both. style_pt(s) is style s's marker,
# hollow_pt(s) the same shape hollow (a point without an interval).
colours = '#0072B2 #D55E00 #009E73 #CC79A7 #E69F00 #56B4E9 #000000 #882255 #7F3C8D #11A579 #3969AC #E73F74 #80BA5A #E68310 #008695 #6F6F6F'
filled_pts = '7 5 9 11 13 15'
style_pt(s) = int(word(filled_pts, (s - 1) % 6 + 1))
hollow_pt(s) = style_pt(s) - 1
do for [s=1:16] {
    dash = (s - 1) % 5 + 1
    set style line s lc rgb word(colours, s) lw 2 dt dash pt style_pt(s) ps 1.3
}
# reference lines (the ideal speed-up, the baseline's 1): black, thin,
# solid, no marker; dark enough for print
set style line 100 lc rgb '#000000' lw 1 dt 1
