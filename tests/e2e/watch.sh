#!/bin/bash
# The config file: its values apply, the command line overrides them, a bad
# line is reported on the screen.  Watch mode: the AI against itself, slow
# enough to follow.
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
