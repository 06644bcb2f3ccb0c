/* Game records on the game screen: save the game as PGN, load one (and pick
 * a game from a file of several), start from a FEN, resume the autosave,
 * show the FEN and PGN as plain text to select with the mouse, and browse
 * through the game. */
#include "ui_internal.h"

#include "kage/rules/movegen.h"
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A typed path: "~/" is the home directory. */
static void expand_path(const char *in, char *out, size_t size)
{
    const char *home = getenv("HOME");
    while (*in == ' ')
        in++;
    if (in[0] == '~' && (in[1] == '/' || !in[1]) && home)
        snprintf(out, size, "%s%s", home, in + 1);
    else
        snprintf(out, size, "%s", in);
    size_t n = strlen(out);
    while (n && out[n - 1] == ' ') /* a pasted path may end in a blank */
        out[--n] = 0;
}

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
    if (!text)
        ui_message(ui, true, "The game cannot be written as PGN: %s", err.msg);
    return text;
}

static void write_text(Ui *ui, const char *typed, const char *text, const char *what)
{
    char path[1024];
    KageError err;
    expand_path(typed, path, sizeof path);
    if (!path[0]) {
        ui_message(ui, true, "No file name: nothing written");
        return;
    }
    if (config_write_atomic(path, text, strlen(text), &err))
        ui_message(ui, false, "%s written to %s", what, path);
    else
        ui_message(ui, true, "%s", err.msg);
}

static void save_submit(Ui *ui, const char *typed)
{
    char *pgn = ui_game_pgn(ui);
    if (!pgn)
        return;
    write_text(ui, typed, pgn, "The game");
    free(pgn);
}

void ui_save_game(Ui *ui)
{
    char path[1024];
    default_file(ui, "pgn", path, sizeof path);
    ui_deselect(ui);
    ui_prompt(ui, "Save the game (PGN) to: ", path, save_submit);
}

static void fen_file_submit(Ui *ui, const char *typed)
{
    char *fen = game_fen(ui->game);
    size_t n = strlen(fen);
    char *line = xmalloc(n + 2);
    memcpy(line, fen, n);
    memcpy(line + n, "\n", 2);
    write_text(ui, typed, line, "The FEN");
    free(line);
    free(fen);
}

/* --- loading ------------------------------------------------------------------------------ */

/* Play game k of the picks; the picks are freed. */
static void load_pick(Ui *ui, int k)
{
    PgnGame *pg = &ui->load.games.games[k];
    TimeControl tc = pg->tc;
    if (ui_game_from_record(ui, &pg->rec, ui->opt.mode, ui->opt.level, &tc)) {
        if (ui->game->result_by_agreement) /* a resignation, a loss on time ... */
            ui_clock_turn(ui);
        char st[160];
        game_status_text(ui->game, st, sizeof st);
        if (ui->load.games.count > 1)
            ui_message(ui, false, "Loaded game %d of %d of %s: %d move%s, %s (PageUp and Home browse)", k + 1,
                       ui->load.games.count, ui->load.file, pg->rec.nmoves, pg->rec.nmoves == 1 ? "" : "s", st);
        else
            ui_message(ui, false, "Loaded %s: %s, %d move%s, %s (PageUp and Home browse)", ui->load.file,
                       pg->rec.def->name, pg->rec.nmoves, pg->rec.nmoves == 1 ? "" : "s", st);
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

void ui_load_game(Ui *ui)
{
    char dir[1024];
    KageError err;
    if (config_dir(KAGE_DIR_DATA, false, dir, sizeof dir - 1, &err))
        strcat(dir, "/");
    else
        dir[0] = 0;
    ui_deselect(ui);
    ui_prompt(ui, "Load a PGN file: ", dir, load_submit);
}

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

void ui_draw_pick(Ui *ui)
{
    char buf[1400];
    snprintf(buf, sizeof buf, "%d games in %s", ui->load.games.count, ui->load.file);
    ui_put(0, 1, COLS - 1, ui_style(ui, STYLE_TITLE), buf);
    ui_put(1, 1, COLS - 1, ui_style(ui, STYLE_DIM), "Up/Down: choose   Enter: load   Esc: back to the game");
    int rows = LINES - 3;
    if (rows < 1)
        return;
    if (ui->load.sel < ui->load.top)
        ui->load.top = ui->load.sel;
    if (ui->load.sel >= ui->load.top + rows)
        ui->load.top = ui->load.sel - rows + 1;
    for (int i = ui->load.top; i < ui->load.games.count && i - ui->load.top < rows; i++) {
        const PgnGame *g = &ui->load.games.games[i];
        const char *w = pgn_tag(g, "White"), *b = pgn_tag(g, "Black"), *res = pgn_tag(g, "Result");
        snprintf(buf, sizeof buf, " %3d  %s - %s  %s  %s  %d moves  (line %d) ", i + 1, w ? w : "?", b ? b : "?",
                 g->rec.def->name, res ? res : "*", g->rec.nmoves, g->line);
        attr_t a = ui_style(ui, i == ui->load.sel ? STYLE_TITLE : STYLE_TEXT) | (i == ui->load.sel ? A_REVERSE : 0);
        ui_put(3 + i - ui->load.top, 1, COLS - 1, a, buf);
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

/* Every key takes the screen back first. */
static void text_leave(Ui *ui)
{
    ui_text_mode(ui, false, NULL);
    ui->screen = SCREEN_GAME;
}

static void text_write_pgn(Ui *ui)
{
    text_leave(ui);
    ui_save_game(ui);
}

static void text_write_fen(Ui *ui)
{
    char path[1024];
    text_leave(ui);
    default_file(ui, "fen", path, sizeof path);
    ui_deselect(ui);
    ui_prompt(ui, "Save the FEN to: ", path, fen_file_submit);
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
        if (s->has_clock) { /* the times as they were, on this session's clock */
            ui->time.clock = s->clock;
            ui->time.clock.turn = ui->game->pos->side;
            ui_clock_turn(ui);
        }
        ui_message(ui, false, "Resumed the unfinished game of %s: %d move%s, %s to move", s->rec.def->name, s->rec.nmoves, s->rec.nmoves == 1 ? "" : "s",
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
    ui_clock_turn(ui);
    ui_message(ui, false, "A new game; the unfinished one is replaced when you make a move");
    if (ui->status.notice[0])
        ui_message(ui, true, "%s", ui->status.notice);
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
    snprintf(aside, sizeof aside, "%s.damaged", path);
    if (path[0] && rename(path, aside) == 0)
        ui_message(ui, true, "The autosave could not be read (%s). A new game; the old file is kept as %s", why,
                   aside);
    else
        ui_message(ui, true, "The autosave could not be read (%s). A new game.", why);
    ui->status.msg_keep = true;
}

void ui_resume_start(Ui *ui, bool now)
{
    KageError err;
    SaveGame s;
    int r = savegame_load(ui->save.autosave_path, NULL, NULL, &s, &err);
    if (r < 0) {
        resume_damaged(ui, err.msg);
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
        return;
    }
    bool over = game_over(g);
    game_free(g);
    if (over) { /* nothing to resume */
        savegame_free(&s);
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
    snprintf(q, sizeof q, "Resume the unfinished game? (y/n)  %s, %s, %d move%s%s", s.rec.def->name, s.mode, s.rec.nmoves,
             s.rec.nmoves == 1 ? "" : "s", clocks);
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
    if (ui->ai.player)
        player_cancel(ui->ai.player);
    ui->ai.holding = false;
    ui_deselect(ui);
    if (!ui->browse.on) {
        ui->browse.on = true;
        ui->browse.end = g->result_by_agreement ? g->rec.result : (GameResult){OUTCOME_NONE, END_NONE};
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
    int total = g->rec.nmoves + g->nredo;
    if (g->nredo)
        ui_message(ui, false, "Move %d of %d (PageUp/PageDown, Home/End; a move here starts a new line)",
                   g->rec.nmoves, total);
    else
        ui_message(ui, false, "The last move: play on from here");
}
