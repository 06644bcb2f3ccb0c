#!/bin/bash
# The legend (L): the pieces in play, as drawn (both glyphs where the sides
# draw a piece differently), with the letter or code they are typed with and
# their name; L turns its pages where they do not fit (Cashew), then goes
# back to the moves.  The default glyphs: Shogun and the Kingdom in chess
# shapes, the Clan and Cashew in kanji.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "Shinobi+: the Kingdom in chess shapes, the Clan in kanji" "^ 8  ♜   ♞   ♝   ♛   ♚"
keys L
check "L: the legend in place of the moves" "Pieces \(L: moves\)"
check "the King: the Clan's and the Kingdom's glyph, K" "王 ♚ +K  King"
check "the Pawn too" "歩 ♟ +P  Pawn"
check "a Clan piece from the hand" "尉 +C  Captain"
check "a Kingdom piece" "♛ +Q  Queen"
keys L
check "L again: the moves" "Moves  \(L: the pieces\)"
keys q
check "quit" "EXIT=0"

start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --variant shogun
check "Shogun in chess shapes" "^ 1  ♖   ♘   ♗   ♕\+  ♔"
keys L
check "Shogun: White's and Black's shapes" "♔  ♚ +K  King"
keys L q
check "quit" "EXIT=0"

start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --variant cashew
keys L
check "Cashew: page 1 of 3" "Pieces 1/3 \(L: more\)"
check "its first piece" "王 +KI King"
keys L
check "page 2" "Pieces 2/3 \(L: more\)"
keys L
check "page 3, the last: L goes back to the moves" "Pieces 3/3 \(L: moves\)"
check "the Wolf, which the move list names WO" "狼 +WO Wolf"
keys L
check "L after the last page: the moves" "Moves  \(L: the pieces\)"
keys q
check "quit" "EXIT=0"

start 80 24 LANG=C LC_ALL=C TERM=xterm-256color -- --mode hotseat
keys L
check "LANG=C: letters, the King once" "K +K  King"
check_not "LANG=C: no kanji" "王"
keys q
check "quit" "EXIT=0"
finish
