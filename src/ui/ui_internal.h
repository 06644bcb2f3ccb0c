/* What the modules of the game screen share: the Ui state, the action and
 * binding tables, and the drawing entry points. */
#ifndef KAGE_UI_INTERNAL_H
#define KAGE_UI_INTERNAL_H

#include "game.h"
#include "glyph.h"
#include "keys.h"
#include "layout.h"
#include "options.h"
#include "player.h"
#include "theme.h"

#include <curses.h>

typedef enum UiScreen { SCREEN_GAME, SCREEN_HELP, SCREEN_GUIDE, SCREEN_NEWGAME } UiScreen;
typedef enum UiInput { INPUT_BOARD, INPUT_PROMPT, INPUT_CONFIRM, INPUT_CHOICE } UiInput;

typedef struct Ui Ui;
typedef void (*UiConfirmFn)(Ui *ui);

#define UI_CHOICES_MAX 16
#define UI_PAIRS_MAX 240

struct Ui {
    UiOptions opt;
    Game *game;
    Player *ai;
    int wake[2];     /* self-pipe: signal handlers and the AI thread write */
    TermKey *tk;
    GlyphSet glyphs;
    Theme theme;
    ThemeForm form;
    bool mouse_on;
    Layout lay;
    int cur_file, cur_rank; /* the cursor, in board coordinates */
    int cur_hand;           /* or on entry cur_hand of cur_hand_color's hand; -1: on the board */
    Color cur_hand_color;
    int sel_sq;             /* selected piece's square, or NO_SQUARE */
    int sel_drop;           /* selected piece type in hand, or 0 */
    bool flipped;           /* the second player at the bottom */
    UiScreen screen;
    UiInput input;
    char line[80];          /* the move prompt's text */
    int line_len;
    char msg[256];
    bool msg_error;
    char question[160];
    UiConfirmFn on_yes;
    int legs[GAME_PATH_MAX]; /* a Lion's or Wolf's squares picked so far, in order */
    int nlegs;
    Move choice[UI_CHOICES_MAX];
    char choice_text[UI_CHOICES_MAX][MOVE_TEXT_MAX];
    int nchoice;
    bool choice_promo;      /* the choice is promote or not (y/n works too) */
    int help_top;           /* first line shown of the help screen */
    int guide_type;         /* piece guide: the type shown and its colour */
    Color guide_color;
    int ng_field, ng_variant, ng_level; /* new-game screen */
    PlayMode ng_mode;
    char ai_info[128];
    bool quit;
    int exit_status;
    int npairs;
    short pair_fg[UI_PAIRS_MAX], pair_bg[UI_PAIRS_MAX];
};

/* --- actions.c: the action and binding tables ----------------------------- */

typedef struct UiAction {
    const char *name;
    const char *help;
    void (*exec)(Ui *ui);
} UiAction;

typedef struct UiBinding {
    const char *key;    /* "<C-z>", "k", "<Enter>" */
    const char *action; /* name in the action table */
} UiBinding;

extern const UiAction ui_actions[];
extern const int ui_nactions;
extern const UiBinding ui_bindings[];
extern const int ui_nbindings;

/* Run the action bound to key on the board; false if none is bound. */
bool ui_key_board(Ui *ui, const char *key);
/* All keys bound to action `name`, separated by spaces. */
void ui_keys_of(const char *name, char *buf, size_t size);
/* Handle a key while a prompt, question or choice is open. */
void ui_key_prompt(Ui *ui, const char *key);
void ui_key_confirm(Ui *ui, const char *key);
void ui_key_choice(Ui *ui, const char *key);
/* A mouse event on the game screen. */
void ui_mouse(Ui *ui, const KeyMouse *m);
/* Ask a yes/no question; on_yes runs on 'y'. */
void ui_confirm(Ui *ui, const char *question, UiConfirmFn on_yes);

/* --- game control (control.c) --------------------------------------------- */

/* Is colour c played by the AI in the current mode? */
bool ui_ai_plays(const Ui *ui, Color c);
/* Start the AI if it is to move; take its move when it is ready. */
void ui_ai_step(Ui *ui);
/* Play m for a person (the move is legal): record, deselect, flip if asked. */
void ui_play(Ui *ui, Move m);
/* Start a new game from the options; false with a message if it cannot. */
bool ui_new_game(Ui *ui, const char *variant, const char *fen, PlayMode mode, int level);
void ui_message(Ui *ui, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void ui_deselect(Ui *ui);
/* Square of board (file, rank) in the padded board. */
int ui_square(const Ui *ui, int file, int rank);
/* View column/row (from the top-left of the screen) to file/rank and back. */
void ui_view_to_board(const Ui *ui, int col, int row, int *file, int *rank);
void ui_board_to_view(const Ui *ui, int file, int rank, int *col, int *row);
/* The colour whose hand is drawn in block b (0 top, 1 bottom). */
Color ui_hand_color(const Ui *ui, int b);
/* The piece types held by colour c, in the variant's order; returns how many. */
int ui_hand_types(const Ui *ui, Color c, int *types);
/* Move the cursor by columns and rows of the screen.  Right of the board's
 * last file lie the hands: the cursor goes on to the nearest hand entry, and
 * from a hand back onto the board (wrapping around, as on the board). */
void ui_cursor_move(Ui *ui, int dcol, int drow);
/* Keep the cursor on an entry that exists after a hand changed. */
void ui_cursor_fix(Ui *ui);
/* Person picks up or puts down at the cursor.  A Lion or Wolf puts down
 * leg by leg: a square it captures on the way is remembered, the squares
 * where it can go on are marked, the same square again stops there. */
void ui_select_at_cursor(Ui *ui);
/* The selected piece's moves whose path (game_move_path) starts with the
 * legs picked so far; returns how many (at most max). */
int ui_leg_moves(Ui *ui, Move *out, int max);
/* Select piece `type` of the side to move's hand for a drop. */
void ui_select_drop(Ui *ui, int type);
void ui_layout(Ui *ui);

/* --- draw.c ----------------------------------------------------------------- */

/* Curses attributes for a theme style (a colour pair is made on demand). */
attr_t ui_attr(Ui *ui, short fg, short bg, unsigned attrs);
attr_t ui_style(Ui *ui, ThemeStyle s);
/* Draw the whole screen into stdscr (curses sends only what changed). */
void ui_draw(Ui *ui);
void ui_draw_game(Ui *ui);
/* Put at most `width` cells of text at (y, x). */
void ui_put(int y, int x, int width, attr_t a, const char *text);

/* --- screens.c ---------------------------------------------------------------- */

void ui_draw_help(Ui *ui);
void ui_draw_guide(Ui *ui);
void ui_draw_newgame(Ui *ui);
void ui_key_help(Ui *ui, const char *key);
void ui_key_guide(Ui *ui, const char *key);
void ui_key_newgame(Ui *ui, const char *key);
/* Open the new-game screen, the piece guide (for the piece under the
 * cursor or in hand) and the help screen. */
void ui_open_newgame(Ui *ui);
void ui_open_guide(Ui *ui);
/* Rule reminders for the current variant, one per line, NULL-terminated. */
int ui_rule_reminders(const Ui *ui, const char **lines, int max);

#endif
