#!/usr/bin/env python3
"""Measure the playing levels' ladder in self-play and print it as a table.

Each level plays the next one up (tools/match.py, balanced openings, the
colours swapped), and the Elo differences are added up the chain, so that
each level's strength is given relative to level 10.  Levels 1 to 9 stop at
their own depth and node caps (src/engine/engine.c), so their games do not
depend on the machine's speed; every match is given the screen's thinking
time of its stronger level (src/ui/player.c) as a fixed time per move, which
level 10 uses whole and the others rarely reach.  Level 10 thinks 10 s a move
on the screen; here it gets --top-ms (2 s by default: a lower bound of its
strength, to keep the run within hours).

A result of all wins or all losses has no finite Elo; the table then shows
the bound that the margin allows ("> +N").

  tools/ladder.py --kage build/src/kage --variant shogun --games 40 --concurrency 2

The last lines are a table for the man page (man/kage.6, "PLAYING LEVELS").
Standard library only.
"""
import argparse
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# the screen's thinking time of each level, in ms (src/ui/player.c level_movetime_ms)
SCREEN_MS = [100, 200, 350, 600, 1000, 1500, 2500, 4000, 6000, 10000]


def elo(score):
    score = min(max(score, 1e-9), 1 - 1e-9)
    return -400 * math.log10(1 / score - 1)


def play(args, low, high):
    """Level `high` against level `low`; returns (games, points of high, margin)."""
    ms = SCREEN_MS[high - 1] if high < 10 else args.top_ms
    cmd = [sys.executable, os.path.join(HERE, "match.py"), "--kage", args.kage,
           "--openings", os.path.join(HERE, "openings", f"{args.variant}.txt"),
           "--games", str(args.games), "--movetime", str(ms), "--concurrency", str(args.concurrency),
           "--max-plies", "400", "--quiet",
           "--engine1", f"{args.kage} uci", "--option1", f"Level={high}", "--name1", f"level{high}",
           "--engine2", f"{args.kage} uci", "--option2", f"Level={low}", "--name2", f"level{low}"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    line = [l for l in out.splitlines() if l.startswith("Match ")][-1]
    print(line, flush=True)
    m = re.search(r": (\d+) games, \+(\d+) -(\d+) =(\d+), score ([\d.]+)%, Elo ([-+\d.inf]+) \+/- ([\d.inf]+)", line)
    games, wins, losses, draws = (int(m.group(i)) for i in range(1, 5))
    return games, wins + draws / 2, m.group(7), ms


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kage", default="build/src/kage")
    ap.add_argument("--variant", default="shogun")
    ap.add_argument("--games", type=int, default=40, help="games per pair of levels")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--top-ms", type=int, default=2000, help="level 10's time per move here")
    args = ap.parse_args()
    rows = []
    for high in range(10, 1, -1):
        games, points, margin, ms = play(args, high - 1, high)
        score = points / games
        # all won or all lost: the bound one more game's worth allows
        exact = 0 < points < games
        diff = elo(score) if exact else elo((games - 0.5) / games if points == games else 0.5 / games)
        rows.append((high, high - 1, games, points, diff, exact, ms))
    print()
    print(f"Ladder, {args.variant}, {args.games} games a pair (level N against level N-1):")
    below = 0.0
    bounded = False
    table = ["level 10:      0"]
    for high, low, games, points, diff, exact, ms in rows:
        below -= diff
        bounded |= not exact
        print(f"  level {high} vs {low}: {points:g}/{games}, Elo {'+' if diff >= 0 else ''}{diff:.0f}"
              f"{'' if exact else ' (all won: at least)'} at {ms} ms")
        table.append(f"level {low:2d}: {'<' if bounded else ' '}{below:6.0f}")
    print()
    print("Elo relative to level 10:")
    for t in table:
        print("  " + t)
    return 0


if __name__ == "__main__":
    sys.exit(main())
