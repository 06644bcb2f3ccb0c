#!/bin/sh
# tools/spsa.py: a short run at a few nodes a move writes one line an
# iteration, moves only the numbers it was given (a step in the direction of
# each pair's winner), goes on from its log when started again, and refuses
# bad input (an unknown number, a bad --param, a log of other numbers)
# before any game with a clear message.  Plays eight game pairs of 300 nodes.
. "$(dirname "$0")/test-lib.sh"
tool_test spsa
use_tmp spsa
need_python spsa
spsa() { python3 "$top/tools/spsa.py" --kage "$kage" --openings "$top/tools/openings/shogun.txt" "$@"; }
params='--param rfp_margin=90:10:20:400 --param lmr_div=225:20'

spsa --nodes 300 --iterations 4 --seed 3 --log "$tmp/log" $params >"$tmp/out" 2>&1 ||
    fail "a run of 4 pairs: exit $?: $(cat "$tmp/out")"
[ "$(grep -c '^[0-9]' "$tmp/log")" -eq 4 ] || fail "4 iterations, not $(grep -c '^[0-9]' "$tmp/log") lines"
grep -q '^# names rfp_margin lmr_div$' "$tmp/log" || fail "the log names its numbers: $(head -2 "$tmp/log")"
grep -q '^    \.rfp_margin = [0-9]*,  /\* from 90 \*/$' "$tmp/out" || fail "the numbers to try: $(cat "$tmp/out")"
# each line: the iteration, the pair's wins minus losses (-2..2), the numbers;
# a number moves only after a pair that was not drawn, and stays in its bounds
awk 'BEGIN { t1 = 90; t2 = 225; bad = 0 }
     /^[0-9]/ { if ($2 < -2 || $2 > 2 || NF != 4) bad = 1
                if ($2 == 0 && ($3 != t1 || $4 != t2)) bad = 1
                if ($3 < 20 || $3 > 400) bad = 1
                t1 = $3; t2 = $4 }
     END { exit bad }' "$tmp/log" || fail "a bad iteration line: $(cat "$tmp/log")"

# started again: it goes on from the log's last line to 6 pairs
spsa --nodes 300 --iterations 6 --seed 3 --log "$tmp/log" $params >"$tmp/out" 2>&1 ||
    fail "going on: exit $?: $(cat "$tmp/out")"
grep -q 'going on from iteration 4' "$tmp/out" || fail "going on: not said: $(cat "$tmp/out")"
[ "$(grep -c '^[0-9]' "$tmp/log")" -eq 6 ] || fail "going on: 6 lines, not $(grep -c '^[0-9]' "$tmp/log")"
[ "$(awk '/^[0-9]/ { print $1 }' "$tmp/log" | tr '\n' ' ')" = "1 2 3 4 5 6 " ] || fail "going on: iterations in order"

# bad input: refused before any game, with a word
refused() { # refused WHAT ARGS...: exit 2 and a line saying WHAT
    what=$1
    shift
    spsa --nodes 300 --iterations 2 "$@" >"$tmp/out" 2>&1
    rc=$?
    [ "$rc" -eq 2 ] && grep -q "$what" "$tmp/out" || fail "refused ($*): exit $rc, $(cat "$tmp/out")"
}
refused "knows no number bogus" --log "$tmp/new" --param bogus=3:1
[ ! -e "$tmp/new" ] || fail "an unknown number: a log was written"
refused "expected NAME=START:C" --log "$tmp/new" --param rfp_margin=90
refused "expected NAME=START:C" --log "$tmp/new" --param rfp_margin=x:1
refused "must be above 0" --log "$tmp/new" --param rfp_margin=90:0
refused "START must lie within" --log "$tmp/new" --param rfp_margin=90:10:100:200
refused "given twice" --log "$tmp/new" --param rfp_margin=90:10 --param rfp_margin=80:10
refused "no --param" --log "$tmp/new"
refused "its numbers are rfp_margin lmr_div" --log "$tmp/log" --param rfp_margin=90:10
refused "at least 1" --log "$tmp/new" --param rfp_margin=90:10 --iterations 0
printf 'not a log\n' >"$tmp/junk"
refused "not a log of tools/spsa.py" --log "$tmp/junk" --param rfp_margin=90:10
spsa --kage /nonexistent --log "$tmp/new" --param rfp_margin=90:10 >"$tmp/out" 2>&1
[ $? -eq 2 ] && grep -q 'not a program' "$tmp/out" || fail "no kage: $(cat "$tmp/out")"

finish "tools/spsa.py: all checks passed"
