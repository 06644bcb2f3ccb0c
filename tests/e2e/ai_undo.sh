#!/bin/bash
# Against the AI: it replies; undo takes back its reply and your move.
. "$(dirname "$0")/lib.sh"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --level 1
check "start" "▶ Clan: you"
keys Enter k k Enter
check "the AI replies" "1\. e4 +[^ ]+" 15
check "your turn again" "▶ Clan: you"
keys u
check_not "undo takes back both moves" "1\. e4"
check "still your turn" "▶ Clan: you"
finish
