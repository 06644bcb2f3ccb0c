/* What the modules of the game screen share: the Ui state, the action and
 * binding tables, and the drawing entry points. */
#ifndef KAGE_UI_INTERNAL_H
#define KAGE_UI_INTERNAL_H

#include "kage/records/game.h"
#include "glyph.h"
#include "keys.h"
#include "layout.h"
#include "options.h"
#include "player.h"
#include "theme.h"

#include "kage/records/clock.h"
#include "kage/records/config.h"
#include "kage/records/pgn.h"
#include "kage/records/savegame.h"

#include <curses.h>

/* SCREEN_TEXT: the FEN and PGN printed on the terminal's own screen, out of
 * curses, so that the player can select them with the mouse. */
typedef enum UiScreen { SCREEN_GAME, SCREEN_HELP, SCREEN_GUIDE, SCREEN_NEWGAME, SCREEN_PICK, SCREEN_TEXT } UiScreen;
typedef enum UiInput { INPUT_BOARD, INPUT_PROMPT, INPUT_CONFIRM, INPUT_CHOICE } UiInput;

typedef struct Ui Ui;
typedef void (*UiConfirmFn)(Ui *ui);
typedef void (*UiSubmitFn)(Ui *ui, const char *text);

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
    char line[1024];        /* the prompt's text: a move, a path, a FEN */
    int line_len;
    char prompt_label[64];  /* "Move: ", "Save to: " */
    UiSubmitFn on_submit;   /* NULL: the move prompt */
    char msg[256];
    bool msg_error;
    bool msg_keep;          /* keep the message over the AI's moves until a key */
    char question[300];
    UiConfirmFn on_yes;
    UiConfirmFn on_no;      /* NULL: just close the question */
    int legs[GAME_PATH_MAX]; /* a Lion's or Wolf's squares picked so far, in order */
    int nlegs;
    Move choice[UI_CHOICES_MAX];
    char choice_text[UI_CHOICES_MAX][MOVE_TEXT_MAX];
    int nchoice;
    bool choice_promo;      /* the choice is promote or not (y/n works too) */
    int help_top;           /* first line shown of the help screen */
    int guide_type;         /* piece guide: the type shown and its colour */
    Color guide_color;
    int ng_field, ng_variant, ng_level, ng_clock; /* new-game screen */
    TimeControl ng_tcs[12]; /* the clocks offered there */
    int ng_ntc;
    char notice[512];       /* start-up problems (config file), shown after the resume question */
    PlayMode ng_mode;
    char ai_info[128];
    bool ai_info_hidden;    /* the AI's depth, score, speed and line not shown */
    bool hinting;           /* the AI looks for a move for the person */
    uint64_t hint_key;      /* in the position of this key */
    Clock clock;
    TimeControl tc;         /* of the game being played */
    bool paused;            /* hot-seat pause by the players */
    int64_t last_move_ms;   /* watch mode: when the last move was shown */
    Move held_move;         /* watch mode: an AI move waiting to be shown */
    bool holding;
    bool browsed;           /* moved back through the game with the browse keys */
    Move pending_move;      /* a move from a browsed point, until confirmed */
    GameResult browse_end;  /* a resignation, agreed draw or loss on time at the line's end */
    bool autosave_on;       /* write the autosave (off in some tests) */
    const char *autosave_path; /* NULL: the XDG place */
    PgnGames picks;         /* games of a file, to pick one (SCREEN_PICK) */
    int pick_sel, pick_top;
    char pick_file[1024];
    char pending_fen[1024]; /* a FEN typed, while "replace the game in progress?" is asked */
    SaveGame resume;        /* an autosave offered for resuming */
    bool have_resume;
    bool autosave_ours; /* the autosave file holds the game on the screen */
    KageConfig cfg;         /* the config file's values (strings live here) */
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
/* Look for a move for the person to move, shown when found. */
void ui_hint(Ui *ui);
/* Tell the thinking AI to play now (watch mode: show the held move). */
void ui_move_now(Ui *ui);
/* Start the AI if it is to move; take its move when it is ready. */
void ui_ai_step(Ui *ui);
/* Play m for a person (the move is legal): record, deselect, flip if asked. */
void ui_play(Ui *ui, Move m);
/* Start a new game from the options; false with a message if it cannot. */
/* Moves played and no result yet: quitting or replacing it asks first. */
bool ui_game_in_progress(const Ui *ui);
bool ui_new_game(Ui *ui, const char *variant, const char *fen, PlayMode mode, int level, const TimeControl *tc);
/* Milliseconds until a held watch-mode move is shown; -1: none held. */
int ui_ai_timeout(const Ui *ui);
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

/* Ask for a line of text on the status line; on_submit gets it on Enter. */
void ui_prompt(Ui *ui, const char *label, const char *initial, UiSubmitFn on_submit);

/* Leave curses for the terminal's own screen and print text there (on),
 * or take the screen back (off); ui.c. */
void ui_text_mode(Ui *ui, bool on, const char *text);

/* --- session.c: clocks, the autosave, resuming -------------------------------- */

/* Set the clock for a new game with time control tc, started for the side to move. */
void ui_clock_new(Ui *ui, const TimeControl *tc);
/* After a move by the side that was to move: press the clock; false if it had run out. */
bool ui_clock_moved(Ui *ui);
/* The side to move changed without a move (take back, browse): its clock runs now. */
void ui_clock_turn(Ui *ui);
/* Check for a loss on time and end the game; true if it just ended. */
bool ui_clock_check(Ui *ui);
/* Milliseconds until the clock display changes or a flag falls; -1: never. */
int ui_clock_timeout(const Ui *ui);
/* Pause or go on (hot-seat). */
void ui_clock_pause(Ui *ui, bool pause);
/* Write the autosave now (or remove it when the game is over); quiet unless it fails. */
void ui_autosave(Ui *ui);
/* At start: resume the autosave at once (`now`) or offer to; says so when it is damaged. */
void ui_resume_start(Ui *ui, bool now);
/* Rebuild the game from a record; false with a message if it cannot be played. */
bool ui_game_from_record(Ui *ui, const VariantDef *def, const char *fen, const Move *moves, int n,
                         PlayMode mode, int level, const TimeControl *tc);

/* --- records.c: save and load, FEN, browsing ----------------------------------- */

void ui_save_game(Ui *ui);      /* ask where, write the PGN */
void ui_load_game(Ui *ui);      /* ask for a file, load a game of it */
void ui_load_fen(Ui *ui);       /* ask for a FEN, start from it */
void ui_show_text(Ui *ui);      /* the FEN and PGN, out of curses */
/* Load a PGN file: one game, or the pick screen for several; false with a
 * message (the current game kept) when the file cannot be used. */
bool ui_load_file(Ui *ui, const char *path);
/* The PGN of the game so far (a string to free), NULL with a message. */
char *ui_game_pgn(Ui *ui);
void ui_draw_pick(Ui *ui);
void ui_key_pick(Ui *ui, const char *key);
void ui_key_text(Ui *ui, const char *key);
/* Browse: dir -1/+1 one ply, -2 to the start, +2 to the end. */
void ui_browse(Ui *ui, int dir);

/* --- draw.c ----------------------------------------------------------------- */

/* Curses attributes for a theme style (a colour pair is made on demand). */
attr_t ui_attr(Ui *ui, short fg, short bg, unsigned attrs);
attr_t ui_style(Ui *ui, ThemeStyle s);
/* Draw the whole screen into stdscr (curses sends only what changed). */
void ui_draw(Ui *ui);
bool ui_screen_fits(const Ui *ui);
void ui_draw_game(Ui *ui);
/* Put at most `width` cells of text at (y, x). */
void ui_put(int y, int x, int width, attr_t a, const char *text);
/* Text broken at spaces into at most `lines` lines of `width` cells (the last
 * one cut); returns the lines used. */
int ui_put_wrapped(int y, int x, int width, attr_t a, const char *text, int lines);
/* The bytes of text's next line of at most `width` cells, broken at a space
 * (cut, if `last` or a word is longer than the line). */
int ui_wrap_next(const char *text, int width, bool last);

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
