#!/bin/bash
# Run every end-to-end test, one line each (PASS e2e/NAME (N s), FAIL e2e/NAME, or
# the test's own SKIP e2e/NAME: WHY), then "e2e: N passed, N failed, N
# skipped" (tests/count-results counts each one from it).  Exits 1 when one
# failed; else 77 (automake's SKIP: never a pass) when one could not run (no
# tmux, no sshd: a failure where CI=true, tests/skip-lib.sh); else 0.
# run.sh K/N runs only the K-th of N shares (every N-th test from the K-th),
# so that make check can play the shares side by side (tests/e2e/quarter-1.sh
# to quarter-4.sh): the games mostly wait on the screen, not on the processor.
cd "$(dirname "$0")" || exit 1
. ../skip-lib.sh
# not a way tests/run-suite uses: its make distcheck leaves the games out of
# its list of tests (they ran in both builds)
[ -z "${KAGE_SKIP_E2E:-}" ] || cannot_run e2e "KAGE_SKIP_E2E is set"
part=1 parts=1
if [ $# -gt 0 ]; then
    if [[ ! "$1" =~ ^[1-9][0-9]*/[1-9][0-9]*$ ]] || [ "${1%/*}" -gt "${1#*/}" ]; then
        echo "usage: run.sh [K/N]  (the K-th of N shares of the tests, 1 <= K <= N)" >&2
        exit 2
    fi
    part=${1%/*} parts=${1#*/}
fi
passed=0 failed=0 skipped=0 i=0
for t in start moves ai_undo resize letters promotion mouse signals \
    campmate shogun_mate cashew_capture drop promotion_shinobi lion_choice lion_legs hand_cursor \
    resume resume_damaged clock records browse watch screens colour hint autosave_exit export newgame_clock review compact \
    save_fails two_games analysis game_end bell legend startup_problems online lobby ssh ssh-setups; do
    i=$((i + 1))
    [ $(((i - part) % parts)) -eq 0 ] || continue
    began=$SECONDS
    bash "./$t.sh"
    rc=$?
    case $rc in
    0) passed=$((passed + 1)); echo "PASS e2e/$t ($((SECONDS - began)) s)" ;;
    77) skipped=$((skipped + 1)) ;; # the test said SKIP and why
    *) failed=$((failed + 1)); echo "FAIL e2e/$t (exit $rc)" ;;
    esac
done
echo "e2e: $passed passed, $failed failed, $skipped skipped"
[ $failed -gt 0 ] && exit 1
[ $skipped -gt 0 ] && exit 77
exit 0
