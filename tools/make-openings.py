#!/usr/bin/env python3
"""Make a balanced opening suite for one variant: tools/openings/VARIANT.txt.

Each candidate is the start position after a few plies: the first ones
uniformly random among the legal moves, the rest played by Kage at a low
level (its random root bonus keeps them varied but sensible).  A judge
engine then searches each candidate, and only those it scores as roughly
even (|score| <= --max-cp, from the side to move's view) are kept, without
duplicates.  The judge is any UCI engine (a deeper Kage search by default;
a native Fairy-Stockfish for the 8x8 games is the stronger judge).

Output lines: VARIANT<TAB>FEN, after a comment header saying how they were
made.  tools/match.py --openings reads them.

--extend FILE makes a suite larger: FILE's openings (and its header) come
first, unchanged, and new ones are made until the suite holds --count, none
a copy of one already there.  tools/match.py plays each opening once, so a
longer test needs a larger suite.

Example:
  tools/make-openings.py --kage build-dev/src/kage --variant shogun --count 400 \\
      --judge "/path/to/fairy-stockfish" --judge-option VariantPath=../shared/reference/variants.ini \\
      --judge-go "depth 12" > tools/openings/shogun.txt
  tools/make-openings.py --variant shogun --count 2000 --judge-go "nodes 40000" --max-cp 50 \\
      --seed 501 --extend tools/openings/shogun.txt > /tmp/shogun.txt

Standard library only.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Referee, UciEngine, is_pass, read_suite  # noqa: E402


def kage_fen(kage, variant, moves):
    """The FEN after moves, as Kage writes it (UCI `d`)."""
    kage.send(f"position startpos moves {' '.join(moves)}" if moves else "position startpos")
    kage.send("d")
    words = kage.wait_for(lambda w: w[:2] == ["info", "string"] and "fen" in w, 30)
    return " ".join(words[words.index("fen") + 1:])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kage", default=next((k for k in ("build/src/kage", "src/kage") if os.path.exists(k)), "build/src/kage"),
                    help="the kage program (default: build/src/kage, the README's build, else src/kage)")
    ap.add_argument("--variant", required=True)
    ap.add_argument("--count", type=int, default=400, help="openings to keep")
    ap.add_argument("--random-plies", default="2:4", help="MIN:MAX uniformly random plies first")
    ap.add_argument("--played-plies", default="2:6", help="MIN:MAX plies played by Kage at --level")
    ap.add_argument("--level", type=int, default=4, help="Kage's level for the played plies")
    ap.add_argument("--judge", help="UCI command of the judge (default: this Kage)")
    ap.add_argument("--judge-option", action="append", default=[], help="NAME=VALUE for the judge")
    ap.add_argument("--judge-go", default="nodes 300000", help="the judge's go arguments")
    ap.add_argument("--max-cp", type=int, default=50, help="keep positions the judge scores within this")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--extend", metavar="FILE", help="a suite to keep and add to, up to --count in all")
    args = ap.parse_args()

    header, old = [], []
    if args.extend:
        try:
            header, entries = read_suite(args.extend)
        except (OSError, UnicodeDecodeError) as e:
            sys.exit(f"make-openings.py: --extend {args.extend}: {e}")
        for variant, fen in entries:
            if variant != args.variant:
                line = f"{variant}\t{fen}" if variant else fen
                sys.exit(f"make-openings.py: --extend {args.extend}: not a {args.variant} suite line: {line[:80]}")
            old.append(fen)

    rng = random.Random(args.seed)
    rmin, rmax = (int(x) for x in args.random_plies.split(":"))
    pmin, pmax = (int(x) for x in args.played_plies.split(":"))
    referee = Referee(args.kage)
    player = UciEngine(f"{args.kage} uci", [("Level", str(args.level))], "kage")
    player.new_game(args.variant, "startpos")
    judge_cmd = args.judge or f"{args.kage} uci"
    judge = UciEngine(judge_cmd, [tuple(o.split("=", 1)) for o in args.judge_option], "judge")
    judge.new_game(args.variant, "startpos")
    seen, kept, tried = {" ".join(fen.split()[:3]) for fen in old}, [], 0
    wanted = args.count - len(old)
    while len(kept) < wanted and tried < args.count * 20:
        tried += 1
        moves = []
        ok = True
        for ply in range(rng.randint(rmin, rmax) + rng.randint(pmin, pmax)):
            result, _, legal = referee.judge(args.variant, "startpos", moves)
            legal = [m for m in legal if not is_pass(m)]
            if result != "*" or not legal:
                ok = False
                break
            if ply < rmin or (ply < rmax and rng.random() < 0.5):
                moves.append(rng.choice(legal))
            else:
                player.send("ucinewgame")  # a fresh random seed for the level's noise
                moves.append(player.best_move(moves, {"nodes": 20000}, 60))
        if not ok:
            continue
        result, _, legal = referee.judge(args.variant, "startpos", moves)
        if result != "*" or not legal:
            continue
        fen = kage_fen(player, args.variant, moves)
        key = " ".join(fen.split()[:3])
        if key in seen:
            continue
        seen.add(key)
        judge.send("ucinewgame")
        judge.send(f"position fen {fen}")
        judge.score = None
        judge.send(f"go {args.judge_go}")
        judge.wait_for(lambda w: w[:1] == ["bestmove"], 600)
        if judge.score is None or abs(judge.score) > args.max_cp:
            continue
        kept.append(fen)
        print(f"{len(kept)}/{wanted} kept of {tried}: {judge.score:+d} {fen}", file=sys.stderr, flush=True)
    judge.close()
    player.close()
    referee.close()
    for line in header:
        print(line)
    more = f"{len(kept)} more openings" if old else f"{len(kept)} openings"
    print(f"# {args.variant}: {more} made by tools/make-openings.py: {args.random_plies} random plies,")
    print(f"# then {args.played_plies} plies by Kage at level {args.level}; kept where the judge "
          f"({os.path.basename(judge_cmd.split()[0])}, go {args.judge_go}) scored within {args.max_cp} cp"
          f"{f' (--seed {args.seed})' if old else ''}.")
    for fen in old + kept:
        print(f"{args.variant}\t{fen}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
