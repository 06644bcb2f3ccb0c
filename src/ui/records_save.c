/* Saving on the game screen: the game as PGN (a loaded game keeps its file's
 * tags, and the comments of the moves it still shares with it) or the
 * position as FEN, written to a file named at a prompt (a name offered in
 * the data folder; a file there already is replaced only after a yes) or,
 * online-only, to a new file of the data folder that Kage names itself. */
#include "ui_internal.h"

#include "records.h"

#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* $XDG_DATA_HOME/kage/VARIANT-YYYYMMDD-HHMMSS.EXT, the directory created;
 * "" when there is no such directory. */
static void default_file(Ui *ui, const char *ext, char *buf, size_t size)
{
    char dir[900];
    KageError err;
    buf[0] = 0;
    if (!config_dir(KAGE_DIR_DATA, true, dir, sizeof dir, &err)) {
        ui_message(ui, true, "%s", err.msg);
        return;
    }
    char stamp[32] = "game";
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(buf, size, "%s/%s-%s.%s", dir, ui->game->v->def->id, stamp, ext);
}
/* --- the game as PGN ------------------------------------------------------------------ */

static const char *player_name_of(const Ui *ui, Color c, char *buf, size_t size)
{
    if (ui_ai_plays(ui, c))
        snprintf(buf, size, "Kage AI level %d", ui->opt.level);
    else
        snprintf(buf, size, ui->opt.mode == PLAY_HOTSEAT ? "Player %d" : "Player", c + 1);
    return buf;
}

char *ui_game_pgn(Ui *ui)
{
    Game *g = ui->game;
    int n;
    Move *ms = game_moves(g, ui_browse_view(ui)->on, &n); /* browsing: the whole line */
    char white[40], black[40], date[16] = "????.??.??";
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    PgnInfo info = {
        .event = "Casual game",
        .site = "Kage",
        .date = date,
        .white = player_name_of(ui, WHITE, white, sizeof white),
        .black = player_name_of(ui, BLACK, black, sizeof black),
        .tc = clock_enabled(&ui_time_view(ui)->clock) ? &ui_time_view(ui)->tc : NULL,
    };
    /* a loaded game keeps its tags (known or not) and the comments of the
     * moves it still shares with the file */
    const PgnGame *from = ui_play_view(ui)->from.rec.def ? &ui_play_view(ui)->from : NULL;
    PgnTag *extra = NULL;
    const char **comments = NULL;
    if (from) {
        int same = 0;
        while (same < n && same < from->rec.nmoves && ms[same] == from->rec.moves[same])
            same++;
        extra = pgn_info_keep(&info, from, same, n, 0, &comments);
    }
    GameRecord rec = g->rec; /* borrowed, with the line shown */
    rec.moves = ms;
    rec.nmoves = n;
    rec.result = (GameResult){OUTCOME_NONE, END_NONE}; /* the rules' verdict on the line's end ... */
    if (g->result_by_agreement) /* ... unless the position alone does not say it */
        rec.result = g->rec.result;
    else if (ui_browse_view(ui)->on && ui_browse_view(ui)->end.outcome != OUTCOME_NONE)
        rec.result = ui_browse_view(ui)->end;
    KageError err;
    char *text = pgn_write(g->v, &rec, &info, &err);
    free(ms);
    free(extra);
    free(comments);
    if (!text)
        ui_message(ui, true, "The game cannot be written as PGN: %s", err.msg);
    return text;
}

/* Write the game (PGN) or its FEN to ui->write.path. */
static void write_go(Ui *ui)
{
    KageError err;
    char *text;
    if (ui->write.fen) {
        char *fen = game_fen(ui->game);
        size_t n = strlen(fen);
        text = xmalloc(n + 2);
        memcpy(text, fen, n);
        memcpy(text + n, "\n", 2);
        free(fen);
    } else if (!(text = ui_game_pgn(ui)))
        return;
    if (config_write_atomic(ui->write.path, text, strlen(text), &err))
        ui_message(ui, false, "%s written to %s", ui->write.fen ? "The FEN" : "The game", ui->write.path);
    else
        ui_message(ui, true, "%s", err.msg);
    free(text);
}

static void write_keep(Ui *ui) { ui_message(ui, false, "Nothing written: %s is kept as it was", ui->write.path); }

/* The file name typed at a save prompt: a file that is there already (an
 * earlier game) is replaced only after a yes. */
static void write_typed(Ui *ui, const char *typed, bool fen)
{
    ui_path_typed(typed, ui->write.path, sizeof ui->write.path);
    ui->write.fen = fen;
    if (!ui->write.path[0]) {
        ui_message(ui, true, "No file name: nothing written");
        return;
    }
    struct stat st;
    if (stat(ui->write.path, &st) == 0 && S_ISREG(st.st_mode)) {
        char q[300];
        snprintf(q, sizeof q, "%.200s exists: replace it? (y/n)", records_base_name(ui->write.path));
        ui_confirm_or(ui, q, write_go, write_keep);
        return;
    }
    write_go(ui); /* a new file; anything else than a regular file is refused there, said */
}

static void save_submit(Ui *ui, const char *typed) { write_typed(ui, typed, false); }
static void fen_file_submit(Ui *ui, const char *typed) { write_typed(ui, typed, true); }

/* --online-only: the game (or its FEN) goes to a new file of the data folder
 * that Kage names itself, never over another one, and no name is asked:
 * the player of a forced SSH command may not choose where the account writes. */
static void write_in_data_folder(Ui *ui, bool fen)
{
    const char *ext = fen ? "fen" : "pgn";
    char path[1024];
    default_file(ui, ext, path, sizeof path);
    if (!path[0])
        return; /* said by default_file */
    size_t stem = strlen(path) - strlen(ext) - 1;
    struct stat st;
    for (int n = 2; lstat(path, &st) == 0; n++) {
        if (n > 99) {
            ui_message(ui, true, "Nothing written: too many files of this second in the data folder");
            return;
        }
        snprintf(path + stem, sizeof path - stem, "-%d.%s", n, ext);
    }
    snprintf(ui->write.path, sizeof ui->write.path, "%s", path);
    ui->write.fen = fen;
    write_go(ui);
}

/* The name of the file to write asked for (a name offered), or online-only
 * none asked: the game (PGN), or its FEN. */
static void save_ask(Ui *ui, bool fen)
{
    char path[1024];
    if (ui->opt.online_only) {
        write_in_data_folder(ui, fen);
        return;
    }
    default_file(ui, fen ? "fen" : "pgn", path, sizeof path);
    ui_deselect(ui);
    char shown[1024];
    ui_path_shown(path, shown, sizeof shown);
    ui_prompt_path(ui, fen ? "Save the FEN to: " : "Save the game (PGN) to: ", shown,
                   fen ? fen_file_submit : save_submit);
}

void ui_save_game(Ui *ui) { save_ask(ui, false); }

void ui_save_fen(Ui *ui) { save_ask(ui, true); }
