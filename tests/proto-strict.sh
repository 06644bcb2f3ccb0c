#!/bin/sh
# A strict third-party client (tests/proto-strict.py, standard library
# only) drives `kage uci` and `kage xboard` through a whole game in each
# variant, Kage against itself, checking every line Kage sends against the
# protocol and every move against the rules (issue 72).  First the client
# itself is shown strict: engines that break the protocol in the ways Kage
# once did (seldepth below depth, a pass sent as @@@@ to a UCI client, an
# illegal move) must make it fail.
. "$(dirname "$0")/test-lib.sh"
need_python proto-strict
use_tmp proto-strict
client=$top/tests/proto-strict.py
# a fake engine: `pgn` is Kage's (the client's referee), the protocol a
# Python script that breaks it as $FAKE says
cat >"$tmp/fake.py" <<'PY'
import os, sys
mode = os.environ["FAKE"]
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "uci":
        print("id name Fake\nid author nobody\nuciok", flush=True)
    elif w[0] == "isready":
        print("readyok", flush=True)
    elif w[0] == "go":
        if mode == "seldepth":
            print("info depth 3 seldepth 2 score cp 10 nodes 50 nps 1000 time 5 pv e2e4\nbestmove e2e4", flush=True)
        elif mode == "pass":
            print("info depth 1 seldepth 1 score cp 0 nodes 5 nps 1000 time 1 pv @@@@\nbestmove @@@@", flush=True)
        else:
            print("info depth 1 seldepth 1 score cp 0 nodes 5 nps 1000 time 1 pv e2e5\nbestmove e2e5", flush=True)
    elif w[0] == "quit":
        break
PY
cat >"$tmp/fake" <<SH
#!/bin/sh
[ "\$1" = pgn ] && exec "$kage" "\$@"
exec python3 "$tmp/fake.py"
SH
chmod +x "$tmp/fake"
for mode in seldepth pass illegal; do
    if FAKE=$mode python3 "$client" "$tmp/fake" --variants shinobiplus --plies 4 >"$tmp/out" 2>&1; then
        fail "the client passed an engine that breaks UCI ($mode): $(head -1 "$tmp/out")"
    else
        echo "ok   the client refuses an engine that breaks UCI ($mode): $(head -1 "$tmp/out" | cut -c1-100)"
    fi
done
# Kage, whole games (cut at 300 plies), every variant, both protocols
if python3 "$client" "$kage" --plies 300 --nodes 800 >"$tmp/out" 2>&1; then
    cat "$tmp/out"
else
    cat "$tmp/out"
    fail "a protocol line or move refused"
fi
finish "proto-strict: kage uci and kage xboard pass a strict client in every variant"
