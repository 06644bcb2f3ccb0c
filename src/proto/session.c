/* The game and search thread behind the engine protocols. */
#include "session.h"

#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_VARIANT "shinobiplus"

static pthread_mutex_t out_mu = PTHREAD_MUTEX_INITIALIZER;

void session_printf(const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&out_mu);
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fflush(stdout);
    pthread_mutex_unlock(&out_mu);
}

SessionLine session_read_line(FILE *in, char **line, size_t *cap)
{
    if (!*line) {
        *cap = 256;
        *line = xmalloc(*cap);
    }
    size_t n = 0;
    bool dropped = false;
    int c;
    flockfile(in);
    while ((c = getc_unlocked(in)) != EOF && c != '\n') {
        if (n == SESSION_LINE_MAX) { /* the rest of the line is read, not kept */
            dropped = true;
            continue;
        }
        if (n + 2 > *cap) {
            *cap = *cap * 2 > SESSION_LINE_MAX + 1 ? SESSION_LINE_MAX + 1 : *cap * 2;
            *line = xrealloc(*line, *cap);
        }
        (*line)[n++] = (char)c;
    }
    funlockfile(in);
    (*line)[n] = 0;
    if (c == EOF && !n)
        return SESSION_LINE_END;
    return dropped ? SESSION_LINE_LONG : SESSION_LINE_OK;
}

void session_serve(FILE *in, const bool *quit, SessionLineFn on_line, SessionLongFn on_long, void *ctx)
{
    char *line = NULL, **w = NULL;
    size_t cap = 0, wcap = 0;
    SessionLine got;
    while (!*quit && (got = session_read_line(in, &line, &cap)) != SESSION_LINE_END) {
        if (got == SESSION_LINE_LONG) {
            on_long(ctx, line);
            continue;
        }
        int n = session_split(line, &w, &wcap);
        if (n)
            on_line(ctx, n, w);
    }
    free(line);
    free(w);
}

int session_split(char *line, char ***words, size_t *cap)
{
    size_t need = strlen(line) / 2 + 2; /* words are at least one character and a blank */
    if (need > *cap) {
        *words = xrealloc(*words, need * sizeof **words);
        *cap = need;
    }
    int n = 0;
    for (char *p = strtok(line, " \t\r\n"); p; p = strtok(NULL, " \t\r\n"))
        (*words)[n++] = p;
    return n;
}

bool session_number(const char *text, long lo, long hi, long *out)
{
    if (!text || !*text)
        return false;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (*end || errno == ERANGE || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

bool session_decimal(const char *text, double lo, double hi, double *out)
{
    if (!text || !*text)
        return false;
    char *end;
    double v = strtod(text, &end);
    if (*end || v != v || !(v >= lo && v <= hi)) /* v != v: NaN */
        return false;
    *out = v;
    return true;
}

/* What session_set_caps said: none but in the protocol fuzzer.  Each
 * session copies it; the hash cap is read in session_engine, which the
 * protocols' Hash option calls without the session. */
static SessionCaps caps_now;

void session_set_caps(const SessionCaps *caps) { caps_now = *caps; }

void session_init(Session *s, size_t hash_mb)
{
    memset(s, 0, sizeof *s);
    s->hash_mb = hash_mb;
    s->level = 10;
    s->caps = caps_now;
    s->engine = session_engine(hash_mb, NULL);
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    if (!session_set_variant(s, DEFAULT_VARIANT))
        abort();
}

void session_free(Session *s)
{
    session_stop(s);
    engine_free(s->engine);
    pos_free(s->pos);
    pos_free(s->search_pos);
    variant_free(s->v);
    record_clear(&s->rec);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
}

bool session_set_variant(Session *s, const char *id)
{
    const VariantDef *def = variant_find(id);
    KageError err;
    Variant *v = def ? variant_new(def, &err) : NULL;
    if (!v)
        return false;
    session_stop(s);
    pos_free(s->pos);
    pos_free(s->search_pos);
    s->search_pos = NULL;
    variant_free(s->v);
    s->def = def;
    s->v = v;
    s->pos = pos_new(v);
    record_clear(&s->rec);
    s->rec.def = def;
    return true;
}

/* The pass (a Lion or Wolf staying put) among the legal moves of pos. */
static bool cashew_pass(Position *pos, Move *out, KageError *err)
{
    MoveList legal;
    movegen_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++)
        if (move_kind(legal.moves[i]) == MOVE_PASS) {
            *out = legal.moves[i];
            return true;
        }
    return kage_error(err, -1, "illegal move: 0000 (no pass is possible here)");
}

bool session_set_position(Session *s, const char *fen, char **moves, int nmoves, KageError *err)
{
    Position *tmp = pos_new(s->v);
    GameRecord rec;
    record_init(&rec, s->def);
    if (fen && strcmp(fen, "startpos")) {
        if (!pos_set_fen(tmp, fen, err)) {
            pos_free(tmp);
            return false;
        }
        record_start_at(&rec, tmp);
    }
    for (int i = 0; i < nmoves; i++) {
        Move m;
        /* UCI's null move 0000 is the pass (XBoard's @@@@) where there is one */
        if (!strcmp(moves[i], "0000") && !cashew_pass(tmp, &m, err)) {
            pos_free(tmp);
            record_clear(&rec);
            return false;
        }
        if (strcmp(moves[i], "0000") && !move_from_text(tmp, moves[i], MOVE_FOR_PROTOCOL, &m, err)) {
            pos_free(tmp);
            record_clear(&rec);
            return false;
        }
        pos_make(tmp, m);
        record_push(&rec, m);
    }
    pos_free(s->pos);
    s->pos = tmp;
    record_clear(&s->rec);
    s->rec = rec;
    return true;
}

void session_play(Session *s, Move m)
{
    pos_make(s->pos, m);
    record_push(&s->rec, m);
}

bool session_take_back(Session *s, int k)
{
    if (s->rec.nmoves < k)
        return false;
    for (int i = 0; i < k; i++)
        pos_unmake(s->pos);
    record_truncate(&s->rec, s->rec.nmoves - k);
    return true;
}

static void *search_thread(void *arg)
{
    Session *s = arg;
    Move best = engine_search(s->engine, s->search_pos, &s->lim, s->info_fn, s->ctx);
    atomic_store(&s->decided, true);
    if (!atomic_load(&s->discard))
        s->done_fn(s, best);
    pthread_mutex_lock(&s->mu);
    s->finished = true;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

Engine *session_engine(size_t mb, size_t *got)
{
    size_t want = caps_now.hash_mb && mb > caps_now.hash_mb ? caps_now.hash_mb : mb;
    Engine *e = engine_new(want);
    if (got)
        *got = engine_hash_mb(e) < want ? engine_hash_mb(e) : mb;
    return e;
}

void session_go(Session *s, const SearchLimits *lim, SearchInfoFn info_fn, SessionDoneFn done_fn, void *ctx)
{
    session_stop(s);
    if (!s->search_pos)
        s->search_pos = pos_new(s->v);
    pos_copy(s->search_pos, s->pos);
    s->lim = *lim;
    const SessionCaps *cap = &s->caps;
    if (cap->nodes && (!s->lim.nodes || s->lim.nodes > cap->nodes))
        s->lim.nodes = cap->nodes;
    if (cap->depth && (!s->lim.depth || s->lim.depth > cap->depth))
        s->lim.depth = cap->depth;
    if (cap->nodes || cap->depth)
        s->lim.infinite = false; /* a capped search ends by itself */
    s->info_fn = info_fn;
    s->done_fn = done_fn;
    s->ctx = ctx;
    s->finished = false;
    atomic_store(&s->decided, false);
    atomic_store(&s->discard, false);
    engine_prepare(s->engine);
    if (pthread_create(&s->thread, NULL, search_thread, s) != 0) {
        /* no thread: search here, so that a move is still given */
        search_thread(s);
        return;
    }
    s->running = true;
}

/* Wait until the search thread has finished, asking it to stop first when
 * `stop` (a stop made before the search has begun is kept for it). */
static void wait_for_search(Session *s, bool stop)
{
    if (!s->running)
        return;
    if (stop)
        engine_stop(s->engine);
    pthread_mutex_lock(&s->mu);
    while (!s->finished)
        pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
    pthread_join(s->thread, NULL);
    s->running = false;
}

void session_stop(Session *s) { wait_for_search(s, true); }

void session_abort(Session *s)
{
    if (s->running)
        atomic_store(&s->discard, true);
    wait_for_search(s, true);
}

void session_wait(Session *s) { wait_for_search(s, false); }

bool session_busy(Session *s)
{
    if (!s->running)
        return false;
    /* the thread sets decided before finished, on every path: until then
     * it is thinking; after, the move is out (or discarded) and only the
     * report is left, which we wait for */
    if (!atomic_load(&s->decided))
        return true;
    wait_for_search(s, false);
    return false;
}
