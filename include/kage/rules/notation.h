/* Moves as text, both ways.  UCI: Fairy-Stockfish's coordinate notation
 * (e2e4, J@c3, e6e7+, castling as a king move of two squares).  SAN: the
 * human notation pychess.org shows and exports (Nc6, J@c3, Jxe6+, Mg7=B,
 * cxb3=C, O-O), exactly as Fairy-Stockfish writes it. */
#ifndef KAGE_NOTATION_H
#define KAGE_NOTATION_H

#include "kage/rules/position.h"

#define MOVE_TEXT_MAX 64

/* Write m (legal in pos) in UCI notation; returns the length. */
int move_to_uci(const Position *pos, Move m, char *buf);
/* Parse UCI text into a legal move of pos; false and a message otherwise. */
bool move_from_uci(Position *pos, const char *text, Move *out, KageError *err);

/* Write m (legal in pos) in SAN, with + or # for check and mate. */
int move_to_san(Position *pos, Move m, char *buf);
/* Parse SAN (also accepted without check marks, and in UCI form); false and a
 * message saying whether it was malformed, illegal or ambiguous. */
bool move_from_san(Position *pos, const char *text, Move *out, KageError *err);

/* The text perft --divide prints: UCI for the 8x8 games, the canonical
 * from-to[xcaptures][+] form for Cashew (as the reference tools print). */
int move_to_divide_text(Position *pos, Move m, char *buf);

/* Parse either notation: what a person types at the move prompt. */
bool move_from_text(Position *pos, const char *text, Move *out, KageError *err);

#endif
