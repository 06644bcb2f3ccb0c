#!/bin/sh
# The network evaluation's pipeline (tools/nn.py, `kage nndata`): the inputs
# that tools/nn.py computes from nndata's records are the engine's own, the
# engine's evaluation is the tuned terms plus tools/nn.py's integer reading of
# each network in src/engine/nn_tables.c, `write` makes tables that read back
# as the quantised weights, and bad lines, files and variants give a clear
# message.  A short training where PyTorch is at hand.  Needs numpy; skipped
# without it.
. "$(dirname "$0")/test-lib.sh"
use_tmp nn

need_numpy nn
nn() { "$py" "$top/tools/nn.py" "$@"; }
tables=$top/src/engine/nn_tables.c

for v in shogun shinobiplus shinobi shinobivchess; do
    "$kage" datagen $v 3 300 "$tmp/$v.data" - 5 2>/dev/null || fail "datagen $v: exit $?"
    [ -s "$tmp/$v.data" ] || fail "datagen $v wrote nothing"
    if grep -q "\"$v\"" "$tables"; then
        nn check --kage "$kage" --variant $v --data "$tmp/$v.data" --tables "$tables" >"$tmp/out" 2>&1 ||
            fail "check $v: $(cat "$tmp/out")"
        grep -q "evaluations the same" "$tmp/out" || fail "check $v compared no evaluations: $(cat "$tmp/out")"
    else
        nn check --kage "$kage" --variant $v --data "$tmp/$v.data" >"$tmp/out" 2>&1 ||
            fail "check $v: $(cat "$tmp/out")"
    fi
    grep -q "inputs the same" "$tmp/out" || fail "check $v: $(cat "$tmp/out")"
done

# the records: one per good line, a header with the board's shape
"$kage" nndata shogun <"$tmp/shogun.data" >"$tmp/shogun.knn" || fail "nndata: exit $?"
"$py" - "$top/tools" "$tmp/shogun.knn" "$(wc -l <"$tmp/shogun.data")" <<'PY' || fail "the records"
import sys
sys.path.insert(0, sys.argv[1])
import nn
shape, board, hands, stm, score, result2, base = nn.read_records(sys.argv[2])
assert shape == (64, 8, 8, shape[3], 8), shape
assert board.shape[0] == int(sys.argv[3]), (board.shape, sys.argv[3])
assert set(result2) <= {0, 1, 2} and set(stm) <= {0, 1}
PY

# write: tables that read back as the network's quantised weights
"$py" - "$top/tools" "$tmp/shogun.knn" "$tmp/net.npz" <<'PY' || fail "a random network"
import sys
sys.path.insert(0, sys.argv[1])
import numpy as np, nn
shape = nn.read_records(sys.argv[2])[0]
rng = np.random.default_rng(5)
H = 16
np.savez(sys.argv[3], variant="shogun", shape=np.array(shape), w1=rng.normal(0, 0.3, (nn.ninputs(shape), H)),
         b1=rng.normal(0.2, 0.2, H), w2=rng.normal(0, 1, 2 * H), b2=np.float64(0.05), note="a test")
PY
nn write "$tmp/net.npz" >"$tmp/tables.c" || fail "write: exit $?"
grep -q 'nn_nets\[\] = {&shogun_net, NULL}' "$tmp/tables.c" || fail "write: no list of networks"
"$py" - "$top/tools" "$tmp/net.npz" "$tmp/tables.c" <<'PY' || fail "the written tables"
import sys
sys.path.insert(0, sys.argv[1])
import numpy as np, nn
q = nn.quantise(np.load(sys.argv[2]))
r = nn.read_tables(sys.argv[3], "shogun")
assert all(np.array_equal(a, b) for a, b in zip(q[:3], r[:3])) and q[3] == r[3]
PY

# FILE.c:VARIANT: the shipped tables read back and written again are the same
# file, byte for byte (weights, notes and order)
nets=$(sed -n 's/^static const NnNet \([a-z_]*\)_net = {"\([a-z-]*\)".*/\2/p' "$tables")
[ -n "$nets" ] || fail "no networks found in $tables"
nn write $(for v in $nets; do printf '%s:%s ' "$tables" "$v"; done) >"$tmp/again.c" || fail "write from the tables: exit $?"
cmp -s "$tables" "$tmp/again.c" || fail "write from the tables: not the same file ($(diff "$tables" "$tmp/again.c" | head -c 300))"
nn write "$tables:nosuchvariant" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "no network for nosuchvariant" "$tmp/out" || fail "write of a variant with no network: $(cat "$tmp/out")"
: >"$tmp/empty.c"
nn write "$tmp/empty.c:shogun" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "empty (to rewrite it from itself" "$tmp/out" || fail "write from an empty file: $(cat "$tmp/out")"
sed 's/^static const int16_t shogun_b1\[32\] = {/&\n    7,/' "$tables" >"$tmp/long.c"
nn write "$tmp/long.c:shogun" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "has no b1 of 32 numbers" "$tmp/out" || fail "write from a damaged file: $(cat "$tmp/out")"

# bad input
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
printf 'not a fen\t10\t1\n%s\tten\t1\n%s\t10\twon\n%s 10 1\n%s\t10\t1\n' "$start" "$start" "$start" "$start" >"$tmp/bad.data"
"$kage" nndata shogun <"$tmp/bad.data" >"$tmp/bad.knn" 2>"$tmp/err" || fail "nndata on bad lines: exit $?"
grep -q "line 1:" "$tmp/err" && grep -q "line 2: the score is not a whole number" "$tmp/err" &&
    grep -q "line 3: the result is not 1, 0.5 or 0" "$tmp/err" &&
    grep -q "line 4: not FEN<TAB>SCORE<TAB>RESULT" "$tmp/err" &&
    grep -q "4 lines skipped" "$tmp/err" || fail "nndata's messages: $(cat "$tmp/err")"
[ "$(wc -c <"$tmp/bad.knn")" -eq $((14 + 64 + 2 * 16 + 6)) ] || fail "nndata: not one record for the one good line"
"$kage" nndata nosuchvariant </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "unknown variant" "$tmp/err" || fail "nndata with an unknown variant"
nn train --variant shogun --out "$tmp/x.npz" "$tmp/bad.data" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "not the output of kage nndata" "$tmp/out" || fail "train on a text file: $(cat "$tmp/out")"
nn train --variant shogun --hidden 100 --out "$tmp/x.npz" "$tmp/shogun.knn" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "multiple of 16 up to 64" "$tmp/out" || fail "train with 100 units: $(cat "$tmp/out")"
nn write "$tmp/bad.data" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "not a network of tools/nn.py train" "$tmp/out" || fail "write of a text file: $(cat "$tmp/out")"

if "$py" -c 'import torch' 2>/dev/null; then
    nn train --variant shogun --cpu --epochs 2 --batch 64 --hidden 16 --out "$tmp/t.npz" "$tmp/shogun.knn" \
        2>"$tmp/err" || fail "train: exit $?: $(tail -3 "$tmp/err")"
    grep -q "best validation error" "$tmp/err" || fail "train: $(cat "$tmp/err")"
    nn write "$tmp/t.npz" >"$tmp/t.c" || fail "write of a trained network"
    # --start: a network fitted to these positions (held out as themselves, so
    # that it surely gains) is where a second training begins: its first
    # error is the one kept, not the evaluation's without a network
    nn train --variant shogun --cpu --epochs 2 --batch 64 --hidden 16 --lr 0.01 --val-data "$tmp/shogun.knn" \
        --out "$tmp/t.npz" "$tmp/shogun.knn" 2>"$tmp/err" || fail "train: exit $?: $(tail -3 "$tmp/err")"
    best=$(sed -n 's/^best validation error \([0-9.]*\);.*/\1/p' "$tmp/err")
    grep -q "without the network $best\$" "$tmp/err" && fail "train: no gain on its own positions: $(cat "$tmp/err")"
    nn train --variant shogun --cpu --epochs 1 --batch 64 --hidden 16 --start "$tmp/t.npz" \
        --val-data "$tmp/shogun.knn" --out "$tmp/t2.npz" "$tmp/shogun.knn" 2>"$tmp/err" || fail "train --start: exit $?: $(tail -3 "$tmp/err")"
    grep -q "validation error of the evaluation with $tmp/t.npz $best\$" "$tmp/err" ||
        fail "train --start did not begin from the network ($best): $(head -3 "$tmp/err")"
    nn train --variant shogun --cpu --epochs 1 --hidden 32 --start "$tmp/t.npz" --out "$tmp/t3.npz" \
        "$tmp/shogun.knn" >"$tmp/out" 2>&1
    [ $? -ne 0 ] && grep -q "with 16 units, not of shogun with 32" "$tmp/out" || fail "train --start of another size: $(cat "$tmp/out")"
    nn train --variant shogun --cpu --start "$tmp/bad.data" --out "$tmp/t3.npz" "$tmp/shogun.knn" >"$tmp/out" 2>&1
    [ $? -ne 0 ] && grep -q "not a network of tools/nn.py train" "$tmp/out" || fail "train --start of a text file: $(cat "$tmp/out")"
    # --start from the shipped network: its error is the start's, not the
    # evaluation's without a network
    if grep -q '"shinobi"' "$tables"; then
        "$kage" nndata shinobi <"$tmp/shinobi.data" >"$tmp/shinobi.knn" || fail "nndata shinobi: exit $?"
        nn train --variant shinobi --cpu --epochs 0 --val-data "$tmp/shinobi.knn" --out "$tmp/s0.npz" \
            "$tmp/shinobi.knn" 2>"$tmp/err" || fail "train: exit $?: $(tail -3 "$tmp/err")"
        none=$(sed -n 's/^validation error of the evaluation without the network \([0-9.]*\)$/\1/p' "$tmp/err")
        nn train --variant shinobi --cpu --epochs 0 --start "$tables:shinobi" --val-data "$tmp/shinobi.knn" \
            --out "$tmp/s1.npz" "$tmp/shinobi.knn" 2>"$tmp/err" || fail "train --start FILE.c:shinobi: exit $?: $(tail -3 "$tmp/err")"
        with=$(sed -n "s|^validation error of the evaluation with $tables:shinobi \\([0-9.]*\\)\$|\\1|p" "$tmp/err")
        [ -n "$none" ] && [ -n "$with" ] && [ "$none" != "$with" ] ||
            fail "train --start FILE.c:shinobi: the start's error ($with) is not the network's (without it $none): $(cat "$tmp/err")"
        nn write "$tmp/s1.npz" | grep -q 'nn_nets\[\] = {&shinobi_net, NULL}' || fail "write of a network begun from the tables"
        # another game's network with the same inputs is a start (Shinobi's for
        # Shinobi (vchess.club)), said; the network written is this game's
        "$kage" nndata shinobivchess <"$tmp/shinobivchess.data" >"$tmp/vchess.knn" || fail "nndata shinobivchess: exit $?"
        nn train --variant shinobivchess --cpu --epochs 0 --start "$tables:shinobi" --val-data "$tmp/vchess.knn" \
            --out "$tmp/v1.npz" "$tmp/vchess.knn" 2>"$tmp/err" || fail "train --start of another game's network: exit $?: $(tail -3 "$tmp/err")"
        grep -q "^starting from shinobi's network (the same inputs as shinobivchess's)\$" "$tmp/err" ||
            fail "train --start of another game's network: not said: $(head -3 "$tmp/err")"
        nn write "$tmp/v1.npz" | grep -q 'nn_nets\[\] = {&shinobivchess_net, NULL}' ||
            fail "write of a network begun from another game's"
        # but not one of another board or other pieces
        nn train --variant shogun --cpu --epochs 0 --start "$tables:shinobi" --out "$tmp/v2.npz" "$tmp/shogun.knn" >"$tmp/out" 2>&1
        [ $? -ne 0 ] && grep -q "a network of shinobi with 32 units, not of shogun with 32 (--hidden) on these records' board" "$tmp/out" ||
            fail "train --start of a network of other inputs: $(cat "$tmp/out")"
    fi
else
    echo "nn: no PyTorch (Debian: python3-torch), training not tried"
fi
finish "nn: ok"
