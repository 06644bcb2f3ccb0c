/* The alpha-beta search: principal variation search with a transposition
 * table, null move, late move reductions and a quiescence search over
 * captures and promotions.  Game ends follow each variant's rules: mate and
 * stalemate values, campmate, King capture (Cashew), repetition rules. */
#include "search_internal.h"
#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NULL_MOVE move_make(0, 0, MOVE_PASS, 0)

int64_t search_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static inline int mated_in(int ply) { return -SEARCH_MATE + ply; }
static inline int mate_in(int ply) { return SEARCH_MATE - ply; }

/* Mate scores are stored in the table relative to the node, not the root. */
static int score_to_tt(int score, int ply)
{
    return score >= SEARCH_MATE_BOUND ? score + ply : score <= -SEARCH_MATE_BOUND ? score - ply : score;
}

static int score_from_tt(int score, int ply)
{
    return score >= SEARCH_MATE_BOUND ? score - ply : score <= -SEARCH_MATE_BOUND ? score + ply : score;
}

/* 1. Stop conditions, once the root has a move: the node limit exactly (a
 * comparison), engine_stop() and the hard time limit every 256 nodes (a
 * millisecond or less at full speed; a clock read costs tens of nanoseconds,
 * and a slow evaluation or a loaded machine must not carry a search with a
 * few milliseconds left past its limit). */
static bool check_stop(Search *s)
{
    if (s->stopped)
        return true;
    if (!s->can_stop)
        return false;
    if (s->node_limit && s->nodes >= s->node_limit)
        return s->stopped = true;
    if (s->nodes & 255)
        return false;
    if (atomic_load_explicit(s->stop, memory_order_relaxed) || (s->hard_ms && search_now_ms() - s->start_ms >= s->hard_ms))
        s->stopped = true;
    return s->stopped;
}

/* --- game ends -------------------------------------------------------------- */

/* Ends decided before any move is generated: campmate (the side that just
 * moved reached its flag rank), and in games without a check rule a King
 * that is gone or (below the root, where a move must be chosen) can be
 * taken at once. */
static bool immediate_end(Search *s, int ply, int *score)
{
    Position *pos = s->pos;
    const Variant *v = pos->v;
    if (s->ep->has_flag && movegen_campmate(pos)) {
        *score = mated_in(ply);
        return true;
    }
    if (!v->def->check_rule && v->royal_types) {
        Color us = pos->side;
        if (!pos->king[us]) {
            *score = mated_in(ply);
            return true;
        }
        if (ply > 0 && (!pos->king[!us] || pos_attacked(pos, pos->king[!us], us))) {
            *score = mate_in(ply + 1);
            return true;
        }
    }
    return false;
}

/* The value of having no legal move: mate, or the variant's stalemate value. */
static int no_moves_value(Position *pos, bool in_check, int ply)
{
    const VariantDef *d = pos->v->def;
    if (!d->check_rule || in_check)
        return mated_in(ply);
    switch (d->stalemate_value) {
    case VALUE_LOSS:
        return mated_in(ply);
    case VALUE_WIN:
        return mate_in(ply);
    default:
        return 0;
    }
}

/* The value of a repetition cycle of `span` plies for the side to move:
 * the variant's rule, as gameend.c decides it for a game. */
static int cycle_value(Search *s, int span, int ply)
{
    Position *pos = s->pos;
    enum RepetitionRule rule = pos->v->def->rep_rule;
    /* the rules that look at every position of the cycle replay it; one
     * longer than twice the tree (it reaches into the game's history) is
     * not worth the time here, and is scored a draw */
    if (span > MAX_PLY * 2 && rule != REP_DRAW && rule != REP_REPEATER_LOSES)
        return 0;
    GameResult r = game_repetition_result(pos, span);
    if (r.outcome == OUTCOME_DRAW)
        return 0;
    return r.outcome == (pos->side == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS) ? mate_in(ply) : mated_in(ply);
}

/* Has this position occurred before?  A repetition inside the search tree
 * counts at once (whoever benefits can repeat it again); one with the game
 * history only when it completes the variant's n-fold count. */
static bool repetition(Search *s, int ply, int *score)
{
    Position *pos = s->pos;
    const VariantDef *d = pos->v->def;
    int end = pos->ply - s->null_floor;
    if (!d->captures_to_hand && pos->st->halfmove < end)
        end = pos->st->halfmove;
    int count = 0, nfold = d->nfold ? d->nfold : 3;
    uint64_t key = pos->st->key;
    for (int i = 4; i <= end; i += 2)
        if (pos->hist[pos->ply - i].key == key &&
            (pos->ply - i >= s->root_ply || ++count + 1 >= nfold)) {
            *score = d->nfold ? cycle_value(s, i, ply) : 0;
            return true;
        }
    return false;
}

/* --- checks told before the move is made -------------------------------------- */

/* Does the table's entry, searched at least `depth` deep, decide this node
 * within (alpha, beta)?  Its score, from this ply, in *score. */
static bool tt_decides(const TTEntry *te, int ply, int depth, int alpha, int beta, int *score)
{
    int bound = te->genbound & 3;
    *score = score_from_tt(te->score, ply);
    return te->depth >= depth &&
           (bound == TT_EXACT || (bound == TT_LOWER && *score >= beta) || (bound == TT_UPPER && *score <= alpha));
}

static void update_pv(Search *s, int ply, Move m)
{
    s->pv[ply][0] = m;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)s->pvlen[ply + 1] * sizeof(Move));
    s->pvlen[ply] = s->pvlen[ply + 1] + 1;
}

static int evaluate(Search *s, int ply)
{
    uint64_t key = s->pos->st->key;
    EvalCacheEntry *e = &s->ecache[key & (EVAL_CACHE_SIZE - 1)];
    if (e->key != key || !key) {
        e->key = key;
        e->eval = eval_acc_evaluate(s->ep, s->pos, &s->acc[ply]);
    }
    return e->eval;
}

/* Make m at ply and bring the evaluation accumulator of ply + 1 up to date.
 * Built with KAGE_SEARCH_CHECKS (the soak run), the incremental data are
 * compared with a fresh count after every move. */
static void make_move(Search *s, int ply, Move m, bool check)
{
    /* gives_check() is exact for these: the child need not test again */
    bool exact = s->ct.usable && move_kind(m) <= MOVE_DROP;
    s->cont_idx[ply] = search_cont_index(s, m);
    pos_make(s->pos, m);
    tt_prefetch(s->tt, s->pos->st->key);
    eval_acc_update(s->ep, s->pos, &s->acc[ply], &s->acc[ply + 1]);
    if (exact)
        s->pos->st->in_check = check;
#ifdef KAGE_SEARCH_CHECKS
    EvalAcc fresh;
    char why[256];
    Position *pos = s->pos;
    eval_acc_init(s->ep, pos, &fresh);
    bool attacked = pos->king[pos->side] && pos_attacked(pos, pos->king[pos->side], !pos->side);
    const char *what = !eval_acc_equal(s->ep, &fresh, &s->acc[ply + 1]) ? "evaluation accumulator"
                       : !pos_is_ok(pos, why, sizeof why)                   ? why
                       : exact && check != attacked                         ? "gives_check"
                                                                            : NULL;
    if (what) {
        char fen[512];
        pos_unmake(s->pos);
        pos_get_fen(s->pos, fen, sizeof fen);
        fprintf(stderr, "kage: %s out of step after move %#x in %s\n", what, (unsigned)m, fen);
        abort();
    }
#endif
}

/* --- quiescence ------------------------------------------------------------- */

/* The most a capture (with its promotion) can win here: the dearest enemy
 * piece, three of them for the multi-capturing pieces of Cashew. */
static int best_capture(const Search *s)
{
    const Position *pos = s->pos;
    const Variant *v = pos->v;
    int best = 0;
    for (int t = 1; t <= v->ntypes; t++)
        if (pos->count[!pos->side][t] && s->ep->capture[t] > best)
            best = s->ep->capture[t];
    return (v->special_types ? 3 * best : best) + s->ep->max_promo_gain;
}

/* A King move onto its flag region, which wins at once (campmate), or
 * one that brings it within flag_near steps of it (the region is where
 * flag_dist is 0). */
static bool flag_move(const Search *s, Move m)
{
    const Position *pos = s->pos;
    const uint8_t *dist = s->ep->flag_dist[pos->side];
    return move_kind(m) != MOVE_DROP && move_from(m) == pos->king[pos->side] &&
           dist[move_to(m)] <= s->sp->flag_near && dist[move_to(m)] < dist[move_from(m)];
}

/* Can the side to move win by campmate with its next move?  A King one step
 * from its flag region, and a legal step onto it. */
static bool campmate_in_one(Search *s)
{
    Position *pos = s->pos;
    const Variant *v = pos->v;
    Color us = pos->side;
    int k = pos->king[us];
    if (!k || s->ep->flag_dist[us][k] != 1 || !(v->type[piece_type(pos->board[k])].def->flags & PF_FLAG))
        return false;
    for (int d = 0; d < 8; d++) {
        int to = k + v->dir8[d];
        if (pos->board[to] != PIECE_OFF && (v->sqflags[us][to] & SQF_FLAG) &&
            movegen_is_legal(pos, move_make(k, to, MOVE_NORMAL, 0)))
            return true;
    }
    return false;
}

/* Captures and promotions until the position is quiet; all moves when the
 * King is attacked (check evasions; in Cashew, saving the King). */
static int qsearch(Search *s, int alpha, int beta, int ply, int qdepth)
{
    Position *pos = s->pos;
    bool pv_node = beta - alpha > 1;
    int score;
    s->pvlen[ply] = 0;
    if (check_stop(s))
        return 0;
    s->nodes++;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (immediate_end(s, ply, &score))
        return score;
    if (ply >= MAX_PLY - 2)
        return evaluate(s, ply);

    uint64_t key = pos->st->key;
    const TTEntry *te = tt_probe(s->tt, key);
    Move ttmove = te ? te->move : MOVE_NONE;
    int tts;
    if (te && !pv_node && tt_decides(te, ply, 0, alpha, beta, &tts))
        return tts;

    const SearchParams *sp = s->sp;
    bool in_check = pos->king[pos->side] && pos_in_check(pos) && qdepth < sp->qcheck_plies;
    int best = -SEARCH_INF, stand = 0, old_alpha = alpha;
    if (!in_check) {
        /* a campmate next move is not a quiet position to stand on */
        if (s->ep->has_flag && campmate_in_one(s))
            return mate_in(ply + 1);
        stand = best = te ? te->eval : evaluate(s, ply);
        if (stand >= beta)
            return stand;
        if (stand > alpha)
            alpha = stand;
        /* no capture or promotion can reach alpha: the moves below would
         * all be pruned one by one (delta pruning) */
        if (stand + best_capture(s) + sp->delta_margin <= alpha)
            return stand;
    }
    MovePicker *mp = &s->pickers[ply];
    movepick_init(s, mp, ply, ttmove, !in_check);
    mp->checks = !in_check && qdepth == 0 && s->ct.usable; /* checks by moves and drops, once */
    Move m, best_move = MOVE_NONE;
    bool noisy;
    int count = 0;
    while ((m = movepick_next(s, mp, &noisy)) != MOVE_NONE) {
        count++;
        if (!in_check) {
            int cap = see_captured_value(s, m), gain = see_promotion_gain(s, m, cap > 0);
            /* delta pruning, and captures that lose material by exchange */
            if (stand + cap + gain + sp->delta_margin <= alpha)
                continue;
            if (!see_ge(s, m, 0))
                continue;
        }
        make_move(s, ply, m, gives_check(s, m));
        score = -qsearch(s, -beta, -alpha, ply + 1, qdepth + 1);
        pos_unmake(pos);
        if (s->stopped)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                update_pv(s, ply, m);
                if (score >= beta)
                    break;
            }
        }
    }
    if (in_check && count == 0)
        return no_moves_value(pos, true, ply);
    int bound = best >= beta ? TT_LOWER : alpha > old_alpha ? TT_EXACT : TT_UPPER;
    tt_store(s->tt, key, best_move ? best_move : ttmove, score_to_tt(best, ply), in_check ? 0 : stand, 0, bound);
    return best;
}

/* --- the main search ----------------------------------------------------------- */

/* Null move is unsafe where passing could be the only good move: keep it to
 * positions where the side to move has pieces to spare (on the board or in
 * hand), and demand more where having no move loses. */
static bool null_move_ok(const Search *s)
{
    const Position *pos = s->pos;
    const Variant *v = pos->v;
    Color us = pos->side;
    int pieces = 0;
    for (int t = 1; t <= v->ntypes; t++) {
        if ((v->royal_types >> t) & 1 || (v->pawn_types >> t) & 1)
            continue;
        pieces += pos->count[us][t] + pos->hand[us][t];
    }
    return pieces >= (v->def->stalemate_value == VALUE_LOSS ? 3 : 1);
}

/* 100 * ln(n) for n < 64, for the reduction formula (no libm needed). */
static const int16_t ln100[64] = {
    0, 0, 69, 110, 139, 161, 179, 195, 208, 220, 230, 240, 248, 256, 264, 271,
    277, 283, 289, 294, 300, 304, 309, 314, 318, 322, 326, 330, 333, 337, 340, 343,
    347, 350, 353, 356, 358, 361, 364, 366, 369, 371, 374, 376, 378, 381, 383, 385,
    387, 389, 391, 393, 395, 397, 399, 401, 403, 404, 406, 408, 409, 411, 413, 414,
};

static int lmr_reduction(const SearchParams *sp, int depth, int count)
{
    if (depth < sp->lmr_depth || count < sp->lmr_count)
        return 0;
    depth = depth < 63 ? depth : 63;
    count = count < 63 ? count : 63;
    return (sp->lmr_base + ln100[depth] * ln100[count] * 100 / sp->lmr_div) / 10000;
}

static int search(Search *s, int alpha, int beta, int depth, int ply, bool allow_null)
{
    Position *pos = s->pos;
    const SearchParams *sp = s->sp;
    bool pv_node = beta - alpha > 1;
    int score;

    if (depth <= 0)
        return qsearch(s, alpha, beta, ply, 0);
    /* 1. stop, node count, immediate game ends, repetition */
    s->pvlen[ply] = 0;
    if (check_stop(s))
        return 0;
    s->nodes++;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (immediate_end(s, ply, &score) || repetition(s, ply, &score))
        return score;
    if (ply >= MAX_PLY - 2)
        return evaluate(s, ply);

    /* 2. mate distance pruning */
    alpha = alpha > mated_in(ply) ? alpha : mated_in(ply);
    beta = beta < mate_in(ply + 1) ? beta : mate_in(ply + 1);
    if (alpha >= beta)
        return alpha;

    /* 3. transposition table */
    uint64_t key = pos->st->key;
    Move excluded = s->excluded[ply];
    /* a copy: the null-move search below may replace the slot, and the
     * singular test reads this entry after it */
    TTEntry tt_copy;
    const TTEntry *te = excluded ? NULL : tt_probe(s->tt, key);
    if (te) {
        tt_copy = *te;
        te = &tt_copy;
    }
    Move ttmove = te ? te->move : MOVE_NONE;
    int tts;
    if (te && !pv_node && tt_decides(te, ply, depth, alpha, beta, &tts))
        return tts;

    /* 4. static evaluation, reverse futility, null move */
    bool in_check = pos->king[pos->side] && pos_in_check(pos);
    int static_eval = in_check ? -SEARCH_INF : te ? te->eval : evaluate(s, ply);
    s->eval_stack[ply] = static_eval;
    bool improving = !in_check && ply >= 2 && static_eval > s->eval_stack[ply - 2];
    if (!pv_node && !in_check && abs(beta) < SEARCH_MATE_BOUND) {
        if (depth <= sp->rfp_depth && static_eval - sp->rfp_margin * depth >= beta)
            return static_eval;
        if (allow_null && !excluded && depth >= sp->nmp_depth && static_eval >= beta && null_move_ok(s)) {
            int excess = (static_eval - beta) / sp->nmp_eval_div;
            int r = sp->nmp_base + depth / sp->nmp_div + (excess < sp->nmp_eval_max ? excess : sp->nmp_eval_max);
            int floor = s->null_floor;
            s->cont_idx[ply] = -1;
            pos_make(pos, NULL_MOVE);
            s->acc[ply + 1] = s->acc[ply];
            s->null_floor = pos->ply;
            score = -search(s, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
            pos_unmake(pos);
            s->null_floor = floor;
            if (s->stopped)
                return 0;
            if (score >= beta)
                return score >= SEARCH_MATE_BOUND ? beta : score;
        }
    }

    /* internal iterative reduction: no hash move, so this node was not
     * searched before; a shallower search finds one more cheaply */
    if (depth >= sp->iir_depth && ttmove == MOVE_NONE && !in_check && !excluded)
        depth--;

    /* singular extension: the hash move is searched a ply deeper when a
     * shallower search without it shows every other move failing well
     * below the hash score; when even that search beats beta, two moves
     * do, and the node is cut */
    int tt_ext = 0;
    if (depth >= sp->se_depth && ttmove && !excluded && ply < 2 * s->iter) {
        int bound = te->genbound & 3;
        int ttscore = score_from_tt(te->score, ply);
        if (te->depth >= depth - 3 && (bound == TT_LOWER || bound == TT_EXACT) && abs(ttscore) < SEARCH_MATE_BOUND) {
            int sbeta = ttscore - sp->se_margin * depth / 8;
            s->excluded[ply] = ttmove;
            score = search(s, sbeta - 1, sbeta, (depth - 1) / 2, ply, false);
            s->excluded[ply] = MOVE_NONE;
            s->pvlen[ply] = 0;
            if (s->stopped)
                return 0;
            if (score < sbeta)
                tt_ext = 1;
            else if (sbeta >= beta)
                return sbeta;
        }
    }

    /* 5. the move loop: PVS with reductions and late quiet-move pruning;
     * moves come from the staged picker, so a cut-off by the hash move or
     * a capture costs no generation of quiet moves */
    const VariantDef *d = pos->v->def;
    MovePicker *mp = &s->pickers[ply];
    movepick_init(s, mp, ply, ttmove, false);
    int best = -SEARCH_INF, count = 0, nquiets = 0;
    Move m, best_move = MOVE_NONE, quiets[64], noisies[32];
    int nnoisies = 0;
    bool noisy;
    int new_depth = depth - 1 + (in_check && ply < sp->check_ext_mul * s->iter + sp->check_ext_base ? 1 : 0);
    while ((m = movepick_next(s, mp, &noisy)) != MOVE_NONE) {
        /* 6. the n-move rule draws once a move is known to exist (a mate
         * on the last move still counts) */
        if (count == 0 && d->nmove_rule && pos->st->halfmove >= 2 * d->nmove_rule)
            return 0;
        if (m == excluded)
            continue;
        bool killer = m == mp->killer[0] || m == mp->killer[1];
        int hist = noisy ? 0 : movepick_quiet_score(s, mp, m);
        bool check = gives_check(s, m);
        /* a campmate step, or one towards it: never pruned or reduced, and
         * the last flag_ext steps searched a ply deeper */
        bool flag = s->ep->has_flag && flag_move(s, m);
        int flag_ext = flag && s->ep->flag_dist[pos->side][move_to(m)] <= sp->flag_ext && ply < 2 * s->iter;
        count++;
        /* late quiet moves, hopeless ones and those that lose material are
         * dropped before being made (judged at the depth a reduction would
         * leave); so are captures that lose too much by exchange, and where
         * see_check_depth allows, quiet checks that lose as much */
        if (!pv_node && !in_check && best > -SEARCH_MATE_BOUND) {
            if (!noisy && !check && !killer && !flag) {
                int lmr_depth = depth;
                if (sp->prune_reduced) {
                    lmr_depth = new_depth - lmr_reduction(sp, depth, count);
                    lmr_depth = lmr_depth > 0 ? lmr_depth : 0;
                }
                int lmp = improving ? sp->lmp_base + depth * depth * sp->lmp_improving
                                    : (sp->lmp_base + depth * depth * sp->lmp_other) * sp->lmp_other_percent / 100;
                if (depth <= sp->lmp_depth && count > lmp)
                    continue;
                if (lmr_depth <= sp->fut_depth && static_eval + sp->fut_base + sp->fut_margin * lmr_depth <= alpha)
                    continue;
                if (lmr_depth <= sp->see_quiet_depth && !see_ge(s, m, -sp->see_quiet_margin * lmr_depth * lmr_depth))
                    continue;
            } else if ((noisy || (check && !killer && !flag)) &&
                       depth <= (noisy ? sp->see_noisy_depth : sp->see_check_depth) &&
                       !see_ge(s, m, -sp->see_noisy_margin * depth)) {
                continue; /* a capture, or a quiet check (a drop check most often), that loses too much */
            }
        }
        make_move(s, ply, m, check);
        if (count == 1) {
            score = -search(s, -beta, -alpha, new_depth + flag_ext + (m == ttmove ? tt_ext : 0), ply + 1, true);
        } else {
            int r = 0;
            if (!noisy && !in_check && !check && !flag) {
                r = lmr_reduction(sp, depth, count) - pv_node - killer + !improving;
                r -= sp->lmr_history_both ? hist / sp->lmr_history : hist > sp->lmr_history;
                r = r > new_depth - 1 ? new_depth - 1 : r;
                r = r < 0 ? 0 : r;
            }
            score = -search(s, -alpha - 1, -alpha, new_depth + flag_ext - r, ply + 1, true);
            if (r > 0 && score > alpha)
                score = -search(s, -alpha - 1, -alpha, new_depth + flag_ext, ply + 1, true);
            if (pv_node && score > alpha && score < beta)
                score = -search(s, -beta, -alpha, new_depth + flag_ext, ply + 1, true);
        }
        pos_unmake(pos);
        if (s->stopped)
            return 0;
        if (!noisy && nquiets < 64)
            quiets[nquiets++] = m;
        else if (noisy && nnoisies < 32)
            noisies[nnoisies++] = m;
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                alpha = score;
                update_pv(s, ply, m);
                if (score >= beta) {
                    if (!noisy)
                        movepick_update_history(s, ply, depth, m, quiets, nquiets);
                    movepick_update_capture_history(s, depth, m, noisies, nnoisies);
                    break;
                }
            }
        }
    }
    /* 7. no move at all: mate or the variant's stalemate value */
    if (count == 0)
        return excluded ? alpha : no_moves_value(pos, in_check, ply);
    if (excluded)
        return best;
    if (!best_move && sp->prior_bonus)
        movepick_reward_prior(s, ply, depth);
    int bound = best >= beta ? TT_LOWER : best_move ? TT_EXACT : TT_UPPER;
    tt_store(s->tt, key, best_move ? best_move : ttmove, score_to_tt(best, ply), in_check ? 0 : static_eval, depth,
             bound);
    return best;
}

/* --- the root ----------------------------------------------------------------- */

int search_begin(Search *s)
{
    Position *pos = s->pos;
    memset(s->killers, 0, sizeof s->killers);
    memset(s->excluded, 0, sizeof s->excluded);
    int *h = &s->history[0][0][0][0];
    for (size_t i = 0; i < sizeof s->history / sizeof *h; i++)
        h[i] /= 4;
    s->root_ply = pos->ply;
    s->null_floor = 0;
    s->nodes = 0;
    s->seldepth = 0;
    s->stopped = false;
    s->can_stop = false;
    s->best_move = MOVE_NONE;
    s->best_pvlen = 0;
    eval_acc_init(s->ep, pos, &s->acc[0]);
    if (s->ct.def != pos->v->def)
        gives_check_init(&s->ct, pos->v);
    if (s->cont_def != pos->v->def) {
        free(s->cont);
        s->cont = NULL;
        s->cont_dim = search_cont_dim(pos);
        if (s->cont_dim)
            s->cont = xcalloc(search_cont_cells(s->cont_dim), sizeof *s->cont);
        s->cont_def = pos->v->def;
    }
    if (s->ecache_def != s->ep->def) {
        memset(s->ecache, 0, sizeof s->ecache);
        s->ecache_def = s->ep->def;
    }
    int score;
    if (immediate_end(s, 0, &score)) {
        s->nroot = 0;
        return 0;
    }
    /* the picker's order: hash move, captures, killers, quiet moves */
    const TTEntry *te = tt_probe(s->tt, pos->st->key);
    MovePicker *mp = &s->pickers[0];
    movepick_init(s, mp, 0, te ? te->move : MOVE_NONE, false);
    Move m;
    bool noisy;
    s->nroot = 0;
    while ((m = movepick_next(s, mp, &noisy)) != MOVE_NONE)
        s->root[s->nroot++] = (RootMove){m, 0, 0};
    for (int i = 0; i < s->nroot; i++)
        s->root[i].order = s->nroot - i;
    return s->nroot;
}

/* Root moves in order: the best of the last iteration first. */
static int cmp_root(const void *a, const void *b)
{
    const RootMove *x = a, *y = b;
    return (y->order > x->order) - (y->order < x->order);
}

int search_root(Search *s, int depth, int alpha, int beta)
{
    Position *pos = s->pos;
    int best = -SEARCH_INF;
    bool in_check = pos->king[pos->side] && pos_in_check(pos);
    s->iter = depth;
    s->pvlen[0] = 0;
    qsort(s->root, (size_t)s->nroot, sizeof s->root[0], cmp_root);
    for (int i = 0; i < s->nroot; i++) {
        RootMove *rm = &s->root[i];
        int score, nd = depth - 1 + in_check;
        make_move(s, 0, rm->move, gives_check(s, rm->move));
        if (i == 0) {
            score = -search(s, -beta, -alpha, nd, 1, true);
        } else {
            score = -search(s, -alpha - 1, -alpha, nd, 1, true);
            if (score > alpha && score < beta)
                score = -search(s, -beta, -alpha, nd, 1, true);
        }
        pos_unmake(pos);
        if (s->stopped)
            break;
        rm->order = score > alpha ? SEARCH_INF + 1 : -SEARCH_INF + s->nroot - i;
        if (score > best)
            best = score;
        if (score > alpha) {
            alpha = score;
            update_pv(s, 0, rm->move);
            if (score < beta || !s->best_move) {
                s->best_move = rm->move;
                s->best_score = score;
                s->best_pvlen = s->pvlen[0];
                memcpy(s->best_pv, s->pv[0], (size_t)s->pvlen[0] * sizeof(Move));
            }
            for (int j = 0; j < i; j++)
                s->root[j].order--;
            s->can_stop = true;
            if (score >= beta)
                break;
        }
    }
    if (!s->best_move && s->nroot) {
        s->best_move = s->root[0].move;
        s->best_score = best;
        s->best_pvlen = 1;
        s->best_pv[0] = s->best_move;
    }
    s->can_stop = true;
    return best;
}

int search_root_choose(Search *s, int depth, int guard, uint64_t nodes)
{
    Position *pos = s->pos;
    Move was = s->best_move;
    int was_score = s->best_score;
    if (s->nroot < 2 || depth < 1 || !was || abs(was_score) >= SEARCH_MATE_BOUND)
        return was_score;
    bool in_check = pos->king[pos->side] && pos_in_check(pos);
    int alpha = was_score - guard - 1, beta = was_score + guard + 1, top = was_score;
    int *score = xmalloc((size_t)s->nroot * sizeof *score);
    s->iter = depth;
    s->stopped = false;
    s->can_stop = true;
    s->node_limit = s->nodes + nodes;
    qsort(s->root, (size_t)s->nroot, sizeof s->root[0], cmp_root);
    for (int i = 0; i < s->nroot; i++) {
        RootMove *rm = &s->root[i];
        score[i] = -SEARCH_INF; /* not searched to the end */
        if (!s->stopped) {
            make_move(s, 0, rm->move, gives_check(s, rm->move));
            int v = -search(s, -beta, -alpha, depth - 1 + in_check, 1, true);
            pos_unmake(pos);
            if (!s->stopped)
                score[i] = v;
        }
        if (rm->move == was && score[i] < was_score)
            score[i] = was_score; /* the best move stays a choice */
        if (score[i] > top)
            top = score[i];
    }
    /* the move of score top (the last search's best move, or one better)
     * is always within the guard, so a move is chosen */
    int chosen = -1, best = 0;
    for (int i = 0; i < s->nroot; i++) {
        if (score[i] == -SEARCH_INF || score[i] < top - guard)
            continue;
        int v = score[i] + s->root[i].noise;
        if (chosen < 0 || v > best)
            chosen = i, best = v;
    }
    s->stopped = false;
    s->best_score = score[chosen];
    if (s->root[chosen].move != was) {
        s->best_move = s->root[chosen].move;
        s->best_pv[0] = s->best_move;
        s->best_pvlen = 1;
    }
    free(score);
    return s->best_score;
}
