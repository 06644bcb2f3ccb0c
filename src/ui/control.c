/* The game controller: who plays which side, selection and moves by a
 * person, the AI's turn, new games.  Drawing is in draw.c, keys in actions.c. */
#include "ui_internal.h"

#include "kage/movegen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void ui_message(Ui *ui, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
    va_end(ap);
    ui->msg_error = error;
}

bool ui_ai_plays(const Ui *ui, Color c)
{
    switch (ui->opt.mode) {
    case PLAY_FIRST:
        return c == BLACK;
    case PLAY_SECOND:
        return c == WHITE;
    case PLAY_WATCH:
        return true;
    default:
        return false;
    }
}

int ui_square(const Ui *ui, int file, int rank) { return ui->game->v->sq_of[rank * ui->game->v->files + file]; }

void ui_view_to_board(const Ui *ui, int col, int row, int *file, int *rank)
{
    const Variant *v = ui->game->v;
    *file = ui->flipped ? v->files - 1 - col : col;
    *rank = ui->flipped ? row : v->ranks - 1 - row;
}

void ui_board_to_view(const Ui *ui, int file, int rank, int *col, int *row)
{
    const Variant *v = ui->game->v;
    *col = ui->flipped ? v->files - 1 - file : file;
    *row = ui->flipped ? rank : v->ranks - 1 - rank;
}

Color ui_hand_color(const Ui *ui, int b)
{
    Color bottom = ui->flipped ? BLACK : WHITE;
    return b == 1 ? bottom : !bottom;
}

int ui_hand_types(const Ui *ui, Color c, int *types)
{
    const Variant *v = ui->game->v;
    int n = 0;
    for (int i = 0; i < v->nhand_order; i++) {
        int t = v->hand_order[i];
        if (ui->game->pos->hand[c][t])
            types[n++] = t;
    }
    return n;
}

/* Hand kinds a side can ever hold, for the layout (0: no drops at all). */
static int hand_kinds(const Variant *v) { return v->drop_types ? v->nhand_order : 0; }

void ui_layout(Ui *ui)
{
    const Variant *v = ui->game->v;
    layout_compute(&ui->lay, COLS, LINES, v->files, v->ranks, hand_kinds(v));
}

void ui_deselect(Ui *ui)
{
    ui->sel_sq = NO_SQUARE;
    ui->sel_drop = 0;
}

/* The side at the bottom: the person's side, or the side to move in hot-seat
 * with automatic flipping. */
static void ui_orient(Ui *ui)
{
    if (ui->opt.mode == PLAY_SECOND)
        ui->flipped = true;
    else if (ui->opt.mode == PLAY_HOTSEAT && ui->opt.auto_flip)
        ui->flipped = ui->game->pos->side == BLACK;
}

static void ui_cursor_home(Ui *ui)
{
    const Variant *v = ui->game->v;
    Color me = ui->flipped ? BLACK : WHITE;
    ui->cur_file = v->files / 2;
    ui->cur_rank = me == WHITE ? 1 : v->ranks - 2;
}

bool ui_new_game(Ui *ui, const char *variant, const char *fen, PlayMode mode, int level)
{
    KageError err;
    const VariantDef *def = variant_find(variant);
    if (!def) {
        ui_message(ui, true, "unknown variant '%s'", variant);
        return false;
    }
    Game *g = game_new(def, fen, &err);
    if (!g) {
        ui_message(ui, true, "bad position: %s", err.msg);
        return false;
    }
    if (ui->ai)
        player_cancel(ui->ai);
    game_free(ui->game);
    ui->game = g;
    ui->opt.variant = def->id;
    ui->opt.mode = mode;
    ui->opt.level = level;
    if (ui->ai) {
        player_set_level(ui->ai, level);
        player_new_game(ui->ai);
    }
    ui->flipped = false;
    ui_orient(ui);
    ui_cursor_home(ui);
    ui_deselect(ui);
    ui->input = INPUT_BOARD;
    ui->screen = SCREEN_GAME;
    ui->ai_info[0] = 0;
    ui_layout(ui);
    ui_message(ui, false, "New game of %s: %s. Press ? for help.", def->name, options_mode_text(mode));
    return true;
}

void ui_play(Ui *ui, Move m)
{
    char text[MOVE_TEXT_MAX];
    game_move_text(ui->game, m, text);
    game_play(ui->game, m);
    ui_deselect(ui);
    ui->input = INPUT_BOARD;
    ui_orient(ui);
    if (game_over(ui->game)) {
        char st[160];
        game_status_text(ui->game, st, sizeof st);
        ui_message(ui, false, "%s. %s", text, st);
    } else
        ui->msg[0] = 0;
}

void ui_ai_step(Ui *ui)
{
    Game *g = ui->game;
    Move m;
    if (player_poll(ui->ai, &m)) {
        if (!game_over(g) && ui_ai_plays(ui, g->pos->side) && movegen_is_legal(g->pos, m)) {
            char text[MOVE_TEXT_MAX];
            game_move_text(g, m, text);
            game_play(g, m);
            ui_deselect(ui);
            if (ui->input == INPUT_CHOICE)
                ui->input = INPUT_BOARD;
            if (game_over(g)) {
                char st[160];
                game_status_text(g, st, sizeof st);
                ui_message(ui, false, "%s played %s. %s", game_side_name(g, !g->pos->side), text, st);
            } else
                ui_message(ui, false, "%s played %s", game_side_name(g, !g->pos->side), text);
        } else if (m == MOVE_NONE && !game_over(g))
            ui_message(ui, true, "the AI found no move");
    }
    player_info(ui->ai, ui->ai_info, sizeof ui->ai_info);
    if (!game_over(g) && ui_ai_plays(ui, g->pos->side) && !player_busy(ui->ai) && ui->screen != SCREEN_NEWGAME)
        player_start(ui->ai, g->pos);
}

void ui_select_drop(Ui *ui, int type)
{
    Game *g = ui->game;
    Move ms[1];
    if (ui_ai_plays(ui, g->pos->side) || game_over(g))
        return;
    ui->sel_sq = NO_SQUARE;
    ui->sel_drop = type;
    if (!game_moves_matching(g, NO_SQUARE, type, -1, ms, 1))
        ui_message(ui, true, "that piece cannot be dropped anywhere now");
}

/* Offer the moves in ms (all from the selection to one square) to choose from. */
static void ui_offer_choice(Ui *ui, const Move *ms, int n)
{
    ui->nchoice = n < UI_CHOICES_MAX ? n : UI_CHOICES_MAX;
    ui->choice_promo = false;
    for (int i = 0; i < ui->nchoice; i++) {
        ui->choice[i] = ms[i];
        game_move_text(ui->game, ms[i], ui->choice_text[i]);
        if (move_kind(ms[i]) == MOVE_PROMO)
            ui->choice_promo = n == 2;
    }
    ui->input = INPUT_CHOICE;
    if (ui->choice_promo)
        ui_message(ui, false, "Promote? y: %s   n: %s", ui->choice_text[move_kind(ms[0]) == MOVE_PROMO ? 0 : 1],
                   ui->choice_text[move_kind(ms[0]) == MOVE_PROMO ? 1 : 0]);
    else
        ui_message(ui, false, "Several moves end here: press 1-%d to pick one (listed right), Esc to cancel",
                   ui->nchoice);
}

void ui_select_at_cursor(Ui *ui)
{
    Game *g = ui->game;
    Position *pos = g->pos;
    int sq = ui_square(ui, ui->cur_file, ui->cur_rank);
    if (game_over(g)) {
        ui_message(ui, false, "The game is over: u takes back a move, n starts a new game");
        return;
    }
    if (ui_ai_plays(ui, pos->side)) {
        ui_message(ui, false, "Wait: the AI is thinking (u takes back your last move)");
        return;
    }
    Piece p = pos->board[sq];
    bool own = p != PIECE_EMPTY && piece_color(p) == pos->side;
    if (ui->sel_sq == NO_SQUARE && !ui->sel_drop) {
        if (!own) {
            ui_message(ui, true, p == PIECE_EMPTY ? "No piece there; Tab picks one from the hand"
                                                  : "That is not your piece: %s to move",
                       game_side_name(g, pos->side));
            return;
        }
        Move ms[1];
        ui->sel_sq = sq;
        ui->msg[0] = 0;
        if (!game_moves_matching(g, sq, 0, -1, ms, 1))
            ui_message(ui, true, "That piece has no legal move");
        return;
    }
    if (sq == ui->sel_sq) { /* put it back */
        ui_deselect(ui);
        return;
    }
    Move ms[UI_CHOICES_MAX];
    int n = game_moves_matching(g, ui->sel_sq, ui->sel_drop, sq, ms, UI_CHOICES_MAX);
    if (n == 0) {
        if (own && !ui->sel_drop) { /* pick another piece instead */
            ui->sel_sq = sq;
            return;
        }
        ui_message(ui, true, "Illegal: that piece cannot go there");
        return;
    }
    if (n == 1)
        ui_play(ui, ms[0]);
    else
        ui_offer_choice(ui, ms, n);
}
