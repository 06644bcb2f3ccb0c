/* The floor under the server's other files: the server's clock, log and
 * random numbers; its connections found by id and counted by player, sent
 * a line (with the limits on what a client may leave unread), closed; the
 * lobby's followers sent a line; the running games found by id or player,
 * and what a player is doing, for the lobby.  It reads the Server's tables
 * and writes only the connections' output: it calls nothing above it, so
 * that chat.c, match.c, lobby.c and server.c stand on it in that order, each
 * calling only the ones before it. */
#include "server_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* --- the clock, the log, random numbers --------------------------------------- */

int64_t server_now(const Server *s) { return s->cfg.now(s->cfg.now_ctx); }
int64_t server_wall(const Server *s) { return s->cfg.wall_ms(s->cfg.wall_ctx); }

void server_log(const Server *s, const char *fmt, ...)
{
    if (!s->cfg.log)
        return;
    if (s->log_skipped) { /* the lines of a flood, not written, are counted here */
        Server *w = (Server *)s;
        int skipped = w->log_skipped;
        w->log_skipped = 0;
        server_log(s, "(%d more such lines were not written)", skipped);
    }
    char stamp[32];
    time_t t = (time_t)(server_wall(s) / 1000);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
    va_list ap;
    va_start(ap, fmt);
    fprintf(s->cfg.log, "kage server %s: ", stamp);
    vfprintf(s->cfg.log, fmt, ap);
    fputc('\n', s->cfg.log);
    fflush(s->cfg.log);
    va_end(ap);
}

unsigned server_random(Server *s, unsigned n)
{
    uint64_t x = s->rng; /* xorshift64* */
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    s->rng = x;
    return (unsigned)((x * 0x2545F4914F6CDD1DULL) >> 33) % (n ? n : 1);
}

/* --- connections and games, looked up ------------------------------------------ */

Conn *conn_by_id(const Server *s, int id)
{
    if (id < 0 || id >= s->nconns || !s->conns[id] || s->conns[id]->dead)
        return NULL;
    return s->conns[id];
}

int server_player_conns(const Server *s, const char *name)
{
    int n = 0;
    for (int i = 0; i < s->nconns; i++) {
        const Conn *c = s->conns[i];
        if (c && !c->dead && c->hello && !strcmp(c->name, name))
            n++;
    }
    return n;
}

Match *match_by_id(const Server *s, int64_t id)
{
    for (int i = 0; i < s->nmatches; i++)
        if (s->matches[i]->id == id && !s->matches[i]->ended)
            return s->matches[i];
    return NULL;
}

Match *match_of_player(const Server *s, const char *name)
{
    for (int i = 0; i < s->nmatches; i++) {
        Match *m = s->matches[i];
        if (!m->ended && (!strcmp(m->player[WHITE], name) || !strcmp(m->player[BLACK], name)))
            return m;
    }
    return NULL;
}

/* --- output ------------------------------------------------------------------- */

/* c's output buffer changed size (it held cap bytes before): the budget
 * counts the memory the buffers take, not only what waits in them. */
static void out_account(Server *s, const Conn *c, size_t cap)
{
    s->out_held = s->out_held - cap + c->out.cap;
}

/* All that c holds for its client goes, and leaves the output budget. */
void conn_forget_output(Server *s, Conn *c)
{
    size_t cap = c->out.cap;
    net_buf_drop(&c->out, c->out.len);
    out_account(s, c, cap);
    s->freed += cap - c->out.cap;
}

/* The live connection that holds the most output: the slowest reader. */
static Conn *slowest_reader(const Server *s)
{
    Conn *worst = NULL;
    for (int i = 0; i < s->nconns; i++) {
        Conn *c = s->conns[i];
        if (c && !c->dead && c->out.len && (!worst || c->out.len > worst->out.len))
            worst = c;
    }
    return worst;
}

void conn_send_line(Server *s, Conn *c, const char *line, size_t len)
{
    if (c->dead)
        return;
    size_t need = len + 1;
    if (c->out.len + need > c->out.max) {
        /* a client that lets a megabyte pile up is not reading: it goes,
         * and the server does not wait for it */
        server_log(s, "%s: closed: it does not read what it is sent", c->hello ? c->name : c->login);
        conn_forget_output(s, c);
        conn_close(s, c, NULL);
        return;
    }
    size_t cap = c->out.cap;
    net_buf_add(&c->out, line, len);
    net_buf_add(&c->out, "\n", 1);
    out_account(s, c, cap);
    s->lines_out++;
    /* all the clients' buffers together take at most the budget: the
     * slowest readers go first, so that those who read are never kept
     * waiting (c itself, if it is the slowest) */
    while (s->out_held > s->cfg.out_budget) {
        Conn *v = slowest_reader(s);
        if (!v)
            break;
        server_log(s, "%s: closed: %zu bytes wait for it to read, and the server's output budget (%zu bytes) is spent",
                   v->hello ? v->name : v->login, v->out.len, s->cfg.out_budget);
        conn_forget_output(s, v);
        conn_close(s, v, NULL);
    }
}

int conn_flush(Server *s, Conn *c)
{
    size_t cap = c->out.cap;
    int r = net_buf_write(&c->out, c->fd);
    out_account(s, c, cap);
    return r;
}

void conn_send(Server *s, Conn *c, const char *fmt, ...)
{
    char line[NET_SERVER_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || n > NET_SERVER_LINE_MAX) {
        server_log(s, "a line too long for the protocol was not sent (%d bytes)", n);
        return;
    }
    conn_send_line(s, c, line, (size_t)n);
}

void conn_error(Server *s, Conn *c, const char *code, const char *fmt, ...)
{
    char text[NET_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    for (char *p = text; *p; p++) /* the text is ours, but keep it to the protocol */
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            *p = '?';
    conn_send(s, c, "error %s %s", code, text);
}

void conn_close(Server *s, Conn *c, const char *why)
{
    if (c->dead)
        return;
    if (why) {
        char line[NET_TEXT_MAX + 8];
        int n = snprintf(line, sizeof line, "bye %s", why);
        conn_send_line(s, c, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
        if (c->dead) /* it did not read: closed on the way */
            return;
    }
    if (c->fd >= 0 && c->out.len)
        conn_flush(s, c); /* the last words, if the socket takes them now */
    c->dead = true;
    c->lost = true;
    s->nlost++;
    s->open--;
}

/* --- the lobby's followers: a line to all, and a player's presence -------------- */

void lobby_broadcast(Server *s, const char *fmt, ...)
{
    char line[NET_SERVER_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || n > NET_SERVER_LINE_MAX)
        return;
    for (int i = 0; i < s->nconns; i++) {
        Conn *c = s->conns[i];
        if (c && !c->dead && c->lobby)
            conn_send_line(s, c, line, (size_t)n);
    }
}

const char *lobby_presence_word(const Server *s, const char *name)
{
    if (match_of_player(s, name))
        return " playing";
    for (int i = 0; i < s->nconns; i++) {
        const Conn *c = s->conns[i];
        if (c && !c->dead && c->hello && c->game && !strcmp(c->name, name))
            return " watching";
    }
    return "";
}

void lobby_presence(Server *s, const char *name)
{
    if (server_player_conns(s, name) > 0)
        lobby_broadcast(s, "player %s online%s", name, lobby_presence_word(s, name));
}
