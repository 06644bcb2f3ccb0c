#!/usr/bin/env python3
"""Train the neural network that corrects Kage's evaluation, and write it into the engine.

The network is described in src/engine/nn.h: per perspective the pieces on
the board and in hand as inputs, one hidden layer clipped to [0, 1] and
squared, one output from both perspectives, which the engine adds to the sum
of its tuned terms (tools/tune.py's).  The positions come from `kage
datagen` through `kage nndata` (binary records, see src/cli/cli_datagen.c),
which also records each position's evaluation without the network:

    kage nndata shogun < games.data | gzip > games.knn.gz
    tools/nn.py train --variant shogun --mirror --out shogun.npz --val-data held.knn.gz games.knn.gz ...
    tools/nn.py note shogun.npz "how it was trained, and what it did against the network before"
    tools/nn.py write shogun.npz src/engine/nn_tables.c:shinobiplus ... > nn_tables.new
    tools/nn.py check --kage build/src/kage --variant shogun --data games.data --tables src/engine/nn_tables.c

`train` needs PyTorch (Debian: python3-torch; a GPU where there is one);
`note`, `write` and `check` need numpy only.  `train` describes the
network it saves in a note (its data and settings), which `write` puts in
the comment above the network; `note` prints a network file's note, or
replaces it with a sentence of the round's own (which epoch won, the
held-out error before and after), known only after training.

The label of a position is, from the side to move's view, lambda * result
+ (1 - lambda) * sigmoid(K * search score), and the network is fitted so that sigmoid(K * (evaluation without
the network + its correction)) comes close to it (squared error, AdamW);
it starts at no correction (or at the network given by --start, widened
where it has fewer units than --hidden: the new units' output weights are
zero, so the start's evaluation is unchanged), and the epoch with the
least error on the held-out positions is kept (the start counts as epoch
0); with --factor each input's row is trained as its own
weights plus those of its kind (the piece's side and type), summed into one
row when saved, for a large board (Cashew's 13,806 inputs) whose squares
are mostly seldom seen.  `check` compares the inputs computed here from
the records with the engine's own (`kage nndata --inputs`) and, given
nn_tables.c, this file's integer evaluation of its network with the
engine's (`kage nndata --eval`).

Where a network file is asked for (`write`, `train --start`), FILE.c:VARIANT
names the network of VARIANT in an nn_tables.c that `write` made: the one
the engine plays with, so that one network can be replaced and the others
kept as they are, or a network trained further, without its .npz file.
"""
import argparse
import gzip
import os
import subprocess
import sys

import numpy as np

QA, QB, OUT_SCALE = 255, 64, 400  # src/engine/nn.h


def read_records(path):
    """(shape, board, hands, stm, score, result2, base) of a `kage nndata` file (.gz too).
    shape is (squares, files, ranks, types, hand steps, turned): turned is 1
    where the network's view from Black turns the board round (Cashew's), 0
    where it turns it upside down; KNN1 records, which did not say, are 0."""
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rb") as f:
            raw = f.read()
    except (OSError, EOFError) as e:
        sys.exit(f"nn.py: {path}: {e}")
    head = {b"KNN1": 5, b"KNN2": 6}.get(raw[:4], 0)
    if not head or len(raw) < 4 + 2 * head:
        sys.exit(f"nn.py: {path}: not the output of kage nndata")
    nsq, files, ranks, nt, hand_max, turned = (list(np.frombuffer(raw[4:4 + 2 * head], dtype="<u2").astype(int)) + [0])[:6]
    if turned not in (0, 1):
        sys.exit(f"nn.py: {path}: not the output of kage nndata")
    size = nsq + 2 * nt + 6
    body = raw[4 + 2 * head:]
    if len(body) % size:
        sys.exit(f"nn.py: {path}: cut short ({len(body) % size} bytes of a last record)")
    rec = np.frombuffer(body, dtype=np.uint8).reshape(-1, size)
    shape = (int(nsq), int(files), int(ranks), int(nt), int(hand_max), int(turned))
    board = rec[:, :nsq]
    hands = rec[:, nsq:nsq + 2 * nt]
    stm = rec[:, nsq + 2 * nt].astype(np.int64)
    score = rec[:, nsq + 2 * nt + 1:nsq + 2 * nt + 3].copy().view("<i2").reshape(-1).astype(np.float64)
    result2 = rec[:, nsq + 2 * nt + 3].astype(np.float64)
    base = rec[:, nsq + 2 * nt + 4:nsq + 2 * nt + 6].copy().view("<i2").reshape(-1).astype(np.float64)
    return shape, board, hands, stm, score, result2, base


def ninputs(shape):
    nsq, files, ranks, nt, hand_max = shape[:5]
    return 2 * nt * (nsq + hand_max)


def mirror(shape, board, hands):
    """The same positions with the files turned round (a game whose pieces
    move to one side, Cashew's Generals, is not the same game mirrored)."""
    nsq, files, ranks, nt, hand_max = shape[:5]
    b = board.reshape(-1, ranks, files)[:, :, ::-1].reshape(-1, nsq)
    return np.ascontiguousarray(b), hands


def inputs(shape, board, hands, persp, chunk=65536):
    """The network's inputs seen from persp (0 White, 1 Black) of each
    position, padded with ninputs(shape): an (N, width) int array.  The same
    numbers as nn_inputs() in src/engine/nn.c, which `check` confirms.
    Worked out chunk positions at a time: the full-width arrays of every
    position at once (a column for each square and hand step) would take
    tens of GB for a million and a half positions."""
    pad = ninputs(shape)
    parts = [inputs_chunk(shape, board[i:i + chunk], hands[i:i + chunk], persp)
             for i in range(0, board.shape[0], chunk)]
    width = max((q.shape[1] for q in parts), default=1)
    out = np.full((board.shape[0], width), pad, dtype=np.int64)
    first = 0
    for q in parts:
        out[first:first + q.shape[0], :q.shape[1]] = q
        first += q.shape[0]
    return out


def inputs_chunk(shape, board, hands, persp):
    """inputs() of a few positions at once."""
    nsq, files, ranks, nt, hand_max, turned = (tuple(shape) + (0,))[:6]
    pad = ninputs(shape)
    n = board.shape[0]
    code = board.astype(np.int64)
    occupied = code > 0
    t = (code - 1) % nt  # type - 1
    c = (code - 1) // nt
    rel = (c != persp).astype(np.int64)
    sq = np.arange(nsq)
    r, f = sq // files, sq % files
    if persp == 1:
        r = ranks - 1 - r
        if turned:
            f = files - 1 - f
    idx = (rel * nt + t) * nsq + (r * files + f)[None, :]
    idx = np.where(occupied, idx, pad)
    # the hands: "at least k" for k = 1 .. min(count, hand_max)
    cnt = np.minimum(hands.astype(np.int64), hand_max)  # (N, 2 nt): White's types, then Black's
    col = np.arange(2 * nt)
    hc, ht = col // nt, col % nt
    hrel = (hc != persp).astype(np.int64)
    hbase = 2 * nt * nsq + (hrel * nt + ht) * hand_max  # (2 nt,)
    k = np.arange(hand_max)
    hidx = hbase[None, :, None] + k[None, None, :]
    hidx = np.where(k[None, None, :] < cnt[:, :, None], hidx, pad).reshape(n, -1)
    allidx = np.concatenate([idx, hidx], axis=1)
    # pack the real inputs to the left and cut the padding columns no row uses
    order = np.argsort(allidx == pad, axis=1, kind="stable")
    allidx = np.take_along_axis(allidx, order, axis=1)
    width = int((allidx != pad).sum(axis=1).max()) if n else 0
    return allidx[:, :max(width, 1)]


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def labels(score, result2, stm, k, lam):
    sign = np.where(stm == 0, 1.0, -1.0)
    res = np.where(stm == 0, result2 / 2, 1 - result2 / 2)
    return lam * res + (1 - lam) * sigmoid(k * score * sign)


def load(paths, do_mirror):
    """The records of all paths (and their mirror images) and each row's
    source position (a mirror image has its original's)."""
    shape = None
    parts = []
    first = 0
    for p in paths:
        s, board, hands, stm, score, result2, base = read_records(p)
        if shape and s != shape:
            sys.exit(f"nn.py: {p}: another board or set of pieces than {paths[0]}")
        shape = s
        src = np.arange(first, first + board.shape[0])
        first += board.shape[0]
        parts.append((board, hands, stm, score, result2, base, src))
        if do_mirror:
            mb, mh = mirror(s, board, hands)
            parts.append((mb, mh, stm, score, result2, base, src))
    cat = [np.concatenate([q[i] for q in parts]) for i in range(7)]
    return shape, cat


def train(a):
    if a.hidden <= 0 or a.hidden % 16 or a.hidden > 64:
        sys.exit("nn.py: --hidden must be a multiple of 16 up to 64 (NN_BLOCK, NN_MAX_HIDDEN in src/engine/nn.h)")
    shape, (board, hands, stm, score, result2, base, src) = load(a.data + a.val_data, a.mirror)
    if a.mirror and len(shape) > 5 and shape[5]:
        sys.exit(f"nn.py: --mirror: {a.variant}'s army is turned round for Black, its pieces move to one side "
                 "(Cashew's Generals): a position with its files turned round is not one of this game")
    start = read_net(a.start) if a.start else None
    # a start with fewer units than --hidden is widened: its units first, the
    # new ones after them with no output weight, so training begins from the
    # start's evaluation exactly
    if start is not None and (tuple(int(x) for x in start["shape"])[:5] != tuple(shape)[:5] or start["b1"].shape[0] > a.hidden):
        sys.exit(f"nn.py: {a.start}: a network of {start['variant']} with {start['b1'].shape[0]} units, "
                 f"not of {a.variant} with at most {a.hidden} (--hidden) on these records' board")
    if start is not None and str(start["variant"]) != a.variant:
        # another game's network with the same inputs (Shinobi's for Shinobi (vchess.club)):
        # a start, and the network written is this game's
        print(f"starting from {start['variant']}'s network (the same inputs as {a.variant}'s)", file=sys.stderr)
    try:
        import torch
    except ImportError:
        sys.exit("nn.py train: needs PyTorch (Debian: python3-torch)")
    dev = torch.device("cuda" if torch.cuda.is_available() and not a.cpu else "cpu")
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    n = board.shape[0]
    nheld = len(load(a.val_data, False)[1][0]) if a.val_data else 0
    print(f"{n} positions{' (mirrored too)' if a.mirror else ''}, {ninputs(shape)} inputs, on {dev}", file=sys.stderr)
    iw = inputs(shape, board, hands, 0)
    ib = inputs(shape, board, hands, 1)
    y = labels(score, result2, stm, a.k, a.lam)
    # hold out whole source positions (both mirror images) for validation
    held = rng.random(int(src.max()) + 1 if n else 0) < a.val
    if a.val_data:  # the positions of those files, and no others
        held = np.arange(int(src.max()) + 1) >= int(src.max()) + 1 - nheld
    val, tr = np.nonzero(held[src])[0], np.nonzero(~held[src])[0]
    pad = ninputs(shape)
    H = a.hidden
    T = lambda x, dt=torch.int64: torch.tensor(x, dtype=dt, device=dev)
    IW, IB, STM, Y, BASE = T(iw), T(ib), T(stm), T(y, torch.float32), T(base, torch.float32)
    w1 = torch.nn.Parameter(torch.randn(pad + 1, H, device=dev) * a.init)
    b1 = torch.nn.Parameter(torch.full((H,), 0.0, device=dev))
    w2 = torch.nn.Parameter(torch.zeros(2 * H, device=dev))  # starts as no correction at all
    b2 = torch.nn.Parameter(torch.zeros((), device=dev))
    if start is not None:  # or from a network already trained
        h0 = start["b1"].shape[0]
        if h0 < H:
            print(f"widening {a.start}'s {h0} units to {H}", file=sys.stderr)
        with torch.no_grad():
            w1[:pad, :h0] = T(start["w1"], torch.float32)
            w1[pad] = 0
            b1[:h0] = T(start["b1"], torch.float32)
            w2[:h0] = T(start["w2"][:h0], torch.float32)
            w2[H:H + h0] = T(start["w2"][h0:], torch.float32)
            b2.copy_(T(start["b2"], torch.float32))
    params = [w1, b1, w2, b2]
    # --factor: each input's row is its own weights plus its kind's (the
    # piece's side and type, on the board or in hand), trained together and
    # summed into one row when saved: a square seldom reached learns from the
    # kind's every square.  The network the engine reads is the same shape.
    grp = np.zeros(pad + 1, dtype=np.int64)
    nsq, nt, hand_max = shape[0], shape[3], shape[4]
    grp[:2 * nt * nsq] = np.arange(2 * nt * nsq) // nsq
    grp[2 * nt * nsq:pad] = 2 * nt + np.arange(pad - 2 * nt * nsq) // hand_max
    grp[pad] = 4 * nt
    GRP = T(grp)
    fw = torch.nn.Parameter(torch.zeros(4 * nt + 1, H, device=dev))
    if a.factor:
        params.append(fw)

    def rows():
        return w1 + fw[GRP] if a.factor else w1

    def saved():
        with torch.no_grad():
            return [p.detach().cpu().numpy().copy() for p in (rows(), b1, w2, b2)]

    opt = torch.optim.AdamW(params, lr=a.lr, weight_decay=a.decay)
    steps = a.epochs * max(1, len(tr) // a.batch)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, steps)

    bag = torch.nn.functional.embedding_bag

    def forward(sel):
        w = rows()
        aw = b1 + bag(IW[sel], w, mode="sum", padding_idx=pad)
        ab = b1 + bag(IB[sel], w, mode="sum", padding_idx=pad)
        s = STM[sel].unsqueeze(1) == 0
        us, them = torch.where(s, aw, ab), torch.where(s, ab, aw)
        out = b2 + (us.clamp(0, 1) ** 2) @ w2[:H] + (them.clamp(0, 1) ** 2) @ w2[H:]
        return out  # the network's correction / OUT_SCALE

    def loss_of(sel):
        out = BASE[sel] + forward(sel) * OUT_SCALE
        return ((torch.sigmoid(out * a.k) - Y[sel]) ** 2).mean()

    TR, VAL = T(tr), T(val)
    with torch.no_grad():
        vl = sum(loss_of(VAL[i:i + 65536]).item() * len(VAL[i:i + 65536]) for i in range(0, len(VAL), 65536)) / max(1, len(VAL))
    print(f"validation error of the evaluation {'with ' + a.start if a.start else 'without the network'} {vl:.6f}",
          file=sys.stderr, flush=True)
    best = (vl, saved(), 0)  # the start counts as epoch 0
    step = 0
    for ep in range(a.epochs):
        order = TR[torch.randperm(len(TR), device=dev)]
        tot = 0.0
        for i in range(0, len(order) - a.batch + 1, a.batch):
            loss = loss_of(order[i:i + a.batch])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            step += 1
            with torch.no_grad():
                w1.clamp_(-32767 / QA, 32767 / QA)
                b1.clamp_(-32767 / QA, 32767 / QA)
                w2.clamp_(-32767 / QB, 32767 / QB)
            tot += loss.item()
        with torch.no_grad():
            vl = sum(loss_of(VAL[i:i + 65536]).item() * len(VAL[i:i + 65536]) for i in range(0, len(VAL), 65536)) / max(1, len(VAL))
        nb = max(1, len(order) // a.batch)
        print(f"epoch {ep + 1}: train {tot / nb:.6f} validation {vl:.6f}", file=sys.stderr, flush=True)
        if vl < best[0]:
            best = (vl, saved(), ep + 1)
    w1n, b1n, w2n, b2n = best[1]
    # which epoch was kept; the start kept means a network the same as the
    # one given (or none at all without --start), which a round must not
    # take for a trained one
    kept = (f"epoch {best[2]} of {a.epochs}" if best[2] else
            "the start, unchanged" + (": no epoch beat it" if a.epochs else ""))
    np.savez(a.out, variant=a.variant, shape=np.array(shape), w1=w1n[:pad], b1=b1n, w2=w2n, b2=b2n,
             note=f"{'from ' + os.path.basename(a.start) + ', ' if a.start else ''}{len(tr)} positions of {' '.join(a.data)}, {len(val)} held out"
                  f"{' (' + ' '.join(a.val_data) + ')' if a.val_data else ''}{', mirrored' if a.mirror else ''}; "
                  f"lambda {a.lam}, K {a.k}, hidden {H}{', factored by kind' if a.factor else ''}, "
                  f"{a.epochs} epochs, kept {kept}, validation error {best[0]:.6f}")
    print(f"best validation error {best[0]:.6f}; written {a.out} ({kept})", file=sys.stderr)


def quantise(net):
    w1 = np.round(net["w1"] * QA).clip(-32767, 32767).astype(np.int64)
    b1 = np.round(net["b1"] * QA).clip(-32767, 32767).astype(np.int64)
    w2 = np.round(net["w2"] * QB).clip(-32767, 32767).astype(np.int64)
    b2 = int(np.round(float(net["b2"]) * QA * QB))
    return w1, b1, w2, b2


def evaluate(q, iw, ib, stm):
    """The engine's integer evaluation (nn_evaluate), side to move's view."""
    w1, b1, w2, b2 = q
    H = b1.shape[0]
    w1z = np.vstack([w1, np.zeros((1, H), dtype=np.int64)])
    aw = b1 + w1z[iw].sum(1)
    ab = b1 + w1z[ib].sum(1)
    s = (stm == 0)[:, None]
    us, them = np.where(s, aw, ab), np.where(s, ab, aw)
    cl = lambda x: x.clip(0, QA)
    tot = (cl(us) ** 2 * w2[:H]).sum(1) + (cl(them) ** 2 * w2[H:]).sum(1)
    y = np.trunc(tot / QA).astype(np.int64) + b2  # C's division truncates toward zero
    return np.trunc(y * OUT_SCALE / (QA * QB)).astype(np.int64)


def in_tables(path):
    """Whether path names a network in an nn_tables.c (FILE.c:VARIANT)."""
    return ":" in path and path.rsplit(":", 1)[0].endswith(".c")


def read_net(path):
    """A network file of `train` (.npz), or one network of an nn_tables.c
    written by `write` (FILE.c:VARIANT: its quantised weights read back as
    floats, which `write` quantises to the same integers, and its note), as a
    dict of its arrays."""
    if in_tables(path):
        return read_tables_net(*path.rsplit(":", 1))
    try:
        net = dict(np.load(path))
        for key in ("variant", "shape", "w1", "b1", "w2", "b2", "note"):
            net[key]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"nn.py: {path}: not a network of tools/nn.py train ({e})")
    return net


def write(a):
    out = ["/* Written by tools/nn.py write: do not edit.  The networks of src/engine/nn.h,",
           " * quantised; how each was trained is said above it. */",
           '#include "nn.h"', "", "#include <stddef.h>", ""]
    names = []
    for path in a.nets:
        net = read_net(path)
        variant = str(net["variant"])
        nsq, files, ranks, nt, hand_max = (int(x) for x in net["shape"][:5])
        w1, b1, w2, b2 = quantise(net)
        cname = variant.replace("-", "_")
        note_ok(str(net["note"]), path)
        out.append(f"/* {variant}: {str(net['note'])} */")
        for name, arr in (("w1", w1), ("b1", b1), ("w2", w2)):
            flat = arr.reshape(-1)
            out.append(f"static const int16_t {cname}_{name}[{flat.size}] = {{")
            for i in range(0, flat.size, 16):
                out.append("    " + ",".join(str(int(x)) for x in flat[i:i + 16]) + ",")
            out.append("};")
        out.append(f"static const NnNet {cname}_net = {{\"{variant}\", {nsq}, {nt}, {b1.size}, {w1.shape[0]}, "
                   f"{cname}_w1, {cname}_b1, {cname}_w2, {b2}}};")
        out.append("")
        names.append(f"&{cname}_net")
    out.append("const NnNet *const nn_nets[] = {" + ", ".join(names + ["NULL"]) + "};")
    sys.stdout.write("\n".join(out) + "\n")


def note_ok(text, where, new=False):
    """Exit with a message where a note cannot stand in nn_tables.c's comment
    (and where a new one, given to `note`, is empty)."""
    if "*/" in text or "\n" in text or (new and not text.strip()):
        sys.exit(f"nn.py: {where}: a network's note must be one line of text without '*/' "
                 "(it is the comment above the network in nn_tables.c)")


def note(a):
    """Print a network file's note, or replace it with a.text."""
    if in_tables(a.net):
        sys.exit(f"nn.py note: {a.net}: a network in an nn_tables.c takes its note from the file it was written from")
    net = read_net(a.net)
    if a.text is None:
        print(str(net["note"]))
        return
    note_ok(a.text, "note", new=True)
    net["note"] = np.array(a.text)
    tmp = a.net + ".tmp.npz"  # np.savez adds .npz to a name without it
    try:
        np.savez(tmp, **net)
        os.replace(tmp, a.net)
    except OSError as e:
        if os.path.exists(tmp):
            os.remove(tmp)
        sys.exit(f"nn.py note: {a.net}: {e}")


def read_tables(path, variant, full=False):
    """The quantised network of variant from nn_tables.c as tools/nn.py wrote
    it: (w1, b1, w2, b2), and with full also (squares, piece types, note)."""
    import re
    try:
        with open(path) as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"nn.py: {path}: {e}")
    if not text:
        sys.exit(f"nn.py: {path}: empty (to rewrite it from itself, write to another file and move that:"
                 " the shell empties the file it writes to before nn.py reads it)")
    cname = variant.replace("-", "_")
    m = re.search(r"static const NnNet %s_net = \{\"[^\"]*\", (\d+), (\d+), (\d+), (\d+), \w+, \w+, \w+, (-?\d+)\};"
                  % re.escape(cname), text)
    if not m:
        sys.exit(f"nn.py: {path}: no network for {variant}")
    nsq, nt, H, nin, b2 = (int(x) for x in m.groups())
    arrays = {}
    for name, size in (("w1", nin * H), ("b1", H), ("w2", 2 * H)):
        m = re.search(r"static const int16_t %s_%s\[(\d+)\] = \{(.*?)\};" % (re.escape(cname), name), text, re.S)
        try:
            arrays[name] = np.array([int(x) for x in m.group(2).replace("\n", " ").split(",") if x.strip()],
                                    dtype=np.int64)
        except (AttributeError, ValueError):
            arrays[name] = None
        if arrays[name] is None or arrays[name].size != size:
            sys.exit(f"nn.py: {path}: the network for {variant} has no {name} of {size} numbers")
    q = arrays["w1"].reshape(nin, H), arrays["b1"], arrays["w2"], b2
    if not full:
        return q
    m = re.search(r"/\* %s: (.*?) \*/\nstatic const int16_t %s_w1\[" % (re.escape(variant), re.escape(cname)), text, re.S)
    return q, nsq, nt, m.group(1) if m else ""


def read_tables_net(path, variant):
    """One network of an nn_tables.c as read_net gives a network file's."""
    (w1, b1, w2, b2), nsq, nt, note = read_tables(path, variant, full=True)
    side = int(round(nsq ** 0.5))
    hand_max = w1.shape[0] // (2 * nt) - nsq
    if side * side != nsq or 2 * nt * (nsq + hand_max) != w1.shape[0]:
        sys.exit(f"nn.py: {path}: the network for {variant} is not of a square board")
    return {"variant": np.array(variant), "shape": np.array([nsq, side, side, nt, hand_max]),
            "w1": w1 / QA, "b1": b1 / QA, "w2": w2 / QB, "b2": np.float64(b2 / (QA * QB)), "note": np.array(note)}


def check(a):
    try:
        with open(a.data, "rb") as f:
            text = f.read()
    except OSError as e:
        sys.exit(f"nn.py: {a.data}: {e}")
    rec = subprocess.run([a.kage, "nndata", a.variant], input=text, capture_output=True, check=True).stdout
    ins = subprocess.run([a.kage, "nndata", a.variant, "--inputs"], input=text, capture_output=True,
                         check=True).stdout.decode().splitlines()
    import tempfile
    with tempfile.NamedTemporaryFile(suffix=".knn") as f:
        f.write(rec)
        f.flush()
        shape, board, hands, stm, score, result2, base = read_records(f.name)
    if len(ins) != board.shape[0]:
        sys.exit(f"nn.py check: {len(ins)} lines of inputs for {board.shape[0]} records")
    iw, ib = inputs(shape, board, hands, 0), inputs(shape, board, hands, 1)
    pad = ninputs(shape)
    bad = 0
    for i, line in enumerate(ins):
        white, black = line.split("|")
        for mine, theirs in ((iw[i], white), (ib[i], black)):
            if sorted(int(x) for x in mine if x != pad) != sorted(int(x) for x in theirs.split()):
                bad += 1
                if bad <= 3:
                    print(f"position {i + 1}: inputs differ: {sorted(x for x in mine if x != pad)} / {theirs}",
                          file=sys.stderr)
    print(f"{board.shape[0]} positions, inputs {'the same' if not bad else f'different in {bad}'}")
    if a.tables:
        limit = 29000  # EVAL_LIMIT in src/engine/eval.c
        mine = np.clip(base.astype(np.int64) + evaluate(read_tables(a.tables, a.variant), iw, ib, stm), -limit, limit)
        out = subprocess.run([a.kage, "nndata", a.variant, "--eval"], input=text, capture_output=True,
                             check=True).stdout.split()
        theirs = np.array([int(x) for x in out])
        diff = int((mine != theirs).sum()) if len(theirs) == len(mine) else len(mine)
        print(f"evaluations {'the same' if not diff else f'different in {diff}'} (the engine's and these tables')")
        bad += diff
    sys.exit(1 if bad else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train", help="fit a network to records of kage nndata (PyTorch)")
    t.add_argument("data", nargs="+", help="kage nndata files (.gz too)")
    t.add_argument("--variant", required=True)
    t.add_argument("--out", required=True, help="the network's float weights (.npz)")
    t.add_argument("--hidden", type=int, default=32, help="units of the hidden layer (16, 32, 48 or 64)")
    t.add_argument("--epochs", type=int, default=12)
    t.add_argument("--batch", type=int, default=4096)
    t.add_argument("--lr", type=float, default=1e-3)
    t.add_argument("--k", type=float, default=0.0012, help="the sigmoid's scale, per centipawn")
    t.add_argument("--lambda", dest="lam", type=float, default=0.0, help="weight of the result in the label")
    t.add_argument("--val", type=float, default=0.05, help="share of the positions held out")
    t.add_argument("--val-data", nargs="*", default=[], help="hold out these files' positions instead")
    t.add_argument("--init", type=float, default=0.05, help="spread of the first layer's starting weights")
    t.add_argument("--start", help="begin from this network (.npz, or FILE.c:VARIANT; with fewer units than --hidden, widened) instead of no correction")
    t.add_argument("--mirror", action="store_true", help="add each position with its files turned round")
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--decay", type=float, default=0.01, help="AdamW's weight decay")
    t.add_argument("--cpu", action="store_true")
    t.add_argument("--factor", action="store_true",
                   help="train each input's row as its own weights plus its kind's (side and type), summed when saved")
    w = sub.add_parser("write", help="write src/engine/nn_tables.c from networks (.npz)")
    w.add_argument("nets", nargs="*", help="networks (.npz), or FILE.c:VARIANT for one in an nn_tables.c")
    n = sub.add_parser("note", help="print a network file's note (the comment above it in nn_tables.c), or replace it")
    n.add_argument("net", help="a network of tools/nn.py train (.npz)")
    n.add_argument("text", nargs="?", help="the new note, one line")
    c = sub.add_parser("check", help="the inputs (and a network's evaluations) against the engine's")
    c.add_argument("--kage", required=True)
    c.add_argument("--variant", required=True)
    c.add_argument("--data", required=True, help="FEN<TAB>SCORE<TAB>RESULT lines")
    c.add_argument("--tables", help="nn_tables.c: compare its network's evaluations with the engine's (built from it)")
    a = ap.parse_args()
    {"train": train, "note": note, "write": write, "check": check}[a.cmd](a)


if __name__ == "__main__":
    main()
