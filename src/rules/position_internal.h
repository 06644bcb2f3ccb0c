/* Position helpers shared inside src/rules only (FEN reader, generator). */
#ifndef KAGE_POSITION_INTERNAL_H
#define KAGE_POSITION_INTERNAL_H

#include "kage/rules/position.h"

/* A position with an empty board and no history, not yet valid. */
Position *pos_new_empty(const Variant *v);
/* Place a piece, keeping lists, counts, king squares and key in step. */
void pos_put_piece(Position *pos, int sq, Piece p);
/* Could a pawn of `capturer` take en passant on `skipped`? */
bool pos_ep_capturable(const Position *pos, int skipped, Color capturer);

#endif
