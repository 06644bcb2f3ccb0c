/* The server's games in SQLite, move by move: a game is a row of `games`
 * (variant, time control, players, start, and once over its end, result
 * and reason), each move a row of `moves` (its protocol text and both
 * clocks after it).  Every write is one transaction, so a stored game is
 * always whole: a full disk or a killed server leaves it as it was before
 * the write that failed.  The only code that includes sqlite3.h. */
#ifndef KAGE_SERVER_STORE_H
#define KAGE_SERVER_STORE_H

#include "kage/net/lobby.h"
#include "kage/net/wire.h"
#include "rating.h"

#include <stdint.h>
#include <stdio.h>

typedef struct Store Store;

/* One stored game; moves and clocks only when asked for. */
typedef struct StoredGame {
    int64_t id;
    char variant[NET_VARIANT_MAX];
    char tc[NET_TC_MAX];
    char white[NET_NAME_MAX + 1], black[NET_NAME_MAX + 1];
    int64_t started, ended;     /* Unix ms; ended 0 while it runs */
    char result[8], reason[24]; /* "*" and "none" while it runs */
    int plies;                  /* the moves stored */
    int end_plies;              /* the moves it had when its end was stored; -1 while it runs */
    char (*moves)[NET_MOVE_MAX];
    char (*clocks)[NET_CLOCK_MAX];     /* the mover's clock after each move ("" without) */
    char last_clock[2][NET_CLOCK_MAX]; /* both clocks after the last move ("" without) */
} StoredGame;

/* Whether the database at path may be used, touching nothing but the
 * modes of files that are the server's own: its folder must exist, be this
 * user's (or root's to read) and closed to others (no write for group or
 * others, nothing at all for others: chmod g-w,o-rwx); path, its -wal and
 * -shm and its .lock, where they exist, must be plain files of this user's,
 * never links.  A file of this user's open to others is made 0600, said on
 * log (NULL: not said).  False and why, with the command that fixes it. */
bool store_path_check(const char *path, FILE *log, KageError *err);

/* Open (creating, 0600 whatever the umask) the database at path
 * (":memory:" for tests), after store_path_check, and lock it for as long
 * as it is open: a second store_open of the same file, in this process or
 * another, is refused with the holder's pid.  limit_kb > 0 caps the
 * database and its write-ahead log together, and reaching it is treated as
 * a full disk.  NULL and why. */
Store *store_open(const char *path, int64_t limit_kb, KageError *err);
/* Open an existing database for kage server --check: the same checks and
 * the same lock (refused while a server runs), nothing created. */
Store *store_open_existing(const char *path, KageError *err);
/* Close, and release the lock (its file removed). */
void store_close(Store *s);

/* A new game; its id in *id. */
bool store_game_new(Store *s, const char *variant, const char *tc, const char *white, const char *black,
                    int64_t started, int64_t *id, KageError *err);
/* Move `ply` (0-based) of game id, with both clocks after it ("" without);
 * refused once the game's end is stored. */
bool store_move(Store *s, int64_t id, int ply, const char *move, const char *wclock, const char *bclock,
                int64_t at, KageError *err);
/* The end of game id. */
bool store_result(Store *s, int64_t id, const char *result, const char *reason, int64_t ended, KageError *err);

/* The games still running, with their moves: *out (free with
 * store_games_free) and how many, or -1 and why. */
int store_running(Store *s, StoredGame **out, KageError *err);
/* The last `max` finished games of player `name` (every player when NULL),
 * newest first, without moves. */
int store_history(Store *s, const char *name, int max, StoredGame **out, KageError *err);
/* Every game, oldest first, with moves (kage server --check). */
int store_all(Store *s, StoredGame **out, KageError *err);
/* Game id with its moves; 0 when there is none, -1 and why on error. */
int store_load(Store *s, int64_t id, StoredGame *out, KageError *err);
/* A stored player's name that folds (net_name_fold) to `fold` and is not
 * `name` itself: 1 with it in found, 0 when there is none, -1 and why. */
int store_player_like(Store *s, const char *fold, const char *name, char *found, size_t size, KageError *err);
/* The last challenge number given (0 before the first), and keep `id` as
 * given: numbers go on after a restart, never repeat. */
int64_t store_challenge_last(Store *s);
bool store_challenge_given(Store *s, int64_t id, KageError *err);
/* The ratings (rating.h), one a player and variant. */
typedef struct StoredRating {
    char name[NET_NAME_MAX + 1];
    Rating rating;
} StoredRating;
typedef struct VariantRating {
    char variant[NET_VARIANT_MAX];
    Rating rating;
} VariantRating;
/* A player's ratings, a variant each (at most max): their number, or -1. */
int store_ratings_of(Store *s, const char *name, VariantRating *out, int max, KageError *err);
/* Game id is rated (it counts for the ratings); whether it is. */
bool store_game_set_rated(Store *s, int64_t id, KageError *err);
bool store_game_is_rated(Store *s, int64_t id);
/* A player's rating in a variant (rating_new() for one not rated yet). */
bool store_rating_get(Store *s, const char *name, const char *variant, Rating *out, KageError *err);
/* Both players' new ratings, in one transaction. */
bool store_ratings_put(Store *s, const char *variant, const char *const name[2], const Rating r[2], KageError *err);
/* The best `max` ratings of a variant, best first: *out (free it), their
 * number, or -1 and why. */
int store_top(Store *s, const char *variant, int max, StoredRating **out, KageError *err);
/* A chat line: of the lobby (game 0, channel "lobby") or of a game (channel
 * "players" or "watchers"). */
typedef struct StoredChat {
    char name[NET_NAME_MAX + 1];
    int64_t at; /* Unix ms */
    char text[NET_CHAT_MAX + 1];
} StoredChat;
bool store_chat_add(Store *s, int64_t game, const char *channel, const char *name, int64_t at, const char *text,
                    KageError *err);
/* The last `max` lines of a channel, oldest first: *out (free it), their
 * number, or -1 and why. */
int store_chat_recent(Store *s, int64_t game, const char *channel, int max, StoredChat **out, KageError *err);
/* An aborted game goes whole: its moves, its chat and itself. */
bool store_game_delete(Store *s, int64_t id, KageError *err);
void store_game_free(StoredGame *g);
void store_games_free(StoredGame *g, int n);

#endif
