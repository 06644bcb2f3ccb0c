# The start and end the shell tests share (tests/*.sh, sourced by sh):
#   . "$(dirname "$0")/test-lib.sh"
# gives $top (the source tree), $kage (the program under test, an absolute
# path: KAGE, else src/kage), fail MESSAGE (counts a failed check), and:
#   use_tmp NAME     a temporary folder in $tmp, removed when the test exits
#   cannot_run NAME WHY  the test cannot run here: SKIP (exit 77), never a
#                    pass, and a failure where CI=true (tests/skip-lib.sh)
#   skip_part NAME WHY  a part of the test cannot run here: says SKIP NAME:
#                    WHY (a failed check where CI=true), and finish then
#                    exits 77 if nothing failed: the test is not a pass
#   need_python NAME cannot_run where there is no python3
#   skip_in_distcheck NAME  cannot_run where KAGE_SKIP_E2E is set; the tests
#                    that call it are left out of tests/run-suite's make
#                    distcheck (they ran in both builds), which is no skip
#   normal_build_only NAME WHAT  a test of what no build changes (WHAT says
#                    what): tests/run-suite leaves it out of its sanitizer
#                    pass and its make distcheck; run there anyway (where
#                    KAGE_SANITIZED or KAGE_SKIP_E2E is set), cannot_run
#   tool_test NAME   normal_build_only, for a test of a Python tool in tools/:
#                    the C such a test drives (kage uci, datagen, evaltrace and
#                    adjudicate) runs under the sanitizers in the unit,
#                    protocol, network and relabel tests, and that the tarball
#                    holds every tool is the distcheck-hook's check
#   need_numpy NAME  sets $py to a python3 with numpy (python3, else Debian's
#                    /usr/bin/python3), else cannot_run
#   finish MESSAGE   prints MESSAGE and exits 0 when every check passed and
#                    no part was skipped, else says how many failed (exit 1)
#                    or were skipped (exit 77) (never a count as the status:
#                    77 would read as skipped, 256 as passed)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
kage=${KAGE:-src/kage}
case $kage in /*) ;; *) kage="$PWD/$kage" ;; esac
. "$top/tests/skip-lib.sh"
failed=0 skipped=0
# XBoard as the tests run it (unquoted, a word each): no settings read or
# saved, no move animated (the games would wait on it)
xboard_plain="-saveSettingsOnExit false -settingsFile /dev/null -xanimate -xdrag"
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
skip_part() {
    skip_verdict "$1" "$2"
    if [ $? -eq 77 ]; then skipped=$((skipped + 1)); else failed=$((failed + 1)); fi
}
use_tmp() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/kage-$1.XXXXXX") || { echo "$1: cannot make a temporary folder"; exit 99; }
    trap 'rm -rf "$tmp"' EXIT
    trap 'exit 1' INT TERM HUP # so that a killed test still runs its EXIT trap
}
skip_in_distcheck() {
    [ -z "${KAGE_SKIP_E2E:-}" ] || cannot_run "$1" "KAGE_SKIP_E2E is set"
}
normal_build_only() {
    [ -z "${KAGE_SANITIZED:-}${KAGE_SKIP_E2E:-}" ] ||
        cannot_run "$1" "$2, for the normal build's make check (KAGE_SANITIZED or KAGE_SKIP_E2E is set)"
}
tool_test() { normal_build_only "$1" "a test of a tool"; }
need_python() {
    command -v python3 >/dev/null 2>&1 || cannot_run "$1" "no python3 (Debian: python3)"
}
need_numpy() {
    for py in python3 /usr/bin/python3; do
        if command -v "$py" >/dev/null 2>&1 && "$py" -c 'import numpy' 2>/dev/null; then
            return 0
        fi
    done
    cannot_run "$1" "no python3 with numpy (Debian: python3-numpy)"
}
finish() {
    if [ "$failed" -ne 0 ]; then
        echo "$failed check(s) failed"
        exit 1
    fi
    if [ "$skipped" -ne 0 ]; then
        echo "$skipped part(s) skipped: not a pass"
        exit 77
    fi
    echo "$1"
    exit 0
}
