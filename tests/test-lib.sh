# The start and end the shell tests share (tests/*.sh, sourced by sh):
#   . "$(dirname "$0")/test-lib.sh"
# gives $top (the source tree), $kage (the program under test, an absolute
# path: KAGE, else src/kage), fail MESSAGE (counts a failed check), and:
#   use_tmp NAME     a temporary folder in $tmp, removed when the test exits
#   need_python NAME skips the test (exit 77) where there is no python3
#   skip_in_distcheck NAME  skips the test where KAGE_SKIP_E2E is set (make
#                    distcheck, by tests/run-suite: it ran in both builds)
#   normal_build_only NAME WHAT  runs the test in the normal build's make
#                    check only: skipped in tests/run-suite's sanitizer pass
#                    (KAGE_SANITIZED) and in its make distcheck (KAGE_SKIP_E2E),
#                    for what no build changes (WHAT says what the test is)
#   tool_test NAME   normal_build_only, for a test of a Python tool in tools/:
#                    the C such a test drives (kage uci, datagen, evaltrace and
#                    adjudicate) runs under the sanitizers in the unit,
#                    protocol, network and relabel tests, and that the tarball
#                    holds every tool is the distcheck-hook's check
#   need_numpy NAME  sets $py to a python3 with numpy (python3, else Debian's
#                    /usr/bin/python3), else skips the test (exit 77)
#   finish MESSAGE   prints MESSAGE and exits 0 when every check passed, else
#                    says how many failed and exits 1 (never a count as the
#                    status: 77 would read as skipped, 256 as passed)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
kage=${KAGE:-src/kage}
case $kage in /*) ;; *) kage="$PWD/$kage" ;; esac
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
use_tmp() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/kage-$1.XXXXXX") || { echo "$1: cannot make a temporary folder"; exit 99; }
    trap 'rm -rf "$tmp"' EXIT
}
skip_in_distcheck() {
    [ -z "${KAGE_SKIP_E2E:-}" ] && return 0
    echo "$1: skipped (KAGE_SKIP_E2E is set)"
    exit 77
}
normal_build_only() {
    if [ -n "${KAGE_SANITIZED:-}${KAGE_SKIP_E2E:-}" ]; then
        echo "$1: skipped ($2: it ran in the normal build's make check)"
        exit 77
    fi
}
tool_test() { normal_build_only "$1" "a test of a tool"; }
need_python() {
    command -v python3 >/dev/null 2>&1 && return 0
    echo "$1: no python3, skipped"
    exit 77
}
need_numpy() {
    for py in python3 /usr/bin/python3; do
        if command -v "$py" >/dev/null 2>&1 && "$py" -c 'import numpy' 2>/dev/null; then
            return 0
        fi
    done
    echo "$1: no python3 with numpy (Debian: python3-numpy), skipped"
    exit 77
}
finish() {
    if [ "$failed" -eq 0 ]; then
        echo "$1"
        exit 0
    fi
    echo "$failed check(s) failed"
    exit 1
}
