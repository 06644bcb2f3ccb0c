# What a test does when it cannot run here (sourced by sh and bash: by
# tests/test-lib.sh and tests/e2e/lib.sh).  A test that cannot run never
# passes:
#   cannot_run NAME WHY  prints "SKIP NAME: WHY" and exits 77, automake's SKIP
#                        (make check shows it, tests/count-results names it in
#                        the closing line); where CI=true, CI installs all that
#                        the suite needs, so a skip there is a failure: it prints
#                        "FAIL NAME: SKIP is a failure in CI: WHY" and exits 1
#   skip_verdict NAME WHY  the same line, for a part of a test that goes on:
#                        returns 77 (CI=true: 1) for the test to end with
cannot_run() {
    skip_verdict "$1" "$2"
    exit $?
}
skip_verdict() {
    if [ "${CI:-}" = true ]; then
        echo "FAIL $1: SKIP is a failure in CI: $2"
        return 1
    fi
    echo "SKIP $1: $2"
    return 77
}
