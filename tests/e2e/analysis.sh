#!/bin/bash
# Analysis (A): the AI studies the position on the board without playing,
# browsing too; its score names the side ahead, its expected moves follow,
# a bar stands beside the board; at 80x24 in the panel, at 40x14 (the
# compact layout) on the line under the players.
. "$(dirname "$0")/lib.sh"
for size in "80 24" "40 14"; do
    set -- $size
    start "$1" "$2" LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
    check "$1x$2: start" "Shinobi\+"
    type_move e4
    type_move d5
    keys A
    check "$1x$2: A: analysis on" "^Analysis: the AI studies the position on the board \(A stops it\)|^Analysis: the AI studies"
    keys Escape
    if [ "$1" = 80 ]; then
        check "$1x$2: the depth in the panel" "Analysis: depth [0-9]+( |$)" 10
        check "$1x$2: the score names the side ahead" "(Clan|Kingdom) \+[0-9]+\.[0-9]{2}|even|mates in" 10
        # after the speed, or first on the next panel line
        check "$1x$2: the expected moves" "(kn/s  | {8})(exd5|[A-Za-z@]+[a-h][1-8])( |$)" 10
    else
        check "$1x$2: score, depth and moves under the players" \
            "^Analysis: ((Clan|Kingdom) \+[0-9]+\.[0-9]{2}|even|(Clan|Kingdom) mates in [0-9]+) d[0-9]+  [^ ]" 10
    fi
    check "$1x$2: the bar beside the board" "█"
    check_not "$1x$2: no move played by the AI" "2\. "
    keys PageUp
    check "$1x$2: browsing back: the position after e4" " 7 +♟ +♟ +♟ +♟ +♟ +♟ +♟ +♟"
    if [ "$1" = 80 ]; then
        check "$1x$2: browsing: still analysing" "Analysis: depth" 10
    else
        keys Escape
        check "$1x$2: browsing: still analysing" "^Analysis: " 10
    fi
    keys End A
    check "$1x$2: A again: off" "Analysis off"
    check_not "$1x$2: the bar gone" "█"
    keys q y
    check "$1x$2: quit" "EXIT=0"
done
finish
