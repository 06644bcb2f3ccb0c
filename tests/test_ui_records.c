/* Unit tests of what makes a game last, driven without a terminal: the
 * result sentence, clocks on a fake time source (loss on time), the autosave
 * and resuming it (and a damaged one), browsing and a new line from an
 * earlier point, PGN save and load, and the config file under the options.
 * Names read function__behaviour__condition. */
#include "kage/ui/ui.h"
#include "test_ui.h"
#include "test_ui_model.h"
#include "ui_internal.h"

#include "kage/rules/notation.h"
#include "kage/rules/util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

static int64_t fake_ms;
static int64_t fake_now(void *ctx)
{
    (void)ctx;
    return fake_ms;
}

/* A temporary directory for the files of one test. */
static void temp_dir(char *buf, size_t size)
{
    snprintf(buf, size, "/tmp/kage-test-records-XXXXXX");
    assert_non_null(mkdtemp(buf));
}

/* Sets the environment variable NAME to VALUE; returns its old value (NULL
 * where it was not set), for env_restore. */
static char *env_set(const char *name, const char *value)
{
    char *old = getenv(name) ? xstrdup(getenv(name)) : NULL;
    setenv(name, value, 1);
    return old;
}

/* Puts back what env_set returned, and frees it. */
static void env_restore(const char *name, char *old)
{
    if (old) {
        setenv(name, old, 1);
        free(old);
    } else
        unsetenv(name);
}

/* A game on an 80x24 model screen (keys go to what the screen shows). */
static void ui_on(Ui *ui, const char *variant, PlayMode mode, const char *clock)
{
    if (!ui_model_ready())
        skip();
    resizeterm(24, 80);
    memset(ui, 0, sizeof *ui);
    options_defaults(&ui->opt);
    TimeControl tc = {.kind = CLOCK_NONE};
    KageError err;
    if (clock)
        assert_true(clock_tc_parse(clock, &tc, &err));
    assert_true(ui_new_game(ui, variant, NULL, mode, 4, &tc));
    ui->time.clock.now = fake_now; /* the clock runs on the test's time */
    ui->time.clock.started = fake_ms;
}

static void ui_off(Ui *ui)
{
    game_free(ui->game);
    pgn_games_free(&ui->pick.games);
    pgn_game_clear(&ui->play.from);
    ui_files_free(ui);
    savegame_free(&ui->resume.game);
}

static void play(Ui *ui, const char *text)
{
    Move m;
    KageError err;
    if (!move_from_text(ui->game->pos, text, MOVE_FOR_PEOPLE, &m, &err))
        fail_msg("%s: %s", text, err.msg);
    ui_play(ui, m);
}

static char *slurp(const char *path)
{
    KageError err;
    size_t len;
    return config_read_file(path, &len, &err);
}

/* --- the result sentence ------------------------------------------------------------ */

static void game_status_text__win__reason_after_a_colon(void **state)
{
    (void)state;
    KageError err;
    Game *g = game_new(variant_find("cashew"), "3Q8k/p12/13/13/13/13/13/13/13/13/13/13/K12 w", &err);
    assert_non_null(g);
    Move m;
    assert_true(move_from_text(g->pos, "d13m13", MOVE_FOR_PEOPLE, &m, &err));
    game_play(g, m);
    char buf[160];
    game_status_text(g, buf, sizeof buf);
    assert_string_equal(buf, "Sente wins: King captured");
    game_free(g);
    g = game_new(variant_find("shinobiplus"), NULL, &err);
    game_resign(g, WHITE);
    game_status_text(g, buf, sizeof buf);
    assert_string_equal(buf, "Kingdom wins: Clan resigned");
    game_undo(g);
    game_lose_on_time(g, BLACK);
    game_status_text(g, buf, sizeof buf);
    assert_string_equal(buf, "Clan wins: Kingdom lost on time");
    game_undo(g);
    game_agree_draw(g);
    game_status_text(g, buf, sizeof buf);
    assert_string_equal(buf, "Draw agreed");
    game_free(g);
}

/* --- clocks ------------------------------------------------------------------------------ */

static void ui_clock_check__time_runs_out__game_lost_on_time(void **state)
{
    (void)state;
    Ui ui;
    fake_ms = 1000;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, "0:02");
    /* as on pychess.org, neither side's clock runs before its first move */
    assert_int_equal(ui.time.clock.state, CLOCK_STOPPED);
    fake_ms += 60000;
    assert_false(ui_clock_check(&ui));
    assert_int_equal(clock_side_now(&ui.time.clock, WHITE).left_ms, 2000);
    play(&ui, "e4");
    play(&ui, "e5");
    play(&ui, "d4");
    assert_int_equal(ui.time.clock.state, CLOCK_RUNNING);
    assert_int_equal(ui.time.clock.turn, BLACK);
    fake_ms += 1500;
    assert_false(ui_clock_check(&ui));
    /* under 10 s the panel shows tenths: the next change is within 100 ms */
    assert_in_range(ui_clock_timeout(&ui), 1, 100);
    fake_ms += 600;
    assert_true(ui_clock_check(&ui));
    assert_true(game_over(ui.game));
    assert_int_equal(ui.game->rec.result.reason, END_TIME);
    assert_string_equal(ui.status.msg, "Clan wins: Kingdom lost on time (N: rematch, V: review)");
    assert_int_equal(ui_clock_timeout(&ui), -1);
    ui_off(&ui);
}

/* --bell: once for each side when its clock falls under ten seconds. */
static void ui_clock_check__low_clock__bell_once(void **state)
{
    (void)state;
    Ui ui;
    fake_ms = 1000;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, "0:12");
    ui.opt.bell = true;
    play(&ui, "e4");
    play(&ui, "e5");
    play(&ui, "d4");
    fake_ms += 1500;
    assert_false(ui_clock_check(&ui));
    assert_int_equal(ui.status.bells, 0);
    fake_ms += 1000; /* 9.5 s left */
    assert_false(ui_clock_check(&ui));
    assert_int_equal(ui.status.bells, 1);
    fake_ms += 1000;
    assert_false(ui_clock_check(&ui));
    assert_int_equal(ui.status.bells, 1);
    ui_off(&ui);
}

static void ui_clock_moved__fischer__increment_and_turn(void **state)
{
    (void)state;
    Ui ui;
    fake_ms = 0;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, "5+3");
    fake_ms += 10000; /* each side's first move costs nothing: the clocks start after them */
    play(&ui, "e4");
    assert_int_equal(ui.time.clock.turn, BLACK);
    assert_int_equal(clock_side_now(&ui.time.clock, WHITE).left_ms, 300000);
    fake_ms += 2000;
    play(&ui, "e5");
    assert_int_equal(clock_side_now(&ui.time.clock, BLACK).left_ms, 300000);
    fake_ms += 10000;
    play(&ui, "d4");
    assert_int_equal(clock_side_now(&ui.time.clock, WHITE).left_ms, 300000 - 10000 + 3000);
    assert_int_equal(clock_side_now(&ui.time.clock, BLACK).left_ms, 300000);
    fake_ms += 2000;
    play(&ui, "d5");
    assert_int_equal(ui.time.clock.turn, WHITE);
    assert_int_equal(clock_side_now(&ui.time.clock, BLACK).left_ms, 300000 - 2000 + 3000);
    fake_ms += 4000;
    assert_int_equal(clock_side_now(&ui.time.clock, WHITE).left_ms, 293000 - 4000);
    play(&ui, "J@c3");
    assert_int_equal(ui.time.clock.turn, BLACK);
    fake_ms += 4000; /* Black had 300000 - 2000 + 3000 */
    assert_int_equal(clock_side_now(&ui.time.clock, BLACK).left_ms, 301000 - 4000);
    ui_clock_pause(&ui, true); /* hot-seat pause: time stands still */
    fake_ms += 60000;
    assert_int_equal(clock_side_now(&ui.time.clock, BLACK).left_ms, 301000 - 4000);
    play(&ui, "Nc6"); /* refused while paused */
    assert_int_equal(ui.game->rec.nmoves, 5);
    ui_clock_pause(&ui, false);
    fake_ms += 1000;
    assert_int_equal(clock_side_now(&ui.time.clock, BLACK).left_ms, 301000 - 5000);
    ui_off(&ui);
}

/* --- the autosave and resuming -------------------------------------------------------------- */

static void ui_autosave__after_each_move__resumes_same_game_and_clocks(void **state)
{
    (void)state;
    char dir[64], path[128];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/autosave.pgn", dir);
    Ui ui;
    fake_ms = 0;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, "5+3");
    ui.autosave.on = true;
    ui.autosave.path = path;
    play(&ui, "e4");
    fake_ms += 7000;
    play(&ui, "e5");
    char *text = slurp(path);
    assert_non_null(text);
    assert_non_null(strstr(text, "1. e4 e5"));
    free(text);
    fake_ms += 2000;
    ui_autosave(&ui); /* as at exit: the clocks as they are now */
    ClockSide w = clock_side_now(&ui.time.clock, WHITE), b = clock_side_now(&ui.time.clock, BLACK);
    ui_off(&ui);

    Ui again;
    ui_on(&again, "shogun", PLAY_FIRST, NULL);
    again.autosave.on = true;
    again.autosave.path = path;
    ui_resume_start(&again, true);
    assert_string_equal(again.game->v->def->id, "shinobiplus");
    assert_int_equal(again.game->rec.nmoves, 2);
    assert_string_equal(again.game->san[1], "e5");
    assert_int_equal(again.opt.mode, PLAY_HOTSEAT);
    /* the side to move's clock runs again (on the real clock): a few ms */
    assert_in_range(clock_side_now(&again.time.clock, WHITE).left_ms, w.left_ms - 200, w.left_ms);
    assert_int_equal(clock_side_now(&again.time.clock, BLACK).left_ms, b.left_ms);
    ui_off(&again);
    unlink(path);
    rmdir(dir);
}

static void ui_resume_start__damaged_autosave__message_and_kept_aside(void **state)
{
    (void)state;
    char dir[64], path[128], aside[160];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/autosave.pgn", dir);
    snprintf(aside, sizeof aside, "%s.damaged", path);
    KageError err;
    const char *junk = "[Variant \"Shinobiplus\"]\n[KageMoves \"3\"]\n\n1. e4 Qxx9 *\n";
    assert_true(config_write_atomic(path, junk, strlen(junk), &err));
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_FIRST, NULL);
    ui.autosave.path = path;
    ui_resume_start(&ui, false);
    assert_true(ui.status.msg_error);
    assert_non_null(strstr(ui.status.msg, "The autosave could not be read"));
    assert_non_null(strstr(ui.status.msg, "line 4"));
    assert_non_null(strstr(ui.status.msg, aside));
    assert_int_equal(ui.game->rec.nmoves, 0); /* a fresh game */
    struct stat st;
    assert_int_equal(stat(aside, &st), 0);
    ui_off(&ui);
    unlink(aside);
    rmdir(dir);
}

static void ui_resume_start__unfinished_game__asks_first(void **state)
{
    (void)state;
    char dir[64], path[128];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/autosave.pgn", dir);
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    ui.autosave.on = true;
    ui.autosave.path = path;
    play(&ui, "e4");
    ui_off(&ui);
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    ui.autosave.on = true;
    ui.autosave.path = path;
    ui_resume_start(&ui, false);
    assert_int_equal(ui.input, INPUT_CONFIRM);
    assert_non_null(strstr(ui.status.question, "Resume the unfinished game? (y/n)"));
    /* the mode in words, not its name in the file */
    assert_non_null(strstr(ui.status.question, "Shinobi+, hot-seat,"));
    assert_null(strstr(ui.status.question, "hotseat"));
    ui_feed_keys(&ui, "n");
    assert_int_equal(ui.game->rec.nmoves, 0);
    char *text = slurp(path); /* kept until a move replaces it */
    assert_non_null(text);
    free(text);
    ui_off(&ui);
    unlink(path);
    rmdir(dir);
}

/* A state folder of the test's own ($XDG_STATE_HOME/kage, made), the
 * variable's old value kept in *old to put back with state_home_off. */
static void state_home_on(char *dir, size_t size, char *kdir, size_t ksize, char **old)
{
    temp_dir(dir, size);
    snprintf(kdir, ksize, "%s/kage", dir);
    assert_int_equal(mkdir(kdir, 0700), 0);
    *old = env_set("XDG_STATE_HOME", dir);
}

/* Let go of the autosave slots ui_autosave_claim took (a process ends so). */
static void slots_release(Ui *ui)
{
    for (int i = 0; i < ui->resume.nheld; i++)
        close(ui->resume.held[i]);
    ui->resume.nheld = 0;
}

static void state_home_off(Ui *ui, const char *dir, char *old)
{
    slots_release(ui);
    env_restore("XDG_STATE_HOME", old);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static const char unfinished[] = "[Variant \"Shinobiplus\"]\n[KageMode \"hotseat\"]\n[KageMoves \"1\"]\n\n1. e4 *\n";

static void ui_autosave_claim__no_lock_can_be_made__autosaved_unlocked_and_said(void **state)
{
    (void)state;
    char dir[64], kdir[80], path[160], *old;
    state_home_on(dir, sizeof dir, kdir, sizeof kdir, &old);
    /* every lock file a directory: no lock can be had, as in a folder that
     * cannot be written or a file system without locks */
    for (int k = 0; k < SAVEGAME_SLOTS; k++) {
        KageError err;
        assert_true(savegame_slot_path(k, false, path, sizeof path, &err));
        strcat(path, ".lock");
        assert_int_equal(mkdir(path, 0700), 0);
    }
    KageError err;
    snprintf(path, sizeof path, "%s/autosave.pgn", kdir);
    assert_true(config_write_atomic(path, unfinished, strlen(unfinished), &err));
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    ui.autosave.on = true;
    ui_autosave_claim(&ui);
    /* not "10 Kage games are running": the game is autosaved where it was, and told why not locked */
    assert_null(strstr(ui.status.msg, "games are running"));
    assert_non_null(strstr(ui.status.msg, "cannot be locked"));
    assert_non_null(strstr(ui.status.msg, ".lock"));
    assert_true(ui.autosave.on);
    assert_string_equal(ui.resume.own_path, path);
    /* the unfinished game is offered, and goes on in its file */
    ui_resume_start(&ui, false);
    assert_int_equal(ui.input, INPUT_CONFIRM);
    ui_feed_keys(&ui, "y");
    assert_int_equal(ui.game->rec.nmoves, 1);
    play(&ui, "e5");
    char *text = slurp(path);
    assert_non_null(text);
    assert_non_null(strstr(text, "1. e4 e5 *"));
    free(text);
    assert_string_equal(ui.autosave.failed, "");
    ui_off(&ui);
    state_home_off(&ui, dir, old);
}

static void ui_autosave_claim__one_game__only_its_own_lock_file(void **state)
{
    (void)state;
    char dir[64], kdir[80], *old;
    state_home_on(dir, sizeof dir, kdir, sizeof kdir, &old);
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    ui.autosave.on = true;
    ui_autosave_claim(&ui);
    int files = 0;
    DIR *d = opendir(kdir);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') {
            assert_string_equal(e->d_name, "autosave.pgn.lock");
            files++;
        }
    closedir(d);
    assert_int_equal(files, 1); /* not one for each of the ten slots */
    ui_off(&ui);
    state_home_off(&ui, dir, old);
}

static void ui_resume_start__own_autosave_unreadable__game_autosaved_apart(void **state)
{
    (void)state;
    char dir[64], kdir[80], path[160], apart[160], *old;
    state_home_on(dir, sizeof dir, kdir, sizeof kdir, &old);
    snprintf(path, sizeof path, "%s/autosave.pgn", kdir);
    snprintf(apart, sizeof apart, "%s/autosave-2.pgn", kdir);
    assert_int_equal(mkdir(path, 0700), 0); /* cannot be read, as a file of another user's */
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    ui.autosave.on = true;
    ui_autosave_claim(&ui);
    ui_resume_start(&ui, false);
    assert_true(ui.status.msg_error);
    assert_non_null(strstr(ui.status.msg, "The autosave cannot be read"));
    assert_non_null(strstr(ui.status.msg, "autosave-2.pgn"));
    assert_true(ui.autosave.on);
    play(&ui, "e4");
    char *text = slurp(apart); /* the game is autosaved apart, the other file left as it is */
    assert_non_null(text);
    assert_non_null(strstr(text, "1. e4 *"));
    free(text);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    assert_string_equal(ui.autosave.failed, ""); /* nothing to print at the end */
    ui_off(&ui);
    slots_release(&ui);
    /* the next start: the unreadable one is said, and the game apart offered */
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    ui.autosave.on = true;
    ui_autosave_claim(&ui);
    ui_resume_start(&ui, false);
    assert_int_equal(ui.input, INPUT_CONFIRM);
    assert_non_null(strstr(ui.status.question, "Resume the unfinished game (2 of 2)?"));
    ui_feed_keys(&ui, "y");
    assert_int_equal(ui.game->rec.nmoves, 1);
    assert_non_null(strstr(ui.status.msg, "The autosave cannot be read")); /* said after the question */
    ui_off(&ui);
    state_home_off(&ui, dir, old);
}

static void ui_resume_start__other_autosave_unreadable__own_one_still_written(void **state)
{
    (void)state;
    char dir[64], kdir[80], path[160], other[160], *old;
    state_home_on(dir, sizeof dir, kdir, sizeof kdir, &old);
    snprintf(path, sizeof path, "%s/autosave.pgn", kdir);
    snprintf(other, sizeof other, "%s/autosave-2.pgn", kdir);
    KageError err;
    assert_true(config_write_atomic(path, unfinished, strlen(unfinished), &err));
    assert_int_equal(mkdir(other, 0700), 0);
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    ui.autosave.on = true;
    ui_autosave_claim(&ui);
    ui_resume_start(&ui, false);
    assert_non_null(strstr(ui.status.question, "Resume the unfinished game (1 of 2)?"));
    ui_feed_keys(&ui, "n"); /* the second cannot be read: said, and this game autosaved as usual */
    assert_non_null(strstr(ui.status.msg, "cannot be read"));
    assert_true(ui.autosave.on);
    play(&ui, "d4");
    char *text = slurp(path);
    assert_non_null(text);
    assert_non_null(strstr(text, "1. d4 *"));
    free(text);
    assert_string_equal(ui.autosave.failed, "");
    ui_off(&ui);
    state_home_off(&ui, dir, old);
}

/* --- browsing ------------------------------------------------------------------------------- */

static void ui_browse__back_and_forward__position_follows_and_line_kept(void **state)
{
    (void)state;
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    play(&ui, "e4");
    play(&ui, "e5");
    play(&ui, "d4");
    ui_browse(&ui, -1);
    assert_int_equal(ui.game->rec.nmoves, 2);
    ui_browse(&ui, -2);
    assert_int_equal(ui.game->rec.nmoves, 0);
    int n;
    Move *ms = game_moves(ui.game, true, &n);
    assert_int_equal(n, 3);
    free(ms);
    ui_browse(&ui, 1);
    assert_int_equal(ui.game->rec.nmoves, 1);
    /* a move here asks first, then replaces the rest */
    play(&ui, "d5");
    assert_int_equal(ui.input, INPUT_CONFIRM);
    /* plies, named so, and where the line it drops starts */
    assert_non_null(strstr(ui.status.question, "drop the 2 plies from 1... e5 on")); 
    ui_feed_keys(&ui, "y");
    assert_int_equal(ui.game->rec.nmoves, 2);
    assert_int_equal(ui.game->nredo, 0);
    assert_string_equal(ui.game->san[1], "d5");
    ui_browse(&ui, -1);
    ui_browse(&ui, 2);
    assert_int_equal(ui.game->rec.nmoves, 2);
    assert_false(ui.browse.on);
    ui_off(&ui);
}

static void ui_browse__resigned_game__result_back_at_the_end(void **state)
{
    (void)state;
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    play(&ui, "e4");
    game_resign(ui.game, BLACK);
    ui_browse(&ui, -1);
    assert_false(game_over(ui.game));
    assert_int_equal(ui.game->rec.nmoves, 0);
    ui_browse(&ui, 2);
    assert_true(game_over(ui.game));
    assert_int_equal(ui.game->rec.result.reason, END_RESIGNATION);
    ui_off(&ui);
}

/* --- PGN save and load ------------------------------------------------------------------------- */

/* A loaded game keeps its header: every tag, known or not, and the comments
 * (clock comments too) of the moves it still shares with the file. */
/* A loaded game with a clock goes on from the times its clock comments
 * give ({[%clk 0:04:51]} after each move, as pychess.org and lichess write
 * them), not from the full time of its [TimeControl]. */
static void ui_load_file__clock_comments__clocks_as_they_were(void **state)
{
    (void)state;
    char dir[64], path[128];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/clocks.pgn", dir);
    static const char file[] = "[White \"alice\"]\n[Black \"bob\"]\n[TimeControl \"300+3\"]\n"
                               "[Variant \"Shinobiplus\"]\n\n"
                               "1. e4 {[%clk 0:04:59]} e5 {[%clk 0:04:58.4]} 2. J@c3 {good [%clk 0:04:51]} *\n";
    KageError err;
    assert_true(config_write_atomic(path, file, strlen(file), &err));
    Ui ui;
    ui_on(&ui, "shogun", PLAY_HOTSEAT, NULL);
    assert_true(ui_load_file(&ui, path));
    assert_int_equal(ui.game->rec.nmoves, 3);
    assert_true(clock_enabled(&ui.time.clock));
    assert_int_equal(clock_side_now(&ui.time.clock, WHITE).left_ms, 291000);
    /* Black's clock runs from the load on: a loaded machine may let a few
     * milliseconds pass before this reads it (a CI run saw 298399) */
    assert_in_range(clock_side_now(&ui.time.clock, BLACK).left_ms, 298400 - 2000, 298400);
    ui_off(&ui);
    /* without clock comments: the full time */
    static const char bare[] = "[TimeControl \"300+3\"]\n[Variant \"Shinobiplus\"]\n\n1. e4 e5 *\n";
    assert_true(config_write_atomic(path, bare, strlen(bare), &err));
    ui_on(&ui, "shogun", PLAY_HOTSEAT, NULL);
    assert_true(ui_load_file(&ui, path));
    assert_in_range(clock_side_now(&ui.time.clock, WHITE).left_ms, 300000 - 2000, 300000); /* running */
    ui_off(&ui);
    unlink(path);
    rmdir(dir);
}

static void ui_game_pgn__loaded_game__tags_and_comments_kept(void **state)
{
    (void)state;
    char dir[64], path[128];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/pychess.pgn", dir);
    static const char file[] = "[Event \"PyChess casual game\"]\n[Site \"https://www.pychess.org/abcdefgh\"]\n"
                               "[Date \"2023.05.01\"]\n[Round \"-\"]\n[White \"alice\"]\n[Black \"bob\"]\n"
                               "[Result \"*\"]\n[WhiteElo \"1612\"]\n[BlackElo \"1580?\"]\n"
                               "[Variant \"Shinobiplus\"]\n\n"
                               "{a quiet start} 1. e4 {[%clk 0:04:59]} e5 {[%clk 0:04:58]} 2. J@c3 {[%clk 0:04:51]} *\n";
    KageError err;
    assert_true(config_write_atomic(path, file, strlen(file), &err));
    Ui ui;
    ui_on(&ui, "shogun", PLAY_HOTSEAT, NULL);
    assert_true(ui_load_file(&ui, path));
    assert_int_equal(ui.game->rec.nmoves, 3);
    char *pgn = ui_game_pgn(&ui);
    assert_non_null(pgn);
    static const char *const kept[] = {"[Event \"PyChess casual game\"]", "[Site \"https://www.pychess.org/abcdefgh\"]",
                                       "[Date \"2023.05.01\"]", "[White \"alice\"]", "[Black \"bob\"]",
                                       "[WhiteElo \"1612\"]", "[BlackElo \"1580?\"]", "{a quiet start} 1. e4",
                                       "{[%clk 0:04:59]}", "{[%clk 0:04:58]}", "{[%clk 0:04:51]}"};
    for (int i = 0; i < N_ELEMS(kept); i++)
        if (!strstr(pgn, kept[i]))
            fail_msg("'%s' lost:\n%s", kept[i], pgn);
    assert_null(strstr(pgn, "Player 1"));
    free(pgn);
    /* the panel names the players as the file does */
    ui_draw(&ui);
    assert_true(screen_has("Clan: alice"));
    assert_true(screen_has("Kingdom: bob"));
    /* another third move: the comments of the first two stay, not the third's */
    game_undo(ui.game);
    play(&ui, "J@d3");
    pgn = ui_game_pgn(&ui);
    assert_non_null(strstr(pgn, "{[%clk 0:04:58]}"));
    assert_null(strstr(pgn, "{[%clk 0:04:51]}"));
    assert_non_null(strstr(pgn, "[White \"alice\"]"));
    free(pgn);
    /* a new game forgets them */
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(&ui, "shogun", NULL, PLAY_HOTSEAT, 4, &none));
    pgn = ui_game_pgn(&ui);
    assert_null(strstr(pgn, "alice"));
    free(pgn);
    ui_off(&ui);
    unlink(path);
    rmdir(dir);
}

/* A Shogun game with $XDG_DATA_HOME at data_home, and o pressed: the list
 * of the data folder's files.  Returns the variable's old value, for
 * env_restore. */
static char *files_screen_on(Ui *ui, const char *data_home)
{
    char *old = env_set("XDG_DATA_HOME", data_home);
    ui_on(ui, "shogun", PLAY_HOTSEAT, NULL);
    ui_feed_keys(ui, "o");
    assert_int_equal(ui->screen, SCREEN_FILES);
    return old;
}

/* o lists the PGN files of the data folder, newest first, with what each
 * holds; Enter loads one; Tab types a name instead, and Tab at that prompt
 * completes it. */
static void ui_load_game__data_folder__listed_and_completed(void **state)
{
    (void)state;
    char dir[64], kdir[96], a[128], b[128];
    temp_dir(dir, sizeof dir);
    snprintf(kdir, sizeof kdir, "%s/kage", dir);
    assert_int_equal(mkdir(kdir, 0700), 0);
    snprintf(a, sizeof a, "%s/older.pgn", kdir);
    snprintf(b, sizeof b, "%s/newer.pgn", kdir);
    static const char older[] = "[Variant \"shogun\"]\n[White \"alice\"]\n[Black \"bob\"]\n\n1. e4 e5 *\n";
    static const char newer[] = "[Variant \"shinobiplus\"]\n[White \"carol\"]\n[Black \"dan\"]\n\n1. e4 *\n";
    KageError err;
    assert_true(config_write_atomic(a, older, strlen(older), &err));
    assert_true(config_write_atomic(b, newer, strlen(newer), &err));
    struct timespec times[2] = {{.tv_sec = 1000000000}, {.tv_sec = 1000000000}};
    assert_int_equal(utimensat(AT_FDCWD, a, times, 0), 0);
    Ui ui;
    char *old_data = files_screen_on(&ui, dir);
    assert_int_equal(ui.files.nfiles, 2);
    assert_string_equal(ui.files.files[0].name, "newer.pgn");
    assert_string_equal(ui.files.files[1].name, "older.pgn");
    assert_non_null(strstr(ui.files.files[0].about, "  Shinobi+, carol - dan, *, 1 move"));
    assert_non_null(strstr(ui.files.files[1].about, "2001-09-"));
    /* moves as players count them: "1. e4 e5" is one */
    assert_non_null(strstr(ui.files.files[1].about, "  Shogun chess, alice - bob, *, 1 move"));
    /* on the screen, whole: at 80x24, and at 40x14 (what each holds wraps) */
    ui_draw(&ui);
    assert_true(screen_has("older.pgn"));
    assert_true(screen_has("Shogun chess, alice - bob, *, 1 move"));
    resizeterm(14, 40);
    ui_draw(&ui);
    assert_true(screen_has("newer.pgn"));
    assert_true(screen_has("older.pgn"));
    assert_true(screen_has("2001-09-"));
    assert_true(screen_has("alice - bob, *, 1"));
    assert_true(screen_has("Enter: load"));
    assert_true(screen_has("/kage/"));
    resizeterm(24, 80);
    ui_feed_keys(&ui, "j<Enter>");
    assert_int_equal(ui.screen, SCREEN_GAME);
    assert_string_equal(ui.game->v->def->id, "shogun");
    assert_int_equal(ui.game->rec.nmoves, 2);
    /* Tab: a name typed, completed */
    ui_feed_keys(&ui, "o<Tab>");
    assert_int_equal(ui.input, INPUT_PROMPT);
    ui_feed_keys(&ui, "n<Tab>");
    assert_non_null(strstr(ui.status.line, "/kage/newer.pgn"));
    ui_feed_keys(&ui, "<C-u>");
    char typed[128];
    snprintf(typed, sizeof typed, "%s/", kdir);
    for (const char *c = typed; *c; c++) {
        char k[2] = {*c, 0};
        ui_feed_keys(&ui, k);
    }
    ui_feed_keys(&ui, "<Tab>");
    assert_non_null(strstr(ui.status.msg, "2 names:"));
    ui_feed_keys(&ui, "<Escape>");
    ui_off(&ui);
    env_restore("XDG_DATA_HOME", old_data);
    unlink(a);
    unlink(b);
    rmdir(kdir);
    rmdir(dir);
}

static void ui_load_game__large_database__first_game_only(void **state)
{
    (void)state;
    char dir[64], kdir[128], path[160];
    temp_dir(dir, sizeof dir);
    snprintf(kdir, sizeof kdir, "%s/kage", dir);
    assert_int_equal(mkdir(kdir, 0700), 0);
    snprintf(path, sizeof path, "%s/big.pgn", kdir);
    /* past DESCRIBE_WHOLE_MAX: the list reads its first game only */
    static const char game[] = "[Variant \"shogun\"]\n[White \"alice\"]\n[Black \"bob\"]\n\n1. e4 e5 *\n\n";
    size_t n = 2000, len = n * (sizeof game - 1);
    char *text = xmalloc(len + 1);
    for (size_t i = 0; i < n; i++)
        memcpy(text + i * (sizeof game - 1), game, sizeof game - 1);
    KageError err;
    assert_true(config_write_atomic(path, text, len, &err));
    free(text);
    Ui ui;
    char *old_data = files_screen_on(&ui, dir);
    assert_int_equal(ui.files.nfiles, 1);
    assert_string_equal(ui.files.files[0].name, "big.pgn");
    assert_non_null(strstr(ui.files.files[0].about, "Shogun chess, alice - bob, *, 1 move (and more games)"));
    ui_feed_keys(&ui, "<Enter>"); /* loading it reads it whole: the games to pick from */
    assert_int_equal(ui.pick.games.count, 2000);
    ui_off(&ui);
    env_restore("XDG_DATA_HOME", old_data);
    unlink(path);
    rmdir(kdir);
    rmdir(dir);
}

/* A data folder so deep that a file's whole path does not fit the list's
 * 1024 bytes: that file is left out, never listed under a path cut short
 * (which here names another file, one without .pgn). */
static void ui_load_game__path_too_long__left_out(void **state)
{
    (void)state;
    char dir[64], deep[1024], kdir[1100], shortp[1200], longp[1400], cut[1200];
    temp_dir(dir, sizeof dir);
    /* four folders of 190 characters: the data folder's path is about 800 long */
    char part[191];
    memset(part, 'd', 190);
    part[190] = 0;
    snprintf(deep, sizeof deep, "%s", dir);
    for (int i = 0; i < 4; i++) {
        size_t n = strlen(deep);
        snprintf(deep + n, sizeof deep - n, "/%s", part);
        assert_int_equal(mkdir(deep, 0700), 0);
    }
    snprintf(kdir, sizeof kdir, "%s/kage", deep);
    assert_int_equal(mkdir(kdir, 0700), 0);
    size_t room = 1023 - strlen(kdir) - 1; /* what of a name fits after "kdir/" */
    assert_true(room > 20 && room < 240);
    char name[256];
    memset(name, 'g', 240);
    memcpy(name + 240, ".pgn", 5);
    static const char game[] = "[Variant \"shogun\"]\n[White \"alice\"]\n[Black \"bob\"]\n\n1. e4 e5 *\n";
    KageError err;
    snprintf(shortp, sizeof shortp, "%s/short.pgn", kdir);
    snprintf(longp, sizeof longp, "%s/%s", kdir, name);
    snprintf(cut, sizeof cut, "%s/%.*s", kdir, (int)room, name);
    assert_true(config_write_atomic(shortp, game, strlen(game), &err));
    assert_true(config_write_atomic(longp, game, strlen(game), &err));
    assert_true(config_write_atomic(cut, game, strlen(game), &err));
    Ui ui;
    char *old_data = files_screen_on(&ui, deep);
    assert_int_equal(ui.files.nfiles, 1);
    assert_string_equal(ui.files.files[0].name, "short.pgn");
    ui_off(&ui);
    env_restore("XDG_DATA_HOME", old_data);
    unlink(shortp);
    unlink(longp);
    unlink(cut);
    rmdir(kdir);
    for (int i = 0; i < 4; i++) {
        rmdir(deep);
        *strrchr(deep, '/') = 0;
    }
    rmdir(dir);
}

static void ui_load_file__saved_game__same_moves(void **state)
{
    (void)state;
    char dir[64], path[128];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.pgn", dir);
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, "10+30 byo");
    play(&ui, "e4");
    play(&ui, "e5");
    play(&ui, "C@d4");
    char *pgn = ui_game_pgn(&ui);
    assert_non_null(pgn);
    assert_non_null(strstr(pgn, "[TimeControl \"600+30\"]"));
    KageError err;
    assert_true(config_write_atomic(path, pgn, strlen(pgn), &err));
    free(pgn);
    ui_off(&ui);
    ui_on(&ui, "shogun", PLAY_HOTSEAT, NULL);
    assert_true(ui_load_file(&ui, path));
    assert_string_equal(ui.game->v->def->id, "shinobiplus");
    assert_int_equal(ui.game->rec.nmoves, 3);
    assert_string_equal(ui.game->san[2], "C@d4");
    assert_int_equal(ui.time.tc.kind, CLOCK_BYOYOMI);
    ui_off(&ui);
    unlink(path);
    rmdir(dir);
}

/* Type text into the prompt open on the screen, key by key, then Enter. */
static void type_line(Ui *ui, const char *text)
{
    ui_feed_keys(ui, "<C-u>");
    for (const char *c = text; *c; c++) {
        char k[2] = {*c, 0};
        ui_feed_keys(ui, k);
    }
    ui_feed_keys(ui, "<Enter>");
}

static void ui_save_game__existing_or_odd_file__asked_or_refused(void **state)
{
    (void)state;
    char dir[64], path[128], sub[128], link[128];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/kept.pgn", dir);
    snprintf(sub, sizeof sub, "%s/folder.pgn", dir);
    snprintf(link, sizeof link, "%s/link.pgn", dir);
    static const char earlier[] = "[Variant \"shogun\"]\n\n1. e4 e5 *\n";
    KageError err;
    assert_true(config_write_atomic(path, earlier, strlen(earlier), &err));
    assert_int_equal(mkdir(sub, 0700), 0);
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    play(&ui, "d4");
    /* a file that is there: asked first; n keeps it */
    ui_feed_keys(&ui, "s");
    type_line(&ui, path);
    assert_int_equal(ui.input, INPUT_CONFIRM);
    assert_non_null(strstr(ui.status.question, "kept.pgn exists: replace it? (y/n)"));
    ui_feed_keys(&ui, "n");
    char *text = slurp(path);
    assert_string_equal(text, earlier);
    free(text);
    /* y replaces it */
    ui_feed_keys(&ui, "s");
    type_line(&ui, path);
    ui_feed_keys(&ui, "y");
    assert_non_null(strstr(ui.status.msg, "The game written to"));
    text = slurp(path);
    assert_non_null(strstr(text, "1. d4 *"));
    free(text);
    /* a folder: refused, saying what it is */
    ui_feed_keys(&ui, "s");
    type_line(&ui, sub);
    assert_int_equal(ui.input, INPUT_BOARD);
    assert_true(ui.status.msg_error);
    assert_non_null(strstr(ui.status.msg, "not a regular file (a directory)"));
    /* a link to a file: the file is written, the link stays */
    assert_int_equal(symlink("kept.pgn", link), 0);
    ui_feed_keys(&ui, "s");
    type_line(&ui, link);
    ui_feed_keys(&ui, "y");
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    ui_off(&ui);
    unlink(link);
    unlink(path);
    rmdir(sub);
    rmdir(dir);
}

/* The screen of a forced SSH command (--online-only, or --player): s saves
 * in the data folder under a name Kage makes, never over another file, and
 * no file name is ever asked; o lists the data folder's games, and Tab there
 * types no name (issue 70, fault 3: a path typed at s wrote as the account). */
static void ui_save_game__online_only__data_folder_no_name_asked(void **state)
{
    (void)state;
    char dir[64], kdir[96];
    temp_dir(dir, sizeof dir);
    snprintf(kdir, sizeof kdir, "%s/kage", dir);
    char *old_data = env_set("XDG_DATA_HOME", dir);
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    ui.opt.online_only = true;
    /* no saved game yet: o says so, and asks for no name */
    ui_feed_keys(&ui, "o");
    assert_int_equal(ui.input, INPUT_BOARD);
    assert_int_equal(ui.screen, SCREEN_GAME);
    assert_non_null(strstr(ui.status.msg, "No saved game in the data folder"));
    play(&ui, "d4");
    ui_feed_keys(&ui, "s");
    assert_int_equal(ui.input, INPUT_BOARD); /* no prompt */
    assert_false(ui.status.msg_error);
    assert_non_null(strstr(ui.status.msg, "The game written to"));
    assert_non_null(strstr(ui.status.msg, kdir));
    char first[1024];
    snprintf(first, sizeof first, "%s", ui.write.path);
    assert_memory_equal(first, kdir, strlen(kdir));
    char *text = slurp(first);
    assert_non_null(text);
    assert_non_null(strstr(text, "1. d4 *"));
    free(text);
    /* again: another file, the first one kept */
    play(&ui, "d5");
    ui_feed_keys(&ui, "s");
    assert_int_equal(ui.input, INPUT_BOARD);
    assert_string_not_equal(ui.write.path, first);
    text = slurp(first);
    assert_non_null(strstr(text, "1. d4 *"));
    free(text);
    text = slurp(ui.write.path);
    assert_non_null(strstr(text, "1. d4 d5 *"));
    free(text);
    char second[1024];
    snprintf(second, sizeof second, "%s", ui.write.path);
    /* o: the list; Tab types no name, the list stays */
    ui_feed_keys(&ui, "o");
    assert_int_equal(ui.screen, SCREEN_FILES);
    assert_int_equal(ui.files.nfiles, 2);
    ui_feed_keys(&ui, "<Tab>");
    assert_int_equal(ui.screen, SCREEN_FILES);
    assert_int_not_equal(ui.input, INPUT_PROMPT);
    assert_true(ui.status.msg_error);
    assert_non_null(strstr(ui.status.msg, "no file name can be typed"));
    ui_feed_keys(&ui, "<Escape>");
    ui_off(&ui);
    env_restore("XDG_DATA_HOME", old_data);
    unlink(first);
    unlink(second);
    rmdir(kdir);
    rmdir(dir);
}

static void ui_load_file__bad_file__line_and_reason_game_kept(void **state)
{
    (void)state;
    char dir[64], path[128];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/bad.pgn", dir);
    KageError err;
    const char *bad = "[Variant \"Shinobiplus\"]\n\n1. e4 e5\n2. Ke9 *\n";
    assert_true(config_write_atomic(path, bad, strlen(bad), &err));
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    play(&ui, "d4");
    assert_false(ui_load_file(&ui, path));
    assert_true(ui.status.msg_error);
    assert_non_null(strstr(ui.status.msg, "line 4"));
    assert_non_null(strstr(ui.status.msg, "the current game is kept"));
    assert_int_equal(ui.game->rec.nmoves, 1);
    ui_off(&ui);
    unlink(path);
    rmdir(dir);
}

static void ui_load_file__several_games__pick_screen(void **state)
{
    (void)state;
    char dir[64], path[128];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/two.pgn", dir);
    KageError err;
    const char *two = "[Variant \"Shinobiplus\"]\n[White \"alice\"]\n[Black \"bob\"]\n\n1. e4 *\n\n"
                      "[Variant \"Shinobiplus\"]\n\n1. d4 d5 *\n";
    assert_true(config_write_atomic(path, two, strlen(two), &err));
    Ui ui;
    ui_on(&ui, "shinobiplus", PLAY_HOTSEAT, NULL);
    assert_true(ui_load_file(&ui, path));
    assert_int_equal(ui.screen, SCREEN_PICK);
    assert_int_equal(ui.pick.games.count, 2);
    /* each game read whole, at 80x24 and in a phone's 40x14 */
    ui_draw(&ui);
    assert_true(screen_has("alice - bob  Shinobi+  *  1 move  (line 1)"));
    resizeterm(14, 40);
    ui_draw(&ui);
    assert_true(screen_has("alice - bob"));
    assert_true(screen_has("Shinobi+, *, 1 move (line 1)"));
    assert_true(screen_has("Shinobi+, *, 1 move (line 7)"));
    assert_true(screen_has("Enter: load"));
    resizeterm(24, 80);
    ui_feed_keys(&ui, "j<Enter>");
    assert_int_equal(ui.screen, SCREEN_GAME);
    assert_int_equal(ui.game->rec.nmoves, 2);
    assert_string_equal(ui.game->san[1], "d5");
    ui_off(&ui);
    unlink(path);
    rmdir(dir);
}

/* --- the config file under the command line --------------------------------------------------- */

static void options_from_config__values__mapped_and_argv_overrides(void **state)
{
    (void)state;
    KageConfig cfg;
    ConfigDiags d;
    memset(&d, 0, sizeof d);
    config_defaults(&cfg);
    const char *text = "variant = shogun\nmode = hotseat\nlevel = 7\nglyphs = letters\nmouse = no\n"
                       "flip = yes\nclock = 10+30 byo\ncolor = never\n";
    config_parse(&cfg, text, strlen(text), "kage.conf", &d);
    assert_int_equal(d.count, 0);
    UiOptions o;
    char why[200];
    options_defaults(&o);
    assert_true(options_from_config(&o, &cfg, why, sizeof why));
    assert_string_equal(o.variant, "shogun");
    assert_int_equal(o.mode, PLAY_HOTSEAT);
    assert_int_equal(o.level, 7);
    assert_int_equal(o.glyphs, GLYPH_LETTERS);
    assert_false(o.mouse);
    assert_true(o.auto_flip);
    assert_int_equal(o.clock.kind, CLOCK_BYOYOMI);
    assert_int_equal(o.color, COLOR_NEVER);
    char *argv[] = {"kage", "--level=2", "--clock=none", "--variant", "cashew", NULL};
    assert_int_equal(options_parse_over(&o, 5, argv), 0);
    assert_int_equal(o.level, 2);
    assert_int_equal(o.clock.kind, CLOCK_NONE);
    assert_string_equal(o.variant, "cashew");
    assert_int_equal(o.mode, PLAY_HOTSEAT); /* not on the command line: the config's */
}

static void options_parse__clock_and_load__parsed_or_refused(void **state)
{
    (void)state;
    UiOptions o;
    char *good[] = {"kage", "--clock=10m+30s byo", "--load=x.pgn", "--resume", NULL};
    assert_int_equal(options_parse(&o, 4, good), 0);
    assert_int_equal(o.clock.kind, CLOCK_BYOYOMI);
    assert_int_equal(o.clock.base_ms, 600000);
    assert_int_equal(o.clock.extra_ms, 30000);
    assert_string_equal(o.load, "x.pgn");
    assert_true(o.resume);
    char *bad[] = {"kage", "--clock=5+", NULL};
    FILE *saved = stderr;
    stderr = fopen("/dev/null", "w");
    int r = options_parse(&o, 2, bad);
    fclose(stderr);
    stderr = saved;
    assert_int_equal(r, 2);
}

/* Run ui_main with $XDG_CONFIG_HOME/kage/kage.conf holding conf and a bad
 * --fen (so that it stops before the screen); what it printed on stderr. */
static char *ui_main_stderr(const char *conf)
{
    char dir[64], path[128], out[160];
    KageError err;
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/kage", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/kage/kage.conf", dir);
    assert_true(config_write_atomic(path, conf, strlen(conf), &err));
    snprintf(out, sizeof out, "%s/stderr", dir);
    char *saved_env = env_set("XDG_CONFIG_HOME", dir);
    fflush(stderr);
    int saved_fd = dup(2), fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(saved_fd >= 0 && fd >= 0);
    dup2(fd, 2);
    close(fd);
    char *argv[] = {"kage", "--fen=not a position", NULL};
    int r = ui_main(2, argv);
    fflush(stderr);
    dup2(saved_fd, 2);
    close(saved_fd);
    env_restore("XDG_CONFIG_HOME", saved_env);
    assert_int_equal(r, 2);
    char *text = slurp(out);
    assert_non_null(text);
    unlink(out);
    unlink(path);
    snprintf(path, sizeof path, "%s/kage", dir);
    rmdir(path);
    rmdir(dir);
    return text;
}

static int count_lines_with(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p++)
        n++;
    return n;
}

static void ui_main__config_problems__every_one_on_stderr(void **state)
{
    (void)state;
    char *text = ui_main_stderr("level = 4\nfoo = 1\nlevel = 11\n\nmode\nvariant = shogun\n");
    assert_int_equal(count_lines_with(text, "kage.conf:"), 3);
    assert_non_null(strstr(text, "kage.conf:2: "));
    assert_non_null(strstr(text, "kage.conf:3: "));
    assert_non_null(strstr(text, "kage.conf:5: "));
    assert_non_null(strstr(text, "--fen")); /* and then the error that stopped it */
    free(text);
    /* more than are kept: the number of the others */
    char conf[1024] = "";
    for (int i = 0; i < CONFIG_MAX_DIAGS + 4; i++)
        strcat(conf, "bogus = 1\n");
    text = ui_main_stderr(conf);
    assert_int_equal(count_lines_with(text, "kage.conf:"), CONFIG_MAX_DIAGS);
    assert_non_null(strstr(text, "4 more problems in the config file not shown"));
    free(text);
}

/* Paths at a prompt: offered with the home folder as "~", and a "~/" or
 * "/" typed after the path offered starts it again (issue 73, item 10). */
static void ui_path__offered_as_tilde__typed_over_starts_again(void **state)
{
    (void)state;
    char *old = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    setenv("HOME", "/home/alice", 1);
    char out[256];
    ui_path_shown("/home/alice/.local/share/kage/", out, sizeof out);
    assert_string_equal(out, "~/.local/share/kage/");
    ui_path_shown("/home/alicia/x.pgn", out, sizeof out); /* another folder that begins the same */
    assert_string_equal(out, "/home/alicia/x.pgn");
    ui_path_typed("~/.local/share/kage/~/my.pgn", out, sizeof out);
    assert_string_equal(out, "/home/alice/my.pgn");
    ui_path_typed("~/.local/share/kage//tmp/g.pgn ", out, sizeof out);
    assert_string_equal(out, "/tmp/g.pgn");
    ui_path_typed("games/~x.pgn", out, sizeof out); /* a name that begins with ~ is a name */
    assert_string_equal(out, "games/~x.pgn");
    ui_path_typed("  ~", out, sizeof out);
    assert_string_equal(out, "/home/alice");
    if (old) {
        setenv("HOME", old, 1);
        free(old);
    } else
        unsetenv("HOME");
}

int test_ui_records_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(game_status_text__win__reason_after_a_colon),
        cmocka_unit_test(ui_clock_check__time_runs_out__game_lost_on_time),
        cmocka_unit_test(ui_clock_check__low_clock__bell_once),
        cmocka_unit_test(ui_clock_moved__fischer__increment_and_turn),
        cmocka_unit_test(ui_autosave__after_each_move__resumes_same_game_and_clocks),
        cmocka_unit_test(ui_resume_start__damaged_autosave__message_and_kept_aside),
        cmocka_unit_test(ui_resume_start__unfinished_game__asks_first),
        cmocka_unit_test(ui_autosave_claim__no_lock_can_be_made__autosaved_unlocked_and_said),
        cmocka_unit_test(ui_autosave_claim__one_game__only_its_own_lock_file),
        cmocka_unit_test(ui_resume_start__own_autosave_unreadable__game_autosaved_apart),
        cmocka_unit_test(ui_resume_start__other_autosave_unreadable__own_one_still_written),
        cmocka_unit_test(ui_browse__back_and_forward__position_follows_and_line_kept),
        cmocka_unit_test(ui_browse__resigned_game__result_back_at_the_end),
        cmocka_unit_test(ui_load_file__saved_game__same_moves),
        cmocka_unit_test(ui_load_game__data_folder__listed_and_completed),
        cmocka_unit_test(ui_load_game__large_database__first_game_only),
        cmocka_unit_test(ui_load_game__path_too_long__left_out),
        cmocka_unit_test(ui_game_pgn__loaded_game__tags_and_comments_kept),
        cmocka_unit_test(ui_save_game__existing_or_odd_file__asked_or_refused),
        cmocka_unit_test(ui_save_game__online_only__data_folder_no_name_asked),
        cmocka_unit_test(ui_load_file__clock_comments__clocks_as_they_were),
        cmocka_unit_test(ui_load_file__bad_file__line_and_reason_game_kept),
        cmocka_unit_test(ui_load_file__several_games__pick_screen),
        cmocka_unit_test(options_from_config__values__mapped_and_argv_overrides),
        cmocka_unit_test(options_parse__clock_and_load__parsed_or_refused),
        cmocka_unit_test(ui_main__config_problems__every_one_on_stderr),
        cmocka_unit_test(ui_path__offered_as_tilde__typed_over_starts_again),
    };
    return cmocka_run_group_tests_name("ui records", tests, ui_model_open, ui_model_close);
}
