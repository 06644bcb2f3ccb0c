#!/usr/bin/env python3
"""Score `kage datagen` positions again with another UCI engine (a teacher).

kage datagen writes FEN<TAB>SCORE<TAB>RESULT lines, SCORE being Kage's own
search score.  This tool searches a sample of those positions with a teacher
engine (Fairy-Stockfish through ../shared/tools/fsf-uci.js, say) and writes
the same lines with the teacher's score in place of Kage's, from White's
view like the original; the game's result is kept.  `kage evaltrace` and
`tools/tune.py fit` then fit the evaluation to the teacher's judgement (with
--lambda, the share of the result in the label).

The sample is the input lines shuffled by --seed, from --skip, --count of
them; --part I/N takes every Nth of those, so that N processes can share a
sample.  Output is appended, a line as soon as it is scored: a run can be
stopped at any time and what it wrote is usable.  Mate scores and scores
beyond --clamp are written as +-clamp.

Example (two cores, two halves):
  for i in 0 1; do
    tools/relabel.py /tmp/sp.data --variant shinobiplus --count 24000 --go "nodes 4000" \\
        --part $i/2 --out /tmp/sp-fsf-$i.data \\
        --engine "env NODE_PATH=$HOME/.cache/kage-npm/node_modules node ../shared/tools/fsf-uci.js ../shared/reference/variants.ini" &
  done

Standard library only.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import EngineError, UciEngine  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="+", help="kage datagen output files")
    ap.add_argument("--engine", required=True, help="the teacher's UCI command line")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE for the teacher")
    ap.add_argument("--variant", required=True, help="the UCI_Variant of every position")
    ap.add_argument("--go", default="nodes 4000", help="the teacher's go arguments")
    ap.add_argument("--count", type=int, default=10000, help="positions in the sample")
    ap.add_argument("--skip", type=int, default=0, help="shuffled positions passed over first")
    ap.add_argument("--part", default="0/1", help="I/N: every Nth position of the sample from the Ith")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clamp", type=int, default=3000, help="largest score written, centipawns")
    ap.add_argument("--out", required=True, help="file the scored lines are appended to")
    args = ap.parse_args()
    try:
        part, parts = (int(x) for x in args.part.split("/"))
        if not 0 <= part < parts:
            raise ValueError
    except ValueError:
        sys.exit(f"relabel: --part {args.part}: expected I/N with 0 <= I < N")

    lines = []
    for path in args.data:
        try:
            with open(path) as f:
                for n, line in enumerate(f, 1):
                    fields = line.rstrip("\n").split("\t")
                    if len(fields) != 3 or len(fields[0].split()) < 2:
                        print(f"relabel: {path}:{n}: not a datagen line, skipped", file=sys.stderr)
                        continue
                    lines.append(fields)
        except (OSError, UnicodeDecodeError) as e:
            sys.exit(f"relabel: {path}: {e.strerror if isinstance(e, OSError) else e}")
    random.Random(args.seed).shuffle(lines)
    sample = lines[args.skip:args.skip + args.count][part::parts]

    options = []
    for o in args.option:
        if "=" not in o:
            sys.exit(f"relabel: --option {o}: expected NAME=VALUE")
        options.append(tuple(o.split("=", 1)))
    try:
        teacher = UciEngine(args.engine, options, "teacher")
        teacher.new_game(args.variant, "startpos")
    except EngineError as e:  # also a teacher that cannot be started
        sys.exit(f"relabel: {e}")
    start, written = time.monotonic(), 0
    try:
        out = open(args.out, "a")
    except OSError as e:
        sys.exit(f"relabel: {args.out}: {e.strerror}")
    with out:
        for fen, _, result in sample:
            teacher.send(f"position fen {fen}")
            teacher.score = None
            teacher.send(f"go {args.go}")
            try:
                teacher.wait_for(lambda w: w[:1] == ["bestmove"], 600)
            except EngineError as e:
                sys.exit(f"relabel: {e} (at {fen})")
            if teacher.score is None:
                continue  # no legal move, or a teacher that said nothing
            score = max(-args.clamp, min(args.clamp, teacher.score))
            white = score if fen.split()[1] == "w" else -score
            out.write(f"{fen}\t{white}\t{result}\n")
            out.flush()
            written += 1
            if written % 1000 == 0:
                print(f"relabel: {written} of {len(sample)} in {time.monotonic() - start:.0f} s", file=sys.stderr)
    teacher.close()
    print(f"relabel: {written} positions written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
