#!/bin/sh
# The man page's ladders (man/kage.6, "PLAYING LEVELS") stand on the games
# kept in docs/records/ladder/: every column is counted again here with
# tools/ladder.py --summary from its variant's files, and each level's
# figure, its mark (< or >) included, must be the man page's.  A figure
# without its games, or games that no longer give it, fail.
. "$(dirname "$0")/test-lib.sh"
normal_build_only ladder-record "a check of the documents"
need_python ladder-record
[ -d "$top/docs/records/ladder" ] ||
    cannot_run ladder-record "no docs/records/ladder/ (a release tarball leaves the game records out)"
python3 - "$top" <<'PY' || fail "the man page's ladders are not what docs/records/ladder/ counts"
import glob, os, re, subprocess, sys

top = sys.argv[1]
names = {"Shinobi+": "shinobiplus", "Shinobi": "shinobi", "Shogun": "shogun", "vchess": "shinobivchess",
         "Cashew": "cashew"}
man = open(os.path.join(top, "man/kage.6"), encoding="utf-8").read()
section = man[man.index(".SH PLAYING LEVELS"):]
section = section[:section.index("\n.SH ", 1)]
tables = re.findall(r"\n\.nf\n(level .*?)\n\.fi", section, re.S)
if not tables:
    sys.exit("no ladder table in the man page's PLAYING LEVELS")
bad = 0
columns = 0
for table in tables:
    rows = table.split("\n")
    heads = rows[0].split()[1:]
    for k, head in enumerate(heads):
        variant = names.get(head)
        if not variant:
            print(f"man page: a ladder column of no known variant: {head}")
            bad += 1
            continue
        want = {}
        for row in rows[1:]:
            # a level, then one figure a column: an optional mark, then the number
            cells = re.findall(r"([<>?]?)\s*(\\-)?(\d+)", row.split(None, 1)[1])
            level = int(row.split()[0])
            mark, minus, num = cells[k]
            want[level] = (mark, -int(num) if minus else int(num))
        files = sorted(glob.glob(os.path.join(top, "docs/records/ladder", f"{variant}-level*.pgn")))
        if not files:
            print(f"{head}: no games in docs/records/ladder/{variant}-level*.pgn")
            bad += 1
            continue
        run = subprocess.run([sys.executable, os.path.join(top, "tools/ladder.py"), "--summary"] + files,
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{head}: tools/ladder.py --summary failed: {run.stderr.strip()}")
            bad += 1
            continue
        out = run.stdout.split("\n")
        tops = [i for i, l in enumerate(out) if l.startswith("Elo relative to level ")]
        top_level = max(want)
        if len(tops) != 1 or out[tops[0]] != f"Elo relative to level {top_level}:":
            print(f"{head}: the games do not make one ladder from level {top_level}: {[out[i] for i in tops]}")
            bad += 1
            continue
        got = {}
        for l in out[tops[0] + 1:]:
            m = re.match(r"\s+level\s+(\d+):\s*([<>?]?)\s*(-?\d+)$", l)
            if m:
                got[int(m.group(1))] = (m.group(2), int(m.group(3)))
        if got != want:
            print(f"{head}: the man page says {sorted(want.items(), reverse=True)}, "
                  f"its {len(files)} files count {sorted(got.items(), reverse=True)}")
            bad += 1
            continue
        columns += 1
        print(f"ok   {head}: {len(want)} levels, counted again from {len(files)} files of games")
if bad:
    sys.exit(1)
print(f"{columns} columns")
PY
finish "ladder-record: every figure of the man page's ladders counted again from docs/records/ladder/"
