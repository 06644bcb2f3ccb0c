#!/bin/bash
# Hot-seat: a move with the keys, a typed move, an illegal one, a drop,
# undo and redo.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "hot-seat game" "Clan: player"
keys Enter k k Enter               # e2 up two squares: e4
check "move by keys" "1\. e4"
check "the Kingdom to move" "▶ Kingdom: player"
keys : e 7 e 5 Enter
check "typed UCI move" "1\. e4 +e5"
keys : Q h 4 x Enter
check "illegal typed move explained" "^not a move: Qh4x"
keys : N f 3 Enter
check "typed SAN move for the wrong side is refused" "^illegal move: Nf3"
keys Escape
sleep 0.3                          # Esc then Tab at once would be Alt-Tab
keys Tab
check "Tab picks a piece in hand" "Drop Captain"
keys h Enter                       # the cursor is still on e4: one left is d4
check "drop by keys" "2\. C@d4"
keys u
check_not "undo takes the drop back" "C@d4"
keys r
check "redo plays it again" "2\. C@d4"
keys q
check "quit asks first in a game in progress" "Quit the game in progress\? \(y/n\)"
keys n
check_not "n keeps playing" "EXIT="
keys q y
check "y quits" "EXIT=0"
check "terminal restored" "icanon echo"

# two knights reach d2: the short form is refused with both long forms named
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --variant shogun --fen '4k3/8/8/8/8/8/8/1N2KN2[] w - - 0 1'
check "Shogun from a FEN" "White: player"
type_move Nd2
check "an ambiguous move names the moves it could be" "^ambiguous move Nd2: could be Nbd2, Nfd2"
type_move Nfd2
check "the long form plays" "1\. Nfd2"
keys q y
check "quit" "EXIT=0"
finish
