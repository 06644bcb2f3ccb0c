/* Browsing through the game (PageUp, PageDown, Home, End): a view of an
 * earlier position, the game at the line's end going on meanwhile. */
#include "ui_internal.h"

void ui_browse(Ui *ui, int dir)
{
    Game *g = ui->game;
    if ((dir < 0 && !g->rec.nmoves && !g->result_by_agreement) || (dir > 0 && !g->nredo)) {
        ui_message(ui, false, dir < 0 ? "The start of the game" : "The last move: play on from here");
        return;
    }
    /* a view: the AI goes on thinking about its move (control.c), a held
     * move waits, the clock of the side to move runs (session.c) */
    ui_deselect(ui);
    if (!ui_browse_view(ui)->on) {
        GameResult end = g->result_by_agreement ? g->rec.result : (GameResult){OUTCOME_NONE, END_NONE};
        ui_browse_start(ui, end, game_over(g));
    }
    if (g->result_by_agreement) /* lifted while browsing, back at the end */
        game_undo(g);
    int steps = dir == -1 || dir == 1 ? 1 : 1 << 30;
    for (int k = 0; k < steps && (dir < 0 ? game_undo(g) : game_redo(g)); k++)
        ;
    if (!g->nredo)
        ui_live_end(ui); /* at the end: browsing is over */
    ui_cursor_fix(ui);
    ui_clock_turn(ui);
    char at[GAME_SAN_MAX + 16], all[32];
    ui_moves_text(&g->rec, g->rec.nmoves + g->nredo, all, sizeof all);
    if (g->rec.nmoves)
        ui_move_label(g, g->rec.nmoves - 1, at, sizeof at);
    if (g->nredo)
        ui_message(ui, false, "%s%s, of %s (PageUp/PageDown, Home/End; a move here starts a new line)",
                   g->rec.nmoves ? "After " : "The start", g->rec.nmoves ? at : "", all);
    else
        ui_message(ui, false, "The last move: play on from here");
}
