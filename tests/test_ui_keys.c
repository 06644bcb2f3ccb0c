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

int test_ui_keys_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_next__splits_names__brackets_characters_and_blanks),
        cmocka_unit_test(ui_feed_keys__pick_up_and_put_down__pawn_two_squares),
        cmocka_unit_test(ui_feed_keys__typed_move__edited_then_played),
        cmocka_unit_test(ui_feed_keys__quit__asks_while_a_game_is_in_progress),
        cmocka_unit_test(ui_feed_keys__help_screen__scrolls_and_closes),
        cmocka_unit_test(ui_feed_keys__new_game_screen__level_changed_and_started),
        cmocka_unit_test(ui_feed_keys__piece_guide__next_piece_and_back),
        cmocka_unit_test(ui_feed_keys__unbound_key__said_on_the_status_line),
        cmocka_unit_test(ui_feed_keys__terminal_too_small__q_quits_at_once),
        cmocka_unit_test(ui_keymap_help__every_action__has_keys),
    };
    return cmocka_run_group_tests_name("ui keys", tests, ui_model_open, ui_model_close);
}
