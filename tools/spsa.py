#!/usr/bin/env python3
"""Tune the search's numbers (src/engine/tunables.c) by self-play: SPSA.

Simultaneous perturbation stochastic approximation, as fishtest runs it:
each iteration moves every number at once by +c or -c (a random sign per
number), plays one game pair (tools/match.py, an opening of the suite with
each side first) between the engine with the numbers moved up and the one
with them moved down, and steps every number in the direction of the pair's
winner, in proportion to its wins minus losses (-2 to +2).  The steps and
the perturbations shrink as the run goes on:

    c_k = C / k^0.101                 (C = c_end * N^0.101)
    a_k = a / (A + k)^0.602           (a = rate * c_end^2 * (A + N)^0.602, A = N / 10)
    theta += a_k * (wins - losses) * sign / c_k

so that at the end a number moves by about rate * c_end per game won.
fishtest's default rate, 0.002, is meant for runs of 30,000 games and
more; a run of a few thousand games on two cores needs a larger one (the
default here, 0.02) and finds only numbers that are clearly off.  What a
run finds is a candidate, never a result: it lands only after an SPRT
against main (docs/STRENGTH.md, "The routine").

Each engine gets the numbers as `setoption name SearchParam value NAME=N`
(`kage uci`; a number not given keeps the variant's own).  --param
NAME=START:C gives a number, where it starts (the variant's value in
tunables.c) and its perturbation at the end of the run (c_end: a change
one would expect to matter, a tenth of the value or so); :LO:HI keeps it
within bounds.

Every iteration is a line of --log (the iteration, the pair's wins minus
losses and every number after the step); a run stopped before its end goes
on from the log's last line when started again with the same --log and
--param names.  The last lines printed are the numbers to try, as
tunables.c would hold them.

  tools/spsa.py --kage build/src/kage --openings tools/openings/shogun.txt \\
      --nodes 10000 --iterations 2000 --log /tmp/spsa-shogun.log \\
      --param rfp_margin=90:10 --param fut_margin=120:15 --param lmr_div=225:20

Standard library only.
"""
import argparse
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ALPHA, GAMMA = 0.602, 0.101
SCORE = re.compile(r": (\d+) games, \+(\d+) -(\d+) =(\d+)")

sys.path.insert(0, HERE)
from ladder import match_summary  # noqa: E402  (tools/match.py run, its summary line or why none)


def die(msg):
    print(f"spsa.py: {msg}", file=sys.stderr)
    sys.exit(2)


def parse_param(text):
    """NAME=START:C[:LO:HI] -> (name, start, c, lo, hi)"""
    m = re.fullmatch(r"([a-z_][a-z0-9_]*)=(.+)", text)
    if not m:
        die(f"--param {text!r}: expected NAME=START:C or NAME=START:C:LO:HI")
    parts = m.group(2).split(":")
    try:
        nums = [float(p) for p in parts]
    except ValueError:
        nums = None
    if nums is None or len(nums) not in (2, 4):
        die(f"--param {text!r}: expected NAME=START:C or NAME=START:C:LO:HI, numbers")
    start, c = nums[0], nums[1]
    lo, hi = (nums[2], nums[3]) if len(nums) == 4 else (-float("inf"), float("inf"))
    if c <= 0:
        die(f"--param {text!r}: the perturbation C must be above 0")
    if lo > hi or not lo <= start <= hi:
        die(f"--param {text!r}: START must lie within LO..HI")
    return m.group(1), start, c, lo, hi


def check_names(engine, names):
    """Ask the engine once for every name: an unknown one is refused here, not in the middle of a run."""
    lines = ["uci"] + [f"setoption name SearchParam value {n}=0" for n in names] + ["isready", "quit"]
    try:
        out = subprocess.run(engine, shell=True, input="\n".join(lines) + "\n", capture_output=True, text=True,
                             timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        die(f"the engine {engine!r} did not answer: {e}")
    if "readyok" not in out:
        die(f"the engine {engine!r} did not answer 'uci' and 'isready'")
    bad = [line.split("'")[1] for line in out.splitlines() if "SearchParam: unknown number" in line]
    if bad:
        die(f"the engine knows no number {', '.join(bad)} (the names are the fields of src/engine/tunables.h)")


def read_log(path, names):
    """The last iteration and numbers of an earlier run, or (0, None)."""
    if not os.path.exists(path):
        return 0, None
    k, theta = 0, None
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "#":
                if w[1:2] == ["names"] and w[2:] != names:
                    die(f"--log {path}: its numbers are {' '.join(w[2:])}, not {' '.join(names)}")
                continue
            try:
                k, theta = int(w[0]), [float(x) for x in w[2:]]
            except ValueError:
                die(f"--log {path}: not a log of tools/spsa.py: {line.strip()!r}")
            if len(theta) != len(names):
                die(f"--log {path}: a line with {len(theta)} numbers where {len(names)} are tuned")
    return k, theta


def play_pair(args, plus, minus, seed):
    """The pair's wins minus losses for the engine with the numbers moved up."""
    cmd = [sys.executable, os.path.join(HERE, "match.py"), "--kage", args.kage, "--openings", args.openings,
           "--games", "2", "--concurrency", str(args.concurrency), "--seed", str(seed), "--quiet",
           "--max-plies", str(args.max_plies), "--engine1", args.engine, "--engine2", args.engine,
           "--name1", "plus", "--name2", "minus"]
    cmd += ["--nodes", str(args.nodes)] if args.nodes else ["--movetime", str(args.movetime)]
    for flag in ("resign", "draw"):
        if getattr(args, flag):
            cmd += [f"--{flag}", getattr(args, flag)]
    for side, values in (("1", plus), ("2", minus)):
        for o in args.option:
            cmd += [f"--option{side}", o]
        for name, v in values.items():
            cmd += [f"--option{side}", f"SearchParam={name}={v}"]
    line, why = match_summary(cmd)
    m = SCORE.search(line or "")
    if not m:
        die(f"tools/match.py gave no score {why or line}")
    return int(m.group(2)) - int(m.group(3))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kage", default=None, help="the kage program (referee, and the engine unless --engine)")
    ap.add_argument("--engine", help="the engine's command line (default: KAGE uci)")
    ap.add_argument("--openings", required=True, help="an opening suite (tools/openings/VARIANT.txt)")
    ap.add_argument("--param", action="append", default=[], metavar="NAME=START:C[:LO:HI]",
                    help="a number to tune (repeat)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a UCI option for both engines (Hash=16)")
    ap.add_argument("--iterations", type=int, default=1000, help="game pairs in the whole run (N)")
    ap.add_argument("--rate", type=float, default=0.02, help="the learning rate at the end (fishtest: 0.002)")
    ap.add_argument("--nodes", type=int, default=0, help="nodes a move (default 10000 unless --movetime)")
    ap.add_argument("--movetime", type=int, default=0, help="milliseconds a move")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--resign", default="1000:4", help="as tools/match.py's")
    ap.add_argument("--draw", default="5:10:80", help="as tools/match.py's")
    ap.add_argument("--concurrency", type=int, choices=(1, 2), default=2, help="games of a pair at once")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", required=True, help="one line an iteration; an existing log is continued")
    ap.add_argument("--quiet", action="store_true", help="no progress line every 50 iterations")
    args = ap.parse_args()

    if not args.param:
        die("no --param: nothing to tune")
    params = [parse_param(p) for p in args.param]
    names = [p[0] for p in params]
    if len(set(names)) != len(names):
        die("a number is given twice")
    if args.iterations < 1:
        die("--iterations must be at least 1")
    if args.rate <= 0:
        die("--rate must be above 0")
    if args.nodes < 0 or args.movetime < 0 or (args.nodes and args.movetime):
        die("give one of --nodes and --movetime, above 0")
    if not args.nodes and not args.movetime:
        args.nodes = 10000
    if args.kage is None:
        args.kage = next((p for p in ("build/src/kage", "src/kage") if os.path.exists(p)), "build/src/kage")
    if not os.access(args.kage, os.X_OK):
        die(f"--kage {args.kage}: not a program")
    if not os.path.isfile(args.openings):
        die(f"--openings {args.openings}: no such file")
    for o in args.option:
        if "=" not in o:
            die(f"--option {o!r}: expected NAME=VALUE")
    args.engine = args.engine or f"{args.kage} uci"
    check_names(args.engine, names)

    n = args.iterations
    big_a = n / 10
    c_end = [p[2] for p in params]
    k, theta = read_log(args.log, names)
    if theta is None:
        theta = [p[1] for p in params]
        with open(args.log, "a") as f:
            f.write(f"# names {' '.join(names)}\n# start {' '.join(f'{t:g}' for t in theta)}\n")
    elif k:
        print(f"spsa.py: going on from iteration {k} of {args.log}", file=sys.stderr)
    clamp = [lambda x, p=p: min(max(x, p[3]), p[4]) for p in params]  # each number within its LO..HI
    rng = random.Random(args.seed * 1000003 + k)
    total = 0
    while k < n:
        k += 1
        ck = [c * n ** GAMMA / k ** GAMMA for c in c_end]
        ak = [args.rate * c * c * (big_a + n) ** ALPHA / (big_a + k) ** ALPHA for c in c_end]
        sign = [rng.choice((-1, 1)) for _ in params]
        plus = {nm: round(clamp[i](theta[i] + ck[i] * sign[i])) for i, nm in enumerate(names)}
        minus = {nm: round(clamp[i](theta[i] - ck[i] * sign[i])) for i, nm in enumerate(names)}
        r = play_pair(args, plus, minus, args.seed * 1000003 + k)
        total += r
        theta = [clamp[i](theta[i] + ak[i] * r * sign[i] / ck[i]) for i in range(len(params))]
        with open(args.log, "a") as f:
            f.write(f"{k} {r} {' '.join(f'{t:.3f}' for t in theta)}\n")
        if not args.quiet and k % 50 == 0:
            print(f"iteration {k}/{n}: " + ", ".join(f"{nm} {t:.1f}" for nm, t in zip(names, theta)), flush=True)
    print(f"SPSA {n} pairs ({args.log}); the numbers to try:")
    for (nm, start, *_), t in zip(params, theta):
        print(f"    .{nm} = {round(t)},  /* from {start:g} */")
    return 0


if __name__ == "__main__":
    sys.exit(main())
