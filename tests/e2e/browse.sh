#!/bin/bash
# Browse back and forward through the game; a move from an earlier point
# asks first and replaces the rest.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
type_move e4
type_move e5
type_move d4
check "three moves" "2\. d4"
keys PPage
check "one back: the move shown, the game in moves" "After 1\.\.\. e5, of 2 moves"
check "the rest of the line stays in the list" "2\. d4"
check "the board shows that position: d4 empty again" "^ 4                  歩   "
keys Home
check "to the start" "The start, of 2 moves"
check "the start position" "^ 2  歩  歩  歩  歩  歩  歩  歩  歩"
keys ]
check "one forward" "After 1\. e4, of 2 moves"
keys End
check "to the end" "The last move: play on from here"
keys [ [
check "back two" "After 1\. e4, of 2 moves"
type_move d5
check "a move there asks first" "^Play d5 here and drop the 2 plies from 1\.\.\. e5 on\? \(y/n\)"
keys y
check "the new line" "1\. e4 +d5"
check_not "the old line is gone" "2\. d4"
finish
