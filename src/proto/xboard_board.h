/* XBoard's picture of a variant: the setup and piece lines that teach it
 * the board and the pieces, and the highlights that answer lift. */
#ifndef KAGE_PROTO_XBOARD_BOARD_H
#define KAGE_PROTO_XBOARD_BOARD_H

#include "kage/rules/position.h"
#include "kage/rules/variant.h"

/* The squares XBoard clicks for a move at most: the start, two turning
 * points (a Wolf's double capture), the end. */
#define XB_MAX_PATH 4

/* After `variant` (and `new`): print setup (the board, the holdings and
 * XBoard's piece table) and a piece line for every piece of d, built from
 * its definitions; nothing for a variant XBoard is not taught. */
void xboard_send_setup(const VariantDef *d);

/* The move the user is entering in XBoard, click by click: the squares
 * entered so far (the start, then each turning point of a multi-leg move)
 * and the square of the last put. */
typedef struct XbEntry {
    int path[XB_MAX_PATH];
    int n;   /* 0: no piece picked up */
    int put; /* -1: none */
} XbEntry;

/* lift SQUARE: print the highlight line for the piece picked up on square
 * in pos, or for the next leg of the move being entered (a lift on the
 * square just put on, where the move goes on), or for the drops of the
 * piece in a holdings slot; nothing for a variant XBoard is not taught or
 * a square off the board. */
void xboard_lift(XbEntry *e, const VariantDef *d, Position *pos, const char *square);

/* put SQUARE: where the piece was put down. */
void xboard_put(XbEntry *e, const Variant *v, const char *square);

#endif
