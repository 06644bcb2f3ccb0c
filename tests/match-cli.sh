#!/bin/sh
# tools/match.py: a short fixed-node match gives its summary line, and an
# engine or referee that cannot be started is named in a clear message with
# exit 1, not a Python traceback.
. "$(dirname "$0")/test-lib.sh"
use_tmp match
match() {
    python3 "$top/tools/match.py" --kage "$kage" --openings "$top/tools/openings/shogun.txt" \
        --nodes 200 --games 2 "$@"
}

need_python match-cli

match --engine1 "$kage uci" --engine2 "$kage uci" --name1 a --name2 b >"$tmp/out" 2>&1 ||
    fail "a match: exit $?: $(tail -3 "$tmp/out")"
grep -q '^Match a vs b, shogun, nodes=200: 2 games, ' "$tmp/out" || fail "no summary: $(tail -3 "$tmp/out")"

refused() { # WHAT EXPECTED-MESSAGE MATCH-ARGS...
    what=$1 want=$2
    shift 2
    match "$@" >"$tmp/out" 2>&1 && fail "$what: accepted"
    grep -q "$want" "$tmp/out" || fail "$what: $(tail -3 "$tmp/out")"
    if grep -q Traceback "$tmp/out"; then fail "$what: a traceback"; fi
}
refused "a missing engine" "match.py: cannot start engine2 ($tmp/no-such-engine uci): No such file" \
    --engine1 "$kage uci" --engine2 "$tmp/no-such-engine uci"
refused "an unclosed quote" "match.py: cannot start engine1 .*No closing quotation" \
    --engine1 "$kage 'uci" --engine2 "$kage uci"
refused "a missing referee" "match.py: cannot start the referee, $tmp/no-kage adjudicate (--kage)" \
    --engine1 "$kage uci" --engine2 "$kage uci" --kage "$tmp/no-kage"

# every option the help's examples use is one match.py takes
python3 "$top/tools/match.py" --help >"$tmp/help" 2>&1 || fail "--help: exit $?"
sed -n '/^options:/,$p' "$tmp/help" >"$tmp/options"
sed -n '/^Examples:/,/^Standard library/p' "$tmp/help" | grep -o -- ' --[a-z0-9-]*' | sort -u |
    while read -r opt; do
        grep -Eq -- "^ *$opt([ ,]|$)" "$tmp/options" || echo "$opt"
    done >"$tmp/unknown"
[ ! -s "$tmp/unknown" ] || fail "the help's examples use options it does not take: $(cat "$tmp/unknown")"

finish "match-cli: all checks passed"
