/* What the files of the game screen share: the Ui state, the tables of
 * screens, inputs, key maps and actions, and each file's entry points.
 *
 * The sections below go from the bottom of the screen's code to its top,
 * and a file calls only the files of the sections before its own, besides
 * the helpers with headers of their own (layout, glyph, keys, options,
 * player, theme).  bindings.c reaches every file's actions through their
 * tables, as screens.c reaches each screen's drawing through ui_screens[].
 * Two calls go the other way: the help screen (screens.c) reads the key
 * tables back through bindings.c, and the FEN and PGN text (records.c) asks
 * ui.c to hand the terminal over. */
#ifndef KAGE_UI_INTERNAL_H
#define KAGE_UI_INTERNAL_H

#include "glyph.h"
#include "keys.h"
#include "layout.h"
#include "options.h"
#include "player.h"
#include "theme.h"

#include "kage/records/clock.h"
#include "kage/records/config.h"
#include "kage/records/game.h"
#include "kage/records/pgn.h"
#include "kage/records/savegame.h"
#include "kage/rules/util.h"

#include <curses.h>

/* SCREEN_TEXT: the FEN and PGN printed on the terminal's own screen, out of
 * curses, so that the player can select them with the mouse. */
typedef enum UiScreen { SCREEN_GAME, SCREEN_HELP, SCREEN_GUIDE, SCREEN_NEWGAME, SCREEN_PICK, SCREEN_TEXT, SCREEN_COUNT } UiScreen;
/* On the game screen, what the keys go to: the board, or the status line. */
typedef enum UiInput { INPUT_BOARD, INPUT_PROMPT, INPUT_CONFIRM, INPUT_CHOICE, INPUT_COUNT } UiInput;
/* The key maps, one for each screen and input, and one for a terminal too
 * small to show anything; in this order in the help. */
typedef enum UiKeymap {
    KEYS_BOARD, KEYS_PROMPT, KEYS_CONFIRM, KEYS_CHOICE, KEYS_HELP, KEYS_GUIDE, KEYS_NEWGAME, KEYS_PICK, KEYS_TEXT,
    KEYS_SMALL, KEYS_COUNT
} UiKeymap;

typedef struct Ui Ui;
typedef void (*UiConfirmFn)(Ui *ui);
typedef void (*UiSubmitFn)(Ui *ui, const char *text);

/* An action a key runs (tmux's cmd-*.c style): its name in the bindings, a
 * help line, and one function: exec, or exec_key when the key matters (1-9);
 * enabled (NULL: always) says whether it applies now; when it does not, the
 * key counts as bound to nothing. */
typedef struct UiAction {
    const char *name;
    const char *help;
    void (*exec)(Ui *ui);
    void (*exec_key)(Ui *ui, const char *key);
    bool (*enabled)(const Ui *ui);
} UiAction;

/* What a key bound to nothing does in a key map: it goes through the
 * board's key map when to_board says so, else to fn (NULL: nothing); keys
 * and help are its line in the help (keys NULL: none). */
typedef struct UiOtherKey {
    const char *keys, *help;
    void (*fn)(Ui *ui, const char *key);
    bool (*to_board)(const Ui *ui);
} UiOtherKey;

/* A screen: its name in "too small" messages (NULL: the variant's), the key
 * map its keys go through (the game screen: its input's), the size it needs
 * (NULL: any) and how it is drawn (NULL: the terminal shows our text). */
typedef struct UiScreenDef {
    const char *name;
    UiKeymap keys;
    void (*need)(const Ui *ui, int *cols, int *rows);
    void (*draw)(Ui *ui);
} UiScreenDef;

/* An input of the game screen: its key map, and what it shows on the status
 * line (NULL: the message). */
typedef struct UiInputDef {
    UiKeymap keys;
    void (*draw)(Ui *ui, int y);
} UiInputDef;

/* One line of the help: keys and what they do. */
typedef struct UiKeyHelp {
    char keys[64];
    const char *help;
} UiKeyHelp;

#define UI_CHOICES_MAX 16
#define UI_PAIRS_MAX 240

/* The state of the game screen, grouped by concern; each group is written
 * by the file named beside it (others read it, or call that file). */
struct Ui {
    UiOptions opt;          /* the options in force (mode, level, variant, mouse ...) */
    KageConfig cfg;         /* the config file's values (strings live here) */
    Game *game;
    UiScreen screen;        /* the screen shown (screens.c: ui_screens[]) */
    UiInput input;          /* on the game screen: what the keys go to (status.c) */
    Layout lay;             /* where everything is on this terminal (layout.c) */
    bool quit;
    int exit_status;

    struct {                /* ui.c: the terminal */
        TermKey *tk;
        int wake[2];        /* self-pipe: signal handlers and the AI thread write */
        bool mouse_on;
    } term;

    struct {                /* ui.c and paint.c: how things look */
        GlyphSet glyphs;
        Theme theme;
        ThemeForm form;
        int npairs;         /* colour pairs made so far */
        short pair_fg[UI_PAIRS_MAX], pair_bg[UI_PAIRS_MAX];
    } look;

    struct {                /* board.c: the board, the cursor and the selection */
        bool flipped;       /* the second player at the bottom */
        int cur_file, cur_rank; /* the cursor, in board coordinates */
        int cur_hand;       /* or on entry cur_hand of cur_hand_color's hand; -1: on the board */
        Color cur_hand_color;
        int sel_sq;         /* selected piece's square, or NO_SQUARE */
        int sel_drop;       /* selected piece type in hand, or 0 */
        int legs[GAME_PATH_MAX]; /* a Lion's or Wolf's squares picked so far, in order */
        int nlegs;
    } board;

    struct {                /* status.c: the status line */
        char msg[256];
        bool msg_error;
        bool msg_keep;      /* keep the message over the AI's moves until a key */
        char notice[512];   /* start-up problems (config file), shown after the resume question */
        char line[1024];    /* the prompt's text: a move, a path, a FEN */
        int line_len;
        char prompt_label[64]; /* "Move: ", "Save to: " */
        UiSubmitFn on_submit;
        char question[300];
        UiConfirmFn on_yes;
        UiConfirmFn on_no;  /* NULL: just close the question */
        Move choice[UI_CHOICES_MAX]; /* moves to choose from by number (control.c fills them) */
        char choice_text[UI_CHOICES_MAX][MOVE_TEXT_MAX];
        int nchoice;
        bool choice_promo;  /* the choice is promote or not (y/n works too) */
    } status;

    struct {                /* control.c: the AI */
        Player *player;
        char info[128];
        bool info_hidden;   /* the AI's depth, score, speed and line not shown */
        bool hinting;       /* the AI looks for a move for the person */
        uint64_t hint_key;  /* in the position of this key */
        int64_t last_move_ms; /* watch mode: when the last move was shown */
        Move held_move;     /* watch mode: an AI move waiting to be shown */
        bool holding;
    } ai;

    struct {                /* session.c: the clocks */
        Clock clock;
        TimeControl tc;     /* of the game being played */
        bool paused;        /* hot-seat pause by the players */
    } time;

    struct {                /* records.c: browsing back through the game */
        bool on;            /* moved back with the browse keys */
        Move pending_move;  /* a move from a browsed point, until confirmed */
        GameResult end;     /* a resignation, agreed draw or loss on time at the line's end */
    } browse;

    struct {                /* records.c: what is being loaded */
        PgnGames games;     /* games of a file, to pick one (SCREEN_PICK) */
        int sel, top;
        char file[1024];
        char fen[1024];     /* a FEN typed, while "replace the game in progress?" is asked */
    } load;

    struct {                /* session.c: the autosave; records.c: resuming it */
        bool autosave_on;   /* write the autosave (off in some tests) */
        const char *autosave_path; /* NULL: the XDG place */
        bool autosave_ours; /* the autosave file holds the game on the screen */
        SaveGame resume;    /* an autosave offered for resuming */
        bool have_resume;
    } save;

    struct {                /* screens.c */
        int top;            /* first line shown of the help screen */
    } help;
    struct {
        int type;           /* the piece shown and its colour */
        Color color;
    } guide;
    struct {
        int field, variant, level, clock;
        TimeControl tcs[12]; /* the clocks offered */
        int ntc;
        PlayMode mode;
    } newgame;
};

/* --- paint.c: painting primitives --------------------------------------------------- */

/* Curses attributes for a theme style (a colour pair is made on demand). */
attr_t ui_attr(Ui *ui, short fg, short bg, unsigned attrs);
attr_t ui_style(Ui *ui, ThemeStyle s);
/* Display width of a UTF-8 string in cells (wide characters count two), at
 * most max; *bytes_for (if not NULL) gets the bytes of what fits. */
int ui_text_width(const char *s, int *bytes_for, int max);
/* Put at most `width` cells of text at (y, x). */
void ui_put(int y, int x, int width, attr_t a, const char *text);
/* Text broken at spaces into at most `lines` lines of `width` cells (the last
 * one cut); returns the lines used. */
int ui_put_wrapped(int y, int x, int width, attr_t a, const char *text, int lines);
/* The bytes of text's next line of at most `width` cells, broken at a space
 * (cut, if `last` or a word is longer than the line). */
int ui_wrap_next(const char *text, int width, bool last);

/* --- status.c: the status line: messages, prompts, questions -------------------------- */

void ui_message(Ui *ui, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Ask for a line of text on the status line; on_submit gets it on Enter. */
void ui_prompt(Ui *ui, const char *label, const char *initial, UiSubmitFn on_submit);
/* Ask a yes/no question; on_yes runs on 'y' (status.on_no, if the caller
 * sets it, on any other key). */
void ui_confirm(Ui *ui, const char *question, UiConfirmFn on_yes);
extern const UiInputDef ui_inputs[INPUT_COUNT];
extern const UiAction ui_prompt_actions[], ui_confirm_actions[];
extern const int ui_prompt_nactions, ui_confirm_nactions;
extern const UiOtherKey ui_prompt_other, ui_confirm_other;

/* --- board.c: the board view, the cursor, the selection ------------------------------------ */

/* Is colour c played by the AI in the current mode? */
bool ui_ai_plays(const Ui *ui, Color c);
/* Put back the piece picked up (and its legs), closing a choice between its moves. */
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
/* The side at the bottom: the person's, or in hot-seat with automatic
 * flipping the side to move. */
void ui_orient(Ui *ui);
/* The cursor to the middle of the bottom side's second rank. */
void ui_cursor_home(Ui *ui);
/* Where everything goes on a terminal of this size. */
void ui_layout(Ui *ui);

/* --- session.c: clocks, the autosave ------------------------------------------ */

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

/* --- control.c: the game's flow: moves, the AI, new games ------------------------------------------- */

/* Look for a move for the person to move, shown when found. */
void ui_hint(Ui *ui);
/* Tell the thinking AI to play now (watch mode: show the held move). */
void ui_move_now(Ui *ui);
/* Start the AI if it is to move; take its move when it is ready. */
void ui_ai_step(Ui *ui);
/* Milliseconds until a held watch-mode move is shown; -1: none held. */
int ui_ai_timeout(const Ui *ui);
/* Play m for a person (the move is legal): record, deselect, flip if asked. */
void ui_play(Ui *ui, Move m);
/* A move typed at the prompt: play it, or say why not. */
void ui_submit_move(Ui *ui, const char *text);
/* Moves played and no result yet: quitting or replacing it asks first. */
bool ui_game_in_progress(const Ui *ui);
/* Start a new game from the options; false with a message if it cannot. */
bool ui_new_game(Ui *ui, const char *variant, const char *fen, PlayMode mode, int level, const TimeControl *tc);
/* Rebuild the game from a record; false with a message if it cannot be played. */
bool ui_game_from_record(Ui *ui, const GameRecord *rec, PlayMode mode, int level, const TimeControl *tc);
/* Person picks up or puts down at the cursor.  A Lion or Wolf puts down
 * leg by leg: a square it captures on the way is remembered, the squares
 * where it can go on are marked, the same square again stops there. */
void ui_select_at_cursor(Ui *ui);
/* The selected piece's moves whose path (game_move_path) starts with the
 * legs picked so far; returns how many (at most max). */
int ui_leg_moves(Ui *ui, Move *out, int max);
/* Select piece `type` of the side to move's hand for a drop. */
void ui_select_drop(Ui *ui, int type);
extern const UiAction ui_choice_actions[];
extern const int ui_choice_nactions;
extern const UiOtherKey ui_choice_other;

/* --- records.c: save and load, FEN, resuming, browsing, the pick and text screens ------------------ */

void ui_save_game(Ui *ui);      /* ask where, write the PGN */
void ui_load_game(Ui *ui);      /* ask for a file, load a game of it */
void ui_load_fen(Ui *ui);       /* ask for a FEN, start from it */
void ui_show_text(Ui *ui);      /* the FEN and PGN, out of curses */
/* Load a PGN file: one game, or the pick screen for several; false with a
 * message (the current game kept) when the file cannot be used. */
bool ui_load_file(Ui *ui, const char *path);
/* The PGN of the game so far (a string to free), NULL with a message. */
char *ui_game_pgn(Ui *ui);
/* Browse: dir -1/+1 one ply, -2 to the start, +2 to the end. */
void ui_browse(Ui *ui, int dir);
/* At start: resume the autosave at once (`now`) or offer to; says so when it is damaged. */
void ui_resume_start(Ui *ui, bool now);
void ui_draw_pick(Ui *ui);
extern const UiAction ui_pick_actions[], ui_text_actions[];
extern const int ui_pick_nactions, ui_text_nactions;
extern const UiOtherKey ui_text_other;

/* --- draw.c: the game screen --------------------------------------------------------- */

/* Title, board, hands, side panel and status line. */
void ui_draw_game(Ui *ui);

/* --- screens.c: the screen table, help, piece guide, new game -------------------------- */

extern const UiScreenDef ui_screens[SCREEN_COUNT];
/* Draw the whole screen into stdscr (curses sends only what changed), or
 * how much room it needs. */
void ui_draw(Ui *ui);
/* Does the terminal have the room the screen needs? */
bool ui_screen_fits(const Ui *ui);
void ui_draw_help(Ui *ui);
void ui_draw_guide(Ui *ui);
void ui_draw_newgame(Ui *ui);
/* Open the new-game screen, and the piece guide (for the piece under the
 * cursor or in hand). */
void ui_open_newgame(Ui *ui);
void ui_open_guide(Ui *ui);
/* Rule reminders for the current variant, one per line; returns how many. */
int ui_rule_reminders(const Ui *ui, const char **lines, int max);
extern const UiAction ui_help_actions[], ui_guide_actions[], ui_newgame_actions[];
extern const int ui_help_nactions, ui_guide_nactions, ui_newgame_nactions;

/* --- actions.c: the board's actions, the mouse ---------------------------------------------- */

extern const UiAction ui_board_actions[];
extern const int ui_board_nactions;
extern const UiOtherKey ui_board_other;
/* A mouse event on the game screen. */
void ui_mouse(Ui *ui, const KeyMouse *m);

/* --- bindings.c: every key of every screen -------------------------------------------------- */

/* A key by its name ("<Enter>", "k"), for the screen or input in force. */
void ui_key(Ui *ui, const char *key);
/* Keys written as the bindings write them, one after the other, as if typed
 * ("<Enter>kk<Enter>"); for driving the screen without a terminal. */
void ui_feed_keys(Ui *ui, const char *keys);
/* All keys bound to `action` in that key map, separated by spaces. */
void ui_keys_of(UiKeymap map, const char *action, char *buf, size_t size);
/* A key map's title and its help lines (the keys of each action, and what
 * other keys do); returns how many lines (at most max). */
int ui_keymap_help(UiKeymap map, const char **title, UiKeyHelp *out, int max);

/* --- ui.c: the terminal and the main loop ----------------------------------------------------- */

/* Leave curses for the terminal's own screen and print text there (on),
 * or take the screen back (off). */
void ui_text_mode(Ui *ui, bool on, const char *text);

#endif
