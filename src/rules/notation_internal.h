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
/* The same for PGN movetext: "Nxd7+" is the promotion where
 * the plain move gives no check (XBoard writes a promotion so). */
bool move_from_san_record(Position *pos, const char *text, Move *out, KageError *err);

/* Is word exactly a Cashew piece code ("LN", "+DR"), the first word of the
 * readable form?  (notation_cashew.c) */
bool cashew_is_code(const char *word);

/* Text a person typed that names only where a piece goes ("e5", "Pe5",
 * "P e5"): false, with a message listing the moves that go there; true for
 * any other text, which the full reader then judges. (notation_cashew.c) */
bool cashew_names_a_start(Position *pos, const char *text, KageError *err);

/* False, with "there is no square e9: the board has files a-h and ranks
 * 1-8", if the text names a square off v's board (notation.c). */
bool notation_squares_on_board(const Variant *v, const char *s, KageError *err);

#endif
