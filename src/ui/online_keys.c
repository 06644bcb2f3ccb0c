/* The board's keys in an online game: what a board action (actions.c)
 * does when the game on the board is the server's.  One table of rows,
 * looked up by bindings.c before the board's own action runs; the
 * connection and the game's state are online.c's, read and sent through
 * its functions. */
#include "ui_internal.h"

#include "kage/net/wire.h"

#include <stdio.h>
#include <string.h>

static void online_resign(Ui *ui) { ui_online_send(ui, "resign %lld", (long long)ui_online_view(ui)->game); }
static void online_abort(Ui *ui) { ui_online_send(ui, "abort %lld", (long long)ui_online_view(ui)->game); }
static void online_quit(Ui *ui) { ui->quit = true; }

static void online_new_game(Ui *ui)
{
    ui_open_newgame_online(ui, false);
}

/* The board's keys an online game takes its own way: each function runs
 * when its row of online_actions applies. */

static void key_resign(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    const NetGameView *v = &o->lobby.game;
    const char *opponent = v->role == WHITE ? v->black : v->white;
    char q[300];
    if (v->role < 0)
        ui_message(ui, true, "You are watching: only the players can resign");
    else if (ui->game->rec.nmoves <= v->role) { /* before one's own first move: no result */
        snprintf(q, sizeof q, "Abort game %lld against %s? No result, and no rating changes (y/n)",
                 (long long)o->game, opponent);
        ui_confirm(ui, q, online_abort);
    } else {
        snprintf(q, sizeof q, "Resign game %lld against %s? (y/n)", (long long)o->game, opponent);
        ui_confirm(ui, q, online_resign);
    }
}

static void key_draw(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    const NetGameView *v = &o->lobby.game;
    const char *opponent = v->role == WHITE ? v->black : v->white;
    if (v->role < 0)
        ui_message(ui, true, "You are watching: only the players can agree a draw");
    else if (v->draw_offer == v->role)
        ui_message(ui, true, "Your draw offer stands until %s answers or a move is made", opponent);
    else if (v->draw_offer >= 0)
        ui_online_send(ui, "draw %lld accept", (long long)o->game);
    else if (ui_online_send(ui, "draw %lld offer", (long long)o->game))
        ui_message(ui, false, "Draw offered to %s: it stands until a move", opponent);
}

static void key_rematch(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    const NetGameView *v = &o->lobby.game;
    const char *opponent = v->role == WHITE ? v->black : v->white;
    if (!game_over(ui->game))
        ui_message(ui, true, "A rematch follows a finished game");
    else if (v->role < 0)
        ui_message(ui, true, "You watched this game: O opens the lobby, c there offers a game");
    else {
        /* the opponent offered one already: N takes it, as on pychess.org */
        const NetChallenge *theirs = ui_online_offer_from(&o->lobby, opponent);
        char spec[NET_TC_MAX];
        net_tc_format(&v->tc, spec, sizeof spec);
        if (theirs)
            ui_online_send(ui, "accept %lld", (long long)theirs->id);
        else if (ui_online_send(ui, "challenge %s %s %s %s %s", v->variant, spec, net_colour_name((Color)!v->role),
                                opponent, v->rated ? "rated" : "casual"))
            ui_message(ui, false, "Rematch offered to %s alone, the colours changed: they are told at once",
                       opponent);
    }
}

static void key_new_game(Ui *ui)
{
    const UiOnline *o = ui_online_view(ui);
    const NetGameView *v = &o->lobby.game;
    char q[300];
    if (v->role >= 0) {
        snprintf(q, sizeof q, "Your game against %s goes on without you, your clock running. Leave it? (y/n)",
                 v->role == WHITE ? v->black : v->white);
        ui_confirm(ui, q, online_new_game);
    } else {
        ui_online_send(ui, "leave %lld", (long long)o->game);
        online_new_game(ui);
    }
}

static void key_quit_asked(Ui *ui)
{
    const NetGameView *v = &ui_online_view(ui)->lobby.game;
    char q[300];
    snprintf(q, sizeof q, "Quit Kage? Your game against %s goes on on the server, your clock running (y/n)",
             v->role == WHITE ? v->black : v->white);
    ui_confirm(ui, q, online_quit);
}

/* nothing here is lost: the server keeps every game */
static void key_quit(Ui *ui) { ui->quit = true; }

/* When a row of online_actions applies: the board shows a game of the
 * server (attached), being played (live), in which the person plays (mine). */
enum OnlineWhen {
    WHEN_ONLINE,   /* in online mode, attached or not */
    WHEN_ATTACHED,
    WHEN_OVER,     /* attached, the game over */
    WHEN_LIVE,
    WHEN_LIVE_MINE
};

#define NOT_ONLINE "Not in an online game: "

/* What a board action (by its name in actions.c) does in online mode,
 * where it differs: the first row of its name whose condition holds runs
 * fn, or with no fn refuses with why; no such row: the board's own way.
 * tests/test_ui_keys.c checks that every name is a board action. */
static const struct {
    const char *action;
    enum OnlineWhen when;
    void (*fn)(Ui *ui);
    const char *why;
} online_actions[] = {
    {"chat", WHEN_ATTACHED, ui_online_chat, NULL},
    {"undo", WHEN_OVER, NULL, "The server's record of the game is final: no take-backs"},
    {"redo", WHEN_OVER, NULL, "The server's record of the game is final: no take-backs"},
    {"undo", WHEN_LIVE, NULL, NOT_ONLINE "the server keeps the game: no take-backs"},
    {"redo", WHEN_LIVE, NULL, NOT_ONLINE "the server keeps the game: no take-backs"},
    {"back", WHEN_LIVE, NULL, NOT_ONLINE "browsing waits for the end of the game"},
    {"forward", WHEN_LIVE, NULL, NOT_ONLINE "browsing waits for the end of the game"},
    {"first", WHEN_LIVE, NULL, NOT_ONLINE "browsing waits for the end of the game"},
    {"last", WHEN_LIVE, NULL, NOT_ONLINE "browsing waits for the end of the game"},
    {"pause", WHEN_LIVE, NULL, NOT_ONLINE "the clocks of an online game run on the server"},
    {"faster", WHEN_LIVE, NULL, NOT_ONLINE "that is for watching the AI"},
    {"slower", WHEN_LIVE, NULL, NOT_ONLINE "that is for watching the AI"},
    {"hint", WHEN_LIVE, NULL, NOT_ONLINE "no help from the AI in a game against a person"},
    {"move-now", WHEN_LIVE, NULL, NOT_ONLINE "no AI plays here"},
    {"analyse", WHEN_LIVE, NULL, NOT_ONLINE "no help from the AI in a game against a person"},
    {"review", WHEN_LIVE, NULL, NOT_ONLINE "the review comes after the game"},
    {"load", WHEN_LIVE, NULL, NOT_ONLINE "the game on the board is being played: O opens the lobby"},
    {"paste-fen", WHEN_LIVE, NULL, NOT_ONLINE "the game on the board is being played: O opens the lobby"},
    {"resign", WHEN_LIVE, key_resign, NULL},
    {"draw", WHEN_LIVE, key_draw, NULL},
    {"rematch", WHEN_ATTACHED, key_rematch, NULL},
    {"new-game", WHEN_LIVE, key_new_game, NULL},
    {"quit", WHEN_LIVE_MINE, key_quit_asked, NULL},
    {"quit", WHEN_ONLINE, key_quit, NULL},
};

static bool online_when(const Ui *ui, enum OnlineWhen when)
{
    bool on = ui_online_attached(ui), live = on && !game_over(ui->game);
    switch (when) {
    case WHEN_ONLINE:
        return true;
    case WHEN_ATTACHED:
        return on;
    case WHEN_OVER:
        return on && !live;
    case WHEN_LIVE:
        return live;
    case WHEN_LIVE_MINE:
        return live && ui_online_view(ui)->lobby.game.role >= 0;
    }
    return false;
}

bool ui_online_action(Ui *ui, const char *action)
{
    if (ui->opt.mode != PLAY_ONLINE || !ui_online_view(ui))
        return false;
    for (int i = 0; i < N_ELEMS(online_actions); i++)
        if (!strcmp(action, online_actions[i].action) && online_when(ui, online_actions[i].when)) {
            if (online_actions[i].fn)
                online_actions[i].fn(ui);
            else
                ui_message(ui, true, "%s", online_actions[i].why);
            return true;
        }
    return false;
}

const char *ui_online_unknown_action(void)
{
    for (int i = 0; i < N_ELEMS(online_actions); i++) {
        int k = 0;
        while (k < ui_board_nactions && strcmp(ui_board_actions[k].name, online_actions[i].action))
            k++;
        if (k == ui_board_nactions)
            return online_actions[i].action;
    }
    return NULL;
}
