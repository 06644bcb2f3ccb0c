#!/bin/bash
# Shinobi promotion by keys: a Lance dropped by keys runs into the zone and
# must promote, so no question is asked; the promoted piece is marked with
# '+' (with and without colour).  The Kingdom's pawn promotes too.
. "$(dirname "$0")/lib.sh"
for loc in UTF8 C; do
    envs=LOCALE_$loc
    start 80 24 ${!envs} TERM=xterm-256color -- --variant shinobi --mode hotseat
    check "$loc: Shinobi" "Kage . Shinobi"
    keys Tab Tab
    check "$loc: two Tabs: the Lance" "Drop Lance"
    keys h h h h k k Enter                 # the cursor starts on e2: a4
    check "$loc: Lance dropped by keys" "1\. L@a4"
    type_move e5
    keys Enter k k k Enter                 # a4 takes a7
    check "$loc: captured and promoted, in SAN" "2\. Lxa7=R"
    check_not "$loc: promotion is mandatory here: no question" "Promote\?"
    check "$loc: the promoted Lance on a7, marked with +" "^ 7 ( 飛\+|\+R )"
    type_move Nf6
    keys Enter k Enter                     # a7-a8 takes the Rook: already promoted, no second promotion
    check "$loc: the promoted Lance moves on" "3\. Rxa8"
    check "$loc: still marked with +" "^ 8 ( 飛\+|\+R )"
    keys q y
    check "$loc: quit" "EXIT=0"
done
finish
