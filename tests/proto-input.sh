#!/bin/sh
# The engine protocols under hostile input (issue: hostile input and hard
# faults): games of any length read whole, a clock at zero moves at once,
# garbage numbers get an error and a sane default, `d` during `go infinite`
# answers at once, a clamped option is said.  Every run is bounded by
# `timeout`, so a hang fails the test instead of blocking the suite.
. "$(dirname "$0")/test-lib.sh"
skip_in_distcheck proto-input # a minute of waits
use_tmp proto-input
run() { # run PROTO SECONDS: stdin to the engine, its output on stdout; 124 = it hung
    timeout "$2" "$kage" "$1"
}
# Where a check needs the engine to have answered before the next line (its
# move, a depth), the lines wait for it rather than for a fixed time, which a
# sanitizer build on a loaded machine can overrun:
#   out=$(fresh; { printf ...; wait_out PATTERN SECONDS; printf ...; } | to_file PROTO SECONDS)
fresh() { : >"$tmp/engine"; }
wait_out() { # wait_out PATTERN SECONDS: until a line of the engine's output matches PATTERN
    i=0
    while [ $i -lt $(($2 * 10)) ] && ! grep -q "$1" "$tmp/engine"; do sleep 0.1; i=$((i + 1)); done
}
to_file() { # to_file PROTO SECONDS: as run, its output kept for wait_out, then on stdout
    timeout "$2" "$kage" "$1" >"$tmp/engine"
    cat "$tmp/engine"
}

# 1. a game of 10,000 moves is read whole; an illegal move at its end is reported
moves=$(awk 'BEGIN { for (i = 0; i < 2500; i++) printf "e1d1 b8c6 d1e1 c6b8 "; }')
out=$(printf 'position startpos moves %s\nd\nquit\n' "$moves" | run uci 20)
printf '%s\n' "$out" | grep -q 'fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3\[CFHLJDM\] w kq - 10000 5001$' ||
    fail "10,000 moves: the position after all of them ($(printf '%s' "$out" | tail -1))"
out=$(printf 'position startpos moves %s e1e5\nd\nquit\n' "$moves" | run uci 20)
printf '%s\n' "$out" | grep -q 'position not set: illegal move: e1e5' || fail "an illegal 10,001st move is reported"
printf '%s\n' "$out" | grep -q ' - 0 1$' || fail "an illegal last move: the position is not changed"
out=$(printf 'xboard\nprotover 2\nnew\nvariant shinobiplus\nsetboard %s\nquit\n' "$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "w "; }')" | run xboard 5)
printf '%s\n' "$out" | grep -q 'Illegal position' || fail "xboard: a 300-word setboard is refused whole"

# 2. its own clock at zero, no increment: a move at once (UCI and XBoard);
# the input stays open, so only a move made on its own counts
held() { # held PROTO LINES: the lines, then the input held open; 2 s for the engine
    (printf '%b' "$2"; sleep 4) | timeout 2 "$kage" "$1"
}
out=$(held uci 'go wtime 0 btime 60000\n')
printf '%s\n' "$out" | grep -q '^bestmove [A-Za-z]' || fail "go wtime 0: a move at once"
out=$(held xboard 'xboard\nprotover 2\nnew\nvariant shinobiplus\ntime 0\notim 6000\ngo\n')
printf '%s\n' "$out" | grep -q '^move ' || fail "xboard time 0: a move at once"
out=$(held xboard 'xboard\nprotover 2\nnew\nvariant shinobiplus\nlevel abc def ghi\ntime 0\ngo\n')
printf '%s\n' "$out" | grep -q '^Error (expected: level MPS BASE INC' || fail "level abc def ghi: an error"
printf '%s\n' "$out" | grep -q '^move ' || fail "level abc def ghi, time 0: a move at once"

# 3. numbers out of range or not numbers: an error or a clamp, never undefined behaviour
out=$(printf 'xboard\nprotover 2\nnew\ntime 300000000\notim 300000000\nlevel 0 nan 0\nlevel 0 inf 0\nst nan\nsd 99999999999999999999\nmemory -5\nforce\nquit\n' | run xboard 5)
[ "$(printf '%s\n' "$out" | grep -c '^Error (expected')" -eq 5 ] || fail "xboard: five bad numbers, five errors ($out)"
# and a search on such clocks: no overflow (in the sanitizer build UBSan
# stopped the engine at xboard.c's time_cs * 10), a move
out=$(held xboard 'xboard\nprotover 2\nnew\nvariant shinobiplus\ntime 300000000\notim 300000000\nsd 1\ngo\n' 2>&1)
printf '%s\n' "$out" | grep -q 'runtime error' && fail "xboard: time 300000000 then go: $(printf '%s' "$out" | grep 'runtime error')"
printf '%s\n' "$out" | grep -q '^move ' || fail "xboard: time 300000000 then go: a move"
out=$(printf 'go depth abc nodes -5 movetime 99999999999999999999\nquit\n' | run uci 10)
printf '%s\n' "$out" | grep -q "depth: 'abc' is not a whole number" || fail "go depth abc: said"
printf '%s\n' "$out" | grep -q '^bestmove ' || fail "go with bad numbers: still a move"
# a limit that is not a number leaves no search without end: a default time,
# said (go movetime abc searched until stop); the input is held open
for word in movetime depth nodes; do
    out=$(held uci "go $word abc\n")
    printf '%s\n' "$out" | grep -q "^info string $word: 'abc' is not a whole number; ignored" ||
        fail "go $word abc: said ($out)"
    printf '%s\n' "$out" | grep -q '^info string go: no limit left; 1000 ms used' || fail "go $word abc: the default said"
    printf '%s\n' "$out" | grep -q '^bestmove [A-Za-z]' || fail "go $word abc: a move, not a search without end"
done

# 4. d during go infinite: answered at once; stop and quit are read
out=$(held uci 'go infinite\nd\nstop\n')
printf '%s\n' "$out" | grep -q '^info string variant shinobiplus fen ' || fail "d during go infinite: the position"
printf '%s\n' "$out" | grep -q '^bestmove ' || fail "d during go infinite: stop gives the move"
out=$(held uci 'go infinite\nisready\nstop\n')
printf '%s\n' "$out" | grep -q '^readyok' || fail "isready during go infinite"

# 5. a clamped option is said
# (a table of 4 GB is cleared: seconds under AddressSanitizer on a loaded machine)
out=$(printf 'setoption name Hash value 999999999\nquit\n' | run uci 40)
printf '%s\n' "$out" | grep -q '^info string Hash 999999999 is out of range 1..4096: 4096 used' || fail "Hash clamp: said"
out=$(printf 'setoption name Hash value 99999999999999999999\nsetoption name Hash value 9x\nquit\n' | run uci 40)
printf '%s\n' "$out" | grep -q '^info string Hash 99999999999999999999 is out of range 1..4096: 4096 used' ||
    fail "Hash: a number too long for a long is out of range, not 'not a whole number' ($out)"
printf '%s\n' "$out" | grep -q "^info string Hash: '9x' is not a whole number" || fail "Hash: 9x is not a number"
# where memory is short for the table asked for: a smaller one, said, and the
# engine goes on (it aborted: out of memory).  Not under AddressSanitizer,
# whose shadow memory needs more address space than the limit leaves.
if ! grep -qa __asan_init "$kage"; then
    out=$(ulimit -v 1500000; printf 'setoption name Hash value 4096\nisready\ngo depth 1\nquit\n' | run uci 20)
    printf '%s\n' "$out" | grep -q '^info string Hash 4096 MB: not enough memory for it; [0-9]* MB used' ||
        fail "Hash 4096 with 1.5 GB of address space: a smaller table, said ($out)"
    printf '%s\n' "$out" | grep -q '^bestmove ' || fail "Hash 4096 with 1.5 GB of address space: still a move"
    out=$(ulimit -v 1500000; printf 'xboard\nprotover 2\nmemory 4096\nping 1\nquit\n' | run xboard 20)
    printf '%s\n' "$out" | grep -q '^telluser Hash 4096 MB: not enough memory for it; [0-9]* MB used' ||
        fail "xboard: memory 4096 with 1.5 GB of address space: a smaller table, said"
    printf '%s\n' "$out" | grep -q '^pong 1' || fail "xboard: memory 4096 with 1.5 GB of address space: goes on"
fi
out=$(printf 'position fen %s\nquit\n' "$(awk 'BEGIN { for (i = 0; i < 200; i++) printf "8/8/8/8/8/8/8/8 "; }')" | run uci 5)
printf '%s\n' "$out" | grep -q 'FEN is longer than' || fail "a FEN too long: said, not cut"

# 6. XBoard as a GUI drives it (issue: first-class inside XBoard)
# no move after force (only ? plays the move found): the search is thrown away
out=$( (printf 'xboard\nprotover 2\nnew\nvariant shogun\nst 5\ngo\n'; sleep 0.5; printf 'force\n'; sleep 1.5; printf 'quit\n') | run xboard 8)
printf '%s\n' "$out" | grep -q '^move ' && fail "xboard: a move came after force"
out=$(fresh; { printf 'xboard\nprotover 2\nnew\nvariant shogun\nst 5\ngo\n'; sleep 0.5; printf '?\n'; wait_out '^move ' 10
    printf 'quit\n'; } | to_file xboard 15)
printf '%s\n' "$out" | grep -q '^move ' || fail "xboard: ? plays the move found"
for cmd in new 'undo' 'remove' 'result 1-0 {adjudicated}' 'setboard 4k3/8/8/8/8/8/8/4K3[] w - - 0 1'; do
    out=$( (printf 'xboard\nprotover 2\nnew\nvariant shogun\nforce\nusermove e2e4\nusermove e7e5\nst 5\ngo\n'; sleep 0.5
        printf '%s\n' "$cmd"; sleep 1.5; printf 'quit\n') | run xboard 8)
    printf '%s\n' "$out" | grep -q '^move ' && fail "xboard: a move came after $cmd"
done
# new then variant, as XBoard sends them: the Queen on d1 is Shogun's
out=$(printf 'xboard\nprotover 2\nvariant shinobi\nnew\nvariant shogun\nforce\nusermove e2e4\nusermove e7e5\nusermove d1h5\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q -e '^Illegal move' -e '^Error' && fail "xboard: new, variant shogun: not Shogun ($out)"
# new without variant is normal chess, which Kage does not play: what would
# play or set it up is refused with the protocol's error, never a move of the
# variant chosen last (issue 72: a client that set up normal chess got
# Shinobi+ moves); a variant then plays
out=$(printf 'xboard\nprotover 2\nvariant shogun\nnew\nforce\nusermove a2a3\na2a3\nsetboard 4k3/8/8/8/8/8/8/4K3[] w - - 0 1\ngo\nping 1\nvariant shogun\nforce\nusermove e2e4\nping 2\nquit\n' | run xboard 5)
[ "$(printf '%s\n' "$out" | grep -c '^Error (unsupported variant): normal$')" -eq 4 ] ||
    fail "xboard: new without variant: four commands refused ($out)"
printf '%s\n' "$out" | grep -q '^move ' && fail "xboard: new without variant: a move came ($out)"
printf '%s\n' "$out" | sed -n '/^pong 1/,$p' | grep -q -e '^Error' -e '^Illegal' && fail "xboard: variant after new: refused ($out)"
# XBoard's setboard: [-] is an empty hand, castling rights the position cannot have are dropped
out=$(printf 'xboard\nprotover 2\nnew\nvariant shogun\nsetboard 4k3/8/8/8/8/8/8/4K3[-] w KQkq - 0 1\nforce\nusermove e1d1\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q -e 'Illegal' -e 'Error' && fail "xboard: setboard with [-] and KQkq ($out)"
out=$(printf 'xboard\nprotover 2\nnew\nvariant shogun\nsetboard 4k3/8/8/8/8/8/8/8[] w - - 0 1\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q 'tellusererror Illegal position' || fail "xboard: setboard without a white king is still refused"
# while Kage thinks of its own move, a stray line, a move out of turn and
# `memory` are answered without costing it the move (they stopped the search
# and no move came: a loss on time); the new table size is taken after it.
# st 2: two seconds a move whatever the build's speed (a share of a 5-minute
# clock was longer than the test waited, under the sanitizers)
out=$(fresh; { printf 'xboard\nprotover 2\nnew\nvariant shogun\nnopost\nst 2\ngo\n'; sleep 0.3
    printf 'foo\nusermove e7e5\nmemory 8\noption Hash=8\n'; wait_out '^move ' 20; printf 'ping 9\nquit\n'; } | to_file xboard 30)
printf '%s\n' "$out" | grep -q '^move ' || fail "xboard: a stray line while thinking cost the move ($out)"
printf '%s\n' "$out" | grep -q '^Error (unknown command.*foo' || fail "xboard: the stray line is not answered"
printf '%s\n' "$out" | grep -q '^Illegal move (not your turn.*e7e5' || fail "xboard: a move out of turn is not refused"
printf '%s\n' "$out" | grep -q '^pong 9' || fail "xboard: no pong after the move"
# analyze mode: lines at once, ping answered while it runs, restarted after a move, no move played
out=$(fresh; { printf 'xboard\nprotover 2\nnew\nvariant shogun\npost\nanalyze\n'; sleep 1; printf 'ping 7\n'; sleep 0.2
    printf 'usermove e2e4\n'; wait_out ' e7e[56] ' 20; sleep 0.2; printf '.\nexit\n.\nquit\n'; } | to_file xboard 30)
printf '%s\n' "$out" | grep -q '^pong 7' || fail "xboard: ping during analysis"
printf '%s\n' "$out" | grep -q ' e7e[56] ' || fail "xboard: analysis of the position after e2e4"
printf '%s\n' "$out" | grep -q '^move ' && fail "xboard: analysis played a move"
printf '%s\n' "$out" | grep -q 'analyze=1' || fail "xboard: analyze announced"
# `.` in analyze mode: a status line (time, nodes, depth, moves left, moves in all, the best so far)
printf '%s\n' "$out" | grep -q '^stat01: [0-9]* [1-9][0-9]* [1-9][0-9]* 0 20 [a-h][1-8][a-h][1-8]$' ||
    fail "xboard: . answered with stat01 in analyze mode ($(printf '%s\n' "$out" | grep stat01))"
[ "$(printf '%s\n' "$out" | grep -c '^stat01')" -eq 1 ] || fail "xboard: . outside analyze mode answered"

# the thinking lines: none twice (the search reports its last iteration
# again as it ends, which XBoard's engine output window listed twice)
out=$(fresh; { printf 'xboard\nprotover 2\nnew\nvariant shogun\npost\nsd 3\ngo\n'; wait_out '^move ' 20; printf 'quit\n'; } |
    to_file xboard 30)
printf '%s\n' "$out" | grep -q '^3 ' || fail "xboard: thinking lines to depth 3 ($out)"
[ -z "$(printf '%s\n' "$out" | grep '^[0-9]* -*[0-9]* [0-9]* [0-9]* ' | uniq -d)" ] || fail "xboard: a thinking line twice"
# hint, draw (declined unless dead even), the Level option
out=$(printf 'xboard\nprotover 2\nnew\nvariant shogun\nforce\nusermove e2e4\nhint\noption Level=3\noption Level=99\nquit\n' | run xboard 8)
printf '%s\n' "$out" | grep -q '^Hint: [a-h][1-8][a-h][1-8]' || fail "xboard: hint"
printf '%s\n' "$out" | grep -q 'feature option="Level -spin' || fail "xboard: the Level option announced"
printf '%s\n' "$out" | grep -q 'feature option="Hash -spin 16 1 4096"' || fail "xboard: the Hash option announced"
out=$(printf 'xboard\nprotover 2\noption Hash=32\noption Hash=0\noption Hash=big\nquit\n' | run xboard 8)
printf '%s\n' "$out" | grep -q '^telluser Hash 0 MB: the hash table takes 1 MB' || fail "xboard: Hash clamp said"
[ "$(printf '%s\n' "$out" | grep -c '^Error (unknown option')" -eq 1 ] || fail "xboard: Hash=big refused, Hash=32 taken"
[ "$(printf '%s\n' "$out" | grep -c '^Error (unknown option')" -eq 1 ] || fail "xboard: Level=99 refused, Level=3 taken"
out=$(printf 'xboard\nprotover 2\nnew\nvariant shogun\nsetboard 4k3/8/8/8/8/8/8/3QK3[] b - - 0 1\nsd 4\ngo\ndraw\nquit\n' | run xboard 8)
printf '%s\n' "$out" | grep -q '^offer draw' && fail "xboard: a lost position's draw offer taken"

# the setup and piece lines after variant (before pong); lift answered with highlight
out=$(printf 'xboard\nprotover 2\nvariant shogun\nping 1\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q '^setup (PNBR^FF\.^B\.\.^P\.\.\.\.\.^R\.\.\.^NKpnbr^ff\.^b\.\.^p\.\.\.\.\.^r\.\.\.^nk) 8x8+5_crazyhouse rnb+fkbnr/' || fail "xboard: Shogun's setup"
printf '%s\n' "$out" | grep -q '^piece +F& Q$' || fail "xboard: the promoted Duchess moves as a Queen"
printf '%s\n' "$out" | sed -n '/^setup/,$p' | tail -1 | grep -q '^pong 1' || fail "xboard: pong after the setup"
out=$(printf 'xboard\nprotover 2\nvariant shinobiplus\nping 1\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q '^setup (.*) 8x8+8_bughouse rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3\[CFHLJDM\] w kq - 0 1' || fail "xboard: Shinobi+'s setup"
printf '%s\n' "$out" | grep -q '^piece J BN$' || fail "xboard: the Ninja, the Clan's only"
out=$(printf 'xboard\nprotover 2\nvariant cashew-shogi\nping 1\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q '^setup (.*) 13x13+0_chu lh!f.dh.j.ki.qc.hg!l/' || fail "xboard: Cashew's setup"
# Cashew's Lion off XBoard's Lion slot (the 22nd), to which XBoard ties
# Chu's Lion-trading rules: Cashew has none, and XBoard refused a Lion
# taking a guarded Lion from two squares away
slot21=$(printf '%s\n' "$out" | sed -n 's/^setup (\([^)]*\)) 13x13.*/\1/p' | awk '{
    n = 0
    for (i = 1; i <= length($0); i++) {
        c = substr($0, i, 1)
        if (c == "!" || c == "\047") { tok[n - 1] = tok[n - 1] c; continue }
        if (c == "^") { pre = "^"; continue }
        tok[n++] = pre c; pre = ""
    }
    print tok[21]
}')
[ -n "$slot21" ] && [ "$slot21" != "L!" ] ||
    fail "xboard: Cashew's Lion stands in XBoard's Lion slot (Chu's Lion-trading rules)"
printf '%s\n' "$out" | grep -q '^piece L!& caKmabKKNAD$' || fail "xboard: the Lion's moves"
printf '%s\n' "$out" | grep -q "^piece +H'& Q$" || fail "xboard: the promoted Flying Horse moves as a Queen"
out=$(printf 'xboard\nprotover 2\nnew\nping 1\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q '^setup' && fail "xboard: a setup before any variant was chosen"
out=$(printf 'xboard\nprotover 2\nvariant shogun\nlift e2\nsetboard 4k3/8/1P6/8/8/8/8/4K3[] w - - 0 1\nlift b6\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q '^highlight 8/8/8/8/4Y3/4Y3/8/8$' || fail "xboard: lift e2"
printf '%s\n' "$out" | grep -q '^highlight 8/1M6/8/8/8/8/8/8$' || fail "xboard: lift b6: the promotion to choose"
# a piece picked up while Kage thinks (a premove) gets no marks: the
# position is the search thread's, which plays its move in it; once the
# move is out, a lift is answered again
out=$(fresh; { printf 'xboard\nprotover 2\nnew\nvariant shogun\nnopost\nst 1\ngo\nlift e2\n'; wait_out '^move ' 20
    printf 'lift e7\nquit\n'; } | to_file xboard 30)
[ "$(printf '%s\n' "$out" | grep -c '^highlight')" -eq 1 ] || fail "xboard: lift while thinking: no marks ($out)"
printf '%s\n' "$out" | grep -q '^highlight 8/8/4Y3/4Y3/8/8/8/8$' || fail "xboard: lift e7 after Kage's move"
# a promotion that must be made is magenta too (XBoard sends the '+' of a
# magenta square; its blue mark waits for a choice command that XBoard 4.9
# ignores while it tests legality, and the move never completes), and so is
# a Cashew capture that promotes (a red mark: XBoard sent k5l6 without '+')
out=$(printf 'xboard\nprotover 2\nvariant shogun\nsetboard k7/4P3/8/8/8/8/8/4K3[] w - - 0 1\nlift e7\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q '^highlight 4M3/8/8/8/8/8/8/8$' || fail "xboard: lift e7: a promotion that must be made"
out=$(printf "xboard\nprotover 2\nvariant cashew-shogi\nsetboard 6k6/13/13/13/13/13/13/11p1/10C'2/13/13/13/6K6 w\nlift k5\nquit\n" |
    run xboard 5)
printf '%s\n' "$out" | grep -q '^highlight 13/13/13/13/13/13/13/9Y1M1/13/9Y1Y1/13/13/13$' ||
    fail "xboard: lift k5: the Butterfly's capture promotes"
# a move that promotes comes with its '+': Cashew reads a move by what it
# does, but an opponent that left the '+' out (HaChu's optional promotions)
# or a GUI keeps the piece unpromoted on its board
out=$(printf "xboard\nprotover 2\nvariant cashew-shogi\nsetboard 6k6/13/13/13/13/13/13/11p1/10C'2/13/13/13/6K6 w\nforce\nusermove k5l6\nusermove k5l6+\nquit\n" |
    run xboard 5)
printf '%s\n' "$out" | grep -q '^Illegal move (it promotes: k5l6+): k5l6$' || fail "xboard: k5l6 without its '+' refused"
[ "$(printf '%s\n' "$out" | grep -c '^Illegal')" -eq 1 ] || fail "xboard: k5l6+ taken"
# Cashew: when every move leaves the King to be captured, which XBoard
# refuses (a forfeit for an illegal move), Kage resigns
out=$(printf 'xboard\nprotover 2\nvariant cashew-shogi\nsetboard 6k6/13/13/13/13/13/13/13/13/13/1q11/13/K12 w\nst 1\ngo\nping 1\nquit\n' |
    run xboard 5)
printf '%s\n' "$out" | grep -q '^resign$' || fail "xboard: every move leaves the King attacked: resign"
printf '%s\n' "$out" | grep -q '^move ' && fail "xboard: a move that XBoard refuses ($(printf '%s\n' "$out" | grep '^move '))"
# Cashew: an igui that promotes (the Lion takes g7 and stays on g6; every
# other capture of the pawns is retaken) is the best move by UCI, and XBoard
# refuses it ("Forfeit due to invalid move: i4i4+ (i4i4 via j5)", a CI game
# between two Kages): under XBoard Kage plays another move
igui='12k/13/13/13/13/5ggg5/4gpppg4/6L!6/13/13/13/13/K12 w - - 0 1'
out=$(printf 'setoption name UCI_Variant value cashew\nposition fen %s\ngo depth 4\nquit\n' "$igui" | { cat; sleep 5; } | timeout 10 "$kage" uci | sed '/^bestmove /q')
printf '%s\n' "$out" | grep -q '^bestmove g6g7,g7g6+$' || fail "uci: the igui g6g7,g7g6+ not the best move here ($(printf '%s\n' "$out" | grep '^bestmove'))"
out=$(printf 'xboard\nprotover 2\nvariant cashew-shogi\nsetboard %s\nsd 4\ngo\n' "$igui" | { cat; sleep 5; } | timeout 10 "$kage" xboard | sed '/^move /q')
printf '%s\n' "$out" | grep -q '^move ' || fail "xboard: no move where an igui would promote ($out)"
printf '%s\n' "$out" | grep -q '^move g6g7,g7g6+$' && fail "xboard: an igui that promotes, which XBoard refuses (move g6g7,g7g6+)"
# Cashew's Lion and Wolf: a victim where the move goes on is cyan; XBoard
# then sends put and lift for it, answered with the next leg's squares (each
# a promotion: magenta), that square itself ending the move there
lion='6k6/13/13/13/13/13/6p6/6p6/6L!6/13/13/13/6K6 w'
out=$(printf 'xboard\nprotover 2\nvariant cashew-shogi\nsetboard %s\nlift g5\nput g6\nlift g6\nquit\n' "$lion" | run xboard 5)
printf '%s\n' "$out" | grep -q '^highlight 13/13/13/13/13/13/4YYMYY4/4YYCYY4/4YY1YY4/4YYYYY4/4YYYYY4/13/13$' ||
    fail "xboard: lift g5: the Lion's first victim is cyan"
printf '%s\n' "$out" | grep -q '^highlight 13/13/13/13/13/13/5MMM5/5MMM5/5MMM5/13/13/13/13$' ||
    fail "xboard: put g6, lift g6: the Lion's second step"
wolf='6k6/13/13/13/13/13/2p10/2p10/2W!10/13/13/13/6K6 w'
out=$(printf 'xboard\nprotover 2\nvariant cashew-shogi\nsetboard %s\nlift c5\nput c6\nlift c6\nput c7\nlift c7\nquit\n' "$wolf" |
    run xboard 5)
printf '%s\n' "$out" | grep -q '^highlight 13/13/13/13/13/2M10/2C10/2M10/2M10/13/13/13/13$' ||
    fail "xboard: put c6, lift c6: the Wolf's second victim is cyan"
printf '%s\n' "$out" | grep -q '^highlight 13/13/13/13/13/2M10/2M10/13/13/13/13/13/13$' ||
    fail "xboard: put c7, lift c7: the Wolf's third step"
# drops: lift on a holdings square (XBoard names it by the column beside the
# board: j8 is the first player's eighth slot, the Clan's Dragon; _7 the
# second player's second) marks where that piece may be dropped
out=$(printf 'xboard\nprotover 2\nvariant shinobiplus\nlift j8\nlift j1\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q '^highlight 8/8/8/8/YYYYYYYY/YYYYYYYY/8/YYYY1YYY$' || fail "xboard: lift j8: the Dragon's drops"
printf '%s\n' "$out" | grep -q '^highlight 8/8/8/8/8/8/8/8$' || fail "xboard: lift j1: no pawn in hand, no drop"
out=$(printf 'xboard\nprotover 2\nvariant shogun\nsetboard k7/8/8/8/8/8/8/4K3[Nn] b - - 0 1\nlift _7\nquit\n' | run xboard 5)
printf '%s\n' "$out" | grep -q '^highlight 1YYYYYYY/YYYYYYYY/YYYYYYYY/YYYYYYYY/YYYYYYYY/8/8/8$' ||
    fail "xboard: lift _7: the second player's Knight drops"

# 7. SearchParam (a tuner's option, tools/spsa.py): a number set changes the
# search (the nodes of one depth), holds across a change of variant and of
# Hash, and a bad name or value is said and changes nothing
depth7() { # depth7 LINES: the nodes of Shogun's depth 7 from the start after LINES
    # the input is held open until the move comes (the end of the input stops a search)
    fresh
    { printf "uci\n$1setoption name UCI_Variant value shogun\nposition startpos\ngo depth 7\n"; wait_out '^bestmove' 30; } |
        to_file uci 40 | awk '/^info depth 7 / { for (i = 1; i < NF; i++) if ($i == "nodes") n = $(i + 1) } END { print n }'
}
plain=$(depth7 '')
[ -n "$plain" ] || fail "SearchParam: no depth 7 from the start"
set_lmr='setoption name SearchParam value lmr_div=120\n'
tuned=$(depth7 "$set_lmr")
[ -n "$tuned" ] && [ "$tuned" != "$plain" ] || fail "SearchParam lmr_div=120: the same search ($plain nodes)"
[ "$(depth7 "${set_lmr}setoption name Hash value 8\n")" = "$tuned" ] || fail "SearchParam: lost with a new Hash"
[ "$(depth7 "setoption name UCI_Variant value cashew\n$set_lmr")" = "$tuned" ] ||
    fail "SearchParam: lost with a change of variant"
bad='setoption name SearchParam value lmr_div=abc\nsetoption name SearchParam value bogus=3\nsetoption name SearchParam value lmr_div\n'
[ "$(depth7 "$bad")" = "$plain" ] || fail "SearchParam: a bad line changed the search"
out=$(printf "$bad"'setoption name SearchParam value lmr_div=0\nquit\n' | run uci 5)
printf '%s\n' "$out" | grep -q "^info string SearchParam lmr_div: 'abc' is not a whole number; not set" ||
    fail "SearchParam: abc not said ($out)"
printf '%s\n' "$out" | grep -q "^info string SearchParam: unknown number 'bogus'" || fail "SearchParam: bogus not said"
long=$(awk 'BEGIN { for (i = 0; i < 100; i++) printf "x" }')
printf 'setoption name SearchParam value %s=1\nquit\n' "$long" | run uci 5 |
    grep -q "^info string SearchParam: unknown number '$(printf '%.64s' "$long")\.\.\.'$" ||
    fail "SearchParam: a name of 100 letters is an unknown number, shown cut to 64"
printf '%s\n' "$out" | grep -q "^info string SearchParam: expected NAME=N, got 'lmr_div'" || fail "SearchParam: no = not said"
printf '%s\n' "$out" | grep -q '^info string SearchParam lmr_div 0 is out of range 1..100000: 1 used' ||
    fail "SearchParam: lmr_div 0 (a divisor) not brought into range"

# 8. lines of any length (issue 77): a line is read up to 1 MiB, so a whole
# game's `position` line stays whole (a 1,200-move game needs at most 77,842
# bytes: src/proto/session.h); a longer one is refused with a short message
# and dropped as it is read, in bounded memory; no message shows more than
# 64 characters of a word of input (a 50 MB line took 52 MB and came back whole)
letters() { head -c "$1" /dev/zero | tr '\0' a; }
# the 10,000-move game of part 1 padded with blanks to exactly 1 MiB: read whole
line=$(printf 'position startpos moves %s' "$moves")
pad=$((1048576 - ${#line}))
out=$( { printf '%s' "$line"; head -c "$pad" /dev/zero | tr '\0' ' '; printf '\nd\nquit\n'; } | run uci 20)
printf '%s\n' "$out" | grep -q 'fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3\[CFHLJDM\] w kq - 10000 5001$' ||
    fail "a position line of exactly 1 MiB is read whole ($(printf '%s' "$out" | tail -1 | cut -c1-200))"
out=$( { printf '%s' "$line"; head -c "$((pad + 1))" /dev/zero | tr '\0' ' '; printf '\nd\nquit\n'; } | run uci 20)
printf '%s\n' "$out" | grep -q '^info string line too long (over 1048576 bytes): not read: position startpos moves e1d1 b8c6' ||
    fail "a line of 1 MiB and a byte: refused, said ($(printf '%s' "$out" | cut -c1-200))"
printf '%s\n' "$out" | grep -q ' - 0 1$' || fail "a line over 1 MiB: the position is not changed"
# the engine's peak memory (VmHWM, kB) after a line of N letters, read while
# it still runs (its input held open until it has answered isready)
peak_kb() { # peak_kb PROTO N
    fresh
    { letters "$2"; printf '\nping 1\nisready\n'; wait_out '^\(readyok\|pong 1\)' 30
        sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$(cat "$tmp/pid")/status" >"$tmp/peak"; printf 'quit\n'; } |
        timeout 40 sh -c 'echo $$ >"$1"; exec "$2" "$3"' sh "$tmp/pid" "$kage" "$1" >"$tmp/engine"
    cat "$tmp/peak"
}
if [ -r /proc/self/status ]; then
    for proto in uci xboard; do
        small=$(peak_kb "$proto" 10) big=$(peak_kb "$proto" 50000000)
        bytes=$(wc -c <"$tmp/engine")
        [ -n "$small" ] && [ -n "$big" ] && [ $((big - small)) -lt 8192 ] ||
            fail "$proto: a 50 MB line took $small kB -> $big kB of memory (more than 8 MB over a short line's)"
        [ "$bytes" -lt 400 ] || fail "$proto: a 50 MB line: $bytes bytes of answer"
        grep -q '^\(readyok\|pong 1\)' "$tmp/engine" || fail "$proto: after a 50 MB line, the next line is read"
    done
else
    skip_part "proto-input: memory" "no /proc to read the engine's peak memory from"
fi
# a long word under the limit: every message shows 64 characters of it at most
word=$(letters 500000)
out=$(printf 'setoption name UCI_Variant value %s\nsetoption name %s value 1\ngo %s\n%s\nposition %s\nquit\n' \
    "$word" "$word" "$word" "$word" "$word" | run uci 10)
[ "$(printf '%s\n' "$out" | grep -c "'*a\{64\}\.\.\.'*")" -eq 5 ] ||
    fail "uci: five errors about a 500,000-letter word, each cut to 64 letters ($(printf '%s' "$out" | cut -c1-100))"
[ "$(printf '%s\n' "$out" | wc -c)" -lt 1500 ] || fail "uci: a 500,000-letter word echoed"
out=$(printf 'xboard\nprotover 2\nnew\nvariant shinobiplus\nforce\nusermove %s\n%s\nvariant %s\nping %s\nst %s\nquit\n' \
    "$word" "$word" "$word" "$word" "$word" | run xboard 10)
printf '%s\n' "$out" | grep -q '^Illegal move: a\{64\}\.\.\.$' || fail "xboard: Illegal move: the move cut to 64 letters"
[ "$(printf '%s\n' "$out" | grep -c 'a\{64\}\.\.\.$')" -eq 5 ] || fail "xboard: five answers about a long word, each cut"
[ "$(printf '%s\n' "$out" | wc -c)" -lt 3000 ] || fail "xboard: a 500,000-letter word echoed"

# UCI as a third-party client reads it (issue 72): the pass is UCI's null
# move 0000 (read in position ... moves; refused where no piece can pass);
# a mated or stalemated side gets its score before bestmove (none): mate 0
# where it has lost (Shinobi+: stalemate loses), cp 0 for a draw (Shogun);
# seldepth is never below depth
lion="6k6/13/13/13/13/13/13/13/13/13/13/6L!6/6K6 w"
out=$(printf 'setoption name UCI_Variant value cashew\nposition fen %s moves 0000\nd\nquit\n' "$lion" | run uci 5)
printf '%s\n' "$out" | grep -q "^info string variant cashew fen .* b$" || fail "uci: 0000 is not read as the pass ($out)"
out=$(printf 'position startpos moves 0000\nquit\n' | run uci 5)
printf '%s\n' "$out" | grep -q "position not set: illegal move: 0000" || fail "uci: 0000 where no piece passes: not refused ($out)"
for c in "shogun|4k3/4+F3/4K3/8/8/8/8/8[] b - - 0 1|mate 0" "shinobiplus|7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1|mate 0" \
    "shogun|7k/5+F2/6K1/8/8/8/8/8[] b - - 0 1|cp 0"; do
    v=${c%%|*} rest=${c#*|}
    fen=${rest%|*} score=${rest#*|}
    out=$(printf 'setoption name UCI_Variant value %s\nposition fen %s\ngo depth 3\nisready\nquit\n' "$v" "$fen" | run uci 5)
    # (isready's readyok may come between them: the search answers from its own thread)
    printf '%s\n' "$out" | awk -v want="info depth 0 score $score" \
        '$0 == want { seen = 1 } $0 == "bestmove (none)" { ok = seen; exit } END { exit !ok }' ||
        fail "uci: $v $fen: no 'info depth 0 score $score' before bestmove (none) ($out)"
done
out=$(printf 'setoption name UCI_Variant value cashew\nposition startpos\ngo depth 5\nisready\nquit\n' | run uci 60)
printf '%s\n' "$out" | awk '/^info depth/ { for (i = 2; i < NF; i++) { if ($i == "depth") d = $(i + 1); if ($i == "seldepth") s = $(i + 1) }
    if (s + 0 < d + 0) bad = 1 } END { exit bad }' || fail "uci: a seldepth below its depth"
printf '%s\n' "$out" | grep -q '^bestmove ' || fail "uci: cashew depth 5: no bestmove"

# Threads (UCI) and cores (XBoard): listed, used (a search with 2 threads
# moves), clamped or refused when out of range, kept across a new Hash
out=$(printf 'uci\nsetoption name Threads value 2\nposition startpos\ngo depth 6\nisready\nsetoption name Threads value 0\nsetoption name Threads value 2x\nquit\n' | run uci 30)
printf '%s\n' "$out" | grep -q '^option name Threads type spin default 1 min 1 max 64$' || fail "uci: Threads not listed ($out)"
printf '%s\n' "$out" | grep -q '^bestmove [a-zA-Z@]' || fail "uci: Threads 2: no move ($out)"
printf '%s\n' "$out" | grep -q '^info string Threads 0 is out of range 1..64: 1 used' || fail "uci: Threads 0: not said ($out)"
printf '%s\n' "$out" | grep -q "^info string Threads: '2x' is not a whole number" || fail "uci: Threads 2x: not said ($out)"
out=$(printf 'xboard\nprotover 2\nnew\nvariant shogun\ncores 2\nsd 5\ngo\n' | { cat; sleep 20; } | timeout 25 "$kage" xboard | sed '/^move /q')
printf '%s\n' "$out" | grep -q 'smp=1' || fail "xboard: feature smp=1 not sent"
printf '%s\n' "$out" | grep -q '^move ' || fail "xboard: cores 2: no move ($out)"
out=$(printf 'xboard\nprotover 2\ncores 0\ncores x\ncores 65\nping 1\nquit\n' | run xboard 10)
[ "$(printf '%s\n' "$out" | grep -c '^Error (expected: cores N, 1 to 64)')" = 3 ] || fail "xboard: bad cores not refused ($out)"
# the pass kage uci sends (0000) is read back in a position's moves, and by
# the referee of tools/match.py (kage adjudicate): it was "illegal 0000"
cw='j5j9 d9d5 c4c5 j10j9 k2k5 j9j8'
out=$(printf 'setoption name UCI_Variant value cashew\nposition startpos moves %s 0000\nd\nquit\n' "$cw" | run uci 10)
printf '%s\n' "$out" | grep -q 'position not set' && fail "uci: 0000 (a pass) refused in position moves ($out)"
printf '%s\n' "$out" | grep -q ' b$' || fail "uci: after the pass 0000, Gote to move ($out)"
out=$(printf 'cashew\tstartpos\t%s 0000\n' "$cw" | timeout 10 "$kage" adjudicate --stdin | head -1)
[ "$out" = "* -" ] || fail "adjudicate: 0000 (a pass) not read ($out)"

finish "protocol input: all checks passed"
