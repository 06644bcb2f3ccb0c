/* The position (FEN) and the game (PGN) as plain text, out of curses, to
 * select with the mouse (the text screen); w and f write them to a file
 * (records_save.c), any other key goes back, to the game or, for the
 * lobby's PGN (online.c), to the lobby. */
#include "ui_internal.h"

#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ui_show_text(Ui *ui)
{
    char *pgn = ui_game_pgn(ui);
    if (!pgn)
        return;
    char *fen = game_fen(ui->game);
    size_t size = strlen(fen) + strlen(pgn) + 512;
    char *text = xmalloc(size);
    /* the lines to select are the FEN and the PGN as they are: nothing
     * drawn around them, the terminal wraps long lines itself */
    snprintf(text, size,
             "\n-- Kage: the position (FEN) and the game (PGN); select them with the mouse --\n\n"
             "%s\n\n%s\n"
             "-- w: write the PGN to a file, f: the FEN, any other key: back --\n",
             fen, pgn);
    free(fen);
    free(pgn);
    ui_deselect(ui);
    ui->screen = SCREEN_TEXT;
    ui_text_mode(ui, true, text);
    free(text);
}

/* Every key takes the screen back first (to the lobby, for the lobby's text). */
static bool text_leave(Ui *ui)
{
    ui_text_mode(ui, false, NULL);
    bool lobby = ui_online_text_leave(ui);
    ui->screen = lobby ? SCREEN_LOBBY : SCREEN_GAME;
    return !lobby;
}

static void text_write_pgn(Ui *ui)
{
    if (text_leave(ui))
        ui_save_game(ui);
}

static void text_write_fen(Ui *ui)
{
    if (text_leave(ui))
        ui_save_fen(ui);
}

static void text_other(Ui *ui, const char *key)
{
    (void)key;
    text_leave(ui);
}

const UiAction ui_text_actions[] = {
    {"write-pgn", "back to the game, and write the PGN to a file (a name is offered)", text_write_pgn, NULL, NULL},
    {"write-fen", "back to the game, and write the FEN to a file", text_write_fen, NULL, NULL},
};
const int ui_text_nactions = N_ELEMS(ui_text_actions);
const UiOtherKey ui_text_other = {"other keys", "back to the game", text_other, NULL};
