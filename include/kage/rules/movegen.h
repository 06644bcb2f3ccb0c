/* Legal move generation.  Three entry points in the style of Weiss and
 * Ethereal: all moves, noisy moves (captures and promotions) for quiescence,
 * and quiet moves; noisy + quiet = all. */
#ifndef KAGE_MOVEGEN_H
#define KAGE_MOVEGEN_H

#include "kage/rules/position.h"

/* All legal moves of the side to move; none when the game is already over
 * by campmate or a captured King. */
void movegen_legal(Position *pos, MoveList *list);
/* Legal captures (including en passant and multi-captures) and promotions. */
void movegen_noisy(Position *pos, MoveList *list);
/* Legal moves that neither capture nor promote: quiet moves, drops, castling, pass. */
void movegen_quiet(Position *pos, MoveList *list);
/* movegen_quiet(), in the same order, with the drops of each type t kept to
 * the squares whose plain index has its bit set in drop_within[t] (boards
 * of up to 64 squares): the search lists quiet checks this way without
 * testing every drop. */
void movegen_quiet_drops_within(Position *pos, MoveList *list, const uint64_t drop_within[MAX_PIECE_TYPES]);

/* Is m one of the legal moves here? (for moves from outside: text, protocol) */
bool movegen_is_legal(Position *pos, Move m);
/* Does m capture anything? */
bool movegen_is_capture(const Position *pos, Move m);
/* Has the side that just moved won by reaching its flag region (campmate)? */
bool movegen_campmate(const Position *pos);

/* Attacks by pieces with special generators (Lion, Wolf, hook movers) on sq. */
bool movegen_special_attacks(const Position *pos, int sq, Color by);

#endif
