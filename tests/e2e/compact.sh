#!/bin/bash
# The compact layout (phones over SSH, split panes): at 40x14 the whole 8x8
# game is in view, squares of two cells and one line, the players and the
# status under the board; moves by keys, typed and dropped from the hand; L
# shows the moves and the pieces; Cashew fits 56x18; growing the terminal
# brings the full layout back.
. "$(dirname "$0")/lib.sh"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 40 14 ${!envs} TERM=xterm-256color -- --mode hotseat
    check_glyphs $loc "^ 8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜  Kingdom hand: -" "^ 8 r n b q k b n r  Kingdom hand: -"
    check "$loc: file letters" "^   a b c d e f g h$"
    check "$loc: the players under the board" "^(▶|>) Clan: player"
    keys Escape                        # the welcome message goes
    check "$loc: the status" "^Clan to move"
    check "$loc: the keys, shortly" "^arrows Enter: move  Tab: hand  \?: help"
    keys Enter k k Enter               # the cursor starts on e2: e2-e4
    check "$loc: e4 by keys" "^ 4         (歩|P)"
    check "$loc: the Kingdom to move" "^Kingdom to move"
    type_move d5
    type_move exd5
    check "$loc: a capture" "^ 5       (歩|P)"
    check "$loc: what the Clan took" "took (♟|p) 1"
    type_move Qxd5
    keys Tab                           # the first piece in hand: the Captain
    check "$loc: a piece in hand picked up" "Drop Captain"
    keys j j Enter                     # from the cursor's square (e4) down to e2
    check "$loc: dropped" "^ 2 (歩歩歩歩尉|P P P P C)"
    keys L
    check "$loc: L: the moves" "2\. exd5 +Qxd5"
    check "$loc: and the pieces" "Pieces 1/2 \(L: more\)"
    keys L
    check "$loc: L: their second page" "Pieces 2/2 L: board"
    keys L
    check "$loc: L again: the board" "^   a b c d e f g h$"
    resize 80 24
    check "$loc: the full layout at 80x24" "a   b   c   d   e   f   g   h"
    check "$loc: at 80x24 too, what each side took" "Kingdom took"
    check "$loc: ... under a title of its own" "Clan took"
    resize 39 14
    check "$loc: 39 columns: too small, the size needed" "need 40x14, have 39x14"
    resize 40 14
    check "$loc: compact again" "^   a b c d e f g h$"
    keys q y
    check "$loc: quit" "EXIT=0"
done
start 56 18 LANG=C.UTF-8 TERM=xterm-256color -- --variant cashew --mode hotseat
check "Cashew at 56x18" "^ 1 香鬼冠蝶奔佐王佑駿城竜鉤香"
check "Cashew: the panel beside it" "Sente to move"
check "Cashew: the moves" "Moves"
keys q
check "Cashew: quit" "EXIT=0"
finish
