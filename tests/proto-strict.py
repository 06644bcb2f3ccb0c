#!/usr/bin/env python3
"""A strict third-party client of `kage uci` and `kage xboard` (standard
library only): a whole game per variant and protocol, Kage against itself,
where every line Kage sends must be a valid line of the protocol (UCI as
Fairy-Stockfish speaks it, XBoard's protocol 2), and what it says must hold:
each bestmove / move legal in the game's position, each PV legal from it,
info fields well formed (seldepth >= depth, nodes and time counts, a score
of cp or mate, mate 0 only where the game is over), a game over answered
with "info depth 0 score ..." and "bestmove (none)" (UCI) or a result line
that agrees with the rules (XBoard).  Legality and the rules' verdict come
from `kage adjudicate` on the game so far, move by move, and again at the
game's end from `kage pgn` reading every line judged as a record, which must
agree (the rules are checked against Fairy-Stockfish and an independent
Cashew referee elsewhere).

usage: proto-strict.py KAGE [--plies N] [--nodes N] [--variants a,b] [--pgn DIR]
       proto-strict.py KAGE --terminal FILE (finished games: VARIANT<TAB>FEN<TAB>RESULT)
Prints one line per game; exit 1 on the first protocol violation (said).
"""
import os
import re
import select
import subprocess
import sys
import time

VARIANTS = ["shinobiplus", "shinobi", "shinobivchess", "shogun", "cashew"]
XB_NAME = {"cashew": "cashew-shogi"}
SQ = r"[a-m](?:1[0-3]|[1-9])"
MOVE_8X8 = re.compile(r"^(?:[a-h][1-8][a-h][1-8]\+?|[A-Z]@[a-h][1-8]|0000)$")
MOVE_CASHEW = re.compile(r"^(?:%s%s(?:,%s%s){0,2}\+?|0000)$" % (SQ, SQ, SQ, SQ))
XB_MOVE_CASHEW = re.compile(r"^(?:%s%s(?:,%s%s){0,2}\+?|@@@@)$" % (SQ, SQ, SQ, SQ))
XB_MOVE_8X8 = re.compile(r"^(?:[a-h][1-8][a-h][1-8]\+?|[A-Z]@[a-h][1-8])$")
INT = re.compile(r"^-?\d+$")
# the ends after which no move is legal: bestmove (none) in UCI
IMMEDIATE = ("checkmate", "stalemate", "campmate", "King captured", "no legal moves")
UINT = re.compile(r"^\d+$")


class Violation(Exception):
    pass


class Engine:
    """A child process read line by line, with a deadline for each line."""

    def __init__(self, argv, log):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, bufsize=0)
        self.buf = b""
        self.log = log

    def send(self, line):
        self.log.append("> " + line)
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def line(self, timeout=30.0):
        end = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0:
                raise Violation("no line from Kage in %.0f s" % timeout)
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    raise Violation("Kage closed its output (exit %s)" % self.p.poll())
                self.buf += chunk
        raw, self.buf = self.buf.split(b"\n", 1)
        try:
            text = raw.decode("ascii")
        except UnicodeDecodeError:
            raise Violation("a line that is not ASCII: %r" % raw[:80])
        if text.endswith("\r") or "\t" in text or text != text.strip() or not text:
            raise Violation("a line with stray blanks or an empty line: %r" % text[:80])
        self.log.append("< " + text)
        return text

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except Exception:
            pass
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()


class Referee:
    """The game so far, judged twice: move by move by `kage adjudicate
    --stdin` (one process a game, asked a line at a time), and at the game's
    end every line judged (the game, each PV from its position, a move after
    the game's end) read once more as records by `kage pgn`, in one run,
    which must find each legal with the same verdict.  (A process a line,
    as this once did, cost a tenth of a second each under the sanitizers:
    two minutes of the suite.)"""

    def __init__(self, kage, variant):
        self.kage, self.variant, self.moves = kage, variant, []
        self.adj = Engine([kage, "adjudicate", "--stdin"], [])
        self.seen = {}
        # lines judged by kage pgn alone: a move after a game's end by a rule
        # a GUI applies (repetition, 50 moves), where adjudicate takes none
        self.records_only = []

    def judge(self, moves):
        key = tuple(moves)
        if key not in self.seen:
            self.seen[key] = self.run(moves)
        return self.seen[key]

    def run(self, moves):
        self.adj.send("%s\tstartpos\t%s" % (self.variant, " ".join(moves)))
        verdict = self.adj.line(60)
        if verdict.startswith("illegal"):
            return None, "kage adjudicate: %s" % verdict
        result, reason = verdict.split(" ", 1)
        if not self.adj.line(60).startswith("legal"):
            raise Violation("kage adjudicate: no list of legal moves after %r" % verdict)
        return ("the position after %d plies" % len(moves), result, None if reason == "-" else reason), None

    def legal(self, extra, what):
        state, err = self.judge(self.moves + extra)
        if state is None:
            raise Violation("%s: %s" % (what, err))
        return state

    def legal_after_end(self, extra, what):
        """A move after the game's end by a rule a GUI applies: legal if
        kage pgn reads it (at the game's end, with the rest)."""
        self.records_only.append(tuple(self.moves + extra))

    def close(self, check):
        """The lines judged, read by `kage pgn` (if check): the game, and
        each line that is not a move of it; then the adjudicator ends."""
        try:
            if check:
                self.check_records()
        finally:
            try:
                self.adj.p.stdin.close()
                self.adj.p.wait(timeout=10)
            except Exception:
                pass
            if self.adj.p.poll() is None:
                self.adj.p.kill()
                self.adj.p.wait()

    def check_records(self):
        game = tuple(self.moves)
        self.judge(game)
        lines = [game] + [k for k, (state, _) in self.seen.items()
                          if state is not None and k[:len(game)] != game[:len(k)]] + self.records_only
        # four lines a game: the first of game i is line 4i+1
        text = "".join('[Variant "%s"]\n\n%s *\n\n' % (self.variant, " ".join(k)) for k in lines)
        r = subprocess.run([self.kage, "pgn", "-"], input=text.encode(), capture_output=True, timeout=300)
        if r.returncode:
            err = r.stderr.decode(errors="replace").strip()
            m = re.search(r"line (\d+)", err)
            i = (int(m.group(1)) - 1) // 4 if m else len(lines)
            where = " (%d plies, ending %s)" % (len(lines[i]), " ".join(lines[i][-6:])) if i < len(lines) else ""
            raise Violation("kage pgn refuses a line that kage adjudicate found legal%s: %s" % (where, err))
        found = re.findall(r"^result: (\S+)(?: \((.*)\))?$", r.stdout.decode(), re.M)
        if len(found) != len(lines):
            raise Violation("kage pgn judged %d of %d lines" % (len(found), len(lines)))
        for k, (result, reason) in zip(lines, found):
            if k in self.records_only:
                continue
            state = self.judge(k)[0]
            pgn = (result, None if reason in ("", "unfinished") else reason)
            if (state[1], state[2]) != pgn:
                raise Violation("after %s: kage pgn says %s, kage adjudicate %s"
                                % (" ".join(k[-6:]) or "the start", pgn, (state[1], state[2])))


def check_move(variant, text, uci):
    pat = (MOVE_CASHEW if uci else XB_MOVE_CASHEW) if variant == "cashew" else (MOVE_8X8 if uci else XB_MOVE_8X8)
    if not pat.match(text):
        raise Violation("not a %s move: %r" % ("UCI" if uci else "XBoard", text))


def ref_move(variant, text):
    """The move as kage pgn reads it in a record."""
    return "@@@@" if text == "0000" else text


# --- UCI ----------------------------------------------------------------------

def uci_info(variant, line, game_over):
    w = line.split()
    i, seen = 1, {}
    while i < len(w):
        k = w[i]
        if k in seen and k != "string":
            raise Violation("info: %s twice: %s" % (k, line))
        seen[k] = True
        if k in ("depth", "seldepth", "nodes", "nps", "time", "multipv", "hashfull", "tbhits", "currmovenumber",
                 "cpuload"):
            if i + 1 >= len(w) or not UINT.match(w[i + 1]):
                raise Violation("info %s without a whole number: %s" % (k, line))
            seen[k] = int(w[i + 1])
            i += 2
        elif k == "score":
            if i + 2 >= len(w) or w[i + 1] not in ("cp", "mate") or not INT.match(w[i + 2]):
                raise Violation("info score is not 'cp N' or 'mate N': %s" % line)
            seen["score"] = (w[i + 1], int(w[i + 2]))
            i += 3
            if i < len(w) and w[i] in ("lowerbound", "upperbound"):
                i += 1
        elif k == "currmove":
            check_move(variant, w[i + 1] if i + 1 < len(w) else "", True)
            i += 2
        elif k == "pv":
            seen["pv"] = w[i + 1:]
            if not seen["pv"]:
                raise Violation("info pv without moves: %s" % line)
            for m in seen["pv"]:
                check_move(variant, m, True)
            i = len(w)
        elif k == "string":
            i = len(w)
        else:
            raise Violation("info: unknown field %r: %s" % (k, line))
    if "depth" not in seen and "string" not in seen and "currmove" not in seen:
        raise Violation("info without depth: %s" % line)
    if "seldepth" in seen and "depth" in seen and seen["seldepth"] < seen["depth"]:
        raise Violation("seldepth below depth: %s" % line)
    if "seldepth" in seen and "depth" not in seen:
        raise Violation("seldepth without depth: %s" % line)
    if "score" in seen and seen["score"] == ("mate", 0) and not game_over:
        raise Violation("mate 0 where the game goes on: %s" % line)
    if "pv" in seen and "score" not in seen:
        raise Violation("a pv without a score: %s" % line)
    return seen


def uci_game(kage, variant, plies, nodes, log):
    e = Engine([kage, "uci"], log)
    ref = Referee(kage, variant)
    try:
        e.send("uci")
        names = set()
        while True:
            l = e.line()
            if l == "uciok":
                break
            if re.match(r"^id (name|author) \S", l):
                names.add(l.split()[1])
                continue
            m = re.match(r"^option name (.+?) type (check|spin|combo|button|string)(?: (.*))?$", l)
            if not m:
                raise Violation("not an id, option or uciok line: %r" % l)
            rest = (m.group(3) or "").split()
            if m.group(2) == "spin" and not re.match(r"^default -?\d+ min -?\d+ max -?\d+$", " ".join(rest)):
                raise Violation("a spin option needs default, min and max: %r" % l)
            if m.group(2) == "check" and " ".join(rest) not in ("default true", "default false"):
                raise Violation("a check option's default is true or false: %r" % l)
            if m.group(2) == "combo" and (len(rest) < 4 or rest[0] != "default" or "var" not in rest):
                raise Violation("a combo option needs a default and vars: %r" % l)
            if m.group(2) == "combo" and rest[1] not in [rest[j + 1] for j in range(len(rest) - 1) if rest[j] == "var"]:
                raise Violation("a combo's default is not among its vars: %r" % l)
        if names != {"name", "author"}:
            raise Violation("uci: id name and id author expected, got %s" % sorted(names))
        e.send("setoption name UCI_Variant value %s" % variant)
        e.send("ucinewgame")
        e.send("isready")
        l = e.line()
        if l != "readyok":
            raise Violation("isready answered with %r" % l)
        over = None
        while True:
            state = ref.legal([], "the game so far")
            game_over = state[1] != "*"
            e.send("position startpos moves %s" % " ".join(ref.moves) if ref.moves else "position startpos")
            e.send("go nodes %d" % nodes)
            last, depth0, counts = None, None, (0, 0)
            while True:
                l = e.line()
                if l.startswith("info "):
                    info = uci_info(variant, l, game_over)
                    now = (info.get("nodes", counts[0]), info.get("time", counts[1]))
                    if now[0] < counts[0] or now[1] < counts[1]:
                        raise Violation("nodes or time went down during the search: %s" % l)
                    counts = now
                    if info.get("depth") == 0:
                        depth0 = info
                    elif "pv" in info:
                        last = info
                    continue
                m = re.match(r"^bestmove (\S+)(?: ponder (\S+))?$", l)
                if not m:
                    raise Violation("not an info or bestmove line while searching: %r" % l)
                best = m.group(1)
                break
            if best == "(none)":
                if not game_over:
                    raise Violation("bestmove (none) where the game goes on (%s)" % state[0])
                if not depth0 or "score" not in depth0:
                    raise Violation("bestmove (none) without 'info depth 0 score' before it")
                lost = state[1] in ("1-0", "0-1")
                if lost and depth0["score"] != ("mate", 0) or not lost and depth0["score"] != ("cp", 0):
                    raise Violation("the score before bestmove (none) is %s %d, the game %s (%s)"
                                    % (depth0["score"] + (state[1], state[2])))
                over = state
                break
            if game_over and state[2] in IMMEDIATE:
                raise Violation("bestmove %s where the game is over (%s %s)" % (best, state[1], state[2]))
            check_move(variant, best, True)
            # after a game's end by a rule a GUI applies, adjudicate takes no move: kage pgn judges
            judge = ref.legal_after_end if game_over else ref.legal
            if last is not None:
                judge([ref_move(variant, m) for m in last["pv"]], "the last pv %s" % " ".join(last["pv"]))
                if last["pv"][0] != best:
                    log.append("# note: bestmove %s, the last pv starts %s" % (best, last["pv"][0]))
                if last.get("seldepth", 0) < last.get("depth", 0):
                    raise Violation("seldepth below depth")
            judge([ref_move(variant, best)], "bestmove %s" % best)
            if game_over:
                # over by a rule a GUI applies (repetition, 50 moves): a
                # legal move is still an answer, as Fairy-Stockfish gives
                over = state
                break
            ref.moves.append(ref_move(variant, best))
            if len(ref.moves) >= plies:
                over = ref.legal([], "the game")
                break
        e.send("isready")
        if e.line() != "readyok":
            raise Violation("isready after the game not answered with readyok")
        return ref.moves, over
    finally:
        e.close()
        ref.close(sys.exc_info()[0] is None)


# --- XBoard -------------------------------------------------------------------

FEATURE = re.compile(r'(\w+)=("[^"]*"|\S+)')


def xb_thinking(variant, line):
    w = line.split()
    if len(w) < 4 or not all(INT.match(x) for x in w[:4]):
        return None
    ply, score, cs, nodes = (int(x) for x in w[:4])
    if ply < 1 or cs < 0 or nodes < 0:
        raise Violation("thinking output with a bad count: %s" % line)
    if abs(score) >= 100000 and abs(score) > 100000 + 1000:
        raise Violation("a mate score beyond 100000+moves: %s" % line)
    for m in w[4:]:
        check_move(variant, m, False)
    return w[4:]


def xb_game(kage, variant, plies, depth, log):
    e = Engine([kage, "xboard"], log)
    ref = Referee(kage, variant)
    name = XB_NAME.get(variant, variant)
    try:
        e.send("xboard")
        e.send("protover 2")
        feats = {}
        while "done" not in feats:
            l = e.line(10)
            if not l.startswith("feature "):
                raise Violation("not a feature line after protover 2: %r" % l)
            body = l[len("feature "):]
            pairs = FEATURE.findall(body)
            if " ".join("%s=%s" % p for p in pairs) != body:
                raise Violation("a feature line that is not NAME=VALUE pairs: %r" % l)
            for k, v in pairs:
                feats[k] = v
                e.send("accepted %s" % k)
        if feats["done"] != "1":
            raise Violation("feature done=%s" % feats["done"])
        if name not in feats.get("variants", '""').strip('"').split(","):
            raise Violation("variants= does not name %s: %s" % (name, feats.get("variants")))
        if feats.get("usermove") != "1" or feats.get("ping") != "1":
            raise Violation("usermove=1 and ping=1 expected")
        e.send("new")
        e.send("variant %s" % name)
        e.send("force")
        e.send("sd %d" % depth)
        e.send("post")
        e.send("ping 1")
        while True:
            l = e.line()
            if l == "pong 1":
                break
            if not re.match(r"^(setup \(\S+\) \d+x\d+\+\d+_\w+ \S.*|piece \+?[A-Za-z][!']?&? \S+)$", l):
                raise Violation("not a setup, piece or pong line after variant: %r" % l)
        result = None
        while True:
            state = ref.legal([], "the game so far")
            if state[1] != "*" or len(ref.moves) >= plies:
                break
            e.send("go")
            mv, pv = None, None
            while mv is None:
                l = e.line()
                t = xb_thinking(variant, l)
                if t is not None:
                    pv = t
                    continue
                m = re.match(r"^move (\S+)$", l)
                if m:
                    mv = m.group(1)
                    break
                if l.startswith("#") or l.startswith("telluser "):
                    continue
                raise Violation("not thinking output or a move while searching: %r" % l)
            check_move(variant, mv, False)
            if pv:
                ref.legal(pv, "the last pv %s" % " ".join(pv))
            ref.legal([mv], "move %s" % mv)
            ref.moves.append(mv)
            e.send("force")
            # a result the engine claims comes with its move: read until the ping's answer
            e.send("ping 2")
            while True:
                l = e.line()
                if l == "pong 2":
                    break
                m = re.match(r"^(1-0|0-1|1/2-1/2) \{[^{}]+\}$", l)
                if m:
                    result = m.group(1)
                    continue
                if xb_thinking(variant, l) is not None or l.startswith("#"):
                    continue
                raise Violation("after the move: not a result, thinking or pong line: %r" % l)
            state = ref.legal([], "the game")
            if result is not None and result != state[1]:
                raise Violation("Kage claims %s, the rules say %s" % (result, state[1]))
            if result is None and state[1] != "*":
                raise Violation("the game is over (%s, %s) and Kage claimed no result" % (state[1], state[2]))
            if result:
                break
        return ref.moves, ref.legal([], "the game")
    finally:
        e.close()
        ref.close(sys.exc_info()[0] is None)


def terminal(kage, variant, fen, result, log):
    """A position where the game is over by the rules: UCI answers go with
    "info depth 0 score" (mate 0 for the side that lost, cp 0 for a draw)
    and bestmove (none); XBoard answers go with the result, and no move."""
    e = Engine([kage, "uci"], log)
    try:
        e.send("setoption name UCI_Variant value %s" % variant)
        e.send("position fen %s" % fen)
        e.send("go nodes 300")
        depth0 = None
        while True:
            l = e.line()
            if l.startswith("info "):
                info = uci_info(variant, l, True)
                if info.get("depth") == 0:
                    depth0 = info
                continue
            if l != "bestmove (none)":
                raise Violation("UCI at a finished game (%s): %r, not bestmove (none)" % (result, l))
            break
        want = ("cp", 0) if result == "1/2-1/2" else ("mate", 0)
        if not depth0 or depth0.get("score") != want:
            raise Violation("UCI at a finished game (%s): no 'info depth 0 score %s %d' first" % ((result,) + want))
    finally:
        e.close()
    e = Engine([kage, "xboard"], log)
    try:
        e.send("xboard")
        e.send("protover 2")
        e.send("new")
        e.send("variant %s" % XB_NAME.get(variant, variant))
        e.send("force")
        e.send("setboard %s" % fen)
        e.send("go")
        e.send("ping 9")
        claimed = None
        while True:
            l = e.line()
            if l == "pong 9":
                break
            m = re.match(r"^(1-0|0-1|1/2-1/2) \{[^{}]+\}$", l)
            if m:
                claimed = m.group(1)
            elif l.startswith("move "):
                raise Violation("XBoard at a finished game (%s): a move: %r" % (result, l))
        if claimed != result:
            raise Violation("XBoard at a finished game (%s): go answered with %s" % (
                result, "the result " + claimed if claimed else "nothing (the GUI waits for ever)"))
    finally:
        e.close()


def write_pgn(path, variant, protocol, moves, state):
    with open(path, "w") as f:
        f.write('[Event "Kage against Kage, kage %s"]\n[Site "Kage"]\n[White "Kage"]\n[Black "Kage"]\n'
                '[Result "%s"]\n[Variant "%s"]\n\n' % (protocol, state[1], variant))
        f.write(" ".join(moves) + " " + state[1] + "\n")


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    kage = args.pop(0)
    plies, nodes, variants, pgn = 60, 1500, VARIANTS, None
    while args:
        a = args.pop(0)
        if a == "--plies":
            plies = int(args.pop(0))
        elif a == "--nodes":
            nodes = int(args.pop(0))
        elif a == "--variants":
            variants = args.pop(0).split(",")
        elif a == "--pgn":
            pgn = args.pop(0)
        elif a == "--terminal":
            # a file of finished games: VARIANT<TAB>FEN<TAB>RESULT a line
            for line in open(args.pop(0)):
                v, fen, res = line.rstrip("\n").split("\t")
                log = []
                try:
                    terminal(kage, v, fen, res, log)
                except Violation as why:
                    print("FAIL %s at its end: %s" % (v, why))
                    print("  the last lines:\n    " + "\n    ".join(log[-12:]))
                    return 1
                print("ok   %s, a game over (%s): UCI's bestmove (none), XBoard's result" % (v, res))
            variants = []
        else:
            print("unknown argument %s" % a)
            return 2
    for v in variants:
        for proto in ("uci", "xboard"):
            log = []
            try:
                if proto == "uci":
                    moves, state = uci_game(kage, v, plies, nodes, log)
                else:
                    moves, state = xb_game(kage, v, plies, 2, log)
            except Violation as why:
                print("FAIL %s %s: %s" % (proto, v, why))
                print("  the last lines:\n    " + "\n    ".join(log[-12:]))
                return 1
            print("ok   %s %s: %d plies, %s%s, every line valid" % (
                proto, v, len(moves), state[1], " (%s)" % state[2] if state[2] else " (cut)"))
            if pgn:
                write_pgn(os.path.join(pgn, "%s-%s.pgn" % (proto, v)), v, proto, moves, state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
