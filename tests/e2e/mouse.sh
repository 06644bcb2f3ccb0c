#!/bin/bash
# Mouse clicks (X10 reports, as xterm-256color and tmux send them) pick up
# and put down; --no-mouse leaves the mouse alone.
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
finish
