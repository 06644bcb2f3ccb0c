#!/bin/sh
# The network evaluation's pipeline (tools/nn.py, `kage nndata`): the inputs
# that tools/nn.py computes from nndata's records are the engine's own, the
# engine's evaluation is the tuned terms plus tools/nn.py's integer reading of
# each network in src/engine/nn_tables.c, `write` makes tables that read back
# as the quantised weights, and bad lines, files and variants give a clear
# message.  Needs numpy (a SKIP without it, a failure where CI=true); no
# PyTorch: the training is tests/nn-train.sh's.
. "$(dirname "$0")/test-lib.sh"
use_tmp nn

need_numpy nn
nn() { "$py" "$top/tools/nn.py" "$@"; }
tables=$top/src/engine/nn_tables.c

for v in shogun shinobiplus shinobi shinobivchess cashew; do
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

# the records: one per good line, a header with the board's shape; their inputs
"$kage" nndata shogun <"$tmp/shogun.data" >"$tmp/shogun.knn" || fail "nndata: exit $?"
"$py" - "$top/tools" "$tmp/shogun.knn" "$(wc -l <"$tmp/shogun.data")" <<'PY' || fail "the records"
import sys
sys.path.insert(0, sys.argv[1])
import nn
shape, board, hands, stm, score, result2, base = nn.read_records(sys.argv[2])
assert shape == (64, 8, 8, shape[3], 8, 0), shape
assert board.shape[0] == int(sys.argv[3]), (board.shape, sys.argv[3])
assert set(result2) <= {0, 1, 2} and set(stm) <= {0, 1}
# inputs() works a chunk of positions at a time: the chunks' rows, each
# padded to its own width, make the same array as one chunk of them all
for persp in (0, 1):
    whole = nn.inputs(shape, board, hands, persp, chunk=board.shape[0])
    parts = nn.inputs(shape, board, hands, persp, chunk=7)
    assert board.shape[0] > 14 and (parts == whole).all(), persp
assert nn.inputs(shape, board[:0], hands[:0], 0).shape[0] == 0
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

# note: a network file's note printed, replaced, and written above the network
[ "$(nn note "$tmp/net.npz")" = "a test" ] || fail "note: not the file's note: $(nn note "$tmp/net.npz" 2>&1)"
cp "$tmp/net.npz" "$tmp/before.npz"
nn note "$tmp/net.npz" "round two, the 8th of 10 epochs" || fail "note: exit $?"
[ "$(nn note "$tmp/net.npz")" = "round two, the 8th of 10 epochs" ] || fail "note: not replaced"
nn write "$tmp/net.npz" >"$tmp/tables2.c" || fail "write after note: exit $?"
grep -qx '/\* shogun: round two, the 8th of 10 epochs \*/' "$tmp/tables2.c" || fail "write: the new note is not above the network"
[ "$(grep -v '^/\* shogun:' "$tmp/tables.c")" = "$(grep -v '^/\* shogun:' "$tmp/tables2.c")" ] ||
    fail "note changed the network's weights"
for bad in 'ends */ the comment' '' "two
lines"; do
    nn note "$tmp/net.npz" "$bad" >"$tmp/out" 2>&1
    [ $? -ne 0 ] && grep -q "one line of text without" "$tmp/out" || fail "note '$bad': $(cat "$tmp/out")"
done
[ "$(nn note "$tmp/net.npz")" = "round two, the 8th of 10 epochs" ] || fail "a refused note changed the file"
nn note "$tmp/shogun.data" x >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "not a network of tools/nn.py train" "$tmp/out" || fail "note of a text file: $(cat "$tmp/out")"
nn note "$tables:shogun" x >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "takes its note from the file it was written from" "$tmp/out" || fail "note of a network in tables: $(cat "$tmp/out")"
"$py" - "$tmp/before.npz" "$tmp/net.npz" <<'PY' || fail "note: the arrays changed"
import sys
import numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
assert sorted(a.files) == sorted(b.files)
assert all(np.array_equal(a[k], b[k]) for k in a.files if k != "note")
PY
# a note set by hand, past nn.py note's checks, as older tools wrote them
set_note() {
    "$py" - "$tmp/net.npz" "$1" <<'PY' || fail "setting a note by hand"
import sys, numpy as np
net = dict(np.load(sys.argv[1])); net["note"] = np.array(sys.argv[2]); np.savez(sys.argv[1], **net)
PY
}
set_note 'a */ b'
nn write "$tmp/net.npz" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "one line of text without" "$tmp/out" || fail "write of a note with */: $(cat "$tmp/out")"
set_note ''
nn write "$tmp/net.npz" >"$tmp/out" 2>&1 || fail "write of an empty note (tables of old read back so): $(cat "$tmp/out")"

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
[ "$(wc -c <"$tmp/bad.knn")" -eq $((16 + 64 + 2 * 16 + 6)) ] || fail "nndata: not one record for the one good line"
"$kage" nndata nosuchvariant </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "unknown variant" "$tmp/err" || fail "nndata with an unknown variant"
nn train --variant shogun --out "$tmp/x.npz" "$tmp/bad.data" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "not the output of kage nndata" "$tmp/out" || fail "train on a text file: $(cat "$tmp/out")"
"$kage" nndata cashew <"$tmp/cashew.data" >"$tmp/cashew.knn" || fail "nndata cashew: exit $?"
nn train --variant cashew --mirror --out "$tmp/x.npz" "$tmp/cashew.knn" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "mirror: cashew's army is turned round" "$tmp/out" || fail "train --mirror of Cashew's records: $(cat "$tmp/out")"
nn train --variant shogun --hidden 100 --out "$tmp/x.npz" "$tmp/shogun.knn" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "multiple of 16 up to 64" "$tmp/out" || fail "train with 100 units: $(cat "$tmp/out")"
nn write "$tmp/bad.data" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "not a network of tools/nn.py train" "$tmp/out" || fail "write of a text file: $(cat "$tmp/out")"

finish "nn: ok"
