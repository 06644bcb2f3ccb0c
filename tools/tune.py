#!/usr/bin/env python3
"""Fit the evaluation's weights to data (the Texel method, with gradients),
and write them into the engine's source.

The weights live in tools/eval-weights.json, one object per variant:
  {"shogun": {"attacks": true, "weights": {"material P": [100, 110], ...}}}
(a feature's name, as `kage evaltrace` prints it, and its middlegame and
endgame value in centipawns).  `write` turns that file into
src/engine/eval_tables.c; nobody edits either by hand.

`fit` reads positions traced by `kage evaltrace` (result, search score,
phase and the non-zero feature counts of each), and minimises the mean
squared error between sigmoid(K * eval) and a label that blends the game's
result with sigmoid(K * search score) (--lambda 1: the result only).  Every
weight of the variant is fitted at once, by Adam on the full batch.  K is
fitted first to the starting weights, so that the scale stays centipawns
(--k gives it instead: two weight files read on the same held-out positions
with --iterations 0 are compared at one K, and so against one label).
--l2 pulls every weight back towards its starting value, --shrink pulls the
named features towards zero (a feature seen in few positions then stays
near zero instead of taking the noise of those few; one seen in none goes
to zero, where without --shrink it keeps its weight).  --tie pulls the named
features' endgame value towards their middlegame value: where nearly every
position is in the middlegame (Shogun before stop 36, when pieces in hand
counted in its phase and captured pieces go to hand), the data hardly
constrain the endgame values, and without it they drift to extremes.

One group is not linear: the units of an attack on the king ("danger: X",
traced for White's attack, and "danger black: X" for Black's, which share
the weights of the "danger: X" of the same name).  Their middlegame weights
sum each side's units into a danger D, and max(0, D)^2 / 4096 counts for
that side (as eval.c's danger_terms does); their endgame weights are linear.
A unit to be fitted whose weight is still zero starts at --danger-start, so
that the danger is not stuck at zero where its gradient is.

  kage datagen shogun 8000 5000 /tmp/shogun.data tools/openings/shogun.txt 1
  kage evaltrace shogun </tmp/shogun.data >/tmp/shogun.trace
  tools/tune.py fit --variant shogun --trace /tmp/shogun.trace
  tools/tune.py write

Needs numpy (Debian: python3-numpy).
"""
import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
WEIGHTS = os.path.join(HERE, "eval-weights.json")
TABLES = os.path.join(HERE, "..", "src", "engine", "eval_tables.c")
PHASE_MAX = 24
DANGER = "danger: "              # the king danger's units (White's attack), squared in the middlegame
DANGER_BLACK = "danger black: "  # Black's attack, traced only: the weights are DANGER's
DANGER_SCALE = 4096              # eval.h's EVAL_DANGER_SCALE


def load_trace(path, limit=0):
    """names, and the arrays rows, cols, vals, result, score, phase."""
    import numpy as np
    rows, cols, vals, res, score, phase = [], [], [], [], [], []
    with open(path) as f:
        head = f.readline().split(" ", 2)
        if head[0] != "features":
            sys.exit(f"tune.py: {path}: not a kage evaltrace file")
        names = head[2].rstrip("\n").split("|")
        n = 0
        for lineno, line in enumerate(f, 2):
            w = line.split()
            if len(w) < 3:
                continue
            try:
                r, sc, ph = float(w[0]), float(w[1]), int(w[2])
                items = [tuple(int(x) for x in item.split(":")) for item in w[3:]]
                if any(len(it) != 2 or not 0 <= it[0] < len(names) for it in items):
                    raise ValueError
            except ValueError:
                sys.exit(f"tune.py: {path}:{lineno}: not a line of kage evaltrace (result score phase feature:count...)")
            res.append(r)
            score.append(sc)
            phase.append(ph)
            for c, v in items:
                rows.append(n)
                cols.append(c)
                vals.append(v)
            n += 1
            if limit and n >= limit:
                break
    return (names, np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64),
            np.array(vals, dtype=np.float64), np.array(res), np.array(score), np.array(phase, dtype=np.float64))


def load_weights(path):
    """The weights file, checked: {variant: {"weights": {name: [mg, eg]}, ...}}."""
    with open(path) as f:
        try:
            data = json.load(f)
        except ValueError as e:
            sys.exit(f"tune.py: {path}: not a weights file as tune.py writes it ({e})")
    ok = isinstance(data, dict) and all(
        isinstance(t, dict) and isinstance(t.get("weights", {}), dict) and
        all(isinstance(w, list) and len(w) == 2 and all(isinstance(x, int) for x in w)
            for w in t.get("weights", {}).values())
        for t in data.values())
    if not ok:
        sys.exit(f"tune.py: {path}: not a weights file as tune.py writes it "
                 "(each variant: {\"weights\": {name: [mg, eg]}})")
    return data


def parse_strengths(specs, option, example):
    """--shrink or --tie PREFIX:STRENGTH options as (prefix, strength) pairs."""
    out = []
    for spec in specs:
        prefix, colon, strength = spec.rpartition(":")
        try:
            value = float(strength)
        except ValueError:
            value = -1.0
        if not colon or not math.isfinite(value) or value < 0:
            sys.exit(f"tune.py: {option} {spec}: expected PREFIX:STRENGTH, a strength of 0 or more ('{example}')")
        out.append((prefix, value))
    return out


def strength_per_feature(names, pairs):
    """Each feature's strength: that of the last PREFIX its name starts with, else 0."""
    out = [0.0] * len(names)
    for prefix, strength in pairs:
        for i, name in enumerate(names):
            if name.startswith(prefix):
                out[i] = strength
    return out


def fit(args):
    for opt, value, ok, want in (("--k", args.k, args.k is None or (math.isfinite(args.k) and args.k > 0),
                                  "a number above 0 (such as 0.003, as a fit prints it)"),
                                 ("--iterations", args.iterations, args.iterations >= 0, "0 or more"),
                                 ("--limit", args.limit, args.limit >= 0, "0 (all) or more"),
                                 ("--lambda", args.lam, 0 <= args.lam <= 1, "a number from 0 to 1"),
                                 ("--l2", args.l2, math.isfinite(args.l2) and args.l2 >= 0, "0 or more"),
                                 ("--rate", args.rate, math.isfinite(args.rate) and args.rate > 0, "above 0"),
                                 ("--danger-start", args.danger_start, math.isfinite(args.danger_start),
                                  "a number")):
        if not ok:
            sys.exit(f"tune.py: {opt} {value}: expected {want}")
    shrinks = parse_strengths(args.shrink, "--shrink", "pst :0.03")
    ties = parse_strengths(args.tie, "--tie", ":0.001")
    import numpy as np
    data = load_weights(args.weights)
    table = data.setdefault(args.variant, {"attacks": True, "weights": {}})
    weights = table["weights"]
    names, rows, cols, vals, res, score, phase = None, [], [], [], [], [], []
    parts = [load_trace(p, args.limit) for p in args.trace]
    names = parts[0][0]
    offset = 0
    for p in parts:
        if p[0] != names:
            sys.exit("the trace files list different features")
        rows.append(p[1] + offset)
        cols.append(p[2])
        vals.append(p[3])
        res.append(p[4])
        score.append(p[5])
        phase.append(p[6])
        offset += len(p[4])
    rows, cols, vals = np.concatenate(rows), np.concatenate(cols), np.concatenate(vals)
    res, score, phase = np.concatenate(res), np.concatenate(score), np.concatenate(phase)
    npos, nf = len(res), len(names)
    print(f"{npos} positions, {nf} features, {len(vals)} counts", file=sys.stderr)
    w = np.zeros((nf, 2))
    for i, name in enumerate(names):
        if name in weights:
            w[i] = weights[name]
    # the danger's units: Black's counts read with White's weights
    index = {name: i for i, name in enumerate(names)}
    twin = np.arange(nf)
    black = np.zeros(nf, dtype=bool)
    quad = np.zeros(nf, dtype=bool)
    for i, name in enumerate(names):
        if name.startswith(DANGER_BLACK):
            j = index.get(DANGER + name[len(DANGER_BLACK):])
            if j is None:
                sys.exit(f"tune.py: the trace has '{name}' without '{DANGER + name[len(DANGER_BLACK):]}'")
            twin[i], black[i], quad[i] = j, True, True
        elif name.startswith(DANGER):
            quad[i] = True
    used = np.bincount(cols, minlength=nf) > 0
    used |= np.bincount(twin[cols], minlength=nf) > 0
    for opt, prefixes in (("--only", args.only), ("--mg-only", args.mg_only)):
        for p in prefixes:
            if not any(name.startswith(p) for name in names):
                sys.exit(f"tune.py: {opt} {p}: no feature of {args.variant} starts with it")
    fixed = np.array([any(name.startswith(p) for p in args.fixed) or
                      bool(args.only and not any(name.startswith(p) for p in args.only)) for name in names])
    mg_only = np.array([any(name.startswith(p) for p in args.mg_only) for name in names])
    shrink = np.array(strength_per_feature(names, shrinks))
    tie = np.array(strength_per_feature(names, ties))
    # a feature no position shows keeps its weight, unless it is pulled
    # towards zero: then nothing holds it up and it goes to zero
    free = (used | (shrink > 0)) & ~fixed & ~black
    # a danger unit to be fitted that has no weight yet starts away from
    # zero (a fixed one stays as the file has it, zero where it has none)
    for i, name in enumerate(names):
        if quad[i] and free[i] and not black[i] and w[i, 0] == 0 and name not in weights:
            w[i, 0] = args.danger_start
    w0 = w.copy()
    pm = phase / PHASE_MAX
    # the danger's counts: linear in the endgame (Black's with a minus, on
    # White's weights), squared in the middlegame (qrow: a position's White
    # and Black attack, qsign: which counts for whom)
    q = quad[cols]
    qrow = 2 * rows[q] + black[cols[q]]
    qcol, qval = twin[cols[q]], vals[q]
    qsign = np.where(black[cols[q]], -1.0, 1.0)
    qpm = pm[rows[q]]
    vals = np.where(black[cols], -vals, vals)
    cols = twin[cols]
    cm = np.where(q, 0.0, vals * pm[rows])
    ce = vals * (1 - pm[rows])

    def danger(w):
        """Each position's White and Black danger, D >= 0 (as rows 2n and 2n + 1)."""
        d = np.bincount(qrow, weights=qval * w[qcol, 0], minlength=2 * npos)
        return np.clip(d, 0, 20000)

    def evaluate(w, dq=None):
        """Each position's evaluation (dq: danger(w), where the caller has it already)."""
        d2 = (danger(w) if dq is None else dq) ** 2 / DANGER_SCALE
        return (np.bincount(rows, weights=cm * w[cols, 0], minlength=npos) +
                np.bincount(rows, weights=ce * w[cols, 1], minlength=npos) +
                pm * (d2[0::2] - d2[1::2]))

    def sigmoid(x):
        return 1 / (1 + np.exp(-x))

    def error(k, e, target):
        return float(np.mean((sigmoid(k * e) - target) ** 2))

    e0 = evaluate(w)
    k = args.k
    if k is None:
        # K for the starting weights, by golden-section search on the result alone
        lo, hi = 0.0005, 0.02
        for _ in range(40):
            a, b = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
            if error(a, e0, res) < error(b, e0, res):
                hi = b
            else:
                lo = a
        k = (lo + hi) / 2
    target = args.lam * res + (1 - args.lam) * sigmoid(k * score)
    print(f"K {k:.5f}; error before {error(k, e0, target):.6f} (result only {error(k, e0, res):.6f})",
          file=sys.stderr)
    m, v = np.zeros_like(w), np.zeros_like(w)
    b1, b2, lr, eps = 0.9, 0.999, args.rate, 1e-8
    for it in range(1, args.iterations + 1):
        dq = danger(w)
        e = evaluate(w, dq)
        s = sigmoid(k * e)
        d = 2 * (s - target) * s * (1 - s) * k / npos
        g = np.zeros_like(w)
        g[:, 0] = np.bincount(cols, weights=cm * d[rows], minlength=nf)
        g[:, 1] = np.bincount(cols, weights=ce * d[rows], minlength=nf)
        if len(qrow):
            g[:, 0] += np.bincount(qcol, weights=qsign * qpm * d[qrow // 2] * 2 * dq[qrow] * qval / DANGER_SCALE,
                                   minlength=nf)
        g += 2e-6 * args.l2 * (w - w0)  # a pull back towards the starting weights
        g += 2e-6 * shrink[:, None] * w  # and towards zero (--shrink): rare features stay small
        gap = 2e-6 * tie * (w[:, 1] - w[:, 0])  # the endgame value towards the middlegame one (--tie)
        g[:, 0] -= gap
        g[:, 1] += gap
        g[~free] = 0
        g[mg_only, 1] = 0
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        w -= lr * (m / (1 - b1 ** it)) / (np.sqrt(v / (1 - b2 ** it)) + eps)
        if it % 100 == 0 or it == args.iterations:
            print(f"iteration {it}: error {error(k, e, target):.6f}", file=sys.stderr, flush=True)
    e = evaluate(np.round(w))
    print(f"error after {error(k, e, target):.6f} (result only {error(k, e, res):.6f})", file=sys.stderr)
    if args.iterations == 0:  # a reading of the error: the file stays as it was, byte for byte
        print(f"{args.weights}: nothing fitted (--iterations 0), left as it was", file=sys.stderr)
        return
    for i, name in enumerate(names):
        if not black[i] and ((used[i] and not fixed[i]) or name in weights):
            weights[name] = [int(round(w[i, 0])), int(round(w[i, 1]))]
    weights = {n: weights[n] for n in sorted(weights, key=lambda n: names.index(n) if n in names else 1 << 30)}
    table["weights"] = weights
    with open(args.weights, "w") as f:
        json.dump(data, f, indent=1, sort_keys=False)
        f.write("\n")
    print(f"{args.weights}: {args.variant} rewritten; now run: tools/tune.py write", file=sys.stderr)


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write(args):
    data = load_weights(args.weights)
    out = ["/* Evaluation weights per variant, written by tools/tune.py from",
           " * tools/eval-weights.json: do not edit by hand; run the tuner.",
           " * Each row: a feature's name (eval.c counts it), its middlegame and endgame",
           " * value in centipawns. */",
           '#include "eval.h"', "", "#include <string.h>", ""]
    entries = []
    arrays = {}  # rows -> the array already written with them: identical weights are written once
    for variant in sorted(data):
        rows = tuple(f"    {{{c_string(name)}, {mg}, {eg}}},"
                     for name, (mg, eg) in data[variant].get("weights", {}).items() if mg or eg)
        ident = arrays.get(rows)
        if ident is None:
            ident = arrays[rows] = variant.replace("-", "_")
            out.append(f"static const EvalWeight {ident}_weights[] = {{")
            out.extend(rows)
            out.append("};")
            out.append("")
        attacks = "true" if data[variant].get("attacks") else "false"
        entries.append(f"    {{{c_string(variant)}, {ident}_weights, (int)(sizeof {ident}_weights / "
                       f"sizeof {ident}_weights[0]), {attacks}}},")
    out.append("static const EvalVariantTable tables[] = {")
    out.extend(entries)
    out.append("};")
    out.append("")
    out.append('static const EvalVariantTable empty_table = {"", NULL, 0, false};')
    out.append("")
    out.append("const EvalVariantTable *eval_table_find(const char *variant_id)")
    out.append("{")
    out.append("    for (int i = 0; i < (int)(sizeof tables / sizeof tables[0]); i++)")
    out.append("        if (!strcmp(tables[i].variant, variant_id))")
    out.append("            return &tables[i];")
    out.append("    return &empty_table;")
    out.append("}")
    with open(args.out, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"{args.out} written", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit", help="fit one variant's weights to traced positions")
    f.add_argument("--variant", required=True)
    f.add_argument("--trace", action="append", required=True, help="kage evaltrace output (repeatable)")
    f.add_argument("--weights", default=WEIGHTS)
    f.add_argument("--lambda", dest="lam", type=float, default=0.5, help="weight of the result in the label")
    f.add_argument("--iterations", type=int, default=2000)
    f.add_argument("--rate", type=float, default=1.0, help="Adam step size, centipawns")
    f.add_argument("--l2", type=float, default=0.0,
                   help="penalty on the squared distance from the starting weights, per million")
    f.add_argument("--k", type=float, help="the sigmoid's scale K, in place of the one fitted to the starting weights")
    f.add_argument("--danger-start", type=float, default=8.0,
                   help="middlegame weight a king danger unit ('danger: X') starts the fit at while it has none")
    f.add_argument("--limit", type=int, default=0, help="positions read from each trace file, 0 = all")
    f.add_argument("--fixed", action="append", default=[], help="feature name prefixes to keep as they are")
    f.add_argument("--mg-only", action="append", default=[], metavar="PREFIX",
                   help="fit only the middlegame values of the features whose names start with PREFIX (repeatable); "
                        "their endgame values stay as they are ('danger:' fits the king danger's square alone)")
    f.add_argument("--only", action="append", default=[], metavar="PREFIX",
                   help="fit only the features whose names start with PREFIX (repeatable), keep the rest")
    f.add_argument("--shrink", action="append", default=[], metavar="PREFIX:STRENGTH",
                   help="pull the features whose names start with PREFIX towards zero, with the strength of --l2 "
                        "(repeatable; 'pst :0.03' keeps the piece-square values of rarely seen squares small)")
    f.add_argument("--tie", action="append", default=[], metavar="PREFIX:STRENGTH",
                   help="pull the endgame value of the features whose names start with PREFIX towards their "
                        "middlegame value, with the strength of --l2 (repeatable; ':1' ties every feature)")
    f.set_defaults(func=fit)
    w = sub.add_parser("write", help="write eval_tables.c from the weights file")
    w.add_argument("--weights", default=WEIGHTS)
    w.add_argument("--out", default=TABLES)
    w.set_defaults(func=write)
    args = ap.parse_args()
    try:
        args.func(args)
    except OSError as e:
        sys.exit(f"tune.py: {e.filename}: {e.strerror}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
