/* Static evaluation: material on the board and in hand, piece-square
 * bonuses derived from two numbers per kind (centre and advance), king
 * safety, mobility and attacks on the king (the 8x8 games), and for the
 * Shinobi family the campmate race.  All weights come from eval_tables.c;
 * this file only turns them into per-square tables. */
#include "search_internal.h"

#include <stdlib.h>
#include <string.h>

#define EVAL_LIMIT 29000 /* stay clear of mate scores */

/* A kind's worth from how many squares it reaches from the centre of an
 * empty board: the fallback for kinds a table does not list. */
static int center_reach(const Variant *v, int t)
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
    return n;
}

static int mobility_value(const Variant *v, int t)
{
    int value = 35 * center_reach(v, t) + 20;
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
        for (Color c = WHITE; c <= BLACK; c++) {
            int w = ep->value[t] / 100 + 1;
            ep->danger[c][make_piece(!c, t)] = (int8_t)(w < 127 ? w : 127);
            ep->shield[c][make_piece(c, t)] = 1;
        }
        /* the mobility pass: a third of the squares reached from the centre
         * of an empty board is par; kings, pawns and the special movers of
         * Cashew are left out */
        ep->mobile[t] = tab->mobility && !royal && !((v->pawn_types >> t) & 1) &&
                        v->type[t].def->special == SPECIAL_NONE;
        ep->mob_base[t] = (int8_t)(center_reach(v, t) / 3);
        int aw = ep->value[t] / 200 + 1;
        ep->attack_weight[t] = (int8_t)(aw < 8 ? aw : 8);
        int center = row[t] ? row[t]->center : 1, advance = row[t] ? row[t]->advance : 0;
        for (Color c = WHITE; c <= BLACK; c++)
            for (int i = 0; i < v->nsq; i++) {
                int sq = v->sq_of[i], f = v->file_of[sq], r = v->rank_of[sq];
                int own_rank = c == WHITE ? r : v->ranks - 1 - r;
                int dc = imax(abs(2 * f - (v->files - 1)), abs(2 * r - (v->ranks - 1))) / 2;
                ep->pst[c][t][sq] = (int16_t)(center * (half - dc) + advance * own_rank);
            }
    }
    for (int t = 1; t <= v->ntypes; t++) {
        int p = v->type[t].promotes;
        if (p && ep->value[p] - ep->value[t] > ep->max_promo_gain)
            ep->max_promo_gain = ep->value[p] - ep->value[t];
    }
    int n = 0;
    for (int dr = -2; dr <= 2; dr++)
        for (int df = -2; df <= 2; df++)
            if (dr || df)
                ep->ring[n++] = (int16_t)(dr * v->stride + df);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < v->nsq; i++) {
            int sq = v->sq_of[i], d = flag_distance(v, c, sq);
            if (d < 99) {
                ep->has_flag = true;
                ep->flag[c][sq] = (int16_t)(d < 8 ? tab->flag_race[d] : 0);
            }
        }
}

/* King safety of colour c: friends around the king, enemies near it (the
 * padding keeps every square of the 5x5 ring inside the board array), and
 * enemy pieces in hand against an open king.  *open_out: the empty squares
 * next to the king, for the drops counted by activity(). */
static int king_safety(const EvalParams *ep, const Position *pos, const EvalAcc *acc, Color c, int *open_out)
{
    const Variant *v = pos->v;
    const EvalVariantTable *tab = ep->tab;
    int k = pos->king[c];
    if (!k)
        return 0;
    int shield = 0, open = 0, danger = 0;
    const int8_t *sh = ep->shield[c], *dg = ep->danger[c];
    for (int d = 0; d < 8; d++) {
        Piece p = pos->board[k + v->dir8[d]];
        open += p == PIECE_EMPTY;
        shield += sh[p];
    }
    for (int i = 0; i < 24; i++)
        danger += dg[pos->board[k + ep->ring[i]]];
    *open_out = open;
    return tab->king_shield * shield - tab->king_attacker * danger - tab->hand_threat * acc->in_hand[!c] * open / 4;
}

/* Is sq one of the squares next to (or under) the king on file kf, rank kr? */
static inline bool next_to(const Variant *v, int sq, int kf, int kr)
{
    return abs(v->file_of[sq] - kf) <= 1 && abs(v->rank_of[sq] - kr) <= 1;
}

/* Mobility and pressure on the enemy king, in one pass over the pieces:
 * each piece earns for the squares it reaches (empty or enemy) beyond its
 * par, and for the squares next to the enemy king it reaches.  Two or more
 * attackers (a piece in hand counts as one) make a danger that grows with
 * the square of their weight. */
static void activity(const EvalParams *ep, const Position *pos, const EvalAcc *acc, const int open[2], int score[2])
{
    const Variant *v = pos->v;
    const EvalVariantTable *tab = ep->tab;
    const Piece *b = pos->board;
    for (Color c = WHITE; c <= BLACK; c++) {
        int ksq = pos->king[!c], kf = ksq ? v->file_of[ksq] : -9, kr = ksq ? v->rank_of[ksq] : -9;
        int them = (!c) << 6, mob = 0, units = 0, attackers = 0;
        for (int i = 0; i < pos->npieces[c]; i++) {
            int from = pos->plist[c][i], t = piece_type(b[from]);
            if (!ep->mobile[t])
                continue;
            const PieceMoves *pm = &v->moves[c][t];
            int n = 0, hits = 0;
            for (int j = 0; j < pm->nleap; j++) {
                int to = from + pm->leap[j].off;
                Piece p = b[to];
                if (p == PIECE_OFF || (p != PIECE_EMPTY && (p & 0xC0) != them))
                    continue;
                n++;
                hits += next_to(v, to, kf, kr);
            }
            for (int j = 0; j < pm->nslide; j++) {
                int off = pm->slide[j].off, to = from;
                for (int r = pm->slide[j].range; r > 0; r--) {
                    Piece p = b[to += off];
                    if (p == PIECE_OFF || (p != PIECE_EMPTY && (p & 0xC0) != them))
                        break;
                    n++;
                    hits += next_to(v, to, kf, kr);
                    if (p != PIECE_EMPTY)
                        break;
                }
            }
            mob += n - ep->mob_base[t];
            if (hits) {
                attackers++;
                units += hits * ep->attack_weight[t];
            }
        }
        score[c] += tab->mobility * mob / 4;
        /* a piece in hand can land next to an open king */
        if (ksq && acc->in_hand[c]) {
            units += (acc->in_hand[c] < 6 ? acc->in_hand[c] : 6) * open[!c];
            attackers++;
        }
        if (attackers >= 2) {
            int danger = tab->king_attack * units * units / 64;
            score[c] += danger < 600 ? danger : 600;
        }
    }
}

void eval_acc_init(const EvalParams *ep, const Position *pos, EvalAcc *acc)
{
    const Variant *v = pos->v;
    memset(acc, 0, sizeof *acc);
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int i = 0; i < pos->npieces[c]; i++) {
            int sq = pos->plist[c][i], t = piece_type(pos->board[sq]);
            acc->material[c] += ep->value[t];
            acc->psq[c] += ep->pst[c][t][sq];
        }
        for (int t = 1; t <= v->ntypes; t++) {
            acc->material[c] += pos->hand[c][t] * ep->hand[t];
            acc->in_hand[c] += pos->hand[c][t];
        }
    }
}

/* Take the piece p off square sq in the accumulator. */
static inline void acc_remove(const EvalParams *ep, EvalAcc *acc, Piece p, int sq)
{
    Color c = piece_color(p);
    int t = piece_type(p);
    acc->material[c] -= ep->value[t];
    acc->psq[c] -= ep->pst[c][t][sq];
}

/* The same steps as pos_make(), read back from the state it left. */
void eval_acc_update(const EvalParams *ep, const Position *pos, const EvalAcc *prev, EvalAcc *next)
{
    const Variant *v = pos->v;
    const StateInfo *st = pos->st;
    Move m = st->move;
    Color us = !pos->side;
    int from = move_from(m), to = move_to(m), kind = move_kind(m);
    *next = *prev;
    if (kind == MOVE_PASS)
        return;
    Piece now = pos->board[to];
    int nt = piece_type(now);
    if (kind == MOVE_DROP) {
        next->material[us] += ep->value[nt] - ep->hand[nt];
        next->psq[us] += ep->pst[us][nt][to];
        next->in_hand[us]--;
        return;
    }
    int mt = piece_type(st->moved);
    next->material[us] += ep->value[nt] - ep->value[mt];
    next->psq[us] += ep->pst[us][nt][to] - ep->pst[us][mt][from];
    if (st->captured[0]) {
        acc_remove(ep, next, st->captured[0], kind == MOVE_EP ? to - v->forward[us] : to);
        if (v->def->captures_to_hand) {
            next->material[us] += ep->hand[v->type[piece_type(st->captured[0])].demotes];
            next->in_hand[us]++;
        }
    }
    if (kind == MOVE_LOCUST) {
        int d = v->dir8[move_locust_dir(m)], mask = move_locust_mask(m), n = 0;
        for (int k = 0; k < 2; k++)
            if (mask & (1 << k))
                acc_remove(ep, next, st->captured[1 + n++], from + (k + 1) * d);
    } else if (kind == MOVE_CASTLE) {
        int side = to == v->castle_king_to[us][0] ? 0 : 1, rf = v->castle_rook_from[us][side];
        int rt = v->castle_rook_to[us][side], t = piece_type(pos->board[rt]);
        next->psq[us] += ep->pst[us][t][rt] - ep->pst[us][t][rf];
    }
}

int eval_acc_evaluate(const EvalParams *ep, const Position *pos, const EvalAcc *acc)
{
    const Variant *v = pos->v;
    int score[2];
    for (Color c = WHITE; c <= BLACK; c++)
        score[c] = acc->material[c] + acc->psq[c];
    int open[2] = {0, 0};
    for (Color c = WHITE; c <= BLACK; c++) {
        if (!v->royal_types)
            break;
        score[c] += king_safety(ep, pos, acc, c, &open[c]);
        /* the race matters more as the defenders thin out */
        if (ep->has_flag && pos->king[c]) {
            int bonus = ep->flag[c][pos->king[c]];
            int defence = acc->material[!c] > 4000 ? 4000 : acc->material[!c];
            score[c] += bonus * (8000 - defence) / 6000;
        }
    }
    if (ep->tab->mobility)
        activity(ep, pos, acc, open, score);
    int s = score[pos->side] - score[!pos->side] + ep->tab->tempo;
    return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
}

int eval_evaluate(const EvalParams *ep, const Position *pos)
{
    EvalAcc acc;
    eval_acc_init(ep, pos, &acc);
    return eval_acc_evaluate(ep, pos, &acc);
}
