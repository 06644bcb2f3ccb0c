#!/bin/sh
# kage pgn: game records checked from the command line, and rewritten in
# SAN or UCI.  Every good record of tests/data/pgn goes SAN -> UCI -> SAN
# and comes back with the same moves, tags, comments and final position;
# bad ones give "line N: what" and exit status 1; usage errors exit 2.
. "$(dirname "$0")/test-lib.sh"
data="$top/tests/data/pgn"
use_tmp pgn

# a good file: exit 0, its tags, final FEN and result
out=$("$kage" pgn "$data/shinobiplus-campmate.pgn") || fail "campmate game: exit $?"
printf '%s\n' "$out" | grep -q '^\[White "alice"\]$' || fail "campmate game: its tags"
printf '%s\n' "$out" | grep -q '^moves: 107$' || fail "campmate game: its moves"
printf '%s\n' "$out" | grep -q '^result: 1-0 (campmate)$' || fail "campmate game: its result"
printf '%s\n' "$out" | grep -q '^final FEN: 1k1K2n1/' || fail "campmate game: its final FEN"

# every good file, round trip through UCI and back to SAN
for f in "$data"/*.pgn; do
    case $(basename "$f") in bad-*) continue ;; esac
    name=$(basename "$f" .pgn)
    "$kage" pgn "$f" >"$tmp/$name.check" || { fail "$name: exit $?"; continue; }
    "$kage" pgn --to=uci "$f" >"$tmp/$name.uci.pgn" || { fail "$name: --to=uci exit $?"; continue; }
    "$kage" pgn --to=san "$tmp/$name.uci.pgn" >"$tmp/$name.san.pgn" || { fail "$name: back to SAN: exit $?"; continue; }
    "$kage" pgn "$tmp/$name.san.pgn" >"$tmp/$name.again" || { fail "$name: the rewritten file: exit $?"; continue; }
    # the same games, moves, final positions and results (tags the writer adds aside)
    for k in moves 'final FEN' result variant; do
        if [ "$(grep "^$k:" "$tmp/$name.check")" != "$(grep "^$k:" "$tmp/$name.again")" ]; then
            fail "$name: '$k' differs after the round trip"
        fi
    done
done
grep -q '1\. e2e4 e7e5 2\. J@c3' "$tmp/several-games.uci.pgn" || fail "--to=uci: moves in UCI"
# comments survive both rewrites (two after one move are read as one)
for c in "The Clan starts with its pieces in hand." "the Lion jumps over c3" "Gote resigns"; do
    cat "$tmp"/*.san.pgn | tr '\n' ' ' | grep -qF "$c" || fail "comment '$c' lost"
done

# bad files: the line and what is wrong, exit 1
"$kage" pgn "$data/bad-illegal-move.pgn" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "illegal move: exit status"
grep -q 'bad-illegal-move.pgn: line 6: there is no square e9 in Qxe9' "$tmp/err" || fail "illegal move: message ($(cat "$tmp/err"))"
"$kage" pgn "$data/bad-second-game.pgn" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "second game bad: exit status"
grep -q 'line 9: illegal move Ke3' "$tmp/err" || fail "second game bad: message"

# a result the final position contradicts
printf '[Variant "shogun"]\n[FEN "4k3/R7/8/8/8/8/8/4K2R[] w - - 0 1"]\n[Result "0-1"]\n\n1. Rh8# 0-1\n' >"$tmp/result.pgn"
"$kage" pgn "$tmp/result.pgn" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "contradicted result: exit status"
grep -q 'line 1: \[Result "0-1"\] disagrees with the final position: 1-0 (checkmate)' "$tmp/err" ||
    fail "contradicted result: message ($(cat "$tmp/err"))"

# a [Result] tag that the result after the moves contradicts
printf '[Variant "shogun"]\n[Result "1-0"]\n\n1. e4 e5 *\n' >"$tmp/terminator.pgn"
"$kage" pgn "$tmp/terminator.pgn" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "tag and movetext result differ: exit status"
grep -q 'line 1: \[Result "1-0"\] disagrees with the result after the moves: \*' "$tmp/err" ||
    fail "tag and movetext result differ: message ($(cat "$tmp/err"))"

# - reads standard input, for scripts
"$kage" pgn - <"$data/shinobi-game.pgn" >"$tmp/out" 2>"$tmp/err" || fail "-: exit $? ($(cat "$tmp/err"))"
grep -q '^== -: game 1' "$tmp/out" || fail "-: standard input checked"
"$kage" pgn --to=uci - <"$data/shinobi-game.pgn" | "$kage" pgn - >/dev/null 2>"$tmp/err" ||
    fail "-: a pipe of two ($(cat "$tmp/err"))"

# a missing file, and the other files still checked
"$kage" pgn "$tmp/none.pgn" "$data/shinobi-game.pgn" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "missing file: exit status"
grep -q 'none.pgn: No such file' "$tmp/err" || fail "missing file: message"
grep -q '^== .*shinobi-game.pgn: game 1' "$tmp/out" || fail "missing file: the next file is still checked"

# usage
"$kage" pgn >/dev/null 2>&1; [ $? -eq 2 ] || fail "no file: exit 2"
"$kage" pgn --to=xml "$data/shinobi-game.pgn" >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] || fail "--to=xml: exit 2"
grep -q 'write --to=san or --to=uci' "$tmp/err" || fail "--to=xml: message"

finish "kage pgn: all checks passed"
