#!/bin/bash
# Save a game as PGN, load it back; a file with errors keeps the game; the
# FEN and PGN shown as plain text; a position from a pasted FEN; loading
# over a game in progress asks first; --load.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "start" "Clan: player"
type_move e4
type_move e5
type_move C@d4
check "three moves" "2\. C@d4"
keys s
check "save asks where, with a name offered" "^Save the game \(PGN\) to: .*/data/kage/shinobiplus-[0-9-]*\.pgn"
keys C-u
keys -l "$E2E_HOME/one.pgn"
keys Enter
check "saved" "The game written to $E2E_HOME/one.pgn"
grep -q '^1\. e4 e5 2\. C@d4' "$E2E_HOME/one.pgn" && echo "ok   $TESTNAME: PGN movetext" ||
    { echo "FAIL $TESTNAME: PGN:"; cat "$E2E_HOME/one.pgn"; FAILS=$((FAILS + 1)); }
keys s Enter
check "saved under the offered name" "/data/kage/shinobiplus-[0-9]+-[0-9]+\.pgn$"
keys n
check "n over a game in progress: asked first" "^Leave the game in progress for a new one\? It is lost unless saved with s \(y/n\)"
keys n
check "n: the game goes on" "The game goes on"
check "n: its moves kept" "2\. C@d4"
keys n y Enter
check "a new game" "New game of"
check_not "no moves" "1\. e4"
keys o
check "o: the saved games of the data folder, newest first" "^ Saved games in .*/data/kage/ \(newest first\)"
check "o: the saved game's name" "^  shinobiplus-[0-9]+-[0-9]+\.pgn *$"
check "o: under it, what it holds" "^    [0-9-]+ [0-9:]+  Shinobi\+, Player 1 - Player 2, \*, 2 moves$"
keys Tab
check "Tab: a name typed instead" "^Load a PGN file: .*/data/kage/$"
keys C-u
keys -l "$E2E_HOME/on"
keys Tab
check "Tab completes the name" "^Load a PGN file: .*/one\.pgn$"
keys Enter
check "loaded" "Loaded $E2E_HOME/one.pgn: Shinobi\+, 2 moves"
check "the moves are back" "2\. C@d4"
printf '[Variant "Shinobiplus"]\n\n1. e4 e5\n2. Kx9 *\n' > "$E2E_HOME/bad.pgn"
keys o Tab C-u
keys -l "$E2E_HOME/bad.pgn"
keys Enter
check "a bad file: the line and the reason" "bad\.pgn: line 4: .*"
check "a bad file: the game is kept" "2\. C@d4"
keys e
check "the FEN as plain text" "^rnbqkbnr/pppp1ppp/8/4p3/3CP3/8/PPPP1PPP/4K3\[FHLJDM\] b kq - [0-9]+ 2$"
check "the PGN as plain text" "^\[Variant \"Shinobiplus\"\]$"
check "the PGN movetext" "^1\. e4 e5 2\. C@d4 \*$"
keys x
check "any key: back to the board" "2\. C@d4"
FEN="4k3/8/8/8/8/8/PPPPPPPP/4K3[CFHLJDM] w - - 0 1"
keys P
keys -l "$FEN"
keys Enter
check "a FEN over a game in progress: asked first" "^Replace the game in progress with this position\? \(y/n\)"
keys n
check "n: the FEN is not used" "the FEN was not used"
check "n: the game is kept" "2\. C@d4"
keys o Tab C-u
keys -l "$E2E_HOME/one.pgn"
keys Enter
check "a file over a game in progress: asked first" "^Replace the game in progress with one\.pgn\? \(y/n\)"
keys n
check "n: nothing loaded" "Nothing loaded; the game goes on"
keys P
keys -l "$FEN"
keys Enter y
check "y: a game from the FEN" "A new game of Shinobi\+ from the FEN"
check_not "the old moves are gone" "C@d4"
keys P
keys -l "not a fen"
keys Enter
check "a bad FEN: message" "^Not a Shinobi\+ FEN: "
keys q y
check "quit" "EXIT=0"
# several games in one file: choose
cat "$E2E_HOME/one.pgn" > "$E2E_HOME/two.pgn"
printf '\n[Variant "Shinobiplus"]\n[White "Second"]\n\n1. d4 d5 *\n' >> "$E2E_HOME/two.pgn"
start 80 24 LANG=C -- --mode hotseat --load="$E2E_HOME/two.pgn"
check "--load: several games, a choice" "2 games in $E2E_HOME/two.pgn"
keys j Enter
check "the second game" "Loaded game 2 of 2"
check "its moves" "1\. d4 +d5"
start 80 24 LANG=C -- --load="$E2E_HOME/bad.pgn"
check "--load of a bad file: message on the terminal" "kage: --load: .*bad\.pgn: line 4"
check "--load of a bad file: exit 2" "EXIT=2"
finish
