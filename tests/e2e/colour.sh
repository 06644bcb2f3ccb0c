#!/bin/bash
# Colour: NO_COLOR and --color=never draw without colour (side and
# promotion still clear); --color=always with colours; a theme of the
# user's own from $XDG_CONFIG_HOME/kage/themes; a broken theme file is
# reported as file:line and the default theme is used.
. "$(dirname "$0")/lib.sh"
# the screen with its attributes, as tmux holds them
screen_sgr() { tm capture-pane -e -p -t "$SESSION" 2>/dev/null; }
# a foreground or background colour in a run of SGR parameters
COLOUR_RE=$'\e\\[([0-9;]*;)?([34][0-7]|[34]8;5;[0-9]+|9[0-7]|10[0-7])(;[0-9;]*)?m'
check_colour() { # check_colour DESCRIPTION yes|no
    sleep 0.3
    local found=no
    screen_sgr | grep -Eq -- "$COLOUR_RE" && found=yes
    if [ "$found" = "$2" ]; then
        echo "ok   $TESTNAME: $1"
    else
        echo "FAIL $TESTNAME: $1 (colour on the screen: $found)"
        screen_sgr | sed -n 1,6p | cat -v | sed 's/^/     | /'
        FAILS=$((FAILS + 1))
    fi
}
check_sgr() { # check_sgr DESCRIPTION REGEX: the screen with attributes matches
    sleep 0.3
    if screen_sgr | grep -Eq -- "$2"; then
        echo "ok   $TESTNAME: $1"
    else
        echo "FAIL $TESTNAME: $1 (no /$2/ in the attributes)"
        screen_sgr | sed -n 1,4p | cat -v | sed 's/^/     | /'
        FAILS=$((FAILS + 1))
    fi
}

start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --color=always
check "start" "Clan: player"
check_colour "--color=always: colours" yes
keys q

start 80 24 LANG=C.UTF-8 TERM=xterm-256color NO_COLOR=1 -- --mode hotseat
check "NO_COLOR: start" "Clan: player"
check_colour "NO_COLOR: no colour" no
check "NO_COLOR: dark squares shaded instead" "░"
keys q

start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --color=never
check "--color=never: start" "Clan: player"
check_colour "--color=never: no colour" no
keys q

start 80 24 LANG=C TERM=xterm-256color -- --mode hotseat --color=never
check "letters without colour: the Kingdom's pieces in lower case" "^ 8 +r +n +b +q +k +b +n +r"
check "and the Clan's in upper case" "^ 2 +P +P +P +P +P +P +P +P"
keys q

# a theme of the user's own, by name, from the XDG config directory
mkdir -p "$XDG_CONFIG_HOME/kage/themes"
cat >"$XDG_CONFIG_HOME/kage/themes/e2e.theme" <<'EOF'
# a test theme: a green title
[256]
title = 46 default bold
EOF
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --theme e2e
check "XDG theme: start" "Clan: player"
check_sgr "XDG theme: its title colour" $'\e\\[([0-9;]*;)?38;5;46[;m]'
keys q

# a broken theme: file:line and the default theme
cat >"$XDG_CONFIG_HOME/kage/themes/broken.theme" <<'EOF'
[256]
title = 46 default bold
no-such-key = red
EOF
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --theme broken
check "broken theme: file and line" "broken\.theme:3: "
check_sgr "broken theme: the default theme's title colour" $'\e\\[([0-9;]*;)?38;5;161[;m]'
keys q
check "quit" "EXIT=0"
finish
