#!/bin/bash
# The terminal is restored on SIGTERM and SIGHUP, and after Ctrl-Z and fg.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "running" "Clan: player"
pkill_kage() { tm list-panes -t "$SESSION" -F '#{pane_pid}' | xargs -I{} pgrep -P {} -x "$(basename "$KAGE")" ; }
pid=$(pkill_kage)
kill -TERM "$pid"
check "SIGTERM: exit status 143" "EXIT=143"
check "SIGTERM: terminal restored" "icanon echo"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "running again" "Clan: player"
pid=$(pkill_kage)
kill -HUP "$pid"
check "SIGHUP: exit" "EXIT=129"
check "SIGHUP: terminal restored" "icanon echo"
# Ctrl-Z from an interactive shell: the shell gets a sane terminal, fg redraws
session 80 24 "bash --norc -i"
keys "LANG=C.UTF-8 $(printf %q "$KAGE") --mode hotseat" Enter
check "running under a shell" "Clan: player"
keys C-z
check "Ctrl-Z stops it" "Stopped"
keys "stty -a | grep -o -w -e icanon -e echo | tr '\\n' ' '; echo" Enter
check "Ctrl-Z: terminal restored for the shell" "^icanon echo"
keys fg Enter
check "fg: the board is back" "▶ Clan: player"
keys q
check "quit after fg: the shell prompt is back" '^bash[^ ]*[$#] *$'
# the keyboard's terminal open only for reading: kage takes it read-write
keys clear Enter
keys "LANG=C.UTF-8 $(printf %q "$KAGE") --mode hotseat </dev/tty; echo EXIT=\$?" Enter
check "stdin read-only: running" "Clan: player"
keys : e4 Enter
check "stdin read-only: keys work" "1\. e4"
keys q y
check "stdin read-only: quits" "EXIT=0"
finish
