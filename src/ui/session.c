/* What makes a game last beyond one sitting: the clocks as the game screen
 * runs them, and the autosave written after every move and on every way
 * out (resuming it is loading a game: records_resume.c). */
#include "ui_internal.h"

#include "kage/records/savegame.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- clocks --------------------------------------------------------------------------- */

/* Should the clock stand still now: paused by the players, or a question
 * about resuming is open?  Looking back through the game is no pause: the
 * clock of the side to move at the line's end runs, as on pychess.org. */
static bool clock_held(const Ui *ui)
{
    return ui->time.paused || ui_resume_view(ui)->offered;
}

void ui_clock_new(Ui *ui, const TimeControl *tc)
{
    ui->time.tc = *tc;
    clock_init(&ui->time.clock, tc, NULL, NULL);
    ui->time.paused = false;
    ui->time.low_rung[WHITE] = ui->time.low_rung[BLACK] = false;
    ui->time.clock.turn = ui->game->pos->side;
    ui_clock_turn(ui);
}

void ui_clock_turn(Ui *ui)
{
    Clock *c = &ui->time.clock;
    if (!clock_enabled(c) || c->flagged >= 0 || ui->opt.mode == PLAY_ONLINE) /* online: the server's clocks */
        return;
    if (ui_live_over(ui)) {
        if (c->state != CLOCK_STOPPED)
            clock_stop(c);
        return;
    }
    clock_pause(c);
    if (c->flagged >= 0)
        return;
    c->turn = ui_live_side(ui);
    if (clock_held(ui))
        return;
    /* as on pychess.org, neither side's clock runs before its own first
     * move: the clocks start once each side has made one (no one waits on
     * the other here, so there is no limit to start the game) */
    if (ui_live_plies(ui) < 2)
        return;
    if (c->state == CLOCK_STOPPED)
        clock_start(c, c->turn);
    else
        clock_resume(c);
}

bool ui_clock_moved(Ui *ui)
{
    Clock *c = &ui->time.clock;
    if (!clock_enabled(c))
        return true;
    bool ok = true;
    if (c->state == CLOCK_RUNNING && c->turn != ui_live_side(ui))
        ok = clock_press(c);
    if (!ok) {
        game_lose_on_time(ui->game, (Color)c->flagged);
        return false;
    }
    ui_clock_turn(ui);
    return true;
}

int ui_clock_flag(Ui *ui)
{
    Color turn = ui->time.clock.turn;
    if (ui->time.clock.state == CLOCK_RUNNING && !ui->time.low_rung[turn] &&
        clock_side_now(&ui->time.clock, turn).left_ms < 10000) {
        ui->time.low_rung[turn] = true; /* once a game for each side */
        ui_bell(ui);
    }
    return clock_check_flag(&ui->time.clock);
}

void ui_clock_set(Ui *ui, const TimeControl *tc, const Clock *clock)
{
    if (tc)
        ui->time.tc = *tc;
    ui->time.clock = *clock;
}

int ui_clock_timeout(const Ui *ui)
{
    const Clock *c = &ui->time.clock;
    if (!clock_enabled(c) || c->state != CLOCK_RUNNING)
        return -1;
    int64_t flag = clock_ms_to_flag(c);
    int64_t shown = clock_side_now(c, c->turn).left_ms;
    /* the panel shows seconds, tenths under 10 s: wake when that changes */
    int64_t next = shown >= 10000 ? shown % 1000 + 1 : shown % 100 + 1;
    if (flag + 1 < next)
        next = flag + 1;
    if (ui_ai_plays(ui, c->turn) && flag >= 300 && flag - 299 < next)
        next = flag - 299; /* in time to hurry the AI */
    return next < 1 ? 1 : (int)next;
}

void ui_clock_pause(Ui *ui, bool pause)
{
    ui->time.paused = pause;
    ui_clock_turn(ui);
}

/* --- the autosave ------------------------------------------------------------------------ */

void ui_autosave_enable(Ui *ui, bool on) { ui->autosave.on = on; }

void ui_autosave_new_game(Ui *ui) { ui->autosave.ours = false; }

void ui_autosave_ours(Ui *ui) { ui->autosave.ours = true; }

void ui_autosave_to(Ui *ui, const char *path) { ui->autosave.path = path; }

void ui_autosave_off(Ui *ui, const char *why)
{
    ui->autosave.on = false;
    snprintf(ui->autosave.failed, sizeof ui->autosave.failed, "%s", why);
}

void ui_autosave(Ui *ui)
{
    Game *g = ui->game;
    KageError err;
    if (!ui->autosave.on || (ui_browse_view(ui)->on && g->nredo) || ui_resume_view(ui)->offered ||
        ui->opt.mode == PLAY_ONLINE)
        return; /* browsing changes nothing; an offered save is not overwritten; the server keeps online games */
    int n;
    Move *ms = game_moves(g, false, &n);
    if (game_over(g) || n == 0) {
        /* Nothing left to resume.  The file goes only if it holds the game on
         * the screen: another game's autosave (an unfinished game when a
         * finished one is loaded, or one not yet replaced by a first move)
         * stays. */
        if (ui->autosave.ours) {
            if (savegame_remove(ui->autosave.path, &err))
                ui->autosave.ours = false;
            else
                ui_message(ui, true, "%s", err.msg);
        }
        ui->autosave.failed[0] = 0; /* nothing to keep */
        free(ms);
        return;
    }
    SaveGame s = {
        .rec = {.def = g->v->def, .start_fen = g->rec.start_fen, .moves = ms, .nmoves = n}, /* borrowed */
        .level = ui->opt.level,
        .flip = ui->opt.auto_flip,
        /* a loaded game's tags and comments (savegame_write only reads them) */
        .from = ui_play_view(ui)->from.rec.def ? (PgnGame *)&ui_play_view(ui)->from : NULL,
    };
    snprintf(s.mode, sizeof s.mode, "%s", options_mode_name(ui->opt.mode));
    if (clock_enabled(&ui->time.clock)) {
        s.has_clock = true;
        s.clock = ui->time.clock;
    }
    if (!savegame_write(&s, g->v, ui->autosave.path, &err)) {
        ui_message(ui, true, "The game could not be saved: %s", err.msg);
        snprintf(ui->autosave.failed, sizeof ui->autosave.failed, "%s", err.msg);
    } else {
        ui->autosave.ours = true;
        ui->autosave.failed[0] = 0;
    }
    free(ms);
}
