#!/bin/bash
# The autosave: a game cut off by SIGHUP (a dropped SSH link) comes back at
# the next start, asked first, with the same moves, board and clocks;
# `kage --resume` takes it back at once.
. "$(dirname "$0")/lib.sh"
KEEP_STATE=1
rm -rf "$XDG_STATE_HOME"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --clock=5+3
check "hot-seat game with a clock" "Kingdom: player +5:00"
keys Enter k k Enter
check "first move" "1\. e4"
type_move e5
check "second move" "1\. e4 +e5"
type_move d4
check "third move" "2\. d4"
sleep 1.2
board_before=$(screen | sed -n '2,19p' | cut -c1-36)
clock_before=$(screen | grep -o 'Clan: player *[0-9:.]*$' | grep -o '[0-9:.]*$')
[ -f "$AUTOSAVE" ] && echo "ok   $TESTNAME: autosave written after the moves" ||
    { echo "FAIL $TESTNAME: no autosave at $AUTOSAVE"; FAILS=$((FAILS + 1)); }
kill -HUP "$(kage_pid)"
check "SIGHUP: kage exits" "EXIT=129"
grep -q '^\[KageClock ".*black [0-9]' "$AUTOSAVE" && echo "ok   $TESTNAME: the clocks are saved" ||
    { echo "FAIL $TESTNAME: no clocks in the autosave"; FAILS=$((FAILS + 1)); }

start 80 24 LANG=C.UTF-8 TERM=xterm-256color --
check "the next start offers to resume" "^Resume the unfinished game\? \(y/n\)"
check "what it is, whole on a line of its own" "^Shinobi\+, hot-seat, 2 moves, clocks [0-9:]+ / [0-9:]+$"
keys y
check "resumed: the move list" "2\. d4"
check "resumed: the message" "Resumed the unfinished game of Shinobi\+: 2 moves, Kingdom to move"
board_after=$(screen | sed -n '2,19p' | cut -c1-36)
[ "$board_before" = "$board_after" ] && echo "ok   $TESTNAME: resumed: the same board" ||
    { echo "FAIL $TESTNAME: the board differs"; diff <(echo "$board_before") <(echo "$board_after"); FAILS=$((FAILS + 1)); }
check "resumed: the Clan's clock as it was (it is not running)" "Clan: player +${clock_before//./\\.}\$"
check "resumed: the Kingdom's clock runs on" "▶ Kingdom: player +4:5[0-9]"
keys q
check "quit asks" "Quit the game in progress"
keys y
check "quit" "EXIT=0"

start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --resume
check "--resume: at once" "Resumed the unfinished game of Shinobi\+: 2 moves"
check "--resume: the move list" "2\. d4"
keys n y
check "new-game screen" "New game"
keys Escape
sleep 0.3
keys R y
check "resigned" "Clan wins: Kingdom resigned"
keys q
check "quit" "EXIT=0"
[ ! -f "$AUTOSAVE" ] && echo "ok   $TESTNAME: a finished game leaves no autosave" ||
    { echo "FAIL $TESTNAME: autosave left after the game ended"; FAILS=$((FAILS + 1)); }
start 80 24 LANG=C.UTF-8 TERM=xterm-256color --
check "no question after a finished game" "New game of Shinobi\+"
# every move taken back: nothing is left to resume
keys q
check "quit" "EXIT=0"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
type_move e4
check "a move" "1\. e4"
[ -f "$AUTOSAVE" ] && echo "ok   $TESTNAME: the move is saved" ||
    { echo "FAIL $TESTNAME: no autosave after a move"; FAILS=$((FAILS + 1)); }
keys u
check "taken back" "Taken back \(r redoes\)"
keys q
check "quit without a question" "EXIT=0"
[ ! -f "$AUTOSAVE" ] && echo "ok   $TESTNAME: all moves taken back: no autosave left" ||
    { echo "FAIL $TESTNAME: a stale autosave after taking back every move"; FAILS=$((FAILS + 1)); }
# a game loaded from a file keeps its tags and comments through the
# autosave: resumed and saved again, it is still alice's game
cat >"$E2E_HOME/club.pgn" <<'PGN'
[Event "Club night"]
[White "alice"]
[Black "bob"]
[WhiteElo "1800"]
[Variant "shogun"]

1. e4 {a good start} e5 *
PGN
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat --load="$E2E_HOME/club.pgn"
check "loaded a club game" "White: alice"
type_move Nf3
check "a move after it" "2\. Nf3"
kill -HUP "$(kage_pid)"
check "cut off" "EXIT=129"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color --
check "offered" "^Resume the unfinished game"
keys y
check "resumed: still alice's game" "White: alice"
keys s C-u
keys -l "$E2E_HOME/again.pgn"
keys Enter
check "saved" "The game written to $E2E_HOME/again.pgn"
for want in '[Event "Club night"]' '[White "alice"]' '[WhiteElo "1800"]' '{a good start}'; do
    grep -qF "$want" "$E2E_HOME/again.pgn" && echo "ok   $TESTNAME: kept through the autosave: $want" ||
        { echo "FAIL $TESTNAME: lost through the autosave: $want"; cat "$E2E_HOME/again.pgn"; FAILS=$((FAILS + 1)); }
done
grep -q "^\[Kage" "$E2E_HOME/again.pgn" && { echo "FAIL $TESTNAME: Kage's own tags in the saved game"; FAILS=$((FAILS + 1)); } ||
    echo "ok   $TESTNAME: none of the autosave's own tags in it"
keys q y
check "quit" "EXIT=0"
finish
