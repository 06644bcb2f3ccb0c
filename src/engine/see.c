/* Static exchange evaluation: what a move wins once every capture on its
 * square that pays has been made, with the least valuable attacker first.
 * The board is a mailbox, so attackers are found from the variant's attack
 * table (engine and rules share it), looking through the pieces already
 * used in the exchange.  With it, the material a move changes hands (what
 * it captures, what promotion adds), which the move picker orders captures
 * by: a floor below the picker and the search, calling neither. */
#include "search_internal.h"

#include <string.h>

#define SEE_KING 20000 /* a king captures last: only when nothing defends */

/* The least valuable piece of colour c attacking sq, looking through the
 * squares in `gone`; its square (0 if none) and its value in *value. */
static int least_attacker(const Search *s, int sq, Color c, const uint8_t *gone, int *value)
{
    const Position *pos = s->pos;
    const AttackTable *at = &pos->v->attack[c];
    const Piece *b = pos->board;
    unsigned colbits = (unsigned)c << 6;
    int best = 0, bestv = SEE_KING * 2;
    for (int i = 0; i < at->nleap; i++) {
        int from = sq - at->leap[i].off;
        Piece p = b[from];
        if ((p & 0xC0) == colbits && !gone[from] && ((at->leap[i].types >> (p & PIECE_TYPE_MASK)) & 1)) {
            int t = p & PIECE_TYPE_MASK, v = (pos->v->royal_types >> t) & 1 ? SEE_KING : s->ep->capture[t];
            if (v < bestv)
                best = from, bestv = v;
        }
    }
    for (int i = 0; i < at->nslide; i++) {
        int dir = at->slide[i].dir, from = sq;
        for (int d = 1; d <= at->slide[i].maxr; d++) {
            Piece p = b[from -= dir];
            if (p == PIECE_EMPTY || (p != PIECE_OFF && gone[from]))
                continue;
            if ((p & 0xC0) == colbits && ((at->slide[i].types_within[d] >> (p & PIECE_TYPE_MASK)) & 1)) {
                int t = p & PIECE_TYPE_MASK, v = (pos->v->royal_types >> t) & 1 ? SEE_KING : s->ep->capture[t];
                if (v < bestv)
                    best = from, bestv = v;
            }
            break;
        }
    }
    *value = bestv;
    return best;
}

int see_captured_value(const Search *s, Move m)
{
    const Position *pos = s->pos;
    int kind = move_kind(m), v = 0;
    if (kind == MOVE_DROP || kind == MOVE_CASTLE || kind == MOVE_PASS)
        return 0;
    if (kind == MOVE_EP)
        return s->ep->capture[piece_type(pos->board[move_to(m) - pos->v->forward[pos->side]])];
    Piece p = pos->board[move_to(m)];
    if (p != PIECE_EMPTY && move_to(m) != move_from(m) && piece_color(p) != pos->side)
        v += s->ep->capture[piece_type(p)];
    if (kind == MOVE_LOCUST) {
        int d = pos->v->dir8[move_locust_dir(m)], mask = move_locust_mask(m);
        for (int k = 0; k < 2; k++)
            if (mask & (1 << k))
                v += s->ep->capture[piece_type(pos->board[move_from(m) + (k + 1) * d])];
    }
    return v;
}

int see_promotion_gain(const Search *s, Move m, bool capture)
{
    const Variant *v = s->pos->v;
    if (move_kind(m) == MOVE_DROP)
        return 0;
    int t = piece_type(s->pos->board[move_from(m)]);
    bool promotes = move_kind(m) == MOVE_PROMO || (capture && v->def->promo_rule == PROMO_ON_CAPTURE);
    return promotes && v->type[t].promotes ? s->ep->value[v->type[t].promotes] - s->ep->value[t] : 0;
}

bool see_ge(const Search *s, Move m, int threshold)
{
    const Position *pos = s->pos;
    const Variant *v = pos->v;
    int kind = move_kind(m), from = move_from(m), to = move_to(m);
    if (kind == MOVE_CASTLE || kind == MOVE_PASS)
        return threshold <= 0;
    int cap = see_captured_value(s, m);
    int mover = movepick_moving_type(pos, m);
    int gain = see_promotion_gain(s, m, cap > 0);
    /* Cashew's special movers reach squares no attack table lists: the
     * mover counts as lost when the square is defended */
    if (v->special_types || kind == MOVE_LOCUST)
        return cap + gain - (kind != MOVE_DROP && pos_attacked(pos, to, !pos->side) ? s->ep->capture[mover] : 0) >=
               threshold;
    int swap = cap + gain - threshold;
    if (swap < 0)
        return false;
    int now = kind == MOVE_PROMO ? v->type[mover].promotes : mover;
    swap = ((v->royal_types >> mover) & 1 ? SEE_KING : s->ep->capture[now]) - swap;
    if (swap <= 0)
        return true;
    uint8_t gone[BOARD_ARRAY];
    memset(gone, 0, sizeof gone);
    if (kind != MOVE_DROP)
        gone[from] = 1;
    if (kind == MOVE_EP)
        gone[to - v->forward[pos->side]] = 1;
    /* res: does the side to move come out ahead if the side to capture next stops here */
    Color stm = pos->side;
    int res = 1;
    for (;;) {
        stm = !stm;
        int value, sq = least_attacker(s, to, stm, gone, &value);
        if (!sq)
            break;
        res ^= 1;
        if (value == SEE_KING) {
            /* the king may take only if nothing of the other side is left */
            int other;
            return least_attacker(s, to, !stm, gone, &other) ? res ^ 1 : res;
        }
        if ((swap = value - swap) < res)
            break;
        gone[sq] = 1;
    }
    return res;
}
