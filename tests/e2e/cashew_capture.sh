#!/bin/bash
# Cashew Shogi to a result: no check rule, so a King left attacked is taken
# and the game ends.  Moves by keys and in the readable and UCI forms.
. "$(dirname "$0")/lib.sh"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 80 24 ${!envs} TERM=xterm-256color -- --variant cashew --mode hotseat \
        --fen "12k/p12/13/13/13/13/13/13/13/13/13/13/K2Q9 w"
    check "$loc: Cashew from --fen" "Sente to move"
    check_glyphs $loc "^ 1  王 +奔" "^ 1  KI +QU"
    keys h h h j Enter                     # the cursor starts on g2: to d1, pick up the Queen
    press 12 k
    keys Enter                             # d13, level with Gote's King
    check "$loc: Queen moved by keys" "1\. QU d1-d13"
    check "$loc: Gote's King is attacked, and the panel says so" "Gote to move, King *$"
    check "$loc: (second line)" "^ .{40,} attacked *$"
    type_move "PA a12-a11"                 # Gote does not see it
    check "$loc: typed readable move" "1\.\.\. PA a12-a11"
    check_not "$loc: Sente's King is not attacked" "King attacked"
    keys Enter                             # the cursor is still on d13: the Queen
    press 9 l
    keys Enter                             # m13: takes the King
    check "$loc: the capture is recorded" "2\. QU d13xm13"
    check "$loc: the result on the status line" "^QU d13xm13\. Sente wins: King captured"
    check "$loc: the result in the panel" "Sente wins: King *$"
    keys u
    check "$loc: undo: Sente to move again" "Sente to move *$"
    type_move d13m13                       # UCI form of the same capture
    check "$loc: typed UCI capture ends it too" "Sente wins: King captured"
    keys q
    check "$loc: quit" "EXIT=0"
done
finish
