/* Legal move generation for every variant: one loop walks each piece's
 * vectors (from its Betza string), pawns add double steps and en passant,
 * drops walk the drop region, and special pieces have their own generators.
 * Legality under a check rule is decided with pins and check evasions
 * computed once per position; only en passant is tested by make/unmake. */
#include "movegen_internal.h"
#include "position_internal.h"

#include <string.h>

/* --- checks and pins --------------------------------------------------- */

/* Fill g->nchecks and the evasion squares; record pins in pinned[]. */
static int find_checks_and_pins(GenCtx *g, uint8_t pinned_sq[], int16_t pin_dir[], uint8_t pinner[])
{
    const Position *pos = g->pos;
    const AttackTable *at = &g->v->attack[g->them];
    const Piece *b = pos->board;
    int ksq = g->ksq, npins = 0;
    g->nchecks = 0;
    for (int i = 0; i < at->nleap; i++) {
        int s = ksq - at->leap[i].off;
        Piece p = b[s];
        if ((p & 0xC0) == g->thembits && ((at->leap[i].types >> (p & PIECE_TYPE_MASK)) & 1)) {
            if (!g->nchecks++)
                memset(g->block, 0, sizeof g->block);
            g->block[s] = 1;
        }
    }
    for (int i = 0; i < at->nslide; i++) {
        int dir = at->slide[i].dir, maxr = at->slide[i].maxr, s = ksq, d;
        const uint64_t *within = at->slide[i].types_within;
        for (d = 1; d <= maxr; d++) {
            Piece p = b[s -= dir];
            if (p == PIECE_EMPTY)
                continue;
            if ((p & 0xC0) == g->thembits) {
                if ((within[d] >> (p & PIECE_TYPE_MASK)) & 1) {
                    if (!g->nchecks++)
                        memset(g->block, 0, sizeof g->block);
                    for (int k = 1; k <= d; k++)
                        g->block[ksq - k * dir] = 1;
                }
            } else if ((p & 0xC0) == g->usbits) {
                /* own piece: pinned if an enemy slider stands behind it */
                int s2 = s;
                for (int d2 = d + 1; d2 <= maxr; d2++) {
                    Piece q = b[s2 -= dir];
                    if (q == PIECE_EMPTY)
                        continue;
                    if ((q & 0xC0) == g->thembits && ((within[d2] >> (q & PIECE_TYPE_MASK)) & 1)) {
                        pinned_sq[npins] = (uint8_t)s;
                        pin_dir[npins] = (int16_t)-dir;
                        pinner[npins++] = (uint8_t)s2;
                    }
                    break;
                }
            }
            break;
        }
    }
    return npins;
}

/* May the piece being generated (not the king) go to `to`? */
static inline bool evasion_ok(const GenCtx *g, int to)
{
    if (g->nchecks && (g->nchecks > 1 || !g->block[to]))
        return false;
    if (g->pin_from) {
        for (int s = g->ksq + g->pin_dir;; s += g->pin_dir) {
            if (s == to)
                return true;
            if (s == g->pin_to)
                return false;
        }
    }
    return true;
}

/* Legality of a move by the make/unmake test: own royal not attacked after. */
static bool legal_by_test(GenCtx *g, Move m)
{
    Position *pos = g->pos;
    pos_make(pos, m);
    int k = pos->king[g->us];
    bool ok = !k || !pos_attacked(pos, k, g->them);
    pos_unmake(pos);
    return ok;
}

/* --- adding moves ------------------------------------------------------ */

/* A move of type t from -> to, with promotion choices and the immobility rule. */
static inline void add_move(GenCtx *g, int from, int to, int t, bool capture)
{
    const Variant *v = g->v;
    if ((v->plain_types[g->us] >> t) & 1) {
        gen_push(g, move_make(from, to, MOVE_NORMAL, 0), capture);
        return;
    }
    const PieceInfo *pi = &v->type[t];
    int promo = pi->promotes;
    bool immobile = v->def->immobility_illegal && ((v->immobile[g->us][to] >> t) & 1);
    if (promo && ((v->sqflags[g->us][from] | v->sqflags[g->us][to]) & SQF_PROMO)) {
        bool can = true;
        if (pi->limit) {
            int n = 0;
            uint64_t kinds = v->type[promo].same_san;
            for (int u = 1; u <= v->ntypes; u++)
                if ((kinds >> u) & 1)
                    n += g->pos->count[g->us][u];
            can = n < pi->limit;
        }
        if (can)
            gen_push(g, move_make(from, to, MOVE_PROMO, 0), true);
        if (v->def->promo_rule == PROMO_ZONE_MANDATORY || immobile)
            return;
    } else if (immobile)
        return;
    gen_push(g, move_make(from, to, MOVE_NORMAL, 0), capture);
}

/* --- per-piece generation ------------------------------------------------ */

static void gen_piece(GenCtx *g, int from, int t, bool is_king)
{
    const Variant *v = g->v;
    const Piece *b = g->pos->board;
    const PieceMoves *pm = &v->moves[g->us][t];
    bool filter_dest = g->check_rule && !is_king && (g->nchecks || g->pin_from);
    /* Skip what the filter would drop anyway, before the costly tests: only
     * a promotion makes a move to an empty square noisy, and every capture
     * is noisy.  quiet_dest: 0 none, 1 those in the promotion zone, 2 all. */
    bool want_caps = g->filter & GEN_NOISY;
    int quiet_dest = g->filter & GEN_QUIET ? 2
                     : !v->type[t].promotes ? 0
                     : (v->sqflags[g->us][from] & SQF_PROMO) ? 2 : 1;
    const uint8_t *sqflags = v->sqflags[g->us];

    for (int i = 0; i < pm->nleap; i++) {
        int to = from + pm->leap[i].off;
        Piece p = b[to];
        bool cap;
        if (p == PIECE_EMPTY) {
            if (!(pm->leap[i].mode & MODE_MOVE) || quiet_dest < 2 - ((sqflags[to] & SQF_PROMO) != 0))
                continue;
            cap = false;
        } else if ((p & 0xC0) == g->thembits && (pm->leap[i].mode & MODE_CAPTURE) && want_caps)
            cap = true;
        else
            continue;
        if (is_king ? pos_attacked(g->pos, to, g->them) : (filter_dest && !evasion_ok(g, to)))
            continue;
        add_move(g, from, to, t, cap);
    }
    for (int i = 0; i < pm->nslide; i++) {
        int off = pm->slide[i].off, to = from;
        for (int r = pm->slide[i].range; r > 0; r--) {
            Piece p = b[to += off];
            bool cap;
            if (p == PIECE_EMPTY) {
                if (!(pm->slide[i].mode & MODE_MOVE) || quiet_dest < 2 - ((sqflags[to] & SQF_PROMO) != 0))
                    continue;
                cap = false;
            } else if ((p & 0xC0) == g->thembits && (pm->slide[i].mode & MODE_CAPTURE)) {
                if (!want_caps)
                    break;
                cap = true;
            } else
                break;
            if (!(is_king ? pos_attacked(g->pos, to, g->them) : (filter_dest && !evasion_ok(g, to))))
                add_move(g, from, to, t, cap);
            if (cap)
                break;
        }
    }
    if ((v->pawn_types >> t) & 1) {
        int fwd = v->forward[g->us];
        if ((g->filter & GEN_QUIET) && (v->sqflags[g->us][from] & SQF_DOUBLE) && b[from + fwd] == PIECE_EMPTY &&
            b[from + 2 * fwd] == PIECE_EMPTY && !(filter_dest && !evasion_ok(g, from + 2 * fwd)))
            add_move(g, from, from + 2 * fwd, t, false);
        int ep = g->pos->st->ep;
        if (ep && (g->filter & GEN_NOISY))
            for (int i = 0; i < pm->nleap; i++)
                if ((pm->leap[i].mode & MODE_CAPTURE) && from + pm->leap[i].off == ep) {
                    Move m = move_make(from, ep, MOVE_EP, 0);
                    if (!g->check_rule || legal_by_test(g, m))
                        gen_push(g, m, true);
                }
    }
}

/* gen_piece's captures alone, in the same order, for the common case of the
 * quiescence search: a piece that is not the king, cannot promote, and
 * whose moves need no check or pin test. */
static void gen_captures(GenCtx *g, int from, int t)
{
    const Variant *v = g->v;
    const Piece *b = g->pos->board;
    const PieceMoves *pm = &v->moves[g->us][t];
    const MoveVec *leap = pm->leap, *slide = pm->slide;
    int nleap = pm->nleap, nslide = pm->nslide;
    unsigned them = g->thembits;
    for (int i = 0; i < nleap; i++) {
        int to = from + leap[i].off;
        Piece p = b[to];
        if (p != PIECE_EMPTY && (p & 0xC0) == them && (leap[i].mode & MODE_CAPTURE))
            add_move(g, from, to, t, true);
    }
    for (int i = 0; i < nslide; i++) {
        int off = slide[i].off, to = from;
        for (int r = slide[i].range; r > 0; r--) {
            Piece p = b[to += off];
            if (p == PIECE_EMPTY)
                continue;
            if ((p & 0xC0) == them && (slide[i].mode & MODE_CAPTURE))
                add_move(g, from, to, t, true);
            break;
        }
    }
    int ep = g->pos->st->ep;
    if (ep && ((v->pawn_types >> t) & 1))
        for (int i = 0; i < nleap; i++)
            if ((leap[i].mode & MODE_CAPTURE) && from + leap[i].off == ep) {
                Move m = move_make(from, ep, MOVE_EP, 0);
                if (!g->check_rule || legal_by_test(g, m))
                    gen_push(g, m, true);
            }
}

static void gen_castling(GenCtx *g)
{
    const Variant *v = g->v;
    const Position *pos = g->pos;
    Color us = g->us;
    unsigned rights = (pos->st->castling >> (us == WHITE ? 0 : 2)) & 3;
    if (!rights || g->nchecks || pos->king[us] != v->castle_king_from[us])
        return;
    for (int side = 0; side < 2; side++) {
        if (!((rights >> side) & 1))
            continue;
        int kf = v->castle_king_from[us], kt = v->castle_king_to[us][side];
        int rf = v->castle_rook_from[us][side], rt = v->castle_rook_to[us][side];
        Piece rook = pos->board[rf];
        if (!rook || piece_color(rook) != us || !(v->type[piece_type(rook)].def->flags & PF_CASTLE_ROOK))
            continue;
        int lo = kf < rf ? kf : rf, hi = kf < rf ? rf : kf;
        /* every square the king or rook crosses or lands on, except their own */
        int lo2 = lo, hi2 = hi;
        int ends[4] = {kt, rt, kt, rt};
        for (int k = 0; k < 4; k++) {
            if (ends[k] < lo2)
                lo2 = ends[k];
            if (ends[k] > hi2)
                hi2 = ends[k];
        }
        bool ok = true;
        for (int s = lo2; s <= hi2 && ok; s++)
            if (s != kf && s != rf && pos->board[s] != PIECE_EMPTY)
                ok = false;
        int step = kt > kf ? 1 : -1;
        for (int s = kf + step; ok; s += step) {
            if (pos_attacked(pos, s, g->them))
                ok = false;
            if (s == kt)
                break;
        }
        if (ok)
            gen_push(g, move_make(kf, kt, MOVE_CASTLE, 0), false);
    }
}

static void gen_drops(GenCtx *g)
{
    const Variant *v = g->v;
    const Position *pos = g->pos;
    Color us = g->us;
    if (g->nchecks > 1)
        return;
    uint64_t inhand = 0;
    for (int t = 1; t <= v->ntypes; t++)
        if (pos->hand[us][t])
            inhand |= (uint64_t)1 << t;
    if (!inhand)
        return;
    int n = v->ndrop_squares[us];
    const uint8_t *squares = v->drop_squares[us];
    uint8_t one = (uint8_t)g->drop_to;
    if (g->drop_to)
        squares = &one, n = 1; /* drop_ok is empty off the drop region */
    uint64_t within = ~(uint64_t)0;
    if (g->drop_within) {
        within = 0;
        for (uint64_t held = inhand; held; held &= held - 1)
            within |= g->drop_within[__builtin_ctzll(held)];
    }
    for (int i = 0; i < n; i++) {
        int sq = squares[i];
        if (pos->board[sq] != PIECE_EMPTY || (g->nchecks && !g->block[sq]))
            continue;
        uint64_t ok = inhand & v->drop_ok[us][sq];
        int plain = g->drop_within ? pos_sq_index(pos, sq) : 0;
        if (!((within >> plain) & 1))
            continue;
        while (ok) {
            int t = __builtin_ctzll(ok);
            ok &= ok - 1;
            if (g->drop_within && !((g->drop_within[t] >> plain) & 1))
                continue;
            gen_push(g, move_make(0, sq, MOVE_DROP, t), false);
        }
    }
}

bool movegen_campmate(const Position *pos)
{
    Color mover = !pos->side;
    int k = pos->king[mover];
    return k && (pos->v->sqflags[mover][k] & SQF_FLAG) &&
           (pos->v->type[piece_type(pos->board[k])].def->flags & PF_FLAG);
}

enum { ONLY_ALL = -1, ONLY_DROPS = 0 };

/* Generate the moves that pass `filter`: those of every piece and the drops
 * (only == ONLY_ALL), the drops to square drop_to alone (ONLY_DROPS), or
 * the moves of the piece on square `only` (castling included for a king). */
static void generate_within(Position *pos, MoveList *list, int filter, int only, int drop_to,
                            const uint64_t *drop_within)
{
    const Variant *v = pos->v;
    GenCtx g;
    g.pos = pos;
    g.v = v;
    g.list = list;
    g.filter = filter;
    g.us = pos->side;
    g.them = !pos->side;
    g.usbits = (unsigned)g.us << 6;
    g.thembits = (unsigned)g.them << 6;
    g.check_rule = v->def->check_rule;
    g.ksq = pos->king[g.us];
    g.nchecks = 0;
    g.pin_from = 0;
    g.passed = false;
    g.drop_to = drop_to;
    g.drop_within = drop_within;
    list->count = 0;

    /* the game is already over: a King is gone, or campmate */
    if (v->royal_types && (!pos->king[g.us] || !pos->king[g.them]))
        return;
    if (movegen_campmate(pos))
        return;

    uint8_t pinned_sq[16], pinner[16];
    int16_t pin_dir[16];
    int npins = 0;
    if (g.check_rule) {
        npins = find_checks_and_pins(&g, pinned_sq, pin_dir, pinner);
        pos->st->in_check = (int8_t)(g.nchecks > 0);
    }

    int n = only == ONLY_ALL ? pos->npieces[g.us] : only == ONLY_DROPS ? 0 : 1;
    for (int i = 0; i < n; i++) {
        int from = only == ONLY_ALL ? pos->plist[g.us][i] : only;
        int t = piece_type(pos->board[from]);
        bool is_king = g.check_rule && from == g.ksq;
        if (g.nchecks > 1 && !is_king)
            continue;
        g.pin_from = 0;
        for (int k = 0; k < npins; k++)
            if (pinned_sq[k] == from) {
                g.pin_from = from;
                g.pin_dir = pin_dir[k];
                g.pin_to = pinner[k];
            }
        if ((v->special_types >> t) & 1) {
            /* the ordinary part of a special piece is in its Betza string */
            gen_piece(&g, from, t, false);
            if (!g.check_rule)
                movegen_special(&g, from, t);
            else {
                /* no variant with a check rule has special pieces yet:
                   keep it correct with the make/unmake test */
                int start = list->count;
                movegen_special(&g, from, t);
                int keep = start;
                for (int k = start; k < list->count; k++)
                    if (legal_by_test(&g, list->moves[k]))
                        list->moves[keep++] = list->moves[k];
                list->count = keep;
            }
            continue;
        }
        if (is_king) {
            /* lift the king so that it does not hide squares behind itself */
            pos->board[from] = PIECE_EMPTY;
            gen_piece(&g, from, t, true);
            pos->board[from] = make_piece(g.us, t);
        } else if (filter == GEN_NOISY && !v->type[t].promotes && !(g.check_rule && (g.nchecks || g.pin_from)))
            gen_captures(&g, from, t);
        else
            gen_piece(&g, from, t, false);
    }
    g.pin_from = 0;
    if (filter & GEN_QUIET) {
        if (v->def->castling && (only == ONLY_ALL || (only > 0 && only == pos->king[g.us])))
            gen_castling(&g);
        if (v->drop_types && only <= ONLY_DROPS)
            gen_drops(&g);
    }
}

static void generate(Position *pos, MoveList *list, int filter, int only, int drop_to)
{
    generate_within(pos, list, filter, only, drop_to, NULL);
}

void movegen_legal(Position *pos, MoveList *list) { generate(pos, list, GEN_ALL, ONLY_ALL, 0); }
void movegen_noisy(Position *pos, MoveList *list) { generate(pos, list, GEN_NOISY, ONLY_ALL, 0); }
void movegen_quiet(Position *pos, MoveList *list) { generate(pos, list, GEN_QUIET, ONLY_ALL, 0); }

void movegen_quiet_drops_within(Position *pos, MoveList *list, const uint64_t drop_within[MAX_PIECE_TYPES])
{
    generate_within(pos, list, GEN_QUIET, ONLY_ALL, 0, drop_within);
}

/* Only the moves of the piece that m moves (or the drops to m's square) are
 * generated: the search checks its hash and killer moves with this. */
bool movegen_is_legal(Position *pos, Move m)
{
    const Variant *v = pos->v;
    int from = move_from(m), to = move_to(m);
    if (v->file_of[to] < 0)
        return false;
    MoveList list;
    if (move_kind(m) == MOVE_DROP) {
        int t = move_drop_type(m);
        if (from != NO_SQUARE || t < 1 || t > v->ntypes || !pos->hand[pos->side][t])
            return false;
        generate(pos, &list, GEN_QUIET, ONLY_DROPS, to);
    } else {
        Piece p = pos->board[from];
        if (v->file_of[from] < 0 || p == PIECE_EMPTY || piece_color(p) != pos->side)
            return false;
        generate(pos, &list, GEN_ALL, from, 0);
    }
    for (int i = 0; i < list.count; i++)
        if (list.moves[i] == m)
            return true;
    return false;
}

bool movegen_is_capture(const Position *pos, Move m)
{
    int kind = move_kind(m);
    if (kind == MOVE_EP || (kind == MOVE_LOCUST && move_locust_mask(m)))
        return true;
    if (kind == MOVE_DROP || kind == MOVE_PASS || kind == MOVE_CASTLE)
        return false;
    return move_to(m) != move_from(m) && pos->board[move_to(m)] != PIECE_EMPTY;
}
