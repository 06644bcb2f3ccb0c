#!/bin/sh
# tools/relabel.py: kage datagen positions scored again by a teacher engine
# (here Kage itself, at a few hundred nodes), written from White's view with
# the game's result kept, in the format kage evaltrace reads; bad lines and
# bad options give a clear message.
. "$(dirname "$0")/test-lib.sh"
use_tmp relabel
relabel() { python3 "$top/tools/relabel.py" "$@"; }

need_python relabel

# a few self-play positions, and two whose side to move is a queen down
"$kage" datagen shinobiplus 2 300 "$tmp/sp.data" - 5 4 2>/dev/null || fail "datagen: exit $?"
n=$(wc -l <"$tmp/sp.data")
[ "$n" -ge 4 ] || fail "datagen wrote $n positions"
printf '4k3/8/8/8/8/8/PPPPPPPP/3QK3[] b - - 0 30\t0\t1\n' >>"$tmp/sp.data"
printf '3qk3/pppppppp/8/8/8/8/8/4K3[] w - - 0 30\t0\t0\n' >>"$tmp/sp.data"
printf 'not a datagen line\n' >>"$tmp/sp.data"

relabel "$tmp/sp.data" --variant shinobiplus --engine "$kage uci" --go "nodes 300" --count 1000 \
    --out "$tmp/out.data" 2>"$tmp/err" || fail "relabel: exit $?"
grep -q 'sp.data:.*not a datagen line, skipped' "$tmp/err" || fail "the bad line is not named"
m=$(wc -l <"$tmp/out.data")
[ "$m" -eq $((n + 2)) ] || fail "$m positions written of $((n + 2))"
awk -F '\t' 'NF != 3 || $2 !~ /^-?[0-9]+$/ || $2 > 3000 || $2 < -3000 || ($3 != "0" && $3 != "1" && $3 != "0.5") { bad++ }
    END { exit bad > 0 }' "$tmp/out.data" || fail "a line is not FEN, score, result"
# White's view: White a queen up is far ahead whoever moves; results kept
grep -q '^4k3/8/8/8/8/8/PPPPPPPP/3QK3\[\] b - - 0 30	[1-9][0-9][0-9][0-9]*	1$' "$tmp/out.data" ||
    fail "White a queen up, Black to move: $(grep '^4k3/' "$tmp/out.data")"
grep -q '^3qk3/pppppppp/8/8/8/8/8/4K3\[\] w - - 0 30	-[1-9][0-9][0-9][0-9]*	0$' "$tmp/out.data" ||
    fail "Black a queen up, White to move: $(grep '^3qk3/' "$tmp/out.data")"
"$kage" evaltrace shinobiplus <"$tmp/out.data" >"$tmp/out.trace" || fail "evaltrace: exit $?"
[ "$(wc -l <"$tmp/out.trace")" -eq $((m + 1)) ] || fail "evaltrace does not read every line"

# parts share a sample without overlap; the output is appended to
relabel "$tmp/sp.data" --variant shinobiplus --engine "$kage uci" --go "nodes 100" --count 4 --part 0/2 \
    --out "$tmp/parts.data" 2>/dev/null || fail "part 0/2: exit $?"
relabel "$tmp/sp.data" --variant shinobiplus --engine "$kage uci" --go "nodes 100" --count 4 --part 1/2 \
    --out "$tmp/parts.data" 2>/dev/null || fail "part 1/2: exit $?"
[ "$(cut -f1 "$tmp/parts.data" | sort -u | wc -l)" -eq 4 ] || fail "two parts do not make the sample of 4"

# bad options and a teacher that is not there
relabel "$tmp/sp.data" --variant shinobiplus --engine "$kage uci" --part 2/2 --out "$tmp/x" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'expected I/N' "$tmp/err" || fail "--part 2/2 is not refused"
relabel "$tmp/sp.data" --variant shinobiplus --engine "$kage uci" --option Hash --out "$tmp/x" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'expected NAME=VALUE' "$tmp/err" || fail "--option without a value is not refused"
relabel "$tmp/sp.data" --variant shinobiplus --engine "$tmp/no-such-engine" --out "$tmp/x" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^relabel: cannot start teacher ($tmp/no-such-engine): No such file" "$tmp/err" || fail "a missing teacher: $(cat "$tmp/err")"
relabel "$tmp/no-such.data" --variant shinobiplus --engine "$kage uci" --out "$tmp/x" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^relabel: $tmp/no-such.data: No such file" "$tmp/err" || fail "a missing data file: $(cat "$tmp/err")"
relabel "$tmp/sp.data" --variant shinobiplus --engine "$kage uci" --out "$tmp/no/dir/x" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^relabel: $tmp/no/dir/x: No such file" "$tmp/err" || fail "an output that cannot be written: $(cat "$tmp/err")"

finish "relabel: all checks passed"
