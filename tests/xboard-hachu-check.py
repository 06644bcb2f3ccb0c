#!/usr/bin/env python3
"""Judge Kage's Cashew games against HaChu inside XBoard by an independent
referee: tests/reference/cashew_ref.py, the repository's copy of
shared/tools/cashew_ref.py (written from the rules, not from Kage's code or
HaChu's).

  tests/xboard-hachu-check.py CASHEW_REF XBOARD_DEBUG_LOG

HaChu is XBoard's first engine and Kage its second.  Each game is replayed
from the log: Kage's moves (`<second: move X`) and HaChu's as XBoard relayed
them to Kage (`>second: usermove X`; XBoard's null move `@@@@` is a pass).
A refusal is judged by the referee:
  - HaChu said "Illegal move" to a move of Kage's: the move must be legal
    (then HaChu's own bug stopped the game, named as such);
  - Kage said "Illegal move" to a move of HaChu's: the move must be illegal
    (HaChu's known bug: a promotion that must be made, declined).
Every move of Kage's must be legal.  A move of HaChu's that the referee
cannot match and Kage took without a word ends the judging of that game,
named as such: from there the referee's position is not the game's.
Prints one line a game; exits 1 when Kage is found at fault, 2 when the
log cannot be read.
"""
import importlib.util
import re
import sys


def load_ref(path):
    spec = importlib.util.spec_from_file_location("cashew_ref", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def find(ref, pos, text):
    """The referee's move for XBoard's leg text (e8f9,f9e8+), or None."""
    if text == "@@@@":  # XBoard's null move: a pass
        return ref.PASS if ref.PASS in pos.gen() else None
    squares = re.findall(r"[a-m](?:1[0-3]|[1-9])", text)
    if not squares:
        return None
    pts = [ref.parse_sq(s) for s in squares]
    # legs: a1b2,b2c3 names each joint twice
    path = [pts[0]] + [p for i, p in enumerate(pts[1:]) if p != pts[i]]
    start, end = path[0], path[-1]
    mover = pos.board[start]
    if not mover:
        return None
    me = (mover - 1) & 1
    if me != pos.stm:  # a piece of the side not to move
        return None
    caps = set(p for p in path[1:] if pos.board[p] and ((pos.board[p] - 1) & 1) != me)
    for m in pos.gen():
        if m == ref.PASS:
            # out and back without a capture: a pass, by a piece that may pass
            if start == end and not caps and ref.SPECIAL[(mover - 1) >> 1] in ("lion", "wolf"):
                return m
            continue
        s, t, c = m
        if s == start and t == end and set(c) == caps:
            return m
    return None


def games(lines):
    """The games of the log: lists of (who, what, text)."""
    out, cur = [], None
    for line in lines:
        if re.search(r">(first |second): new\b", line):
            if cur is not None and cur:
                out.append(cur)
            cur = []
            continue
        if cur is None:
            continue
        m = re.search(r"<second: move (\S+)", line)
        if m:
            cur.append(("kage", "move", m.group(1)))
            continue
        # XBoard logs "usermove " and the move as two writes, each with its
        # time ("usermove 587 >second: k2h5"), but its null move, a pass
        # that HaChu makes, in one ("usermove @@@@")
        m = re.search(r">second: usermove (?:.*\s)?(\S+)\s*$", line)
        if m:
            cur.append(("hachu", "move", m.group(1)))
            continue
        m = re.search(r"<second: Illegal move.*: (\S+)\s*$", line)
        if m:
            cur.append(("kage", "refused", m.group(1)))
            continue
        if re.search(r"<first : Illegal move", line):
            cur.append(("hachu", "refused", ""))
    if cur:
        out.append(cur)
    return out


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    ref = load_ref(sys.argv[1])
    try:
        with open(sys.argv[2], encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        print("xboard-hachu-check: %s" % e, file=sys.stderr)
        return 2
    fault = False
    found = games(lines)
    if not found:
        print("xboard-hachu-check: no game in the log", file=sys.stderr)
        return 2
    for n, game in enumerate(found, 1):
        pos = ref.Position()
        plies, verdict, last_kage = 0, "played on to its end", None
        for i, (who, what, text) in enumerate(game):
            if what == "move":
                m = find(ref, pos, text)
                if m is None:
                    if who == "kage":
                        verdict, fault = "KAGE'S MOVE %s IS ILLEGAL by the referee (%s)" % (text, pos.fen()), True
                        break
                    if i + 1 < len(game) and game[i + 1][:2] == ("kage", "refused"):
                        continue  # HaChu's illegal move: Kage's refusal of it follows
                    # Kage took a move of HaChu's that the referee cannot match
                    # as XBoard relayed it: the two positions part here
                    verdict = ("judged up to HaChu's move %s, which the referee cannot match as XBoard "
                               "relayed it and Kage took (%s)" % (text, pos.fen()))
                    break
                pos.make(m)
                plies += 1
                last_kage = text if who == "kage" else None
            elif who == "kage":  # Kage refused HaChu's move
                if find(ref, pos, text) is not None:
                    verdict, fault = "KAGE REFUSED %s, LEGAL by the referee (%s)" % (text, pos.fen()), True
                else:
                    verdict = "stopped by HaChu: %s is illegal by the referee (HaChu's known bug: a promotion that must be made, declined; or XBoard's copy of a Wolf move)" % text
                break
            else:  # HaChu refused Kage's last move, which the referee took
                verdict = "stopped by HaChu: it refused %s, legal by the referee (HaChu's known bug: hook moves, Wolf captures)" % (last_kage or "a move")
                break
        print("game %d: %d plies replayed by the referee, %s" % (n, plies, verdict))
    return 1 if fault else 0


if __name__ == "__main__":
    sys.exit(main())
