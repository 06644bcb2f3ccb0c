#!/bin/sh
# tools/match.py: a short fixed-node match gives its summary line, and an
# engine or referee that cannot be started is named in a clear message with
# exit 1, not a Python traceback.
. "$(dirname "$0")/test-lib.sh"
tool_test match-cli
use_tmp match
match() {
    python3 "$top/tools/match.py" --kage "$kage" --openings "$top/tools/openings/shogun.txt" \
        --nodes 200 --games 2 "$@"
}

need_python match-cli

match --engine1 "$kage uci" --engine2 "$kage uci" --name1 a --name2 b --pgn "$tmp/run1.pgn" >"$tmp/out" 2>&1 ||
    fail "a match: exit $?: $(tail -3 "$tmp/out")"
grep -q '^Match a vs b, shogun, nodes=200: 2 games, ' "$tmp/out" || fail "no summary: $(tail -3 "$tmp/out")"

# --resume counts an earlier run's games first: alone with --games 0 (no
# engine needed), or before new ones; engine 1 may have had another name
match --engine1 "$kage uci" --engine2 "$kage uci" --name1 old-a --name2 b --seed 7 --pgn "$tmp/other.pgn" \
    >"$tmp/out" 2>&1 || fail "a second match: exit $?: $(tail -3 "$tmp/out")"
[ "$(grep -m1 '^\[FEN ' "$tmp/run1.pgn")" != "$(grep -m1 '^\[FEN ' "$tmp/other.pgn")" ] ||
    fail "seeds 1 and 7 drew the same opening: pick another seed for the test"
python3 "$top/tools/match.py" --games 0 --sprt 0 10 --name1 a --name2 b --resume "$tmp/other.pgn" \
    --resume "$tmp/run1.pgn" >"$tmp/out" 2>&1 || fail "a summary of two runs: exit $?: $(tail -3 "$tmp/out")"
grep -q '^resumed: 2 games from .*other.pgn$' "$tmp/out" || fail "resumed: $(cat "$tmp/out")"
grep -q '^SPRT\[0,10\] a vs b, shogun, limit as played: 4 games, .* no decision$' "$tmp/out" ||
    fail "no summary of two runs: $(tail -3 "$tmp/out")"
# a pair from an opening already counted is a repeat (move for move at fixed
# nodes): counted once, the later copy named and left out
sed 's/"a"/"old-a"/' "$tmp/run1.pgn" >"$tmp/renamed.pgn"
python3 "$top/tools/match.py" --games 0 --name1 a --name2 b --resume "$tmp/run1.pgn" \
    --resume "$tmp/renamed.pgn" >"$tmp/out" 2>&1 || fail "a summary with a repeat: exit $?: $(tail -3 "$tmp/out")"
grep -q '^resumed: 0 games from .*renamed.pgn (2 more left out: their openings were played before)$' "$tmp/out" ||
    fail "a repeated opening counted again: $(cat "$tmp/out")"
grep -q '^Match a vs b, shogun, limit as played: 2 games, ' "$tmp/out" || fail "repeat: $(tail -3 "$tmp/out")"
# --compare: engine 1's games beside another engine 1's against the same
# engine 2, matched by opening and colours, with the margin over openings
pgn_game() { # FEN WHITE BLACK RESULT
    printf '[Variant "shogun"]\n[FEN "%s"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n\n%s\n\n' "$1" "$2" "$3" "$4" "$4"
}
f1=$(grep -v '^#' "$top/tools/openings/shogun.txt" | sed -n 1p | cut -f2)
f2=$(grep -v '^#' "$top/tools/openings/shogun.txt" | sed -n 2p | cut -f2)
f3=$(grep -v '^#' "$top/tools/openings/shogun.txt" | sed -n 3p | cut -f2)
{ pgn_game "$f1" a b 1-0; pgn_game "$f1" b a 1-0; pgn_game "$f2" a b 1-0; pgn_game "$f2" b a 0-1; } >"$tmp/new.pgn"
{ pgn_game "$f3" c b 1-0; pgn_game "$f3" b c 1-0; pgn_game "$f1" c b 1-0; pgn_game "$f1" b c 0-1
  pgn_game "$f2" c b 1/2-1/2; pgn_game "$f2" b c 1/2-1/2; } >"$tmp/old.pgn"
python3 "$top/tools/match.py" --games 0 --name1 a --name2 b --resume "$tmp/new.pgn" --compare "$tmp/old.pgn" \
    >"$tmp/out" 2>&1 || fail "--compare: exit $?: $(tail -3 "$tmp/out")"
grep -qF "Compared with $tmp/old.pgn: 4 games with the same opening and colours (2 openings), a against b 3 points (75.0%), the other 3 (75.0%): difference +0 +/- 3.9 points (95%), 1 results the same" "$tmp/out" ||
    fail "--compare: $(tail -1 "$tmp/out")"
# engine 1's results by colour: a won both its games with White, one of two with Black
grep -qx "a by colour: with White +2 -0 =0; with Black +1 -1 =0" "$tmp/out" ||
    fail "by colour: $(grep 'by colour' "$tmp/out")"
{ pgn_game "$f3" c b 1-0; pgn_game "$f3" b c 1-0; } >"$tmp/old3.pgn"
python3 "$top/tools/match.py" --games 0 --name1 a --name2 b --resume "$tmp/new.pgn" --compare "$tmp/old3.pgn" \
    >"$tmp/out" 2>&1 || fail "--compare, nothing in common: exit $?: $(tail -3 "$tmp/out")"
grep -qF "Compared with $tmp/old3.pgn: no game with the same opening and colours" "$tmp/out" ||
    fail "--compare, nothing in common: $(tail -1 "$tmp/out")"
# --pool: the games with an earlier part known only by its totals (a record
# whose games were lost): a's pairs score 0.5 and 1 here, 0.75 on average
python3 "$top/tools/match.py" --games 0 --name1 a --name2 b --resume "$tmp/new.pgn" --pool 48,48,0,70 \
    >"$tmp/out" 2>&1 || fail "--pool: exit $?: $(tail -3 "$tmp/out")"
grep -q '^Pooled with 96 earlier games (+48 -48 =0, Elo +/- 70): 100 games, score 51.0%, Elo +6.9 +/- 67.9 (95%), -60.7 to +75.1$' \
    "$tmp/out" || fail "--pool: $(tail -1 "$tmp/out")"
{ pgn_game "$f1" a b 1-0; pgn_game "$f1" b a 1-0; } >"$tmp/one-pair.pgn"
python3 "$top/tools/match.py" --games 0 --name1 a --name2 b --resume "$tmp/one-pair.pgn" --pool 48,48,0,70 \
    >"$tmp/out" 2>&1 || fail "--pool with one pair: exit $?: $(tail -3 "$tmp/out")"
grep -qx -- '--pool: no pooled figure: the match has 1 pair of games (2 needed)' "$tmp/out" ||
    fail "--pool with one pair: $(tail -1 "$tmp/out")"
for bad in 1,2,3 5,0,0,30 1,1,0,0 1.5,1,0,30 x,1,0,30 inf,1,0,30 1,1,0,nan; do
    python3 "$top/tools/match.py" --games 0 --name2 b --resume "$tmp/new.pgn" --pool "$bad" >"$tmp/out" 2>&1 &&
        fail "--pool $bad: accepted"
    grep -q "argument --pool: $bad: " "$tmp/out" && ! grep -q Traceback "$tmp/out" || fail "--pool $bad: $(cat "$tmp/out")"
done
# a file that is no record is named with its option
echo "not a game" >"$tmp/junk.pgn"
python3 "$top/tools/match.py" --games 0 --name1 a --name2 b --resume "$tmp/new.pgn" --compare "$tmp/junk.pgn" \
    >"$tmp/out" 2>&1 && fail "--compare of a file of no games: exit 0"
grep -qF "match.py: --compare $tmp/junk.pgn: no pair of games in it" "$tmp/out" ||
    fail "--compare of a file of no games: $(cat "$tmp/out")"
# and the games of this run count in it: the same engines, the same games
match --engine1 "$kage uci" --engine2 "$kage uci" --name1 a --name2 b --compare "$tmp/run1.pgn" >"$tmp/out" 2>&1 ||
    fail "a match with --compare: exit $?: $(tail -3 "$tmp/out")"
grep -q "^Compared with $tmp/run1.pgn: 2 games with the same opening and colours (1 opening), .*: difference +0 points (one opening: no margin), 2 results the same$" "$tmp/out" ||
    fail "a match with --compare: $(tail -2 "$tmp/out")"
match --engine1 "$kage uci" --engine2 "$kage uci" --name1 a --name2 b --resume "$tmp/run1.pgn" --pgn "$tmp/run2.pgn" \
    >"$tmp/out" 2>&1 || fail "a resumed match: exit $?: $(tail -3 "$tmp/out")"
grep -q '^Match a vs b, shogun, nodes=200: 4 games, ' "$tmp/out" || fail "resumed match: $(tail -3 "$tmp/out")"
# with the same seed, the new games take another opening than the resumed ones
old_fen=$(grep -m1 '^\[FEN ' "$tmp/run1.pgn") new_fen=$(grep -m1 '^\[FEN ' "$tmp/run2.pgn")
[ -n "$new_fen" ] && [ "$old_fen" != "$new_fen" ] || fail "the resumed opening played again: $new_fen"
# a --pgn file whose last game has no pair (a run stopped between the two
# games of an opening): no new game after it, said, the file left as it was
awk '/^\[Variant / { n++ } n == 1' "$tmp/run1.pgn" >"$tmp/odd.pgn"
cp "$tmp/odd.pgn" "$tmp/odd-before.pgn"
match --engine1 "$kage uci" --engine2 "$kage uci" --name1 a --name2 b --pgn "$tmp/odd.pgn" >"$tmp/out" 2>&1 &&
    fail "new games after an unpaired one: exit 0"
grep -qF "match.py: --pgn $tmp/odd.pgn: its last game (game 1) has no pair" "$tmp/out" ||
    fail "new games after an unpaired one: $(cat "$tmp/out")"
cmp -s "$tmp/odd.pgn" "$tmp/odd-before.pgn" || fail "new games after an unpaired one: the file changed"

# each opening once: a suite of two gives four games at most, however many
# are asked for, and says so; an SPRT undecided by then says why
grep -v '^#' "$top/tools/openings/shogun.txt" | head -2 >"$tmp/two.txt"
python3 "$top/tools/match.py" --kage "$kage" --openings "$tmp/two.txt" --nodes 200 --games 10 --sprt 0 10 \
    --engine1 "$kage uci" --engine2 "$kage uci" --name1 a --name2 b --pgn "$tmp/two.pgn" >"$tmp/out" 2>&1 ||
    fail "a match longer than its suite: exit $?: $(tail -3 "$tmp/out")"
grep -q "^match.py: $tmp/two.txt holds 2 openings: 4 new games at most, each opening played once" "$tmp/out" ||
    fail "no word of the suite's end: $(cat "$tmp/out")"
grep -q '^SPRT\[0,10\] a vs b, shogun, nodes=200: 4 games, .* no decision (every opening played)$' "$tmp/out" ||
    fail "the suite's end not in the summary: $(tail -3 "$tmp/out")"
[ "$(python3 "$top/tools/match.py" --help | grep -c 'never twice')" = 1 ] || fail "--help does not say why"
# random openings are distinct too: one ply from Shogun's start gives 20
python3 "$top/tools/match.py" --kage "$kage" --variant shogun --opening-plies 1 --nodes 50 --games 60 --quiet --max-plies 30 \
    --engine1 "$kage uci" --engine2 "$kage uci" --name1 a --name2 b >"$tmp/out" 2>&1 ||
    fail "a match of one random ply: exit $?: $(tail -3 "$tmp/out")"
grep -q '^match.py: --opening-plies 1 gives 20 distinct openings: 40 new games at most' "$tmp/out" ||
    fail "random openings: $(head -3 "$tmp/out")"
grep -q '^Match a vs b, shogun, nodes=50: 40 games, ' "$tmp/out" || fail "random openings: $(tail -3 "$tmp/out")"
# resumed, nothing is left to play: no game, and the files' score
python3 "$top/tools/match.py" --kage "$kage" --openings "$tmp/two.txt" --nodes 200 --games 10 --resume "$tmp/two.pgn" \
    --engine1 "$kage uci" --engine2 "$kage uci" --name1 a --name2 b >"$tmp/out" 2>&1 ||
    fail "a resumed match with its suite used up: exit $?: $(tail -3 "$tmp/out")"
grep -q "^match.py: $tmp/two.txt holds 2 openings, 2 of them played in the resumed games: 0 new games at most" "$tmp/out" ||
    fail "a used-up suite played again: $(cat "$tmp/out")"
grep -q '^Match a vs b, shogun, nodes=200: 4 games, ' "$tmp/out" || fail "used up: $(tail -3 "$tmp/out")"
# --exclude: the openings of a file (a record whose games are lost) are not
# played; here one of the two, so one pair is left
grep -v '^#' "$top/tools/openings/shogun.txt" | sed -n 2p >"$tmp/second.txt"
python3 "$top/tools/match.py" --kage "$kage" --openings "$tmp/two.txt" --exclude "$tmp/second.txt" --nodes 200 \
    --games 10 --engine1 "$kage uci" --engine2 "$kage uci" --name1 a --name2 b --pgn "$tmp/ex.pgn" >"$tmp/out" 2>&1 ||
    fail "a match with --exclude: exit $?: $(tail -3 "$tmp/out")"
grep -qx "excluded: 1 opening from $tmp/second.txt" "$tmp/out" || fail "--exclude not reported: $(cat "$tmp/out")"
grep -q "^match.py: $tmp/two.txt holds 2 openings, 1 left out by --exclude: 2 new games at most" "$tmp/out" ||
    fail "--exclude: $(cat "$tmp/out")"
[ "$(grep '^\[FEN ' "$tmp/ex.pgn" | sort -u)" = "[FEN \"$(grep -v '^#' "$tmp/two.txt" | sed -n 1p | cut -f2)\"]" ] ||
    fail "--exclude: an excluded opening played: $(grep '^\[FEN ' "$tmp/ex.pgn")"

# tools/make-openings.py --extend keeps a suite's openings and header and
# adds new ones, none a copy, up to --count in all
{ echo "# a suite of two"; cat "$tmp/two.txt"; } >"$tmp/two-h.txt"
python3 "$top/tools/make-openings.py" --kage "$kage" --variant shogun --count 4 --judge-go "nodes 500" \
    --max-cp 10000 --extend "$tmp/two-h.txt" >"$tmp/four.txt" 2>"$tmp/err" || fail "--extend: exit $?: $(tail -3 "$tmp/err")"
[ "$(grep -c '^shogun	' "$tmp/four.txt")" = 4 ] || fail "--extend: not four openings: $(cat "$tmp/four.txt")"
[ "$(sed -n 1p "$tmp/four.txt")" = "# a suite of two" ] || fail "--extend: the old header lost: $(head -3 "$tmp/four.txt")"
grep -q '^# shogun: 2 more openings made by tools/make-openings.py' "$tmp/four.txt" || fail "--extend: no header of its own"
[ "$(grep -v '^#' "$tmp/four.txt" | head -2)" = "$(cat "$tmp/two.txt")" ] || fail "--extend: the old openings changed"
[ "$(grep -v '^#' "$tmp/four.txt" | cut -d' ' -f1-3 | sort -u | wc -l)" = 4 ] || fail "--extend: a copy"
python3 "$top/tools/make-openings.py" --kage "$kage" --variant shinobiplus --count 4 --extend "$tmp/two.txt" \
    >"$tmp/out" 2>&1 && fail "--extend with another variant's suite: accepted"
grep -q "^make-openings.py: --extend $tmp/two.txt: not a shinobiplus suite line" "$tmp/out" ||
    fail "--extend with another variant's suite: $(tail -3 "$tmp/out")"

# a game stopped by a move the rules reject is left out of the clean score,
# and --pgn marks it so, for --resume to leave it out as well
cat >"$tmp/bad-engine" <<'EOF'
while read -r line; do
    case $line in
    uci) echo "id name bad"; echo uciok ;;
    isready) echo readyok ;;
    go*) echo "bestmove a1a1" ;;
    quit) exit 0 ;;
    esac
done
EOF
match --engine1 "$kage uci" --engine2 "sh $tmp/bad-engine" --name1 a --name2 bad --pgn "$tmp/bad.pgn" \
    >"$tmp/out" 2>&1 || fail "a match against a bad engine: exit $?: $(tail -3 "$tmp/out")"
grep -q '^Without the 2 games stopped by a rules disagreement or an engine.s exit: 0 games' "$tmp/out" ||
    fail "a bad engine's games in the clean score: $(tail -5 "$tmp/out")"
[ "$(grep -c '^\[Clean "no"\]$' "$tmp/bad.pgn")" = 2 ] || fail "the PGN does not mark them: $(cat "$tmp/bad.pgn")"
python3 "$top/tools/match.py" --games 0 --name1 a --name2 bad --resume "$tmp/bad.pgn" >"$tmp/out" 2>&1 ||
    fail "a summary of the bad engine's games: exit $?: $(tail -3 "$tmp/out")"
grep -q '^Without the 2 games stopped' "$tmp/out" || fail "resumed games in the clean score: $(tail -5 "$tmp/out")"

refused() { # WHAT EXPECTED-MESSAGE MATCH-ARGS...
    what=$1 want=$2
    shift 2
    match "$@" >"$tmp/out" 2>&1 && fail "$what: accepted"
    grep -q "$want" "$tmp/out" || fail "$what: $(tail -3 "$tmp/out")"
    if grep -q Traceback "$tmp/out"; then fail "$what: a traceback"; fi
}
refused "a missing engine" "match.py: cannot start engine2 ($tmp/no-such-engine uci): No such file" \
    --engine1 "$kage uci" --engine2 "$tmp/no-such-engine uci"
refused "an unclosed quote" "match.py: cannot start engine1 .*No closing quotation" \
    --engine1 "$kage 'uci" --engine2 "$kage uci"
refused "a missing referee" "match.py: cannot start the referee, $tmp/no-kage adjudicate (--kage)" \
    --engine1 "$kage uci" --engine2 "$kage uci" --kage "$tmp/no-kage"

sed -n '1,/^[^[]/p' "$tmp/run1.pgn" >"$tmp/half.pgn" # its first game
cat "$tmp/half.pgn" "$tmp/half.pgn" >"$tmp/twice.pgn"
refused "a PGN without a pair" "match.py: --resume $tmp/half.pgn: no pair of games in it" \
    --games 0 --name2 b --resume "$tmp/half.pgn"
refused "two games that are no pair" "match.py: --resume $tmp/twice.pgn: games 1 and 2 are not a pair" \
    --games 0 --name2 b --resume "$tmp/twice.pgn"
refused "a reference not in the PGN" "match.py: --resume $tmp/run1.pgn: games 1 and 2: no player named main" \
    --games 0 --name2 main --resume "$tmp/run1.pgn"
refused "a missing PGN" "match.py: --resume $tmp/none.pgn: .*No such file" --games 0 --resume "$tmp/none.pgn"
refused "games without engines" "needed to play games" --engine1 "$kage uci"
refused "a missing suite" "match.py: --openings $tmp/none.txt: .*No such file" \
    --engine1 "$kage uci" --engine2 "$kage uci" --openings "$tmp/none.txt"
refused "a missing --exclude file" "match.py: --exclude $tmp/none.txt: .*No such file" \
    --engine1 "$kage uci" --engine2 "$kage uci" --exclude "$tmp/none.txt"
echo "# no opening" >"$tmp/comment.txt"
refused "an --exclude file of no openings" "match.py: --exclude $tmp/comment.txt: no openings in it" \
    --engine1 "$kage uci" --engine2 "$kage uci" --exclude "$tmp/comment.txt"
refused "--exclude without --openings" "error: --exclude needs --openings" \
    --engine1 "$kage uci" --engine2 "$kage uci" --exclude "$tmp/second.txt" --openings ""

# every option the help's examples use is one match.py takes
python3 "$top/tools/match.py" --help >"$tmp/help" 2>&1 || fail "--help: exit $?"
sed -n '/^options:/,$p' "$tmp/help" >"$tmp/options"
sed -n '/^Examples:/,/^Standard library/p' "$tmp/help" | grep -o -- ' --[a-z0-9-]*' | sort -u |
    while read -r opt; do
        grep -Eq -- "^ *$opt([ ,]|$)" "$tmp/options" || echo "$opt"
    done >"$tmp/unknown"
[ ! -s "$tmp/unknown" ] || fail "the help's examples use options it does not take: $(cat "$tmp/unknown")"

finish "match-cli: all checks passed"
