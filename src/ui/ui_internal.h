/* What the files of the game screen share: the Ui state, the tables of
 * screens, inputs, key maps and actions, and each file's entry points.
 *
 * The sections below go from the bottom of the screen's code to its top,
 * in the floors of docs/ARCHITECTURE.md, and a file calls only the files of
 * the sections before its own (or before it in its own section), besides
 * the helpers with headers of their own (layout, glyph, keys, options,
 * player, theme): no circle of files.  bindings.c reaches every file's
 * actions through their tables, as screens.c reaches each screen's drawing
 * through ui_screens[]. */
#ifndef KAGE_UI_INTERNAL_H
#define KAGE_UI_INTERNAL_H

#include "glyph.h"
#include "keys.h"
#include "layout.h"
#include "online.h"
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
/* A PGN file of the data folder, as the o screen lists it. */
#define MESSAGE_LOG 20 /* messages kept for the messages screen (w) */

typedef struct UiSavedFile {
    char path[1024];
    char name[256];  /* the file's name in the folder */
    char about[240]; /* date, variant, players, result, moves (or why it cannot be read) */
    long long mtime;
} UiSavedFile;

typedef enum UiScreen {
    SCREEN_GAME, SCREEN_HELP, SCREEN_GUIDE, SCREEN_NEWGAME, SCREEN_PICK, SCREEN_FILES, SCREEN_MESSAGES, SCREEN_TEXT,
    SCREEN_LOBBY,
    SCREEN_COUNT
} UiScreen;

/* On the game screen, what the keys go to: the board, or the status line. */
typedef enum UiInput { INPUT_BOARD, INPUT_PROMPT, INPUT_CONFIRM, INPUT_CHOICE, INPUT_COUNT } UiInput;

/* The key maps, one for each screen and input, and one for a terminal too
 * small to show anything; in this order in the help. */
typedef enum UiKeymap {
    KEYS_BOARD, KEYS_PROMPT, KEYS_CONFIRM, KEYS_CHOICE, KEYS_HELP, KEYS_GUIDE, KEYS_NEWGAME, KEYS_PICK, KEYS_FILES,
    KEYS_MESSAGES, KEYS_TEXT, KEYS_LOBBY,
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
 * (NULL: any), how it is drawn (NULL: the terminal shows our text) and what
 * entering it does (NULL: nothing; the help opens at its top). */
typedef struct UiScreenDef {
    const char *name;
    UiKeymap keys;
    void (*need)(const Ui *ui, int *cols, int *rows);
    void (*draw)(Ui *ui);
    void (*open)(Ui *ui);
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

/* term.c: the terminal. */
typedef struct UiTerm {
    TermKey *tk;
    int wake[2];        /* self-pipe: signal handlers and the AI thread write */
    bool mouse_on;
} UiTerm;

/* paint.c: how things look. */
typedef struct UiLook {
    GlyphSet glyphs;
    Theme theme;
    ThemeForm form;
    bool no_underline;  /* the terminal cannot underline here (TERM=linux: not with colours) */
    bool legend;        /* the panel shows the pieces in play instead of the moves */
    int legend_page;    /* which page of them (L turns it) */
    int legend_pages;   /* as many as the last drawing needed */
    int npairs;         /* colour pairs made so far */
    short pair_fg[UI_PAIRS_MAX], pair_bg[UI_PAIRS_MAX];
} UiLook;

/* board.c: the board, the cursor and the selection. */
typedef struct UiBoardView {
    bool flipped;       /* the second player at the bottom */
    int cur_file, cur_rank; /* the cursor, in board coordinates */
    int cur_hand;       /* or on entry cur_hand of cur_hand_color's hand; -1: on the board */
    Color cur_hand_color;
    int sel_sq;         /* selected piece's square, or NO_SQUARE */
    int sel_drop;       /* selected piece type in hand, or 0 */
    int legs[GAME_PATH_MAX]; /* a Lion's or Wolf's squares picked so far, in order */
    int nlegs;
} UiBoardView;

/* status.c: the status line. */
typedef struct UiStatus {
    char msg[1536];     /* a long one wraps upwards over up to ui_status_lines() lines */
    char log[MESSAGE_LOG][1536]; /* the latest messages, read whole with w (SCREEN_MESSAGES) */
    int nlog;           /* messages said so far; the latest is log[(nlog - 1) % MESSAGE_LOG] */
    int log_top;        /* first line shown on the messages screen */
    bool msg_error;
    int64_t msg_error_at; /* when the error was said (the clock's time source), to keep it a while */
    bool msg_keep;      /* keep the message over the AI's moves until a key */
    char notice[1536];  /* start-up problems (config file, autosave), said again after the resume question */
    char line[1024];    /* the prompt's text: a move, a path, a FEN */
    int line_len;
    char prompt_label[64]; /* "Move: ", "Save to: " */
    bool prompt_path;   /* the line is a file name: Tab completes it */
    UiSubmitFn on_submit;
    char question[1400];
    UiConfirmFn on_yes;
    UiConfirmFn on_no;  /* NULL: just close the question */
    int bells;          /* times the bell was rung (--bell), for tests */
} UiStatus;

/* control.c: the AI. */
typedef struct UiAi {
    Player *player;
    char info[128];
    bool info_hidden;   /* the AI's depth, score, speed and line not shown */
    bool hinting;       /* the AI looks for a move for the person */
    uint64_t hint_key;  /* in the position of this key */
    Move hint;          /* the hint found, marked on the board while its position is */
    uint64_t hint_shown; /* on the board (0: none) */
    int64_t last_move_ms; /* watch mode: when the last move was shown */
    Move held_move;     /* watch mode: an AI move waiting to be shown */
    bool holding;
    int watch_ms;       /* watch mode: each move shown this long at least (0: 600 ms) */
    uint64_t search_key; /* the AI's own move: the position it searches (the line's end) */
    uint64_t info_key;  /* info is about the position of this key, after ... */
    int info_ply;       /* ... this many moves of the line (-1: about none) */
    bool judged;        /* the AI's last finished search (a move or a hint) ... */
    int judged_ply;     /* ... searched the position after this many moves, */
    int judged_cp, judged_mate; /* ... with this score (player_score's view) */
} UiAi;

/* control.c: A, the AI's analysis of the position on the board. */
typedef struct UiAnalysis {
    bool on;            /* A: the AI analyses the position on the board, ... */
    bool running;       /* ... its search runs now, on the position of this key */
    uint64_t key;
    bool scored;        /* its score so far (player_score's view) */
    int cp, mate;
} UiAnalysis;

/* control.c: V, the review of the game. */
typedef struct UiReview {
    bool on;            /* V: the game reviewed, a score for each position, ... */
    bool running;       /* ... still being searched */
    int n;              /* moves in the line reviewed (positions: one more) */
    int *scores;        /* scores so far (player_review), done of them */
    int done;
} UiReview;

/* session.c: the clocks. */
typedef struct UiTime {
    Clock clock;
    TimeControl tc;     /* of the game being played */
    bool paused;        /* hot-seat pause by the players */
    bool low_rung[2];   /* --bell: the bell rang for this side's low clock */
} UiTime;

/* board.c: browsing back through the game (ui_browse_start, ui_browse_off,
 * ui_live_end; records_browse.c's keys move through it). */
typedef struct UiBrowse {
    bool on;            /* moved back with the browse keys */
    GameResult end;     /* a resignation, agreed draw or loss on time at the line's end */
    bool live_over;     /* the game at the line's end is over (browsing is only a view) */
} UiBrowse;

/* person.c: the moves to choose from by number (INPUT_CHOICE). */
typedef struct UiChoice {
    Move moves[UI_CHOICES_MAX];
    char text[UI_CHOICES_MAX][MOVE_TEXT_MAX];
    int n;
    bool promo;         /* the choice is promote or not (y/n works too) */
} UiChoice;

/* control.c: the game in play, beside the AI's groups. */
typedef struct UiPlay {
    Move pending_move;  /* a move from a browsed point, until confirmed */
    PgnGame from;       /* the game loaded last (its tags and comments go into a save),
                         * empty (from.rec.def NULL) once another game starts */
} UiPlay;

/* records_load.c: a file loaded, its games to pick one (SCREEN_PICK). */
typedef struct UiPick {
    PgnGames games;
    int sel, top;
    char file[1024];
} UiPick;

/* records_files.c: the PGN files of the data folder, newest first (SCREEN_FILES). */
typedef struct UiFiles {
    UiSavedFile *files;
    int nfiles, sel, top;
    char dir[1024];     /* that folder, with a '/' at its end */
} UiFiles;

/* records_fen.c: a FEN typed, while "replace the game in progress?" is asked. */
typedef struct UiFen {
    char fen[1024];
} UiFen;

/* records_save.c: a file to write, while "replace it?" is asked. */
typedef struct UiWrite {
    char path[1024];
    bool fen;           /* the FEN, else the game as PGN */
} UiWrite;

/* session.c: the autosave written. */
typedef struct UiAutosave {
    bool on;            /* write the autosave (off in some tests) */
    const char *path;   /* NULL: the XDG place */
    bool ours;          /* the autosave file holds the game on the screen */
    char failed[1536];  /* why the last autosave could not be written ("" when it was) */
} UiAutosave;

/* records_resume.c: resuming an autosave.  ui_autosave_claim: this game's
 * own autosave slot (the first one no other running game holds), and the
 * unfinished games of free slots, offered one after the other at the start. */
typedef struct UiResume {
    SaveGame game;      /* an autosave offered for resuming */
    bool offered;
    char own_path[1024];
    char offers[SAVEGAME_SLOTS][1024];
    int noffers, offer_at;
    int held[SAVEGAME_SLOTS], nheld; /* the lock descriptors, kept until the end */
} UiResume;

/* lobby.c: the lobby screen. */
typedef struct UiLobbyScreen {
    int sel, top;       /* the cursor's row and the first row shown */
    int board;          /* the leaderboard shown: a variant's index + 1, 0: none */
    char pending[64];   /* a line to send once the person says yes (leave a game of one's own) */
} UiLobbyScreen;

/* online_game.c: what the screen said of the server's game. */
typedef struct UiOnlineGame {
    bool was_away[2];   /* what the panel said of each player last */
    int draw_seen;      /* the draw offer the status line told last */
} UiOnlineGame;

/* bindings.c: the help screen. */
typedef struct UiHelp {
    int top;            /* first line shown of the help screen */
} UiHelp;

/* guide.c: the piece guide. */
typedef struct UiGuide {
    int type;           /* the piece shown and its colour */
    Color color;
} UiGuide;

/* newgame.c: the new-game screen. */
typedef struct UiNewgame {
    int field, variant, level, clock;
    TimeControl tcs[16]; /* the clocks offered: the presets, the game's, one typed */
    int ntc;
    PlayMode mode;
    int colour;         /* online: what the challenger plays, WHITE, BLACK or -1 at random */
    bool rated;         /* online: the game counts for the ratings */
} UiNewgame;

/* The state of the game screen, grouped by concern.  Each group is written
 * by the one file named above its type, through its functions; every other
 * file reads it through its const view (ui_status_view() ...), so that a
 * write from elsewhere does not compile (tests/check-ui-state checks that
 * no other file names it).  The members at the top are the loop's
 * (ui.c, screens.c): which screen and input the keys go to. */
struct Ui {
    UiOptions opt;          /* the options in force (mode, level, variant, mouse ...) */
    KageConfig cfg;         /* the config file's values (strings live here) */
    Game *game;
    UiScreen screen;        /* the screen shown (screens.c: ui_screens[]) */
    UiScreen shown;         /* the screen the last key went to, or last drawn (screens.c) */
    UiInput input;          /* on the game screen: what the keys go to (status.c) */
    Layout lay;             /* where everything is on this terminal (layout.c) */
    bool quit;
    int exit_status;

    UiTerm term;            /* term.c */
    UiLook look;            /* paint.c */
    UiBoardView board;      /* board.c */
    UiBrowse browse;        /* board.c */
    UiStatus status;        /* status.c */
    UiTime time;            /* session.c */
    UiAutosave autosave;    /* session.c */
    UiAi ai;                /* control.c */
    UiAnalysis analysis;    /* control.c */
    UiReview review;        /* control.c */
    UiPlay play;            /* control.c */
    UiChoice choice;        /* person.c */
    UiPick pick;            /* records_load.c */
    UiFiles files;          /* records_files.c */
    UiFen fen;              /* records_fen.c */
    UiWrite write;          /* records_save.c */
    UiResume resume;        /* records_resume.c */
    UiHelp help;            /* bindings.c */
    UiGuide guide;          /* guide.c */
    UiNewgame newgame;      /* newgame.c */
    UiLobbyScreen lobby_screen; /* lobby.c */
    UiOnlineGame online_game; /* online_game.c */
    /* the server, the lobby, the online game (NULL until used) */
    UiOnline *online;       /* online.c */
};

/* The const views of the groups, for the files that do not own them. */
static inline const UiTerm *ui_term_view(const Ui *ui) { return &ui->term; }
static inline const UiLook *ui_look_view(const Ui *ui) { return &ui->look; }
static inline const UiBoardView *ui_board_view(const Ui *ui) { return &ui->board; }
static inline const UiBrowse *ui_browse_view(const Ui *ui) { return &ui->browse; }
static inline const UiStatus *ui_status_view(const Ui *ui) { return &ui->status; }
static inline const UiTime *ui_time_view(const Ui *ui) { return &ui->time; }
static inline const UiAutosave *ui_autosave_view(const Ui *ui) { return &ui->autosave; }
static inline const UiAi *ui_ai_view(const Ui *ui) { return &ui->ai; }
static inline const UiAnalysis *ui_analysis_view(const Ui *ui) { return &ui->analysis; }
static inline const UiReview *ui_review_view(const Ui *ui) { return &ui->review; }
static inline const UiPlay *ui_play_view(const Ui *ui) { return &ui->play; }
static inline const UiChoice *ui_choice_view(const Ui *ui) { return &ui->choice; }
static inline const UiPick *ui_pick_view(const Ui *ui) { return &ui->pick; }
static inline const UiFiles *ui_files_view(const Ui *ui) { return &ui->files; }
static inline const UiFen *ui_fen_view(const Ui *ui) { return &ui->fen; }
static inline const UiWrite *ui_write_view(const Ui *ui) { return &ui->write; }
static inline const UiResume *ui_resume_view(const Ui *ui) { return &ui->resume; }
static inline const UiHelp *ui_help_view(const Ui *ui) { return &ui->help; }
static inline const UiGuide *ui_guide_view(const Ui *ui) { return &ui->guide; }
static inline const UiNewgame *ui_newgame_view(const Ui *ui) { return &ui->newgame; }
static inline const UiLobbyScreen *ui_lobby_screen_view(const Ui *ui) { return &ui->lobby_screen; }
static inline const UiOnlineGame *ui_online_game_view(const Ui *ui) { return &ui->online_game; }
/* NULL until online play is first used */
static inline const UiOnline *ui_online_view(const Ui *ui) { return ui->online; }
/* The colour played on this screen in an online game, WHITE or BLACK, or -1
 * when watching, not online, or when the board shows no game of the server
 * (inline: board.c, below online.c, turns the board with it). */
static inline int ui_online_role(const Ui *ui)
{
    const UiOnline *o = ui->online;
    if (!o || !o->game || ui->opt.mode != PLAY_ONLINE || o->lobby.game.id != o->game)
        return -1;
    return o->lobby.game.role;
}

/* --- paint.c: how things look, painting primitives ---------------------------------------- */

/* The terminal's colours (none unless `colour`), its underline. */
void ui_look_colours(Ui *ui, bool colour);
/* The theme of that name (theme_load); false and why in err. */
bool ui_look_theme(Ui *ui, const char *name, char *err, size_t size);
void ui_look_glyphs(Ui *ui, GlyphSet glyphs);
/* The panel shows page `page` of the pieces in play (-1: the moves again). */
void ui_legend_show(Ui *ui, int page);
/* The pieces in play took `pages` pages at the last drawing. */
void ui_legend_paged(Ui *ui, int pages);

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
/* Shorten text in place, a word at a time from its end, until it wraps into
 * at most `lines` lines of `width` cells: a line of moves never ends inside
 * one. */
void ui_fit_words(char *text, int width, int lines);
/* How many lines of `width` cells text takes, wrapped at spaces. */
int ui_wrapped_lines(const char *text, int width);
/* The bytes of text's next line of at most `width` cells, broken at a space
 * (cut, if `last` or a word is longer than the line); between fields set
 * apart by two spaces where that leaves the line at least half full. */
int ui_wrap_next(const char *text, int width, bool last);
/* Text that ends on line y, wrapped at spaces in lines of `width` cells from
 * column 0, growing upwards (at most max_lines, the last one cut): a long
 * message is read whole over what is above the status line.  Returns the
 * lines used. */
int ui_put_bottom_up(int y, int width, attr_t a, const char *text, int max_lines);
/* The same from column x. */
int ui_put_bottom_up_at(int y, int x, int width, attr_t a, const char *text, int max_lines);
/* How many lines a message or question may grow to: half the screen, at
 * least four. */
int ui_status_lines(void);

/* --- board.c: the board view, the cursor, the selection ------------------------------------ */

/* Is colour c played by the AI in the current mode? */
bool ui_ai_plays(const Ui *ui, Color c);
/* Put back the piece picked up (and its legs), closing a choice between its moves. */
void ui_deselect(Ui *ui);
/* Pick up the piece on square sq, or select piece `type` of the hand to drop. */
void ui_select_square(Ui *ui, int sq);
void ui_select_type(Ui *ui, int type);
/* A Lion's or Wolf's next leg picked, or its legs forgotten (the piece stays picked up). */
void ui_leg_add(Ui *ui, int sq);
void ui_legs_clear(Ui *ui);
/* The second player at the bottom, or not. */
void ui_flip(Ui *ui, bool flipped);
/* The cursor onto the board's square (file, rank). */
void ui_cursor_to(Ui *ui, int file, int rank);
/* Square of board (file, rank) in the padded board. */
int ui_square(const Ui *ui, int file, int rank);
/* View column/row (from the top-left of the screen) to file/rank and back. */
void ui_view_to_board(const Ui *ui, int col, int row, int *file, int *rank);
void ui_board_to_view(const Ui *ui, int file, int rank, int *col, int *row);
/* The colour whose hand is drawn in block b (0 top, 1 bottom). */
Color ui_hand_color(const Ui *ui, int b);
/* The piece types held by colour c, in the variant's order; returns how many. */
int ui_hand_types(const Ui *ui, Color c, int *types);
/* The kinds of pieces side `by` has captured in the game so far (to the
 * position shown), in the variant's order, with how many of each in
 * counts[type]; returns the number of kinds. */
int ui_taken_types(const Ui *ui, Color by, int *types, int *counts);
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
/* The game as it stands at the end of its line, whatever move the board
 * shows while browsing (browsing is a view: the clock of the side to move
 * runs, the AI goes on thinking): whose turn, over or not, how many moves. */
Color ui_live_side(const Ui *ui);
bool ui_live_over(const Ui *ui);
int ui_live_plies(const Ui *ui);
/* Browse forward to the end of the line, quietly (a flag fell, the AI moved). */
void ui_live_end(Ui *ui);
/* The board shows an earlier move from now on: the game at the line's end
 * has result `end` (a resignation, an agreed draw or a loss on time, else
 * none) and is over or not (live_over). */
void ui_browse_start(Ui *ui, GameResult end, bool live_over);
/* The board shows the game where it stands (a move, a take-back, a new game). */
void ui_browse_off(Ui *ui);

/* --- status.c: the status line: messages, prompts, questions -------------------------- */

void ui_message(Ui *ui, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The status line says nothing now. */
void ui_message_clear(Ui *ui);
/* Keep the message over the AI's moves until a key (or not). */
void ui_message_keep(Ui *ui, bool keep);
/* How long an error stays on the status line while the AI plays both sides
 * (its moves go to w's log meanwhile): it moves every 0.6 s.  Against a
 * person the AI's reply is said at once: the error was about the turn
 * before. */
#define UI_ERROR_HOLD_MS 3000
/* Is the message an error said less than UI_ERROR_HOLD_MS ago? */
bool ui_message_error_fresh(const Ui *ui);
/* A message kept for w, while the status line goes on saying what it said
 * (a chat line about another game than the one shown). */
void ui_message_log_only(Ui *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The start-up problems (the config file's, the theme's, the autosave's),
 * said again after the resume question: now `text`. */
void ui_notice_set(Ui *ui, const char *text);
/* ... and one more after them, set off by "; " (cut where the notice is full). */
void ui_notice_add(Ui *ui, const char *text);
/* The message at the end of a game: `what` happened (the result), then the
 * keys that may follow (N: rematch, V: review, u: take back but after a loss
 * on time). */
void ui_game_over_message(Ui *ui, const char *what);
/* w: the latest messages in full, on a screen of their own. */
void ui_open_messages(Ui *ui);
void ui_draw_messages(Ui *ui);
extern const UiAction ui_messages_actions[];
extern const int ui_messages_nactions;
/* Ask for a line of text on the status line; on_submit gets it on Enter. */
void ui_prompt(Ui *ui, const char *label, const char *initial, UiSubmitFn on_submit);
/* A path as typed at a prompt: "~/" is the home folder, and a "~/" or "/"
 * typed after a path offered starts the path again (".../kage/~/my" is
 * "~/my"), as in Emacs. */
void ui_path_typed(const char *in, char *out, size_t size);
/* A path to offer at a prompt: the home folder as "~". */
void ui_path_shown(const char *path, char *out, size_t size);
/* The same for a file's name: Tab completes it. */
void ui_prompt_path(Ui *ui, const char *label, const char *initial, UiSubmitFn on_submit);
/* Ask a yes/no question; on_yes runs on 'y', on_no (NULL: nothing but
 * closing the question) on any other key. */
void ui_confirm(Ui *ui, const char *question, UiConfirmFn on_yes);
void ui_confirm_or(Ui *ui, const char *question, UiConfirmFn on_yes, UiConfirmFn on_no);
/* The terminal bell, if --bell (or bell = yes) asked for it. */
void ui_bell(Ui *ui);
extern const UiInputDef ui_inputs[INPUT_COUNT];
extern const UiAction ui_prompt_actions[], ui_confirm_actions[];
extern const int ui_prompt_nactions, ui_confirm_nactions;
extern const UiOtherKey ui_prompt_other, ui_confirm_other;

/* --- term.c: the terminal lent and taken back ------------------------------------------------- */

/* The pipe that signal handlers and the AI thread write to wake the loop
 * (both ends non-blocking); false and errno if none can be made. */
bool ui_term_wake_open(Ui *ui);
void ui_term_wake_close(Ui *ui);
/* The keyboard read through libtermkey (raw mode), and given back. */
void ui_term_keys_open(Ui *ui);
void ui_term_keys_close(Ui *ui);

/* Leave curses for the terminal's own screen and print text there (on),
 * or take the screen back (off). */
void ui_text_mode(Ui *ui, bool on, const char *text);
/* The mouse's reports on or off (with --mouse). */
void ui_mouse_mode(Ui *ui, bool on);
/* The terminal's size now (SIGWINCH only says that it changed): curses and the layout. */
void ui_apply_resize(Ui *ui);

/* --- session.c: clocks, the autosave ------------------------------------------ */

/* Set the clock for a new game with time control tc, started for the side to move. */
void ui_clock_new(Ui *ui, const TimeControl *tc);
/* After a move by the side that was to move: press the clock; false if it had run out. */
bool ui_clock_moved(Ui *ui);
/* The side to move changed without a move (take back, browse): its clock runs now. */
void ui_clock_turn(Ui *ui);
/* The side to move's low-time bell (--bell), then the side whose flag has
 * fallen (the clock stopped), or -1. */
int ui_clock_flag(Ui *ui);
/* The clock as given (online: the server's; a game resumed), and the time
 * control tc (NULL: the same). */
void ui_clock_set(Ui *ui, const TimeControl *tc, const Clock *clock);
/* Milliseconds until the clock display changes or a flag falls; -1: never. */
int ui_clock_timeout(const Ui *ui);
/* Pause or go on (hot-seat). */
void ui_clock_pause(Ui *ui, bool pause);
/* Write the autosave now (or remove it when the game is over); quiet unless it fails. */
void ui_autosave(Ui *ui);
/* Write the autosave at all (off in some tests)? */
void ui_autosave_enable(Ui *ui, bool on);
/* A new game on the screen: the autosave file, if any, holds another one. */
void ui_autosave_new_game(Ui *ui);
/* The game on the screen was resumed from the autosave file: it is its. */
void ui_autosave_ours(Ui *ui);
/* The autosave goes to path (the caller's string, kept; NULL: the XDG place). */
void ui_autosave_to(Ui *ui, const char *path);
/* No autosave for this session, and why (said at the end if a game is left unsaved). */
void ui_autosave_off(Ui *ui, const char *why);
/* Take this game's autosave slot (another Kage may be playing with the same
 * home) and note the unfinished games of the free slots to offer
 * (records_resume.c, beside resuming them). */
void ui_autosave_claim(Ui *ui);

/* --- online.c: the connection to the server, what it keeps, the lines sent ----------------------- */

/* Open the lobby (connecting to the server if need be). */
void ui_online_lobby(Ui *ui);
/* Offer a game on the server (the new-game screen's online mode) and open the lobby. */
void ui_online_challenge(Ui *ui, const char *variant, const TimeControl *tc, int colour, bool rated);
/* The server's socket while connected or trying to be, else -1; the poll
 * events it waits for (what poll said of it: ui_online_io, online_game.c). */
int ui_online_fd(const Ui *ui);
short ui_online_events(const Ui *ui);
/* Connect again when it is time; milliseconds until then (-1: never). */
int ui_online_step(Ui *ui);
void ui_online_free(Ui *ui);
/* May the person move now?  When not, false and the status line says why. */
bool ui_online_may_move(Ui *ui);
/* A move picked or typed in an online game: to the server, which plays it. */
void ui_online_play(Ui *ui, Move m);
/* All the player's past games, oldest first, as PGN on the text screen. */
void ui_online_all_games(Ui *ui);
/* The chat's prompt: to the lobby, or to the game on the screen. */
void ui_online_chat(Ui *ui);
/* Is the game on the board the server's game that this connection follows? */
bool ui_online_attached(const Ui *ui);
/* The screen's clocks as the server last told them, running from then. */
void ui_online_sync_clock(Ui *ui);
/* The connection is lost (why): the clocks stop, another try is planned. */
void ui_online_disconnect(Ui *ui, const char *why);
/* All one's past games as PGN: ask for the next record, or show the text. */
void ui_online_all_games_next(Ui *ui);
/* The panel's name for side c, and its line about the game. */
void ui_online_label(const Ui *ui, Color c, char *buf, size_t size);
void ui_online_panel(const Ui *ui, char *buf, size_t size);
/* Ask for the record of a stored game, to save as PGN (and open, if `open`). */
void ui_online_export(Ui *ui, int64_t id, bool open);
/* Send a line to the server, or say why it cannot be sent; false then. */
bool ui_online_send(Ui *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line of the server applied to what the connection keeps (the lobby,
 * the game followed; a refusal's reason, a move no longer on its way):
 * what it was about, for online_game.c to show. */
NetEvent ui_online_apply(Ui *ui, const NetMsg *m, KageError *err);
/* The server's game on the board is `game` (0: none). */
void ui_online_follow(Ui *ui, int64_t game);
/* A move of ours is on its way to the server, or no longer. */
void ui_online_sent(Ui *ui, bool sent);
/* The next challenge goes to this player alone ("": to all). */
void ui_online_offer_to(Ui *ui, const char *name);
/* Connect again at the next step, not later. */
void ui_online_retry_now(Ui *ui);
/* The record asked for with ui_online_export has come. */
void ui_online_record_taken(Ui *ui);
/* A past game's PGN (pgn) or why it could not be had, added to all one's
 * games; the next one is asked for next. */
void ui_online_all_games_add(Ui *ui, const char *text, bool pgn);
/* The text screen is left: true when it showed the lobby's PGN (its keys
 * go back to the lobby). */
bool ui_online_text_leave(Ui *ui);

/* --- control.c: the game's flow: moves, the AI, new games ------------------------------------------- */

/* The AI (the player), made to wake the loop through wake_fd; and freed. */
void ui_ai_open(Ui *ui, int wake_fd);
void ui_ai_close(Ui *ui);
/* The AI's depth, score, speed and line hidden from the panel, or shown. */
void ui_ai_info_hide(Ui *ui, bool hidden);
/* Watch mode: the AI's move waiting to be shown is dropped (taken back). */
void ui_ai_drop_held(Ui *ui);
/* The game loaded last, whose tags and comments go into a save: taken over
 * from `from`, which is left empty; NULL: none. */
void ui_game_origin(Ui *ui, PgnGame *from);
/* Check for a loss on time and end the game; true if it just ended. */
bool ui_clock_check(Ui *ui);

/* How many moves `plies` plies of rec make as players count them (a move
 * number each: "1. d3 e5" is one move), as text: "1 move", "21 moves". */
void ui_moves_text(const GameRecord *rec, int plies, char *buf, size_t size);
/* The move at index ply of g's line with its number as the move list
 * shows it: "4. dxe6", "4... fxe6". */
void ui_move_label(const Game *g, int ply, char *buf, size_t size);
/* Is the AI's line (ai.info) about the position on the board, or the one
 * its move left there?  A line about another one is not shown. */
bool ui_ai_info_current(const Ui *ui);
/* Look for a move for the person to move, shown when found. */
void ui_hint(Ui *ui);
/* Tell the thinking AI to play now (watch mode: show the held move). */
void ui_move_now(Ui *ui);
/* A: analysis of the position on the board, on or off. */
void ui_analyse(Ui *ui);
/* V: the review of the game (a score graph, the worst moves marked), on or off. */
void ui_review(Ui *ui);
void ui_review_close(Ui *ui);
/* The review's mark for the move at index ply of the line: "??" where the
 * mover's expected result fell by a fifth or more, "?" by a tenth; "" */
const char *ui_review_mark(const Ui *ui, int ply);
/* A score (the first player's view, centipawns or +-REVIEW_MATE) as the
 * first player's expected result, 0 to 1 (the analysis bar's scale). */
double ui_score_share(int cp, int mate);
/* Watch mode: dir 1 faster, -1 slower, with a message. */
void ui_watch_speed(Ui *ui, int dir);
/* Start the AI if it is to move; take its move when it is ready. */
void ui_ai_step(Ui *ui);
/* Milliseconds until a held watch-mode move is shown; -1: none held. */
int ui_ai_timeout(const Ui *ui);
/* Play m for a person (the move is legal): record, deselect, flip if asked. */
void ui_play(Ui *ui, Move m);
/* Moves played and no result yet: quitting or replacing it asks first. */
bool ui_game_in_progress(const Ui *ui);
/* Start a new game from the options; false with a message if it cannot. */
bool ui_new_game(Ui *ui, const char *variant, const char *fen, PlayMode mode, int level, const TimeControl *tc);
/* Rebuild the game from a record; false with a message if it cannot be played. */
bool ui_game_from_record(Ui *ui, const GameRecord *rec, PlayMode mode, int level, const TimeControl *tc);

/* --- person.c: a person's move: picked on the board, chosen from a list, typed -------------------- */

/* Person picks up or puts down at the cursor.  A Lion or Wolf puts down
 * leg by leg: a square it captures on the way is remembered, the squares
 * where it can go on are marked, the same square again stops there. */
void ui_select_at_cursor(Ui *ui);
/* The selected piece's moves whose path (game_move_path) starts with the
 * legs picked so far; returns how many (at most max). */
int ui_leg_moves(Ui *ui, Move *out, int max);
/* Select piece `type` of the side to move's hand for a drop. */
void ui_select_drop(Ui *ui, int type);
/* A move typed at the prompt: play it, or say why not. */
void ui_submit_move(Ui *ui, const char *text);
extern const UiAction ui_choice_actions[];
extern const int ui_choice_nactions;
extern const UiOtherKey ui_choice_other;

/* --- records_*.c: saving (records_save.c), the saved games' list (records_files.c), a file loaded and
 * the pick screen (records_load.c), a FEN typed (records_fen.c), the text screen (records_text.c),
 * resuming the autosave (records_resume.c), browsing (records_browse.c) ------------------------------ */

void ui_save_game(Ui *ui);      /* ask where, write the PGN */
void ui_save_fen(Ui *ui);       /* ask where, write the FEN */
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
void ui_draw_files(Ui *ui);
/* Free the list of saved files, the games of a file to pick from, an
 * autosave offered for resuming. */
void ui_files_free(Ui *ui);
void ui_pick_free(Ui *ui);
void ui_resume_free(Ui *ui);
extern const UiAction ui_pick_actions[], ui_files_actions[], ui_text_actions[];
extern const int ui_pick_nactions, ui_files_nactions, ui_text_nactions;
extern const UiOtherKey ui_text_other;

/* --- draw.c: the game screen --------------------------------------------------------- */

/* Title, board, hands, side panel and status line. */
void ui_draw_game(Ui *ui);

/* --- guide.c and newgame.c: the piece guide, the new-game screen ------------------------------ */

void ui_draw_guide(Ui *ui);
void ui_draw_newgame(Ui *ui);
/* Open the new-game screen, and the piece guide (for the piece under the
 * cursor or in hand). */
void ui_open_newgame(Ui *ui);
void ui_open_guide(Ui *ui);
/* The new-game screen for a game on the server (online), or for one here
 * (not online: "a player at another terminal" becomes "you play first"). */
void ui_open_newgame_online(Ui *ui, bool online);
extern const UiAction ui_guide_actions[], ui_newgame_actions[];
extern const int ui_guide_nactions, ui_newgame_nactions;

/* --- online_game.c and lobby.c: the server's lines on the board, the lobby screen ------------- */

/* What poll said of the server's socket: the lines read and played. */
void ui_online_io(Ui *ui, short revents);
void ui_draw_lobby(Ui *ui);
/* The lobby changed (a server line): its cursor stays on a row. */
void ui_lobby_fit(Ui *ui);
extern const UiAction ui_lobby_actions[];
extern const int ui_lobby_nactions;

/* --- actions.c: the board's actions, the mouse ---------------------------------------------- */

extern const UiAction ui_board_actions[];
extern const int ui_board_nactions;
extern const UiOtherKey ui_board_other;
/* A mouse event on the game screen. */
void ui_mouse(Ui *ui, const KeyMouse *m);

/* --- online_keys.c: the board's keys in an online game ------------------------------------- */

/* A board action in an online game: true when it was taken here (refused,
 * or done the online way: resign, draw, quit, rematch ...). */
bool ui_online_action(Ui *ui, const char *action);

/* --- bindings.c: every key of every screen, the help screen ---------------------------------- */

/* The key (by its name: "<Enter>", "k") in key map `map`: the action bound
 * to it, else what the map does with other keys. */
void ui_key_in_map(Ui *ui, UiKeymap map, const char *key);
/* All keys bound to `action` in that key map, separated by spaces. */
void ui_keys_of(UiKeymap map, const char *action, char *buf, size_t size);
/* A binding whose action its key map does not have ("title: key -> action"
 * in buf): true.  A misspelt action would leave its key dead. */
bool ui_bindings_unknown_action(char *buf, size_t size);
/* A key map's title and its help lines (the keys of each action, and what
 * other keys do); returns how many lines (at most max). */
int ui_keymap_help(UiKeymap map, const char **title, UiKeyHelp *out, int max);
void ui_draw_help(Ui *ui);
/* The help screen entered: it shows its top. */
void ui_help_open(Ui *ui);
extern const UiAction ui_help_actions[];
extern const int ui_help_nactions;

/* --- screens.c: the screen table, the top of drawing and of the keys ------------------------ */

extern const UiScreenDef ui_screens[SCREEN_COUNT];
/* Draw the whole screen into stdscr (curses sends only what changed), or
 * how much room it needs. */
void ui_draw(Ui *ui);
/* Does the terminal have the room the screen needs? */
bool ui_screen_fits(const Ui *ui);
/* A key by its name ("<Enter>", "k"), for the screen or input in force. */
void ui_key(Ui *ui, const char *key);
/* Keys written as the bindings write them, one after the other, as if typed
 * ("<Enter>kk<Enter>"); for driving the screen without a terminal. */
void ui_feed_keys(Ui *ui, const char *keys);

#endif
