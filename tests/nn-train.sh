#!/bin/sh
# tools/nn.py train (PyTorch, on the CPU): a short training from kage
# nndata's records gains on its own positions, --start begins from a network
# (one of train's, one of src/engine/nn_tables.c, another game's with the
# same inputs), widens one of fewer units and refuses one of more units or
# other inputs.  Needs numpy and PyTorch (Debian: python3-torch): a SKIP
# without them, a failure where CI=true.  tests/nn.sh tests the rest of the
# pipeline without PyTorch.
. "$(dirname "$0")/test-lib.sh"
tool_test nn-train
use_tmp nn-train

need_numpy nn-train
"$py" -c 'import torch' 2>/dev/null || cannot_run nn-train "no PyTorch for $py (Debian: python3-torch)"
nn() { "$py" "$top/tools/nn.py" "$@"; }
tables=$top/src/engine/nn_tables.c

for v in shogun shinobi shinobivchess; do
    "$kage" datagen $v 3 300 "$tmp/$v.data" - 5 2>/dev/null || fail "datagen $v: exit $?"
done
"$kage" nndata shogun <"$tmp/shogun.data" >"$tmp/shogun.knn" || fail "nndata: exit $?"
echo 'not a fen	10	1' >"$tmp/bad.data"

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
grep -q "^best validation error $best; written $tmp/t.npz (epoch [12] of 2)\$" "$tmp/err" ||
    fail "train: the epoch kept not said: $(tail -1 "$tmp/err")"
# an epoch that gains nothing (no step at all) keeps the start, and says so:
# a round must not take the network it began from for a trained one
nn train --variant shogun --cpu --epochs 1 --batch 64 --hidden 16 --lr 0 --decay 0 --start "$tmp/t.npz" \
    --val-data "$tmp/shogun.knn" --out "$tmp/t0.npz" "$tmp/shogun.knn" 2>"$tmp/err" || fail "train --lr 0: exit $?: $(tail -3 "$tmp/err")"
grep -q "^best validation error $best; written $tmp/t0.npz (the start, unchanged: no epoch beat it)\$" "$tmp/err" ||
    fail "train --lr 0: the start kept not said: $(tail -2 "$tmp/err")"
# --factor (Cashew's network: each input's row plus its kind's, summed when
# saved), on Cashew's records, whose view from Black turns the board round:
# it gains on its own positions too, and says so in the network's note
"$kage" datagen cashew 1 300 "$tmp/cashew.data" - 5 2>/dev/null || fail "datagen cashew: exit $?"
"$kage" nndata cashew <"$tmp/cashew.data" >"$tmp/cashew.knn" || fail "nndata cashew: exit $?"
nn train --variant cashew --cpu --factor --epochs 2 --batch 64 --hidden 16 --lr 0.01 --val-data "$tmp/cashew.knn" \
    --out "$tmp/c.npz" "$tmp/cashew.knn" 2>"$tmp/err" || fail "train --factor: exit $?: $(tail -3 "$tmp/err")"
cbest=$(sed -n 's/^best validation error \([0-9.]*\);.*/\1/p' "$tmp/err")
[ -n "$cbest" ] && ! grep -q "without the network $cbest\$" "$tmp/err" || fail "train --factor: no gain on its own positions: $(cat "$tmp/err")"
nn write "$tmp/c.npz" | grep -q '^/\* cashew: .*factored by kind' || fail "write of a factored network: no note of it"
nn train --variant shogun --cpu --epochs 1 --batch 64 --hidden 16 --start "$tmp/t.npz" \
    --val-data "$tmp/shogun.knn" --out "$tmp/t2.npz" "$tmp/shogun.knn" 2>"$tmp/err" || fail "train --start: exit $?: $(tail -3 "$tmp/err")"
grep -q "validation error of the evaluation with $tmp/t.npz $best\$" "$tmp/err" ||
    fail "train --start did not begin from the network ($best): $(head -3 "$tmp/err")"
# a start with fewer units than --hidden is widened, its evaluation
# unchanged (the new units' output weights are zero); one with more is refused
nn train --variant shogun --cpu --epochs 0 --hidden 32 --start "$tmp/t.npz" --val-data "$tmp/shogun.knn" \
    --out "$tmp/t3.npz" "$tmp/shogun.knn" 2>"$tmp/err" || fail "train --start of fewer units: exit $?: $(tail -3 "$tmp/err")"
grep -q "widening $tmp/t.npz's 16 units to 32" "$tmp/err" &&
    grep -q "validation error of the evaluation with $tmp/t.npz $best\$" "$tmp/err" &&
    grep -q "^best validation error $best; written $tmp/t3.npz (the start, unchanged)\$" "$tmp/err" ||
    fail "train --start of fewer units: not widened as it was: $(cat "$tmp/err")"
nn write "$tmp/t3.npz" | grep -q 'shogun_b1\[32\]' || fail "write of a widened network: not 32 units"
nn train --variant shogun --cpu --epochs 1 --hidden 16 --start "$tmp/t3.npz" --out "$tmp/t4.npz" \
    "$tmp/shogun.knn" >"$tmp/out" 2>&1
[ $? -ne 0 ] && grep -q "with 32 units, not of shogun with at most 16" "$tmp/out" || fail "train --start of more units: $(cat "$tmp/out")"
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
    [ $? -ne 0 ] && grep -q "a network of shinobi with 32 units, not of shogun with at most 32 (--hidden) on these records' board" "$tmp/out" ||
        fail "train --start of a network of other inputs: $(cat "$tmp/out")"
fi
finish "nn-train: ok"
