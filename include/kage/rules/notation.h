/* Moves as text, both ways, chosen by what the text is for.  The variant's
 * move style (VariantDef.move_style) says which notation serves each
 * purpose, so that no caller asks which game it is:
 *
 *                   MOVES_SAN (8x8 games)          MOVES_CASHEW
 *   people          SAN: Nc6, J@c3, Jxe6+, O-O     readable: LN e5xf6-g7+
 *   record (PGN)    SAN                            XBoard legs: e5f6,f6g7+
 *   protocol        UCI: e2e4, J@c3, e6e7+         XBoard legs
 *   divide (perft)  UCI                            canonical: e5-g7xf6,g7+
 *
 * SAN is what pychess.org shows and exports, exactly as Fairy-Stockfish
 * writes it; UCI is Fairy-Stockfish's coordinate notation; the Cashew forms
 * are described in notation_cashew.h.  Reading is lenient where nothing is
 * lost: people may type SAN without check marks, loosely, or in UCI, and
 * any Cashew form; a protocol may write a drop's letter in lower case. */
#ifndef KAGE_NOTATION_H
#define KAGE_NOTATION_H

#include "kage/rules/position.h"

#define MOVE_TEXT_MAX 64

typedef enum MoveTextFor {
    MOVE_FOR_PEOPLE,   /* the screen, hints, moves typed at the prompt */
    MOVE_FOR_RECORD,   /* PGN movetext */
    MOVE_FOR_PROTOCOL, /* UCI and XBoard, `kage adjudicate` */
    MOVE_FOR_DIVIDE    /* perft --divide, as the reference tools print it */
} MoveTextFor;

/* Write m (legal in pos) for that purpose; returns the length (buf needs
 * MOVE_TEXT_MAX bytes).  pos is the same on return. */
int move_to_text(Position *pos, Move m, MoveTextFor purpose, char *buf);

/* Parse text written for that purpose into a legal move of pos; false and a
 * message saying whether it was malformed, illegal or ambiguous otherwise. */
bool move_from_text(Position *pos, const char *text, MoveTextFor purpose, Move *out, KageError *err);

/* Does `word` begin a move whose text goes on in the next word?  (Cashew's
 * readable form puts a space after the piece code: "LN e5xf6-g7+".) */
bool move_text_goes_on(const Position *pos, const char *word);

#endif
