/* Layout arithmetic (see layout.h).  From the top: a title line, the board
 * with rank numbers on its left and file letters below, the status line at
 * the bottom.  Right of the board the two hands (the opponent's at the top,
 * as in shogi), then the side panel takes all the width that is left. */
#include "layout.h"

#include <string.h>

/* Square sizes from the largest down; a square is about twice as wide as
 * high in cells, so that it looks square in most terminal fonts. */
static const struct {
    int cw, ch;
} cell_sizes[] = {{10, 5}, {8, 4}, {8, 3}, {6, 3}, {6, 2}, {4, 2}, {4, 1}, {2, 1}};

static void layout_try(Layout *l, int cw, int ch, int hand_kinds)
{
    l->cw = cw;
    l->ch = ch;
    l->board_x = LAYOUT_RANK_LABEL;
    l->board_y = 1;
    l->board_w = l->files * cw;
    l->board_h = l->ranks * ch;
    l->compact = cw == 2;
    l->hands = hand_kinds > 0;
    l->hand_w = l->compact ? LAYOUT_COMPACT_HAND_W : LAYOUT_HAND_W;
    l->hand_entry_w = l->compact ? LAYOUT_COMPACT_HAND_ENTRY : LAYOUT_HAND_ENTRY;
    l->hand_per_row = l->compact ? 4 : 2;
    l->hand_rows = l->hands ? 1 + (hand_kinds + l->hand_per_row - 1) / l->hand_per_row : 0;
    l->hand_x = l->board_x + l->board_w + 1;
    int right = l->hands ? l->hand_x + l->hand_w : l->board_x + l->board_w + 1;
    /* two blank cells after a hand's title, which may fill its block ("Kingdom
     * hand: -"), so that it never reads on into the panel's "> Clan: player";
     * one between the board and the hands, whose entries start with a blank */
    l->panel_x = right + (l->hands ? 2 : 1);
    int hands_h = 2 * l->hand_rows + 1;
    int body_h = l->board_h + 1 > hands_h ? l->board_h + 1 : hands_h; /* +1: file letters */
    l->need_cols = l->panel_x + LAYOUT_PANEL_MIN;
    l->need_rows = 1 + body_h + 1;
    l->hand_y[0] = l->board_y;
    l->hand_y[1] = l->board_h >= hands_h ? l->board_y + l->board_h - l->hand_rows : l->board_y + l->hand_rows + 1;
    l->panel_y = 1;
    l->panel_w = l->cols - l->panel_x;
    l->panel_h = l->rows - 2;
    l->status_y = l->rows - 1;
    l->panel_below = false;
    if (l->compact && l->cols < l->need_cols) { /* the panel under the board */
        l->panel_below = true;
        l->panel_x = 0;
        l->panel_y = 1 + body_h;
        l->panel_w = l->cols;
        l->panel_h = l->rows - 1 - l->panel_y;
        l->need_cols = right > LAYOUT_PANEL_MIN ? right : LAYOUT_PANEL_MIN;
        l->need_rows = 1 + body_h + LAYOUT_PANEL_BELOW + 1;
    }
    l->fits = l->cols >= l->need_cols && l->rows >= l->need_rows;
}

void layout_compute(Layout *l, int cols, int rows, int files, int ranks, int hand_kinds)
{
    memset(l, 0, sizeof *l);
    l->cols = cols;
    l->rows = rows;
    l->files = files;
    l->ranks = ranks;
    int n = (int)(sizeof cell_sizes / sizeof cell_sizes[0]);
    for (int i = 0; i < n; i++) {
        layout_try(l, cell_sizes[i].cw, cell_sizes[i].ch, hand_kinds);
        if (l->fits)
            return;
    }
    /* nothing fits: the smallest layout says how much room it needs */
}

bool layout_square_at(const Layout *l, int x, int y, int *col, int *row)
{
    if (x < l->board_x || y < l->board_y || x >= l->board_x + l->board_w || y >= l->board_y + l->board_h)
        return false;
    *col = (x - l->board_x) / l->cw;
    *row = (y - l->board_y) / l->ch;
    return true;
}

void layout_hand_entry(const Layout *l, int b, int i, int *x, int *y)
{
    *x = l->hand_x + (i % l->hand_per_row) * l->hand_entry_w;
    *y = l->hand_y[b] + 1 + i / l->hand_per_row;
}

bool layout_hand_at(const Layout *l, int x, int y, int *b, int *i)
{
    if (!l->hands || x < l->hand_x || x >= l->hand_x + l->hand_per_row * l->hand_entry_w)
        return false;
    for (int k = 0; k < 2; k++) {
        int r = y - l->hand_y[k] - 1;
        if (r >= 0 && r < l->hand_rows - 1) {
            *b = k;
            *i = r * l->hand_per_row + (x - l->hand_x) / l->hand_entry_w;
            return true;
        }
    }
    return false;
}
