/* The game controller: who plays which side, selection and moves by a
 * person, the AI's turn, new games.  Drawing is in draw.c, keys in actions.c. */
#include "ui_internal.h"

#include "kage/rules/movegen.h"

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
    ui->nlegs = 0;
    if (ui->input == INPUT_CHOICE) /* a choice between moves of that piece */
        ui->input = INPUT_BOARD;
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
    ui->cur_hand = -1;
}

/* --- the cursor, on the board and in the hands ----------------------------------------- */

static int hand_block(const Ui *ui, Color c) { return ui_hand_color(ui, 1) == c ? 1 : 0; }

static int hand_entry_y(const Ui *ui, Color c, int i)
{
    int x, y;
    layout_hand_entry(&ui->lay, hand_block(ui, c), i, &x, &y);
    return y;
}

/* Put the cursor on the hand entry nearest screen line y, in column col (0
 * left, 1 right) if there is one; false if both hands are empty. */
static bool cursor_to_hand(Ui *ui, int y, int col)
{
    int best = -1, best_i = 0, types[MAX_PIECE_TYPES];
    Color best_c = WHITE;
    if (!ui->lay.hands)
        return false;
    for (Color c = WHITE; c <= BLACK; c++) {
        int n = ui_hand_types(ui, c, types);
        for (int i = 0; i < n; i++) {
            int dy = hand_entry_y(ui, c, i) - y;
            int score = 4 * (dy < 0 ? -dy : dy) + (i % 2 != col);
            if (best < 0 || score < best) {
                best = score;
                best_i = i;
                best_c = c;
            }
        }
    }
    if (best < 0)
        return false;
    ui->cur_hand = best_i;
    ui->cur_hand_color = best_c;
    return true;
}

/* Put the cursor on the board square in view column col nearest screen line y. */
static void cursor_to_board(Ui *ui, int y, int col)
{
    const Layout *l = &ui->lay;
    int row = (y - l->board_y) / l->ch;
    row = row < 0 ? 0 : row >= l->ranks ? l->ranks - 1 : row;
    ui_view_to_board(ui, col, row, &ui->cur_file, &ui->cur_rank);
    ui->cur_hand = -1;
}

/* Up or down among the lines of hand entries of both hands, round. */
static void hand_cursor_vertical(Ui *ui, int drow)
{
    int ys[2 * MAX_PIECE_TYPES], nys = 0, types[MAX_PIECE_TYPES];
    for (int b = 0; b < 2; b++) { /* top block first: the lines come in screen order */
        Color c = ui_hand_color(ui, b);
        int n = ui_hand_types(ui, c, types);
        for (int i = 0; i < n; i += 2)
            ys[nys++] = hand_entry_y(ui, c, i);
    }
    int y = hand_entry_y(ui, ui->cur_hand_color, ui->cur_hand), k = 0;
    while (k < nys && ys[k] != y)
        k++;
    if (k == nys)
        return;
    cursor_to_hand(ui, ys[(k + drow + nys) % nys], ui->cur_hand % 2);
}

void ui_cursor_move(Ui *ui, int dcol, int drow)
{
    const Variant *v = ui->game->v;
    const Layout *l = &ui->lay;
    if (ui->cur_hand >= 0) {
        int types[MAX_PIECE_TYPES], n = ui_hand_types(ui, ui->cur_hand_color, types), i = ui->cur_hand;
        int y = hand_entry_y(ui, ui->cur_hand_color, i);
        if (drow)
            hand_cursor_vertical(ui, drow);
        else if (dcol > 0 && i % 2 == 0 && i + 1 < n)
            ui->cur_hand = i + 1;
        else if (dcol < 0 && i % 2 == 1)
            ui->cur_hand = i - 1;
        else /* off the hand: the board's first file to the right (round), its last to the left */
            cursor_to_board(ui, y, dcol > 0 ? 0 : v->files - 1);
        return;
    }
    int col, row;
    ui_board_to_view(ui, ui->cur_file, ui->cur_rank, &col, &row);
    int y = l->board_y + row * l->ch + l->ch / 2;
    if (dcol > 0 && col == v->files - 1 && cursor_to_hand(ui, y, 0))
        return;
    if (dcol < 0 && col == 0 && cursor_to_hand(ui, y, 1))
        return;
    col = (col + dcol + v->files) % v->files;
    row = (row + drow + v->ranks) % v->ranks;
    ui_view_to_board(ui, col, row, &ui->cur_file, &ui->cur_rank);
}

void ui_cursor_fix(Ui *ui)
{
    if (ui->cur_hand < 0)
        return;
    int types[MAX_PIECE_TYPES], n = ui_hand_types(ui, ui->cur_hand_color, types);
    if (n == 0) /* that hand is empty now: back to the board beside it */
        cursor_to_board(ui, hand_entry_y(ui, ui->cur_hand_color, 0), ui->game->v->files - 1);
    else if (ui->cur_hand >= n)
        ui->cur_hand = n - 1;
}

/* Enter on a hand entry: pick that piece up for a drop, or put it back. */
static void select_in_hand(Ui *ui)
{
    Game *g = ui->game;
    int types[MAX_PIECE_TYPES];
    ui_cursor_fix(ui);
    if (ui->cur_hand < 0)
        return;
    ui_hand_types(ui, ui->cur_hand_color, types);
    int t = types[ui->cur_hand];
    if (ui->cur_hand_color != g->pos->side)
        ui_message(ui, true, "Those are %s's pieces: %s to move", game_side_name(g, ui->cur_hand_color),
                   game_side_name(g, g->pos->side));
    else if (ui->sel_drop == t)
        ui_deselect(ui);
    else {
        ui_select_drop(ui, t);
        if (ui->sel_drop)
            ui_message(ui, false, "Drop %s: move to a square and press Enter", g->v->type[t].def->name);
    }
}

/* Put g in play (the old game goes) with the mode, level and clock given. */
static void install_game(Ui *ui, Game *g, PlayMode mode, int level, const TimeControl *tc)
{
    if (ui->ai)
        player_cancel(ui->ai);
    game_free(ui->game);
    ui->game = g;
    ui->autosave_ours = false; /* the autosave, if any, holds another game */
    ui->opt.variant = g->v->def->id;
    ui->opt.mode = mode;
    ui->opt.level = level;
    if (ui->ai) {
        player_set_level(ui->ai, level);
        player_new_game(ui->ai);
    }
    ui->flipped = false;
    ui->browsed = false;
    ui->holding = false;
    ui_orient(ui);
    ui_cursor_home(ui);
    ui_deselect(ui);
    ui->input = INPUT_BOARD;
    ui->screen = SCREEN_GAME;
    ui->ai_info[0] = 0;
    ui_layout(ui);
    ui_clock_new(ui, tc);
}

bool ui_game_in_progress(const Ui *ui) { return !game_over(ui->game) && ui->game->nhist > 0; }

bool ui_new_game(Ui *ui, const char *variant, const char *fen, PlayMode mode, int level, const TimeControl *tc)
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
    install_game(ui, g, mode, level, tc);
    ui_message(ui, false, "New game of %s: %s. Press ? for help.", def->name, options_mode_text(mode));
    return true;
}

bool ui_game_from_record(Ui *ui, const VariantDef *def, const char *fen, const Move *moves, int n,
                         PlayMode mode, int level, const TimeControl *tc)
{
    KageError err;
    Game *g = game_from_moves(def, fen, moves, n, &err);
    if (!g) {
        ui_message(ui, true, "%s", err.msg);
        return false;
    }
    install_game(ui, g, mode, level, tc);
    return true;
}

static void play_pending(Ui *ui);

/* After a move by either player: the clock, the result, the autosave.  An AI
 * move (who names its side) leaves an open prompt or question alone (a typed
 * move, a file name, "quit?"): the person is in the middle of it.  Only a
 * choice between moves, or a question about a move, belongs to the old
 * position. */
static void after_move(Ui *ui, const char *who, const char *text)
{
    Game *g = ui->game;
    ui->browsed = false;
    ui_clock_moved(ui);
    ui_deselect(ui);
    bool keep = who[0] && (ui->input == INPUT_PROMPT || (ui->input == INPUT_CONFIRM && ui->on_yes != play_pending));
    if (!keep)
        ui->input = INPUT_BOARD;
    ui_orient(ui);
    ui_cursor_fix(ui);
    if (game_over(g)) {
        char st[160];
        game_status_text(g, st, sizeof st);
        ui_message(ui, false, "%s%s%s. %s", who, who[0] ? " played " : "", text, st);
    } else if (ui->msg_keep)
        ; /* a start-up problem stays until a key is pressed */
    else if (who[0])
        ui_message(ui, false, "%s played %s", who, text);
    else
        ui->msg[0] = 0;
    ui_autosave(ui);
}

static void play_now(Ui *ui, Move m)
{
    char text[MOVE_TEXT_MAX];
    if (ui_clock_check(ui))
        return; /* the flag fell before the move */
    move_to_text(ui->game->pos, m, MOVE_FOR_PEOPLE, text);
    game_play(ui->game, m);
    after_move(ui, "", text);
}

static void play_pending(Ui *ui) { play_now(ui, ui->pending_move); }

void ui_play(Ui *ui, Move m)
{
    Game *g = ui->game;
    if (ui->paused) {
        ui_message(ui, true, "The clocks are paused: p goes on");
        return;
    }
    if (ui->browsed && g->nredo) { /* a new line from an earlier point */
        char text[MOVE_TEXT_MAX], q[200];
        move_to_text(g->pos, m, MOVE_FOR_PEOPLE, text);
        snprintf(q, sizeof q, "Play %s here and drop the %d move%s after this point? (y/n)", text, g->nredo,
                 g->nredo == 1 ? "" : "s");
        ui->pending_move = m;
        ui_deselect(ui);
        ui_confirm(ui, q, play_pending);
        return;
    }
    play_now(ui, m);
}

/* The clocks as the AI is told them. */
static void ai_time(const Ui *ui, PlayerTime *t)
{
    memset(t, 0, sizeof *t);
    for (Color c = WHITE; c <= BLACK; c++) {
        ClockSide s = clock_side_now(&ui->clock, c);
        if (ui->tc.kind == CLOCK_BYOYOMI && s.byoyomi)
            t->time_ms[c] = 0;
        else
            t->time_ms[c] = (int)s.left_ms;
        if (ui->tc.kind == CLOCK_FISCHER)
            t->inc_ms[c] = (int)ui->tc.extra_ms;
    }
    if (ui->tc.kind == CLOCK_BYOYOMI)
        t->byoyomi_ms = (int)ui->tc.extra_ms;
}

/* Watch mode shows each move for at least this long. */
#define WATCH_MOVE_MS 600

static void ai_play(Ui *ui, Move m)
{
    Game *g = ui->game;
    char text[MOVE_TEXT_MAX];
    if (ui_clock_check(ui))
        return;
    move_to_text(g->pos, m, MOVE_FOR_PEOPLE, text);
    game_play(g, m);
    ui->last_move_ms = clock_monotonic_ms(NULL);
    after_move(ui, game_side_name(g, !g->pos->side), text);
}

/* The hint found for the person to move: named, and the cursor on the piece. */
static void show_hint(Ui *ui, Move m)
{
    Game *g = ui->game;
    if (game_over(g) || !movegen_is_legal(g->pos, m)) {
        ui_message(ui, true, "No hint: the AI found no move");
        return;
    }
    char text[MOVE_TEXT_MAX];
    move_to_text(g->pos, m, MOVE_FOR_PEOPLE, text);
    if (move_kind(m) != MOVE_DROP) {
        ui->cur_file = g->v->file_of[move_from(m)];
        ui->cur_rank = g->v->rank_of[move_from(m)];
        ui->cur_hand = -1;
    }
    ui_message(ui, false, "Hint: %s", text);
}

void ui_hint(Ui *ui)
{
    Game *g = ui->game;
    if (game_over(g)) {
        ui_message(ui, true, "The game is over: no hint");
        return;
    }
    if (ui_ai_plays(ui, g->pos->side)) {
        ui_message(ui, true, "Hints are for your moves; the AI is to move");
        return;
    }
    if (ui->hinting)
        return;
    ui->hinting = true;
    ui->hint_key = g->pos->st->key;
    player_start_hint(ui->ai, g->pos);
    ui_message(ui, false, "Looking for a hint...");
}

void ui_move_now(Ui *ui)
{
    Game *g = ui->game;
    if (ui->holding) { /* watch mode: the move waiting to be shown */
        ui->holding = false;
        ai_play(ui, ui->held_move);
    } else if (!game_over(g) && ui_ai_plays(ui, g->pos->side) && player_busy(ui->ai)) {
        player_hurry(ui->ai);
        ui_message(ui, false, "The AI plays the best move it has found");
    } else
        ui_message(ui, true, "The AI is not thinking");
}

int ui_ai_timeout(const Ui *ui)
{
    if (!ui->holding)
        return -1;
    int64_t wait = ui->last_move_ms + WATCH_MOVE_MS - clock_monotonic_ms(NULL);
    return wait < 1 ? 1 : (int)wait;
}

void ui_ai_step(Ui *ui)
{
    Game *g = ui->game;
    Move m;
    bool ai_turn = !game_over(g) && ui_ai_plays(ui, g->pos->side);
    if (ui->holding) {
        if (!ai_turn)
            ui->holding = false;
        else if (clock_monotonic_ms(NULL) >= ui->last_move_ms + WATCH_MOVE_MS) {
            ui->holding = false;
            ai_play(ui, ui->held_move);
        }
    } else if (ui->hinting) {
        if (ai_turn || g->pos->st->key != ui->hint_key) {
            /* the position changed under the hint (a move, undo, a new game) */
            player_cancel(ui->ai);
            ui->hinting = false;
        } else if (player_poll(ui->ai, &m)) {
            ui->hinting = false;
            show_hint(ui, m);
        } else if (!player_busy(ui->ai)) /* cancelled on the way */
            ui->hinting = false;
    } else if (player_poll(ui->ai, &m)) {
        if (ai_turn && movegen_is_legal(g->pos, m)) {
            if (ui->opt.mode == PLAY_WATCH && clock_monotonic_ms(NULL) < ui->last_move_ms + WATCH_MOVE_MS) {
                ui->held_move = m; /* so that a person can follow the game */
                ui->holding = true;
            } else
                ai_play(ui, m);
        } else if (m == MOVE_NONE && !game_over(g))
            ui_message(ui, true, "the AI found no move");
    }
    player_info(ui->ai, ui->ai_info, sizeof ui->ai_info);
    bool wait = ui->screen == SCREEN_NEWGAME || ui->have_resume || ui->paused || (ui->browsed && g->nredo) ||
                ui->holding;
    if (!game_over(g) && ui_ai_plays(ui, g->pos->side) && !player_busy(ui->ai) && !wait) {
        PlayerTime t;
        ai_time(ui, &t);
        player_start(ui->ai, g->pos, clock_enabled(&ui->clock) ? &t : NULL);
    }
}

void ui_select_drop(Ui *ui, int type)
{
    Game *g = ui->game;
    Move ms[1];
    if (ui_ai_plays(ui, g->pos->side) || game_over(g))
        return;
    ui_deselect(ui);
    ui->sel_drop = type;
    if (!game_moves_matching(g, NO_SQUARE, type, -1, ms, 1))
        ui_message(ui, true, "that piece cannot be dropped anywhere now");
}

/* Moves of the selection whose path starts with legs[0..n) and then, when
 * next >= 0, goes on to `next` (ending there or not). */
static int moves_by_path(Ui *ui, const int *legs, int n, int next, Move *out, int max)
{
    Move all[MAX_MOVES];
    int nall = game_moves_matching(ui->game, ui->sel_sq, ui->sel_drop, -1, all, MAX_MOVES), k = 0;
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

int ui_leg_moves(Ui *ui, Move *out, int max) { return moves_by_path(ui, ui->legs, ui->nlegs, -1, out, max); }

/* After legs[0..n): the moves that end on sq (into end) and those that pass
 * sq and go on (into via). */
static void moves_at(Ui *ui, int n, int sq, Move *end, int *nend, Move *via, int *nvia)
{
    Move ms[MAX_MOVES];
    int k = moves_by_path(ui, ui->legs, n, -1, ms, MAX_MOVES);
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
    ui->nchoice = n < UI_CHOICES_MAX ? n : UI_CHOICES_MAX;
    ui->choice_promo = false;
    for (int i = 0; i < ui->nchoice; i++) {
        ui->choice[i] = ms[i];
        move_to_text(ui->game->pos, ms[i], MOVE_FOR_PEOPLE, ui->choice_text[i]);
        if (move_kind(ms[i]) == MOVE_PROMO)
            ui->choice_promo = n == 2;
    }
    ui->input = INPUT_CHOICE;
}

/* Offer the moves in ms (all from the selection to one square) to choose from. */
static void ui_offer_choice(Ui *ui, const Move *ms, int n)
{
    ui_fill_choice(ui, ms, n);
    if (ui->choice_promo)
        ui_message(ui, false, "Promote? y: %s   n: %s", ui->choice_text[move_kind(ms[0]) == MOVE_PROMO ? 0 : 1],
                   ui->choice_text[move_kind(ms[0]) == MOVE_PROMO ? 1 : 0]);
    else
        ui_message(ui, false, "Several moves end here: press 1-%d to pick one (listed right), Esc to cancel",
                   ui->nchoice);
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
    ui->legs[ui->nlegs++] = sq;
    ui_fill_choice(ui, ms, n);
    char name[8];
    variant_square_name(ui->game->v, sq, name);
    if (nend)
        ui_message(ui, false, "Via %s: the next square, %s again to stop there, 1-%d from the list, Esc: again", name,
                   name, ui->nchoice);
    else
        ui_message(ui, false, "Via %s: the next square, or 1-%d from the list, Esc: again", name, ui->nchoice);
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
    if (ui->paused) {
        ui_message(ui, true, "The clocks are paused: p goes on");
        return;
    }
    if (ui->cur_hand >= 0) {
        select_in_hand(ui);
        return;
    }
    Piece p = pos->board[sq];
    bool own = p != PIECE_EMPTY && piece_color(p) == pos->side;
    if (ui->sel_sq == NO_SQUARE && !ui->sel_drop) {
        if (!own) {
            if (p != PIECE_EMPTY)
                ui_message(ui, true, "That is not your piece: %s to move", game_side_name(g, pos->side));
            else
                ui_message(ui, true, g->v->drop_types ? "No piece there; Tab picks one from the hand" : "No piece there");
            return;
        }
        Move ms[1];
        ui->sel_sq = sq;
        ui->msg[0] = 0;
        if (!game_moves_matching(g, sq, 0, -1, ms, 1))
            ui_message(ui, true, "That piece has no legal move");
        return;
    }
    if (sq == ui->sel_sq && !ui->nlegs) { /* put it back */
        ui_deselect(ui);
        return;
    }
    Move end[UI_CHOICES_MAX], via[UI_CHOICES_MAX];
    int nend, nvia;
    if (ui->nlegs && sq == ui->legs[ui->nlegs - 1]) { /* the last leg again: stop there */
        moves_at(ui, ui->nlegs - 1, sq, end, &nend, via, &nvia);
        if (nend)
            ui_finish_move(ui, end, nend);
        else
            ui_message(ui, true, "It cannot stop there: pick the next square");
        return;
    }
    moves_at(ui, ui->nlegs, sq, end, &nend, via, &nvia);
    if (nvia && ui->nlegs < GAME_PATH_MAX - 1) {
        ui_add_leg(ui, sq, end, nend, via, nvia);
        return;
    }
    if (nend) {
        ui_finish_move(ui, end, nend);
        return;
    }
    if (own && !ui->sel_drop && !ui->nlegs) { /* pick another piece instead */
        ui->sel_sq = sq;
        ui->msg[0] = 0;
        return;
    }
    ui_message(ui, true, "Illegal: that piece cannot go there");
}
