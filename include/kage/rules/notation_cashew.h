/* Cashew Shogi move text, three ways (shared/rules/cashew.md section 8).
 * A move is its effect: from-square, end square and the set of squares whose
 * pieces it removes; promotion is implied (a capture always promotes).
 *
 *   CASHEW_CANONICAL  from-to[xcap,cap...][+]: the captured squares (the end
 *                     square included when it captures there) sorted by rank,
 *                     then file; `+` when the move promotes; `pass`.  This is
 *                     what the reference tools print in perft divide.
 *                       e5-e6  e5-e6xe6+  k5-k5xj6+  e7-d6xc5+  pass
 *   CASHEW_XBOARD     XBoard's multi-leg text: legs from the start through
 *                     each square captured on the way to the end square,
 *                     `+` when the move promotes, `@@@@` for the pass.
 *                       e5e6  e5f6,f6g7+  e5f6,f6e5+  e5e6,e6e7,e7e8+  @@@@
 *   CASHEW_READABLE   for people: the piece's two-letter code, its square,
 *                     then each square it captures on the way written `x`sq,
 *                     then the end square as `x`sq (capture) or `-`sq, then
 *                     `+` when it promotes; `pass`.
 *                       PA e4-e5  DR c3xe5+  LN e5xf6-g7+  LN e5xf6xg7+
 *                       LN e5xf6-e5+ (igui)  WO e5xe7-e6+  WO e5xe6xe7xe8+
 *
 * Reading is lenient where nothing is lost: `+` may be left out (promotion is
 * mandatory anyway), codes are read in any case, the captured squares of the
 * canonical form in any order, and in the XBoard and readable forms the end
 * square captures whatever enemy stands on it (XBoard turning points on
 * empty or friendly squares, and readable `-`sq steps on the way, are only
 * path; a Lion or Wolf going out and back is the pass).  CASHEW_ANY reads
 * any of the three, by what follows the first square: `pass`/`@@@@`; text
 * starting with a code is readable; e5-... is canonical; e5x... is readable
 * without a code; e5e6... is XBoard. */
#ifndef KAGE_NOTATION_CASHEW_H
#define KAGE_NOTATION_CASHEW_H

#include "kage/rules/position.h"

enum CashewText { CASHEW_CANONICAL, CASHEW_XBOARD, CASHEW_READABLE, CASHEW_ANY };

/* The squares m (legal in pos) removes pieces from, at most 3, in the order
 * it passes them (the end square last); returns how many. */
int cashew_move_captures(const Position *pos, Move m, int sqs[3]);

/* Write m (legal in pos) in the given form (not CASHEW_ANY); returns the length
 * (buf needs MOVE_TEXT_MAX bytes). */
int move_to_cashew(const Position *pos, Move m, enum CashewText form, char *buf);

/* Parse text in the given form into the legal move of pos with that effect;
 * false and a message (malformed, which part, or illegal and why) otherwise. */
bool move_from_cashew(Position *pos, const char *text, enum CashewText form, Move *out, KageError *err);

#endif
