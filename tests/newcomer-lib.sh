# Helpers for tests/readme-commands and tests/deb-package: README.md's
# commands taken by position, a game played in a detached tmux server, and a
# count of passed and failed checks.  Sourced by bash.

PASSED=0
FAILED=0
ok() { echo "ok   $1"; PASSED=$((PASSED + 1)); }
fail() { echo "FAIL $1"; FAILED=$((FAILED + 1)); }

# readme_block FILE N: the lines of the Nth ```sh block of FILE
readme_block() {
    awk -v n="$2" '/^```sh$/ { k++; inb = (k == n); next } /^```$/ { inb = 0; next } inb' "$1"
}

# readme_command FILE N OUT: the Nth ```sh block, which must be one line, into
# the file OUT; fails (with the reason) if it is missing or longer.
readme_command() {
    readme_block "$1" "$2" > "$3"
    if [ "$(wc -l < "$3")" -ne 1 ] || ! grep -q '[^[:space:]]' "$3"; then
        fail "README.md's ${2}th sh block is one command line (it has $(wc -l < "$3") lines)"
        return 1
    fi
    return 0
}

# The game's screen is read back through a tmux server of this test's own.
SOCK="kage-newcomer-$$"
tm() { tmux -L "$SOCK" "$@"; }
pane() { tm capture-pane -p -t play "$@" 2>/dev/null; }
# wait_pane REGEX SECONDS: until the pane matches (grep -E)
wait_pane() {
    local i
    for ((i = 0; i < $2 * 4; i++)); do
        pane | grep -Eq -- "$1" && return 0
        sleep 0.25
    done
    return 1
}

# play LABEL DIR FILE SECONDS [SCREEN_COPY]: run the command in FILE with sh
# in DIR, in a fresh 100x30 tmux pane with Kage's files in a home of the
# test's own; wait up to SECONDS for the game's first screen, show it (and
# save it with its colours in SCREEN_COPY), quit with q (saying yes if asked),
# and expect the command to exit with 0.  What the command printed before
# the game (the pane's history) is shown when it fails.
play() {
    local label=$1 dir=$2 file=$3 secs=$4 copy=${5:-} home
    # in the caller's $tmp, which its EXIT trap removes even when a signal stops it mid-game
    home=$(mktemp -d "${tmp:-${TMPDIR:-/tmp}}/kage-newcomer-home.XXXXXX")
    tm kill-server 2>/dev/null
    tm -f /dev/null new-session -d -s play -x 100 -y 30 \
        "cd $(printf %q "$dir") && env LANG=C.UTF-8 TERM=xterm-256color XDG_CONFIG_HOME=$home/config \
XDG_DATA_HOME=$home/data XDG_STATE_HOME=$home/state sh $(printf %q "$file"); echo EXIT=\$?; sleep 3600"
    wait_pane 'Clan: you|^EXIT=[0-9]+$|password for' "$secs"
    if ! pane | grep -q 'Clan: you'; then
        fail "$label: the game's first screen (none within $secs s)"
        pane -S -60 | sed 's/^/     | /'
        tm kill-server 2>/dev/null
        rm -rf "$home"
        return 1
    fi
    sleep 1 # the side panel and the AI's first line
    ok "$label: the game's first screen"
    pane | sed 's/[[:space:]]*$//; s/^/     | /'
    [ -n "$copy" ] && pane -e > "$copy"
    LAST_SCREEN=$(pane) # for the caller
    export LAST_SCREEN
    tm send-keys -t play q
    if ! wait_pane '^EXIT=[0-9]+$' 10 && pane | grep -Eq '\?|y/n'; then
        tm send-keys -t play y
    fi
    if wait_pane '^EXIT=0$' 10; then
        ok "$label: q quits, the command exits with 0"
    else
        fail "$label: q quits, the command exits with 0"
        pane -S -30 | sed 's/^/     | /'
    fi
    # the last lines the command printed before the game took the terminal
    pane -S -200 | grep -v '^[[:space:]]*$' | grep -v '^EXIT=' | tail -4 | sed 's/^/     > /'
    tm kill-server 2>/dev/null
    rm -rf "$home"
}

# summary NAME: the closing line, and the status
summary() {
    echo "$1: $PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ]
}
