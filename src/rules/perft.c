/* Perft with bulk counting at the last ply. */
#include "kage/rules/perft.h"
#include "kage/rules/movegen.h"


uint64_t perft(Position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    MoveList list;
    movegen_legal(pos, &list);
    if (depth == 1)
        return (uint64_t)list.count;
    uint64_t n = 0;
    for (int i = 0; i < list.count; i++) {
        pos_make(pos, list.moves[i]);
        n += perft(pos, depth - 1);
        pos_unmake(pos);
    }
    return n;
}

uint64_t perft_divide(Position *pos, int depth, PerftDivideFn fn, void *ctx)
{
    MoveList list;
    uint64_t total = 0;
    if (depth <= 0)
        return 1;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        pos_make(pos, list.moves[i]);
        uint64_t n = perft(pos, depth - 1);
        pos_unmake(pos);
        fn(ctx, pos, list.moves[i], n);
        total += n;
    }
    return total;
}
