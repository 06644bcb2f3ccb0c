#!/bin/sh
# The round-trip corpus (tests/data/roundtrip/README): games saved by the
# real XBoard 4.9.1 (tests/data/pgn/xboard-*.pgn), written by Kage, and
# Fairy-Stockfish SAN as pychess.org exports it.  Each file is read, written
# in each dialect kage pgn writes (--to=san, pychess, xboard, uci) and read
# again: the same games, the same final positions, the same moves, tags and
# comments (the rewrite read back and written in SAN is the source's own SAN
# rewrite, byte for byte), every tag and comment of the source kept.  Prints
# the games counted per source and variant.
. "$(dirname "$0")/test-lib.sh"
use_tmp pgn-roundtrip
data=$top/tests/data
set -- "$data"/pgn/xboard-shinobiplus.pgn "$data"/pgn/xboard-shinobi.pgn "$data"/pgn/xboard-shinobivchess.pgn \
    "$data"/pgn/xboard-shogun.pgn "$data"/pgn/xboard-cashew.pgn "$data"/roundtrip/*.pgn
[ $# -ge 14 ] || fail "the corpus has $# files, not 14 or more"
# tag names of a PGN file, one a line, in order, VariantMen left out (XBoard's
# mark of its own way of writing moves: written by --to=xboard alone)
tags() { sed -n 's/^\[\([A-Za-z0-9_]*\) .*/\1/p' "$1" | grep -v '^VariantMen$'; }
# the words of a PGN file's comments, in order (two comments after one move
# are read as one: their words stay)
comments() { grep -v '^\[' "$1" | tr '\n' ' ' | grep -o '{[^}]*}' | tr -d '{}' | tr -s ' \n' '  '; }
: >"$tmp/counts"
for f in "$@"; do
    name=$(basename "$f" .pgn)
    src=${name%%-*} v=${name#*-}
    "$kage" pgn "$f" >"$tmp/check" 2>"$tmp/err" || { fail "$name: not read: $(head -1 "$tmp/err")"; continue; }
    games=$(grep -c '^== ' "$tmp/check")
    grep '^final FEN:' "$tmp/check" >"$tmp/fens"
    "$kage" pgn --to=san "$f" >"$tmp/san0" || { fail "$name: --to=san: exit $?"; continue; }
    # every tag of the source is in Kage's rewrite (its own tags aside: it
    # writes those from the game), every comment kept
    for t in $(tags "$f"); do
        case $t in Variant | FEN | SetUp | Result | Termination | TimeControl) continue ;; esac
        grep -q "^\[$t " "$tmp/san0" || fail "$name: the tag $t lost"
    done
    [ "$(comments "$f")" = "$(comments "$tmp/san0")" ] || fail "$name: the comments changed by --to=san"
    ok=1
    for d in san pychess xboard uci; do
        "$kage" pgn --to=$d "$f" >"$tmp/w.pgn" 2>"$tmp/err" || { fail "$name: --to=$d: $(head -1 "$tmp/err")"; ok=0; continue; }
        "$kage" pgn "$tmp/w.pgn" >"$tmp/check2" 2>"$tmp/err" ||
            { fail "$name: its --to=$d not read back: $(head -1 "$tmp/err")"; ok=0; continue; }
        [ "$(grep -c '^== ' "$tmp/check2")" -eq "$games" ] || { fail "$name: --to=$d: not $games games"; ok=0; }
        grep '^final FEN:' "$tmp/check2" | cmp -s - "$tmp/fens" || { fail "$name: --to=$d: another final position"; ok=0; }
        "$kage" pgn --to=san "$tmp/w.pgn" >"$tmp/san1" 2>"$tmp/err" || { fail "$name: --to=$d then san: $(head -1 "$tmp/err")"; ok=0; continue; }
        if ! cmp -s "$tmp/san0" "$tmp/san1"; then
            fail "$name: --to=$d read back is not the same game: $(diff "$tmp/san0" "$tmp/san1" | sed -n 2p)"
            ok=0
        fi
        # written again in the same dialect: the same text
        "$kage" pgn --to=$d "$tmp/w.pgn" | cmp -s - "$tmp/w.pgn" || { fail "$name: --to=$d twice differs"; ok=0; }
    done
    [ $ok -eq 1 ] && echo "$src $v $games" >>"$tmp/counts"
done
# the counts: games read, written four ways and read back, by source and variant
awk '{ n[$1 " " $2] += $3; s[$1] += $3; v[$2] += $3; t += $3 }
    END {
        printf "%-9s", "source"; split("shinobiplus shinobi shinobivchess shogun cashew", vs, " ")
        for (i = 1; i <= 5; i++) printf " %13s", vs[i]; printf " %6s\n", "all"
        split("xboard kage pychess fsf", ss, " ")
        for (j = 1; j <= 4; j++) { printf "%-9s", ss[j]; for (i = 1; i <= 5; i++) printf " %13d", n[ss[j] " " vs[i]]; printf " %6d\n", s[ss[j]] }
        printf "%-9s", "all"; for (i = 1; i <= 5; i++) printf " %13d", v[vs[i]]; printf " %6d\n", t
    }' "$tmp/counts"
finish "pgn-roundtrip: every game of the corpus read, written as san, pychess, xboard and uci, and read back the same"
