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
# a second damaged autosave: the first one moved aside stays, the second gets the next name
cp "$AUTOSAVE.damaged" "$E2E_HOME/first.damaged"
printf '[Variant "Shinobiplus"]\n[KageMode "hotseat"]\n[KageMoves "1"]\n\n1. Qq9 *\n' > "$AUTOSAVE"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "a second damaged autosave: the whole message, path included" "\.damaged\.1$"
cmp -s "$AUTOSAVE.damaged" "$E2E_HOME/first.damaged" && [ -f "$AUTOSAVE.damaged.1" ] &&
    echo "ok   $TESTNAME: the first damaged file is kept, the second is .damaged.1" ||
    { echo "FAIL $TESTNAME: the first damaged file was overwritten"; FAILS=$((FAILS + 1)); }
# an autosave that cannot be read (a directory, a FIFO): said, left in place, not renamed
rm -f "$AUTOSAVE"
mkfifo "$AUTOSAVE"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "a FIFO as the autosave: start-up goes on, and says so" "^The autosave cannot be read \("
check "a FIFO: why, and that it is left" "\(a pipe\)\): it is left as it is, and this game is autosaved in"
check "a FIFO: where this game is autosaved instead" "^autosave-2\.pgn$"
check "a FIFO: a game" "▶ Clan: player"
[ -p "$AUTOSAVE" ] && [ ! -e "$AUTOSAVE.damaged.2" ] && echo "ok   $TESTNAME: the FIFO is left as it is" ||
    { echo "FAIL $TESTNAME: the FIFO was moved"; FAILS=$((FAILS + 1)); }
type_move e4
check "a FIFO: a move" "1\. e4"
keys q y
check "a FIFO: q quits" "EXIT=0"
check_file "a FIFO: the game kept apart" "$XDG_STATE_HOME/kage/autosave-2.pgn" '^1\. e4 \*'
# the next start: the FIFO said again, the game apart offered
start 80 24 LANG=C.UTF-8 TERM=xterm-256color --
check "a FIFO, next start: the game kept apart is offered" "^Resume the unfinished game \(2 of 2\)\? \(y/n\)  Shinobi\+, hot-seat, 1 move"
keys y
check "a FIFO, next start: resumed" "1\. e4"
check "a FIFO, next start: the FIFO said after the question" "\(a pipe\)\): it is left as it is"
keys q y
check "a FIFO, next start: quit" "EXIT=0"
rm -f "$AUTOSAVE" "$XDG_STATE_HOME/kage/autosave-2.pgn"
# --load of a FIFO: refused at once
mkfifo "$E2E_HOME/game.pgn"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --load="$E2E_HOME/game.pgn"
check "--load of a FIFO: refused with a message" "not a regular file \(a pipe\)"
rm -f "$E2E_HOME/game.pgn"
# cut short (a PGN that lost its last moves): found out too
printf '[Variant "Shinobiplus"]\n[KageMode "hotseat"]\n[KageMoves "3"]\n\n1. e4 e5 *\n' > "$AUTOSAVE"
start 80 24 LANG=C -- --mode hotseat
check "cut short: message" "^The autosave could not be read \(the autosave is damaged: it should hold 3 moves"
check "cut short: a fresh game" "> Clan: player"
finish
