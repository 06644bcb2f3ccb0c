/* Pieces of the engine shared inside src/engine only: the transposition
 * table and the search's state (the evaluation has eval.h). */
#ifndef KAGE_SEARCH_INTERNAL_H
#define KAGE_SEARCH_INTERNAL_H

#include "kage/engine/search.h"
#include "eval.h"
#include "movepick.h"
#include "tunables.h"

#include <stdatomic.h>
#include <stddef.h>

/* --- transposition table (tt.c) ------------------------------------------- */

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

typedef struct TTEntry {
    uint32_t key32;
    Move move;
    int16_t score;
    int16_t eval;
    uint8_t depth;
    uint8_t genbound; /* generation << 2 | bound */
    uint16_t pad;
} TTEntry;

typedef struct TT {
    TTEntry *buckets; /* TT_BUCKET entries each */
    size_t nbuckets;  /* a power of two */
    size_t mb;        /* the size asked for, or the smaller one memory allowed */
    uint8_t generation;
} TT;

#define TT_BUCKET 4

/* A table of about mb megabytes, or smaller where memory is short (tt->mb). */
void tt_init(TT *tt, size_t mb);
void tt_free(TT *tt);
void tt_clear(TT *tt);
/* Called once per search so that old entries are replaced first. */
void tt_new_search(TT *tt);
/* Start loading the bucket of key into the cache (before it is probed). */
static inline void tt_prefetch(const TT *tt, uint64_t key)
{
    __builtin_prefetch(tt->buckets + (key & (tt->nbuckets - 1)) * TT_BUCKET);
}
/* The entry for key, or NULL. */
const TTEntry *tt_probe(const TT *tt, uint64_t key);
void tt_store(TT *tt, uint64_t key, Move move, int score, int eval, int depth, int bound);

/* --- the search (search.c), driven by engine.c ----------------------------- */

#define MAX_PLY 128
#define SEARCH_INF 32500

typedef struct RootMove {
    Move move;
    int noise; /* the lower levels' random bonus (search_root_choose) */
    int order; /* ordering key for the next iteration */
} RootMove;

/* What tells, before a move is made, whether it gives check: the file and
 * rank steps of every sliding vector, and which sliders of the attack table
 * could check along each king direction (built once per variant). */
typedef struct CheckTables {
    const VariantDef *def;          /* built for this variant (Variants are rebuilt from it) */
    bool usable;                    /* check rule, no special pieces, sliders on the 8 lines only */
    int8_t sdx[2][MAX_PIECE_TYPES][16], sdy[2][MAX_PIECE_TYPES][16];
    int8_t udx[8], udy[8];          /* file and rank steps of dir8 */
    int8_t disc[2][8];              /* attack[c].slide index moving along -dir8[k], or -1 */
    /* boards of up to 64 squares: reach[c][t][k] has bit i where a piece of
     * type t and colour c on square i (plain index) would attack square k
     * on an empty board, so that a move that cannot check is told at once */
    bool has_reach;
    int8_t plain[BOARD_ARRAY];      /* padded square -> plain index, -1 on padding */
    uint64_t reach[2][MAX_PIECE_TYPES][64];
} CheckTables;

/* The static evaluations last computed, by the position's key: a node whose
 * table entry was not kept (a stand-pat cut in quiescence stores none), met
 * again in the next iteration or by another move order, is evaluated once.
 * The evaluation depends on the position alone, so the search is the same
 * with it or without it, only faster. */
enum { EVAL_CACHE_SIZE = 1 << 14 };
typedef struct EvalCacheEntry {
    uint64_t key;
    int32_t eval;
} EvalCacheEntry;

typedef struct Search {
    Position *pos;                    /* the engine's private copy */
    TT *tt;
    const EvalParams *ep;
    const SearchParams *sp;           /* the tunables */
    const _Atomic bool *stop;         /* set by engine_stop() */
    uint64_t nodes, node_limit;       /* node_limit 0 = none */
    int64_t start_ms, hard_ms;        /* hard_ms 0 = no time limit */
    bool stopped;
    bool can_stop;                    /* a best move exists, so a stop may cut in */
    int iter;                         /* depth of the current iteration */
    int root_ply;                     /* pos->ply at the root */
    int null_floor;                   /* states before this index are behind a null move */
    int seldepth;
    RootMove root[MAX_MOVES];
    int nroot;
    Move best_move;                   /* best move so far (survives an interrupted iteration) */
    int best_score;
    Move best_pv[MAX_PLY];
    int best_pvlen;
    Move killers[MAX_PLY][2];
    int history[2][2][MAX_PIECE_TYPES][BOARD_ARRAY]; /* [side][a drop?][moving or dropped type][to] */
    /* continuation history: how good a quiet move was after a given move
     * one, two or four plies earlier, as cont[prev * cont_dim + this] with each
     * move indexed by (side, moving type, to); boards of up to 64 squares
     * only (NULL otherwise: Cashew's table would be far too big) */
    /* capture history: [side][moving type][to][captured type], for captures and promotions */
    int16_t caphist[2][MAX_PIECE_TYPES][BOARD_ARRAY][MAX_PIECE_TYPES];
    int16_t *cont;
    int cont_dim;
    const VariantDef *cont_def;       /* the variant cont was sized for */
    int cont_idx[MAX_PLY + 1];        /* the move made at each ply, -1 for none or a null move */
    int eval_stack[MAX_PLY];
    Move excluded[MAX_PLY];           /* the move a singular search leaves out at this ply */
    EvalAcc acc[MAX_PLY + 1];         /* the evaluation accumulator at each ply */
    Move pv[MAX_PLY][MAX_PLY];
    int pvlen[MAX_PLY];
    MovePicker pickers[MAX_PLY];
    CheckTables ct;
    const VariantDef *ecache_def;     /* the variant the evaluation cache holds */
    EvalCacheEntry ecache[EVAL_CACHE_SIZE];
} Search;

/* The rows (and columns) of the continuation-history table for pos's
 * variant: one per side, moving or dropped type (counted from 1) and square,
 * as search_cont_index() numbers them; 0 for a board of more than 64
 * squares, which keeps no table. */
static inline int search_cont_dim(const Position *pos)
{
    return pos->v->nsq <= 64 ? 2 * (pos->v->ntypes + 1) * 64 : 0;
}

/* The cells of a continuation-history table with dim rows: dim * dim. */
static inline size_t search_cont_cells(int dim)
{
    return (size_t)dim * (size_t)dim;
}

/* The continuation-history index of move m in the position before it, or -1. */
static inline int search_cont_index(const Search *s, Move m)
{
    const Position *pos = s->pos;
    if (!s->cont || move_kind(m) == MOVE_PASS)
        return -1;
    int t = move_kind(m) == MOVE_DROP ? move_drop_type(m) : piece_type(pos->board[move_from(m)]);
    return ((int)pos->side * (pos->v->ntypes + 1) + t) * 64 + pos_sq_index(pos, move_to(m));
}

/* Milliseconds on a monotonic clock. */
int64_t search_now_ms(void);

/* Prepare the per-search state after s->pos has been set (killers, history
 * ageing, root move list and its initial order); returns the root move count. */
int search_begin(Search *s);

/* One iteration at the root with window (alpha, beta); updates s->best_*. */
int search_root(Search *s, int depth, int alpha, int beta);

/* The lower levels' choice, after the iterations: every root move searched
 * again to depth within guard of the best score (at most nodes more nodes,
 * the best moves first), and of the moves within guard of the best, the one
 * whose score plus its random bonus (RootMove.noise) is highest becomes
 * s->best_move.  A mate's score keeps its move. */
int search_root_choose(Search *s, int depth, int guard, uint64_t nodes);

/* --- gives_check.c, under the search and the picker ----------------------- */

/* The tables gives_check() reads, for variant v (once per variant). */
void gives_check_init(CheckTables *ct, const Variant *v);
/* Will the legal move m give check?  Exact for the plain moves and drops of
 * the 8x8 games; castling, en passant and the rest count as checks. */
bool gives_check(const Search *s, Move m);

/* --- time (engine.c) ----------------------------------------------------- */

/* The share of the soft target (percent) after an iteration, from the
 * best move's changes (in hundredths, decaying), the iterations it has held
 * and how far the score fell since the last iteration (centipawns). */
int search_time_percent(const SearchParams *sp, int changes, int stable, int fall);
/* How many of the n moves of pv, from root, a GUI can play: up to the one
 * that ends the game by the rules (a line can run on past it). */
int search_pv_playable(const Position *root, const Move *pv, int n);

#endif
