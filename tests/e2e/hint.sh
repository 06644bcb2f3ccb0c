#!/bin/bash
# Against the AI at its slowest level: a hint for the person's move, "move
# now" while the AI thinks, and its thinking hidden and shown again.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode play-first --level 10
check "start" "▶ Clan: you"
keys H
check "H looks for a hint" "Looking for a hint|^Hint: "
check "and names the move it found" "^Hint: [A-Za-z@0-9=+#-]+$" 10
check_not "the hint is not played" "1\. "
# its squares marked on the board until a move is made: the target's dot
marked=$(screen | grep -c '·')
[ "$marked" -ge 1 ] && echo "ok   $TESTNAME: the hint's target marked on the board" ||
    { echo "FAIL $TESTNAME: the hint's target is not marked on the board"; screen | sed 's/^/     | /'; FAILS=$((FAILS + 1)); }
type_move e4
check "the AI thinks (level 10: ten seconds a move)" "AI thinking: depth"
check_not "the hint's mark goes with the move" "·"
keys H
check "no hint on the AI's move" "Hints are for your moves"
keys M
check "M: the AI plays at once" "^Kingdom played " 4
keys M
check "M with the AI idle says so" "The AI is not thinking"
keys a
check "a hides the AI's thinking" "thinking \(depth, score, speed, expected moves\) is hidden"
type_move d4
check "the AI thinks, its line hidden" "AI thinking\.\.\."
check_not "no depth shown" "depth [0-9]"
keys a
check "a shows it again" "AI thinking: depth"
keys M
check "and it moves when told" "^Kingdom played " 4
keys q y
check "quit" "EXIT=0"
finish
