/* The screen driven by key strings, as a person would type them, without a
 * terminal: ui_feed_keys("<Enter>kk<Enter>") goes through the same binding
 * table as the keys from libtermkey, on a model screen (test_ui_model.c).
 * Names read function__behaviour__condition. */
#include "kage/ui/ui.h"
#include "test_ui.h"
#include "test_ui_model.h"
#include "ui_internal.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

/* A hot-seat game of `variant` at its start on an 80x24 model screen. */
static void keys_on(Ui *ui, const char *variant)
{
    if (!ui_model_ready())
        skip();
    memset(ui, 0, sizeof *ui);
    theme_builtin("default", &ui->look.theme);
    ui->look.glyphs = GLYPHS_LETTERS;
    options_defaults(&ui->opt);
    resizeterm(24, 80);
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(ui, variant, NULL, PLAY_HOTSEAT, 4, &none));
}

static void keys_off(Ui *ui) { game_free(ui->game); }

static void keys_next__splits_names__brackets_characters_and_blanks(void **state)
{
    (void)state;
    const char *p = "<Enter>kk<lt> é<C-u>";
    const char *want[] = {"<Enter>", "k", "k", "<lt>", "<Space>", "é", "<C-u>"};
    char name[KEY_NAME_MAX];
    for (int i = 0; i < 7; i++) {
        assert_true(keys_next(&p, name, sizeof name));
        assert_string_equal(name, want[i]);
    }
    assert_false(keys_next(&p, name, sizeof name));
}

static void ui_feed_keys__pick_up_and_put_down__pawn_two_squares(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shinobiplus");
    /* the cursor starts on the e-file of the first player's second rank */
    ui_feed_keys(&ui, "<Enter>kk<Enter>");
    assert_int_equal(ui.game->rec.nmoves, 1);
    assert_string_equal(ui.game->san[0], "e4");
    assert_int_equal(ui.input, INPUT_BOARD);
    keys_off(&ui);
}

static void ui_feed_keys__typed_move__edited_then_played(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shinobiplus");
    ui_feed_keys(&ui, ":e5");
    assert_int_equal(ui.input, INPUT_PROMPT);
    assert_string_equal(ui.status.line, "e5");
    ui_feed_keys(&ui, "<Backspace>4<Enter>");
    assert_int_equal(ui.input, INPUT_BOARD);
    assert_int_equal(ui.game->rec.nmoves, 1);
    assert_string_equal(ui.game->san[0], "e4");
    /* C-u clears the line, Esc closes the prompt and nothing is played */
    ui_feed_keys(&ui, "mNc6<C-u>");
    assert_string_equal(ui.status.line, "");
    ui_feed_keys(&ui, "Nc6<Escape>");
    assert_int_equal(ui.input, INPUT_BOARD);
    assert_int_equal(ui.game->rec.nmoves, 1);
    /* an illegal move is said to be so, and the game waits */
    ui_feed_keys(&ui, ":Ke7<Enter>");
    assert_true(ui.status.msg_error);
    assert_non_null(strstr(ui.status.msg, "Ke7"));
    assert_int_equal(ui.game->rec.nmoves, 1);
    keys_off(&ui);
}

static void ui_feed_keys__quit__asks_while_a_game_is_in_progress(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shogun");
    ui_feed_keys(&ui, ":d4<Enter>q");
    assert_int_equal(ui.input, INPUT_CONFIRM);
    ui_feed_keys(&ui, "n");
    assert_int_equal(ui.input, INPUT_BOARD);
    assert_false(ui.quit);
    ui_feed_keys(&ui, "qy");
    assert_true(ui.quit);
    keys_off(&ui);
}

static void ui_feed_keys__new_game__asks_while_a_game_is_in_progress(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shogun");
    ui_feed_keys(&ui, ":e4<Enter>:d5<Enter>n");
    assert_int_equal(ui.input, INPUT_CONFIRM);
    assert_int_equal(ui.screen, SCREEN_GAME);
    /* no: the game goes on, its moves kept */
    ui_feed_keys(&ui, "n");
    assert_int_equal(ui.input, INPUT_BOARD);
    assert_int_equal(ui.screen, SCREEN_GAME);
    assert_int_equal(ui.game->rec.nmoves, 2);
    /* yes: the new-game screen */
    ui_feed_keys(&ui, "ny");
    assert_int_equal(ui.screen, SCREEN_NEWGAME);
    keys_off(&ui);
}

/* N after a finished game: the same game again, the sides switched. */
static void ui_feed_keys__rematch__after_the_game_sides_switched(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shogun");
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(&ui, "shogun", "4k3/R7/8/8/8/8/8/4K2R[] w - - 0 1", PLAY_FIRST, 3, &none));
    ui_feed_keys(&ui, "N");
    assert_true(ui.status.msg_error); /* the game goes on: no rematch */
    assert_non_null(strstr(ui.status.msg, "finished game"));
    ui_feed_keys(&ui, ":Rh8<Enter>"); /* mate */
    assert_true(game_over(ui.game));
    /* the end of the game says what may follow it */
    assert_non_null(strstr(ui.status.msg, "N: rematch, V: review"));
    ui_feed_keys(&ui, "N");
    assert_false(game_over(ui.game));
    assert_int_equal(ui.game->rec.nmoves, 0);
    assert_int_equal(ui.opt.mode, PLAY_SECOND);
    assert_int_equal(ui.opt.level, 3);
    assert_non_null(ui.game->rec.start_fen);
    assert_string_equal(ui.game->rec.start_fen, "4k3/R7/8/8/8/8/8/4K2R[] w - - 0 1");
    assert_non_null(strstr(ui.status.msg, "Rematch: the AI plays first, from the same position"));
    keys_off(&ui);
}

/* D against the AI: taken when its last search found the position dead
 * even, declined with what it sees otherwise. */
static void ui_feed_keys__draw_offer_to_the_ai__taken_only_when_even(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shogun");
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(&ui, "shogun", NULL, PLAY_FIRST, 4, &none));
    ui_feed_keys(&ui, "D");
    assert_false(game_over(ui.game));
    assert_non_null(strstr(ui.status.msg, "has not looked at this position"));
    ui.ai.judged = true, ui.ai.judged_ply = 0, ui.ai.judged_cp = -120, ui.ai.judged_mate = 0;
    ui_feed_keys(&ui, "D");
    assert_false(game_over(ui.game));
    assert_non_null(strstr(ui.status.msg, "The AI declines the draw: it sees itself (Black) ahead by 1.20"));
    ui.ai.judged_cp = 9;
    ui_feed_keys(&ui, "D");
    assert_true(game_over(ui.game));
    assert_int_equal(ui.game->rec.result.outcome, OUTCOME_DRAW);
    assert_non_null(strstr(ui.status.msg, "The AI accepts the draw"));
    assert_non_null(strstr(ui.status.msg, "N: rematch, V: review"));
    /* a resignation too */
    assert_true(ui_new_game(&ui, "shogun", NULL, PLAY_HOTSEAT, 4, &none));
    ui_feed_keys(&ui, "Ry");
    assert_true(game_over(ui.game));
    assert_non_null(strstr(ui.status.msg, "N: rematch, V: review, u: take back"));
    assert_true(ui_new_game(&ui, "shogun", NULL, PLAY_HOTSEAT, 4, &none));
    ui_feed_keys(&ui, "Dy");
    assert_non_null(strstr(ui.status.msg, "Draw agreed (N: rematch, V: review"));
    keys_off(&ui);
}

/* Watching the AI play itself: + and - set how long each move is shown, p
 * holds the next move until pressed again. */
static void ui_feed_keys__watch_mode__speed_and_pause(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shogun");
    ui_feed_keys(&ui, "+");
    assert_true(ui.status.msg_error); /* hot-seat: no speed to set */
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(&ui, "shogun", NULL, PLAY_WATCH, 1, &none));
    ui_feed_keys(&ui, "+");
    assert_int_equal(ui.ai.watch_ms, 300);
    ui_feed_keys(&ui, "++++");
    assert_int_equal(ui.ai.watch_ms, 150);
    ui_feed_keys(&ui, "---");
    assert_int_equal(ui.ai.watch_ms, 1200);
    assert_non_null(strstr(ui.status.msg, "a move every 1.2 s"));
    /* the speed stays in view over the AI's next moves, until a key */
    Move m;
    KageError err;
    assert_true(move_from_text(ui.game->pos, "e4", MOVE_FOR_PEOPLE, &m, &err));
    ui.ai.holding = true;
    ui.ai.held_move = m;
    ui.ai.last_move_ms = 0;
    ui_ai_step(&ui);
    assert_int_equal(ui.game->rec.nmoves, 1);
    assert_non_null(strstr(ui.status.msg, "a move every 1.2 s"));
    ui_feed_keys(&ui, "--------");
    assert_int_equal(ui.ai.watch_ms, 5000);
    /* a move waiting to be shown stays while paused */
    ui.ai.holding = true;
    ui.ai.held_move = MOVE_NONE;
    ui_feed_keys(&ui, "p");
    assert_true(ui.time.paused);
    assert_int_equal(ui_ai_timeout(&ui), -1);
    ui_feed_keys(&ui, "p");
    assert_false(ui.time.paused);
    assert_true(ui_ai_timeout(&ui) > 0);
    ui.ai.holding = false;
    keys_off(&ui);
}

/* A turns the analysis on and off; a hint is not asked for meanwhile, and
 * a game where the AI plays itself is analysed only when it stops. */
static void ui_feed_keys__analysis__on_and_off(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shogun");
    ui_feed_keys(&ui, "A");
    assert_true(ui.analysis.on);
    assert_non_null(strstr(ui.status.msg, "Analysis: the AI studies the position"));
    ui_feed_keys(&ui, "H");
    assert_true(ui.status.msg_error);
    assert_false(ui.ai.hinting);
    ui_feed_keys(&ui, "A");
    assert_false(ui.analysis.on);
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(&ui, "shogun", NULL, PLAY_WATCH, 1, &none));
    ui_feed_keys(&ui, "A");
    assert_false(ui.analysis.on);
    assert_true(ui.status.msg_error);
    keys_off(&ui);
}

/* With --bell the bell rings on a check (and on the AI's move, and when a
 * clock runs low); without it never. */
static void ui_feed_keys__bell__rings_on_check_when_asked(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shogun");
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(&ui, "shogun", "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1", PLAY_HOTSEAT, 4, &none));
    ui_feed_keys(&ui, ":Ra8<Enter>");
    assert_int_equal(ui.status.bells, 0);
    assert_true(ui_new_game(&ui, "shogun", "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1", PLAY_HOTSEAT, 4, &none));
    ui.opt.bell = true;
    ui_feed_keys(&ui, ":Ra7<Enter>");
    assert_int_equal(ui.status.bells, 0); /* no check */
    ui_feed_keys(&ui, ":Kd8<Enter>:Ra8<Enter>");
    assert_int_equal(ui.status.bells, 1);
    keys_off(&ui);
}

static void ui_feed_keys__help_screen__scrolls_and_closes(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shinobiplus");
    ui_feed_keys(&ui, "?");
    assert_int_equal(ui.screen, SCREEN_HELP);
    ui_feed_keys(&ui, "jj<Down>k");
    assert_int_equal(ui.help.top, 2);
    ui_draw(&ui);
    assert_true(screen_has("On the new-game screen:") || ui.help.top > 0);
    ui_feed_keys(&ui, "q");
    assert_int_equal(ui.screen, SCREEN_GAME);
    keys_off(&ui);
}

static void ui_feed_keys__new_game_screen__level_changed_and_started(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shinobiplus");
    ui_feed_keys(&ui, "n");
    assert_int_equal(ui.screen, SCREEN_NEWGAME);
    ui_feed_keys(&ui, "<Down><Down><Left>");
    assert_int_equal(ui.newgame.level, 3);
    ui_feed_keys(&ui, "k<Left>"); /* the mode line: hot-seat back to playing second */
    ui_feed_keys(&ui, "<Enter>");
    assert_int_equal(ui.screen, SCREEN_GAME);
    assert_int_equal(ui.opt.level, 3);
    assert_int_equal(ui.opt.mode, PLAY_SECOND);
    keys_off(&ui);
}

static void ui_feed_keys__piece_guide__next_piece_and_back(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shogun");
    ui_feed_keys(&ui, "g");
    assert_int_equal(ui.screen, SCREEN_GUIDE);
    int first = ui.guide.type;
    ui_feed_keys(&ui, "ll");
    assert_int_not_equal(ui.guide.type, first);
    ui_feed_keys(&ui, "hh");
    assert_int_equal(ui.guide.type, first);
    ui_feed_keys(&ui, "s<Escape>");
    assert_int_equal(ui.guide.color, BLACK);
    assert_int_equal(ui.screen, SCREEN_GAME);
    keys_off(&ui);
}

static void ui_feed_keys__unbound_key__said_on_the_status_line(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "shinobiplus");
    ui_feed_keys(&ui, "Z");
    assert_true(ui.status.msg_error);
    assert_string_equal(ui.status.msg, "Z: no such key (? shows the keys)");
    keys_off(&ui);
}

static void ui_feed_keys__terminal_too_small__q_quits_at_once(void **state)
{
    (void)state;
    Ui ui;
    keys_on(&ui, "cashew");
    ui_feed_keys(&ui, ":e4e5<Enter>");
    assert_int_equal(ui.game->rec.nmoves, 1);
    resizeterm(6, 30);
    ui_layout(&ui);
    ui_feed_keys(&ui, "q");
    assert_true(ui.quit); /* no question that could not be seen */
    resizeterm(24, 80);
    keys_off(&ui);
}

/* Every action of every key map has a key, and a line in the help. */
static void ui_keymap_help__every_action__has_keys(void **state)
{
    (void)state;
    for (UiKeymap map = 0; map < KEYS_COUNT; map++) {
        UiKeyHelp lines[64];
        const char *title;
        int n = ui_keymap_help(map, &title, lines, 64);
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            if (!lines[i].keys[0])
                fail_msg("%s: \"%s\" has no key", title, lines[i].help);
        }
    }
}

/* Every binding names an action of its key map, and every action the
 * online game takes its own way is a board action: a misspelt name in
 * either table would leave a key dead, or the online rule never applied. */
static void ui_bindings__every_action_name__is_an_action(void **state)
{
    (void)state;
    char which[200];
    if (ui_bindings_unknown_action(which, sizeof which))
        fail_msg("a key bound to no action: %s", which);
    const char *online = ui_online_unknown_action();
    if (online)
        fail_msg("online_keys.c takes \"%s\" its own way, and the board has no such action", online);
}

int test_ui_keys_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_next__splits_names__brackets_characters_and_blanks),
        cmocka_unit_test(ui_feed_keys__pick_up_and_put_down__pawn_two_squares),
        cmocka_unit_test(ui_feed_keys__typed_move__edited_then_played),
        cmocka_unit_test(ui_feed_keys__quit__asks_while_a_game_is_in_progress),
        cmocka_unit_test(ui_feed_keys__new_game__asks_while_a_game_is_in_progress),
        cmocka_unit_test(ui_feed_keys__rematch__after_the_game_sides_switched),
        cmocka_unit_test(ui_feed_keys__watch_mode__speed_and_pause),
        cmocka_unit_test(ui_feed_keys__analysis__on_and_off),
        cmocka_unit_test(ui_feed_keys__bell__rings_on_check_when_asked),
        cmocka_unit_test(ui_feed_keys__draw_offer_to_the_ai__taken_only_when_even),
        cmocka_unit_test(ui_feed_keys__help_screen__scrolls_and_closes),
        cmocka_unit_test(ui_feed_keys__new_game_screen__level_changed_and_started),
        cmocka_unit_test(ui_feed_keys__piece_guide__next_piece_and_back),
        cmocka_unit_test(ui_feed_keys__unbound_key__said_on_the_status_line),
        cmocka_unit_test(ui_feed_keys__terminal_too_small__q_quits_at_once),
        cmocka_unit_test(ui_keymap_help__every_action__has_keys),
        cmocka_unit_test(ui_bindings__every_action_name__is_an_action),
    };
    return cmocka_run_group_tests_name("ui keys", tests, ui_model_open, ui_model_close);
}
