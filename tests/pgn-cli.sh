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

# games saved by the real XBoard 4.9.1 (-saveGameFile, Kage against Kage,
# one per variant): its "d3=+", "dxe2=++", "+Lxb8", Cashew's "Pb5" and
# "L!xc7-d6+", a piece's promotion written with no mark ("Bd3" for h7d3+)
# all read, to the position the engines' own moves (xboard-*.moves, from
# XBoard's debug log) reach (issue 72)
for v in shinobiplus shinobi shinobivchess shogun cashew; do
    f="$data/xboard-$v.pgn"
    "$kage" pgn "$f" >"$tmp/xb-$v.check" 2>&1 || { fail "xboard-$v.pgn: $(tail -1 "$tmp/xb-$v.check")"; continue; }
    "$kage" pgn "$data/xboard-$v.moves" >"$tmp/xb-$v.moves" 2>&1 || { fail "xboard-$v.moves: $(tail -1 "$tmp/xb-$v.moves")"; continue; }
    [ "$(grep '^final FEN:' "$tmp/xb-$v.check")" = "$(grep '^final FEN:' "$tmp/xb-$v.moves")" ] ||
        fail "xboard-$v.pgn: not the position of the engines' moves"
    grep -q "^result: $(sed -n 's/^\[Result "\(.*\)"\]/\1/p' "$f")" "$tmp/xb-$v.check" || fail "xboard-$v.pgn: its result"
    # rewritten in Kage's SAN without XBoard's [VariantMen], which marks XBoard's way of writing
    "$kage" pgn --to=san "$f" >"$tmp/xb-$v.san.pgn" || fail "xboard-$v.pgn: --to=san: exit $?"
    ! grep -q '^\[VariantMen ' "$tmp/xb-$v.san.pgn" || fail "xboard-$v.pgn: --to=san keeps [VariantMen]"
done

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

# a collection of any size is read and reported game by game (issue 77: a
# million games took 1.0 GB, and nothing came out before the whole was read):
# the games come out while the input is still open, and the peak memory of
# 4,000 games (4 MB) is that of 100.  The peak (VmHWM) is read while kage
# still runs; AddressSanitizer's quarantine of freed memory is kept small.
games_of() { # games_of N: N games of about 1 KB, on stdout
    awk -v n="$1" 'BEGIN { c = sprintf("%1000s", ""); gsub(/ /, "x", c)
        for (i = 1; i <= n; i++) printf "[Event \"g%d\"]\n[Variant \"shogun\"]\n\n1. e4 {%s} e5 2. Nf3 Nc6 *\n\n", i, c }'
}
peak_kb() { # peak_kb N: kage pgn's peak memory (kB) once it has reported game N - 50 of N, its input held open
    : >"$tmp/report"
    : >"$tmp/peak"
    { games_of "$1"; i=0
        while [ $i -lt 150 ] && ! grep -q "^== -: game $(($1 - 50)) " "$tmp/report"; do sleep 0.1; i=$((i + 1)); done
        # (sed not last: the shell would run it in its own place, and its
        # redirection would close kage's input before it reads the peak)
        sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$(cat "$tmp/pid")/status" >"$tmp/peak"
        :; } |
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
            timeout 60 sh -c 'echo $$ >"$1"; exec "$2" pgn -' sh "$tmp/pid" "$kage" >"$tmp/report"
    cat "$tmp/peak"
}
if [ -r /proc/self/status ]; then
    small=$(peak_kb 100) big=$(peak_kb 4000)
    [ -n "$small" ] && [ -n "$big" ] && [ $((big - small)) -lt 1024 ] ||
        fail "4,000 games: reported before the input ends, in the memory of 100 ($small kB -> ${big:-no report} kB)"
    [ "$(grep -c '^== -: game' "$tmp/report")" -eq 4000 ] || fail "4,000 games: not all reported"
else
    skip_part "pgn-cli: memory" "no /proc to read kage pgn's peak memory from"
fi
# a file larger than Kage's own files (16 MB): read all the same
games_of 17000 >"$tmp/large.pgn"
"$kage" pgn "$tmp/large.pgn" >"$tmp/out" 2>"$tmp/err" || fail "a 17 MB file: exit $? ($(cat "$tmp/err"))"
[ "$(grep -c '^moves: 4$' "$tmp/out")" -eq 17000 ] || fail "a 17 MB file: 17,000 games"
# blanks after a game are not kept with it: a game, 70 MB of empty lines, a game
{ games_of 1; head -c 70000000 /dev/zero | tr '\0' '\n'; games_of 1; } | "$kage" pgn - >"$tmp/out" 2>"$tmp/err" ||
    fail "70 MB of blank lines between two games: exit $? ($(cat "$tmp/err"))"
grep -q '^== -: game 2 (line 70000006)$' "$tmp/out" || fail "70 MB of blank lines between two games: the second game"
# a bad game far into a collection: the games before it, and its line
{ games_of 3000; printf '[Variant "shogun"]\n\n1. e4 e4 *\n'; games_of 10; } >"$tmp/late.pgn"
"$kage" pgn "$tmp/late.pgn" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "a bad 3,001st game: exit status"
grep -q 'late.pgn: line 15003: illegal move e4 for Black at move 1' "$tmp/err" || fail "a bad 3,001st game: ($(cat "$tmp/err"))"
[ "$(grep -c '^== ' "$tmp/out")" -eq 3000 ] || fail "a bad 3,001st game: the 3,000 before it reported"
"$kage" pgn "$tmp" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'not a regular file (a directory)' "$tmp/err" || fail "a directory: refused ($(cat "$tmp/err"))"

# usage
"$kage" pgn >/dev/null 2>&1; [ $? -eq 2 ] || fail "no file: exit 2"
"$kage" pgn --to=xml "$data/shinobi-game.pgn" >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] || fail "--to=xml: exit 2"
grep -q 'write --to=san, --to=pychess, --to=xboard or --to=uci' "$tmp/err" || fail "--to=xml: message"

finish "kage pgn: all checks passed"
