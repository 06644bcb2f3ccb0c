#!/bin/sh
# The engine's tables are the tuner's, not edited by hand: tools/tune.py
# write makes src/engine/eval_tables.c, byte for byte, from
# tools/eval-weights.json.  Needs python3 and no numpy (write uses none),
# so that it runs wherever the suite does (tests/tune.sh tests the fit).
. "$(dirname "$0")/test-lib.sh"
normal_build_only eval-tables "a check of the source"
use_tmp eval-tables
need_python eval-tables
python3 "$top/tools/tune.py" write --weights "$top/tools/eval-weights.json" --out "$tmp/main-tables.c" \
    2>"$tmp/err" || fail "tune.py write: exit $?: $(tail -3 "$tmp/err")"
cmp -s "$tmp/main-tables.c" "$top/src/engine/eval_tables.c" ||
    fail "src/engine/eval_tables.c is not what tools/tune.py write makes of tools/eval-weights.json: $(diff "$tmp/main-tables.c" "$top/src/engine/eval_tables.c" | head -c 300)"
finish "eval-tables: src/engine/eval_tables.c is tools/tune.py write of tools/eval-weights.json"
