/* The server's games in SQLite (see store.h).  WAL journal with
 * synchronous=NORMAL: a commit survives the server being killed (the log is
 * in the kernel's hands), and a power cut can lose only the last commits,
 * never damage the file. */
#include "store.h"

#include "kage/rules/util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    ST_GAME_NEW, ST_MOVE, ST_RESULT, ST_RUNNING, ST_HISTORY, ST_HISTORY_ALL, ST_ALL, ST_LOAD, ST_MOVES,
    ST_COUNT
};

/* A game's moves are counted, not kept in a column that every move would
 * have to update (one page written a move, not two). */
#define PLIES "(SELECT COUNT(*) FROM moves WHERE game = games.id)"

static const char *const sql[ST_COUNT] = {
    [ST_GAME_NEW] = "INSERT INTO games(variant, tc, white, black, started) VALUES (?, ?, ?, ?, ?)",
    [ST_MOVE] = "INSERT INTO moves(game, ply, move, white_clock, black_clock, at) VALUES (?, ?, ?, ?, ?, ?)",
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
    "PRAGMA user_version = 1;\n";

struct Store {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
};

/* A message a person can act on: a full disk says so. */
static bool db_error(Store *s, int rc, KageError *err, const char *what)
{
    if (rc == SQLITE_FULL)
        return kage_error(err, -1, "%s: the disk under the server's database is full", what);
    return kage_error(err, -1, "%s: %s", what, s && s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
}

Store *store_open(const char *path, int64_t limit_kb, KageError *err)
{
    Store *s = xcalloc(1, sizeof *s);
    int rc = sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        kage_error(err, -1, "the database %s cannot be opened: %s", path,
                   s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
        store_close(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 2000);
    sqlite3_extended_result_codes(s->db, 0);
    char *msg = NULL;
    rc = sqlite3_exec(s->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", NULL,
                      NULL, &msg);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(s->db, schema, NULL, NULL, &msg);
    if (rc != SQLITE_OK) {
        kage_error(err, -1, "the database %s cannot be used: %s", path, msg ? msg : sqlite3_errstr(rc));
        sqlite3_free(msg);
        store_close(s);
        return NULL;
    }
    if (limit_kb > 0) {
        char pragma[96];
        sqlite3_stmt *ps;
        int page = 4096;
        if (sqlite3_prepare_v2(s->db, "PRAGMA page_size", -1, &ps, NULL) == SQLITE_OK) {
            if (sqlite3_step(ps) == SQLITE_ROW)
                page = sqlite3_column_int(ps, 0);
            sqlite3_finalize(ps);
        }
        snprintf(pragma, sizeof pragma, "PRAGMA max_page_count = %lld", (long long)(limit_kb * 1024 / page + 1));
        sqlite3_exec(s->db, pragma, NULL, NULL, NULL);
    }
    for (int i = 0; i < ST_COUNT; i++)
        if ((rc = sqlite3_prepare_v2(s->db, sql[i], -1, &s->st[i], NULL)) != SQLITE_OK) {
            db_error(s, rc, err, "the database's statements");
            store_close(s);
            return NULL;
        }
    return s;
}

void store_close(Store *s)
{
    if (!s)
        return;
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(s->st[i]);
    sqlite3_close(s->db);
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
}

/* The moves of g (g->plies of them must be stored, numbered from 0). */
static bool read_moves(Store *s, StoredGame *g, KageError *err)
{
    sqlite3_stmt *st = s->st[ST_MOVES];
    sqlite3_bind_int64(st, 1, g->id);
    g->moves = g->plies ? xcalloc((size_t)g->plies, sizeof *g->moves) : NULL;
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
    g->moves = NULL;
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
    int rc = sqlite3_exec(s->db, "CREATE TABLE IF NOT EXISTS counters(name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
                          NULL, NULL, NULL);
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
