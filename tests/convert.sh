#!/bin/sh
# tools/convert.py, the conversion figure: a King taken at once is converted
# in 1 ply, positions not won within --plies are not, the figure line counts
# them; every position of tools/openings/cashew-won.txt is one the rules
# take, the side to move +10 or more by Kage's search; bad input gives a
# message and exit 1 (2 for a bad option), never a traceback.
. "$(dirname "$0")/test-lib.sh"
tool_test convert
use_tmp convert
convert() { python3 "$top/tools/convert.py" --kage "$kage" "$@"; }

need_python convert

# a Queen that takes the King; Queen and King against King and pawn (not
# in 6 plies); two bare Kings
{
    printf 'cashew\tk12/13/13/13/13/13/13/13/13/13/13/13/Q11K w\n'
    printf '# a comment\n\n'
    printf 'cashew\t12k/p12/13/13/13/13/13/13/13/13/13/13/K2Q9 w\n'
    printf 'cashew\t12k/13/13/13/13/13/13/13/13/13/13/13/K12 b\n'
} >"$tmp/won.txt"
convert "$tmp/won.txt" --nodes 500 --plies 6 >"$tmp/out" 2>&1 || fail "three positions: exit $?: $(cat "$tmp/out")"
grep -q '^position 1: converted in 1 ply (King captured)$' "$tmp/out" || fail "position 1: $(cat "$tmp/out")"
grep -q '^position 2: not converted: 1/2-1/2 (move limit) after 6 plies$' "$tmp/out" || fail "position 2: $(cat "$tmp/out")"
grep -q '^position 3: not converted: ' "$tmp/out" || fail "position 3: $(cat "$tmp/out")"
grep -q '^converted 1 of 3 (33%) within 6 plies at 500 nodes a move; median 1 ply$' "$tmp/out" ||
    fail "no figure: $(cat "$tmp/out")"

# the position set: at least 30, each taken by the rules, one ply each
set_file="$top/tools/openings/cashew-won.txt"
n=$(grep -c '^cashew	' "$set_file")
[ "$n" -ge 30 ] || fail "tools/openings/cashew-won.txt: $n positions, fewer than 30"
convert --nodes 50 --plies 1 --quiet >"$tmp/out" 2>&1 || fail "the position set: exit $?: $(cat "$tmp/out")"
grep -q "^converted [0-9]* of $n (" "$tmp/out" || fail "the position set: $(cat "$tmp/out")"

# bad input: a message and exit 1 (2 for an option), no traceback
refused() { # WHAT STATUS PATTERN ARGS...
    what=$1 status=$2 pattern=$3
    shift 3
    convert "$@" >"$tmp/out" 2>&1
    [ $? -eq "$status" ] && grep -q "$pattern" "$tmp/out" && ! grep -q Traceback "$tmp/out" ||
        fail "$what: $(cat "$tmp/out")"
}
refused "a missing file" 1 "^convert.py: $tmp/no.txt: No such file" "$tmp/no.txt"
printf 'cashew 12k/13 w\n' >"$tmp/bad.txt"
refused "a line without a tab" 1 '^convert.py: .*bad.txt: line 1: expected VARIANT<TAB>FEN' "$tmp/bad.txt"
printf '# nothing\n' >"$tmp/empty.txt"
refused "no positions" 1 '^convert.py: .*empty.txt: no positions in it' "$tmp/empty.txt"
printf 'cashew\t12k/13 w\n' >"$tmp/short.txt"
refused "a FEN the rules refuse" 1 '^convert.py: ' "$tmp/short.txt" --nodes 50
refused "--nodes 0" 2 'must be at least 1' "$tmp/won.txt" --nodes 0
refused "a missing engine" 1 "^convert.py: cannot start kage" "$tmp/won.txt" --engine "$tmp/no-engine"
finish "convert: all checks passed"
