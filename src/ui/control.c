/* The game's flow on the screen: a move played (ui_play, whoever made it),
 * the AI's turn and its hints, the analysis and the review, a loss on time,
 * new games; the ai, analysis, review and play groups are written here
 * alone.  How a person picks a move is person.c's, the floor above; the
 * board view and cursor are in board.c, drawing in draw.c, the board's keys
 * in actions.c. */
#include "ui_internal.h"

#include "kage/rules/movegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ui_ai_open(Ui *ui, int wake_fd)
{
    ui->ai.player = player_new(ui->opt.level, wake_fd);
    player_set_threads(ui->ai.player, ui->opt.threads);
}

void ui_ai_close(Ui *ui)
{
    player_free(ui->ai.player);
    ui->ai.player = NULL;
}

void ui_ai_info_hide(Ui *ui, bool hidden) { ui->ai.info_hidden = hidden; }

void ui_ai_drop_held(Ui *ui) { ui->ai.holding = false; }

void ui_game_origin(Ui *ui, PgnGame *from)
{
    pgn_game_clear(&ui->play.from);
    if (from) {
        ui->play.from = *from;
        memset(from, 0, sizeof *from);
    }
}

bool ui_clock_check(Ui *ui)
{
    Game *g = ui->game;
    const UiTime *time = ui_time_view(ui);
    if (!clock_enabled(&time->clock) || ui_live_over(ui) || ui->opt.mode == PLAY_ONLINE) /* online: the server's flag */
        return false;
    int64_t left = clock_ms_to_flag(&time->clock);
    /* the AI is told its time; this is the net under it */
    if (left >= 0 && left < 300 && ui_ai_plays(ui, time->clock.turn) && ui->ai.player)
        player_hurry(ui->ai.player);
    int f = ui_clock_flag(ui);
    if (f < 0)
        return false;
    if (ui->ai.player)
        player_cancel(ui->ai.player);
    ui->ai.holding = false;
    ui_live_end(ui); /* the game ends where its line ends, whatever move is shown */
    ui_deselect(ui);
    ui->input = INPUT_BOARD;
    game_lose_on_time(g, (Color)f);
    char st[160];
    game_status_text(g, st, sizeof st);
    ui_game_over_message(ui, st);
    ui_autosave(ui);
    return true;
}

void ui_moves_text(const GameRecord *rec, int plies, char *buf, size_t size)
{
    /* the second player first (a FEN): "1... e5" is move 1 too */
    const char *side = rec->start_fen ? strchr(rec->start_fen, ' ') : NULL;
    int off = side && side[1] == 'b' ? 1 : 0, moves = (plies + off + 1) / 2;
    if (plies <= 0)
        moves = 0;
    snprintf(buf, size, "%d move%s", moves, moves == 1 ? "" : "s");
}

void ui_move_label(const Game *g, int ply, char *buf, size_t size)
{
    /* numbered as draw_moves numbers the list */
    Color root_side = g->rec.nmoves % 2 ? !g->pos->side : g->pos->side;
    int vp = ply + (root_side == BLACK ? 1 : 0), first_no = g->pos->fullmove > 0 ? g->pos->fullmove : 1;
    snprintf(buf, size, "%d.%s %s", first_no + vp / 2, vp % 2 ? ".." : "", g->san[ply]);
}

/* The position at the end of the line (a new one to free): the one the AI
 * thinks about, whatever move the board shows. */
static Position *live_position(const Ui *ui)
{
    const Game *g = ui->game;
    Position *p = pos_new(g->v);
    pos_copy(p, g->pos);
    for (int i = (ui_browse_view(ui)->on ? g->nredo : 0) - 1; i >= 0; i--)
        pos_make(p, g->redo[i]);
    return p;
}

static uint64_t live_key(const Ui *ui)
{
    if (!ui_browse_view(ui)->on || !ui->game->nredo)
        return ui->game->pos->st->key;
    Position *p = live_position(ui);
    uint64_t key = p->st->key;
    pos_free(p);
    return key;
}

/* A search starts on the position of `key` after `ply` moves of the line:
 * its lines are about that one. */
static void info_about(Ui *ui, uint64_t key, int ply)
{
    ui->ai.info[0] = 0;
    ui->ai.info_key = key;
    ui->ai.info_ply = ply;
}

bool ui_ai_info_current(const Ui *ui)
{
    const Game *g = ui->game;
    const Position *p = g->pos;
    if (!ui->ai.info[0] || ui->ai.info_ply < 0)
        return false;
    if (g->rec.nmoves == ui->ai.info_ply)
        return p->st->key == ui->ai.info_key;
    /* the AI's move just played: its line began with it */
    return g->rec.nmoves == ui->ai.info_ply + 1 && p->st > p->hist && p->st[-1].key == ui->ai.info_key;
}

/* Put g in play (the old game goes) with the mode, level and clock given. */
static void install_game(Ui *ui, Game *g, PlayMode mode, int level, const TimeControl *tc)
{
    if (ui->ai.player)
        player_cancel(ui->ai.player);
    game_free(ui->game);
    ui->game = g;
    ui_game_origin(ui, NULL); /* a loaded game's tags are the caller's to keep */
    ui_autosave_new_game(ui); /* the autosave, if any, holds another game */
    ui->opt.variant = g->v->def->id;
    ui->opt.mode = mode;
    ui->opt.level = level;
    if (ui->ai.player) {
        player_set_level(ui->ai.player, level);
        player_new_game(ui->ai.player);
    }
    ui_flip(ui, false);
    ui_browse_off(ui);
    ui->ai.holding = false;
    ui->ai.judged = false;
    ui->analysis.on = ui->analysis.running = false;
    ui_review_close(ui);
    ui_orient(ui);
    ui_cursor_home(ui);
    ui_deselect(ui);
    ui->input = INPUT_BOARD;
    ui->screen = SCREEN_GAME;
    info_about(ui, 0, -1);
    ui_layout(ui);
    ui_clock_new(ui, tc);
}

bool ui_game_in_progress(const Ui *ui) { return !game_over(ui->game) && ui->game->rec.nmoves > 0; }

bool ui_new_game(Ui *ui, const char *variant, const char *fen, PlayMode mode, int level, const TimeControl *tc)
{
    KageError err;
    const VariantDef *def = variant_find(variant);
    if (!def) {
        ui_message(ui, true, "unknown variant '%s'", variant);
        return false;
    }
    ui->ai.hint_shown = 0; /* a hint belongs to its game */
    Game *g = game_new(def, fen, &err);
    if (!g) {
        ui_message(ui, true, "bad position: %s", err.msg);
        return false;
    }
    install_game(ui, g, mode, level, tc);
    ui_message(ui, false, "New game of %s: %s. Press ? for help.", def->name, options_mode_text(mode));
    return true;
}

bool ui_game_from_record(Ui *ui, const GameRecord *rec, PlayMode mode, int level, const TimeControl *tc)
{
    KageError err;
    Game *g = game_from_record(rec, &err);
    if (!g) {
        ui_message(ui, true, "%s", err.msg);
        return false;
    }
    install_game(ui, g, mode, level, tc);
    return true;
}

/* What the AI's finished search thought of the position after `ply` moves,
 * for a draw offer. */
static void remember_judgement(Ui *ui, int ply)
{
    ui->ai.judged = player_score(ui->ai.player, &ui->ai.judged_cp, &ui->ai.judged_mate);
    ui->ai.judged_ply = ply;
}

static void play_pending(Ui *ui);

/* After a move by either player: the clock, the result, the autosave.  An AI
 * move (who names its side) leaves an open prompt or question alone (a typed
 * move, a file name, "quit?"): the person is in the middle of it.  Only a
 * choice between moves, or a question about a move, belongs to the old
 * position. */
static void after_move(Ui *ui, const char *who, const char *text)
{
    Game *g = ui->game;
    ui_browse_off(ui);
    ui_clock_moved(ui);
    ui_deselect(ui);
    bool keep = who[0] && (ui->input == INPUT_PROMPT ||
                           (ui->input == INPUT_CONFIRM && ui_status_view(ui)->on_yes != play_pending));
    if (!keep)
        ui->input = INPUT_BOARD;
    ui_orient(ui);
    ui_cursor_fix(ui);
    if (who[0] || (!game_over(g) && pos_in_check(g->pos))) /* the AI's move, or a check */
        ui_bell(ui);
    if (game_over(g)) {
        char st[160], what[256];
        game_status_text(g, st, sizeof st);
        snprintf(what, sizeof what, "%s%s%s. %s", who, who[0] ? " played " : "", text, st);
        ui_game_over_message(ui, what);
    } else if (ui_status_view(ui)->msg_keep)
        ; /* a start-up problem stays until a key is pressed */
    else if (who[0] && ui->opt.mode == PLAY_WATCH && ui_message_error_fresh(ui))
        ui_message_log_only(ui, "%s played %s", who, text); /* the person reads the error first */
    else if (who[0])
        ui_message(ui, false, "%s played %s", who, text);
    else
        ui_message_clear(ui);
    ui_autosave(ui);
}

static void play_now(Ui *ui, Move m)
{
    char text[MOVE_TEXT_MAX];
    if (ui_clock_check(ui))
        return; /* the flag fell before the move */
    if (ui->game->nredo && ui->ai.player && ui_ai_plays(ui, ui_live_side(ui)))
        player_cancel(ui->ai.player); /* a new line: the AI's move was for the old one */
    move_to_text(ui->game->pos, m, MOVE_FOR_PEOPLE, text);
    game_play(ui->game, m);
    after_move(ui, "", text);
}

static void play_pending(Ui *ui) { play_now(ui, ui->play.pending_move); }

void ui_play(Ui *ui, Move m)
{
    Game *g = ui->game;
    if (ui->opt.mode == PLAY_ONLINE) { /* the server plays it, and sends it back */
        ui_online_play(ui, m);
        return;
    }
    if (ui_time_view(ui)->paused) {
        ui_message(ui, true, "The clocks are paused: p goes on");
        return;
    }
    if (ui_browse_view(ui)->on && g->nredo) { /* a new line from an earlier point */
        char text[MOVE_TEXT_MAX], q[200], next[GAME_SAN_MAX + 16];
        move_to_text(g->pos, m, MOVE_FOR_PEOPLE, text);
        ui_move_label(g, g->rec.nmoves, next, sizeof next);
        /* plies, named so: "1... e5" alone is one of them */
        snprintf(q, sizeof q, "Play %s here and drop the %d %s from %s on? (y/n)", text, g->nredo,
                 g->nredo == 1 ? "ply" : "plies", next);
        ui->play.pending_move = m;
        ui_deselect(ui);
        ui_confirm(ui, q, play_pending);
        return;
    }
    play_now(ui, m);
}

/* The clocks as the AI is told them. */
static void ai_time(const Ui *ui, PlayerTime *t)
{
    memset(t, 0, sizeof *t);
    for (Color c = WHITE; c <= BLACK; c++) {
        ClockSide s = clock_side_now(&ui_time_view(ui)->clock, c);
        if (ui_time_view(ui)->tc.kind == CLOCK_BYOYOMI && s.byoyomi)
            t->time_ms[c] = 0;
        else
            t->time_ms[c] = (int)s.left_ms;
        if (ui_time_view(ui)->tc.kind == CLOCK_FISCHER)
            t->inc_ms[c] = (int)ui_time_view(ui)->tc.extra_ms;
    }
    if (ui_time_view(ui)->tc.kind == CLOCK_BYOYOMI)
        t->byoyomi_ms = (int)ui_time_view(ui)->tc.extra_ms;
}

/* Watch mode shows each move for at least ui->ai.watch_ms (+ and - choose
 * among these; 600 ms to start with). */
static const int watch_steps_ms[] = {150, 300, 600, 1200, 2500, 5000};
#define WATCH_MOVE_MS (ui->ai.watch_ms ? ui->ai.watch_ms : 600)

void ui_watch_speed(Ui *ui, int dir)
{
    int n = (int)(sizeof watch_steps_ms / sizeof watch_steps_ms[0]), k = 0;
    while (k < n - 1 && watch_steps_ms[k] < WATCH_MOVE_MS)
        k++;
    k = k - dir < 0 ? 0 : k - dir >= n ? n - 1 : k - dir; /* faster: a shorter wait */
    ui->ai.watch_ms = watch_steps_ms[k];
    ui_message(ui, false, "Watching: a move every %.2g s at most (+ faster, - slower, p pauses)",
               ui->ai.watch_ms / 1000.0);
    ui_message_keep(ui, true); /* the moves that follow would hide it at once */
}

/* The AI's move goes at the end of the line; a person browsing back stays
 * on the move they look at (browsing is a view), unless the game ends. */
static void ai_play(Ui *ui, Move m)
{
    Game *g = ui->game;
    char text[MOVE_TEXT_MAX];
    int view = ui_browse_view(ui)->on && g->nredo ? g->rec.nmoves : -1;
    ui_live_end(ui);
    if (ui_clock_check(ui))
        return;
    if (!movegen_is_legal(g->pos, m)) {
        ui_message(ui, true, "the AI found no move");
        view = view < 0 ? g->rec.nmoves : view;
    } else {
        move_to_text(g->pos, m, MOVE_FOR_PEOPLE, text);
        game_play(g, m);
        ui->ai.last_move_ms = clock_monotonic_ms(NULL);
        after_move(ui, game_side_name(g, !g->pos->side), text);
    }
    if (view < 0 || view >= g->rec.nmoves || game_over(g))
        return;
    ui_browse_start(ui, (GameResult){OUTCOME_NONE, END_NONE}, false);
    while (g->rec.nmoves > view && game_undo(g))
        ;
    ui_cursor_fix(ui);
    ui_clock_turn(ui);
    if (!ui_status_view(ui)->msg_keep && !ui_status_view(ui)->msg_error)
        ui_message(ui, false, "%s played %s (End shows it)", game_side_name(g, ui_live_side(ui) == WHITE ? BLACK : WHITE),
                   text);
}

/* May the AI analyse now?  Not while it has a move of its own to find. */
static bool analysis_allowed(const Ui *ui)
{
    /* browsing back is no pause: the AI still thinks about its move */
    return ui_live_over(ui) || !ui_ai_plays(ui, ui_live_side(ui)) || ui_time_view(ui)->paused;
}

/* The hint found for the person to move: named, and the cursor on the piece. */
static void show_hint(Ui *ui, Move m)
{
    Game *g = ui->game;
    if (game_over(g) || !movegen_is_legal(g->pos, m)) {
        ui_message(ui, true, "No hint: the AI found no move");
        return;
    }
    char text[MOVE_TEXT_MAX];
    move_to_text(g->pos, m, MOVE_FOR_PEOPLE, text);
    if (move_kind(m) != MOVE_DROP) {
        ui_cursor_to(ui, g->v->file_of[move_from(m)], g->v->rank_of[move_from(m)]);
    }
    /* both squares marked (a drop's target) until the position changes */
    ui->ai.hint = m;
    ui->ai.hint_shown = g->pos->st->key;
    ui_message(ui, false, "Hint: %s", text);
}

void ui_hint(Ui *ui)
{
    Game *g = ui->game;
    if (game_over(g)) {
        ui_message(ui, true, "The game is over: no hint");
        return;
    }
    if (ui_ai_plays(ui, g->pos->side) || !analysis_allowed(ui)) {
        ui_message(ui, true, "Hints are for your moves; the AI is to move");
        return;
    }
    if (ui->ai.hinting)
        return;
    if (ui->analysis.on) {
        ui_message(ui, true, "The analysis is on: its best line is in the panel (A stops it)");
        return;
    }
    if (ui->review.running) {
        ui_message(ui, true, "The review is running: no hint until it is done (V stops it)");
        return;
    }
    ui->ai.hinting = true;
    ui->ai.hint_key = g->pos->st->key;
    player_start_hint(ui->ai.player, g->pos);
    info_about(ui, g->pos->st->key, g->rec.nmoves);
    ui_message(ui, false, "Looking for a hint...");
}

void ui_move_now(Ui *ui)
{
    if (ui->ai.holding) { /* watch mode: the move waiting to be shown */
        ui->ai.holding = false;
        ai_play(ui, ui->ai.held_move);
    } else if (!ui_live_over(ui) && ui_ai_plays(ui, ui_live_side(ui)) && player_busy(ui->ai.player)) {
        player_hurry(ui->ai.player);
        ui_message(ui, false, "The AI plays the best move it has found");
    } else
        ui_message(ui, true, "The AI is not thinking");
}

int ui_ai_timeout(const Ui *ui)
{
    if (!ui->ai.holding || ui_time_view(ui)->paused)
        return -1;
    int64_t wait = ui->ai.last_move_ms + WATCH_MOVE_MS - clock_monotonic_ms(NULL);
    return wait < 1 ? 1 : (int)wait;
}

void ui_analyse(Ui *ui)
{
    if (ui->analysis.on) {
        ui->analysis.on = false;
        if (ui->analysis.running)
            player_cancel(ui->ai.player);
        ui->analysis.running = false;
        ui->ai.info[0] = 0;
        ui_message(ui, false, "Analysis off");
        return;
    }
    if (ui->opt.mode == PLAY_WATCH && !ui_live_over(ui) && !ui_time_view(ui)->paused) {
        ui_message(ui, true, "The AI is playing itself: analysis when it stops (p pauses it)");
        return;
    }
    if (ui->ai.hinting) {
        player_cancel(ui->ai.player);
        ui->ai.hinting = false;
    }
    if (ui->review.running)
        ui_review_close(ui); /* one search at a time */
    ui->analysis.on = true;
    ui->analysis.scored = false;
    ui_message(ui, false, "Analysis: the AI studies the position on the board (A stops it)");
}

/* --- the review ---------------------------------------------------------------------------- */

/* Nodes a position: a 40-move game reviews in a few seconds */
#define REVIEW_NODES_8X8 60000
#define REVIEW_NODES_LARGE 25000

double ui_score_share(int cp, int mate)
{
    if (mate)
        return mate > 0 ? 1.0 : 0.0;
    if (cp >= REVIEW_MATE || cp <= -REVIEW_MATE)
        return cp > 0 ? 1.0 : 0.0;
    return 0.5 + 0.5 * cp / (double)(abs(cp) + 400); /* a sigmoid: +4.00 is 3/4 */
}

void ui_review_close(Ui *ui)
{
    if (ui->review.running && ui->ai.player)
        player_cancel(ui->ai.player);
    ui->review.on = ui->review.running = false;
    free(ui->review.scores);
    ui->review.scores = NULL;
    ui->review.done = ui->review.n = 0;
}

void ui_review(Ui *ui)
{
    Game *g = ui->game;
    if (ui->review.on) {
        ui_review_close(ui);
        ui_message(ui, false, "Review closed");
        return;
    }
    int n = g->rec.nmoves + g->nredo;
    if (!ui->ai.player) {
        ui_message(ui, true, "No AI here to review the game");
        return;
    }
    if (n == 0) {
        ui_message(ui, true, "No moves to review yet");
        return;
    }
    if (!game_over(g) && !ui_browse_view(ui)->on && ui->opt.mode != PLAY_HOTSEAT) {
        ui_message(ui, true, "The review comes after the game (or browse back to review the moves so far)");
        return;
    }
    if (ui->analysis.on)
        ui_analyse(ui); /* one search at a time */
    if (ui->ai.hinting) {
        player_cancel(ui->ai.player);
        ui->ai.hinting = false;
    }
    /* the whole line, whatever move is shown */
    Position *end = pos_new(g->v);
    pos_copy(end, g->pos);
    for (int i = g->nredo - 1; i >= 0; i--)
        pos_make(end, g->redo[i]);
    bool large = g->v->files * g->v->ranks > 64;
    player_start_review(ui->ai.player, end, large ? REVIEW_NODES_LARGE : REVIEW_NODES_8X8);
    pos_free(end);
    ui->review.scores = xcalloc((size_t)n + 1, sizeof *ui->review.scores);
    ui->review.n = n;
    ui->review.done = 0;
    ui->review.on = ui->review.running = true;
    ui_message(ui, false, "Reviewing the game: the AI scores every position (%sV closes the review)",
               ui->lay.panel_below ? "L shows it, " : "");
}

const char *ui_review_mark(const Ui *ui, int ply)
{
    if (!ui->review.on || ply < 0 || ply + 1 >= ui->review.done)
        return "";
    const Game *g = ui->game;
    Color root_side = g->rec.nmoves % 2 ? !g->pos->side : g->pos->side;
    Color mover = ply % 2 ? !root_side : root_side;
    double before = ui_score_share(ui->review.scores[ply], 0), after = ui_score_share(ui->review.scores[ply + 1], 0);
    double drop = mover == WHITE ? before - after : after - before;
    return drop >= 0.2 ? "??" : drop >= 0.1 ? "?" : "";
}

/* The review follows its search; a change to the line (a move played after
 * browsing back) ends it, as does the AI having a move of its own to find. */
static void review_step(Ui *ui)
{
    Game *g = ui->game;
    if (g->rec.nmoves + g->nredo != ui->review.n) {
        ui_review_close(ui);
        ui_message(ui, false, "The game changed: V reviews it again");
        return;
    }
    if (!ui->review.running)
        return;
    ui->review.done = player_review(ui->ai.player, ui->review.scores, ui->review.n + 1);
    Move m;
    if (player_poll(ui->ai.player, &m) || !player_busy(ui->ai.player)) {
        ui->review.running = false;
        ui->review.done = player_review(ui->ai.player, ui->review.scores, ui->review.n + 1);
        ui_message(ui, false, "Review done%s: ?? marks a move that lost a fifth of the expected result, ? a tenth",
                   ui->lay.panel_below && !ui_look_view(ui)->legend ? " (L shows the graph and the moves)" : "");
    }
}

/* The analysis follows the position on the board: a new search whenever it
 * changes, its line and score for the panel. */
static void analysis_step(Ui *ui)
{
    Game *g = ui->game;
    uint64_t key = g->pos->st->key;
    if (!ui->ai.player)
        return;
    if (!ui->analysis.running || key != ui->analysis.key) {
        player_start_analysis(ui->ai.player, g->pos);
        info_about(ui, key, g->rec.nmoves);
        ui->analysis.running = true;
        ui->analysis.key = key;
        ui->analysis.scored = false;
    }
    player_info(ui->ai.player, ui->ai.info, sizeof ui->ai.info);
    if (player_score(ui->ai.player, &ui->analysis.cp, &ui->analysis.mate))
        ui->analysis.scored = true;
}

void ui_ai_step(Ui *ui)
{
    Game *g = ui->game;
    Move m;
    if (ui->review.on) {
        if (!ui->review.running || analysis_allowed(ui)) {
            review_step(ui);
            if (ui->review.running)
                return;
        } else {
            ui_review_close(ui);
            ui_message(ui, false, "Review stopped: the AI has its move to find");
        }
    }
    if (ui->analysis.on && analysis_allowed(ui)) {
        analysis_step(ui);
        return;
    }
    if (ui->analysis.running) { /* the AI's own move comes first */
        player_cancel(ui->ai.player);
        ui->analysis.running = false;
    }
    bool ai_turn = !ui_live_over(ui) && ui_ai_plays(ui, ui_live_side(ui));
    if (ui->ai.holding) {
        if (!ai_turn)
            ui->ai.holding = false;
        else if (!ui_time_view(ui)->paused && clock_monotonic_ms(NULL) >= ui->ai.last_move_ms + WATCH_MOVE_MS) {
            ui->ai.holding = false;
            ai_play(ui, ui->ai.held_move);
        }
    } else if (ui->ai.hinting) {
        if (ai_turn || g->pos->st->key != ui->ai.hint_key) {
            /* the position changed under the hint (a move, undo, a new game) */
            player_cancel(ui->ai.player);
            ui->ai.hinting = false;
        } else if (player_poll(ui->ai.player, &m)) {
            ui->ai.hinting = false;
            remember_judgement(ui, g->rec.nmoves);
            show_hint(ui, m);
        } else if (!player_busy(ui->ai.player)) /* cancelled on the way */
            ui->ai.hinting = false;
    } else if (player_poll(ui->ai.player, &m)) {
        /* its own move, for the position at the line's end (not one that
         * a move from a browsed point has replaced) */
        bool own = ai_turn && live_key(ui) == ui->ai.search_key;
        if (own)
            remember_judgement(ui, ui_live_plies(ui));
        if (own && m != MOVE_NONE) {
            if (ui->opt.mode == PLAY_WATCH &&
                (ui_time_view(ui)->paused || clock_monotonic_ms(NULL) < ui->ai.last_move_ms + WATCH_MOVE_MS)) {
                ui->ai.held_move = m; /* so that a person can follow the game */
                ui->ai.holding = true;
            } else
                ai_play(ui, m);
        } else if (own)
            ui_message(ui, true, "the AI found no move");
    }
    if (!ui->ai.player) /* a screen without its AI (the tests): only a held move to play */
        return;
    player_info(ui->ai.player, ui->ai.info, sizeof ui->ai.info);
    bool wait =
        ui->screen == SCREEN_NEWGAME || ui_resume_view(ui)->offered || ui_time_view(ui)->paused || ui->ai.holding;
    ai_turn = !ui_live_over(ui) && ui_ai_plays(ui, ui_live_side(ui)); /* after any move just played */
    if (ai_turn && !player_busy(ui->ai.player) && !wait) {
        PlayerTime t;
        ai_time(ui, &t);
        Position *live = live_position(ui); /* browsing back is only a view */
        player_start(ui->ai.player, live, clock_enabled(&ui_time_view(ui)->clock) ? &t : NULL);
        ui->ai.search_key = live->st->key;
        info_about(ui, live->st->key, ui_live_plies(ui));
        pos_free(live);
    }
}
