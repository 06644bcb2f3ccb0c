#!/bin/bash
# Mouse clicks (X10 reports, as xterm-256color and tmux send them) pick up
# and put down, on the board and in the hands; --no-mouse leaves the mouse
# alone.
. "$(dirname "$0")/lib.sh"
# click COL ROW (0-based cell): an X10 press and release, sent as terminal input
click() {
    local cb=$((32 + 0)) cx=$((33 + $1)) cy=$((33 + $2))
    keys -H 1b 5b 4d "$(printf %x $cb)" "$(printf %x $cx)" "$(printf %x $cy)"
    keys -H 1b 5b 4d 23 "$(printf %x $cx)" "$(printf %x $cy)"
}
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "start" "Clan: player"
# 80x24, 8x8: squares 4x2 from (3,1); e2 is column 4, row 6 -> cell (19,14); e4 -> (19,10)
click 19 14
click 19 10
check "click, click: e4" "1\. e4"
keys q y

# a drop: click the first piece of the Clan's hand (its first entry at
# (38,11) in this layout), then a3 (column 0, row 12 -> cell (3,12))
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "start again" "Clan: player"
click 38 11
check "a click on the hand picks the piece up" ">尉 1"
click 3 12
check "a click on a square drops it" "1\. C@a3"
keys q y

# --no-mouse: mouse reports (a terminal left in mouse mode) are ignored
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --no-mouse
check "start without the mouse" "Clan: player"
click 19 14
click 19 10
check_not "clicks make no move" "1\. e4"
keys q
check "quit" "EXIT=0"
finish
