#!/bin/bash
# Run every end-to-end test; the exit status counts the failed ones.
# run.sh K/N runs only the K-th of N shares (every N-th test from the K-th),
# so that make check can play the shares side by side (tests/e2e/half-1.sh,
# half-2.sh): the games mostly wait on the screen, not on the processor.
cd "$(dirname "$0")" || exit 1
# tests/run-suite sets this for make distcheck: the games already ran in both builds
if [ -n "${KAGE_SKIP_E2E:-}" ]; then
    echo "e2e: skipped (KAGE_SKIP_E2E is set)"
    exit 77
fi
part=1 parts=1
if [ $# -gt 0 ]; then
    if [[ ! "$1" =~ ^[1-9][0-9]*/[1-9][0-9]*$ ]] || [ "${1%/*}" -gt "${1#*/}" ]; then
        echo "usage: run.sh [K/N]  (the K-th of N shares of the tests, 1 <= K <= N)" >&2
        exit 2
    fi
    part=${1%/*} parts=${1#*/}
fi
failed=0 i=0
for t in start moves ai_undo resize letters promotion mouse signals \
    campmate shogun_mate cashew_capture drop promotion_shinobi lion_choice lion_legs hand_cursor \
    resume resume_damaged clock records browse watch screens colour hint autosave_exit export newgame_clock review compact \
    save_fails two_games analysis game_end bell legend online ssh; do
    i=$((i + 1))
    [ $(((i - part) % parts)) -eq 0 ] || continue
    bash "./$t.sh"
    rc=$?
    [ $rc -ne 0 ] && [ $rc -ne 77 ] && failed=$((failed + 1))
done
echo "e2e: $failed failed"
exit $failed
