/* `kage bench`: fixed positions of every variant searched to a fixed depth.
 * The total node count is a signature of the search (it changes only when
 * the search or evaluation changes); nodes per second measure speed.
 * `kage adjudicate`: the game result after a list of moves and the legal
 * moves that follow, for tools/match.py. */
#include "cli.h"
#include "kage/proto/proto.h"

#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/engine/search.h"
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *variant;
    const char *fen; /* NULL: the start position */
} bench_positions[] = {
    {"shinobiplus", NULL},
    {"shinobiplus", "r1bqk2r/pppp1ppp/2n2n2/4p3/1b6/2P1P3/PP1P1PPP/2J1K3[CFHLDM] b kq - 0 5"},
    {"shinobiplus", "r3k2r/pp3ppp/2n5/3q4/8/2F1P3/P2P1PPP/3CK3[HLDM] w kq - 0 14"},
    {"shinobi", NULL},
    {"shinobi", "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/LH1CK1HL[HLJDMMQ] b kq - 0 3"},
    {"shinobivchess", NULL},
    {"shogun", NULL},
    {"shogun", "r1b+fk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1B+FK2R[] w KQkq - 4 4"},
    {"shogun", "r3k2r/ppp2ppp/2n5/3p4/3P4/2N5/PPP2PPP/R3K2R[BNbn] w KQkq - 0 12"},
    {"cashew", NULL},
};

static void keep_last(void *ctx, const SearchInfo *info) { *(SearchInfo *)ctx = *info; }

/* A variant and position for one bench line; false (and a message) if unusable. */
static bool load(const char *variant, const char *fen, Variant **v, Position **pos)
{
    KageError err;
    const VariantDef *def = variant_find(variant);
    *v = def ? variant_new(def, &err) : NULL;
    if (!*v) {
        fprintf(stderr, "kage: variant %s unavailable\n", variant);
        return false;
    }
    *pos = pos_new(*v);
    if (fen && strcmp(fen, "startpos") && !pos_set_fen(*pos, fen, &err)) {
        fprintf(stderr, "kage: bad position %s: %s\n", fen, err.msg);
        pos_free(*pos);
        variant_free(*v);
        return false;
    }
    return true;
}

int cli_bench(int argc, char **argv)
{
    int depth = argc > 1 ? atoi(argv[1]) : 8;
    int hash = argc > 2 ? atoi(argv[2]) : 16;
    int threads = argc > 3 ? atoi(argv[3]) : 1;
    if (depth < 1 || depth > 64 || hash < 1 || hash > 4096 || threads < 1 || threads > ENGINE_MAX_THREADS) {
        fprintf(stderr, "Usage: kage bench [DEPTH(1-64) [HASH_MB(1-4096) [THREADS(1-%d)]]]\n", ENGINE_MAX_THREADS);
        return 2;
    }
    Engine *e = engine_new((size_t)hash);
    engine_set_threads(e, threads);
    uint64_t nodes = 0;
    int64_t ms = 0;
    for (int i = 0; i < N_ELEMS(bench_positions); i++) {
        Variant *v;
        Position *pos;
        if (!load(bench_positions[i].variant, bench_positions[i].fen, &v, &pos)) {
            engine_free(e);
            return 1;
        }
        SearchLimits lim = {0};
        lim.depth = depth;
        SearchInfo last;
        memset(&last, 0, sizeof last);
        engine_new_game(e);
        engine_set_seed(e, 1);
        Move best = engine_search(e, pos, &lim, keep_last, &last);
        char mv[MOVE_TEXT_MAX] = "(none)";
        if (best)
            move_to_text(pos, best, MOVE_FOR_PROTOCOL, mv);
        printf("%2d %-13s depth %2d nodes %10llu %6d ms  bestmove %s\n", i + 1, bench_positions[i].variant,
               last.depth, (unsigned long long)last.nodes, last.time_ms, mv);
        nodes += last.nodes;
        ms += last.time_ms;
        pos_free(pos);
        variant_free(v);
    }
    engine_free(e);
    printf("===========================\nTotal time (ms) : %lld\nNodes searched  : %llu\nNodes/second    : %llu\n",
           (long long)ms, (unsigned long long)nodes, (unsigned long long)(ms ? nodes * 1000 / (uint64_t)ms : 0));
    if (threads > 1) /* the threads' share of the work varies from run to run */
        printf("Threads         : %d (the node count is a signature with 1 thread only)\n", threads);
    return 0;
}

/* One adjudication: play moves[0..n) from fen and print the result and the
 * legal moves (or "illegal MOVE"); false if a move was illegal. */
static bool adjudicate(const char *variant, const char *fen, char **moves, int n)
{
    Variant *v;
    Position *pos;
    if (!load(variant, fen, &v, &pos)) {
        printf("illegal position\n");
        return false;
    }
    bool ok = true;
    for (int i = 0; i < n; i++) {
        Move m;
        KageError err;
        if (game_result(pos).outcome != OUTCOME_NONE || !move_from_text(pos, moves[i], MOVE_FOR_PROTOCOL, &m, &err)) {
            printf("illegal %s\n", moves[i]);
            ok = false;
            break;
        }
        pos_make(pos, m);
    }
    if (ok) {
        GameResult r = game_result(pos);
        printf("%s %s\n", game_outcome_text(r.outcome), r.outcome == OUTCOME_NONE ? "-" : game_reason_text(r.reason));
        /* the legal moves, so that a tool can choose openings */
        MoveList list;
        char mv[MOVE_TEXT_MAX];
        movegen_legal(pos, &list);
        printf("legal");
        for (int i = 0; r.outcome == OUTCOME_NONE && i < list.count; i++) {
            move_to_text(pos, list.moves[i], MOVE_FOR_PROTOCOL, mv);
            printf(" %s", mv);
        }
        printf("\n");
    }
    pos_free(pos);
    variant_free(v);
    return ok;
}

/* --stdin: one request a line, "VARIANT<TAB>FEN|startpos<TAB>MOVE MOVE...",
 * answered as above and flushed, so that a match tool keeps one process. */
static int adjudicate_stream(void)
{
    char *line = NULL, **moves = NULL;
    size_t cap = 0;
    ssize_t len;
    int nmax = 0;
    while ((len = getline(&line, &cap, stdin)) > 0) {
        line[strcspn(line, "\r\n")] = 0;
        char *variant = line, *fen = strchr(line, '\t'), *rest = NULL;
        if (fen) {
            *fen++ = 0;
            rest = strchr(fen, '\t');
            if (rest)
                *rest++ = 0;
        }
        if (!fen || !*variant || !*fen) {
            printf("illegal request\n");
            fflush(stdout);
            continue;
        }
        int n = 0;
        for (char *w = rest ? strtok(rest, " ") : NULL; w; w = strtok(NULL, " ")) {
            if (n == nmax) {
                nmax = nmax ? 2 * nmax : 256;
                moves = xrealloc(moves, (size_t)nmax * sizeof *moves);
            }
            moves[n++] = w;
        }
        adjudicate(variant, fen, moves, n);
        fflush(stdout);
    }
    free(line);
    free(moves);
    return 0;
}

int cli_adjudicate(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--stdin"))
        return adjudicate_stream();
    if (argc < 3) {
        fprintf(stderr, "Usage: kage adjudicate VARIANT FEN|startpos [MOVE]...\n"
                        "       kage adjudicate --stdin   (lines: VARIANT<TAB>FEN|startpos<TAB>MOVES)\n");
        return 2;
    }
    return adjudicate(argv[1], argv[2], argv + 3, argc - 3) ? 0 : 1;
}
