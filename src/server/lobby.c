/* The lobby: who is online, the open challenges, the games being played,
 * and the stored games (history and records).  A connection that follows
 * the lobby (lobby on) gets the whole of it once, then every change. */
#include "server_internal.h"

#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Who may see a challenge: everyone for an open one; its owner and the
 * player it is offered to for the others. */
static bool sees(const Challenge *ch, const Conn *c)
{
    return !ch->to[0] || (c->hello && (!strcmp(c->name, ch->owner) || !strcmp(c->name, ch->to)));
}

static void challenge_line(const Challenge *ch, char *buf, size_t size)
{
    char tc[NET_TC_MAX];
    net_tc_format(&ch->tc, tc, sizeof tc);
    const char *colour = ch->colour < 0 ? "random" : net_colour_name((Color)ch->colour);
    /* the words after COLOUR only where they say something: FOR (or "-"
     * for all) and "rated" */
    snprintf(buf, size, "challenge %lld %s %s %s %s%s%s%s", (long long)ch->id, ch->owner, ch->def->id, tc, colour,
             ch->to[0] || ch->rated ? " " : "", ch->to[0] ? ch->to : ch->rated ? "-" : "", ch->rated ? " rated" : "");
}

/* A line about ch to everyone who may see it: the lobby's followers, and
 * for a challenge to one player, every connection of both players (told at
 * once, wherever they are: a rematch is offered from the game's screen). */
static void challenge_broadcast(Server *s, const Challenge *ch, const char *line)
{
    for (int i = 0; i < s->nconns; i++) {
        Conn *c = s->conns[i];
        if (c && !c->dead && sees(ch, c) && (c->lobby || (ch->to[0] && c->hello)))
            conn_send(s, c, "%s", line);
    }
}

static void send_challenge(Server *s, Conn *to, const Challenge *ch)
{
    char line[300];
    challenge_line(ch, line, sizeof line);
    if (to)
        conn_send(s, to, "%s", line);
    else
        challenge_broadcast(s, ch, line);
}

static void live_line(const Match *m, char *buf, size_t size)
{
    char tc[NET_TC_MAX];
    net_tc_format(&m->tc, tc, sizeof tc);
    snprintf(buf, size, "live %lld %s %s %s %s %d", (long long)m->id, m->game->v->def->id, tc, m->player[WHITE],
             m->player[BLACK], m->game->rec.nmoves);
}

void lobby_snapshot(Server *s, Conn *c)
{
    conn_send(s, c, "lobby-begin");
    /* each player once, however many connections they have */
    for (int i = 0; i < s->nconns; i++) {
        const Conn *p = s->conns[i];
        if (!p || p->dead || !p->hello)
            continue;
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = s->conns[j] && !s->conns[j]->dead && s->conns[j]->hello && !strcmp(s->conns[j]->name, p->name);
        if (!seen) {
            conn_send(s, c, "player %s online%s", p->name, lobby_presence_word(s, p->name));
            lobby_send_ratings(s, c, p->name);
        }
    }
    for (int i = 0; i < s->nchallenges; i++)
        if (sees(&s->challenges[i], c))
            send_challenge(s, c, &s->challenges[i]);
    for (int i = 0; i < s->nmatches; i++)
        if (!s->matches[i]->ended) {
            char line[300];
            live_line(s->matches[i], line, sizeof line);
            conn_send(s, c, "%s", line);
        }
    conn_send(s, c, "lobby-end");
}

void cmd_lobby(Server *s, Conn *c, const NetMsg *m)
{
    if (!strcmp(m->arg[0], "on")) {
        c->lobby = true;
        lobby_snapshot(s, c);
        chat_lobby_history(s, c);
    } else if (!strcmp(m->arg[0], "off")) {
        c->lobby = false;
        conn_send(s, c, "ok lobby");
    } else
        conn_error(s, c, "args", "lobby on or lobby off");
}

/* Challenge k goes: out of the array first, and only then is anyone
 * told (a connection closed while telling changes nothing here: its going
 * is settled after the command, server_settle). */
static void challenge_remove(Server *s, int k, const char *why)
{
    Challenge ch = s->challenges[k];
    memmove(&s->challenges[k], &s->challenges[k + 1], (size_t)(s->nchallenges - k - 1) * sizeof *s->challenges);
    s->nchallenges--;
    char line[80];
    snprintf(line, sizeof line, "withdrawn %lld%s%s", (long long)ch.id, why ? " " : "", why ? why : "");
    challenge_broadcast(s, &ch, line);
}

void lobby_withdraw_all(Server *s, const char *name)
{
    /* those of the player, and those offered to the player */
    for (int i = s->nchallenges - 1; i >= 0; i--)
        if (i < s->nchallenges && (!strcmp(s->challenges[i].owner, name) || !strcmp(s->challenges[i].to, name)))
            challenge_remove(s, i, NULL);
}

void lobby_offers_to(Server *s, Conn *c)
{
    if (c->lobby)
        return; /* it has them with the lobby */
    for (int i = 0; i < s->nchallenges; i++) {
        const Challenge *ch = &s->challenges[i];
        if (ch->to[0] && (!strcmp(ch->to, c->name) || !strcmp(ch->owner, c->name)))
            send_challenge(s, c, ch);
    }
}

/* The open challenge that `arg` numbers, or -1 with the error sent to c. */
static int challenge_index(Server *s, Conn *c, const char *arg, int64_t *id)
{
    if (!net_id_parse(arg, id)) {
        conn_error(s, c, "not-found", "'%.20s' is not a challenge number", arg);
        return -1;
    }
    for (int i = 0; i < s->nchallenges; i++)
        if (s->challenges[i].id == *id && sees(&s->challenges[i], c))
            return i;
    conn_error(s, c, "not-found", "no challenge %.20s (taken or withdrawn)", arg);
    return -1;
}

/* A new challenge's number: never one given before, even by the server
 * before a restart (a client's "accept 3" means the challenge it saw). */
static int64_t lobby_next_id(Server *s)
{
    KageError err;
    int64_t id = s->next_challenge++;
    if (!store_challenge_given(s->store, id, &err))
        server_log(s, "%s", err.msg);
    return id;
}

void cmd_challenge(Server *s, Conn *c, const NetMsg *m)
{
    const VariantDef *def = variant_find(m->arg[0]);
    TimeControl tc;
    KageError err;
    int colour, mine = 0;
    if (!def) {
        conn_error(s, c, "variant", "no variant '%.30s' here", m->arg[0]);
        return;
    }
    if (!net_tc_parse(m->arg[1], &tc, &err)) {
        conn_error(s, c, "clock", "%s", err.msg);
        return;
    }
    if (!net_colour_parse(m->arg[2], true, &colour)) {
        conn_error(s, c, "colour", "white, black or random, not '%.20s'", m->arg[2]);
        return;
    }
    const char *to = m->nargs > 3 && strcmp(m->arg[3], "-") ? m->arg[3] : "";
    bool rated = m->nargs > 4 && !strcmp(m->arg[4], "rated");
    if (m->nargs > 4 && !rated && strcmp(m->arg[4], "casual")) {
        conn_error(s, c, "args", "rated or casual, not '%.20s'", m->arg[4]);
        return;
    }
    if (to[0] && !net_name_ok(to)) {
        conn_error(s, c, "name", "'%.40s' is not a player's name", to);
        return;
    }
    if (to[0] && !strcmp(to, c->name)) {
        conn_error(s, c, "name", "a challenge to yourself: offer it to another player, or to all");
        return;
    }
    if (to[0] && server_player_conns(s, to) == 0) {
        conn_error(s, c, "not-found", "%s is not online", to);
        return;
    }
    if (to[0] && match_of_player(s, to)) {
        conn_error(s, c, "state", "%s is playing a game: challenge them when it is over", to);
        return;
    }
    if (match_of_player(s, c->name)) {
        conn_error(s, c, "state", "you have a game running: finish it first");
        return;
    }
    for (int i = 0; i < s->nchallenges; i++) {
        const Challenge *o = &s->challenges[i];
        if (to[0] && !strcmp(o->owner, c->name) && !strcmp(o->to, to)) {
            conn_error(s, c, "state", "your challenge %lld to %s waits for an answer (cancel it first)",
                       (long long)o->id, to);
            return;
        }
        mine += !strcmp(o->owner, c->name);
    }
    if (mine >= PLAYER_CHALLENGES_MAX) {
        conn_error(s, c, "limit", "you have %d open challenges already (at most %d)", mine, PLAYER_CHALLENGES_MAX);
        return;
    }
    if (s->nchallenges == s->challenges_cap) {
        s->challenges_cap = s->challenges_cap ? 2 * s->challenges_cap : 16;
        s->challenges = xrealloc(s->challenges, (size_t)s->challenges_cap * sizeof *s->challenges);
    }
    Challenge *ch = &s->challenges[s->nchallenges++];
    *ch = (Challenge){.id = lobby_next_id(s), .def = def, .tc = tc, .colour = colour, .rated = rated};
    snprintf(ch->owner, sizeof ch->owner, "%s", c->name);
    snprintf(ch->to, sizeof ch->to, "%s", to);
    ch->expires = to[0] ? server_now(s) + OFFER_MS : 0;
    Challenge copy = *ch; /* what follows sends, and may close a client who does not read */
    conn_send(s, c, "ok challenge %lld", (long long)copy.id);
    send_challenge(s, NULL, &copy);
}

void cmd_cancel(Server *s, Conn *c, const NetMsg *m)
{
    int64_t id;
    int k = challenge_index(s, c, m->arg[0], &id);
    if (k < 0)
        return;
    if (strcmp(s->challenges[k].owner, c->name)) {
        conn_error(s, c, "state", "challenge %lld is %s's, not yours", (long long)id, s->challenges[k].owner);
        return;
    }
    challenge_remove(s, k, NULL);
    conn_send(s, c, "ok cancel %lld", (long long)id);
}

void cmd_decline(Server *s, Conn *c, const NetMsg *m)
{
    int64_t id;
    int k = challenge_index(s, c, m->arg[0], &id);
    if (k < 0)
        return;
    if (strcmp(s->challenges[k].to, c->name)) {
        conn_error(s, c, "state", "challenge %lld is not offered to you alone (only its player declines it)", (long long)id);
        return;
    }
    server_log(s, "%s declined challenge %lld of %s", c->name, (long long)id, s->challenges[k].owner);
    challenge_remove(s, k, "declined");
    conn_send(s, c, "ok decline %lld", (long long)id);
}

void cmd_accept(Server *s, Conn *c, const NetMsg *m)
{
    int64_t id;
    int k = challenge_index(s, c, m->arg[0], &id);
    if (k < 0)
        return;
    Challenge ch = s->challenges[k];
    if (!strcmp(ch.owner, c->name)) {
        conn_error(s, c, "state", "that is your own challenge (cancel withdraws it)");
        return;
    }
    if (match_of_player(s, c->name)) {
        conn_error(s, c, "state", "you have a game running: finish it first");
        return;
    }
    int owner = ch.colour < 0 ? (int)server_random(s, 2) : ch.colour;
    const char *white = owner == WHITE ? ch.owner : c->name, *black = owner == WHITE ? c->name : ch.owner;
    KageError err;
    Match *mt = match_start(s, ch.def, &ch.tc, white, black, ch.rated, &err);
    if (!mt) {
        conn_error(s, c, "storage", "the game cannot begin: %s", err.msg);
        return;
    }
    conn_send(s, c, "ok accept %lld", (long long)mt->id);
    /* every connection of both players follows the game: told of it before
     * they hear that the challenge is gone */
    for (int i = 0; i < s->nconns; i++) {
        Conn *p = s->conns[i];
        if (p && !p->dead && p->hello && (!strcmp(p->name, white) || !strcmp(p->name, black)))
            match_follow(s, mt, p);
    }
    lobby_withdraw_all(s, ch.owner);
    lobby_withdraw_all(s, c->name);
    char line[300];
    live_line(mt, line, sizeof line);
    lobby_broadcast(s, "%s", line);
    lobby_presence(s, white);
    lobby_presence(s, black);
}

static void info_line(const StoredGame *g, char *buf, size_t size, const char *verb)
{
    if (!strcmp(verb, "past"))
        snprintf(buf, size, "past %lld %s %s %s %s %s %s %lld %d", (long long)g->id, g->variant, g->tc, g->white,
                 g->black, g->result, g->reason, (long long)(g->ended / 1000), g->plies);
    else
        snprintf(buf, size, "record %lld %s %s %s %s %s %s %lld %lld", (long long)g->id, g->variant, g->tc, g->white,
                 g->black, g->result, g->reason, (long long)(g->started / 1000), (long long)(g->ended / 1000));
}

void cmd_history(Server *s, Conn *c, const NetMsg *m)
{
    const char *name = m->nargs ? m->arg[0] : c->name;
    if (!net_name_ok(name)) {
        conn_error(s, c, "name", "'%.40s' is not a player's name", name);
        return;
    }
    StoredGame *gs;
    KageError err;
    int n = store_history(s->store, name, HISTORY_MAX, &gs, &err);
    if (n < 0) {
        conn_error(s, c, "storage", "%s", err.msg);
        return;
    }
    for (int i = 0; i < n; i++) {
        char line[400];
        info_line(&gs[i], line, sizeof line, "past");
        conn_send(s, c, "%s", line);
    }
    conn_send(s, c, "past-end");
    store_games_free(gs, n);
}

void cmd_record(Server *s, Conn *c, const NetMsg *m)
{
    int64_t id;
    if (!net_id_parse(m->arg[0], &id)) {
        conn_error(s, c, "not-found", "'%.20s' is not a game number", m->arg[0]);
        return;
    }
    StoredGame g;
    KageError err;
    int r = store_load(s->store, id, &g, &err);
    if (r < 0) {
        conn_error(s, c, "storage", "%s", err.msg);
        return;
    }
    if (r == 0) {
        conn_error(s, c, "not-found", "no game %lld", (long long)id);
        return;
    }
    char line[NET_SERVER_LINE_MAX + 1];
    info_line(&g, line, sizeof line, "record");
    conn_send(s, c, "%s", line);
    for (int from = 0; from < g.plies; from += NET_MOVES_PER_LINE) {
        int n = snprintf(line, sizeof line, "moves %lld %d", (long long)id, from);
        for (int k = from; k < g.plies && k < from + NET_MOVES_PER_LINE; k++)
            n += snprintf(line + n, sizeof line - (size_t)n, " %s", g.moves[k]);
        conn_send(s, c, "%s", line);
    }
    bool timed = false;
    for (int k = 0; k < g.plies && !timed; k++)
        timed = g.clocks[k][0] != 0;
    for (int from = 0; timed && from < g.plies; from += NET_MOVES_PER_LINE) {
        int n = snprintf(line, sizeof line, "clocks %lld %d", (long long)id, from);
        for (int k = from; k < g.plies && k < from + NET_MOVES_PER_LINE; k++)
            n += snprintf(line + n, sizeof line - (size_t)n, " %s", g.clocks[k][0] ? g.clocks[k] : "-");
        conn_send(s, c, "%s", line);
    }
    conn_send(s, c, "record-end %lld", (long long)id);
    store_game_free(&g);
}

int lobby_tick(Server *s)
{
    int64_t now = server_now(s), next = -1;
    for (int i = s->nchallenges - 1; i >= 0; i--) {
        if (i >= s->nchallenges || !s->challenges[i].expires)
            continue;
        if (now >= s->challenges[i].expires) {
            server_log(s, "challenge %lld of %s to %s lapsed", (long long)s->challenges[i].id, s->challenges[i].owner,
                       s->challenges[i].to);
            challenge_remove(s, i, "expired");
        } else if (next < 0 || s->challenges[i].expires - now < next)
            next = s->challenges[i].expires - now;
    }
    return (int)next;
}

void lobby_send_ratings(Server *s, Conn *c, const char *name)
{
    VariantRating vr[16];
    KageError err;
    int n = store_ratings_of(s->store, name, vr, 16, &err);
    if (n < 0)
        server_log(s, "%s", err.msg);
    for (int i = 0; i < n; i++) {
        const Rating *r = &vr[i].rating;
        if (c)
            conn_send(s, c, "rating %s %s %.0f %.0f %d", name, vr[i].variant, r->r, r->rd, r->games);
        else
            lobby_broadcast(s, "rating %s %s %.0f %.0f %d", name, vr[i].variant, r->r, r->rd, r->games);
    }
}

#define TOP_MAX 20 /* the leaderboard's length */

void cmd_ratings(Server *s, Conn *c, const NetMsg *m)
{
    const VariantDef *def = variant_find(m->arg[0]);
    if (!def) {
        conn_error(s, c, "variant", "no variant '%.30s' here", m->arg[0]);
        return;
    }
    StoredRating *top;
    KageError err;
    int n = store_top(s->store, def->id, TOP_MAX, &top, &err);
    if (n < 0) {
        conn_error(s, c, "storage", "%s", err.msg);
        return;
    }
    for (int i = 0; i < n; i++)
        conn_send(s, c, "top %s %d %s %.0f %.0f %d", def->id, i + 1, top[i].name, top[i].rating.r, top[i].rating.rd,
                  top[i].rating.games);
    conn_send(s, c, "top-end %s", def->id);
    free(top);
}

void lobby_free(Server *s)
{
    free(s->challenges);
    s->challenges = NULL;
    s->nchallenges = s->challenges_cap = 0;
}
