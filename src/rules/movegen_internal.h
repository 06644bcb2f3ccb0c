/* The generator's working state, shared by movegen.c and the generators of
 * special pieces (movegen_special.c). */
#ifndef KAGE_MOVEGEN_INTERNAL_H
#define KAGE_MOVEGEN_INTERNAL_H

#include "kage/rules/movegen.h"

enum { GEN_NOISY = 1, GEN_QUIET = 2, GEN_ALL = 3 };

typedef struct GenCtx {
    Position *pos;
    const Variant *v;
    MoveList *list;
    int filter;
    Color us, them;
    unsigned thembits, usbits; /* colour bits of enemy and own pieces */
    int ksq;                   /* own royal square, when the check rule applies */
    int nchecks;
    bool check_rule;
    int pin_from, pin_dir, pin_to; /* pin line of the piece being generated */
    bool passed;                   /* a pass is in the list already: one per position */
    int drop_to;                   /* drops to this square only, 0 = every square */
    const uint64_t *drop_within;   /* [t]: plain squares a t may be dropped on, NULL = all */
    uint8_t block[BOARD_ARRAY];    /* squares that resolve a single check */
} GenCtx;

/* Add a move if it passes the filter: `noisy` says it captures or promotes. */
static inline void gen_push(GenCtx *g, Move m, bool noisy)
{
    if (g->filter & (noisy ? GEN_NOISY : GEN_QUIET))
        g->list->moves[g->list->count++] = m;
}

static inline bool gen_is_enemy(const GenCtx *g, Piece p) { return p && (p & 0xC0) == g->thembits; }

/* Moves of a piece with a special generator (Lion, Wolf, hook movers). */
void movegen_special(GenCtx *g, int from, int type);

#endif
