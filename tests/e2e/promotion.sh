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
check "promoted piece marked with +" "尉\+"
keys u : b 6 b 7 Enter
check "UCI without + does not promote" "1\. b7 *$"
keys u : b 7 = C Enter
check "SAN with =C promotes" "1\. b7=C"
keys q y
finish
