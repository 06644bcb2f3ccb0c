#!/bin/bash
# The config file: its values apply, the command line overrides them, a bad
# line is reported on the screen.  Watch mode: the AI against itself, slow
# enough to follow; + and - set its speed, p pauses it.
. "$(dirname "$0")/lib.sh"
mkdir -p "$XDG_CONFIG_HOME/kage"
cat > "$XDG_CONFIG_HOME/kage/kage.conf" <<'CONF'
# a config file as a person writes it
mode = watch
level = 1
colour = never
clock = 5+3
CONF
start 80 24 LANG=C.UTF-8 TERM=xterm-256color --
check "a bad key: file and line on the message line" "kage\.conf:4: "
check "the config's mode: the AI plays both sides" "Clan: AI 1"
sleep 2.5
plies=$(screen | grep -oE '^ +[0-9]+\. +[^ ]+( +[^ ]+)?' | awk '{ n += NF - 1 } END { print n + 0 }')
if [ -n "$plies" ] && [ "$plies" -ge 1 ] && [ "$plies" -le 5 ]; then
    echo "ok   $TESTNAME: watch mode: $plies plies in about 2.5 s"
else
    echo "FAIL $TESTNAME: watch mode: ${plies:-no} plies in about 2.5 s (at most 5 expected)"
    screen | sed 's/^/     | /'
    FAILS=$((FAILS + 1))
fi
check "the config's clock" "Kingdom: AI 1 +[0-9]:[0-9][0-9]$"
# + and - set how long each move is shown; the choice stays in view over the
# moves that follow; p holds the next move until pressed again
keys +
check "+: faster" "^Watching: a move every 0\.3 s at most \(\+ faster, - slower, p pauses\)"
sleep 1
check "the speed stays over the AI's moves" "^Watching: a move every 0\.3 s"
keys - - -
check "- - -: slower" "^Watching: a move every 2\.5 s at most"
keys + + +
check "+ + +: fast again, so that a pause shows" "^Watching: a move every 0\.3 s"
keys p
check "p: paused" "^Paused: the AI's next move waits \(p goes on\)"
count_plies() { screen | grep -oE '^ +[0-9]+\. +[^ ]+( +[^ ]+)?' | awk '{ n += NF - 1 } END { print n + 0 }'; }
before=$(count_plies)
sleep 2
after=$(count_plies)
if [ "$before" = "$after" ]; then
    echo "ok   $TESTNAME: paused: no move in 2 s ($after plies)"
else
    echo "FAIL $TESTNAME: paused, yet $before plies became $after"
    FAILS=$((FAILS + 1))
fi
keys p
check "p again: the game goes on" "^The game goes on|^(Clan|Kingdom) played"
sleep 2
if [ "$(count_plies)" -gt "$after" ]; then
    echo "ok   $TESTNAME: moves come again"
else
    echo "FAIL $TESTNAME: no move after p"
    FAILS=$((FAILS + 1))
fi
# the AI goes on moving while the question is open: the question stays
keys q
check "quit asks first" "^Quit the game in progress\? \(y/n\)"
sleep 2
check "an AI move leaves the question open" "^Quit the game in progress\? \(y/n\)"
keys y
check "quit" "EXIT=0"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --clock=none
check "the command line overrides the config" "Clan: player *$"
finish
