#!/bin/bash
# The terminal bell (--bell, or bell = yes in kage.conf; off by default):
# it rings on the AI's move, on a check and when a clock falls under ten
# seconds.  What Kage writes to the terminal is captured with pipe-pane and
# its BEL characters counted.
. "$(dirname "$0")/lib.sh"
OUT="$E2E_HOME/tty"
capture() { : >"$OUT"; tm pipe-pane -t "$SESSION" -o "cat >>'$OUT'"; }
bells() { tr -cd '\a' <"$OUT" | wc -c; }
# check_bells DESCRIPTION N: at least N bells so far (0: none at all)
check_bells() {
    local n i
    for ((i = 0; i < 40; i++)); do
        n=$(bells)
        if [ "$2" -eq 0 ] && [ "$n" -eq 0 ] && [ "$i" -ge 10 ]; then break; fi
        if [ "$2" -gt 0 ] && [ "$n" -ge "$2" ]; then break; fi
        sleep 0.1
    done
    if { [ "$2" -eq 0 ] && [ "$n" -eq 0 ]; } || { [ "$2" -gt 0 ] && [ "$n" -ge "$2" ]; }; then
        echo "ok   $TESTNAME: $1"
    else
        echo "FAIL $TESTNAME: $1 ($n bells, $2 wanted)"
        FAILS=$((FAILS + 1))
    fi
}

# off by default: the AI's move is silent
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --variant shogun --level 1
capture
type_move e4
check "without --bell: the AI replies" "1\. e4 +[A-Za-z]"
check_bells "without --bell: no bell" 0

# --bell: the AI's move rings
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --variant shogun --level 1 --bell
capture
type_move e4
check "--bell: the AI replies" "1\. e4 +[A-Za-z]"
check_bells "--bell: the AI's move rings" 1

# a check rings, in hot-seat too (bell = yes in the config file)
mkdir -p "$XDG_CONFIG_HOME/kage"
echo "bell = yes" >"$XDG_CONFIG_HOME/kage/kage.conf"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --variant shogun --mode hotseat
capture
type_move e4
type_move f6
check "hot-seat moves" "1\. e4 +f6"
check_bells "no check yet: no bell" 0
type_move Qh5
check "a check" "Qh5\+"
check_bells "bell = yes: the check rings" 1

# a clock under ten seconds rings, once for each side
rm -f "$XDG_CONFIG_HOME/kage/kage.conf"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --variant shogun --mode hotseat --bell --clock="0+11 byo"
capture
type_move e4
type_move e5 # neither side's clock runs before its own first move: White's runs from here
check "the White clock runs" "White: player +(byo-yomi )?0:1[01]|White: player +0:0"
sleep 1.5
check_bells "a clock under ten seconds rings" 1
finish
