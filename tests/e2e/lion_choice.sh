#!/bin/bash
# Cashew: a Lion next to two Pawns in a row can reach the far one by a jump
# or by taking both; the screen lists the moves that end there, saying what
# each captures, and the player picks one by its number.
. "$(dirname "$0")/lib.sh"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 80 24 ${!envs} TERM=xterm-256color -- --variant cashew --mode hotseat \
        --fen "12k/13/13/13/13/13/6p6/5p7/4L!8/13/13/13/K12 w"
    check "$loc: Lion and two Pawns" "Sente to move"
    check_glyphs $loc "^ 5 {18}獅" "^ 5 {18}LN"
    keys h h k k k Enter                   # the cursor starts on g2: e5, pick up the Lion
    check "$loc: the Lion's destinations are marked, up to two squares away" \
        "^ 3 {11}(·|\.) {3}(·|\.) {3}(·|\.) {3}(·|\.) {3}(·|\.) *$"
    keys l l k k Enter                     # g7
    check "$loc: the moves ending on g7 are listed" "Choose a move:"
    check "$loc: 1: the jump takes g7 only" "1  LN e5xg7\+"
    check "$loc: 2: the double capture takes f6 and g7" "2  LN e5xf6xg7\+"
    check "$loc: how to choose" "press 1-2 to pick one"
    keys Escape
    check "$loc: Esc closes the list: the move list is back" "Moves  \(L: the pieces\)$"
    sleep 0.3                              # Esc then a key at once would be Alt-key
    keys Enter                             # the Lion is still picked up: g7 again
    check "$loc: the list again" "2  LN e5xf6xg7\+"
    keys 2
    check "$loc: the double capture is played" "1\. LN e5xf6xg7\+"
    check "$loc: the Lion promoted on capture (Berserker), on g7" "^ 7 {26}狂\+|^ 7 {25}\+BS"
    check_not "$loc: f6 is empty" "^ 6 {21}(v歩| pa)"
    keys u
    check "$loc: undo: both Pawns back" "^ 6 {21}(v歩| pa)"
    keys h h j j Enter l l k k Enter       # the cursor is on g7: e5 to g7 again
    keys 1
    check "$loc: the jump is played" "1\. LN e5xg7\+"
    check "$loc: and f6 keeps its Pawn" "^ 6 {21}(v歩| pa)"
    keys q y
    check "$loc: quit" "EXIT=0"
done
finish
