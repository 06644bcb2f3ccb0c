#!/usr/bin/env python3
"""Play two engines against each other and print the score of the first.

Each engine speaks UCI (as Fairy-Stockfish does) or XBoard/CECP 2 (HaChu).
Games come in pairs: each opening (a few random legal plies, the same for
both games of a pair) is played once with each engine first.  Every position
is adjudicated by `kage adjudicate`, so the rules are Kage's own (mate,
stalemate per variant, campmate, repetition, 50 moves, King capture).

A move that Kage's rules reject ends the game cleanly.  In the score it
counts as a loss for the engine that played it (the usual tournament rule),
and the summary also gives the score without those games, since a rules
disagreement (HaChu's known Cashew bugs, shared/rules/cashew.md section 10)
says little about strength.  The same holds when an XBoard engine refuses a
move that Kage's rules allow (HaChu has no hook moves).

Examples:
  tools/match.py --kage src/kage --variant shogun --games 20 --movetime 100 \\
      --engine1 "src/kage uci" --engine2 "/tmp/kage-old uci"
  tools/match.py --kage src/kage --variant shinobiplus --games 20 --movetime 1000 \\
      --engine1 "src/kage uci" \\
      --engine2 "env NODE_PATH=$HOME/.cache/kage-npm/node_modules node ../shared/tools/fsf-uci.js ../shared/reference/variants.ini"
  tools/match.py --kage src/kage --variant cashew --games 10 --time 60000 --inc 1000 \\
      --engine1 "src/kage uci" --engine2 /usr/games/hachu --proto2 xboard \\
      --xboard-variant cashew-shogi --option2 "Allow repeats=1"

Standard library only.
"""
import argparse
import concurrent.futures
import math
import random
import shlex
import subprocess
import sys
import threading
import time


class EngineError(Exception):
    """The engine died, timed out or said something we cannot use."""


class Engine:
    """An engine in a subprocess: line I/O with timeouts (a reader thread)."""

    def __init__(self, cmd, name):
        self.name = name
        self.cmd = cmd
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = []
        self.cv = threading.Condition()
        self.eof = False
        self.nodes = 0
        self.search_ms = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            with self.cv:
                self.lines.append(line.rstrip("\n"))
                self.cv.notify_all()
        with self.cv:
            self.eof = True
            self.cv.notify_all()

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError(f"{self.name}: engine exited")

    def readline(self, deadline):
        with self.cv:
            while not self.lines:
                if self.eof:
                    raise EngineError(f"{self.name}: engine exited")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise EngineError(f"{self.name}: no answer in time")
                self.cv.wait(left)
            return self.lines.pop(0)

    def wait_for(self, pred, timeout):
        """Read lines until pred(words) is true; returns those words."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.readline(deadline)
            words = line.split()
            self.seen(words)
            if pred(words):
                return words

    def seen(self, words):
        """Hook for lines read while waiting (search statistics)."""

    def nps(self):
        return int(self.nodes * 1000 / self.search_ms) if self.search_ms else 0

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


class UciEngine(Engine):
    def __init__(self, cmd, options, variant, name):
        super().__init__(cmd, name)
        self.send("uci")
        self.wait_for(lambda w: w[:1] == ["uciok"], 120)
        for key, value in options:
            self.send(f"setoption name {key} value {value}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.ready()
        self.last = (0, 0)

    def ready(self):
        self.send("isready")
        self.wait_for(lambda w: w[:1] == ["readyok"], 120)

    def new_game(self):
        self.send("ucinewgame")
        self.ready()

    def seen(self, words):
        if words[:1] == ["info"] and "nodes" in words and "time" in words:
            try:
                self.last = (int(words[words.index("nodes") + 1]), int(words[words.index("time") + 1]))
            except (ValueError, IndexError):
                pass

    def best_move(self, moves, limits, timeout):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        if "movetime" in limits:
            go = f"movetime {limits['movetime']}"
        elif "nodes" in limits:
            go = f"nodes {limits['nodes']}"
        elif "depth" in limits:
            go = f"depth {limits['depth']}"
        else:
            go = (f"wtime {limits['wtime']} btime {limits['btime']} winc {limits['inc']} binc {limits['inc']}")
        self.last = (0, 0)
        self.send("go " + go)
        words = self.wait_for(lambda w: w[:1] == ["bestmove"], timeout)
        self.nodes += self.last[0]
        self.search_ms += self.last[1]
        return words[1] if len(words) > 1 else "(none)"


class XboardEngine(Engine):
    """CECP 2: the engine is kept in force mode and told every move; `go`
    makes it move once, then it is put back into force mode."""

    def __init__(self, cmd, options, variant, name, memory):
        super().__init__(cmd, name)
        self.variant = variant
        self.options = options
        self.memory = memory
        self.ping = 0
        self.send("xboard")
        self.send("protover 2")
        self.wait_for(lambda w: w[:1] == ["feature"] and "done=1" in w, 30)
        self.last = (0, 0)

    def sync(self):
        """ping/pong; returns the lines in between (error messages)."""
        self.ping += 1
        self.send(f"ping {self.ping}")
        got = []
        deadline = time.monotonic() + 30
        while True:
            line = self.readline(deadline)
            if line.split()[:2] == ["pong", str(self.ping)]:
                return got
            got.append(line)

    def new_game(self):
        self.send("new")
        self.send(f"variant {self.variant}")
        if self.memory:
            self.send(f"memory {self.memory}")
        for key, value in self.options:
            self.send(f"option {key}={value}")
        self.send("force")
        self.send("post")
        self.sync()
        self.sent = 0

    def seen(self, words):
        # thinking output: depth score time(cs) nodes pv...
        if len(words) >= 4 and all(w.lstrip("-").isdigit() for w in words[:4]):
            self.last = (int(words[3]), int(words[2]) * 10)

    def tell(self, moves):
        """Send the moves it has not seen; a refused move raises EngineError."""
        for m in moves[self.sent:]:
            self.send(f"usermove {m}")
            for line in self.sync():
                if line.startswith("Illegal move") or line.startswith("Error"):
                    raise EngineError(f"{self.name} refused {m}: {line}")
            self.sent += 1

    def best_move(self, moves, limits, timeout):
        self.tell(moves)
        if "movetime" in limits:
            # HaChu ignores st; one move per session of movetime works for both kinds
            cs = max(1, limits["movetime"] // 10)
            self.send(f"level 1 0:{max(1, cs // 100):02d} 0")
            self.send(f"time {cs}")
            self.send(f"otim {cs}")
        elif "depth" in limits:
            self.send(f"sd {limits['depth']}")
        else:
            us, them = ("wtime", "btime") if len(moves) % 2 == 0 else ("btime", "wtime")
            base = max(1, limits["base"] // 1000)
            self.send(f"level 0 {base // 60}:{base % 60:02d} {limits['inc'] / 1000:g}")
            self.send(f"time {max(1, limits[us] // 10)}")
            self.send(f"otim {max(1, limits[them] // 10)}")
        self.last = (0, 0)
        self.send("go")
        # a result line instead of a move is a resignation or a claim: HaChu
        # prints "0-1 {resign}" when every move loses its King
        words = self.wait_for(lambda w: w[:1] in (["move"], ["resign"], ["1-0"], ["0-1"], ["1/2-1/2"])
                              or w[:2] == ["Illegal", "move"], timeout)
        if words[0] != "move" or len(words) < 2:
            raise EngineError(f"{self.name}: {' '.join(words)}")
        # HaChu sends a multi-leg move one leg a line: "move e5e6," then "move e6e7+"
        text = words[1]
        while text.endswith(","):
            more = self.wait_for(lambda w: w[:1] == ["move"], timeout)
            text += more[1] if len(more) > 1 else ""
        words = ["move", text]
        self.send("force")
        self.sent = len(moves) + 1
        self.nodes += self.last[0]
        self.search_ms += self.last[1]
        return words[1]


def is_pass(move):
    """A Lion's or Wolf's pass, as Kage writes it for the protocols."""
    return move in ("@@@@", "pass", "0000")


def adjudicate(kage, variant, moves):
    """(result, reason, legal moves) after moves; result None if the last is illegal."""
    out = subprocess.run([kage, "adjudicate", variant, "startpos"] + moves, capture_output=True, text=True)
    lines = out.stdout.splitlines()
    if not lines or lines[0].startswith("illegal"):
        return None, "illegal move", []
    result, _, reason = lines[0].partition(" ")
    legal = lines[1].split()[1:] if len(lines) > 1 else []
    return result, reason, legal


def check_move(kage, variant, moves, move, legal):
    """None if `move` is legal after moves, else why Kage's rules reject it."""
    if move in legal:
        return None
    # HaChu writes a capture that declines promotion as "i6i4," or "k6h9"
    if move.rstrip(",") + "+" in legal:
        return f"{move} declines a promotion that is mandatory"
    result, _, _ = adjudicate(kage, variant, moves + [move])
    return None if result is not None else f"{move} is not a legal move"


def play_game(args, white, black, opening):
    """(result, reason, moves, aborted): aborted when the rules disagree."""
    moves = list(opening)
    clock = [args.time, args.time]
    for e in (white, black):
        e.new_game()
    while True:
        result, reason, legal = adjudicate(args.kage, args.variant, moves)
        if result is None:
            raise RuntimeError(f"opening or history rejected: {' '.join(moves)}")
        if result != "*":
            return result, reason, moves, False
        if len(moves) >= args.max_plies:
            return "1/2-1/2", "move limit", moves, False
        side = len(moves) % 2
        engine, other = (white, black) if side == 0 else (black, white)
        lost = "0-1" if side == 0 else "1-0"
        if args.movetime:
            limits, timeout = {"movetime": args.movetime}, args.movetime / 1000 * 5 + 15
        elif args.nodes:
            limits, timeout = {"nodes": args.nodes}, 300
        elif args.depth:
            limits, timeout = {"depth": args.depth}, 600
        else:
            limits = {"wtime": int(clock[0]), "btime": int(clock[1]), "inc": args.inc, "base": args.time}
            timeout = clock[side] / 1000 + 10
        start = time.monotonic()
        try:
            move = engine.best_move(moves, limits, timeout)
        except EngineError as e:
            # a refusal of the opponent's last move is a rules disagreement
            if "refused" in str(e):
                return ("1-0" if side == 1 else "0-1"), str(e), moves, True
            return lost, str(e), moves, False
        used = (time.monotonic() - start) * 1000
        if not (args.movetime or args.nodes or args.depth):
            clock[side] -= used
            if clock[side] < 0:
                return lost, "time forfeit", moves, False
            clock[side] += args.inc
        why = check_move(args.kage, args.variant, moves, move, legal)
        if why:
            return lost, f"{engine.name} played a move Kage's rules reject: {why}", moves + [move], True
        moves.append(move)


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def summary(label, points):
    n = len(points)
    if not n:
        print(f"{label}: no games")
        return
    mean = sum(points) / n
    var = sum((p - mean) ** 2 for p in points) / max(n - 1, 1)
    margin = 1.96 * math.sqrt(var / n)
    w, l, d = points.count(1.0), points.count(0.0), points.count(0.5)
    print(f"{label}: {w} - {l} - {d} [{mean:.3f}] {n} games; "
          f"score {100 * mean:.1f}% +/- {100 * margin:.1f}% (95%); "
          f"Elo {elo(mean):+.0f} (95% interval {elo(mean - margin):+.0f} .. {elo(mean + margin):+.0f})")


def make_engine(args, k):
    cmd, proto = getattr(args, f"engine{k}"), getattr(args, f"proto{k}")
    opts = [tuple(o.split("=", 1)) for o in getattr(args, f"option{k}")]
    name = getattr(args, f"name{k}") or f"engine{k}"
    if proto == "xboard":
        return XboardEngine(cmd, opts, args.xboard_variant or args.variant, name, args.memory)
    return UciEngine(cmd, opts, args.uci_variant or args.variant, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kage", default="src/kage", help="the kage program used for adjudication")
    ap.add_argument("--variant", default="shinobiplus", help="Kage's variant id")
    ap.add_argument("--uci-variant", help="UCI_Variant value, if not the Kage id")
    ap.add_argument("--xboard-variant", help="XBoard variant name (cashew-shogi for HaChu)")
    for k in (1, 2):
        ap.add_argument(f"--engine{k}", required=True, help=f"command line of engine {k}")
        ap.add_argument(f"--proto{k}", choices=("uci", "xboard"), default="uci")
        ap.add_argument(f"--option{k}", action="append", default=[], help=f"NAME=VALUE for engine {k}")
        ap.add_argument(f"--name{k}", help=f"name of engine {k} in the output")
    ap.add_argument("--memory", type=int, default=64, help="hash MB sent to XBoard engines (HaChu needs it)")
    ap.add_argument("--games", type=int, default=10, help="games (rounded up to pairs)")
    ap.add_argument("--movetime", type=int, default=0, help="ms per move")
    ap.add_argument("--nodes", type=int, default=0, help="nodes per move (UCI only)")
    ap.add_argument("--depth", type=int, default=0, help="plies per move")
    ap.add_argument("--time", type=int, default=10000, help="ms per game and side, without --movetime/--nodes")
    ap.add_argument("--inc", type=int, default=100, help="ms increment per move")
    ap.add_argument("--opening-plies", type=int, default=4, help="random plies before the engines play")
    ap.add_argument("--max-plies", type=int, default=600, help="draw after this many plies (pychess: 600)")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pgn", help="append the games here (moves in engine text)")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    pairs = (args.games + 1) // 2
    openings = []
    for _ in range(pairs):
        opening = []
        for _ in range(args.opening_plies):
            result, _, legal = adjudicate(args.kage, args.variant, opening)
            if result != "*" or not legal:
                break
            # no pass in an opening: a pass answered by a pass is a
            # repetition that the engines and Kage may judge differently
            moves = [m for m in legal if not is_pass(m)] or legal
            opening.append(rng.choice(moves))
        openings.append(opening)

    local = threading.local()
    all_engines = []
    lock = threading.Lock()

    def engines():
        if not hasattr(local, "pair"):
            local.pair = (make_engine(args, 1), make_engine(args, 2))
            with lock:
                all_engines.extend(local.pair)
        return local.pair

    def run(job):
        pair, game = job
        e1, e2 = engines()
        white, black = (e1, e2) if game == 0 else (e2, e1)
        result, reason, moves, aborted = play_game(args, white, black, openings[pair])
        p1 = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        return pair, game, white.name, black.name, result, reason, moves, aborted, p1 if game == 0 else 1.0 - p1

    points, clean = [], []
    jobs = [(p, g) for p in range(pairs) for g in range(2)]
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            for pair, game, wname, bname, result, reason, moves, aborted, p1 in pool.map(run, jobs):
                points.append(p1)
                if not aborted:
                    clean.append(p1)
                print(f"game {2 * pair + game + 1}: {wname} vs {bname} opening {' '.join(openings[pair])}: "
                      f"{result} ({reason}) {len(moves)} plies{' [rules disagreement]' if aborted else ''}",
                      flush=True)
                if args.pgn:
                    with open(args.pgn, "a") as f:
                        f.write(f'[Variant "{args.variant}"]\n[White "{wname}"]\n[Black "{bname}"]\n'
                                f'[Result "{result}"]\n[Termination "{reason}"]\n\n{" ".join(moves)} {result}\n\n')
    finally:
        for e in all_engines:
            e.close()
    name1, name2 = args.name1 or "engine1", args.name2 or "engine2"
    summary(f"Score of {name1} vs {name2}", points)
    if len(clean) != len(points):
        summary(f"Without the {len(points) - len(clean)} games stopped by a rules disagreement", clean)
    for e in all_engines[:2]:
        print(f"{e.name}: {e.nps()} nodes/s over its searches (as it reports them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
