/* Tables of actions and key bindings, tmux cmd.c and vis style: each action
 * has a name, a help line and one function; each binding maps a key name to
 * an action name.  The help screen and `kage --help` are printed from these
 * tables, so they cannot drift from what the keys do. */
#include "kage/ui/ui.h"
#include "ui_internal.h"

#include "kage/rules/movegen.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

/* --- the actions ------------------------------------------------------------- */

static void act_left(Ui *ui) { ui_cursor_move(ui, -1, 0); }
static void act_right(Ui *ui) { ui_cursor_move(ui, 1, 0); }
static void act_up(Ui *ui) { ui_cursor_move(ui, 0, -1); }
static void act_down(Ui *ui) { ui_cursor_move(ui, 0, 1); }
static void act_select(Ui *ui) { ui_select_at_cursor(ui); }

static void act_cancel(Ui *ui)
{
    ui_deselect(ui);
    ui->msg[0] = 0;
}

static void hand_cycle(Ui *ui, int dir)
{
    Game *g = ui->game;
    int types[MAX_PIECE_TYPES];
    int n = ui_hand_types(ui, g->pos->side, types);
    if (!g->v->drop_types) {
        ui_message(ui, true, "There are no drops in %s", g->v->def->name);
        return;
    }
    if (n == 0) {
        ui_message(ui, true, "%s has nothing in hand", game_side_name(g, g->pos->side));
        return;
    }
    int k = -1;
    for (int i = 0; i < n; i++)
        if (types[i] == ui->sel_drop)
            k = i;
    k = k < 0 ? (dir > 0 ? 0 : n - 1) : (k + dir + n) % n;
    ui_select_drop(ui, types[k]);
    if (ui->sel_drop)
        ui_message(ui, false, "Drop %s: move to a square and press Enter (Tab for the next piece)",
                   g->v->type[types[k]].def->name);
}

static void act_hand_next(Ui *ui) { hand_cycle(ui, 1); }
static void act_hand_prev(Ui *ui) { hand_cycle(ui, -1); }

static void act_prompt(Ui *ui)
{
    if (ui->paused) {
        ui_message(ui, true, "The clocks are paused: p goes on");
        return;
    }
    if (game_over(ui->game) || ui_ai_plays(ui, ui->game->pos->side)) {
        ui_message(ui, true, game_over(ui->game) ? "The game is over" : "Wait for the AI's move");
        return;
    }
    ui_prompt(ui, "Move: ", "", NULL);
}

void ui_prompt(Ui *ui, const char *label, const char *initial, UiSubmitFn on_submit)
{
    ui_deselect(ui);
    ui->input = INPUT_PROMPT;
    snprintf(ui->prompt_label, sizeof ui->prompt_label, "%s", label);
    snprintf(ui->line, sizeof ui->line, "%s", initial);
    ui->line_len = (int)strlen(ui->line);
    ui->on_submit = on_submit;
    ui->msg[0] = 0;
}

/* Undo one ply, or in a game against the AI back to the person's last turn
 * (the AI's reply and the person's move). */
static void act_undo(Ui *ui)
{
    Game *g = ui->game;
    player_cancel(ui->ai);
    ui_deselect(ui);
    bool vs_ai = ui->opt.mode == PLAY_FIRST || ui->opt.mode == PLAY_SECOND;
    bool resigned = g->result_by_agreement;
    if (!game_undo(g)) {
        ui_message(ui, true, "Nothing to take back");
        return;
    }
    if (!resigned && vs_ai)
        while (ui_ai_plays(ui, g->pos->side) && game_undo(g))
            ;
    ui->browsed = false;
    ui->holding = false;
    ui_cursor_fix(ui);
    ui_clock_turn(ui);
    if (vs_ai && ui_ai_plays(ui, g->pos->side) && g->nhist == 0)
        ui_message(ui, false, "Back at the start; the AI moves first");
    else
        ui_message(ui, false, "Taken back (r redoes)");
    ui_autosave(ui);
}

static void act_redo(Ui *ui)
{
    Game *g = ui->game;
    player_cancel(ui->ai);
    ui_deselect(ui);
    if (!game_redo(g)) {
        ui_message(ui, true, "Nothing to redo");
        return;
    }
    bool vs_ai = ui->opt.mode == PLAY_FIRST || ui->opt.mode == PLAY_SECOND;
    if (vs_ai)
        while (ui_ai_plays(ui, g->pos->side) && g->nredo && game_redo(g))
            ;
    ui_cursor_fix(ui);
    ui_clock_turn(ui);
    ui->msg[0] = 0;
    ui_autosave(ui);
}

static void act_back(Ui *ui) { ui_browse(ui, -1); }
static void act_forward(Ui *ui) { ui_browse(ui, 1); }
static void act_start(Ui *ui) { ui_browse(ui, -2); }
static void act_end(Ui *ui) { ui_browse(ui, 2); }

static void act_pause(Ui *ui)
{
    if (!clock_enabled(&ui->clock)) {
        ui_message(ui, true, "There is no clock to pause (n: a new game with a clock)");
        return;
    }
    if (ui->opt.mode != PLAY_HOTSEAT) {
        ui_message(ui, true, "Clocks can be paused in hot-seat games only");
        return;
    }
    if (game_over(ui->game)) {
        ui_message(ui, true, "The game is over");
        return;
    }
    ui_clock_pause(ui, !ui->paused);
    ui_deselect(ui);
    ui_message(ui, false, ui->paused ? "Paused: the clocks stand still (p goes on)" : "The clocks run again");
}

static void act_save(Ui *ui) { ui_save_game(ui); }
static void act_load(Ui *ui) { ui_load_game(ui); }
static void act_show(Ui *ui) { ui_show_text(ui); }
static void act_fen(Ui *ui) { ui_load_fen(ui); }

static void act_flip(Ui *ui) { ui->flipped = !ui->flipped; }

static void act_auto_flip(Ui *ui)
{
    ui->opt.auto_flip = !ui->opt.auto_flip;
    ui_message(ui, false, "Automatic flip in hot-seat is %s", ui->opt.auto_flip ? "on" : "off");
    /* on: the side to move at the bottom; off: back to the first side at
     * the bottom, as a hot-seat game starts */
    if (ui->opt.mode == PLAY_HOTSEAT)
        ui->flipped = ui->opt.auto_flip && ui->game->pos->side == BLACK;
}

static Color resigning_side(const Ui *ui)
{
    if (ui->opt.mode == PLAY_FIRST)
        return WHITE;
    if (ui->opt.mode == PLAY_SECOND)
        return BLACK;
    return ui->game->pos->side;
}

static void do_resign(Ui *ui)
{
    player_cancel(ui->ai);
    game_resign(ui->game, resigning_side(ui));
    ui_clock_turn(ui);
    char st[160];
    game_status_text(ui->game, st, sizeof st);
    ui_message(ui, false, "%s (u takes it back, n for a new game)", st);
    ui_autosave(ui);
}

static void act_resign(Ui *ui)
{
    if (game_over(ui->game)) {
        ui_message(ui, true, "The game is already over");
        return;
    }
    if (ui->opt.mode == PLAY_WATCH) {
        ui_message(ui, true, "The AI plays both sides: nobody here can resign (n starts a new game)");
        return;
    }
    char q[120];
    snprintf(q, sizeof q, "%s resigns? (y/n)", game_side_name(ui->game, resigning_side(ui)));
    ui_confirm(ui, q, do_resign);
}

static void do_draw(Ui *ui)
{
    game_agree_draw(ui->game);
    ui_clock_turn(ui);
    ui_message(ui, false, "Draw agreed");
    ui_autosave(ui);
}

static void act_draw(Ui *ui)
{
    Game *g = ui->game;
    if (game_over(g)) {
        ui_message(ui, true, "The game is already over");
        return;
    }
    if (ui->opt.mode == PLAY_WATCH) {
        ui_message(ui, true, "The AI plays both sides: draws are offered in hot-seat games");
        return;
    }
    if (ui->opt.mode != PLAY_HOTSEAT) {
        ui_message(ui, true, "The AI does not take draw offers; draws are offered in hot-seat games");
        return;
    }
    char q[120];
    snprintf(q, sizeof q, "%s offers a draw. %s, do you accept? (y/n)", game_side_name(g, g->pos->side),
             game_side_name(g, !g->pos->side));
    ui_confirm(ui, q, do_draw);
}

static void act_new_game(Ui *ui) { ui_open_newgame(ui); }
static void act_hint(Ui *ui) { ui_hint(ui); }
static void act_move_now(Ui *ui) { ui_move_now(ui); }

static void act_ai_info(Ui *ui)
{
    ui->ai_info_hidden = !ui->ai_info_hidden;
    ui_message(ui, false, "The AI's thinking (depth, score, speed, expected moves) is %s",
               ui->ai_info_hidden ? "hidden" : "shown");
}

static void act_help(Ui *ui)
{
    ui->screen = SCREEN_HELP;
    ui->help_top = 0;
}

static void act_guide(Ui *ui) { ui_open_guide(ui); }

static void act_redraw(Ui *ui)
{
    (void)ui;
    clearok(curscr, TRUE);
}

static void act_suspend(Ui *ui)
{
    (void)ui;
    raise(SIGTSTP); /* the handler in ui.c restores the terminal first */
}

static void do_quit(Ui *ui) { ui->quit = true; }

static void act_quit(Ui *ui)
{
    if (ui_game_in_progress(ui))
        ui_confirm(ui, "Quit the game in progress? (y/n)", do_quit);
    else
        do_quit(ui);
}

const UiAction ui_actions[] = {
    {"cursor-left", "move the cursor left", act_left},
    {"cursor-right", "move the cursor right", act_right},
    {"cursor-up", "move the cursor up", act_up},
    {"cursor-down", "move the cursor down", act_down},
    {"select", "pick up the piece under the cursor / put it down there", act_select},
    {"cancel", "put the piece back, clear the message", act_cancel},
    {"hand-next", "pick the next piece in hand, for a drop", act_hand_next},
    {"hand-prev", "pick the previous piece in hand", act_hand_prev},
    {"type-move", "type a move (SAN like Jxe6+ or J@c3, or UCI like e2e4)", act_prompt},
    {"undo", "take back a move (and the AI's reply)", act_undo},
    {"redo", "play again a move taken back", act_redo},
    {"back", "browse: one move back (the board shows that position)", act_back},
    {"forward", "browse: one move forward", act_forward},
    {"first", "browse: to the start of the game", act_start},
    {"last", "browse: to the last move (and play on)", act_end},
    {"flip", "turn the board around", act_flip},
    {"auto-flip", "hot-seat: turn the board to the side to move, on or off", act_auto_flip},
    {"resign", "resign the game", act_resign},
    {"draw", "hot-seat: offer a draw", act_draw},
    {"pause", "hot-seat: pause the clocks, or go on", act_pause},
    {"hint", "a hint: the AI looks for your best move (2 seconds)", act_hint},
    {"move-now", "tell the thinking AI to play now", act_move_now},
    {"ai-info", "show or hide the AI's thinking (depth, score, speed, expected moves)", act_ai_info},
    {"new-game", "choose variant, mode, level and clock for a new game", act_new_game},
    {"save", "save the game as PGN (a file name is offered)", act_save},
    {"load", "load a game from a PGN file (asks before replacing a game in progress)", act_load},
    {"show-fen", "show the FEN and the game as PGN, to select with the mouse or write to a file", act_show},
    {"paste-fen", "start from a position: type or paste a FEN (asks as load does)", act_fen},
    {"guide", "piece guide: how the piece under the cursor moves", act_guide},
    {"help", "this help", act_help},
    {"redraw", "redraw the screen", act_redraw},
    {"suspend", "suspend Kage (back with fg)", act_suspend},
    {"quit", "quit (asks first if a game is in progress; it is kept for the next start)", act_quit},
};
const int ui_nactions = (int)(sizeof ui_actions / sizeof ui_actions[0]);

const UiBinding ui_bindings[] = {
    {"<Left>", "cursor-left"}, {"h", "cursor-left"},
    {"<Right>", "cursor-right"}, {"l", "cursor-right"},
    {"<Up>", "cursor-up"}, {"k", "cursor-up"},
    {"<Down>", "cursor-down"}, {"j", "cursor-down"},
    {"<Enter>", "select"}, {"<Space>", "select"},
    {"<Escape>", "cancel"},
    {"<Tab>", "hand-next"}, {"<S-Tab>", "hand-prev"},
    {":", "type-move"}, {"m", "type-move"},
    {"u", "undo"}, {"<Backspace>", "undo"},
    {"r", "redo"}, {"<C-r>", "redo"},
    {"<PageUp>", "back"}, {"[", "back"},
    {"<PageDown>", "forward"}, {"]", "forward"},
    {"<Home>", "first"}, {"<Find>", "first"}, {"{", "first"},
    {"<End>", "last"}, {"<Select>", "last"}, {"}", "last"},
    {"f", "flip"}, {"F", "auto-flip"},
    {"R", "resign"}, {"D", "draw"},
    {"p", "pause"},
    {"H", "hint"}, {"M", "move-now"}, {"a", "ai-info"},
    {"n", "new-game"},
    {"s", "save"}, {"o", "load"}, {"e", "show-fen"}, {"P", "paste-fen"},
    {"g", "guide"}, {"i", "guide"},
    {"?", "help"}, {"<F1>", "help"},
    {"<C-l>", "redraw"},
    {"<C-z>", "suspend"},
    {"q", "quit"}, {"<C-c>", "quit"},
};
const int ui_nbindings = (int)(sizeof ui_bindings / sizeof ui_bindings[0]);

static const UiAction *action_find(const char *name)
{
    for (int i = 0; i < ui_nactions; i++)
        if (!strcmp(ui_actions[i].name, name))
            return &ui_actions[i];
    return NULL;
}

bool ui_key_board(Ui *ui, const char *key)
{
    for (int i = 0; i < ui_nbindings; i++)
        if (!strcmp(ui_bindings[i].key, key)) {
            const UiAction *a = action_find(ui_bindings[i].action);
            if (a) {
                a->exec(ui);
                return true;
            }
        }
    return false;
}

void ui_keys_of(const char *name, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < ui_nbindings; i++)
        if (!strcmp(ui_bindings[i].action, name) && n < size)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? " " : "", ui_bindings[i].key);
}

void ui_keys_help(FILE *f)
{
    for (int i = 0; i < ui_nactions; i++) {
        char keys[64];
        ui_keys_of(ui_actions[i].name, keys, sizeof keys);
        fprintf(f, "  %-18s %s\n", keys, ui_actions[i].help);
    }
}

/* --- prompts, questions and choices --------------------------------------------- */

void ui_confirm(Ui *ui, const char *question, UiConfirmFn on_yes)
{
    if (ui->input == INPUT_CHOICE) { /* the question replaces an open choice */
        ui->nlegs = 0;
        ui->input = INPUT_BOARD;
    }
    snprintf(ui->question, sizeof ui->question, "%s", question);
    ui->on_yes = on_yes;
    ui->on_no = NULL;
    ui->input = INPUT_CONFIRM;
}

void ui_key_confirm(Ui *ui, const char *key)
{
    ui->input = INPUT_BOARD;
    if (!strcmp(key, "y") || !strcmp(key, "Y"))
        ui->on_yes(ui);
    else if (ui->on_no)
        ui->on_no(ui);
    else
        ui->msg[0] = 0;
}

static void prompt_submit(Ui *ui)
{
    Game *g = ui->game;
    KageError err;
    Move m;
    ui->input = INPUT_BOARD;
    if (ui->on_submit) {
        UiSubmitFn fn = ui->on_submit;
        ui->on_submit = NULL;
        fn(ui, ui->line);
        return;
    }
    if (!ui->line_len)
        return;
    if (game_over(g) || ui_ai_plays(ui, g->pos->side)) {
        ui_message(ui, true, "Not your move");
        return;
    }
    err.msg[0] = 0;
    if (!move_from_text(g->pos, ui->line, MOVE_FOR_PEOPLE, &m, &err)) {
        if (err.msg[0] && strstr(err.msg, ui->line)) /* "illegal move: Ke7" says it already */
            ui_message(ui, true, "%s", err.msg);
        else
            ui_message(ui, true, "%s: %s", ui->line, err.msg[0] ? err.msg : "not a legal move");
        return;
    }
    ui_play(ui, m);
}

void ui_key_prompt(Ui *ui, const char *key)
{
    if (!strcmp(key, "<Enter>"))
        prompt_submit(ui);
    else if (!strcmp(key, "<Escape>") || !strcmp(key, "<C-c>") || !strcmp(key, "<C-g>"))
        ui->input = INPUT_BOARD;
    else if (!strcmp(key, "<Backspace>") || !strcmp(key, "<C-h>") || !strcmp(key, "<DEL>")) {
        if (ui->line_len) { /* a whole UTF-8 character */
            do
                ui->line_len--;
            while (ui->line_len > 0 && ((unsigned char)ui->line[ui->line_len] & 0xC0) == 0x80);
            ui->line[ui->line_len] = 0;
        }
        else
            ui->input = INPUT_BOARD;
    } else if (!strcmp(key, "<C-u>"))
        ui->line[ui->line_len = 0] = 0;
    else {
        const char *c = !strcmp(key, "<Space>") ? " " : !strcmp(key, "<lt>") ? "<" : key;
        size_t n = strlen(c);
        /* one character (a path may hold any); key names like <F2> are not text */
        bool text = c[0] != '<' || n == 1;
        if (text && (unsigned char)c[0] >= ' ' && c[0] != 127 && ui->line_len + (int)n < (int)sizeof ui->line - 1) {
            memcpy(ui->line + ui->line_len, c, n);
            ui->line_len += (int)n;
            ui->line[ui->line_len] = 0;
        }
    }
}

void ui_key_choice(Ui *ui, const char *key)
{
    int k = -1;
    if (key[0] >= '1' && key[0] <= '9' && !key[1])
        k = key[0] - '1';
    else if (ui->choice_promo && (!strcmp(key, "y") || !strcmp(key, "n"))) {
        bool promote = key[0] == 'y';
        for (int i = 0; i < ui->nchoice; i++)
            if ((move_kind(ui->choice[i]) == MOVE_PROMO) == promote)
                k = i;
    } else if (!strcmp(key, "<Escape>") || !strcmp(key, "<C-c>")) {
        ui->input = INPUT_BOARD; /* the piece stays picked up, its legs are forgotten */
        ui->nlegs = 0;
        ui->msg[0] = 0;
        return;
    } else if (ui->nlegs) { /* picking legs: the board stays live */
        if (!ui_key_board(ui, key))
            ui_message(ui, true, "%s: no such key (? shows the keys)", key);
        return;
    }
    if (k >= 0 && k < ui->nchoice)
        ui_play(ui, ui->choice[k]);
}

/* --- mouse --------------------------------------------------------------------------- */

void ui_mouse(Ui *ui, const KeyMouse *m)
{
    if (!ui->opt.mouse || !m->press || ui->screen != SCREEN_GAME || !ui->lay.fits)
        return;
    if (m->button == 3) {
        act_cancel(ui);
        return;
    }
    if (m->button != 1 || (ui->input != INPUT_BOARD && !(ui->input == INPUT_CHOICE && ui->nlegs)))
        return;
    int col, row, b, i;
    if (layout_square_at(&ui->lay, m->x, m->y, &col, &row)) {
        ui_view_to_board(ui, col, row, &ui->cur_file, &ui->cur_rank);
        ui->cur_hand = -1;
        ui_select_at_cursor(ui);
    } else if (layout_hand_at(&ui->lay, m->x, m->y, &b, &i)) {
        int types[MAX_PIECE_TYPES];
        Color c = ui_hand_color(ui, b);
        int n = ui_hand_types(ui, c, types);
        if (i < n && c == ui->game->pos->side)
            ui_select_drop(ui, types[i]);
        else if (i < n)
            ui_message(ui, true, "Those are %s's pieces", game_side_name(ui->game, c));
    }
}
