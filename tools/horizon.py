#!/usr/bin/env python3
"""How long before the end each engine sees a lost game coming.

Reads the games of tools/match.py --pgn files, keeps those that the player
named --loser lost (only those ended by --termination, if given), and asks
every --engine afresh (`ucinewgame`, then `go nodes N`) for its score of the
positions before the loser's last --moves moves, the loser to move.  For
each engine it prints two averages over the games, in plies before the end:

  lost   the score for the loser's side was --pawns pawns or worse (a mate
         against it counts) from there to the end: when the engine judged
         the game lost;
  mate   it announced a mate against the loser from there to the end: when
         its search found the mate itself.

An engine's centipawns per pawn are given by --scale NAME=CP (default 100;
Kage's Shogun pawn is worth about 256).  With two engines or more, the line
of each after the first says in how many games it saw the loss sooner or
later than the first.  --verbose prints each game's figures as well.

Example: when did Kage and Fairy-Stockfish see the mates of a record coming?
  tools/horizon.py docs/records/shogun-20k-stop56.pgn --loser main56 --termination checkmate \\
      --engine "kage=build/src/kage uci" --scale kage=256 \\
      --engine "fsf=env NODE_PATH=$HOME/.cache/kage-npm/node_modules node ../shared/tools/fsf-uci.js \
                    ../shared/reference/variants.ini"

Standard library only.
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import EngineError, UciEngine, read_pgn  # noqa: E402

MATE = 100000  # UciEngine's score for a mate


def lost_games(paths, loser, termination):
    """(variant, fen, moves, the loser's colour, the colour that moved first) of
    each game lost by `loser`, colours as "w" or "b"."""
    out = []
    for path in paths:
        try:
            games = read_pgn(path)
        except (OSError, UnicodeDecodeError) as e:
            sys.exit(f"horizon.py: {path}: {e.strerror if isinstance(e, OSError) else e}")
        for tags, moves in games:
            result, white, black = tags.get("Result"), tags.get("White"), tags.get("Black")
            if loser not in (white, black) or result not in ("1-0", "0-1"):
                continue
            if (result == "1-0") != (black == loser):
                continue  # the loser won
            if termination and tags.get("Termination") != termination:
                continue
            fen = tags.get("FEN", "startpos")
            first = "b" if fen != "startpos" and fen.split()[1:2] == ["b"] else "w"
            out.append((tags.get("Variant", "chess"), fen, moves, "w" if white == loser else "b", first))
    return out


def seen_from(scores, bad):
    """Plies before the end from which every score (by plies before the end,
    nearest the end first) is bad; 0 when the last one is not."""
    seen = 0
    for plies, score in scores:
        if score is None or not bad(score):
            break
        seen = plies
    return seen


def parse_named(values, option):
    named = {}
    for v in values:
        name, sep, rest = v.partition("=")
        if not sep or not name or not rest:
            sys.exit(f"horizon.py: {option} {v}: expected NAME=VALUE")
        if name in named:
            sys.exit(f"horizon.py: {option} {name}: given twice")
        named[name] = rest
    return named


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+", help="PGN files written by tools/match.py --pgn")
    ap.add_argument("--loser", required=True, help="the player whose lost games are read, as named in the PGN")
    ap.add_argument("--termination", help="only games with this Termination tag (checkmate, say)")
    ap.add_argument("--engine", action="append", default=[], required=True,
                    help="NAME=COMMAND of a UCI engine to ask (repeatable)")
    ap.add_argument("--scale", action="append", default=[], help="NAME=CP: the engine's centipawns per pawn")
    ap.add_argument("--nodes", type=int, default=20000, help="nodes per position")
    ap.add_argument("--moves", type=int, default=15, help="the loser's last moves asked about")
    ap.add_argument("--pawns", type=float, default=3.0, help="a score this many pawns down counts as lost")
    ap.add_argument("--limit", type=int, default=0, help="at most this many games (0: all)")
    ap.add_argument("--verbose", action="store_true", help="each game's figures too")
    args = ap.parse_args()
    engines = parse_named(args.engine, "--engine")
    scales = parse_named(args.scale, "--scale")
    pawn = {name: 100.0 for name in engines}  # each engine's centipawns per pawn
    for name, cp in scales.items():
        if name not in engines:
            sys.exit(f"horizon.py: --scale {name}: no --engine of that name")
        try:
            pawn[name] = float(cp)
            if not 0 < pawn[name] < math.inf:
                raise ValueError
        except ValueError:
            sys.exit(f"horizon.py: --scale {name}={cp}: expected centipawns above 0")
    if args.nodes < 1 or args.moves < 1 or not 0 < args.pawns < math.inf or args.limit < 0:
        sys.exit("horizon.py: --nodes and --moves must be at least 1, --pawns above 0, --limit 0 or more")

    games = lost_games(args.pgn, args.loser, args.termination)
    if args.limit:
        games = games[:args.limit]
    what = f" by {args.termination}" if args.termination else ""
    if not games:
        sys.exit(f"horizon.py: no game lost by {args.loser}{what} in {', '.join(args.pgn)}")

    running = {}
    try:
        for name, cmd in engines.items():
            running[name] = UciEngine(cmd, [], name)
        seen = {name: [] for name in engines}
        for g, (variant, fen, moves, loser, first) in enumerate(games, 1):
            n = len(moves)
            asked = [i for i in range(n - 1, -1, -1) if (first == loser) == (i % 2 == 0)][:args.moves]
            for name, engine in running.items():
                cp = pawn[name] * args.pawns
                scores = []
                for i in asked:
                    engine.new_game(variant, fen)
                    engine.best_move(moves[:i], {"nodes": args.nodes}, 600)
                    scores.append((n - i, engine.score))
                seen[name].append((seen_from(scores, lambda s: s <= -cp), seen_from(scores, lambda s: s <= -MATE)))
            if args.verbose:
                print(f"game {g} ({n} plies): " +
                      ", ".join(f"{name} lost {seen[name][-1][0]} mate {seen[name][-1][1]}" for name in engines),
                      flush=True)
    except EngineError as e:
        sys.exit(f"horizon.py: {e}")
    finally:
        for engine in running.values():
            engine.close()

    print(f"{len(games)} game{'s' if len(games) != 1 else ''} lost by {args.loser}{what}, "
          f"the positions before its last {args.moves} moves "
          f"at {args.nodes} nodes; plies before the end on average:")
    names = list(engines)
    for name in names:
        lost = [s[0] for s in seen[name]]
        mate = [s[1] for s in seen[name]]
        line = (f"{name}: lost ({args.pawns:g} pawns of {pawn[name]:g} cp) "
                f"{sum(lost) / len(lost):.1f}, mate {sum(mate) / len(mate):.1f}")
        if name != names[0]:
            ref = [s[0] for s in seen[names[0]]]
            sooner = sum(1 for a, b in zip(lost, ref) if a > b)
            later = sum(1 for a, b in zip(lost, ref) if a < b)
            line += f"; the loss seen sooner than {names[0]} in {sooner} games, later in {later}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
