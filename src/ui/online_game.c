/* The online game on the board: the server's lines read and played on the
 * screen.  The server is the referee: a game it sends is set on the board
 * (control.c), a move is played when it comes back, the clocks shown are
 * the server's, the game ends when the server says so; a record asked for
 * is saved, opened (records_load.c) or added to the text of all one's
 * games.  Above the game's control, which sends a person's move through the
 * connection below it (online.c). */
#include "ui_internal.h"

#include "kage/rules/notation.h"
#include "kage/rules/variant.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *side_of(const Ui *ui, Color c) { return game_side_name(ui->game, c); }

/* The server's game arrived whole: on the board, unless it is there already. */
static void attach(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    const NetGameView *v = &o->lobby.game;
    if (ui_online_attached(ui) && ui->game->rec.nmoves == v->nmoves) {
        ui_online_sync_clock(ui); /* the same game again (a sync, a reconnection) */
        return;
    }
    KageError err;
    const VariantDef *def = variant_find(v->variant);
    Game *g = def ? game_new(def, NULL, &err) : NULL;
    if (!g) {
        ui_message(ui, true, "Game %lld: the server plays a variant unknown here (%s)", (long long)v->id, v->variant);
        return;
    }
    for (int i = 0; i < v->nmoves; i++) {
        Move m;
        if (!move_from_text(g->pos, v->moves[i], MOVE_FOR_PROTOCOL, &m, &err)) {
            ui_message(ui, true, "Game %lld: move %d from the server (%s) is not legal here", (long long)v->id, i + 1,
                       v->moves[i]);
            game_free(g);
            return;
        }
        game_play(g, m);
    }
    ui_message_keep(ui, false);
    bool ok = ui_game_from_record(ui, &g->rec, PLAY_ONLINE, ui->opt.level, &v->tc);
    game_free(g);
    if (!ok)
        return;
    ui_online_follow(ui, v->id);
    ui_online_sent(ui, false);
    ui->online_game.was_away[WHITE] = !v->conn[WHITE];
    ui->online_game.was_away[BLACK] = !v->conn[BLACK];
    ui->online_game.draw_seen = v->draw_offer;
    ui_online_sync_clock(ui);
    ui_orient(ui);
    ui_cursor_home(ui);
    ui->screen = SCREEN_GAME;
    if (v->role < 0)
        ui_message(ui, false, "Watching game %lld of %s: %s (%s) against %s (%s). O: the lobby", (long long)v->id,
                   def->name, v->white, side_of(ui, WHITE), v->black, side_of(ui, BLACK));
    else
        ui_message(ui, false, "Game %lld of %s: you play %s against %s%s. ? for help", (long long)v->id, def->name,
                   side_of(ui, (Color)v->role), v->role == WHITE ? v->black : v->white,
                   v->nmoves ? " (the game where it was)" : "");
    ui_bell(ui);
}

static void resync(Ui *ui) { ui_online_send(ui, "sync %lld", (long long)ui_online_view(ui)->lobby.game.id); }

static void on_move(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    const NetGameView *v = &o->lobby.game;
    if (!ui_online_attached(ui))
        return;
    Game *g = ui->game;
    Move m;
    KageError err;
    if (g->rec.nmoves != v->nmoves - 1 || !move_from_text(g->pos, v->moves[v->nmoves - 1], MOVE_FOR_PROTOCOL, &m, &err)) {
        resync(ui);
        return;
    }
    Color mover = g->pos->side;
    char text[MOVE_TEXT_MAX];
    move_to_text(g->pos, m, MOVE_FOR_PEOPLE, text);
    game_play(g, m);
    if ((int)mover == v->role)
        ui_online_sent(ui, false);
    ui_deselect(ui);
    if (ui->input == INPUT_CHOICE)
        ui->input = INPUT_BOARD;
    ui_cursor_fix(ui);
    ui_online_sync_clock(ui);
    ui->online_game.draw_seen = -1;
    if ((int)mover != v->role) {
        ui_message(ui, false, "%s played %s", mover == WHITE ? v->white : v->black, text);
        ui_bell(ui);
    } else
        ui_message_clear(ui);
}

static void on_state(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    const NetGameView *v = &o->lobby.game;
    if (!ui_online_attached(ui))
        return;
    ui_online_sync_clock(ui);
    for (Color c = WHITE; c <= BLACK; c++) {
        bool away = !v->conn[c];
        if (away != ui->online_game.was_away[c] && (int)c != v->role) {
            const char *name = c == WHITE ? v->white : v->black;
            if (away && v->abandon_s)
                ui_message(ui, true, "%s is away: their clock runs, and if they are not back within %d:%02d of "
                                     "their turn the game is abandoned, theirs lost", name, v->abandon_s / 60,
                           v->abandon_s % 60);
            else if (away)
                ui_message(ui, true, "%s is away: their clock runs, and away on their turn too long they lose", name);
            else
                ui_message(ui, false, "%s is back", name);
        }
        ui->online_game.was_away[c] = away;
    }
    if (v->draw_offer != ui->online_game.draw_seen) {
        if (v->draw_offer >= 0 && v->draw_offer != v->role) {
            ui_message(ui, false, "%s offers a draw: D accepts, a move declines",
                       v->draw_offer == WHITE ? v->white : v->black);
            ui_bell(ui);
        } else if (v->draw_offer < 0 && ui->online_game.draw_seen >= 0 && ui->online_game.draw_seen == v->role)
            ui_message(ui, false, "Your draw offer was declined");
        ui->online_game.draw_seen = v->draw_offer;
    }
    if (v->stalled) {
        ui_online_sent(ui, false);
        ui_message(ui, true, "The game waits, its clocks stopped: %s", v->stalled_why);
    }
}

static void on_end(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    const NetGameView *v = &o->lobby.game;
    if (!ui_online_attached(ui))
        return;
    if (v->result.reason == END_ABORTED) { /* no game at all: back to the lobby */
        char who[NET_NAME_MAX + 1];
        snprintf(who, sizeof who, "%s", v->role == WHITE ? v->black : v->white);
        int64_t id = o->game;
        ui_online_follow(ui, 0);
        ui_online_sent(ui, false);
        ui->input = INPUT_BOARD;
        ui_online_lobby(ui);
        ui_message(ui, false, "Game %lld%s%s was aborted before its first moves: no result, nothing kept", (long long)id,
                   v->role >= 0 ? " against " : "", v->role >= 0 ? who : "");
        return;
    }
    Game *g = ui->game;
    if (!game_over(g) || g->rec.result.outcome != v->result.outcome)
        game_end_by(g, v->result);
    ui_online_sync_clock(ui);
    ui_online_sent(ui, false);
    ui_deselect(ui);
    ui->input = INPUT_BOARD;
    char st[160];
    game_status_text(g, st, sizeof st);
    ui_message(ui, false, "%s. O: the lobby, N: a rematch, V: review", st);
    ui_bell(ui);
}

/* A record asked for: saved as PGN in the data folder (and opened). */
static void on_record(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    const NetGameView *r = &o->lobby.record;
    if (o->all_next >= 0 && o->all_next < o->lobby.npast && r->id == o->lobby.past[o->all_next].id) {
        KageError err;
        char *pgn = net_game_pgn(r, &err);
        const char *add = pgn ? pgn : err.msg;
        ui_online_all_games_add(ui, add, pgn != NULL);
        free(pgn);
        ui_online_all_games_next(ui);
        return;
    }
    if (!o->export_id || r->id != o->export_id)
        return;
    ui_online_record_taken(ui);
    KageError err;
    char *pgn = net_game_pgn(r, &err);
    if (!pgn) {
        ui_message(ui, true, "%s", err.msg);
        return;
    }
    char name[64], path[1024];
    snprintf(name, sizeof name, "online-%lld.pgn", (long long)r->id);
    bool ok = config_path(KAGE_DIR_DATA, name, true, path, sizeof path, &err) &&
              config_write_own(path, pgn, strlen(pgn), &err);
    free(pgn);
    if (!ok) {
        ui_message(ui, true, "Game %lld could not be saved: %s", (long long)r->id, err.msg);
        return;
    }
    if (!o->export_open) {
        ui_message(ui, false, "Game %lld saved to %s", (long long)r->id, path);
        return;
    }
    ui_online_follow(ui, 0); /* a finished game, to look through as any loaded one */
    ui->opt.mode = PLAY_HOTSEAT;
    if (ui_load_file(ui, path) && ui->screen == SCREEN_LOBBY)
        ui->screen = SCREEN_GAME;
}

/* A player offers this one a game: said wherever the person is, with the
 * keys that answer it. */
static void on_offer(Ui *ui)
{
    const NetLobby *l = &ui_online_view(ui)->lobby;
    const NetChallenge *c = &l->last;
    const NetGameView *v = &l->game;
    bool rematch = ui->screen == SCREEN_GAME && v->id && v->role >= 0 && game_over(ui->game) &&
                   !strcmp(c->owner, v->role == WHITE ? v->black : v->white);
    const char *side = c->colour < 0 ? "sides at random" : c->colour == WHITE ? "you play second" : "you play first";
    const char *kind = c->rated ? "rated" : "casual";
    if (rematch)
        ui_message(ui, false, "%s offers a rematch (%s, %s, %s): N accepts; in the lobby (O), x declines", c->owner,
                   c->tc, side, kind);
    else
        ui_message(ui, false, "%s challenges you: %s %s, %s, %s. In the lobby (O): Enter accepts, x declines",
                   c->owner, c->variant, c->tc, side, kind);
}

/* A chat line: on the status line where it belongs (the lobby's in the
 * lobby, a game's on its screen), and kept for w either way. */
static void on_said(Ui *ui)
{
    const NetLobby *l = &ui_online_view(ui)->lobby;
    bool here = l->said.game
                    ? ui_online_attached(ui) && ui->screen == SCREEN_GAME && l->said.game == ui_online_view(ui)->game
                    : ui->screen == SCREEN_LOBBY;
    if (here && l->said.game)
        ui_message(ui, false, "%s: %s", l->said.name, l->said.text);
    else if (here)
        ui_message(ui, false, "%s (lobby): %s", l->said.name, l->said.text);
    else if (l->said.game) /* kept for w, but what the screen said stays */
        ui_message_log_only(ui, "%s: %s", l->said.name, l->said.text);
    else
        ui_message_log_only(ui, "%s (lobby): %s", l->said.name, l->said.text);
}

/* A rating told: one's own, changed by the game on the board that just
 * ended, is said (as lichess shows it under the result). */
static void on_rating(Ui *ui)
{
    const NetLobby *l = &ui_online_view(ui)->lobby;
    const NetRating *r = &l->last_rating;
    const NetGameView *v = &l->game;
    if (strcmp(r->name, l->me) || !ui_online_attached(ui) || !v->rated || !game_over(ui->game) ||
        strcmp(r->variant, v->variant))
        return;
    char text[16], was[600];
    net_rating_text(r, text, sizeof text);
    snprintf(was, sizeof was, "%.500s", ui_status_view(ui)->msg[0] ? ui_status_view(ui)->msg : "The game is over");
    const VariantDef *d = variant_find(r->variant);
    ui_message(ui, false, "%s. Your rating in %s is now %s (%d rated game%s)", was, d ? d->name : r->variant, text,
               r->games, r->games == 1 ? "" : "s");
}


static void on_message(Ui *ui, const NetMsg *m)
{
    const UiOnline *o = ui_online_view(ui);
    KageError err;
    switch (ui_online_apply(ui, m, &err)) { /* the connection's own bookkeeping first */
    case NET_EV_WELCOME:
        break;
    case NET_EV_ERROR:
        ui_message(ui, true, "Kage server: %s", err.msg);
        break;
    case NET_EV_NOTICE:
    case NET_EV_BYE:
        ui_message(ui, false, "Kage server: %s", err.msg);
        break;
    case NET_EV_GAME:
        attach(ui);
        break;
    case NET_EV_MOVE:
        on_move(ui);
        break;
    case NET_EV_STATE:
        on_state(ui);
        break;
    case NET_EV_END:
        on_end(ui);
        break;
    case NET_EV_RECORD:
        on_record(ui);
        break;
    case NET_EV_RESYNC:
        resync(ui);
        break;
    case NET_EV_OFFER:
        on_offer(ui);
        ui_lobby_fit(ui); /* the cursor stays on a row */
        break;
    case NET_EV_DECLINED:
        if (!strcmp(o->lobby.withdrawn_why, "expired"))
            ui_message(ui, true, "%s did not answer your challenge #%lld (%s %s) in time: it lapsed", o->lobby.last.to,
                       (long long)o->lobby.last.id, o->lobby.last.variant, o->lobby.last.tc);
        else
            ui_message(ui, true, "%s declined your challenge #%lld (%s %s)", o->lobby.last.to,
                       (long long)o->lobby.last.id, o->lobby.last.variant, o->lobby.last.tc);
        ui_lobby_fit(ui); /* the cursor stays on a row */
        break;
    case NET_EV_SAID:
        on_said(ui);
        break;
    case NET_EV_RATING:
        on_rating(ui);
        ui_lobby_fit(ui); /* the cursor stays on a row */
        break;
    case NET_EV_LOBBY:
    case NET_EV_PAST:
    case NET_EV_TOP:
        ui_lobby_fit(ui); /* the cursor stays on a row */
        break;
    default:
        break;
    }
}

void ui_online_io(Ui *ui, short revents)
{
    const UiOnline *o = ui_online_view(ui);
    if (!o || !o->client)
        return;
    if (revents & POLLOUT)
        net_client_flush(o->client);
    if (revents & (POLLIN | POLLHUP | POLLERR))
        net_client_read(o->client);
    NetMsg *m = xmalloc(sizeof *m);
    KageError err;
    int r;
    while (o->client && (r = net_client_next(o->client, m, &err)) == 1)
        on_message(ui, m);
    free(m);
    if (o->client && o->client->closed)
        ui_online_disconnect(ui, o->client->why);
}
