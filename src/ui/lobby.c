/* The lobby screen: who is online, the open challenges, the games being
 * played and the player's past games, as the server last told them, with
 * a cursor over the rows that can be acted on (accept, withdraw, watch, go
 * back to one's game, open or save a past game).  Its keys are a table of
 * actions, bound in bindings.c like every other screen's.  The rows and
 * the cursor are online.c's (UiOnline), which keeps them as lines come. */
#include "ui_internal.h"

#include "kage/rules/variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static const char *variant_name(const char *id)
{
    const VariantDef *d = variant_find(id);
    return d ? d->name : id;
}

/* "Clan" / "Kingdom" for a colour of a variant. */
static const char *side_name(const char *variant, int c)
{
    const VariantDef *d = variant_find(variant);
    if (!d)
        return c == WHITE ? "first" : "second";
    return c == WHITE ? d->white_name : d->black_name;
}


/* A row's text in buf: a row longer than the screen (size) is cut there. */
__attribute__((format(printf, 3, 4))) static void cut_text(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, size, fmt, ap);
    va_end(ap);
}

static void row_text(const Ui *ui, const LobbyRow *r, char *buf, size_t size)
{
    const NetLobby *l = &ui_online_view(ui)->lobby;
    if (r->kind == ROW_CHALLENGE) {
        const NetChallenge *c = &l->challenges[r->index];
        char colour[48];
        if (c->colour < 0)
            snprintf(colour, sizeof colour, "random sides");
        else
            snprintf(colour, sizeof colour, "%s plays %s", c->owner, side_name(c->variant, c->colour));
        const char *note = !strcmp(c->owner, l->me) ? " (yours: x)"
                           : !strcmp(c->to, l->me) ? " (to you: Enter or x)"
                                                   : "";
        char owner[2 * NET_NAME_MAX + 64], rating[16];
        net_rating_text(net_lobby_rating(l, c->owner, c->variant), rating, sizeof rating);
        snprintf(owner, sizeof owner, "%s%s%s%s%s", c->owner, rating[0] ? " " : "", rating, c->to[0] ? " to " : "",
                 c->to);
        cut_text(buf, size, "#%-3lld %-12s %s %s %s, %s%s", (long long)c->id, owner, variant_name(c->variant), c->tc,
                 c->rated ? "rated" : "casual", colour, note);
    } else if (r->kind == ROW_LIVE) {
        const NetGameInfo *g = &l->live[r->index];
        bool mine = !strcmp(g->white, l->me) || !strcmp(g->black, l->me);
        char wr[16], br[16]; /* both players' ratings in its game, where they are known */
        net_rating_text(net_lobby_rating(l, g->white, g->variant), wr, sizeof wr);
        net_rating_text(net_lobby_rating(l, g->black, g->variant), br, sizeof br);
        cut_text(buf, size, "#%-4lld %-17s %s%s%s - %s%s%s  %s%s", (long long)g->id, variant_name(g->variant), g->white,
                 wr[0] ? " " : "", wr, g->black, br[0] ? " " : "", br, g->tc,
                 mine ? "  (yours: Enter goes back to it)" : "");
    } else {
        const NetGameInfo *g = &l->past[r->index];
        char date[24] = "";
        time_t t = (time_t)g->ended;
        struct tm tm;
        if (localtime_r(&t, &tm))
            strftime(date, sizeof date, "%m-%d %H:%M", &tm);
        snprintf(buf, size, "#%-4lld %s %-17s %s - %s  %s %s", (long long)g->id, date, variant_name(g->variant),
                 g->white, g->black, game_outcome_text(g->result.outcome), game_reason_text(g->result.reason));
    }
}

/* The cursor on one of the lobby's nrows rows (the last, where it was past them). */
static void cursor_fit(Ui *ui, int nrows)
{
    if (ui->lobby_screen.sel >= nrows)
        ui->lobby_screen.sel = nrows ? nrows - 1 : 0;
}

/* One line of what the screen shows: a heading, a row, or text. */
typedef struct LobbyLine {
    char text[200];
    int row; /* the row's number, or -1 */
    ThemeStyle style;
} LobbyLine;

void ui_draw_lobby(Ui *ui)
{
    static LobbyRow rows[LOBBY_ROWS_MAX];
    static LobbyLine lines[LOBBY_ROWS_MAX + 48];
    const UiOnline *o = ui_online_view(ui);
    const NetLobby *l = &o->lobby;
    bool uni = ui_look_view(ui)->glyphs != GLYPHS_LETTERS;
    char buf[400];
    int y = 0;
    if (o->client && o->welcomed)
        snprintf(buf, sizeof buf, "Kage lobby %s you are %s, on %s", uni ? "—" : "-", l->me, o->path);
    else
        snprintf(buf, sizeof buf, "Kage lobby %s not connected", uni ? "—" : "-");
    ui_put(y++, 0, COLS, ui_style(ui, STYLE_TITLE), buf);
    if (!o->client) { /* what was known stays below, for what it is worth */
        char why[500];
        snprintf(why, sizeof why, "%s. Trying again every few seconds (r: now).", o->why[0] ? o->why : "Connecting");
        y += ui_put_wrapped(y, 0, COLS, ui_style(ui, STYLE_ERROR), why, 3);
    } else if (!o->welcomed && o->why[0])
        y += ui_put_wrapped(y, 0, COLS, ui_style(ui, STYLE_ERROR), o->why, 3);
    /* each player's rating in one game: the selected row's, else the leaderboard's */
    int nrows = ui_lobby_rows(l, rows), k = 0;
    const char *rated_in = NULL;
    if (ui->lobby_screen.sel < nrows) {
        const LobbyRow *r = &rows[ui->lobby_screen.sel];
        rated_in = r->kind == ROW_CHALLENGE ? l->challenges[r->index].variant
                   : r->kind == ROW_LIVE    ? l->live[r->index].variant
                                            : l->past[r->index].variant;
    } else if (ui->lobby_screen.board > 0)
        rated_in = variant_defs[ui->lobby_screen.board - 1]->id;
    bool any = false;
    for (int i = 0; rated_in && i < l->nplayers && !any; i++)
        any = net_lobby_rating(l, l->players[i], rated_in) != NULL;
    int n = 0, used = snprintf(buf, sizeof buf, "Online (%d%s%s):", l->nplayers, any ? ", rated in " : "",
                               any ? variant_name(rated_in) : "");
    for (int i = 0; i < l->nplayers && used < (int)sizeof buf - 60; i++) {
        char rating[16] = "";
        if (any)
            net_rating_text(net_lobby_rating(l, l->players[i], rated_in), rating, sizeof rating);
        used += snprintf(buf + used, sizeof buf - (size_t)used, " %s%s%s%s", l->players[i], rating[0] ? " " : "", rating,
                         l->doing[i] == NET_PLAYING ? " (playing)" : l->doing[i] == NET_WATCHING ? " (watching)" : "");
    }
    y += ui_put_wrapped(y, 0, COLS, ui_style(ui, STYLE_TEXT), buf, 2);
#define HEAD(t_)                                                                       \
    do {                                                                               \
        snprintf(lines[n].text, sizeof lines[n].text, "%s", t_);                       \
        lines[n].row = -1;                                                             \
        lines[n++].style = STYLE_DIM;                                                  \
    } while (0)
    char head[80];
    snprintf(head, sizeof head, "Open challenges (%d)%s", l->nchallenges, l->nchallenges ? "" : ": c offers one");
    HEAD(head);
    for (; k < nrows && rows[k].kind == ROW_CHALLENGE; k++, n++) {
        row_text(ui, &rows[k], lines[n].text, sizeof lines[n].text);
        lines[n].row = k;
        lines[n].style = STYLE_TEXT;
    }
    snprintf(head, sizeof head, "Games being played (%d)", l->nlive);
    HEAD(head);
    for (; k < nrows && rows[k].kind == ROW_LIVE; k++, n++) {
        row_text(ui, &rows[k], lines[n].text, sizeof lines[n].text);
        lines[n].row = k;
        lines[n].style = STYLE_TEXT;
    }
    snprintf(head, sizeof head, "Your past games (%d)", l->npast);
    HEAD(head);
    for (; k < nrows && rows[k].kind == ROW_PAST; k++, n++) {
        row_text(ui, &rows[k], lines[n].text, sizeof lines[n].text);
        lines[n].row = k;
        lines[n].style = STYLE_TEXT;
    }
    if (ui->lobby_screen.board > 0 && l->ntop >= 0) { /* the leaderboard asked for with t */
        const VariantDef *d = variant_defs[ui->lobby_screen.board - 1];
        snprintf(head, sizeof head, "Best in %s%s (t: the next game's)", d->name,
                 strcmp(l->top_variant, d->id) ? ", asked for" : l->ntop ? "" : ": no rated game yet");
        HEAD(head);
        for (int i = 0; !strcmp(l->top_variant, d->id) && i < l->ntop && n < LOBBY_ROWS_MAX + 48; i++, n++) {
            char rating[16];
            net_rating_text(&l->top[i], rating, sizeof rating);
            snprintf(lines[n].text, sizeof lines[n].text, "  %2d. %-20s %-6s %d rated game%s%s", i + 1, l->top[i].name,
                     rating, l->top[i].games, l->top[i].games == 1 ? "" : "s", strcmp(l->top[i].name, l->me) ? "" : "  (you)");
            lines[n].row = -1;
            lines[n].style = STYLE_TEXT;
        }
    }
#undef HEAD
    /* the list between the players and the two last lines, scrolled to the cursor */
    int top_y = y + 1, room = LINES - 3 - top_y, cur = 0;
    cursor_fit(ui, nrows);
    for (int i = 0; i < n; i++)
        if (lines[i].row == ui->lobby_screen.sel && nrows)
            cur = i;
    if (cur < ui->lobby_screen.top + 1)
        ui->lobby_screen.top = cur > 0 ? cur - 1 : 0;
    if (cur >= ui->lobby_screen.top + room)
        ui->lobby_screen.top = cur - room + 1;
    if (ui->lobby_screen.top < 0)
        ui->lobby_screen.top = 0;
    for (int i = ui->lobby_screen.top; i < n && i - ui->lobby_screen.top < room; i++) {
        bool on = nrows && lines[i].row == ui->lobby_screen.sel;
        char text[210];
        snprintf(text, sizeof text, "%s%s", lines[i].row >= 0 ? (on ? "> " : "  ") : "", lines[i].text);
        ui_put(top_y + i - ui->lobby_screen.top, 0, COLS, ui_style(ui, lines[i].style) | (on ? A_REVERSE : 0), text);
    }
    if (ui->input != INPUT_PROMPT && ui_status_view(ui)->msg[0])
        ui_put_bottom_up(LINES - 2, COLS, ui_style(ui, ui_status_view(ui)->msg_error ? STYLE_ERROR : STYLE_MESSAGE),
                         ui_status_view(ui)->msg, 2);
    ui_put(LINES - 1, 0, COLS, ui_style(ui, STYLE_DIM),
           ui->input == INPUT_PROMPT ? "Enter: done  Esc: not now"
           : COLS >= 80              ? "Enter: open/accept  c: challenge  x: withdraw  T: talk  t: ratings  Esc: back"
                                     : "Enter open  c challenge  x withdraw  T talk  Esc back");
    if (ui->input == INPUT_PROMPT) /* the chat's line, last: the cursor stays on it */
        ui_inputs[INPUT_PROMPT].draw(ui, LINES - 2);
}

/* --- the keys ------------------------------------------------------------------------- */

/* The row under the cursor; false (and a message) when there is none. */
static bool current(Ui *ui, LobbyRow *out)
{
    static LobbyRow rows[LOBBY_ROWS_MAX];
    const UiOnline *o = ui_online_view(ui);
    int n = ui_lobby_rows(&o->lobby, rows);
    if (!o->client) {
        ui_message(ui, true, "Not connected to the Kage server: %s", o->why);
        return false;
    }
    if (ui->lobby_screen.sel >= n) {
        ui_message(ui, true, "Nothing chosen: the list is empty (c offers a game)");
        return false;
    }
    *out = rows[ui->lobby_screen.sel];
    return true;
}

static void lobby_down(Ui *ui)
{
    static LobbyRow rows[LOBBY_ROWS_MAX];
    if (ui->lobby_screen.sel + 1 < ui_lobby_rows(&ui_online_view(ui)->lobby, rows))
        ui->lobby_screen.sel++;
}

static void lobby_up(Ui *ui)
{
    if (ui->lobby_screen.sel > 0)
        ui->lobby_screen.sel--;
}

static void lobby_go(Ui *ui) { ui_online_send(ui, "%s", ui->lobby_screen.pending); }

void ui_lobby_fit(Ui *ui)
{
    static LobbyRow rows[LOBBY_ROWS_MAX];
    cursor_fit(ui, ui_lobby_rows(&ui_online_view(ui)->lobby, rows));
}

/* Send line, after asking when it would replace a game in progress here
 * (which stays in the autosave, offered at the next start). */
static void lobby_send(Ui *ui, const char *line)
{
    snprintf(ui->lobby_screen.pending, sizeof ui->lobby_screen.pending, "%s", line);
    if (ui->opt.mode != PLAY_ONLINE && ui_game_in_progress(ui)) {
        ui->screen = SCREEN_GAME;
        ui_confirm(ui, "Leave the game in progress for this one? It stays in the autosave for the next start (y/n)",
                   lobby_go);
        return;
    }
    lobby_go(ui);
}

static void lobby_open(Ui *ui)
{
    LobbyRow r;
    if (!current(ui, &r))
        return;
    const NetLobby *l = &ui_online_view(ui)->lobby;
    char line[64];
    ui_message_clear(ui);
    if (r.kind == ROW_CHALLENGE) {
        const NetChallenge *c = &l->challenges[r.index];
        if (!strcmp(c->owner, l->me))
            ui_message(ui, false, "Your own challenge waits for a player (x withdraws it)");
        else {
            snprintf(line, sizeof line, "accept %lld", (long long)c->id);
            lobby_send(ui, line);
        }
    } else if (r.kind == ROW_LIVE) {
        const NetGameInfo *g = &l->live[r.index];
        bool mine = !strcmp(g->white, l->me) || !strcmp(g->black, l->me);
        snprintf(line, sizeof line, mine ? "sync %lld" : "watch %lld", (long long)g->id);
        lobby_send(ui, line);
    } else
        ui_online_export(ui, l->past[r.index].id, true);
}

static void lobby_withdraw(Ui *ui)
{
    LobbyRow r;
    if (!current(ui, &r))
        return;
    const NetLobby *l = &ui_online_view(ui)->lobby;
    if (r.kind == ROW_CHALLENGE && !strcmp(l->challenges[r.index].to, l->me)) {
        if (ui_online_send(ui, "decline %lld", (long long)l->challenges[r.index].id))
            ui_message(ui, false, "Challenge of %s declined", l->challenges[r.index].owner);
    } else if (r.kind != ROW_CHALLENGE || strcmp(l->challenges[r.index].owner, l->me))
        ui_message(ui, true, "x withdraws a challenge of yours, or declines one made to you: choose one");
    else if (ui_online_send(ui, "cancel %lld", (long long)l->challenges[r.index].id))
        ui_message(ui, false, "Challenge withdrawn");
}

static void lobby_export(Ui *ui)
{
    LobbyRow r;
    if (!current(ui, &r))
        return;
    const NetLobby *l = &ui_online_view(ui)->lobby;
    if (r.kind == ROW_CHALLENGE)
        ui_message(ui, true, "A challenge has no moves yet: choose a game");
    else
        ui_online_export(ui, r.kind == ROW_LIVE ? l->live[r.index].id : l->past[r.index].id, false);
}

static void lobby_challenge(Ui *ui)
{
    ui_online_offer_to(ui, "");
    ui_open_newgame_online(ui, true);
}

static void lobby_refresh(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    if (!o->client) {
        ui_online_retry_now(ui);
        ui_online_step(ui);
        return;
    }
    if (ui_online_send(ui, "lobby on"))
        ui_online_send(ui, "history");
}

static void lobby_new_game(Ui *ui)
{
    ui_open_newgame_online(ui, false);
}

static void lobby_chat(Ui *ui) { ui_online_chat(ui); }
static void lobby_all_games(Ui *ui) { ui_online_all_games(ui); }

static void whom_submit(Ui *ui, const char *typed)
{
    const UiOnline *o = ui_online_view(ui);
    const NetLobby *l = &o->lobby;
    bool here = false;
    for (int i = 0; i < l->nplayers; i++)
        here |= !strcmp(l->players[i], typed);
    if (!net_name_ok(typed) || !here || !strcmp(typed, l->me)) {
        ui_message(ui, true, "'%.40s' is not another player online here (the list at the top)", typed);
        return;
    }
    ui_online_offer_to(ui, typed);
    ui_open_newgame_online(ui, true);
    ui_message(ui, false, "A game for %s alone: choose it, then Enter", typed);
}

/* A challenge to one player: their name, then the new-game screen. */
static void lobby_challenge_player(Ui *ui)
{
    const NetLobby *l = &ui_online_view(ui)->lobby;
    char first[NET_NAME_MAX + 1] = "";
    for (int i = 0; i < l->nplayers && !first[0]; i++)
        if (strcmp(l->players[i], l->me))
            snprintf(first, sizeof first, "%s", l->players[i]);
    ui_prompt(ui, "Challenge whom? ", first, whom_submit);
}

/* The leaderboard of the next variant (after the last, none). */
static void lobby_leaderboard(Ui *ui)
{
    int n = 0;
    while (variant_defs[n] && variant_defs[n]->id)
        n++;
    ui->lobby_screen.board = (ui->lobby_screen.board + 1) % (n + 1);
    if (ui->lobby_screen.board > 0)
        ui_online_send(ui, "ratings %s", variant_defs[ui->lobby_screen.board - 1]->id);
}

static void lobby_back(Ui *ui) { ui->screen = SCREEN_GAME; }

const UiAction ui_lobby_actions[] = {
    {"down", "the next row", lobby_down, NULL, NULL},
    {"up", "the row above", lobby_up, NULL, NULL},
    {"open", "accept the challenge, watch the game (or go back to yours), open a past game", lobby_open, NULL, NULL},
    {"challenge", "offer a game: the new-game screen in online mode (variant, clock, colour)", lobby_challenge, NULL,
     NULL},
    {"withdraw", "withdraw your challenge, or decline one made to you alone", lobby_withdraw, NULL, NULL},
    {"export", "save the game as PGN in the data folder", lobby_export, NULL, NULL},
    {"refresh", "list everything again (or connect now)", lobby_refresh, NULL, NULL},
    {"leaderboard", "the best ratings of each game in turn (then none)", lobby_leaderboard, NULL, NULL},
    {"chat", "say something to everyone in the lobby", lobby_chat, NULL, NULL},
    {"all-games", "all your past games as PGN, with their clocks, on a screen to select and copy", lobby_all_games, NULL,
     NULL},
    {"challenge-player", "offer a game to one player alone: their name, then the new-game screen", lobby_challenge_player,
     NULL, NULL},
    {"new-game", "a game here, against the AI or hot-seat", lobby_new_game, NULL, NULL},
    {"back", "back to the game screen", lobby_back, NULL, NULL},
};
const int ui_lobby_nactions = N_ELEMS(ui_lobby_actions);
