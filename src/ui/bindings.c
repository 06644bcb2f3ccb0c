/* Every key of every screen, in one table (vis style: a key is a string such
 * as "<C-z>", looked up in the bindings of the key map in force), and the
 * key maps: which actions they offer and what a key bound to nothing does.
 * The help screen (here, with its actions), `kage --help` and the man page's key section (written by
 * tools/man-keys, compared by tests/check-man) are all printed from here. */
#include "kage/ui/ui.h"
#include "ui_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct UiBinding {
    UiKeymap map;
    const char *key;    /* "<C-z>", "k", "<Enter>" */
    const char *action; /* name in that key map's action table */
} UiBinding;

static const UiBinding bindings[] = {
    {KEYS_BOARD, "<Left>", "cursor-left"}, {KEYS_BOARD, "h", "cursor-left"},
    {KEYS_BOARD, "<Right>", "cursor-right"}, {KEYS_BOARD, "l", "cursor-right"},
    {KEYS_BOARD, "<Up>", "cursor-up"}, {KEYS_BOARD, "k", "cursor-up"},
    {KEYS_BOARD, "<Down>", "cursor-down"}, {KEYS_BOARD, "j", "cursor-down"},
    {KEYS_BOARD, "<Enter>", "select"}, {KEYS_BOARD, "<Space>", "select"},
    {KEYS_BOARD, "<Escape>", "cancel"},
    {KEYS_BOARD, "<Tab>", "hand-next"}, {KEYS_BOARD, "<S-Tab>", "hand-prev"},
    {KEYS_BOARD, ":", "type-move"}, {KEYS_BOARD, "m", "type-move"},
    {KEYS_BOARD, "u", "undo"}, {KEYS_BOARD, "<Backspace>", "undo"},
    {KEYS_BOARD, "r", "redo"}, {KEYS_BOARD, "<C-r>", "redo"},
    {KEYS_BOARD, "<PageUp>", "back"}, {KEYS_BOARD, "[", "back"},
    {KEYS_BOARD, "<PageDown>", "forward"}, {KEYS_BOARD, "]", "forward"},
    {KEYS_BOARD, "<Home>", "first"}, {KEYS_BOARD, "<Find>", "first"}, {KEYS_BOARD, "{", "first"},
    {KEYS_BOARD, "<End>", "last"}, {KEYS_BOARD, "<Select>", "last"}, {KEYS_BOARD, "}", "last"},
    {KEYS_BOARD, "f", "flip"}, {KEYS_BOARD, "F", "auto-flip"}, {KEYS_BOARD, "L", "legend"},
    {KEYS_BOARD, "R", "resign"}, {KEYS_BOARD, "D", "draw"}, {KEYS_BOARD, "T", "chat"},
    {KEYS_BOARD, "p", "pause"}, {KEYS_BOARD, "+", "faster"}, {KEYS_BOARD, "-", "slower"},
    {KEYS_BOARD, "H", "hint"}, {KEYS_BOARD, "M", "move-now"}, {KEYS_BOARD, "A", "analyse"}, {KEYS_BOARD, "V", "review"}, {KEYS_BOARD, "a", "ai-info"},
    {KEYS_BOARD, "n", "new-game"}, {KEYS_BOARD, "N", "rematch"},
    {KEYS_BOARD, "s", "save"}, {KEYS_BOARD, "o", "load"}, {KEYS_BOARD, "e", "show-fen"}, {KEYS_BOARD, "P", "paste-fen"},
    {KEYS_BOARD, "g", "guide"}, {KEYS_BOARD, "i", "guide"}, {KEYS_BOARD, "O", "lobby"},
    {KEYS_BOARD, "?", "help"}, {KEYS_BOARD, "<F1>", "help"}, {KEYS_BOARD, "w", "messages"},
    {KEYS_BOARD, "<C-l>", "redraw"},
    {KEYS_BOARD, "<C-z>", "suspend"},
    {KEYS_BOARD, "q", "quit"}, {KEYS_BOARD, "<C-c>", "quit"},

    {KEYS_PROMPT, "<Enter>", "submit"},
    {KEYS_PROMPT, "<Escape>", "cancel"}, {KEYS_PROMPT, "<C-c>", "cancel"}, {KEYS_PROMPT, "<C-g>", "cancel"},
    {KEYS_PROMPT, "<Backspace>", "delete"}, {KEYS_PROMPT, "<C-h>", "delete"}, {KEYS_PROMPT, "<DEL>", "delete"},
    {KEYS_PROMPT, "<C-u>", "clear"}, {KEYS_PROMPT, "<Tab>", "complete"},

    {KEYS_CONFIRM, "y", "yes"}, {KEYS_CONFIRM, "Y", "yes"},

    {KEYS_CHOICE, "1", "pick"}, {KEYS_CHOICE, "2", "pick"}, {KEYS_CHOICE, "3", "pick"},
    {KEYS_CHOICE, "4", "pick"}, {KEYS_CHOICE, "5", "pick"}, {KEYS_CHOICE, "6", "pick"},
    {KEYS_CHOICE, "7", "pick"}, {KEYS_CHOICE, "8", "pick"}, {KEYS_CHOICE, "9", "pick"},
    {KEYS_CHOICE, "y", "promote"}, {KEYS_CHOICE, "n", "no-promote"},
    {KEYS_CHOICE, "<Escape>", "cancel"}, {KEYS_CHOICE, "<C-c>", "cancel"},

    {KEYS_HELP, "j", "down"}, {KEYS_HELP, "<Down>", "down"},
    {KEYS_HELP, "k", "up"}, {KEYS_HELP, "<Up>", "up"},
    {KEYS_HELP, "q", "close"}, {KEYS_HELP, "<Escape>", "close"}, {KEYS_HELP, "?", "close"},
    {KEYS_HELP, "<Enter>", "close"},

    {KEYS_GUIDE, "<Right>", "next"}, {KEYS_GUIDE, "l", "next"}, {KEYS_GUIDE, "<Tab>", "next"},
    {KEYS_GUIDE, "j", "next"},
    {KEYS_GUIDE, "<Left>", "previous"}, {KEYS_GUIDE, "h", "previous"}, {KEYS_GUIDE, "<S-Tab>", "previous"},
    {KEYS_GUIDE, "k", "previous"},
    {KEYS_GUIDE, "s", "side"},
    {KEYS_GUIDE, "q", "close"}, {KEYS_GUIDE, "<Escape>", "close"}, {KEYS_GUIDE, "g", "close"},
    {KEYS_GUIDE, "<Enter>", "close"},

    {KEYS_NEWGAME, "<Up>", "line-up"}, {KEYS_NEWGAME, "k", "line-up"}, {KEYS_NEWGAME, "<S-Tab>", "line-up"},
    {KEYS_NEWGAME, "<Down>", "line-down"}, {KEYS_NEWGAME, "j", "line-down"}, {KEYS_NEWGAME, "<Tab>", "line-down"},
    {KEYS_NEWGAME, "<Left>", "change-back"}, {KEYS_NEWGAME, "h", "change-back"},
    {KEYS_NEWGAME, "<Right>", "change"}, {KEYS_NEWGAME, "l", "change"},
    {KEYS_NEWGAME, "<Space>", "change-or-start"},
    {KEYS_NEWGAME, "<Enter>", "start"}, {KEYS_NEWGAME, "c", "type-clock"}, {KEYS_NEWGAME, ":", "type-clock"},
    {KEYS_NEWGAME, "<Escape>", "back"}, {KEYS_NEWGAME, "q", "back"},

    {KEYS_PICK, "<Down>", "down"}, {KEYS_PICK, "j", "down"},
    {KEYS_PICK, "<Up>", "up"}, {KEYS_PICK, "k", "up"},
    {KEYS_PICK, "<PageDown>", "page-down"}, {KEYS_PICK, "<PageUp>", "page-up"},
    {KEYS_PICK, "<Enter>", "load"}, {KEYS_PICK, "<Space>", "load"},
    {KEYS_PICK, "<Escape>", "back"}, {KEYS_PICK, "q", "back"},

    {KEYS_FILES, "<Down>", "down"}, {KEYS_FILES, "j", "down"},
    {KEYS_FILES, "<Up>", "up"}, {KEYS_FILES, "k", "up"},
    {KEYS_FILES, "<PageDown>", "page-down"}, {KEYS_FILES, "<PageUp>", "page-up"},
    {KEYS_FILES, "<Enter>", "load"}, {KEYS_FILES, "<Space>", "load"},
    {KEYS_FILES, "<Tab>", "type-name"}, {KEYS_FILES, "/", "type-name"}, {KEYS_FILES, ":", "type-name"},
    {KEYS_FILES, "<Escape>", "back"}, {KEYS_FILES, "q", "back"},

    {KEYS_MESSAGES, "j", "down"}, {KEYS_MESSAGES, "<Down>", "down"},
    {KEYS_MESSAGES, "k", "up"}, {KEYS_MESSAGES, "<Up>", "up"},
    {KEYS_MESSAGES, "q", "close"}, {KEYS_MESSAGES, "<Escape>", "close"}, {KEYS_MESSAGES, "w", "close"},
    {KEYS_MESSAGES, "<Enter>", "close"},

    {KEYS_TEXT, "w", "write-pgn"}, {KEYS_TEXT, "f", "write-fen"},

    {KEYS_LOBBY, "<Down>", "down"}, {KEYS_LOBBY, "j", "down"},
    {KEYS_LOBBY, "<Up>", "up"}, {KEYS_LOBBY, "k", "up"},
    {KEYS_LOBBY, "<Enter>", "open"}, {KEYS_LOBBY, "<Space>", "open"},
    {KEYS_LOBBY, "c", "challenge"}, {KEYS_LOBBY, "x", "withdraw"}, {KEYS_LOBBY, "e", "export"},
    {KEYS_LOBBY, "s", "export"}, {KEYS_LOBBY, "r", "refresh"}, {KEYS_LOBBY, "n", "new-game"},
    {KEYS_LOBBY, "t", "leaderboard"}, {KEYS_LOBBY, "T", "chat"}, {KEYS_LOBBY, "C", "challenge-player"},
    {KEYS_LOBBY, "P", "all-games"},
    {KEYS_LOBBY, "<Escape>", "back"}, {KEYS_LOBBY, "q", "back"},

    {KEYS_SMALL, "q", "back-or-quit"}, {KEYS_SMALL, "<Escape>", "back"}, {KEYS_SMALL, "<C-c>", "quit"},
};

/* --- the terminal too small for the screen ------------------------------------------- */

/* Nothing can be seen: no question is asked and no blind choice made, only
 * a way back and a way out. */
static void small_back(Ui *ui)
{
    if (ui->screen != SCREEN_GAME)
        ui->screen = SCREEN_GAME;
}

static void small_back_or_quit(Ui *ui)
{
    if (ui->screen != SCREEN_GAME)
        ui->screen = SCREEN_GAME;
    else
        ui->quit = true;
}

static void small_quit(Ui *ui) { ui->quit = true; }

static const UiAction small_actions[] = {
    {"back-or-quit", "back to the game; on the game, quit (without a question)", small_back_or_quit, NULL, NULL},
    {"back", "back to the game", small_back, NULL, NULL},
    {"quit", "quit (without a question)", small_quit, NULL, NULL},
};

/* --- the key maps ---------------------------------------------------------------------- */

typedef struct UiKeymapDef {
    const char *title;          /* the section of the help */
    const UiAction *actions;
    const int *nactions;
    const UiOtherKey *other;    /* a key bound to nothing here; NULL: ignored */
} UiKeymapDef;

static const int small_nactions = N_ELEMS(small_actions);

static const UiKeymapDef keymaps[KEYS_COUNT] = {
    [KEYS_BOARD] = {"Keys during a game", ui_board_actions, &ui_board_nactions, &ui_board_other},
    [KEYS_PROMPT] = {"At a prompt (a move, a file name, a FEN)", ui_prompt_actions, &ui_prompt_nactions,
                     &ui_prompt_other},
    [KEYS_CONFIRM] = {"At a question (y/n)", ui_confirm_actions, &ui_confirm_nactions, &ui_confirm_other},
    [KEYS_CHOICE] = {"Choosing between moves (promotion, several moves to one square, a Lion's path)",
                     ui_choice_actions, &ui_choice_nactions, &ui_choice_other},
    [KEYS_HELP] = {"On the help screen", ui_help_actions, &ui_help_nactions, NULL},
    [KEYS_GUIDE] = {"In the piece guide", ui_guide_actions, &ui_guide_nactions, NULL},
    [KEYS_NEWGAME] = {"On the new-game screen", ui_newgame_actions, &ui_newgame_nactions, NULL},
    [KEYS_PICK] = {"Choosing one game of a file", ui_pick_actions, &ui_pick_nactions, NULL},
    [KEYS_FILES] = {"Choosing a saved game (o)", ui_files_actions, &ui_files_nactions, NULL},
    [KEYS_MESSAGES] = {"On the messages screen (w)", ui_messages_actions, &ui_messages_nactions, NULL},
    [KEYS_TEXT] = {"While the FEN and PGN are shown", ui_text_actions, &ui_text_nactions, &ui_text_other},
    [KEYS_LOBBY] = {"In the lobby (O: play someone on this host's Kage server)", ui_lobby_actions, &ui_lobby_nactions,
                    NULL},
    [KEYS_SMALL] = {"When the terminal is too small", small_actions, &small_nactions, NULL},
};

static const UiAction *action_find(UiKeymap map, const char *name)
{
    const UiKeymapDef *km = &keymaps[map];
    for (int i = 0; i < *km->nactions; i++)
        if (!strcmp(km->actions[i].name, name))
            return &km->actions[i];
    return NULL;
}

static void action_run(Ui *ui, const UiAction *a, const char *key)
{
    if (a->exec_key)
        a->exec_key(ui, key);
    else
        a->exec(ui);
}

/* Run the action key is bound to in that key map; false if none is bound
 * (or it does not apply now). */
static bool key_bound(Ui *ui, UiKeymap map, const char *key)
{
    for (int i = 0; i < N_ELEMS(bindings); i++)
        if (bindings[i].map == map && !strcmp(bindings[i].key, key)) {
            const UiAction *a = action_find(map, bindings[i].action);
            if (a && map == KEYS_BOARD && ui_online_action(ui, a->name))
                return true; /* an online game's own way, or not there */
            if (a && (!a->enabled || a->enabled(ui))) {
                action_run(ui, a, key);
                return true;
            }
        }
    return false;
}

void ui_key_in_map(Ui *ui, UiKeymap map, const char *key)
{
    const UiOtherKey *other = keymaps[map].other;
    if (key_bound(ui, map, key) || !other)
        return;
    if (other->to_board && other->to_board(ui))
        ui_key_in_map(ui, KEYS_BOARD, key);
    else if (other->fn)
        other->fn(ui, key);
}

/* --- help ----------------------------------------------------------------------------- */

bool ui_bindings_unknown_action(char *buf, size_t size)
{
    for (int i = 0; i < N_ELEMS(bindings); i++)
        if (!action_find(bindings[i].map, bindings[i].action)) {
            snprintf(buf, size, "%s: %s -> %s", keymaps[bindings[i].map].title, bindings[i].key, bindings[i].action);
            return true;
        }
    return false;
}

void ui_keys_of(UiKeymap map, const char *action, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < N_ELEMS(bindings); i++)
        if (bindings[i].map == map && !strcmp(bindings[i].action, action) && n < size)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? " " : "", bindings[i].key);
}

int ui_keymap_help(UiKeymap map, const char **title, UiKeyHelp *out, int max)
{
    const UiKeymapDef *km = &keymaps[map];
    int n = 0;
    *title = km->title;
    for (int i = 0; i < *km->nactions && n < max; i++, n++) {
        ui_keys_of(map, km->actions[i].name, out[n].keys, sizeof out[n].keys);
        out[n].help = km->actions[i].help;
    }
    if (km->other && km->other->keys && n < max) {
        snprintf(out[n].keys, sizeof out[n].keys, "%s", km->other->keys);
        out[n++].help = km->other->help;
    }
    return n;
}

void ui_keys_help(FILE *f)
{
    for (UiKeymap map = 0; map < KEYS_COUNT; map++) {
        UiKeyHelp lines[64];
        const char *title;
        int n = ui_keymap_help(map, &title, lines, N_ELEMS(lines));
        fprintf(f, "%s%s:\n", map ? "\n" : "", title);
        for (int i = 0; i < n; i++)
            if (strlen(lines[i].keys) > 18) /* the keys on a line of their own */
                fprintf(f, "  %s\n  %-18s %s\n", lines[i].keys, "", lines[i].help);
            else
                fprintf(f, "  %-18s %s\n", lines[i].keys, lines[i].help);
    }
}

/* --- rule reminders ------------------------------------------------------------------ */

/* Rule reminders for the current variant, one per line; returns how many. */
static int rule_reminders(const Ui *ui, const char **lines, int max)
{
    const VariantDef *d = ui->game->v->def;
    int n = 0;
#define ADD(s)            \
    do {                  \
        if (n < max)      \
            lines[n++] = (s); \
    } while (0)
    if (d->flag_region[0])
        ADD("Campmate: a King that reaches the far rank wins at once.");
    if (d->check_rule && d->stalemate_value == VALUE_LOSS)
        ADD("Stalemate loses: the side left without a legal move loses.");
    else if (d->stalemate_value == VALUE_DRAW)
        ADD("Stalemate is a draw.");
    if (d->promo_rule == PROMO_ZONE_MANDATORY)
        ADD("Promotion is mandatory: Lances, Horses, Monks and Pawns promote on reaching the zone (pychess rules).");
    if (d->promo_rule == PROMO_ZONE_OPTIONAL)
        ADD("Promotion is optional in the last three ranks; you are asked. Only one of each promoted major piece.");
    if (d->promo_rule == PROMO_ON_CAPTURE)
        ADD("Promotion by capture: a piece that captures promotes, always. Pawns never promote.");
    if (!d->check_rule)
        ADD("No check rule: a King may be left attacked, and capturing the King wins.");
    if (d->captures_to_hand)
        ADD("Captured pieces go to the captor's hand and may be dropped.");
    if (d->rep_rule == REP_REPEATER_LOSES)
        ADD("Repeating a position for the third time loses.");
    else if (d->rep_rule == REP_PERPETUAL_CHECK)
        ADD("Fourfold repetition draws, unless one side checked all the time: it loses.");
    else if (d->rep_rule == REP_CHECK_THEN_CHASE)
        ADD("Repetition: perpetual check loses, then perpetual chase loses, else a draw.");
    if (d->nmove_rule)
        ADD("50 moves without capture or pawn move: draw.");
#undef ADD
    return n;
}

/* --- help ----------------------------------------------------------------------------- */

#define HELP_MAX_LINES 400

/* Add `text` after `lead` (a label padded to `indent` cells, or nothing),
 * broken at spaces to fit `width` cells; continuation lines are indented
 * under the text.  Returns the new line count. */
static int help_add(char lines[][160], int n, int max, int width, int indent, const char *lead, const char *text)
{
    int room = width - indent;
    if (room < 20)
        room = 20; /* a very narrow screen: cut rather than one word a line */
    bool first = true;
    do {
        int len = ui_wrap_next(text, room, false);
        if (n < max)
            snprintf(lines[n++], 160, "%-*s%.*s", indent, first ? lead : "", len, text);
        text += len;
        while (*text == ' ')
            text++;
        first = false;
    } while (*text);
    return n;
}

/* One key map's keys and what they do, under its title (the board's keys
 * under the screen's own title). */
static int help_keymap(UiKeymap map, char lines[][160], int n, int max, int width, bool titled)
{
    UiKeyHelp keys[64];
    const char *title;
    int nk = ui_keymap_help(map, &title, keys, 64);
    if (titled) {
        char t[160];
        snprintf(t, sizeof t, "%s:", title);
        n = help_add(lines, n, max, width, 0, "", t);
    }
    for (int i = 0; i < nk && n < max; i++) {
        char lead[80];
        if (width - 23 < 24) { /* narrow: the keys on a line, what they do under them */
            snprintf(lead, sizeof lead, "  %.60s", keys[i].keys);
            n = help_add(lines, n, max, width, 0, "", lead);
            n = help_add(lines, n, max, width, 4, "    ", keys[i].help);
            continue;
        }
        if (strlen(keys[i].keys) > 20) { /* the keys on a line of their own */
            snprintf(lead, sizeof lead, "  %.60s", keys[i].keys);
            n = help_add(lines, n, max, width, 0, "", lead);
            keys[i].keys[0] = 0;
        }
        snprintf(lead, sizeof lead, "  %-20.60s ", keys[i].keys);
        n = help_add(lines, n, max, width, (int)strlen(lead), lead, keys[i].help);
    }
    return n;
}

static int help_lines(Ui *ui, char lines[][160], int max)
{
    int n = 0, width = COLS - 2 < 159 ? COLS - 2 : 159;
    n = help_add(lines, n, max, width, 0, "", "Kage keys (q or Esc closes this screen, j/k scroll)");
    lines[n++][0] = 0;
    n = help_keymap(KEYS_BOARD, lines, n, max, width, false);
    n = help_add(lines, n, max, width, 0, "", "");
    n = help_add(lines, n, max, width, 0, "",
                 "Mouse: left click picks up and puts down (also pieces in hand), right click cancels.");
    n = help_add(lines, n, max, width, 0, "", "");
    const char *rules[16];
    int nr = rule_reminders(ui, rules, 16);
    char title[96];
    snprintf(title, sizeof title, "Rules of %s to remember:", ui->game->v->def->name);
    n = help_add(lines, n, max, width, 0, "", title);
    for (int i = 0; i < nr && n < max; i++)
        n = help_add(lines, n, max, width, 2, "  ", rules[i]);
    for (UiKeymap map = KEYS_BOARD + 1; map < KEYS_COUNT && n < max; map++) {
        n = help_add(lines, n, max, width, 0, "", "");
        n = help_keymap(map, lines, n, max, width, true);
    }
    return n;
}

void ui_draw_help(Ui *ui)
{
    static char lines[HELP_MAX_LINES][160];
    int n = help_lines(ui, lines, HELP_MAX_LINES);
    if (ui->help.top > n - 1)
        ui->help.top = n - 1;
    for (int y = 0; y < LINES && ui->help.top + y < n; y++)
        ui_put(y, 1, COLS - 1, ui_style(ui, y == 0 && ui->help.top == 0 ? STYLE_TITLE : STYLE_TEXT),
               lines[ui->help.top + y]);
}

void ui_help_open(Ui *ui) { ui->help.top = 0; }

static void help_down(Ui *ui) { ui->help.top++; }

static void help_up(Ui *ui)
{
    if (ui->help.top > 0)
        ui->help.top--;
}

static void back_to_game(Ui *ui) { ui->screen = SCREEN_GAME; }

const UiAction ui_help_actions[] = {
    {"down", "scroll down", help_down, NULL, NULL},
    {"up", "scroll up", help_up, NULL, NULL},
    {"close", "back to the game", back_to_game, NULL, NULL},
};
const int ui_help_nactions = N_ELEMS(ui_help_actions);
