/* The 8x8 games' notations, shared inside src/rules only: move_to_text()
 * (notation.c) chooses between them and Cashew's forms by purpose. */
#ifndef KAGE_NOTATION_INTERNAL_H
#define KAGE_NOTATION_INTERNAL_H

#include "kage/rules/notation.h"

/* UCI (notation_uci.c): write m (legal in pos); returns the length. */
int move_to_uci(const Position *pos, Move m, char *buf);
/* Parse UCI text into a legal move of pos; false and a message otherwise. */
bool move_from_uci(Position *pos, const char *text, Move *out, KageError *err);

/* SAN (notation_san.c): write m (legal in pos), with + or # for check and mate. */
int move_to_san(Position *pos, Move m, char *buf);
/* Parse SAN (also without check marks, loosely, and in UCI form); false and a
 * message saying whether it was malformed, illegal or ambiguous. */
bool move_from_san(Position *pos, const char *text, Move *out, KageError *err);

/* Is word exactly a Cashew piece code ("LN", "+DR"), the first word of the
 * readable form?  (notation_cashew.c) */
bool cashew_is_code(const char *word);

#endif
