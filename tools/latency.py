#!/usr/bin/env python3
"""Measure what Kage's game screen costs a terminal: the time from a key
press to the updated screen, and the bytes written for one move and for one
second of the AI thinking.

Kage runs under a pseudo-terminal of a fixed size (Python's pty module, no
terminal emulator in between); this program is the terminal: it writes the
keys and times the bytes that come back.  A screen update is complete when
nothing more arrives for --quiet milliseconds; its time is that of its last
byte, so the quiet wait itself is not counted.

    tools/latency.py                      # build/src/kage, 50 presses
    tools/latency.py --kage ./src/kage --presses 200 --variant cashew

Standard library only.  Exit status 1 if Kage could not be measured.
"""

import argparse
import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)


class Terminal:
    """Kage on the slave side of a pty; we hold the master side."""

    def __init__(self, argv, cols, rows, env):
        pid, fd = pty.fork()
        if pid == 0:  # the child: size the terminal, then become kage
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.total = 0

    def send(self, data):
        os.write(self.fd, data)

    def _read(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the child has gone
            return b""
        self.total += len(data)
        return data

    def update(self, quiet, first_timeout=2.0, longest=2.0):
        """Read one screen update: wait up to first_timeout for its first byte,
        then read until quiet seconds pass with nothing (or `longest` seconds
        in all, for a screen that never rests).  Returns (bytes, time of the
        first byte, time of the last byte) or (b"", None, None)."""
        data = self._read(first_timeout)
        if not data:
            return b"", None, None
        t_first = t_last = time.perf_counter()
        buf = bytearray(data)
        while t_last - t_first < longest:
            data = self._read(quiet)
            if not data:
                return bytes(buf), t_first, t_last
            t_last = time.perf_counter()
            buf += data
        return bytes(buf), t_first, t_last

    def collect(self, seconds):
        """Everything written during the next `seconds`, as (time, bytes) pairs."""
        end = time.perf_counter() + seconds
        out = []
        while True:
            left = end - time.perf_counter()
            if left <= 0:
                return out
            data = self._read(left)
            if data:
                out.append((time.perf_counter(), len(data)))

    def close(self):
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        for _ in range(50):
            self._read(0.02)  # keep the pty drained so that kage can exit
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)
        if getattr(self, "home", None):
            shutil.rmtree(self.home, ignore_errors=True)


def start(args, extra):
    env = dict(os.environ)
    env.update({"TERM": args.term, "LANG": args.lang, "LC_ALL": args.lang,
                "KAGE_THEME_DIR": env.get("KAGE_THEME_DIR", os.path.join(TOP, "themes"))})
    env.pop("NO_COLOR", None)
    # A scratch home for every run: an autosave left by one measurement (or by
    # the person running this) would otherwise stop the next at the resume offer.
    home = tempfile.mkdtemp(prefix="kage-latency.")
    env.update({"HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
                "XDG_STATE_HOME": home + "/state"})
    t = Terminal([args.kage, "--variant", args.variant] + extra, args.cols, args.rows, env)
    t.home = home
    first, _, _ = t.update(0.3, first_timeout=5.0, longest=1.0)
    if not first:
        t.close()
        sys.exit("latency.py: %s drew nothing within 5 s" % args.kage)
    return t, len(first)


def ms(x):
    return "%.2f ms" % (1000 * x)


def measure_latency(args):
    """Cursor moves: each press changes the look of two squares."""
    t, first = start(args, ["--mode", "hotseat"])
    done, last_lat, first_lat, sizes, missed = 0, [], [], [], 0
    keys = [b"l", b"h"]  # right, left: always a change, never off the board
    while done < args.presses:
        time.sleep(0.02)  # let each update stand alone
        t0 = time.perf_counter()
        t.send(keys[done % 2])
        data, tf, tl = t.update(args.quiet / 1000.0)
        done += 1
        if not data:
            missed += 1
            continue
        first_lat.append(tf - t0)
        last_lat.append(tl - t0)
        sizes.append(len(data))
    t.send(b"\x0c")  # Ctrl-L: a full repaint, for comparison
    repaint, _, _ = t.update(args.quiet / 1000.0)
    t.close()
    return {"first": first, "repaint": len(repaint), "first_lat": first_lat, "last_lat": last_lat,
            "sizes": sizes, "missed": missed}


def measure_move(args):
    """A move by keys (e2-e4 on an 8x8 board, g4-g5 in Cashew; the cursor starts on
    the second rank's middle file), then a typed reply."""
    t, _ = start(args, ["--mode", "hotseat"])
    q = args.quiet / 1000.0
    steps = []
    if args.variant == "cashew":  # 13x13: the Pawns stand on the 4th rank
        script = [(b"k", "cursor up"), (b"k", "cursor up"), (b"\r", "pick up g4"), (b"k", "cursor up"),
                  (b"\r", "put down on g5: the move"), (b":g10g9\r", "typed reply g10g9, prompt and Enter")]
    else:
        script = [(b"\r", "pick up e2"), (b"k", "cursor up"), (b"k", "cursor up"), (b"\r", "put down on e4: the move"),
                  (b":e5\r", "typed reply e5, prompt and Enter")]
    for keys, what in script:
        time.sleep(0.05)
        if keys.startswith(b":"):  # the prompt: one key at a time, as a person types
            n = 0
            for k in keys:
                t.send(bytes([k]))
                data, _, _ = t.update(q)
                n += len(data)
            steps.append((what, n))
        else:
            t.send(keys)
            data, _, _ = t.update(q)
            steps.append((what, len(data)))
    t.close()
    return steps


def per_second(chunks, seconds, t0):
    out = [0] * int(seconds + 1)
    for when, n in chunks:
        out[min(int(when - t0), len(out) - 1)] += n
    return out[:int(seconds)]


def measure_ai(args):
    """Bytes while the AI thinks: a person's move (typed), then --think seconds of the AI's reply."""
    t, _ = start(args, ["--mode", "play-first", "--level", str(args.level)])
    q = args.quiet / 1000.0
    for k in (b":e4\r" if args.variant != "cashew" else b":g4g5\r"):
        t.send(bytes([k]))
        t.update(q)
    t0 = time.perf_counter()
    chunks = t.collect(args.think)
    t.close()
    return per_second(chunks, args.think, t0), chunks


def measure_watch(args):
    """AI against AI at --watch-level for --watch seconds: moves, info lines and all."""
    t, _ = start(args, ["--mode", "watch", "--level", str(args.watch_level)])
    t0 = time.perf_counter()
    chunks = t.collect(args.watch)
    t.close()
    return per_second(chunks, args.watch, t0), chunks


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kage", default=os.path.join(TOP, "build", "src", "kage"))
    ap.add_argument("--variant", default="shinobiplus")
    ap.add_argument("--presses", type=int, default=50)
    ap.add_argument("--cols", type=int, default=80)
    ap.add_argument("--rows", type=int, default=24)
    ap.add_argument("--term", default="xterm-256color")
    ap.add_argument("--lang", default="C.UTF-8")
    ap.add_argument("--quiet", type=float, default=30.0, help="ms of silence that ends an update (default 30)")
    ap.add_argument("--level", type=int, default=10, help="AI level while measuring its thinking (default 10)")
    ap.add_argument("--think", type=float, default=5.0, help="seconds of AI thinking to record (default 5)")
    ap.add_argument("--watch", type=float, default=5.0, help="seconds of AI against AI to record (default 5)")
    ap.add_argument("--watch-level", type=int, default=8, help="AI level when watching (default 8)")
    args = ap.parse_args()
    if not os.access(args.kage, os.X_OK):
        sys.exit("latency.py: no program at %s (build it, or give --kage)" % args.kage)

    print("kage: %s --variant %s, %dx%d, TERM=%s, LANG=%s" % (args.kage, args.variant, args.cols, args.rows,
                                                             args.term, args.lang))
    lat = measure_latency(args)
    if not lat["last_lat"]:
        sys.exit("latency.py: no key press was answered")
    f, l = lat["first_lat"], lat["last_lat"]
    print("\nkey press to updated screen (%d cursor moves, %d unanswered):" % (len(l), lat["missed"]))
    print("  first byte:      mean %s  median %s  max %s" % (ms(statistics.mean(f)), ms(statistics.median(f)), ms(max(f))))
    print("  update complete: mean %s  median %s  p95 %s  max %s" % (
        ms(statistics.mean(l)), ms(statistics.median(l)), ms(sorted(l)[int(0.95 * (len(l) - 1))]), ms(max(l))))
    print("  bytes per cursor move: mean %.0f  min %d  max %d" % (statistics.mean(lat["sizes"]), min(lat["sizes"]),
                                                                 max(lat["sizes"])))
    print("  first screen: %d bytes; a full repaint (Ctrl-L): %d bytes" % (lat["first"], lat["repaint"]))

    print("\nbytes written for one move (hot-seat):")
    total = 0
    for what, n in measure_move(args):
        print("  %-40s %5d" % (what, n))
        total += n
    print("  %-40s %5d" % ("all of the above", total))

    secs, chunks = measure_ai(args)
    print("\nbytes written while the AI thinks (level %d, %d writes, largest %d bytes):" % (
        args.level, len(chunks), max([n for _, n in chunks] or [0])))
    print("  per second: " + " ".join("%d" % n for n in secs))
    print("  mean: %.0f bytes/s" % statistics.mean(secs or [0]))

    secs, chunks = measure_watch(args)
    print("\nbytes written watching AI against AI (level %d, %d writes):" % (args.watch_level, len(chunks)))
    print("  per second: " + " ".join("%d" % n for n in secs))
    print("  mean: %.0f bytes/s" % statistics.mean(secs or [0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
