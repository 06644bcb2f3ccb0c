/* The screens as table entries (ui_screens[]: name, size needed, drawing,
 * key map), the top of drawing (ui_draw) and of the keys (ui_key: the key
 * map in force, then bindings.c).  The screens beside the game are files
 * of their own: help (bindings.c, printed from the binding table), the
 * piece guide (guide.c), the new-game chooser (newgame.c). */
#include "ui_internal.h"

#include <stdio.h>
#include <string.h>

/* --- the screens --------------------------------------------------------------------------- */

static void game_need(const Ui *ui, int *cols, int *rows)
{
    *cols = ui->lay.need_cols;
    *rows = ui->lay.need_rows;
}

static void help_need(const Ui *ui, int *cols, int *rows) /* it scrolls and wraps */
{
    (void)ui;
    *cols = 40;
    *rows = 8;
}

/* four lines of text, two of the special move, the diagram, its legend */
static void guide_need(const Ui *ui, int *cols, int *rows)
{
    const Variant *v = ui->game->v;
    *cols = 3 + 3 * v->files > 50 ? 3 + 3 * v->files : 50;
    *rows = 8 + v->ranks;
}

static void lobby_need(const Ui *ui, int *cols, int *rows) /* it scrolls */
{
    (void)ui;
    *cols = 40;
    *rows = 10;
}

static void newgame_need(const Ui *ui, int *cols, int *rows)
{
    (void)ui;
    *cols = 40;
    *rows = 14;
}

const UiScreenDef ui_screens[SCREEN_COUNT] = {
    [SCREEN_GAME] = {NULL, KEYS_BOARD, game_need, ui_draw_game},
    [SCREEN_HELP] = {"the help screen", KEYS_HELP, help_need, ui_draw_help, ui_help_open},
    [SCREEN_GUIDE] = {"the piece guide", KEYS_GUIDE, guide_need, ui_draw_guide},
    [SCREEN_NEWGAME] = {"the new-game screen", KEYS_NEWGAME, newgame_need, ui_draw_newgame},
    [SCREEN_PICK] = {NULL, KEYS_PICK, NULL, ui_draw_pick},
    [SCREEN_FILES] = {NULL, KEYS_FILES, NULL, ui_draw_files},
    [SCREEN_MESSAGES] = {NULL, KEYS_MESSAGES, NULL, ui_draw_messages},
    [SCREEN_TEXT] = {NULL, KEYS_TEXT, NULL, NULL},
    [SCREEN_LOBBY] = {"the lobby", KEYS_LOBBY, lobby_need, ui_draw_lobby},
};

static void screen_need(const Ui *ui, int *cols, int *rows)
{
    *cols = *rows = 0;
    if (ui_screens[ui->screen].need)
        ui_screens[ui->screen].need(ui, cols, rows);
}

bool ui_screen_fits(const Ui *ui)
{
    int need_cols, need_rows;
    screen_need(ui, &need_cols, &need_rows);
    return COLS >= need_cols && LINES >= need_rows && (ui->screen != SCREEN_GAME || ui->lay.fits);
}

/* A screen just entered, by a key or a line of the server: its open runs
 * once, before the next key goes to it or it is drawn. */
static void screen_entered(Ui *ui)
{
    if (ui->screen == ui->shown)
        return;
    ui->shown = ui->screen;
    if (ui_screens[ui->screen].open)
        ui_screens[ui->screen].open(ui);
}

void ui_draw(Ui *ui)
{
    screen_entered(ui);
    attrset(A_NORMAL);
    erase();
    ui_layout(ui);
    int need_cols, need_rows;
    screen_need(ui, &need_cols, &need_rows);
    if (!ui_screen_fits(ui)) {
        /* the longest of these that fits, so the needed size always shows */
        const char *name = ui_screens[ui->screen].name ? ui_screens[ui->screen].name : ui->game->v->def->name;
        char buf[4][160];
        snprintf(buf[0], sizeof buf[0], "Terminal too small: %s needs %dx%d, this one is %dx%d (%s)", name,
                 need_cols, need_rows, COLS, LINES, ui->screen == SCREEN_GAME ? "q quits" : "Esc back");
        snprintf(buf[1], sizeof buf[1], "Too small: need %dx%d, have %dx%d", need_cols, need_rows, COLS, LINES);
        snprintf(buf[2], sizeof buf[2], "Need %dx%d", need_cols, need_rows);
        snprintf(buf[3], sizeof buf[3], "%dx%d", need_cols, need_rows);
        int k = 0;
        while (k < 3 && (int)strlen(buf[k]) > COLS)
            k++;
        ui_put(0, 0, COLS, A_NORMAL, buf[k]);
        leaveok(stdscr, TRUE);
        return;
    }
    leaveok(stdscr, ui->input != INPUT_PROMPT);
    if (ui_screens[ui->screen].draw)
        ui_screens[ui->screen].draw(ui);
}

/* The key map in force: the screen's, or on the game screen the input's;
 * the FEN and PGN text takes any key, even on a screen too small. */
static UiKeymap keymap_now(const Ui *ui)
{
    if (ui->screen == SCREEN_TEXT)
        return KEYS_TEXT;
    if (!ui_screen_fits(ui))
        return KEYS_SMALL;
    if ((ui->screen == SCREEN_LOBBY || ui->screen == SCREEN_NEWGAME) && ui->input == INPUT_PROMPT)
        return KEYS_PROMPT; /* the lobby's chat line, the new-game screen's typed clock */
    if (ui->screen != SCREEN_GAME)
        return ui_screens[ui->screen].keys;
    return ui_inputs[ui->input].keys;
}

void ui_key(Ui *ui, const char *key)
{
    ui_message_keep(ui, false);
    screen_entered(ui);
    ui_key_in_map(ui, keymap_now(ui), key);
}

void ui_feed_keys(Ui *ui, const char *keys)
{
    char name[KEY_NAME_MAX];
    const char *p = keys;
    while (!ui->quit && keys_next(&p, name, sizeof name))
        ui_key(ui, name);
}
