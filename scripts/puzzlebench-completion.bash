# puzzlebench-completion.bash - bash completion for puzzlebench: verbs
# (from `puzzlebench --help`), each verb's long options (read from
# `puzzlebench VERB --help`; run's are bench's but --against's), kernels
# (from `puzzlebench list`), a kernel's variants after --variant, and its
# families after --family (from `puzzlebench list --families`), the
# suites after --suite (from `puzzlebench list --suites`), the clocks
# after --clock (cpu, wall), plot's size presets after --size (column,
# page) and title modes after --title (none, short, full); files
# elsewhere. Load it with
#   source scripts/puzzlebench-completion.bash
# or install it as /usr/share/bash-completion/completions/puzzlebench.
# It asks the puzzlebench being completed (the first word as typed, else
# the one on PATH), so completions follow that build's registry.
# No word list ever reaches `compgen -W`, which expands $(...), backquotes
# and $VAR inside its words: a suite file named `$(id>X).suite` would run
# `id`. Candidates are filtered into COMPREPLY by a plain prefix test
# instead (_puzzlebench_offer), whatever their source.

# _puzzlebench_offer CUR: appends to COMPREPLY each line of stdin that
# starts with CUR, as text (nothing in it is expanded); fed by redirection,
# never a pipe, whose subshell would lose COMPREPLY
_puzzlebench_offer() {
    local word
    while IFS= read -r word; do
        [ -n "$word" ] && [[ $word == "$1"* ]] && COMPREPLY+=("$word")
    done
}

# the verbs of `puzzlebench --help`: its "verbs:" block, first words
_puzzlebench_verbs() {
    "$1" --help 2>/dev/null | sed -n '/^verbs:/,/^$/p' |
        sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'
}

_puzzlebench_kernels() {
    "$1" list 2>/dev/null | awk '/^[a-z]/ { print $1 }'
}

# the variants of kernel $2
_puzzlebench_variants() {
    "$1" list 2>/dev/null |
        awk -v k="$2" '/^[a-z]/ { on = ($1 == k); next }
            on { sub(/^  [* ] */, ""); print $1 }'
}

# the family names of kernel $2, each with ':' when it takes a knob
_puzzlebench_families() {
    "$1" list --families 2>/dev/null |
        awk -v k="$2" '/^[a-z]/ { on = ($1 == k); next }
            on && /families:/ { sub(/^ *families: */, ""); sub(/; size.*/, "")
                n = split($0, f, /\|/)
                for (i = 1; i <= n; i++) {
                    w = f[i]; sub(/^ */, "", w); sub(/ .*/, "", w)
                    sub(/\[:.*/, ":", w); sub(/:.*/, ":", w); print w } }'
}

_puzzlebench() {
    local cur prev pb verb kernel i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    pb=${COMP_WORDS[0]}
    command -v "$pb" >/dev/null 2>&1 || pb=puzzlebench
    verb=${COMP_WORDS[1]}
    if [ "$COMP_CWORD" -eq 1 ]; then
        _puzzlebench_offer "$cur" < <(_puzzlebench_verbs "$pb"
            printf '%s\n' --help --version)
        return
    fi
    # the kernel: the first word after the verb that is one
    local kernels
    kernels=$(_puzzlebench_kernels "$pb")
    for ((i = 2; i < COMP_CWORD; i++)); do
        if printf '%s\n' "$kernels" | grep -qxF -- "${COMP_WORDS[i]}"; then
            kernel=${COMP_WORDS[i]}
            break
        fi
    done
    case $prev in
    --variant | -v | --variants)
        # --variants: bench --corpus's list, after --kernel K (its first
        # item; compare's variants come from results, not completed)
        [ -n "$kernel" ] && _puzzlebench_offer "$cur" < <(
            _puzzlebench_variants "$pb" "$kernel"
            echo all)
        return
        ;;
    --kernel)
        _puzzlebench_offer "$cur" <<<"$kernels"
        return
        ;;
    --family | -f)
        if [ -n "$kernel" ] && [ "$verb" = gen ]; then
            compopt -o nospace 2>/dev/null
            _puzzlebench_offer "$cur" < <(_puzzlebench_families "$pb" "$kernel")
            return
        fi
        ;;
    --console)
        if [ "$verb" = bench ] || [ "$verb" = run ]; then
            _puzzlebench_offer "$cur" < <(printf '%s\n' compact gbench)
            return
        fi
        ;;
    --clock)
        _puzzlebench_offer "$cur" < <(printf '%s\n' cpu wall)
        return
        ;;
    --size | --title)
        # plot's presets and title modes (gen's --size is a kernel's size)
        if [ "$verb" = plot ]; then
            if [ "$prev" = --size ]; then
                _puzzlebench_offer "$cur" < <(printf '%s\n' column page)
            else
                _puzzlebench_offer "$cur" < <(printf '%s\n' none short full)
            fi
            return
        fi
        ;;
    --suite | -s)
        # the suites bench finds by name: `list --suites`, its first
        # column (as wide as its heading's, so a name may hold a blank)
        _puzzlebench_offer "$cur" < <("$pb" list --suites 2>/dev/null |
            LC_ALL=C awk 'NR == 1 { w = index($0, "  on 2 cores") - 1; next }
                w > 0 { n = substr($0, 1, w); sub(/ +$/, "", n); print n }')
        mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
        return
        ;;
    esac
    if [[ $cur == -* ]]; then
        # the options the help lists, one a line: "  -x, --name ..."; run
        # takes bench's and --data, but not --against and what goes with
        # it (bench's alone); in byte order whatever the locale
        # (--round-seed before --rounds)
        local helped=$verb extra="" skip='^$'
        if [ "$verb" = run ]; then
            helped=bench extra=--data
            skip='^--(against|band|fail-above|round-index|side|verified-in)$'
        fi
        _puzzlebench_offer "$cur" < <(
            [ -n "$extra" ] && echo "$extra"
            "$pb" "$helped" --help 2>/dev/null |
                grep -oE -- '^ +(-[A-Za-z], )?--[a-z][a-z-]*' |
                grep -oE -- '--[a-z][a-z-]*' | grep -vE -- "$skip" |
                LC_ALL=C sort -u)
        return
    fi
    case $verb in
    solve | gen | verify | census)
        if [ -z "$kernel" ]; then
            _puzzlebench_offer "$cur" <<<"$kernels"
            return
        fi
        ;;
    esac
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}
complete -F _puzzlebench puzzlebench
