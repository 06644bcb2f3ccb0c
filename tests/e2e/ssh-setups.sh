#!/bin/bash
# The three online set-ups of README.md and the man page (PLAYING ONLINE),
# each tried as written with a real OpenSSH server on a loopback port and
# Unix users of the test's own (issue 70, fault 3):
#   a. a server of one's own: alice's server is hers alone;
#   b. the system server (its user, the players' group, the socket folder,
#      the ForceCommand block): a player lands in the lobby under their own
#      name whatever they ask, and cannot write outside their data folder,
#      act as another player, or read the database;
#   c. the shared account, each key forcing its name with command=: the
#      ForceCommand block does not catch it, a key lands as its own player,
#      the account cannot claim a user of the host, and the same negatives.
# The documented lines are checked to be in README.md and man/kage.6 with the
# documented names, then run with names of the test's own (a suffix each),
# so that nothing of the host is touched; every user, group and folder made
# is removed at the end, also after a failure.  Needs root and
# openssh-server; bounded in time (each wait has a limit, the whole run is
# under two minutes).
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
SSHD=/usr/sbin/sshd
not_here() { cannot_run "e2e/$TESTNAME" "$1"; } # (lib.sh: SKIP, and a failure under CI=true)
for p in "$SSHD" ssh ssh-keygen useradd userdel groupadd groupdel adduser runuser; do
    command -v "$p" >/dev/null 2>&1 || not_here "$p not installed (Debian: openssh-server, adduser)"
done
[ "$(id -u)" -eq 0 ] || not_here "it makes Unix users of its own: run it as root"

# --- the documented lines, with their names as placeholders -------------------
# @SU@ the server's user, @PG@ the players' group, @GU@ the shared account,
# @LIB@ and @RUN@ its folders, @BIN@ and @GAMES@ the program as make install
# and as the package put it, @A@ a player with an account, @NAME@ a name a
# key of the shared account forces.
DOC_SETUP=(
    'useradd --system --user-group --home-dir @LIB@ --create-home --shell /usr/sbin/nologin @SU@'
    'chmod 0750 @LIB@'
    'groupadd --system @PG@'
    'install -d -o @SU@ -g @PG@ -m 2750 @RUN@'
)
DOC_SERVER='@BIN@ server --user=@SU@ --socket=@RUN@/server.sock --db=@LIB@/server.db'
DOC_JOIN='adduser @A@ @PG@'
DOC_MATCH=(
    'Match Group @PG@ User *,!@GU@'
    '    ForceCommand @GAMES@ --online-only --server=@RUN@/server.sock'
    '    PermitTTY yes'
    '    PermitUserRC no'
    '    AllowTcpForwarding no'
    '    AllowAgentForwarding no'
    '    X11Forwarding no'
    '    PermitTunnel no'
)
DOC_GUEST='useradd --create-home --shell /bin/sh --groups @PG@ @GU@'
DOC_KEY='restrict,pty,command="@GAMES@ --online-only --server=@RUN@/server.sock --player=@NAME@" '

# render TEXT WHO: TEXT with the documented names (WHO=doc) or the test's
render() {
    if [ "$2" = doc ]; then
        sed -e 's|@SU@|kage|g; s|@PG@|kageplayers|g; s|@GU@|kageguest|g; s|@LIB@|/var/lib/kage|g' \
            -e 's|@RUN@|/run/kage|g; s|@BIN@|/usr/local/bin/kage|g; s|@GAMES@|/usr/games/kage|g' \
            -e 's|@A@|alice|g; s|@NAME@|alice|g' <<<"$1"
    else
        sed -e "s|@SU@|$SU|g; s|@PG@|$PG|g; s|@GU@|$GU|g; s|@LIB@|$LIB|g; s|@RUN@|$RUN|g" \
            -e "s|@BIN@|$KAGE|g; s|@GAMES@|$KAGE|g; s|@A@|$A|g; s|@NAME@|$NAME|g" <<<"$1"
    fi
}

# Each documented line is in README.md and in the man page, as it is run here.
readme="$top/README.md"
manpage=$(sed 's/\\-/-/g; s/^\.IP$//' "$top/man/kage.6")
missing=
for line in "${DOC_SETUP[@]}" "$DOC_SERVER" "${DOC_MATCH[@]}" "$DOC_GUEST" "$DOC_KEY"; do
    doc=$(render "$line" doc)
    grep -qF -- "${doc% }" "$readme" || missing="$missing
     | README.md: $doc"
    grep -qF -- "${doc% }" <<<"$manpage" || missing="$missing
     | man/kage.6: $doc"
done
doc=$(render "$DOC_JOIN" doc)
grep -qF -- "$doc" "$readme" && grep -qF -- "$doc" <<<"$manpage" || missing="$missing
     | README.md and man/kage.6: $doc"
if [ -z "$missing" ]; then
    echo "ok   $TESTNAME: the lines tried here are README.md's and the man page's, as written"
else
    echo "FAIL $TESTNAME: the lines tried here are README.md's and the man page's, as written; not found:$missing"
    FAILS=$((FAILS + 1))
fi

# --- the test's own names, and their removal whatever happens ------------------
sfx=$(printf '%04x%02x' $((RANDOM)) $(($$ % 256)))
SU=kgs$sfx PG=kgp$sfx GU=kgg$sfx A=kga$sfx B=kgb$sfx NAME=kgn$sfx
LIB=/var/lib/kgt$sfx RUN=/run/kgt$sfx
SOCKET=$RUN/server.sock
# the program where the test's users may run it (a checkout under /root is
# not theirs to read): @BIN@ and @GAMES@ stand for it
BIN_DIR=$(mktemp -d /tmp/kage-bin.XXXXXX)
chmod 0755 "$BIN_DIR"
cp "$KAGE" "$BIN_DIR/kage"
KAGE=$BIN_DIR/kage
made_users=() made_groups=()
server_pid= sshd_pid= own_server_pid=
stop_sshd() {
    [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null && wait "$sshd_pid" 2>/dev/null
    sshd_pid=
}
# own_server_dir USER: where USER's own server (kage server, without
# XDG_RUNTIME_DIR) keeps its socket: the README's /tmp/kage-UID
own_server_dir() { local uid; uid=$(id -u "$1") && echo "/tmp/kage-$uid"; }
cleanup() {
    tm kill-server 2>/dev/null
    stop_sshd
    for p in $server_pid $own_server_pid; do
        kill "$p" 2>/dev/null && wait "$p" 2>/dev/null
    done
    local u dir
    for u in "${made_users[@]}"; do
        pkill -KILL -u "$u" 2>/dev/null # the users are the test's own: nothing else runs as them
        # a. alice's own server's folder, which outlives her server
        dir=$(own_server_dir "$u" 2>/dev/null) && rm -rf "$dir"
        userdel -r "$u" 2>/dev/null
    done
    for u in "${made_groups[@]}"; do groupdel "$u" 2>/dev/null; done
    rm -rf "$LIB" "$RUN" "$BIN_DIR"
    reap
    rm -rf "$E2E_HOME"
}
trap cleanup EXIT
for n in "$SU" "$PG" "$GU" "$A" "$B" "$NAME"; do
    if getent passwd "$n" >/dev/null || getent group "$n" >/dev/null; then
        echo "FAIL $TESTNAME: $n is a user or group of this host already"
        exit 1
    fi
done
[ ! -e "$LIB" ] && [ ! -e "$RUN" ] || { echo "FAIL $TESTNAME: $LIB or $RUN exists already"; exit 1; }
# run_doc LINE: a documented line, with the test's names, as root
run_doc() {
    local cmd
    cmd=$(render "$1" test)
    if ! sh -c "$cmd" >"$E2E_HOME/doc.log" 2>&1; then
        echo "FAIL $TESTNAME: as written: $cmd"
        sed 's/^/     | /' "$E2E_HOME/doc.log"
        FAILS=$((FAILS + 1))
        return 1
    fi
}
# a user of the test's own that sshd lets in with a key (useradd locks the
# password, and a locked account cannot log in at all)
new_player() {
    useradd --create-home --shell /bin/sh "$1" && made_users+=("$1") && usermod -p '*' "$1"
}
key_for() { # key_for USER KEYNAME [OPTIONS]: USER's authorized_keys, root's
    local h
    h=$(getent passwd "$1" | cut -d: -f6)
    install -d -o root -g root -m 0755 "$h/.ssh"
    printf '%s%s\n' "${3:-}" "$(cat "$E2E_HOME/$2.pub")" >>"$h/.ssh/authorized_keys"
    chmod 0644 "$h/.ssh/authorized_keys"
}
# as USER COMMAND...: COMMAND as USER, in its own home and with none of the
# test's XDG folders (lib.sh points them at the test's, root's alone)
as() {
    local u=$1 h
    shift
    h=$(getent passwd "$u" | cut -d: -f6)
    (cd / && exec runuser -u "$u" -- env -u XDG_CONFIG_HOME -u XDG_DATA_HOME -u XDG_STATE_HOME -u XDG_RUNTIME_DIR \
        -u KAGE_SERVER HOME="$h" "$@")
}

# root's sshd wants its privilege separation folder; it stays (ssh.sh may use it at the
# same time, and it is what the openssh-server package's service leaves)
mkdir -p -m 0755 /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$E2E_HOME/host_key" -C kage-test-host
for k in id_a id_b id_guest id_guest_b; do ssh-keygen -q -t ed25519 -N '' -f "$E2E_HOME/$k" -C "$k"; done
chmod 600 "$E2E_HOME"/host_key "$E2E_HOME"/id_*

# start_sshd: sshd on a free loopback port (in $port) with the Match block
# as documented (the test's names), keys from the users' own homes
start_sshd() {
    local tries i
    mkdir -p -m 0755 /run/sshd
    for ((tries = 0; tries < 10; tries++)); do
        port=$((20000 + RANDOM % 40000))
        {
            echo "Port $port"
            echo "ListenAddress 127.0.0.1"
            echo "HostKey $E2E_HOME/host_key"
            echo "PidFile $E2E_HOME/sshd.pid"
            echo "UsePAM no"
            echo "PasswordAuthentication no"
            echo "KbdInteractiveAuthentication no"
            echo "PubkeyAuthentication yes"
            echo "PermitRootLogin no"
            echo "SetEnv LANG=C.UTF-8"
            for line in "${DOC_MATCH[@]}"; do render "$line" test; done
        } >"$E2E_HOME/sshd_config"
        if ! "$SSHD" -t -f "$E2E_HOME/sshd_config" 2>"$E2E_HOME/sshd.log"; then
            echo "FAIL $TESTNAME: sshd -t refuses the documented Match block"
            sed 's/^/     | /' "$E2E_HOME/sshd.log"
            FAILS=$((FAILS + 1))
            return 1
        fi
        "$SSHD" -D -e -f "$E2E_HOME/sshd_config" 2>>"$E2E_HOME/sshd.log" &
        sshd_pid=$!
        for ((i = 0; i < 50; i++)); do
            (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
            kill -0 "$sshd_pid" 2>/dev/null || break # the port was taken: another one
            sleep 0.1
        done
        stop_sshd
    done
    echo "FAIL $TESTNAME: sshd did not start"
    sed 's/^/     | /' "$E2E_HOME/sshd.log"
    FAILS=$((FAILS + 1))
    return 1
}
# login USER KEY [COMMAND]: ssh into the test's sshd in the tmux pane
login() {
    session 160 24 "env TERM=xterm-256color ssh -tt -F /dev/null -i $E2E_HOME/$2 -p $port -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=$E2E_HOME/known_hosts $1@127.0.0.1 ${3:-}; echo EXIT=\$?; sleep 600"
}
logout() { # q from the lobby, q from the game screen, and the session ends
    keys q
    sleep 0.3
    keys q
    check "$1: q, q: out of Kage and of SSH" "EXIT=0" 10
}
# hello_as USER NAME: the server's answer to USER's connection saying hello NAME
hello_as() {
    { printf 'hello 1 %s\n' "$2"; sleep 1; } | as "$1" timeout 10 "$KAGE" online --server="$SOCKET" raw 2>&1 | head -3
}
# wrote_outside USER: the files USER has that are newer than the marker,
# outside Kage's own data and state folders (none may be)
wrote_outside() {
    find "$(getent passwd "$1" | cut -d: -f6)" /tmp /var/tmp /dev/shm "$RUN" "$LIB" -user "$1" \
        -newer "$E2E_HOME/marker" \( -type f -o -type l \) 2>/dev/null |
        grep -v -e '/\.local/share/kage\(-players/[^/]*/kage\)\{0,1\}/' -e '/\.local/state/kage\(-players/[^/]*/kage\)\{0,1\}/'
}
# the screen's s and o as the screen of a forced command has them
save_and_load() {
    keys s
    check "$1: s saves in the data folder, and asks for no file name" "The game written to $2" 10
    check_not "$1: no prompt for a file name" "Save the game .PGN. to:"
    keys o
    sleep 0.5
    keys Tab
    check "$1: o: the data folder's games, and Tab types no file name" "no file name can be typed" 10
    keys Escape
    sleep 0.5 # a key at once after Esc would be read as Alt and that key
}

# --- a. a server of one's own -------------------------------------------------------
new_player "$A" && new_player "$B" || { echo "FAIL $TESTNAME: useradd"; exit 1; }
key_for "$A" id_a
key_for "$B" id_b
if start_sshd; then
    # README: kage server & (per user: $XDG_RUNTIME_DIR/kage/server.sock, else /tmp/kage-UID)
    as "$A" env -u XDG_RUNTIME_DIR HOME="$(getent passwd "$A" | cut -d: -f6)" "$KAGE" server --quiet &
    own_server_pid=$!
    own_sock=$(own_server_dir "$A")/server.sock
    for ((i = 0; i < 50; i++)); do [ -S "$own_sock" ] && break; sleep 0.1; done
    login "$A" id_a "env -u XDG_RUNTIME_DIR $KAGE --mode=online"
    check "a. alice's own server: the lobby, under her name" "Kage lobby . you are $A, on " 15
    logout "a."
    out=$(as "$B" timeout 10 "$KAGE" online --server="$own_sock" who 2>&1)
    if [ $? -ne 0 ] && ! grep -q "$A" <<<"$out"; then
        echo "ok   $TESTNAME: a. another user cannot reach alice's own server ($out)"
    else
        echo "FAIL $TESTNAME: a. another user cannot reach alice's own server (got: $out)"
        FAILS=$((FAILS + 1))
    fi
    kill "$own_server_pid" 2>/dev/null && wait "$own_server_pid" 2>/dev/null
    own_server_pid=
    stop_sshd
fi

# --- b. the system server, the players' group -----------------------------------------
for line in "${DOC_SETUP[@]}"; do run_doc "$line" || break; done
made_users+=("$SU")
made_groups+=("$PG")
run_doc "$DOC_JOIN" # alice joins the players' group; bob does not
run_doc "$DOC_GUEST" # c.'s shared account, made now: the server names it at start
made_users+=("$GU")
usermod -p '*' "$GU"
key_for "$GU" id_guest "$(render "$DOC_KEY" test)"
key_for "$GU" id_guest_b "$(NAME=$B render "$DOC_KEY" test)"
echo "note $TESTNAME: $(render "$DOC_SERVER" test) --shared-account=$GU"
$(render "$DOC_SERVER" test) --shared-account="$GU" >"$E2E_HOME/server.log" 2>&1 &
server_pid=$!
for ((i = 0; i < 50; i++)); do [ -S "$SOCKET" ] && break; sleep 0.1; done
perm=$(stat -c '%U:%G %a' "$RUN" "$SOCKET" "$LIB" "$LIB/server.db" 2>&1 | tr '\n' ' ')
if [ "$perm" = "$SU:$PG 2750 $SU:$PG 660 $SU:$SU 750 $SU:$SU 600 " ]; then
    echo "ok   $TESTNAME: b. the folders and the socket as documented ($perm)"
else
    echo "FAIL $TESTNAME: b. the folders and the socket as documented (got: $perm)"
    sed 's/^/     | /' "$E2E_HOME/server.log"
    FAILS=$((FAILS + 1))
fi
touch "$E2E_HOME/marker"
sleep 1 # the marker's second is over: a file written from now on is newer
if start_sshd; then
    login "$A" id_a "echo pwned"
    check "b. a player of the group lands in the lobby under their own name" "Kage lobby . you are $A, on " 15
    check_not "b. the command asked for was not run" "pwned"
    keys q
    check "b. q: the game screen behind the lobby" "Online: no game" 10
    save_and_load "b." "$(getent passwd "$A" | cut -d: -f6)/.local/share/kage/"
    keys q
    check "b. q again: out of Kage, and the SSH session closes" "EXIT=0" 10
    stop_sshd
fi
out=$(hello_as "$A" "$B")
if grep -q -e "^welcome $A 1" -e '^error name' <<<"$out" && ! grep -q "^welcome $B" <<<"$out"; then
    echo "ok   $TESTNAME: b. a player cannot act as another (hello $B: $(head -1 <<<"$out"))"
else
    echo "FAIL $TESTNAME: b. a player cannot act as another (hello $B got: $out)"
    FAILS=$((FAILS + 1))
fi
out=$(as "$A" cat "$LIB/server.db" 2>&1 >/dev/null; as "$A" ls "$LIB" 2>&1 >/dev/null)
if [ "$(grep -c 'Permission denied' <<<"$out")" -eq 2 ]; then
    echo "ok   $TESTNAME: b. a player cannot read the database nor list its folder"
else
    echo "FAIL $TESTNAME: b. a player cannot read the database nor list its folder (got: $out)"
    FAILS=$((FAILS + 1))
fi
out=$(as "$B" timeout 10 "$KAGE" online --server="$SOCKET" who 2>&1)
if [ $? -ne 0 ]; then
    echo "ok   $TESTNAME: b. a user outside the group cannot reach the socket ($out)"
else
    echo "FAIL $TESTNAME: b. a user outside the group cannot reach the socket"
    FAILS=$((FAILS + 1))
fi

# --- c. the shared account -----------------------------------------------------------
if start_sshd; then
    login "$GU" id_guest "echo pwned"
    check "c. the shared account: the key's own name, not the account's (no ForceCommand)" \
        "Kage lobby . you are $NAME, on " 15
    check_not "c. no command but the key's" "pwned"
    keys q
    check "c. q: the game screen" "Online: no game" 10
    save_and_load "c." "$(getent passwd "$GU" | cut -d: -f6)/.local/share/kage-players/$NAME/kage/"
    keys q
    check "c. and out" "EXIT=0" 10
    login "$GU" id_guest_b # its key forces bob's name, a user of the host
    sleep 5
    check_not "c. a key that forces the name of a user of the host: refused" "you are $B, on "
    stop_sshd
fi
for claim in "$A" "uid$(id -u "$A")" "$(tr a-z A-Z <<<"$A")"; do
    out=$(hello_as "$GU" "$claim")
    if grep -q '^error name' <<<"$out"; then
        echo "ok   $TESTNAME: c. the shared account cannot claim $claim ($(head -1 <<<"$out"))"
    else
        echo "FAIL $TESTNAME: c. the shared account cannot claim $claim (got: $out)"
        FAILS=$((FAILS + 1))
    fi
done
out=$(as "$GU" cat "$LIB/server.db" 2>&1 >/dev/null)
if grep -q 'Permission denied' <<<"$out"; then
    echo "ok   $TESTNAME: c. the shared account cannot read the database"
else
    echo "FAIL $TESTNAME: c. the shared account cannot read the database (got: $out)"
    FAILS=$((FAILS + 1))
fi
for u in "$A" "$GU"; do
    left=$(wrote_outside "$u")
    if [ -z "$left" ]; then
        echo "ok   $TESTNAME: $u wrote nothing outside Kage's data and state folders"
    else
        echo "FAIL $TESTNAME: $u wrote outside Kage's data and state folders:"
        sed 's/^/     | /' <<<"$left"
        FAILS=$((FAILS + 1))
    fi
done
# the server ran all along, and SIGTERM stops it
if kill -0 "$server_pid" 2>/dev/null && kill "$server_pid" && timeout 10 tail --pid="$server_pid" -f /dev/null; then
    echo "ok   $TESTNAME: the system server ran all along, and SIGTERM stops it"
else
    echo "FAIL $TESTNAME: the system server ran all along, and SIGTERM stops it"
    sed 's/^/     | /' "$E2E_HOME/server.log"
    FAILS=$((FAILS + 1))
fi
wait "$server_pid" 2>/dev/null
server_pid=
if pgrep -f -- "-f $E2E_HOME/sshd_config" >/dev/null; then
    echo "FAIL $TESTNAME: an sshd of the test is still running"
    FAILS=$((FAILS + 1))
fi
finish
