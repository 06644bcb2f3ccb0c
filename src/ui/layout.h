/* Where everything goes on the screen, computed from the terminal size
 * alone: pure arithmetic, no curses, so tests can check it. */
#ifndef KAGE_UI_LAYOUT_H
#define KAGE_UI_LAYOUT_H

#include <stdbool.h>

#define LAYOUT_RANK_LABEL 3  /* "13 " left of the board */
#define LAYOUT_HAND_W 15     /* two entries of 7 cells and a gap */
#define LAYOUT_HAND_ENTRY 7  /* " 歩 x2 " */
#define LAYOUT_PANEL_MIN 22
#define LAYOUT_COMPACT_HAND_W 20     /* compact: four entries of 5 cells */
#define LAYOUT_COMPACT_HAND_ENTRY 5  /* "歩2  " */
#define LAYOUT_PANEL_BELOW 3         /* compact: the players and the status under the board */

typedef struct Layout {
    bool fits;
    int need_cols, need_rows; /* the smallest terminal that fits */
    int cols, rows;
    int cw, ch;               /* size of one square */
    int board_x, board_y;     /* top-left corner of the top-left square */
    int board_w, board_h;
    int files, ranks;
    bool compact;             /* squares of two cells and one line: the glyph alone */
    bool hands;
    int hand_x, hand_rows;    /* each hand block: a title line, then entries */
    int hand_w, hand_entry_w, hand_per_row; /* a block's width, an entry's, entries a row */
    int hand_y[2];            /* [0] the block at the top, [1] at the bottom */
    int panel_x, panel_y, panel_w, panel_h;
    bool panel_below;         /* compact and narrow: only the players and the status, under the board */
    int status_y;             /* the bottom line: prompt and messages */
} Layout;

/* Lay out a files x ranks board, with hands of up to hand_kinds kinds each
 * (0: no hands), on a cols x rows terminal; the biggest squares that fit win.
 * The smallest is the compact layout (phones over SSH, split panes): squares
 * of two cells and one line, the side panel under the board when it does not
 * fit beside it (8x8 with hands in 40x14, Cashew in 53x16). */
void layout_compute(Layout *l, int cols, int rows, int files, int ranks, int hand_kinds);

/* The view square (column from the left, row from the top) at screen cell
 * (x, y); false when (x, y) is not on the board. */
bool layout_square_at(const Layout *l, int x, int y, int *col, int *row);
/* The screen cell where hand entry i of block b (0 top, 1 bottom) starts. */
void layout_hand_entry(const Layout *l, int b, int i, int *x, int *y);
/* The hand block and entry at screen cell (x, y); false if none. */
bool layout_hand_at(const Layout *l, int x, int y, int *b, int *i);

#endif
