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
skip_in_distcheck proto-strict # whole games, in both builds already
use_tmp proto-strict
client=$top/tests/proto-strict.py
# a fake engine: `adjudicate` and `pgn` are Kage's (the client's referees),
# the protocol a Python script that breaks it as $FAKE says
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
case "\$1" in pgn|adjudicate) exec "$kage" "\$@" ;; esac
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
# Kage at the end of a game (every game of the data files that ends by a
# checkmate, stalemate or campmate, and Cashew without a King): UCI's
# bestmove (none) after the score, XBoard's result claimed after go (it
# once said nothing, and the GUI waited for a move)
for f in "$top"/tests/data/pgn/*.pgn "$top"/tests/data/roundtrip/*.pgn; do
    "$kage" pgn "$f" 2>/dev/null | awk '/^variant: / { v = $2 } /^final FEN: / { sub(/^final FEN: /, ""); fen = $0 }
        /^result: / { if ($0 ~ /\((checkmate|stalemate|campmate|King captured|no legal moves)\)/) print v "\t" fen "\t" $2 }'
done | sort -u >"$tmp/ends"
printf 'cashew\t%s\t1-0\n' "lh!f'dh'j'1i'qc'hg!l/t!p'w!+oogngx+xl!k'd!/r've'fst'+nt'sfw'vl'/ppppppppppppp/3d'5d'3/13/13/13/3D'5D'3/PPPPPPPPPPPPP/L'VW'FST'+NT'SFE'VR'/D!K'L!+XXGNGO+OW!P'T!/LG!HC'QI'KJ'H'DF'H!L b" >>"$tmp/ends"
[ "$(wc -l <"$tmp/ends")" -ge 10 ] || fail "fewer than 10 finished games in the data files"
if python3 "$client" "$kage" --terminal "$tmp/ends" >"$tmp/out" 2>&1; then
    echo "ok   $(grep -c '^ok' "$tmp/out") finished games: UCI's bestmove (none) after the score, XBoard's result after go"
else
    grep -v '^ok' "$tmp/out"
    fail "a finished game answered wrongly"
fi
# Kage, whole games (cut at 300 plies), every variant, both protocols; the
# same under the sanitizers (the referee is one process a game: 20 s)
if python3 "$client" "$kage" --plies 300 --nodes 800 >"$tmp/out" 2>&1; then
    cat "$tmp/out"
else
    cat "$tmp/out"
    fail "a protocol line or move refused"
fi
finish "proto-strict: kage uci and kage xboard pass a strict client in every variant"
