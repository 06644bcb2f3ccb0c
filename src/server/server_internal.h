/* What the files of the server share: its connections, challenges and
 * games, and each file's entry points.  The files stand in floors, each
 * calling only those below it (the sections below, from the bottom up):
 * base.c the clock, the log, a connection's output and the lookups; chat.c
 * the chat; match.c the games being played; lobby.c the lobby (challenges,
 * listings, history); server.c the connections' coming and going and the
 * command table; daemon.c, on top, the sockets and the loop.  store.c (the
 * database) and rating.c are beside them, under their own headers.  The
 * tests drive the server through the functions at the end, with
 * connections that have no socket. */
#ifndef KAGE_SERVER_INTERNAL_H
#define KAGE_SERVER_INTERNAL_H

#include "store.h"

#include "kage/net/buffer.h"
#include "kage/net/wire.h"
#include "kage/records/clock.h"
#include "kage/records/game.h"
#include "kage/server/server.h"

#include <stdint.h>

#define CONN_OUT_MAX (1024 * 1024) /* a client that lets this much pile up is not reading */
#define OUT_BUDGET_DEFAULT (32 * 1024 * 1024) /* all the clients' output held at once (ServerConfig.out_budget) */
#define PLAYER_CHALLENGES_MAX 3    /* open challenges a player may have */
#define BAD_LINES_MAX 20           /* malformed lines before a connection is closed */
#define HISTORY_MAX 50             /* past games listed */
#define CHAT_BURST 5               /* chat lines a connection may send at once */
#define CHAT_EVERY_MS 2000         /* then one every this long */
#define CHAT_HISTORY 30            /* lines of a channel sent to who joins it */
#define MUTES_MAX 100              /* players one player may mute */
#define OFFER_MS 120000            /* a challenge to one player lapses after this, unanswered */
#define FIRST_MOVE_MS 60000        /* a player's first move comes within this, or the game is aborted */
#define WATCHERS_LISTED 16         /* watchers named in a "watchers" line */

typedef struct Conn {
    int id;                      /* its slot in Server.conns */
    int fd;                      /* -1: a connection of the tests, without a socket */
    uid_t uid;
    char login[NET_NAME_MAX + 1]; /* the Unix user at the other end */
    bool shared;                 /* login is a shared account: hello names the player */
    char name[NET_NAME_MAX + 1]; /* the player, once hello is done */
    bool hello;
    NetReader in;
    NetBuf out;
    int64_t opened;              /* monotonic ms */
    double tokens;               /* the rate limit's bucket */
    int64_t refilled;
    int dropped;                 /* messages dropped in a row for the rate */
    double chat_tokens;          /* the chat's own rate limit's bucket */
    int64_t chat_refilled;
    int bad;                     /* malformed lines so far */
    bool lobby;                  /* it follows the lobby */
    int64_t game;                /* the game it follows, or 0 */
    bool dead;                   /* closed: free at the end of the loop's turn */
    bool lost;                   /* closed, and its going not yet told (server_settle) */
} Conn;

typedef struct Challenge {
    int64_t id;
    char owner[NET_NAME_MAX + 1];
    char to[NET_NAME_MAX + 1]; /* offered to this player alone; "": open to all */
    const VariantDef *def;
    TimeControl tc;
    int colour; /* what the owner plays: WHITE, BLACK, -1 random */
    bool rated; /* the game counts for both players' ratings */
    int64_t expires; /* monotonic ms when a challenge to one player lapses; 0: never */
} Challenge;

typedef struct Match {
    int64_t id;
    Game *game;
    TimeControl tc;
    Clock clock;
    char player[2][NET_NAME_MAX + 1];
    int64_t started;       /* Unix ms */
    int draw_offer;        /* the colour offering a draw, or -1 */
    bool stalled;          /* the last move could not be stored: the clocks wait */
    char stalled_why[NET_TEXT_MAX];
    int64_t away[2];       /* monotonic ms since the player has no connection, or -1 */
    int64_t turn_since;    /* monotonic ms when the side to move got the turn */
    bool clock_waits;      /* restored: the clocks start when the player to move is back */
    bool rated;            /* its result changes both players' ratings */
    int *subs;             /* the connections that follow it */
    int nsubs, subs_cap;
    bool ended;            /* over; kept until its result is stored */
    int64_t retry_at;      /* when to try storing the result again */
} Match;

struct Server {
    ServerConfig cfg;
    Store *store;
    Conn **conns;          /* by id; NULL: a free slot */
    int nconns, conns_cap, open;
    Match **matches;
    int nmatches, matches_cap;
    Challenge *challenges;
    int nchallenges, challenges_cap;
    int64_t next_challenge;
    uint64_t rng;
    int nlost;             /* connections closed whose going is not yet told */
    size_t out_held;       /* the memory of all the connections' output buffers */
    size_t freed;          /* bytes freed since memory was last given back to the system */
    int listen_fd;
    int spare_fd;          /* a descriptor kept free to answer "busy" when there are none left */
    int64_t accept_after;  /* out of descriptors: accept nothing before this (monotonic ms) */
    int64_t log_quiet_until; /* a repeated log line waits until then */
    struct Mute {
        char who[NET_NAME_MAX + 1], whom[NET_NAME_MAX + 1]; /* who does not hear whom */
    } *mutes;
    int nmutes, mutes_cap;
    int log_skipped;       /* lines not written meanwhile */
    char socket_path[108];
    /* figures for the log and the load test */
    uint64_t moves_relayed, lines_in, lines_out;
};

/* --- base.c: the floor under the others (it calls none of them): the clock, the
 * log, a connection's output, connections and games looked up, the lobby told --- */

int64_t server_now(const Server *s);
int64_t server_wall(const Server *s);
void server_log(const Server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line to one connection (the newline is added).  A client that does not
 * read is closed instead. */
void conn_send(Server *s, Conn *c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void conn_send_line(Server *s, Conn *c, const char *line, size_t len);
/* "error CODE text" */
void conn_error(Server *s, Conn *c, const char *code, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Close: say why in a bye line, write what is queued, mark it dead.  No
 * shared state changes here, so that it may be called from inside any
 * loop (a broadcast that meets a client who does not read): what its
 * going means for the lobby and the games (its challenges withdrawn, the
 * players told) is done by server_settle, after the loop.  The memory goes
 * in server_reap, at the end of the loop's turn. */
void conn_close(Server *s, Conn *c, const char *why);
/* Write what c has queued to its socket (what is written leaves the
 * output budget); -1 when the socket failed. */
int conn_flush(Server *s, Conn *c);
/* All that c holds for its client goes, and leaves the output budget. */
void conn_forget_output(Server *s, Conn *c);
Conn *conn_by_id(const Server *s, int id);
/* How many live connections player `name` has. */
int server_player_conns(const Server *s, const char *name);
/* A random number below n. */
unsigned server_random(Server *s, unsigned n);
/* The running game id, or NULL. */
Match *match_by_id(const Server *s, int64_t id);
/* The running game of player `name`, or NULL. */
Match *match_of_player(const Server *s, const char *name);
/* A line to every connection that follows the lobby. */
void lobby_broadcast(Server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* What player `name` is doing now, for the lobby: "" (idle), " playing" or
 * " watching"; and the lobby told of it (nothing when they are offline). */
const char *lobby_presence_word(const Server *s, const char *name);
void lobby_presence(Server *s, const char *name);

/* --- chat.c: the lobby's and the games' chat ------------------------------------- */

void cmd_say(Server *s, Conn *c, const NetMsg *m);
void cmd_mute(Server *s, Conn *c, const NetMsg *m);
void cmd_unmute(Server *s, Conn *c, const NetMsg *m);
/* The lobby's last lines to c (it has just asked for the lobby). */
void chat_lobby_history(Server *s, Conn *c);
/* The last lines of game id's channel for c (players, or watchers) to c. */
void chat_game_history(Server *s, Conn *c, int64_t id, bool player);
void chat_free(Server *s);

/* --- match.c: the games being played ------------------------------------------ */

/* Start a game between two players (white first); NULL with the reason when
 * it cannot be stored. */
Match *match_start(Server *s, const VariantDef *def, const TimeControl *tc, const char *white, const char *black,
                   bool rated, KageError *err);
/* Connection c follows m from now on (the whole game is sent to it). */
void match_follow(Server *s, Match *m, Conn *c);
/* c follows no game any more. */
void match_unfollow(Server *s, Conn *c);
/* A player's connections changed (came or went): tell the followers. */
void match_presence(Server *s, const char *name);
/* Take up the running games of the database (at start). */
bool match_restore(Server *s, KageError *err);
/* Flags, abandoned games, results to store again; the milliseconds until
 * the next of those (-1: none). */
int match_tick(Server *s);
void match_free_all(Server *s);
void cmd_move(Server *s, Conn *c, const NetMsg *m);
void cmd_resign(Server *s, Conn *c, const NetMsg *m);
void cmd_abort(Server *s, Conn *c, const NetMsg *m);
void cmd_draw(Server *s, Conn *c, const NetMsg *m);
void cmd_watch(Server *s, Conn *c, const NetMsg *m);
void cmd_leave(Server *s, Conn *c, const NetMsg *m);
void cmd_sync(Server *s, Conn *c, const NetMsg *m);

/* --- lobby.c: the lobby ----------------------------------------------------- */

/* The whole lobby to one connection: players, challenges, games. */
void lobby_snapshot(Server *s, Conn *c);
/* Withdraw every challenge of a player (a game began, the player left). */
void lobby_withdraw_all(Server *s, const char *name);
void cmd_lobby(Server *s, Conn *c, const NetMsg *m);
void cmd_challenge(Server *s, Conn *c, const NetMsg *m);
void cmd_cancel(Server *s, Conn *c, const NetMsg *m);
void cmd_accept(Server *s, Conn *c, const NetMsg *m);
void cmd_decline(Server *s, Conn *c, const NetMsg *m);
/* The challenges to one player that c's player made or is offered, to c
 * (it just said hello, and does not follow the lobby). */
void lobby_offers_to(Server *s, Conn *c);
void cmd_history(Server *s, Conn *c, const NetMsg *m);
void cmd_record(Server *s, Conn *c, const NetMsg *m);
void cmd_ratings(Server *s, Conn *c, const NetMsg *m);
/* Challenges to one player that were not answered in time lapse; the
 * milliseconds until the next does (-1: none). */
int lobby_tick(Server *s);
/* Player `name`'s ratings to c, or to the lobby's followers when c is NULL. */
void lobby_send_ratings(Server *s, Conn *c, const char *name);
void lobby_free(Server *s);

/* --- server.c: the top floor: connections come, send lines through the command
 * table and go (it calls lobby.c, match.c, chat.c and base.c) ------------------ */

/* Tell everyone of the connections closed since the last call (their
 * challenges withdrawn, the lobby and their game told), until none is
 * left to tell.  Every entry point from outside calls it last. */
void server_settle(Server *s);

/* --- the tests' way in (no sockets) ---------------------------------------- */

/* A connection from Unix user `login` (uid), as if it had just connected;
 * its id, or -1 when refused (too many connections: said in the log). */
int server_connect(Server *s, int fd, uid_t uid, const char *login);
/* Bytes that arrived on connection id (n 0: they were read into its reader
 * already, by daemon.c). */
void server_input(Server *s, int id, const char *data, size_t n);
/* What connection id was sent so far (a string to free), emptied. */
char *server_take_output(Server *s, int id);
/* The connection went away (its socket closed). */
void server_disconnect(Server *s, int id);
/* Timers (flags, abandoned games, hello timeouts, results to store);
 * returns the milliseconds until the next one (-1: none). */
int server_tick(Server *s);
/* Free the connections closed during the last turn of the loop. */
void server_reap(Server *s);

#endif
