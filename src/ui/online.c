/* Online play: the connection to this host's Kage server and what it
 * keeps (UiOnline: the lobby as the server said it, its cursor, the game
 * followed), the lines sent: a move picked on the board goes to the server
 * and is played on the screen only when it comes back (online_game.c reads
 * the lines).  A lost connection is tried again every few seconds; the
 * server then sends the player's running game again, where it was.  Below
 * the game's control (control.c), which hands it a person's move. */
#include "ui_internal.h"

#include "kage/rules/notation.h"
#include "kage/rules/variant.h"

#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RETRY_MS 2000

static UiOnline *online_state(Ui *ui)
{
    if (!ui->online) {
        UiOnline *o = xcalloc(1, sizeof *o);
        net_lobby_init(&o->lobby);
        o->retry_at = -1;
        o->all_next = -1;
        KageError err;
        if (ui->opt.server)
            snprintf(o->path, sizeof o->path, "%s", ui->opt.server);
        else if (!net_default_socket(o->path, sizeof o->path, &err))
            snprintf(o->why, sizeof o->why, "%.399s", err.msg);
        ui->online = o;
    }
    return ui->online;
}

/* Is the online side of the screen in use: the lobby, or an online game? */
static bool wanted(const Ui *ui) { return ui->screen == SCREEN_LOBBY || ui->opt.mode == PLAY_ONLINE; }

void ui_online_disconnect(Ui *ui, const char *why)
{
    UiOnline *o = ui->online;
    NetGameView *v = &o->lobby.game;
    if (ui_online_attached(ui) && v->running >= 0) {
        /* the clocks stop on the screen where the server was last heard
         * of: they are the server's, and it says how they stand when it is
         * back (they do not run on here, to jump back then) */
        int64_t now = clock_monotonic_ms(NULL);
        v->clock[v->running] = net_game_clock(v, (Color)v->running, now);
        v->running = -1;
        v->clock_at = now;
        ui_online_sync_clock(ui);
        Clock paused = ui_time_view(ui)->clock;
        paused.state = CLOCK_PAUSED;
        ui_clock_set(ui, NULL, &paused);
    }
    snprintf(o->why, sizeof o->why, "%.399s", why); /* why may be the client's own, freed below */
    net_client_free(o->client);
    o->client = NULL;
    o->welcomed = false;
    o->sent = false;
    o->retry_at = clock_monotonic_ms(NULL) + RETRY_MS;
    if (ui->opt.mode == PLAY_ONLINE && o->game)
        ui_message(ui, true, "The connection to the Kage server was lost (%s): trying again", o->why);
}

static bool connect_now(Ui *ui)
{
    UiOnline *o = online_state(ui);
    KageError err;
    if (!o->path[0])
        return false;
    o->client = net_client_connect(o->path, &err);
    if (!o->client) {
        snprintf(o->why, sizeof o->why, "%.399s", err.msg);
        o->retry_at = clock_monotonic_ms(NULL) + RETRY_MS;
        return false;
    }
    o->why[0] = 0;
    o->retry_at = -1;
    NetGameView keep = o->lobby.game; /* the game on the board, until the server sends it again */
    o->lobby.game = (NetGameView){0};
    net_lobby_free(&o->lobby);
    o->lobby.game = keep;
    bool ok = ui->opt.player ? net_client_send(o->client, &err, "hello %d %s", NET_PROTOCOL_VERSION, ui->opt.player)
                             : net_client_send(o->client, &err, "hello %d", NET_PROTOCOL_VERSION);
    ok = ok && net_client_send(o->client, &err, "lobby on") && net_client_send(o->client, &err, "history");
    if (ok && ui_online_attached(ui) && o->lobby.game.role < 0 && !game_over(ui->game)) /* watching: on watching */
        ok = net_client_send(o->client, &err, "watch %lld", (long long)o->game);
    if (!ok)
        ui_online_disconnect(ui, err.msg);
    return ok;
}

bool ui_online_send(Ui *ui, const char *fmt, ...)
{
    UiOnline *o = online_state(ui);
    if (!o->client) {
        ui_message(ui, true, "Not connected to the Kage server: %s", o->why[0] ? o->why : "not yet");
        return false;
    }
    va_list ap;
    va_start(ap, fmt);
    KageError err;
    bool sent = net_client_vsend(o->client, &err, fmt, ap);
    va_end(ap);
    if (!sent) {
        ui_online_disconnect(ui, err.msg);
        ui_message(ui, true, "Not sent to the Kage server: %s", err.msg);
        return false;
    }
    return true;
}

void ui_online_lobby(Ui *ui)
{
    UiOnline *o = online_state(ui);
    ui->screen = SCREEN_LOBBY;
    if (!o->client)
        connect_now(ui);
    else if (o->welcomed)
        ui_online_send(ui, "history"); /* games may have ended since */
}

void ui_online_challenge(Ui *ui, const char *variant, const TimeControl *tc, int colour, bool rated)
{
    char spec[NET_TC_MAX];
    ui_online_lobby(ui);
    net_tc_format(tc, spec, sizeof spec);
    UiOnline *o = ui->online;
    char to[NET_NAME_MAX + 1];
    snprintf(to, sizeof to, "%s", o && o->offer_to[0] ? o->offer_to : "-");
    if (o)
        o->offer_to[0] = 0;
    if (!ui_online_send(ui, "challenge %s %s %s %s %s", variant, spec,
                        colour < 0 ? "random" : net_colour_name((Color)colour), to, rated ? "rated" : "casual"))
        return;
    if (strcmp(to, "-"))
        ui_message(ui, false, "%s challenge sent to %s alone: they are told at once", rated ? "Rated" : "Casual", to);
    else
        ui_message(ui, false, "%s challenge sent: it waits in the lobby for a player to accept it",
                   rated ? "Rated" : "Casual");
}

int ui_online_fd(const Ui *ui) { return ui->online && ui->online->client ? ui->online->client->fd : -1; }

short ui_online_events(const Ui *ui) { return ui->online && ui->online->client ? net_client_events(ui->online->client) : 0; }

int ui_online_step(Ui *ui)
{
    UiOnline *o = ui->online;
    if (!o || o->client || o->retry_at < 0)
        return -1;
    if (!wanted(ui)) { /* a game of one's own now: no more tries until the lobby opens again */
        o->retry_at = -1;
        return -1;
    }
    int64_t now = clock_monotonic_ms(NULL);
    if (now < o->retry_at)
        return (int)(o->retry_at - now);
    if (connect_now(ui) && ui->opt.mode == PLAY_ONLINE && o->game)
        ui_message(ui, false, "Connected to the Kage server again");
    return o->client ? -1 : RETRY_MS;
}

void ui_online_free(Ui *ui)
{
    UiOnline *o = ui->online;
    if (!o)
        return;
    if (o->client) {
        KageError err;
        net_client_send(o->client, &err, "quit");
    }
    net_client_free(o->client);
    net_lobby_free(&o->lobby);
    free(o->all_text);
    free(o);
    ui->online = NULL;
}

/* --- the online game on the board ----------------------------------------------------- */

/* The game on the board is the server's game that this connection follows. */
bool ui_online_attached(const Ui *ui)
{
    const UiOnline *o = ui->online;
    return o && o->game && ui->opt.mode == PLAY_ONLINE && o->lobby.game.id == o->game;
}

/* The screen's clocks as the server last told them, running from then. */
void ui_online_sync_clock(Ui *ui)
{
    const NetGameView *v = &ui->online->lobby.game;
    Clock c;
    clock_init(&c, &v->tc, NULL, NULL);
    c.side[WHITE] = v->clock[WHITE];
    c.side[BLACK] = v->clock[BLACK];
    c.turn = v->running >= 0 ? (Color)v->running : ui->game->pos->side;
    c.state = v->running >= 0 ? CLOCK_RUNNING : v->stalled ? CLOCK_PAUSED : CLOCK_STOPPED;
    c.started = v->clock_at;
    ui_clock_set(ui, &v->tc, &c);
}

/* All one's past games, oldest first, as one PGN on the text screen to
 * select (an SSH login can copy nothing else): the next record, or the text. */
void ui_online_all_games_next(Ui *ui)
{
    UiOnline *o = ui->online;
    const NetLobby *l = &o->lobby;
    if (o->all_next >= 0 && o->all_next < l->npast && ui_online_send(ui, "record %lld", (long long)l->past[o->all_next].id))
        return;
    size_t size = o->all_len + 400;
    char *text = xmalloc(size);
    snprintf(text, size,
             "\n-- Kage: your last %d games (PGN), oldest first; select them with the mouse --\n\n%s"
             "-- any key: back to the lobby --\n",
             l->npast, o->all_text ? o->all_text : "");
    free(o->all_text);
    o->all_text = NULL;
    o->all_len = 0;
    o->all_next = -1;
    o->text_from_lobby = true;
    ui->screen = SCREEN_TEXT;
    ui_text_mode(ui, true, text);
    free(text);
}

void ui_online_all_games(Ui *ui)
{
    UiOnline *o = ui->online;
    if (!o || !o->welcomed || !o->lobby.npast) {
        ui_message(ui, true, "No past games to show (the lobby lists yours)");
        return;
    }
    free(o->all_text);
    o->all_text = NULL;
    o->all_len = 0;
    o->all_next = o->lobby.npast - 1;
    ui_message(ui, false, "Asking the server for your %d games...", o->lobby.npast);
    ui_online_all_games_next(ui);
}

void ui_online_follow(Ui *ui, int64_t game)
{
    online_state(ui)->game = game;
}

void ui_online_sent(Ui *ui, bool sent) { online_state(ui)->sent = sent; }

void ui_online_offer_to(Ui *ui, const char *name)
{
    UiOnline *o = online_state(ui);
    snprintf(o->offer_to, sizeof o->offer_to, "%s", name);
}

void ui_online_retry_now(Ui *ui) { online_state(ui)->retry_at = 0; }

bool ui_online_text_leave(Ui *ui)
{
    if (!ui->online || !ui->online->text_from_lobby)
        return false;
    ui->online->text_from_lobby = false;
    return true;
}

NetEvent ui_online_apply(Ui *ui, const NetMsg *m, KageError *err)
{
    UiOnline *o = online_state(ui);
    NetEvent ev = net_lobby_apply(&o->lobby, m, clock_monotonic_ms(NULL), err);
    if (ev == NET_EV_WELCOME)
        o->welcomed = true;
    if (ev == NET_EV_ERROR) {
        o->sent = false;
        /* hello refused: the lobby says why (the first error: what follows is its echo) */
        if (!o->welcomed && !o->why[0])
            snprintf(o->why, sizeof o->why, "The server did not let this screen in: %.300s", err->msg);
    }
    return ev;
}

void ui_online_record_taken(Ui *ui) { online_state(ui)->export_id = 0; }

void ui_online_all_games_add(Ui *ui, const char *text, bool pgn)
{
    UiOnline *o = online_state(ui);
    o->all_text = xrealloc(o->all_text, o->all_len + strlen(text) + 3);
    o->all_len += (size_t)sprintf(o->all_text + o->all_len, "%s\n%s", text, pgn ? "" : "\n");
    o->all_next--;
}

void ui_online_export(Ui *ui, int64_t id, bool open)
{
    UiOnline *o = online_state(ui);
    if (ui_online_send(ui, "record %lld", (long long)id)) {
        o->export_id = id;
        o->export_open = open;
    }
}

/* The challenge to this player alone from `who` that is still open, or NULL. */
const NetChallenge *ui_online_offer_from(const NetLobby *l, const char *who)
{
    for (int i = l->nchallenges - 1; i >= 0; i--)
        if (!strcmp(l->challenges[i].to, l->me) && !strcmp(l->challenges[i].owner, who))
            return &l->challenges[i];
    return NULL;
}

int ui_lobby_rows(const NetLobby *l, LobbyRow *out)
{
    int n = 0;
    for (int i = 0; i < l->nchallenges && n < LOBBY_ROWS_MAX; i++)
        out[n++] = (LobbyRow){ROW_CHALLENGE, i};
    for (int i = 0; i < l->nlive && n < LOBBY_ROWS_MAX; i++)
        out[n++] = (LobbyRow){ROW_LIVE, i};
    for (int i = 0; i < l->npast && n < LOBBY_ROWS_MAX; i++)
        out[n++] = (LobbyRow){ROW_PAST, i};
    return n;
}

/* --- what the person may do ------------------------------------------------------------ */

bool ui_online_may_move(Ui *ui)
{
    if (ui->opt.mode != PLAY_ONLINE)
        return true;
    UiOnline *o = ui->online;
    if (!ui_online_attached(ui)) {
        ui_message(ui, true, "No online game on the board: O opens the lobby, n starts a game here");
        return false;
    }
    const NetGameView *v = &o->lobby.game;
    if (v->role < 0) {
        ui_message(ui, true, "You are watching %s against %s", v->white, v->black);
        return false;
    }
    if (!o->client) {
        ui_message(ui, true, "Not connected to the Kage server (%s): trying again", o->why);
        return false;
    }
    if ((int)ui->game->pos->side != v->role) {
        ui_message(ui, true, "Wait: %s is to move", v->role == WHITE ? v->black : v->white);
        return false;
    }
    if (o->sent) {
        ui_message(ui, true, "Your move is on its way to the server");
        return false;
    }
    return true;
}

void ui_online_play(Ui *ui, Move m)
{
    UiOnline *o = ui->online;
    char text[MOVE_TEXT_MAX];
    if (!ui_online_may_move(ui))
        return;
    move_to_text(ui->game->pos, m, MOVE_FOR_PROTOCOL, text);
    ui_deselect(ui);
    ui->input = INPUT_BOARD;
    if (ui_online_send(ui, "move %lld %d %s", (long long)o->game, ui->game->rec.nmoves, text)) {
        o->sent = true;
        ui_message_clear(ui);
    }
}

/* A chat line as the protocol carries it: printable ASCII (anything else
 * becomes '?'), at most NET_CHAT_MAX characters; "" when nothing is left. */
static void chat_text(const char *typed, char *out, size_t size)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)typed; *p && n + 1 < size && n < NET_CHAT_MAX; p++) {
        if ((*p & 0xC0) == 0x80)
            continue; /* the rest of a UTF-8 character: one '?' for it */
        out[n++] = *p >= 0x20 && *p <= 0x7e ? (char)*p : '?';
    }
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = 0;
}

static void chat_submit(Ui *ui, const char *typed)
{
    UiOnline *o = ui->online;
    char text[NET_CHAT_MAX + 1];
    chat_text(typed, text, sizeof text);
    if (!text[0] || !o)
        return;
    if (ui->screen == SCREEN_LOBBY)
        ui_online_send(ui, "say lobby %s", text);
    else if (ui_online_attached(ui))
        ui_online_send(ui, "say %lld %s", (long long)o->game, text);
}

void ui_online_chat(Ui *ui)
{
    UiOnline *o = ui->online;
    if (!o || !o->client || !o->welcomed) {
        ui_message(ui, true, "Not connected to the Kage server: no one hears you");
        return;
    }
    char label[80];
    const NetGameView *v = &o->lobby.game;
    if (ui->screen == SCREEN_LOBBY)
        snprintf(label, sizeof label, "Say (everyone in the lobby): ");
    else if (!ui_online_attached(ui))
        snprintf(label, sizeof label, "Say: ");
    else if (v->role < 0)
        snprintf(label, sizeof label, "Say (the other watchers): ");
    else
        snprintf(label, sizeof label, "Say to %s: ", v->role == WHITE ? v->black : v->white);
    if (ui->screen != SCREEN_LOBBY && !ui_online_attached(ui)) {
        ui_message(ui, true, "T talks in an online game or in the lobby (O)");
        return;
    }
    ui_prompt(ui, label, "", chat_submit);
}

/* --- the panel ----------------------------------------------------------------------------- */

void ui_online_label(const Ui *ui, Color c, char *buf, size_t size)
{
    if (!ui_online_attached(ui)) {
        snprintf(buf, size, "-");
        return;
    }
    const NetGameView *v = &ui->online->lobby.game;
    const char *name = c == WHITE ? v->white : v->black;
    if ((int)c == v->role) /* beside a clock there is no room: the panel's line says whose side it is */
        snprintf(buf, size, clock_enabled(&ui_time_view(ui)->clock) ? "%s" : "%s (you)", name);
    else if (!v->conn[c] && !game_over(ui->game))
        snprintf(buf, size, "%s, away", name);
    else
        snprintf(buf, size, "%s", name);
}

void ui_online_panel(const Ui *ui, char *buf, size_t size)
{
    const UiOnline *o = ui->online;
    if (!o || !ui_online_attached(ui)) {
        snprintf(buf, size, "Online: no game (O: the lobby)");
        return;
    }
    const NetGameView *v = &o->lobby.game;
    const char *opponent = v->role == WHITE ? v->black : v->white;
    if (!o->client)
        snprintf(buf, size, "Offline: %s. Trying again", o->why);
    else if (game_over(ui->game))
        snprintf(buf, size, "Online game %lld is over (O: the lobby)", (long long)v->id);
    else if (v->stalled)
        snprintf(buf, size, "Waiting: %s", v->stalled_why);
    else if (v->role < 0)
        snprintf(buf, size, "Watching online game %lld%s%.0d%s (O: the lobby)", (long long)v->id,
                 v->nwatchers > 1 ? " with " : "", v->nwatchers > 1 ? v->nwatchers - 1 : 0,
                 v->nwatchers > 2 ? " others" : v->nwatchers == 2 ? " other" : "");
    else if (v->draw_offer >= 0 && v->draw_offer != v->role)
        snprintf(buf, size, "%s offers a draw: D accepts", opponent);
    else if (v->draw_offer == v->role)
        snprintf(buf, size, "Draw offered to %s", opponent);
    else if (!v->conn[!v->role]) {
        /* their turn: the time they have left to come back, as the server counts it */
        int64_t now = clock_monotonic_ms(NULL), from = v->away_at[!v->role] > v->clock_at ? v->away_at[!v->role]
                                                                                            : v->clock_at;
        int64_t left = v->abandon_s * 1000LL - (now - from);
        if ((int)ui->game->pos->side != v->role && v->abandon_s && v->away_at[!v->role] >= 0 && left > 0)
            snprintf(buf, size, "%s is away: back within %d:%02d, or the game is abandoned", opponent,
                     (int)(left / 60000), (int)(left / 1000 % 60));
        else
            snprintf(buf, size, "%s is away: on their turn they lose if they do not come back", opponent);
    } else if (v->nwatchers > 0)
        snprintf(buf, size, "Online game %lld: you play %s; %d watch%s%s%s", (long long)v->id,
                 game_side_name(ui->game, (Color)v->role), v->nwatchers, v->nwatchers == 1 ? "es" : "",
                 v->watchers[0] ? ": " : "", v->watchers);
    else
        snprintf(buf, size, "Online game %lld: you play %s", (long long)v->id, game_side_name(ui->game, (Color)v->role));
}
