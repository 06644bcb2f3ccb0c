#!/bin/bash
# The review after a game: V has the AI score every position, draws a graph
# of the score over the game and marks the worst moves; browsing moves the
# graph's marker; a move played from a browsed point ends the review; in
# LANG=C the graph is drawn with ASCII.
. "$(dirname "$0")/lib.sh"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 80 24 ${!envs} TERM=xterm-256color -- --variant shogun --mode hotseat
    check "$loc: start" "Shogun chess"
    keys V
    check "$loc: nothing to review yet" "No moves to review yet"
    # 3. Qf6 puts the Queen where a pawn and a Knight take it: a blunder
    # whatever the AI's evaluation of the rest
    for m in e4 e5 Qf3 Nc6 Qf6 Nxf6; do type_move $m; done
    check "$loc: the moves" "3\. Qf6 +Nxf6"
    keys V
    check "$loc: the review starts" "Reviewing the game"
    check "$loc: the review is done" "Review \(up: White ahead\)" 60
    check "$loc: its key to the marks" "^Review done: \?\? marks a move"
    check "$loc: a blunder marked" "[a-h][1-8]\?\?"
    if [ $loc = UTF8 ]; then
        check "$loc: the graph in block characters" "█"
    else
        check "$loc: the graph in ASCII" "#"
    fi
    keys [ [
    check_not "$loc: browsing back keeps the review" "The game changed"
    check "$loc: still marked" "[a-h][1-8]\?\?"
    keys ] ]
    type_move Nc3
    check "$loc: a new move ends the review" "The game changed: V reviews it again"
    check_not "$loc: marks gone" "[a-h][1-8]\?\?"
    keys V
    check "$loc: reviewed again" "Review \(up: White ahead\)" 60
    keys V
    check "$loc: V closes it" "Review closed"
    keys q y
    check "$loc: quit" "EXIT=0"
done
finish
