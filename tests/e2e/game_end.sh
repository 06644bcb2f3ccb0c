#!/bin/bash
# The end of a game: the result closes the move list and the PGN, the
# message names what may follow; N plays the game again with the sides
# switched; D offers a draw (to the AI, which has to have looked at the
# position; in hot-seat, to the other player); at 80x24 and in the compact
# layout (40x14, where L shows the moves).
. "$(dirname "$0")/lib.sh"
FEN="4k3/R7/8/8/8/8/8/4K2R[] w - - 0 1"
for size in "80 24" "40 14"; do
    set -- $size
    start "$1" "$2" LANG=C.UTF-8 TERM=xterm-256color -- --variant shogun --level 1 --fen "$FEN"
    check "$1x$2: start" "Shogun chess"
    keys D
    check "$1x$2: D before the AI looked: declined, and why" "The AI declines: it has not looked at"
    type_move Rh8
    check "$1x$2: mate: what may follow" "White wins: checkmate \(N: rematch,"
    check "$1x$2: ... V: review, u: take back" "V: review, u: take back\)"
    [ "$1" = 40 ] && { keys Escape; sleep 0.3; keys L; } # Esc and L at once would be Alt-L
    check "$1x$2: the move list ends with the result" "1\. Rh8# *$|1\. Rh8#"
    check "$1x$2: the result under the moves" " 1-0 *$|  1-0"
    [ "$1" = 40 ] && keys L
    keys e
    check "$1x$2: the PGN's result" "^1\. Rh8# 1-0$"
    keys x
    keys N
    # the rematch's message gives way to the AI's first move at once
    check "$1x$2: N: a rematch, the sides switched: the AI has White" "White: AI"
    check "$1x$2: the AI's first move" "White played [A-Z]?[a-h]?[1-8]?x?[a-h][1-8]|1\. [A-Z]?[a-h]?[1-8]?x?[a-h][1-8]"
    [ "$1" = 80 ] && check "$1x$2: ... and you Black" "Black: you"
    keys q y
    check "$1x$2: quit" "EXIT=0"

    start "$1" "$2" LANG=C.UTF-8 TERM=xterm-256color -- --variant shogun --mode hotseat
    type_move e4
    type_move e5
    keys D
    check "$1x$2: hot-seat: D asks the other player" "^White offers a draw\. Black, do you"
    keys n
    check_not "$1x$2: no: the game goes on" "Draw agreed"
    keys D y
    check "$1x$2: yes: drawn" "^Draw agreed \(N: rematch, V: review, u:"
    [ "$1" = 40 ] && { keys Escape; sleep 0.3; keys L; }
    check "$1x$2: 1/2-1/2 under the moves" "1/2-1/2"
    keys q
    check "$1x$2: a finished game quits without a question" "EXIT=0"
done
finish
