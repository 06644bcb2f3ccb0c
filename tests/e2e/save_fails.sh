#!/bin/bash
# The autosave cannot be written (a full disk, the state folder gone): the
# move is said not to be saved, and at the end the game is written on the
# terminal once the screen is closed, with a non-zero exit; nothing is lost.
. "$(dirname "$0")/lib.sh"
KEEP_STATE=1
rm -rf "$XDG_STATE_HOME"
start 80 30 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "hot-seat game" "Clan: player"
type_move e4
check "the first move is saved" "1\. e4"
[ -f "$AUTOSAVE" ] && echo "ok   $TESTNAME: autosave written" || { echo "FAIL $TESTNAME: no autosave"; FAILS=$((FAILS + 1)); }
# the state folder becomes a file: every later write fails, as on a full disk
rm -rf "$XDG_STATE_HOME/kage"
printf 'not a folder' > "$XDG_STATE_HOME/kage"
type_move e5
check "the move is said not to be saved" "^The game could not be saved: "
keys q
check "quit asks" "Quit the game in progress\?"
keys y
check "after the screen: why" "^kage: the game in progress could not be saved: "
check "after the screen: the moves, to keep" "^1\. e4 e5 \*"
check "after the screen: how to use them" "kage --load=FILE resumes it"
check "exit status 1" "EXIT=1"
finish
