#!/usr/bin/env python3
"""How often Kage converts a won position: the conversion figure.

Reads positions, a line each ("VARIANT<TAB>FEN", # for comments; by default
tools/openings/cashew-won.txt: Cashew positions from Kage's own games where
its search scored the side to move +10 or more), and plays each one out,
Kage against Kage (the same --engine for both sides, `ucinewgame` before
each position) at a fixed number of nodes a move, so that the figure does
not depend on the machine's load.  Kage's rules judge every position (`kage
adjudicate --stdin`, as tools/match.py does): King capture, mate,
repetition, campmate.  A position is converted when the side to move at its
FEN wins within --plies plies.  The last line is the figure:

  converted C of N (P%) within 100 plies at 100000 nodes a move; median M plies

(M over the converted positions), then how the others ended.  Each
position's line says how it ended (--quiet leaves them out).

Example (about 20 minutes on one core where none converts):
  nice tools/convert.py --kage build/src/kage --nodes 100000

Standard library only.
"""
import argparse
import concurrent.futures
import os
import statistics
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import EngineError, Referee, UciEngine, is_pass, play_game  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


class PassReferee(Referee):
    """The referee, told a Lion's or Wolf's pass as its rules write it
    (@@@@): UCI writes it 0000, which `kage adjudicate` does not read."""

    def judge(self, variant, fen, moves):
        return super().judge(variant, fen, ["@@@@" if is_pass(m) else m for m in moves])


def read_positions(path):
    """[(variant, fen)] of a position file; exits with a message if unreadable."""
    out = []
    try:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                variant, tab, fen = line.partition("\t")
                if not tab or not variant or len(fen.split()) < 2 or fen.split()[1] not in ("w", "b"):
                    sys.exit(f"convert.py: {path}: line {n}: expected VARIANT<TAB>FEN with a side to move")
                out.append((variant, fen))
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"convert.py: {path}: {getattr(e, 'strerror', None) or e}")
    if not out:
        sys.exit(f"convert.py: {path}: no positions in it")
    return out


def plural(n, one, many):
    return f"{n:g} {one if n == 1 else many}"


def positive(text):
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text}") from None
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("positions", nargs="?", default=os.path.join(HERE, "openings", "cashew-won.txt"),
                    help="VARIANT<TAB>FEN lines, the side to move winning (default: tools/openings/cashew-won.txt)")
    ap.add_argument("--kage", default=next((k for k in ("build/src/kage", "src/kage") if os.path.exists(k)),
                                           "build/src/kage"),
                    help="the kage program used as referee, and as the engine without --engine "
                         "(default: build/src/kage, else src/kage)")
    ap.add_argument("--engine", help="the engine's command line (default: KAGE uci)")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE sent to the engine")
    ap.add_argument("--nodes", type=positive, default=100000, help="nodes a move (default 100000)")
    ap.add_argument("--plies", type=positive, default=100, help="plies to convert in (default 100)")
    ap.add_argument("--first", type=positive, help="only the first N positions")
    ap.add_argument("--concurrency", type=positive, default=1, help="positions played at once")
    ap.add_argument("--quiet", action="store_true", help="the figure only, no line per position")
    ap.add_argument("--pgn", help="append the games here (moves in engine text, as tools/match.py writes them)")
    args = ap.parse_args()
    options = []
    for o in args.option:
        key, eq, value = o.partition("=")
        if not eq or not key:
            ap.error(f"--option {o}: expected NAME=VALUE")
        options.append((key, value))
    if not os.path.exists(args.kage):
        sys.exit(f"convert.py: no kage program at {args.kage} (--kage)")
    positions = read_positions(args.positions)[:args.first]
    engine_cmd = args.engine or f"{args.kage} uci"
    game_args = argparse.Namespace(max_plies=args.plies, movetime=0, nodes=args.nodes, depth=0,
                                   resign=None, draw=None, time=0, inc=0)

    local = threading.local()
    made, lock = [], threading.Lock()

    def play(job):
        k, (variant, fen) = job
        if not hasattr(local, "engine"):
            local.engine = UciEngine(engine_cmd, options, "kage")
            with lock:
                made.append(local.engine)
            local.referee = PassReferee(args.kage)
            with lock:
                made.append(local.referee)
        e = local.engine
        result, reason, moves, _ = play_game(game_args, local.referee, e, e, variant, fen, [])
        winner = "1-0" if fen.split()[1] == "w" else "0-1"
        return k, result == winner, result, reason, moves

    outcomes = []
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            for k, won, result, reason, moves in pool.map(play, enumerate(positions)):
                plies = len(moves)
                outcomes.append((won, result, reason, plies))
                if args.pgn:
                    variant, fen = positions[k]
                    with open(args.pgn, "a") as f:
                        f.write(f'[Variant "{variant}"]\n[FEN "{fen}"]\n[White "kage"]\n[Black "kage"]\n'
                                f'[Result "{result}"]\n[Termination "{reason}"]\n\n{" ".join(moves)} {result}\n\n')
                if not args.quiet:
                    what = (f"converted in {plural(plies, 'ply', 'plies')} ({reason})" if won
                            else f"not converted: {result} ({reason}) after {plural(plies, 'ply', 'plies')}")
                    print(f"position {k + 1}: {what}", flush=True)
    except (EngineError, RuntimeError) as e:
        print(f"convert.py: {e}", file=sys.stderr)
        return 1
    finally:
        for x in made:
            x.close()
    converted = [p for won, _, _, p in outcomes if won]
    n = len(outcomes)
    median = f"; median {plural(statistics.median(converted), 'ply', 'plies')}" if converted else ""
    print(f"converted {len(converted)} of {n} ({100 * len(converted) / n:.0f}%) within {args.plies} plies "
          f"at {args.nodes} nodes a move{median}")
    others = {}
    for won, result, reason, _ in outcomes:
        if not won:
            key = "still going" if reason == "move limit" else f"{result} ({reason})"
            others[key] = others.get(key, 0) + 1
    if others:
        print("the others: " + ", ".join(f"{c} {k}" for k, c in sorted(others.items(), key=lambda x: -x[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
