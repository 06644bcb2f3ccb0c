#!/bin/bash
# Start with no arguments: Shinobi+ against the AI, the Clan (you) to move.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color --
check "title names the game" "Kage — Shinobi\+"
check "the Clan moves first, played by you" "▶ Clan: you"
check "the Kingdom is the AI" "Kingdom: AI, level 4"
check "kanji for the Clan's pieces" "歩  歩  歩"
check "chess symbols for the Kingdom" "♜   ♞   ♝   ♛   ♚"
check "the Clan's hand with counts" "尉 1"
check "file letters" "a   b   c   d   e   f   g   h"
keys q
check "quit without a question when nothing was played" "EXIT=0"
check "terminal restored" "icanon echo"
finish
