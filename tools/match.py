#!/usr/bin/env python3
"""Play two UCI engines against each other and print the score of the first.

Games come in pairs: each opening (a few random legal plies, the same for
both games of a pair) is played once with each engine as White.  Every
position is adjudicated by `kage adjudicate`, so the rules are Kage's own
(mate, stalemate per variant, campmate, repetition, 50 moves, King capture).

Example:
  tools/match.py --kage src/kage --variant shogun --games 20 --movetime 100 \\
      --engine1 "src/kage uci" --engine2 "src/kage uci" --option2 Level=5

Standard library only.
"""
import argparse
import math
import random
import shlex
import subprocess
import sys
import time


class Engine:
    """A UCI engine in a subprocess."""

    def __init__(self, cmd, options, variant, name):
        self.name = name
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        for key, value in options:
            self.send(f"setoption name {key} value {value}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.ready()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, word, timeout=60.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name}: engine exited")
            if line.split()[:1] == [word]:
                return line.split()
        raise RuntimeError(f"{self.name}: no '{word}' within {timeout} s")

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def new_game(self):
        self.send("ucinewgame")
        self.ready()

    def best_move(self, moves, go, timeout):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go " + go)
        words = self.wait_for("bestmove", timeout)
        return words[1] if len(words) > 1 else "(none)"

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def adjudicate(kage, variant, moves):
    """(result, reason, legal moves) after moves; result None if illegal."""
    out = subprocess.run([kage, "adjudicate", variant, "startpos"] + moves, capture_output=True, text=True)
    lines = out.stdout.splitlines()
    if not lines or lines[0].startswith("illegal"):
        return None, "illegal move", []
    result, _, reason = lines[0].partition(" ")
    legal = lines[1].split()[1:] if len(lines) > 1 else []
    return result, reason, legal


def play_game(kage, variant, white, black, opening, args):
    moves = list(opening)
    clock = [args.time, args.time]
    for e in (white, black):
        e.new_game()
    while True:
        result, reason, legal = adjudicate(kage, variant, moves)
        if result is None:  # the last move was illegal: the mover loses
            return ("0-1" if len(moves) % 2 == 1 else "1-0"), "illegal move " + moves[-1], moves
        if result != "*":
            return result, reason, moves
        if len(moves) >= args.max_plies:
            return "1/2-1/2", "move limit", moves
        side = len(moves) % 2
        engine = white if side == 0 else black
        if args.movetime:
            go, timeout = f"movetime {args.movetime}", args.movetime / 1000 * 5 + 10
        else:
            go = (f"wtime {int(clock[0])} btime {int(clock[1])} winc {args.inc} binc {args.inc}")
            timeout = clock[side] / 1000 + 10
        start = time.monotonic()
        move = engine.best_move(moves, go, timeout)
        used = (time.monotonic() - start) * 1000
        if not args.movetime:
            clock[side] -= used
            if clock[side] < 0:
                return ("0-1" if side == 0 else "1-0"), "time forfeit", moves
            clock[side] += args.inc
        if move not in legal:
            return ("0-1" if side == 0 else "1-0"), f"illegal move {move}", moves
        moves.append(move)


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kage", default="src/kage", help="the kage program used for adjudication")
    ap.add_argument("--variant", default="shinobiplus")
    ap.add_argument("--engine1", required=True, help="command line of the first engine")
    ap.add_argument("--engine2", required=True, help="command line of the second engine")
    ap.add_argument("--option1", action="append", default=[], help="NAME=VALUE for engine 1")
    ap.add_argument("--option2", action="append", default=[], help="NAME=VALUE for engine 2")
    ap.add_argument("--games", type=int, default=10, help="games (rounded up to pairs)")
    ap.add_argument("--movetime", type=int, default=0, help="ms per move (else --time/--inc)")
    ap.add_argument("--time", type=int, default=10000, help="ms per game and side")
    ap.add_argument("--inc", type=int, default=100, help="ms increment per move")
    ap.add_argument("--opening-plies", type=int, default=4, help="random plies before the engines play")
    ap.add_argument("--max-plies", type=int, default=600, help="draw after this many plies (pychess: 600)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pgn", help="append the games here (moves in UCI text)")
    args = ap.parse_args()

    opts = [[tuple(o.split("=", 1)) for o in lst] for lst in (args.option1, args.option2)]
    rng = random.Random(args.seed)
    e1 = Engine(args.engine1, opts[0], args.variant, "engine1")
    e2 = Engine(args.engine2, opts[1], args.variant, "engine2")
    wins = draws = losses = 0
    points = []
    pairs = (args.games + 1) // 2
    try:
        for pair in range(pairs):
            opening = []
            for _ in range(args.opening_plies):
                result, _, legal = adjudicate(args.kage, args.variant, opening)
                if result != "*" or not legal:
                    break
                opening.append(rng.choice(legal))
            for game in range(2):
                white, black = (e1, e2) if game == 0 else (e2, e1)
                result, reason, moves = play_game(args.kage, args.variant, white, black, opening, args)
                p1 = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
                if game == 1:
                    p1 = 1.0 - p1
                points.append(p1)
                wins += p1 == 1.0
                losses += p1 == 0.0
                draws += p1 == 0.5
                print(f"game {len(points)}: {white.name} vs {black.name} opening {' '.join(opening)}: "
                      f"{result} ({reason})", flush=True)
                if args.pgn:
                    with open(args.pgn, "a") as f:
                        f.write(f'[Variant "{args.variant}"]\n[White "{white.name}"]\n[Black "{black.name}"]\n'
                                f'[Result "{result}"]\n[Termination "{reason}"]\n\n{" ".join(moves)} {result}\n\n')
    finally:
        e1.close()
        e2.close()
    n = len(points)
    mean = sum(points) / n
    var = sum((p - mean) ** 2 for p in points) / max(n - 1, 1)
    se = math.sqrt(var / n)
    lo, hi = mean - 1.96 * se, mean + 1.96 * se
    print(f"Score of engine1 vs engine2: {wins} - {losses} - {draws} [{mean:.3f}] {n} games")
    print(f"Score {100 * mean:.1f}% +/- {100 * 1.96 * se:.1f}% (95%); "
          f"Elo difference {elo(mean):+.0f} (95% interval {elo(lo):+.0f} .. {elo(hi):+.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
