#!/bin/sh
# Run `kage perft` on every line of the reference perft files and compare.
# KAGE_PERFT_CAP: skip lines with more nodes than this (0 = run every line).
set -u
dir=${KAGE_REFERENCE_DIR:-tests/reference}
kage=${KAGE:-src/kage}
cap=${KAGE_PERFT_CAP:-2000000}
files=${KAGE_PERFT_FILES:-"perft-8x8.txt perft-8x8-edge.txt perft-cashew.txt"}
pass=0 fail=0 skip=0
tab=$(printf '\t')
for f in $files; do
    [ -f "$dir/$f" ] || { echo "missing reference file $dir/$f"; fail=$((fail + 1)); continue; }
    while IFS="$tab" read -r variant fen depth nodes; do
        case $variant in ''|'#'*) continue ;; esac
        if [ "$cap" -gt 0 ] && [ "$nodes" -gt "$cap" ]; then
            skip=$((skip + 1))
            continue
        fi
        got=$("$kage" perft "$variant" "$fen" "$depth" 2>&1)
        if [ "$got" = "$nodes" ]; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL $f: $variant \"$fen\" depth $depth: expected $nodes, got $got"
        fi
    done < "$dir/$f"
done
echo "perft reference: $skip lines over the cap of $cap nodes skipped"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
