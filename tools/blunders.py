#!/usr/bin/env python3
"""Measure how often a playing level gives material away.

The level plays itself (both sides, `kage uci` with Level=N, the screen's
thinking time of that level as a fixed time per move) from the balanced
openings of tools/openings/VARIANT.txt.  Before each of its moves a judge
(a second `kage uci` at level 10) searches the position to --depth plies;
after the move it searches the new position to one ply less, so that both
scores look equally far ahead.  The move's loss is the judge's score before
minus its score after (from the mover's side), in centipawns: what the move
gave away in the judge's eyes, at most a few plies deep.

A game stops where the rules end it (Kage's own referee), at --max-plies,
or once the judge scores it beyond --decided centipawns for either side:
the moves of a decided game say little about blunders.

Prints the share of moves that lose at least each of --thresholds (300 and
500 cp by default: a minor piece, a major one) and the mean loss:

  tools/blunders.py --kage build/src/kage --variant shinobiplus --level 1 --games 100
  -> Blunders of level 1, shinobiplus: MOVES moves in 100 games, loss >= 300 cp: K (P%),
     loss >= 500 cp: K (P%), mean loss M cp

Standard library only; the engines and the referee are those of
tools/match.py.
"""
import argparse
import os
import random
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import match  # noqa: E402
import ladder  # noqa: E402

CAP = 5000  # mate scores count as this much


def judge_score(judge, moves, depth):
    judge.best_move(moves, {"depth": depth}, 300)
    s = judge.score if judge.score is not None else 0
    return max(-CAP, min(CAP, s))


def play(args, level, judge, referee, opening):
    """The losses of level's moves in one game from opening."""
    variant, fen = opening
    ms = ladder.SCREEN_MS[args.level - 1]
    level.new_game(variant, fen)
    judge.new_game(variant, fen)
    moves, losses = [], []
    result, _, legal = referee.judge(variant, fen, moves)
    if result is None:
        raise RuntimeError(f"opening rejected: {variant} {fen}")
    while len(moves) < args.max_plies and result == "*" and legal:
        before = judge_score(judge, moves, args.depth)
        if abs(before) >= args.decided:
            break
        move = level.best_move(moves, {"movetime": ms}, ms / 1000 * 5 + 15)
        if move not in legal:
            raise RuntimeError(f"level {args.level} played {move}, not a legal move, in "
                               f"{variant} {fen} moves {' '.join(moves)}")
        moves.append(move)
        result, _, legal = referee.judge(variant, fen, moves)
        if result != "*" or not legal:  # the move ended the game: a win, not a loss
            losses.append(0)
            break
        after = -judge_score(judge, moves, args.depth - 1)
        losses.append(max(0, before - after))
    return losses


def worker(args, jobs, losses, lock, errors):
    """Plays games from jobs until none is left, with one level, judge and
    referee for all of them; the first error stops every worker."""
    engines, referee = [], None
    try:
        engines.append(match.UciEngine(f"{args.kage} uci", [("Level", str(args.level))], f"level{args.level}"))
        engines.append(match.UciEngine(f"{args.judge or args.kage} uci", [], "judge"))
        referee = match.Referee(args.kage)
        while True:
            with lock:
                if not jobs or errors:
                    return
                opening = jobs.pop()
            game = play(args, engines[0], engines[1], referee, opening)
            with lock:
                losses.extend(game)
    except (match.EngineError, RuntimeError) as e:
        with lock:
            errors.append(str(e))
    finally:
        for e in engines:
            e.close()
        if referee:
            referee.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kage", default="build/src/kage")
    ap.add_argument("--judge", help="the judge's kage (default: --kage)")
    ap.add_argument("--variant", default="shinobiplus")
    ap.add_argument("--level", type=int, default=1, help="the level measured, 1 to 9")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--depth", type=int, default=3, help="the judge's depth before a move (after it, one less)")
    ap.add_argument("--decided", type=int, default=1500, help="stop a game scored beyond this (cp)")
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--thresholds", default="300,500", help="losses counted, cp, comma-separated")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not 1 <= args.level <= 9:
        ap.error("--level must be 1 to 9 (level 10 has no random bonus)")
    if args.depth < 2:
        ap.error("--depth must be at least 2")
    try:
        thresholds = [int(t) for t in args.thresholds.split(",")]
    except ValueError:
        ap.error(f"--thresholds: not a list of numbers: {args.thresholds}")
    path = os.path.join(HERE, "openings", f"{args.variant}.txt")
    if not os.path.exists(path):
        sys.exit(f"blunders.py: --variant {args.variant}: no openings for it ({path})")
    suite = match.suite_or_exit(path, "--variant")
    suite = [(v or args.variant, f) for v, f in suite if (v or args.variant) == args.variant]
    if not suite:
        sys.exit(f"blunders.py: no openings for {args.variant}")
    rng = random.Random(args.seed)
    jobs = [rng.choice(suite) for _ in range(args.games)]
    losses, lock, errors = [], threading.Lock(), []

    threads = [threading.Thread(target=worker, args=(args, jobs, losses, lock, errors))
               for _ in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        sys.exit(f"blunders.py: {errors[0]}")
    n = len(losses)
    parts = [f"Blunders of level {args.level}, {args.variant}: {n} moves in {args.games} games"]
    for t in thresholds:
        k = sum(1 for x in losses if x >= t)
        parts.append(f"loss >= {t} cp: {k} ({100 * k / n if n else 0:.1f}%)")
    parts.append(f"mean loss {sum(losses) / n if n else 0:.0f} cp")
    print(", ".join(parts))


if __name__ == "__main__":
    main()
