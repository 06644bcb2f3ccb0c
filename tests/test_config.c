/* Files that outlive a session: XDG paths, atomic writes, the config file
 * with its bad keys and values, and the autosave with its clocks. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "test_records.h"
#include "test_util.h"

#include "kage/records/config.h"
#include "kage/rules/notation.h"
#include "kage/records/savegame.h"
#include "kage/rules/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A fresh directory under /tmp, and the environment pointed at it. */
typedef struct Sandbox {
    char dir[256];
    char *saved[4];
} Sandbox;

static const char *const env_names[4] = {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"};

static void sandbox_enter(Sandbox *sb)
{
    snprintf(sb->dir, sizeof sb->dir, "/tmp/kage-test-XXXXXX");
    assert_non_null(mkdtemp(sb->dir));
    for (int i = 0; i < 4; i++) {
        const char *v = getenv(env_names[i]);
        sb->saved[i] = v ? xstrdup(v) : NULL;
        unsetenv(env_names[i]);
    }
    setenv("HOME", sb->dir, 1);
}

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            remove_tree(sub);
        }
        closedir(d);
        rmdir(path);
    } else
        unlink(path);
}

static void sandbox_leave(Sandbox *sb)
{
    for (int i = 0; i < 4; i++) {
        if (sb->saved[i])
            setenv(env_names[i], sb->saved[i], 1);
        else
            unsetenv(env_names[i]);
        free(sb->saved[i]);
    }
    remove_tree(sb->dir);
}

static int file_mode(const char *path)
{
    struct stat st;
    if (stat(path, &st))
        return -1;
    return (int)(st.st_mode & 0777);
}

static void config_dir__follows_xdg__and_defaults(void **state)
{
    (void)state;
    Sandbox sb;
    sandbox_enter(&sb);
    char path[1024], want[1024];
    KageError err;
    assert_true(config_dir(KAGE_DIR_CONFIG, false, path, sizeof path, &err));
    snprintf(want, sizeof want, "%s/.config/kage", sb.dir);
    assert_string_equal(path, want);
    assert_int_equal(file_mode(path), -1); /* not created when not asked */
    assert_true(config_dir(KAGE_DIR_STATE, true, path, sizeof path, &err));
    snprintf(want, sizeof want, "%s/.local/state/kage", sb.dir);
    assert_string_equal(path, want);
    assert_int_equal(file_mode(path), 0700);
    snprintf(want, sizeof want, "%s/.local/state", sb.dir);
    assert_int_equal(file_mode(want), 0700); /* parents too */

    snprintf(want, sizeof want, "%s/xdg-data", sb.dir);
    setenv("XDG_DATA_HOME", want, 1);
    assert_true(config_path(KAGE_DIR_DATA, "game.pgn", true, path, sizeof path, &err));
    snprintf(want, sizeof want, "%s/xdg-data/kage/game.pgn", sb.dir);
    assert_string_equal(path, want);
    setenv("XDG_DATA_HOME", "relative/dir", 1); /* ignored, as the specification says */
    assert_true(config_dir(KAGE_DIR_DATA, false, path, sizeof path, &err));
    snprintf(want, sizeof want, "%s/.local/share/kage", sb.dir);
    assert_string_equal(path, want);
    unsetenv("HOME");
    unsetenv("XDG_DATA_HOME");
    assert_false(config_dir(KAGE_DIR_DATA, false, path, sizeof path, &err));
    assert_non_null(strstr(err.msg, "XDG_DATA_HOME"));
    sandbox_leave(&sb);
}

static void config_write_atomic__replaces_file__nothing_left_over(void **state)
{
    (void)state;
    Sandbox sb;
    sandbox_enter(&sb);
    char path[512];
    snprintf(path, sizeof path, "%s/file.txt", sb.dir);
    KageError err;
    assert_true(config_write_atomic(path, "old contents\n", 13, &err));
    assert_true(config_write_atomic(path, "new", 3, &err));
    size_t len;
    char *text = config_read_file(path, &len, &err);
    assert_non_null(text);
    assert_int_equal(len, 3);
    assert_string_equal(text, "new");
    free(text);
    assert_int_equal(file_mode(path), 0600);
    int entries = 0;
    DIR *d = opendir(sb.dir);
    for (struct dirent *e; (e = readdir(d));)
        entries += e->d_name[0] != '.';
    closedir(d);
    assert_int_equal(entries, 1); /* no temporary file left behind */
    /* a directory that does not exist: a message, nothing written */
    snprintf(path, sizeof path, "%s/missing/file.txt", sb.dir);
    assert_false(config_write_atomic(path, "x", 1, &err));
    assert_non_null(strstr(err.msg, "missing"));
    assert_null(config_read_file(path, &len, &err));
    assert_int_equal(errno, ENOENT);
    sandbox_leave(&sb);
}

/* A UTF-8 byte-order mark before the first key (some editors write one)
 * is not part of the key: it made the first key "unknown". */
static void config_parse__byte_order_mark__skipped(void **state)
{
    (void)state;
    static const char text[] = "\xef\xbb\xbfvariant = shogun\nlevel = 7\n";
    KageConfig cfg;
    ConfigDiags d = {0};
    config_defaults(&cfg);
    config_parse(&cfg, text, sizeof text - 1, "kage.conf", &d);
    if (d.count)
        fail_msg("%s", d.msg[0]);
    assert_string_equal(cfg.variant, "shogun");
    assert_int_equal(cfg.level, 7);
}

/* threads = auto or 1 to 64; anything else is said and the line ignored. */
static void config_parse__threads__auto_or_number(void **state)
{
    (void)state;
    static const char text[] = "threads = 3\nthreads = 0\nthreads = 65\nthreads = two\n";
    KageConfig cfg;
    ConfigDiags d = {0};
    config_defaults(&cfg);
    assert_int_equal(cfg.threads, 0);
    config_parse(&cfg, text, sizeof text - 1, "kage.conf", &d);
    assert_int_equal(cfg.threads, 3);
    assert_true(cfg.set & CONFIG_SET_THREADS);
    assert_int_equal(d.count, 3);
    assert_string_equal(d.msg[0], "kage.conf:2: threads '0' is not auto or a number from 1 to 64");
    assert_string_equal(d.msg[2], "kage.conf:4: threads 'two' is not auto or a number from 1 to 64");
    static const char text2[] = "threads = auto\n";
    ConfigDiags d2 = {0};
    config_parse(&cfg, text2, sizeof text2 - 1, "kage.conf", &d2);
    assert_int_equal(d2.count, 0);
    assert_int_equal(cfg.threads, 0);
}

/* Only a regular file is read, and opening one never blocks: a FIFO (an
 * autosave or --load=FIFO hung start-up), a directory and a device are
 * refused at once, saying what they are; the autosave says it cannot be
 * read (-2), which is not "damaged". */
static void config_read_file__special_files__refused_at_once(void **state)
{
    (void)state;
    char dir[64], fifo[128];
    snprintf(dir, sizeof dir, "/tmp/kage-test-read-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    static const struct {
        const char *path, *what;
    } cases[] = {{NULL, "not a regular file (a pipe)"}, {"/dev/null", "not a regular file (a device)"},
                 {"/tmp", "not a regular file (a directory)"}};
    for (int i = 0; i < 3; i++) {
        KageError err;
        size_t len;
        const char *path = cases[i].path ? cases[i].path : fifo;
        assert_null(config_read_file(path, &len, &err));
        assert_int_equal(errno, EINVAL);
        if (!strstr(err.msg, cases[i].what))
            fail_msg("%s: '%s'", path, err.msg);
    }
    SaveGame sg;
    KageError err;
    assert_int_equal(savegame_load(fifo, NULL, NULL, &sg, &err), -2);
    assert_int_equal(savegame_load(dir, NULL, NULL, &sg, &err), -2);
    unlink(fifo);
    rmdir(dir);
}

/* Writing never puts a file in place of a device, a FIFO or a directory
 * (as root, a save to /dev/null would have replaced it), and a link stays
 * a link: the file it names is written. */
static void config_write_atomic__special_files_and_links__kept(void **state)
{
    (void)state;
    char dir[64], fifo[128], file[128], link[128];
    snprintf(dir, sizeof dir, "/tmp/kage-test-write-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    snprintf(file, sizeof file, "%s/file", dir);
    snprintf(link, sizeof link, "%s/link", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    KageError err;
    assert_false(config_write_atomic(fifo, "x\n", 2, &err));
    assert_non_null(strstr(err.msg, "not a regular file (a pipe): not written over"));
    assert_false(config_write_atomic(dir, "x\n", 2, &err));
    assert_non_null(strstr(err.msg, "not a regular file (a directory)"));
    struct stat st;
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_true(config_write_atomic(file, "old\n", 4, &err));
    assert_int_equal(symlink("file", link), 0);
    assert_true(config_write_atomic(link, "new\n", 4, &err));
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    size_t len;
    char *text = config_read_file(file, &len, &err);
    assert_string_equal(text, "new\n");
    free(text);
    unlink(link);
    unlink(file);
    unlink(fifo);
    rmdir(dir);
}

/* bell = yes turns the terminal bell on (as --bell does). */
static void config_parse__bell__yes_or_no(void **state)
{
    (void)state;
    KageConfig cfg;
    ConfigDiags d = {0};
    config_defaults(&cfg);
    assert_false(cfg.bell);
    config_parse(&cfg, "bell = yes\n", 11, "kage.conf", &d);
    assert_int_equal(d.count, 0);
    assert_true(cfg.bell);
    assert_true(cfg.set & CONFIG_SET_BELL);
    config_parse(&cfg, "bell = loud\n", 12, "kage.conf", &d);
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.msg[0], "bell 'loud' is not yes or no"));
}

static void config_parse__applies_good_lines__reports_bad_ones(void **state)
{
    (void)state;
    const char *text = "# Kage settings\n"
                       "\n"
                       "variant = shogun\n"
                       "mode=hotseat   # two at one keyboard\n"
                       "level = 11\n"
                       "theme = \"high-contrast\"\n"
                       "speed = fast\n"
                       "glyphs = letters\n"
                       "mouse = off\n"
                       "flip = maybe\n"
                       "auto-flip = yes\n"
                       "clock = 10m+30s byo\n"
                       "color = sometimes\n"
                       "variant = chess\n"
                       "just some words\n"
                       "clock = 5+\n"
                       "level =\n"
                       "  COLOR = never\n";
    KageConfig cfg;
    ConfigDiags d = {0};
    config_defaults(&cfg);
    config_parse(&cfg, text, strlen(text), "kage.conf", &d);
    assert_string_equal(cfg.variant, "shogun"); /* the bad line 14 left it */
    assert_string_equal(cfg.mode, "hotseat");
    assert_int_equal(cfg.level, 4);
    assert_string_equal(cfg.theme, "high-contrast");
    assert_string_equal(cfg.glyphs, "letters");
    assert_false(cfg.mouse);
    assert_true(cfg.flip);
    assert_int_equal(cfg.clock.kind, CLOCK_BYOYOMI);
    assert_int_equal(cfg.clock.base_ms, 600000);
    assert_string_equal(cfg.color, "never");
    assert_int_equal(cfg.set, CONFIG_SET_VARIANT | CONFIG_SET_MODE | CONFIG_SET_THEME | CONFIG_SET_GLYPHS |
                                  CONFIG_SET_MOUSE | CONFIG_SET_FLIP | CONFIG_SET_CLOCK | CONFIG_SET_COLOR);
    static const char *const want[] = {
        "kage.conf:5: level '11' is not a number from 1 to 10",
        "kage.conf:7: unknown key 'speed'",
        "kage.conf:10: flip 'maybe' is not yes or no",
        "kage.conf:13: color 'sometimes' is not one of auto, never, always",
        "kage.conf:14: unknown variant 'chess'",
        "kage.conf:15: expected key = value",
        "kage.conf:16: clock '5+': expected a time",
        "kage.conf:17: no value for 'level'",
    };
    assert_int_equal(d.count, (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < d.count; i++)
        if (strncmp(d.msg[i], want[i], strlen(want[i])))
            fail_msg("diag %d: \"%s\", expected \"%s...\"", i, d.msg[i], want[i]);
}

static void config_load__reads_file__missing_is_fine(void **state)
{
    (void)state;
    Sandbox sb;
    sandbox_enter(&sb);
    KageConfig cfg;
    ConfigDiags d = {0};
    config_defaults(&cfg);
    assert_true(config_load(&cfg, NULL, &d)); /* no file yet */
    assert_int_equal(d.count, 0);
    assert_int_equal(cfg.set, 0);
    char path[1024];
    KageError err;
    assert_true(config_path(KAGE_DIR_CONFIG, "kage.conf", true, path, sizeof path, &err));
    assert_true(config_write_atomic(path, "level = 7\nbogus\n", 16, &err));
    assert_true(config_load(&cfg, NULL, &d));
    assert_int_equal(cfg.level, 7);
    assert_int_equal(d.count, 1);
    char want[1200];
    snprintf(want, sizeof want, "%s:2: expected key = value", path);
    assert_string_equal(d.msg[0], want);
    sandbox_leave(&sb);
}

typedef struct FakeTime {
    int64_t ms;
} FakeTime;

static int64_t fake_now(void *ctx) { return ((FakeTime *)ctx)->ms; }

/* A game of moves (UCI) in variant, as the autosave holds it. */
static SaveGame game_of(const char *variant, const char *fen, const char *uci, Position **pos)
{
    *pos = test_position(variant, fen);
    test_play_uci(*pos, uci);
    SaveGame s = {.level = 6};
    record_init(&s.rec, (*pos)->v->def);
    record_set_start(&s.rec, fen);
    for (int i = 0; i < (*pos)->ply; i++)
        record_push(&s.rec, (*pos)->hist[i + 1].move);
    snprintf(s.mode, sizeof s.mode, "hotseat");
    return s;
}

static void savegame_format__round_trip__moves_mode_and_clocks(void **state)
{
    (void)state;
    FakeTime t = {5000}, later = {999999};
    Position *pos;
    SaveGame s = game_of("shogun", NULL, "e2e4 d7d5 e4d5 d8d5", &pos);
    s.flip = true;
    s.has_clock = true;
    TimeControl tc;
    KageError err;
    assert_true(clock_tc_parse("5+3", &tc, &err));
    clock_init(&s.clock, &tc, fake_now, &t);
    clock_start(&s.clock, WHITE);
    t.ms += 4000;
    clock_press(&s.clock);
    t.ms += 12000; /* Black thinking when the link drops */
    char *text = savegame_format(&s, NULL, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "[KageMode \"hotseat\"]\n[KageLevel \"6\"]\n[KageFlip \"1\"]\n[KageMoves \"4\"]\n"
                                 "[KageClock \"5+3; white 299000 0 main; black 288000 0 main; turn black; paused\"]\n"));
    SaveGame r;
    assert_true(savegame_parse(text, strlen(text), fake_now, &later, &r, &err));
    assert_ptr_equal(r.rec.def, s.rec.def);
    assert_int_equal(r.rec.nmoves, 4);
    assert_memory_equal(r.rec.moves, s.rec.moves, 4 * sizeof *s.rec.moves);
    assert_string_equal(r.mode, "hotseat");
    assert_int_equal(r.level, 6);
    assert_true(r.flip);
    assert_true(r.has_clock);
    assert_int_equal(r.clock.state, CLOCK_PAUSED);
    assert_int_equal(r.clock.turn, BLACK);
    assert_int_equal(clock_side_now(&r.clock, BLACK).left_ms, 288000); /* the clocks as they were */
    assert_int_equal(r.rec.result.outcome, OUTCOME_NONE);
    savegame_free(&r);
    free(text);

    /* a resigned game keeps its result; no clock, no clock tag */
    s.has_clock = false;
    s.rec.result = (GameResult){OUTCOME_WHITE_WINS, END_RESIGNATION};
    text = savegame_format(&s, pos->v, &err);
    assert_null(strstr(text, "KageClock"));
    assert_true(savegame_parse(text, strlen(text), NULL, NULL, &r, &err));
    assert_false(r.has_clock);
    assert_int_equal(r.rec.result.outcome, OUTCOME_WHITE_WINS);
    assert_int_equal(r.rec.result.reason, END_RESIGNATION);
    savegame_free(&r);
    free(text);
    savegame_free(&s);
    test_release(pos);
}

/* A game loaded from a file keeps its tags and comments through the
 * autosave: a resumed game saves as it was loaded, not under Kage's tags */
static void savegame_format__loaded_game__tags_and_comments_kept(void **state)
{
    (void)state;
    static const char file[] = "[Event \"Club night\"]\n[White \"alice\"]\n[Black \"bob\"]\n"
                               "[WhiteElo \"1800\"]\n[Variant \"shogun\"]\n\n"
                               "1. e4 {a good start} e5 2. Nf3 *\n";
    PgnGames games;
    KageError err;
    assert_true(pgn_read(file, strlen(file), NULL, &games, &err));
    Position *pos;
    SaveGame s = game_of("shogun", NULL, "e2e4 e7e5 g1f3 b8c6", &pos); /* one move more than the file */
    s.from = &games.games[0];
    char *text = savegame_format(&s, NULL, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "[Event \"Club night\"]"));
    assert_non_null(strstr(text, "[White \"alice\"]"));
    assert_non_null(strstr(text, "[WhiteElo \"1800\"]"));
    assert_non_null(strstr(text, "{a good start}"));
    assert_non_null(strstr(text, "[KageLoaded \"1\"]"));
    SaveGame r;
    assert_true(savegame_parse(text, strlen(text), NULL, NULL, &r, &err));
    assert_non_null(r.from);
    assert_int_equal(r.rec.nmoves, 4);
    assert_string_equal(pgn_tag(r.from, "White"), "alice");
    assert_string_equal(pgn_tag(r.from, "WhiteElo"), "1800");
    assert_null(pgn_tag(r.from, "KageMode")); /* Kage's own tags stay Kage's */
    assert_string_equal(r.from->comments[1], "a good start");
    /* written again from the resumed game: the same tags, once each */
    SaveGame again = r;
    char *text2 = savegame_format(&again, NULL, &err);
    assert_string_equal(text2, text);
    free(text2);
    savegame_free(&r);
    free(text);
    /* a game begun in Kage has no such tag and nothing kept */
    s.from = NULL;
    text = savegame_format(&s, NULL, &err);
    assert_null(strstr(text, "KageLoaded"));
    assert_true(savegame_parse(text, strlen(text), NULL, NULL, &r, &err));
    assert_null(r.from);
    savegame_free(&r);
    free(text);
    savegame_free(&s);
    pgn_games_free(&games);
    test_release(pos);
}

static void savegame_load__damaged_file__clear_message(void **state)
{
    (void)state;
    Sandbox sb;
    sandbox_enter(&sb);
    Position *pos;
    SaveGame s = game_of("cashew", NULL, "g4g5 g10g9", &pos), r;
    KageError err;
    assert_int_equal(savegame_load(NULL, NULL, NULL, &r, &err), 0); /* none yet */
    assert_true(savegame_write(&s, NULL, NULL, &err));
    char path[1024];
    assert_true(config_path(KAGE_DIR_STATE, SAVEGAME_FILE, false, path, sizeof path, &err));
    assert_int_equal(file_mode(path), 0600);
    assert_int_equal(savegame_load(NULL, NULL, NULL, &r, &err), 1);
    assert_int_equal(r.rec.nmoves, 2);
    assert_string_equal(r.rec.def->id, "cashew");
    savegame_free(&r);

    size_t len;
    char *text = config_read_file(path, &len, &err);
    static const struct {
        size_t cut; /* keep this many bytes, or 0 */
        const char *replace, *with, *msg;
    } cases[] = {
        {0, "g10g9", "g10g2", "the autosave is damaged: line "},
        {0, "[KageMoves \"2\"]", "[KageMoves \"3\"]", "the autosave is damaged: it should hold 3 moves but holds 2"},
        {0, "[KageMode \"hotseat\"]", "[KageFoo \"hotseat\"]", "the autosave is damaged: no [KageMode] tag"},
        {0, "[KageLevel \"6\"]", "[KageLevel \"66\"]", "the autosave is damaged: bad level"},
        {0, "[KageFlip \"0\"]", "[KageClock \"5; white\"]", "the autosave is damaged: bad clock"},
        {0, "[Variant \"cashew-shogi\"]", "[Variant \"go\"]", "the autosave is damaged: line 9: unknown variant"},
        {40, NULL, NULL, "the autosave is damaged: line 2: the value of tag Site is not closed"},
    };
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        char bad[8192];
        if (cases[i].cut)
            snprintf(bad, sizeof bad, "%.*s", (int)cases[i].cut, text);
        else {
            const char *at = strstr(text, cases[i].replace);
            assert_non_null(at);
            snprintf(bad, sizeof bad, "%.*s%s%s", (int)(at - text), text, cases[i].with, at + strlen(cases[i].replace));
        }
        assert_true(config_write_atomic(path, bad, strlen(bad), &err));
        if (savegame_load(NULL, NULL, NULL, &r, &err) != -1)
            fail_msg("case %d accepted", i);
        if (strncmp(err.msg, cases[i].msg, strlen(cases[i].msg)))
            fail_msg("case %d: \"%s\"", i, err.msg);
    }
    assert_true(savegame_remove(NULL, &err));
    assert_int_equal(savegame_load(NULL, NULL, NULL, &r, &err), 0);
    assert_true(savegame_remove(NULL, &err)); /* nothing to remove is fine */
    free(text);
    savegame_free(&s);
    test_release(pos);
    sandbox_leave(&sb);
}

int test_config_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(config_dir__follows_xdg__and_defaults),
        cmocka_unit_test(config_write_atomic__replaces_file__nothing_left_over),
        cmocka_unit_test(config_parse__applies_good_lines__reports_bad_ones),
        cmocka_unit_test(config_parse__bell__yes_or_no),
        cmocka_unit_test(config_read_file__special_files__refused_at_once),
        cmocka_unit_test(config_write_atomic__special_files_and_links__kept),
        cmocka_unit_test(config_parse__byte_order_mark__skipped),
        cmocka_unit_test(config_parse__threads__auto_or_number),
        cmocka_unit_test(config_load__reads_file__missing_is_fine),
        cmocka_unit_test(savegame_format__round_trip__moves_mode_and_clocks),
        cmocka_unit_test(savegame_format__loaded_game__tags_and_comments_kept),
        cmocka_unit_test(savegame_load__damaged_file__clear_message),
    };
    return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
