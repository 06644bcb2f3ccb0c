#!/bin/bash
# Ways out that no one asked for keep the game: SIGTERM in the middle of a
# game, and the end of input (the terminal kage reads its keys from goes
# away without a SIGHUP to kage).  Each time the autosave holds the moves,
# and the next start offers to resume them.
. "$(dirname "$0")/lib.sh"
KEEP_STATE=1
rm -rf "$XDG_STATE_HOME"

# check_autosave DESCRIPTION REGEX: a line of the autosave matches
check_autosave() { check_file "$1" "$AUTOSAVE" "$2"; }

# --- SIGTERM ------------------------------------------------------------------
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "hot-seat game" "Clan: player"
type_move e4
type_move e5
type_move C@d4
check "three moves" "2\. C@d4"
kill -TERM "$(kage_pid)"
check "SIGTERM: exit status 143" "EXIT=143"
check "SIGTERM: terminal restored" "icanon echo"
check_autosave "SIGTERM: the autosave holds the moves" "^1\. e4 e5 2\. C@d4 \*"
check_autosave "SIGTERM: and the mode" '^\[KageMode "hotseat"\]'

start 80 24 LANG=C.UTF-8 TERM=xterm-256color --
check "after SIGTERM the next start offers to resume" \
    "^Resume the unfinished game\? \(y/n\)  Shinobi\+, hot-seat, 2 moves"
keys y
check "resumed: the moves" "2\. C@d4"
check "resumed: Kingdom to move" "Resumed the unfinished game of Shinobi\+: 2 moves, Kingdom to move"
type_move Nc6
check "a fourth move" "2\. C@d4 +Nc6"
keys q y
check "quit" "EXIT=0"
check_autosave "quit: the autosave holds the four moves" "^1\. e4 e5 2\. C@d4 Nc6 \*"

# --- the end of input -----------------------------------------------------------
# kage reads its keys from the terminal of another window (a 'keyboard'
# that runs only sleep) and draws in its own.  Killing the keyboard window
# hangs up that terminal: kage reads the end of its input, and gets no
# SIGHUP, as that terminal is not its controlling one.  The terminal is
# opened for reading and writing (<>), as a terminal is: libtermkey writes
# to it when it starts.
# (Not lib.sh's session: tmux 3.3 crashes in new-window after
# window-size manual.)
rm -rf "$XDG_STATE_HOME"
tm kill-server 2>/dev/null
for i in 1 2 3 4 5; do
    sleep 0.2
    tm -f /dev/null new-session -d -s "$SESSION" -n keyboard -x 80 -y 24 "sleep 600" 2>/dev/null && break
done
kbd_tty=$(tm display-message -p -t "$SESSION:keyboard" '#{pane_tty}')
tm new-window -t "$SESSION" -n board \
    "env LANG=C.UTF-8 TERM=xterm-256color $(printf '%q ' "$KAGE") --mode hotseat <>$kbd_tty; echo EXIT=\$?; sleep 600"
wait_for "Clan: player" 20 || true
kb() { tm send-keys -t "$SESSION:keyboard" "$@"; }
check "kage draws in one window" "Clan: player"
kb :
kb -l e4
kb Enter
check "and reads the keys of the other" "1\. e4"
kb :
kb -l d5
kb Enter
check "a second move" "1\. e4 +d5"
tm kill-window -t "$SESSION:keyboard"
check "end of input: kage exits with status 1" "EXIT=1"
check_autosave "end of input: the autosave holds the moves" "^1\. e4 d5 \*"

start 80 24 LANG=C.UTF-8 TERM=xterm-256color --
check "after the end of input the next start offers to resume" \
    "^Resume the unfinished game\? \(y/n\)  Shinobi\+, hot-seat, 1 move"
keys y
check "resumed: the moves" "1\. e4 +d5"
check "resumed: Clan to move" "Resumed the unfinished game of Shinobi\+: 1 move, Clan to move"
finish
