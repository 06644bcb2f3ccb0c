#!/bin/bash
# Cashew: a Lion or Wolf move picked leg by leg on the board.  A square the
# piece captures on and can go on from is kept as a leg: the panel lists
# what can follow (each entry says what it captures), the board marks where
# it can go next, the same square again stops there, Esc starts again.
. "$(dirname "$0")/lib.sh"
LION="12k/13/13/13/13/13/6p6/5p7/4L!8/13/13/13/K12 w"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 80 24 ${!envs} TERM=xterm-256color -- --variant cashew --mode hotseat --fen "$LION"
    check "$loc: Lion and two Pawns" "Sente to move"
    keys h h k k k Enter                   # the cursor starts on g2: e5, pick up the Lion
    keys l k Enter                         # f6: a capture it can go on from
    check "$loc: f6 is kept as a leg" "Lion via f6:"
    check "$loc: stopping there is listed" "1  LN e5xf6\+"
    check "$loc: going on to g7 too" "LN e5xf6xg7\+"
    check "$loc: and back to e5 (igui)" "LN e5xf6-e5\+"
    check "$loc: how to go on" "^Via f6: the next square, f6 again to stop there"
    check "$loc: where it can go next is marked" "^ 6 {19}(·|\.) +(v歩| pa) +(·|\.)"
    keys l k Enter                         # g7
    check "$loc: f6 then g7: the double capture" "1\. LN e5xf6xg7\+"
    check_not "$loc: f6 is empty" "^ 6 {21}(v歩| pa)"
    keys u
    keys h h j j Enter l k Enter h j Enter # e5, f6, back to e5
    check "$loc: f6 then e5: igui" "1\. LN e5xf6-e5\+"
    check "$loc: the Lion stayed (promoted: it captured)" "^ 5 {18}狂\+|^ 5 {17}\+BS"
    keys u
    keys Enter l k Enter Enter             # e5, f6, f6 again
    check "$loc: f6 twice: stop there" "1\. LN e5xf6\+"
    keys u
    keys h j Enter l k Enter               # e5, f6
    check "$loc: a leg again" "Lion via f6:"
    keys 3
    check "$loc: a number picks from the list" "1\. LN e5xf6xg7\+"
    keys u
    keys h j Enter l k Enter Escape        # the cursor is on f6: e5, f6, Esc
    check "$loc: Esc forgets the leg: the move list is back" "Moves  \(L: the pieces\)$"
    sleep 0.3                              # Esc then a key at once would be Alt-key
    keys l k Enter                         # the Lion is still picked up: g7 ends two moves
    check "$loc: then the list of moves ending on g7" "Choose a move:"
    keys Escape
    sleep 0.3
    keys q y
    check "$loc: quit" "EXIT=0"
    # a Wolf: three Pawns in a row, taken one after the other
    start 80 24 ${!envs} TERM=xterm-256color -- --variant cashew --mode hotseat \
        --fen "12k/13/13/13/13/4p8/4p8/4p8/4W!8/13/13/13/K12 w"
    check "$loc: Wolf and three Pawns" "Sente to move"
    keys h h k k k Enter k Enter           # e5, e6
    check "$loc: Wolf via e6" "Wolf via e6:"
    keys k Enter
    check "$loc: Wolf via e6, e7" "Wolf via e6, e7:"
    check "$loc: two ways on" "2  WO e5xe6xe7xe8\+"
    keys k Enter
    check "$loc: three captures in a row" "1\. WO e5xe6xe7xe8\+"
    keys q y
    check "$loc: quit" "EXIT=0"
done
finish
