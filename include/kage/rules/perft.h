/* Perft: count the leaves of the legal move tree, the standard test of a
 * move generator.  The last ply is counted in bulk. */
#ifndef KAGE_PERFT_H
#define KAGE_PERFT_H

#include "kage/rules/position.h"

uint64_t perft(Position *pos, int depth);

/* Per-move counts at the root, calling back with each move and its count. */
typedef void (*PerftDivideFn)(void *ctx, const Position *pos, Move m, uint64_t nodes);
uint64_t perft_divide(Position *pos, int depth, PerftDivideFn fn, void *ctx);

#endif
