#!/bin/bash
# A drop by keys in Shinobi: Tab and Shift-Tab walk the hand, the hand entry
# is marked, the drop squares are marked, a square outside the drop zone is
# refused, Enter on a good one drops and the count goes down.
. "$(dirname "$0")/lib.sh"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 80 24 ${!envs} TERM=xterm-256color -- --variant shinobi --mode hotseat
    check "$loc: Shinobi, hand of five kinds" "Clan hand"
    check_glyphs $loc " 僧 2" " M  2"
    keys Tab
    check "$loc: Tab picks the first kind in hand" "Drop Wooden Horse"
    press 4 Tab
    check "$loc: four more Tabs: the Monks" "Drop Monk"
    check "$loc: the hand entry is marked" ">(僧|M ) 2"
    check "$loc: the empty squares of the drop zone are marked" "^ 3 +(·|\.) +(·|\.) +(·|\.) +(·|\.) +(·|\.) +(·|\.) +(·|\.) +(·|\.)"
    check_not "$loc: none outside it" "^ 5 .*(·|\.)"
    keys BTab
    check "$loc: Shift-Tab goes back" "Drop Dragon"
    keys Tab
    check "$loc: and Tab forward again" "Drop Monk"
    keys k k k Enter                       # the cursor starts on e2: e5 is outside the zone
    check "$loc: outside the drop zone is refused" "Illegal: that piece cannot go there"
    keys j j Enter                         # e3
    check "$loc: dropped by keys" "1\. M@e3"
    check "$loc: the piece is on e3" "^ 3 {18}(僧|M )"
    check "$loc: one Monk left in hand, no longer marked" " (僧|M ) 1"
    check_not "$loc: no hand entry marked" ">(桂|香|忍|竜|僧|H |L |J |D |M )"
    check "$loc: the Kingdom to move" "(▶|>) Kingdom"
    keys Tab
    check "$loc: the Kingdom has nothing in hand" "Kingdom has nothing in hand"
    keys q y
    check "$loc: quit" "EXIT=0"
done
finish
