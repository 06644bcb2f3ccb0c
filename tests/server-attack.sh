#!/bin/sh
# The lobby server as a process, attacked as a hostile local user would
# (issue 70), on a socket in a temporary folder, bounded in time, and the
# server killed at the end whatever happens:
#   1. 400 clients that never read, each asking for lines until the server
#      holds as much as it lets them: its memory stays under 64 MB (the
#      budget for unread output), a client that reads is answered quickly
#      all along (within 2 s; 6 s under the sanitizers, which slow the
#      server several times), and the memory goes back when they leave;
#   2. out of file descriptors (a limit of 64): the next connections are
#      answered "busy", the server does not spin (CPU while idle at the
#      limit) and does not flood its log;
#   3. a hang-up (SIGHUP) does not stop it.
# The figures are printed; the checks are far from them, so that a busy
# machine does not fail the test (the memory is judged in the normal build
# only: under the sanitizers it counts theirs).
. "$(dirname "$0")/test-lib.sh"
need_python server-attack
use_tmp server-attack
pid=
stop_server() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null
        i=0
        while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
        kill -9 "$pid" 2>/dev/null
    fi
    pid=
}
trap 'stop_server; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
as=
if [ "$(id -u)" -eq 0 ]; then # root's servers run as nobody: the folder is theirs
    as=--user=nobody
    chown nobody "$tmp"
fi
chmod 0700 "$tmp"
sock=$tmp/s.sock
# start_server LOG [prlimit...]: a server, waited for until it answers
start_server() {
    log=$1
    shift
    "$@" "$kage" server $as --socket="$sock" --db="$tmp/games.db" --rate=100000 --max-clients=2000 \
        --max-per-player=1000 2>"$log" &
    pid=$!
    i=0
    until [ -S "$sock" ] || [ $i -ge 100 ] || ! kill -0 "$pid" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
    [ -S "$sock" ] || { cat "$log"; fail "the server did not start"; finish; }
}

start_server "$tmp/server.log"
timeout 180 python3 - "$sock" "$pid" "${KAGE_SANITIZED:-}" <<'EOF' || fail "400 clients that never read"
import os, socket, sys, time
sock, pid, sanitized = sys.argv[1], int(sys.argv[2]), sys.argv[3] != ''

def rss_mb():
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1]) / 1024.0
    return -1.0

def client():
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.connect(sock)
    c.settimeout(10)
    return c

def ask(c, line, want, limit=10.0):
    c.sendall((line + '\n').encode())
    t0, buf = time.monotonic(), b''
    while want.encode() not in buf:
        if time.monotonic() - t0 > limit:
            raise SystemExit('no %r within %.0f s' % (want, limit))
        buf += c.recv(65536)
    return time.monotonic() - t0

base = rss_mb()
reader = client()
ask(reader, 'hello 1', 'welcome')
slow, token = [], 'x' * 400
for i in range(400):
    c = client()
    c.sendall(b'hello 1\nlobby on\n')
    slow.append(c)
worst = peak = 0.0
# each asks for about 1.2 MB of lines (3,000 pings) and never reads them
want = len(('ping %s\n' % token).encode()) * 3000
chunk = ('ping %s\n' % token).encode() * 50
sent = [0] * len(slow)
for c in slow:
    c.setblocking(False)
t0, turn = time.monotonic(), 0
while time.monotonic() - t0 < 90:
    busy = False
    for i, c in enumerate(slow):
        if sent[i] < 0 or sent[i] >= want:
            continue
        busy = True
        try:
            sent[i] += c.send(chunk[sent[i] % len(chunk):])
        except BlockingIOError:
            pass
        except (BrokenPipeError, ConnectionResetError):
            sent[i] = -1  # closed by the server: as it should be
    if not busy:
        break
    turn += 1
    peak = max(peak, rss_mb())
    worst = max(worst, ask(reader, 'ping r%d' % turn, 'pong r%d' % turn))
closed = sum(1 for n in sent if n < 0)
time.sleep(1)
held = rss_mb()
peak = max(peak, held)
worst = max(worst, ask(reader, 'ping held', 'pong held'))
for c in slow:
    c.close()
time.sleep(2)
ask(reader, 'ping after', 'pong after')
after = rss_mb()
print('server-attack: 400 clients that never read, each asking for %.1f MB: server memory %.1f MB before, %.1f MB '
      'at most while they held (%.1f MB at the end), %.1f MB after they left; %d closed while sending; the slowest '
      'answer to a client that reads %.1f ms' % (want / 1e6, base, peak, held, after, closed, worst * 1000))
bad = []
if sanitized:
    print('server-attack: (the memory is not judged under the sanitizers, whose own memory it counts)')
elif peak >= 64:
    bad.append('the server took %.1f MB (goal: under 64 MB)' % peak)
if not sanitized and after >= base + 24:
    bad.append('the memory did not go back (%.1f MB after, %.1f MB before)' % (after, base))
# the sanitizers make the server several times slower: the wait's limit is
# judged at full speed in the normal build (the sanitized one checks memory)
limit = 6.0 if sanitized else 2.0
if worst > limit:
    bad.append('a client that reads waited %.1f s (limit %.0f s)' % (worst, limit))
if bad:
    raise SystemExit('; '.join(bad))
EOF
grep -q 'closed: .*output budget' "$tmp/server.log" || fail "the server's log does not say that it closed the slowest readers"

# a hang-up does not stop the server
kill -HUP "$pid"
sleep 0.3
kill -0 "$pid" 2>/dev/null || fail "SIGHUP stopped the server"
grep -q 'hang-up (SIGHUP)' "$tmp/server.log" || fail "the server's log does not say that it took a hang-up"
stop_server

# out of file descriptors: busy, no spinning, a quiet log
if command -v prlimit >/dev/null 2>&1; then
    rm -f "$sock"
    start_server "$tmp/emfile.log" prlimit --nofile=64:64
    timeout 60 python3 - "$sock" "$pid" <<'EOF' || fail "out of file descriptors"
import socket, sys, time
sock, pid = sys.argv[1], int(sys.argv[2])

def cpu_s():
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0  # utime + stime, in ticks of 10 ms

held, busy = [], 0
for i in range(100):
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.settimeout(5)
    try:
        c.connect(sock)
    except OSError:
        continue
    held.append(c)
time.sleep(0.5)
for c in held:
    c.setblocking(False)
    try:
        if c.recv(4096).startswith(b'error busy'):
            busy += 1
    except (BlockingIOError, ConnectionResetError):
        pass
t0, c0 = time.monotonic(), cpu_s()
time.sleep(3)
cpu = (cpu_s() - c0) / (time.monotonic() - t0)
print('server-attack: out of file descriptors (a limit of 64, 100 connections): %d answered busy, '
      'the server used %.1f %% of a CPU while it waited' % (busy, cpu * 100))
bad = []
if busy == 0:
    bad.append('no connection was answered busy')
if cpu > 0.25:
    bad.append('the server spins (%.0f %% of a CPU)' % (cpu * 100))
if bad:
    raise SystemExit('; '.join(bad))
EOF
    lines=$(grep -c 'accept:' "$tmp/emfile.log")
    echo "server-attack: $lines log lines about accepting in 4 s out of descriptors"
    [ "$lines" -le 5 ] || fail "the server wrote $lines log lines about accept in 4 s (a flood)"
    kill -0 "$pid" 2>/dev/null || fail "the server died out of file descriptors"
    stop_server
else
    skip_part server-attack-emfile "no prlimit (Debian: util-linux)"
fi
finish "server-attack: passed"
