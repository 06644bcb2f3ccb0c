/* What makes a game last beyond one sitting: the clocks as the game screen
 * runs them, the autosave written after every move and on every way out,
 * and resuming it at the next start. */
#include "ui_internal.h"

#include "kage/records/savegame.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- clocks --------------------------------------------------------------------------- */

/* Should the clock stand still now: paused by the players, looking back
 * through the game, or a question about resuming is open? */
static bool clock_held(const Ui *ui)
{
    return ui->paused || (ui->browsed && ui->game->nredo) || ui->have_resume;
}

void ui_clock_new(Ui *ui, const TimeControl *tc)
{
    ui->tc = *tc;
    clock_init(&ui->clock, tc, NULL, NULL);
    ui->paused = false;
    ui->clock.turn = ui->game->pos->side;
    ui_clock_turn(ui);
}

void ui_clock_turn(Ui *ui)
{
    Clock *c = &ui->clock;
    if (!clock_enabled(c) || c->flagged >= 0)
        return;
    if (game_over(ui->game)) {
        if (c->state != CLOCK_STOPPED)
            clock_stop(c);
        return;
    }
    clock_pause(c);
    if (c->flagged >= 0)
        return;
    c->turn = ui->game->pos->side;
    if (clock_held(ui))
        return;
    if (c->state == CLOCK_STOPPED)
        clock_start(c, c->turn);
    else
        clock_resume(c);
}

bool ui_clock_moved(Ui *ui)
{
    Clock *c = &ui->clock;
    if (!clock_enabled(c))
        return true;
    bool ok = true;
    if (c->state == CLOCK_RUNNING && c->turn != ui->game->pos->side)
        ok = clock_press(c);
    if (!ok) {
        game_lose_on_time(ui->game, (Color)c->flagged);
        return false;
    }
    ui_clock_turn(ui);
    return true;
}

bool ui_clock_check(Ui *ui)
{
    Game *g = ui->game;
    if (!clock_enabled(&ui->clock) || game_over(g))
        return false;
    int64_t left = clock_ms_to_flag(&ui->clock);
    /* the AI is told its time; this is the net under it */
    if (left >= 0 && left < 300 && ui_ai_plays(ui, g->pos->side) && ui->ai)
        player_hurry(ui->ai);
    int f = clock_check_flag(&ui->clock);
    if (f < 0)
        return false;
    if (ui->ai)
        player_cancel(ui->ai);
    ui->holding = false;
    ui_deselect(ui);
    ui->input = INPUT_BOARD;
    game_lose_on_time(g, (Color)f);
    char st[160];
    game_status_text(g, st, sizeof st);
    ui_message(ui, false, "%s", st);
    ui_autosave(ui);
    return true;
}

int ui_clock_timeout(const Ui *ui)
{
    const Clock *c = &ui->clock;
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
    ui->paused = pause;
    ui_clock_turn(ui);
}

/* --- the autosave ------------------------------------------------------------------------ */

void ui_autosave(Ui *ui)
{
    Game *g = ui->game;
    KageError err;
    if (!ui->autosave_on || (ui->browsed && g->nredo) || ui->have_resume)
        return; /* browsing changes nothing; an offered save is not overwritten */
    int n;
    Move *ms = game_moves(g, false, &n);
    if (game_over(g) || n == 0) {
        /* Nothing left to resume.  The file goes only if it holds the game on
         * the screen: another game's autosave (an unfinished game when a
         * finished one is loaded, or one not yet replaced by a first move)
         * stays. */
        if (ui->autosave_ours) {
            if (savegame_remove(ui->autosave_path, &err))
                ui->autosave_ours = false;
            else
                ui_message(ui, true, "%s", err.msg);
        }
        free(ms);
        return;
    }
    SaveGame s = {
        .def = g->v->def,
        .start_fen = g->start_fen,
        .moves = ms,
        .nmoves = n,
        .level = ui->opt.level,
        .flip = ui->opt.auto_flip,
    };
    snprintf(s.mode, sizeof s.mode, "%s", options_mode_name(ui->opt.mode));
    if (clock_enabled(&ui->clock)) {
        s.has_clock = true;
        s.clock = ui->clock;
    }
    if (!savegame_write(&s, g->v, ui->autosave_path, &err))
        ui_message(ui, true, "The game could not be saved: %s", err.msg);
    else
        ui->autosave_ours = true;
    free(ms);
}

/* --- resuming ---------------------------------------------------------------------------- */

static void resume_apply(Ui *ui)
{
    SaveGame *s = &ui->resume;
    PlayMode mode = ui->opt.mode;
    for (int m = 0; m < PLAY_MODE_COUNT; m++)
        if (!strcmp(s->mode, options_mode_name((PlayMode)m)))
            mode = (PlayMode)m;
    TimeControl none = {.kind = CLOCK_NONE};
    ui->have_resume = false;
    ui->opt.auto_flip = s->flip;
    if (ui_game_from_record(ui, s->def, s->start_fen, s->moves, s->nmoves, mode, s->level,
                            s->has_clock ? &s->clock.tc : &none)) {
        ui->autosave_ours = true;
        if (s->has_clock) { /* the times as they were, on this session's clock */
            ui->clock = s->clock;
            ui->clock.turn = ui->game->pos->side;
            ui_clock_turn(ui);
        }
        ui_message(ui, false, "Resumed the unfinished game of %s: %d move%s, %s to move", s->def->name, s->nmoves, s->nmoves == 1 ? "" : "s",
                   game_side_name(ui->game, ui->game->pos->side));
    }
    savegame_free(s);
    if (ui->notice[0])
        ui_message(ui, true, "%s", ui->notice);
}

static void resume_decline(Ui *ui)
{
    savegame_free(&ui->resume);
    ui->have_resume = false;
    ui_clock_turn(ui);
    ui_message(ui, false, "A new game; the unfinished one is replaced when you make a move");
    if (ui->notice[0])
        ui_message(ui, true, "%s", ui->notice);
}

/* A damaged autosave is moved aside, never deleted: the player is told where. */
static void resume_damaged(Ui *ui, const char *why)
{
    char path[1024], aside[1100];
    KageError err;
    if (ui->autosave_path)
        snprintf(path, sizeof path, "%s", ui->autosave_path);
    else if (!config_path(KAGE_DIR_STATE, SAVEGAME_FILE, false, path, sizeof path, &err))
        path[0] = 0;
    snprintf(aside, sizeof aside, "%s.damaged", path);
    if (path[0] && rename(path, aside) == 0)
        ui_message(ui, true, "The autosave could not be read (%s). A new game; the old file is kept as %s", why,
                   aside);
    else
        ui_message(ui, true, "The autosave could not be read (%s). A new game.", why);
    ui->msg_keep = true;
}

void ui_resume_start(Ui *ui, bool now)
{
    KageError err;
    SaveGame s;
    int r = savegame_load(ui->autosave_path, NULL, NULL, &s, &err);
    if (r < 0) {
        resume_damaged(ui, err.msg);
        return;
    }
    if (r == 0) {
        if (now)
            ui_message(ui, false, "There is no unfinished game to resume: a new game");
        return;
    }
    Game *g = game_from_moves(s.def, s.start_fen, s.moves, s.nmoves, &err);
    if (!g) {
        savegame_free(&s);
        resume_damaged(ui, err.msg);
        return;
    }
    bool over = game_over(g) || s.result.outcome != OUTCOME_NONE;
    game_free(g);
    if (over) { /* nothing to resume */
        savegame_free(&s);
        if (now)
            ui_message(ui, false, "The last game is over: a new game");
        return;
    }
    ui->resume = s;
    ui->have_resume = true;
    if (now) {
        resume_apply(ui);
        return;
    }
    ui_clock_turn(ui); /* the fresh game's clock waits for the answer */
    char q[300], clocks[120] = "";
    if (s.has_clock) {
        char a[CLOCK_TEXT_MAX], b[CLOCK_TEXT_MAX];
        clock_format(&s.clock, WHITE, a, sizeof a);
        clock_format(&s.clock, BLACK, b, sizeof b);
        snprintf(clocks, sizeof clocks, ", clocks %s / %s", a, b);
    }
    snprintf(q, sizeof q, "Resume the unfinished game? (y/n)  %s, %s, %d move%s%s", s.def->name, s.mode, s.nmoves,
             s.nmoves == 1 ? "" : "s", clocks);
    ui_confirm(ui, q, resume_apply);
    ui->on_no = resume_decline;
}
