#!/bin/sh
# tools/tune.py: a fit on a few traced self-play positions moves the weights
# of the variant it is given and no other, --shrink keeps the named features
# near zero, --tie draws their endgame values to the middlegame ones, `write`
# makes a C file of the weights, and bad options and files give a clear
# message; --k fixes the sigmoid's scale.  Needs numpy (a SKIP without it, a
# failure where CI=true).  That src/engine/eval_tables.c is exactly what
# write makes of tools/eval-weights.json is tests/eval-tables.sh's check,
# which needs no numpy.
. "$(dirname "$0")/test-lib.sh"
tool_test tune
use_tmp tune

need_numpy tune
tune() { "$py" "$top/tools/tune.py" "$@"; }

"$kage" datagen shinobiplus 4 300 "$tmp/sp.data" - 7 2>/dev/null || fail "datagen: exit $?"
"$kage" evaltrace shinobiplus <"$tmp/sp.data" >"$tmp/sp.trace" || fail "evaltrace: exit $?"
cp "$top/tools/eval-weights.json" "$tmp/w.json"

tune fit --variant shinobiplus --trace "$tmp/sp.trace" --weights "$tmp/w.json" --iterations 50 \
    --shrink 'pst :1000' 2>"$tmp/err" || fail "fit: exit $?: $(tail -3 "$tmp/err")"
grep -q 'error after' "$tmp/err" || fail "the fit prints no error after"
"$py" - "$top/tools/eval-weights.json" "$tmp/w.json" <<'PY' || fail "the fitted weights"
import json, sys
old, new = (json.load(open(p)) for p in sys.argv[1:3])
for v in old:
    if v != "shinobiplus" and old[v] != new[v]:
        sys.exit("%s changed too" % v)
a, b = old["shinobiplus"]["weights"], new["shinobiplus"]["weights"]
if a == b:
    sys.exit("no weight of shinobiplus moved")
big = [(n, w) for n, w in b.items() if n.startswith("pst ") and max(map(abs, w)) > max(map(abs, a[n])) and max(map(abs, w)) > 5]
if big:
    sys.exit("--shrink 'pst :1000' let these grow: %s" % big[:3])
PY
tune write --weights "$tmp/w.json" --out "$tmp/tables.c" 2>/dev/null || fail "write: exit $?"

cp "$top/tools/eval-weights.json" "$tmp/tie.json"
tune fit --variant shinobiplus --trace "$tmp/sp.trace" --weights "$tmp/tie.json" --iterations 200 \
    --tie ':1000' 2>"$tmp/err" || fail "fit --tie: exit $?: $(tail -3 "$tmp/err")"
"$py" - "$top/tools/eval-weights.json" "$tmp/tie.json" <<'PY' || fail "the weights fitted with --tie"
import json, sys
old, new = (json.load(open(p))["shinobiplus"]["weights"] for p in sys.argv[1:3])
gap = lambda w: abs(w[0] - w[1])
# a feature the file has no weight for yet (a group fitted for the first
# time: the king danger table in Shinobi+) starts at zero
wide = [(n, old.get(n), w) for n, w in new.items() if gap(w) > max(gap(old.get(n, [0, 0])), 3)]
if wide:
    sys.exit("--tie ':1000' let these endgame values move away: %s" % wide[:3])
if sum(map(gap, new.values())) >= sum(map(gap, old.values())) / 2:
    sys.exit("--tie ':1000' hardly drew the endgame values in")
PY
grep -q 'shinobiplus_weights\[\] = {' "$tmp/tables.c" || fail "write: no table for shinobiplus"

# the king danger's units ("danger: X" for White's attack, "danger black: X"
# for Black's on the same weights): squared, fitted alone with --only from
# their starting value, the error falls and only "danger: X" is written
"$kage" datagen shogun 6 300 "$tmp/sg.data" - 7 2>/dev/null || fail "datagen shogun: exit $?"
"$kage" evaltrace shogun <"$tmp/sg.data" >"$tmp/sg.trace" || fail "evaltrace shogun: exit $?"
cp "$top/tools/eval-weights.json" "$tmp/kd.json"
tune fit --variant shogun --trace "$tmp/sg.trace" --weights "$tmp/kd.json" --iterations 200 --lambda 0 \
    --only 'danger' --danger-start 20 2>"$tmp/err" || fail "fit --only danger: exit $?: $(tail -3 "$tmp/err")"
"$py" - "$top/tools/eval-weights.json" "$tmp/kd.json" "$tmp/err" <<'PY' || fail "the danger fitted alone"
import json, re, sys
old, new = (json.load(open(p))["shogun"]["weights"] for p in sys.argv[1:3])
moved = [n for n in new if new[n] != old.get(n)]
if any(not n.startswith("danger: ") for n in moved):
    sys.exit("--only danger moved others: %s" % [n for n in moved if not n.startswith("danger: ")][:3])
if any(n.startswith("danger black") for n in new):
    sys.exit("Black's units were written: they have no weights of their own")
if len([n for n in moved if new[n][0] != 20]) < 5:
    sys.exit("the danger's middlegame weights hardly left their start: %s" % moved)
err = open(sys.argv[3]).read()
before = float(re.search(r"error before ([0-9.]+)", err).group(1))
after = float(re.search(r"error after ([0-9.]+)", err).group(1))
if not after < before:
    sys.exit("the error did not fall: %s to %s" % (before, after))
PY
tune write --weights "$tmp/kd.json" --out "$tmp/kd.c" 2>/dev/null || fail "write kd: exit $?"
# a danger held fixed keeps the file's weights (none: zero), whatever --danger-start says
for start in 0 50; do
    tune fit --variant shogun --trace "$tmp/sg.trace" --weights "$tmp/w.json" --iterations 0 --k 0.001 \
        --fixed 'danger' --danger-start $start 2>"$tmp/err$start" || fail "fit --fixed danger: exit $?"
done
[ "$(grep 'error before' "$tmp/err0")" = "$(grep 'error before' "$tmp/err50")" ] ||
    fail "--danger-start moved a fixed danger: $(grep 'error before' "$tmp/err0" "$tmp/err50")"
tune fit --variant shogun --trace "$tmp/sg.trace" --weights "$tmp/w.json" --only 'no such' 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^tune.py: --only no such: no feature of shogun starts with it" "$tmp/err" ||
    fail "--only of no feature: $(cat "$tmp/err")"
# --mg-only: the endgame values stay as they were (zero here), the middlegame ones move
cp "$top/tools/eval-weights.json" "$tmp/mg.json"
tune fit --variant shogun --trace "$tmp/sg.trace" --weights "$tmp/mg.json" --iterations 100 --lambda 0 \
    --only 'danger' --mg-only 'danger:' 2>"$tmp/err" || fail "fit --mg-only: exit $?: $(tail -3 "$tmp/err")"
"$py" - "$tmp/mg.json" <<'PY' || fail "--mg-only"
import json, sys
w = {n: v for n, v in json.load(open(sys.argv[1]))["shogun"]["weights"].items() if n.startswith("danger: ")}
if not w or any(v[1] for v in w.values()):
    sys.exit("--mg-only 'danger:' moved endgame values: %s" % [n for n, v in w.items() if v[1]][:3])
if len([v for v in w.values() if v[0] != 8]) < 5:
    sys.exit("--mg-only 'danger:' hardly moved the middlegame values")
PY
grep -q '"danger: base", ' "$tmp/kd.c" || fail "write: no danger weights in the table"
! grep -q '"danger black' "$tmp/kd.c" || fail "write: Black's units in the table"

# --k sets the scale instead of fitting it; --iterations 0 only reads the error
cp "$top/tools/eval-weights.json" "$tmp/k.json"
tune fit --variant shinobiplus --trace "$tmp/sp.trace" --weights "$tmp/k.json" --iterations 0 --k 0.004 \
    2>"$tmp/err" || fail "fit --k: exit $?: $(tail -3 "$tmp/err")"
grep -q '^K 0.00400; error before' "$tmp/err" || fail "--k 0.004 was not the K used: $(cat "$tmp/err")"
"$py" - "$top/tools/eval-weights.json" "$tmp/k.json" <<'PY' || fail "the weights read with --iterations 0"
import json, sys
old, new = (json.load(open(p))["shinobiplus"]["weights"] for p in sys.argv[1:3])
moved = [n for n in old if old[n] != new.get(n)]
if moved:
    sys.exit("--iterations 0 moved %s" % moved[:3])
PY
cmp -s "$top/tools/eval-weights.json" "$tmp/k.json" || fail "--iterations 0 rewrote the weights file"
grep -q 'nothing fitted (--iterations 0), left as it was' "$tmp/err" || fail "--iterations 0: $(tail -1 "$tmp/err")"

# bad options and files
tune fit --variant shinobiplus --trace "$tmp/sp.trace" --weights "$tmp/w.json" --k -1 2>"$tmp/err"
[ $? -eq 1 ] && grep -q -- '--k -1.0: expected a number above 0' "$tmp/err" || fail "a negative --k: $(cat "$tmp/err")"
cp "$tmp/w.json" "$tmp/w-before.json"
for bad in "--iterations -1" "--limit -5" "--lambda 1.5" "--lambda nan" "--l2 -3" "--rate 0" "--danger-start nan"; do
    # shellcheck disable=SC2086 # an option and its value
    tune fit --variant shinobiplus --trace "$tmp/sp.trace" --weights "$tmp/w.json" $bad 2>"$tmp/err"
    [ $? -eq 1 ] && grep -q -- "^tune.py: ${bad%% *} .*: expected" "$tmp/err" || fail "$bad: $(cat "$tmp/err")"
done
cmp -s "$tmp/w.json" "$tmp/w-before.json" || fail "a refused option wrote the weights file"
tune fit --variant shinobiplus --trace "$tmp/sp.trace" --weights "$tmp/w.json" --shrink 'pst 5' 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'expected PREFIX:STRENGTH' "$tmp/err" || fail "--shrink without a strength: $(cat "$tmp/err")"
tune fit --variant shinobiplus --trace "$tmp/sp.trace" --weights "$tmp/w.json" --shrink 'pst :-1' 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'expected PREFIX:STRENGTH' "$tmp/err" || fail "a negative --shrink: $(cat "$tmp/err")"
tune fit --variant shinobiplus --trace "$tmp/sp.trace" --weights "$tmp/w.json" --tie ':x' 2>"$tmp/err"
[ $? -eq 1 ] && grep -q -- '--tie :x: expected PREFIX:STRENGTH' "$tmp/err" || fail "a bad --tie: $(cat "$tmp/err")"
tune fit --variant shinobiplus --trace "$tmp/no-such.trace" --weights "$tmp/w.json" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^tune.py: $tmp/no-such.trace: No such file" "$tmp/err" || fail "a missing trace: $(cat "$tmp/err")"

printf 'features 2 a|b\n1 0 3 0:1 7:2\n' >"$tmp/bad.trace"
tune fit --variant shinobiplus --trace "$tmp/bad.trace" --weights "$tmp/w.json" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'bad.trace:2: not a line of kage evaltrace' "$tmp/err" || fail "a bad trace line: $(cat "$tmp/err")"
echo '{' >"$tmp/bad.json"
tune write --weights "$tmp/bad.json" --out "$tmp/t.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'bad.json: not a weights file' "$tmp/err" || fail "a bad weights file: $(cat "$tmp/err")"

finish "tune: all checks passed"
