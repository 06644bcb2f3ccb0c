/* What the UCI and XBoard front ends share: the game being played (variant,
 * position with its history), the engine, a search running on a worker
 * thread, and locked output lines. */
#ifndef KAGE_PROTO_SESSION_H
#define KAGE_PROTO_SESSION_H

#include "kage/engine/search.h"
#include "kage/records/record.h"
#include "kage/proto/proto.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

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
    SessionCaps caps;       /* on its searches (session_set_caps) */
    /* the search thread */
    pthread_t thread;
    bool running;           /* a thread was started and not yet joined */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool finished;          /* the running search has returned */
    _Atomic bool decided;   /* its move is chosen: being reported, or already */
    _Atomic bool discard;   /* the running search's move is thrown away (session_abort) */
    Position *search_pos;   /* the position the thread searches */
    SearchLimits lim;
    SearchInfoFn info_fn;
    SessionDoneFn done_fn;
    void *ctx;
};

/* An engine with a hash_mb table (within the caps' hash_mb), or a smaller
 * one where memory is short: *got (may be NULL) is hash_mb, or that size. */
Engine *session_engine(size_t hash_mb, size_t *got);
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
/* Stop a running search and throw its move away: done_fn is not called
 * (XBoard: no move may come after force, new, undo, setboard, result). */
void session_abort(Session *s);
/* Wait for a running search to end by itself. */
void session_wait(Session *s);
/* Is a search still running?  One that has ended, or has chosen its move
 * and is reporting it, is joined first, so that the game it may have
 * changed can be read: a reply that comes as soon as the move is out (a
 * GUI's other engine moving at once) is not taken for one out of turn. */
bool session_busy(Session *s);

/* The longest protocol line read, newline aside.  The longest line a GUI
 * sends is UCI's `position fen FEN moves M...` of a whole game: "position
 * fen " (13), a FEN of at most 1,023 characters (cmd_position's limit),
 * " moves" (6), and a blank and at most MOVE_TEXT_MAX - 1 = 63 characters a
 * move (Cashew's longest, a three-leg Lion or Wolf move in XBoard's text,
 * m11m12,m12m13,m13l13+, is 21): a 1,200-move game needs at most
 * 13 + 1023 + 6 + 1200 * 64 = 77,842 bytes.  1 MiB is thirteen times that. */
#define SESSION_LINE_MAX (1u << 20)

typedef enum SessionLine {
    SESSION_LINE_OK,   /* a line, without its newline */
    SESSION_LINE_LONG, /* longer than SESSION_LINE_MAX: *line holds its first
                        * SESSION_LINE_MAX bytes, the rest was read and dropped */
    SESSION_LINE_END,  /* the end of the input */
} SessionLine;

/* Read one line of in into *line (of *cap bytes, grown as needed but never
 * past SESSION_LINE_MAX + 1), NUL-terminated: memory stays bounded whatever
 * the input. */
SessionLine session_read_line(FILE *in, char **line, size_t *cap);

/* How many characters of a word of input a message shows: what is longer is
 * cut, and "..." says so.  Use "%.*s%s" with SESSION_SHOWN(text). */
#define SESSION_SHOWN_MAX 64
#define SESSION_SHOWN(text) (int)SESSION_SHOWN_MAX, (text), strlen(text) > SESSION_SHOWN_MAX ? "..." : ""

/* printf to stdout as one locked, flushed write (both threads print). */
void session_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The engine protocols' loop (uci_run, xboard_run): read in line by line
 * until its end or *quit; a line longer than SESSION_LINE_MAX goes to
 * on_long (its first SESSION_LINE_MAX bytes), every other line that has a
 * word goes to on_line split into words (w[0] the command). */
typedef void (*SessionLineFn)(void *ctx, int n, char **w);
typedef void (*SessionLongFn)(void *ctx, const char *line);
void session_serve(FILE *in, const bool *quit, SessionLineFn on_line, SessionLongFn on_long, void *ctx);

/* Split a line into words in place; *words (of *cap entries) grows to hold
 * them all, however many.  Returns the count. */
int session_split(char *line, char ***words, size_t *cap);

/* A whole number in [lo, hi] (nothing else on the word): true and *out, or
 * false and *out untouched. */
bool session_number(const char *text, long lo, long hi, long *out);
/* A decimal number (no NaN, no infinity) in [lo, hi]: as session_number. */
bool session_decimal(const char *text, double lo, double hi, double *out);

#endif
