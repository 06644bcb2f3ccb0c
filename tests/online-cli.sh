#!/bin/sh
# kage server, kage online and the online options under bad input: a
# message that says what is wrong and an exit status (2 for a command line
# that is wrong, 1 for what cannot be done), never a hang: a server that
# answers with garbage, or not at all, is said to be so.
. "$(dirname "$0")/test-lib.sh"
use_tmp online-cli
dir=$tmp
# root's servers run as nobody: the folder is theirs, closed to others, and root made it in a
# folder of root's (a client trusts no other user's folder in /tmp, where anyone may make one)
if [ "$(id -u)" -eq 0 ]; then
    chmod 711 "$tmp" && dir=$tmp/run && mkdir -m 700 "$dir" && chown nobody "$dir" || exit 99
fi
# expect STATUS PATTERN ARGS...: the exit status, and PATTERN in stderr (within 20 s)
expect() {
    want=$1 pat=$2
    shift 2
    err=$(timeout 20 "$kage" "$@" 2>&1 >/dev/null)
    got=$?
    [ "$got" -eq "$want" ] || fail "kage $*: exit $got, not $want ($err)"
    printf '%s\n' "$err" | grep -q -- "$pat" || fail "kage $*: no '$pat' in: $err"
}
expect 2 "unknown option '--bogus'" server --bogus
expect 2 "--rate: 'fast' is not a number from 1 to 100000" server --rate=fast
expect 2 "--socket-mode: '999' is not an octal mode" server --socket-mode=999
expect 2 "--shared-account: not a user name" server --shared-account=a/b
# a shared account's players run the game screen as that account: never as
# the server itself, root, or a user that does not exist (issue 70, fault 3)
expect 2 "--shared-account=kage-no-such-user: not a user of this host" server --user=nobody \
    --socket="$dir/sa.sock" --db="$dir/sa.db" --shared-account=kage-no-such-user
if [ "$(id -u)" -eq 0 ]; then
    expect 2 "--shared-account=nobody: the server's own user" server --user=nobody --socket="$dir/sa.sock" \
        --db="$dir/sa.db" --shared-account=nobody
    expect 2 "--shared-account=root: root" server --user=nobody --socket="$dir/sa.sock" --db="$dir/sa.db" \
        --shared-account=root
else
    expect 2 "--shared-account=$(id -un): the server's own user" server --socket="$dir/sa.sock" \
        --db="$dir/sa.db" --shared-account="$(id -un)"
fi
[ -e "$dir/sa.db" ] && fail "a refused shared account: the database was made all the same"
expect 2 "--socket needs a value" server --socket
expect 2 "--quiet takes no value" server --quiet=yes
expect 2 "with --user, give --socket and --db too" server --user=nobody
expect 1 "no such database" server --check --db="$dir/none.db"
printf 'not a database at all, but bytes\n' >"$dir/junk.db"
expect 1 "file is not a database" server --check --db="$dir/junk.db"
if [ "$(id -u)" -eq 0 ]; then
    expect 1 "it will not run as root" server --socket="$dir/s.sock" --db="$dir/g.db"
    expect 1 "cannot listen at $dir/no/such/folder/s.sock" server --user=nobody --socket="$dir/no/such/folder/s.sock" \
        --db="$dir/g.db"
else
    expect 1 "cannot listen at $dir/no/such/folder/s.sock" server --socket="$dir/no/such/folder/s.sock" --db="$dir/g.db"
fi
# everything checked before anything is made: no database for a server that could not start
[ -e "$dir/g.db" ] && fail "kage server made its database before it found it could not listen"
: >"$dir/plain"
expect 1 "exists and is not a socket" server --socket="$dir/plain" --db="$dir/g2.db" $( [ "$(id -u)" -eq 0 ] && echo --user=nobody)
[ -e "$dir/g2.db" ] && fail "kage server made its database before it found its socket's path taken"
# the database's folder open to others: refused, with the command that closes it
mkdir "$dir/open" && chmod 0755 "$dir/open"
[ "$(id -u)" -eq 0 ] && chown nobody "$dir/open"
expect 1 "the database's folder $dir/open is open to other users (mode 0755): run chmod g-w,o-rwx $dir/open" \
    server --socket="$dir/open.sock" --db="$dir/open/g.db" $( [ "$(id -u)" -eq 0 ] && echo --user=nobody)
[ -e "$dir/open/g.db" ] && fail "kage server made its database in a folder open to others"
expect 2 "Usage: kage online" online
expect 2 "unknown command 'frob'" online frob
expect 2 "wrong number of words after 'pgn'" online pgn
expect 2 "wrong number of words after 'challenge'" online challenge bob
expect 2 "wrong number of words after 'top'" online top
expect 2 "--player: 'x/' is not a name" online --player=x/ who
expect 1 "no Kage server is running at $dir/none.sock (start one with: kage server)" online --server="$dir/none.sock" who
expect 2 "--player: 'a b' is not a name" --mode=online --player='a b'
expect 2 "--mode: 'onlin' is not one of: play-first play-second hotseat watch online" --mode=onlin
# a "server" that says garbage, and one that says nothing: the client says so and stops
if command -v python3 >/dev/null 2>&1; then
    python3 - "$dir" <<'PY' &
import os, socket, sys, time
d = sys.argv[1]
socks = []
for name, reply in (("garbage.sock", b"\x01\x02 not a line of the protocol\n"), ("mute.sock", None)):
    s = socket.socket(socket.AF_UNIX); s.bind(os.path.join(d, name)); s.listen(4); socks.append((s, reply))
end = time.time() + 15
conns = []
while time.time() < end:
    for s, reply in socks:
        s.settimeout(0.05)
        try:
            c, _ = s.accept()
            if reply:
                c.sendall(reply)
            conns.append(c)
        except socket.timeout:
            pass
PY
    py=$!
    i=0
    while [ ! -S "$dir/mute.sock" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    expect 1 "the server sent a bad line (byte 0x01 at column 1" online --server="$dir/garbage.sock" who
    expect 1 "the server did not answer in time" online --server="$dir/mute.sock" who
    kill $py 2>/dev/null
    wait $py 2>/dev/null
fi
# kage online raw: lines piped in are sent as they come, not held back
# until more input arrives (stdio's buffer kept the second line until the
# input ended, 3 s here)
me=$(id -un)
as_user=
[ "$(id -u)" -eq 0 ] && as_user=--user=nobody
KAGE_TEST_SHARED_SELF=1 timeout 30 "$kage" server $as_user --socket="$dir/raw.sock" --socket-mode=0666 --db="$dir/raw.db" \
    --shared-account="$me" --quiet &
srv=$!
i=0
while [ ! -S "$dir/raw.sock" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
# one server a database: a second one, and --check, refused while it runs
expect 1 "the database $dir/raw.db is in use by another kage server (pid [0-9]" \
    server $as_user --socket="$dir/raw2.sock" --db="$dir/raw.db" --quiet
[ -e "$dir/raw2.sock" ] && fail "a second kage server on one database listened"
expect 1 "the database $dir/raw.db is in use by another kage server (pid [0-9]" server --check --db="$dir/raw.db"
{ printf 'hello 1 rawtest\nping rawtest\n'; sleep 4; } |
    timeout 15 "$kage" online --server="$dir/raw.sock" --player=rawtest raw >"$dir/raw.out" 2>&1 &
raw=$!
i=0
while ! grep -q '^pong rawtest' "$dir/raw.out" 2>/dev/null && [ $i -lt 25 ]; do sleep 0.1; i=$((i + 1)); done
grep -q '^pong rawtest' "$dir/raw.out" || fail "online raw: no pong within 2.5 s of the ping (got: $(cat "$dir/raw.out"))"
wait $raw
kill $srv 2>/dev/null
wait $srv 2>/dev/null
finish "online-cli: every bad input refused with its reason"
