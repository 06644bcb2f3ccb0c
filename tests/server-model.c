/* A stateful fuzzer of the lobby server (issue 70): many simulated clients
 * of a few Unix users and a shared account, driven without sockets (or
 * with a socket pair the server may close and free), send random valid and
 * invalid command sequences: hello right and wrong, the lobby, challenges,
 * cancels, accepts, legal and illegal moves, stale plies, resignations,
 * draws, watching, records, long pings, garbage, overlong lines, floods.
 * Some never read what they are sent (it piles up to the server's cap),
 * some go away and come back; the clock jumps (flags, abandoned games) and
 * the server is restarted over the same database now and then.
 *
 * After every step the server's lobby and games are checked against a
 * model: what a reading client and a lobby observer were told, the
 * challenges seen withdrawn, the stored games replayed with the rules (and
 * the whole database checked as kage server --check does at every restart
 * and at the end).  On
 * a violation (or a crash, or a sanitizer's report) it prints the seed,
 * the step and the last actions, and exits 1.
 *
 *   server-model [--seed=N] [--steps=N] [--seconds=N] [--clients=N] [--verbose]
 *
 * --steps bounds the run by steps (10000 without either), --seconds by
 * time; --verbose prints every action and every line a reading client is
 * sent.  Exit: 0 no violation, 1 a violation, 2 bad arguments, 99 no
 * temporary folder.  The same seed and steps give the same run, on the
 * same server code. */
#include "server_internal.h"

#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define CLIENTS_MAX 32
#define TRACE_N 30
#define TRACE_LEN 200

/* --- the run: its random numbers, its clock, what it did last -------------- */

static uint64_t rng_state;
static unsigned long long seed_arg = 1;
static long long step_no;
static char trace[TRACE_N][TRACE_LEN];
static long long trace_step[TRACE_N];
static int trace_n;
static bool verbose;
static char tmp_dir[200], db_path[260];

static uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL); /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static int rnd(int n) { return n > 0 ? (int)(rnd64() % (uint64_t)n) : 0; }
static bool chance(int percent) { return rnd(100) < percent; }

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
    char *t = trace[trace_n % TRACE_N];
    trace_step[trace_n % TRACE_N] = step_no;
    trace_n++;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, TRACE_LEN, fmt, ap);
    va_end(ap);
    for (char *p = t; *p; p++) /* garbage lines stay readable */
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            *p = '?';
    if (verbose)
        printf("%lld: %s\n", step_no, t);
}

static void print_trace(void)
{
    int from = trace_n > TRACE_N ? trace_n - TRACE_N : 0;
    fprintf(stderr, "server-model: the last %d actions (seed %llu):\n", trace_n - from, seed_arg);
    for (int i = from; i < trace_n; i++)
        fprintf(stderr, "  step %lld: %s\n", trace_step[i % TRACE_N], trace[i % TRACE_N]);
    fprintf(stderr, "server-model: to replay: server-model --seed=%llu --steps=%lld --verbose\n", seed_arg,
            step_no + 1);
}

/* The temporary folder and every file in it (the database, its journal,
 * its lock). */
static void remove_db(void)
{
    if (!tmp_dir[0])
        return;
    DIR *d = opendir(tmp_dir);
    struct dirent *e;
    char path[600];
    while (d && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", tmp_dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    rmdir(tmp_dir);
    tmp_dir[0] = 0;
}

static void violation(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void violation(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "server-model: VIOLATION at step %lld (seed %llu): ", step_no, seed_arg);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    print_trace();
    remove_db();
    exit(1);
}

/* A sanitizer's report or a crash: say where the run was. */
static void on_death(void)
{
    fprintf(stderr, "server-model: died at step %lld (seed %llu)\n", step_no, seed_arg);
    print_trace();
    remove_db();
}
void __sanitizer_set_death_callback(void (*cb)(void)) __attribute__((weak));
static void on_stop(int sig)
{
    remove_db();
    signal(sig, SIG_DFL);
    raise(sig);
}
static void on_signal(int sig)
{
    fprintf(stderr, "server-model: signal %d\n", sig);
    on_death();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* --- the simulated world ------------------------------------------------------- */

typedef struct User {
    const char *login;
    uid_t uid;
    bool shared;
} User;

static const User users[] = {
    {"alice", 52001, false}, {"bob", 52002, false}, {"carol", 52003, false},
    {"dave", 52004, false},  {"kage", 52100, true},
};
#define N_USERS ((int)(sizeof users / sizeof users[0]))
#define OBSERVER_UID 52200

/* Names a client of the shared account may ask for (some refused). */
static const char *const shared_names[] = {"sam", "tia", "Sam", "s.a.m", "root", "uid1000", "not/aname", "alice",
                                           "_x", "kage", "t-i-a"};

typedef struct Client {
    int id;         /* its connection, -1 without one */
    int fd;         /* our end of its socket pair, -1 without */
    int user;       /* index in users; -1 the observer */
    bool reads;     /* its output is taken after every step */
    char name[NET_NAME_MAX + 1]; /* the name it was welcomed with ("" before) */
    int64_t game;   /* the game it was told it follows (readers) */
    char (*moves)[NET_MOVE_MAX]; /* that game's moves as it was told them */
    int nmoves, moves_cap;
    char partial[NET_LINE_MAX]; /* an unfinished line sent in pieces */
    bool gone_now;  /* it went this step, of its own doing */
    bool in_record; /* between a record line and its record-end */
    long long ply_error; /* the last step it was told "error ply" */
} Client;

/* A challenge the observer was told of and not told withdrawn. */
typedef struct Seen {
    int64_t id;
    char owner[NET_NAME_MAX + 1];
} Seen;

/* A game of the store, replayed with the rules as far as the store holds it. */
typedef struct Replay {
    int64_t id;
    Game *g;
    bool used; /* still a match this step */
} Replay;

typedef struct World {
    Server *s;
    ServerConfig cfg;
    int64_t now;
    Client cl[CLIENTS_MAX + 1]; /* cl[0]: the observer, who follows the lobby and reads */
    int ncl;
    /* what the model knows in this life of the server (a restart forgets) */
    long long *gone;      /* the step a challenge id was seen withdrawn, or 0 */
    int *gone_by;         /* by which client (in its stream, the order is known) */
    int64_t gone_cap;
    Seen *seen;
    int nseen, seen_cap;
    int64_t *aborted;     /* the games the observer was told were aborted (not stored) */
    int naborted, aborted_cap;
    int64_t *live;        /* the games the observer was told are being played */
    int nlive, live_cap;
    char (*online)[NET_NAME_MAX + 1]; /* the players it was told are online */
    int nonline, online_cap;
    Replay *rp;
    int nrp, rp_cap;
    int64_t accepting;    /* the challenge the step's accept names, or 0 */
    int64_t cancelling;
    /* figures */
    long long near_cap;   /* piles that left a client within 2000 bytes of the cap */
    long long resent_unfollowed; /* games sent whole to a connection that does not follow them */
    long long restarts, games, moves_sent, closed_unread, refused, lines_checked, flags_fell;
} World;

#ifdef OUT_BUDGET_DEFAULT /* the server of issue 70's fix: a budget for output, the host's users given */
/* The host's users, the same on every host: the simulated ones, and root. */
static const struct {
    const char *login;
    uid_t uid;
} host_users[] = {{"root", 0}, {"alice", 52001}, {"bob", 52002}, {"carol", 52003}, {"dave", 52004},
                  {"kage", 52100}, {"observer", 52200}};

static bool model_user_like(void *ctx, const char *name, uid_t *uid)
{
    (void)ctx;
    char a[NET_NAME_MAX + 1], b[NET_NAME_MAX + 1];
    net_name_fold(name, a, sizeof a);
    for (int i = 0; i < (int)N_ELEMS(host_users); i++) {
        net_name_fold(host_users[i].login, b, sizeof b);
        if (!strcmp(a, b)) {
            *uid = host_users[i].uid;
            return true;
        }
    }
    return false;
}

static bool model_user_name(void *ctx, uid_t uid, char *buf, size_t size)
{
    (void)ctx;
    for (int i = 0; i < (int)N_ELEMS(host_users); i++)
        if (host_users[i].uid == uid) {
            snprintf(buf, size, "%s", host_users[i].login);
            return true;
        }
    return false;
}
#endif

static int64_t world_now(void *ctx) { return ((World *)ctx)->now; }
static int64_t world_wall(void *ctx) { return 1700000000000LL + ((World *)ctx)->now; }

static const char *client_label(const World *w, const Client *c)
{
    static char buf[2][80];
    static int k;
    char *b = buf[k++ & 1];
    snprintf(b, 80, "c%d[%s%s%s id%d]", (int)(c - w->cl), c->user < 0 ? "observer" : users[c->user].login,
             c->name[0] ? ":" : "", c->name, c->id);
    return b;
}

static Conn *conn_of(const World *w, const Client *c)
{
    if (c->id < 0 || c->id >= w->s->nconns)
        return NULL;
    Conn *k = w->s->conns[c->id];
    return k && !k->dead ? k : NULL;
}

/* --- sending --------------------------------------------------------------------- */

static void send_raw(World *w, Client *c, const char *data, size_t n, const char *what)
{
    char shown[120];
    size_t k = n < 100 ? n : 100;
    memcpy(shown, data, k);
    shown[k] = 0;
    if (k && shown[k - 1] == '\n')
        shown[k - 1] = 0;
    note("%s <- %s'%s'%s (%zu bytes)", client_label(w, c), what, shown, n > 100 ? "..." : "", n);
    server_input(w->s, c->id, data, n);
}

static void say(World *w, Client *c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(World *w, Client *c, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    send_raw(w, c, line, (size_t)n, "");
}

/* --- what a reading client is told ----------------------------------------------- */

static bool is_gone(const World *w, int64_t id, bool before_this_step)
{
    if (id <= 0 || id >= w->gone_cap || !w->gone[id])
        return false;
    return !before_this_step || w->gone[id] < step_no;
}

static void mark_gone(World *w, int64_t id, int by)
{
    if (id <= 0 || id > 100000000)
        violation("a withdrawn challenge id %lld out of range", (long long)id);
    if (id >= w->gone_cap) {
        int64_t cap = w->gone_cap ? w->gone_cap : 256;
        while (cap <= id)
            cap *= 2;
        w->gone = xrealloc(w->gone, (size_t)cap * sizeof *w->gone);
        memset(w->gone + w->gone_cap, 0, (size_t)(cap - w->gone_cap) * sizeof *w->gone);
        w->gone_by = xrealloc(w->gone_by, (size_t)cap * sizeof *w->gone_by);
        w->gone_cap = cap;
    }
    if (!w->gone[id]) {
        w->gone[id] = step_no;
        w->gone_by[id] = by;
    }
}

static void view_push(Client *c, const char *mv)
{
    if (c->nmoves == c->moves_cap) {
        c->moves_cap = c->moves_cap ? 2 * c->moves_cap : 64;
        c->moves = xrealloc(c->moves, (size_t)c->moves_cap * sizeof *c->moves);
    }
    snprintf(c->moves[c->nmoves++], NET_MOVE_MAX, "%s", mv);
}

static int seen_find(const World *w, int64_t id)
{
    for (int i = 0; i < w->nseen; i++)
        if (w->seen[i].id == id)
            return i;
    return -1;
}

static int live_find(const World *w, int64_t id)
{
    for (int i = 0; i < w->nlive; i++)
        if (w->live[i] == id)
            return i;
    return -1;
}

static int online_find(const World *w, const char *name)
{
    for (int i = 0; i < w->nonline; i++)
        if (!strcmp(w->online[i], name))
            return i;
    return -1;
}

/* One line the server sent to reading client c: well formed, and what it
 * says kept in the model. */
static void told(World *w, Client *c, const char *line, size_t len)
{
    NetMsg m;
    KageError err;
    w->lines_checked++;
    if (verbose)
        printf("    %s> %.150s\n", client_label(w, c), line);
    if (!net_parse(line, len, NET_TO_CLIENT, &m, &err))
        violation("%s was sent a line that is not the protocol (%s): '%.200s'", client_label(w, c), err.msg, line);
    int64_t id = 0;
    const char *v = m.verb;
    bool observer = c == &w->cl[0];
    if (!strcmp(v, "welcome")) {
        snprintf(c->name, sizeof c->name, "%s", m.arg[0]);
    } else if (!strcmp(v, "ok") && m.nargs == 2 && net_id_parse(m.arg[1], &id)) {
        if (!strcmp(m.arg[0], "cancel")) {
            if (is_gone(w, id, true))
                violation("%s: 'ok cancel %lld', a challenge withdrawn at step %lld", client_label(w, c),
                          (long long)id, w->gone[id]);
            if (id != w->cancelling)
                violation("%s: 'ok cancel %lld' for a cancel of %lld", client_label(w, c), (long long)id,
                          (long long)w->cancelling);
            mark_gone(w, id, (int)(c - w->cl));
        } else if (!strcmp(m.arg[0], "accept")) {
            if (is_gone(w, w->accepting, true))
                violation("%s: 'ok accept %lld' of challenge %lld, withdrawn at step %lld", client_label(w, c),
                          (long long)id, (long long)w->accepting, w->gone[w->accepting]);
            w->games++;
        } else if (!strcmp(m.arg[0], "leave")) {
            c->game = 0;
            c->nmoves = 0;
        } else if (!strcmp(m.arg[0], "challenge")) {
            if (is_gone(w, id, false))
                violation("%s: 'ok challenge %lld', an id seen withdrawn at step %lld", client_label(w, c),
                          (long long)id, w->gone[id]);
        }
    } else if (!strcmp(v, "challenge") && net_id_parse(m.arg[0], &id)) {
        if (is_gone(w, id, true) || (is_gone(w, id, false) && w->gone_by[id] == (int)(c - w->cl)))
            violation("%s was told of challenge %lld, seen withdrawn at step %lld", client_label(w, c), (long long)id,
                      w->gone[id]);
        if (observer && (m.nargs == 5 || !strcmp(m.arg[5], "-"))) { /* open to all (one to a player is not tracked) */
            if (seen_find(w, id) >= 0)
                violation("the lobby was told of challenge %lld twice", (long long)id);
            if (w->nseen == w->seen_cap) {
                w->seen_cap = w->seen_cap ? 2 * w->seen_cap : 32;
                w->seen = xrealloc(w->seen, (size_t)w->seen_cap * sizeof *w->seen);
            }
            w->seen[w->nseen].id = id;
            snprintf(w->seen[w->nseen].owner, sizeof w->seen[0].owner, "%s", m.arg[1]);
            w->nseen++;
        }
    } else if (!strcmp(v, "withdrawn") && net_id_parse(m.arg[0], &id)) {
        if (observer) {
            int k = seen_find(w, id);
            if (k >= 0)
                w->seen[k] = w->seen[--w->nseen];
            else if (is_gone(w, id, false))
                violation("the lobby was told twice that challenge %lld is withdrawn", (long long)id);
        }
        mark_gone(w, id, (int)(c - w->cl));
    } else if (!strcmp(v, "lobby-begin") && observer) {
        w->nseen = w->nlive = w->nonline = 0;
    } else if (!strcmp(v, "live") && observer && net_id_parse(m.arg[0], &id)) {
        if (live_find(w, id) >= 0)
            violation("the lobby was told twice that game %lld began", (long long)id);
        if (w->nlive == w->live_cap) {
            w->live_cap = w->live_cap ? 2 * w->live_cap : 32;
            w->live = xrealloc(w->live, (size_t)w->live_cap * sizeof *w->live);
        }
        w->live[w->nlive++] = id;
    } else if (!strcmp(v, "over") && observer && net_id_parse(m.arg[0], &id)) {
        if (!strcmp(m.arg[2], "aborted")) { /* it leaves the store */
            if (w->naborted == w->aborted_cap) {
                w->aborted_cap = w->aborted_cap ? 2 * w->aborted_cap : 32;
                w->aborted = xrealloc(w->aborted, (size_t)w->aborted_cap * sizeof *w->aborted);
            }
            w->aborted[w->naborted++] = id;
        }
        int k = live_find(w, id);
        if (k < 0)
            violation("the lobby was told game %lld is over, and not that it was being played", (long long)id);
        w->live[k] = w->live[--w->nlive];
    } else if (!strcmp(v, "player") && observer) {
        int k = online_find(w, m.arg[0]);
        if (!strcmp(m.arg[1], "online")) {
            if (k >= 0) /* again: what they do changed (playing, watching) */
                return;
            if (w->nonline == w->online_cap) {
                w->online_cap = w->online_cap ? 2 * w->online_cap : 32;
                w->online = xrealloc(w->online, (size_t)w->online_cap * sizeof *w->online);
            }
            snprintf(w->online[w->nonline++], NET_NAME_MAX + 1, "%s", m.arg[0]);
        } else {
            if (k < 0)
                violation("the lobby was told that %s went offline, and not that they were online", m.arg[0]);
            if (k != --w->nonline)
                memcpy(w->online[k], w->online[w->nonline], sizeof w->online[k]);
        }
    } else if (!strcmp(v, "game") && net_id_parse(m.arg[0], &id)) {
        c->game = id;
        c->nmoves = 0;
    } else if (!strcmp(v, "moves") && !c->in_record && net_id_parse(m.arg[0], &id)) {
        if (id != c->game)
            violation("%s: told moves of game %lld while it follows %lld", client_label(w, c), (long long)id,
                      (long long)c->game);
        int64_t from;
        if (!net_int_parse(m.arg[1], 0, 1000000, &from) || from != c->nmoves)
            violation("%s: 'moves %lld %s' when it holds %d moves", client_label(w, c), (long long)id, m.arg[1],
                      c->nmoves);
        for (int i = 2; i < m.nargs; i++)
            view_push(c, m.arg[i]);
    } else if (!strcmp(v, "move") && net_id_parse(m.arg[0], &id)) {
        int64_t ply;
        if (id != c->game)
            violation("%s: told a move of game %lld while it follows %lld", client_label(w, c), (long long)id,
                      (long long)c->game);
        if (!net_int_parse(m.arg[1], 0, 1000000, &ply) || ply != c->nmoves)
            violation("%s: 'move %lld %s' when it holds %d moves", client_label(w, c), (long long)id, m.arg[1],
                      c->nmoves);
        view_push(c, m.arg[2]);
    } else if (!strcmp(v, "end") && net_id_parse(m.arg[0], &id)) {
        if (id != c->game)
            violation("%s: told game %lld ended while it follows %lld", client_label(w, c), (long long)id,
                      (long long)c->game);
        c->game = 0;
        c->nmoves = 0;
    } else if (!strcmp(v, "error") && !strcmp(m.arg[0], "ply")) {
        c->ply_error = step_no;
    } else if (!strcmp(v, "record")) {
        c->in_record = true; /* its moves lines are not the followed game's */
    } else if (!strcmp(v, "record-end")) {
        c->in_record = false;
    } else if (!strcmp(v, "state") || !strcmp(v, "draw") || !strcmp(v, "conn") || !strcmp(v, "stalled")) {
        if (net_id_parse(m.arg[0], &id) && id != c->game)
            violation("%s: told '%s' of game %lld while it follows %lld", client_label(w, c), v, (long long)id,
                      (long long)c->game);
    }
}

/* Everything reading client c was sent since the last look. */
static void take_output(World *w, Client *c)
{
    if (c->id < 0)
        return;
    char *out = server_take_output(w->s, c->id);
    char *p = out;
    while (*p) {
        char *nl = strchr(p, '\n');
        if (!nl)
            violation("%s was sent a line without its newline: '%.200s'", client_label(w, c), p);
        *nl = 0;
        if (nl - p > NET_SERVER_LINE_MAX)
            violation("%s was sent a line of %d bytes", client_label(w, c), (int)(nl - p));
        told(w, c, p, (size_t)(nl - p));
        p = nl + 1;
    }
    free(out);
}

/* --- connections ------------------------------------------------------------------- */

static void client_reset(Client *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    c->id = -1;
    c->name[0] = 0;
    c->game = 0;
    c->nmoves = 0;
    c->partial[0] = 0;
    c->in_record = false;
}

static uid_t client_uid(const Client *c) { return c->user < 0 ? OBSERVER_UID : users[c->user].uid; }
static const char *client_login(const Client *c) { return c->user < 0 ? "observer" : users[c->user].login; }

/* Connect c: without a socket (fd -1, the server keeps its slot) or over a
 * socket pair (the server frees it once closed, and reuses its slot). */
static void client_connect(World *w, Client *c, bool socket)
{
    int sv[2] = {-1, -1};
    if (socket) {
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
            fprintf(stderr, "server-model: socketpair: %s\n", strerror(errno));
            exit(99);
        }
        fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
    }
    int live_uid = 0, live_all = 0;
    for (int i = 0; i < w->s->nconns; i++) {
        Conn *k = w->s->conns[i];
        if (k && !k->dead) {
            live_all++;
            live_uid += k->uid == client_uid(c);
        }
    }
    int id = server_connect(w->s, sv[0], client_uid(c), client_login(c));
    note("%s connects (%s, %s): id %d", client_label(w, c), socket ? "socket" : "no socket",
         c->reads ? "reads" : "never reads", id);
    if (id < 0) {
        /* refused: only when the server or the user is full */
        bool shared = c->user >= 0 && users[c->user].shared;
        if (live_all < w->cfg.max_clients && (shared || live_uid < w->cfg.max_per_player))
            violation("%s refused with %d connections (%d of its user)", client_label(w, c), live_all, live_uid);
        w->refused++;
        if (sv[1] >= 0)
            close(sv[1]);
        return;
    }
    c->id = id;
    c->fd = sv[1];
}

/* --- picking things to say ------------------------------------------------------- */

static const char *const good_tcs[] = {"none", "5", "5+3", "90s+2", "10+30-byo", "10+30x3-byo", "1", "30s", "2s+1",
                                       "1+0", "180", "3s"};
static const char *const bad_tcs[] = {"181", "0", "abc", "5+", "+3", "-5", "5+601", "10+30x11-byo", "5 3",
                                      "99999999999999999999", "none+1", "5+3-bye", "1s"};
static const char *const bad_variants[] = {"chess", "SHOGUN", "shogun2", "x", "shinobi+", "-"};
static const char *const colours[] = {"white", "black", "random"};
static const char *const bad_colours[] = {"red", "White", "none", "-1", "randomly"};

static const char *random_variant(void)
{
    int n = 0;
    while (variant_defs[n])
        n++;
    return variant_defs[rnd(n)]->id;
}

/* A challenge id to name: an open one (anyone's), a withdrawn one, or none. */
static int64_t pick_challenge(World *w, const Client *c, bool own)
{
    Server *s = w->s;
    if (chance(80) && s->nchallenges > 0) {
        int mine[64], n = 0;
        for (int i = 0; i < s->nchallenges && n < 64; i++)
            if (own == !strcmp(s->challenges[i].owner, c->name))
                mine[n++] = i;
        if (n)
            return s->challenges[mine[rnd(n)]].id;
        return s->challenges[rnd(s->nchallenges)].id;
    }
    if (chance(60) && w->gone_cap > 1) {
        for (int tries = 0; tries < 8; tries++) {
            int64_t id = 1 + rnd((int)(w->gone_cap - 1));
            if (w->gone[id])
                return id;
        }
    }
    return s->next_challenge + rnd(3) - 1;
}

/* A game id: the player's own, a running one, a finished one, or none. */
static int64_t pick_game(World *w, const Client *c)
{
    Server *s = w->s;
    Match *mine = c->name[0] ? match_of_player(s, c->name) : NULL;
    if (mine && chance(70))
        return mine->id;
    if (s->nmatches && chance(70))
        return s->matches[rnd(s->nmatches)]->id;
    return 1 + rnd((int)(w->games + 3));
}

static void random_token(char *buf, int len)
{
    static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._:/+=";
    for (int i = 0; i < len; i++)
        buf[i] = chars[rnd((int)sizeof chars - 1)];
    buf[len] = 0;
}

/* A move of c's game: legal at the right ply mostly, else wrong somehow. */
static void act_move(World *w, Client *c)
{
    Match *m = c->name[0] ? match_of_player(w->s, c->name) : NULL;
    if (!m || chance(5)) {
        say(w, c, "move %lld %d e2e4", (long long)pick_game(w, c), rnd(4));
        return;
    }
    Game *g = m->game;
    int ply = g->rec.nmoves;
    int kind = rnd(100);
    if (kind < 8)
        ply += chance(50) ? -1 - rnd(3) : 1 + rnd(3); /* stale, or from the future */
    if (ply < 0)
        ply = 0;
    char text[MOVE_TEXT_MAX] = "e2e4";
    if (kind >= 8 && kind < 14) {
        static const char *const bad[] = {"e2e5", "a1a1", "z9z9", "P@e4", "e7e8+", "e5f6,f6g7", "0000", "e2"};
        snprintf(text, sizeof text, "%s", bad[rnd(8)]);
    } else if (g->legal.count > 0) {
        move_to_text(g->pos, g->legal.moves[rnd(g->legal.count)], MOVE_FOR_PROTOCOL, text);
    }
    w->moves_sent++;
    say(w, c, "move %lld %d %s", (long long)m->id, ply, text);
}

static void act_hello(World *w, Client *c)
{
    const User *u = &users[c->user];
    int k = rnd(100);
    if (k < 6)
        say(w, c, "hello %s", chance(50) ? "2" : "x1");
    else if (k < 10)
        say(w, c, "hello 1 %s %s", u->login, u->login);
    else if (u->shared)
        say(w, c, "hello 1 %s", chance(90) ? shared_names[rnd((int)N_ELEMS(shared_names))] : "kage");
    else if (k < 20)
        say(w, c, "hello 1 %s", users[rnd(N_USERS)].login); /* someone else, sometimes */
    else if (k < 40)
        say(w, c, "hello 1 %s", u->login);
    else
        say(w, c, "hello 1");
}

/* Enough history listings and long pings to bring a client that does not
 * read near the server's cap on what it holds, a few bytes short of it, as
 * many as the rate lets through: the line that passes the cap is then one
 * the lobby sends (a withdrawn challenge, a player gone).  Then, often, it
 * cancels a challenge of its own right there. */
static void act_pile(World *w, Client *c)
{
    Conn *k = conn_of(w, c);
    if (!k)
        return;
    w->now += 2000 + rnd(1000); /* the rate's bucket fills again */
    server_tick(w->s);
    if (!(k = conn_of(w, c)))
        return;
    size_t gap = (size_t)rnd(chance(50) ? 16 : 400), before = k->out.len;
    int budget = 2 * w->cfg.rate - 2 < 60 ? 2 * w->cfg.rate - 2 : 60, sent = 0;
    char line[NET_LINE_MAX + 2];
    /* in the lobby, with a challenge of its own to cancel at the end */
    bool mine = false;
    for (int i = 0; i < w->s->nchallenges; i++)
        mine |= k->hello && !strcmp(w->s->challenges[i].owner, k->name);
    if (k->hello && !k->lobby && chance(80)) {
        server_input(w->s, c->id, "lobby on\n", 9);
        sent++;
    }
    if ((k = conn_of(w, c)) && k->hello && !mine && chance(80)) {
        int n = snprintf(line, sizeof line, "challenge %s %s %s\n", random_variant(),
                         good_tcs[rnd((int)N_ELEMS(good_tcs))], colours[rnd(3)]);
        server_input(w->s, c->id, line, (size_t)n);
        sent++;
    }
    while (sent < budget && (k = conn_of(w, c)) && k->out.len + gap < CONN_OUT_MAX) {
        size_t room = CONN_OUT_MAX - k->out.len - gap;
        int n;
        if (room > 20000 && chance(60))
            n = snprintf(line, sizeof line, "history %s\n", users[rnd(N_USERS)].login);
        else {
            int len = room > 511 ? 1 + rnd(505) : (int)room - 6;
            if (len < 1)
                break;
            if (len > 505)
                len = 505;
            memcpy(line, "ping ", 5);
            random_token(line + 5, len);
            n = 5 + len;
            line[n++] = '\n';
        }
        server_input(w->s, c->id, line, (size_t)n);
        sent++;
    }
    k = conn_of(w, c);
    note("%s piles %d lines: %zu bytes held, then %zu of %d%s", client_label(w, c), sent, before,
         k ? k->out.len : 0, CONN_OUT_MAX, k ? "" : " (closed)");
    if (k && k->out.len + 2000 > CONN_OUT_MAX)
        w->near_cap++;
    if (k && chance(60)) {
        w->cancelling = pick_challenge(w, c, true);
        say(w, c, "cancel %lld", (long long)w->cancelling);
    }
}

static void act_garbage(World *w, Client *c)
{
    char buf[2048];
    int k = rnd(10), n = 0;
    switch (k) {
    case 0: /* random bytes, newlines among them */
        n = 1 + rnd(200);
        for (int i = 0; i < n; i++)
            buf[i] = (char)(chance(10) ? '\n' : rnd(256));
        buf[n++] = '\n';
        break;
    case 1: /* an overlong line: the connection closes */
        n = NET_LINE_MAX + 1 + rnd(600);
        memset(buf, 'x', (size_t)n);
        memcpy(buf, "ping ", 5);
        buf[n++] = '\n';
        break;
    case 2: /* exactly the longest line */
        n = NET_LINE_MAX;
        memcpy(buf, "ping ", 5);
        random_token(buf + 5, n - 5);
        buf[n++] = '\n';
        break;
    case 3:
        n = snprintf(buf, sizeof buf, "%s\n", chance(50) ? "" : " ");
        break;
    case 4:
        n = snprintf(buf, sizeof buf, "move  1 0 e2e4\nlobby on \nchallenge shogun 5\n");
        break;
    case 5:
        n = snprintf(buf, sizeof buf, "frobnicate %d\nwelcome x 1\nok cancel 1\n", rnd(100));
        break;
    case 6: { /* a line in pieces, finished by a later step */
        if (c->partial[0]) {
            n = snprintf(buf, sizeof buf, "%s\n", c->partial + 1);
            if (c->partial[0] == 'c')
                w->cancelling = atoll(c->partial + 1);
            c->partial[0] = 0;
        } else {
            bool cancel = chance(50);
            snprintf(c->partial, sizeof c->partial, "%c%lld", cancel ? 'c' : 'p',
                     cancel ? (long long)pick_challenge(w, c, true) : (long long)rnd(1000));
            n = snprintf(buf, sizeof buf, "%s", cancel ? "cancel " : "ping ");
        }
        break;
    }
    case 7:
        n = snprintf(buf, sizeof buf, "cancel %s\naccept %s\n", chance(50) ? "-1" : "0",
                     chance(50) ? "99999999999999999999" : "01");
        break;
    case 8:
        n = snprintf(buf, sizeof buf, "history %s\nrecord x\nwatch 0\nleave 1\nsync -3\n",
                     chance(50) ? "bad/name" : "a234567890123456789012345678901234");
        break;
    default:
        n = snprintf(buf, sizeof buf, "draw 1 maybe\nlobby sideways\nquit now\nhello\n");
        break;
    }
    send_raw(w, c, buf, (size_t)n, "garbage ");
}

static void act_flood(World *w, Client *c)
{
    int n = 20 + rnd(120);
    char *buf = xmalloc((size_t)n * 16 + 1);
    size_t at = 0;
    for (int i = 0; i < n; i++)
        at += (size_t)sprintf(buf + at, chance(80) ? "ping f%d\n" : "lobby on\n", i);
    note("%s floods %d lines", client_label(w, c), n);
    server_input(w->s, c->id, buf, at);
    free(buf);
}

/* One thing client c does. */
static void act(World *w, Client *c)
{
    Conn *k = conn_of(w, c);
    bool hello = k && k->hello;
    if (!k)
        return;
    if (!hello && chance(70)) {
        act_hello(w, c);
        return;
    }
    if (!c->reads && chance(40)) { /* one that does not read goes for the cap */
        if (!k->lobby && chance(50))
            say(w, c, "lobby on");
        else
            act_pile(w, c);
        return;
    }
    int r = rnd(1000);
    char tok[600];
    if (r < 40)
        act_hello(w, c);
    else if (r < 90)
        say(w, c, "lobby %s", chance(70) ? "on" : chance(80) ? "off" : "maybe");
    else if (r < 200) {
        if (chance(70))
            say(w, c, "challenge %s %s %s", random_variant(), good_tcs[rnd((int)N_ELEMS(good_tcs))],
                colours[rnd(3)]);
        else if (chance(40)) /* to one player (online, playing, offline, oneself, not a name) */
            say(w, c, "challenge %s %s %s %s", random_variant(), good_tcs[rnd((int)N_ELEMS(good_tcs))],
                colours[rnd(3)], chance(70) ? users[rnd(N_USERS)].login : shared_names[rnd((int)N_ELEMS(shared_names))]);
        else if (chance(50)) { /* rated or casual, to all or one */
            static const char *const kinds[] = {"rated", "casual", "rated", "ranked"};
            say(w, c, "challenge %s %s %s %s %s", random_variant(), good_tcs[rnd((int)N_ELEMS(good_tcs))],
                colours[rnd(3)], chance(70) ? "-" : users[rnd(N_USERS)].login, kinds[rnd(4)]);
        }
        else if (chance(34))
            say(w, c, "challenge %s 5 white", bad_variants[rnd((int)N_ELEMS(bad_variants))]);
        else if (chance(50))
            say(w, c, "challenge %s %s black", random_variant(), bad_tcs[rnd((int)N_ELEMS(bad_tcs))]);
        else if (chance(50))
            say(w, c, "challenge %s 5 %s", random_variant(), bad_colours[rnd((int)N_ELEMS(bad_colours))]);
        else
            say(w, c, "challenge %s 5 random %s", random_variant(), users[rnd(N_USERS)].login);
    } else if (r < 290) {
        w->cancelling = pick_challenge(w, c, chance(75));
        say(w, c, "cancel %lld", (long long)w->cancelling);
    } else if (r < 370) {
        w->accepting = pick_challenge(w, c, chance(10));
        say(w, c, "accept %lld", (long long)w->accepting);
    } else if (r < 395)
        say(w, c, "decline %lld", (long long)pick_challenge(w, c, false));
    else if (r < 600)
        act_move(w, c);
    else if (r < 612)
        say(w, c, "resign %lld", (long long)pick_game(w, c));
    else if (r < 620)
        say(w, c, "abort %lld", (long long)pick_game(w, c));
    else if (r < 670) {
        static const char *const what[] = {"offer", "accept", "decline", "offer", "nope"};
        say(w, c, "draw %lld %s", (long long)pick_game(w, c), what[rnd(5)]);
    } else if (r < 710)
        say(w, c, "watch %lld", (long long)pick_game(w, c));
    else if (r < 730)
        say(w, c, "leave %lld", (long long)(k->game && chance(70) ? k->game : pick_game(w, c)));
    else if (r < 750)
        say(w, c, "sync %lld", (long long)pick_game(w, c));
    else if (r < 770) {
        if (chance(50))
            say(w, c, "history");
        else
            say(w, c, "history %s", chance(70) ? users[rnd(N_USERS)].login : shared_names[rnd(3)]);
    } else if (r < 790)
        say(w, c, "record %lld", (long long)pick_game(w, c));
    else if (r < 810) {
        random_token(tok, rnd(2) ? 1 + rnd(505) : 1 + rnd(10));
        say(w, c, "ping %s", tok);
    } else if (r < 835) { /* chat: the lobby's channel or a game's, words or one long one */
        int len = chance(70) ? 1 + rnd(60) : 1 + rnd(480);
        random_token(tok, len);
        for (int i = 1; i < len - 1; i++)
            if (chance(15) && tok[i - 1] != ' ')
                tok[i] = ' ';
        if (chance(70))
            say(w, c, "say lobby %s", tok);
        else
            say(w, c, "say %lld %s", (long long)pick_game(w, c), tok);
    } else if (r < 845) {
        static const char *const verbs[] = {"mute", "unmute", "mute", "ratings"};
        int v = rnd(4);
        if (v == 3)
            say(w, c, "ratings %s", chance(80) ? random_variant() : "chess");
        else
            say(w, c, "%s %s", verbs[v],
                chance(80) ? users[rnd(N_USERS)].login : shared_names[rnd((int)N_ELEMS(shared_names))]);
    } else if (r < 880)
        act_garbage(w, c);
    else if (r < 890)
        act_flood(w, c);
    else if (!c->reads)
        act_pile(w, c);
    else {
        random_token(tok, 505);
        say(w, c, "ping %s", tok);
    }
}

/* --- the checks -------------------------------------------------------------------- */

static Replay *replay_of(World *w, int64_t id)
{
    for (int i = 0; i < w->nrp; i++)
        if (w->rp[i].id == id)
            return &w->rp[i];
    if (w->nrp == w->rp_cap) {
        w->rp_cap = w->rp_cap ? 2 * w->rp_cap : 16;
        w->rp = xrealloc(w->rp, (size_t)w->rp_cap * sizeof *w->rp);
    }
    Replay *r = &w->rp[w->nrp++];
    memset(r, 0, sizeof *r);
    r->id = id;
    return r;
}

/* Running match m against the store: the stored game replays with the
 * rules to the match's position, move for move. */
static void check_stored(World *w, const Match *m)
{
    StoredGame sg;
    KageError err;
    int r = store_load(w->s->store, m->id, &sg, &err);
    if (r <= 0)
        violation("game %lld is played but the store has %s", (long long)m->id, r < 0 ? err.msg : "no such game");
    if (sg.plies != m->game->rec.nmoves)
        violation("game %lld: %d moves stored, %d played", (long long)m->id, sg.plies, m->game->rec.nmoves);
    if (strcmp(sg.white, m->player[WHITE]) || strcmp(sg.black, m->player[BLACK]) ||
        strcmp(sg.variant, m->game->v->def->id))
        violation("game %lld: stored as %s %s against %s, played as %s %s against %s", (long long)m->id, sg.variant,
                  sg.white, sg.black, m->game->v->def->id, m->player[WHITE], m->player[BLACK]);
    if (!m->ended && (strcmp(sg.result, "*") || sg.ended != 0))
        violation("game %lld is played but stored as over (%s %s)", (long long)m->id, sg.result, sg.reason);
    Replay *rp = replay_of(w, m->id);
    rp->used = true;
    if (!rp->g) {
        rp->g = game_new(m->game->v->def, NULL, &err);
        if (!rp->g)
            violation("game %lld: %s", (long long)m->id, err.msg);
    }
    if (rp->g->rec.nmoves > sg.plies)
        violation("game %lld: the store lost moves (%d, was %d)", (long long)m->id, sg.plies, rp->g->rec.nmoves);
    bool grew = false;
    for (int k = 0; k < sg.plies; k++) {
        if (k < rp->g->rec.nmoves)
            continue;
        Move mv;
        if (game_over(rp->g))
            violation("game %lld: stored move %d (%s) after the end of the game", (long long)m->id, k + 1,
                      sg.moves[k]);
        if (!move_from_text(rp->g->pos, sg.moves[k], MOVE_FOR_PROTOCOL, &mv, &err))
            violation("game %lld: stored move %d (%s) is not legal: %s", (long long)m->id, k + 1, sg.moves[k],
                      err.msg);
        game_play(rp->g, mv);
        grew = true;
    }
    if (grew || rp->g->pos->st->key != m->game->pos->st->key) {
        char *a = game_fen(rp->g), *b = game_fen(m->game);
        if (strcmp(a, b))
            violation("game %lld: the store replays to %s, the match is at %s", (long long)m->id, a, b);
        free(a);
        free(b);
    }
    /* what its followers that read were told: the stored moves */
    for (int i = 0; i < w->ncl; i++) {
        Client *c = &w->cl[i];
        Conn *k = conn_of(w, c);
        if (!c->reads || !k || k->game != m->id)
            continue;
        if (c->game != m->id)
            violation("%s follows game %lld and was told it follows %lld", client_label(w, c), (long long)m->id,
                      (long long)c->game);
        if (c->nmoves != sg.plies)
            violation("%s was told %d moves of game %lld, which has %d", client_label(w, c), c->nmoves,
                      (long long)m->id, sg.plies);
        for (int j = 0; j < sg.plies; j++)
            if (strcmp(c->moves[j], sg.moves[j]))
                violation("%s was told move %d of game %lld is %s, stored as %s", client_label(w, c), j + 1,
                          (long long)m->id, c->moves[j], sg.moves[j]);
    }
    store_game_free(&sg);
}

/* A game that is no longer played: stored with its result. */
static void check_finished(World *w, Replay *rp)
{
    StoredGame sg;
    KageError err;
    int r = store_load(w->s->store, rp->id, &sg, &err);
    for (int i = 0; r == 0 && i < w->naborted; i++)
        if (w->aborted[i] == rp->id)
            return; /* aborted: nothing kept */
    if (r <= 0)
        violation("game %lld ended and the store has %s", (long long)rp->id, r < 0 ? err.msg : "no such game");
    if (!strcmp(sg.result, "*") || !strcmp(sg.reason, "none") || sg.ended == 0)
        violation("game %lld is no longer played, and stored as running (%s %s)", (long long)rp->id, sg.result,
                  sg.reason);
    if (sg.plies < (rp->g ? rp->g->rec.nmoves : 0))
        violation("game %lld: the store lost moves at its end", (long long)rp->id);
    store_game_free(&sg);
}

static void check_world(World *w)
{
    Server *s = w->s;
    /* connections */
    if (s->nconns < 0 || s->nconns > s->conns_cap || s->open < 0)
        violation("connections: nconns %d, cap %d, open %d", s->nconns, s->conns_cap, s->open);
    int live = 0;
    for (int i = 0; i < s->nconns; i++) {
        Conn *k = s->conns[i];
        if (!k)
            continue;
        if (k->id != i)
            violation("connection slot %d holds connection %d", i, k->id);
        if (k->dead)
            continue;
        live++;
        if (k->out.len > CONN_OUT_MAX || k->bad < 0 || k->bad >= BAD_LINES_MAX || k->dropped < 0)
            violation("connection %d: out %zu, bad %d, dropped %d", i, k->out.len, k->bad, k->dropped);
        if (k->hello && server_player_conns(s, k->name) > s->cfg.max_per_player)
            violation("%s has %d connections (at most %d)", k->name, server_player_conns(s, k->name),
                      s->cfg.max_per_player);
        if (k->game) {
            Match *m = match_by_id(s, k->game);
            bool in = false;
            for (int j = 0; m && j < m->nsubs; j++)
                in |= m->subs[j] == i;
            if (!in)
                violation("connection %d follows game %lld, which %s", i, (long long)k->game,
                          m ? "does not list it" : "is not played");
        }
    }
    if (s->open != live)
        violation("open is %d, and %d connections are live", s->open, live);
#ifdef OUT_BUDGET_DEFAULT
    size_t held = 0;
    for (int i = 0; i < s->nconns; i++)
        if (s->conns[i])
            held += s->conns[i]->out.cap;
    if (held != s->out_held)
        violation("out_held is %zu; the connections' output buffers hold %zu", s->out_held, held);
#endif
    if (s->open > s->cfg.max_clients)
        violation("%d connections open, at most %d", s->open, s->cfg.max_clients);
    /* challenges */
    if (s->nchallenges < 0 || s->nchallenges > s->challenges_cap)
        violation("nchallenges %d, capacity %d", s->nchallenges, s->challenges_cap);
    for (int i = 0; i < s->nchallenges; i++) {
        const Challenge *ch = &s->challenges[i];
        if (ch->id < 1 || ch->id >= s->next_challenge)
            violation("challenge %lld: not an id given (next %lld)", (long long)ch->id, (long long)s->next_challenge);
        for (int j = 0; j < i; j++)
            if (s->challenges[j].id == ch->id)
                violation("challenge %lld is open twice", (long long)ch->id);
        if (is_gone(w, ch->id, false))
            violation("challenge %lld, seen withdrawn at step %lld, is open", (long long)ch->id, w->gone[ch->id]);
#ifdef OUT_BUDGET_DEFAULT /* challenges to one player came with it */
        if (!ch->to[0] && conn_of(w, &w->cl[0]) && seen_find(w, ch->id) < 0)
            violation("challenge %lld of %s is open to all and the lobby was not told", (long long)ch->id, ch->owner);
#endif
        if (server_player_conns(s, ch->owner) == 0)
            violation("challenge %lld of %s, who is not online", (long long)ch->id, ch->owner);
        if (match_of_player(s, ch->owner))
            violation("challenge %lld of %s, who has a game running", (long long)ch->id, ch->owner);
        int mine = 0;
        for (int j = 0; j < s->nchallenges; j++)
            mine += !strcmp(s->challenges[j].owner, ch->owner);
        if (mine > PLAYER_CHALLENGES_MAX)
            violation("%s has %d open challenges", ch->owner, mine);
    }
    if (w->cancelling && is_gone(w, w->cancelling, false))
        for (int i = 0; i < s->nchallenges; i++)
            if (s->challenges[i].id == w->cancelling)
                violation("challenge %lld, cancelled, is open", (long long)w->cancelling);
    /* what the lobby was told, against what is */
    if (conn_of(w, &w->cl[0])) {
        for (int i = 0; i < w->nseen; i++) {
            bool open = false;
            for (int j = 0; j < s->nchallenges && !open; j++)
                open = s->challenges[j].id == w->seen[i].id && !strcmp(s->challenges[j].owner, w->seen[i].owner);
            if (!open)
                violation("the lobby was told of challenge %lld of %s and never that it went", (long long)w->seen[i].id,
                          w->seen[i].owner);
        }
        int running = 0;
        for (int i = 0; i < s->nmatches; i++)
            if (!s->matches[i]->ended) {
                running++;
                if (live_find(w, s->matches[i]->id) < 0)
                    violation("game %lld is played and the lobby was not told", (long long)s->matches[i]->id);
            }
        if (running != w->nlive)
            violation("the lobby was told of %d games being played; there are %d", w->nlive, running);
        int players = 0, nnames = 0;
        const char *names[CLIENTS_MAX + 8];
        for (int i = 0; i < s->nconns; i++) {
            Conn *k = s->conns[i];
            if (!k || k->dead || !k->hello)
                continue;
            bool first = true;
            for (int j = 0; j < nnames && first; j++)
                first = strcmp(names[j], k->name) != 0;
            if (!first)
                continue;
            if (nnames < (int)N_ELEMS(names))
                names[nnames++] = k->name;
            players++;
            if (online_find(w, k->name) < 0)
                violation("%s is online and the lobby was not told", k->name);
        }
        if (players != w->nonline)
            violation("the lobby was told %d players are online; there are %d", w->nonline, players);
    }
    /* games */
    if (s->nmatches < 0 || s->nmatches > s->matches_cap)
        violation("nmatches %d, capacity %d", s->nmatches, s->matches_cap);
    for (int i = 0; i < w->nrp; i++)
        w->rp[i].used = false;
    for (int i = 0; i < s->nmatches; i++) {
        const Match *m = s->matches[i];
        if (m->ended)
            violation("game %lld is over and kept, though its result could be stored", (long long)m->id);
        if (m->nsubs < 0 || m->nsubs > m->subs_cap)
            violation("game %lld: nsubs %d, capacity %d", (long long)m->id, m->nsubs, m->subs_cap);
        if (!strcmp(m->player[WHITE], m->player[BLACK]))
            violation("game %lld: %s plays both sides", (long long)m->id, m->player[WHITE]);
        for (int j = 0; j < m->nsubs; j++) {
            Conn *k = conn_by_id(s, m->subs[j]);
            if (!k)
                violation("game %lld: follower %d is not a live connection", (long long)m->id, m->subs[j]);
            if (k->game != m->id)
                violation("game %lld: follower %d follows game %lld", (long long)m->id, m->subs[j],
                          (long long)k->game);
            for (int x = 0; x < j; x++)
                if (m->subs[x] == m->subs[j])
                    violation("game %lld: follower %d twice", (long long)m->id, m->subs[j]);
        }
        for (int j = 0; j < i; j++)
            for (int p = 0; p < 2; p++)
                for (int q = 0; q < 2; q++)
                    if (!strcmp(m->player[p], s->matches[j]->player[q]))
                        violation("%s plays games %lld and %lld at once", m->player[p], (long long)m->id,
                                  (long long)s->matches[j]->id);
        check_stored(w, m);
    }
    for (int i = 0; i < w->nrp; i++)
        if (!w->rp[i].used) {
            check_finished(w, &w->rp[i]);
            game_free(w->rp[i].g);
            w->rp[i--] = w->rp[--w->nrp];
        }
    /* reading clients that follow nothing were told so */
    for (int i = 0; i < w->ncl; i++) {
        Client *c = &w->cl[i];
        Conn *k = conn_of(w, c);
        if (c->reads && k && !k->game && c->game) {
            if (c->ply_error != step_no)
                violation("%s follows no game and was told it follows %lld", client_label(w, c),
                          (long long)c->game);
            /* a move at a wrong ply sends the whole game again, to a
             * connection of the player that does not follow it (it left) */
            w->resent_unfollowed++;
            c->game = 0;
            c->nmoves = 0;
        }
    }
}

/* --- the world's life ------------------------------------------------------------- */

static void observer_join(World *w)
{
    Client *o = &w->cl[0];
    client_connect(w, o, false);
    if (o->id < 0)
        violation("the observer was refused");
    say(w, o, "hello 1");
    say(w, o, "lobby on");
}

/* Finished games of every player in the database before the first start,
 * so that a history listing is long from the first step. */
static void store_seed(void)
{
    static const char *const names[] = {"alice", "bob", "carol", "dave", "sam", "tia", "kage"};
    static const char *const results[][2] = {{"1-0", "resignation"}, {"0-1", "time"}, {"1/2-1/2", "agreed-draw"}};
    KageError err;
    Store *st = store_open(db_path, 0, &err);
    if (!st) {
        fprintf(stderr, "server-model: %s: %s\n", db_path, err.msg);
        exit(99);
    }
    for (int i = 0; i < 7 * 60; i++) {
        int64_t id, t = 1600000000000LL + (int64_t)i * 60000;
        const char *a = names[i % 7], *b = names[(i / 7 + 1 + i) % 7];
        if (a == b)
            b = names[(i + 1) % 7];
        int r = rnd(3);
        if (!store_game_new(st, variant_defs[i % 5]->id, "5+3", a, b, t, &id, &err) ||
            !store_result(st, id, results[r][0], results[r][1], t + 30000, &err)) {
            fprintf(stderr, "server-model: %s: %s\n", db_path, err.msg);
            exit(99);
        }
    }
    store_close(st);
}

static void server_start(World *w)
{
    KageError err;
    w->s = server_new(&w->cfg, &err);
    if (!w->s)
        violation("server_new: %s", err.msg);
    observer_join(w);
}

/* With the server stopped: every game of the database replays with the
 * rules to its stored result (kage server --check). */
static void check_db(void)
{
    FILE *out = tmpfile();
    if (!out) {
        fprintf(stderr, "server-model: tmpfile: %s\n", strerror(errno));
        exit(99);
    }
    if (!server_check_db(db_path, out)) {
        char buf[2000];
        size_t n;
        rewind(out);
        n = fread(buf, 1, sizeof buf - 1, out);
        buf[n] = 0;
        fclose(out);
        violation("kage server --check finds the database unsound:\n%s", buf);
    }
    fclose(out);
}

static void server_restart(World *w)
{
    note("the server restarts over the same database");
    server_free(w->s);
    w->s = NULL;
    check_db();
    for (int i = 0; i < w->ncl; i++)
        client_reset(&w->cl[i]);
    if (w->gone) /* challenge ids start again at 1 */
        memset(w->gone, 0, (size_t)w->gone_cap * sizeof *w->gone);
    w->nseen = w->nlive = w->nonline = 0;
    for (int i = 0; i < w->nrp; i++)
        game_free(w->rp[i].g);
    w->nrp = 0;
    w->restarts++;
    server_start(w);
}

/* The clients whose connection went: forgotten (its slot may be reused). */
static void notice_gone(World *w)
{
    for (int i = 0; i < w->ncl; i++) {
        Client *c = &w->cl[i];
        if (c->id < 0 || conn_of(w, c))
            continue;
        Conn *k = c->id < w->s->nconns ? w->s->conns[c->id] : NULL;
        if (k && k->fd < 0)
            free(server_take_output(w->s, c->id)); /* its memory back (the slot stays) */
        if (!c->gone_now)
            w->closed_unread++;
        note("%s is gone", client_label(w, c));
        client_reset(c);
        if (i == 0)
            observer_join(w);
    }
}

static void step(World *w)
{
    Client *c = &w->cl[1 + rnd(w->ncl - 1)];
    w->accepting = w->cancelling = 0;
    for (int i = 0; i < w->ncl; i++)
        w->cl[i].gone_now = false;
    int r = rnd(1000);
    if (r < 1 && chance(50)) {
        server_restart(w);
    } else if (r < 60) {
        int64_t dt = chance(70) ? rnd(3000) : chance(70) ? rnd(60000) : 100000 + rnd(300000);
        w->now += dt;
        note("the clock moves %lld ms to %lld", (long long)dt, (long long)w->now);
    } else if (c->id < 0) {
        if (chance(40)) {
            c->user = rnd(N_USERS);
            c->reads = chance(75);
            client_connect(w, c, chance(50));
        }
    } else if (r < 80 && (c->reads || chance(20))) {
        note("%s disconnects", client_label(w, c));
        c->gone_now = true;
        server_disconnect(w->s, c->id);
    } else if (r < 85 && (c->reads || chance(20))) {
        c->gone_now = true;
        say(w, c, "quit");
    } else {
        act(w, c);
        if (!conn_of(w, c))
            c->gone_now = true;
    }
    w->now += rnd(40);
    server_tick(w->s);
    for (int i = 0; i < w->ncl; i++)
        if (w->cl[i].reads)
            take_output(w, &w->cl[i]);
    server_reap(w->s);
    for (int i = 0; i < w->ncl; i++) /* what settling the closed ones said */
        if (w->cl[i].reads && conn_of(w, &w->cl[i]))
            take_output(w, &w->cl[i]);
    check_world(w);
    notice_gone(w);
    if (w->cl[0].id >= 0 && w->cl[0].reads)
        take_output(w, &w->cl[0]);
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void usage(void)
{
    fprintf(stderr, "usage: server-model [--seed=N] [--steps=N] [--seconds=N] [--clients=N] [--verbose]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    long long steps = -1;
    double seconds = -1;
    int nclients = 10;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        char *end;
        if (!strncmp(a, "--seed=", 7))
            seed_arg = strtoull(a + 7, &end, 10);
        else if (!strncmp(a, "--steps=", 8))
            steps = strtoll(a + 8, &end, 10);
        else if (!strncmp(a, "--seconds=", 10))
            seconds = strtod(a + 10, &end);
        else if (!strncmp(a, "--clients=", 10))
            nclients = (int)strtol(a + 10, &end, 10);
        else if (!strcmp(a, "--verbose")) {
            verbose = true;
            setvbuf(stdout, NULL, _IOLBF, 0); /* all of it, even when a sanitizer ends the run */
            continue;
        } else
            usage();
        if (*end)
            usage();
    }
    if (steps < 0 && seconds < 0)
        steps = 10000;
    if (nclients < 2 || nclients > CLIENTS_MAX)
        usage();
    rng_state = seed_arg * 0x2545F4914F6CDD1DULL + 1;
    signal(SIGPIPE, SIG_IGN);
    signal(SIGTERM, on_stop); /* timeout(1) */
    signal(SIGINT, on_stop);
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(on_death);
    else {
        signal(SIGSEGV, on_signal);
        signal(SIGABRT, on_signal);
        signal(SIGBUS, on_signal);
    }

    snprintf(tmp_dir, sizeof tmp_dir, "%s/kage-model.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(tmp_dir)) {
        fprintf(stderr, "server-model: cannot make a temporary folder: %s\n", strerror(errno));
        return 99;
    }
    snprintf(db_path, sizeof db_path, "%s/games.db", tmp_dir);

    static World world;
    World *w = &world;
    w->now = 1000;
    server_config_defaults(&w->cfg);
    w->cfg.db_path = db_path;
    w->cfg.log = NULL;
    w->cfg.now = world_now;
    w->cfg.now_ctx = w;
    w->cfg.wall_ms = world_wall;
    w->cfg.wall_ctx = w;
    w->cfg.seed = (unsigned)(seed_arg | 1);
    w->cfg.shared[w->cfg.nshared++] = "kage";
    /* the limits differ from seed to seed */
    static const int rates[] = {20, 20, 5, 200};
    w->cfg.rate = rates[rnd(4)];
    w->cfg.max_per_player = chance(50) ? 4 : 2;
    w->cfg.max_clients = chance(80) ? 1000 : 6;
    w->cfg.abandon_s = chance(50) ? 120 : 5;
    w->cfg.hello_ms = chance(50) ? 10000 : 1500;
#ifdef OUT_BUDGET_DEFAULT
    if (chance(30)) /* small enough that the slowest readers are closed for it */
        w->cfg.out_budget = (size_t)(2 + rnd(3)) * CONN_OUT_MAX;
    w->cfg.user_like = model_user_like;
    w->cfg.user_name = model_user_name;
#endif
    FILE *log = chance(50) ? fopen("/dev/null", "w") : NULL; /* the log's code runs too */
    w->cfg.log = log;
    w->ncl = nclients + 1;
    for (int i = 0; i < w->ncl; i++) {
        w->cl[i].id = w->cl[i].fd = -1;
        w->cl[i].user = i == 0 ? -1 : rnd(N_USERS);
        w->cl[i].reads = i == 0 || chance(75);
    }
    store_seed();
    server_start(w);

    double t0 = now_s(), c0 = cpu_s();
    for (step_no = 1; steps < 0 || step_no <= steps; step_no++) {
        step(w);
        if (seconds >= 0 && (step_no & 255) == 0 && now_s() - t0 >= seconds)
            break;
    }
    if (steps >= 0 && step_no > steps)
        step_no = steps;
    double dt = now_s() - t0, dc = cpu_s() - c0;
    printf("server-model: seed %llu: %lld steps in %.1f s (%.0f steps/s, %.0f a CPU second); rate %d, %d a player, "
           "%d clients\n",
           seed_arg, step_no, dt, dt > 0 ? (double)step_no / dt : 0.0, dc > 0 ? (double)step_no / dc : 0.0,
           w->cfg.rate, w->cfg.max_per_player, w->cfg.max_clients);
    printf("  %lld games, %lld moves sent, %lld restarts, %lld server lines checked, %lld connections closed by "
           "the server, %lld refused,\n  %lld times a client was left within 2000 bytes of its output cap, %lld "
           "games sent whole to a connection that does not follow them\n",
           w->games, w->moves_sent, w->restarts, w->lines_checked, w->closed_unread, w->refused, w->near_cap,
           w->resent_unfollowed);
    server_free(w->s);
    check_db();
    for (int i = 0; i < w->ncl; i++) {
        client_reset(&w->cl[i]);
        free(w->cl[i].moves);
    }
    for (int i = 0; i < w->nrp; i++)
        game_free(w->rp[i].g);
    free(w->rp);
    free(w->gone);
    free(w->gone_by);
    free(w->seen);
    free(w->live);
    free(w->aborted);
    free(w->online);
    if (log)
        fclose(log);
    remove_db();
    return 0;
}
