#!/bin/bash
# The Clock line of the new-game screen (n): Left and Right go through the
# usual time controls, the game started has that clock on the game screen
# (Fischer increment, byo-yomi), the next new-game screen offers it again,
# a clock from --clock that is not one of the usual ones is offered too,
# any clock can be typed (c), and "none" takes the clocks away.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "hot-seat game without a clock" "Clan: player$"
check_not "no clock shown" "player +[0-9]+:[0-9]"

keys n
check "n: the new-game screen" "Variant  < Shinobi\+ >"
keys Down Down Down
check "the Clock line: none" "Clock    < none >"
keys Right
check "Right: 1 (1+0)" "Clock    < 1 >"
keys Right Right
check "Right Right: 3+2" "Clock    < 3\+2 >"
keys Right Right
check "Right Right: 5+3" "Clock    < 5\+3 >"
keys Left Right
check "Left and Right again: 5+3" "Clock    < 5\+3 >"
keys Enter
check "Enter: the game starts" "New game of Shinobi\+"
check "the Clan's clock: 5 minutes, running" "▶ Clan: player +(5:00|4:5[0-9])$"
check "the Kingdom's clock: 5 minutes" "Kingdom: player +5:00$"
type_move e4
check "a move" "1\. e4"
check "Fischer: 3 seconds added to the Clan" "Clan: player +5:0[0-3]$"
check "the Kingdom's clock runs" "▶ Kingdom: player +(5:00|4:5[0-9])$"

keys n y Down Down Down
check "the next new-game screen offers the clock of the game" "Clock    < 5\+3 >"
keys Left Left Left Left Left Left
check "Left to the end of the list wraps to byo-yomi" "Clock    < 30\+60 byo >"
keys Enter
check "byo-yomi game: 30 minutes each, running" "▶ Clan: player +(30:00|29:[0-5][0-9])$"
check "the Kingdom too" "Kingdom: player +30:00$"

keys n Down Down Down Right
check "Right after the last wraps to none" "Clock    < none >"
keys c
check "c: any clock, typed" "Clock \(minutes\+seconds a move"
keys C-u
keys -l "2+1"
keys Enter
check "the typed clock chosen" "Clock    < 2\+1 >"
keys Right
check "the presets kept after it: none" "Clock    < none >"
keys Enter
check "a new game" "New game of Shinobi\+"
check_not "none: no clocks" "player +[0-9]+:[0-9]"

# a clock from the command line that is not one of the usual ones
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --clock=7+1
check "--clock=7+1" "Kingdom: player +7:00$"
keys n Down Down Down
check "the new-game screen offers it" "Clock    < 7\+1 >"
keys Right
check "after it: none" "Clock    < none >"
keys Left
check "and back" "Clock    < 7\+1 >"
keys Escape
check "Esc: the game goes on with its clock" "Kingdom: player +7:00$"
finish
