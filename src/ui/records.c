/* Game records on the game screen: save the game as PGN, load one (and pick
 * a game from a file of several), start from a FEN, resume the autosave,
 * show the FEN and PGN as plain text to select with the mouse, and browse
 * through the game. */
#include "ui_internal.h"

#include "kage/rules/movegen.h"
#include "kage/rules/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void expand_path(const char *in, char *out, size_t size) { ui_path_typed(in, out, size); }

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
    Move *ms = game_moves(g, ui->browse.on, &n); /* browsing: the whole line */
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
        .tc = clock_enabled(&ui->time.clock) ? &ui->time.tc : NULL,
    };
    /* a loaded game keeps its tags (known or not) and the comments of the
     * moves it still shares with the file */
    const PgnGame *from = ui->load.from.rec.def ? &ui->load.from : NULL;
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
    else if (ui->browse.on && ui->browse.end.outcome != OUTCOME_NONE)
        rec.result = ui->browse.end;
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
    expand_path(typed, ui->write.path, sizeof ui->write.path);
    ui->write.fen = fen;
    if (!ui->write.path[0]) {
        ui_message(ui, true, "No file name: nothing written");
        return;
    }
    struct stat st;
    if (stat(ui->write.path, &st) == 0 && S_ISREG(st.st_mode)) {
        char q[300];
        const char *base = strrchr(ui->write.path, '/');
        snprintf(q, sizeof q, "%.200s exists: replace it? (y/n)", base ? base + 1 : ui->write.path);
        ui_confirm(ui, q, write_go);
        ui->status.on_no = write_keep;
        return;
    }
    write_go(ui); /* a new file; anything else than a regular file is refused there, said */
}

static void save_submit(Ui *ui, const char *typed) { write_typed(ui, typed, false); }

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

void ui_save_game(Ui *ui)
{
    char path[1024];
    if (ui->opt.online_only) {
        write_in_data_folder(ui, false);
        return;
    }
    default_file(ui, "pgn", path, sizeof path);
    ui_deselect(ui);
    char shown[1024];
    ui_path_shown(path, shown, sizeof shown);
    ui_prompt(ui, "Save the game (PGN) to: ", shown, save_submit);
    ui->status.prompt_path = true;
}

static void fen_file_submit(Ui *ui, const char *typed) { write_typed(ui, typed, true); }

/* --- loading ------------------------------------------------------------------------------ */

/* Play game k of the picks; the picks are freed. */
static void load_pick(Ui *ui, int k)
{
    PgnGame *pg = &ui->load.games.games[k];
    TimeControl tc = pg->tc;
    if (ui_game_from_record(ui, &pg->rec, ui->opt.mode, ui->opt.level, &tc)) {
        ui->load.from = *pg; /* its tags and comments, for a save */
        memset(pg, 0, sizeof *pg);
        pg = &ui->load.from;
        /* the clocks as its clock comments left them (a byo-yomi's periods
         * cannot be told from them) */
        Clock *c = &ui->time.clock;
        if (clock_enabled(c) && tc.kind != CLOCK_BYOYOMI && c->flagged < 0) {
            Color side = ui->game->pos->side, first = pg->rec.nmoves % 2 ? !side : side;
            int64_t left[2];
            pgn_clocks_left(pg, first, left);
            for (Color who = WHITE; who <= BLACK; who++)
                if (left[who] >= 0)
                    c->side[who].left_ms = left[who];
        }
        if (ui->game->result_by_agreement) /* a resignation, a loss on time ... */
            ui_clock_turn(ui);
        char st[160], moves[32];
        game_status_text(ui->game, st, sizeof st);
        ui_moves_text(&pg->rec, pg->rec.nmoves, moves, sizeof moves);
        if (ui->load.games.count > 1)
            ui_message(ui, false, "Loaded game %d of %d of %s: %s, %s (PageUp and Home browse)", k + 1,
                       ui->load.games.count, ui->load.file, moves, st);
        else
            ui_message(ui, false, "Loaded %s: %s, %s, %s (PageUp and Home browse)", ui->load.file,
                       pg->rec.def->name, moves, st);
        ui_autosave(ui);
    }
    pgn_games_free(&ui->load.games);
    ui->screen = SCREEN_GAME;
}

/* The file is read: play its game, or offer its games to pick one. */
static void load_go(Ui *ui)
{
    if (ui->load.games.count == 1) {
        load_pick(ui, 0);
        return;
    }
    if (ui->ai.player)
        player_cancel(ui->ai.player);
    ui->load.sel = ui->load.top = 0;
    ui->screen = SCREEN_PICK;
}

static void load_keep(Ui *ui)
{
    pgn_games_free(&ui->load.games);
    ui_message(ui, false, "Nothing loaded; the game goes on");
}

bool ui_load_file(Ui *ui, const char *typed)
{
    char path[1024];
    KageError err;
    size_t len;
    expand_path(typed, path, sizeof path);
    char *text = config_read_file(path, &len, &err);
    if (!text) {
        ui_message(ui, true, "%s", err.msg);
        return false;
    }
    PgnGames games;
    bool ok = pgn_read(text, len, ui->game->v->def, &games, &err);
    free(text);
    if (!ok) { /* "file:line N: what"; the game on the board goes on */
        ui_message(ui, true, "%s: %s (the current game is kept)", path, err.msg);
        return false;
    }
    if (games.count == 0) {
        ui_message(ui, true, "%s: no game in this file", path);
        pgn_games_free(&games);
        return false;
    }
    pgn_games_free(&ui->load.games);
    ui->load.games = games;
    snprintf(ui->load.file, sizeof ui->load.file, "%s", path);
    if (ui_game_in_progress(ui)) {
        char q[300];
        const char *base = strrchr(path, '/');
        snprintf(q, sizeof q, "Replace the game in progress with %.200s? (y/n)", base ? base + 1 : path);
        ui_confirm(ui, q, load_go);
        ui->status.on_no = load_keep;
        return true;
    }
    load_go(ui);
    return true;
}

static void load_submit(Ui *ui, const char *typed) { ui_load_file(ui, typed); }

static void load_prompt(Ui *ui)
{
    ui_deselect(ui);
    char shown[1024];
    ui_path_shown(ui->load.dir, shown, sizeof shown);
    ui_prompt(ui, "Load a PGN file: ", shown, load_submit);
    ui->status.prompt_path = true;
}

void ui_files_free(Ui *ui)
{
    free(ui->load.files);
    ui->load.files = NULL;
    ui->load.nfiles = 0;
}

static int newest_first(const void *a, const void *b)
{
    long long ma = ((const UiSavedFile *)a)->mtime, mb = ((const UiSavedFile *)b)->mtime;
    return (mb > ma) - (mb < ma);
}

/* Past this size only a file's first game is read for its line: reading a
 * database of thousands of games (15 MB: 85,000) froze the list for seconds. */
#define DESCRIBE_WHOLE_MAX (64 << 10)

/* What a saved file holds, for the line under its name: when it was
 * written, then its first game's variant, players, result and length. */
static void describe_file(UiSavedFile *f, const struct stat *st)
{
    char when[32] = "";
    time_t t = st->st_mtime;
    struct tm tm;
    if (localtime_r(&t, &tm))
        strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
    KageError err;
    size_t len;
    char *text = config_read_file(f->path, &len, &err);
    PgnGames games;
    bool more = false;
    if (!text || !(len <= DESCRIBE_WHOLE_MAX ? pgn_read(text, len, NULL, &games, &err)
                                             : pgn_read_first(text, len, NULL, &games, &more, &err))) {
        snprintf(f->about, sizeof f->about, "%s  cannot be read: %.160s", when, err.msg);
        free(text);
        return;
    }
    free(text);
    const PgnGame *g = &games.games[0];
    const char *w = pgn_tag(g, "White"), *b = pgn_tag(g, "Black");
    char others[24] = "";
    if (games.count > 1)
        snprintf(others, sizeof others, " (+%d games)", games.count - 1);
    else if (more)
        snprintf(others, sizeof others, " (and more games)");
    char moves[32];
    ui_moves_text(&g->rec, g->rec.nmoves, moves, sizeof moves);
    snprintf(f->about, sizeof f->about, "%s  %s, %.40s - %.40s, %s, %s%s", when, g->rec.def->name, w ? w : "?",
             b ? b : "?", game_outcome_text(g->rec.result.outcome), moves, others);
    pgn_games_free(&games);
}

#define FILES_MAX 200 /* the newest of the folder */

/* o: the PGN files of the data folder, newest first, to pick one (or Tab
 * to type a name); straight to the prompt when there are none (online-only:
 * the list alone, never a prompt). */
void ui_load_game(Ui *ui)
{
    KageError err;
    ui->load.dir[0] = 0;
    if (config_dir(KAGE_DIR_DATA, false, ui->load.dir, sizeof ui->load.dir - 1, &err))
        strcat(ui->load.dir, "/");
    ui_files_free(ui);
    DIR *d = ui->load.dir[0] ? opendir(ui->load.dir) : NULL;
    int cap = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".pgn"))
            continue;
        char path[1024];
        struct stat st;
        /* a path too long to hold whole is left out, never cut short (it
         * could name another file) */
        if ((size_t)snprintf(path, sizeof path, "%s%s", ui->load.dir, e->d_name) >= sizeof path)
            continue;
        if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
            continue;
        if (ui->load.nfiles == cap) {
            cap = cap ? 2 * cap : 16;
            ui->load.files = xrealloc(ui->load.files, (size_t)cap * sizeof *ui->load.files);
        }
        UiSavedFile *f = &ui->load.files[ui->load.nfiles++];
        snprintf(f->path, sizeof f->path, "%s", path);
        snprintf(f->name, sizeof f->name, "%s", e->d_name);
        f->about[0] = 0;
        f->mtime = (long long)st.st_mtime;
    }
    if (d)
        closedir(d);
    if (!ui->load.nfiles) {
        if (ui->opt.online_only)
            ui_message(ui, false, "No saved game in the data folder (s saves the game there)");
        else
            load_prompt(ui);
        return;
    }
    qsort(ui->load.files, (size_t)ui->load.nfiles, sizeof *ui->load.files, newest_first);
    if (ui->load.nfiles > FILES_MAX)
        ui->load.nfiles = FILES_MAX;
    for (int i = 0; i < ui->load.nfiles; i++) {
        struct stat st;
        if (stat(ui->load.files[i].path, &st) == 0)
            describe_file(&ui->load.files[i], &st);
    }
    ui->load.file_sel = ui->load.file_top = 0;
    ui_deselect(ui);
    ui->screen = SCREEN_FILES;
}

/* The saved games, each its name on a line and what it holds on the lines
 * under it (as many as the longest needs at this width, up to three), so
 * that the date, players and result are read whole on a phone too. */
void ui_draw_files(Ui *ui)
{
    char buf[1400];
    int y = 0, w = COLS - 1;
    snprintf(buf, sizeof buf, "Saved games in %s (newest first)", ui->load.dir);
    if (ui_text_width(buf, NULL, 2000) <= w)
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), buf);
    else { /* narrow: the folder on a line of its own, its end kept in view */
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), "Saved games, newest first, in");
        const char *dir = ui->load.dir;
        while (ui_text_width(dir, NULL, 2000) > w - 1 && strchr(dir + 1, '/'))
            dir = strchr(dir + 1, '/');
        snprintf(buf, sizeof buf, "%s%s", dir == ui->load.dir ? "" : "...", dir);
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), buf);
    }
    if (ui->opt.online_only) /* Tab types no name here */
        ui_put(y++, 1, w, ui_style(ui, STYLE_DIM),
               w >= 90 ? "Up/Down: choose   Enter: load   Esc: back   (online-only: no file name can be typed)"
                       : "Enter: load  Esc: back");
    else
        ui_put(y++, 1, w, ui_style(ui, STYLE_DIM),
               w >= 62 ? "Up/Down: choose   Enter: load   Tab: type a name   Esc: back"
                       : "Enter: load  Tab: a name  Esc: back");
    y++;
    int about_w = w - 4, lines = 1;
    for (int i = 0; i < ui->load.nfiles && about_w > 0; i++) {
        int n = ui_wrapped_lines(ui->load.files[i].about, about_w);
        lines = n > lines ? n : lines;
    }
    lines = lines > 3 ? 3 : lines;
    int h = 1 + lines, rows = (LINES - y) / h;
    if (rows < 1)
        return;
    if (ui->load.file_sel < ui->load.file_top)
        ui->load.file_top = ui->load.file_sel;
    if (ui->load.file_sel >= ui->load.file_top + rows)
        ui->load.file_top = ui->load.file_sel - rows + 1;
    for (int i = ui->load.file_top; i < ui->load.nfiles && i - ui->load.file_top < rows; i++, y += h) {
        bool sel = i == ui->load.file_sel;
        attr_t a = ui_style(ui, sel ? STYLE_TITLE : STYLE_TEXT) | (sel ? A_REVERSE : 0);
        snprintf(buf, sizeof buf, " %s ", ui->load.files[i].name);
        ui_put(y, 1, w, a, buf);
        ui_put_wrapped(y + 1, 4, about_w, ui_style(ui, sel ? STYLE_TEXT : STYLE_DIM), ui->load.files[i].about, lines);
    }
}

static void files_move(Ui *ui, int by)
{
    int k = ui->load.file_sel + by;
    ui->load.file_sel = k < 0 ? 0 : k >= ui->load.nfiles ? ui->load.nfiles - 1 : k;
}

static void files_down(Ui *ui) { files_move(ui, 1); }
static void files_up(Ui *ui) { files_move(ui, -1); }
static void files_page_down(Ui *ui) { files_move(ui, 10); }
static void files_page_up(Ui *ui) { files_move(ui, -10); }

static void files_load(Ui *ui)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", ui->load.files[ui->load.file_sel].path);
    ui_files_free(ui);
    ui->screen = SCREEN_GAME;
    ui_load_file(ui, path);
}

static void files_type(Ui *ui)
{
    if (ui->opt.online_only) { /* the list stays: only its files can be loaded */
        ui_message(ui, true, "Online-only: no file name can be typed here; choose a game of the list");
        return;
    }
    ui_files_free(ui);
    ui->screen = SCREEN_GAME;
    load_prompt(ui);
}

static void files_back(Ui *ui)
{
    ui_files_free(ui);
    ui->screen = SCREEN_GAME;
    ui_message(ui, false, "Nothing loaded: the game goes on");
}

const UiAction ui_files_actions[] = {
    {"down", "the next file", files_down, NULL, NULL},
    {"up", "the previous file", files_up, NULL, NULL},
    {"page-down", "ten files on", files_page_down, NULL, NULL},
    {"page-up", "ten files back", files_page_up, NULL, NULL},
    {"load", "load the file chosen (asks before replacing a game in progress)", files_load, NULL, NULL},
    {"type-name", "type a file name instead (Tab completes it)", files_type, NULL, NULL},
    {"back", "load nothing: back to the game, which goes on", files_back, NULL, NULL},
};
const int ui_files_nactions = N_ELEMS(ui_files_actions);

static void fen_go(Ui *ui)
{
    if (ui_new_game(ui, ui->game->v->def->id, ui->load.fen, ui->opt.mode, ui->opt.level, &ui->time.tc))
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
    snprintf(ui->load.fen, sizeof ui->load.fen, "%s", typed);
    if (ui_game_in_progress(ui)) {
        ui_confirm(ui, "Replace the game in progress with this position? (y/n)", fen_go);
        ui->status.on_no = fen_keep;
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

/* --- the pick screen: one game of several ------------------------------------------------ */

/* The games of a file to pick one: a line each where it fits, else two (the
 * players, then the variant, result, length and line), so that each is read
 * whole on a phone too. */
void ui_draw_pick(Ui *ui)
{
    char buf[1400], about[400];
    int y = 0, w = COLS - 1;
    snprintf(buf, sizeof buf, "%d games in %s", ui->load.games.count, ui->load.file);
    if (ui_text_width(buf, NULL, 2000) <= w)
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), buf);
    else { /* narrow: the file on a line of its own, its end kept in view */
        snprintf(buf, sizeof buf, "%d games in", ui->load.games.count);
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), buf);
        const char *f = ui->load.file;
        while (ui_text_width(f, NULL, 2000) > w - 3 && strchr(f + 1, '/'))
            f = strchr(f + 1, '/');
        snprintf(buf, sizeof buf, "%s%s", f == ui->load.file ? "" : "...", f);
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), buf);
    }
    ui_put(y++, 1, w, ui_style(ui, STYLE_DIM),
           w >= 56 ? "Up/Down: choose   Enter: load   Esc: back to the game" : "Enter: load  Esc: back");
    y++;
    bool two_lines = false;
    for (int i = 0; i < ui->load.games.count && !two_lines; i++) {
        const PgnGame *g = &ui->load.games.games[i];
        const char *wh = pgn_tag(g, "White"), *bl = pgn_tag(g, "Black"), *res = pgn_tag(g, "Result");
        char moves[32];
        ui_moves_text(&g->rec, g->rec.nmoves, moves, sizeof moves);
        snprintf(buf, sizeof buf, " %3d  %s - %s  %s  %s  %s  (line %d) ", i + 1, wh ? wh : "?", bl ? bl : "?",
                 g->rec.def->name, res ? res : "*", moves, g->line);
        two_lines = ui_text_width(buf, NULL, 2000) > w;
    }
    int h = two_lines ? 2 : 1, rows = (LINES - y) / h;
    if (rows < 1)
        return;
    if (ui->load.sel < ui->load.top)
        ui->load.top = ui->load.sel;
    if (ui->load.sel >= ui->load.top + rows)
        ui->load.top = ui->load.sel - rows + 1;
    for (int i = ui->load.top; i < ui->load.games.count && i - ui->load.top < rows; i++, y += h) {
        const PgnGame *g = &ui->load.games.games[i];
        const char *wh = pgn_tag(g, "White"), *bl = pgn_tag(g, "Black"), *res = pgn_tag(g, "Result");
        bool sel = i == ui->load.sel;
        attr_t a = ui_style(ui, sel ? STYLE_TITLE : STYLE_TEXT) | (sel ? A_REVERSE : 0);
        char moves[32];
        ui_moves_text(&g->rec, g->rec.nmoves, moves, sizeof moves);
        snprintf(about, sizeof about, "%s%s%s%s %s%s(line %d)", g->rec.def->name, two_lines ? ", " : "  ",
                 res ? res : "*", two_lines ? "," : " ", moves, two_lines ? " " : "  ", g->line);
        if (two_lines) {
            snprintf(buf, sizeof buf, " %d  %.120s - %.120s ", i + 1, wh ? wh : "?", bl ? bl : "?");
            ui_put(y, 1, w, a, buf);
            ui_put(y + 1, 5, w - 4, ui_style(ui, sel ? STYLE_TEXT : STYLE_DIM), about);
        } else {
            snprintf(buf, sizeof buf, " %3d  %.120s - %.120s  %s ", i + 1, wh ? wh : "?", bl ? bl : "?", about);
            ui_put(y, 1, w, a, buf);
        }
    }
}

static void pick_down(Ui *ui)
{
    int n = ui->load.games.count;
    ui->load.sel = ui->load.sel + 1 < n ? ui->load.sel + 1 : n - 1;
}

static void pick_up(Ui *ui) { ui->load.sel = ui->load.sel > 0 ? ui->load.sel - 1 : 0; }

static void pick_page_down(Ui *ui)
{
    int n = ui->load.games.count;
    ui->load.sel = ui->load.sel + 10 < n ? ui->load.sel + 10 : n - 1;
}

static void pick_page_up(Ui *ui) { ui->load.sel = ui->load.sel > 10 ? ui->load.sel - 10 : 0; }

static void pick_load(Ui *ui) { load_pick(ui, ui->load.sel); }

static void pick_back(Ui *ui)
{
    pgn_games_free(&ui->load.games);
    ui->screen = SCREEN_GAME;
    ui_message(ui, false, "Nothing loaded: the game goes on");
}

const UiAction ui_pick_actions[] = {
    {"down", "the next game", pick_down, NULL, NULL},
    {"up", "the previous game", pick_up, NULL, NULL},
    {"page-down", "ten games on", pick_page_down, NULL, NULL},
    {"page-up", "ten games back", pick_page_up, NULL, NULL},
    {"load", "load the game chosen", pick_load, NULL, NULL},
    {"back", "load nothing: back to the game, which goes on", pick_back, NULL, NULL},
};
const int ui_pick_nactions = N_ELEMS(ui_pick_actions);

/* --- FEN and PGN as text to select --------------------------------------------------------- */

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
    bool lobby = ui->online && ui->online->text_from_lobby;
    if (lobby)
        ui->online->text_from_lobby = false;
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
    char path[1024];
    if (!text_leave(ui))
        return;
    if (ui->opt.online_only) {
        write_in_data_folder(ui, true);
        return;
    }
    default_file(ui, "fen", path, sizeof path);
    ui_deselect(ui);
    char shown[1024];
    ui_path_shown(path, shown, sizeof shown);
    ui_prompt(ui, "Save the FEN to: ", shown, fen_file_submit);
    ui->status.prompt_path = true;
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

/* --- resuming ---------------------------------------------------------------------------- */

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
    ui->status.msg_keep = true;
    size_t n = strlen(ui->status.notice);
    snprintf(ui->status.notice + n, sizeof ui->status.notice - n, "%s%s", n ? "; " : "", text);
}

static void resume_apply(Ui *ui)
{
    SaveGame *s = &ui->save.resume;
    PlayMode mode = ui->opt.mode;
    for (int m = 0; m < PLAY_MODE_COUNT; m++)
        if (!strcmp(s->mode, options_mode_name((PlayMode)m)))
            mode = (PlayMode)m;
    TimeControl none = {.kind = CLOCK_NONE};
    ui->save.have_resume = false;
    ui->opt.auto_flip = s->flip;
    if (ui_game_from_record(ui, &s->rec, mode, s->level,
                            s->has_clock ? &s->clock.tc : &none)) {
        ui->save.autosave_ours = true;
        if (s->from) { /* a game loaded from a file keeps its tags and comments */
            ui->load.from = *s->from;
            free(s->from);
            s->from = NULL;
        }
        if (s->has_clock) { /* the times as they were, on this session's clock */
            ui->time.clock = s->clock;
            ui->time.clock.turn = ui->game->pos->side;
            ui_clock_turn(ui);
        }
        char moves[32];
        ui_moves_text(&s->rec, s->rec.nmoves, moves, sizeof moves);
        ui_message(ui, false, "Resumed the unfinished game of %s: %s, %s to move", s->rec.def->name, moves,
                   game_side_name(ui->game, ui->game->pos->side));
    }
    savegame_free(s);
    if (ui->status.notice[0])
        ui_message(ui, true, "%s", ui->status.notice);
}

static void resume_decline(Ui *ui)
{
    savegame_free(&ui->save.resume);
    ui->save.have_resume = false;
    if (ui->save.noffers && ++ui->save.offer_at < ui->save.noffers) {
        ui_resume_start(ui, false); /* the next unfinished game */
        return;
    }
    if (ui->save.noffers) /* the new game goes in this game's own slot */
        ui->save.autosave_path = ui->save.own_path;
    ui_clock_turn(ui);
    ui_message(ui, false, "A new game; the unfinished one is replaced when you make a move");
    if (ui->status.notice[0])
        ui_message(ui, true, "%s", ui->status.notice);
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
    if (ui->save.autosave_path)
        snprintf(path, sizeof path, "%s", ui->save.autosave_path);
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
    for (int k = 0; k < SAVEGAME_SLOTS && ui->save.nheld < SAVEGAME_SLOTS; k++) {
        char path[1024];
        struct stat st;
        if (!savegame_slot_path(k, false, path, sizeof path, &err) || lstat(path, &st) == 0 || errno != ENOENT)
            continue;
        int fd = savegame_hold(path, &err);
        if (fd < 0)
            continue;
        ui->save.held[ui->save.nheld++] = fd;
        snprintf(ui->save.own_path, sizeof ui->save.own_path, "%s", path);
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
    const char *path = ui->save.autosave_path;
    bool own = !ui->save.own_path[0] || (path && !strcmp(path, ui->save.own_path));
    if (!own) {
        resume_note(ui, true, "The autosave cannot be read (%s): it is left as it is", why);
        return;
    }
    if (ui->save.own_path[0] && claim_another_slot(ui)) {
        resume_note(ui, true, "The autosave cannot be read (%s): it is left as it is, and this game is autosaved in %s",
                    why, strrchr(ui->save.own_path, '/') + 1);
        return;
    }
    resume_note(ui, true, "The autosave cannot be read (%s): it is left as it is, and this game is not autosaved", why);
    ui->save.autosave_on = false;
    snprintf(ui->save.failed, sizeof ui->save.failed, "the autosave could not be read (%s), so it was not written over",
             why);
}

/* After an unfinished game that could not be offered: the next one, or when
 * there is none left, this game's own slot for the new game. */
static void resume_next(Ui *ui, bool now)
{
    if (ui->save.noffers && ++ui->save.offer_at < ui->save.noffers)
        ui_resume_start(ui, now);
    else if (ui->save.own_path[0] && ui->save.autosave_on)
        ui->save.autosave_path = ui->save.own_path;
}

void ui_autosave_claim(Ui *ui)
{
    KageError err;
    int own = -1, unlockable = -1;
    char why[sizeof err.msg] = "";
    ui->save.noffers = ui->save.offer_at = ui->save.nheld = 0;
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
        ui->save.held[ui->save.nheld++] = fd;
        if (own < 0) {
            own = k;
            snprintf(ui->save.own_path, sizeof ui->save.own_path, "%s", path);
        }
        if (game)
            snprintf(ui->save.offers[ui->save.noffers++], sizeof ui->save.offers[0], "%s", path);
    }
    if (own < 0 && unlockable >= 0) {
        /* no lock can be had here (a folder that cannot be written, a file
         * system without locks): the slot is taken unlocked, as when there
         * was one autosave; a write that fails says so after each move */
        char path[1024];
        struct stat st;
        if (!savegame_slot_path(unlockable, false, path, sizeof path, &err))
            return;
        snprintf(ui->save.own_path, sizeof ui->save.own_path, "%s", path);
        if (lstat(path, &st) == 0)
            snprintf(ui->save.offers[ui->save.noffers++], sizeof ui->save.offers[0], "%s", path);
        ui->save.autosave_path = ui->save.own_path;
        resume_note(ui, true, "The autosave cannot be locked (%s): a second Kage game with this home would write over it",
                    why);
        return;
    }
    if (own < 0) {
        ui->save.autosave_on = false;
        snprintf(ui->save.failed, sizeof ui->save.failed,
                 "%d Kage games are running with this home already, and each has its own autosave", SAVEGAME_SLOTS);
        ui_message(ui, true, "%s: this one is not autosaved", ui->save.failed);
        ui->status.msg_keep = true;
        return;
    }
    ui->save.autosave_path = ui->save.own_path;
    if (own > 0 && unlockable >= 0 && unlockable < own)
        resume_note(ui, true, "The autosave cannot be locked (%s): this game is autosaved apart (%s)", why,
                    strrchr(ui->save.own_path, '/') + 1);
    else if (own > 0)
        resume_note(ui, false, "Another Kage game is running with this home: this one is autosaved apart (%s)",
                    strrchr(ui->save.own_path, '/') + 1);
}

void ui_resume_start(Ui *ui, bool now)
{
    KageError err;
    SaveGame s;
    if (ui->save.offer_at < ui->save.noffers) /* the next unfinished game of the free slots */
        ui->save.autosave_path = ui->save.offers[ui->save.offer_at];
    else if (ui->save.own_path[0]) { /* none (left): this game's own slot */
        ui->save.autosave_path = ui->save.own_path;
        if (now)
            ui_message(ui, false, "There is no unfinished game to resume: a new game");
        return;
    }
    int r = savegame_load(ui->save.autosave_path, NULL, NULL, &s, &err);
    if (r < 0) { /* said, and left as it is or moved aside; the others are still offered */
        if (r == -2)
            resume_unreadable(ui, err.msg);
        else
            resume_damaged(ui, err.msg);
        resume_next(ui, now);
        return;
    }
    if (r == 0 && ui->save.noffers) { /* gone meanwhile: the next one */
        ui->save.offer_at++;
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
        if (ui->save.noffers) {
            ui->save.offer_at++;
            ui_resume_start(ui, now);
            return;
        }
        if (now)
            ui_message(ui, false, "The last game is over: a new game");
        return;
    }
    ui->save.resume = s;
    ui->save.have_resume = true;
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
    if (ui->save.noffers > 1)
        snprintf(which, sizeof which, " (%d of %d)", ui->save.offer_at + 1, ui->save.noffers);
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
    ui_confirm(ui, q, resume_apply);
    ui->status.on_no = resume_decline;
}

/* --- browsing ------------------------------------------------------------------------------ */

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
    if (!ui->browse.on) {
        ui->browse.on = true;
        ui->browse.end = g->result_by_agreement ? g->rec.result : (GameResult){OUTCOME_NONE, END_NONE};
        ui->browse.live_over = game_over(g);
    }
    if (g->result_by_agreement) /* lifted while browsing, back at the end */
        game_undo(g);
    int steps = dir == -1 || dir == 1 ? 1 : 1 << 30;
    for (int k = 0; k < steps && (dir < 0 ? game_undo(g) : game_redo(g)); k++)
        ;
    if (!g->nredo) {
        ui->browse.on = false;
        game_end_by(g, ui->browse.end);
        ui->browse.end.outcome = OUTCOME_NONE;
    }
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
