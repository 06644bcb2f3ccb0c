#!/bin/sh
# Build tests/tools/soak.c with the rules and the engine under the sanitizers,
# with the search's own consistency checks on (KAGE_SEARCH_CHECKS), and run
# it for a bounded time: fast AI-against-AI games over every variant.
#
#   tools/soak.sh [--seconds N] [--games N] [--seed N] [--variant ID] [--verbose]
#
# Environment: CC (gcc), SOAK_CFLAGS (default: -O1 -g with address and
# undefined-behaviour sanitizers), SOAK_DIR (where to build; a temporary
# directory by default).  The sources are read from Makefile.am, so the soak
# builds exactly what the two libraries hold.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cc=${CC:-gcc}
cflags=${SOAK_CFLAGS:-"-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"}
dir=${SOAK_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/kage-soak.XXXXXX")}
mkdir -p "$dir"

# every .c file of librules_a_SOURCES and libengine_a_SOURCES
sources=$(sed -n '/^lib\(rules\|engine\)_a_SOURCES/,/^$/p' "$top/Makefile.am" | tr ' \\\t' '\n\n\n' |
    grep '\.c$' | sed "s|^|$top/|")
[ -n "$sources" ] || { echo "soak.sh: no rules or engine sources found in Makefile.am" >&2; exit 2; }

echo "soak.sh: building in $dir" >&2
# shellcheck disable=SC2086
$cc -std=c11 -D_POSIX_C_SOURCE=200809L -DKAGE_SEARCH_CHECKS -pthread -Wall -Wextra $cflags \
    -I"$top/include" $sources "$top/tests/tools/soak.c" -o "$dir/soak"

exec "$dir/soak" "$@"
