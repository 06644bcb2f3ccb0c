/* The board as the screen shows it: who plays which side, which side is at
 * the bottom, the cursor on the board and in the hands, and the selection.
 * And the game at the end of its line while the board shows an earlier
 * move (browsing).  The board and browse groups are written here alone.
 * Below the status line (status.c) and the game's control (control.c) and
 * the clocks (session.c), which move the cursor and drop the selection
 * through the functions here. */
#include "ui_internal.h"

#include <string.h>

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
    *file = ui->board.flipped ? v->files - 1 - col : col;
    *rank = ui->board.flipped ? row : v->ranks - 1 - row;
}

void ui_board_to_view(const Ui *ui, int file, int rank, int *col, int *row)
{
    const Variant *v = ui->game->v;
    *col = ui->board.flipped ? v->files - 1 - file : file;
    *row = ui->board.flipped ? rank : v->ranks - 1 - rank;
}

Color ui_hand_color(const Ui *ui, int b)
{
    Color bottom = ui->board.flipped ? BLACK : WHITE;
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

int ui_taken_types(const Ui *ui, Color by, int *types, int *counts)
{
    const Position *pos = ui->game->pos;
    const Variant *v = ui->game->v;
    memset(counts, 0, MAX_PIECE_TYPES * sizeof *counts);
    for (const StateInfo *st = pos->hist + 1; st <= pos->st; st++)
        for (int k = 0; k < 3; k++) {
            Piece p = st->captured[k];
            if (p != PIECE_EMPTY && !(p & PIECE_OFF) && piece_color(p) != by && piece_type(p) <= v->ntypes)
                counts[piece_type(p)]++;
        }
    int n = 0;
    for (int t = 1; t <= v->ntypes; t++)
        if (counts[t])
            types[n++] = t;
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
    ui->board.sel_sq = NO_SQUARE;
    ui->board.sel_drop = 0;
    ui->board.nlegs = 0;
    if (ui->input == INPUT_CHOICE) /* a choice between moves of that piece */
        ui->input = INPUT_BOARD;
}

void ui_select_square(Ui *ui, int sq) { ui->board.sel_sq = sq; }

void ui_select_type(Ui *ui, int type) { ui->board.sel_drop = type; }

void ui_leg_add(Ui *ui, int sq)
{
    if (ui->board.nlegs < GAME_PATH_MAX)
        ui->board.legs[ui->board.nlegs++] = sq;
}

void ui_legs_clear(Ui *ui) { ui->board.nlegs = 0; }

void ui_flip(Ui *ui, bool flipped) { ui->board.flipped = flipped; }

void ui_cursor_to(Ui *ui, int file, int rank)
{
    ui->board.cur_file = file;
    ui->board.cur_rank = rank;
    ui->board.cur_hand = -1;
}

/* The side at the bottom: the person's side, or the side to move in hot-seat
 * with automatic flipping. */
void ui_orient(Ui *ui)
{
    if (ui->opt.mode == PLAY_SECOND || ui_online_role(ui) == BLACK)
        ui->board.flipped = true;
    else if (ui->opt.mode == PLAY_HOTSEAT && ui->opt.auto_flip)
        ui->board.flipped = ui->game->pos->side == BLACK;
}

void ui_cursor_home(Ui *ui)
{
    const Variant *v = ui->game->v;
    Color me = ui->board.flipped ? BLACK : WHITE;
    ui->board.cur_file = v->files / 2;
    ui->board.cur_rank = me == WHITE ? 1 : v->ranks - 2;
    ui->board.cur_hand = -1;
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
    ui->board.cur_hand = best_i;
    ui->board.cur_hand_color = best_c;
    return true;
}

/* Put the cursor on the board square in view column col nearest screen line y. */
static void cursor_to_board(Ui *ui, int y, int col)
{
    const Layout *l = &ui->lay;
    int row = (y - l->board_y) / l->ch;
    row = row < 0 ? 0 : row >= l->ranks ? l->ranks - 1 : row;
    ui_view_to_board(ui, col, row, &ui->board.cur_file, &ui->board.cur_rank);
    ui->board.cur_hand = -1;
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
    int y = hand_entry_y(ui, ui->board.cur_hand_color, ui->board.cur_hand), k = 0;
    while (k < nys && ys[k] != y)
        k++;
    if (k == nys)
        return;
    cursor_to_hand(ui, ys[(k + drow + nys) % nys], ui->board.cur_hand % 2);
}

void ui_cursor_move(Ui *ui, int dcol, int drow)
{
    const Variant *v = ui->game->v;
    const Layout *l = &ui->lay;
    if (ui->board.cur_hand >= 0) {
        int types[MAX_PIECE_TYPES], n = ui_hand_types(ui, ui->board.cur_hand_color, types), i = ui->board.cur_hand;
        int y = hand_entry_y(ui, ui->board.cur_hand_color, i);
        if (drow)
            hand_cursor_vertical(ui, drow);
        else if (dcol > 0 && i % 2 == 0 && i + 1 < n)
            ui->board.cur_hand = i + 1;
        else if (dcol < 0 && i % 2 == 1)
            ui->board.cur_hand = i - 1;
        else /* off the hand: the board's first file to the right (round), its last to the left */
            cursor_to_board(ui, y, dcol > 0 ? 0 : v->files - 1);
        return;
    }
    int col, row;
    ui_board_to_view(ui, ui->board.cur_file, ui->board.cur_rank, &col, &row);
    int y = l->board_y + row * l->ch + l->ch / 2;
    if (dcol > 0 && col == v->files - 1 && cursor_to_hand(ui, y, 0))
        return;
    if (dcol < 0 && col == 0 && cursor_to_hand(ui, y, 1))
        return;
    col = (col + dcol + v->files) % v->files;
    row = (row + drow + v->ranks) % v->ranks;
    ui_view_to_board(ui, col, row, &ui->board.cur_file, &ui->board.cur_rank);
}

void ui_cursor_fix(Ui *ui)
{
    if (ui->board.cur_hand < 0)
        return;
    int types[MAX_PIECE_TYPES], n = ui_hand_types(ui, ui->board.cur_hand_color, types);
    if (n == 0) /* that hand is empty now: back to the board beside it */
        cursor_to_board(ui, hand_entry_y(ui, ui->board.cur_hand_color, 0), ui->game->v->files - 1);
    else if (ui->board.cur_hand >= n)
        ui->board.cur_hand = n - 1;
}

/* --- the game at the end of its line ------------------------------------------------------- */

Color ui_live_side(const Ui *ui)
{
    const Game *g = ui->game;
    int ahead = ui->browse.on ? g->nredo : 0; /* every move passes the turn */
    return ahead % 2 ? !g->pos->side : g->pos->side;
}

bool ui_live_over(const Ui *ui)
{
    return ui->browse.on && ui->game->nredo ? ui->browse.live_over : game_over(ui->game);
}

int ui_live_plies(const Ui *ui) { return ui->game->rec.nmoves + (ui->browse.on ? ui->game->nredo : 0); }

void ui_browse_start(Ui *ui, GameResult end, bool live_over)
{
    ui->browse.on = true;
    ui->browse.end = end;
    ui->browse.live_over = live_over;
}

void ui_browse_off(Ui *ui) { ui->browse.on = false; }

void ui_live_end(Ui *ui)
{
    Game *g = ui->game;
    if (!ui->browse.on)
        return;
    while (game_redo(g))
        ;
    ui->browse.on = false;
    game_end_by(g, ui->browse.end);
    ui->browse.end.outcome = OUTCOME_NONE;
    ui_cursor_fix(ui);
}
