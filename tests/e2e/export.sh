#!/bin/bash
# The text dialog (e) writes what it shows: w the game as PGN, f the
# position as FEN, each to a name offered in the data directory or to one
# typed; any other key writes nothing.
. "$(dirname "$0")/lib.sh"
DATA="$XDG_DATA_HOME/kage"
FEN='rnbqkbnr/pppp1ppp/8/4p3/3CP3/8/PPPP1PPP/4K3\[FHLJDM\] b kq - [0-9]+ 2'

start 100 30 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "start" "Clan: player"
type_move e4
type_move e5
type_move C@d4
check "three moves" "2\. C@d4"

# any other key: back, nothing written
keys e
check "e shows the FEN" "^$FEN$"
check "and says how to write it" "w: write the PGN to a file, f: the FEN"
keys x
check "x: back to the board" "2\. C@d4"
[ -z "$(ls -A "$DATA" 2>/dev/null)" ] && echo "ok   $TESTNAME: x writes nothing" ||
    { echo "FAIL $TESTNAME: files after x: $(ls "$DATA")"; FAILS=$((FAILS + 1)); }

# w: the PGN, to a name typed
keys e
check "e again" "^$FEN$"
keys w
check "w asks where to write the PGN, a name offered" "^Save the game \(PGN\) to: .*/data/kage/shinobiplus-[0-9-]*\.pgn"
keys C-u
keys -l "$E2E_HOME/game.pgn"
keys Enter
check "w: written" "The game written to $E2E_HOME/game.pgn"
check "and the board is back" "2\. C@d4"
check_file "the PGN: the variant" "$E2E_HOME/game.pgn" '^\[Variant "Shinobiplus"\]$'
check_file "the PGN: the start position" "$E2E_HOME/game.pgn" '^\[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3\[CFHLJDM\] w kq - 0 1"\]$'
check_file "the PGN: the moves" "$E2E_HOME/game.pgn" '^1\. e4 e5 2\. C@d4 \*$'

# f: the FEN, to the name offered
keys e
check "e once more" "^$FEN$"
keys f
check "f asks where to write the FEN, a name offered" "^Save the FEN to: .*/data/kage/shinobiplus-[0-9-]*\.fen"
keys Enter
check "f: written to the name offered" "The FEN written to .*/data/kage/shinobiplus-[0-9-]*\.fen"
fen_file=$(ls "$DATA"/shinobiplus-*.fen 2>/dev/null | head -1)
check_file "the FEN file: the position on the board" "${fen_file:-$DATA/none.fen}" "^$FEN$"
[ -n "$fen_file" ] && [ "$(wc -l <"$fen_file")" -eq 1 ] && echo "ok   $TESTNAME: the FEN file is one line" ||
    { echo "FAIL $TESTNAME: the FEN file is not one line"; FAILS=$((FAILS + 1)); }

# f: to a name typed, and the file can start a game
keys e f C-u
keys -l "$E2E_HOME/position.fen"
keys Enter
check "f: written to the name typed" "The FEN written to $E2E_HOME/position.fen"
check_file "the typed FEN file" "$E2E_HOME/position.fen" "^$FEN$"
keys q y
check "quit" "EXIT=0"
start 100 30 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --fen "$(cat "$E2E_HOME/position.fen")"
check "the FEN written starts a game" "▶ Kingdom: player"
keys e
check "and shows the same FEN" "^$FEN$"
finish
