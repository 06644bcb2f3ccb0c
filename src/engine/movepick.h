/* The move picker (movepick.c): the moves of one node handed out a stage at
 * a time, in the style of Ethereal's movepicker, and the memory it orders
 * quiet moves by (killers and history), which the search feeds back. */
#ifndef KAGE_MOVEPICK_H
#define KAGE_MOVEPICK_H

#include "kage/rules/position.h"

typedef struct Search Search;

typedef struct ScoredMove {
    Move move;
    int score;
} ScoredMove;

/* The hash move before anything is generated, then captures and promotions
 * by value, the two killers, the quiet moves by history, and last the
 * captures that seemed to lose material. */
typedef struct MovePicker {
    int stage;
    Move tt, killer[2];
    bool noisy_only;          /* quiescence: captures and promotions only ... */
    bool checks;              /* ... then quiet moves and drops that give check */
    int ply;
    int nnoisy, inoisy, nquiet, iquiet, nbad, ibad;
    int ncont;                  /* the continuation histories a quiet move is scored by: */
    int cont_weight[3];         /* ... each one's weight ... */
    const int16_t *cont_row[3]; /* ... and its row, that of the move one, two or four plies back */
    ScoredMove noisy[MAX_MOVES];
    ScoredMove quiet[MAX_MOVES];
    Move bad[MAX_MOVES];
} MovePicker;

/* Start picking the moves of the node at ply; tt is the hash move (checked
 * for legality before it is given), noisy_only for quiescence (set
 * mp->checks afterwards to have the quiet checks too). */
void movepick_init(Search *s, MovePicker *mp, int ply, Move tt, bool noisy_only);
/* The next move to try, MOVE_NONE when none is left; *noisy says whether it
 * captures or promotes. */
Move movepick_next(Search *s, MovePicker *mp, bool *noisy);

/* A quiet move caused a cut-off at ply: it becomes a killer, and it gains
 * history while the quiet moves tried before it lose some. */
void movepick_update_history(Search *s, int ply, int depth, Move best, const Move *quiets, int nquiets);
/* After a cut-off: the capture history of the noisy moves tried (best among
 * them if it is one: a bonus; the others: a malus). */
void movepick_update_capture_history(Search *s, int depth, Move best, const Move *noisies, int nnoisies);
/* No move at ply beat alpha: the quiet move that led here (made at ply - 1)
 * refuted them all, and its continuation histories gain as a cut-off's
 * move would. */
void movepick_reward_prior(Search *s, int ply, int depth);

/* The type that moves (or is dropped) in m. */
static inline int movepick_moving_type(const Position *pos, Move m)
{
    return move_kind(m) == MOVE_DROP ? move_drop_type(m) : piece_type(pos->board[move_from(m)]);
}
/* --- see.c, the exchange evaluator: a floor below the picker (it calls
 * neither the picker nor the search) --- */
/* The value of everything m captures (0 for a quiet move). */
int see_captured_value(const Search *s, Move m);
/* What promotion adds to the moving piece (promotion by capture included). */
int see_promotion_gain(const Search *s, Move m, bool capture);
/* Does m win at least `threshold` once every capture on its square that
 * pays has been made (pins and promotions on the way ignored)? */
bool see_ge(const Search *s, Move m, int threshold);

/* The history score of a quiet move at the node of mp (initialised). */
int movepick_quiet_score(const Search *s, const MovePicker *mp, Move m);

#endif
