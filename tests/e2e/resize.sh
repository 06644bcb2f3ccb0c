#!/bin/bash
# Resizing: too small shows one line with the size needed; back to normal
# redraws the board; many resizes in a row do not crash.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --mode hotseat
check "board at 80x24" "a   b   c   d   e   f   g   h"
resize 36 8
check "too small: the size needed" "need [0-9]+x[0-9]+, have 36x8"
resize 12 3
check "very small: still the size needed" "^Need [0-9]+x[0-9]+|^[0-9]+x[0-9]+"
resize 80 24
check "board back after resize" "a   b   c   d   e   f   g   h"
for i in $(seq 1 60); do resize $((40 + i % 70)) $((8 + i % 30)); done
resize 120 40
check "board after 60 resizes" "a +b +c +d +e +f +g +h"
keys q
check "clean exit" "EXIT=0"
finish
