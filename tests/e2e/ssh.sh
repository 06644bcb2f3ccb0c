#!/bin/bash
# The SSH set-up of the man page (PLAYING ONLINE), for real: Debian's
# OpenSSH server started by hand on a loopback port with a configuration of
# the test's own (keys only, in a folder of the test's own), a kage server
# beside it, and ssh in tmux.
#   1. ForceCommand (the man page's Match Group kageplayers; here Match
#      User, the test's own): the login lands in the lobby whatever command
#      is asked for, under the Unix user's own name, and q leaves.
#   2. One shared account, each key forcing its player's name with
#      command= in authorized_keys: the login is alice's.
# This runs as any user; tests/e2e/ssh-setups.sh (root) tries the man page's
# set-ups whole, with users, a group and folders of its own.
# A SKIP where openssh-server is not installed (a failure under CI=true).  The sshd is stopped at the end.
. "$(dirname "$0")/lib.sh"
SSHD=/usr/sbin/sshd
for p in "$SSHD" ssh ssh-keygen; do
    command -v "$p" >/dev/null 2>&1 || cannot_run "e2e/$TESTNAME" "$p not installed (Debian: openssh-server)"
done
SOCKET="$E2E_HOME/db/server.sock" # with the database: see below
me=$(id -un)
as_user=
# the server's folder (database and socket): its user's, closed to others, made by root in a
# folder of root's (a client trusts no folder others may write to, nor another user's in /tmp)
mkdir -m 0700 "$E2E_HOME/db"
[ "$(id -u)" -eq 0 ] && { as_user=--user=nobody; chmod 711 "$E2E_HOME"; chown nobody "$E2E_HOME/db"; }
# start_server [SHARED]: the server, with the test's own account as a shared
# one when SHARED is 1 (such an account must then name its player: it cannot
# be the ForceCommand's account of 1.)
server_pid=
start_server() {
    local shared= i
    [ "${1:-0}" = 1 ] && shared=--shared-account=$me
    rm -f "$SOCKET"
    KAGE_TEST_SHARED_SELF=1 "$KAGE" server --socket="$SOCKET" --db="$E2E_HOME/db/games.db" $shared \
        --socket-mode=0666 $as_user >>"$E2E_HOME/server.log" 2>&1 &
    server_pid=$!
    for ((i = 0; i < 100; i++)); do
        [ -S "$SOCKET" ] && return 0
        sleep 0.1
    done
    echo "FAIL $TESTNAME: the server did not start"
    sed 's/^/     | /' "$E2E_HOME/server.log"
    FAILS=$((FAILS + 1))
}
stop_server() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    server_pid=
}
sshd_pid=

stop_sshd() {
    [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null && wait "$sshd_pid" 2>/dev/null
    sshd_pid=
}
cleanup() {
    tm kill-server 2>/dev/null
    stop_sshd
    stop_server
    tm kill-server 2>/dev/null
    reap
    rm -rf "$E2E_HOME"
}
trap cleanup EXIT
# root's sshd wants its privilege separation folder (made by the service, not by hand).  It
# stays: ssh-setups.sh may use it at the same time (make -j check), and an empty
# /run/sshd is what the openssh-server package's own service leaves.
[ "$(id -u)" -eq 0 ] && mkdir -p -m 0755 /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$E2E_HOME/host_key" -C kage-test-host
ssh-keygen -q -t ed25519 -N '' -f "$E2E_HOME/id_own" -C own
ssh-keygen -q -t ed25519 -N '' -f "$E2E_HOME/id_alice" -C alice
chmod 600 "$E2E_HOME"/host_key "$E2E_HOME"/id_*

# start_sshd FORCE: sshd on a free loopback port (in $port), with the
# ForceCommand block when FORCE is 1
start_sshd() {
    [ "$(id -u)" -eq 0 ] && mkdir -p -m 0755 /run/sshd # (another test may have been using it)
    local tries i
    for ((tries = 0; tries < 10; tries++)); do
        port=$((20000 + RANDOM % 40000))
        {
            echo "Port $port"
            echo "ListenAddress 127.0.0.1"
            echo "HostKey $E2E_HOME/host_key"
            echo "PidFile $E2E_HOME/sshd.pid"
            echo "AuthorizedKeysFile $E2E_HOME/authorized_keys"
            echo "StrictModes no"
            echo "UsePAM no"
            echo "PasswordAuthentication no"
            echo "KbdInteractiveAuthentication no"
            echo "PubkeyAuthentication yes"
            echo "PermitRootLogin prohibit-password"
            echo "SetEnv LANG=C.UTF-8 XDG_CONFIG_HOME=$E2E_HOME/config XDG_DATA_HOME=$E2E_HOME/data XDG_STATE_HOME=$E2E_HOME/state"
            if [ "$1" = 1 ]; then
                echo "Match User $me"
                echo "    ForceCommand $KAGE --online-only --server=$SOCKET"
                echo "    PermitTTY yes"
                echo "    AllowTcpForwarding no"
                echo "    AllowAgentForwarding no"
                echo "    X11Forwarding no"
                echo "    PermitTunnel no"
            fi
        } >"$E2E_HOME/sshd_config"
        "$SSHD" -D -e -f "$E2E_HOME/sshd_config" 2>>"$E2E_HOME/sshd.log" &
        sshd_pid=$!
        for ((i = 0; i < 50; i++)); do
            if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
                return 0
            fi
            kill -0 "$sshd_pid" 2>/dev/null || break # the port was taken: another one
            sleep 0.1
        done
        stop_sshd
    done
    echo "FAIL $TESTNAME: sshd did not start"; sed 's/^/     | /' "$E2E_HOME/sshd.log"
    FAILS=$((FAILS + 1))
    return 1
}

# login KEY [COMMAND]: ssh into the test's sshd in the tmux pane
login() {
    session 80 24 "env TERM=xterm-256color ssh -tt -F /dev/null -i $E2E_HOME/$1 -p $port -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=$E2E_HOME/known_hosts $me@127.0.0.1 ${2:-}; echo EXIT=\$?; sleep 600"
}

# 1. ForceCommand
cat "$E2E_HOME/id_own.pub" >"$E2E_HOME/authorized_keys"
start_server 0
if start_sshd 1; then
    login id_own "echo pwned"
    check "ssh lands in the lobby" "Kage lobby . you are $me, on " 15
    check_not "the command asked for was not run" "pwned"
    keys q
    check "q: the game screen behind the lobby" "Online: no game"
    keys q
    check "q again: out of Kage, and the SSH session closes" "EXIT=0" 10
    stop_sshd
fi
# 2. one shared account, a name for each key
stop_server
start_server 1
printf 'restrict,pty,command="%s --online-only --server=%s --player=alice" %s\n' "$KAGE" "$SOCKET" \
    "$(cat "$E2E_HOME/id_alice.pub")" >"$E2E_HOME/authorized_keys"
if start_sshd 0; then
    login id_alice "echo pwned"
    check "the key's own name" "Kage lobby . you are alice, on " 15
    check_not "no command but the key's" "pwned"
    keys q
    check "q: the game screen" "Online: no game"
    keys q
    check "and out" "EXIT=0" 10
    stop_sshd
fi
if pgrep -f -- "-f $E2E_HOME/sshd_config" >/dev/null; then
    echo "FAIL $TESTNAME: an sshd of the test is still running"
    FAILS=$((FAILS + 1))
else
    echo "ok   $TESTNAME: no sshd of the test is left running"
fi
stop_server
finish
