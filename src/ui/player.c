/* The AI player (see player.h): a worker thread around a blocking search,
 * a pipe to wake the poll loop, and a mutex for what the two threads share.
 * The search itself is one of two backends chosen at compile time. */
#include "player.h"

#include "kage/movegen.h"
#include "kage/util.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include("kage/search.h")
#include "kage/search.h"
#define PLAYER_HAVE_ENGINE 1
#endif
#endif

struct Player {
    int level, wake_fd;
    pthread_t thread;
    bool running;       /* a thread exists and has not been joined */
    atomic_bool done;   /* the thread has stored its move */
    atomic_bool stop;   /* asked to stop early */
    Position *pos;      /* the worker's own copy */
    Move move;
    PlayerTime time;
    bool timed;
    pthread_mutex_t lock; /* guards info */
    char info[128];
    bool info_new;
    struct timespec last_wake;
#ifdef PLAYER_HAVE_ENGINE
    Engine *engine;
#endif
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

#ifdef PLAYER_HAVE_ENGINE
static const char player_label[] = "Kage engine";

/* Called from the search thread: keep the line, wake the UI at most four
 * times a second so that a slow link is not flooded. */
static void on_info(void *ctx, const SearchInfo *si)
{
    Player *p = ctx;
    char buf[128];
    if (si->mate_in)
        snprintf(buf, sizeof buf, "depth %d  mate in %d  %lluk nodes", si->depth, si->mate_in,
                 (unsigned long long)si->nodes / 1000);
    else
        snprintf(buf, sizeof buf, "depth %d  %+.2f  %lluk nodes", si->depth, si->score_cp / 100.0,
                 (unsigned long long)si->nodes / 1000);
    pthread_mutex_lock(&p->lock);
    snprintf(p->info, sizeof p->info, "%s", buf);
    p->info_new = true;
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

static Move backend_think(Player *p)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = p->level;
    lim.movetime_ms = level_movetime_ms(p->level);
    if (p->timed) {
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

static void backend_stop(Player *p) { engine_stop(p->engine); }
static void backend_init(Player *p) { p->engine = engine_new(16); }
static void backend_free(Player *p) { engine_free(p->engine); }
static void backend_new_game(Player *p) { engine_new_game(p->engine); }

#else
static const char player_label[] = "random mover (AI not built yet)";

/* Think for a moment, so that the move can be seen coming, then pick any
 * legal move; stops early when asked. */
static Move backend_think(Player *p)
{
    int wait_ms = level_movetime_ms(p->level) < 300 ? level_movetime_ms(p->level) : 300;
    for (int t = 0; t < wait_ms && !atomic_load(&p->stop); t += 10) {
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
    }
    MoveList list;
    movegen_legal(p->pos, &list);
    pthread_mutex_lock(&p->lock);
    snprintf(p->info, sizeof p->info, "picked 1 of %d legal moves at random", list.count);
    p->info_new = true;
    pthread_mutex_unlock(&p->lock);
    return list.count ? list.moves[rand() % list.count] : MOVE_NONE;
}

static void backend_stop(Player *p) { (void)p; }
static void backend_init(Player *p) { srand((unsigned)time(NULL) ^ (unsigned)getpid()); (void)p; }
static void backend_free(Player *p) { (void)p; }
static void backend_new_game(Player *p) { (void)p; }
#endif

static void *player_thread(void *arg)
{
    Player *p = arg;
    p->move = backend_think(p);
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
    backend_init(p);
    return p;
}

void player_free(Player *p)
{
    if (!p)
        return;
    player_cancel(p);
    backend_free(p);
    if (p->pos)
        pos_free(p->pos);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

const char *player_name(const Player *p)
{
    (void)p;
    return player_label;
}

void player_set_level(Player *p, int level) { p->level = level; }
void player_new_game(Player *p) { backend_new_game(p); }

void player_start(Player *p, const Position *pos, const PlayerTime *t)
{
    player_cancel(p);
    if (p->pos && p->pos->v != pos->v) {
        pos_free(p->pos);
        p->pos = NULL;
    }
    if (!p->pos)
        p->pos = pos_new(pos->v);
    pos_copy(p->pos, pos);
    p->timed = t != NULL;
    if (t)
        p->time = *t;
    atomic_store(&p->done, false);
    atomic_store(&p->stop, false);
    pthread_mutex_lock(&p->lock);
    p->info[0] = 0;
    p->info_new = false;
    pthread_mutex_unlock(&p->lock);
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
        backend_stop(p);
    }
}

void player_cancel(Player *p)
{
    if (p->running) {
        atomic_store(&p->stop, true);
        backend_stop(p);
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
