#!/bin/bash
# The lobby players expect (issue 75), with three terminals over a test
# socket: alice challenges bob by name (C), he declines, she challenges him
# again, rated, with a clock typed (1+0), and he accepts; they talk (T), a
# hostile client's escape sequence is refused and never reaches a screen,
# carol watches and talks to the watchers only; the rated game ends and both
# are told their new ratings, which the lobby's leaderboard (t) lists; a game
# aborted before the first moves leaves nothing; a player who leaves on
# their turn loses the game as abandoned; P shows all one's games as PGN.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/server-lib.sh"

start_server --abandon=4
session 80 24 "$(play alice)"
tm rename-session -t kage alice
another bob
another carol
as alice
check "alice: the lobby" "Online \(3\): "

# a challenge to bob alone, declined
keys C
check "C: whom?" "Challenge whom\?"
keys C-u
keys -l bob
keys Enter
check "the new-game screen for bob" "\[ Offer it in the lobby \]"
keys Enter
check "alice: sent to bob alone" "challenge sent to bob alone"
as carol
check_not "carol does not see it" "alice +.* to bob"
as bob
check "bob is told at once" "alice challenges you: "
check "bob's lobby lists it" "#1 +alice to bob .*\(to you: Enter or x\)"
keys x
check "bob declines" "Challenge of alice declined"
as alice
check "alice: declined" "bob declined your challenge #1"

# again: rated, 1+0 typed, alice plays first; bob accepts
keys C C-u
keys -l bob
keys Enter
check "the new-game screen again" "\[ Offer it in the lobby \]"
keys Down Down Right Right Right Right
check "alice plays first, rated" "You play < Clan, rated >"
keys Down c C-u
keys -l "1+0"
keys Enter
check "a clock typed: 1+0" "Clock    < 1 >"
keys Enter
check "alice: a rated challenge to bob" "Rated challenge sent to bob alone"
as bob
check "bob: the rated one" "#2 +alice to bob .*1 rated, alice plays Clan"
keys Enter
check "bob: the game" "Online game [0-9]+: you play"
as alice
check "alice: the game" "Online game [0-9]+: you play"

# talk, and a hostile client's line never reaches a screen
keys T
check "alice: the chat line" "Say to bob:"
keys -l "good luck"
keys Enter
as bob
check "bob hears alice" "alice: good luck"
printf 'hello 1 mallory\nlobby on\nsay lobby \033[2J\033]0;pwned\007gone\nsay lobby \342\200\256reversed\nsay lobby plain words\n' |
    timeout 10 "$KAGE" online --server="$SOCKET" --player=mallory raw >"$E2E_HOME/mallory.out" 2>&1
grep -q "error line byte 0x1b" "$E2E_HOME/mallory.out" && grep -q "error line byte 0xe2" "$E2E_HOME/mallory.out" ||
    { echo "FAIL $TESTNAME: the server took mallory's hostile lines"; cat "$E2E_HOME/mallory.out"; FAILS=$((FAILS + 1)); }
as carol
keys Down Enter
check "carol watches" "Watching online game"
keys T
check "carol: to the watchers" "Say \(the other watchers\):"
keys -l "nice opening"
keys Enter
check "carol hears herself" "carol: nice opening"
as bob
check_not "bob does not hear the watchers" "nice opening"
check_not "no escape sequence on bob's screen" "gone|pwned|reversed"
check "bob: who watches" "1 watches: carol"

# the rated game to a result: both ratings move (a resignation after one's first move)
as alice
move e4
as bob
check "bob: alice's move" "1\. e4|e4"
move e5
as alice
check "alice: bob's move" "e5"
move d4
as bob
check "bob: alice's second move" "d4"
keys R
check "bob: resign?" "Resign the game as|Resign game [0-9]+ against alice"
keys y
check "bob: his new rating" "is now 1338\? \(1 rated game\)"
as alice
check "alice: her new rating" "is now 1662\? \(1 rated game\)"
keys O t
check "alice: the leaderboard" "1\. alice +1662\? +1 rated game +\(you\)"
check "alice: bob second" "2\. bob +1338\? +1 rated game"

# a game aborted before the first moves: no result, nothing kept
keys C C-u
keys -l bob
keys Enter Enter
as bob
keys O
check "bob: the third challenge" "#3 +alice.* to bob"
keys Enter
check "bob: the third game" "Online game [0-9]+: you play"
as alice
check "alice: the third game" "Online game [0-9]+: you play"
keys R
check "alice: abort?" "Abort game [0-9]+ against bob\? No result"
keys y
check "alice: aborted, back in the lobby" "was aborted before its first moves"
as bob
check "bob: aborted" "was aborted before its first moves"

# a player who leaves on their turn: the game is abandoned
as alice
keys C C-u
keys -l bob
keys Enter Enter
as bob
check "bob: the fourth challenge" "#4 +alice.* to bob"
keys Enter
check "bob: the fourth game" "Online game [0-9]+: you play"
as alice
check "alice: the fourth game" "Online game [0-9]+: you play"
if screen | grep -q "Clan: alice"; then first=alice second=bob; else first=bob second=alice; fi
as $first
move e4
as $second
check "$second: the move" "1\. e4|e4"
move e5
as $first
check "$first: the reply" "e5"
move d4
as $second
check "$second: the third move" "d4"
victim=$(kage_pid)
kill -9 "$victim"
as $first
check "$first: $second is away, with the time to come back" "$second is away: back within 0:0[0-4]|$second is away"
check "$first: the game is abandoned" "abandoned the game" 20
# all one's games as PGN on a screen to select (an SSH login can copy nothing else), with their
# clocks: the player still here
as $first
keys O
check "$first: back in the lobby" "Your past games \(2\)"
keys P
check "$first: the games as PGN, to select" "-- any key: back to the lobby --"
check "with their clocks" "\{\[%clk [0-9]+:[0-9]{2}:[0-9]{2}\]\}"
check "the rated game, then the abandoned one" "\[Termination \"resignation\"\]"
check "the abandoned one last" "\[Termination \"abandoned\"\]"
keys x
check "any key: back to the lobby" "Kage lobby . you are $first"
# what is kept: the rated game and the abandoned one, not the aborted one, and the chat
out=$("$KAGE" online --server="$SOCKET" --player=dave history alice)
if printf '%s\n' "$out" | grep -q "1-0 (resignation), 3 moves" && printf '%s\n' "$out" | grep -q "(abandoned), 3 moves" &&
    [ "$(printf '%s\n' "$out" | grep -c '^#')" -eq 2 ]; then
    echo "ok   $TESTNAME: kage online history: the rated game and the abandoned one, not the aborted one"
else
    echo "FAIL $TESTNAME: kage online history:"; printf '%s\n' "$out" | sed 's/^/     | /'; FAILS=$((FAILS + 1))
fi
stop_server -TERM
check_db "2 games (2 finished, 0 running), 6 moves: 2 sound, 0 bad" "both games replay soundly"
finish
