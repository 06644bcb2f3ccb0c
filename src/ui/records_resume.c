/* Resuming the autosave at the start: this game's own autosave slot claimed
 * (other Kage games may run with the same home), the unfinished games of
 * the free slots offered one after the other, a damaged file moved aside
 * (never deleted) and one that cannot be read left where it is, each said
 * on the status line. */
#include "ui_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A start-up word about the autosave: said now, and kept with the config
 * file's problems (status.notice) to be said again after a resume question,
 * which covers the status line. */
static void resume_note(Ui *ui, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void resume_note(Ui *ui, bool error, const char *fmt, ...)
{
    char text[1400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    ui_message(ui, error, "%s", text);
    ui_message_keep(ui, true);
    ui_notice_add(ui, text);
}

static void resume_apply(Ui *ui)
{
    SaveGame *s = &ui->resume.game;
    PlayMode mode = ui->opt.mode;
    for (int m = 0; m < PLAY_MODE_COUNT; m++)
        if (!strcmp(s->mode, options_mode_name((PlayMode)m)))
            mode = (PlayMode)m;
    TimeControl none = {.kind = CLOCK_NONE};
    ui->resume.offered = false;
    ui->opt.auto_flip = s->flip;
    if (ui_game_from_record(ui, &s->rec, mode, s->level,
                            s->has_clock ? &s->clock.tc : &none)) {
        ui_autosave_ours(ui);
        if (s->from) { /* a game loaded from a file keeps its tags and comments */
            ui_game_origin(ui, s->from);
            free(s->from);
            s->from = NULL;
        }
        if (s->has_clock) { /* the times as they were, on this session's clock */
            Clock c = s->clock;
            c.turn = ui->game->pos->side;
            ui_clock_set(ui, NULL, &c);
            ui_clock_turn(ui);
        }
        char moves[32];
        ui_moves_text(&s->rec, s->rec.nmoves, moves, sizeof moves);
        ui_message(ui, false, "Resumed the unfinished game of %s: %s, %s to move", s->rec.def->name, moves,
                   game_side_name(ui->game, ui->game->pos->side));
    }
    savegame_free(s);
    if (ui_status_view(ui)->notice[0])
        ui_message(ui, true, "%s", ui_status_view(ui)->notice);
}

static void resume_decline(Ui *ui)
{
    savegame_free(&ui->resume.game);
    ui->resume.offered = false;
    if (ui->resume.noffers && ++ui->resume.offer_at < ui->resume.noffers) {
        ui_resume_start(ui, false); /* the next unfinished game */
        return;
    }
    if (ui->resume.noffers) /* the new game goes in this game's own slot */
        ui_autosave_to(ui, ui->resume.own_path);
    ui_clock_turn(ui);
    ui_message(ui, false, "A new game; the unfinished one is replaced when you make a move");
    if (ui_status_view(ui)->notice[0])
        ui_message(ui, true, "%s", ui_status_view(ui)->notice);
}

/* Move path aside to path.damaged, or .damaged.1, .2 ... : an earlier
 * damaged file is never overwritten.  The name used in aside; false if none
 * could be made. */
static bool move_aside(const char *path, char *aside, size_t size)
{
    for (int k = 0; k < 1000; k++) {
        if (k)
            snprintf(aside, size, "%s.damaged.%d", path, k);
        else
            snprintf(aside, size, "%s.damaged", path);
        /* link fails when the name is taken: nothing is overwritten */
        if (link(path, aside) == 0) {
            unlink(path); /* should it stay, the next start moves it aside again */
            return true;
        }
        if (errno == EEXIST)
            continue;
        struct stat st; /* no hard links here (some file systems): rename to a free name */
        if (lstat(aside, &st) < 0 && errno == ENOENT)
            return rename(path, aside) == 0;
    }
    return false;
}

/* A damaged autosave is moved aside, never deleted: the player is told where. */
static void resume_damaged(Ui *ui, const char *why)
{
    char path[1024], aside[1100];
    KageError err;
    if (ui_autosave_view(ui)->path)
        snprintf(path, sizeof path, "%s", ui_autosave_view(ui)->path);
    else if (!config_path(KAGE_DIR_STATE, SAVEGAME_FILE, false, path, sizeof path, &err))
        path[0] = 0;
    if (path[0] && move_aside(path, aside, sizeof aside))
        resume_note(ui, true, "The autosave could not be read (%s). A new game; the old file is kept as %s", why,
                    aside);
    else
        resume_note(ui, true, "The autosave could not be read (%s). A new game.", why);
}

/* This game's own autosave slot holds a file that cannot be read: another
 * slot for it, free and without a file; false if there is none. */
static bool claim_another_slot(Ui *ui)
{
    KageError err;
    for (int k = 0; k < SAVEGAME_SLOTS && ui->resume.nheld < SAVEGAME_SLOTS; k++) {
        char path[1024];
        struct stat st;
        if (!savegame_slot_path(k, false, path, sizeof path, &err) || lstat(path, &st) == 0 || errno != ENOENT)
            continue;
        int fd = savegame_hold(path, &err);
        if (fd < 0)
            continue;
        ui->resume.held[ui->resume.nheld++] = fd;
        snprintf(ui->resume.own_path, sizeof ui->resume.own_path, "%s", path);
        return true;
    }
    return false;
}

/* An autosave that cannot be opened (permission denied, a FIFO) is not
 * damaged: it is left where it is, and the player told.  Were it this game's
 * own, the game is autosaved in another slot; with none, the autosave is off
 * for this session, so that the file is not overwritten, and a game left
 * unfinished is written on the terminal at the end (ui.c). */
static void resume_unreadable(Ui *ui, const char *why)
{
    const char *path = ui_autosave_view(ui)->path;
    bool own = !ui->resume.own_path[0] || (path && !strcmp(path, ui->resume.own_path));
    if (!own) {
        resume_note(ui, true, "The autosave cannot be read (%s): it is left as it is", why);
        return;
    }
    if (ui->resume.own_path[0] && claim_another_slot(ui)) {
        resume_note(ui, true, "The autosave cannot be read (%s): it is left as it is, and this game is autosaved in %s",
                    why, strrchr(ui->resume.own_path, '/') + 1);
        return;
    }
    resume_note(ui, true, "The autosave cannot be read (%s): it is left as it is, and this game is not autosaved", why);
    char failed[sizeof ui_autosave_view(ui)->failed];
    snprintf(failed, sizeof failed, "the autosave could not be read (%s), so it was not written over", why);
    ui_autosave_off(ui, failed);
}

/* After an unfinished game that could not be offered: the next one, or when
 * there is none left, this game's own slot for the new game. */
static void resume_next(Ui *ui, bool now)
{
    if (ui->resume.noffers && ++ui->resume.offer_at < ui->resume.noffers)
        ui_resume_start(ui, now);
    else if (ui->resume.own_path[0] && ui_autosave_view(ui)->on)
        ui_autosave_to(ui, ui->resume.own_path);
}

void ui_resume_free(Ui *ui) { savegame_free(&ui->resume.game); }

void ui_autosave_claim(Ui *ui)
{
    KageError err;
    int own = -1, unlockable = -1;
    char why[sizeof err.msg] = "";
    ui->resume.noffers = ui->resume.offer_at = ui->resume.nheld = 0;
    for (int k = 0; k < SAVEGAME_SLOTS; k++) {
        char path[1024];
        if (!savegame_slot_path(k, true, path, sizeof path, &err))
            return; /* no state folder: the autosave says so when it writes */
        struct stat st;
        bool game = lstat(path, &st) == 0;
        if (own >= 0 && !game)
            continue; /* a slot of no use to this game: no lock file is made for it */
        int fd = savegame_hold(path, &err);
        if (fd == -2 && unlockable < 0) {
            unlockable = k;
            snprintf(why, sizeof why, "%s", err.msg);
        }
        if (fd < 0)
            continue; /* another running game's, or no lock can be had */
        game = lstat(path, &st) == 0; /* as it is now that it is held */
        ui->resume.held[ui->resume.nheld++] = fd;
        if (own < 0) {
            own = k;
            snprintf(ui->resume.own_path, sizeof ui->resume.own_path, "%s", path);
        }
        if (game)
            snprintf(ui->resume.offers[ui->resume.noffers++], sizeof ui->resume.offers[0], "%s", path);
    }
    if (own < 0 && unlockable >= 0) {
        /* no lock can be had here (a folder that cannot be written, a file
         * system without locks): the slot is taken unlocked, as when there
         * was one autosave; a write that fails says so after each move */
        char path[1024];
        struct stat st;
        if (!savegame_slot_path(unlockable, false, path, sizeof path, &err))
            return;
        snprintf(ui->resume.own_path, sizeof ui->resume.own_path, "%s", path);
        if (lstat(path, &st) == 0)
            snprintf(ui->resume.offers[ui->resume.noffers++], sizeof ui->resume.offers[0], "%s", path);
        ui_autosave_to(ui, ui->resume.own_path);
        resume_note(ui, true, "The autosave cannot be locked (%s): a second Kage game with this home would write over it",
                    why);
        return;
    }
    if (own < 0) {
        char failed[sizeof ui_autosave_view(ui)->failed];
        snprintf(failed, sizeof failed,
                 "%d Kage games are running with this home already, and each has its own autosave", SAVEGAME_SLOTS);
        ui_autosave_off(ui, failed);
        ui_message(ui, true, "%s: this one is not autosaved", ui_autosave_view(ui)->failed);
        ui_message_keep(ui, true);
        return;
    }
    ui_autosave_to(ui, ui->resume.own_path);
    if (own > 0 && unlockable >= 0 && unlockable < own)
        resume_note(ui, true, "The autosave cannot be locked (%s): this game is autosaved apart (%s)", why,
                    strrchr(ui->resume.own_path, '/') + 1);
    else if (own > 0)
        resume_note(ui, false, "Another Kage game is running with this home: this one is autosaved apart (%s)",
                    strrchr(ui->resume.own_path, '/') + 1);
}

void ui_resume_start(Ui *ui, bool now)
{
    KageError err;
    SaveGame s;
    if (ui->resume.offer_at < ui->resume.noffers) /* the next unfinished game of the free slots */
        ui_autosave_to(ui, ui->resume.offers[ui->resume.offer_at]);
    else if (ui->resume.own_path[0]) { /* none (left): this game's own slot */
        ui_autosave_to(ui, ui->resume.own_path);
        if (now)
            ui_message(ui, false, "There is no unfinished game to resume: a new game");
        return;
    }
    int r = savegame_load(ui_autosave_view(ui)->path, NULL, NULL, &s, &err);
    if (r < 0) { /* said, and left as it is or moved aside; the others are still offered */
        if (r == -2)
            resume_unreadable(ui, err.msg);
        else
            resume_damaged(ui, err.msg);
        resume_next(ui, now);
        return;
    }
    if (r == 0 && ui->resume.noffers) { /* gone meanwhile: the next one */
        ui->resume.offer_at++;
        ui_resume_start(ui, now);
        return;
    }
    if (r == 0) {
        if (now)
            ui_message(ui, false, "There is no unfinished game to resume: a new game");
        return;
    }
    Game *g = game_from_record(&s.rec, &err);
    if (!g) {
        savegame_free(&s);
        resume_damaged(ui, err.msg);
        resume_next(ui, now);
        return;
    }
    bool over = game_over(g);
    game_free(g);
    if (over) { /* nothing to resume */
        savegame_free(&s);
        if (ui->resume.noffers) {
            ui->resume.offer_at++;
            ui_resume_start(ui, now);
            return;
        }
        if (now)
            ui_message(ui, false, "The last game is over: a new game");
        return;
    }
    ui->resume.game = s;
    ui->resume.offered = true;
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
    char which[40] = "";
    if (ui->resume.noffers > 1)
        snprintf(which, sizeof which, " (%d of %d)", ui->resume.offer_at + 1, ui->resume.noffers);
    char moves[32];
    ui_moves_text(&s.rec, s.rec.nmoves, moves, sizeof moves);
    const char *mode = s.mode; /* in a player's words, shortly: the question has one line */
    static const char *const mode_words[] = {[PLAY_FIRST] = "you first against the AI", [PLAY_SECOND] = "the AI first",
                                             [PLAY_HOTSEAT] = "hot-seat", [PLAY_WATCH] = "the AI against itself"};
    for (int m = 0; m < PLAY_MODE_COUNT; m++)
        if (!strcmp(s.mode, options_mode_name((PlayMode)m)))
            mode = m < (int)(sizeof mode_words / sizeof mode_words[0]) && mode_words[m] ? mode_words[m]
                                                                                      : options_mode_text((PlayMode)m);
    snprintf(q, sizeof q, "Resume the unfinished game%s? (y/n)  %s, %s, %s%s", which, s.rec.def->name, mode, moves,
             clocks);
    ui_confirm_or(ui, q, resume_apply, resume_decline);
}
