# caption.gp - the end of every figure script's set-up: the title
# title_mode asks for (none; short: title_short, one line; full: that
# and below it, in brackets, title_details) and, given caption_out, the
# caption there, one paragraph: title_short (title_details), then
# caption_text (what the bars are, what a hollow point means).
if (title_mode eq 'full') {
    set title label(title_short)."\n".label('('.title_details.')')
} else {
    if (title_mode eq 'short') { set title label(title_short) } else { unset title }
}
if (exists('caption_out')) {
    set print caption_out
    print title_short.' ('.title_details.'). '.caption_text
    set print
}
