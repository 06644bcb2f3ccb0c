#!/bin/sh
# The lobby server's stateful fuzzer (issue 70): tests/server-model drives
# the server without sockets with many simulated clients (some never read,
# some go and come back) sending random valid and invalid commands, and
# checks the lobby and the games against its model after every step.  A
# fixed set of seeds, each bounded by steps (not time), so that a run is the
# same in every build; under the sanitizers (tests/run-suite's build-asan)
# it takes about as long, since SQLite does most of the work.  Each seed
# found issue 70's fault 1 on the code before its fix (b8a832f) within its
# steps: a client that does not read, closed inside the lobby broadcast of
# its own cancel or of an accept (ASan: negative-size-param in
# challenge_remove, from step 511 of seed 3).  SERVER_MODEL_SEEDS="S1 S2 ..." and
# SERVER_MODEL_STEPS=N choose others; SERVER_MODEL the program.
. "$(dirname "$0")/test-lib.sh"
[ -d /dev/shm ] && [ -w /dev/shm ] && TMPDIR=/dev/shm # the database in memory where there is a tmpfs
skip_in_distcheck server-model # 28,000 steps, in both builds already
use_tmp server-model
model=${SERVER_MODEL:-tests/server-model}
case $model in /*) ;; *) model="$PWD/$model" ;; esac
if [ ! -x "$model" ]; then
    echo "server-model: $model is missing or not a program (make check builds it)"
    exit 99
fi
seeds=${SERVER_MODEL_SEEDS:-"3 16 25 22 8 12 31"}
steps=${SERVER_MODEL_STEPS:-4000}
export TMPDIR="$tmp" # its database; removed by the trap whatever happens
total=0
n=0
start=$(date +%s%N)
for seed in $seeds; do
    out=$(timeout 300 "$model" --seed="$seed" --steps="$steps" 2>&1)
    rc=$?
    if [ $rc -ne 0 ]; then
        printf '%s\n' "$out" | tail -60
        fail "seed $seed, $steps steps: exit $rc$([ $rc -eq 124 ] && echo ' (timed out)') (the step: $model --seed=$seed --steps=$steps --verbose)"
        continue
    fi
    printf '%s\n' "$out" | grep -q "^server-model: seed $seed: $steps steps" ||
        fail "seed $seed: no summary ($(printf '%s' "$out" | tail -1))"
    total=$((total + steps))
    n=$((n + 1))
done
ms=$((($(date +%s%N) - start) / 1000000))
[ "$ms" -gt 0 ] || ms=1
finish "server-model: $total steps, $n seeds, $((total * 1000 / ms)) steps/s"
