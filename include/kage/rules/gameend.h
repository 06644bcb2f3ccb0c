/* How a game ends: the result and its reason, from a position and the
 * history it holds (repetition rules look back through it). */
#ifndef KAGE_GAMEEND_H
#define KAGE_GAMEEND_H

#include "kage/rules/position.h"

typedef enum GameOutcome { OUTCOME_NONE, OUTCOME_WHITE_WINS, OUTCOME_BLACK_WINS, OUTCOME_DRAW } GameOutcome;

typedef enum EndReason {
    END_NONE,
    END_CHECKMATE,
    END_STALEMATE,
    END_CAMPMATE,
    END_KING_CAPTURED,
    END_NO_MOVES,        /* Cashew: no move at all (cannot happen in practice) */
    END_REPETITION,      /* drawn n-fold repetition */
    END_PERPETUAL_CHECK, /* the side that checked all the time loses */
    END_PERPETUAL_CHASE, /* Cashew: the side that attacked all the time loses */
    END_REPEATER_LOSES,  /* the side that repeated the position loses */
    END_FIFTY_MOVES,
    END_RESIGNATION,
    END_AGREED_DRAW,
    END_TIME,
    END_ABANDONED,       /* online: the player to move left and did not come back in time */
    END_ABORTED          /* online: called off before a player's first move; no result (OUTCOME_NONE) */
} EndReason;

typedef struct GameResult {
    GameOutcome outcome;
    EndReason reason;
} GameResult;

/* The result of the game in pos, applying every rule of its variant
 * automatically (pychess.org only lets players claim drawn repetitions and
 * the 50-move rule; Kage declares them, as pychess does against bots).
 * pos is restored before returning; it may be unmade and remade inside. */
GameResult game_result(Position *pos);

/* The result of a repetition: the position now on the board also stood
 * `span` plies earlier (span even, at most pos->ply), and the variant's rule
 * decides who, if anyone, loses.  The search uses it inside its tree. */
GameResult game_repetition_result(Position *pos, int span);

/* "checkmate", "campmate", "perpetual check", ... */
const char *game_reason_text(EndReason reason);
/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *game_outcome_text(GameOutcome outcome);

#endif
