/* The engine: forced wins found within a node budget (mate, a winning
 * drop, campmate, a winning stalemate, King capture), every variant's rules
 * for game ends, legal moves from every start position, stopping from
 * another thread, levels and time limits.  Each forced win is also checked
 * by a brute-force solver built on game_result(), independent of the search. */
#include "test_util.h"

#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/notation_cashew.h"
#include "kage/engine/search.h"
#include "eval.h"
#include "search_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The features of one trace whose names start with `prefix` are exactly
 * `want` ("name=count;" each, counts White minus Black). */
static void trace_is(Engine *e, const char *fen, const char *prefix, const char *want)
{
    Position *pos = test_position("shogun", fen);
    int *count = calloc(8192, sizeof *count), phase, found = 0;
    int n = engine_eval_trace(e, pos, count, 8192, &phase);
    char listed_all[512];
    snprintf(listed_all, sizeof listed_all, ";%s", want); /* each item then follows a ';' */
    for (int f = 0; f < n; f++) {
        char name[64], item[80];
        engine_eval_feature_name(e, f, name, sizeof name);
        if (strncmp(name, prefix, strlen(prefix)) || !count[f])
            continue;
        snprintf(item, sizeof item, ";%s=%d;", name, count[f]);
        if (!strstr(listed_all, item))
            fail_msg("%s: %s counted %d, not in %s", fen, name, count[f], want);
        found++;
    }
    int listed = 0;
    for (const char *c = want; *c; c++)
        listed += *c == ';';
    assert_int_equal(found, listed);
    free(count);
    test_release(pos);
}

/* The king danger table counts one bucket for each side: the attacker to
 * move or not, its safe checks (by moves and drops, 3 or more in one) and
 * the pieces that reach the squares next to the enemy king (a piece in hand
 * counts as one, whether or not the king has open squares next to it).
 * White's attack counts +1 (White to move), Black's -1. */
static void eval_trace__king_danger__one_bucket_a_side__shogun(void **state)
{
    (void)state;
    Engine *e = engine_new(1);
    trace_is(e, "rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1", "king danger ",
             "king danger stm c0 a0=1;king danger opp c0 a0=-1;");
    /* a rook in hand against a bare king: safe drop checks, and the hand
     * as the one attacker */
    trace_is(e, "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1", "king danger ", "king danger stm c3 a1=1;king danger opp c0 a0=-1;");
    engine_free(e);
}

/* Safe checks counted again by the checking piece's type: a rook move to a5
 * or e1, a knight dropped on d3, f3, c4 or g4 (none guarded by the king; the
 * squares beyond the fifth rank are no drop squares in Shogun). */
static void eval_trace__checks_by_type__shogun(void **state)
{
    (void)state;
    Engine *e = engine_new(1);
    trace_is(e, "8/8/8/4k3/8/8/8/R6K[N] w - - 0 1", "check ", "check move R=2;check drop N=4;");
    trace_is(e, "8/8/8/4k3/8/8/8/R6K[N] w - - 0 1", "safe check", "safe check=2;");
    trace_is(e, "8/8/8/4k3/8/8/8/R6K[N] w - - 0 1", "drop check", "drop check=4;");
    engine_free(e);
}

int test_search_run(void);

/* Can the side to move force a win within `plies` plies (odd)? */
static bool forced_win(Position *pos, int plies)
{
    MoveList list;
    movegen_legal(pos, &list);
    Color us = pos->side;
    GameOutcome win = us == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS;
    for (int i = 0; i < list.count; i++) {
        pos_make(pos, list.moves[i]);
        GameResult r = game_result(pos);
        bool won = r.outcome == win;
        if (!won && r.outcome == OUTCOME_NONE && plies >= 3) {
            MoveList replies;
            movegen_legal(pos, &replies);
            won = true;
            for (int j = 0; j < replies.count && won; j++) {
                pos_make(pos, replies.moves[j]);
                GameResult r2 = game_result(pos);
                won = r2.outcome == win || (r2.outcome == OUTCOME_NONE && forced_win(pos, plies - 2));
                pos_unmake(pos);
            }
        }
        pos_unmake(pos);
        if (won)
            return true;
    }
    return false;
}

typedef struct Found {
    Move move;
    SearchInfo last;
} Found;

static void keep_info(void *ctx, const SearchInfo *info) { ((Found *)ctx)->last = *info; }

/* Search with a node budget and return the move and last report. */
static Found search_nodes(Position *pos, uint64_t nodes, int depth)
{
    Engine *e = engine_new(8);
    SearchLimits lim = {0};
    lim.nodes = nodes;
    lim.depth = depth;
    Found f;
    memset(&f, 0, sizeof f);
    f.move = engine_search(e, pos, &lim, keep_info, &f);
    engine_free(e);
    return f;
}

/* Each variant searches with its own numbers (Cashew keeps the milder
 * pruning): an engine that moves from one variant to another searches the
 * new one exactly as a fresh engine does, node for node, and back. */
static void engine_search__variant_numbers__follow_the_variant(void **state)
{
    (void)state;
    const char *ids[] = {"shogun", "cashew", "shogun", "shinobiplus", "cashew"};
    Engine *e = engine_new(8);
    for (int i = 0; i < 5; i++) {
        Position *pos = test_position(ids[i], NULL);
        SearchLimits lim = {0};
        lim.depth = 6;
        Found a, b;
        memset(&a, 0, sizeof a);
        engine_new_game(e);
        a.move = engine_search(e, pos, &lim, keep_info, &a);
        b = search_nodes(pos, 0, 6);
        if (a.last.nodes != b.last.nodes || a.move != b.move)
            fail_msg("%s after %s: %llu nodes, a fresh engine %llu", ids[i], i ? ids[i - 1] : "nothing",
                     (unsigned long long)a.last.nodes, (unsigned long long)b.last.nodes);
        test_release(pos);
    }
    engine_free(e);
}

static void assert_uci(Position *pos, Move m, const char *want)
{
    char buf[MOVE_TEXT_MAX];
    assert_true(m != MOVE_NONE);
    move_to_text(pos, m, MOVE_FOR_PROTOCOL, buf);
    assert_string_equal(buf, want);
}

/* After the engine's move, the game is over with this result. */
static void assert_move_ends(Position *pos, Move m, GameOutcome outcome, EndReason reason)
{
    assert_true(movegen_is_legal(pos, m));
    pos_make(pos, m);
    GameResult r = game_result(pos);
    pos_unmake(pos);
    assert_int_equal(r.outcome, outcome);
    assert_int_equal(r.reason, reason);
}

static void search__finds_mate_in_one__shogun(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", "7k/8/6K1/8/8/8/8/R7[] w - - 0 1");
    Found f = search_nodes(pos, 20000, 0);
    assert_int_equal(f.last.mate_in, 1);
    assert_move_ends(pos, f.move, OUTCOME_WHITE_WINS, END_CHECKMATE);
    test_release(pos);
}

static void search__finds_mate_in_two__shogun(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", "7k/8/5K2/8/8/8/8/R7[] w - - 0 1");
    assert_false(forced_win(pos, 1));
    assert_true(forced_win(pos, 3));
    Found f = search_nodes(pos, 200000, 0);
    assert_int_equal(f.last.mate_in, 3);
    /* the move chosen keeps the mate: every reply allows mate at once */
    pos_make(pos, f.move);
    MoveList replies;
    movegen_legal(pos, &replies);
    assert_true(replies.count > 0);
    for (int i = 0; i < replies.count; i++) {
        pos_make(pos, replies.moves[i]);
        assert_true(forced_win(pos, 1));
        pos_unmake(pos);
    }
    pos_unmake(pos);
    test_release(pos);
}

static void search__finds_winning_drop__shogun(void **state)
{
    (void)state;
    /* only a Rook in hand: every mate in one is a drop on the a-file */
    Position *pos = test_position("shogun", "8/8/8/k1K5/8/8/8/8[R] w - - 0 1");
    Found f = search_nodes(pos, 50000, 0);
    assert_int_equal(f.last.mate_in, 1);
    assert_int_equal(move_kind(f.move), MOVE_DROP);
    assert_move_ends(pos, f.move, OUTCOME_WHITE_WINS, END_CHECKMATE);
    test_release(pos);
}

static void search__finds_campmate__shinobiplus(void **state)
{
    (void)state;
    /* the Rook guards e8 and f8: only taking it reaches the last rank */
    Position *pos = test_position("shinobiplus", "k2r4/4K3/8/8/8/8/8/8[] w - - 0 1");
    Found f = search_nodes(pos, 20000, 0);
    assert_int_equal(f.last.mate_in, 1);
    assert_uci(pos, f.move, "e7d8");
    assert_move_ends(pos, f.move, OUTCOME_WHITE_WINS, END_CAMPMATE);
    test_release(pos);

    pos = test_position("shinobiplus", "k7/8/4K3/8/8/8/8/8[] w - - 0 1");
    assert_true(forced_win(pos, 3));
    f = search_nodes(pos, 50000, 0);
    assert_int_equal(f.last.mate_in, 3);
    test_release(pos);
}

/* The quiescence search sees a campmate next move: at depth 1, Black sees
 * the King walk in; where a Rook covers the last rank, no false mate. */
static void search__campmate_threat__seen_at_depth_one__shinobiplus(void **state)
{
    (void)state;
    Position *pos = test_position("shinobiplus", "8/3K4/8/8/8/6k1/8/8[] b - - 0 40");
    Found f = search_nodes(pos, 0, 1);
    assert_int_equal(f.last.mate_in, -2); /* plies: Black's move, then the campmate */
    test_release(pos);

    pos = test_position("shinobiplus", "4r3/3K4/8/8/8/6k1/8/8[] b - - 0 40");
    f = search_nodes(pos, 0, 1);
    assert_int_equal(f.last.mate_in, 0);
    test_release(pos);
}

/* A King three steps from its last rank with nothing to stop it: its
 * steps within two of the rank are never pruned or reduced and are searched
 * a ply deeper, so depth 6 sees the campmate on the fifth ply (the search
 * before this saw nothing at depth 6). */
static void search__campmate_race__seen_at_depth_six__shinobiplus(void **state)
{
    (void)state;
    Position *pos = test_position("shinobiplus", "8/pp6/8/3K4/7k/8/PP6/8[] w - - 0 1");
    Found f = search_nodes(pos, 0, 6);
    assert_int_equal(f.last.mate_in, 5);
    test_release(pos);
}

static void search__stalemate_wins__shinobiplus(void **state)
{
    (void)state;
    /* no check is possible, but Monk to c7 (promoting) leaves Black no move */
    Position *pos = test_position("shinobiplus", "k7/8/1K1M4/8/8/8/8/8[] w - - 0 1");
    Found f = search_nodes(pos, 20000, 0);
    assert_int_equal(f.last.mate_in, 1);
    assert_move_ends(pos, f.move, OUTCOME_WHITE_WINS, END_STALEMATE);
    test_release(pos);
}

static void search__avoids_stalemate__shogun(void **state)
{
    (void)state;
    /* the same shape in Shogun, where stalemate is only a draw */
    Position *pos = test_position("shogun", "k7/8/1K1F4/8/8/8/8/8[] w - - 0 1");
    Found f = search_nodes(pos, 50000, 0);
    assert_true(movegen_is_legal(pos, f.move));
    pos_make(pos, f.move);
    assert_int_equal(game_result(pos).outcome, OUTCOME_NONE);
    pos_unmake(pos);
    assert_true(f.last.score_cp > 300 || f.last.mate_in > 0);
    test_release(pos);
}

static void search__mated_side_reports_negative_mate__shogun(void **state)
{
    (void)state;
    /* Black's only move Kg8 allows Ra8# */
    Position *pos = test_position("shogun", "7k/8/6K1/8/8/8/8/R7[] b - - 0 1");
    Found f = search_nodes(pos, 50000, 0);
    assert_true(f.move != MOVE_NONE);
    assert_int_equal(f.last.mate_in, -2);
    test_release(pos);
}

static const char *cashew_duel(char side)
{
    static char fen[128];
    /* Kings on g13 and g1, a first-player Queen on g7 facing the King */
    snprintf(fen, sizeof fen, "6k6/13/13/13/13/13/6Q6/13/13/13/13/13/6K6 %c", side);
    return fen;
}

static void search__captures_king__cashew(void **state)
{
    (void)state;
    Position *pos = test_position("cashew", cashew_duel('w'));
    Found f = search_nodes(pos, 20000, 0);
    assert_int_equal(f.last.mate_in, 1);
    assert_move_ends(pos, f.move, OUTCOME_WHITE_WINS, END_KING_CAPTURED);
    test_release(pos);
}

static void search__saves_attacked_king__cashew(void **state)
{
    (void)state;
    Position *pos = test_position("cashew", cashew_duel('b'));
    Found f = search_nodes(pos, 50000, 4);
    assert_true(movegen_is_legal(pos, f.move));
    pos_make(pos, f.move);
    assert_false(pos_attacked(pos, pos->king[BLACK], WHITE));
    pos_unmake(pos);
    test_release(pos);
}

static void search__returns_legal_move__every_start_position(void **state)
{
    (void)state;
    for (int i = 0; variant_defs[i]; i++)
        for (int depth = 1; depth <= 4; depth++) {
            Position *pos = test_position(variant_defs[i]->id, NULL);
            char before[512], after[512];
            pos_get_fen(pos, before, sizeof before);
            Found f = search_nodes(pos, 0, depth);
            pos_get_fen(pos, after, sizeof after);
            assert_string_equal(before, after);
            assert_true(movegen_is_legal(pos, f.move));
            assert_int_equal(f.last.depth, depth);
            test_release(pos);
        }
}

static void search__returns_none__game_over(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", "k7/1Q6/1K6/8/8/8/8/8[] b - - 0 1"); /* checkmated */
    assert_int_equal(search_nodes(pos, 1000, 0).move, MOVE_NONE);
    test_release(pos);
    /* White's king reached rank 8 with its last move: campmate */
    pos = test_position("shinobiplus", "4K3/8/8/8/8/8/8/k7[] b - - 0 1");
    assert_int_equal(search_nodes(pos, 1000, 0).move, MOVE_NONE);
    test_release(pos);
}

typedef struct Worker {
    Engine *e;
    Position *pos;
    Move move;
} Worker;

static void *run_search(void *arg)
{
    Worker *w = arg;
    SearchLimits lim = {0};
    lim.infinite = true;
    w->move = engine_search(w->e, w->pos, &lim, NULL, NULL);
    return NULL;
}

static int64_t clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* the wall clock, and this thread's CPU time */
static int64_t now_ms(void) { return clock_ms(CLOCK_MONOTONIC); }
static int64_t cpu_ms(void) { return clock_ms(CLOCK_THREAD_CPUTIME_ID); }

/* Milliseconds this thread has spent runnable but waiting for a processor
 * (Linux schedstat), or 0 where that cannot be read. */
static int64_t runqueue_wait_ms(void)
{
    unsigned long long run_ns = 0, wait_ns = 0;
    FILE *f = fopen("/proc/thread-self/schedstat", "r");
    if (!f)
        return 0;
    if (fscanf(f, "%llu %llu", &run_ns, &wait_ns) != 2)
        wait_ns = 0;
    fclose(f);
    return (int64_t)(wait_ns / 1000000);
}

static void engine_stop__ends_search_soon__from_another_thread(void **state)
{
    (void)state;
    Position *pos = test_position("shinobiplus", NULL);
    Worker w = {engine_new(8), pos, MOVE_NONE};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, run_search, &w), 0);
    struct timespec ts = {0, 300 * 1000000L};
    nanosleep(&ts, NULL);
    int64_t t0 = now_ms();
    engine_stop(w.e);
    pthread_join(th, NULL);
    assert_true(now_ms() - t0 < 1000); /* an unstopped search would go on for ever; 1 s allows a busy host */
    assert_true(movegen_is_legal(pos, w.move));
    engine_free(w.e);
    test_release(pos);
}

/* A stop made before the search begins is kept for it (a worker thread may
 * start late): even an infinite search returns, with a legal move. */
static void engine_stop__kept__before_search_begins(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", NULL);
    Engine *e = engine_new(8);
    SearchLimits lim = {0};
    lim.infinite = true;
    engine_stop(e);
    assert_true(movegen_is_legal(pos, engine_search(e, pos, &lim, NULL, NULL)));
    /* used up: the next search runs to its depth */
    Found f;
    memset(&f, 0, sizeof f);
    memset(&lim, 0, sizeof lim);
    lim.depth = 4;
    f.move = engine_search(e, pos, &lim, keep_info, &f);
    assert_int_equal(f.last.depth, 4);
    /* engine_prepare forgets a stop that came after a search had ended */
    engine_stop(e);
    engine_prepare(e);
    memset(&f, 0, sizeof f);
    f.move = engine_search(e, pos, &lim, keep_info, &f);
    assert_int_equal(f.last.depth, 4);
    engine_free(e);
    test_release(pos);
}

/* Several threads (Lazy SMP): every variant's search to a depth gives a
 * legal move, reports the depth and counts the nodes of every thread; the
 * position is left as it was; the mates are still found. */
static void engine_threads__legal_moves_and_mates__every_variant(void **state)
{
    (void)state;
    Engine *e = engine_new(8);
    engine_set_threads(e, 3);
    assert_int_equal(engine_threads(e), 3);
    for (int i = 0; variant_defs[i]; i++) {
        Position *pos = test_position(variant_defs[i]->id, NULL);
        char before[512], after[512];
        pos_get_fen(pos, before, sizeof before);
        SearchLimits lim = {0};
        lim.depth = 5;
        Found f;
        memset(&f, 0, sizeof f);
        f.move = engine_search(e, pos, &lim, keep_info, &f);
        pos_get_fen(pos, after, sizeof after);
        assert_string_equal(before, after);
        assert_true(movegen_is_legal(pos, f.move));
        assert_true(f.last.depth >= 5);
        assert_true(f.last.nodes > 0);
        test_release(pos);
    }
    Position *pos = test_position("shogun", "7k/8/6K1/8/8/8/8/R7[] w - - 0 1");
    SearchLimits lim = {0};
    lim.depth = 6;
    Found f;
    memset(&f, 0, sizeof f);
    f.move = engine_search(e, pos, &lim, keep_info, &f);
    assert_int_equal(f.last.mate_in, 1);
    assert_move_ends(pos, f.move, OUTCOME_WHITE_WINS, END_CHECKMATE);
    test_release(pos);
    engine_free(e);
}

/* A search limited by nodes uses one thread: it plays the same move, node
 * for node, whatever the threads asked for. */
static void engine_threads__node_limit__same_as_one_thread(void **state)
{
    (void)state;
    Position *pos = test_position("shinobiplus", NULL);
    Found one = search_nodes(pos, 30000, 0);
    Engine *e = engine_new(8);
    engine_set_threads(e, 4);
    SearchLimits lim = {0};
    lim.nodes = 30000;
    Found f;
    memset(&f, 0, sizeof f);
    f.move = engine_search(e, pos, &lim, keep_info, &f);
    assert_int_equal(f.move, one.move);
    assert_int_equal(f.last.nodes, one.last.nodes);
    engine_free(e);
    test_release(pos);
}

/* Threads are clamped to 1..ENGINE_MAX_THREADS; an infinite search with
 * helpers still ends soon after engine_stop() from another thread, and a
 * later search (threads changed in between) runs as asked. */
static void engine_threads__clamped_and_stopped(void **state)
{
    (void)state;
    Engine *e = engine_new(8);
    engine_set_threads(e, 0);
    assert_int_equal(engine_threads(e), 1);
    engine_set_threads(e, ENGINE_MAX_THREADS + 5);
    assert_int_equal(engine_threads(e), ENGINE_MAX_THREADS);
    engine_set_threads(e, 2);
    Position *pos = test_position("cashew", NULL);
    Worker w = {e, pos, MOVE_NONE};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, run_search, &w), 0);
    struct timespec ts = {0, 300 * 1000000L};
    nanosleep(&ts, NULL);
    engine_stop(e);
    pthread_join(th, NULL);
    assert_true(movegen_is_legal(pos, w.move));
    engine_set_threads(e, 3);
    SearchLimits lim = {0};
    lim.depth = 3;
    Found f;
    memset(&f, 0, sizeof f);
    f.move = engine_search(e, pos, &lim, keep_info, &f);
    assert_true(movegen_is_legal(pos, f.move));
    engine_free(e);
    test_release(pos);
}

/* The search runs on this thread.  The strict check is on the thread's CPU
 * time: the wall clock also counts the time it waited for a processor, of
 * which the kernel reports the part it caused (subtracted) but not the part a
 * virtual machine's host took (steal time, tens of milliseconds on a busy
 * host); the wall clock gets a looser check, as in never_flags below. */
static void engine_search__keeps_time__movetime_and_clock(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", NULL);
    Engine *e = engine_new(8);
    SearchLimits lim = {0};
    lim.movetime_ms = 150;
    int64_t t0 = now_ms(), w0 = runqueue_wait_ms(), c0 = cpu_ms();
    assert_true(movegen_is_legal(pos, engine_search(e, pos, &lim, NULL, NULL)));
    int64_t took = now_ms() - t0;
    assert_true(cpu_ms() - c0 <= 150);
    assert_true(took - (runqueue_wait_ms() - w0) < 400);
    assert_true(took >= 150 - 150 / 8); /* a fixed time is used up, less the margin */
    memset(&lim, 0, sizeof lim);
    lim.time_ms[WHITE] = lim.time_ms[BLACK] = 100; /* almost flagging */
    t0 = now_ms(), w0 = runqueue_wait_ms(), c0 = cpu_ms();
    assert_true(movegen_is_legal(pos, engine_search(e, pos, &lim, NULL, NULL)));
    assert_true(cpu_ms() - c0 < 100);
    assert_true(now_ms() - t0 - (runqueue_wait_ms() - w0) < 100 + 150);
    memset(&lim, 0, sizeof lim);
    lim.byoyomi_ms = 200; /* no main time left, byo-yomi only */
    t0 = now_ms(), w0 = runqueue_wait_ms(), c0 = cpu_ms();
    assert_true(movegen_is_legal(pos, engine_search(e, pos, &lim, NULL, NULL)));
    assert_true(cpu_ms() - c0 < 200);
    assert_true(now_ms() - t0 - (runqueue_wait_ms() - w0) < 200 + 150);
    engine_free(e);
    test_release(pos);
}

/* How much of its time target a search takes after an iteration: more
 * while the best move changes or the score falls, less once it holds. */
static void search_time_percent__follows_the_search(void **state)
{
    (void)state;
    const SearchParams *sp = &search_params_default;
    int base = search_time_percent(sp, 0, 1, 0);
    assert_int_equal(base, 100);
    /* a change just now asks for more than one an iteration ago, and that more than none */
    assert_true(search_time_percent(sp, 100, 0, 0) > search_time_percent(sp, 50, 1, 0));
    assert_true(search_time_percent(sp, 50, 1, 0) > base);
    /* a falling score asks for more, the more it fell, up to a bound; a rising one does not */
    assert_true(search_time_percent(sp, 0, 1, 40) > base);
    assert_true(search_time_percent(sp, 0, 1, 80) > search_time_percent(sp, 0, 1, 40));
    assert_int_equal(search_time_percent(sp, 0, 1, 30000), search_time_percent(sp, 0, 1, 5000));
    assert_int_equal(search_time_percent(sp, 0, 1, -300), base);
    /* a best move that has held for long enough asks for less */
    assert_true(search_time_percent(sp, 0, sp->tm_stable_iters, 0) < base);
    assert_true(search_time_percent(sp, 0, sp->tm_stable_iters, 0) > 0);
    /* Cashew takes its time as before, whatever the search says */
    SearchParams cashew;
    search_params_for("cashew", &cashew);
    assert_int_equal(search_time_percent(&cashew, 100, 0, 0), 100);
    assert_int_equal(search_time_percent(&cashew, 0, 1, 300), 100);
    assert_int_equal(search_time_percent(&cashew, 0, 20, 0), 100);
}

/* Every field of SearchParams has a name (tools/spsa.py sets them by name):
 * each name finds its own field, each field is set apart from the others,
 * and a value outside its range is refused and changes nothing. */
static void search_param__every_field_by_name(void **state)
{
    (void)state;
    assert_int_equal(search_param_index("no_such_number"), -1);
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++) {
        const char *name = search_param_name(i);
        assert_int_equal(search_param_index(name), i);
        int lo, hi;
        search_param_range(i, &lo, &hi);
        assert_true(lo <= hi);
        SearchParams sp = search_params_default, before = sp;
        /* the default lies in its own range, and the value set below is
         * another one (where the range has two), so that the set is seen */
        int def = search_param_get(&before, i);
        assert_true(lo <= def && def <= hi);
        int v = def == hi ? lo : hi;
        if (lo < hi)
            assert_int_not_equal(v, def);
        assert_true(search_param_set(&sp, i, v));
        assert_int_equal(search_param_get(&sp, i), v);
        /* only this field moved */
        for (int j = 0; j < SEARCH_PARAM_COUNT; j++)
            if (j != i)
                assert_int_equal(search_param_get(&sp, j), search_param_get(&before, j));
        SearchParams kept = sp;
        assert_false(search_param_set(&sp, i, hi + 1));
        assert_false(search_param_set(&sp, i, lo - 1));
        assert_memory_equal(&sp, &kept, sizeof sp);
    }
    /* the divisors cannot be set to zero */
    static const char *const divisors[] = {"nmp_div", "nmp_eval_div", "lmr_div", "lmr_history", "history_gravity",
                                           "clock_margin_div", "moves_to_go", "moves_to_go_max"};
    for (size_t k = 0; k < sizeof divisors / sizeof divisors[0]; k++) {
        int lo, hi;
        search_param_range(search_param_index(divisors[k]), &lo, &hi);
        assert_true(lo >= 1);
    }
}

/* Cashew's exchanges are only estimated (Lions, Wolves, hook movers): no
 * move of any kind is dropped on them there, while the 8x8 games drop
 * captures and quiet checks that lose by exchange at low depth. */
static void search_params_for__exchange_pruning_per_variant(void **state)
{
    (void)state;
    SearchParams sp;
    search_params_for("cashew", &sp);
    assert_true(sp.see_quiet_depth < 1 && sp.see_noisy_depth < 1 && sp.see_check_depth < 1);
    static const char *const eight[] = {"shinobiplus", "shinobi", "shinobivchess", "shogun"};
    for (size_t i = 0; i < sizeof eight / sizeof eight[0]; i++) {
        search_params_for(eight[i], &sp);
        assert_true(sp.see_noisy_depth >= 1 && sp.see_check_depth >= 1);
    }
}

/* The screen's levels think for a time at most a move, whose share of the
 * target (soft_percent) the levels' ladder was measured with: the same in
 * every variant.  Under a clock Shinobi+ spends its whole target (stop 89),
 * the other games 60 % of it as before. */
static void search_params_for__clock_share_apart_from_the_levels(void **state)
{
    (void)state;
    SearchParams sp;
    static const char *const all[] = {"shinobiplus", "shinobi", "shinobivchess", "shogun", "cashew"};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        search_params_for(all[i], &sp);
        assert_int_equal(sp.soft_percent, search_params_default.soft_percent);
        assert_int_equal(sp.clock_soft_percent, i == 0 ? 100 : search_params_default.soft_percent);
    }
}

/* A quiet move's history score at ply, through the picker of that ply as
 * the search reads it. */
static int quiet_score(Search *s, int ply, Move m)
{
    MovePicker *mp = &s->pickers[ply];
    movepick_init(s, mp, ply, MOVE_NONE, false);
    return movepick_quiet_score(s, mp, m);
}

/* Where drop_history is set (Shogun), a cut-off by a drop raises that drop's
 * history and not the board move of the same kind to the same square;
 * elsewhere the two share it. */
static void movepick_history__drop_apart_from_board_move(void **state)
{
    (void)state;
    static const char *const variants[] = {"shogun", "shinobiplus"};
    for (size_t i = 0; i < 2; i++) {
        Position *pos = test_position("shogun", "rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[N] w KQkq - 0 1");
        Search *s = calloc(1, sizeof *s);
        assert_non_null(s);
        SearchParams sp;
        search_params_for(variants[i], &sp);
        s->pos = pos;
        s->sp = &sp;
        Move drop, step;
        KageError err;
        assert_true(move_from_text(pos, "N@f3", MOVE_FOR_PROTOCOL, &drop, &err));
        assert_true(move_from_text(pos, "g1f3", MOVE_FOR_PROTOCOL, &step, &err));
        assert_int_equal(move_kind(drop), MOVE_DROP);
        movepick_update_history(s, 0, 4, drop, &drop, 1);
        assert_true(quiet_score(s, 0, drop) > 0);
        if (sp.drop_history)
            assert_int_equal(quiet_score(s, 0, step), 0);
        else
            assert_int_equal(quiet_score(s, 0, step), quiet_score(s, 0, drop));
        free(s);
        test_release(pos);
    }
    SearchParams sp;
    search_params_for("shogun", &sp);
    assert_int_equal(sp.drop_history, 1);
    search_params_for("shinobiplus", &sp);
    assert_int_equal(sp.drop_history, 0);
}

/* Where prior_bonus is set (Shogun), a node whose moves all failed low
 * raises the continuation history of the quiet move that led to it, as a
 * reply to the move before; a capture that led there gains nothing. */
static void movepick_reward_prior__quiet_move_only(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", "rnb+fkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNB+FKBNR[] w KQkq - 0 2");
    Search *s = calloc(1, sizeof *s);
    assert_non_null(s);
    SearchParams sp;
    search_params_for("shogun", &sp);
    assert_int_equal(sp.prior_bonus, 1);
    s->pos = pos;
    s->sp = &sp;
    s->cont_dim = search_cont_dim(pos);
    s->cont = calloc(search_cont_cells(s->cont_dim), sizeof *s->cont);
    assert_non_null(s->cont);
    static const char *const moves[] = {"g1f3", "d4e5"};
    for (int i = 0; i < 2; i++) {
        Move m;
        KageError err;
        assert_true(move_from_text(pos, moves[i], MOVE_FOR_PROTOCOL, &m, &err));
        s->cont_idx[0] = 5; /* the move before: any index of the table */
        s->cont_idx[1] = search_cont_index(s, m);
        assert_int_equal(quiet_score(s, 1, m), 0);
        pos_make(pos, m);
        movepick_reward_prior(s, 2, 4);
        pos_unmake(pos);
        if (i == 0)
            assert_true(quiet_score(s, 1, m) > 0);
        else
            assert_int_equal(quiet_score(s, 1, m), 0);
    }
    free(s->cont);
    free(s);
    test_release(pos);
    search_params_for("shinobiplus", &sp);
    assert_int_equal(sp.prior_bonus, 0);
}

static void engine_search__varies_moves__low_level(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", NULL);
    Engine *e = engine_new(8);
    SearchLimits lim = {0};
    lim.level = 1;
    Move first = MOVE_NONE;
    bool varied = false;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        engine_set_seed(e, seed);
        Move m = engine_search(e, pos, &lim, NULL, NULL);
        assert_true(movegen_is_legal(pos, m));
        if (first == MOVE_NONE)
            first = m;
        else if (m != first)
            varied = true;
    }
    assert_true(varied);
    /* the same seed gives the same move */
    engine_set_seed(e, 7);
    Move a = engine_search(e, pos, &lim, NULL, NULL);
    engine_new_game(e);
    engine_set_seed(e, 7);
    assert_int_equal(engine_search(e, pos, &lim, NULL, NULL), a);
    engine_free(e);
    test_release(pos);
}

/* A lower level varies its play only among the moves its own search sees
 * within its guard of the best.  In this opening of Shogun, level 1 with
 * its old random bonus of up to 300 cp on each move and no guard chose, in
 * 8 of these 30 seeds, moves that a 3-ply search scores 174 and 296 cp
 * worse than the best; with the guard, none more than 200 cp. */
static void engine_search__low_level_keeps_material(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", "r1b+fkbnr/pppp1ppp/n7/4p3/4PP2/8/PPPP2PP/RNB+FKBNR[] w KQkq - 0 3");
    Found best = search_nodes(pos, 0, 3);
    Engine *e = engine_new(8);
    for (uint64_t seed = 1; seed <= 30; seed++) {
        SearchLimits lim = {0};
        lim.level = 1;
        engine_new_game(e);
        engine_set_seed(e, seed);
        Move m = engine_search(e, pos, &lim, NULL, NULL);
        assert_true(movegen_is_legal(pos, m));
        pos_make(pos, m);
        Found after = search_nodes(pos, 0, 2);
        pos_unmake(pos);
        int loss = best.last.score_cp + after.last.score_cp;
        if (after.last.mate_in || loss > 200)
            fail_msg("seed %llu: level 1 chose a move that loses %d cp", (unsigned long long)seed, loss);
    }
    engine_free(e);
    test_release(pos);
}

static void search__avoids_losing_repetition__shinobivchess(void **state)
{
    (void)state;
    /* In vchess Shinobi the player who makes a position occur the third
     * time loses: Black must not bring the Knight back to g8 again. */
    Position *pos = test_position("shinobivchess", NULL);
    test_play_uci(pos, "e1f1 g8f6 f1e1 f6g8 e1f1 g8f6 f1e1");
    Found f = search_nodes(pos, 50000, 0);
    char buf[MOVE_TEXT_MAX];
    move_to_text(pos, f.move, MOVE_FOR_PROTOCOL, buf);
    assert_string_not_equal(buf, "f6g8");
    pos_make(pos, f.move);
    assert_int_equal(game_result(pos).outcome, OUTCOME_NONE);
    pos_unmake(pos);
    /* and the move is indeed losing */
    KageError err;
    Move back;
    assert_true(move_from_text(pos, "f6g8", MOVE_FOR_PROTOCOL, &back, &err));
    assert_move_ends(pos, back, OUTCOME_WHITE_WINS, END_REPEATER_LOSES);
    test_release(pos);
}

/* Play moves given in Cashew's XBoard text. */
static void play_cashew(Position *pos, const char *moves)
{
    char buf[512], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        Move m;
        KageError err;
        if (!move_from_cashew(pos, tok, CASHEW_XBOARD, &m, &err))
            fail_msg("move %s: %s", tok, err.msg);
        pos_make(pos, m);
    }
}

/* The Queen checks the King from e8 and e4 in turn (the Black queen on a8
 * attacks e8).  After the given history, e8e4+ makes the position occur the
 * n-th time with White checking on every move of the cycle. */
#define PERPETUAL_FEN "q7/6pk/8/8/4Q3/8/1rr5/6K1[] b - - 0 1"
#define PERPETUAL_CYCLE "h7h8 e4e8 h8h7 e8e4 "

/* The first `want` moves of `line`, from pos after `history`, are what
 * search_pv_playable() keeps of it. */
static void pv_keeps(const char *variant, const char *fen, const char *history, const char *line, int want)
{
    Position *pos = test_position(variant, fen), *walk = test_position(variant, fen);
    test_play_uci(pos, history);
    test_play_uci(walk, history);
    Move pv[64];
    int n = 0;
    char buf[512], *save = NULL;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        KageError err;
        if (!move_from_text(walk, tok, MOVE_FOR_PROTOCOL, &pv[n], &err))
            fail_msg("%s: %s", tok, err.msg);
        pos_make(walk, pv[n++]);
    }
    char before[256], after[256];
    pos_get_fen(pos, before, sizeof before);
    int plies = pos->ply;
    assert_int_equal(search_pv_playable(pos, pv, n), want);
    pos_get_fen(pos, after, sizeof after);
    assert_string_equal(after, before); /* the root as it was */
    assert_int_equal(pos->ply, plies);
    test_release(walk);
    test_release(pos);
}

static void search_pv_playable__stops_at_the_rules_end(void **state)
{
    (void)state;
    /* Shogun: the start position a third time after the line's 4th move
     * (a draw); a line that ends nothing is kept whole */
    pv_keeps("shogun", NULL, "g1f3 g8f6 f3g1 f6g8", "g1f3 g8f6 f3g1 f6g8 e2e4 e7e5", 4);
    pv_keeps("shogun", NULL, "g1f3 g8f6 f3g1 f6g8", "e2e4 g8f6 g1f3 f6g8", 4);
    pv_keeps("shogun", NULL, "", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6", 6);
    pv_keeps("shogun", NULL, "", "", 0);
    /* Shinobi+: perpetual check loses (its fourth occurrence), then no more */
    pv_keeps("shinobiplus", PERPETUAL_FEN, PERPETUAL_CYCLE PERPETUAL_CYCLE "h7h8 e4e8", "h8h7 e8e4 h7h8 e4e8", 2);
    /* a checkmate ends the line too (the scholar's mate) */
    pv_keeps("shogun", NULL, "", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7", 7);
}

static void search__perpetual_check__loses_in_shinobiplus(void **state)
{
    (void)state;
    Position *pos = test_position("shinobiplus", PERPETUAL_FEN);
    test_play_uci(pos, PERPETUAL_CYCLE PERPETUAL_CYCLE "h7h8 e4e8 h8h7"); /* nFold 4 */
    KageError err;
    Move repeat;
    assert_true(move_from_text(pos, "e8e4", MOVE_FOR_PROTOCOL, &repeat, &err));
    assert_move_ends(pos, repeat, OUTCOME_BLACK_WINS, END_PERPETUAL_CHECK);
    Found f = search_nodes(pos, 200000, 0);
    assert_true(movegen_is_legal(pos, f.move));
    assert_true(f.move != repeat);
    test_release(pos);
}

static void search__perpetual_check__draws_in_shogun(void **state)
{
    (void)state;
    /* the same cycle where it is a draw (3-fold): the side that is lost takes it */
    Position *pos = test_position("shogun", PERPETUAL_FEN);
    test_play_uci(pos, PERPETUAL_CYCLE "h7h8 e4e8 h8h7");
    KageError err;
    Move repeat;
    assert_true(move_from_text(pos, "e8e4", MOVE_FOR_PROTOCOL, &repeat, &err));
    assert_move_ends(pos, repeat, OUTCOME_DRAW, END_REPETITION);
    Found f = search_nodes(pos, 200000, 0);
    assert_int_equal(f.last.mate_in, 0);
    assert_true(f.last.score_cp > -50 && f.last.score_cp < 50);
    test_release(pos);
}

static void search__avoids_losing_chase__cashew(void **state)
{
    (void)state;
    /* The first player's Queen chases a Gold between d10 and e10; going back
     * to d4 repeats a position (Cashew ends at the first repetition) after a
     * cycle in which only the Queen attacked: the chaser loses. */
    Position *pos = test_position("cashew", "12k/13/13/3g9/13/13/13/13/13/Q12/13/13/K12 w");
    play_cashew(pos, "a4d4 d10e10 d4e4 e10d10");
    Move back;
    KageError err;
    assert_true(move_from_cashew(pos, "e4d4", CASHEW_XBOARD, &back, &err));
    assert_move_ends(pos, back, OUTCOME_BLACK_WINS, END_PERPETUAL_CHASE);
    Found f = search_nodes(pos, 100000, 0);
    assert_true(movegen_is_legal(pos, f.move));
    assert_true(f.move != back);
    assert_true(f.last.mate_in >= 0);
    /* the chased side may repeat freely: with the roles reversed the Gold
     * stepping back is no chase, so the repetition is the Queen's loss */
    test_release(pos);
}

/* The exact mate distance, in plies, as the brute-force solver sees it. */
static int mate_distance(Position *pos, int max)
{
    for (int plies = 1; plies <= max; plies += 2)
        if (forced_win(pos, plies))
            return plies;
    return 0;
}

static void search__reports_mate_distance__fresh_and_from_table(void **state)
{
    (void)state;
    /* King and Rook against King: a mate in three moves (five plies) */
    Position *pos = test_position("shogun", "k7/8/8/3K4/8/8/8/7R[] w - - 0 1");
    int plies = mate_distance(pos, 5);
    assert_int_equal(plies, 5);
    Engine *e = engine_new(8);
    SearchLimits lim = {0};
    lim.nodes = 2000000;
    Found f;
    memset(&f, 0, sizeof f);
    f.move = engine_search(e, pos, &lim, keep_info, &f);
    assert_int_equal(f.last.mate_in, plies);
    /* again with the table full of mate scores stored at other plies */
    f.move = engine_search(e, pos, &lim, keep_info, &f);
    assert_int_equal(f.last.mate_in, plies);
    /* one move on (the engine's own move, then the best defence), two plies closer */
    pos_make(pos, f.move);
    Found g;
    memset(&g, 0, sizeof g);
    g.move = engine_search(e, pos, &lim, keep_info, &g);
    assert_int_equal(g.last.mate_in, -(plies - 1));
    pos_make(pos, g.move);
    Found h;
    memset(&h, 0, sizeof h);
    h.move = engine_search(e, pos, &lim, keep_info, &h);
    assert_int_equal(h.last.mate_in, plies - 2);
    engine_free(e);
    test_release(pos);
}

static void engine_levels__effort_grows_with_level(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", "r1b+fk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1B+FK2R[] w KQkq - 4 4");
    Engine *e = engine_new(8);
    int last_depth = 0;
    uint64_t last_nodes = 0;
    for (int level = 1; level <= 8; level++) {
        SearchLimits lim = {0};
        lim.level = level;
        Found f;
        memset(&f, 0, sizeof f);
        engine_new_game(e);
        engine_set_seed(e, 3);
        f.move = engine_search(e, pos, &lim, keep_info, &f);
        assert_true(movegen_is_legal(pos, f.move));
        assert_true(f.last.depth >= last_depth);
        /* a lower level's choice searches its root moves once more, with
         * a window as wide as its guard, so that a shallower search can be
         * the dearer one: nodes may dip a little, never by half */
        assert_true(2 * f.last.nodes + 2000 >= last_nodes);
        last_depth = f.last.depth;
        last_nodes = f.last.nodes;
    }
    assert_true(last_depth >= 6);
    engine_free(e);
    test_release(pos);
}

typedef struct Clock {
    const char *name;
    int base_ms, inc_ms, byoyomi_ms;
} Clock;

/* Play both sides of a game with tiny clocks and check every move against
 * the time left: the engine must never overstep it.  The strict check is on
 * the thread's CPU time, since on a loaded machine the wall clock also counts
 * time the thread spent waiting for a processor (tens of milliseconds, which
 * no margin of a 50 ms byo-yomi can absorb); the wall clock gets a looser one,
 * less that wait where the kernel reports it (at a load of four runnable
 * threads a core, 150 ms of margin was not enough). */
static void engine_search__never_flags__small_clocks(void **state)
{
    (void)state;
    static const Clock clocks[] = {
        {"sudden death", 1500, 0, 0},
        {"increment", 300, 40, 0},
        {"byo-yomi", 0, 0, 60},
        {"main time then byo-yomi", 200, 0, 50},
    };
    static const char *variants[] = {"shinobiplus", "shogun", "cashew"};
    for (int c = 0; c < (int)(sizeof clocks / sizeof clocks[0]); c++)
        for (int vi = 0; vi < 3; vi++) {
            Position *pos = test_position(variants[vi], NULL);
            Engine *e = engine_new(4);
            int left[2] = {clocks[c].base_ms, clocks[c].base_ms};
            for (int ply = 0; ply < 40 && game_result(pos).outcome == OUTCOME_NONE; ply++) {
                Color us = pos->side;
                SearchLimits lim = {0};
                lim.time_ms[WHITE] = left[WHITE];
                lim.time_ms[BLACK] = left[BLACK];
                lim.inc_ms[WHITE] = lim.inc_ms[BLACK] = clocks[c].inc_ms;
                lim.byoyomi_ms = clocks[c].byoyomi_ms;
                int64_t t0 = now_ms(), c0 = cpu_ms(), w0 = runqueue_wait_ms();
                Move m = engine_search(e, pos, &lim, NULL, NULL);
                int used = (int)(now_ms() - t0), cpu = (int)(cpu_ms() - c0), waited = (int)(runqueue_wait_ms() - w0);
                assert_true(movegen_is_legal(pos, m));
                if (cpu > left[us] + clocks[c].byoyomi_ms || used - waited > left[us] + clocks[c].byoyomi_ms + 150)
                    fail_msg("%s, %s, ply %d: used %d ms (%d ms CPU, %d ms waiting for a processor) with %d + %d left",
                             clocks[c].name, variants[vi], ply, used, cpu, waited, left[us], clocks[c].byoyomi_ms);
                left[us] -= used;
                if (left[us] < 0)
                    left[us] = 0; /* into byo-yomi */
                left[us] += clocks[c].inc_ms;
                pos_make(pos, m);
            }
            engine_free(e);
            test_release(pos);
        }
}

/* gives_check() before the move, against pos_in_check() after it, for
 * every legal move of random games in every variant: exact for the plain
 * moves, promotions and drops of the games its tables are usable in (the
 * empty-board reach that rules moves out at once included), a check
 * wherever it is not exact (castling, en passant), never a missed one. */
static void gives_check__agrees_with_the_move_made__random_games(void **state)
{
    (void)state;
    uint64_t rng = 777;
    Search *s = calloc(1, sizeof *s);
    assert_non_null(s);
    for (int i = 0; variant_defs[i]; i++) {
        Position *pos = test_position(variant_defs[i]->id, NULL);
        s->pos = pos;
        gives_check_init(&s->ct, pos->v);
        int checks = 0;
        for (int game = 0; game < 6; game++) {
            int made = 0;
            for (int ply = 0; ply < 90; ply++) {
                MoveList list;
                movegen_legal(pos, &list);
                if (!list.count)
                    break;
                for (int k = 0; k < list.count; k++) {
                    Move m = list.moves[k];
                    bool told = gives_check(s, m);
                    Color them = !pos->side;
                    pos_make(pos, m);
                    bool checked = pos->king[them] && pos->v->def->check_rule && pos_in_check(pos);
                    pos_unmake(pos);
                    bool exact = s->ct.usable && move_kind(m) <= MOVE_DROP;
                    if (exact)
                        assert_int_equal(told, checked);
                    else if (checked)
                        assert_true(told);
                    checks += checked;
                }
                rng = rng * 6364136223846793005ull + 1442695040888963407ull;
                pos_make(pos, list.moves[(rng >> 33) % (uint64_t)list.count]);
                made++;
            }
            while (made-- > 0)
                pos_unmake(pos);
        }
        /* the 8x8 games' tables are usable, and their random games check often */
        if (pos->v->nsq == 64) {
            assert_true(s->ct.usable && s->ct.has_reach);
            assert_true(checks > 50);
        }
        test_release(pos);
    }
    free(s->cont);
    free(s);
}

/* The fast legality test of hash and killer moves (one piece's moves) must
 * agree with the full list, for legal moves and for moves of other positions. */
static void movegen_is_legal__agrees_with_full_list__random_games(void **state)
{
    (void)state;
    uint64_t rng = 12345;
    for (int i = 0; variant_defs[i]; i++) {
        Position *pos = test_position(variant_defs[i]->id, NULL);
        Move seen[512];
        int nseen = 0;
        for (int ply = 0; ply < 80; ply++) {
            MoveList list;
            movegen_legal(pos, &list);
            if (!list.count)
                break;
            for (int k = 0; k < list.count; k++) {
                assert_true(movegen_is_legal(pos, list.moves[k]));
                if (nseen < 512)
                    seen[nseen++] = list.moves[k];
            }
            /* moves of earlier positions, and garbage */
            for (int k = 0; k < 64; k++) {
                rng = rng * 6364136223846793005ull + 1442695040888963407ull;
                Move m = k & 1 ? seen[(rng >> 33) % (uint64_t)nseen] : (Move)(rng >> 38);
                bool in_list = false;
                for (int j = 0; j < list.count; j++)
                    in_list |= list.moves[j] == m;
                assert_int_equal(movegen_is_legal(pos, m), in_list);
            }
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            pos_make(pos, list.moves[(rng >> 33) % (uint64_t)list.count]);
        }
        test_release(pos);
    }
}


/* Swap upper and lower case up to the next space. */
static void swap_case(char *c)
{
    for (; *c && *c != ' '; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
        else if (*c >= 'A' && *c <= 'Z')
            *c = (char)(*c - 'A' + 'a');
}

/* The colour mirror of an 8x8 FEN: ranks in reverse order, White and Black
 * swapped (pieces, hands, side to move, castling, en passant). */
static void mirror_fen(const char *fen, char *out, size_t size)
{
    char board[256], side[8], castle[16], ep[8], rest[64] = "";
    int n = sscanf(fen, "%255s %7s %15s %7s %63[^\n]", board, side, castle, ep, rest);
    assert_true(n >= 4);
    char ranks[8][64], *hand = strchr(board, '[');
    char handpart[64] = "";
    if (hand) {
        snprintf(handpart, sizeof handpart, "%s", hand);
        *hand = '\0';
    }
    int nr = 0;
    for (char *tok = strtok(board, "/"); tok; tok = strtok(NULL, "/"))
        snprintf(ranks[nr++], sizeof ranks[0], "%s", tok);
    assert_int_equal(nr, 8);
    char *o = out;
    for (int r = nr - 1; r >= 0; r--)
        o += sprintf(o, "%s%s", ranks[r], r ? "/" : "");
    o += sprintf(o, "%s %s ", handpart, side[0] == 'w' ? "b" : "w");
    if (!strcmp(castle, "-"))
        o += sprintf(o, "-");
    for (int pass = 0; pass < 2 && strcmp(castle, "-"); pass++)
        for (const char *c = castle; *c; c++)
            if ((pass == 0) == (*c >= 'a' && *c <= 'z'))
                *o++ = *c;
    *o = '\0';
    if (ep[0] != '-')
        ep[1] = (char)('1' + '8' - ep[1]);
    snprintf(o, size - (size_t)(o - out), " %s %s", ep, rest);
    swap_case(out);                      /* the board and hands */
    swap_case(strchr(out, ' ') + 3);     /* the castling rights */
}

/* Every term of the evaluation (material, hands, square tables, king safety,
 * mobility, attacks on the king) treats the two colours alike: a position and
 * its colour mirror score the same for the side to move.  Shogun's armies
 * are the same on both sides, so random games give positions of every kind. */
static void evaluate__same_for_colour_mirror__shogun_random_games(void **state)
{
    (void)state;
    uint64_t rng = 777;
    Engine *e = engine_new(1);
    int checked = 0;
    for (int game = 0; game < 20; game++) {
        Position *pos = test_position("shogun", NULL);
        for (int ply = 0; ply < 120; ply++) {
            MoveList list;
            movegen_legal(pos, &list);
            if (!list.count)
                break;
            char fen[512], mirrored[512];
            pos_get_fen(pos, fen, sizeof fen);
            mirror_fen(fen, mirrored, sizeof mirrored);
            Position *m = test_position("shogun", mirrored);
            /* the mirror of the mirror is the position itself (hands may be
             * written in another order) */
            char back[512], again[512];
            pos_get_fen(m, back, sizeof back);
            mirror_fen(back, again, sizeof again);
            Position *twice = test_position("shogun", again);
            assert_true(twice->st->key == pos->st->key);
            test_release(twice);
            int a = engine_evaluate(e, pos), b = engine_evaluate(e, m);
            if (a != b)
                fail_msg("evaluation %d of %s but %d of its mirror %s", a, fen, b, back);
            test_release(m);
            checked++;
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            pos_make(pos, list.moves[(rng >> 33) % (uint64_t)list.count]);
        }
        test_release(pos);
    }
    engine_free(e);
    assert_true(checked > 1000);
}

/* What the tuner makes of one trace: the counts times the weights, blended
 * by phase, with the king danger's units (EG_DANGER for White's attack,
 * EG_DANGER_BLACK for Black's, both on EG_DANGER's weights) summed into a
 * danger per side that counts squared in the middlegame, linearly in the
 * endgame; from the side to move's view, clamped as the engine clamps. */
static long traced_sum(const EvalParams *ep, const int *count, int phase, Color side)
{
    int d0 = ep->base[EG_DANGER], d1 = ep->base[EG_DANGER_BLACK], units = d1 - d0;
    long mg = 0, eg = 0, danger[2] = {0, 0};
    for (int f = 0; f < ep->nfeat; f++) {
        if (f >= d0 && f < d1 + units) {
            bool black = f >= d1;
            int j = black ? f - units : f;
            danger[black] += (long)count[f] * ep->w[j][0];
            eg += (black ? -1L : 1L) * count[f] * ep->w[j][1];
        } else {
            mg += (long)count[f] * ep->w[f][0];
            eg += (long)count[f] * ep->w[f][1];
        }
    }
    for (int c = 0; c < 2; c++) {
        long d = danger[c] > 20000 ? 20000 : danger[c];
        mg += (c ? -1 : 1) * (d > 0 ? d * d / EVAL_DANGER_SCALE : 0);
    }
    long sum = (mg * phase + eg * (24 - phase)) / 24;
    if (side == BLACK)
        sum = -sum;
    return sum > 29000 ? 29000 : sum < -29000 ? -29000 : sum;
}

/* Random games of a variant, each position's evaluation compared with the
 * sum of its trace; returns the positions checked. */
static int sums_match(const EvalParams *ep, const char *variant, int games, uint64_t *rng)
{
    int *count = calloc(EVAL_MAX_FEATURES, sizeof *count), checked = 0;
    for (int game = 0; game < games; game++) {
        Position *pos = test_position(variant, NULL);
        for (int ply = 0; ply < 80; ply++) {
            MoveList list;
            movegen_legal(pos, &list);
            if (!list.count)
                break;
            int phase;
            eval_trace(ep, pos, count, &phase);
            assert_int_equal(traced_sum(ep, count, phase, pos->side), eval_evaluate_base(ep, pos));
            checked++;
            *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
            pos_make(pos, list.moves[(*rng >> 33) % (uint64_t)list.count]);
        }
        test_release(pos);
    }
    free(count);
    return checked;
}

/* The tuner sees the evaluation as its feature counts times the weights,
 * blended by phase: that sum must be exactly what the engine evaluates, in
 * every variant, for positions of random games. */
static void eval_trace__sums_to_evaluate__random_games(void **state)
{
    (void)state;
    static const char *const variants[] = {"shinobiplus", "shinobi", "shinobivchess", "shogun", "cashew"};
    EvalParams *ep = malloc(sizeof *ep);
    int checked = 0;
    uint64_t rng = 99;
    for (int vi = 0; vi < 5; vi++) {
        Position *pos = test_position(variants[vi], NULL);
        eval_init(ep, pos->v);
        test_release(pos);
        checked += sums_match(ep, variants[vi], 6, &rng);
    }
    free(ep);
    assert_true(checked > 1000);
}

/* A network (random weights, its own, not the tables') in Shogun, Shinobi+
 * and Cashew: along random games (drops, captures to hand, promotions,
 * castling, Cashew's multiple captures) the accumulator kept move by move
 * equals one counted from scratch, and the evaluation is the tuned terms
 * plus the network's output. */
static void eval_acc__network_kept_move_by_move__random_games(void **state)
{
    (void)state;
    static const char *const variants[] = {"shogun", "shinobiplus", "cashew"};
    EvalParams *ep = malloc(sizeof *ep);
    EvalAcc *acc = malloc(2 * sizeof *acc), *fresh = malloc(sizeof *fresh);
    memset(acc, 0xbe, 2 * sizeof *acc); /* the units a network does not use are never read */
    uint64_t rng = 11;
    int checked = 0, corrected = 0;
    for (int vi = 0; vi < 3; vi++) {
        Position *pos = test_position(variants[vi], NULL);
        eval_init(ep, pos->v);
        int nin = nn_ninputs(pos->v), H = 32;
        int16_t *w1 = malloc((size_t)nin * (size_t)H * sizeof *w1), b1[32], w2[64];
        for (int i = 0; i < nin * H; i++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            w1[i] = (int16_t)((int)(rng >> 33) % 61 - 30);
        }
        for (int h = 0; h < 2 * H; h++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            w2[h] = (int16_t)((int)(rng >> 33) % 401 - 200);
            if (h < H)
                b1[h] = (int16_t)((int)(rng >> 40) % 200);
        }
        NnNet net = {variants[vi], pos->v->nsq, pos->v->ntypes, H, nin, w1, b1, w2, 1000};
        ep->net = &net;
        for (int game = 0; game < 4; game++) {
            pos_set_start(pos);
            eval_acc_init(ep, pos, &acc[0]);
            for (int ply = 0; ply < 120; ply++) {
                MoveList list;
                movegen_legal(pos, &list);
                if (!list.count)
                    break;
                rng = rng * 6364136223846793005ull + 1442695040888963407ull;
                pos_make(pos, list.moves[(rng >> 33) % (uint64_t)list.count]);
                eval_acc_update(ep, pos, &acc[ply & 1], &acc[!(ply & 1)]);
                eval_acc_init(ep, pos, fresh);
                assert_true(eval_acc_equal(ep, fresh, &acc[!(ply & 1)]));
                int base = eval_evaluate_base(ep, pos), nn = nn_evaluate(ep->net, pos);
                int sum = base + nn > 29000 ? 29000 : base + nn < -29000 ? -29000 : base + nn;
                assert_int_equal(eval_acc_evaluate(ep, pos, &acc[!(ply & 1)]), sum);
                corrected += nn != 0;
                checked++;
            }
        }
        free(w1);
        test_release(pos);
    }
    free(ep);
    free(acc);
    free(fresh);
    assert_true(checked > 500);
    assert_true(corrected > checked / 2);
}

/* The network's kernels (nn.h): every one built in and run by this machine
 * gives the plain C kernel's integers, for random weights over the whole
 * int16 range and accumulators below 0, inside [0, NN_QA] and above it, at
 * each hidden size, for the output and for an accumulator changed by rows
 * on and off (also in place).  Built by GCC, the vector kernel must be
 * there: the test does not pass with the plain one alone. */
static void nn_kernels__same_as_plain__random_inputs(void **state)
{
    (void)state;
#if defined(__GNUC__)
    assert_true(nn_kernel_available(NN_KERNEL_VECTOR));
#endif
    assert_true(nn_kernel_available(nn_kernel()));
    enum { NIN = 40 };
    int16_t *w1 = malloc((size_t)NIN * NN_MAX_HIDDEN * sizeof *w1), b1[NN_MAX_HIDDEN], w2[2 * NN_MAX_HIDDEN];
    int32_t *src = malloc(NN_MAX_HIDDEN * sizeof *src), *want = malloc(NN_MAX_HIDDEN * sizeof *want),
            *got = malloc(NN_MAX_HIDDEN * sizeof *got);
    NnAcc *acc = malloc(sizeof *acc);
    uint64_t rng = 2026;
#define RND() (rng = rng * 6364136223846793005ull + 1442695040888963407ull, (int64_t)(rng >> 33))
    int compared = 0;
    for (int round = 0; round < 300; round++) {
        int H = NN_BLOCK * (1 + round % (NN_MAX_HIDDEN / NN_BLOCK));
        for (int i = 0; i < NIN * H; i++)
            w1[i] = (int16_t)(RND() % 65536 - 32768);
        for (int h = 0; h < 2 * H; h++)
            w2[h] = (int16_t)(RND() % 65536 - 32768);
        for (int h = 0; h < H; h++)
            b1[h] = (int16_t)(RND() % 512 - 128);
        for (Color p = WHITE; p <= BLACK; p++)
            for (int h = 0; h < H; h++) /* mostly near the clip, some far out */
                (*acc)[p][h] = (int32_t)(round % 5 ? RND() % 600 - 200 : RND() % 2000001 - 1000000);
        for (int h = 0; h < H; h++)
            src[h] = (int32_t)(RND() % 2000001 - 1000000);
        int on[8], off[8], non = (int)(RND() % 5), noff = (int)(RND() % 5);
        for (int i = 0; i < non; i++)
            on[i] = (int)(RND() % NIN);
        for (int i = 0; i < noff; i++)
            off[i] = (int)(RND() % NIN);
        NnNet net = {"test", 64, 1, H, NIN, w1, b1, w2, (int32_t)(RND() % 20001 - 10000)};
        int want_out[2] = {nn_output_with(&net, *acc, WHITE, NN_KERNEL_PLAIN),
                           nn_output_with(&net, *acc, BLACK, NN_KERNEL_PLAIN)};
        nn_acc_change_with(&net, want, src, on, non, off, noff, NN_KERNEL_PLAIN);
        for (int k = 0; k < NN_KERNELS; k++) {
            if (!nn_kernel_available(k))
                continue;
            assert_int_equal(nn_output_with(&net, *acc, WHITE, k), want_out[0]);
            assert_int_equal(nn_output_with(&net, *acc, BLACK, k), want_out[1]);
            memset(got, 0x5a, NN_MAX_HIDDEN * sizeof *got);
            nn_acc_change_with(&net, got, src, on, non, off, noff, k);
            assert_memory_equal(got, want, (size_t)H * sizeof *got);
            memcpy(got, src, (size_t)H * sizeof *got);
            nn_acc_change_with(&net, got, got, on, non, off, noff, k);
            assert_memory_equal(got, want, (size_t)H * sizeof *got);
            compared++;
        }
    }
#undef RND
    printf("nn kernels: %s in use, %d comparisons\n", nn_kernel_name(nn_kernel()), compared);
    assert_true(compared >= 600);
    free(w1);
    free(src);
    free(want);
    free(got);
    free(acc);
}

/* The king danger counts squared: with weights on every unit, some
 * positive and some negative, the engine's evaluation is still the tuner's
 * sum of the trace, and the danger changes the evaluation somewhere. */
static void eval_trace__danger_squared__random_games(void **state)
{
    (void)state;
    static const char *const variants[] = {"shogun", "shinobiplus"};
    EvalParams *ep = malloc(sizeof *ep), *plain = malloc(sizeof *plain);
    uint64_t rng = 7;
    for (int vi = 0; vi < 2; vi++) {
        Position *pos = test_position(variants[vi], NULL);
        eval_init(ep, pos->v);
        eval_init(plain, pos->v);
        for (int f = ep->base[EG_DANGER]; f < ep->base[EG_DANGER_BLACK]; f++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            ep->w[f][0] = (int16_t)((int)(rng >> 33) % 181 - 60);
            ep->w[f][1] = (int16_t)((int)(rng >> 45) % 41 - 20);
        }
        ep->danger_on = true;
        assert_true(sums_match(ep, variants[vi], 4, &rng) > 100);
        /* the same weights with the danger's square and without differ */
        int differ = 0;
        for (int ply = 0; ply < 60; ply++) {
            MoveList list;
            movegen_legal(pos, &list);
            if (!list.count)
                break;
            differ += eval_evaluate(ep, pos) != eval_evaluate(plain, pos);
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            pos_make(pos, list.moves[(rng >> 33) % (uint64_t)list.count]);
        }
        assert_true(differ > 10);
        test_release(pos);
    }
    free(ep);
    free(plain);
}

/* The units of an attack on the king, each side's own counts: a rook in
 * hand against a bare king (White to move: the safe drop checks, the hand,
 * the open squares next to the king); of Black's, with nothing to attack
 * with, only the base and the open squares next to White's king. */
static void eval_trace__danger_units__shogun(void **state)
{
    (void)state;
    Engine *e = engine_new(1);
    trace_is(e, "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1", "danger: ",
             "danger: base=1;danger: stm=1;danger: open=5;danger: hand=1;danger: drops=4;"
             "danger: drop R=4;danger: hand R=1;");
    trace_is(e, "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1", "danger black: ", "danger black: base=1;danger black: open=5;");
    /* a rook on a5 reaching d5, e5, f5 next to the king on e6 (weak: only the king guards them), one
     * safe check by a move (to a6; e5 is guarded by the king and by nothing else of White's) */
    trace_is(e, "8/8/4k3/R7/8/8/8/7K[] w - - 0 1", "danger: ",
             "danger: base=1;danger: stm=1;danger: hits=3;danger: weak=3;danger: open=8;danger: checks=1;"
             "danger: attacker R=1;danger: check R=1;");
    engine_free(e);
}

int test_search_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(search__finds_mate_in_one__shogun),
        cmocka_unit_test(search__finds_mate_in_two__shogun),
        cmocka_unit_test(search__finds_winning_drop__shogun),
        cmocka_unit_test(search__finds_campmate__shinobiplus),
        cmocka_unit_test(search__campmate_threat__seen_at_depth_one__shinobiplus),
        cmocka_unit_test(search__campmate_race__seen_at_depth_six__shinobiplus),
        cmocka_unit_test(search__stalemate_wins__shinobiplus),
        cmocka_unit_test(search__avoids_stalemate__shogun),
        cmocka_unit_test(search__mated_side_reports_negative_mate__shogun),
        cmocka_unit_test(search__captures_king__cashew),
        cmocka_unit_test(search__saves_attacked_king__cashew),
        cmocka_unit_test(search__returns_legal_move__every_start_position),
        cmocka_unit_test(search__returns_none__game_over),
        cmocka_unit_test(engine_threads__legal_moves_and_mates__every_variant),
        cmocka_unit_test(engine_threads__node_limit__same_as_one_thread),
        cmocka_unit_test(engine_threads__clamped_and_stopped),
        cmocka_unit_test(gives_check__agrees_with_the_move_made__random_games),
        cmocka_unit_test(engine_stop__ends_search_soon__from_another_thread),
        cmocka_unit_test(engine_stop__kept__before_search_begins),
        cmocka_unit_test(engine_search__keeps_time__movetime_and_clock),
        cmocka_unit_test(search_time_percent__follows_the_search),
        cmocka_unit_test(search_params_for__exchange_pruning_per_variant),
        cmocka_unit_test(search_params_for__clock_share_apart_from_the_levels),
        cmocka_unit_test(movepick_history__drop_apart_from_board_move),
        cmocka_unit_test(movepick_reward_prior__quiet_move_only),
        cmocka_unit_test(engine_search__varies_moves__low_level),
        cmocka_unit_test(engine_search__low_level_keeps_material),
        cmocka_unit_test(search__avoids_losing_repetition__shinobivchess),
        cmocka_unit_test(search__perpetual_check__loses_in_shinobiplus),
        cmocka_unit_test(search__perpetual_check__draws_in_shogun),
        cmocka_unit_test(search__avoids_losing_chase__cashew),
        cmocka_unit_test(search__reports_mate_distance__fresh_and_from_table),
        cmocka_unit_test(engine_levels__effort_grows_with_level),
        cmocka_unit_test(engine_search__never_flags__small_clocks),
        cmocka_unit_test(movegen_is_legal__agrees_with_full_list__random_games),
        cmocka_unit_test(evaluate__same_for_colour_mirror__shogun_random_games),
        cmocka_unit_test(eval_trace__sums_to_evaluate__random_games),
        cmocka_unit_test(eval_acc__network_kept_move_by_move__random_games),
        cmocka_unit_test(eval_trace__king_danger__one_bucket_a_side__shogun),
        cmocka_unit_test(eval_trace__checks_by_type__shogun),
        cmocka_unit_test(eval_trace__danger_squared__random_games),
        cmocka_unit_test(nn_kernels__same_as_plain__random_inputs),
        cmocka_unit_test(eval_trace__danger_units__shogun),
        cmocka_unit_test(engine_search__variant_numbers__follow_the_variant),
        cmocka_unit_test(search_param__every_field_by_name),
        cmocka_unit_test(search_pv_playable__stops_at_the_rules_end),
    };
    return cmocka_run_group_tests_name("search", tests, NULL, NULL);
}
