#!/usr/bin/env python3
"""Measure the playing levels' ladder in self-play and print it as a table.

Each level plays the next one up (tools/match.py, balanced openings, the
colours swapped), and the Elo differences are added up the chain, so that
each level's strength is given relative to level 10.  Levels 1 to 9 stop at
their own depth and node caps (src/engine/engine.c); every match is given
the screen's thinking time of its stronger level (src/ui/player.c) as a
fixed time per move, which level 10 uses whole and the others reach only
where their caps do not stop them first (levels 8 and 9 in busy positions:
their results depend a little on the machine's speed, as on the screen).
Level 10 thinks 10 s a move on the screen; here it gets --top-ms (2 s by
default: a lower bound of its strength, to keep the run within an hour).
A game whose loser both engines see lost by --resign (1000 cp for 4 moves
each, by default) is adjudicated, as in the SPRT matches: the lower levels'
games are mostly long walks to a mate that nobody doubts.

--levels LOW-HIGH plays only the steps between those levels (from HIGH
against HIGH-1 down to LOW+1 against LOW), so that a ladder too long for
one sitting (Cashew's) is measured a part at a time; --summary then adds
the parts up.  Where the steps do not join up, each run of joined steps is
given relative to its own top level.

Each step is printed with its 95% interval.  A step that one level won (or
lost) every game of has no finite estimate: the levels below it are then
given as at least the interval's bound further down ("< -N"; "> -N" below a
step lost every game, "?" where both happened).  --summary
prints the table again from earlier runs' output without playing, adding up
the games of the same pair over several runs.

--pgn DIR keeps each pair's games, as they finish, in
DIR/VARIANT-levelHIGH-levelLOW-MSms.pgn (added to the file where it is
there already): a step stopped before its end (Cashew's top pairs take
hours) keeps the pairs of games it finished, and --summary takes such files
beside the logs, each read as the summary of its games.

  tools/ladder.py --kage build/src/kage --variant shogun --games 40 --concurrency 2
  tools/ladder.py --kage build/src/kage --variant cashew --games 20 --levels 1-6
  tools/ladder.py --kage build/src/kage --variant cashew --games 20 --levels 8-10 --pgn games/
  tools/ladder.py --summary ladder-1-8.log games/cashew-level10-level9-2000ms.pgn

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


PGN_NAME = re.compile(r"^([a-z]+)-level(\d+)-level(\d+)-(\d+)ms\.pgn$")
MATCH_LINE = re.compile(r"^Match level(\d+) vs level(\d+), (\S+), movetime=(\d+)ms: (\d+) games, "
                        r"\+(\d+) -(\d+) =(\d+)")


def play(args, low, high):
    """Level `high` against level `low`; returns tools/match.py's summary line."""
    ms = SCREEN_MS[high - 1] if high < 10 else args.top_ms
    cmd = [sys.executable, os.path.join(HERE, "match.py"), "--kage", args.kage,
           "--openings", os.path.join(HERE, "openings", f"{args.variant}.txt"),
           "--games", str(args.games), "--movetime", str(ms), "--concurrency", str(args.concurrency),
           "--max-plies", "400", "--quiet"] + (["--resign", args.resign] if args.resign != "0" else []) + [
           "--engine1", f"{args.kage} uci", "--option1", f"Level={high}", "--name1", f"level{high}",
           "--engine2", f"{args.kage} uci", "--option2", f"Level={low}", "--name2", f"level{low}"]
    if args.pgn:
        cmd += ["--pgn", os.path.join(args.pgn, f"{args.variant}-level{high}-level{low}-{ms}ms.pgn")]
    line, why = match_summary(cmd)
    if line is None:
        raise RuntimeError(f"level {high} against level {low}: tools/match.py failed {why}")
    print(line, flush=True)
    return line


def match_summary(cmd):
    """Run tools/match.py (cmd); its summary line and None, or None and why
    it gave none ("(exit N): its last error line")."""
    run = subprocess.run(cmd, capture_output=True, text=True)
    lines = [l for l in run.stdout.splitlines() if l.startswith("Match ")]
    if run.returncode != 0 or not lines:
        why = (run.stderr.strip().splitlines() or ["no summary line"])[-1]
        return None, f"(exit {run.returncode}): {why}"
    return lines[-1], None


def pgn_summary(path):
    """The summary line of the games kept by --pgn in `path`, as tools/match.py
    would print it (only the counts matter here)."""
    m = PGN_NAME.match(os.path.basename(path))
    if not m:
        raise ValueError(f"{path}: not a --pgn file's name (VARIANT-levelHIGH-levelLOW-MSms.pgn)")
    variant, high, low, ms = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
    line, why = match_summary([sys.executable, os.path.join(HERE, "match.py"), "--games", "0", "--movetime", str(ms),
                               "--name1", f"level{high}", "--name2", f"level{low}", "--resume", path])
    if line is None:
        raise ValueError(f"{path}: {why}")
    if f", {variant}, " not in line:
        raise ValueError(f"{path}: its games are not of {variant}, as its name says: {line}")
    return line


def parse(line):
    """One pair's summary line: its variant, and (high, low, ms, games, wins, losses, draws)."""
    m = MATCH_LINE.match(line)
    if not m:
        raise ValueError(f"not a tools/match.py level summary: {line!r}")
    high, low, variant, ms, games, wins, losses, draws = m.groups()
    high, low, ms, games, wins, losses, draws = (int(x) for x in (high, low, ms, games, wins, losses, draws))
    if games == 0 or wins + losses + draws != games:
        raise ValueError(f"the games do not add up: {line!r}")
    return variant, (high, low, ms, games, wins, losses, draws)


def merge(lines):
    """The summary lines of one or several runs, one result per pair, their
    games added up."""
    pairs, variants = {}, set()
    for line in lines:
        variant, (high, low, ms, *counts) = parse(line)
        variants.add(variant)
        if len(variants) > 1:
            raise ValueError(f"the logs are of more than one variant: {', '.join(sorted(variants))}")
        old = pairs.get((high, low, ms), (0, 0, 0, 0))
        pairs[(high, low, ms)] = tuple(o + c for o, c in zip(old, counts))
    return [key + counts for key, counts in pairs.items()]


def step(result):
    """One pair's result: (high, low, ms, games, points, Elo, 95% low, 95% high).

    The interval is the score's, +-1.96 standard errors of the per-game
    results; where every game was won (or lost) there is no spread to
    measure, and the bound is the exact binomial one (2.5 % each side)."""
    high, low, ms, games, wins, losses, draws = result
    points = wins + draws / 2
    mean = points / games
    if losses + draws == 0:
        lo, hi = 0.025 ** (1 / games), 1.0
    elif wins + draws == 0:
        lo, hi = 0.0, 1 - 0.025 ** (1 / games)
    else:
        var = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / games
        half = 1.96 * math.sqrt(var / games)
        lo, hi = mean - half, mean + half
    return high, low, ms, games, points, elo(mean), elo(lo), elo(hi)


def fmt(x):
    if x >= 2000:
        return "+inf"
    if x <= -2000:
        return "-inf"
    return f"{x:+.0f}"


def table(variant, results):
    rows = sorted((step(r) for r in results), reverse=True)
    counts = sorted({r[3] for r in results})
    games = counts[0] if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    print()
    print(f"Ladder, {variant}, {games} games a pair (level N against level N-1), 95% intervals:")
    chains, joined_at = [], None  # [(top level, its lines)]
    for high, low, ms, n, points, diff, lo, hi in rows:
        if high != joined_at:  # the first step, or one that does not join the last
            below, marks = 0.0, set()
            rel = [f"level {high:2d}:      0"]
            chains.append((high, rel))
        joined_at = low
        print(f"  level {high:2d} vs {low}: {points:g}/{n}, Elo {fmt(diff)} ({fmt(lo)} to {fmt(hi)}) at {ms} ms")
        # a step with no finite estimate adds its bound: the levels below a
        # step won every game are at least that far down ("<"), those below
        # one lost every game at most ("> "); after both, nothing is known
        if diff >= 2000:
            below -= lo
            marks.add("<")
        elif diff <= -2000:
            below -= hi
            marks.add(">")
        else:
            below -= diff
        mark = " " if not marks else marks.copy().pop() if len(marks) == 1 else "?"
        rel.append(f"level {low:2d}: {mark}{below:6.0f}")
    for top, lines in chains:
        print()
        print(f"Elo relative to level {top}:")
        for t in lines:
            print("  " + t)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kage", default="build/src/kage")
    ap.add_argument("--variant", default="shogun")
    ap.add_argument("--games", type=int, default=40, help="games per pair of levels")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--top-ms", type=int, default=2000, help="level 10's time per move here")
    ap.add_argument("--resign", default="1000:4", metavar="CP:MOVES",
                    help="adjudicate a game both engines see lost (tools/match.py --resign); 0: never")
    ap.add_argument("--levels", default="1-10", metavar="LOW-HIGH",
                    help="play only the steps between these levels (default 1-10)")
    ap.add_argument("--pgn", metavar="DIR", help="keep each pair's games in DIR (made where missing)")
    ap.add_argument("--summary", metavar="LOG", nargs="+",
                    help="play nothing: print the table again from earlier runs' output (or --pgn files)")
    args = ap.parse_args()
    try:
        low, high = (int(x) for x in args.levels.split("-"))
        if not 1 <= low < high <= 10:
            raise ValueError
    except ValueError:
        ap.error(f"--levels {args.levels}: not LOW-HIGH (two levels from 1 to 10, such as 1-6)")
    if args.summary:
        lines = []
        try:
            for name in args.summary:
                if name.endswith(".pgn"):
                    lines.append(pgn_summary(name))
                    continue
                with open(name, encoding="utf-8") as f:
                    lines += [l.rstrip("\n") for l in f if l.startswith("Match level")]
        except (OSError, UnicodeDecodeError, ValueError) as e:
            print(f"ladder: {e}", file=sys.stderr)
            return 1
        if not lines:
            print(f"ladder: no 'Match level' lines in {' '.join(args.summary)}", file=sys.stderr)
            return 1
        try:
            table(lines[0].split(", ")[1], merge(lines))
        except ValueError as e:
            print(f"ladder: {e}", file=sys.stderr)
            return 1
        return 0
    try:
        if args.pgn:
            os.makedirs(args.pgn, exist_ok=True)
        lines = [play(args, level - 1, level) for level in range(high, low, -1)]
    except (RuntimeError, OSError) as e:
        print(f"ladder: {e}", file=sys.stderr)
        return 1
    table(args.variant, merge(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
