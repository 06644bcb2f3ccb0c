/* The saved games' list (o): the PGN files of the data folder, newest
 * first, each with what it holds (when it was written, its first game's
 * variant, players, result and length); Enter loads one (records_load.c),
 * Tab types a name instead.  Online-only, the list is the only way in. */
#include "ui_internal.h"

#include "records.h"

#include "kage/rules/util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static void load_submit(Ui *ui, const char *typed) { ui_load_file(ui, typed); }

static void load_prompt(Ui *ui)
{
    ui_deselect(ui);
    char shown[1024];
    ui_path_shown(ui->files.dir, shown, sizeof shown);
    ui_prompt_path(ui, "Load a PGN file: ", shown, load_submit);
}

void ui_files_free(Ui *ui)
{
    free(ui->files.files);
    ui->files.files = NULL;
    ui->files.nfiles = 0;
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
    ui->files.dir[0] = 0;
    if (config_dir(KAGE_DIR_DATA, false, ui->files.dir, sizeof ui->files.dir - 1, &err))
        strcat(ui->files.dir, "/");
    ui_files_free(ui);
    DIR *d = ui->files.dir[0] ? opendir(ui->files.dir) : NULL;
    int cap = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".pgn"))
            continue;
        char path[1024];
        struct stat st;
        /* a path too long to hold whole is left out, never cut short (it
         * could name another file) */
        if ((size_t)snprintf(path, sizeof path, "%s%s", ui->files.dir, e->d_name) >= sizeof path)
            continue;
        if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
            continue;
        if (ui->files.nfiles == cap) {
            cap = cap ? 2 * cap : 16;
            ui->files.files = xrealloc(ui->files.files, (size_t)cap * sizeof *ui->files.files);
        }
        UiSavedFile *f = &ui->files.files[ui->files.nfiles++];
        snprintf(f->path, sizeof f->path, "%s", path);
        snprintf(f->name, sizeof f->name, "%s", e->d_name);
        f->about[0] = 0;
        f->mtime = (long long)st.st_mtime;
    }
    if (d)
        closedir(d);
    if (!ui->files.nfiles) {
        if (ui->opt.online_only)
            ui_message(ui, false, "No saved game in the data folder (s saves the game there)");
        else
            load_prompt(ui);
        return;
    }
    qsort(ui->files.files, (size_t)ui->files.nfiles, sizeof *ui->files.files, newest_first);
    if (ui->files.nfiles > FILES_MAX)
        ui->files.nfiles = FILES_MAX;
    for (int i = 0; i < ui->files.nfiles; i++) {
        struct stat st;
        if (stat(ui->files.files[i].path, &st) == 0)
            describe_file(&ui->files.files[i], &st);
    }
    ui->files.sel = ui->files.top = 0;
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
    snprintf(buf, sizeof buf, "Saved games in %s (newest first)", ui->files.dir);
    if (ui_text_width(buf, NULL, 2000) <= w)
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), buf);
    else { /* narrow: the folder on a line of its own, its end kept in view */
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), "Saved games, newest first, in");
        const char *dir = records_path_end(ui->files.dir, w - 1);
        snprintf(buf, sizeof buf, "%s%s", dir == ui->files.dir ? "" : "...", dir);
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
    for (int i = 0; i < ui->files.nfiles && about_w > 0; i++) {
        int n = ui_wrapped_lines(ui->files.files[i].about, about_w);
        lines = n > lines ? n : lines;
    }
    lines = lines > 3 ? 3 : lines;
    int h = 1 + lines, rows = (LINES - y) / h;
    if (rows < 1)
        return;
    if (ui->files.sel < ui->files.top)
        ui->files.top = ui->files.sel;
    if (ui->files.sel >= ui->files.top + rows)
        ui->files.top = ui->files.sel - rows + 1;
    for (int i = ui->files.top; i < ui->files.nfiles && i - ui->files.top < rows; i++, y += h) {
        bool sel = i == ui->files.sel;
        attr_t a = ui_style(ui, sel ? STYLE_TITLE : STYLE_TEXT) | (sel ? A_REVERSE : 0);
        snprintf(buf, sizeof buf, " %s ", ui->files.files[i].name);
        ui_put(y, 1, w, a, buf);
        ui_put_wrapped(y + 1, 4, about_w, ui_style(ui, sel ? STYLE_TEXT : STYLE_DIM), ui->files.files[i].about, lines);
    }
}

static void files_move(Ui *ui, int by)
{
    int k = ui->files.sel + by;
    ui->files.sel = k < 0 ? 0 : k >= ui->files.nfiles ? ui->files.nfiles - 1 : k;
}

static void files_down(Ui *ui) { files_move(ui, 1); }
static void files_up(Ui *ui) { files_move(ui, -1); }
static void files_page_down(Ui *ui) { files_move(ui, 10); }
static void files_page_up(Ui *ui) { files_move(ui, -10); }

static void files_load(Ui *ui)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", ui->files.files[ui->files.sel].path);
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
