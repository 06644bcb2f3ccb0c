/* The lobby server (`kage server`): a small unprivileged daemon on a Unix
 * socket where the players of one host meet, challenge each other, play
 * and watch.  It knows each player by the socket's peer credentials (the
 * Unix user), referees every game with the rules core (moves, clocks, draw
 * offers, resignations, results) and stores every game move by move in
 * SQLite, so that a player who drops finds the game again and a restarted
 * server takes up the running games.  It never searches: games against the
 * AI stay in the player's own process.  The protocol is docs/PROTOCOL.md. */
#ifndef KAGE_SERVER_SERVER_H
#define KAGE_SERVER_SERVER_H

#include "kage/records/clock.h"
#include "kage/rules/types.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define SERVER_MAX_SHARED 8

typedef struct ServerConfig {
    const char *db_path;           /* the SQLite file (":memory:" in tests) */
    int64_t db_limit_kb;           /* > 0: the database may not grow past this (a full disk then) */
    const char *shared[SERVER_MAX_SHARED]; /* shared accounts: their clients name the player */
    int nshared;
    int max_clients;               /* connections at once */
    int max_per_player;            /* connections of one player (one Unix user) */
    int rate;                      /* messages a second a connection may send (twice that at once) */
    int abandon_s;                 /* a player away on their turn this long loses on time */
    int hello_ms;                  /* a connection must say hello within this */
    unsigned seed;                 /* random colours (0: from the time) */
    FILE *log;                     /* one line an event; NULL: none */
    ClockNowFn now;                /* monotonic ms (NULL: the real one) */
    void *now_ctx;
    int64_t (*wall_ms)(void *ctx); /* Unix ms for the records (NULL: the real one) */
    void *wall_ctx;
    size_t out_budget;             /* bytes of output held for all the clients at once (0: 32 MB) */
    /* The host's users, for the names a shared account may not take: true
     * when a user's login name folds (net_name_fold) to the same as name,
     * with its uid.  user_name: the login name of a uid, false if it has
     * none.  NULL: the system's user database (the tests give their own). */
    bool (*user_like)(void *ctx, const char *name, uid_t *uid);
    bool (*user_name)(void *ctx, uid_t uid, char *buf, size_t size);
    void *user_ctx;
} ServerConfig;

typedef struct Server Server;

/* The defaults: 1000 clients, 4 a player, 20 messages a second, 120 s away. */
void server_config_defaults(ServerConfig *cfg);

/* A server over the database of cfg (opened, its running games restored);
 * NULL and why.  It listens nowhere yet. */
Server *server_new(const ServerConfig *cfg, KageError *err);
void server_free(Server *s);

/* Listen on the Unix socket at path with permissions mode (a stale socket
 * left by a dead server is replaced; a live one is an error). */
bool server_listen(Server *s, const char *path, mode_t mode, KageError *err);
/* Serve until SIGTERM, SIGINT or SIGHUP: 0, or 1 after a fatal error. */
int server_run(Server *s);

/* Whether the database at path may be used, before anything is made: its
 * folder the server user's and closed to others, its files (database,
 * -wal, -shm, .lock) plain files of that user's; a file of its own open to
 * others is made 0600 and said on log.  False and why. */
bool server_db_path_ok(const char *path, FILE *log, KageError *err);

/* Replay every game of the database at path with the rules (each move
 * legal, each result the one the moves lead to or one they allow:
 * resignation, agreed draw, time), printing one line per bad game and a
 * summary to out (a database that cannot be read is said on stderr); true
 * when every game is sound. */
bool server_check_db(const char *path, FILE *out);

#endif
