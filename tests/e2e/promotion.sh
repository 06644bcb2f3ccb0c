#!/bin/bash
# Shogun: promotion is optional in the zone, so the screen asks.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --variant shogun --mode hotseat \
    --fen "4k3/8/1P6/8/8/8/8/4K3[] w - - 0 1"
check "Shogun position" "Shogun chess"
keys h h h k k k k Enter k Enter     # the cursor starts on e2: to b6, then b7
check "the question is asked" "Promote\? y: b7=C +n: b7"
keys y
check "promoted" "1\. b7=C"
check "promoted piece marked with +" "♙\+"
keys u : b 6 b 7 Enter
check "UCI without + does not promote" "1\. b7 *$"
keys u : b 7 = C Enter
check "SAN with =C promotes" "1\. b7=C"
keys q y
# every piece in kanji on request (--glyphs=kanji)
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --variant shogun --mode hotseat --glyphs=kanji \
    --fen "4k3/1C6/8/8/8/8/8/4K3[] w - - 0 1"
check "kanji: the Captain" "尉"
check "kanji: the Kings" "v王"
keys q
finish
