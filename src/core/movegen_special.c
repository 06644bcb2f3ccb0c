/* Generators for pieces no Betza table can express.  Filled in with Cashew
 * Shogi (Lion, Wolf, hook movers); no 8x8 piece needs them. */
#include "movegen_internal.h"

void movegen_special(GenCtx *g, int from, int type)
{
    (void)g, (void)from, (void)type;
}

bool movegen_special_attacks(const Position *pos, int sq, Color by)
{
    (void)pos, (void)sq, (void)by;
    return false;
}
