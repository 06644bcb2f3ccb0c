#!/bin/bash
# Every start-up problem reaches the screen and the messages screen (w):
# each of a bad config file's (a level out of range, an unknown key, a
# yes/no that is neither) and a theme that cannot be found, not only the
# theme's.
. "$(dirname "$0")/lib.sh"
mkdir -p "$XDG_CONFIG_HOME/kage"
printf 'level = 99\ncolour = blue\nbell = maybe\n' >"$XDG_CONFIG_HOME/kage/kage.conf"
start 80 24 LANG=C.UTF-8 TERM=xterm-256color -- --theme=nope
check "the screen: the level" "kage\.conf:1: "
check "the screen: the unknown key" "kage\.conf:2: "
check "the screen: the yes/no" "kage\.conf:3: "
check "the screen: the theme" "theme 'nope'"
keys w
check "w: the level" "kage\.conf:1: "
check "w: the unknown key" "kage\.conf:2: "
check "w: the yes/no" "kage\.conf:3: "
check "w: the theme" "theme 'nope'"
keys q
start 40 14 LANG=C TERM=linux -- --theme=nope
check "40x14: the first problem" "kage\.conf:1: "
check "40x14: the rest behind w" "w: all of it|kage\.conf:3: "
keys w
check "40x14, w: the level" "kage\.conf:1: "
press 10 j
check "40x14, w, at its end: the yes/no" "kage\.conf:3: "
check "40x14, w, at its end: the theme" "theme 'nope'|'nope' not"
finish
