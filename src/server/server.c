/* The server's connections: who is at the other end, the limits every
 * connection lives under (line length, message rate, connections a
 * player; base.c closes a client that does not read), and the command
 * table that every line goes through once net_parse has checked it.  No
 * socket is touched here: daemon.c reads and writes them, and the tests
 * feed lines in and take the output out directly. */
#define _DEFAULT_SOURCE /* getpwent: the users whose names look alike */
#include "server_internal.h"

#include "kage/rules/util.h"

#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void server_config_defaults(ServerConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->max_clients = 1000;
    cfg->max_per_player = 4;
    cfg->rate = 20;
    cfg->abandon_s = 120;
    cfg->hello_ms = 10000;
    cfg->log = stderr;
    cfg->out_budget = OUT_BUDGET_DEFAULT;
}

/* The system's user database: an exact match first, then every user
 * (a name that folds the same is as good as taken). */
static bool system_user_like(void *ctx, const char *name, uid_t *uid)
{
    (void)ctx;
    struct passwd pw, *found = NULL;
    char buf[4096], want[NET_NAME_MAX + 1], fold[NET_NAME_MAX + 1];
    if (getpwnam_r(name, &pw, buf, sizeof buf, &found) == 0 && found) {
        *uid = found->pw_uid;
        return true;
    }
    net_name_fold(name, want, sizeof want);
    bool like = false;
    setpwent();
    struct passwd *p;
    while (!like && (p = getpwent()) != NULL) {
        if (strlen(p->pw_name) > NET_NAME_MAX)
            continue;
        net_name_fold(p->pw_name, fold, sizeof fold);
        if (!strcmp(fold, want)) {
            *uid = p->pw_uid;
            like = true;
        }
    }
    endpwent();
    return like;
}

static bool system_user_name(void *ctx, uid_t uid, char *out, size_t size)
{
    (void)ctx;
    struct passwd pw, *found = NULL;
    char buf[4096];
    if (getpwuid_r(uid, &pw, buf, sizeof buf, &found) != 0 || !found)
        return false;
    snprintf(out, size, "%s", found->pw_name);
    return true;
}

static int64_t real_wall_ms(void *ctx)
{
    (void)ctx;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

Server *server_new(const ServerConfig *cfg, KageError *err)
{
    Server *s = xcalloc(1, sizeof *s);
    s->cfg = *cfg;
    if (!s->cfg.now)
        s->cfg.now = clock_monotonic_ms;
    if (!s->cfg.wall_ms)
        s->cfg.wall_ms = real_wall_ms;
    if (s->cfg.max_clients < 1)
        s->cfg.max_clients = 1;
    if (s->cfg.max_per_player < 1)
        s->cfg.max_per_player = 1;
    if (s->cfg.rate < 1)
        s->cfg.rate = 1;
    if (s->cfg.out_budget < CONN_OUT_MAX)
        s->cfg.out_budget = s->cfg.out_budget ? CONN_OUT_MAX : OUT_BUDGET_DEFAULT;
    if (!s->cfg.user_like)
        s->cfg.user_like = system_user_like;
    if (!s->cfg.user_name)
        s->cfg.user_name = system_user_name;
    s->rng = cfg->seed ? cfg->seed : (uint64_t)real_wall_ms(NULL) ^ ((uint64_t)getpid() << 32);
    if (!s->rng)
        s->rng = 1;
    s->listen_fd = -1;
    s->spare_fd = -1;
    s->next_challenge = 1;
    s->store = store_open(cfg->db_path ? cfg->db_path : ":memory:", cfg->db_limit_kb, err);
    if (!s->store) {
        free(s);
        return NULL;
    }
    s->next_challenge = store_challenge_last(s->store) + 1;
    if (!match_restore(s, err)) {
        server_free(s);
        return NULL;
    }
    return s;
}

static void conn_free(Server *s, Conn *c)
{
    s->out_held -= c->out.cap;
    s->freed += c->out.cap + c->in.max + sizeof *c;
    if (c->fd >= 0)
        close(c->fd);
    net_reader_free(&c->in);
    net_buf_free(&c->out);
    free(c);
}

void server_free(Server *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->nconns; i++)
        if (s->conns[i])
            conn_free(s, s->conns[i]);
    free(s->conns);
    match_free_all(s);
    lobby_free(s);
    chat_free(s);
    store_close(s->store);
    if (s->spare_fd >= 0)
        close(s->spare_fd);
    if (s->listen_fd >= 0) {
        close(s->listen_fd);
        if (s->socket_path[0])
            unlink(s->socket_path);
    }
    free(s);
}

/* The player of a connection that went: if it was their last one, the
 * lobby hears it, their challenges go, their game hears it. */
static void conn_gone(Server *s, Conn *c)
{
    match_unfollow(s, c);
    if (!c->hello)
        return;
    server_log(s, "%s: disconnected", c->name);
    if (server_player_conns(s, c->name) == 0) {
        lobby_withdraw_all(s, c->name);
        lobby_broadcast(s, "player %s offline", c->name);
        match_presence(s, c->name);
    }
}

void server_settle(Server *s)
{
    /* telling of one going may close others (who do not read): again
     * until none is left */
    while (s->nlost > 0) {
        s->nlost = 0;
        for (int i = 0; i < s->nconns; i++) {
            Conn *c = s->conns[i];
            if (c && c->lost) {
                c->lost = false;
                conn_gone(s, c);
            }
        }
    }
}

/* Hand the freed memory of many connections back to the system (glibc
 * keeps it otherwise). */
static void give_back_memory(void)
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

void server_reap(Server *s)
{
    server_settle(s);
    for (int i = 0; i < s->nconns; i++)
        if (s->conns[i] && s->conns[i]->dead && s->conns[i]->fd >= 0) {
            conn_free(s, s->conns[i]);
            s->conns[i] = NULL;
        }
    if (s->freed >= 1024 * 1024) {
        s->freed = 0;
        give_back_memory();
    }
}

/* --- connecting and hello ------------------------------------------------------- */

static int uid_conns(const Server *s, uid_t uid)
{
    int n = 0;
    for (int i = 0; i < s->nconns; i++)
        if (s->conns[i] && !s->conns[i]->dead && s->conns[i]->uid == uid)
            n++;
    return n;
}

static bool is_shared(const Server *s, const char *login)
{
    for (int i = 0; i < s->cfg.nshared; i++)
        if (!strcmp(s->cfg.shared[i], login))
            return true;
    return false;
}

int server_connect(Server *s, int fd, uid_t uid, const char *login)
{
    const char *refusal = NULL;
    char why[200];
    if (s->open >= s->cfg.max_clients)
        refusal = "busy the server has as many connections as it takes: try again later";
    else if (!is_shared(s, login) && uid_conns(s, uid) >= s->cfg.max_per_player) {
        snprintf(why, sizeof why, "limit %s has %d connections already (at most %d)", login, uid_conns(s, uid),
                 s->cfg.max_per_player);
        refusal = why;
    }
    if (refusal) {
        server_log(s, "%s: connection refused: %s", login, refusal);
        if (fd >= 0) {
            char line[300];
            int n = snprintf(line, sizeof line, "error %s\n", refusal);
            ssize_t w = write(fd, line, (size_t)n);
            (void)w;
            close(fd);
        }
        return -1;
    }
    int id = 0;
    while (id < s->nconns && s->conns[id])
        id++;
    if (id == s->nconns) {
        if (s->nconns == s->conns_cap) {
            s->conns_cap = s->conns_cap ? 2 * s->conns_cap : 64;
            s->conns = xrealloc(s->conns, (size_t)s->conns_cap * sizeof *s->conns);
        }
        s->conns[s->nconns++] = NULL;
    }
    Conn *c = xcalloc(1, sizeof *c);
    c->id = id;
    c->fd = fd;
    c->uid = uid;
    snprintf(c->login, sizeof c->login, "%s", login);
    c->shared = is_shared(s, login);
    net_reader_init(&c->in, NET_LINE_MAX);
    net_buf_init(&c->out, CONN_OUT_MAX);
    c->opened = c->refilled = c->chat_refilled = server_now(s);
    c->tokens = 2.0 * s->cfg.rate;
    c->chat_tokens = CHAT_BURST;
    s->conns[id] = c;
    s->open++;
    return id;
}

/* Whether a shared account's player may take `want`: not a name kept for
 * the host's users, not a user of the host, not the look-alike of a player
 * online, playing or stored (compared folded, net_name_fold); the reason
 * is said to c. */
static bool shared_name_free(Server *s, Conn *c, const char *want)
{
    char fold[NET_NAME_MAX + 1], other[NET_NAME_MAX + 1];
    uid_t uid;
    if (net_name_reserved(want)) {
        conn_error(s, c, "name", "'%s' is kept for a user of this host (uid and a number): choose another name", want);
        return false;
    }
    if (s->cfg.user_like(s->cfg.user_ctx, want, &uid) && uid != c->uid) {
        conn_error(s, c, "name", "'%s' is taken: it is (or looks like) the name of a user of this host", want);
        return false;
    }
    net_name_fold(want, fold, sizeof fold);
    for (int i = 0; i < s->nconns; i++) {
        const Conn *o = s->conns[i];
        if (!o || o->dead || !o->hello || !strcmp(o->name, want))
            continue;
        net_name_fold(o->name, other, sizeof other);
        if (!strcmp(other, fold)) {
            conn_error(s, c, "name", "'%s' is taken: %s is online, and the names look alike", want, o->name);
            return false;
        }
    }
    char stored[NET_NAME_MAX + 1];
    KageError err;
    int r = store_player_like(s->store, fold, want, stored, sizeof stored, &err);
    if (r < 0) {
        conn_error(s, c, "storage", "%s", err.msg);
        return false;
    }
    if (r > 0) {
        conn_error(s, c, "name", "'%s' is taken: %s has played here, and the names look alike", want, stored);
        return false;
    }
    return true;
}

static void cmd_hello(Server *s, Conn *c, const NetMsg *m)
{
    int64_t version;
    if (c->hello) {
        conn_error(s, c, "state", "hello was said already: you are %s", c->name);
        return;
    }
    if (!net_int_parse(m->arg[0], 0, 1000000, &version) || version != NET_PROTOCOL_VERSION) {
        conn_error(s, c, "version", "this server speaks protocol %d, not '%.20s': use a kage of the same version",
                   NET_PROTOCOL_VERSION, m->arg[0]);
        conn_close(s, c, "protocol version");
        return;
    }
    const char *name = c->login;
    if (c->shared && m->nargs < 2) {
        conn_error(s, c, "name", "%s is an account shared by several players: say who you are (hello %d NAME)", c->login,
                   NET_PROTOCOL_VERSION);
        return;
    }
    if (m->nargs == 2) {
        const char *want = m->arg[1];
        if (!c->shared && strcmp(want, c->login)) {
            conn_error(s, c, "name", "you are %s on this host: the name comes from your Unix account", c->login);
            return;
        }
        if (!net_name_ok(want)) {
            conn_error(s, c, "name", "'%.40s' is not a name: 1 to 32 letters, digits, '.', '_' or '-'", want);
            return;
        }
        if (c->shared && !shared_name_free(s, c, want))
            return;
        name = want;
    }
    int have = server_player_conns(s, name);
    if (have >= s->cfg.max_per_player) {
        conn_error(s, c, "limit", "%s has %d connections already (at most %d)", name, have, s->cfg.max_per_player);
        conn_close(s, c, "too many connections");
        return;
    }
    snprintf(c->name, sizeof c->name, "%s", name);
    c->hello = true;
    conn_send(s, c, "welcome %s %d", c->name, NET_PROTOCOL_VERSION);
    server_log(s, "%s: connected%s%s", c->name, strcmp(c->name, c->login) ? " through " : "",
               strcmp(c->name, c->login) ? c->login : "");
    Match *mt = match_of_player(s, c->name);
    if (have == 0) {
        lobby_broadcast(s, "player %s online%s", c->name, mt ? " playing" : "");
        lobby_send_ratings(s, NULL, c->name);
        match_presence(s, c->name);
    }
    if (mt)
        match_follow(s, mt, c); /* back in the game where it was */
    lobby_offers_to(s, c); /* the challenges made to this player alone */
}

static void cmd_ping(Server *s, Conn *c, const NetMsg *m)
{
    if (m->nargs)
        conn_send(s, c, "pong %s", m->arg[0]);
    else
        conn_send(s, c, "pong");
}

static void cmd_quit(Server *s, Conn *c, const NetMsg *m)
{
    (void)m;
    conn_close(s, c, "goodbye");
}

/* The command table: every verb a client may send (wire.c checks the words). */
static const struct {
    const char *verb;
    bool before_hello;
    void (*run)(Server *s, Conn *c, const NetMsg *m);
} commands[] = {
    {"hello", true, cmd_hello},
    {"ping", true, cmd_ping},
    {"quit", true, cmd_quit},
    {"lobby", false, cmd_lobby},
    {"challenge", false, cmd_challenge},
    {"cancel", false, cmd_cancel},
    {"accept", false, cmd_accept},
    {"decline", false, cmd_decline},
    {"move", false, cmd_move},
    {"resign", false, cmd_resign},
    {"abort", false, cmd_abort},
    {"draw", false, cmd_draw},
    {"watch", false, cmd_watch},
    {"leave", false, cmd_leave},
    {"sync", false, cmd_sync},
    {"history", false, cmd_history},
    {"record", false, cmd_record},
    {"ratings", false, cmd_ratings},
    {"say", false, cmd_say},
    {"mute", false, cmd_mute},
    {"unmute", false, cmd_unmute},
};

/* The rate limit: a bucket of twice the rate, refilled at the rate. */
static bool within_rate(Server *s, Conn *c)
{
    int64_t now = server_now(s);
    double cap = 2.0 * s->cfg.rate;
    c->tokens += (double)(now - c->refilled) * s->cfg.rate / 1000.0;
    if (c->tokens > cap)
        c->tokens = cap;
    c->refilled = now;
    if (c->tokens >= 1.0) {
        c->tokens -= 1.0;
        c->dropped = 0;
        return true;
    }
    if (++c->dropped > 3 * s->cfg.rate) {
        server_log(s, "%s: closed: it floods the server", c->hello ? c->name : c->login);
        conn_close(s, c, "too many messages");
        return false;
    }
    conn_error(s, c, "rate", "too many messages: at most %d a second; this one was dropped", s->cfg.rate);
    return false;
}

static void conn_line(Server *s, Conn *c, const char *line, size_t len)
{
    NetMsg m;
    KageError err;
    s->lines_in++;
    if (!within_rate(s, c))
        return;
    if (!net_parse(line, len, NET_TO_SERVER, &m, &err)) {
        conn_error(s, c, "line", "%s", err.msg);
        if (++c->bad >= BAD_LINES_MAX) {
            server_log(s, "%s: closed: %d bad lines", c->hello ? c->name : c->login, c->bad);
            conn_close(s, c, "too many bad lines");
        }
        return;
    }
    for (int i = 0; i < N_ELEMS(commands); i++)
        if (!strcmp(commands[i].verb, m.verb)) {
            if (!c->hello && !commands[i].before_hello)
                conn_error(s, c, "hello", "say hello first: hello %d", NET_PROTOCOL_VERSION);
            else
                commands[i].run(s, c, &m);
            return;
        }
    conn_error(s, c, "unknown", "'%s' is not a command", m.verb); /* in wire.c's table, not in ours */
}

/* Every whole line held by c's reader. */
static void conn_lines(Server *s, Conn *c)
{
    char *line;
    size_t len;
    int r;
    while (!c->dead && (r = net_reader_line(&c->in, &line, &len)) != 0) {
        if (r < 0) {
            conn_error(s, c, "line", "a line longer than %d bytes", NET_LINE_MAX);
            server_log(s, "%s: closed: a line too long", c->hello ? c->name : c->login);
            conn_close(s, c, "line too long");
            return;
        }
        conn_line(s, c, line, len);
    }
}

void server_input(Server *s, int id, const char *data, size_t n)
{
    Conn *c = conn_by_id(s, id);
    while (c && !c->dead && n > 0) {
        size_t room;
        char *p = net_reader_space(&c->in, &room);
        if (room == 0) { /* a line too long: said and closed by conn_lines */
            conn_lines(s, c);
            return;
        }
        size_t k = n < room ? n : room;
        memcpy(p, data, k);
        net_reader_commit(&c->in, k);
        data += k;
        n -= k;
        conn_lines(s, c);
    }
    if (c && !c->dead)
        conn_lines(s, c); /* the bytes were read into the reader directly (daemon.c) */
    server_settle(s);
}

char *server_take_output(Server *s, int id)
{
    Conn *c = id >= 0 && id < s->nconns ? s->conns[id] : NULL;
    if (!c)
        return xstrdup("");
    char *out = xmalloc(c->out.len + 1);
    memcpy(out, c->out.data ? c->out.data : "", c->out.len);
    out[c->out.len] = 0;
    conn_forget_output(s, c);
    return out;
}

void server_disconnect(Server *s, int id)
{
    Conn *c = conn_by_id(s, id);
    if (c)
        conn_close(s, c, NULL);
    server_settle(s);
}

int server_tick(Server *s)
{
    int64_t now = server_now(s);
    int64_t next = -1;
    for (int i = 0; i < s->nconns; i++) {
        Conn *c = s->conns[i];
        if (!c || c->dead || c->hello)
            continue;
        int64_t due = c->opened + s->cfg.hello_ms;
        if (now >= due) {
            server_log(s, "%s: closed: no hello within %d s", c->login, s->cfg.hello_ms / 1000);
            conn_close(s, c, "no hello");
        } else if (next < 0 || due - now < next)
            next = due - now;
    }
    server_settle(s);
    int m = match_tick(s), l = lobby_tick(s);
    server_settle(s);
    if (l >= 0 && (m < 0 || l < m))
        m = l;
    if (m >= 0 && (next < 0 || m < next))
        next = m;
    return (int)next;
}
