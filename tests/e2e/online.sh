#!/bin/bash
# Online play through a real kage server on a socket of the test's own:
# alice and bob meet in the lobby (two names given through a shared
# account: the test's own user), play Shogun chess to a checkmate with carol
# watching, then a Cashew game in which bob's kage is killed and comes back
# to the game, the server is killed with SIGKILL and started again, and the
# screens find their way back; the stored games replay soundly.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/server-lib.sh"

start_server
session 80 24 "$(play alice)"
tm rename-session -t kage alice
another bob
another carol
as alice
check "alice: the lobby at once" "Kage lobby . you are alice, on "
check "alice: who is online" "Online \(3\): [a-z ]*alice"
# alice offers Shogun, playing first, 3+2
keys c
check "the new-game screen in online mode" "Mode +< a player at another terminal \(kage server\) >"
press 3 Right
check "Shogun chosen" "Variant +< Shogun chess >"
keys Down Down Right
check "alice plays first" "You play < White, casual >"
keys Down Right Right Right
check "a clock" "Clock +< 3\+2 >"
keys Enter
check "the challenge waits in the lobby" "#1 +alice +Shogun chess 3\+2 casual, alice plays White \(yours"
as bob
check "bob sees it" "> #1 +alice +Shogun chess 3\+2 casual, alice plays White$"
keys Enter
check "bob: the game, as Black" "Online game 1: you play$"
check "bob's board is turned" "^ 1 "
as alice
check "alice: the game" "Online game 1: you play$"
check "alice: bob's name" "Black: bob"
check "alice: the clocks" "3:00"
as carol
check "carol: the game being played" "> #1 +Shogun chess +alice - bob +3\+2"
keys Enter
check "carol watches" "Watching game 1 of Shogun chess: alice \(White\) against bob \(Black\)"
as bob
move e5
check "bob cannot move first" "Wait: alice is to move"
as alice
move f3
as carol
check "carol sees the move" "1\. f3"
as bob
move e5
as alice
check "alice sees bob's move" "1\. f3 +e5"
move g4
as bob
check "bob sees alice's" "2\. g4"
move Qh4
for who in alice bob carol; do
    as $who
    check "$who: checkmate" "Black wins: checkmate"
done
as alice
check "alice: lost, told how to go on" "O: the lobby, N: a rematch, V: review"
keys O
check "alice: the lobby lists the game" "#1 +[0-9-]+ [0-9:]+ Shogun chess +alice - bob +0-1 checkmate"

# a second game: bob's kage is killed, and he comes back to it
keys c
check "new-game screen" "Variant +< Shogun chess >"
press 1 Right
check "Cashew" "Variant +< Cashew Shogi >"
keys Enter
as bob
keys O
check "bob sees the Cashew challenge" "#2 +alice +Cashew Shogi 3\+2 casual, random sides"
keys Enter
as alice
check "alice: the Cashew game" "Online game 2: you play$"
if screen | grep -q "Sente: alice"; then first=alice second=bob; else first=bob second=alice; fi
as $first
move e4e5
as $second
check "$second: the move" "e4-e5|e5"
bob_pid=$(tm list-panes -t "=bob:" -F '#{pane_pid}' | xargs -I{} pgrep -P {} -x "$(basename "$KAGE")")
kill -9 "$bob_pid"
as alice
check "alice: bob is away" "bob, away"
tm respawn-pane -k -t "=bob:" "$(play bob)"
as bob
check "bob: back in the game where it was" "1\. +(PA )?e4-e5"
as alice
check "alice: bob is back" "bob is back"
# the server is killed and started again: both screens find it
stop_server -KILL
check "alice: offline" "Offline: |connection to the Kage server was lost"
start_server
check "alice: connected again" "Connected to the Kage server again" 10
as $second
check "$second: connected again" "Online game 2: you play" 10
move e10e9
as $first
check "$first: the move after the restart" "e10-e9|e9"
as bob
keys R
check "bob: resign?" "Resign game 2 against alice\? \(y/n\)"
keys y
as alice
check "alice: bob resigned" "wins: .* resigned"
keys q
check "alice: quits, the server keeps everything" "EXIT=0"
as bob
keys q
check "bob quits" "EXIT=0"
out=$("$KAGE" online --server="$SOCKET" --player=dave history alice)
if printf '%s\n' "$out" | grep -q "#2 .*Cashew Shogi .*(resignation), 2 moves" &&
    printf '%s\n' "$out" | grep -q "#1 .*Shogun chess .*0-1 (checkmate), 4 moves"; then
    echo "ok   $TESTNAME: kage online history lists both games"
else
    echo "FAIL $TESTNAME: kage online history:"; printf '%s\n' "$out" | sed 's/^/     | /'; FAILS=$((FAILS + 1))
fi
stop_server -TERM
check_db "2 games (2 finished, 0 running), 6 moves: 2 sound, 0 bad" "both games replay soundly"
finish
