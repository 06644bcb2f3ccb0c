/* The server's games in SQLite (see store.h).  WAL journal with
 * synchronous=NORMAL: a commit survives the server being killed (the log is
 * in the kernel's hands), and a power cut can lose only the last commits,
 * never damage the file.  The files are the server's alone (0600 in a
 * folder closed to others), and one server at a time uses them: a lock
 * file beside the database, held with flock for as long as it is open, and
 * the holder's pid in it for the message that refuses a second. */
#define _DEFAULT_SOURCE /* flock */
#include "store.h"

#include "kage/rules/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
    ST_GAME_NEW, ST_MOVE, ST_RESULT, ST_RUNNING, ST_HISTORY, ST_HISTORY_ALL, ST_ALL, ST_LOAD, ST_MOVES,
    ST_COUNT
};

/* A game's moves are counted, not kept in a column that every move would
 * have to update (one page written a move, not two); the column `plies`,
 * written with the end, follows (what --check compares them with). */
#define PLIES "(SELECT COUNT(*) FROM moves WHERE game = games.id), plies"

static const char *const sql[ST_COUNT] = {
    [ST_GAME_NEW] = "INSERT INTO games(variant, tc, white, black, started) VALUES (?, ?, ?, ?, ?)",
    [ST_MOVE] = "INSERT INTO moves(game, ply, move, white_clock, black_clock, at) SELECT ?1, ?2, ?3, ?4, ?5, ?6 "
                "WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1 AND ended IS NULL)",
    [ST_RESULT] = "UPDATE games SET ended = ?2, result = ?3, reason = ?4, "
                  "plies = (SELECT COUNT(*) FROM moves WHERE game = ?1) WHERE id = ?1 AND ended IS NULL",
    [ST_RUNNING] = "SELECT id, variant, tc, white, black, started, ended, result, reason, " PLIES " FROM games "
                   "WHERE ended IS NULL ORDER BY id",
    [ST_HISTORY] = "SELECT id, variant, tc, white, black, started, ended, result, reason, " PLIES " FROM games "
                   "WHERE ended IS NOT NULL AND (white = ?1 OR black = ?1) ORDER BY id DESC LIMIT ?2",
    [ST_HISTORY_ALL] = "SELECT id, variant, tc, white, black, started, ended, result, reason, " PLIES " FROM games "
                       "WHERE ended IS NOT NULL ORDER BY id DESC LIMIT ?2",
    [ST_ALL] = "SELECT id, variant, tc, white, black, started, ended, result, reason, " PLIES " FROM games ORDER BY id",
    [ST_LOAD] = "SELECT id, variant, tc, white, black, started, ended, result, reason, " PLIES " FROM games WHERE id = ?",
    [ST_MOVES] = "SELECT ply, move, white_clock, black_clock FROM moves WHERE game = ? ORDER BY ply",
};

static const char schema[] =
    "BEGIN;\n"
    "CREATE TABLE IF NOT EXISTS games(\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  variant TEXT NOT NULL, tc TEXT NOT NULL, white TEXT NOT NULL, black TEXT NOT NULL,\n"
    "  started INTEGER NOT NULL,      -- Unix ms\n"
    "  ended INTEGER,                 -- NULL while the game runs\n"
    "  result TEXT, reason TEXT,\n"
    "  plies INTEGER NOT NULL DEFAULT 0); -- set at the end; while it runs, count its moves\n"
    "CREATE TABLE IF NOT EXISTS moves(\n"
    "  game INTEGER NOT NULL REFERENCES games(id),\n"
    "  ply INTEGER NOT NULL,          -- from 0\n"
    "  move TEXT NOT NULL,            -- protocol text (UCI; XBoard legs for Cashew)\n"
    "  white_clock TEXT, black_clock TEXT, -- after the move: LEFT_MS:PERIODS:BYO\n"
    "  at INTEGER NOT NULL,           -- Unix ms\n"
    "  PRIMARY KEY(game, ply)) WITHOUT ROWID;\n"
    "CREATE INDEX IF NOT EXISTS games_white ON games(white, id);\n"
    "CREATE INDEX IF NOT EXISTS games_black ON games(black, id);\n"
    "CREATE INDEX IF NOT EXISTS games_running ON games(ended) WHERE ended IS NULL;\n"
    "PRAGMA user_version = 1;\n"
    "COMMIT;\n";

struct Store {
    sqlite3 *db;
    bool ratings_ready; /* ratings_schema was done */
    bool chat_ready;    /* chat_schema was done */
    bool counters_ready; /* counter_table was done */
    sqlite3_stmt *st[ST_COUNT];
    int lock_fd; /* -1: none (":memory:") */
    int wal_pages; /* under a limit: the log's length that empties it */
    char lock_path[PATH_MAX];
};

/* The most pages one write (a move, a new game, a result) puts in the
 * write-ahead log: a leaf of each tree it changes, their splits and page 1,
 * more as the trees deepen.  Measured: 6 in a database of 64 KB (the
 * schema), 8 in one of 1 MB, 10 in one of 8 MB; the second figure is for
 * limits of 1 MB and more. */
#define TXN_FRAMES 8
#define TXN_FRAMES_LARGE 16

/* A message a person can act on: a full disk says so. */
static bool db_error(Store *s, int rc, KageError *err, const char *what)
{
    if (rc == SQLITE_FULL)
        return kage_error(err, -1, "%s: the disk under the server's database is full", what);
    return kage_error(err, -1, "%s: %s", what, s && s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
}

/* --- the files: checked, locked, created 0600 ------------------------------------ */

static bool is_memory(const char *path) { return !*path || !strcmp(path, ":memory:"); }

/* Files and folders of the server's user; root (kage server --check run by
 * an administrator) may read anyone's. */
static bool owner_ok(uid_t uid) { return uid == geteuid() || geteuid() == 0; }

static bool folder_check(const char *path, KageError *err)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    struct stat st;
    if (stat(dir, &st) < 0)
        return kage_error(err, -1, "the database's folder %s: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return kage_error(err, -1, "the database's folder %s is not a folder", dir);
    if (!owner_ok(st.st_uid))
        return kage_error(err, -1, "the database's folder %s belongs to uid %u, not to the server's user (uid %u): "
                                   "keep the database in a folder of the server's own", dir, (unsigned)st.st_uid,
                          (unsigned)geteuid());
    if (st.st_mode & 027)
        return kage_error(err, -1, "the database's folder %s is open to other users (mode %04o): run chmod g-w,o-rwx %s",
                          dir, (unsigned)(st.st_mode & 07777), dir);
    return true;
}

/* path, where it exists: a plain file of the server's user, closed to
 * others (made so when it is not, and said on log). */
static bool file_check(const char *path, FILE *log, KageError *err)
{
    struct stat st;
    if (lstat(path, &st) < 0)
        return errno == ENOENT || kage_error(err, -1, "%s: %s", path, strerror(errno));
    if (S_ISLNK(st.st_mode))
        return kage_error(err, -1, "%s is a symbolic link: the server keeps only files of its own there (remove it)",
                          path);
    if (!S_ISREG(st.st_mode))
        return kage_error(err, -1, "%s is not a plain file (remove it)", path);
    if (!owner_ok(st.st_uid))
        return kage_error(err, -1, "%s belongs to uid %u, not to the server's user (uid %u): remove it", path,
                          (unsigned)st.st_uid, (unsigned)geteuid());
    if (st.st_mode & 077) {
        /* safe to change by name: the folder, checked first, is closed to others */
        if (chmod(path, 0600) < 0)
            return kage_error(err, -1, "%s is open to other users (mode %04o) and cannot be made 0600: %s", path,
                              (unsigned)(st.st_mode & 07777), strerror(errno));
        if (log)
            fprintf(log, "kage server: %s was open to other users (mode %04o): made 0600\n", path,
                    (unsigned)(st.st_mode & 07777));
    }
    return true;
}

bool store_path_check(const char *path, FILE *log, KageError *err)
{
    if (is_memory(path))
        return true;
    if (!folder_check(path, err))
        return false;
    static const char *const tails[] = {"", "-wal", "-shm", ".lock"};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        char f[PATH_MAX];
        if (snprintf(f, sizeof f, "%s%s", path, tails[i]) >= (int)sizeof f)
            return kage_error(err, -1, "the database's path is too long: %.60s...", path);
        if (!file_check(f, log, err))
            return false;
    }
    return true;
}

/* Hold the lock beside the database at path, or say who holds it.  The
 * lock file is removed by the holder as it closes, so a lock taken on a
 * file no longer at its path is taken again on the new one. */
static bool lock_take(Store *s, const char *path, KageError *err)
{
    snprintf(s->lock_path, sizeof s->lock_path, "%s.lock", path); /* store_path_check measured it */
    for (int tries = 0; tries < 16; tries++) {
        int fd = open(s->lock_path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0)
            return kage_error(err, -1, "the database's lock %s cannot be opened: %s", s->lock_path,
                              errno == ELOOP ? "it is a symbolic link" : strerror(errno));
        struct stat st, now;
        if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !owner_ok(st.st_uid)) {
            close(fd);
            return kage_error(err, -1, "the database's lock %s is not a plain file of the server's user: remove it",
                              s->lock_path);
        }
        if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
            int e = errno;
            char buf[24] = "";
            ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
            buf[n > 0 ? n : 0] = 0;
            long pid = strtol(buf, NULL, 10);
            close(fd);
            if (e != EWOULDBLOCK)
                return kage_error(err, -1, "the database's lock %s: %s", s->lock_path, strerror(e));
            if (pid > 0)
                return kage_error(err, -1, "the database %s is in use by another kage server (pid %ld)", path, pid);
            return kage_error(err, -1, "the database %s is in use by another kage server", path);
        }
        if (stat(s->lock_path, &now) == 0 && now.st_dev == st.st_dev && now.st_ino == st.st_ino) {
            char buf[24];
            int n = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
            /* the pid only names the holder in a refusal: a full disk
             * that keeps it out does not undo the lock */
            if (ftruncate(fd, 0) == 0 && pwrite(fd, buf, (size_t)n, 0) != n)
                (void)ftruncate(fd, 0);
            s->lock_fd = fd;
            return true;
        }
        close(fd); /* its holder removed it as we opened it: the next one */
    }
    return kage_error(err, -1, "the database's lock %s keeps changing under this server", s->lock_path);
}

/* The database file itself, made 0600 before SQLite sees it: its -wal and
 * -shm take its mode, whatever the umask. */
static bool db_create(const char *path, KageError *err)
{
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return kage_error(err, -1, "the database %s cannot be created: %s", path, strerror(errno));
    close(fd);
    return true;
}

static int pragma_int(Store *s, const char *sql_text, int fallback)
{
    sqlite3_stmt *ps;
    int v = fallback;
    if (sqlite3_prepare_v2(s->db, sql_text, -1, &ps, NULL) == SQLITE_OK) {
        if (sqlite3_step(ps) == SQLITE_ROW)
            v = sqlite3_column_int(ps, 0);
        sqlite3_finalize(ps);
    }
    return v;
}

/* The limit covers the database and its log: the log is copied into the
 * database (a checkpoint) once a commit leaves it an eighth of the limit
 * long (or SQLite's 1000 pages, if less), the next write starts it again
 * from its beginning, cut to that length and one more write, and the
 * database gets what is left once that is set aside.  The checkpoint is
 * passive: a reader (sqlite3 .backup) never makes a move wait, and the
 * lock keeps every other server out. */
static int wal_full(void *ctx, sqlite3 *db, const char *name, int frames)
{
    const Store *s = ctx;
    if (frames >= s->wal_pages)
        sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    return SQLITE_OK;
}

static void limit_set(Store *s, int64_t limit_kb)
{
    int64_t page = pragma_int(s, "PRAGMA page_size", 4096), frame = page + 24, total = limit_kb * 1024;
    int64_t wal = total / 8 / frame;
    wal = wal < 1 ? 1 : wal > 1000 ? 1000 : wal;
    int64_t txn = limit_kb >= 1024 ? TXN_FRAMES_LARGE : TXN_FRAMES;
    int64_t wal_max = 32 + (wal - 1 + txn) * frame, pages = (total - wal_max) / page;
    s->wal_pages = (int)wal;
    sqlite3_wal_hook(s->db, wal_full, s);
    char pragma[200];
    /* below the pages it has, SQLite keeps those: full at once */
    snprintf(pragma, sizeof pragma, "PRAGMA journal_size_limit = %lld; PRAGMA max_page_count = %lld",
             (long long)wal_max, (long long)(pages < 1 ? 1 : pages));
    sqlite3_exec(s->db, pragma, NULL, NULL, NULL);
    sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
}

static Store *open_as(const char *path, int64_t limit_kb, bool create, KageError *err)
{
    Store *s = xcalloc(1, sizeof *s);
    s->lock_fd = -1;
    bool memory = is_memory(path);
    if (!memory) {
        struct stat st;
        if (!store_path_check(path, NULL, err) ||
            (!create && lstat(path, &st) < 0 && !kage_error(err, -1, "%s: no such database", path)) ||
            !lock_take(s, path, err) || (create && !db_create(path, err))) {
            store_close(s);
            return NULL;
        }
    }
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (memory ? 0 : SQLITE_OPEN_NOFOLLOW);
    int rc = sqlite3_open_v2(path, &s->db, flags | (create ? SQLITE_OPEN_CREATE : 0), NULL);
    if (rc != SQLITE_OK) {
        kage_error(err, -1, "the database %s cannot be opened: %s", path,
                   s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
        store_close(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 2000);
    sqlite3_extended_result_codes(s->db, 0);
    /* a file made by someone else (root's --check of a user's database)
     * runs no code of its schema's and cannot be damaged by SQL */
    sqlite3_db_config(s->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
    sqlite3_db_config(s->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
    char *msg = NULL;
    rc = sqlite3_exec(s->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", NULL,
                      NULL, &msg);
    if (rc == SQLITE_OK && limit_kb > 0)
        limit_set(s, limit_kb); /* before the schema: a new database's first pages count */
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(s->db, schema, NULL, NULL, &msg);
    if (rc != SQLITE_OK) {
        kage_error(err, -1, "the database %s cannot be used: %s", path, msg ? msg : sqlite3_errstr(rc));
        sqlite3_free(msg);
        store_close(s);
        return NULL;
    }
    for (int i = 0; i < ST_COUNT; i++)
        if ((rc = sqlite3_prepare_v2(s->db, sql[i], -1, &s->st[i], NULL)) != SQLITE_OK) {
            db_error(s, rc, err, "the database's statements");
            store_close(s);
            return NULL;
        }
    return s;
}

Store *store_open(const char *path, int64_t limit_kb, KageError *err) { return open_as(path, limit_kb, true, err); }

Store *store_open_existing(const char *path, KageError *err) { return open_as(path, 0, false, err); }

void store_close(Store *s)
{
    if (!s)
        return;
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(s->st[i]);
    sqlite3_close(s->db);
    if (s->lock_fd >= 0) {
        unlink(s->lock_path); /* still held: no one takes the old file after this */
        close(s->lock_fd);
    }
    free(s);
}

/* Run a statement that returns no rows; SQLITE_DONE or the error code. */
static int run(Store *s, int k)
{
    int rc = sqlite3_step(s->st[k]);
    sqlite3_reset(s->st[k]);
    sqlite3_clear_bindings(s->st[k]);
    return rc;
}

bool store_game_new(Store *s, const char *variant, const char *tc, const char *white, const char *black,
                    int64_t started, int64_t *id, KageError *err)
{
    sqlite3_stmt *st = s->st[ST_GAME_NEW];
    sqlite3_bind_text(st, 1, variant, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, tc, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, white, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, black, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 5, started);
    int rc = run(s, ST_GAME_NEW);
    if (rc != SQLITE_DONE)
        return db_error(s, rc, err, "the game could not be stored");
    *id = sqlite3_last_insert_rowid(s->db);
    return true;
}

static void bind_clock(sqlite3_stmt *st, int k, const char *clock)
{
    if (clock && *clock)
        sqlite3_bind_text(st, k, clock, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, k);
}

bool store_move(Store *s, int64_t id, int ply, const char *move, const char *wclock, const char *bclock, int64_t at,
                KageError *err)
{
    /* one statement, one transaction: the referee has checked the ply, and
     * the key (game, ply) refuses a second move of the same number */
    sqlite3_stmt *st = s->st[ST_MOVE];
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, ply);
    sqlite3_bind_text(st, 3, move, -1, SQLITE_TRANSIENT);
    bind_clock(st, 4, wclock);
    bind_clock(st, 5, bclock);
    sqlite3_bind_int64(st, 6, at);
    int rc = run(s, ST_MOVE);
    if (rc != SQLITE_DONE)
        return db_error(s, rc, err, "the move could not be stored");
    if (sqlite3_changes(s->db) != 1)
        return kage_error(err, -1, "the move could not be stored: game %lld is not running in the database", (long long)id);
    return true;
}

bool store_result(Store *s, int64_t id, const char *result, const char *reason, int64_t ended, KageError *err)
{
    sqlite3_stmt *st = s->st[ST_RESULT];
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, ended);
    sqlite3_bind_text(st, 3, result, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, reason, -1, SQLITE_TRANSIENT);
    int rc = run(s, ST_RESULT);
    if (rc != SQLITE_DONE)
        return db_error(s, rc, err, "the result could not be stored");
    return true;
}

static void text_col(sqlite3_stmt *st, int col, char *buf, size_t size, const char *none)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(buf, size, "%s", t ? (const char *)t : none);
}

static void read_row(sqlite3_stmt *st, StoredGame *g)
{
    memset(g, 0, sizeof *g);
    g->id = sqlite3_column_int64(st, 0);
    text_col(st, 1, g->variant, sizeof g->variant, "");
    text_col(st, 2, g->tc, sizeof g->tc, "none");
    text_col(st, 3, g->white, sizeof g->white, "");
    text_col(st, 4, g->black, sizeof g->black, "");
    g->started = sqlite3_column_int64(st, 5);
    g->ended = sqlite3_column_type(st, 6) == SQLITE_NULL ? 0 : sqlite3_column_int64(st, 6);
    text_col(st, 7, g->result, sizeof g->result, "*");
    text_col(st, 8, g->reason, sizeof g->reason, "none");
    g->plies = sqlite3_column_int(st, 9);
    g->end_plies = g->ended ? sqlite3_column_int(st, 10) : -1;
}

/* The moves of g (g->plies of them must be stored, numbered from 0). */
static bool read_moves(Store *s, StoredGame *g, KageError *err)
{
    sqlite3_stmt *st = s->st[ST_MOVES];
    sqlite3_bind_int64(st, 1, g->id);
    g->moves = g->plies ? xcalloc((size_t)g->plies, sizeof *g->moves) : NULL;
    g->clocks = g->plies ? xcalloc((size_t)g->plies, sizeof *g->clocks) : NULL;
    int n = 0, rc;
    bool ok = true;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int ply = sqlite3_column_int(st, 0);
        if (ply != n || n >= g->plies) {
            ok = kage_error(err, -1, "game %lld: its moves in the database are not numbered 0 to %d",
                            (long long)g->id, g->plies - 1);
            break;
        }
        text_col(st, 1, g->moves[n], NET_MOVE_MAX, "");
        text_col(st, 2, g->last_clock[WHITE], NET_CLOCK_MAX, "");
        text_col(st, 3, g->last_clock[BLACK], NET_CLOCK_MAX, "");
        snprintf(g->clocks[n], NET_CLOCK_MAX, "%s", g->last_clock[n % 2]); /* the side that moved */
        n++;
    }
    if (ok && rc != SQLITE_DONE && rc != SQLITE_ROW)
        ok = db_error(s, rc, err, "the moves could not be read");
    if (ok && n != g->plies)
        ok = kage_error(err, -1, "game %lld: %d moves stored, %d expected", (long long)g->id, n, g->plies);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return ok;
}

/* The rows of statement k (bound by the caller), with their moves if asked. */
static int read_games(Store *s, int k, bool moves, StoredGame **out, KageError *err)
{
    sqlite3_stmt *st = s->st[k];
    StoredGame *gs = NULL;
    int n = 0, cap = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            gs = xrealloc(gs, (size_t)cap * sizeof *gs);
        }
        read_row(st, &gs[n++]);
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE) {
        db_error(s, rc, err, "the games could not be read");
        store_games_free(gs, n);
        return -1;
    }
    for (int i = 0; moves && i < n; i++)
        if (!read_moves(s, &gs[i], err)) {
            store_games_free(gs, n);
            return -1;
        }
    *out = gs;
    return n;
}

int store_running(Store *s, StoredGame **out, KageError *err) { return read_games(s, ST_RUNNING, true, out, err); }

int store_history(Store *s, const char *name, int max, StoredGame **out, KageError *err)
{
    int k = name ? ST_HISTORY : ST_HISTORY_ALL;
    if (name)
        sqlite3_bind_text(s->st[k], 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(s->st[k], 2, max);
    return read_games(s, k, false, out, err);
}

int store_all(Store *s, StoredGame **out, KageError *err) { return read_games(s, ST_ALL, true, out, err); }

int store_load(Store *s, int64_t id, StoredGame *out, KageError *err)
{
    StoredGame *gs;
    sqlite3_bind_int64(s->st[ST_LOAD], 1, id);
    int n = read_games(s, ST_LOAD, true, &gs, err);
    if (n <= 0) {
        if (n == 0)
            free(gs);
        return n;
    }
    *out = gs[0];
    free(gs);
    return 1;
}

void store_game_free(StoredGame *g)
{
    free(g->moves);
    free(g->clocks);
    g->moves = NULL;
    g->clocks = NULL;
}

void store_games_free(StoredGame *g, int n)
{
    for (int i = 0; i < n; i++)
        store_game_free(&g[i]);
    free(g);
}

/* --- names and challenge numbers (the lobby's) ---------------------------------- */

int store_player_like(Store *s, const char *fold, const char *name, char *found, size_t size, KageError *err)
{
    /* the folding of net_name_fold, in SQL: lower case, without . _ - */
#define FOLD(col) "replace(replace(replace(lower(" col "), '.', ''), '_', ''), '-', '')"
    static const char q[] = "SELECT white FROM games WHERE " FOLD("white") " = ?1 AND white <> ?2 "
                            "UNION SELECT black FROM games WHERE " FOLD("black") " = ?1 AND black <> ?2 LIMIT 1";
#undef FOLD
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, q, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return db_error(s, rc, err, "the players' names could not be read") ? 0 : -1;
    sqlite3_bind_text(st, 1, fold, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    int r = 0;
    if (rc == SQLITE_ROW) {
        text_col(st, 0, found, size, "");
        r = 1;
    } else if (rc != SQLITE_DONE) {
        db_error(s, rc, err, "the players' names could not be read");
        r = -1;
    }
    sqlite3_finalize(st);
    return r;
}

/* The last challenge number given, kept in a table of its own (made on
 * first use, so that older databases take it too). */
static bool counter_table(Store *s, KageError *err)
{
    if (s->counters_ready)
        return true;
    int rc = sqlite3_exec(s->db, "CREATE TABLE IF NOT EXISTS counters(name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
                          NULL, NULL, NULL);
    s->counters_ready = rc == SQLITE_OK;
    return rc == SQLITE_OK || db_error(s, rc, err, "the challenge numbers could not be kept");
}

int64_t store_challenge_last(Store *s)
{
    KageError err;
    sqlite3_stmt *st;
    int64_t v = 0;
    if (!counter_table(s, &err) ||
        sqlite3_prepare_v2(s->db, "SELECT value FROM counters WHERE name = 'challenge'", -1, &st, NULL) != SQLITE_OK)
        return 0;
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v > 0 ? v : 0;
}

bool store_challenge_given(Store *s, int64_t id, KageError *err)
{
    sqlite3_stmt *st;
    if (!counter_table(s, err))
        return false;
    int rc = sqlite3_prepare_v2(s->db,
                                "INSERT INTO counters(name, value) VALUES ('challenge', ?1) "
                                "ON CONFLICT(name) DO UPDATE SET value = max(value, excluded.value)",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return db_error(s, rc, err, "the challenge number could not be kept");
    sqlite3_bind_int64(st, 1, id);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE || db_error(s, rc, err, "the challenge number could not be kept");
}

/* --- ratings (rating.h) ------------------------------------------------------------- */

/* The tables of the ratings, made on a server's first start with them: a
 * column `rated` in games (0 in the games before), and the ratings. */
static bool ratings_schema(Store *s, KageError *err)
{
    if (s->ratings_ready)
        return true;
    sqlite3_stmt *st;
    bool have = false;
    int rc = sqlite3_prepare_v2(s->db, "SELECT 1 FROM pragma_table_info('games') WHERE name = 'rated'", -1, &st, NULL);
    if (rc != SQLITE_OK)
        return db_error(s, rc, err, "the database's tables could not be read");
    have = sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
    char *msg = NULL;
    rc = sqlite3_exec(s->db,
                      have ? "CREATE TABLE IF NOT EXISTS ratings(name TEXT NOT NULL, variant TEXT NOT NULL, "
                             "rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL, games INTEGER NOT NULL, "
                             "PRIMARY KEY(name, variant)) WITHOUT ROWID"
                           : "BEGIN; ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0; "
                             "CREATE TABLE IF NOT EXISTS ratings(name TEXT NOT NULL, variant TEXT NOT NULL, "
                             "rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL, games INTEGER NOT NULL, "
                             "PRIMARY KEY(name, variant)) WITHOUT ROWID; COMMIT",
                      NULL, NULL, &msg);
    if (rc != SQLITE_OK) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        kage_error(err, -1, "the ratings' tables could not be made: %s", msg ? msg : sqlite3_errstr(rc));
        sqlite3_free(msg);
        return false;
    }
    s->ratings_ready = true;
    return true;
}

int store_ratings_of(Store *s, const char *name, VariantRating *out, int max, KageError *err)
{
    sqlite3_stmt *st;
    if (!ratings_schema(s, err))
        return -1;
    int rc = sqlite3_prepare_v2(s->db, "SELECT variant, rating, rd, vol, games FROM ratings WHERE name = ?1 "
                                       "ORDER BY variant", -1, &st, NULL);
    if (rc != SQLITE_OK) {
        db_error(s, rc, err, "the ratings could not be read");
        return -1;
    }
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    int n = 0;
    while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        text_col(st, 0, out[n].variant, sizeof out[n].variant, "");
        out[n].rating = (Rating){sqlite3_column_double(st, 1), sqlite3_column_double(st, 2),
                                 sqlite3_column_double(st, 3), sqlite3_column_int(st, 4)};
        n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        db_error(s, rc, err, "the ratings could not be read");
        return -1;
    }
    return n;
}

bool store_game_set_rated(Store *s, int64_t id, KageError *err)
{
    sqlite3_stmt *st;
    if (!ratings_schema(s, err))
        return false;
    int rc = sqlite3_prepare_v2(s->db, "UPDATE games SET rated = 1 WHERE id = ?1", -1, &st, NULL);
    if (rc != SQLITE_OK)
        return db_error(s, rc, err, "the game could not be made rated");
    sqlite3_bind_int64(st, 1, id);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE || db_error(s, rc, err, "the game could not be made rated");
}

bool store_game_is_rated(Store *s, int64_t id)
{
    sqlite3_stmt *st;
    KageError err;
    bool rated = false;
    if (!ratings_schema(s, &err) ||
        sqlite3_prepare_v2(s->db, "SELECT rated FROM games WHERE id = ?1", -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW)
        rated = sqlite3_column_int(st, 0) != 0;
    sqlite3_finalize(st);
    return rated;
}

bool store_rating_get(Store *s, const char *name, const char *variant, Rating *out, KageError *err)
{
    sqlite3_stmt *st;
    *out = rating_new();
    if (!ratings_schema(s, err))
        return false;
    int rc = sqlite3_prepare_v2(s->db, "SELECT rating, rd, vol, games FROM ratings WHERE name = ?1 AND variant = ?2",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return db_error(s, rc, err, "the ratings could not be read");
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, variant, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *out = (Rating){sqlite3_column_double(st, 0), sqlite3_column_double(st, 1), sqlite3_column_double(st, 2),
                        sqlite3_column_int(st, 3)};
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE || db_error(s, rc, err, "the ratings could not be read");
}

bool store_ratings_put(Store *s, const char *variant, const char *const name[2], const Rating r[2], KageError *err)
{
    sqlite3_stmt *st;
    if (!ratings_schema(s, err))
        return false;
    int rc = sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(s->db, "INSERT OR REPLACE INTO ratings(name, variant, rating, rd, vol, games) "
                                       "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", -1, &st, NULL);
    for (int k = 0; k < 2 && rc == SQLITE_OK; k++) {
        sqlite3_bind_text(st, 1, name[k], -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, variant, -1, SQLITE_TRANSIENT);
        sqlite3_bind_double(st, 3, r[k].r);
        sqlite3_bind_double(st, 4, r[k].rd);
        sqlite3_bind_double(st, 5, r[k].vol);
        sqlite3_bind_int(st, 6, r[k].games);
        rc = sqlite3_step(st);
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
        sqlite3_reset(st);
        if (k == 1 || rc != SQLITE_OK)
            sqlite3_finalize(st);
    }
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
    if (rc != SQLITE_OK) {
        bool said = db_error(s, rc, err, "the ratings could not be stored");
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return said;
    }
    return true;
}

int store_top(Store *s, const char *variant, int max, StoredRating **out, KageError *err)
{
    sqlite3_stmt *st;
    *out = NULL;
    if (!ratings_schema(s, err))
        return -1;
    int rc = sqlite3_prepare_v2(s->db, "SELECT name, rating, rd, vol, games FROM ratings WHERE variant = ?1 "
                                       "ORDER BY rating DESC, name LIMIT ?2", -1, &st, NULL);
    if (rc != SQLITE_OK) {
        db_error(s, rc, err, "the ratings could not be read");
        return -1;
    }
    sqlite3_bind_text(st, 1, variant, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, max);
    StoredRating *rs = xcalloc((size_t)(max > 0 ? max : 1), sizeof *rs);
    int n = 0;
    while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        text_col(st, 0, rs[n].name, sizeof rs[n].name, "");
        rs[n].rating = (Rating){sqlite3_column_double(st, 1), sqlite3_column_double(st, 2),
                                sqlite3_column_double(st, 3), sqlite3_column_int(st, 4)};
        n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        db_error(s, rc, err, "the ratings could not be read");
        free(rs);
        return -1;
    }
    *out = rs;
    return n;
}

/* --- chat ------------------------------------------------------------------------------ */

static bool chat_schema(Store *s, KageError *err)
{
    if (s->chat_ready)
        return true;
    char *msg = NULL;
    int rc = sqlite3_exec(s->db,
                          "CREATE TABLE IF NOT EXISTS chat(id INTEGER PRIMARY KEY, game INTEGER NOT NULL, "
                          "channel TEXT NOT NULL, name TEXT NOT NULL, at INTEGER NOT NULL, text TEXT NOT NULL); "
                          "CREATE INDEX IF NOT EXISTS chat_game ON chat(game, channel, id)",
                          NULL, NULL, &msg);
    if (rc != SQLITE_OK) {
        kage_error(err, -1, "the chat's table could not be made: %s", msg ? msg : sqlite3_errstr(rc));
        sqlite3_free(msg);
        return false;
    }
    s->chat_ready = true;
    return true;
}

bool store_chat_add(Store *s, int64_t game, const char *channel, const char *name, int64_t at, const char *text,
                    KageError *err)
{
    sqlite3_stmt *st;
    if (!chat_schema(s, err))
        return false;
    int rc = sqlite3_prepare_v2(s->db, "INSERT INTO chat(game, channel, name, at, text) VALUES (?1, ?2, ?3, ?4, ?5)",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return db_error(s, rc, err, "the chat line could not be stored");
    sqlite3_bind_int64(st, 1, game);
    sqlite3_bind_text(st, 2, channel, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, at);
    sqlite3_bind_text(st, 5, text, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE || db_error(s, rc, err, "the chat line could not be stored");
}

int store_chat_recent(Store *s, int64_t game, const char *channel, int max, StoredChat **out, KageError *err)
{
    sqlite3_stmt *st;
    *out = NULL;
    if (!chat_schema(s, err))
        return -1;
    int rc = sqlite3_prepare_v2(s->db, "SELECT name, at, text FROM (SELECT id, name, at, text FROM chat "
                                       "WHERE game = ?1 AND channel = ?2 ORDER BY id DESC LIMIT ?3) ORDER BY id",
                                -1, &st, NULL);
    if (rc != SQLITE_OK) {
        db_error(s, rc, err, "the chat could not be read");
        return -1;
    }
    sqlite3_bind_int64(st, 1, game);
    sqlite3_bind_text(st, 2, channel, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 3, max);
    StoredChat *cs = xcalloc((size_t)(max > 0 ? max : 1), sizeof *cs);
    int n = 0;
    while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        text_col(st, 0, cs[n].name, sizeof cs[n].name, "");
        cs[n].at = sqlite3_column_int64(st, 1);
        text_col(st, 2, cs[n].text, sizeof cs[n].text, "");
        n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        db_error(s, rc, err, "the chat could not be read");
        free(cs);
        return -1;
    }
    *out = cs;
    return n;
}

bool store_game_delete(Store *s, int64_t id, KageError *err)
{
    KageError ignored;
    chat_schema(s, &ignored);
    char sql_text[200];
    snprintf(sql_text, sizeof sql_text,
             "BEGIN; DELETE FROM chat WHERE game = %lld; DELETE FROM moves WHERE game = %lld; "
             "DELETE FROM games WHERE id = %lld; COMMIT",
             (long long)id, (long long)id, (long long)id);
    char *msg = NULL;
    int rc = sqlite3_exec(s->db, sql_text, NULL, NULL, &msg);
    if (rc != SQLITE_OK) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        kage_error(err, -1, "game %lld could not be removed: %s", (long long)id, msg ? msg : sqlite3_errstr(rc));
        sqlite3_free(msg);
        return false;
    }
    return true;
}
