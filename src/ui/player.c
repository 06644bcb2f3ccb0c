/* The AI player (see player.h): a worker thread around the engine's
 * blocking search, a pipe to wake the poll loop, and a mutex for what the
 * two threads share. */
#define _GNU_SOURCE /* sched_getaffinity, getloadavg, gettid's syscall */
#include "player.h"

#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/engine/search.h"
#include "kage/rules/util.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct Player {
    int level, wake_fd;
    int threads;        /* asked for: 0 = what the host can spare */
    pthread_t thread;
    bool running;       /* a thread exists and has not been joined */
    atomic_bool done;   /* the thread has stored its move */
    atomic_bool stop;   /* asked to stop early */
    Position *pos;      /* the worker's own copy, searched */
    Position *root;     /* another copy, to write the principal variation */
    Move move;
    PlayerTime time;
    bool timed;
    bool hint;          /* full strength for HINT_MS, for the person */
    bool analyse;       /* full strength until cancelled: analysis of a position */
    pthread_mutex_t lock; /* guards info and the score */
    char info[192];
    bool info_new;
    bool scored;        /* the search has a score: score_cp, or mate_in != 0 */
    int score_cp, mate_in; /* the first player's view (mate_in > 0: the first player mates) */
    struct timespec last_wake;
    Engine *engine;
    /* a review: every position of a game searched in turn */
    Move *review_moves;   /* the game's moves from its root (p->pos) */
    int review_n;         /* moves; positions are review_n + 1 */
    uint64_t review_nodes;
    int *review_score;    /* per position: the first player's view, REVIEW_MATE for a mate */
    atomic_int review_done; /* positions scored so far, from the root on */
};

static void wake(Player *p)
{
    char c = 'A';
    while (write(p->wake_fd, &c, 1) < 0 && errno == EINTR)
        ;
}

static int level_movetime_ms(int level)
{
    static const int ms[] = {100, 200, 350, 600, 1000, 1500, 2500, 4000, 6000, 10000};
    return ms[(level < 1 ? 1 : level > 10 ? 10 : level) - 1];
}

static const char player_label[] = "Kage engine";

#define HINT_MS 2000

/* The principal variation in the notation players see, as far as it stays
 * legal (a line from the hash table may not), within size bytes. */
static void pv_text(Position *root, const SearchInfo *si, char *out, size_t size)
{
    size_t n = 0;
    int made = 0;
    out[0] = 0;
    for (int i = 0; i < si->pvlen && i < 8; i++) {
        char san[MOVE_TEXT_MAX];
        if (!movegen_is_legal(root, si->pv[i]))
            break;
        move_to_text(root, si->pv[i], MOVE_FOR_PEOPLE, san);
        size_t len = strlen(san);
        if (n + len + 2 >= size)
            break;
        n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "", san);
        pos_make(root, si->pv[i]);
        made++;
    }
    while (made--)
        pos_unmake(root);
}

void player_score_text(const Position *root, const SearchInfo *si, char *buf, size_t size)
{
    const VariantDef *d = root->v->def;
    Color us = root->side;
    const char *name[2] = {d->white_name, d->black_name};
    if (si->mate_in) {
        Color winner = si->mate_in > 0 ? us : !us;
        snprintf(buf, size, "%s mates in %d", name[winner], (abs(si->mate_in) + 1) / 2);
        return;
    }
    int cp = us == WHITE ? si->score_cp : -si->score_cp; /* the first player's view */
    if (cp == 0)
        snprintf(buf, size, "even");
    else
        snprintf(buf, size, "%s +%.2f", name[cp > 0 ? WHITE : BLACK], abs(cp) / 100.0);
}

/* Called from the search thread: keep the line (depth, score, speed, the
 * expected moves), wake the UI at most four times a second so that a slow
 * link is not flooded. */
static void on_info(void *ctx, const SearchInfo *si)
{
    Player *p = ctx;
    char buf[192], score[48], speed[24], pv[96];
    player_score_text(p->root, si, score, sizeof score);
    if (si->nps >= 1000000)
        snprintf(speed, sizeof speed, "%.1fMn/s", si->nps / 1e6);
    else
        snprintf(speed, sizeof speed, "%llukn/s", (unsigned long long)si->nps / 1000);
    pv_text(p->root, si, pv, sizeof pv);
    snprintf(buf, sizeof buf, "depth %d  %s  %s  %s", si->depth, score, speed, pv);
    pthread_mutex_lock(&p->lock);
    snprintf(p->info, sizeof p->info, "%s", buf);
    p->info_new = true;
    p->scored = true;
    p->score_cp = p->root->side == WHITE ? si->score_cp : -si->score_cp;
    p->mate_in = p->root->side == WHITE ? si->mate_in : -si->mate_in;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long ms = (now.tv_sec - p->last_wake.tv_sec) * 1000 + (now.tv_nsec - p->last_wake.tv_nsec) / 1000000;
    bool send = ms >= 250;
    if (send)
        p->last_wake = now;
    pthread_mutex_unlock(&p->lock);
    if (send)
        wake(p);
}

/* The worker's copies of pos (p->pos searched, p->root for the lines),
 * made anew for another variant. */
static void take_position(Player *p, const Position *pos)
{
    if (p->pos && p->pos->v != pos->v) {
        pos_free(p->pos);
        pos_free(p->root);
        p->pos = p->root = NULL;
    }
    if (!p->pos) {
        p->pos = pos_new(pos->v);
        p->root = pos_new(pos->v);
    }
    pos_copy(p->pos, pos);
    pos_copy(p->root, pos);
}

/* The score of a finished search, kept by review_info. */
typedef struct ReviewScore {
    bool have;
    int cp, mate_in; /* the side to move's view */
} ReviewScore;

static void review_info(void *ctx, const SearchInfo *si)
{
    ReviewScore *r = ctx;
    r->have = true;
    r->cp = si->score_cp;
    r->mate_in = si->mate_in;
}

/* The review's worker: each position from the root to the end, at a fixed
 * number of nodes (so that a slow machine only takes longer), its score
 * from the first player's view; a finished game's last position by its
 * result. */
static void *review_thread(void *arg)
{
    Player *p = arg;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = 10;
    lim.nodes = p->review_nodes;
    p->move = MOVE_NONE; /* a review plays nothing */
    for (int k = 0; k <= p->review_n && !atomic_load(&p->stop); k++) {
        Position *pos = p->pos;
        GameResult r = game_result(pos);
        int score;
        if (r.outcome != OUTCOME_NONE) {
            score = r.outcome == OUTCOME_WHITE_WINS ? REVIEW_MATE : r.outcome == OUTCOME_BLACK_WINS ? -REVIEW_MATE : 0;
        } else {
            ReviewScore rs = {0};
            engine_search(p->engine, pos, &lim, review_info, &rs);
            if (atomic_load(&p->stop))
                break;
            int s = rs.mate_in ? (rs.mate_in > 0 ? REVIEW_MATE : -REVIEW_MATE) : rs.cp;
            score = pos->side == WHITE ? s : -s;
        }
        p->review_score[k] = score;
        atomic_store(&p->review_done, k + 1);
        wake(p);
        if (k < p->review_n)
            pos_make(pos, p->review_moves[k]);
    }
    atomic_store(&p->done, true);
    wake(p);
    return NULL;
}

void player_start_review(Player *p, const Position *end, uint64_t nodes)
{
    player_cancel(p);
    take_position(p, end);
    int n = end->ply;
    free(p->review_moves);
    free(p->review_score);
    p->review_moves = xcalloc((size_t)n + 1, sizeof *p->review_moves);
    p->review_score = xcalloc((size_t)n + 1, sizeof *p->review_score);
    for (int k = n - 1; k >= 0; k--) {
        p->review_moves[k] = p->pos->st->move;
        pos_unmake(p->pos);
    }
    p->review_n = n;
    p->review_nodes = nodes;
    atomic_store(&p->review_done, 0);
    atomic_store(&p->done, false);
    atomic_store(&p->stop, false);
    engine_prepare(p->engine);
    if (pthread_create(&p->thread, NULL, review_thread, p) != 0) {
        review_thread(p); /* no thread: the screen waits, the review still comes */
        return;
    }
    p->running = true;
}

int player_review(Player *p, int *scores, int max)
{
    int done = atomic_load(&p->review_done);
    done = done < max ? done : max;
    if (p->review_score && done > 0)
        memcpy(scores, p->review_score, (size_t)done * sizeof *scores);
    return done;
}

static Move think(Player *p)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = p->level;
    lim.movetime_ms = level_movetime_ms(p->level);
    lim.movetime_max = true; /* a level's time is what the AI may take, not what it must */
    if (p->analyse) {
        lim.level = 10;
        lim.infinite = true;
    } else if (p->hint) {
        lim.level = 10;
        lim.movetime_ms = HINT_MS;
    } else if (p->timed) {
        /* the level's thinking time, unless the clock cannot afford it:
         * then the engine shares out what is left itself */
        Color us = p->pos->side;
        int left = p->time.time_ms[us], inc = p->time.inc_ms[us], byo = p->time.byoyomi_ms;
        int afford = left / 30 + inc / 2 + (left < byo ? byo / 2 : 0);
        if (left == 0 && byo)
            afford = byo / 2;
        for (int c = 0; c < 2; c++) {
            lim.time_ms[c] = p->time.time_ms[c];
            lim.inc_ms[c] = p->time.inc_ms[c];
        }
        lim.byoyomi_ms = byo;
        if (afford < lim.movetime_ms)
            lim.movetime_ms = afford > 20 ? afford : 0;
    }
    return engine_search(p->engine, p->pos, &lim, on_info, p);
}


/* How nice the AI's threads are: a shared host's other users, and the
 * screen's own drawing, come before its search. */
#define PLAYER_NICE 5

static void *player_thread(void *arg)
{
    Player *p = arg;
    /* Linux's nice is the thread's own, and the search's helper threads
     * inherit it; the screen's thread keeps its own */
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), PLAYER_NICE);
    p->move = think(p);
    atomic_store(&p->done, true);
    wake(p);
    return NULL;
}

Player *player_new(int level, int wake_fd)
{
    Player *p = xcalloc(1, sizeof *p);
    p->level = level;
    p->wake_fd = wake_fd;
    pthread_mutex_init(&p->lock, NULL);
    p->engine = engine_new(16);
    return p;
}

void player_free(Player *p)
{
    if (!p)
        return;
    player_cancel(p);
    engine_free(p->engine);
    free(p->review_moves);
    free(p->review_score);
    pos_free(p->pos);
    pos_free(p->root);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

int player_spare_threads(int cpus, double load)
{
    int spare = cpus - (int)(load + 0.5);
    if (spare > PLAYER_MAX_AUTO_THREADS)
        spare = PLAYER_MAX_AUTO_THREADS;
    return spare < 1 ? 1 : spare;
}

int player_host_threads(void)
{
    cpu_set_t set;
    long cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : sysconf(_SC_NPROCESSORS_ONLN);
    double load[1];
    if (getloadavg(load, 1) != 1)
        load[0] = 0;
    return player_spare_threads(cpus > 0 && cpus < 4096 ? (int)cpus : 1, load[0]);
}

void player_set_threads(Player *p, int n)
{
    player_cancel(p);
    p->threads = n;
    engine_set_threads(p->engine, n > 0 ? n : player_host_threads());
}

int player_threads(const Player *p) { return engine_threads(p->engine); }

const char *player_name(const Player *p)
{
    (void)p;
    return player_label;
}

void player_set_level(Player *p, int level) { p->level = level; }
void player_new_game(Player *p)
{
    engine_new_game(p->engine);
    if (p->threads <= 0) /* auto: what the host can spare now */
        player_set_threads(p, 0);
}

static void start(Player *p, const Position *pos, const PlayerTime *t, bool hint, bool analyse);

void player_start(Player *p, const Position *pos, const PlayerTime *t) { start(p, pos, t, false, false); }
void player_start_hint(Player *p, const Position *pos) { start(p, pos, NULL, true, false); }
void player_start_analysis(Player *p, const Position *pos) { start(p, pos, NULL, false, true); }

static void start(Player *p, const Position *pos, const PlayerTime *t, bool hint, bool analyse)
{
    player_cancel(p);
    p->hint = hint;
    p->analyse = analyse;
    take_position(p, pos);
    p->timed = t != NULL;
    if (t)
        p->time = *t;
    atomic_store(&p->done, false);
    atomic_store(&p->stop, false);
    pthread_mutex_lock(&p->lock);
    p->info[0] = 0;
    p->info_new = false;
    p->scored = false;
    pthread_mutex_unlock(&p->lock);
    engine_prepare(p->engine);
    if (pthread_create(&p->thread, NULL, player_thread, p) != 0) {
        /* no thread: think on this one; the screen waits but the game goes on */
        player_thread(p);
        return;
    }
    p->running = true;
}

bool player_busy(const Player *p) { return p->running && !atomic_load(&p->done); }

bool player_poll(Player *p, Move *out)
{
    if (!atomic_load(&p->done))
        return false;
    if (p->running)
        pthread_join(p->thread, NULL);
    p->running = false;
    atomic_store(&p->done, false);
    *out = p->move;
    return true;
}

void player_hurry(Player *p)
{
    if (p->running && !atomic_load(&p->done)) {
        atomic_store(&p->stop, true);
        engine_stop(p->engine);
    }
}

void player_cancel(Player *p)
{
    if (p->running) {
        atomic_store(&p->stop, true);
        engine_stop(p->engine); /* kept for a search that has not begun yet */
        pthread_join(p->thread, NULL);
        p->running = false;
    }
    atomic_store(&p->done, false);
}

bool player_info(Player *p, char *buf, size_t size)
{
    pthread_mutex_lock(&p->lock);
    bool have = p->info[0] != 0;
    snprintf(buf, size, "%s", p->info);
    p->info_new = false;
    pthread_mutex_unlock(&p->lock);
    return have;
}

bool player_score(Player *p, int *cp, int *mate_in)
{
    pthread_mutex_lock(&p->lock);
    bool scored = p->scored;
    *cp = p->score_cp;
    *mate_in = p->mate_in;
    pthread_mutex_unlock(&p->lock);
    return scored;
}
