#!/bin/sh
# tools/horizon.py: from a record's lost games, when each engine saw the loss
# (and the mate) coming, in plies before the end; bad input gives a clear
# message and exit 1, never a traceback.
. "$(dirname "$0")/test-lib.sh"
tool_test horizon
use_tmp horizon
horizon() { python3 "$top/tools/horizon.py" "$@"; }

need_python horizon

# a game of stop 56's Shogun record that Kage (main56) lost by mate, and the
# same moves marked as adjudicated
game() { # TERMINATION
    printf '[Variant "shogun"]\n[FEN "rnb+fkb1r/ppp2ppp/7n/3pp3/8/2N1P3/PPPP1PPP/1RB+FKBNR[] w Kkq - 1 4"]\n'
    printf '[White "fsf"]\n[Black "main56"]\n[Result "1-0"]\n[Termination "%s"]\n\n' "$1"
    printf 'g1f3 b8c6 f1b5 f7f6 d2d3 f8b4 e3e4 d5d4 c1h6 g7h6 N@d5 d4c3+ e1g1 e8g8 b5c6 b7c6 d5b4 c3b4 B@d2 B@f7\n'
    printf 'd2h6+ g8h8 f3e5 f6e5 N@g5 f7a2+ g5h7+ h8h7 d1h5 f8f6 P@g5 f6h6 h5h6 h7g8 g5g6+ d8e7 R@g5 N@h5 g6h7 g8f7\n'
    printf 'h6g6 f7f8 h7g8 a2g8 g6g8 1-0\n\n'
}
{ game checkmate; game "adjudicated: both engines agree"; } >"$tmp/rec.pgn"

# the same engine twice: the same figures, at fixed nodes, so neither sooner
horizon "$tmp/rec.pgn" --loser main56 --termination checkmate --engine "a=$kage uci" --scale a=256 \
    --engine "b=$kage uci" --nodes 2000 --moves 3 --verbose >"$tmp/out" 2>&1 ||
    fail "horizon: exit $?: $(cat "$tmp/out")"
grep -q '^1 game lost by main56 by checkmate, the positions before its last 3 moves at 2000 nodes' "$tmp/out" ||
    fail "the adjudicated game is not left out, or no heading: $(cat "$tmp/out")"
grep -q '^game 1 (45 plies): a lost [0-9]* mate [0-9]*, b lost [0-9]* mate [0-9]*$' "$tmp/out" ||
    fail "no line for the game: $(cat "$tmp/out")"
# Black's last move (a2g8) allowed a mate in one that nothing stopped: both
# engines see the mate from there at least
a=$(sed -n 's/^a: lost (3 pawns of 256 cp) \([0-9.]*\), mate \([0-9.]*\)$/\1 \2/p' "$tmp/out")
[ -n "$a" ] || fail "no line for engine a: $(cat "$tmp/out")"
set -- $a
awk -v l="$1" -v m="$2" 'BEGIN { exit !(m >= 2 && l >= m) }' || fail "engine a: lost $1, mate $2"
grep -q '^b: lost (3 pawns of 100 cp) .*, mate .*; the loss seen sooner than a in 0 games, later in 0$' "$tmp/out" ||
    fail "no comparison for engine b: $(cat "$tmp/out")"
# without --termination both games are read
horizon "$tmp/rec.pgn" --loser main56 --engine "a=$kage uci" --nodes 500 --moves 1 >"$tmp/out" 2>&1 ||
    fail "horizon without --termination: exit $?"
grep -q '^2 games lost by main56, ' "$tmp/out" || fail "both games not read: $(cat "$tmp/out")"

# bad input: a message and exit 1, no traceback
refused() { # WHAT PATTERN ARGS...
    what=$1 pattern=$2
    shift 2
    horizon "$@" >"$tmp/out" 2>&1
    [ $? -eq 1 ] && grep -q "$pattern" "$tmp/out" && ! grep -q Traceback "$tmp/out" ||
        fail "$what: $(cat "$tmp/out")"
}
refused "a winner as the loser" '^horizon.py: no game lost by fsf' "$tmp/rec.pgn" --loser fsf --engine "a=$kage uci"
refused "an --engine without a name" 'expected NAME=VALUE' "$tmp/rec.pgn" --loser main56 --engine "$kage uci"
refused "an engine named twice" '^horizon.py: --engine a: given twice' "$tmp/rec.pgn" --loser main56 \
    --engine "a=$kage uci" --engine "a=$kage uci"
refused "a --scale of no engine" 'no --engine of that name' "$tmp/rec.pgn" --loser main56 \
    --engine "a=$kage uci" --scale b=256
refused "a --scale of 0" 'expected centipawns above 0' "$tmp/rec.pgn" --loser main56 --engine "a=$kage uci" --scale a=0
refused "--nodes 0" 'must be at least 1' "$tmp/rec.pgn" --loser main56 --engine "a=$kage uci" --nodes 0
refused "a --scale of nan" 'expected centipawns above 0' "$tmp/rec.pgn" --loser main56 --engine "a=$kage uci" \
    --scale a=nan
refused "--pawns inf" 'above 0' "$tmp/rec.pgn" --loser main56 --engine "a=$kage uci" --pawns inf
refused "a missing PGN" "^horizon.py: $tmp/no.pgn: No such file" "$tmp/no.pgn" --loser main56 --engine "a=$kage uci"
refused "a missing engine" "^horizon.py: cannot start a ($tmp/no-engine)" "$tmp/rec.pgn" --loser main56 \
    --engine "a=$tmp/no-engine"
finish "horizon: all checks passed"
