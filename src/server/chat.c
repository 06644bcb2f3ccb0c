/* The chat: a lobby channel, and two for each game, the players' and the
 * watchers' (so that no watcher coaches a player).  Lines are printable
 * ASCII by the protocol (net_parse refuses any other byte: no control
 * character, escape sequence or bidi override reaches a screen), at most
 * NET_CHAT_MAX characters, at most CHAT_BURST at once and then one every
 * CHAT_EVERY_MS a connection.  Each line is stored with its game (game 0:
 * the lobby), and who joins a channel gets its last CHAT_HISTORY lines.  A
 * player may mute another: the server sends them none of that player's
 * lines. */
#include "server_internal.h"

#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool muted(const Server *s, const char *who, const char *whom)
{
    for (int i = 0; i < s->nmutes; i++)
        if (!strcmp(s->mutes[i].who, who) && !strcmp(s->mutes[i].whom, whom))
            return true;
    return false;
}

/* The chat's own rate: a bucket of CHAT_BURST lines, one more every
 * CHAT_EVERY_MS. */
static bool chat_within_rate(Server *s, Conn *c)
{
    int64_t now = server_now(s);
    c->chat_tokens += (double)(now - c->chat_refilled) / CHAT_EVERY_MS;
    if (c->chat_tokens > CHAT_BURST)
        c->chat_tokens = CHAT_BURST;
    c->chat_refilled = now;
    if (c->chat_tokens < 1.0)
        return false;
    c->chat_tokens -= 1.0;
    return true;
}

/* The players' channel of game id: its two players, from the running
 * match or, once it is over, from the database (the words after a game). */
static bool game_players(Server *s, int64_t id, char white[NET_NAME_MAX + 1], char black[NET_NAME_MAX + 1])
{
    Match *m = match_by_id(s, id);
    if (m) {
        snprintf(white, NET_NAME_MAX + 1, "%s", m->player[WHITE]);
        snprintf(black, NET_NAME_MAX + 1, "%s", m->player[BLACK]);
        return true;
    }
    StoredGame g;
    KageError err;
    if (store_load(s->store, id, &g, &err) != 1)
        return false;
    snprintf(white, NET_NAME_MAX + 1, "%s", g.white);
    snprintf(black, NET_NAME_MAX + 1, "%s", g.black);
    store_game_free(&g);
    return true;
}

void cmd_say(Server *s, Conn *c, const NetMsg *m)
{
    const char *text = m->text;
    while (text && *text == ' ')
        text++;
    if (!text || !*text) {
        conn_error(s, c, "args", "say lobby TEXT, or say GAME TEXT");
        return;
    }
    size_t len = strlen(text);
    while (len > 0 && text[len - 1] == ' ')
        len--;
    if (len > NET_CHAT_MAX) {
        conn_error(s, c, "args", "a chat line of %zu characters: at most %d", len, NET_CHAT_MAX);
        return;
    }
    char line[NET_CHAT_MAX + 1];
    memcpy(line, text, len);
    line[len] = 0;
    /* the lobby, or a game: its players' channel, or its watchers' */
    int64_t id = 0;
    char white[NET_NAME_MAX + 1] = "", black[NET_NAME_MAX + 1] = "";
    bool lobby = !strcmp(m->arg[0], "lobby"), player = false;
    Match *mt = NULL;
    if (!lobby) {
        if (!net_id_parse(m->arg[0], &id)) {
            conn_error(s, c, "args", "say lobby TEXT, or say GAME TEXT (not '%.20s')", m->arg[0]);
            return;
        }
        player = game_players(s, id, white, black) && (!strcmp(c->name, white) || !strcmp(c->name, black));
        mt = match_by_id(s, id);
        if (!player && (!mt || c->game != id)) {
            conn_error(s, c, "state", "you neither play nor watch game %lld", (long long)id);
            return;
        }
    }
    if (!chat_within_rate(s, c)) {
        conn_error(s, c, "rate", "at most %d chat lines at once, then one every %d s: this one was dropped", CHAT_BURST,
                   CHAT_EVERY_MS / 1000);
        return;
    }
    const char *channel = lobby ? "lobby" : player ? "players" : "watchers";
    KageError err;
    if (!store_chat_add(s->store, id, channel, c->name, server_wall(s), line, &err))
        server_log(s, "chat of %s not stored: %s", c->name, err.msg);
    for (int i = 0; i < s->nconns; i++) {
        Conn *k = s->conns[i];
        if (!k || k->dead || !k->hello || muted(s, k->name, c->name))
            continue;
        bool to = lobby    ? k->lobby
                  : player ? !strcmp(k->name, white) || !strcmp(k->name, black)
                           : k->game == id && strcmp(k->name, white) && strcmp(k->name, black);
        if (to)
            conn_send(s, k, "said %s %s %s", m->arg[0], c->name, line);
    }
}

void cmd_mute(Server *s, Conn *c, const NetMsg *m)
{
    const char *whom = m->arg[0];
    if (!net_name_ok(whom) || !strcmp(whom, c->name)) {
        conn_error(s, c, "name", "'%.40s' is not another player's name", whom);
        return;
    }
    int mine = 0;
    for (int i = 0; i < s->nmutes; i++)
        mine += !strcmp(s->mutes[i].who, c->name);
    if (!muted(s, c->name, whom)) {
        if (mine >= MUTES_MAX) {
            conn_error(s, c, "limit", "you mute %d players already (at most %d)", mine, MUTES_MAX);
            return;
        }
        if (s->nmutes == s->mutes_cap) {
            s->mutes_cap = s->mutes_cap ? 2 * s->mutes_cap : 16;
            s->mutes = xrealloc(s->mutes, (size_t)s->mutes_cap * sizeof *s->mutes);
        }
        snprintf(s->mutes[s->nmutes].who, sizeof s->mutes[s->nmutes].who, "%s", c->name);
        snprintf(s->mutes[s->nmutes].whom, sizeof s->mutes[s->nmutes].whom, "%s", whom);
        s->nmutes++;
    }
    conn_send(s, c, "ok mute");
}

void cmd_unmute(Server *s, Conn *c, const NetMsg *m)
{
    for (int i = 0; i < s->nmutes; i++)
        if (!strcmp(s->mutes[i].who, c->name) && !strcmp(s->mutes[i].whom, m->arg[0])) {
            s->mutes[i] = s->mutes[--s->nmutes];
            break;
        }
    conn_send(s, c, "ok unmute");
}

static void history(Server *s, Conn *c, int64_t id, const char *channel, const char *word)
{
    StoredChat *cs;
    KageError err;
    int n = store_chat_recent(s->store, id, channel, CHAT_HISTORY, &cs, &err);
    if (n < 0) {
        server_log(s, "%s", err.msg);
        return;
    }
    for (int i = 0; i < n; i++)
        if (!muted(s, c->name, cs[i].name))
            conn_send(s, c, "said %s %s %s", word, cs[i].name, cs[i].text);
    free(cs);
}

void chat_lobby_history(Server *s, Conn *c) { history(s, c, 0, "lobby", "lobby"); }

void chat_game_history(Server *s, Conn *c, int64_t id, bool player)
{
    char word[24];
    snprintf(word, sizeof word, "%lld", (long long)id);
    history(s, c, id, player ? "players" : "watchers", word);
}

void chat_free(Server *s)
{
    free(s->mutes);
    s->mutes = NULL;
    s->nmutes = s->mutes_cap = 0;
}
