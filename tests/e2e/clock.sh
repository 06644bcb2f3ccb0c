#!/bin/bash
# Clocks: shown beside each side, tenths under ten seconds, loss on time
# ends the game; pause in hot-seat.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --clock=0:02
# as on pychess.org the clocks start with the first move
sleep 2.5
check "no clock runs before the first move" "Clan: you +0:02\.0$"
keys :
keys -l d4
keys Enter
check "tenths under 10 s" "Clan: you +0:0[01]\.[0-9]$"
check "the first move cost nothing" "1\. d4"
check "loss on time" "Kingdom wins: Clan lost on time" 6
check "the clock stops at zero" "Clan: you +0:00\.0$"
keys q
check "quit without a question" "EXIT=0"
start 80 24 LANG=C -- --mode hotseat --clock=5+3
check "letters: clocks too" "Clan: player +[45]:[0-9][0-9]$"
keys p
check "pause" "Paused: the clocks stand still"
check "pause mark" "Clan: player +[45]:[0-9][0-9] \|\|$"
keys Enter
check "no move while paused" "The clocks are paused: p goes on"
keys p
check "go on" "The clocks run again"
start 80 24 LANG=C.UTF-8 -- --mode hotseat --clock=5+
check "bad --clock: message" "kage: --clock: "
check "bad --clock: exit 2" "EXIT=2"
finish
