#!/bin/bash
# The new-game screen picks the variant, the mode and the AI level; a draw
# offered and accepted in hot-seat; automatic flipping on and off; resigning
# is refused when the AI plays both sides; the help, guide and new-game
# screens say how much room they need in a terminal too small for them.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "hot-seat game" "Clan: player"

# a draw offer: declined, then accepted
keys D
check "D offers a draw to the other side" "Clan offers a draw\. Kingdom, do you accept\? \(y/n\)"
keys n
check_not "n declines it" "Draw agreed"
keys D y
check "y accepts it" "Draw agreed"
check "the result is in the panel" "♟ +Draw agreed"

# the new-game screen: Shogun, hot-seat
keys n
check "n opens the new-game screen" "Variant  < Shinobi\+ >"
keys Right Right Right
check "Right changes the variant" "Variant  < Shogun chess >"
keys Enter
check "Enter starts the game picked" "Kage — Shogun chess"
check "in the mode picked" "White: player"

# automatic flipping: on turns the board to the side to move, off turns it back
keys F
check "F turns automatic flipping on" "Automatic flip in hot-seat is on"
check "White to move: rank 1 at the bottom" "^    a   b   c   d   e   f   g   h"
type_move e4
check "after White's move Black is at the bottom" "^    h   g   f   e   d   c   b   a"
keys F
check "F turns it off" "Automatic flip in hot-seat is off"
check "and the board back to White at the bottom" "^    a   b   c   d   e   f   g   h"

# the new-game screen: Cashew, AI against AI, level 2
keys n y
check "new-game screen again" "Variant  < Shogun chess >"
keys Right Down
check "Down goes to the mode" "Mode     < two players at one keyboard >"
keys Right
check "Right changes the mode" "Mode     < the AI plays both sides >"
keys Down Left Left
check "Left lowers the level" "AI level < 2 >"
keys Enter
check "the game picked starts" "Kage — Cashew Shogi"
check "the AI plays both sides at the level picked" "AI, level 2"
keys R
check "R is refused when nobody here plays" "nobody here can resign"

# too small for the help, the guide and the new-game screen
keys '?'
check "help screen" "Kage keys"
resize 30 6
check "help: how much room it needs" "[Nn]eed 40x8"
resize 80 24
check "help again after growing" "Kage keys"
keys q g
check "piece guide" "Piece guide"
resize 60 15
check "guide: how much room Cashew's board needs" "need 50x21|Need 50x21"
keys Escape
sleep 0.3                          # Esc and the next key at once would be Alt-key
check "Esc goes back; the game too needs more room" "[Nn]eed [0-9]+x[0-9]+"
check_not "the guide's size is gone" "50x21"
resize 80 24
keys n y
check "new-game screen" "Variant  <"
resize 50 10
check "new game: how much room it needs" "[Nn]eed 40x14"
keys Enter
resize 80 24
check "Enter on a screen that cannot be seen starts nothing" "Variant  <"
keys Escape
sleep 0.3
check "Esc back to the game" "Kage — Cashew Shogi"
keys q y
check "quit" "EXIT=0"
finish
