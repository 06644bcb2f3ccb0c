#!/bin/bash
# A damaged autosave: a clear message, a fresh game, the file kept aside.
. "$(dirname "$0")/lib.sh"
KEEP_STATE=1
rm -rf "$XDG_STATE_HOME"
mkdir -p "$XDG_STATE_HOME/kage"
printf '[Variant "Shinobiplus"]\n[KageMode "hotseat"]\n[KageMoves "2"]\n\n1. e4 Zz9 *\n' > "$AUTOSAVE"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "the message says what is wrong" "^The autosave could not be read \(the autosave is damaged: line 5"
check "a fresh game" "▶ Clan: player"
check_not "no moves" "1\. "
[ -f "$AUTOSAVE.damaged" ] && echo "ok   $TESTNAME: the damaged file is kept aside" ||
    { echo "FAIL $TESTNAME: $AUTOSAVE.damaged missing"; FAILS=$((FAILS + 1)); }
# cut short (a PGN that lost its last moves): found out too
printf '[Variant "Shinobiplus"]\n[KageMode "hotseat"]\n[KageMoves "3"]\n\n1. e4 e5 *\n' > "$AUTOSAVE"
start 80 24 LANG=C -- --mode hotseat
check "cut short: message" "^The autosave could not be read \(the autosave is damaged: it should hold 3 moves"
check "cut short: a fresh game" "> Clan: player"
finish
