#!/bin/sh
# Run `kage perft` on every line of the reference perft files and compare.
# KAGE_PERFT_CAP: the lines with more nodes than this are the deep ones
#   (0 = no cap: every line is run, as make perft-full does: about two
#   minutes of one core);
# KAGE_PERFT_SHARE=N: of the deep lines, run a share of one in N (the k-th
#   deep line, in file order, where k % N = KAGE_PERFT_SEED % N), so that
#   each run takes one of N shares and every line runs over time; the seed
#   is random unless given and is printed, so that a run can be repeated
#   (tests/run-suite: a third).  Without it the deep lines are not run here
#   (make perft-full runs them).
set -u
dir=${KAGE_REFERENCE_DIR:-tests/reference}
kage=${KAGE:-src/kage}
cap=${KAGE_PERFT_CAP:-2000000}
share=${KAGE_PERFT_SHARE:-0}
seed=${KAGE_PERFT_SEED:-}
files=${KAGE_PERFT_FILES:-"perft-8x8.txt perft-8x8-edge.txt perft-cashew.txt"}
case $cap$share in *[!0-9]*) echo "KAGE_PERFT_CAP and KAGE_PERFT_SHARE are whole numbers"; exit 1 ;; esac
if [ "$share" -gt 0 ]; then
    [ -n "$seed" ] || seed=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
    case $seed in '' | *[!0-9]*) echo "KAGE_PERFT_SEED is a whole number"; exit 1 ;; esac
    echo "perft reference: the deep lines' share of this run: KAGE_PERFT_SHARE=$share KAGE_PERFT_SEED=$seed"
fi
pass=0 fail=0 deep=0 notrun=0
tab=$(printf '\t')
for f in $files; do
    [ -f "$dir/$f" ] || { echo "missing reference file $dir/$f"; fail=$((fail + 1)); continue; }
    while IFS="$tab" read -r variant fen depth nodes; do
        case $variant in ''|'#'*) continue ;; esac
        if [ "$cap" -gt 0 ] && [ "$nodes" -gt "$cap" ]; then
            deep=$((deep + 1))
            if [ "$share" -eq 0 ] || [ $(((deep - 1) % share)) -ne $((seed % share)) ]; then
                notrun=$((notrun + 1))
                continue
            fi
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
if [ "$cap" -gt 0 ]; then
    echo "perft reference: $deep lines over the cap of $cap nodes, $((deep - notrun)) of them run here" \
        "($notrun not this run: make perft-full runs every line)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
