/* The record of a game that every part shares (see record.h). */
#include "kage/records/record.h"

#include "kage/rules/movegen.h"
#include "kage/rules/util.h"

#include <stdlib.h>
#include <string.h>

void record_init(GameRecord *r, const VariantDef *def)
{
    *r = (GameRecord){.def = def, .result = {OUTCOME_NONE, END_NONE}};
}

void record_clear(GameRecord *r)
{
    free(r->start_fen);
    free(r->moves);
    record_init(r, r->def);
}

void record_set_start(GameRecord *r, const char *fen)
{
    char *copy = fen ? xstrdup(fen) : NULL;
    record_clear(r);
    r->start_fen = copy;
}

void record_start_at(GameRecord *r, const Position *pos)
{
    char buf[1024];
    pos_get_fen(pos, buf, sizeof buf);
    record_set_start(r, buf);
}

void record_push(GameRecord *r, Move m)
{
    if (r->nmoves == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 64;
        r->moves = xrealloc(r->moves, (size_t)r->cap * sizeof *r->moves);
    }
    r->moves[r->nmoves++] = m;
}

void record_truncate(GameRecord *r, int n)
{
    if (n >= 0 && n < r->nmoves)
        r->nmoves = n;
}

bool record_replay(const GameRecord *r, Position *pos, int ply, KageError *err)
{
    if (pos->v->def != r->def)
        return kage_error(err, -1, "the game is %s, the position %s", r->def->id, pos->v->def->id);
    if (!r->start_fen)
        pos_set_start(pos);
    else if (!pos_set_fen(pos, r->start_fen, err))
        return false;
    for (int i = 0; i < ply && i < r->nmoves; i++) {
        if (!movegen_is_legal(pos, r->moves[i]))
            return kage_error(err, -1, "move %d of the game is not legal", i + 1);
        pos_make(pos, r->moves[i]);
    }
    return true;
}
