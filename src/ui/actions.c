/* What the keys do on the board, as a table of actions in the style of
 * tmux's cmd-*.c: each has a name, a help line and one function; the keys
 * that run them are in bindings.c.  Also the mouse on the board. */
#include "ui_internal.h"

#include "kage/rules/movegen.h"
#include "kage/rules/util.h"

#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* --- the actions ------------------------------------------------------------- */

static void act_left(Ui *ui) { ui_cursor_move(ui, -1, 0); }
static void act_right(Ui *ui) { ui_cursor_move(ui, 1, 0); }
static void act_up(Ui *ui) { ui_cursor_move(ui, 0, -1); }
static void act_down(Ui *ui) { ui_cursor_move(ui, 0, 1); }
static void act_select(Ui *ui) { ui_select_at_cursor(ui); }

static void act_cancel(Ui *ui)
{
    ui_deselect(ui);
    ui_message_clear(ui);
}

static void hand_cycle(Ui *ui, int dir)
{
    Game *g = ui->game;
    int types[MAX_PIECE_TYPES];
    int n = ui_hand_types(ui, g->pos->side, types);
    if (!g->v->drop_types) {
        ui_message(ui, true, "There are no drops in %s", g->v->def->name);
        return;
    }
    if (n == 0) {
        ui_message(ui, true, "%s has nothing in hand", game_side_name(g, g->pos->side));
        return;
    }
    int k = -1;
    for (int i = 0; i < n; i++)
        if (types[i] == ui_board_view(ui)->sel_drop)
            k = i;
    k = k < 0 ? (dir > 0 ? 0 : n - 1) : (k + dir + n) % n;
    ui_select_drop(ui, types[k]);
    if (ui_board_view(ui)->sel_drop)
        ui_message(ui, false, "Drop %s: move to a square and press Enter (Tab for the next piece)",
                   g->v->type[types[k]].def->name);
}

static void act_hand_next(Ui *ui) { hand_cycle(ui, 1); }
static void act_hand_prev(Ui *ui) { hand_cycle(ui, -1); }

static void act_prompt(Ui *ui)
{
    if (ui_time_view(ui)->paused) {
        ui_message(ui, true, "The clocks are paused: p goes on");
        return;
    }
    if (game_over(ui->game) || ui_ai_plays(ui, ui->game->pos->side)) {
        ui_message(ui, true, game_over(ui->game) ? "The game is over" : "Wait for the AI's move");
        return;
    }
    if (!ui_online_may_move(ui))
        return;
    ui_deselect(ui);
    ui_prompt(ui, "Move: ", "", ui_submit_move);
}

/* Undo one ply, or in a game against the AI back to the person's last turn
 * (the AI's reply and the person's move). */
static void act_undo(Ui *ui)
{
    Game *g = ui->game;
    player_cancel(ui_ai_view(ui)->player);
    ui_deselect(ui);
    bool vs_ai = ui->opt.mode == PLAY_FIRST || ui->opt.mode == PLAY_SECOND;
    bool resigned = g->result_by_agreement;
    if (!game_undo(g)) {
        ui_message(ui, true, "Nothing to take back");
        return;
    }
    if (!resigned && vs_ai)
        while (ui_ai_plays(ui, g->pos->side) && game_undo(g))
            ;
    ui_browse_off(ui);
    ui_ai_drop_held(ui);
    ui_cursor_fix(ui);
    ui_clock_turn(ui);
    if (vs_ai && ui_ai_plays(ui, g->pos->side) && g->rec.nmoves == 0)
        ui_message(ui, false, "Back at the start; the AI moves first");
    else
        ui_message(ui, false, "Taken back (r redoes)");
    ui_autosave(ui);
}

static void act_redo(Ui *ui)
{
    Game *g = ui->game;
    player_cancel(ui_ai_view(ui)->player);
    ui_deselect(ui);
    if (!game_redo(g)) {
        ui_message(ui, true, "Nothing to redo");
        return;
    }
    bool vs_ai = ui->opt.mode == PLAY_FIRST || ui->opt.mode == PLAY_SECOND;
    if (vs_ai)
        while (ui_ai_plays(ui, g->pos->side) && g->nredo && game_redo(g))
            ;
    ui_cursor_fix(ui);
    ui_clock_turn(ui);
    ui_message_clear(ui);
    ui_autosave(ui);
}

static void act_back(Ui *ui) { ui_browse(ui, -1); }
static void act_forward(Ui *ui) { ui_browse(ui, 1); }
static void act_start(Ui *ui) { ui_browse(ui, -2); }
static void act_end(Ui *ui) { ui_browse(ui, 2); }

static void act_pause(Ui *ui)
{
    if (ui->opt.mode == PLAY_WATCH) { /* the AI's moves wait, and the clocks */
        if (game_over(ui->game)) {
            ui_message(ui, true, "The game is over");
            return;
        }
        ui_clock_pause(ui, !ui_time_view(ui)->paused);
        ui_message(ui, false,
                   ui_time_view(ui)->paused ? "Paused: the AI's next move waits (p goes on)" : "The game goes on");
        return;
    }
    if (!clock_enabled(&ui_time_view(ui)->clock)) {
        ui_message(ui, true, "There is no clock to pause (n: a new game with a clock)");
        return;
    }
    if (ui->opt.mode != PLAY_HOTSEAT) {
        ui_message(ui, true, "Clocks can be paused in hot-seat games only");
        return;
    }
    if (game_over(ui->game)) {
        ui_message(ui, true, "The game is over");
        return;
    }
    ui_clock_pause(ui, !ui_time_view(ui)->paused);
    ui_deselect(ui);
    ui_message(ui, false,
               ui_time_view(ui)->paused ? "Paused: the clocks stand still (p goes on)" : "The clocks run again");
}

static void watch_only(Ui *ui, int dir)
{
    if (ui->opt.mode != PLAY_WATCH)
        ui_message(ui, true, "The speed is for watching the AI play itself (n: a new game in watch mode)");
    else
        ui_watch_speed(ui, dir);
}

static void act_faster(Ui *ui) { watch_only(ui, 1); }
static void act_slower(Ui *ui) { watch_only(ui, -1); }

static void act_save(Ui *ui) { ui_save_game(ui); }
static void act_load(Ui *ui) { ui_load_game(ui); }
static void act_show(Ui *ui) { ui_show_text(ui); }
static void act_fen(Ui *ui) { ui_load_fen(ui); }

static void act_flip(Ui *ui) { ui_flip(ui, !ui_board_view(ui)->flipped); }
/* L: the pieces in place of the moves, their next page, then the moves again. */
static void act_legend(Ui *ui)
{
    const UiLook *look = ui_look_view(ui);
    if (!look->legend)
        ui_legend_show(ui, 0);
    else if (look->legend_page + 1 < look->legend_pages)
        ui_legend_show(ui, look->legend_page + 1);
    else
        ui_legend_show(ui, -1);
}

static void act_auto_flip(Ui *ui)
{
    ui->opt.auto_flip = !ui->opt.auto_flip;
    ui_message(ui, false, "Automatic flip in hot-seat is %s", ui->opt.auto_flip ? "on" : "off");
    /* on: the side to move at the bottom; off: back to the first side at
     * the bottom, as a hot-seat game starts */
    if (ui->opt.mode == PLAY_HOTSEAT)
        ui_flip(ui, ui->opt.auto_flip && ui->game->pos->side == BLACK);
}

static Color resigning_side(const Ui *ui)
{
    if (ui->opt.mode == PLAY_FIRST)
        return WHITE;
    if (ui->opt.mode == PLAY_SECOND)
        return BLACK;
    return ui_live_side(ui); /* hot-seat: the side to move in the game, whatever move is shown */
}

static void do_resign(Ui *ui)
{
    if (ui_ai_view(ui)->player)
        player_cancel(ui_ai_view(ui)->player);
    game_resign(ui->game, resigning_side(ui));
    ui_clock_turn(ui);
    char st[160];
    game_status_text(ui->game, st, sizeof st);
    ui_game_over_message(ui, st);
    ui_autosave(ui);
}

static void act_resign(Ui *ui)
{
    if (game_over(ui->game)) {
        ui_message(ui, true, "The game is already over");
        return;
    }
    if (ui->opt.mode == PLAY_WATCH) {
        ui_message(ui, true, "The AI plays both sides: nobody here can resign (n starts a new game)");
        return;
    }
    char q[120];
    snprintf(q, sizeof q, "Resign the game as %s? (y/n)", game_side_name(ui->game, resigning_side(ui)));
    ui_confirm(ui, q, do_resign);
}

static void do_draw(Ui *ui)
{
    game_agree_draw(ui->game);
    ui_clock_turn(ui);
    ui_game_over_message(ui, "Draw agreed");
    ui_autosave(ui);
}

/* The AI takes a draw when its last search, of this position or the one
 * before its own move, found it dead even. */
#define AI_DRAW_CP 15

static void ai_draw_offer(Ui *ui)
{
    Game *g = ui->game;
    if (ui_ai_plays(ui, g->pos->side)) {
        ui_message(ui, true, "The AI is thinking: offer the draw on your move");
        return;
    }
    if (!ui_ai_view(ui)->judged || ui_ai_view(ui)->judged_ply < g->rec.nmoves - 1) {
        ui_message(ui, true, "The AI declines: it has not looked at this position yet (H asks it for a hint)");
        return;
    }
    if (!ui_ai_view(ui)->judged_mate && abs(ui_ai_view(ui)->judged_cp) <= AI_DRAW_CP) {
        do_draw(ui);
        ui_game_over_message(ui, "The AI accepts the draw: it sees the position as dead even");
        return;
    }
    /* whose view: the side it sees ahead is itself or the person */
    Color ai = ui_ai_plays(ui, WHITE) ? WHITE : BLACK;
    Color ahead = ui_ai_view(ui)->judged_mate     ? (ui_ai_view(ui)->judged_mate > 0 ? WHITE : BLACK)
                  : ui_ai_view(ui)->judged_cp > 0 ? WHITE
                                                  : BLACK;
    char by[48];
    if (ui_ai_view(ui)->judged_mate)
        snprintf(by, sizeof by, "mating");
    else
        snprintf(by, sizeof by, "ahead by %.2f", abs(ui_ai_view(ui)->judged_cp) / 100.0);
    if (ahead == ai)
        ui_message(ui, false, "The AI declines the draw: it sees itself (%s) %s", game_side_name(g, ai), by);
    else
        ui_message(ui, false, "The AI declines the draw although it sees you (%s) %s: it takes a draw only in a "
                              "dead even position", game_side_name(g, ahead), by);
}

static void act_draw(Ui *ui)
{
    Game *g = ui->game;
    if (game_over(g)) {
        ui_message(ui, true, "The game is already over");
        return;
    }
    if (ui->opt.mode == PLAY_WATCH) {
        ui_message(ui, true, "The AI plays both sides: draws are offered in hot-seat games");
        return;
    }
    if (ui->opt.mode != PLAY_HOTSEAT) {
        ai_draw_offer(ui);
        return;
    }
    char q[120];
    snprintf(q, sizeof q, "%s offers a draw. %s, do you accept? (y/n)", game_side_name(g, g->pos->side),
             game_side_name(g, !g->pos->side));
    ui_confirm(ui, q, do_draw);
}

static void newgame_keep(Ui *ui) { ui_message(ui, false, "The game goes on"); }

/* The new game replaces this one, and the autosave with it: ask first, as
 * quitting, loading and a FEN do. */
/* Online games and the lobby have a chat (online.c, lobby.c); here there is
 * no one to talk to. */
static void act_chat(Ui *ui) { ui_message(ui, true, "T talks in an online game or in the lobby (O): no one else is here"); }

/* The same variant, start, mode, level and clock, the sides switched. */
static void act_rematch(Ui *ui)
{
    Game *g = ui->game;
    if (!game_over(g)) {
        ui_message(ui, true, "A rematch follows a finished game (n starts a new one now)");
        return;
    }
    PlayMode mode = ui->opt.mode == PLAY_FIRST ? PLAY_SECOND : ui->opt.mode == PLAY_SECOND ? PLAY_FIRST : ui->opt.mode;
    char *fen = g->rec.start_fen ? xstrdup(g->rec.start_fen) : NULL;
    TimeControl tc = ui_time_view(ui)->tc;
    if (ui_new_game(ui, g->v->def->id, fen, mode, ui->opt.level, &tc))
        ui_message(ui, false, "Rematch: %s%s", mode == PLAY_FIRST    ? "you play first"
                                              : mode == PLAY_SECOND ? "the AI plays first"
                                                                    : "the same game again",
                   fen ? ", from the same position" : "");
    free(fen);
}

static void act_new_game(Ui *ui)
{
    if (ui_game_in_progress(ui)) {
        ui_confirm_or(ui, "Leave the game in progress for a new one? It is lost unless saved with s (y/n)",
                   ui_open_newgame, newgame_keep);
        return;
    }
    ui_open_newgame(ui);
}
static void act_hint(Ui *ui) { ui_hint(ui); }
static void act_messages(Ui *ui) { ui_open_messages(ui); }
static void act_analyse(Ui *ui) { ui_analyse(ui); }
static void act_review(Ui *ui) { ui_review(ui); }
static void act_move_now(Ui *ui) { ui_move_now(ui); }

static void act_ai_info(Ui *ui)
{
    ui_ai_info_hide(ui, !ui_ai_view(ui)->info_hidden);
    ui_message(ui, false, "The AI's thinking (depth, score, speed, expected moves) is %s",
               ui_ai_view(ui)->info_hidden ? "hidden" : "shown");
}

static void act_help(Ui *ui) { ui->screen = SCREEN_HELP; }

static void act_guide(Ui *ui) { ui_open_guide(ui); }

static void act_redraw(Ui *ui)
{
    (void)ui;
    clearok(curscr, TRUE);
}

static void act_suspend(Ui *ui)
{
    (void)ui;
    raise(SIGTSTP); /* the handler in ui.c restores the terminal first */
}

static void do_quit(Ui *ui) { ui->quit = true; }

static void act_lobby(Ui *ui) { ui_online_lobby(ui); }

static void act_quit(Ui *ui)
{
    if (ui_game_in_progress(ui))
        ui_confirm(ui, "Quit the game in progress? (y/n)", do_quit);
    else
        do_quit(ui);
}

const UiAction ui_board_actions[] = {
    {"cursor-left", "move the cursor left", act_left, NULL, NULL},
    {"cursor-right", "move the cursor right", act_right, NULL, NULL},
    {"cursor-up", "move the cursor up", act_up, NULL, NULL},
    {"cursor-down", "move the cursor down", act_down, NULL, NULL},
    {"select", "pick up the piece under the cursor / put it down there", act_select, NULL, NULL},
    {"cancel", "put the piece back, clear the message", act_cancel, NULL, NULL},
    {"hand-next", "pick the next piece in hand, for a drop", act_hand_next, NULL, NULL},
    {"hand-prev", "pick the previous piece in hand", act_hand_prev, NULL, NULL},
    {"type-move", "type a move (SAN like Jxe6+ or J@c3, or UCI like e2e4)", act_prompt, NULL, NULL},
    {"undo", "take back a move (and the AI's reply)", act_undo, NULL, NULL},
    {"redo", "play again a move taken back", act_redo, NULL, NULL},
    {"back", "browse: one move back (the board shows that position)", act_back, NULL, NULL},
    {"forward", "browse: one move forward", act_forward, NULL, NULL},
    {"first", "browse: to the start of the game", act_start, NULL, NULL},
    {"last", "browse: to the last move (and play on)", act_end, NULL, NULL},
    {"flip", "turn the board around", act_flip, NULL, NULL},
    {"legend", "the pieces in play (glyph, letter to type, name) in place of the moves; again: their next page, or back", act_legend, NULL, NULL},
    {"auto-flip", "hot-seat: turn the board to the side to move, on or off", act_auto_flip, NULL, NULL},
    {"resign", "resign the game", act_resign, NULL, NULL},
    {"draw", "offer a draw (the AI takes it when it sees the position as dead even)", act_draw, NULL, NULL},
    {"pause", "hot-seat: pause the clocks, or go on; watching: pause the AI's moves", act_pause, NULL, NULL},
    {"faster", "watching the AI: its moves come faster", act_faster, NULL, NULL},
    {"slower", "watching the AI: its moves come slower", act_slower, NULL, NULL},
    {"hint", "a hint: the AI looks for your best move (2 seconds)", act_hint, NULL, NULL},
    {"move-now", "tell the thinking AI to play now", act_move_now, NULL, NULL},
    {"analyse", "analysis on or off: the AI studies the position on the board (browsing too), score and line beside it",
     act_analyse, NULL, NULL},
    {"review", "after a game (or browsing back): the AI scores every position, a graph of the score over the game, "
               "the worst moves marked ?? and ? in the move list; again to close", act_review, NULL, NULL},
    {"ai-info", "show or hide the AI's thinking (depth, score, speed, expected moves)", act_ai_info, NULL, NULL},
    {"new-game", "choose variant, mode, level and clock for a new game (asks first if a game is in progress)", act_new_game, NULL, NULL},
    {"rematch", "after a game: the same game again, the sides switched", act_rematch, NULL, NULL},
    {"chat", "online: say something to your opponent (watching: to the other watchers)", act_chat, NULL, NULL},
    {"save", "save the game as PGN (a file name is offered)", act_save, NULL, NULL},
    {"load", "load a game: the saved games of the data folder to choose from, or a file name (asks before replacing a game in progress)", act_load, NULL, NULL},
    {"show-fen", "show the FEN and the game as PGN, to select with the mouse or write to a file", act_show, NULL, NULL},
    {"paste-fen", "start from a position: type or paste a FEN (asks as load does)", act_fen, NULL, NULL},
    {"lobby", "the lobby: play or watch someone on this host's Kage server (kage server)", act_lobby, NULL, NULL},
    {"guide", "piece guide: how the piece under the cursor moves", act_guide, NULL, NULL},
    {"help", "this help", act_help, NULL, NULL},
    {"messages", "the latest messages in full (a long one is cut on the status line)", act_messages, NULL, NULL},
    {"redraw", "redraw the screen", act_redraw, NULL, NULL},
    {"suspend", "suspend Kage (back with fg)", act_suspend, NULL, NULL},
    {"quit", "quit (asks first if a game is in progress; it is kept for the next start)", act_quit, NULL, NULL},
};
const int ui_board_nactions = N_ELEMS(ui_board_actions);

/* A key bound to nothing on the board is said to be so. */
static void board_unknown(Ui *ui, const char *key) { ui_message(ui, true, "%s: no such key (? shows the keys)", key); }

const UiOtherKey ui_board_other = {NULL, NULL, board_unknown, NULL};

/* --- mouse --------------------------------------------------------------------------- */

void ui_mouse(Ui *ui, const KeyMouse *m)
{
    if (!ui->opt.mouse || !m->press || ui->screen != SCREEN_GAME || !ui->lay.fits)
        return;
    if (m->button == 3) {
        act_cancel(ui);
        return;
    }
    if (m->button != 1 || (ui->input != INPUT_BOARD && !(ui->input == INPUT_CHOICE && ui_board_view(ui)->nlegs)))
        return;
    int col, row, b, i;
    if (layout_square_at(&ui->lay, m->x, m->y, &col, &row)) {
        int file, rank;
        ui_view_to_board(ui, col, row, &file, &rank);
        ui_cursor_to(ui, file, rank);
        ui_select_at_cursor(ui);
    } else if (layout_hand_at(&ui->lay, m->x, m->y, &b, &i)) {
        int types[MAX_PIECE_TYPES];
        Color c = ui_hand_color(ui, b);
        int n = ui_hand_types(ui, c, types);
        if (i < n && c == ui->game->pos->side)
            ui_select_drop(ui, types[i]);
        else if (i < n)
            ui_message(ui, true, "Those are %s's pieces", game_side_name(ui->game, c));
    }
}
