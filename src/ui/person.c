/* A person's move on the screen: a piece picked up on the board or in a
 * hand and put down (a Lion's or Wolf's squares one leg at a time), a
 * choice between moves by number (several promotions, several paths), or
 * a move typed at the prompt; each reaches the game through ui_play()
 * (control.c, the floor below).  The choice group (UiChoice) is written
 * here alone. */
#include "ui_internal.h"

#include "kage/rules/movegen.h"

#include <stdio.h>
#include <string.h>

/* Enter on a hand entry: pick that piece up for a drop, or put it back. */
static void select_in_hand(Ui *ui)
{
    Game *g = ui->game;
    int types[MAX_PIECE_TYPES];
    ui_cursor_fix(ui);
    if (ui_board_view(ui)->cur_hand < 0)
        return;
    ui_hand_types(ui, ui_board_view(ui)->cur_hand_color, types);
    int t = types[ui_board_view(ui)->cur_hand];
    if (ui_board_view(ui)->cur_hand_color != g->pos->side)
        ui_message(ui, true, "Those are %s's pieces: %s to move", game_side_name(g, ui_board_view(ui)->cur_hand_color),
                   game_side_name(g, g->pos->side));
    else if (ui_board_view(ui)->sel_drop == t)
        ui_deselect(ui);
    else {
        ui_select_drop(ui, t);
        if (ui_board_view(ui)->sel_drop)
            ui_message(ui, false, "Drop %s: move to a square and press Enter", g->v->type[t].def->name);
    }
}

void ui_select_drop(Ui *ui, int type)
{
    Game *g = ui->game;
    Move ms[1];
    if (ui_ai_plays(ui, g->pos->side) || game_over(g) || !ui_online_may_move(ui))
        return;
    ui_deselect(ui);
    ui_select_type(ui, type);
    if (!game_moves_matching(g, NO_SQUARE, type, -1, ms, 1))
        ui_message(ui, true, "that piece cannot be dropped anywhere now");
}

/* Moves of the selection whose path starts with legs[0..n) and then, when
 * next >= 0, goes on to `next` (ending there or not). */
static int moves_by_path(Ui *ui, const int *legs, int n, int next, Move *out, int max)
{
    Move all[MAX_MOVES];
    const UiBoardView *bv = ui_board_view(ui);
    int nall = game_moves_matching(ui->game, bv->sel_sq, bv->sel_drop, -1, all, MAX_MOVES), k = 0;
    for (int i = 0; i < nall; i++) {
        int path[GAME_PATH_MAX], len = game_move_path(ui->game, all[i], path);
        bool ok = len >= n + (next >= 0);
        for (int j = 0; ok && j < n; j++)
            ok = path[j] == legs[j];
        if (ok && next >= 0)
            ok = path[n] == next;
        if (ok && k < max)
            out[k++] = all[i];
    }
    return k;
}

int ui_leg_moves(Ui *ui, Move *out, int max)
{
    return moves_by_path(ui, ui_board_view(ui)->legs, ui_board_view(ui)->nlegs, -1, out, max);
}

/* After legs[0..n): the moves that end on sq (into end) and those that pass
 * sq and go on (into via). */
static void moves_at(Ui *ui, int n, int sq, Move *end, int *nend, Move *via, int *nvia)
{
    Move ms[MAX_MOVES];
    int k = moves_by_path(ui, ui_board_view(ui)->legs, n, -1, ms, MAX_MOVES);
    *nend = *nvia = 0;
    for (int i = 0; i < k; i++) {
        int path[GAME_PATH_MAX], len = game_move_path(ui->game, ms[i], path);
        if (move_to(ms[i]) == sq && (len == n + 1 || path[n] != sq)) {
            if (*nend < UI_CHOICES_MAX)
                end[(*nend)++] = ms[i];
        } else if (len > n + 1 && path[n] == sq && *nvia < UI_CHOICES_MAX)
            via[(*nvia)++] = ms[i];
    }
}

/* Fill the choice list with ms, which the person picks from by number. */
static void ui_fill_choice(Ui *ui, const Move *ms, int n)
{
    ui->choice.n = n < UI_CHOICES_MAX ? n : UI_CHOICES_MAX;
    ui->choice.promo = false;
    for (int i = 0; i < ui->choice.n; i++) {
        ui->choice.moves[i] = ms[i];
        move_to_text(ui->game->pos, ms[i], MOVE_FOR_PEOPLE, ui->choice.text[i]);
        if (move_kind(ms[i]) == MOVE_PROMO)
            ui->choice.promo = n == 2;
    }
    ui->input = INPUT_CHOICE;
}

/* Offer the moves in ms (all from the selection to one square) to choose from. */
static void ui_offer_choice(Ui *ui, const Move *ms, int n)
{
    ui_fill_choice(ui, ms, n);
    if (ui->choice.promo)
        ui_message(ui, false, "Promote? y: %s   n: %s", ui->choice.text[move_kind(ms[0]) == MOVE_PROMO ? 0 : 1],
                   ui->choice.text[move_kind(ms[0]) == MOVE_PROMO ? 1 : 0]);
    else
        ui_message(ui, false, "Several moves end here: press 1-%d to pick one (listed right), Esc to cancel",
                   ui->choice.n);
}

/* One move: play it; several: the person picks one from a list. */
static void ui_finish_move(Ui *ui, const Move *ms, int n)
{
    if (n == 1)
        ui_play(ui, ms[0]);
    else
        ui_offer_choice(ui, ms, n);
}

/* sq is a square the selected Lion or Wolf captures on and can go on from:
 * keep it as a leg and list what can follow, the board staying live. */
static void ui_add_leg(Ui *ui, int sq, const Move *end, int nend, const Move *via, int nvia)
{
    Move ms[UI_CHOICES_MAX];
    int n = 0;
    for (int i = 0; i < nend && n < UI_CHOICES_MAX; i++)
        ms[n++] = end[i];
    for (int i = 0; i < nvia && n < UI_CHOICES_MAX; i++)
        ms[n++] = via[i];
    ui_leg_add(ui, sq);
    ui_fill_choice(ui, ms, n);
    char name[8];
    variant_square_name(ui->game->v, sq, name);
    if (nend)
        ui_message(ui, false, "Via %s: the next square, %s again to stop there, 1-%d from the list, Esc: again", name,
                   name, ui->choice.n);
    else
        ui_message(ui, false, "Via %s: the next square, or 1-%d from the list, Esc: again", name, ui->choice.n);
}

void ui_select_at_cursor(Ui *ui)
{
    Game *g = ui->game;
    Position *pos = g->pos;
    int sq = ui_square(ui, ui_board_view(ui)->cur_file, ui_board_view(ui)->cur_rank);
    if (game_over(g)) {
        ui_message(ui, false, "The game is over: u takes back a move, n starts a new game");
        return;
    }
    if (ui_ai_plays(ui, pos->side)) {
        ui_message(ui, false, "Wait: the AI is thinking (u takes back your last move)");
        return;
    }
    if (ui_time_view(ui)->paused) {
        ui_message(ui, true, "The clocks are paused: p goes on");
        return;
    }
    if (!ui_online_may_move(ui))
        return;
    if (ui_board_view(ui)->cur_hand >= 0) {
        select_in_hand(ui);
        return;
    }
    Piece p = pos->board[sq];
    bool own = p != PIECE_EMPTY && piece_color(p) == pos->side;
    if (ui_board_view(ui)->sel_sq == NO_SQUARE && !ui_board_view(ui)->sel_drop) {
        if (!own) {
            if (p != PIECE_EMPTY)
                ui_message(ui, true, "That is not your piece: %s to move", game_side_name(g, pos->side));
            else
                ui_message(ui, true, g->v->drop_types ? "No piece there; Tab picks one from the hand" : "No piece there");
            return;
        }
        Move ms[1];
        ui_select_square(ui, sq);
        ui_message_clear(ui);
        if (!game_moves_matching(g, sq, 0, -1, ms, 1))
            ui_message(ui, true, "That piece has no legal move");
        return;
    }
    if (sq == ui_board_view(ui)->sel_sq && !ui_board_view(ui)->nlegs) { /* put it back */
        ui_deselect(ui);
        return;
    }
    Move end[UI_CHOICES_MAX], via[UI_CHOICES_MAX];
    int nend, nvia;
    if (ui_board_view(ui)->nlegs &&
        sq == ui_board_view(ui)->legs[ui_board_view(ui)->nlegs - 1]) { /* the last leg again: stop there */
        moves_at(ui, ui_board_view(ui)->nlegs - 1, sq, end, &nend, via, &nvia);
        if (nend)
            ui_finish_move(ui, end, nend);
        else
            ui_message(ui, true, "It cannot stop there: pick the next square");
        return;
    }
    moves_at(ui, ui_board_view(ui)->nlegs, sq, end, &nend, via, &nvia);
    if (nvia && ui_board_view(ui)->nlegs < GAME_PATH_MAX - 1) {
        ui_add_leg(ui, sq, end, nend, via, nvia);
        return;
    }
    if (nend) {
        ui_finish_move(ui, end, nend);
        return;
    }
    if (own && !ui_board_view(ui)->sel_drop && !ui_board_view(ui)->nlegs) { /* pick another piece instead */
        ui_select_square(ui, sq);
        ui_message_clear(ui);
        return;
    }
    ui_message(ui, true, "Illegal: that piece cannot go there");
}

/* --- a typed move ------------------------------------------------------------------------ */

void ui_submit_move(Ui *ui, const char *text)
{
    Game *g = ui->game;
    KageError err;
    Move m;
    if (!text[0])
        return;
    if (game_over(g) || ui_ai_plays(ui, g->pos->side)) {
        ui_message(ui, true, "Not your move");
        return;
    }
    if (!ui_online_may_move(ui))
        return;
    err.msg[0] = 0;
    if (!move_from_text(g->pos, text, MOVE_FOR_PEOPLE, &m, &err)) {
        if (err.msg[0] && strstr(err.msg, text)) /* "illegal move: Ke7" says it already */
            ui_message(ui, true, "%s", err.msg);
        else
            ui_message(ui, true, "%s: %s", text, err.msg[0] ? err.msg : "not a legal move");
        return;
    }
    ui_play(ui, m);
}

/* --- choosing between moves ----------------------------------------------------------------- */

static void choice_pick(Ui *ui, const char *key)
{
    int k = key[0] - '1';
    if (k >= 0 && k < ui->choice.n)
        ui_play(ui, ui->choice.moves[k]);
}

/* While a Lion's or Wolf's path is picked the board stays live; otherwise
 * other keys do nothing. */
static bool picking_path(const Ui *ui) { return ui_board_view(ui)->nlegs > 0; }

static bool promote_or_not(const Ui *ui) { return ui->choice.promo; }

/* y or n: the move that promotes or the one that does not. */
static void choice_promote(Ui *ui, const char *key)
{
    bool promote = key[0] == 'y';
    int k = -1;
    for (int i = 0; i < ui->choice.n; i++)
        if ((move_kind(ui->choice.moves[i]) == MOVE_PROMO) == promote)
            k = i;
    if (k >= 0)
        ui_play(ui, ui->choice.moves[k]);
}

static void choice_cancel(Ui *ui)
{
    ui->input = INPUT_BOARD; /* the piece stays picked up, its legs are forgotten */
    ui_legs_clear(ui);
    ui_message_clear(ui);
}

const UiAction ui_choice_actions[] = {
    {"pick", "play that move of the list", NULL, choice_pick, NULL},
    {"promote", "promote (when the choice is to promote or not)", NULL, choice_promote, promote_or_not},
    {"no-promote", "do not promote", NULL, choice_promote, promote_or_not},
    {"cancel", "no move: the piece stays picked up, a path picked so far is forgotten", choice_cancel, NULL, NULL},
};
const int ui_choice_nactions = N_ELEMS(ui_choice_actions);
const UiOtherKey ui_choice_other = {"other keys", "while a Lion's or Wolf's path is picked: as on the board",
                                    NULL, picking_path};
