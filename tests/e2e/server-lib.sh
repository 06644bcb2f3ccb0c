# The end-to-end tests' own kage server (sourced after lib.sh): a socket and
# a database in a folder of the test's, as kage server wants them (the
# database's folder the server user's and closed to others; as root the
# server runs as nobody, in a folder root made: a client trusts no folder
# others may write to, nor another user's in /tmp).  Every player is a name
# given through a shared account, the test's own user.
#   start_server [OPTION...]  start it (options: kage server's), wait for it
#   stop_server [-SIGNAL]     stop it (SIGTERM by default)
#   play NAME [ARG...]        the command of NAME's pane (the lobby first)
#   another NAME              a second tmux session running play NAME
#   as NAME                   the session the next keys and checks go to
#   check_db SUMMARY WHAT     kage server --check of the (stopped) server's
#                             database prints SUMMARY
SOCKET="$E2E_HOME/db/server.sock"
DB="$E2E_HOME/db/games.db"
mkdir -m 0700 "$E2E_HOME/db"
SERVER_LOG="$E2E_HOME/server.log"
me=$(id -un)
as_user=
if [ "$(id -u)" -eq 0 ]; then
    as_user=--user=nobody
    chmod 711 "$E2E_HOME"
    chown nobody "$E2E_HOME/db"
fi
server_pid=
start_server() {
    # one account plays every player here: the test's own, which a host's server refuses
    KAGE_TEST_SHARED_SELF=1 "$KAGE" server --socket="$SOCKET" --db="$DB" --shared-account="$me" --socket-mode=0666 \
        $as_user "$@" >>"$SERVER_LOG" 2>&1 &
    server_pid=$!
    local i
    for ((i = 0; i < 100; i++)); do
        # (a name: the shared account's connections must say who they are)
        [ -S "$SOCKET" ] && "$KAGE" online --server="$SOCKET" --player=readyprobe who >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "FAIL $TESTNAME: the server did not start"
    cat "$SERVER_LOG"
    FAILS=$((FAILS + 1))
}
stop_server() { [ -n "$server_pid" ] && kill "${1:--TERM}" "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null; server_pid=; }
trap 'stop_server -TERM; tm kill-server 2>/dev/null; reap; rm -rf "$E2E_HOME"' EXIT

play() {
    local who=$1
    shift
    echo "env LANG=C.UTF-8 TERM=xterm-256color $(printf '%q ' "$KAGE") --mode=online --server=$(printf '%q' "$SOCKET") --player=$who $*; echo EXIT=\$?; sleep 600"
}
# a second session of the same tmux server (window-size: see two_games.sh)
another() {
    tm set-option -g window-size latest
    tm new-session -d -s "$1" -x 80 -y 24 "$(play "$1")"
    tm set-option -g window-size manual
}
as() { SESSION="=$1:"; }
check_db() {
    if "$KAGE" server --check --db="$DB" | grep -q "$1"; then
        echo "ok   $TESTNAME: kage server --check: $2"
    else
        echo "FAIL $TESTNAME: kage server --check"; "$KAGE" server --check --db="$DB"; FAILS=$((FAILS + 1))
    fi
}
move() { type_move "$1"; }
