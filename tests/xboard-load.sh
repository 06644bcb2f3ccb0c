#!/bin/sh
# The real XBoard 4.9.1 (Debian's, headless under xvfb-run) loads Kage's
# PGN, `kage pgn --to=xboard`, in all five variants: for each, a file of
# games (XBoard's own game rewritten by Kage, and the round-trip corpus's
# games of that variant, tests/data/roundtrip/) is loaded game by game from
# XBoard's game list, with Kage as its engine (XBoard learns the variant's
# board and pieces from Kage's setup and piece lines first, as a user's
# XBoard does before File > Load Game; a game given with -lgf alone is read
# before them, "Bad FEN position in file").  XBoard passes every move it
# read on to the engine ("usermove"): the moves of each game must be Kage's
# own, every one (so XBoard reached the same final position), with no move
# XBoard called illegal, impossible or ambiguous and none Kage refused.
# XBOARD_LOAD_SHOTS=DIR keeps a screenshot of each game loaded (ImageMagick's
# import).  No xboard, xvfb-run or xdotool: SKIP, a failure where CI=true.
. "$(dirname "$0")/test-lib.sh"
if [ "${1:-}" = --inside ]; then
    # inside Xvfb: --inside KAGE DIR VARIANT GAMES LEGALITY NAME: load each
    # game of DIR/NAME.pgn in turn, XBoard's legality test on or off
    # (true/false); the debug log is DIR/NAME.txt
    kage=$2 dir=$3 v=$4 n=$5 legal=$6 name=$7
    log=$dir/$name.txt
    # shellcheck disable=SC2086 # $xboard_plain: a word each
    /usr/games/xboard $xboard_plain -fcp "$kage xboard" -fd "$dir" \
        -variant "$v" -debug -nameOfDebugFile "$log" -popupExitMessage false -popupMoveErrors false \
        -timeDelay 0 -autoDisplayTags false -autoDisplayComment false -boardSize Medium -testLegality "$legal" \
        -lgf "$dir/$name.pgn" >"$dir/$name-out.txt" 2>&1 &
    xb=$!
    trap 'kill $xb 2>/dev/null; wait $xb 2>/dev/null' EXIT
    trap 'exit 1' INT TERM HUP # so that a killed test still stops XBoard
    count() { # count TEXT: the lines of the log with TEXT (0 before it exists)
        c=$(grep -acF -- "$1" "$log" 2>/dev/null)
        echo "${c:-0}"
    }
    until_log() { # until_log TEXT COUNT: until the log has COUNT lines with TEXT (20 s at most)
        i=0
        while [ "$(count "$1")" -lt "$2" ]; do
            i=$((i + 1))
            [ $i -gt 200 ] && { echo "no '$1' ($2) in XBoard's log"; return 1; }
            sleep 0.1
        done
    }
    # the engine's setup taken (its answer to the ping after variant), and
    # the game list (more than one game: XBoard shows it and loads none)
    until_log "<first : pong" 1 || exit 1
    list=$(xdotool search --sync --name "$name\\.pgn - " | head -1)
    xdotool windowmove --sync "$list" 880 0 # beside the board, for the screenshots
    k=1
    while [ $k -le "$n" ]; do
        # Return loads the game selected (the first); ctrl+Down the next one.
        # A key that came before the list could take it is pressed again
        # (only when no load began: a second ctrl+Down would skip a game)
        if [ $k -eq 1 ]; then key=Return; else key=ctrl+Down; fi
        try=0
        while :; do
            xdotool windowfocus --sync "$list" key $key
            i=0
            while [ "$(count "LoadGame(): on entry")" -lt $k ] && [ $i -lt 30 ]; do
                i=$((i + 1))
                sleep 0.1
            done
            [ "$(count "LoadGame(): on entry")" -ge $k ] && break
            try=$((try + 1))
            [ $try -ge 3 ] && { echo "game $k: XBoard took no key to load it"; exit 1; }
        done
        until_log "LoadGame(): on exit" $k || exit 1
        sleep 1 # the board drawn, the moves passed on to the engine and answered
        if [ -n "${XBOARD_LOAD_SHOTS:-}" ] && command -v import >/dev/null; then
            xdotool mousemove 1390 790 # no tooltip over the board
            import -window root -crop 1400x800+0+0 +repage "$XBOARD_LOAD_SHOTS/$v-$name-$k.png"
        fi
        k=$((k + 1))
    done
    exit 0
fi
# XBoard reading Kage's records is the test: Kage's side of it (kage pgn
# --to=xboard, the moves taken in force mode) runs under the sanitizers in
# test_core, pgn-cli, pgn-roundtrip, proto-input and proto-strict
normal_build_only xboard-load "XBoard reading Kage's records"
command -v xvfb-run >/dev/null && [ -x /usr/games/xboard ] && command -v xdotool >/dev/null ||
    cannot_run xboard-load "no /usr/games/xboard, xvfb-run or xdotool (Debian: xboard, xvfb, xauth, xdotool)"
use_tmp xboard-load
[ -n "${XBOARD_LOAD_SHOTS:-}" ] && mkdir -p "$XBOARD_LOAD_SHOTS"
data=$top/tests/data
# moves KAGE_PGN_FILE: each game's moves, one game a line, as kage pgn --to=uci writes them
moves() {
    "$kage" pgn --to=uci "$1" | awk 'BEGIN { RS = "" }
        /^\[/ { next }
        { gsub(/\n/, " "); gsub(/\{[^}]*\}/, " "); line = ""
          for (i = 1; i <= NF; i++) if ($i !~ /^[0-9]+\.+$/ && $i !~ /^(1-0|0-1|1\/2-1\/2|\*)$/) line = line " " $i
          print line }'
}
# load DIR NAME VARIANT LEGALITY: XBoard loads each game of DIR/NAME.pgn
# (its legality test true or false); DIR/NAME.got: the moves it passed on
# to Kage after loading each game, a line each; false (said) if it could not
load() {
    cnt=$(grep -c '^\[Event ' "$1/$2.pgn")
    timeout -k 5 150 xvfb-run -a -s "-screen 0 1400x800x24" sh "$0" --inside "$kage" "$1" "$3" "$cnt" "$4" "$2" \
        >"$1/$2-why.txt" 2>&1
    rc=$?
    [ $rc -eq 124 ] && { fail "$3: XBoard did not load the $cnt games in 150 s"; return 1; }
    [ $rc -ne 0 ] && { fail "$3: $(grep -v XGetInputFocus "$1/$2-why.txt" | tail -1)"; return 1; }
    if grep -aE "ImpossibleMove|AmbiguousMove|Bad FEN|<first : Illegal move|<first : Error|<first : tellusererror" \
        "$1/$2.txt" >"$1/bad"; then
        fail "$3: $(head -3 "$1/bad" | tr '\n' ' ')"
        return 1
    fi
    awk '/LoadGame\(\): on entry/ { if (g) print line; g++; line = "" }
        / >first : usermove / { sub(/\r$/, ""); line = line " " $NF }
        END { if (g) print line }' "$1/$2.txt" >"$1/$2.got"
}
# differ WANT GOT: the first ply where two move lists differ
differ() {
    printf '%s\n%s\n' "$1" "$2" | awk 'NR == 1 { n = split($0, a); next }
        { m = split($0, b); for (i = 1; i <= n || i <= m; i++) if (a[i] != b[i]) { print i; exit } }'
}
for v in ${XBOARD_VARIANTS:-shinobiplus shinobi shinobivchess shogun cashew}; do
    xv=$v
    [ $v = cashew ] && xv=cashew-shogi
    dir=$tmp/$v
    mkdir -p "$dir"
    # XBoard's game, then the corpus's of this variant (every source)
    set -- "$data/pgn/xboard-$v.pgn"
    for f in "$data"/roundtrip/*-"$v".pgn; do
        [ -f "$f" ] && set -- "$@" "$f"
    done
    if ! "$kage" pgn --to=xboard "$@" >"$dir/games.pgn" 2>"$dir/err"; then
        fail "$v: kage pgn --to=xboard: $(head -1 "$dir/err")"
        continue
    fi
    moves "$dir/games.pgn" >"$dir/expected"
    n=$(wc -l <"$dir/expected")
    [ "$n" -ge 2 ] || { fail "$v: fewer than two games to load ($n)"; continue; }
    load "$dir" games "$xv" true || continue
    # XBoard refuses a pawn dropped on the first or last rank (its
    # crazyhouse rule), which Shogun and vchess.club's Shinobi allow: such a
    # game must stop there and nowhere else, and is loaded again with
    # XBoard's legality test off, where it must be read whole
    k=0 good=0 plies=0 edge=' '
    while IFS= read -r want; do
        k=$((k + 1))
        got=$(sed -n "${k}p" "$dir/games.got")
        if [ "$got" = "$want" ]; then
            good=$((good + 1)) plies=$((plies + $(echo "$want" | wc -w)))
            continue
        fi
        ply=$(differ "$want" "$got")
        next=$(echo "$want" | cut -d' ' -f"$((ply + 1))")
        if [ "$(echo "$got" | wc -w)" -eq $((ply - 1)) ] && echo "$next" | grep -qE '^[Pp]@[a-h][18]$' &&
            grep -aq "Parsed IllegalMove: $next" "$dir/games.txt"; then
            edge="$edge$k "
            continue
        fi
        fail "$v: game $k: XBoard's moves differ from Kage's from ply $ply on"
        echo "  Kage:   $(echo "$want" | cut -d' ' -f"$((ply + 1))"- | cut -c1-200)"
        echo "  XBoard: $(echo "$got" | cut -d' ' -f"$((ply + 1))"- | cut -c1-200)"
    done <"$dir/expected"
    grep -a "Parsed IllegalMove: " "$dir/games.txt" | grep -avE "IllegalMove: [Pp]@[a-h][18]$" >"$dir/bad" &&
        fail "$v: XBoard refused $(head -1 "$dir/bad")"
    nedge=$(echo $edge | wc -w)
    if [ "$nedge" -gt 0 ]; then
        # those games alone (one twice: the game list needs two)
        awk -v want="$edge" '/^\[Event / { g++; keep = index(want, " " g " ") } keep' "$dir/games.pgn" >"$dir/edge.pgn"
        [ "$nedge" -eq 1 ] && cat "$dir/edge.pgn" "$dir/edge.pgn" >"$dir/edge2.pgn" && mv "$dir/edge2.pgn" "$dir/edge.pgn"
        moves "$dir/edge.pgn" >"$dir/edge.expected"
        if load "$dir" edge "$xv" false; then
            if cmp -s "$dir/edge.expected" "$dir/edge.got"; then
                good=$((good + nedge))
                plies=$((plies + $(head -n "$nedge" "$dir/edge.expected" | wc -w)))
            else
                fail "$v: the games with a pawn dropped on the first or last rank differ with legality testing off"
            fi
        fi
    fi
    why=
    [ "$nedge" -gt 0 ] && why=" ($nedge stopped by XBoard at a pawn dropped on the first or last rank, its crazyhouse
       rule, and read whole with its legality test off)"
    [ $good -eq "$n" ] && echo "ok   $v: XBoard loaded $n games of Kage's PGN, $plies plies, every move Kage's$why"
done
finish "xboard-load: XBoard 4.9.1 reads kage pgn --to=xboard in every variant"
