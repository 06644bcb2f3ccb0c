/* Board updates, make/unmake and attack detection. */
#include "kage/rules/position.h"
#include "kage/rules/movegen.h"
#include "position_internal.h"
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HIST_INITIAL 256

/* --- primitive board updates: piece lists, counts and the key ---------- */

static void put_piece(Position *pos, int sq, Piece p)
{
    Color c = piece_color(p);
    int t = piece_type(p);
    pos->board[sq] = p;
    pos->pindex[sq] = (uint8_t)pos->npieces[c];
    pos->plist[c][pos->npieces[c]++] = (uint8_t)sq;
    pos->count[c][t]++;
    pos->st->key ^= pos->v->zob_piece[p][sq];
    if ((pos->v->royal_types >> t) & 1)
        pos->king[c] = (uint8_t)sq;
}

static void remove_piece(Position *pos, int sq)
{
    Piece p = pos->board[sq];
    Color c = piece_color(p);
    int t = piece_type(p);
    int last = pos->plist[c][--pos->npieces[c]];
    pos->plist[c][pos->pindex[sq]] = (uint8_t)last;
    pos->pindex[last] = pos->pindex[sq];
    pos->board[sq] = PIECE_EMPTY;
    pos->count[c][t]--;
    pos->st->key ^= pos->v->zob_piece[p][sq];
    if ((pos->v->royal_types >> t) & 1 && pos->king[c] == sq)
        pos->king[c] = 0;
}

static void move_piece(Position *pos, int from, int to)
{
    Piece p = pos->board[from];
    Color c = piece_color(p);
    pos->board[to] = p;
    pos->board[from] = PIECE_EMPTY;
    pos->pindex[to] = pos->pindex[from];
    pos->plist[c][pos->pindex[to]] = (uint8_t)to;
    pos->st->key ^= pos->v->zob_piece[p][from] ^ pos->v->zob_piece[p][to];
    if ((pos->v->royal_types >> piece_type(p)) & 1)
        pos->king[c] = (uint8_t)to;
}

static void hand_add(Position *pos, Color c, int t, int delta)
{
    int n = pos->hand[c][t];
    pos->st->key ^= pos->v->zob_hand[c][t][n] ^ pos->v->zob_hand[c][t][n + delta];
    pos->hand[c][t] = (uint8_t)(n + delta);
}

/* --- life cycle ---------------------------------------------------------- */

Position *pos_new_empty(const Variant *v)
{
    Position *pos = xcalloc(1, sizeof *pos);
    pos->v = v;
    pos->hist_cap = HIST_INITIAL;
    pos->hist = xcalloc((size_t)pos->hist_cap, sizeof *pos->hist);
    pos->st = pos->hist;
    for (int sq = 0; sq < BOARD_ARRAY; sq++)
        pos->board[sq] = v->file_of[sq] >= 0 ? PIECE_EMPTY : PIECE_OFF;
    pos->st->in_check = -1;
    pos->st->attacking = -1;
    pos->fullmove = 1;
    return pos;
}

void pos_put_piece(Position *pos, int sq, Piece p) { put_piece(pos, sq, p); }

Position *pos_new(const Variant *v)
{
    Position *pos = pos_new_empty(v);
    pos_set_start(pos);
    return pos;
}

void pos_free(Position *pos)
{
    if (!pos)
        return;
    free(pos->hist);
    free(pos);
}

void pos_copy(Position *dst, const Position *src)
{
    StateInfo *hist = dst->hist;
    int cap = dst->hist_cap;
    if (cap < src->ply + 2) {
        cap = src->hist_cap;
        hist = xrealloc(hist, (size_t)cap * sizeof *hist);
    }
    memcpy(hist, src->hist, (size_t)(src->ply + 1) * sizeof *hist);
    *dst = *src;
    dst->hist = hist;
    dst->hist_cap = cap;
    dst->st = hist + src->ply;
}

void pos_set_start(Position *pos)
{
    KageError err;
    if (!pos_set_fen(pos, pos->v->def->start_fen, &err)) {
        fprintf(stderr, "kage: bad start position for %s: %s\n", pos->v->def->id, err.msg);
        abort();
    }
}

/* --- make / unmake -------------------------------------------------------- */

/* Squares captured by a locust move, in order s1, s2. */
static int locust_squares(const Position *pos, Move m, int sqs[2])
{
    int d = pos->v->dir8[move_locust_dir(m)], mask = move_locust_mask(m), n = 0;
    for (int k = 0; k < 2; k++)
        if (mask & (1 << k))
            sqs[n++] = move_from(m) + (k + 1) * d;
    return n;
}

bool pos_ep_capturable(const Position *pos, int skipped, Color capturer)
{
    const Variant *v = pos->v;
    for (int t = 1; t <= v->ntypes; t++) {
        if (!((v->pawn_types >> t) & 1))
            continue;
        const PieceMoves *pm = &v->moves[capturer][t];
        for (int k = 0; k < pm->nleap; k++)
            if ((pm->leap[k].mode & MODE_CAPTURE) && pos->board[skipped - pm->leap[k].off] == make_piece(capturer, t))
                return true;
    }
    return false;
}

/* After a double step, the skipped square is an e.p. square only when an
 * enemy pawn could take there, as Fairy-Stockfish does. */
static void set_ep(Position *pos, StateInfo *st, int from, int to, Color us)
{
    int fwd = pos->v->forward[us];
    if (to - from != 2 * fwd || !pos_ep_capturable(pos, from + fwd, !us))
        return;
    st->ep = (uint8_t)(from + fwd);
    st->key ^= pos->v->zob_ep[st->ep];
}

void pos_make(Position *pos, Move m)
{
    const Variant *v = pos->v;
    if (pos->ply + 2 >= pos->hist_cap) {
        pos->hist_cap *= 2;
        pos->hist = xrealloc(pos->hist, (size_t)pos->hist_cap * sizeof *pos->hist);
        pos->st = pos->hist + pos->ply;
    }
    StateInfo *prev = pos->st, *st = prev + 1;
    Color us = pos->side;
    int from = move_from(m), to = move_to(m), kind = move_kind(m);

    st->key = prev->key ^ v->zob_side ^ v->zob_ep[prev->ep] ^ v->zob_castle[prev->castling];
    st->move = m;
    st->castling = prev->castling;
    st->ep = 0;
    st->in_check = -1;
    st->attacking = -1;
    st->halfmove = (uint16_t)(prev->halfmove + (prev->halfmove < UINT16_MAX)); /* kept at its top, not wrapped */
    st->captured[0] = st->captured[1] = st->captured[2] = PIECE_EMPTY;
    pos->st = st;
    pos->ply++;

    if (kind == MOVE_DROP) {
        int t = move_drop_type(m);
        hand_add(pos, us, t, -1);
        st->moved = make_piece(us, t);
        put_piece(pos, to, st->moved);
        st->halfmove = 0;
    } else if (kind != MOVE_PASS) {
        Piece pc = pos->board[from];
        int t = piece_type(pc);
        bool captured = false;
        st->moved = pc;
        if (kind == MOVE_LOCUST) {
            int sqs[2], n = locust_squares(pos, m, sqs);
            for (int k = 0; k < n; k++) {
                st->captured[1 + k] = pos->board[sqs[k]];
                remove_piece(pos, sqs[k]);
            }
            captured = n > 0;
        }
        int capsq = kind == MOVE_EP ? to - v->forward[us] : to;
        if (capsq != from && pos->board[capsq] != PIECE_EMPTY) {
            Piece cap = pos->board[capsq];
            st->captured[0] = cap;
            remove_piece(pos, capsq);
            if (v->def->captures_to_hand)
                hand_add(pos, us, v->type[piece_type(cap)].demotes, +1);
            captured = true;
        }
        if (to != from)
            move_piece(pos, from, to);
        if (kind == MOVE_CASTLE) {
            int side = to == v->castle_king_to[us][0] ? 0 : 1;
            move_piece(pos, v->castle_rook_from[us][side], v->castle_rook_to[us][side]);
        }
        bool promote = kind == MOVE_PROMO ||
                       (captured && v->def->promo_rule == PROMO_ON_CAPTURE && v->type[t].promotes);
        if (promote) {
            remove_piece(pos, to);
            put_piece(pos, to, make_piece(us, v->type[t].promotes));
        }
        if (captured || promote || ((v->pawn_types >> t) & 1))
            st->halfmove = 0;
        st->castling &= v->castle_mask[from] & v->castle_mask[to];
        if ((v->pawn_types >> t) & 1)
            set_ep(pos, st, from, to, us);
    } else {
        st->moved = pos->board[from];
    }
    st->key ^= v->zob_castle[st->castling];
    pos->side = !us;
}

void pos_unmake(Position *pos)
{
    const Variant *v = pos->v;
    StateInfo *st = pos->st;
    Move m = st->move;
    Color us = !pos->side;
    int from = move_from(m), to = move_to(m), kind = move_kind(m);
    pos->side = us;

    if (kind == MOVE_DROP) {
        remove_piece(pos, to);
        hand_add(pos, us, move_drop_type(m), +1);
    } else if (kind != MOVE_PASS) {
        if (kind == MOVE_CASTLE) {
            int side = to == v->castle_king_to[us][0] ? 0 : 1;
            move_piece(pos, v->castle_rook_to[us][side], v->castle_rook_from[us][side]);
        }
        if (pos->board[to] != st->moved) {
            remove_piece(pos, to);
            put_piece(pos, to, st->moved);
        }
        if (to != from)
            move_piece(pos, to, from);
        if (st->captured[0]) {
            put_piece(pos, kind == MOVE_EP ? to - v->forward[us] : to, st->captured[0]);
            if (v->def->captures_to_hand)
                hand_add(pos, us, v->type[piece_type(st->captured[0])].demotes, -1);
        }
        if (kind == MOVE_LOCUST) {
            int sqs[2], n = locust_squares(pos, m, sqs);
            for (int k = n - 1; k >= 0; k--)
                put_piece(pos, sqs[k], st->captured[1 + k]);
        }
    }
    pos->st--;
    pos->ply--;
}

/* --- attacks --------------------------------------------------------------- */

bool pos_attacked(const Position *pos, int sq, Color by)
{
    const AttackTable *at = &pos->v->attack[by];
    const Piece *b = pos->board;
    unsigned colbits = (unsigned)by << 6;
    for (int i = 0; i < at->nleap; i++) {
        Piece p = b[sq - at->leap[i].off];
        if ((p & 0xC0) == colbits && ((at->leap[i].types >> (p & PIECE_TYPE_MASK)) & 1))
            return true;
    }
    for (int i = 0; i < at->nslide; i++) {
        int dir = at->slide[i].dir, s = sq;
        for (int d = 1; d <= at->slide[i].maxr; d++) {
            Piece p = b[s -= dir];
            if (p == PIECE_EMPTY)
                continue;
            if ((p & 0xC0) == colbits && ((at->slide[i].types_within[d] >> (p & PIECE_TYPE_MASK)) & 1))
                return true;
            break;
        }
    }
    if (at->special_types)
        return movegen_special_attacks(pos, sq, by);
    return false;
}

bool pos_in_check(Position *pos)
{
    if (pos->st->in_check < 0) {
        int k = pos->king[pos->side];
        pos->st->in_check = (int8_t)(k && pos_attacked(pos, k, !pos->side));
    }
    return pos->st->in_check;
}

bool pos_mover_attacks(Position *pos)
{
    if (pos->st->attacking < 0) {
        Color mover = !pos->side;
        bool any = false;
        for (int i = 0; i < pos->npieces[pos->side] && !any; i++)
            any = pos_attacked(pos, pos->plist[pos->side][i], mover);
        pos->st->attacking = any;
    }
    return pos->st->attacking;
}

uint64_t pos_compute_key(const Position *pos)
{
    const Variant *v = pos->v;
    uint64_t key = pos->side == BLACK ? v->zob_side : 0;
    for (int i = 0; i < v->nsq; i++) {
        int sq = v->sq_of[i];
        if (pos->board[sq])
            key ^= v->zob_piece[pos->board[sq]][sq];
    }
    for (Color c = WHITE; c <= BLACK; c++)
        for (int t = 1; t <= v->ntypes; t++)
            key ^= v->zob_hand[c][t][pos->hand[c][t]];
    return key ^ v->zob_castle[pos->st->castling] ^ v->zob_ep[pos->st->ep];
}

bool pos_is_ok(const Position *pos, char *why, size_t size)
{
    const Variant *v = pos->v;
    int count[2][MAX_PIECE_TYPES] = {{0}}, n[2] = {0, 0};
    for (int sq = 0; sq < BOARD_ARRAY; sq++) {
        Piece p = pos->board[sq];
        bool real = v->file_of[sq] >= 0;
        if (!real && p != PIECE_OFF) {
            snprintf(why, size, "padding square %d holds %#x", sq, p);
            return false;
        }
        if (!real || !p)
            continue;
        Color c = piece_color(p);
        int t = piece_type(p);
        if (t < 1 || t > v->ntypes) {
            snprintf(why, size, "bad piece %#x on square %d", p, sq);
            return false;
        }
        count[c][t]++;
        n[c]++;
        if (pos->pindex[sq] >= pos->npieces[c] || pos->plist[c][pos->pindex[sq]] != sq) {
            snprintf(why, size, "piece list does not hold square %d", sq);
            return false;
        }
        if (((v->royal_types >> t) & 1) && pos->king[c] != sq) {
            snprintf(why, size, "king square out of date");
            return false;
        }
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        if (n[c] != pos->npieces[c]) {
            snprintf(why, size, "piece count %d, list says %d", n[c], pos->npieces[c]);
            return false;
        }
        for (int t = 1; t <= v->ntypes; t++)
            if (count[c][t] != pos->count[c][t]) {
                snprintf(why, size, "count of type %s out of date", v->type[t].def->fen);
                return false;
            }
        if (pos->king[c] && !((v->royal_types >> piece_type(pos->board[pos->king[c]])) & 1)) {
            snprintf(why, size, "king square holds no king");
            return false;
        }
    }
    if (pos_compute_key(pos) != pos->st->key) {
        snprintf(why, size, "incremental key differs from a fresh one");
        return false;
    }
    if (pos->st->ep && pos->st->halfmove != 0) {
        snprintf(why, size, "en-passant square after a reversible move");
        return false;
    }
    return true;
}
