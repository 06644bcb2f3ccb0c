/* The numbers the search and its clock are tuned by, in one block: an
 * Engine searches with its own copy (engine.c starts it from
 * search_params_default, in tunables.c), so that a tuner or an SPSA run can
 * change them between searches without rebuilding.  Every field says where
 * it is used; the formulas are in search.c, movepick.c and engine.c. */
#ifndef KAGE_TUNABLES_H
#define KAGE_TUNABLES_H

#include <stdbool.h>

typedef struct SearchParams {
    /* quiescence (search.c qsearch) */
    int delta_margin;      /* a capture that cannot bring the score this close to alpha is skipped */
    int qcheck_plies;      /* check evasions are searched this many plies into quiescence */

    /* before the move loop (search.c search, step 4) */
    int se_depth;          /* singular extension from this depth up: when every other move */
    int se_margin;         /*   fails low against the hash score - margin * depth / 8 ... */
    int rfp_depth;         /* reverse futility at depth <= this ... */
    int rfp_margin;        /* ... when the static evaluation beats beta by this much per ply */
    int nmp_depth;         /* null move from this depth up ... */
    int nmp_base, nmp_div; /* ... reduced by base + depth / div plies ... */
    int nmp_eval_div;      /* ... and one more per this much the evaluation beats beta ... */
    int nmp_eval_max;      /* ... up to this many */
    int iir_depth;         /* a node without a hash move is searched a ply less from this depth */

    /* in the move loop (search.c search, step 5) */
    int check_ext_base;    /* a check is extended while ply < iteration * check_ext_mul + base */
    int check_ext_mul;
    int flag_near;         /* a King step that brings it within this many steps of its flag region
                            *   (campmate) is never pruned or reduced ... */
    int flag_ext;          /* ... and one within this many is searched a ply deeper (below ply
                            *   2 x iteration) */
    int lmp_depth;         /* late move pruning at depth <= this: after base + depth^2 * improving */
    int lmp_base;          /*   quiet moves when the evaluation improves, after */
    int lmp_improving;     /*   (base + depth^2 * other) * other_percent / 100 when not */
    int lmp_other, lmp_other_percent;
    int prune_reduced;     /* 1: futility and exchange pruning judge a quiet move at the depth its
                            *   late move reduction would leave (d below); 0: at the node's depth */
    int fut_depth;         /* futility at d <= this: a quiet move is dropped when */
    int fut_base;          /*   static evaluation + base + margin * d <= alpha */
    int fut_margin;
    int see_quiet_depth;   /* at d <= this, a quiet move that loses more than */
    int see_quiet_margin;  /*   margin * d^2 by exchange is dropped */
    int see_noisy_depth;   /* at depth <= this, a capture that loses more than */
    int see_noisy_margin;  /*   margin * depth by exchange is dropped */
    int see_check_depth;   /* so is a quiet check at depth <= this (-1: never) */
    int lmr_depth, lmr_count; /* late move reductions from this depth and this move on: */
    int lmr_base, lmr_div; /*   (base + 100 ln(depth) * 100 ln(count) * 100 / div) / 10000 plies */
    int lmr_history;       /* one ply less (more) for each this much history (below zero); */
    int lmr_history_both;  /*   0: only one ply less, and only above this much */

    /* move ordering (movepick.c) */
    int history_max_bonus; /* a cut-off is worth depth^2 history, at most this */
    int history_scale;     /* history += scale * bonus - history * |bonus| / gravity */
    int history_gravity;
    int quiet_select;      /* the first quiet moves are picked best first, the rest sorted at once */
    int caphist_div;       /* captures ordered by value plus capture history / this (0: no capture history) */
    int drop_history;      /* 1: a drop's history is its own, not that of a board move of its kind to its square */
    int prior_bonus;       /* 1: where no move beats alpha, the quiet move that led there gains continuation history */

    /* iterative deepening (engine.c) */
    int asp_depth;         /* aspiration windows from this depth */
    int asp_delta;         /* the first window: score +- delta ... */
    int asp_grow;          /* ... widened by delta / 2 + grow after each fail ... */
    int asp_max;           /* ... and given up past this */

    /* time (engine.c plan_time), in milliseconds or as stated */
    int movetime_margin;   /* kept back from a fixed time per move (above 200 ms; an eighth below) */
    int clock_margin;      /* kept back from the clock: margin + clock / margin_div, at most margin_max */
    int clock_margin_div;
    int clock_margin_max;
    int moves_to_go;       /* moves the clock is shared over in sudden death ... */
    int moves_to_go_max;   /* ... and at most, when the protocol says more */
    int hard_factor;       /* the hard limit: this many times the target, at most a third of the clock */
    int soft_percent;      /* no new iteration once this share of the target is used (a time at
                            *   most a move: the screen's levels) ... */
    int clock_soft_percent; /* ... or this share under a clock ... */
    int tm_change;         /* ... this many percent more for a best move that changed at the last */
                           /*   iteration (a change counts half as much an iteration later) ... */
    int tm_fall;           /* ... and a tenth of this percent more for each centipawn the score fell */
    int tm_fall_max;       /*   since the last iteration, up to this percent ... */
    int tm_stable_iters;   /* ... but once the best move has held this many iterations, */
    int tm_stable_percent; /*   only this percent of it */
} SearchParams;

extern const SearchParams search_params_default;

/* The numbers for one variant (by its id): the default ones, with the
 * variant's own where a match showed they differ. */
void search_params_for(const char *variant_id, SearchParams *out);

/* The fields by name, for a tuner (`setoption name SearchParam value
 * NAME=N` in `kage uci`, tools/spsa.py).  search_param_index() gives -1
 * for an unknown name; search_param_set() refuses (false, nothing set) a
 * value outside the field's range, which search_param_range() tells. */
#define SEARCH_PARAM_COUNT 61
int search_param_index(const char *name);
const char *search_param_name(int i);
void search_param_range(int i, int *lo, int *hi);
int search_param_get(const SearchParams *sp, int i);
bool search_param_set(SearchParams *sp, int i, int value);

#endif
