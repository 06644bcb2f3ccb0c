/* Unit tests of timed play and the AI as a person meets them, driven
 * without a terminal on the screen model: browsing back is a view (the
 * clock of the side to move runs, the AI goes on thinking and its move goes
 * at the end of the line), the first moves are not timed, the panel never
 * shows the AI's line about a position no longer on the board.  Some use a
 * real AI player at level 1, waited for at most a few seconds.
 * Names read function__behaviour__condition. */
#include "kage/ui/ui.h"
#include "test_ui.h"
#include "test_ui_model.h"
#include "ui_internal.h"

#include "kage/rules/notation.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

static int64_t fake_ms;
static int64_t fake_now(void *ctx)
{
    (void)ctx;
    return fake_ms;
}

static int wake[2] = {-1, -1};

/* A game on an 80x24 model screen, its clock on the test's time; with_ai:
 * a real AI player at level 1 (woken through a pipe the test drains). */
static void play_on(Ui *ui, const char *variant, PlayMode mode, const char *clock, bool with_ai)
{
    if (!ui_model_ready())
        skip();
    resizeterm(24, 80);
    memset(ui, 0, sizeof *ui);
    theme_builtin("default", &ui->look.theme);
    ui->look.glyphs = GLYPHS_UNICODE;
    options_defaults(&ui->opt);
    TimeControl tc = {.kind = CLOCK_NONE};
    KageError err;
    if (clock)
        assert_true(clock_tc_parse(clock, &tc, &err));
    if (with_ai) {
        assert_int_equal(pipe(wake), 0);
        fcntl(wake[0], F_SETFL, O_NONBLOCK);
        fcntl(wake[1], F_SETFL, O_NONBLOCK);
        ui->ai.player = player_new(1, wake[1]);
    }
    assert_true(ui_new_game(ui, variant, NULL, mode, 1, &tc));
    ui->time.clock.now = fake_now; /* the clock runs on the test's time */
    ui->time.clock.started = fake_ms;
}

static void play_off(Ui *ui)
{
    if (ui->ai.player) {
        player_free(ui->ai.player);
        close(wake[0]);
        close(wake[1]);
        wake[0] = wake[1] = -1;
    }
    game_free(ui->game);
}

static void play(Ui *ui, const char *text)
{
    Move m;
    KageError err;
    if (!move_from_text(ui->game->pos, text, MOVE_FOR_PEOPLE, &m, &err))
        fail_msg("%s: %s", text, err.msg);
    ui_play(ui, m);
}

/* Step the AI (as the screen's loop does on each wake-up) until the line
 * has `plies` moves; fails after 20 s. */
static void ai_until(Ui *ui, int plies)
{
    struct timespec t0, t, nap = {0, 5 * 1000 * 1000};
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        char drain[64];
        while (read(wake[0], drain, sizeof drain) > 0)
            ;
        ui_ai_step(ui);
        if (ui->game->rec.nmoves + ui->game->nredo >= plies)
            return;
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (t.tv_sec - t0.tv_sec > 20)
            fail_msg("the AI did not move within 20 s: %d of %d plies", ui->game->rec.nmoves + ui->game->nredo,
                     plies);
        nanosleep(&nap, NULL);
    }
}

/* The panel line of side `name` ("Kingdom"): does it start with the mark of
 * the side to move? */
static bool marked(const char *name)
{
    for (int y = 0; y < LINES; y++) {
        const char *l = line(y);
        const char *at = strstr(l, name);
        if (at && at[strlen(name)] == ':')
            return strstr(l, "▶") != NULL && strstr(l, "▶") < at;
    }
    fail_msg("no panel line for %s", name);
    return false;
}

/* --- the first moves ------------------------------------------------------------------------ */

/* As on pychess.org: neither side's clock runs before its own first move;
 * with 0+5 byo-yomi the second player does not lose on time on it. */
static void ui_clock__first_moves__neither_side_timed(void **state)
{
    (void)state;
    Ui ui;
    fake_ms = 1000;
    play_on(&ui, "shinobiplus", PLAY_HOTSEAT, "0+5 byo", false);
    fake_ms += 60000;
    assert_false(ui_clock_check(&ui));
    play(&ui, "e4");
    assert_int_equal(ui.time.clock.state, CLOCK_STOPPED);
    fake_ms += 60000; /* the Kingdom thinks a minute about its first move */
    assert_false(ui_clock_check(&ui));
    assert_false(game_over(ui.game));
    play(&ui, "e5");
    assert_int_equal(ui.game->rec.nmoves, 2);
    assert_false(game_over(ui.game));
    /* from here each move is timed: the Clan's second one first */
    assert_int_equal(ui.time.clock.state, CLOCK_RUNNING);
    assert_int_equal(ui.time.clock.turn, WHITE);
    fake_ms += 4000;
    play(&ui, "d4");
    assert_int_equal(ui.time.clock.turn, BLACK);
    fake_ms += 5001;
    assert_true(ui_clock_check(&ui));
    assert_int_equal(ui.game->rec.result.reason, END_TIME);
    play_off(&ui);
}

/* --- browsing is a view ----------------------------------------------------------------------- */

/* PageUp and Home on your turn: your clock runs on, and the mark of the
 * side to move stays on you; End finds the time spent. */
static void ui_browse__own_turn_timed__clock_runs_and_marked(void **state)
{
    (void)state;
    Ui ui;
    fake_ms = 0;
    play_on(&ui, "shinobiplus", PLAY_HOTSEAT, "5+3", false);
    play(&ui, "e4");
    play(&ui, "e5");
    play(&ui, "d4"); /* the Kingdom (Black) to move, its clock running */
    assert_int_equal(ui.time.clock.state, CLOCK_RUNNING);
    fake_ms += 1000;
    ui_browse(&ui, -1);
    assert_int_equal(ui.game->rec.nmoves, 2);
    assert_int_equal(ui.time.clock.state, CLOCK_RUNNING);
    assert_int_equal(ui.time.clock.turn, BLACK);
    fake_ms += 5000;
    assert_int_equal(clock_side_now(&ui.time.clock, BLACK).left_ms, 300000 - 6000);
    ui_draw(&ui);
    assert_true(marked("Kingdom"));
    assert_false(marked("Clan"));
    ui_browse(&ui, -2);
    assert_int_equal(ui.game->rec.nmoves, 0);
    assert_int_equal(ui.time.clock.state, CLOCK_RUNNING);
    assert_int_equal(ui.time.clock.turn, BLACK);
    fake_ms += 4000;
    ui_draw(&ui);
    assert_true(marked("Kingdom"));
    ui_browse(&ui, 2);
    assert_int_equal(clock_side_now(&ui.time.clock, BLACK).left_ms, 300000 - 10000);
    assert_int_equal(clock_side_now(&ui.time.clock, WHITE).left_ms, 300000 + 3000); /* d4's increment */
    play_off(&ui);
}

/* PageUp while the AI thinks: its search and its clock go on, and its move
 * goes at the end of the line while the person still looks back. */
static void ui_browse__ai_thinking__search_and_clock_go_on(void **state)
{
    (void)state;
    Ui ui;
    fake_ms = 0;
    play_on(&ui, "shinobiplus", PLAY_FIRST, "5+3", true);
    play(&ui, "e4");
    ai_until(&ui, 2);
    play(&ui, "d4");
    ui_ai_step(&ui); /* the AI starts on its second move, its clock running */
    assert_int_equal(ui.time.clock.state, CLOCK_RUNNING);
    assert_int_equal(ui.time.clock.turn, BLACK);
    fake_ms += 700;
    ui_browse(&ui, -1);
    ui_browse(&ui, -1);
    assert_true(ui.browse.on);
    assert_int_equal(ui.game->rec.nmoves, 1);
    assert_int_equal(ui.time.clock.state, CLOCK_RUNNING);
    assert_int_equal(ui.time.clock.turn, BLACK);
    ai_until(&ui, 4);
    /* the person still looks at the move they browsed to */
    assert_true(ui.browse.on);
    assert_int_equal(ui.game->rec.nmoves, 1);
    assert_int_equal(ui.game->nredo, 3);
    assert_non_null(strstr(ui.status.msg, "Kingdom played"));
    /* the AI's time was charged, and now the person's clock runs */
    assert_int_equal(ui.time.clock.turn, WHITE);
    assert_int_equal(ui.time.clock.state, CLOCK_RUNNING);
    assert_int_equal(clock_side_now(&ui.time.clock, BLACK).left_ms, 300000 - 700 + 3000);
    ui_browse(&ui, 2);
    assert_int_equal(ui.game->rec.nmoves, 4);
    assert_false(ui.browse.on);
    play_off(&ui);
}

/* The AI plays both sides, a move every 0.6 s: a refusal (R) stays on the
 * status line over its moves for UI_ERROR_HOLD_MS, the moves going to w's
 * log meanwhile; after that the next move is said again. */
static void ui_message__error_while_ai_plays_both__kept_a_while(void **state)
{
    (void)state;
    Ui ui;
    fake_ms = 5000;
    play_on(&ui, "shinobiplus", PLAY_WATCH, NULL, true);
    ui.ai.watch_ms = 1; /* no pause between the moves: the test's time is fake_ms */
    ui_feed_keys(&ui, "R");
    assert_non_null(strstr(ui.status.msg, "nobody here can resign"));
    assert_true(ui.status.msg_error);
    ai_until(&ui, 2);
    assert_non_null(strstr(ui.status.msg, "nobody here can resign"));
    const char *last = ui.status.log[(ui.status.nlog - 1) % MESSAGE_LOG];
    assert_non_null(strstr(last, " played "));
    fake_ms += UI_ERROR_HOLD_MS;
    ai_until(&ui, 3);
    assert_null(strstr(ui.status.msg, "nobody here can resign"));
    assert_non_null(strstr(ui.status.msg, " played "));
    play_off(&ui);
}

/* Against a person the AI's reply is said at once, over an error about the
 * turn before (a key refused while the AI thought). */
static void ui_message__error_then_ai_reply__reply_said(void **state)
{
    (void)state;
    Ui ui;
    fake_ms = 5000;
    play_on(&ui, "shinobiplus", PLAY_FIRST, NULL, true);
    play(&ui, "e4");
    ui_message(&ui, true, "a refusal");
    ai_until(&ui, 2);
    assert_null(strstr(ui.status.msg, "a refusal"));
    assert_non_null(strstr(ui.status.msg, " played "));
    play_off(&ui);
}

/* --- the AI's line is about the board ----------------------------------------------------------- */

/* After browsing to the start, or taking back, the panel does not show the
 * last search's score and line: they were about another position. */
static void ui_draw__browsed_or_taken_back__no_stale_engine_line(void **state)
{
    (void)state;
    Ui ui;
    fake_ms = 0;
    play_on(&ui, "shinobiplus", PLAY_FIRST, NULL, true);
    play(&ui, "e4");
    ai_until(&ui, 2);
    ui_ai_step(&ui);
    ui_draw(&ui);
    assert_true(screen_has("AI: depth")); /* its line, beginning with the move it played */
    ui_browse(&ui, -2);
    ui_draw(&ui);
    assert_false(screen_has("depth"));
    ui_browse(&ui, 2);
    ui_draw(&ui);
    assert_true(screen_has("AI: depth"));
    ui_feed_keys(&ui, "u");
    assert_int_equal(ui.game->rec.nmoves, 0);
    ui_ai_step(&ui);
    ui_draw(&ui);
    assert_false(screen_has("depth"));
    play_off(&ui);
}

/* --- moves as players count them ------------------------------------------------------------- */

/* Browsing names the move shown with its number as the list does, and
 * counts the game in moves ("1. d3 e5" is one), not plies. */
static void ui_browse__message__moves_as_players_count_them(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL, false);
    play(&ui, "e4");
    play(&ui, "e5");
    play(&ui, "d4");
    play(&ui, "d5");
    play(&ui, "c4");
    ui_browse(&ui, -1);
    assert_string_equal(ui.status.msg, "After 2... d5, of 3 moves (PageUp/PageDown, Home/End; a move here starts a new line)");
    ui_browse(&ui, -1);
    assert_non_null(strstr(ui.status.msg, "After 2. d4, of 3 moves"));
    ui_browse(&ui, -2);
    assert_non_null(strstr(ui.status.msg, "The start, of 3 moves"));
    play_off(&ui);
}

/* A game from a position with the second player to move: "1... e5" is
 * its first move, "2. d4" its second. */
static void ui_moves_text__second_player_first__counted_by_number(void **state)
{
    (void)state;
    GameRecord rec;
    record_init(&rec, variant_find("shogun"));
    char buf[32];
    ui_moves_text(&rec, 0, buf, sizeof buf);
    assert_string_equal(buf, "0 moves");
    ui_moves_text(&rec, 1, buf, sizeof buf);
    assert_string_equal(buf, "1 move");
    ui_moves_text(&rec, 2, buf, sizeof buf);
    assert_string_equal(buf, "1 move");
    ui_moves_text(&rec, 41, buf, sizeof buf);
    assert_string_equal(buf, "21 moves");
    rec.start_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b - - 0 1";
    ui_moves_text(&rec, 1, buf, sizeof buf);
    assert_string_equal(buf, "1 move");
    ui_moves_text(&rec, 2, buf, sizeof buf);
    assert_string_equal(buf, "2 moves");
    rec.start_fen = NULL;
    record_clear(&rec);
}

/* --- the smallest promised sizes --------------------------------------------------------------- */

/* A line of the screen ends inside a word when its last cell and the one
 * after it (the next line's first, where the line is full) are letters. */
static bool cut_mid_word(int y)
{
    const char *l = line(y);
    size_t n = strlen(l);
    return n > 0 && (int)n >= COLS - 1 && isalpha((unsigned char)l[n - 1]) && y + 1 < LINES &&
           isalpha((unsigned char)line(y + 1)[0]);
}

/* The new-game screen at 40x14 shows its own values whole: a long one goes
 * on under itself, the keys and the clock's explanation in words that fit. */
static void ui_draw_newgame__40x14__values_whole(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "shinobiplus", PLAY_FIRST, NULL, false);
    resizeterm(14, 40);
    ui_layout(&ui);
    ui_open_newgame(&ui);
    for (int mode = 0; mode < 4; mode++) {
        ui.newgame.mode = (PlayMode)mode;
        ui_draw(&ui);
        char want[80];
        snprintf(want, sizeof want, "%s", options_mode_text((PlayMode)mode));
        /* every word of the value is on the screen, the last with its > */
        char *last = strrchr(want, ' ');
        assert_non_null(last);
        char end[40];
        snprintf(end, sizeof end, "%s >", last + 1);
        if (!screen_has(end)) {
            for (int y = 0; y < LINES; y++)
                print_message("|%s\n", line(y));
            fail_msg("'%s' is not on the screen", end);
        }
        for (int y = 0; y < LINES; y++) {
            if (cut_mid_word(y))
                fail_msg("line %d is cut inside a word: '%s'", y, line(y));
        }
        assert_true(screen_has("Esc"));
        assert_true(screen_has("back"));
        assert_true(screen_has("[ Start the game ]"));
    }
    play_off(&ui);
}

/* In the compact layout with the players under the board, a message of
 * three lines or more (or a question) is read whole and both players'
 * lines stay in view: they go up over the board's last ranks while it is
 * shown, and come back down once it is gone. */
static void ui_draw__compact_long_message__players_stay(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "shinobiplus", PLAY_FIRST, NULL, false);
    resizeterm(14, 40);
    ui_layout(&ui);
    assert_true(ui.lay.panel_below);
    ui.status.msg[0] = 0;
    ui_draw(&ui);
    assert_true(line_has(ui.lay.panel_y, "Clan: you"));
    assert_true(line_has(ui.lay.panel_y + 1, "Kingdom: AI, level 1"));
    ui_message(&ui, false, "Clan wins: Kingdom lost on time, after a long game that nobody will forget soon "
                           "(N: rematch, V: review)");
    ui_draw(&ui);
    assert_true(screen_has("Clan: you"));
    assert_true(screen_has("Kingdom: AI, level 1"));
    assert_true(screen_has("Clan wins: Kingdom"));
    assert_true(screen_has("V: review)"));
    ui_confirm(&ui, "Leave the game in progress for a new one? It is lost unless saved with s (y/n)", NULL);
    ui_draw(&ui);
    assert_true(screen_has("Kingdom: AI, level 1"));
    assert_true(screen_has("(y/n)"));
    ui.input = INPUT_BOARD;
    ui.status.msg[0] = 0;
    ui_draw(&ui);
    assert_true(line_has(ui.lay.panel_y + 1, "Kingdom: AI, level 1"));
    assert_true(line_has(ui.lay.board_y + ui.lay.board_h - 1, "王")); /* the first rank back */
    play_off(&ui);
}

/* Cashew at 53x16, the smallest size promised for it: the file letters
 * stay under the board while a message of two lines or more is shown (it
 * goes up the panel, right of the board, and is read whole). */
static void ui_draw__cashew_53x16__file_letters_under_a_long_message(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "cashew", PLAY_FIRST, NULL, false);
    resizeterm(16, 53);
    ui_layout(&ui);
    assert_true(ui.lay.fits);
    ui_message(&ui, false, "New game of Cashew Shogi: you move first, the AI replies. Press ? for help.");
    ui_draw(&ui);
    int letters = ui.lay.board_y + ui.lay.board_h;
    assert_true(line_has(letters, "a b c d e f g h i j k l m"));
    assert_true(line_has(ui.lay.board_y + ui.lay.board_h - 1, "王")); /* the first rank */
    assert_true(screen_has("New game of"));
    assert_true(screen_has("help."));
    play_off(&ui);
}

/* --- text at 80x24: whole phrases ------------------------------------------------------------- */

/* The panel's AI line keeps "Clan mates in 1" on one line: fields set
 * apart by two spaces are not broken where the next line holds them. */
static void ui_draw__ai_mate_score__phrase_whole(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "shinobiplus", PLAY_FIRST, NULL, false);
    play(&ui, "e4");
    play(&ui, "e5"); /* the person's turn: the panel says "AI: ..." */
    snprintf(ui.ai.info, sizeof ui.ai.info, "depth 6  Clan mates in 1  238kn/s  Cb3#");
    ui.ai.info_key = ui.game->pos->st->key;
    ui.ai.info_ply = ui.game->rec.nmoves;
    ui_draw(&ui);
    assert_true(screen_has("Clan mates in 1"));
    play_off(&ui);
}

/* The review's header at 80x24 in Cashew, whose panel is narrow: whole. */
static void ui_draw__cashew_review_header__whole(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "cashew", PLAY_HOTSEAT, NULL, false);
    static int scores[1] = {0};
    ui.review.scores = malloc(sizeof scores);
    memcpy(ui.review.scores, scores, sizeof scores);
    ui.review.on = true;
    ui.review.n = 0;
    ui.review.done = 1;
    ui_draw(&ui);
    bool whole = false;
    for (int y = 0; y < LINES; y++)
        if (strstr(line(y), "Review (up: Sente") && line(y)[strlen(line(y)) - 1] == ')')
            whole = true;
    assert_true(whole);
    ui_review_close(&ui);
    play_off(&ui);
}

/* The piece guide's title at 80 columns: its keys whole, on a second line
 * where the piece's name is long. */
static void ui_draw_guide__title__keys_whole(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "cashew", PLAY_HOTSEAT, NULL, false);
    for (int t = 1; t <= ui.game->v->ntypes; t++) {
        ui.guide.type = t;
        ui.guide.color = WHITE;
        ui.screen = SCREEN_GUIDE;
        ui_draw(&ui);
        if (!screen_has("Esc back)"))
            fail_msg("the guide's title is cut for %s: '%s'", ui.game->v->type[t].def->name, line(0));
    }
    ui.screen = SCREEN_GAME;
    play_off(&ui);
}

/* The guide from the variant's data (issue 73, item 7): in Shinobi+ the
 * Clan's pieces are the Clan's (no Queen, Rook, Bishop or Knight among
 * them), a promoted piece is not said to go back to a hand where captures
 * go to none, and the diagram has its files' letters. */
static void ui_draw_guide__shinobi__the_sides_own_pieces(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL, false);
    ui.guide.color = WHITE;
    ui.guide.type = 1;
    ui.screen = SCREEN_GUIDE;
    ui_feed_keys(&ui, "s"); /* the Kingdom: a chess piece */
    ui_feed_keys(&ui, "s"); /* back to the Clan, on a piece of its own */
    int seen = 0;
    for (int i = 0; i < ui.game->v->ntypes; i++, ui_feed_keys(&ui, "l")) {
        const char *name = ui.game->v->type[ui.guide.type].def->name;
        if (!strcmp(name, "Queen") || !strcmp(name, "Rook") || !strcmp(name, "Bishop") || !strcmp(name, "Knight"))
            fail_msg("the guide shows the Kingdom's %s as a Clan piece", name);
        ui_draw(&ui);
        if (screen_has("captured into a hand"))
            fail_msg("the guide says %s goes back to a hand in Shinobi+, where captures go to none", name);
        seen++;
    }
    assert_true(seen > 3);
    ui_draw(&ui);
    if (!screen_has(" a  b  c  d  e  f  g  h"))
        fail_msg("the guide's diagram has no files' letters");
    ui.screen = SCREEN_GAME;
    play_off(&ui);
    /* every variant, both sides: the hand sentence only where captures go to a hand, the
     * diagram's letters, and each side's pieces those it starts with or can come to own */
    for (int i = 0; variant_defs[i] && variant_defs[i]->id; i++) {
        play_on(&ui, variant_defs[i]->id, PLAY_HOTSEAT, NULL, false);
        const Variant *v = ui.game->v;
        for (Color c = WHITE; c <= BLACK; c++) {
            ui.guide.color = c;
            ui.guide.type = 1;
            ui.screen = SCREEN_GUIDE;
            ui_feed_keys(&ui, "ss"); /* on a piece of the side's own */
            for (int k = 0; k < v->ntypes; k++, ui_feed_keys(&ui, "l")) {
                ui_draw(&ui);
                if (!v->def->captures_to_hand && screen_has("captured into a hand"))
                    fail_msg("%s: the guide speaks of a hand, where captures go to none", v->def->name);
                char letters[8];
                snprintf(letters, sizeof letters, " %c ", 'a' + v->files - 1);
                if (!screen_has(c == WHITE ? " a  b " : letters))
                    fail_msg("%s: the guide's diagram has no files' letters", v->def->name);
            }
        }
        ui.screen = SCREEN_GAME;
        play_off(&ui);
    }
}

/* --- the cosmetic list ------------------------------------------------------------------------ */

/* The AI's answer to a draw offer says whose side it sees ahead, from its
 * own view: itself, or the person. */
static void ui_draw_offer__ai_declines__says_whose_view(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "shinobiplus", PLAY_FIRST, NULL, false); /* the AI plays the Kingdom */
    play(&ui, "e4");
    play(&ui, "e5");
    ui.ai.judged = true;
    ui.ai.judged_ply = ui.game->rec.nmoves;
    ui.ai.judged_mate = 0;
    ui.ai.judged_cp = -40; /* the first player's view: the Kingdom ahead */
    ui_feed_keys(&ui, "D");
    assert_non_null(strstr(ui.status.msg, "it sees itself (Kingdom) ahead by 0.40"));
    ui.ai.judged_cp = 40; /* the Clan, the person, ahead */
    ui_feed_keys(&ui, "D");
    assert_non_null(strstr(ui.status.msg, "although it sees you (Clan) ahead by 0.40"));
    play_off(&ui);
}

/* Resigning asks in the person's own words, for the side they play (in
 * hot-seat the side to move in the game, whatever move is shown). */
static void ui_resign__question__the_side_that_resigns(void **state)
{
    (void)state;
    Ui ui;
    play_on(&ui, "cashew", PLAY_SECOND, NULL, false); /* the person plays Gote */
    ui_feed_keys(&ui, "R");
    assert_string_equal(ui.status.question, "Resign the game as Gote? (y/n)");
    ui_feed_keys(&ui, "n");
    play_off(&ui);
    play_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL, false);
    play(&ui, "e4");
    ui_browse(&ui, -1); /* the Clan's move shown, the Kingdom to move */
    ui_feed_keys(&ui, "R");
    assert_string_equal(ui.status.question, "Resign the game as Kingdom? (y/n)");
    ui_feed_keys(&ui, "n");
    play_off(&ui);
}

/* The high-contrast theme's text off the board (the rank and file labels,
 * the panel's text and titles) is in the terminal's own colour, so that it
 * shows on a light terminal as on a dark one; built in and as its file. */
static void theme__high_contrast__labels_in_the_terminals_colour(void **state)
{
    (void)state;
    Theme t[2];
    char err[300];
    assert_true(theme_builtin("high-contrast", &t[0]));
    const char *dir = getenv("KAGE_THEME_DIR");
    int n = 1;
    if (dir) {
        char path[1024];
        snprintf(path, sizeof path, "%s/high-contrast.theme", dir);
        if (access(path, R_OK) == 0) {
            assert_true(theme_load(path, &t[1], err, sizeof err));
            n = 2;
        }
    }
    for (int i = 0; i < n; i++)
        for (int f = 0; f < 2; f++) {
            static const ThemeStyle styles[] = {STYLE_COORDS, STYLE_TEXT, STYLE_TITLE};
            for (size_t k = 0; k < sizeof styles / sizeof styles[0]; k++)
                if (t[i].s[f][styles[k]].fg != THEME_DEFAULT || t[i].s[f][styles[k]].bg != THEME_DEFAULT)
                    fail_msg("%s: %s in form %d is not the terminal's own colour", i ? "the file" : "built in",
                             theme_style_key(styles[k]), f);
        }
}

/* In letters a promoted piece shows the letter the moves name it with:
 * Shogun's promoted Duchess is "+Q" as in "Qxf7", not "+F"; Shinobi's
 * promoted Lance "+R" as in "Lxa7=R". */
static void glyph_piece__letters__the_letter_moves_use(void **state)
{
    (void)state;
    KageError err;
    Variant *v = variant_new(variant_find("shogun"), &err);
    assert_non_null(v);
    PieceLook l;
    for (int t = 1; t <= v->ntypes; t++) {
        const PieceDef *d = v->type[t].def;
        glyph_piece(v, GLYPHS_LETTERS, WHITE, t, &l);
        if (l.glyph[0] != d->san)
            fail_msg("Shogun's %s is drawn %s, its moves say %c", d->name, l.glyph, d->san);
        glyph_piece(v, GLYPHS_LETTERS, BLACK, t, &l);
        assert_int_equal(l.glyph[0], tolower((unsigned char)d->san));
        assert_int_equal(l.left, d->fen[0] == '+' ? '+' : ' ');
    }
    variant_free(v);
    v = variant_new(variant_find("shinobiplus"), &err);
    for (int t = 1; t <= v->ntypes; t++)
        if (!strcmp(v->type[t].def->fen, "+L")) {
            glyph_piece(v, GLYPHS_LETTERS, WHITE, t, &l);
            assert_string_equal(l.glyph, "R ");
        }
    variant_free(v);
}

int test_ui_play_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ui_clock__first_moves__neither_side_timed),
        cmocka_unit_test(ui_browse__own_turn_timed__clock_runs_and_marked),
        cmocka_unit_test(ui_browse__ai_thinking__search_and_clock_go_on),
        cmocka_unit_test(ui_message__error_while_ai_plays_both__kept_a_while),
        cmocka_unit_test(ui_message__error_then_ai_reply__reply_said),
        cmocka_unit_test(ui_draw__browsed_or_taken_back__no_stale_engine_line),
        cmocka_unit_test(ui_browse__message__moves_as_players_count_them),
        cmocka_unit_test(ui_moves_text__second_player_first__counted_by_number),
        cmocka_unit_test(ui_draw_newgame__40x14__values_whole),
        cmocka_unit_test(ui_draw__compact_long_message__players_stay),
        cmocka_unit_test(ui_draw__cashew_53x16__file_letters_under_a_long_message),
        cmocka_unit_test(ui_draw__ai_mate_score__phrase_whole),
        cmocka_unit_test(ui_draw__cashew_review_header__whole),
        cmocka_unit_test(ui_draw_guide__title__keys_whole),
        cmocka_unit_test(ui_draw_guide__shinobi__the_sides_own_pieces),
        cmocka_unit_test(ui_draw_offer__ai_declines__says_whose_view),
        cmocka_unit_test(ui_resign__question__the_side_that_resigns),
        cmocka_unit_test(theme__high_contrast__labels_in_the_terminals_colour),
        cmocka_unit_test(glyph_piece__letters__the_letter_moves_use),
    };
    return cmocka_run_group_tests_name("ui_play", tests, ui_model_open, ui_model_close);
}
