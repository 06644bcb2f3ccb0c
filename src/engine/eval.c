/* Static evaluation: a sum of features, each a count on the board (a piece on
 * a square, a square a piece reaches, a check a drop would give...) times a
 * weight for the middlegame and one for the endgame, blended by the game
 * phase.  The weights are written by the tuner (tools/tune.py) into
 * eval_tables.c; this file only says what is counted.  The same counting
 * code serves the engine (summing weights) and the tuner (eval_trace,
 * listing the counts), so the two can never disagree.
 *
 * Material, hands and piece-square terms are kept up to date move by move
 * (EvalAcc); the rest is counted at each evaluation: king safety, and in the
 * 8x8 games one pass over every piece's moves that yields mobility, the
 * squares each side attacks, attacks on the king, checks and drop checks,
 * threats, and for the Shinobi family the campmate race over safe squares.
 * One term is not a plain sum: the king danger (EG_DANGER), whose units are
 * weighted and summed per side, and the sum counts squared in the middlegame
 * (as Stockfish prices an attack on the king); eval_trace lists each side's
 * units for the tuner, which knows that shape. */
#include "eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EVAL_LIMIT 29000 /* stay clear of mate scores */
#define KING_VALUE 20000 /* a king as the least valuable attacker: never */

/* The terms counted at each evaluation are inlined into their two callers,
 * the engine's (base_evaluate: no counts, the sums in registers) and the
 * tuner's (eval_trace: the counts too): one code, each caller's own copy. */
#if defined(__GNUC__)
#define EVAL_INLINE inline __attribute__((always_inline))
#else
#define EVAL_INLINE inline
#endif

/* A square's plain index (rank * files + file). */
#define PLAIN(v, sq) ((v)->rank_of[sq] * (v)->files + (v)->file_of[sq])

static const char *const group_names[EG_NGROUPS] = {
    [EG_MATERIAL] = "material",     [EG_HAND] = "hand",         [EG_HAND_FIRST] = "hand first",
    [EG_PST] = "pst",               [EG_MOBILITY] = "mobility", [EG_SHIELD] = "king shield",
    [EG_NEAR] = "king near",        [EG_OPEN_HAND] = "king open hand", [EG_KING_HITS] = "king hits",
    [EG_KING_ATTACK] = "king attack", [EG_SAFE_CHECK] = "safe check", [EG_DROP_CHECK] = "drop check",
    [EG_HANGING] = "hanging",       [EG_HANGING_STM] = "hanging stm", [EG_LESSER] = "lesser",
    [EG_LESSER_STM] = "lesser stm", [EG_PASSED] = "passed",     [EG_DOUBLED] = "doubled",
    [EG_FLAG] = "flag",             [EG_FLAG_SAFE] = "flag safe", [EG_KING_DANGER] = "king danger",
    [EG_CHECK_MOVE] = "check move", [EG_CHECK_DROP] = "check drop", [EG_TEMPO] = "tempo",
    [EG_DANGER] = "danger:",        [EG_DANGER_BLACK] = "danger black:",
};

/* The units of an attack on the king (EG_DANGER), counted for the attacker c
 * against the king of !c; then, by type t (0..ntypes), c's pieces of type t
 * that reach the squares next to that king, c's safe checks by a move of a
 * piece of type t, the empty squares where a t in c's hand would give a safe
 * check, and c's pieces of type t in hand (up to 2). */
enum {
    KD_UNIT_BASE,   /* 1: the enemy king is on the board */
    KD_UNIT_STM,    /* c is to move */
    KD_UNIT_HITS,   /* c's moves onto the squares next to the enemy king */
    KD_UNIT_WEAK,   /* squares next to it that c attacks and only the king guards */
    KD_UNIT_OPEN,   /* empty squares next to it */
    KD_UNIT_SHIELD, /* its own pieces next to it */
    KD_UNIT_HAND,   /* pieces in c's hand (up to 6) */
    KD_UNIT_CHECKS, /* c's safe checks by moves */
    KD_UNIT_DROPS,  /* empty squares where a piece in c's hand gives a safe check */
    KD_UNIT_TYPED   /* then four runs of ntypes + 1: attacker, check, drop, hand by type */
};
static const char *const kd_unit_names[KD_UNIT_TYPED] = {"base", "stm", "hits", "weak", "open",
                                                         "shield", "hand", "checks", "drops"};
static const char *const kd_typed_names[4] = {"attacker", "check", "drop", "hand"};

/* the king danger table: attacker to move or not, safe checks 0..3 (3: or
 * more), attackers 0..4 (4: or more) */
enum { KD_CHECKS = 4, KD_ATTACKERS = 5, KD_SIDE = KD_CHECKS * KD_ATTACKERS, KING_DANGER_FEATURES = 2 * KD_SIDE };

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

/* How many features each group has for variant v. */
static int group_size(const EvalParams *ep, const Variant *v, int g)
{
    switch (g) {
    case EG_MATERIAL:
    case EG_HAND:
    case EG_HAND_FIRST:
    case EG_MOBILITY:
        return v->ntypes + 1;
    case EG_CHECK_MOVE:
    case EG_CHECK_DROP:
        return ep->attacks ? v->ntypes + 1 : 0; /* counted by the attack pass only */
    case EG_PST:
        return (v->ntypes + 1) * ep->pst_squares;
    case EG_PASSED:
        return v->ranks;
    case EG_FLAG:
        return 8;
    case EG_FLAG_SAFE:
        return 9;
    case EG_KING_DANGER:
        return KING_DANGER_FEATURES;
    case EG_DANGER:
    case EG_DANGER_BLACK:
        return ep->attacks ? KD_UNIT_TYPED + 4 * (v->ntypes + 1) : 0; /* counted by the attack pass */
    default:
        return 1;
    }
}

void eval_feature_name(const EvalParams *ep, int f, char *buf, size_t size)
{
    int g = EG_NGROUPS - 1;
    while (g > 0 && f < ep->base[g])
        g--;
    int k = f - ep->base[g];
    const VariantDef *d = ep->def;
    const char *tok = "";
    int type = g == EG_PST ? k / ep->pst_squares : k;
    if (g == EG_MATERIAL || g == EG_HAND || g == EG_HAND_FIRST || g == EG_MOBILITY || g == EG_PST ||
        g == EG_CHECK_MOVE || g == EG_CHECK_DROP) {
        /* types are numbered as the variant's pieces are listed, from 1 */
        tok = type >= 1 && type <= d->npieces ? d->pieces[type - 1].fen : "?";
    }
    switch (g) {
    case EG_MATERIAL:
    case EG_HAND:
    case EG_HAND_FIRST:
    case EG_MOBILITY:
    case EG_CHECK_MOVE:
    case EG_CHECK_DROP:
        snprintf(buf, size, "%s %s", group_names[g], tok);
        break;
    case EG_PST: {
        int sq = k % ep->pst_squares, half = (d->files + 1) / 2;
        snprintf(buf, size, "pst %s %c%d", tok, 'a' + sq % half, sq / half + 1);
        break;
    }
    case EG_PASSED:
    case EG_FLAG:
    case EG_FLAG_SAFE:
        snprintf(buf, size, "%s %d", group_names[g], k);
        break;
    case EG_KING_DANGER:
        snprintf(buf, size, "%s %s c%d a%d", group_names[g], k >= KD_SIDE ? "stm" : "opp", k % KD_SIDE / KD_ATTACKERS,
                 k % KD_ATTACKERS);
        break;
    case EG_DANGER:
    case EG_DANGER_BLACK:
        if (k < KD_UNIT_TYPED) {
            snprintf(buf, size, "%s %s", group_names[g], kd_unit_names[k]);
        } else {
            int run = (k - KD_UNIT_TYPED) / (d->npieces + 1), t = (k - KD_UNIT_TYPED) % (d->npieces + 1);
            snprintf(buf, size, "%s %s %s", group_names[g], kd_typed_names[run],
                     t >= 1 && t <= d->npieces ? d->pieces[t - 1].fen : "?");
        }
        break;
    default:
        snprintf(buf, size, "%s", group_names[g]);
    }
}

/* How many squares a kind reaches from the centre of an empty board. */
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

static unsigned name_hash(const char *s)
{
    unsigned h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

void eval_init(EvalParams *ep, const Variant *v)
{
    const EvalVariantTable *tab = eval_table_find(v->def->id);
    memset(ep, 0, sizeof *ep);
    ep->def = v->def;
    ep->tab = tab;
    ep->attacks = tab->attacks;
    ep->pst_squares = ((v->files + 1) / 2) * v->ranks;
    int n = 0;
    for (int g = 0; g < EG_NGROUPS; g++) {
        ep->base[g] = n;
        n += group_size(ep, v, g);
    }
    if (n > EVAL_MAX_FEATURES)
        n = EVAL_MAX_FEATURES; /* cannot happen for 13x13 and 48 types */
    ep->nfeat = n;
    /* the weights, by name, through a hash of the table's names */
    enum { SLOTS = 2 * EVAL_MAX_FEATURES };
    static _Thread_local int16_t slot[SLOTS];
    memset(slot, 0xff, sizeof slot);
    for (int i = 0; i < tab->nweights && i < EVAL_MAX_FEATURES; i++) {
        unsigned h = name_hash(tab->weights[i].name) % SLOTS;
        while (slot[h] >= 0)
            h = (h + 1) % SLOTS;
        slot[h] = (int16_t)i;
    }
    for (int f = 0; f < n; f++) {
        char name[64];
        eval_feature_name(ep, f, name, sizeof name);
        for (unsigned h = name_hash(name) % SLOTS; slot[h] >= 0; h = (h + 1) % SLOTS)
            if (!strcmp(tab->weights[slot[h]].name, name)) {
                ep->w[f][0] = tab->weights[slot[h]].mg;
                ep->w[f][1] = tab->weights[slot[h]].eg;
                break;
            }
    }
    for (int f = ep->base[EG_DANGER]; f < ep->base[EG_DANGER_BLACK]; f++)
        ep->danger_on |= ep->w[f][0] || ep->w[f][1];
    ep->nn_kernel = nn_kernel();
    const NnNet *net = nn_find(v->def->id);
    if (net && net->nsq == v->nsq && net->ntypes == v->ntypes && net->ninputs == nn_ninputs(v) &&
        net->hidden > 0 && net->hidden <= NN_MAX_HIDDEN && net->hidden % NN_BLOCK == 0)
        ep->net = net;
    int half = (v->files + 1) / 2;
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < v->nsq; i++) {
            int sq = v->sq_of[i], f = v->file_of[sq], r = v->rank_of[sq];
            int fm = imin(f, v->files - 1 - f), rr = c == WHITE ? r : v->ranks - 1 - r;
            ep->pst_sq[c][sq] = (int16_t)(rr * half + fm);
        }
    for (int t = 1; t <= v->ntypes; t++) {
        bool royal = (v->royal_types >> t) & 1;
        int mat = ep->w[ep->base[EG_MATERIAL] + t][0] + ep->w[ep->base[EG_MATERIAL] + t][1];
        ep->value[t] = royal ? 0 : imax(mat / 2, 1);
        int hand = ep->w[ep->base[EG_HAND] + t][0] + ep->w[ep->base[EG_HAND] + t][1];
        ep->hand[t] = hand ? imax(hand / 2, 1) : ep->value[t];
        /* phase units from how far a kind reaches (queen 4, rook 2, minor
         * pieces 1), not from the tuned values, which the phase must not follow */
        int reach = center_reach(v, t);
        ep->phase_w[t] = (int8_t)(royal || ((v->pawn_types >> t) & 1) ? 0 : reach >= 22 ? 4 : reach >= 12 ? 2 : reach >= 6);
        /* where captures go to hand (Shogun) no piece ever leaves the game:
         * counted in hand too, the phase would hardly fall */
        ep->hand_phase_w[t] = v->def->captures_to_hand ? 0 : ep->phase_w[t];
        for (Color c = WHITE; c <= BLACK; c++) {
            int w = ep->value[t] / 100 + 1;
            ep->danger[c][make_piece(!c, t)] = (int8_t)(w < 127 ? w : 127);
            ep->shield[c][make_piece(c, t)] = 1;
        }
        ep->mobile[t] = !royal && !((v->pawn_types >> t) & 1) && v->type[t].def->special == SPECIAL_NONE;
        ep->attack_weight[t] = (int8_t)imin(ep->value[t] / 200 + 1, 8);
        ep->special[t] = v->type[t].def->special != SPECIAL_NONE;
        for (Color c = WHITE; c <= BLACK; c++) {
            const PieceMoves *pm = &v->moves[c][t];
            bool both = true;
            for (int i = 0; i < pm->nleap; i++)
                both &= pm->leap[i].mode == MODE_BOTH;
            for (int i = 0; i < pm->nslide; i++)
                both &= pm->slide[i].mode == MODE_BOTH;
            ep->both[c][t] = both;
        }
        ep->royal[t] = royal;
        ep->attack_value[t] = (int16_t)(royal ? KING_VALUE : ep->value[t]);
    }
    /* the plain index of each square, and which squares are next to which:
     * a difference dr * stride + df of two squares of the board gives back
     * dr and df, since |df| < files < stride */
    for (int sq = 0; sq < BOARD_ARRAY; sq++)
        ep->plain[sq] = v->file_of[sq] >= 0 ? (uint8_t)PLAIN(v, sq) : 0xff;
    for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++)
            ep->near[BOARD_ARRAY + dr * v->stride + df] = 1;
    for (int t = 1; t <= v->ntypes; t++) {
        bool to_hand = v->def->captures_to_hand && !((v->royal_types >> t) & 1);
        ep->capture[t] = ep->value[t] + (to_hand ? ep->hand[v->type[t].demotes] : 0);
    }
    for (int t = 1; t <= v->ntypes; t++) {
        int p = v->type[t].promotes;
        if (p && ep->value[p] - ep->value[t] > ep->max_promo_gain)
            ep->max_promo_gain = ep->value[p] - ep->value[t];
    }
    n = 0;
    for (int dr = -2; dr <= 2; dr++)
        for (int df = -2; df <= 2; df++)
            if (dr || df)
                ep->ring[n++] = (int16_t)(dr * v->stride + df);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int sq = 0; sq < BOARD_ARRAY; sq++) {
            int d = v->file_of[sq] >= 0 ? flag_distance(v, c, sq) : 99;
            ep->flag_dist[c][sq] = (uint8_t)d;
            if (d < 99)
                ep->has_flag = true;
        }
}

/* --- counting: one sink for the engine (weights) and the tuner (counts) --- */

typedef struct Sink {
    const EvalParams *ep;
    int mg, eg;  /* White minus Black */
    int *count;  /* the tuner's counts, or NULL */
} Sink;

static inline void add(Sink *x, Color c, int f, int n)
{
    int s = c == WHITE ? n : -n;
    x->mg += x->ep->w[f][0] * s;
    x->eg += x->ep->w[f][1] * s;
    if (x->count)
        x->count[f] += s;
}

static inline void add_piece(Sink *x, Color c, int t, int sq)
{
    const EvalParams *ep = x->ep;
    add(x, c, ep->base[EG_MATERIAL] + t, 1);
    add(x, c, ep->base[EG_PST] + t * ep->pst_squares + ep->pst_sq[c][sq], 1);
}

/* Material, hands and piece-square terms from scratch. */
static void static_terms(const EvalParams *ep, const Position *pos, Sink *x, EvalAcc *acc)
{
    const Variant *v = pos->v;
    memset(acc, 0, sizeof *acc);
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int i = 0; i < pos->npieces[c]; i++) {
            int sq = pos->plist[c][i], t = piece_type(pos->board[sq]);
            add_piece(x, c, t, sq);
            acc->phase += ep->phase_w[t];
        }
        for (int t = 1; t <= v->ntypes; t++) {
            int k = pos->hand[c][t];
            if (!k)
                continue;
            add(x, c, ep->base[EG_HAND] + t, k);
            add(x, c, ep->base[EG_HAND_FIRST] + t, 1);
            acc->in_hand[c] += k;
            acc->phase += ep->hand_phase_w[t] * k;
        }
    }
    acc->mg = x->mg;
    acc->eg = x->eg;
}

void eval_acc_init(const EvalParams *ep, const Position *pos, EvalAcc *acc)
{
    Sink x = {ep, 0, 0, NULL};
    static_terms(ep, pos, &x, acc);
    if (ep->net)
        nn_acc_refresh(ep->net, pos, acc->nn);
}

bool eval_acc_equal(const EvalParams *ep, const EvalAcc *a, const EvalAcc *b)
{
    bool same = a->mg == b->mg && a->eg == b->eg && a->phase == b->phase && a->in_hand[0] == b->in_hand[0] &&
                a->in_hand[1] == b->in_hand[1];
    for (Color p = WHITE; p <= BLACK && ep->net && same; p++)
        same = !memcmp(a->nn[p], b->nn[p], (size_t)ep->net->hidden * sizeof a->nn[p][0]);
    return same;
}

/* The network's inputs that a move turns on and off, per perspective,
 * applied at the end in one pass over each hidden layer. */
typedef struct NnChange {
    int on[2][8], off[2][8];
    int non, noff;
} NnChange;

/* The accumulator's part of one piece added (n = 1) or taken (n = -1). */
static inline void acc_piece(const EvalParams *ep, const Variant *v, EvalAcc *acc, NnChange *ch, Color c, int t,
                             int sq, int n)
{
    int s = c == WHITE ? n : -n, fm = ep->base[EG_MATERIAL] + t;
    int fp = ep->base[EG_PST] + t * ep->pst_squares + ep->pst_sq[c][sq];
    acc->mg += s * (ep->w[fm][0] + ep->w[fp][0]);
    acc->eg += s * (ep->w[fm][1] + ep->w[fp][1]);
    acc->phase += n * ep->phase_w[t];
    if (ep->net) {
        int psq = ep->plain[sq];
        if (n > 0) {
            for (Color p = WHITE; p <= BLACK; p++)
                ch->on[p][ch->non] = nn_piece_input(v, p, c, t, psq);
            ch->non++;
        } else {
            for (Color p = WHITE; p <= BLACK; p++)
                ch->off[p][ch->noff] = nn_piece_input(v, p, c, t, psq);
            ch->noff++;
        }
    }
}

/* A piece of type t put into (n = 1) or taken from (n = -1) c's hand, which
 * now holds `now` of them. */
static inline void acc_hand(const EvalParams *ep, const Variant *v, EvalAcc *acc, NnChange *ch, Color c, int t, int n,
                            int now)
{
    /* the network's "at least k" input of the count that came or went */
    int k = n > 0 ? now : now + 1;
    if (ep->net && k <= NN_HAND_MAX) {
        if (n > 0) {
            for (Color p = WHITE; p <= BLACK; p++)
                ch->on[p][ch->non] = nn_hand_input(v, p, c, t, k);
            ch->non++;
        } else {
            for (Color p = WHITE; p <= BLACK; p++)
                ch->off[p][ch->noff] = nn_hand_input(v, p, c, t, k);
            ch->noff++;
        }
    }
    int s = c == WHITE ? n : -n, fh = ep->base[EG_HAND] + t, f1 = ep->base[EG_HAND_FIRST] + t;
    acc->mg += s * ep->w[fh][0];
    acc->eg += s * ep->w[fh][1];
    if ((n > 0 && now == 1) || (n < 0 && now == 0)) {
        acc->mg += s * ep->w[f1][0];
        acc->eg += s * ep->w[f1][1];
    }
    acc->phase += n * ep->hand_phase_w[t];
    acc->in_hand[c] += n;
}

/* The same steps as pos_make(), read back from the state it left: the
 * tuned sums changed piece by piece, then each perspective's hidden layer
 * copied with the rows of the inputs turned on and off (at most four on and
 * four off: a capture to hand, a castling, a locust's two victims). */
void eval_acc_update(const EvalParams *ep, const Position *pos, const EvalAcc *prev, EvalAcc *next)
{
    const Variant *v = pos->v;
    const StateInfo *st = pos->st;
    Move m = st->move;
    Color us = !pos->side;
    int from = move_from(m), to = move_to(m), kind = move_kind(m);
    NnChange ch;
    ch.non = ch.noff = 0;
    next->mg = prev->mg;
    next->eg = prev->eg;
    next->phase = prev->phase;
    next->in_hand[0] = prev->in_hand[0];
    next->in_hand[1] = prev->in_hand[1];
    if (kind == MOVE_PASS) {
    } else if (kind == MOVE_DROP) {
        int nt = piece_type(pos->board[to]);
        acc_hand(ep, v, next, &ch, us, nt, -1, pos->hand[us][nt]);
        acc_piece(ep, v, next, &ch, us, nt, to, 1);
    } else {
        int nt = piece_type(pos->board[to]), mt = piece_type(st->moved);
        acc_piece(ep, v, next, &ch, us, mt, from, -1);
        acc_piece(ep, v, next, &ch, us, nt, to, 1);
        if (st->captured[0]) {
            int ct = piece_type(st->captured[0]);
            acc_piece(ep, v, next, &ch, !us, ct, kind == MOVE_EP ? to - v->forward[us] : to, -1);
            if (v->def->captures_to_hand) {
                int ht = v->type[ct].demotes;
                acc_hand(ep, v, next, &ch, us, ht, 1, pos->hand[us][ht]);
            }
        }
        if (kind == MOVE_LOCUST) {
            int d = v->dir8[move_locust_dir(m)], mask = move_locust_mask(m), k2 = 0;
            for (int k = 0; k < 2; k++)
                if (mask & (1 << k))
                    acc_piece(ep, v, next, &ch, !us, piece_type(st->captured[1 + k2++]), from + (k + 1) * d, -1);
        } else if (kind == MOVE_CASTLE) {
            int side = to == v->castle_king_to[us][0] ? 0 : 1, rf = v->castle_rook_from[us][side];
            int rt = v->castle_rook_to[us][side], t = piece_type(pos->board[rt]);
            acc_piece(ep, v, next, &ch, us, t, rf, -1);
            acc_piece(ep, v, next, &ch, us, t, rt, 1);
        }
    }
    if (ep->net) /* only the units in use: the rest is never read */
        for (Color p = WHITE; p <= BLACK; p++)
            nn_acc_change_with(ep->net, next->nn[p], prev->nn[p], ch.on[p], ch.non, ch.off[p], ch.noff,
                               ep->nn_kernel);
}

/* --- the terms counted at each evaluation ----------------------------------- */

/* King safety of colour c without the attack pass: friends next to the king,
 * enemies near it (the padding keeps the 5x5 ring inside the board array),
 * and enemy pieces in hand against its open squares. Returns the number of
 * those open (empty) squares, and the friends in *friends (0 without a king). */
static EVAL_INLINE int king_terms(const EvalParams *ep, const Position *pos, const EvalAcc *acc, Color c, Sink *x, int *friends)
{
    const Variant *v = pos->v;
    int k = pos->king[c];
    *friends = 0;
    if (!k)
        return 0;
    int shield = 0, open = 0, danger = 0;
    const int8_t *sh = ep->shield[c], *dg = ep->danger[c];
    const Piece *around = pos->board + k;
    /* unrolled: the loops are short and run twice at every evaluation */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 8
#endif
    for (int d = 0; d < 8; d++) {
        Piece p = around[v->dir8[d]];
        open += p == PIECE_EMPTY;
        shield += sh[p];
    }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 24
#endif
    for (int i = 0; i < 24; i++)
        danger += dg[around[ep->ring[i]]];
    add(x, c, ep->base[EG_SHIELD], shield);
    *friends = shield;
    add(x, c, ep->base[EG_NEAR], danger);
    add(x, c, ep->base[EG_OPEN_HAND], open * imin(acc->in_hand[!c], 6));
    if (ep->has_flag)
        add(x, c, ep->base[EG_FLAG] + imin(ep->flag_dist[c][k], 7), 1);
    return open;
}

/* What the attack pass learns about the board, by plain square index. */
typedef struct Attacks {
    uint8_t count[2][MAX_FILES * MAX_RANKS];  /* attackers of each square */
    int16_t least[2][MAX_FILES * MAX_RANKS];  /* value of the cheapest attacker (where count > 0 and
                                               * the square is not empty: only those are read) */
    uint64_t checks[2][MAX_FILES * MAX_RANKS];/* [c][i]: types of c that would check the enemy king from i */
    uint8_t cand[2][256];                     /* squares where c's pieces could move to give check */
    uint8_t cand_type[2][256];                /* ... and the type of the piece that would */
    int ncand[2];
    uint8_t pawn[2][MAX_PIECES_SIDE];         /* the squares of c's pawns (pawn_terms reads them) */
    int npawns[2];
} Attacks;

/* The squares next to the king on ksq (and ksq itself), as near[to]; none without a king. */
static inline const uint8_t *near_king(const EvalParams *ep, int ksq)
{
    return ksq ? ep->near + BOARD_ARRAY - ksq : ep->near_none;
}

/* The squares from which a piece of colour c would attack the king of !c:
 * the attack table read backwards from the king. */
static EVAL_INLINE void checking_squares(const EvalParams *ep, const Position *pos, Color c, Attacks *a)
{
    const Variant *v = pos->v;
    const AttackTable *at = &v->attack[c];
    const uint8_t *plain = ep->plain;
    uint64_t *checks = a->checks[c];
    int ksq = pos->king[!c];
    memset(checks, 0, (size_t)v->nsq * sizeof checks[0]);
    if (!ksq)
        return;
    for (int i = 0; i < at->nleap; i++) {
        int sq = ksq - at->leap[i].off;
        if ((unsigned)sq < BOARD_ARRAY && plain[sq] != 0xff)
            checks[plain[sq]] |= at->leap[i].types;
    }
    for (int i = 0; i < at->nslide; i++) {
        int dir = at->slide[i].dir, sq = ksq, maxr = at->slide[i].maxr;
        const uint64_t *within = at->slide[i].types_within;
        for (int d = 1; d <= maxr; d++) {
            Piece p = pos->board[sq -= dir];
            if (p == PIECE_OFF)
                break;
            checks[plain[sq]] |= within[d];
            if (p != PIECE_EMPTY)
                break;
        }
    }
}

/* One more attacker of value `value` on plain square i, which is not empty
 * (on an empty square only the count is kept). */
static inline void hit(uint8_t *count, int16_t *least, int i, int value)
{
    if (!count[i]++ || value < least[i])
        least[i] = (int16_t)value;
}

/* One pass over every piece's moves: mobility, the attack maps, hits on the
 * squares next to the enemy king, and the moves that would give check. */
static EVAL_INLINE void attack_pass(const EvalParams *ep, const Position *pos, Attacks *a, Sink *x, int hits_out[2],
                                    int units_out[2], int attackers_out[2], uint8_t by_type[2][MAX_PIECE_TYPES])
{
    const Variant *v = pos->v;
    const Piece *b = pos->board;
    const uint8_t *plain = ep->plain;
    for (Color c = WHITE; c <= BLACK; c++) {
        memset(a->count[c], 0, (size_t)v->nsq);
        checking_squares(ep, pos, c, a);
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        const uint8_t *near = near_king(ep, pos->king[!c]);
        uint8_t *count = a->count[c], *cand = a->cand[c], *cand_type = a->cand_type[c];
        int16_t *least = a->least[c];
        const uint64_t *checks = a->checks[c];
        unsigned them = (unsigned)(!c) << 6;
        uint64_t pawn_types = v->pawn_types;
        int hits = 0, units = 0, attackers = 0, ncand = 0, npawns = 0;
        for (int i = 0; i < pos->npieces[c]; i++) {
            int from = pos->plist[c][i], t = piece_type(b[from]);
            if ((pawn_types >> t) & 1)
                a->pawn[c][npawns++] = (uint8_t)from;
            if (ep->special[t])
                continue;
            const PieceMoves *pm = &v->moves[c][t];
            int value = ep->attack_value[t];
            uint64_t tbit = (uint64_t)1 << t;
            int n = 0, h = 0;
            if (ep->both[c][t]) {
                /* the common case: the same walk with no mode to test */
                for (int j = 0; j < pm->nleap; j++) {
                    int to = from + pm->leap[j].off;
                    Piece p = b[to];
                    if (p == PIECE_OFF)
                        continue;
                    int i2 = plain[to];
                    if (p == PIECE_EMPTY)
                        count[i2]++;
                    else {
                        hit(count, least, i2, value);
                        if ((p & 0xC0) != them)
                            continue;
                    }
                    n++;
                    h += near[to];
                    if ((checks[i2] & tbit) && ncand < 255) {
                        cand_type[ncand] = (uint8_t)t;
                        cand[ncand++] = (uint8_t)i2;
                    }
                }
                for (int j = 0; j < pm->nslide; j++) {
                    int off = pm->slide[j].off, to = from;
                    for (int r = pm->slide[j].range; r > 0; r--) {
                        Piece p = b[to += off];
                        if (p == PIECE_OFF)
                            break;
                        int i2 = plain[to];
                        if (p == PIECE_EMPTY)
                            count[i2]++;
                        else {
                            hit(count, least, i2, value);
                            if ((p & 0xC0) != them)
                                break;
                        }
                        n++;
                        h += near[to];
                        if ((checks[i2] & tbit) && ncand < 255) {
                            cand_type[ncand] = (uint8_t)t;
                            cand[ncand++] = (uint8_t)i2;
                        }
                        if (p != PIECE_EMPTY)
                            break;
                    }
                }
            } else {
                for (int j = 0; j < pm->nleap; j++) {
                    int to = from + pm->leap[j].off, mode = pm->leap[j].mode;
                    Piece p = b[to];
                    if (p == PIECE_OFF)
                        continue;
                    int i2 = plain[to];
                    if (p == PIECE_EMPTY) {
                        count[i2] += (mode & MODE_CAPTURE) != 0;
                        if (!(mode & MODE_MOVE))
                            continue;
                    } else {
                        if (mode & MODE_CAPTURE)
                            hit(count, least, i2, value);
                        if ((p & 0xC0) != them || !(mode & MODE_CAPTURE))
                            continue;
                    }
                    n++;
                    h += near[to];
                    if ((checks[i2] & tbit) && ncand < 255) {
                        cand_type[ncand] = (uint8_t)t;
                        cand[ncand++] = (uint8_t)i2;
                    }
                }
                for (int j = 0; j < pm->nslide; j++) {
                    int off = pm->slide[j].off, mode = pm->slide[j].mode, to = from;
                    int capture = (mode & MODE_CAPTURE) != 0;
                    for (int r = pm->slide[j].range; r > 0; r--) {
                        Piece p = b[to += off];
                        if (p == PIECE_OFF)
                            break;
                        int i2 = plain[to];
                        if (p == PIECE_EMPTY) {
                            count[i2] += capture;
                            if (!(mode & MODE_MOVE))
                                continue;
                        } else {
                            if (!capture)
                                break;
                            hit(count, least, i2, value);
                            if ((p & 0xC0) != them)
                                break;
                        }
                        n++;
                        h += near[to];
                        if ((checks[i2] & tbit) && ncand < 255) {
                            cand_type[ncand] = (uint8_t)t;
                            cand[ncand++] = (uint8_t)i2;
                        }
                        if (p != PIECE_EMPTY)
                            break;
                    }
                }
            }
            if (ep->mobile[t])
                add(x, c, ep->base[EG_MOBILITY] + t, n);
            if (h && !ep->royal[t]) {
                attackers++;
                by_type[c][t]++;
                hits += h;
                units += h * ep->attack_weight[t];
            }
        }
        a->ncand[c] = ncand;
        a->npawns[c] = npawns;
        hits_out[c] = hits;
        units_out[c] = units;
        attackers_out[c] = attackers;
    }
}

/* Checks by moves and by drops onto squares the enemy does not guard (a
 * square guarded by the enemy king alone counts when c guards it too): in
 * all, and again by the type of the piece that would give them. */
static EVAL_INLINE int check_terms(const EvalParams *ep, const Position *pos, const Attacks *a, Color c, Sink *x,
                                   uint8_t moves_by_type[MAX_PIECE_TYPES], uint8_t drops_by_type[MAX_PIECE_TYPES],
                                   int *drops_out)
{
    const Variant *v = pos->v;
    int ksq = pos->king[!c];
    *drops_out = 0;
    if (!ksq || !v->def->check_rule)
        return 0;
    const uint8_t *near = near_king(ep, ksq), *mine = a->count[c], *theirs = a->count[!c];
    int safe = 0;
    for (int i = 0; i < a->ncand[c]; i++) {
        int j = a->cand[c][i];
        int guards = theirs[j] - near[v->sq_of[j]];
        if (guards <= 0 && (theirs[j] == 0 || mine[j] > 1)) {
            safe++;
            moves_by_type[a->cand_type[c][i]]++;
            add(x, c, ep->base[EG_CHECK_MOVE] + a->cand_type[c][i], 1);
        }
    }
    add(x, c, ep->base[EG_SAFE_CHECK], safe);
    uint64_t held = 0;
    for (int t = 1; t <= v->ntypes; t++)
        if (pos->hand[c][t])
            held |= (uint64_t)1 << t;
    if (!held)
        return safe;
    int drops = 0;
    const uint64_t *checks = a->checks[c], *drop_ok = v->drop_ok[c];
    for (int i = 0; i < v->nsq; i++) {
        if (!(checks[i] & held))
            continue;
        int sq = v->sq_of[i];
        uint64_t types = checks[i] & held & drop_ok[sq];
        if (!types || pos->board[sq] != PIECE_EMPTY)
            continue;
        int guards = theirs[i] - near[sq];
        if (guards <= 0 && (theirs[i] == 0 || mine[i] > 0)) {
            drops++;
            for (; types; types &= types - 1) {
                drops_by_type[__builtin_ctzll(types)]++;
                add(x, c, ep->base[EG_CHECK_DROP] + __builtin_ctzll(types), 1);
            }
        }
    }
    add(x, c, ep->base[EG_DROP_CHECK], drops);
    *drops_out = drops;
    return safe + drops;
}

/* Pieces of !c that c attacks: undefended ones, and ones a cheaper piece hits. */
static EVAL_INLINE void threat_terms(const EvalParams *ep, const Position *pos, const Attacks *a, Color c, Sink *x)
{
    int hanging = 0, lesser = 0;
    for (int i = 0; i < pos->npieces[!c]; i++) {
        int sq = pos->plist[!c][i], t = piece_type(pos->board[sq]), j = ep->plain[sq];
        if (!a->count[c][j] || ep->royal[t])
            continue;
        if (!a->count[!c][j])
            hanging++;
        else if (a->least[c][j] < ep->value[t])
            lesser++;
    }
    bool stm = pos->side == c;
    add(x, c, ep->base[stm ? EG_HANGING_STM : EG_HANGING], hanging);
    add(x, c, ep->base[stm ? EG_LESSER_STM : EG_LESSER], lesser);
}

/* Passed and doubled pawns of both colours, from the squares the attack pass
 * listed (its walk of the piece lists finds them).  A pawn of c is passed when no
 * enemy pawn stands ahead of it on its file or the next ones: for each file,
 * the enemy pawn nearest to c's own side is all that matters. */
static EVAL_INLINE void pawn_terms(const EvalParams *ep, const Position *pos, const Attacks *a, Sink *x)
{
    const Variant *v = pos->v;
    if (!v->pawn_types)
        return;
    /* mine: c's pawns on each file; block: the enemy pawn furthest back, in c's ranks;
     * rel: each pawn of c, its file and its rank seen from c */
    int mine[2][MAX_FILES] = {{0}}, block[2][MAX_FILES], npawns[2] = {0, 0};
    uint8_t file[2][MAX_PIECES_SIDE], rel[2][MAX_PIECES_SIDE];
    for (int f = 0; f < v->files; f++)
        block[WHITE][f] = block[BLACK][f] = 99;
    for (Color side = WHITE; side <= BLACK; side++)
        for (int i = 0; i < a->npawns[side]; i++) {
            int sq = a->pawn[side][i];
            int f = v->file_of[sq], r = v->rank_of[sq];
            int own = side == WHITE ? r : v->ranks - 1 - r, other = v->ranks - 1 - own;
            mine[side][f]++;
            if (other < block[!side][f])
                block[!side][f] = other;
            file[side][npawns[side]] = (uint8_t)f;
            rel[side][npawns[side]++] = (uint8_t)own;
        }
    for (Color c = WHITE; c <= BLACK; c++) {
        const int *bl = block[c];
        for (int i = 0; i < npawns[c]; i++) {
            int f = file[c][i], rr = rel[c][i];
            bool passed = bl[f] > rr && (f == 0 || bl[f - 1] > rr) && (f == v->files - 1 || bl[f + 1] > rr);
            if (passed)
                add(x, c, ep->base[EG_PASSED] + rr, 1);
        }
        int doubled = 0;
        for (int f = 0; f < v->files; f++)
            doubled += mine[c][f] > 1 ? mine[c][f] - 1 : 0;
        add(x, c, ep->base[EG_DOUBLED], doubled);
    }
}

/* The campmate race over safe squares: king steps to the flag region through
 * squares the enemy does not attack and no own piece blocks (1..7; 8 when
 * the way is shut or the king is more than five steps away). */
static EVAL_INLINE void flag_terms(const EvalParams *ep, const Position *pos, const Attacks *a, Color c, Sink *x)
{
    const Variant *v = pos->v;
    int k = pos->king[c], found = 8;
    if (!k)
        return;
    if (ep->flag_dist[c][k] <= 5) {
        uint8_t dist[MAX_FILES * MAX_RANKS];
        uint8_t queue[MAX_FILES * MAX_RANKS];
        memset(dist, 0xff, (size_t)v->nsq);
        int head = 0, tail = 0;
        dist[ep->plain[k]] = 0;
        queue[tail++] = (uint8_t)k;
        while (head < tail && found == 8) {
            int sq = queue[head++], ds = dist[ep->plain[sq]];
            if (ds >= 7)
                break;
            for (int d = 0; d < 8; d++) {
                int to = sq + v->dir8[d];
                Piece p = pos->board[to];
                if (p == PIECE_OFF)
                    continue;
                int j = ep->plain[to];
                if (dist[j] != 0xff || a->count[!c][j] || (p != PIECE_EMPTY && piece_color(p) == c))
                    continue;
                dist[j] = (uint8_t)(ds + 1);
                if (v->sqflags[c][to] & SQF_FLAG) {
                    found = ds + 1;
                    break;
                }
                queue[tail++] = (uint8_t)to;
            }
        }
    }
    add(x, c, ep->base[EG_FLAG_SAFE] + found, 1);
}

/* One unit j of c's attack: its middlegame weight into c's danger, its
 * endgame weight into the sum as a linear term; for the tuner, c's own count. */
static inline void danger_unit(Sink *x, Color c, int j, int n, int *danger)
{
    if (!n)
        return;
    const EvalParams *ep = x->ep;
    int f = ep->base[EG_DANGER] + j;
    *danger += ep->w[f][0] * n;
    x->eg += ep->w[f][1] * (c == WHITE ? n : -n);
    if (x->count)
        x->count[ep->base[c == WHITE ? EG_DANGER : EG_DANGER_BLACK] + j] += n;
}

/* c's attack on the king of !c as a whole (EG_DANGER): its units summed by
 * their weights into a danger that counts squared, so that attackers, weak
 * squares, checks and pieces in hand add up to more together than apart. */
static EVAL_INLINE void danger_terms(Sink *x, const Position *pos, const EvalAcc *acc, const Attacks *a, Color c, int hits,
                         int checks, int drops, int open, int shield, const uint8_t *const typed[3])
{
    const Variant *v = pos->v;
    int ksq = pos->king[!c];
    if (!ksq)
        return;
    int danger = 0, weak = 0;
    for (int d = 0; d < 8; d++) {
        int sq = ksq + v->dir8[d];
        if (pos->board[sq] == PIECE_OFF)
            continue;
        int i = x->ep->plain[sq];
        weak += a->count[c][i] > 0 && a->count[!c][i] <= 1; /* the king's own guard is the one */
    }
    danger_unit(x, c, KD_UNIT_BASE, 1, &danger);
    danger_unit(x, c, KD_UNIT_STM, pos->side == c, &danger);
    danger_unit(x, c, KD_UNIT_WEAK, weak, &danger);
    danger_unit(x, c, KD_UNIT_OPEN, open, &danger);
    danger_unit(x, c, KD_UNIT_SHIELD, shield, &danger);
    danger_unit(x, c, KD_UNIT_HAND, imin(acc->in_hand[c], 6), &danger);
    danger_unit(x, c, KD_UNIT_HITS, hits, &danger);
    danger_unit(x, c, KD_UNIT_CHECKS, checks, &danger);
    danger_unit(x, c, KD_UNIT_DROPS, drops, &danger);
    for (int run = 0; run < 4; run++)
        for (int t = 1; t <= v->ntypes; t++)
            danger_unit(x, c, KD_UNIT_TYPED + run * (v->ntypes + 1) + t,
                        run == 3 ? imin(pos->hand[c][t], 2) : typed[run][t], &danger);
    danger = imin(danger, 20000); /* its square stays inside an int */
    if (danger > 0) {
        int q = danger * danger / EVAL_DANGER_SCALE;
        x->mg += c == WHITE ? q : -q;
    }
}

/* Everything but the accumulator's terms. */
static EVAL_INLINE void dynamic_terms(const EvalParams *ep, const Position *pos, const EvalAcc *acc, Sink *x)
{
    int open[2] = {0, 0}, shield[2] = {0, 0}; /* empty squares and friends next to each colour's king */
    if (pos->v->royal_types)
        for (Color c = WHITE; c <= BLACK; c++)
            open[c] = king_terms(ep, pos, acc, c, x, &shield[c]);
    add(x, pos->side, ep->base[EG_TEMPO], 1);
    if (!ep->attacks)
        return;
    Attacks a;
    int hits[2], units[2], attackers[2];
    uint8_t by_type[2][MAX_PIECE_TYPES] = {{0}};
    attack_pass(ep, pos, &a, x, hits, units, attackers, by_type);
    for (Color c = WHITE; c <= BLACK; c++) {
        uint8_t moves_by_type[MAX_PIECE_TYPES] = {0}, drops_by_type[MAX_PIECE_TYPES] = {0};
        int drops;
        int ksq = pos->king[!c];
        add(x, c, ep->base[EG_KING_HITS], hits[c]);
        /* a piece in hand can land next to an open king: its units count
         * only where there are open squares, the attacker always */
        if (ksq && acc->in_hand[c]) {
            units[c] += imin(acc->in_hand[c], 6) * open[!c];
            attackers[c]++;
        }
        if (attackers[c] >= 2)
            add(x, c, ep->base[EG_KING_ATTACK], imin(units[c] * units[c] / 64, 100));
        int checks = check_terms(ep, pos, &a, c, x, moves_by_type, drops_by_type, &drops);
        if (ep->danger_on || x->count) {
            const uint8_t *typed[3] = {by_type[c], moves_by_type, drops_by_type};
            danger_terms(x, pos, acc, &a, c, hits[c], checks - drops, drops, open[!c], shield[!c], typed);
        }
        if (ksq)
            add(x, c,
                ep->base[EG_KING_DANGER] + KD_SIDE * (pos->side == c) + KD_ATTACKERS * imin(checks, KD_CHECKS - 1) +
                    imin(attackers[c], KD_ATTACKERS - 1),
                1);
        threat_terms(ep, pos, &a, c, x);
        if (ep->has_flag)
            flag_terms(ep, pos, &a, c, x);
    }
    pawn_terms(ep, pos, &a, x);
}

static int blend(int mg, int eg, int phase)
{
    phase = imin(phase, EVAL_PHASE_MAX);
    return (mg * phase + eg * (EVAL_PHASE_MAX - phase)) / EVAL_PHASE_MAX;
}

static int clamp_eval(int s) { return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s; }

/* The tuned terms alone, the side to move's view. */
static int base_evaluate(const EvalParams *ep, const Position *pos, const EvalAcc *acc)
{
    Sink x = {ep, acc->mg, acc->eg, NULL};
    dynamic_terms(ep, pos, acc, &x);
    int s = blend(x.mg, x.eg, acc->phase);
    return clamp_eval(pos->side == BLACK ? -s : s);
}

int eval_acc_evaluate(const EvalParams *ep, const Position *pos, const EvalAcc *acc)
{
    int s = base_evaluate(ep, pos, acc);
    return ep->net ? clamp_eval(s + nn_output_with(ep->net, acc->nn, pos->side, ep->nn_kernel)) : s;
}

int eval_evaluate(const EvalParams *ep, const Position *pos)
{
    EvalAcc acc;
    eval_acc_init(ep, pos, &acc);
    return eval_acc_evaluate(ep, pos, &acc);
}

int eval_evaluate_base(const EvalParams *ep, const Position *pos)
{
    EvalAcc acc;
    eval_acc_init(ep, pos, &acc);
    return base_evaluate(ep, pos, &acc);
}

void eval_trace(const EvalParams *ep, const Position *pos, int *count, int *phase)
{
    EvalAcc acc;
    memset(count, 0, (size_t)ep->nfeat * sizeof *count);
    Sink x = {ep, 0, 0, count};
    static_terms(ep, pos, &x, &acc);
    dynamic_terms(ep, pos, &acc, &x);
    *phase = imin(acc.phase, EVAL_PHASE_MAX);
}
