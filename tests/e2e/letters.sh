#!/bin/bash
# No UTF-8 locale, or the Linux console: letters, '+' for promoted pieces.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C LC_ALL=C TERM=xterm-256color -- --mode hotseat
check "letters for the Kingdom" "r   n   b   q   k   b   n   r"
check "letters for the Clan" "P   P   P   P   P   P   P   P"
check "ASCII title" "Kage - Shinobi\+"
keys Enter k k Enter
check "a move in letters mode" "1\. e4"
keys q y
check "exit" "EXIT=0"
start 80 24 LANG=C.UTF-8 TERM=linux -- --variant shogun --mode hotseat
check "TERM=linux: letters, the promoted Duchess as the Queen the moves name, with +" "r   n   b  \+q   k"
keys q
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --glyphs letters --variant cashew --mode hotseat
check "Cashew letters use the two-letter codes" "la  hm  dr  ca"
keys q
finish
