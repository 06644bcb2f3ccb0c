# Helpers for the end-to-end tests: run the real kage in a detached tmux
# session, send keys, read the screen back with capture-pane.
# KAGE: the program (default: src/kage from the top of the tree).

KAGE=${KAGE:-$(cd "$(dirname "$0")/../.." && pwd)/src/kage}
export KAGE_THEME_DIR=${KAGE_THEME_DIR:-$(cd "$(dirname "$0")/../.." && pwd)/themes}
SOCK="kage-e2e-$$"
SESSION=kage
FAILS=0
TESTNAME=$(basename "$0" .sh)
# Kage's files (config, saved games, the autosave) go to a directory of
# this test's own, never to the home of whoever runs the tests.
E2E_HOME=$(mktemp -d "${TMPDIR:-/tmp}/kage-e2e.XXXXXX")
export HOME="$E2E_HOME" XDG_CONFIG_HOME="$E2E_HOME/config" XDG_DATA_HOME="$E2E_HOME/data" \
    XDG_STATE_HOME="$E2E_HOME/state"
AUTOSAVE="$XDG_STATE_HOME/kage/autosave.pgn"
# tmux leaves its socket file behind when its server ends: it goes in this
# folder, not in /tmp/tmux-UID, so that it goes with it.
export TMUX_TMPDIR="$E2E_HOME"
trap 'tmux -L "$SOCK" kill-server 2>/dev/null; reap; rm -rf "$E2E_HOME"' EXIT

tm() { tmux -L "$SOCK" "$@"; }

# start COLS ROWS ENV... -- ARGS...: run kage; the pane stays after it exits
# and then shows "EXIT=<status>" and the terminal modes.  Each start begins
# without an autosave unless KEEP_STATE=1 (the resume tests).
start() {
    local cols=$1 rows=$2
    # The previous game first ends for good: a kage still quitting (slow on
    # a loaded machine) would write its autosave after the state is cleared,
    # and the new game would open on "Resume the unfinished game?".
    tm kill-server 2>/dev/null
    reap
    [ -n "${KEEP_STATE:-}" ] || rm -rf "$XDG_STATE_HOME"
    shift 2
    local envs=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
    [ "$1" = "--" ] && shift
    local cmd
    cmd="env ${envs[*]} $(printf '%q ' "$KAGE" "$@"); echo EXIT=\$?; stty -a | tr ' ' '\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\n' ' '; echo; sleep 600"
    session "$cols" "$rows" "$cmd"
    # Keys sent before kage has its terminal in raw mode would be lost (a
    # sanitizer build starts slowly): wait for its first frame, or for the
    # message of a start that fails.
    wait_for '[^[:space:]]' 20 || true
}

# session COLS ROWS COMMAND: a fresh tmux server running COMMAND
session() {
    local i
    tm kill-server 2>/dev/null
    for i in 1 2 3 4 5; do # a server just killed may still hold the socket
        sleep 0.2
        tm -f /dev/null new-session -d -s "$SESSION" -x "$1" -y "$2" "$3" 2>/dev/null && break
    done
    tm set-option -g window-size manual 2>/dev/null
}

screen() { tm capture-pane -p -t "$SESSION" 2>/dev/null; }
# The pid of kage in the pane.
kage_pid() { tm list-panes -t "$SESSION" -F '#{pane_pid}' | xargs -I{} pgrep -P {} -x "$(basename "$KAGE")"; }
keys() { tm send-keys -t "$SESSION" "$@"; }
# type_move TEXT: open the move prompt, type TEXT as it is, press Enter
type_move() { keys :; keys -l "$1"; keys Enter; }
# press N KEY: KEY N times
press() { local i; for ((i = 0; i < $1; i++)); do keys "$2"; done; }
# The environment of each locale the games are played in: UTF-8 (Unicode
# glyphs) and plain C (letters).  LC_ALL too, so that an LC_ALL set by the
# caller cannot mask the choice.
LOCALE_UTF8="LANG=C.UTF-8 LC_ALL=C.UTF-8"
LOCALE_C="LANG=C LC_ALL=C"
# check_glyphs LOC UNICODE_REGEX LETTERS_REGEX: the board is drawn with the
# glyphs of locale LOC (UTF8 or C), and not with the other set
check_glyphs() {
    if [ "$1" = UTF8 ]; then
        check "$1: Unicode glyphs" "$2"
        check_not "$1: no letters instead" "$3"
    else
        check "$1: letters" "$3"
        check_not "$1: no Unicode glyphs" "$2"
    fi
}
resize() { tm resize-window -t "$SESSION" -x "$1" -y "$2"; }

# wait_for REGEX [SECONDS]: until the screen matches (grep -E, in UTF-8 whatever
# the caller's locale: a . in a pattern stands for one character, such as the
# title's dash, also where LANG is unset, as for root on a fresh machine)
wait_for() {
    local re=$1 t=${2:-5} i
    for ((i = 0; i < t * 20; i++)); do
        screen | LC_ALL=C.UTF-8 grep -Eq -- "$re" && return 0
        sleep 0.05
    done
    return 1
}

# check DESCRIPTION REGEX [SECONDS]: the screen matches within SECONDS (15 by
# default: a check that passes returns as soon as the screen matches, so the
# wait costs only a failing run, and make check plays three tests a core,
# beside the perft lines and the sanitizer build's slower games: stop 111's
# CI, with 5 s, failed in one of these games on a machine so loaded that a
# kage was still quitting 10 s after its terminal closed).  Once a check of
# the test has failed, 3 s: the test has failed, and a broken kage must not
# hold the suite for 15 s a check.
check() {
    local wait=15
    [ "$FAILS" -gt 0 ] && wait=3
    if wait_for "$2" "${3:-$wait}"; then
        echo "ok   $TESTNAME: $1"
    else
        echo "FAIL $TESTNAME: $1 (no /$2/ on the screen)"
        screen | sed 's/^/     | /'
        FAILS=$((FAILS + 1))
    fi
}

check_not() { # check_not DESCRIPTION REGEX: the screen does not match now
    sleep 0.3
    if screen | LC_ALL=C.UTF-8 grep -Eq -- "$2"; then
        echo "FAIL $TESTNAME: $1 (/$2/ is on the screen)"
        screen | sed 's/^/     | /'
        FAILS=$((FAILS + 1))
    else
        echo "ok   $TESTNAME: $1"
    fi
}

# check_file DESCRIPTION FILE REGEX: FILE exists and a line of it matches
check_file() {
    if [ -f "$2" ] && LC_ALL=C.UTF-8 grep -Eq -- "$3" "$2"; then
        echo "ok   $TESTNAME: $1"
    else
        echo "FAIL $TESTNAME: $1 (no /$3/ in $2)"
        [ -f "$2" ] && sed 's/^/     | /' "$2"
        FAILS=$((FAILS + 1))
    fi
}

# The kage processes this test started (found by the test's own home in
# their environment) that are still running.
our_kages() {
    local p
    for p in $(pgrep -x "$(basename "$KAGE")"); do
        grep -qsF "$E2E_HOME" "/proc/$p/environ" && echo "$p"
    done
}

# reap: after the tmux server is gone, give each kage 10 s to exit, then kill
# it.  A kage that hangs after a hangup fails the signals tests; this is for
# the sanitizer build, whose leak check at exit can be stopped for good by
# the SIGCONT that follows a hangup, leaving a process spinning a core.
reap() {
    local i left
    for ((i = 0; i < 100; i++)); do
        left=$(our_kages)
        [ -z "$left" ] && return
        sleep 0.1
    done
    echo "note $TESTNAME: killed kage $(echo $left) still running 10 s after its terminal closed"
    kill -9 $left 2>/dev/null
}

finish() {
    tm kill-server 2>/dev/null
    reap
    [ "$FAILS" -eq 0 ]
}

# a test that cannot run is a SKIP, never a pass, and a failure in CI
. "$(dirname "${BASH_SOURCE[0]}")/../skip-lib.sh"
command -v tmux >/dev/null || cannot_run "e2e/$TESTNAME" "no tmux (Debian: tmux)"
[ -x "$KAGE" ] || { echo "FAIL $TESTNAME: no program at $KAGE"; exit 1; }
