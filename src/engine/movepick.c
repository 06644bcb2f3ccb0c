/* The move picker (see movepick.h): ordering by value for captures and
 * promotions, by killers and history for quiet moves, and generation put
 * off until a stage needs it, so that a cut-off by the hash move or a
 * capture costs no generation of quiet moves. */
#include "search_internal.h"
#include "kage/rules/movegen.h"

#include <stdlib.h>

/* Captures and promotions: the moves the noisy generator gives. */
static bool is_noisy(const Position *pos, Move m)
{
    return move_kind(m) == MOVE_PROMO || movegen_is_capture(pos, m);
}

static int16_t *caphist_entry(Search *s, Move m)
{
    const Position *pos = s->pos;
    int to = move_to(m);
    Piece p = pos->board[to];
    int victim = p != PIECE_EMPTY && !(p & PIECE_OFF) && piece_color(p) != pos->side ? piece_type(p) : 0;
    return &s->caphist[pos->side][movepick_moving_type(pos, m)][to][victim];
}

/* Most valuable victim first, least valuable attacker next, and how such
 * captures fared before. */
static int noisy_score(Search *s, Move m)
{
    int cap = see_captured_value(s, m);
    int gain = see_promotion_gain(s, m, cap > 0 || movegen_is_capture(s->pos, m));
    int h = s->sp->caphist_div ? *caphist_entry(s, m) / s->sp->caphist_div : 0;
    return (cap + gain) * 8 - s->ep->value[movepick_moving_type(s->pos, m)] / 8 + h;
}

/* What a search of this depth teaches the histories: depth^2, capped. */
static int history_bonus(const SearchParams *sp, int depth)
{
    return depth * depth > sp->history_max_bonus ? sp->history_max_bonus : depth * depth;
}

void movepick_update_capture_history(Search *s, int depth, Move best, const Move *noisies, int nnoisies)
{
    const SearchParams *sp = s->sp;
    if (!sp->caphist_div)
        return;
    int bonus = history_bonus(sp, depth);
    for (int i = 0; i < nnoisies; i++) {
        int16_t *h = caphist_entry(s, noisies[i]);
        int b = noisies[i] == best ? bonus : -bonus;
        *h = (int16_t)(*h + sp->history_scale * b - *h * abs(b) / sp->history_gravity);
    }
}

/* The continuation histories a quiet move is scored and updated by: the
 * moves one, two and four plies earlier (the same side's move before last
 * too), the reply to the last move counted twice. */
static const struct {
    int8_t back, weight;
} cont_plies[] = {{1, 2}, {2, 1}, {4, 1}};
#define NCONT ((int)(sizeof cont_plies / sizeof cont_plies[0]))

/* A quiet move's main history: where drop_history says so, a drop is kept
 * apart from a board move of the same kind to the same square. */
#define HISTORY(s, m)                                                                                         \
    ((s)->history[(s)->pos->side][(s)->sp->drop_history && move_kind(m) == MOVE_DROP]                       \
                 [movepick_moving_type((s)->pos, m)][move_to(m)])

int movepick_quiet_score(const Search *s, const MovePicker *mp, Move m)
{
    int score = HISTORY(s, m);
    if (mp->ncont) {
        int i = search_cont_index(s, m);
        if (i >= 0)
            for (int k = 0; k < mp->ncont; k++)
                score += mp->cont_weight[k] * mp->cont_row[k][i];
    }
    return score;
}

enum Stage {
    STAGE_TT,
    STAGE_NOISY_GEN,
    STAGE_NOISY,
    STAGE_KILLER1,
    STAGE_KILLER2,
    STAGE_QUIET_GEN,
    STAGE_QUIET,
    STAGE_BAD_NOISY,
    STAGE_CHECKS,
    STAGE_DONE
};

void movepick_init(Search *s, MovePicker *mp, int ply, Move tt, bool noisy_only)
{
    mp->stage = STAGE_TT;
    mp->tt = tt;
    mp->noisy_only = noisy_only;
    mp->ply = ply;
    mp->checks = false;
    mp->killer[0] = noisy_only ? MOVE_NONE : s->killers[ply][0];
    mp->killer[1] = noisy_only ? MOVE_NONE : s->killers[ply][1];
    mp->nnoisy = mp->inoisy = mp->nquiet = mp->iquiet = mp->nbad = mp->ibad = 0;
    /* the rows of the moves one, two and four plies back, found once for
     * every quiet move of the node (the sum is the same in any order) */
    mp->ncont = 0;
    if (!noisy_only && s->cont)
        for (int k = 0; k < NCONT && ply - cont_plies[k].back >= 0; k++) {
            int prev = s->cont_idx[ply - cont_plies[k].back];
            if (prev >= 0) {
                mp->cont_weight[mp->ncont] = cont_plies[k].weight;
                mp->cont_row[mp->ncont++] = &s->cont[prev * s->cont_dim];
            }
        }
}

/* The best remaining move of list[i..n) moved to place i. */
static Move select_best(ScoredMove *list, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (list[j].score > list[best].score)
            best = j;
    ScoredMove tmp = list[best];
    list[best] = list[i];
    list[i] = tmp;
    return tmp.move;
}

/* Shell sort of list[i..n), best first: once many quiet moves are wanted,
 * sorting the rest beats selecting them one by one. */
static void sort_rest(ScoredMove *list, int i, int n)
{
    static const int gaps[] = {57, 23, 10, 4, 1};
    for (int g = 0; g < 5; g++)
        for (int j = i + gaps[g]; j < n; j++) {
            ScoredMove x = list[j];
            int k = j;
            while (k - gaps[g] >= i && list[k - gaps[g]].score < x.score) {
                list[k] = list[k - gaps[g]];
                k -= gaps[g];
            }
            list[k] = x;
        }
}

/* A killer usable here: quiet, legal, not tried yet. */
static bool quiet_candidate(Search *s, const MovePicker *mp, Move m, int upto)
{
    if (m == MOVE_NONE || m == mp->tt)
        return false;
    for (int i = 0; i < upto; i++)
        if (m == mp->killer[i])
            return false;
    return !is_noisy(s->pos, m) && movegen_is_legal(s->pos, m);
}

static bool already_tried(const MovePicker *mp, Move m)
{
    return m == mp->tt || m == mp->killer[0] || m == mp->killer[1];
}

/* The quiet moves that may give check, in movegen_quiet()'s order: every
 * board move, and only the drops onto squares from which the dropped piece
 * would reach the enemy king on an empty board (the rest cannot check:
 * gives_check() would turn them down at its first test). */
static void quiet_check_candidates(Search *s, MoveList *list)
{
    Position *pos = s->pos;
    Color us = pos->side;
    int ksq = pos->king[!us];
    if (!s->ct.usable || !s->ct.has_reach || !pos->v->drop_types) {
        movegen_quiet(pos, list);
        return;
    }
    uint64_t within[MAX_PIECE_TYPES] = {0};
    if (ksq && pos->v->def->check_rule)
        for (int t = 1; t <= pos->v->ntypes; t++)
            if (pos->hand[us][t])
                within[t] = s->ct.reach[us][t][s->ct.plain[ksq]];
    movegen_quiet_drops_within(pos, list, within);
}

Move movepick_next(Search *s, MovePicker *mp, bool *noisy)
{
    Position *pos = s->pos;
    MoveList list;
    switch (mp->stage) {
    case STAGE_TT:
        mp->stage = STAGE_NOISY_GEN;
        if (mp->tt != MOVE_NONE) {
            /* the table may hold a move of another position with the same key bits */
            if (movegen_is_legal(pos, mp->tt) && (!mp->noisy_only || is_noisy(pos, mp->tt))) {
                *noisy = is_noisy(pos, mp->tt);
                return mp->tt;
            }
            mp->tt = MOVE_NONE;
        }
        /* fall through */
    case STAGE_NOISY_GEN:
        movegen_noisy(pos, &list);
        for (int i = 0; i < list.count; i++)
            if (list.moves[i] != mp->tt)
                mp->noisy[mp->nnoisy++] = (ScoredMove){list.moves[i], noisy_score(s, list.moves[i])};
        mp->stage = STAGE_NOISY;
        /* fall through */
    case STAGE_NOISY:
        while (mp->inoisy < mp->nnoisy) {
            Move m = select_best(mp->noisy, mp->inoisy, mp->nnoisy);
            mp->inoisy++;
            if (!mp->noisy_only && !see_ge(s, m, 0)) {
                mp->bad[mp->nbad++] = m;
                continue;
            }
            *noisy = true;
            return m;
        }
        if (mp->noisy_only) {
            mp->stage = mp->checks ? STAGE_CHECKS : STAGE_DONE;
            if (!mp->checks)
                return MOVE_NONE;
            /* quiet checks that do not lose the piece at once (kept in
             * the list of bad captures, which quiescence has no use for) */
            quiet_check_candidates(s, &list);
            for (int i = 0; i < list.count; i++)
                if (list.moves[i] != mp->tt && gives_check(s, list.moves[i]) && see_ge(s, list.moves[i], 0))
                    mp->bad[mp->nbad++] = list.moves[i];
            return movepick_next(s, mp, noisy);
        }
        mp->stage = STAGE_KILLER1;
        /* fall through */
    case STAGE_KILLER1:
        mp->stage = STAGE_KILLER2;
        if (quiet_candidate(s, mp, mp->killer[0], 0)) {
            *noisy = false;
            return mp->killer[0];
        }
        /* fall through */
    case STAGE_KILLER2:
        mp->stage = STAGE_QUIET_GEN;
        if (quiet_candidate(s, mp, mp->killer[1], 1)) {
            *noisy = false;
            return mp->killer[1];
        }
        /* fall through */
    case STAGE_QUIET_GEN:
        movegen_quiet(pos, &list);
        for (int i = 0; i < list.count; i++)
            if (!already_tried(mp, list.moves[i]))
                mp->quiet[mp->nquiet++] = (ScoredMove){list.moves[i], movepick_quiet_score(s, mp, list.moves[i])};
        mp->stage = STAGE_QUIET;
        /* fall through */
    case STAGE_QUIET:
        if (mp->iquiet < mp->nquiet) {
            int select = s->sp->quiet_select;
            if (mp->iquiet == select)
                sort_rest(mp->quiet, select, mp->nquiet);
            Move m = mp->iquiet < select ? select_best(mp->quiet, mp->iquiet, mp->nquiet) : mp->quiet[mp->iquiet].move;
            mp->iquiet++;
            *noisy = false;
            return m;
        }
        mp->stage = STAGE_BAD_NOISY;
        /* fall through */
    case STAGE_BAD_NOISY:
        if (mp->ibad < mp->nbad) {
            *noisy = true;
            return mp->bad[mp->ibad++];
        }
        mp->stage = STAGE_DONE;
        return MOVE_NONE;
    case STAGE_CHECKS:
        if (mp->ibad < mp->nbad) {
            *noisy = false;
            return mp->bad[mp->ibad++];
        }
        mp->stage = STAGE_DONE;
        /* fall through */
    default:
        return MOVE_NONE;
    }
}

/* The continuation histories of the move with continuation index ci, made
 * at ply, gain b (or lose, b < 0). */
static void update_continuation(Search *s, int ply, int ci, int b)
{
    const SearchParams *sp = s->sp;
    for (int k = 0; k < NCONT && ply - cont_plies[k].back >= 0; k++) {
        int prev = s->cont_idx[ply - cont_plies[k].back];
        if (prev < 0)
            continue;
        int16_t *c = &s->cont[prev * s->cont_dim + ci];
        *c = (int16_t)(*c + sp->history_scale * b - *c * abs(b) / sp->history_gravity);
    }
}

void movepick_update_history(Search *s, int ply, int depth, Move best, const Move *quiets, int nquiets)
{
    const SearchParams *sp = s->sp;
    int bonus = history_bonus(sp, depth);
    if (s->killers[ply][0] != best) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = best;
    }
    for (int i = 0; i < nquiets; i++) {
        int *h = &HISTORY(s, quiets[i]);
        int b = quiets[i] == best ? bonus : -bonus;
        *h += sp->history_scale * b - *h * abs(b) / sp->history_gravity; /* saturates near +-scale * gravity */
        int ci = search_cont_index(s, quiets[i]);
        if (ci >= 0)
            update_continuation(s, ply, ci, b);
    }
}

void movepick_reward_prior(Search *s, int ply, int depth)
{
    const Position *pos = s->pos;
    int ci = ply >= 1 ? s->cont_idx[ply - 1] : -1;
    /* a null move, Cashew (no continuation table), a capture or promotion */
    if (ci < 0 || pos->st->captured[0] != PIECE_EMPTY || move_kind(pos->st->move) == MOVE_PROMO)
        return;
    update_continuation(s, ply - 1, ci, history_bonus(s->sp, depth));
}
