/* Betza notation: the move of a piece as a string of atoms (W F D N A K R B Q)
 * with direction modifiers (f b l r v s, and pairs such as fr), move/capture
 * modifiers (m c) and ranges (W2 = up to two orthogonal steps). */
#ifndef KAGE_BETZA_H
#define KAGE_BETZA_H

#include "kage/rules/types.h"

/* One direction of movement, in White's view (dy > 0 is forward).
 * range: 1 for a step or leap, n for a slide of at most n, 0 for unlimited. */
typedef struct BetzaVec {
    int8_t dx, dy;
    uint8_t range;
    uint8_t mode; /* MODE_MOVE | MODE_CAPTURE */
} BetzaVec;

#define BETZA_MAX 64

/* Parse s into at most max vectors (merged: one per direction and mode).
 * Returns the count, or -1 with a message and column in err. */
int betza_parse(const char *s, BetzaVec *out, int max, KageError *err);

#endif
