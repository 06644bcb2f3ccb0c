/* Static evaluation: material on the board and in hand, piece-square
 * bonuses derived from two numbers per kind (centre and advance), king
 * safety, and for the Shinobi family the campmate race.  All weights come
 * from eval_tables.c; this file only turns them into per-square tables. */
#include "search_internal.h"

#include <stdlib.h>
#include <string.h>

#define EVAL_LIMIT 29000 /* stay clear of mate scores */

/* A kind's worth from how many squares it reaches from the centre of an
 * empty board: the fallback for kinds a table does not list. */
static int mobility_value(const Variant *v, int t)
{
    int from = v->sq_of[(v->ranks / 2) * v->files + v->files / 2], n = 0;
    const PieceMoves *pm = &v->moves[WHITE][t];
    for (int i = 0; i < pm->nleap; i++) {
        int s = from + pm->leap[i].off;
        if (s > 0 && s < BOARD_ARRAY && v->file_of[s] >= 0)
            n++;
    }
    for (int i = 0; i < pm->nslide; i++) {
        int range = pm->slide[i].range ? pm->slide[i].range : MAX_FILES;
        for (int k = 1, s = from + pm->slide[i].off; k <= range; k++, s += pm->slide[i].off) {
            if (s <= 0 || s >= BOARD_ARRAY || v->file_of[s] < 0)
                break;
            n++;
        }
    }
    int value = 35 * n + 20;
    if (v->type[t].def->special != SPECIAL_NONE)
        value += 1000;
    return value;
}

static int imax(int a, int b) { return a > b ? a : b; }

/* Kings' distance in king steps to the nearest flag square of colour c. */
static int flag_distance(const Variant *v, Color c, int sq)
{
    int best = 99;
    for (int i = 0; i < v->nsq; i++) {
        int f = v->sq_of[i];
        if (v->sqflags[c][f] & SQF_FLAG) {
            int d = imax(abs(v->file_of[f] - v->file_of[sq]), abs(v->rank_of[f] - v->rank_of[sq]));
            if (d < best)
                best = d;
        }
    }
    return best;
}

void eval_init(EvalParams *ep, const Variant *v)
{
    const EvalVariantTable *tab = eval_table_find(v->def->id);
    const EvalPieceRow *row[MAX_PIECE_TYPES] = {0};
    memset(ep, 0, sizeof *ep);
    ep->def = v->def;
    ep->tab = tab;
    for (int i = 0; i < tab->nrows; i++) {
        int t = variant_type_by_fen(v, tab->rows[i].fen);
        if (t)
            row[t] = &tab->rows[i];
    }
    int half = (imax(v->files, v->ranks) - 1) / 2;
    for (int t = 1; t <= v->ntypes; t++) {
        bool royal = (v->royal_types >> t) & 1;
        ep->value[t] = royal ? 0 : row[t] ? row[t]->value : mobility_value(v, t);
        ep->hand[t] = row[t] && row[t]->hand ? row[t]->hand : ep->value[t];
        int center = row[t] ? row[t]->center : 1, advance = row[t] ? row[t]->advance : 0;
        for (Color c = WHITE; c <= BLACK; c++)
            for (int i = 0; i < v->nsq; i++) {
                int sq = v->sq_of[i], f = v->file_of[sq], r = v->rank_of[sq];
                int own_rank = c == WHITE ? r : v->ranks - 1 - r;
                int dc = imax(abs(2 * f - (v->files - 1)), abs(2 * r - (v->ranks - 1))) / 2;
                ep->pst[c][t][sq] = (int16_t)(center * (half - dc) + advance * own_rank);
            }
    }
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < v->nsq; i++) {
            int sq = v->sq_of[i], d = flag_distance(v, c, sq);
            if (d < 99) {
                ep->has_flag = true;
                ep->flag[c][sq] = (int16_t)(d < 8 ? tab->flag_race[d] : 0);
            }
        }
}

/* King safety of colour c: friends around the king, enemies and enemy hand
 * pieces near it. */
static int king_safety(const EvalParams *ep, const Position *pos, Color c)
{
    const Variant *v = pos->v;
    const EvalVariantTable *tab = ep->tab;
    int k = pos->king[c];
    if (!k)
        return 0;
    int shield = 0, open = 0, danger = 0;
    unsigned ours = (unsigned)c << 6;
    for (int d = 0; d < 8; d++) {
        Piece p = pos->board[k + v->dir8[d]];
        if (p == PIECE_EMPTY)
            open++;
        else if (p != PIECE_OFF && (p & 0xC0) == ours)
            shield++;
    }
    int kf = v->file_of[k], kr = v->rank_of[k];
    for (int dr = -2; dr <= 2; dr++)
        for (int df = -2; df <= 2; df++) {
            int f = kf + df, r = kr + dr;
            if (f < 0 || r < 0 || f >= v->files || r >= v->ranks)
                continue;
            Piece p = pos->board[v->sq_of[r * v->files + f]];
            if (p != PIECE_EMPTY && (p & 0xC0) != ours)
                danger += ep->value[piece_type(p)] / 100 + 1;
        }
    int in_hand = 0;
    for (int t = 1; t <= v->ntypes; t++)
        in_hand += pos->hand[!c][t];
    return tab->king_shield * shield - tab->king_attacker * danger - tab->hand_threat * in_hand * open / 4;
}

int eval_evaluate(const EvalParams *ep, const Position *pos)
{
    const Variant *v = pos->v;
    int score[2] = {0, 0}, material[2] = {0, 0};
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int i = 0; i < pos->npieces[c]; i++) {
            int sq = pos->plist[c][i], t = piece_type(pos->board[sq]);
            material[c] += ep->value[t];
            score[c] += ep->pst[c][t][sq];
        }
        if (v->drop_types)
            for (int t = 1; t <= v->ntypes; t++)
                material[c] += pos->hand[c][t] * ep->hand[t];
        score[c] += material[c];
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        if (!v->royal_types)
            break;
        score[c] += king_safety(ep, pos, c);
        /* the race matters more as the defenders thin out */
        if (ep->has_flag && pos->king[c]) {
            int bonus = ep->flag[c][pos->king[c]];
            int defence = material[!c] > 4000 ? 4000 : material[!c];
            score[c] += bonus * (6000 - defence) / 4000;
        }
    }
    int s = score[pos->side] - score[!pos->side] + ep->tab->tempo;
    return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
}
