/* The engine around the search: its life cycle, time management, playing
 * levels, and the iterative-deepening driver that reports progress. */
#include "search_internal.h"
#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A helper thread of a search with several threads (Lazy SMP): a search of
 * its own (position, histories, killers) that shares the engine's table,
 * iterating over depths of its own until the main search has ended. */
typedef struct Helper {
    Search *s;
    Position *work;
    pthread_t tid;
    int idx;           /* 1, 2, ...: which helper, for its depths */
    int max_depth;
    int completed;     /* the deepest iteration it finished ... */
    Move done_move;    /* ... and that iteration's best move, score and line */
    int done_score;
    Move done_pv[MAX_PLY];
    int done_pvlen;
} Helper;

struct Engine {
    TT tt;
    EvalParams ep;
    SearchParams sp;   /* the tunables this engine searches with ... */
    const VariantDef *sp_def; /* ... for this variant */
    bool sp_over[SEARCH_PARAM_COUNT]; /* numbers a tuner set, whatever the variant */
    int sp_value[SEARCH_PARAM_COUNT];
    Search *s;
    Position *work;    /* private copy of the position being searched */
    _Atomic bool stop;
    uint64_t rng;
    int nthreads;          /* threads a search may use (engine_set_threads) */
    Helper *helper;        /* nthreads - 1 of them, made when first needed */
    int nhelpers;
    _Atomic bool helpers_stop; /* set when the main search has ended */
};

/* Playing levels 1..9: a depth cap, a node cap, the amplitude of the
 * random bonus each root move gets (centipawns) and the guard: the level
 * chooses, by score plus bonus, among the moves its own search sees within
 * guard of its best (search_root_choose), so that the bonus varies its play
 * without giving material away.  Level 10 is unlimited. */
static const struct {
    int depth;
    uint64_t nodes;
    int noise, guard;
} levels[11] = {
    [1] = {2, 5000, 400, 200},   [2] = {2, 15000, 250, 150},    [3] = {2, 30000, 120, 80},
    [4] = {3, 60000, 150, 100},  [5] = {4, 120000, 80, 60},     [6] = {5, 250000, 50, 45},
    [7] = {7, 800000, 32, 30},   [8] = {8, 1500000, 20, 20},    [9] = {10, 4000000, 10, 10},
    [10] = {0, 0, 0, 0},
};

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec;
}

Engine *engine_new(size_t hash_mb)
{
    Engine *e = xcalloc(1, sizeof *e);
    e->sp = search_params_default;
    tt_init(&e->tt, hash_mb);
    e->s = xcalloc(1, sizeof *e->s);
    atomic_init(&e->stop, false);
    e->rng = clock_seed();
    e->nthreads = 1;
    atomic_init(&e->helpers_stop, false);
    return e;
}

static void helpers_free(Engine *e)
{
    for (int i = 0; i < e->nhelpers; i++) {
        pos_free(e->helper[i].work);
        free(e->helper[i].s->cont);
        free(e->helper[i].s);
    }
    free(e->helper);
    e->helper = NULL;
    e->nhelpers = 0;
}

void engine_set_threads(Engine *e, int n)
{
    n = n < 1 ? 1 : n > ENGINE_MAX_THREADS ? ENGINE_MAX_THREADS : n;
    if (n != e->nthreads)
        helpers_free(e);
    e->nthreads = n;
}

int engine_threads(const Engine *e) { return e->nthreads; }

size_t engine_hash_mb(const Engine *e) { return e->tt.mb; }

void engine_free(Engine *e)
{
    if (!e)
        return;
    tt_free(&e->tt);
    helpers_free(e);
    pos_free(e->work);
    free(e->s->cont);
    free(e->s);
    free(e);
}

void engine_new_game(Engine *e)
{
    tt_clear(&e->tt);
    memset(e->s->history, 0, sizeof e->s->history);
    memset(e->s->caphist, 0, sizeof e->s->caphist);
    if (e->s->cont)
        memset(e->s->cont, 0, search_cont_cells(e->s->cont_dim) * sizeof *e->s->cont);
    helpers_free(e); /* their histories go with them */
    e->rng = clock_seed();
}

void engine_set_seed(Engine *e, uint64_t seed) { e->rng = seed; }

void engine_stop(Engine *e) { atomic_store(&e->stop, true); }

void engine_prepare(Engine *e) { atomic_store(&e->stop, false); }

static void ensure_eval(Engine *e, const Variant *v)
{
    if (e->ep.def != v->def)
        eval_init(&e->ep, v);
    if (e->sp_def != v->def) {
        search_params_for(v->def->id, &e->sp);
        for (int i = 0; i < SEARCH_PARAM_COUNT; i++)
            if (e->sp_over[i])
                search_param_set(&e->sp, i, e->sp_value[i]);
        e->sp_def = v->def;
    }
}

bool engine_search_param_range(const char *name, int *lo, int *hi)
{
    int i = search_param_index(name);
    if (i >= 0)
        search_param_range(i, lo, hi);
    return i >= 0;
}

bool engine_set_search_param(Engine *e, const char *name, int value)
{
    int i = search_param_index(name);
    if (i < 0 || !search_param_set(&e->sp, i, value))
        return false;
    e->sp_over[i] = true;
    e->sp_value[i] = value;
    return true;
}

void engine_take_search_params(Engine *to, const Engine *from)
{
    memcpy(to->sp_over, from->sp_over, sizeof to->sp_over);
    memcpy(to->sp_value, from->sp_value, sizeof to->sp_value);
    to->sp_def = NULL;
}

int engine_evaluate(Engine *e, const Position *pos)
{
    ensure_eval(e, pos->v);
    return eval_evaluate(&e->ep, pos);
}

int engine_eval_trace(Engine *e, const Position *pos, int *count, int max, int *phase)
{
    ensure_eval(e, pos->v);
    if (max < e->ep.nfeat)
        return -1;
    eval_trace(&e->ep, pos, count, phase);
    return e->ep.nfeat;
}

int engine_evaluate_base(Engine *e, const Position *pos)
{
    ensure_eval(e, pos->v);
    return eval_evaluate_base(&e->ep, pos);
}

int engine_nn_inputs(const Position *pos, Color persp, uint16_t *idx, int max, int *ninputs)
{
    uint16_t all[NN_MAX_ACTIVE];
    int n = nn_inputs(pos, persp, all);
    *ninputs = nn_ninputs(pos->v);
    if (n > max)
        return -1;
    memcpy(idx, all, (size_t)n * sizeof *idx);
    return n;
}

void engine_eval_feature_name(Engine *e, int f, char *buf, size_t size) { eval_feature_name(&e->ep, f, buf, size); }

void engine_eval_weight(Engine *e, int f, int *mg, int *eg)
{
    *mg = e->ep.w[f][0];
    *eg = e->ep.w[f][1];
}

/* Time for this move: a soft target (do not start another iteration after
 * most of it is used) and a hard limit that keeps a safety margin on the
 * clock, so that the engine never loses on time. */
static void plan_time(const SearchParams *sp, const SearchLimits *lim, Color us, int64_t *soft, int64_t *hard)
{
    *soft = *hard = 0;
    if (lim->infinite)
        return;
    if (lim->movetime_ms > 0) {
        int margin = lim->movetime_ms > 200 ? sp->movetime_margin : lim->movetime_ms / 8;
        *soft = *hard = lim->movetime_ms - margin > 1 ? lim->movetime_ms - margin : 1;
        return;
    }
    int64_t t = lim->time_ms[us] > 0 ? lim->time_ms[us] : 0, inc = lim->inc_ms[us] > 0 ? lim->inc_ms[us] : 0;
    int64_t by = lim->byoyomi_ms > 0 ? lim->byoyomi_ms : 0;
    if (t == 0 && by == 0 && inc == 0) {
        if (lim->clock) /* out of time: the first move found, at once */
            *soft = *hard = 1;
        return;
    }
    int64_t total = t + by;
    int64_t margin = sp->clock_margin + total / sp->clock_margin_div;
    if (margin > sp->clock_margin_max)
        margin = sp->clock_margin_max;
    int64_t usable = total - margin > 1 ? total - margin : (total / 2 > 1 ? total / 2 : 1);
    int mtg = lim->moves_to_go > 0 ? (lim->moves_to_go < sp->moves_to_go_max ? lim->moves_to_go : sp->moves_to_go_max)
                                   : sp->moves_to_go;
    int64_t target = t / mtg + inc * 3 / 4 + by;
    int64_t cap = t / 3 + by;
    *hard = target * sp->hard_factor < cap ? target * sp->hard_factor : cap;
    if (*hard > usable)
        *hard = usable;
    if (*hard < 1)
        *hard = 1;
    *soft = target < *hard ? target : *hard;
}

int search_time_percent(const SearchParams *sp, int changes, int stable, int fall)
{
    int pct = 100 + sp->tm_change * changes / 100;
    if (fall > 0) {
        int more = fall * sp->tm_fall / 10;
        if (more > sp->tm_fall_max)
            more = sp->tm_fall_max;
        pct = pct * (100 + more) / 100;
    }
    if (stable >= sp->tm_stable_iters)
        pct = pct * sp->tm_stable_percent / 100;
    return pct;
}

/* How many moves of the PV a GUI can play: up to the one that ends the
 * game by the rules.  The search scores a repetition only where it looks
 * for one (not in the quiescence search), so a line can run on past the
 * n-fold repetition that ends the game, and a strict GUI refuses a move
 * after the game's end.  Replayed on a copy of the root position: making
 * and unmaking moves on the search's own would reorder its piece lists,
 * and with them the order of its moves. */
int search_pv_playable(const Position *root, const Move *pv, int n)
{
    if (n == 0)
        return 0;
    Position *pos = pos_new(root->v);
    pos_copy(pos, root);
    int k = 0;
    while (k < n) {
        pos_make(pos, pv[k++]);
        if (game_result(pos).outcome != OUTCOME_NONE)
            break;
    }
    pos_free(pos);
    return k;
}

static void fill_info(const Search *s, SearchInfo *info, int depth, uint64_t nodes)
{
    memset(info, 0, sizeof *info);
    int64_t ms = search_now_ms() - s->start_ms;
    info->depth = depth;
    info->seldepth = s->seldepth;
    info->score_cp = s->best_score;
    if (s->best_score >= SEARCH_MATE_BOUND)
        info->mate_in = SEARCH_MATE - s->best_score;
    else if (s->best_score <= -SEARCH_MATE_BOUND)
        info->mate_in = -(SEARCH_MATE + s->best_score);
    info->nodes = nodes;
    info->time_ms = (int)ms;
    info->nps = ms > 0 ? nodes * 1000 / (uint64_t)ms : nodes * 1000;
    info->pvlen = search_pv_playable(s->pos, s->best_pv, s->best_pvlen < 64 ? s->best_pvlen : 64);
    memcpy(info->pv, s->best_pv, (size_t)info->pvlen * sizeof(Move));
}

/* After search_begin(): the root moves less those lim avoids (unless only
 * those are left); returns their count. */
static int drop_avoided(Search *s, const SearchLimits *lim)
{
    int kept = 0;
    for (int i = 0; i < s->nroot; i++) {
        bool avoided = false;
        for (int k = 0; k < lim->navoid; k++)
            avoided |= s->root[i].move == lim->avoid[k];
        if (!avoided)
            s->root[kept++] = s->root[i];
    }
    if (kept) /* only avoided moves: play one of them all the same */
        s->nroot = kept;
    return s->nroot;
}

/* One iteration at depth, with an aspiration window around the last
 * iteration's score that widens until the score falls inside it; returns
 * that score, or `score` unchanged when the search was stopped. */
static int iterate(const SearchParams *sp, Search *s, int depth, int score)
{
    int delta = sp->asp_delta, alpha = -SEARCH_INF, beta = SEARCH_INF;
    if (depth >= sp->asp_depth && abs(score) < SEARCH_MATE_BOUND) {
        alpha = score - delta;
        beta = score + delta;
    }
    for (;;) {
        int v = search_root(s, depth, alpha, beta);
        if (s->stopped)
            return score;
        if (v <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = v - delta > -SEARCH_INF ? v - delta : -SEARCH_INF;
        } else if (v >= beta) {
            beta = v + delta < SEARCH_INF ? v + delta : SEARCH_INF;
        } else {
            return v;
        }
        delta += delta / 2 + sp->asp_grow;
        if (delta > sp->asp_max)
            alpha = -SEARCH_INF, beta = SEARCH_INF;
    }
}

/* Which depths each helper leaves out, so that the threads spread over
 * several depths instead of all searching the same one (as Stockfish 9's
 * Lazy SMP did): helper i skips depth d when ((d + ply + phase) / size) is
 * odd, with size and phase from row (i - 1) % 20. */
static const int skip_size[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
static const int skip_phase[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};

static void *helper_main(void *arg)
{
    Helper *h = arg;
    Search *s = h->s;
    int row = (h->idx - 1) % 20, score = 0;
    for (int depth = 1; depth <= h->max_depth && !s->stopped; depth++) {
        if (depth > 1 && ((depth + s->root_ply + skip_phase[row]) / skip_size[row]) % 2)
            continue;
        score = iterate(s->sp, s, depth, score);
        if (s->stopped)
            break;
        h->completed = depth;
        h->done_move = s->best_move;
        h->done_score = s->best_score;
        h->done_pvlen = s->best_pvlen;
        memcpy(h->done_pv, s->best_pv, (size_t)s->best_pvlen * sizeof(Move));
    }
    return NULL;
}

/* Start the helpers on pos (the main search has begun on it); returns how
 * many run.  Each keeps its search, and so its histories, from move to move. */
static int helpers_start(Engine *e, const Position *pos, const SearchLimits *lim, int max_depth)
{
    if (!e->helper) {
        e->nhelpers = e->nthreads - 1;
        e->helper = xcalloc((size_t)e->nhelpers, sizeof *e->helper);
        for (int i = 0; i < e->nhelpers; i++)
            e->helper[i].s = xcalloc(1, sizeof *e->helper[i].s);
    }
    atomic_store(&e->helpers_stop, false);
    int running = 0;
    for (int i = 0; i < e->nhelpers; i++) {
        Helper *h = &e->helper[running];
        if (h->work && h->work->v != pos->v) {
            pos_free(h->work);
            h->work = NULL;
        }
        if (!h->work)
            h->work = pos_new(pos->v);
        pos_copy(h->work, pos);
        Search *s = h->s;
        s->pos = h->work;
        s->tt = &e->tt;
        s->ep = &e->ep;
        s->sp = &e->sp;
        s->stop = &e->helpers_stop;
        s->start_ms = e->s->start_ms;
        s->hard_ms = 0;
        s->node_limit = 0;
        h->idx = running + 1;
        h->max_depth = max_depth;
        h->completed = 0;
        h->done_move = MOVE_NONE;
        if (!search_begin(s) || !drop_avoided(s, lim))
            break;
        if (pthread_create(&h->tid, NULL, helper_main, h) != 0)
            break; /* fewer threads than asked: the search goes on with those it has */
        running++;
    }
    return running;
}

/* Stop the helpers and wait for them. */
static void helpers_stop(Engine *e, int running)
{
    atomic_store(&e->helpers_stop, true);
    for (int i = 0; i < running; i++)
        pthread_join(e->helper[i].tid, NULL);
    atomic_store(&e->helpers_stop, false);
}

/* The nodes of every thread of the search so far. */
static uint64_t total_nodes(const Engine *e, int running)
{
    uint64_t n = e->s->nodes;
    for (int i = 0; i < running; i++)
        n += __atomic_load_n(&e->helper[i].s->nodes, __ATOMIC_RELAXED);
    return n;
}

Move engine_search(Engine *e, Position *pos, const SearchLimits *lim, SearchInfoFn fn, void *ctx)
{
    Search *s = e->s;
    /* the clock runs from the call: the evaluation's set-up for a new
     * variant and the root's below count against the time as well */
    int64_t called_ms = search_now_ms();
    SearchLimits none = {0};
    if (!lim)
        lim = &none;
    if (!e->work)
        e->work = pos_new(pos->v);
    pos_copy(e->work, pos);
    ensure_eval(e, pos->v);
    tt_new_search(&e->tt);
    s->pos = e->work;
    s->tt = &e->tt;
    s->ep = &e->ep;
    s->sp = &e->sp;
    s->stop = &e->stop;
    s->start_ms = called_ms;

    int level = lim->level >= 1 && lim->level <= 10 ? lim->level : 10;
    int64_t soft, hard;
    plan_time(&e->sp, lim, pos->side, &soft, &hard);
    s->hard_ms = hard;
    /* the share of the soft target before no new iteration starts: a time
     * at most a move's (the screen's levels) or a clock's */
    int soft_percent = lim->movetime_ms > 0 ? e->sp.soft_percent : e->sp.clock_soft_percent;
    s->node_limit = lim->infinite ? 0 : lim->nodes;
    int max_depth = lim->depth > 0 && !lim->infinite ? lim->depth : MAX_PLY - 8;
    if (levels[level].depth && max_depth > levels[level].depth)
        max_depth = levels[level].depth;
    if (levels[level].nodes && (!s->node_limit || s->node_limit > levels[level].nodes))
        s->node_limit = levels[level].nodes;

    search_begin(s);
    int nroot = drop_avoided(s, lim);
    /* helpers where the search is limited by time or depth alone: a count
     * of nodes is one thread's, so that it plays the same moves each time */
    int running = e->nthreads > 1 && nroot && !s->node_limit && !levels[level].noise
                      ? helpers_start(e, pos, lim, max_depth)
                      : 0;
    int score = 0, completed = 0;
    /* for the time: the best move's changes (hundredths, halved each
     * iteration), the iterations it has held, the last iteration's score */
    int changes = 0, stable = 0, last_score = 0;
    Move last_best = MOVE_NONE;
    SearchInfo info;
    for (int depth = 1; nroot && depth <= max_depth; depth++) {
        score = iterate(&e->sp, s, depth, score);
        if (s->stopped)
            break;
        completed = depth;
        if (fn) {
            fill_info(s, &info, depth, total_nodes(e, running));
            fn(ctx, &info);
        }
        int64_t elapsed = search_now_ms() - s->start_ms;
        if (abs(s->best_score) >= SEARCH_MATE_BOUND && depth >= 2 * (SEARCH_MATE - abs(s->best_score)) + 4)
            break; /* a shorter mate would have been found by now */
        changes /= 2;
        if (depth > 1 && s->best_move != last_best)
            changes += 100, stable = 0;
        else
            stable++;
        int pct = search_time_percent(&e->sp, changes, stable, depth > 1 ? last_score - s->best_score : 0);
        last_best = s->best_move;
        last_score = s->best_score;
        /* a fixed time per move is used up (an unfinished iteration still
         * improves the move); a clock's target or a time at most is not:
         * more of it goes to a move that is still changing or a score that
         * falls, less to one that has held */
        bool exact = lim->movetime_ms > 0 && !lim->movetime_max;
        if (!lim->infinite &&
            ((nroot == 1 && hard) || (soft && !exact && elapsed >= soft * soft_percent / 100 * pct / 100)))
            break;
    }
    /* a lower level's choice among the moves within its guard of the best */
    if (levels[level].noise && !lim->infinite && completed && !atomic_load(&e->stop)) {
        uint64_t salt = splitmix64(&e->rng);
        int amp = levels[level].noise;
        for (int i = 0; i < nroot; i++) {
            uint64_t r = salt ^ (s->root[i].move * 0x9e3779b97f4a7c15ull);
            s->root[i].noise = (int)(splitmix64(&r) % (uint64_t)(2 * amp + 1)) - amp;
        }
        search_root_choose(s, completed, levels[level].guard, levels[level].nodes);
    }
    /* an infinite search waits for engine_stop() even when it is done */
    while (lim->infinite && !s->stopped && !atomic_load(&e->stop)) {
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
    uint64_t nodes = total_nodes(e, running);
    if (running) {
        helpers_stop(e, running);
        nodes = total_nodes(e, running);
        /* a helper that finished a deeper iteration with a score at least
         * as good as the main search's gives the move */
        for (int i = 0; i < running; i++) {
            const Helper *h = &e->helper[i];
            if (h->done_move && h->completed > completed && h->done_score >= s->best_score) {
                completed = h->completed;
                s->best_move = h->done_move;
                s->best_score = h->done_score;
                s->best_pvlen = h->done_pvlen;
                memcpy(s->best_pv, h->done_pv, (size_t)h->done_pvlen * sizeof(Move));
            }
        }
    }
    if (fn && nroot) {
        fill_info(s, &info, completed, nodes);
        fn(ctx, &info);
    }
    atomic_store(&e->stop, false); /* the request is used up */
    return nroot ? s->best_move : MOVE_NONE;
}
