#!/bin/sh
# Kage inside the real XBoard (Debian's xboard, headless under xvfb-run):
# for each variant, XBoard starts Kage twice, takes its setup and piece
# lines, and runs a one-game match with its own legality testing on.  The
# debug log must show the setup taken, no move refused by either side, and
# the game ended with a result.  Then moves clicked as a person would (with
# xdotool).  A part that cannot run here (no xboard or xvfb-run: the whole
# test; no HaChu, xdotool or python3: its part) is a SKIP, never a pass, and
# a failure where CI=true (CI installs them all).
. "$(dirname "$0")/test-lib.sh"
if [ "${1:-}" = --clicks ]; then
    # inside Xvfb: --clicks KAGE DIR NAME VARIANT FILES RANKS HOLDINGS STEP...
    # XBoard in Edit Game mode (a person moves both sides) with Kage as its
    # engine; each STEP is a click on a square (e4), on a holdings slot (+w4:
    # the first player's fifth from the bottom), or =TEXT: wait until the
    # debug log has TEXT (10 s at most, else exit 1)
    kage=$2 dir=$3 name=$4 v=$5 files=$6 ranks=$7 hold=$8
    shift 8
    log=$dir/click-$name.txt
    # shellcheck disable=SC2086 # $xboard_plain: a word each
    /usr/games/xboard $xboard_plain -fcp "$kage xboard" -fd "$dir" \
        -variant "$v" -mode EditGame -boardSize Bulky -debug -nameOfDebugFile "$log" -popupExitMessage false \
        >"$dir/click-out-$name.txt" 2>&1 &
    xb=$!
    until_log() {
        i=0
        while ! grep -aqF -- "$1" "$log" 2>/dev/null; do
            i=$((i + 1))
            [ $i -gt 100 ] && { echo "no '$1' in XBoard's log"; return 1; }
            sleep 0.1
        done
    }
    rc=0
    if until_log "<first : pong"; then
        # the board fills the window's width and ends 2 pixels above its
        # bottom; a square and the line beside it make one step.  Wait for
        # the window to take the setup's board (a width that fits it, the
        # same twice)
        cols=$((files + 4 * hold)) last='' i=0
        while [ $i -lt 50 ]; do
            eval "$(xdotool search --sync --name '^xboard: ' getwindowgeometry --shell)"
            [ $(((WIDTH - 5) % cols)) -eq 0 ] && [ "$last" = "$WIDTH $HEIGHT" ] && break
            last="$WIDTH $HEIGHT" i=$((i + 1))
            sleep 0.2
        done
        sq=$(((WIDTH - 5) / cols))
        x0=$(((WIDTH - cols * sq - 1) / 2)) y0=$((HEIGHT - 2 - ranks * sq))
        for s in "$@"; do
            case $s in
            =*) until_log "${s#=}" || { rc=1; break; }; continue ;;
            +w*) c=$((files + 3)) r=$((ranks - 1 - ${s#+w})) ;;
            *) c=$(($(printf '%d' "'${s%"${s#?}"}") - 97 + 2 * hold)) r=$((ranks - ${s#?})) ;;
            esac
            xdotool mousemove $((X + x0 + c * sq + sq / 2)) $((Y + y0 + r * sq + sq / 2)) click 1
            sleep 0.25
        done
    else
        rc=1
    fi
    kill $xb 2>/dev/null
    wait $xb 2>/dev/null
    exit $rc
fi
skip_in_distcheck xboard
command -v xvfb-run >/dev/null && [ -x /usr/games/xboard ] ||
    cannot_run xboard "no /usr/games/xboard or xvfb-run (Debian: xboard, xvfb, xauth)"
use_tmp xboard
dir=$tmp
for v in ${XBOARD_VARIANTS:-shogun shinobiplus shinobi shinobivchess cashew-shogi}; do
    # a short game: 15 s each with 0.2 s a move, the AI at level 2; XBoard
    # adjudicates mates, and the engines claim the rest (campmate,
    # repetition).  In the Shinobi games stalemate loses, which XBoard does not
    # know (it calls it a draw): there it takes the engines' claims instead.
    # In Cashew the King is captured, and long games are cut at 150 moves.
    claims=
    [ "$v" != shogun ] && claims="-checkMates false -testClaims false"
    [ "$v" = cashew-shogi ] && claims="$claims -adjudicateDrawMoves 150"
    # shellcheck disable=SC2086
    timeout 240 xvfb-run -a -s "-screen 0 1024x768x24" /usr/games/xboard $xboard_plain \
        -fcp "$kage xboard" -fd "$dir" -scp "$kage xboard" -sd "$dir" -variant "$v" \
        -debug -nameOfDebugFile "$dir/debug-$v.txt" -popupExitMessage false -autoCallFlag true \
        -testLegality true -tc 0:15 -inc 0.2 -mps 0 -mm -mg 1 -firstOptions "Level=2" -secondOptions "Level=2" \
        -saveGameFile "$dir/$v.pgn" $claims >"$dir/out-$v.txt" 2>&1
    rc=$?
    [ $rc -eq 124 ] && fail "$v: XBoard did not finish the game in 240 s"
    log="$dir/debug-$v.txt"
    [ -f "$log" ] || { fail "$v: no debug log ($(tail -3 "$dir/out-$v.txt"))"; continue; }
    grep -aq "^[0-9]* <first : setup (" "$log" || fail "$v: no setup from the first engine"
    grep -aq "did not send setup" "$log" "$dir/out-$v.txt" && fail "$v: XBoard says the setup is missing"
    if grep -aiE "Illegal move|Forfeit|Illegal position|tellusererror" "$log" "$dir/out-$v.txt" >"$dir/bad"; then
        fail "$v: a move or position refused: $(head -3 "$dir/bad")"
        # the game, to replay the refused move from (the folder goes with the test)
        echo "     the game as XBoard saved it:"
        sed 's/^/     | /' "$dir/$v.pgn" 2>/dev/null | head -80
    fi
    # every move is passed on to the other engine as it was played: a
    # promotion that XBoard dropped ('+' gone) leaves its board out of step
    # with the engines' (it then refuses the promoted piece's moves)
    relayed=$(awk '/<(first |second): move / { sub(/\r$/, ""); want = $NF; next }
        want != "" && /: usermove / { sub(/\r$/, ""); if ($NF != want) print want " passed on as " $NF; want = "" }' "$log")
    [ -n "$relayed" ] && fail "$v: a move changed by XBoard: $(printf '%s\n' "$relayed" | head -3 | tr '\n' ' ')"
    result=$(grep -a '^\[Result ' "$dir/$v.pgn" 2>/dev/null | tail -1)
    case $result in
    *'"1-0"'* | *'"0-1"'* | *'"1/2-1/2"'*) echo "ok   $v: $result ($(grep -a "^{.*} *[-012/]*$" "$dir/$v.pgn" | tail -1)), $(grep -ac "^[0-9]* >first : usermove\|^[0-9]* <first : move" "$log") plies" ;;
    *) fail "$v: the game has no result ($result)" ;;
    esac
done
# Cashew against Debian's HaChu (where hachu is installed; CI installs it),
# two games with the colours swapped.  HaChu is the first engine: XBoard
# sends the second one a setboard of the start position, which Kage reads
# and HaChu 0.21 does not (it refuses its own promoted pieces there).
# XBoard's legality test is off: under HaChu's own piece lines it refuses
# HaChu's three-square jumps.  The games are replayed by an independent
# referee (tests/reference/cashew_ref.py, a copy of shared/tools/cashew_ref.py,
# written from the rules, not from Kage's code): every move of Kage's must be
# legal, every move it refused illegal; a game that HaChu's known bugs stop
# (shared/rules/cashew.md section 10: promotions declined, hook moves
# refused, exits) is named as such.  KAGE_SKIP_HACHU (tests/run-suite's
# sanitizer pass: the games test the peer, not memory) leaves them out, said.
hachu=
case " ${XBOARD_VARIANTS:-cashew-shogi} " in *" cashew-shogi "*) hachu=1 ;; esac
if [ -n "$hachu" ] && [ -n "${KAGE_SKIP_HACHU:-}" ]; then
    echo "note: the games against HaChu left out (KAGE_SKIP_HACHU is set: they ran in the normal build)"
    hachu=
fi
if [ -n "$hachu" ] && [ ! -x /usr/games/hachu ]; then
    skip_part xboard/hachu "no /usr/games/hachu (Debian: hachu)"
    hachu=
fi
if [ -n "$hachu" ]; then
    log=$dir/debug-hachu.txt
    # shellcheck disable=SC2086 # $xboard_plain: a word each
    timeout 300 xvfb-run -a -s "-screen 0 1024x768x24" /usr/games/xboard $xboard_plain \
        -fcp /usr/games/hachu -fd "$dir" -scp "$kage xboard" -sd "$dir" -variant cashew-shogi \
        -debug -nameOfDebugFile "$log" -popupExitMessage false -autoCallFlag true -testLegality false \
        -tc 0:15 -inc 0.2 -mps 0 -mm -mg 2 -firstOptions "Allow repeats=1" -secondOptions "Level=2" \
        -checkMates false -testClaims false -adjudicateDrawMoves 150 -saveGameFile "$dir/hachu.pgn" \
        >"$dir/out-hachu.txt" 2>&1
    [ $? -eq 124 ] && fail "hachu: XBoard did not finish the two games in 300 s"
    grep -aq "^[0-9]* >second: setboard " "$log" || fail "hachu: Kage was not given the start position"
    grep -aE "^[0-9]* <second: (tellusererror|Error)" "$log" >"$dir/bad" &&
        fail "hachu: Kage refused HaChu's setup: $(head -2 "$dir/bad")"
    [ "$(grep -ac "^[0-9]* <second: move " "$log")" -gt 0 ] || fail "hachu: Kage made no move"
    score=$(grep -a 'final score' "$dir/out-hachu.txt" | sed 's/.*final score //')
    exited=
    grep -aq "Error writing to first chess program" "$dir/out-hachu.txt" "$log" && exited=", HaChu exited mid-game (a known fault of it)"
    ref=$top/tests/reference/cashew_ref.py
    if ! command -v python3 >/dev/null; then
        skip_part xboard/hachu-referee "no python3 to judge the games against HaChu (Debian: python3)"
    elif python3 "$top/tests/xboard-hachu-check.py" "$ref" "$log" >"$dir/judged" 2>&1; then
        echo "ok   cashew-shogi against HaChu (HaChu's wins-losses-draws ${score:-none}$exited), judged by the referee:"
        sed 's/^/       /' "$dir/judged"
    else
        fail "hachu: $(cat "$dir/judged")"
    fi
fi
# A person's moves, clicked where xdotool is installed (CI installs it):
# XBoard must end each entry with the move Kage highlighted.  Shinobi+: a
# drop (the Lance's squares marked; XBoard's holdings follow Kage's setup
# line: P H L M J C F D from the bottom, the Lance in slot 2), then the
# Lance's promotion, which must be made (XBoard waited for ever on the blue
# mark it had).  Shinobi: a Horse's promotion (XBoard refuses a '+' from
# a piece in any slot of its table past the eleventh, "already promoted").
# Cashew: the Lion's double capture, its first victim cyan, then the second
# step.
clicks() { # clicks NAME VARIANT FILES RANKS HOLDINGS STEP...: true if all went as told
    name=$1 before=$failed
    case " ${XBOARD_VARIANTS:-$2} " in *" $2 "*) ;; *) return 1 ;; esac
    timeout 60 xvfb-run -a -s "-screen 0 1024x768x24" sh "$0" --clicks "$kage" "$dir" "$@" >"$dir/click-why-$name.txt" 2>&1 ||
        fail "$name: $(tail -1 "$dir/click-why-$name.txt")"
    if grep -aiE "Illegal move|Forfeit|tellusererror" "$dir/click-$name.txt" >"$dir/bad"; then
        fail "$name: a clicked move refused: $(head -3 "$dir/bad")"
    fi
    [ $failed -eq "$before" ]
}
if ! command -v xdotool >/dev/null; then
    skip_part xboard/clicks "no xdotool for the clicked moves (Debian: xdotool)"
else
    clicks drop-and-promotion shinobiplus 8 8 1 +w2 "=<first : highlight 8/8/8/8/YYYYYYYY/YYYYYYYY/8/YYYY1YYY" \
        e4 "=>first : L@e4" a7 a6 "=>first : a7a6" e4 "=<first : highlight 8/4M3/4Y3/4Y3/8/8/8/8" e7 "=>first : e4e7+" &&
        echo "ok   clicked: L@e4 (drop squares marked), e4e7+ (a promotion that must be made)"
    clicks horse shinobi 8 8 1 b1 c3 "=>first : b1c3" a7 a6 "=>first : a7a6" c3 d5 "=>first : c3d5" \
        a6 a5 "=>first : a6a5" d5 "=<first : highlight 8/2M1M3/8/8/8/8/8/8" c7 "=>first : d5c7+" &&
        echo "ok   clicked: d5c7+ (the Horse's promotion)"
    clicks lion cashew-shogi 13 13 0 c4 c5 "=>first : c4c5" m10 m9 "=>first : m10m9" c2 c4 "=>first : c2c4" \
        l10 l9 "=>first : l10l9" c4 c6 "=>first : c4c6" k10 k9 "=>first : k10k9" c6 c8 "=>first : c6c8" \
        i10 i9 "=>first : i10i9" c8 d9 "=<first : highlight 13/13/13/2MMM8/2MMM8/2MMM8/13/13/13/13/13/13/13" \
        d10 "=>first : c8d9,d9d10+" &&
        echo "ok   clicked: c8d9,d9d10+ (the Lion's double capture)"
fi
finish "xboard: all checks passed"
