/* A new game from a FEN typed on the game screen (F): the FEN is checked
 * for the variant on the board before anything changes, and the game in
 * progress is replaced only after a yes. */
#include "ui_internal.h"

#include <stdio.h>

static void fen_go(Ui *ui)
{
    if (ui_new_game(ui, ui->game->v->def->id, ui->fen.fen, ui->opt.mode, ui->opt.level, &ui_time_view(ui)->tc))
        ui_message(ui, false, "A new game of %s from the FEN", ui->game->v->def->name);
}

static void fen_keep(Ui *ui) { ui_message(ui, false, "The game goes on; the FEN was not used"); }

static void fen_submit(Ui *ui, const char *typed)
{
    while (*typed == ' ')
        typed++;
    if (!*typed)
        return;
    KageError err;
    Game *probe = game_new(ui->game->v->def, typed, &err);
    if (!probe) {
        if (err.column >= 0)
            ui_message(ui, true, "Not a %s FEN: %s (at column %d); the game goes on", ui->game->v->def->name,
                       err.msg, err.column + 1);
        else
            ui_message(ui, true, "Not a %s FEN: %s; the game goes on", ui->game->v->def->name, err.msg);
        return;
    }
    game_free(probe);
    snprintf(ui->fen.fen, sizeof ui->fen.fen, "%s", typed);
    if (ui_game_in_progress(ui)) {
        ui_confirm_or(ui, "Replace the game in progress with this position? (y/n)", fen_go, fen_keep);
        return;
    }
    fen_go(ui);
}

void ui_load_fen(Ui *ui)
{
    char label[64];
    snprintf(label, sizeof label, "FEN (%s): ", ui->game->v->def->name);
    ui_deselect(ui);
    ui_prompt(ui, label, "", fen_submit);
}
