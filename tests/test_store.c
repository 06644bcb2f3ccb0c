/* The server's database as files (src/server/store.c, check.c): private to
 * the server's user whatever the umask, refused in a folder open to
 * others, locked against a second server, bounded with its log by
 * --db-limit, and checked game by game by kage server --check. */
#define _DEFAULT_SOURCE /* mkdtemp, symlink */
#include "test_online.h"

#include "kage/rules/util.h"
#include "kage/server/server.h"
#include "store.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct Dir {
    char dir[64], db[128];
} Dir;

static void dir_new(Dir *d)
{
    snprintf(d->dir, sizeof d->dir, "%s/kage-store.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(d->dir));
    snprintf(d->db, sizeof d->db, "%s/games.db", d->dir);
}

/* Everything the tests put in the folder, then the folder. */
static void dir_free(Dir *d)
{
    static const char *const tails[] = {"", "-wal", "-shm", ".lock", ".other"};
    char path[200];
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        snprintf(path, sizeof path, "%s%s", d->db, tails[i]);
        unlink(path);
    }
    chmod(d->dir, 0700);
    assert_int_equal(rmdir(d->dir), 0);
}

/* The size of path plus its suffix, 0 when it does not exist. */
static long long size_of(const char *path, const char *tail)
{
    char p[200];
    struct stat st;
    snprintf(p, sizeof p, "%s%s", path, tail);
    return stat(p, &st) == 0 ? (long long)st.st_size : 0;
}

static unsigned mode_of(const char *path, const char *tail)
{
    char p[200];
    struct stat st;
    snprintf(p, sizeof p, "%s%s", path, tail);
    if (stat(p, &st) < 0)
        fail_msg("%s does not exist", p);
    return (unsigned)(st.st_mode & 07777);
}

static void store__files__0600_under_a_permissive_umask(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    mode_t old = umask(022);
    KageError err;
    Store *s = store_open(d.db, 0, &err);
    umask(old);
    if (!s)
        fail_msg("store_open: %s", err.msg);
    int64_t id;
    assert_true(store_game_new(s, "shogun", "none", "alice", "bob", 1, &id, &err));
    assert_true(store_move(s, id, 0, "e2e4", "", "", 2, &err));
    assert_int_equal(mode_of(d.db, ""), 0600);
    assert_int_equal(mode_of(d.db, "-wal"), 0600);
    assert_int_equal(mode_of(d.db, "-shm"), 0600);
    assert_int_equal(mode_of(d.db, ".lock"), 0600);
    store_close(s);
    dir_free(&d);
}

static void store__existing_file_open_to_others__made_0600_and_said(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    FILE *f = fopen(d.db, "w");
    assert_non_null(f);
    fclose(f);
    chmod(d.db, 0644);
    char *text = NULL;
    size_t len = 0;
    FILE *log = open_memstream(&text, &len);
    KageError err;
    assert_true(store_path_check(d.db, log, &err));
    fclose(log);
    assert_int_equal(mode_of(d.db, ""), 0600);
    assert_non_null(strstr(text, "was open to other users (mode 0644): made 0600"));
    free(text);
    dir_free(&d);
}

static void store__folder_open_to_others__refused_with_the_chmod_and_nothing_made(void **state)
{
    (void)state;
    static const unsigned modes[] = {0757, 0770, 0755, 0701};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        Dir d;
        dir_new(&d);
        chmod(d.dir, modes[i]);
        KageError err;
        Store *s = store_open(d.db, 0, &err);
        if (s)
            fail_msg("a database was opened in a folder of mode %04o", modes[i]);
        char want[160];
        snprintf(want, sizeof want, "is open to other users (mode %04o): run chmod g-w,o-rwx %s", modes[i], d.dir);
        if (!strstr(err.msg, want))
            fail_msg("no '%s' in: %s", want, err.msg);
        assert_int_equal(size_of(d.db, ""), 0);
        assert_int_equal(access(d.db, F_OK), -1);
        dir_free(&d);
    }
    Dir d; /* 0750: its group may look */
    dir_new(&d);
    chmod(d.dir, 0750);
    KageError err;
    Store *s = store_open(d.db, 0, &err);
    if (!s)
        fail_msg("store_open in a 0750 folder: %s", err.msg);
    store_close(s);
    dir_free(&d);
}

static void store__database_or_lock_a_symlink__refused(void **state)
{
    (void)state;
    static const char *const tails[] = {"", ".lock", "-wal"};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        Dir d;
        dir_new(&d);
        char other[160], link[160];
        snprintf(other, sizeof other, "%s.other", d.db);
        snprintf(link, sizeof link, "%s%s", d.db, tails[i]);
        FILE *f = fopen(other, "w");
        assert_non_null(f);
        fclose(f);
        assert_int_equal(symlink(other, link), 0);
        KageError err;
        Store *s = store_open(d.db, 0, &err);
        if (s)
            fail_msg("opened with %s a symbolic link", link);
        if (!strstr(err.msg, "is a symbolic link"))
            fail_msg("no 'is a symbolic link' in: %s", err.msg);
        assert_int_equal(size_of(other, ""), 0); /* nothing written through it */
        dir_free(&d);
    }
}

/* In a child (as nobody where the test runs as root): store_path_check
 * refuses what is another user's.  0 when it did, else what went wrong. */
static int others_files_refused(const char *db_of_root)
{
    KageError err;
    if (geteuid() == 0) {
        struct passwd *nobody = getpwnam("nobody");
        if (!nobody || setgid(nobody->pw_gid) < 0 || setuid(nobody->pw_uid) < 0)
            return 10;
        /* a database file of root's in a folder of nobody's */
        if (store_path_check(db_of_root, NULL, &err) || !strstr(err.msg, "belongs to uid 0, not to the server's user"))
            return 11;
    }
    /* a folder of root's: / */
    if (store_path_check("/kage-test-games.db", NULL, &err) ||
        !strstr(err.msg, "the database's folder / belongs to uid 0, not to the server's user"))
        return 12;
    return 0;
}

static void store__another_users_folder_or_file__refused(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    FILE *f = fopen(d.db, "w");
    assert_non_null(f);
    fclose(f);
    chmod(d.db, 0600);
    struct passwd *nobody = getpwnam("nobody");
    if (geteuid() == 0)
        assert_int_equal(chown(d.dir, nobody ? nobody->pw_uid : 65534, (gid_t)-1), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(20);
        _exit(others_files_refused(d.db));
    }
    int st = 0;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    if (!WIFEXITED(st) || WEXITSTATUS(st))
        fail_msg("the child said %d (10: no nobody, 11: root's file accepted, 12: root's folder accepted)",
                 WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    dir_free(&d);
}

static void server_new__second_server_on_one_database__refused_with_the_holders_pid(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = d.db;
    cfg.log = NULL;
    KageError err;
    Server *first = server_new(&cfg, &err);
    if (!first)
        fail_msg("server_new: %s", err.msg);
    Server *second = server_new(&cfg, &err);
    if (second) {
        server_free(second);
        server_free(first);
        dir_free(&d);
        fail_msg("a second server opened the database of a running one");
    }
    char want[200];
    snprintf(want, sizeof want, "the database %s is in use by another kage server (pid %ld)", d.db, (long)getpid());
    if (!strstr(err.msg, want))
        fail_msg("no '%s' in: %s", want, err.msg);
    /* kage server --check waits for the server too */
    FILE *out = tmpfile();
    assert_non_null(out);
    assert_false(server_check_db(d.db, out));
    fclose(out);
    server_free(first);
    assert_int_equal(access(d.db, F_OK), 0);
    assert_int_equal(access(strcat(strcpy(want, d.db), ".lock"), F_OK), -1); /* removed by its holder */
    second = server_new(&cfg, &err); /* the first one gone: free again */
    if (!second)
        fail_msg("server_new after the first stopped: %s", err.msg);
    server_free(second);
    dir_free(&d);
}

/* Moves into a database of limit_kb until it is full, the sizes of the
 * database and its log looked at after each: together they never pass the
 * limit, and the store says it is full. */
static void db_limit_fill(int64_t limit_kb)
{
    Dir d;
    dir_new(&d);
    KageError err;
    Store *s = store_open(d.db, limit_kb, &err);
    if (!s)
        fail_msg("store_open: %s", err.msg);
    long long most = 0, most_wal = 0;
    int stored = 0;
    bool full = false;
    int64_t id = 0;
    for (int n = 0; n < 20000 && !full; n++) {
        if (n % 200 == 0 && !store_game_new(s, "shogun", "5+3", "alice", "bob", n, &id, &err))
            full = true;
        else if (n % 200 && !store_move(s, id, n % 200 - 1, "e2e4", "300000:0:0", "299000:0:0", n, &err))
            full = true;
        else
            stored++;
        long long db = size_of(d.db, ""), wal = size_of(d.db, "-wal");
        most = db + wal > most ? db + wal : most;
        most_wal = wal > most_wal ? wal : most_wal;
    }
    print_message("db-limit %lld KB: %d rows stored, at most %lld bytes in the database and its log (the log %lld)\n",
                  (long long)limit_kb, stored, most, most_wal);
    if (!full)
        fail_msg("20000 rows stored under a limit of %lld KB", (long long)limit_kb);
    assert_non_null(strstr(err.msg, "the disk under the server's database is full"));
    assert_true(stored > 100);
    if (most > limit_kb * 1024)
        fail_msg("the database and its log reached %lld bytes under a limit of %lld KB", most, (long long)limit_kb);
    store_close(s);
    dir_free(&d);
}

static void store__db_limit_64__database_and_log_within_it(void **state)
{
    (void)state;
    db_limit_fill(64);
}

/* a limit where the log holds several pages between checkpoints */
static void store__db_limit_256__database_and_log_within_it(void **state)
{
    (void)state;
    db_limit_fill(256);
}

/* A raw row: what a second server could write, or a damaged file hold. */
static void raw(const char *db, const char *sql)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    char *msg = NULL;
    if (sqlite3_exec(h, sql, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", sql, msg);
    sqlite3_close(h);
}

static int64_t game_with(Store *s, const char *const *moves, int n, const char *result, const char *reason)
{
    KageError err;
    int64_t id;
    assert_true(store_game_new(s, "shogun", "none", "alice", "bob", 1000, &id, &err));
    for (int i = 0; i < n; i++)
        if (!store_move(s, id, i, moves[i], "", "", 1000 + i, &err))
            fail_msg("move %d: %s", i, err.msg);
    if (result)
        assert_true(store_result(s, id, result, reason, 2000, &err));
    return id;
}

static void check__stored_result_and_moves_disagree__each_said(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    KageError err;
    Store *s = store_open(d.db, 0, &err);
    if (!s)
        fail_msg("store_open: %s", err.msg);
    static const char *const mate[] = {"f2f3", "e7e5", "g2g4", "d8h4"}, *const open[] = {"e2e4", "e7e5", "g1f3"};
    game_with(s, mate, 4, "0-1", "checkmate");        /* 1: sound */
    game_with(s, open, 3, "1-0", "resignation");      /* 2: sound (black resigned) */
    game_with(s, open, 3, "1-0", "time");             /* 3: sound (black, to move, flagged) */
    game_with(s, mate, 4, "1-0", "checkmate");        /* 4: the other side mated */
    game_with(s, mate, 4, NULL, NULL);                /* 5: running, but mated */
    game_with(s, open, 3, "0-1", "checkmate");        /* 6: no mate on the board */
    game_with(s, open, 2, "1/2-1/2", "resignation");  /* 7: a draw by resignation */
    game_with(s, open, 2, "1-0", "time");             /* 8: black lost on time, white to move */
    int64_t late = game_with(s, open, 2, "1-0", "resignation"); /* 9: a move after its end */
    game_with(s, open, 2, "1-0", "agreed-draw");      /* 10: a win by agreement */
    static const char *const bad[] = {"e2e4", "e7e5", "e1e3"};
    game_with(s, bad, 3, NULL, NULL);                 /* 11: an illegal third move */
    game_with(s, mate, 4, "0-1", "checkmate");        /* 12: sound (the check starts each game afresh) */
    store_close(s);
    /* what the second server of fault 6 wrote: a move after the first ended it */
    char sql[200];
    snprintf(sql, sizeof sql, "INSERT INTO moves VALUES (%lld, 2, 'g1f3', NULL, NULL, 3000)", (long long)late);
    raw(d.db, sql);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    bool sound = server_check_db(d.db, out);
    fclose(out);
    static const char *const want[] = {
        "game 4 (shogun, alice against bob): the moves end it 0-1 (checkmate), the database says 1-0 (checkmate)",
        "game 5 (shogun, alice against bob): the moves end it 0-1 (checkmate), the database says nothing",
        "game 6 (shogun, alice against bob): ended by checkmate, which its moves do not show",
        "game 7 (shogun, alice against bob): a draw by resignation",
        "game 8 (shogun, alice against bob): black lost on time, but white was to move",
        "game 9 (shogun, alice against bob): its end was stored after 2 moves, and 3 are stored",
        "game 10 (shogun, alice against bob): a win by an agreed draw",
        "game 11 (shogun, alice against bob): move 3 (e1e3): ",
        ": 12 games (10 finished, 2 running), 37 moves: 4 sound, 8 bad",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(text, want[i]))
            fail_msg("no '%s' in:\n%s", want[i], text);
    assert_false(sound);
    free(text);
    dir_free(&d);
}

int test_store_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(store__files__0600_under_a_permissive_umask),
        cmocka_unit_test(store__existing_file_open_to_others__made_0600_and_said),
        cmocka_unit_test(store__folder_open_to_others__refused_with_the_chmod_and_nothing_made),
        cmocka_unit_test(store__database_or_lock_a_symlink__refused),
        cmocka_unit_test(store__another_users_folder_or_file__refused),
        cmocka_unit_test(server_new__second_server_on_one_database__refused_with_the_holders_pid),
        cmocka_unit_test(store__db_limit_64__database_and_log_within_it),
        cmocka_unit_test(store__db_limit_256__database_and_log_within_it),
        cmocka_unit_test(check__stored_result_and_moves_disagree__each_said),
    };
    return cmocka_run_group_tests_name("server database", tests, NULL, NULL);
}
