#!/usr/bin/env python3
"""Play two engines against each other and print the score of the first.

Each engine speaks UCI (Kage, Fairy-Stockfish) or XBoard/CECP 2 (HaChu).
Games come in pairs: each opening is played once with each engine first, so
that an opening's bias cancels within the pair.  Every position is judged by
Kage's own rules (`kage adjudicate --stdin`, one process per worker): mate,
stalemate per variant, campmate, repetition, 50 moves, King capture.

Openings: --openings FILE (one position a line, "VARIANT<TAB>FEN", from
tools/openings/), or a few random plies from the start (--opening-plies).

Limits: --nodes N (fixed nodes, immune to the machine's load), --movetime MS,
--depth D, or a clock (--time MS --inc MS).

--resume PGN counts the games of an earlier run of the same match (its --pgn
file, whose games come in pairs, one after the other) before any new game:
an SPRT stopped before its decision goes on from where it stood, and with
--games 0 the statistics of the files are printed without a game.  Engine 2
is the player named --name2 there (the reference keeps its name from run to
run); engine 1 is the other.  The new games take the openings of the suite
that the resumed ones did not play, whatever the --seed; --games counts
the new games only (100 games more after a 100-game file: --games 100).
New games are not written after a --pgn file's last game where it has no
pair (a run stopped between the two games of an opening): that game is
left out by --resume, and the pairs after it would be read out of step.

Each opening is played once (a pair of games) in a match, never twice: at a
fixed number of nodes the engines are deterministic, so a pair played again
repeats the first move for move and would count the same evidence twice
(the statistics assume independent pairs).  A match asked for more games
than its suite holds plays each opening once, says so, and an SPRT that has
not decided by then ends with "no decision (every opening played)"; a
longer test needs a larger suite (tools/make-openings.py).  The random
openings of --opening-plies are distinct.  --resume counts a pair from an
opening that an earlier pair of the files already played only once, the
first (files written before this rule may hold such repeats).  Random
openings are not recognised in a file (it does not say which plies were the
opening): a run that resumes one of them takes another --seed.

--exclude FILE (an opening file, as --openings) keeps its openings out of
the new games: those of an earlier record whose games were not kept, whose
evidence new games from them would repeat at fixed nodes (docs/records/).

--compare PGN sets engine 1's games (those played now and those of
--resume) beside the games of another engine 1 against the same engine 2
(--name2) in an earlier file: at fixed nodes both engines are deterministic,
so a candidate and main that played the same openings with the same colours
against one opponent (a peer such as Fairy-Stockfish) differ only where
their moves do.  It prints both scores over the games they have in common
and the difference with a 95% margin over the openings: far tighter than
the two matches' own margins, as the openings' bias cancels.  Games from
random openings (--opening-plies) are left out of it.

--pool W,L,D,MARGIN pools the match's games (those played now and those of
--resume) with an earlier part known only by its totals, a record whose
games were not kept: its wins, losses and draws and the Elo margin it
printed.  Each part's mean score is weighted by its share of the games, and
its standard error likewise (the earlier part's recovered from its margin,
this match's from its pairs); the two parts must not share an opening.

Statistics: the score with a 95% margin from the pentanomial distribution of
the game pairs, and with --sprt ELO0 ELO1 a sequential probability ratio test
(alpha = beta = 0.05 unless told; logistic Elo; the generalised SPRT of the
normal approximation over pairs, as fishtest and cutechess compute it) that
stops when H0 (the change is worth ELO0) or H1 (ELO1) is accepted.  Engine
1's wins, losses and draws with each colour follow the pentanomial (the
Shinobi games' two armies differ; a record recounts them with --games 0).
The last line is a summary meant for a commit message.

A move that Kage's rules reject ends the game: a loss for the engine that
played it; so does an engine's refusal of a move they accept (its loss) and
an engine's exit mid-game.  The summary also gives the
score without those games, since a rules disagreement or a crash (HaChu's
known Cashew bugs) says little about strength; --pgn marks them with a
[Clean "no"] tag, so that --resume leaves them out of that score too.

Examples:
  tools/match.py --kage src/kage --openings tools/openings/shogun.txt --nodes 20000 \\
      --sprt 0 10 --games 4000 --concurrency 2 \\
      --engine1 "src/kage uci" --engine2 "/tmp/kage-main uci" --name1 new --name2 main
  tools/match.py --kage src/kage --openings tools/openings/shinobiplus.txt --games 100 \\
      --movetime 300 --engine1 "src/kage uci" \\
      --engine2 "env NODE_PATH=$HOME/.cache/kage-npm/node_modules node ../shared/tools/fsf-uci.js ../shared/reference/variants.ini"
  tools/match.py --kage src/kage --variant cashew --games 10 --time 60000 --inc 1000 \\
      --engine1 "src/kage uci" --engine2 /usr/games/hachu --proto2 xboard \\
      --xboard-variant cashew-shogi --option2 "Allow repeats=1"
  tools/match.py --games 0 --sprt 0 10 --name2 main --resume run1.pgn --resume run2.pgn
  tools/match.py --games 0 --name2 fsf --resume new-vs-fsf.pgn --compare main-vs-fsf.pgn
  tools/match.py --games 0 --name2 fsf --resume new-vs-fsf.pgn --pool 239,227,8,27.8

Standard library only.
"""
import argparse
import os
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
        try:
            self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                      errors="replace")  # HaChu writes a stray 0xff byte
        except (OSError, ValueError) as e:  # no such program; a quote left open
            raise EngineError(f"cannot start {name} ({cmd}): {getattr(e, 'strerror', None) or e}") from None
        self.lines = []
        self.cv = threading.Condition()
        self.eof = False
        self.nodes = 0
        self.search_ms = 0
        self.depths = 0
        self.searches = 0
        self.score = None  # last reported score, side to move's view, centipawns
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            with self.cv:
                self.lines.append(line.rstrip("\n"))
                self.cv.notify_all()
        with self.cv:
            self.eof = True
            self.cv.notify_all()

    def dead(self):
        """The engine has exited, or closed its output: a crashed HaChu is
        still writing its core when its output ends."""
        return self.eof or self.p.poll() is not None

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
            self.p.wait()


class UciEngine(Engine):
    def __init__(self, cmd, options, name):
        super().__init__(cmd, name)
        self.send("uci")
        self.wait_for(lambda w: w[:1] == ["uciok"], 120)
        for key, value in options:
            self.send(f"setoption name {key} value {value}")
        self.variant = None
        self.last = (0, 0, 0)

    def ready(self):
        self.send("isready")
        self.wait_for(lambda w: w[:1] == ["readyok"], 120)

    def new_game(self, variant, fen):
        if variant != self.variant:
            self.send(f"setoption name UCI_Variant value {variant}")
            self.variant = variant
        self.fen = fen
        self.send("ucinewgame")
        self.ready()

    def seen(self, words):
        if words[:1] != ["info"]:
            return
        try:
            if "nodes" in words and "time" in words:
                depth = int(words[words.index("depth") + 1]) if "depth" in words else 0
                self.last = (int(words[words.index("nodes") + 1]), int(words[words.index("time") + 1]), depth)
            if "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                self.score = value if kind == "cp" else (100000 if value > 0 else -100000)
        except (ValueError, IndexError):
            pass

    def best_move(self, moves, limits, timeout):
        start = "startpos" if self.fen == "startpos" else f"fen {self.fen}"
        self.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
        if "movetime" in limits:
            go = f"movetime {limits['movetime']}"
        elif "nodes" in limits:
            go = f"nodes {limits['nodes']}"
        elif "depth" in limits:
            go = f"depth {limits['depth']}"
        else:
            go = (f"wtime {limits['wtime']} btime {limits['btime']} winc {limits['inc']} binc {limits['inc']}")
        self.last = (0, 0, 0)
        self.score = None
        self.send("go " + go)
        words = self.wait_for(lambda w: w[:1] == ["bestmove"], timeout)
        self.nodes += self.last[0]
        self.search_ms += self.last[1]
        self.depths += self.last[2]
        self.searches += 1
        return words[1] if len(words) > 1 else "(none)"


class XboardEngine(Engine):
    """CECP 2: the engine is kept in force mode and told every move; `go`
    makes it move once, then it is put back into force mode."""

    def __init__(self, cmd, options, name, memory, variant_name):
        super().__init__(cmd, name)
        self.options = options
        self.memory = memory
        self.variant_name = variant_name
        self.ping = 0
        self.send("xboard")
        self.send("protover 2")
        self.wait_for(lambda w: w[:1] == ["feature"] and "done=1" in w, 30)
        self.last = (0, 0, 0)

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

    def new_game(self, variant, fen):
        self.send("new")
        self.send(f"variant {self.variant_name or variant}")
        if self.memory:
            self.send(f"memory {self.memory}")
        for key, value in self.options:
            self.send(f"option {key}={value}")
        self.send("force")
        if fen != "startpos":
            self.send(f"setboard {fen}")
        self.send("post")
        self.sync()
        self.sent = 0

    def seen(self, words):
        # thinking output: depth score time(cs) nodes pv...
        if len(words) >= 4 and all(w.lstrip("-").isdigit() for w in words[:4]):
            self.last = (int(words[3]), int(words[2]) * 10, int(words[0]))
            self.score = int(words[1])

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
        elif "nodes" in limits:
            self.send(f"nps {limits['nodes']}")
            self.send("st 1")
        elif "depth" in limits:
            self.send(f"sd {limits['depth']}")
        else:
            us, them = ("wtime", "btime") if len(moves) % 2 == 0 else ("btime", "wtime")
            base = max(1, limits["base"] // 1000)
            self.send(f"level 0 {base // 60}:{base % 60:02d} {limits['inc'] / 1000:g}")
            self.send(f"time {max(1, limits[us] // 10)}")
            self.send(f"otim {max(1, limits[them] // 10)}")
        self.last = (0, 0, 0)
        self.score = None
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
        self.send("force")
        self.sent = len(moves) + 1
        self.nodes += self.last[0]
        self.search_ms += self.last[1]
        self.depths += self.last[2]
        self.searches += 1
        return text


class Referee:
    """Kage's rules in one long-lived `kage adjudicate --stdin` process."""

    def __init__(self, kage):
        try:
            self.p = subprocess.Popen([kage, "adjudicate", "--stdin"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            raise EngineError(f"cannot start the referee, {kage} adjudicate (--kage): {e.strerror}") from None

    def judge(self, variant, fen, moves):
        """(result, reason, legal moves) after moves; result None if one is illegal."""
        self.p.stdin.write(f"{variant}\t{fen}\t{' '.join(moves)}\n")
        self.p.stdin.flush()
        first = self.p.stdout.readline().split()
        if not first:
            raise RuntimeError("kage adjudicate --stdin exited")
        if first[0] == "illegal":
            return None, "illegal move", []
        legal = self.p.stdout.readline().split()[1:]
        return first[0], " ".join(first[1:]), legal

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def is_pass(move):
    """A Lion's or Wolf's pass, as Kage writes it for the protocols."""
    return move in ("@@@@", "pass", "0000")


def check_move(referee, variant, fen, moves, move, legal):
    """None if `move` is legal after moves, else why Kage's rules reject it."""
    if move in legal:
        return None
    # HaChu writes a capture that declines promotion as "i6i4," or "k6h9"
    if move.rstrip(",") + "+" in legal:
        return f"{move} declines a promotion that is mandatory"
    result, _, _ = referee.judge(variant, fen, moves + [move])
    return None if result is not None else f"{move} is not a legal move"


def limits_for(args, clock, side):
    """The search limits of one move and how long to wait for it."""
    if args.movetime:
        return {"movetime": args.movetime}, args.movetime / 1000 * 5 + 15
    if args.nodes:
        return {"nodes": args.nodes}, 300
    if args.depth:
        return {"depth": args.depth}, 600
    limits = {"wtime": int(clock[0]), "btime": int(clock[1]), "inc": args.inc, "base": args.time}
    return limits, clock[side] / 1000 + 10


def play_game(args, referee, white, black, variant, fen, pre):
    """(result, reason, moves, aborted) of a game from fen after the plies
    `pre`; moves include pre; aborted when the rules disagree or an engine exits."""
    moves = list(pre)
    clock = [args.time, args.time]
    for e in (white, black):
        e.new_game(variant, fen)
    first = 0 if fen == "startpos" or fen.split()[1] == "w" else 1  # side to move at fen
    good, bad = [0, 0], [0, 0]  # own moves in a row each side scored itself won / lost
    even = 0                    # plies in a row scored even
    while True:
        result, reason, legal = referee.judge(variant, fen, moves)
        if result is None:
            raise RuntimeError(f"opening or history rejected: {variant} {fen} {' '.join(moves)}")
        if result != "*":
            return result, reason, moves, False
        if len(moves) >= args.max_plies:
            return "1/2-1/2", "move limit", moves, False
        side = (len(moves) + first) % 2
        engine = white if side == 0 else black
        lost, won = ("0-1", "1-0") if side == 0 else ("1-0", "0-1")
        limits, timeout = limits_for(args, clock, side)
        start = time.monotonic()
        try:
            move = engine.best_move(moves, limits, timeout)
        except EngineError as e:
            # a refusal of the opponent's last move, which the referee took
            # (check_move below), is a rules disagreement lost by the refuser
            if "refused" in str(e):
                return lost, str(e), moves, True
            # an engine that exits mid-game (HaChu's known crash) loses
            # it, and the game says nothing of the other's strength either
            return lost, str(e), moves, "engine exited" in str(e)
        if not (args.movetime or args.nodes or args.depth):
            clock[side] -= (time.monotonic() - start) * 1000
            if clock[side] < 0:
                return lost, "time forfeit", moves, False
            clock[side] += args.inc
        why = check_move(referee, variant, fen, moves, move, legal)
        if why:
            return lost, f"{engine.name} played a move Kage's rules reject: {why}", moves + [move], True
        moves.append(move)
        # adjudication by the engines' own scores, both agreeing, to save time
        s = engine.score
        if s is None:
            continue
        if args.resign:
            cp, n = args.resign
            bad[side] = bad[side] + 1 if s <= -cp else 0
            good[side] = good[side] + 1 if s >= cp else 0
            if bad[side] >= n and good[1 - side] >= n:
                return lost, "adjudicated: both engines agree", moves, False
            if good[side] >= n and bad[1 - side] >= n:
                return won, "adjudicated: both engines agree", moves, False
        if args.draw and len(moves) - len(pre) >= args.draw[2]:
            even = even + 1 if abs(s) <= args.draw[0] else 0
            if even >= 2 * args.draw[1]:
                return "1/2-1/2", "adjudicated: both engines see it even", moves, False


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def score_of(elo):
    return 1 / (1 + 10 ** (-elo / 400))


class Stats:
    """Game points of engine 1 and the pentanomial counts of the pairs."""

    def __init__(self):
        self.points = []
        self.penta = [0] * 5  # pairs scoring 0, 0.5, 1, 1.5, 2
        self.pending = {}

    def add(self, pair, p1):
        self.points.append(p1)
        if pair in self.pending:
            self.penta[int(round(2 * (self.pending.pop(pair) + p1)))] += 1
        else:
            self.pending[pair] = p1

    def pair_mean_var(self):
        n = sum(self.penta)
        if n == 0:
            return 0, 0.5, 0
        xs = [0, 0.25, 0.5, 0.75, 1]
        mean = sum(c * x for c, x in zip(self.penta, xs)) / n
        var = sum(c * (x - mean) ** 2 for c, x in zip(self.penta, xs)) / n
        return n, mean, var

    def llr(self, elo0, elo1):
        """Log-likelihood ratio of H1 against H0 (normal approximation over pairs)."""
        n, mean, var = self.pair_mean_var()
        if n < 2 or var <= 0:
            return 0.0
        s0, s1 = score_of(elo0), score_of(elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def elo_margin(self):
        """(elo, low, high) at 95% from the pairs (or the games, before any pair)."""
        n, mean, var = self.pair_mean_var()
        if n < 2:
            games = self.points
            if not games:
                return 0, 0, 0
            mean = sum(games) / len(games)
            var = sum((p - mean) ** 2 for p in games) / max(len(games) - 1, 1)
            n = len(games)
        margin = 1.96 * math.sqrt(var / n)
        return elo_of(mean), elo_of(mean - margin), elo_of(mean + margin)

    def line(self):
        w, l = self.points.count(1.0), self.points.count(0.0)
        d = len(self.points) - w - l
        n = len(self.points)
        mean = sum(self.points) / n if n else 0
        e, lo, hi = self.elo_margin()
        return (f"{n} games, +{w} -{l} ={d}, score {100 * mean:.1f}%, "
                f"Elo {e:+.1f} +/- {(hi - lo) / 2:.1f} (95%)")


POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}  # White's points for a result


def read_pgn(path):
    """[(tags, moves)] of each game of a PGN written by --pgn, in file order:
    its tags as a dict, and its moves in engine text (the result left out).
    Raises OSError or UnicodeDecodeError where the file cannot be read."""
    games, tags, moves = [], {}, None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("[") and line.endswith("]") and " " in line:
                if moves is not None:
                    games.append((tags, moves))
                    tags, moves = {}, None
                key, _, value = line[1:-1].partition(" ")
                tags[key] = value.strip('"')
            elif line and tags:
                moves = (moves or []) + [w for w in line.split() if w not in POINTS and w != "*"]
    if moves is not None:
        games.append((tags, moves))
    return games


def read_pgn_or_exit(path, option):
    """read_pgn(path), or an exit with a message that names the file and
    its option where it cannot be read."""
    try:
        return read_pgn(path)
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"match.py: {option} {path}: {e}")


def read_resumed(path, name2, option="--resume"):
    """[(variant, fen, [(p1, clean, white), (p1, clean, white)])] of a PGN
    written by --pgn: each pair's opening (fen None for the start position),
    engine 1's points in each of its two games, whether the game counts in
    the clean score (not where --pgn wrote [Clean "no"]: a rules disagreement
    or an engine's exit) and whether engine 1 had White; a last game without
    its pair is left out.  Exits with a message that names the file and
    its option where the file is not such a record."""
    games = [tags for tags, _ in read_pgn_or_exit(path, option)]
    out = []
    for k in range(0, len(games) - 1, 2):
        a, b = games[k], games[k + 1]
        where = f"match.py: {option} {path}: games {k + 1} and {k + 2}"
        if any(g.get("Result") not in POINTS or not g.get("White") or not g.get("Black") for g in (a, b)):
            sys.exit(f"{where}: a game without a White, a Black or a result of 1-0, 0-1 or 1/2-1/2")
        if (a.get("FEN"), a.get("Variant")) != (b.get("FEN"), b.get("Variant")) or \
                (a["White"], a["Black"]) != (b["Black"], b["White"]):
            sys.exit(f"{where} are not a pair (one opening, the colours swapped)")
        if name2 not in (a["White"], a["Black"]) or a["White"] == a["Black"]:
            sys.exit(f"{where}: no player named {name2} (--name2) against another")
        out.append((a.get("Variant", "?"), a.get("FEN"),
                    [(POINTS[g["Result"]] if g["Black"] == name2 else 1.0 - POINTS[g["Result"]],
                      g.get("Clean") != "no", g["Black"] == name2) for g in (a, b)]))
    if not out:
        sys.exit(f"match.py: {option} {path}: no pair of games in it")
    return out


def paired_line(played, other, name1, name2, paths):
    """The line of --compare: engine 1's points in this match's games beside
    those of the other engine 1 in the same openings with the same colours
    (each {(variant, fen, engine 1 has White): points}), and the difference
    with a 95% margin over the openings (an opening's two games are one
    sample, as the pairs are in the match's own statistics)."""
    common = sorted(set(played) & set(other))
    there = " and ".join(paths)
    if not common:
        return f"Compared with {there}: no game with the same opening and colours"
    by_opening = {}
    for k in common:
        by_opening.setdefault(k[:2], []).append(played[k] - other[k])
    diffs = [sum(v) for v in by_opening.values()]
    n, total = len(diffs), sum(diffs)
    here, before = sum(played[k] for k in common), sum(other[k] for k in common)
    same = sum(1 for k in common if played[k] == other[k])
    if n > 1:
        mean = total / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        margin = f" +/- {1.96 * sd * math.sqrt(n):.1f} points (95%)"
    else:
        margin = " points (one opening: no margin)"
    return (f"Compared with {there}: {len(common)} games with the same opening and colours "
            f"({n} opening{'s' if n > 1 else ''}), "
            f"{name1} against {name2} {here:g} points ({100 * here / len(common):.1f}%), "
            f"the other {before:g} ({100 * before / len(common):.1f}%): "
            f"difference {total:+g}{margin}, {same} results the same")


def se_from_margin(mean, margin):
    """The standard error of a mean score whose 95% Elo margin, as
    Stats.line prints it, is `margin`."""
    lo, hi = 0.0, 0.5
    for _ in range(100):
        mid = (lo + hi) / 2
        if (elo_of(mean + 1.96 * mid) - elo_of(mean - 1.96 * mid)) / 2 < margin:
            lo = mid
        else:
            hi = mid
    return lo


def pooled_line(stats, pool):
    """The line of --pool: this match's pairs with an earlier part known by
    its wins, losses, draws and printed Elo margin."""
    w, l, d, margin = pool
    old_games = w + l + d
    old_mean = (w + d / 2) / old_games
    old_se = se_from_margin(old_mean, margin)
    pairs, mean, var = stats.pair_mean_var()
    games = len(stats.points)
    if pairs < 2:
        return f"--pool: no pooled figure: the match has {pairs} pair{'s' if pairs != 1 else ''} of games (2 needed)"
    a, b = old_games / (old_games + games), games / (old_games + games)
    pooled = a * old_mean + b * mean
    se = math.sqrt((a * old_se) ** 2 + (b * math.sqrt(var / pairs)) ** 2)
    low, high = elo_of(pooled - 1.96 * se), elo_of(pooled + 1.96 * se)
    return (f"Pooled with {old_games} earlier games (+{w:g} -{l:g} ={d:g}, Elo +/- {margin:g}): "
            f"{old_games + games:g} games, score {100 * pooled:.1f}%, "
            f"Elo {elo_of(pooled):+.1f} +/- {(high - low) / 2:.1f} (95%), {low:+.1f} to {high:+.1f}")


def pool_arg(text):
    """W,L,D,MARGIN for --pool."""
    try:
        w, l, d, margin = (float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text}: expected W,L,D,MARGIN (wins, losses, draws, the Elo margin)")
    if not all(math.isfinite(x) for x in (w, l, d, margin)) or min(w, l, d) < 0 or \
            any(x != int(x) for x in (w, l, d)) or w + l + d == 0 or margin <= 0 or w + d == 0 or l + d == 0:
        raise argparse.ArgumentTypeError(f"{text}: wins, losses and draws must be whole numbers, some games, "
                                         "not all won or all lost, and the margin above 0")
    return int(w), int(l), int(d), margin


def make_engine(args, k):
    cmd, proto = getattr(args, f"engine{k}"), getattr(args, f"proto{k}")
    opts = [tuple(o.split("=", 1)) for o in getattr(args, f"option{k}")]
    name = getattr(args, f"name{k}") or f"engine{k}"
    if proto == "xboard":
        return XboardEngine(cmd, opts, name, args.memory, args.xboard_variant)
    return UciEngine(cmd, opts, name)


def read_suite(path):
    """(comment lines, [(variant, fen)]) of an opening file (tools/openings/):
    a line "VARIANT<TAB>FEN", or a bare FEN whose variant is None.  Raises
    OSError or UnicodeDecodeError for the caller to report."""
    comments, entries = [], []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#"):
                comments.append(line)
            elif line:
                variant, _, fen = line.partition("\t")
                entries.append((variant, fen) if fen else (None, line))
    return comments, entries


def suite_or_exit(path, option):
    """read_suite(path)'s [(variant, fen)], or an exit with a message that
    names the file and its option where it cannot be read."""
    try:
        return read_suite(path)[1]
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"match.py: {option} {path}: {e}")


def load_openings(args, rng):
    """[(variant, fen)]: from the file, or random plies from the start."""
    if args.openings:
        out = []
        for variant, fen in suite_or_exit(args.openings, "--openings"):
            variant = variant or args.variant
            if args.variant_filter and variant != args.variant_filter:
                continue
            out.append((variant, fen, []))
        if not out:
            sys.exit(f"{args.openings}: no openings")
        if not args.ordered:
            rng.shuffle(out)
        return out
    referee = Referee(args.kage)
    out, seen, misses = [], set(), 0
    # distinct openings, up to 4096; few plies may allow fewer: stop once
    # 200 draws in a row found nothing new
    while len(out) < 4096 and misses < 200:
        opening = []
        for _ in range(args.opening_plies):
            result, _, legal = referee.judge(args.variant, "startpos", opening)
            if result != "*" or not legal:
                break
            # no pass in an opening: a pass answered by a pass is a
            # repetition that the engines and Kage may judge differently
            moves = [m for m in legal if not is_pass(m)] or legal
            opening.append(rng.choice(moves))
        if tuple(opening) in seen:  # each opening once (see the top)
            misses += 1
            continue
        misses = 0
        seen.add(tuple(opening))
        out.append((args.variant, "startpos", opening))
    referee.close()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kage", default=next((k for k in ("build/src/kage", "src/kage") if os.path.exists(k)), "build/src/kage"),
                    help="the kage program used as referee (default: build/src/kage, the README's build, else src/kage)")
    ap.add_argument("--variant", default="shinobiplus", help="Kage's variant id (without --openings)")
    ap.add_argument("--xboard-variant", help="XBoard variant name (cashew-shogi for HaChu)")
    for k in (1, 2):
        ap.add_argument(f"--engine{k}", help=f"command line of engine {k} (needed unless --games 0)")
        ap.add_argument(f"--proto{k}", choices=("uci", "xboard"), default="uci")
        ap.add_argument(f"--option{k}", action="append", default=[], help=f"NAME=VALUE for engine {k}")
        ap.add_argument(f"--name{k}", help=f"name of engine {k} in the output")
    ap.add_argument("--memory", type=int, default=64, help="hash MB sent to XBoard engines (HaChu needs it)")
    ap.add_argument("--openings", help="file of openings, a line each: VARIANT<TAB>FEN")
    ap.add_argument("--variant-filter", help="with --openings: only this variant's lines")
    ap.add_argument("--ordered", action="store_true", help="with --openings: in file order, not shuffled")
    ap.add_argument("--opening-plies", type=int, default=4, help="random plies, without --openings")
    ap.add_argument("--games", type=int, default=10,
                    help="new games (rounded up to pairs; those of --resume not counted); the most with --sprt")
    ap.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"), help="stop at a decision")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--movetime", type=int, default=0, help="ms per move")
    ap.add_argument("--nodes", type=int, default=0, help="nodes per move")
    ap.add_argument("--depth", type=int, default=0, help="plies per move")
    ap.add_argument("--time", type=int, default=10000, help="ms per game and side, without the others")
    ap.add_argument("--inc", type=int, default=100, help="ms increment per move")
    ap.add_argument("--max-plies", type=int, default=600, help="draw after this many plies (pychess: 600)")
    ap.add_argument("--resign", type=lambda s: tuple(int(x) for x in s.split(":")), metavar="CP:MOVES",
                    help="a side loses when both engines score it at -CP or worse for MOVES moves each")
    ap.add_argument("--draw", type=lambda s: tuple(int(x) for x in s.split(":")), metavar="CP:MOVES:PLY",
                    help="a draw when both score within CP for MOVES moves each after ply PLY")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pgn", help="append the games here (moves in engine text)")
    ap.add_argument("--quiet", action="store_true", help="no line per game; a status line every 50")
    ap.add_argument("--resume", action="append", default=[], metavar="PGN",
                    help="count an earlier run's games (its --pgn file) first")
    ap.add_argument("--exclude", action="append", default=[], metavar="FILE",
                    help="an opening file (as --openings) whose openings the new games do not take")
    ap.add_argument("--compare", action="append", default=[], metavar="PGN",
                    help="set engine 1's games beside another engine 1's against the same engine 2 "
                         "(an earlier --pgn file), game for game")
    ap.add_argument("--pool", type=pool_arg, metavar="W,L,D,MARGIN",
                    help="pool the games with an earlier part known by its totals and printed Elo margin")
    args = ap.parse_args()
    if args.games < 0:
        ap.error("--games: not a number of games")
    if args.games and not (args.engine1 and args.engine2):
        ap.error("--engine1 and --engine2 are needed to play games (--games 0 plays none)")
    if args.exclude and not args.openings:
        ap.error("--exclude needs --openings (random openings are new each time)")

    rng = random.Random(args.seed)
    openings = load_openings(args, rng) if args.games else []
    pairs = (args.games + 1) // 2
    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)

    local = threading.local()
    all_engines, referees = [], []
    lock = threading.Lock()
    stop = threading.Event()

    def worker_state():
        if not hasattr(local, "referee"):
            first = make_engine(args, 1)
            try:
                local.pair = [first, make_engine(args, 2)]
            except EngineError:
                first.close()
                raise
            with lock:
                all_engines.append(local.pair)  # closed at the end, even if the referee fails
            referee = Referee(args.kage)
            with lock:
                referees.append(referee)
            local.referee = referee
        return local.pair, local.referee

    def restart_dead(engines):
        for k, e in enumerate(engines):
            if e.dead():
                try:
                    e.p.kill()
                except OSError:
                    pass
                engines[k] = make_engine(args, k + 1)

    def run(job):
        pair, game = job
        if stop.is_set():
            return None
        try:
            engines, referee = worker_state()
        except EngineError:
            stop.set()  # the games still queued are not started
            raise
        variant, fen, pre = openings[pair]
        # engine 1 plays the side to move after the opening in game 0
        first = 0 if fen == "startpos" or fen.split()[1] == "w" else 1
        mover = (first + len(pre)) % 2
        one_white = (mover == 0) == (game == 0)
        for attempt in (1, 2):
            e1, e2 = engines
            white, black = (e1, e2) if one_white else (e2, e1)
            try:
                result, reason, moves, aborted = play_game(args, referee, white, black, variant, fen, pre)
                break
            except EngineError:
                # an engine that died after its last game (HaChu does) fails
                # when the next one is set up: start it again, and the game
                if attempt == 2 or not any(e.dead() for e in engines):
                    raise
                restart_dead(engines)
        p_white = POINTS.get(result, 0.5)
        p1 = p_white if one_white else 1.0 - p_white
        restart_dead(engines)  # for the next game
        return pair, game, white.name, black.name, variant, fen, pre, result, reason, moves, aborted, p1, one_white

    stats, clean = Stats(), []
    # engine 1's games by its colour (True: White) and its points in them
    by_colour = {True: [], False: []}

    def verdict():
        """The SPRT's decision on the pairs so far, or None."""
        llr = stats.llr(*args.sprt)
        return "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else None

    # engine 1's points by (variant, opening, engine 1 has White), for --compare
    mine, other = {}, {}
    for path in args.compare:
        for variant, fen, games in read_resumed(path, args.name2 or "engine2", "--compare"):
            for p1, counts, white in games:
                if fen is not None:
                    other.setdefault((variant, fen, white), p1)
    resumed_variants, resumed_openings = set(), set()
    for path in args.resume:
        pgn_pairs = read_resumed(path, args.name2 or "engine2")
        repeats = 0
        for k, (variant, fen, games) in enumerate(pgn_pairs):
            # a pair from an opening already counted repeats its evidence
            # (move for move at fixed nodes): the first one counts
            if fen is not None and (variant, fen) in resumed_openings:
                repeats += 1
                continue
            resumed_openings.add((variant, fen))
            for p1, counts, white in games:
                if fen is not None:
                    mine.setdefault((variant, fen, white), p1)
                stats.add((path, k), p1)
                by_colour[white].append(p1)
                if counts:
                    clean.append(p1)
            resumed_variants.add(variant)
        print(f"resumed: {2 * (len(pgn_pairs) - repeats)} games from {path}"
              + (f" ({2 * repeats} more left out: their openings were played before)" if repeats else ""), flush=True)
    # the new games take the openings the resumed ones did not play, each once
    suite = len(openings)
    openings = [o for o in openings if (o[0], o[1]) not in resumed_openings]
    resumed_left = len(openings)
    in_suite = {(o[0], o[1]) for o in openings}
    excluded = set()
    for path in args.exclude if args.games else []:  # --games 0: no opening to leave out
        entries = {(v or args.variant, fen) for v, fen in suite_or_exit(path, "--exclude")}
        if not entries:
            sys.exit(f"match.py: --exclude {path}: no openings in it")
        found = entries & in_suite
        excluded |= found
        rest = (f" ({len(entries) - len(found)} of its {len(entries)} not among the openings left to play)"
                if len(found) < len(entries) else "")
        print(f"excluded: {len(found)} opening{'' if len(found) == 1 else 's'} from {path}{rest}", flush=True)
    openings = [o for o in openings if (o[0], o[1]) not in excluded]
    used_up = False
    if pairs > len(openings):
        used_up = True
        pairs = len(openings)
        source = (f"{args.openings} holds {suite} openings" if args.openings
                  else f"--opening-plies {args.opening_plies} gives {suite} distinct openings")
        played = f", {suite - resumed_left} of them played in the resumed games" if suite > resumed_left else ""
        if excluded:
            played += f", {len(excluded)} left out by --exclude"
        larger = "a larger suite: tools/make-openings.py" if args.openings else "more plies give more"
        print(f"match.py: {source}{played}: {2 * pairs} new games at most, "
              f"each opening played once ({larger})", file=sys.stderr, flush=True)
    decision = None
    if args.sprt and stats.penta != [0] * 5:
        decision = verdict()
        if decision:
            pairs = 0  # decided already: no game to play
    jobs = [(p, g) for p in range(pairs) for g in range(2)]
    # the games go after those of the file, which --resume reads two by two:
    # after a last game without its pair (a run stopped between the two
    # games of an opening) every new pair would be read out of step
    if jobs and args.pgn and os.path.exists(args.pgn):
        held = len(read_pgn_or_exit(args.pgn, "--pgn"))
        if held % 2:
            sys.exit(f"match.py: --pgn {args.pgn}: its last game (game {held}) has no pair, as where a run "
                     "stopped between the two games of an opening; new games after it would break the pairs "
                     "that --resume reads: remove that game first, or write the new games to another file")
    started = time.monotonic()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            for out in pool.map(run, jobs):
                if out is None:
                    continue
                pair, game, wname, bname, variant, fen, pre, result, reason, moves, aborted, p1, one_white = out
                stats.add(pair, p1)
                by_colour[one_white].append(p1)
                if fen != "startpos" and not pre:
                    mine.setdefault((variant, fen, one_white), p1)
                if not aborted:
                    clean.append(p1)
                n = len(stats.points)
                if not args.quiet:
                    where = fen + (" moves " + " ".join(pre) if pre else "")
                    print(f"game {n}: {wname} vs {bname} {variant} [{where}]: {result} ({reason}) "
                          f"{len(moves) - len(pre)} plies{' [not in the clean score]' if aborted else ''}", flush=True)
                elif n % 50 == 0:
                    llr = f", LLR {stats.llr(*args.sprt):.2f}" if args.sprt else ""
                    print(f"after {stats.line()}{llr} ({time.monotonic() - started:.0f} s)", flush=True)
                if args.pgn:
                    with open(args.pgn, "a") as f:
                        fen_tag = f'[FEN "{fen}"]\n' if fen != "startpos" else ""
                        clean_tag = '[Clean "no"]\n' if aborted else ""  # read by --resume
                        f.write(f'[Variant "{variant}"]\n{fen_tag}[White "{wname}"]\n[Black "{bname}"]\n'
                                f'[Result "{result}"]\n[Termination "{reason}"]\n'
                                f'{clean_tag}\n'
                                f'{" ".join(moves)} {result}\n\n')
                if args.sprt and not stats.pending and decision is None:
                    decision = verdict()
                    if decision:
                        stop.set()
    except EngineError as e:
        print(f"match.py: {e}", file=sys.stderr)
        return 1
    finally:
        for pair in all_engines:
            for e in pair:
                e.close()
        for r in referees:
            r.close()
    name1, name2 = args.name1 or "engine1", args.name2 or "engine2"
    limit = (f"nodes={args.nodes}" if args.nodes else f"movetime={args.movetime}ms" if args.movetime
             else f"depth={args.depth}" if args.depth else f"tc={args.time / 1000:g}+{args.inc / 1000:g}s"
             if args.games else "limit as played")
    variants = sorted({o[0] for o in openings[:pairs]} | resumed_variants)
    print(f"Score of {name1} vs {name2}: {stats.line()}")
    if len(clean) != len(stats.points):
        s2 = Stats()
        s2.points = clean
        print(f"Without the {len(stats.points) - len(clean)} games stopped by a rules disagreement or an engine's exit: "
              f"{s2.line()}")
    print("pentanomial (pairs scoring 0, 0.5, 1, 1.5, 2): " + " ".join(str(c) for c in stats.penta))
    print(f"{name1} by colour: " + "; ".join(
        f"with {side} +{pts.count(1.0)} -{pts.count(0.0)} ={len(pts) - pts.count(1.0) - pts.count(0.0)}"
        for side, pts in (("White", by_colour[True]), ("Black", by_colour[False]))))
    for e in (all_engines[0] if all_engines else []):
        if e.searches:
            print(f"{e.name}: {e.nps()} nodes/s, mean depth {e.depths / e.searches:.1f} (as it reports them)")
    head = f"{name1} vs {name2}, {'+'.join(variants)}, {limit}"
    if args.sprt:
        llr = stats.llr(*args.sprt)
        print(f"SPRT[{args.sprt[0]:g},{args.sprt[1]:g}] {head}: {stats.line()}, "
              f"LLR {llr:.2f} ({lower:.2f}, {upper:.2f}) "
              f"{decision or ('no decision (every opening played)' if used_up else 'no decision')}")
    else:
        print(f"Match {head}: {stats.line()}")
    if args.compare:
        print(paired_line(mine, other, name1, name2, args.compare))
    if args.pool:
        print(pooled_line(stats, args.pool))
    return 0


if __name__ == "__main__":
    sys.exit(main())
