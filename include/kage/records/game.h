/* A game: the start position, the moves played from it (with their text
 * for people), a redo stack and the result.  The screen plays through it;
 * it lives with the records because it is what a record holds, and so
 * nothing here knows about a terminal. */
#ifndef KAGE_RECORDS_GAME_H
#define KAGE_RECORDS_GAME_H

#include "kage/records/record.h"
#include "kage/rules/gameend.h"
#include "kage/rules/notation.h"
#include "kage/rules/position.h"

#define GAME_SAN_MAX 32

typedef struct Game {
    Variant *v;
    GameRecord rec;           /* the start, the moves played since it, the result */
    char (*san)[GAME_SAN_MAX]; /* the line's moves as people read them: rec.moves, then the
                                * redo stack from its end (san[nmoves] is the next move) */
    int san_cap;
    Position *pos;            /* rec's start with rec's moves played */
    Move *redo;               /* moves taken back (browsed back over), the next one last */
    int nredo, redo_cap;
    bool result_by_agreement; /* rec.result is a resignation, an agreed draw or time, not the position's */
    MoveList legal;           /* legal moves in pos, kept current */
} Game;

/* A new game of def from fen (NULL: the start position); NULL and a message
 * in err if the FEN is bad. */
Game *game_new(const VariantDef *def, const char *fen, KageError *err);
void game_free(Game *g);

/* Play a legal move: record its SAN, forget the redo stack, update the result. */
void game_play(Game *g, Move m);
/* Take back the last move (and any resignation); false if there is none. */
bool game_undo(Game *g);
/* Play again the last move taken back; false if there is none. */
bool game_redo(Game *g);
/* End the game by resignation of `loser`, or by an agreed draw. */
void game_resign(Game *g, Color loser);
void game_agree_draw(Game *g);
/* End the game: `loser` ran out of time. */
void game_lose_on_time(Game *g, Color loser);
/* End the game with a result the position does not show (resignation, agreed
 * draw, loss on time: from a record); OUTCOME_NONE does nothing. */
void game_end_by(Game *g, GameResult r);

/* A game replayed from rec (each move must be legal) and ended as rec says
 * when its position does not (resignation, agreed draw, time); NULL and a
 * message if not. */
Game *game_from_record(const GameRecord *rec, KageError *err);
/* The moves played, and with `rest` also those browsed back over (the whole
 * line); a new array of *n moves to free (NULL when there are none). */
Move *game_moves(const Game *g, bool rest, int *n);
/* The FEN of the position now (a string to free). */
char *game_fen(const Game *g);

static inline bool game_over(const Game *g) { return g->rec.result.outcome != OUTCOME_NONE; }

/* The display name of a side: "Clan", "Kingdom", "White", "Sente" ... */
const char *game_side_name(const Game *g, Color c);
/* "Kingdom wins: campmate", "Sente wins: King captured", "Clan wins:
 * Kingdom resigned", "Draw by repetition", "Draw agreed", "Clan to move". */
void game_status_text(const Game *g, char *buf, size_t size);

/* Moves of the selected piece: those from square `from` (or drops of `drop_type`
 * when from is NO_SQUARE) that end on `to` (any `to` if to < 0). */
int game_moves_matching(const Game *g, int from, int drop_type, int to, Move *out, int max);

#define GAME_PATH_MAX 4

/* The squares a person picks, in order, to make m after picking up the
 * piece: each square it captures on the way (a Lion's or Wolf's legs), then
 * its end square; just the end square for every other move.  Returns how
 * many (at most GAME_PATH_MAX). */
int game_move_path(Game *g, Move m, int *path);

#endif
