/* The record of one game, the one type that the screen's game (game.h), the
 * autosave (savegame.h), PGN (pgn.h) and the protocols' session share: a
 * variant, the start position, the moves played from it, and how it ended.
 * Each of those adds only what is its own (the text of the moves and a redo
 * stack, the play mode and clocks, tags and comments, an engine). */
#ifndef KAGE_RECORDS_RECORD_H
#define KAGE_RECORDS_RECORD_H

#include "kage/rules/gameend.h"
#include "kage/rules/position.h"

typedef struct GameRecord {
    const VariantDef *def;
    char *start_fen;   /* as pos_get_fen writes it; NULL: the variant's start */
    Move *moves;       /* legal in order from the start */
    int nmoves, cap;   /* cap: room in moves */
    GameResult result; /* how the game ended (by the position, or by resignation,
                        * agreement, time); OUTCOME_NONE while it goes on */
} GameRecord;

/* An empty record of def from its start position. */
void record_init(GameRecord *r, const VariantDef *def);
/* Free what r holds and leave it empty (its variant stays). */
void record_clear(GameRecord *r);
/* Start from fen instead (a copy; NULL: the variant's start); the moves and
 * result are forgotten. */
void record_set_start(GameRecord *r, const char *fen);
/* The same from a position: its FEN as pos_get_fen writes it (a record's [FEN]). */
void record_start_at(GameRecord *r, const Position *pos);
/* Add a move at the end. */
void record_push(GameRecord *r, Move m);
/* Keep only the first n moves. */
void record_truncate(GameRecord *r, int n);

/* Set pos (of r's variant) to r's start and play its first `ply` moves
 * (all of them when ply >= nmoves), each checked; false and a message if the
 * variant differs, the start FEN is bad or a move is not legal. */
bool record_replay(const GameRecord *r, Position *pos, int ply, KageError *err);

#endif
