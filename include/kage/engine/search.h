/* The built-in engine: iterative-deepening alpha-beta search over the rules,
 * for every variant.  An Engine owns its transposition table and move
 * ordering history; one search runs at a time, possibly on a worker thread,
 * and engine_stop() may be called from any other thread. */
#ifndef KAGE_SEARCH_H
#define KAGE_SEARCH_H

#include "kage/rules/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What limits a search.  Zero means "no limit" for every field; with no
 * limit at all the search runs until engine_stop() (or to its depth cap). */
typedef struct SearchLimits {
    int depth;          /* plies */
    uint64_t nodes;
    int movetime_ms;    /* exactly this long per move (minus a safety margin) ... */
    bool movetime_max;  /* ... or at most this long: no new iteration after most of it */
    int time_ms[2];     /* clocks, indexed by colour (WHITE = the first player) */
    int inc_ms[2];
    int byoyomi_ms;
    int moves_to_go;    /* moves until the next time control, 0 = sudden death */
    bool clock;         /* the clocks above were given: with no time left (no increment,
                         * no byo-yomi) the engine moves at once instead of without limit */
    bool infinite;      /* search until stopped, whatever the other fields say */
    int level;          /* 1..10, 10 = strongest; 0 means 10 */
    const Move *avoid;  /* root moves not to play unless there is no other (a GUI that would */
    int navoid;         /* refuse them: XBoard's pawn drops on the first rank) */
} SearchLimits;

/* Progress of a search, reported after each completed iteration. */
typedef struct SearchInfo {
    int depth, seldepth;
    int score_cp;       /* side to move's view; meaningless when mate_in != 0 */
    int mate_in;        /* plies, 0 = none; negative = being mated */
    uint64_t nodes;
    uint64_t nps;
    int time_ms;
    Move pv[64];
    int pvlen;
} SearchInfo;

typedef void (*SearchInfoFn)(void *ctx, const SearchInfo *info);

typedef struct Engine Engine;

/* A new engine with a transposition table of about hash_mb megabytes
 * (at least 1), or a smaller one where memory is short for it; it plays
 * every variant. */
Engine *engine_new(size_t hash_mb);
/* The megabytes of its table: hash_mb, or less where memory was short. */
size_t engine_hash_mb(const Engine *e);

void engine_free(Engine *e);

/* The most threads a search may use. */
#define ENGINE_MAX_THREADS 64
/* Let the engine's searches use n threads (1..ENGINE_MAX_THREADS; 1 by
 * default; not while a search runs): the extra threads search the same
 * position with histories of their own, sharing the table (Lazy SMP), and
 * the deepest finished result is played.  A search limited by nodes (and
 * levels 1 to 9, which are) uses one thread, so that it plays the same
 * moves each time. */
void engine_set_threads(Engine *e, int n);
int engine_threads(const Engine *e);

/* Forget everything learnt in the previous game (table, history) and draw a
 * fresh seed for the lower levels' randomness. */
void engine_new_game(Engine *e);

/* The search's numbers (src/engine/tunables.h) by name, for a tuner
 * (tools/spsa.py).  engine_search_param_range() gives the values a number
 * may take (false for an unknown name); engine_set_search_param() sets one
 * for every later search, whatever the variant, in place of the variant's
 * own (false, and nothing set, for an unknown name or a value outside). */
bool engine_search_param_range(const char *name, int *lo, int *hi);
bool engine_set_search_param(Engine *e, const char *name, int value);

/* The numbers set by engine_set_search_param() on `from`, set on `to` too
 * (a new engine for a new table size keeps them). */
void engine_take_search_params(Engine *to, const Engine *from);

/* Make the lower levels' choices reproducible: the same seed, position and
 * limits give the same move (single-threaded search). */
void engine_set_seed(Engine *e, uint64_t seed);

/* Search pos (not modified on return) and return the best move (MOVE_NONE if
 * none); blocking; callable from a worker thread. fn (may be NULL) is called
 * on the searching thread after each iteration and once at the end.  A stop
 * asked for before it began is obeyed; the request is used up as it returns. */
Move engine_search(Engine *e, Position *pos, const SearchLimits *lim, SearchInfoFn fn, void *ctx);

/* Thread-safe: the search running now, or the one about to begin, returns
 * its best move soon (a move is always found first).  One call is enough. */
void engine_stop(Engine *e);

/* Forget a stop request.  A caller that hands searches to another thread
 * calls it before starting that thread: a stop that arrived after the last
 * search had returned must not cut the next one short. */
void engine_prepare(Engine *e);

/* Static evaluation of pos in centipawns from the side to move's view
 * (for tests, tuning and the UI's evaluation display). */
int engine_evaluate(Engine *e, const Position *pos);

/* For the tuner: the evaluation's feature counts of pos (White minus Black)
 * in count[0..max) and the game phase; returns the number of features (-1
 * when max is too small). */
int engine_eval_trace(Engine *e, const Position *pos, int *count, int max, int *phase);

/* For tools/nn.py: the static evaluation without the network (the tuned
 * terms alone), the side to move's view. */
int engine_evaluate_base(Engine *e, const Position *pos);

/* For tools/nn.py: the neural network's inputs of pos seen from persp in
 * idx[0..max); returns their number (-1 when max is too small), and the
 * number of inputs a network of this variant has in *ninputs. */
int engine_nn_inputs(const Position *pos, Color persp, uint16_t *idx, int max, int *ninputs);

/* The name of evaluation feature f of the variant last traced ("pst N c3"). */
void engine_eval_feature_name(Engine *e, int f, char *buf, size_t size);

/* The middlegame and endgame weights of feature f of the variant last traced. */
void engine_eval_weight(Engine *e, int f, int *mg, int *eg);

/* Scores at or beyond this magnitude are mates (or rule wins) in plies. */
#define SEARCH_MATE 32000
#define SEARCH_MATE_BOUND 31000

#endif
