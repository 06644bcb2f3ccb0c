/* A soak run of the engine: fast AI-against-AI games in every variant, with
 * the rules core and the search checked after every move.  Built and run by
 * tools/soak.sh, normally under the sanitizers and with KAGE_SEARCH_CHECKS
 * (then the search itself compares its incremental data with a fresh count
 * after every move it makes, inside the tree).
 *
 * After every move of a game it checks: the move was legal (in the full
 * list, and the fast movegen_is_legal agrees on it and on stray moves),
 * pos_is_ok() on the game position, and the static evaluation is the same
 * for a copy of the position.  Limits vary from move to move (nodes, depth,
 * levels, tiny clocks); some searches are stopped from another thread.
 *
 *   soak [--seconds N] [--games N] [--seed N] [--variant ID] [--verbose]
 *
 * Exit status 0 when no check failed, 1 otherwise (with the game so far). */
#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/engine/search.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_GAME_PLIES 300

static uint64_t rng_state;

static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int rnd_in(int lo, int hi) { return lo + (int)(rnd() % (uint64_t)(hi - lo + 1)); }

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

typedef struct Game {
    const char *variant;
    Move moves[MAX_GAME_PLIES];
    int nmoves;
} Game;

/* Print the game so far (for a failure report) and exit. */
static void fail(const Game *g, const Position *pos, const char *what)
{
    char fen[1024];
    pos_get_fen(pos, fen, sizeof fen);
    fprintf(stderr, "soak: FAILED in %s after %d plies: %s\nsoak: position %s\nsoak: moves (hex):", g->variant,
            g->nmoves, what, fen);
    for (int i = 0; i < g->nmoves; i++)
        fprintf(stderr, " %#x", (unsigned)g->moves[i]);
    fprintf(stderr, "\n");
    exit(1);
}

static bool in_list(const MoveList *list, Move m)
{
    for (int i = 0; i < list->count; i++)
        if (list->moves[i] == m)
            return true;
    return false;
}

typedef struct Stopper {
    Engine *e;
    int after_ms;
} Stopper;

/* engine_stop() after a while (a stop that comes before the search has
 * begun is kept for it). */
static void *stop_later(void *arg)
{
    Stopper *st = arg;
    struct timespec ts = {st->after_ms / 1000, (long)(st->after_ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    engine_stop(st->e);
    return NULL;
}

/* Limits for one move: mostly small node budgets, sometimes a depth, a
 * level, a tiny clock, or an infinite search stopped from another thread. */
static Move engine_move(Engine *e, Position *pos, int *kind)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    *kind = rnd_in(0, 9);
    switch (*kind) {
    case 0:
        lim.depth = rnd_in(1, 3);
        break;
    case 1:
        lim.level = rnd_in(1, 10);
        lim.nodes = (uint64_t)rnd_in(200, 5000);
        break;
    case 2:
        lim.time_ms[WHITE] = lim.time_ms[BLACK] = rnd_in(5, 300);
        lim.inc_ms[WHITE] = lim.inc_ms[BLACK] = rnd_in(0, 20);
        break;
    case 3:
        lim.byoyomi_ms = rnd_in(5, 40);
        break;
    case 4: {
        lim.infinite = true;
        Stopper st = {e, rnd_in(1, 30)};
        pthread_t th;
        if (pthread_create(&th, NULL, stop_later, &st) == 0) {
            Move m = engine_search(e, pos, &lim, NULL, NULL);
            pthread_join(th, NULL);
            return m;
        }
        lim.infinite = false;
        lim.nodes = 1000;
        break;
    }
    default:
        lim.nodes = (uint64_t)rnd_in(100, 3000);
        break;
    }
    return engine_search(e, pos, &lim, NULL, NULL);
}

/* The checks made after every move of a game. */
static void check_position(const Game *g, Position *pos, Engine *e)
{
    char why[256];
    if (!pos_is_ok(pos, why, sizeof why))
        fail(g, pos, why);
    /* the evaluation depends on the position only */
    Position *copy = pos_new(pos->v);
    pos_copy(copy, pos);
    if (engine_evaluate(e, copy) != engine_evaluate(e, pos))
        fail(g, pos, "evaluation differs for a copy");
    pos_free(copy);
    /* the fast legality test agrees with the full list on stray moves */
    MoveList list;
    movegen_legal(pos, &list);
    for (int k = 0; k < 16; k++) {
        Move m = k < 8 && g->nmoves ? g->moves[rnd() % (uint64_t)g->nmoves] : (Move)(rnd() >> 38);
        if (movegen_is_legal(pos, m) != in_list(&list, m))
            fail(g, pos, "movegen_is_legal disagrees with the move list");
    }
}

/* One game between two engines, cut short at the deadline; returns its result. */
static GameResult play(Game *g, const Variant *v, int64_t deadline, bool verbose)
{
    Position *pos = pos_new(v);
    Engine *e[2] = {engine_new(1), engine_new(1)};
    for (int i = 0; i < 2; i++) {
        engine_new_game(e[i]);
        engine_set_seed(e[i], rnd());
    }
    g->nmoves = 0;
    GameResult r = {OUTCOME_NONE, END_NONE};
    while (g->nmoves < MAX_GAME_PLIES && now_ms() < deadline && (r = game_result(pos)).outcome == OUTCOME_NONE) {
        int kind;
        Move m = engine_move(e[pos->side], pos, &kind);
        MoveList list;
        movegen_legal(pos, &list);
        if (m == MOVE_NONE || !in_list(&list, m))
            fail(g, pos, "the engine returned a move that is not legal");
        if (!movegen_is_legal(pos, m))
            fail(g, pos, "movegen_is_legal rejects a legal move");
        g->moves[g->nmoves++] = m;
        pos_make(pos, m);
        check_position(g, pos, e[pos->side]);
    }
    if (verbose)
        printf("  %s: %s (%s), %d plies\n", v->def->id, game_outcome_text(r.outcome),
               r.outcome == OUTCOME_NONE ? "move limit" : game_reason_text(r.reason), g->nmoves);
    engine_free(e[0]);
    engine_free(e[1]);
    pos_free(pos);
    return r;
}

int main(int argc, char **argv)
{
    int seconds = 60, max_games = 0;
    uint64_t seed = (uint64_t)time(NULL);
    const char *only = NULL;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--games") && i + 1 < argc)
            max_games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--variant") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--verbose"))
            verbose = true;
        else {
            fprintf(stderr, "Usage: soak [--seconds N] [--games N] [--seed N] [--variant ID] [--verbose]\n");
            return 2;
        }
    }
    rng_state = seed;
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("soak: seed %llu, up to %d s\n", (unsigned long long)seed, seconds);
    int nvariants = 0;
    Variant *vs[16];
    for (int i = 0; variant_defs[i] && nvariants < 16; i++) {
        if (only && strcmp(only, variant_defs[i]->id))
            continue;
        KageError err;
        vs[nvariants] = variant_new(variant_defs[i], &err);
        if (!vs[nvariants]) {
            fprintf(stderr, "soak: %s: %s\n", variant_defs[i]->id, err.msg);
            return 1;
        }
        nvariants++;
    }
    if (!nvariants) {
        fprintf(stderr, "soak: unknown variant %s\n", only);
        return 2;
    }
    int64_t end = now_ms() + (int64_t)seconds * 1000;
    int games = 0, plies = 0, decided = 0, drawn = 0, unfinished = 0;
    static Game g;
    while (now_ms() < end && (!max_games || games < max_games)) {
        const Variant *v = vs[games % nvariants];
        g.variant = v->def->id;
        GameResult r = play(&g, v, end, verbose);
        games++;
        plies += g.nmoves;
        if (r.outcome == OUTCOME_DRAW)
            drawn++;
        else if (r.outcome == OUTCOME_NONE)
            unfinished++;
        else
            decided++;
    }
    printf("soak: %d games (%d decided, %d drawn, %d at the move limit), %d plies, no error\n", games, decided, drawn,
           unfinished, plies);
    for (int i = 0; i < nvariants; i++)
        variant_free(vs[i]);
    return 0;
}
