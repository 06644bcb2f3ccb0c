/* Whether a move gives check, told before it is made: the search and the
 * move picker use it to extend checks and to keep them from pruning.  A floor
 * below both (it calls neither), over the tables of the variant's lines. */
#include "search_internal.h"

#include <stdlib.h>
#include <string.h>

static int sgn(int x) { return (x > 0) - (x < 0); }

/* ct->reach, where the board has at most 64 squares and the tables are
 * usable: from each square, every square a piece's capturing leaps land on
 * and its capturing slides pass over within their range (the board being
 * empty: what piece_checks could find with nothing in the way). */
static void reach_init(CheckTables *ct, const Variant *v)
{
    memset(ct->plain, -1, sizeof ct->plain);
    if (!ct->usable || v->nsq > 64)
        return;
    for (int i = 0; i < v->nsq; i++)
        ct->plain[v->sq_of[i]] = (int8_t)i;
    for (Color c = WHITE; c <= BLACK; c++)
        for (int t = 1; t <= v->ntypes; t++) {
            const PieceMoves *pm = &v->moves[c][t];
            for (int i = 0; i < v->nsq; i++) {
                int from = v->sq_of[i];
                for (int l = 0; l < pm->nleap; l++) {
                    int to = from + pm->leap[l].off;
                    if ((pm->leap[l].mode & MODE_CAPTURE) && to >= 0 && to < BOARD_ARRAY && ct->plain[to] >= 0)
                        ct->reach[c][t][ct->plain[to]] |= 1ull << i;
                }
                for (int l = 0; l < pm->nslide; l++) {
                    if (!(pm->slide[l].mode & MODE_CAPTURE))
                        continue;
                    int to = from;
                    for (int d = 1; d <= pm->slide[l].range; d++) {
                        to += pm->slide[l].off;
                        if (to < 0 || to >= BOARD_ARRAY || ct->plain[to] < 0)
                            break;
                        ct->reach[c][t][ct->plain[to]] |= 1ull << i;
                    }
                }
            }
        }
    ct->has_reach = true;
}

void gives_check_init(CheckTables *ct, const Variant *v)
{
    memset(ct, 0, sizeof *ct);
    ct->def = v->def;
    ct->usable = v->def->check_rule && !v->special_types && v->def->promo_rule != PROMO_ON_CAPTURE;
    int centre = v->sq_of[(v->ranks / 2) * v->files + v->files / 2];
    for (int k = 0; k < 8; k++) {
        ct->udx[k] = (int8_t)(v->file_of[centre + v->dir8[k]] - v->file_of[centre]);
        ct->udy[k] = (int8_t)(v->rank_of[centre + v->dir8[k]] - v->rank_of[centre]);
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int t = 1; t <= v->ntypes; t++)
            for (int i = 0; i < v->moves[c][t].nslide; i++) {
                int off = v->moves[c][t].slide[i].off, k;
                for (k = 0; k < 8 && v->dir8[k] != off; k++)
                    ;
                if (k == 8)
                    ct->usable = false; /* a rider off the 8 lines (nightrider) */
                else
                    ct->sdx[c][t][i] = ct->udx[k], ct->sdy[c][t][i] = ct->udy[k];
            }
        const AttackTable *at = &v->attack[c];
        for (int k = 0; k < 8; k++) {
            ct->disc[c][k] = -1;
            for (int i = 0; i < at->nslide; i++)
                if (at->slide[i].dir == -v->dir8[k])
                    ct->disc[c][k] = (int8_t)i;
        }
        for (int i = 0; i < at->nslide; i++) {
            int k;
            for (k = 0; k < 8 && at->slide[i].dir != v->dir8[k]; k++)
                ;
            if (k == 8)
                ct->usable = false;
        }
    }
    reach_init(ct, v);
}

/* Does a piece of type t of colour us standing on `to` attack ksq, with
 * `from` emptied by the move?  (Not where it could not on an empty board.) */
static bool piece_checks(const Search *s, Color us, int t, int from, int to, int ksq)
{
    if (s->ct.has_reach && !((s->ct.reach[us][t][s->ct.plain[ksq]] >> s->ct.plain[to]) & 1))
        return false;
    const Variant *v = s->pos->v;
    const Piece *b = s->pos->board;
    const PieceMoves *pm = &v->moves[us][t];
    for (int i = 0; i < pm->nleap; i++)
        if (to + pm->leap[i].off == ksq && (pm->leap[i].mode & MODE_CAPTURE))
            return true;
    int df = v->file_of[ksq] - v->file_of[to], dr = v->rank_of[ksq] - v->rank_of[to];
    for (int i = 0; i < pm->nslide; i++) {
        int sx = s->ct.sdx[us][t][i], sy = s->ct.sdy[us][t][i];
        if (!(pm->slide[i].mode & MODE_CAPTURE) || sgn(df) != sx || sgn(dr) != sy || (sx && sy && abs(df) != abs(dr)))
            continue;
        int dist = sx ? abs(df) : abs(dr);
        if (dist > pm->slide[i].range)
            continue;
        int sq = to + pm->slide[i].off;
        for (int k = 1; k < dist && (b[sq] == PIECE_EMPTY || sq == from); k++)
            sq += pm->slide[i].off;
        if (sq == ksq)
            return true;
    }
    return false;
}

/* Does moving away from `from` (to `to`) open a line of ours onto ksq? */
static bool discovers_check(const Search *s, Color us, int from, int to, int ksq)
{
    const Variant *v = s->pos->v;
    const Piece *b = s->pos->board;
    int df = v->file_of[from] - v->file_of[ksq], dr = v->rank_of[from] - v->rank_of[ksq];
    if (df && dr && abs(df) != abs(dr))
        return false;
    int k;
    for (k = 0; k < 8 && (s->ct.udx[k] != sgn(df) || s->ct.udy[k] != sgn(dr)); k++)
        ;
    int i = s->ct.disc[us][k];
    if (i < 0)
        return false;
    const AttackTable *at = &v->attack[us];
    int dir = v->dir8[k], sq = ksq;
    for (int d = 1; d <= at->slide[i].maxr; d++) {
        sq += dir;
        if (sq == to)
            return false;
        Piece p = b[sq];
        if (p == PIECE_EMPTY || sq == from)
            continue;
        return (p & 0xC0) == ((unsigned)us << 6) && ((at->slide[i].types_within[d] >> (p & PIECE_TYPE_MASK)) & 1);
    }
    return false;
}

/* Exact for the plain moves and drops of the 8x8 games (tested against
 * pos_in_check() after the move); castling, en passant and the rest are
 * reported as checks, so never pruned. */
bool gives_check(const Search *s, Move m)
{
    const Position *pos = s->pos;
    const Variant *v = pos->v;
    Color us = pos->side;
    int ksq = pos->king[!us], kind = move_kind(m), from = move_from(m), to = move_to(m);
    if (!v->def->check_rule || !ksq)
        return false;
    if (!s->ct.usable || (kind != MOVE_NORMAL && kind != MOVE_PROMO && kind != MOVE_DROP))
        return true;
    if (kind == MOVE_DROP)
        return piece_checks(s, us, move_drop_type(m), NO_SQUARE, to, ksq);
    int t = piece_type(pos->board[from]);
    if (kind == MOVE_PROMO)
        t = v->type[t].promotes;
    return piece_checks(s, us, t, from, to, ksq) || discovers_check(s, us, from, to, ksq);
}
