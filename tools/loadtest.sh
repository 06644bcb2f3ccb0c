#!/bin/sh
# The lobby server's load test (a benchmark, not part of make check): start
# a kage server on a socket of its own in a temporary folder, run
# tests/tools/loadtest against it with nice (options are passed on: --clients,
# --games, --seconds ...; see the top of tests/tools/loadtest.c), stop the server
# with SIGTERM, and replay every game it stored (kage server --check).
#
#   tools/loadtest.sh [--seconds=180] [--clients=500] [--games=200] ...
#
# KAGE_BUILD: the build folder (default build/, where make built
# src/kage and tests/tools/loadtest).  Everything it made is removed at the end.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${KAGE_BUILD:-$top/build}
kage=$build/src/kage
lt=$build/tests/tools/loadtest
[ -x "$kage" ] && [ -x "$lt" ] || { echo "loadtest.sh: build first: no $kage or $lt" >&2; exit 2; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/kage-loadtest.XXXXXX")
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT INT TERM
user=
run=$dir
# the server will not run as root: as nobody, in a folder of its user's, closed to others, that
# root made in a folder of root's (a client trusts no other user's folder in /tmp)
if [ "$(id -u)" -eq 0 ]; then
    user=--user=nobody
    chmod 711 "$dir" && run=$dir/run && mkdir -m 700 "$run" && chown nobody "$run" || exit 1
fi
# shellcheck disable=SC2086
KAGE_TEST_SHARED_SELF=1 nice "$kage" server --socket="$run/server.sock" --db="$run/games.db" --shared-account="$(id -un)" \
    --socket-mode=0666 $user 2>"$run/server.log" &
pid=$!
i=0
until [ -S "$run/server.sock" ]; do
    i=$((i + 1))
    [ $i -lt 100 ] || { echo "loadtest.sh: the server did not start:" >&2; cat "$run/server.log" >&2; exit 1; }
    sleep 0.1
done
status=0
nice "$lt" --socket="$run/server.sock" --server-pid="$pid" "$@" || status=$?
kill -TERM "$pid"
wait "$pid" || true
pid=
echo "loadtest.sh: the server's log: $(wc -l <"$run/server.log") lines, $(grep -c ': game [0-9]*: .* after ' "$run/server.log" || true) games ended"
grep "turns of the loop" "$run/server.log" | sed 's/^kage server [0-9: -]*: /loadtest.sh: the server: /' || true
echo "loadtest.sh: the database: $(du -k "$run/games.db" | cut -f1) KB"
"$kage" server --check --db="$run/games.db" || status=1
exit $status
