#!/bin/bash
# Shinobi+ to a result: the Clan's King walks to the last rank (campmate),
# by keys and by typed moves in both notations, past a move the rules
# refuse; the result and its reason stay on screen, undo and redo cross it.
. "$(dirname "$0")/lib.sh"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 80 24 ${!envs} TERM=xterm-256color -- --mode hotseat --fen "7k/r7/8/4K3/8/8/8/8[] w - - 0 1"
    check "$loc: position from --fen" "Clan to move"
    check_glyphs $loc "^ 5 +王" "^ 5 +K"
    keys k k k Enter k Enter               # the cursor starts on e2: up to e5, pick up, e6
    check "$loc: King moved by keys" "1\. Ke6"
    type_move Kh7
    check "$loc: typed SAN" "1\. Ke6 +Kh7"
    type_move Ke7
    check "$loc: into the Rook's line is refused" "^illegal move: Ke7"
    type_move Kf6
    type_move a7a1                         # UCI: the Rook leaves the 7th rank
    check "$loc: typed UCI" "2\. Kf6 +Ra1"
    type_move Ke7
    type_move Kh6
    check "$loc: the King on the 7th" "3\. Ke7 +Kh6"
    type_move Ke8
    check "$loc: campmate in the panel" "^ .{40,}Clan wins: campmate"
    check "$loc: campmate on the status line" "^Ke8\. Clan wins: campmate"
    check_not "$loc: nobody to move after the end" "(▶|>) (Clan|Kingdom)"
    keys Enter
    check "$loc: no move after the end" "The game is over"
    keys u
    check "$loc: undo takes the last move back" "Clan to move"
    check_not "$loc: the result is gone" "campmate"
    keys r
    check "$loc: redo reaches the result again" "Clan wins: campmate"
    keys q
    check "$loc: quit without a question after the end" "EXIT=0"
done
finish
