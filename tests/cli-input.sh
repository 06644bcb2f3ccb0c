#!/bin/sh
# The command line under bad input: every message says what is wrong (the
# whole of it), a write that fails is an error, and nothing odd is taken.
. "$(dirname "$0")/test-lib.sh"
# expect STATUS PATTERN ARGS...: the exit status, and PATTERN in stderr
expect() {
    want=$1 pat=$2
    shift 2
    err=$("$kage" "$@" 2>&1 >/dev/null)
    got=$?
    [ "$got" -eq "$want" ] || fail "kage $*: exit $got, not $want ($err)"
    printf '%s\n' "$err" | grep -q -- "$pat" || fail "kage $*: no '$pat' in: $err"
}

# output that cannot be written (a full disk): exit 1 with a message
for args in "--help" "--version" "perft shogun startpos 2"; do
    # shellcheck disable=SC2086
    "$kage" $args >/dev/full 2>/dev/null
    [ $? -eq 1 ] || fail "kage $args >/dev/full: not exit 1"
done
"$kage" --version 2>&1 >/dev/full | grep -q 'the output could not be written: No space left on device' ||
    fail "--version >/dev/full: no message"

# -h works, and --help says so
"$kage" --help | grep -q '^  -h, --help ' || fail "--help does not list -h"
"$kage" -h | grep -q '^Usage: kage' || fail "-h: no usage"
# every command takes --help (and -h): its usage on standard output, exit 0
for c in perft uci xboard bench datagen evaltrace nndata pgn server online; do
    out=$("$kage" $c --help 2>&1)
    [ $? -eq 0 ] || fail "kage $c --help: not exit 0 ($out)"
    printf '%s\n' "$out" | grep -q "^Usage: kage $c" || fail "kage $c --help: no usage ($out)"
done
"$kage" pgn -h | grep -q '^Usage: kage pgn \[--to=san|pychess|xboard|uci\] FILE' || fail "kage pgn -h: no usage"
"$kage" --help | grep -q ' $' && fail "--help has a line that ends in a blank"

# options that are not quite right
expect 2 "--level: ' 4' is not a number from 1 to 10" --level=' 4'
expect 2 "--level: '+4' is not a number from 1 to 10" --level=+4
expect 2 "--clock: time too long (at most 100 hours)" --clock=99999999999999999999
expect 2 "--clock: seconds from 00 to 59 after ':'" --clock=1:99
# a long --load path is said whole, not cut
long=/tmp/$(printf 'd%.0s' $(seq 1 80))/$(printf 'e%.0s' $(seq 1 80))/$(printf 'f%.0s' $(seq 1 80))/$(printf 'g%.0s' $(seq 1 80))
expect 2 "gggg/game.pgn: No such file or directory" --load="$long/game.pgn"
# perft: a depth is digits, and --divide needs one of at least 1
expect 2 "depth must be a number from 0 to 20, not ''" perft shogun startpos ""
expect 2 "depth must be a number from 0 to 20, not ' 2'" perft shogun startpos " 2"
expect 2 "depth must be a number from 1 to 20, not '0' (--divide shows the moves" perft --divide shogun startpos 0
# FEN: a character outside ASCII is named whole; a count in a hand is a count
expect 1 "unknown piece 'é' for Shogun chess" perft shogun "4k3/8/8/8/8/8/8/4Ké2[] w - - 0 1" 1
[ "$("$kage" perft shogun '4k3/8/8/8/8/8/8/4K3[2P3n] w - - 0 1' 1)" = \
    "$("$kage" perft shogun '4k3/8/8/8/8/8/8/4K3[PPnnn] w - - 0 1' 1)" ] || fail "[2P3n] is not [PPnnn]"
expect 1 "a count in hand is a number from 1 to 63 before a piece" perft shogun "4k3/8/8/8/8/8/8/4K3[0P] w - - 0 1" 1

finish "command-line input: all checks passed"
