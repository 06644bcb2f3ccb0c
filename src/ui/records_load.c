/* Loading a PGN file on the game screen: the file read (the game in
 * progress replaced only after a yes), its one game played, or its games
 * shown on the pick screen to choose one of them.  A game loaded keeps its
 * tags and comments (control.c keeps them: play.from) for the next save. */
#include "ui_internal.h"

#include "records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Play game k of the picks; the picks are freed. */
static void load_pick(Ui *ui, int k)
{
    PgnGame *pg = &ui->pick.games.games[k];
    TimeControl tc = pg->tc;
    if (ui_game_from_record(ui, &pg->rec, ui->opt.mode, ui->opt.level, &tc)) {
        ui_game_origin(ui, pg); /* its tags and comments, for a save */
        const PgnGame *from = &ui_play_view(ui)->from;
        /* the clocks as its clock comments left them (a byo-yomi's periods
         * cannot be told from them) */
        Clock c = ui_time_view(ui)->clock;
        if (clock_enabled(&c) && tc.kind != CLOCK_BYOYOMI && c.flagged < 0) {
            Color side = ui->game->pos->side, first = from->rec.nmoves % 2 ? !side : side;
            int64_t left[2];
            pgn_clocks_left(from, first, left);
            for (Color who = WHITE; who <= BLACK; who++)
                if (left[who] >= 0)
                    c.side[who].left_ms = left[who];
            ui_clock_set(ui, NULL, &c);
        }
        if (ui->game->result_by_agreement) /* a resignation, a loss on time ... */
            ui_clock_turn(ui);
        char st[160], moves[32];
        game_status_text(ui->game, st, sizeof st);
        ui_moves_text(&from->rec, from->rec.nmoves, moves, sizeof moves);
        if (ui->pick.games.count > 1)
            ui_message(ui, false, "Loaded game %d of %d of %s: %s, %s (PageUp and Home browse)", k + 1,
                       ui->pick.games.count, ui->pick.file, moves, st);
        else
            ui_message(ui, false, "Loaded %s: %s, %s, %s (PageUp and Home browse)", ui->pick.file,
                       from->rec.def->name, moves, st);
        ui_autosave(ui);
    }
    pgn_games_free(&ui->pick.games);
    ui->screen = SCREEN_GAME;
}

void ui_pick_free(Ui *ui) { pgn_games_free(&ui->pick.games); }

/* The file is read: play its game, or offer its games to pick one. */
static void load_go(Ui *ui)
{
    if (ui->pick.games.count == 1) {
        load_pick(ui, 0);
        return;
    }
    if (ui_ai_view(ui)->player)
        player_cancel(ui_ai_view(ui)->player);
    ui->pick.sel = ui->pick.top = 0;
    ui->screen = SCREEN_PICK;
}

static void load_keep(Ui *ui)
{
    pgn_games_free(&ui->pick.games);
    ui_message(ui, false, "Nothing loaded; the game goes on");
}

bool ui_load_file(Ui *ui, const char *typed)
{
    char path[1024];
    KageError err;
    size_t len;
    ui_path_typed(typed, path, sizeof path);
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
    pgn_games_free(&ui->pick.games);
    ui->pick.games = games;
    snprintf(ui->pick.file, sizeof ui->pick.file, "%s", path);
    if (ui_game_in_progress(ui)) {
        char q[300];
        snprintf(q, sizeof q, "Replace the game in progress with %.200s? (y/n)", records_base_name(path));
        ui_confirm_or(ui, q, load_go, load_keep);
        return true;
    }
    load_go(ui);
    return true;
}


/* The games of a file to pick one: a line each where it fits, else two (the
 * players, then the variant, result, length and line), so that each is read
 * whole on a phone too. */
void ui_draw_pick(Ui *ui)
{
    char buf[1400], about[400];
    int y = 0, w = COLS - 1;
    snprintf(buf, sizeof buf, "%d games in %s", ui->pick.games.count, ui->pick.file);
    if (ui_text_width(buf, NULL, 2000) <= w)
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), buf);
    else { /* narrow: the file on a line of its own, its end kept in view */
        snprintf(buf, sizeof buf, "%d games in", ui->pick.games.count);
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), buf);
        const char *f = records_path_end(ui->pick.file, w - 3);
        snprintf(buf, sizeof buf, "%s%s", f == ui->pick.file ? "" : "...", f);
        ui_put(y++, 1, w, ui_style(ui, STYLE_TITLE), buf);
    }
    ui_put(y++, 1, w, ui_style(ui, STYLE_DIM),
           w >= 56 ? "Up/Down: choose   Enter: load   Esc: back to the game" : "Enter: load  Esc: back");
    y++;
    bool two_lines = false;
    for (int i = 0; i < ui->pick.games.count && !two_lines; i++) {
        const PgnGame *g = &ui->pick.games.games[i];
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
    if (ui->pick.sel < ui->pick.top)
        ui->pick.top = ui->pick.sel;
    if (ui->pick.sel >= ui->pick.top + rows)
        ui->pick.top = ui->pick.sel - rows + 1;
    for (int i = ui->pick.top; i < ui->pick.games.count && i - ui->pick.top < rows; i++, y += h) {
        const PgnGame *g = &ui->pick.games.games[i];
        const char *wh = pgn_tag(g, "White"), *bl = pgn_tag(g, "Black"), *res = pgn_tag(g, "Result");
        bool sel = i == ui->pick.sel;
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
    int n = ui->pick.games.count;
    ui->pick.sel = ui->pick.sel + 1 < n ? ui->pick.sel + 1 : n - 1;
}

static void pick_up(Ui *ui) { ui->pick.sel = ui->pick.sel > 0 ? ui->pick.sel - 1 : 0; }

static void pick_page_down(Ui *ui)
{
    int n = ui->pick.games.count;
    ui->pick.sel = ui->pick.sel + 10 < n ? ui->pick.sel + 10 : n - 1;
}

static void pick_page_up(Ui *ui) { ui->pick.sel = ui->pick.sel > 10 ? ui->pick.sel - 10 : 0; }

static void pick_load(Ui *ui) { load_pick(ui, ui->pick.sel); }

static void pick_back(Ui *ui)
{
    pgn_games_free(&ui->pick.games);
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
