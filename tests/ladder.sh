#!/bin/sh
# tools/ladder.py --summary: the table made again from earlier runs' summary
# lines, the games of a pair added up over runs, a step won every game given
# as its exact binomial bound (and the levels below as "at least that far
# down"), and bad logs and a Kage that cannot run refused with a clear
# message.  Plays two games (--pgn), of the lowest levels.
. "$(dirname "$0")/test-lib.sh"
tool_test ladder
use_tmp ladder
ladder() { python3 "$top/tools/ladder.py" "$@"; }

need_python ladder

cat >"$tmp/run1" <<'LOG'
Match level10 vs level9, shogun, movetime=2000ms: 10 games, +8 -1 =1, score 85.0%, Elo +301.3 +/- 341.9 (95%)
a line that is not a summary
Match level9 vs level8, shogun, movetime=6000ms: 10 games, +10 -0 =0, score 100.0%, Elo +2400.0 +/- 0.0 (95%)
Match level8 vs level7, shogun, movetime=4000ms: 10 games, +5 -5 =0, score 50.0%, Elo -0.0 +/- 0.0 (95%)
LOG
ladder --summary "$tmp/run1" >"$tmp/out" 2>&1 || fail "summary: exit $?: $(cat "$tmp/out")"
grep -q '^Ladder, shogun, 10 games a pair' "$tmp/out" || fail "no heading: $(cat "$tmp/out")"
grep -q 'level 10 vs 9: 8.5/10, Elo +301 (+[0-9]* to +inf) at 2000 ms' "$tmp/out" ||
    fail "10 vs 9: $(grep 'vs 9' "$tmp/out")"
# 10 of 10: the score is at least 0.025^(1/10) = 0.6915, +140 Elo
grep -q 'level  9 vs 8: 10/10, Elo +inf (+140 to +inf)' "$tmp/out" || fail "9 vs 8: $(grep 'vs 8' "$tmp/out")"
grep -q 'level  9:    -301$' "$tmp/out" || fail "level 9: $(grep 'level  9:' "$tmp/out")"
grep -q 'level  8: <  -442$' "$tmp/out" || fail "level 8 is not a bound: $(grep 'level  8:' "$tmp/out")"
grep -q 'level  7: <  -442$' "$tmp/out" || fail "level 7: $(grep 'level  7:' "$tmp/out")"

# a second run of one pair: its games are added to the first's
grep 'level10 vs' "$tmp/run1" | sed 's/+8 -1 =1/+9 -1 =0/' >"$tmp/run2"
ladder --summary "$tmp/run1" "$tmp/run2" >"$tmp/out" 2>&1 || fail "two logs: exit $?"
grep -q '^Ladder, shogun, 10 to 20 games a pair' "$tmp/out" || fail "merged heading: $(head -2 "$tmp/out")"
grep -q 'level 10 vs 9: 17.5/20,' "$tmp/out" || fail "merged 10 vs 9: $(grep 'vs 9' "$tmp/out")"

# a ladder measured in parts: steps that do not join up are each given
# relative to the top of their own run of steps
cat >"$tmp/low" <<'LOG'
Match level3 vs level2, shogun, movetime=350ms: 10 games, +7 -3 =0, score 70.0%, Elo +147.2 +/- 200.0 (95%)
Match level2 vs level1, shogun, movetime=200ms: 10 games, +6 -4 =0, score 60.0%, Elo +70.4 +/- 200.0 (95%)
LOG
ladder --summary "$tmp/run1" "$tmp/low" >"$tmp/out" 2>&1 || fail "two parts: exit $?: $(cat "$tmp/out")"
grep -q '^Elo relative to level 10:' "$tmp/out" || fail "parts, top: $(cat "$tmp/out")"
grep -q '^Elo relative to level 3:' "$tmp/out" || fail "parts, lower run: $(cat "$tmp/out")"
grep -q 'level  2:    -147$' "$tmp/out" || fail "parts, level 2: $(grep 'level  2:' "$tmp/out")"
grep -q 'level  1:    -218$' "$tmp/out" || fail "parts, level 1: $(grep 'level  1:' "$tmp/out")"
for bad in 6 0-5 5-5 7-3 1-11 a-b; do
    ladder --levels "$bad" >"$tmp/out" 2>&1 && fail "--levels $bad accepted"
    grep -q "error: --levels $bad: not LOW-HIGH" "$tmp/out" || fail "--levels $bad: $(tail -1 "$tmp/out")"
done

# --pgn keeps each pair's games, and --summary reads them as a summary
ladder --kage "$kage" --variant shogun --games 2 --concurrency 1 --levels 1-2 --pgn "$tmp/games" >"$tmp/out" 2>&1 ||
    fail "a step with --pgn: exit $?: $(tail -3 "$tmp/out")"
pgn=$tmp/games/shogun-level2-level1-200ms.pgn
[ "$(grep -c '^\[Result ' "$pgn")" = 2 ] || fail "--pgn: $(ls "$tmp/games")"
played=$(grep 'level  2 vs 1:' "$tmp/out") || fail "--pgn, the step: $(cat "$tmp/out")"
ladder --summary "$pgn" >"$tmp/out" 2>&1 || fail "--summary of a PGN: exit $?: $(cat "$tmp/out")"
[ "$(grep 'level  2 vs 1:' "$tmp/out")" = "$played" ] || fail "--summary of a PGN: $(cat "$tmp/out") (played: $played)"
# a file not named as --pgn names them, and one whose games are of another variant
cp "$pgn" "$tmp/games/level2-level1.pgn"
cp "$pgn" "$tmp/games/cashew-level2-level1-200ms.pgn"
for bad in "$tmp/games/level2-level1.pgn" "$tmp/games/cashew-level2-level1-200ms.pgn"; do
    ladder --summary "$bad" >"$tmp/out" 2>&1 && fail "--summary $bad accepted"
    grep -q "^ladder: $bad: " "$tmp/out" || fail "--summary $bad: $(cat "$tmp/out")"
done

# bad logs: a clear message, exit 1, no traceback
echo "nothing here" >"$tmp/empty"
ladder --summary "$tmp/empty" >"$tmp/out" 2>&1 && fail "a log without summaries accepted"
grep -q "ladder: no 'Match level' lines in" "$tmp/out" || fail "empty log: $(cat "$tmp/out")"
ladder --summary "$tmp/missing" >"$tmp/out" 2>&1 && fail "a missing log accepted"
grep -q "ladder: .*No such file" "$tmp/out" || fail "missing log: $(cat "$tmp/out")"
echo "Match level10 vs level9, shogun: garbled" >"$tmp/bad"
ladder --summary "$tmp/bad" >"$tmp/out" 2>&1 && fail "a garbled summary accepted"
grep -q "ladder: not a tools/match.py level summary" "$tmp/out" || fail "garbled: $(cat "$tmp/out")"
grep -q Traceback "$tmp/out" && fail "a traceback"
# two variants' logs are not added up
sed 's/, shogun,/, shinobi,/' "$tmp/run2" >"$tmp/run3"
ladder --summary "$tmp/run1" "$tmp/run3" >"$tmp/out" 2>&1 && fail "two variants' logs added up"
grep -q "ladder: the logs are of more than one variant: shinobi, shogun" "$tmp/out" || fail "two variants: $(cat "$tmp/out")"
# a Kage that cannot be run: the first match fails, and the ladder says so
ladder --kage "$tmp/no-such-kage" --variant shogun --games 2 >"$tmp/out" 2>&1 && fail "a missing kage accepted"
grep -q "ladder: level 10 against level 9: tools/match.py failed" "$tmp/out" || fail "missing kage: $(cat "$tmp/out")"
grep -q Traceback "$tmp/out" && fail "a traceback for a missing kage"
ladder --kage "$tmp/no-such-kage" --variant shogun --games 2 --levels 2-6 >"$tmp/out" 2>&1 && fail "a missing kage accepted"
grep -q "ladder: level 6 against level 5: tools/match.py failed" "$tmp/out" || fail "--levels 2-6: $(cat "$tmp/out")"

finish "ladder: all checks passed"
