#!/bin/sh
# tools/blunders.py: a level plays itself, a judge scores each move's loss,
# and the summary line counts the moves that lose at least each threshold;
# bad options get a clear message and no traceback.
. "$(dirname "$0")/test-lib.sh"
tool_test blunders
use_tmp blunders
blunders() { python3 "$top/tools/blunders.py" "$@"; }

need_python blunders

blunders --kage "$kage" --variant shogun --level 1 --games 2 --max-plies 8 --decided 100000 --concurrency 2 \
    --thresholds 0,300 >"$tmp/out" 2>&1 || fail "two short games: exit $?: $(cat "$tmp/out")"
line=$(grep '^Blunders of level 1, shogun: ' "$tmp/out") || fail "no summary: $(cat "$tmp/out")"
# 8 plies a game, each a move of level 1's (none of them ends the game so soon)
echo "$line" | grep -q ': 16 moves in 2 games, loss >= 0 cp: 16 (100.0%), loss >= 300 cp: [0-9]* (' ||
    fail "summary: $line"
echo "$line" | grep -q ', mean loss [0-9]* cp$' || fail "mean loss: $line"

for bad in "--level 10" "--level 0" "--depth 1" "--thresholds 3x" "--variant nosuch"; do
    # shellcheck disable=SC2086 # the option and its value are two words
    blunders --kage "$kage" $bad --games 1 >"$tmp/out" 2>&1 && fail "$bad accepted"
    grep -q Traceback "$tmp/out" && fail "$bad: a traceback: $(cat "$tmp/out")"
    grep -q "blunders" "$tmp/out" || fail "$bad: no message naming the tool: $(cat "$tmp/out")"
done
blunders --kage "$tmp/no-kage" --games 1 >"$tmp/out" 2>&1 && fail "a missing kage accepted"
grep -q "blunders.py: cannot start" "$tmp/out" || fail "missing kage: $(cat "$tmp/out")"
grep -q Traceback "$tmp/out" && fail "missing kage: a traceback"

finish "blunders: tools/blunders.py measures a level's losses"
