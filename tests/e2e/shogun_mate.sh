#!/bin/bash
# Shogun chess from the start position to checkmate (the fool's mate, with
# the promoted Duchess as the Queen): moves by keys, typed SAN and UCI.
. "$(dirname "$0")/lib.sh"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 80 24 ${!envs} TERM=xterm-256color -- --variant shogun --mode hotseat
    check "$loc: Shogun chess" "Shogun chess"
    check_glyphs $loc "^ 1  ♖   ♘   ♗   ♕\+  ♔" "^ 1  R   N   B  \+Q   K"
    keys l Enter k Enter                   # the cursor starts on e2: f2, then f3
    check "$loc: f3 by keys" "1\. f3"
    type_move e7e5
    check "$loc: typed UCI" "1\. f3 +e5"
    type_move g4
    check "$loc: typed SAN" "2\. g4"
    check_not "$loc: no check yet" "in check"
    type_move Qh4
    check "$loc: the mating move gets its #" "2\. g4 +Qh4#"
    check "$loc: checkmate in the panel" "^ .{40,}Black wins: checkmate"
    check "$loc: checkmate on the status line" "^Qh4#\. Black wins: checkmate"
    type_move Ke2
    check "$loc: no move after checkmate" "The game is over"
    keys u
    check "$loc: undo: Black to move again" "Black to move"
    check_not "$loc: undo: the mate is gone" "checkmate|Qh4"
    keys r
    check "$loc: redo: checkmate again" "Black wins: checkmate"
    keys q
    check "$loc: quit" "EXIT=0"
done
finish
