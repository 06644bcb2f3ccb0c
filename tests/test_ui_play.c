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

/* A game on an 80x24 model screen, its clock on the test's time. */
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
    (void)with_ai;
    assert_true(ui_new_game(ui, variant, NULL, mode, 1, &tc));
    ui->time.clock.now = fake_now; /* the clock runs on the test's time */
    ui->time.clock.started = fake_ms;
}

static void play_off(Ui *ui) { game_free(ui->game); }

static void play(Ui *ui, const char *text)
{
    Move m;
    KageError err;
    if (!move_from_text(ui->game->pos, text, MOVE_FOR_PEOPLE, &m, &err))
        fail_msg("%s: %s", text, err.msg);
    ui_play(ui, m);
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

int test_ui_play_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ui_clock__first_moves__neither_side_timed),
    };
    return cmocka_run_group_tests_name("ui_play", tests, ui_model_open, ui_model_close);
}
