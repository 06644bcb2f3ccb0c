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
# the help screen: every key from the binding table, long lines wrapped to
# the width, the rules to remember for this variant
keys '?'
check "help: the keys" "^ Kage keys \(q or Esc closes this screen"
check "help: a binding and its keys" "^   u <Backspace> +take back a move"
press 42 j
check "help: a long line wrapped, not cut" "^ +for the next start\)"
check "help: the rules of this variant" "Campmate: a King that reaches the far rank wins"
keys Escape
check "help closed" "▶ Clan: you"
keys q
check "quit without a question when nothing was played" "EXIT=0"
check "terminal restored" "icanon echo"
# terminals it cannot use: which variable to set, exit 2, the terminal as it was
start 80 24 LANG=C.UTF-8 TERM= --
check "TERM empty: what to set" "^kage: TERM is not set: set it to the terminal's type, as in TERM=xterm-256color"
check "TERM empty: exit 2" "EXIT=2"
start 80 24 LANG=C.UTF-8 TERM=no-such-terminal --
check "TERM unknown: said" "^kage: TERM=no-such-terminal is not a terminal type this system knows"
check "TERM unknown: exit 2" "EXIT=2"
start 80 24 LANG=C.UTF-8 TERM=dumb --
check "TERM=dumb: refused, with why" "^kage: TERM=dumb cannot move the cursor"
check "TERM=dumb: exit 2" "EXIT=2"
check "TERM=dumb: terminal as it was" "icanon echo"
finish
