#!/bin/bash
# The keyboard cursor reaches the hands: right of the board's last file it
# goes on to the nearest hand entry; Enter there picks the piece up for a
# drop (or puts it back), g shows it in the piece guide, left goes back to
# the board.
. "$(dirname "$0")/lib.sh"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 80 24 ${!envs} TERM=xterm-256color -- --variant shinobi --mode hotseat
    check "$loc: Shinobi" "Clan to move"
    keys j l l l l                         # e2 -> e1 -> h1, then off the board: the hand line nearest rank 1
    keys Enter
    check "$loc: Enter on a hand entry picks it up" "Drop Monk"
    check "$loc: the entry is marked" ">(僧|M ) 2"
    keys Enter
    check "$loc: Enter again puts it back" "[^>](僧|M ) 2"
    keys k Enter                           # the line above: Ninja and Dragon
    check "$loc: up in the hand, then Enter" "Drop Ninja"
    keys l Enter
    check "$loc: right in the hand, then Enter" "Drop Dragon"
    keys h h h Enter                       # Ninja, off the hand to h3, g3: drop
    check "$loc: back on the board, dropped" "1\. D@g3"
    type_move e5
    keys l l
    keys g
    check "$loc: g on a hand entry: the piece guide" "Piece guide: .*(Wooden Horse|Lance|Ninja|Monk)"
    keys Escape
    sleep 0.3
    keys q y
    check "$loc: quit" "EXIT=0"
    # both hands hold pieces in Shogun: the other side's are not yours to drop
    start 80 24 ${!envs} TERM=xterm-256color -- --variant shogun --mode hotseat --fen "4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1"
    check "$loc: Shogun, both hands" "Black hand"
    keys k k k k k k l l l l               # e2 -> e8, h8, then the hand line nearest rank 8: Black's
    keys Enter
    check "$loc: the other side's hand is refused" "Those are Black's pieces: White to move"
    keys j Enter                           # down: White's hand
    check "$loc: down into your own hand" "Drop Pawn"
    keys h k Enter                         # h-file, up one: a drop square
    check "$loc: dropped" "1\. P@h"
    check "$loc: the cursor left the emptied hand" "White hand: -"
    keys q y
    check "$loc: quit" "EXIT=0"
done
finish
