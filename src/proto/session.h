/* What the UCI and XBoard front ends share: the game being played (variant,
 * position with its history), the engine, a search running on a worker
 * thread, and locked output lines. */
#ifndef KAGE_PROTO_SESSION_H
#define KAGE_PROTO_SESSION_H

#include "kage/engine/search.h"
#include "kage/records/record.h"
#include "kage/proto/proto.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct Session Session;
/* Called on the search thread when the search ends. */
typedef void (*SessionDoneFn)(Session *s, Move best);

struct Session {
    const VariantDef *def;
    Variant *v;
    GameRecord rec;         /* the game: the start position and the moves played since */
    Position *pos;          /* rec's start with rec's moves made: the position now */
    Engine *engine;
    size_t hash_mb;
    int level;
    /* the search thread */
    pthread_t thread;
    bool running;           /* a thread was started and not yet joined */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool finished;          /* the running search has returned */
    Position *search_pos;   /* the position the thread searches */
    SearchLimits lim;
    SearchInfoFn info_fn;
    SessionDoneFn done_fn;
    void *ctx;
};

/* Set up a session on the default variant with a hash_mb engine. */
void session_init(Session *s, size_t hash_mb);
void session_free(Session *s);

/* Switch to variant id (or an alias) at its start position; false if unknown. */
bool session_set_variant(Session *s, const char *id);

/* Set the game from a FEN (NULL or "startpos": the start) and moves in the
 * protocol's text; on any error nothing changes and err says why. */
bool session_set_position(Session *s, const char *fen, char **moves, int nmoves, KageError *err);

/* Play a legal move in the game. */
void session_play(Session *s, Move m);
/* Take back the last k moves; false (and nothing changes) if there are fewer. */
bool session_take_back(Session *s, int k);

/* Start searching the current position on a worker thread. */
void session_go(Session *s, const SearchLimits *lim, SearchInfoFn info_fn, SessionDoneFn done_fn, void *ctx);
/* Stop a running search and wait until it has reported its move. */
void session_stop(Session *s);
/* Wait for a running search to end by itself. */
void session_wait(Session *s);

/* printf to stdout as one locked, flushed write (both threads print). */
void session_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Split a line into words in place; returns the count (at most max). */
int session_split(char *line, char **words, int max);

#endif
