#!/bin/bash
# Two Kage games at once with the same home (two SSH logins, two panes):
# each keeps its own autosave, nothing is overwritten, and the next start
# offers every unfinished game, one after the other.
. "$(dirname "$0")/lib.sh"
KEEP_STATE=1
rm -rf "$XDG_STATE_HOME"
# A: hot-seat Shinobi+, e4 e5 d4
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "A: a game" "Clan: player"
type_move e4
type_move e5
type_move d4
check "A: three moves" "2\. d4"
# B: Shogun, a3, in a second session of the same server, same home (tmux 3.3a
# crashes making a session while window-size is manual: set it around)
tm set-option -g window-size latest
tm new-session -d -s second -x 80 -y 24 \
    "env LANG=C.UTF-8 TERM=xterm-256color $(printf '%q ' "$KAGE") --mode hotseat --variant shogun; echo EXIT=\$?; sleep 600"
tm set-option -g window-size manual
SESSION=second
wait_for '[^[:space:]]' 20 || true
check "B: told it has an autosave of its own" "Another Kage game is running with this home: this one is autosaved apart"
type_move a3
check "B: its move" "1\. a3"
# quit A, then B: both games kept
SESSION=kage
keys q y
check "A: quit" "EXIT=0"
SESSION=second
keys q y
check "B: quit" "EXIT=0"
SESSION=kage
check_file "A's game is kept" "$AUTOSAVE" '^1\. e4 e5 2\. d4 \*'
check_file "B's game is kept apart" "$XDG_STATE_HOME/kage/autosave-2.pgn" '^1\. a3 \*'
# the next start offers both
start 80 24 LANG=C.UTF-8 TERM=xterm-256color --
check "the first unfinished game is offered" "^Resume the unfinished game \(1 of 2\)\? \(y/n\)  Shinobi\+, hot-seat, 2 moves"
keys n
check "then the second" "^Resume the unfinished game \(2 of 2\)\? \(y/n\)  Shogun chess, hot-seat, 1 move"
keys y
check "B's game resumed" "1\. a3"
type_move e5
check "and goes on" "1\. a3 +e5"
keys q y
check "quit" "EXIT=0"
check_file "B's game went on in its own file" "$XDG_STATE_HOME/kage/autosave-2.pgn" '^1\. a3 e5 \*'
check_file "A's game is still there for the next start" "$AUTOSAVE" '^1\. e4 e5 2\. d4 \*'
finish
