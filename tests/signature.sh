#!/bin/sh
# What the engine plays with, pinned, so that a change to it cannot slip in:
#  1. `kage bench 8 16`'s node count (src/cli/cli_bench.c: fixed positions of each
#     variant searched to a fixed depth) is tests/data/bench-signature;
#  2. src/engine/nn_tables.c, the networks' weights that tools/nn.py write
#     made, is the file whose SHA-256 is tests/data/nn-tables.sha256.
# A change to the search, the evaluation or the networks changes one: the
# commit that makes it updates the file here too, and says in its message
# the new signature and its SPRT line (the routine's).  The same search runs
# in every build: the sanitizer build must give the same count.
. "$(dirname "$0")/test-lib.sh"
use_tmp signature
want=$(cat "$top/tests/data/bench-signature")
"$kage" bench 8 16 >"$tmp/bench" 2>&1 || fail "kage bench 8 16: exit $?: $(tail -3 "$tmp/bench")"
got=$(sed -n 's/^Nodes searched *: //p' "$tmp/bench")
if [ "$got" != "$want" ]; then
    fail "kage bench 8 16 searched ${got:-no} nodes, tests/data/bench-signature says $want.
  The search, the evaluation or the networks changed.  If that was meant, the same
  commit updates the signature and gives its SPRT line in its message:
    src/kage bench 8 16 | sed -n 's/^Nodes searched *: //p' >tests/data/bench-signature"
else
    echo "ok   kage bench 8 16: $got nodes, the signature of tests/data/bench-signature"
fi
sum=$(cd "$top" && sha256sum src/engine/nn_tables.c)
if [ "$sum" != "$(cat "$top/tests/data/nn-tables.sha256")" ]; then
    fail "src/engine/nn_tables.c is not the file of tests/data/nn-tables.sha256: a weight changed.
  Networks are written by tools/nn.py write, not by hand; a new one comes with its
  SPRT line, and the same commit updates the sum and the bench signature:
    sha256sum src/engine/nn_tables.c >tests/data/nn-tables.sha256"
else
    echo "ok   src/engine/nn_tables.c: the networks of tests/data/nn-tables.sha256"
fi
finish "signature: all checks passed"
