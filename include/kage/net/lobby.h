/* What a client knows of the lobby, kept up to date from the server's
 * messages: the players online, the open challenges, the games being
 * played, the player's past games, and the one game this connection
 * follows (as a player or a watcher) with its moves, clocks and state.
 * The game screen draws it, `kage online` prints it; nothing here draws or
 * touches a socket. */
#ifndef KAGE_NET_LOBBY_H
#define KAGE_NET_LOBBY_H

#include "kage/net/wire.h"
#include "kage/records/clock.h"
#include "kage/rules/gameend.h"

#include <stdint.h>

#define NET_MOVE_MAX 40 /* a move's protocol text */
#define NET_VARIANT_MAX 24

typedef struct NetChallenge {
    int64_t id;
    char owner[NET_NAME_MAX + 1];
    char variant[NET_VARIANT_MAX];
    char tc[NET_TC_MAX];
    int colour; /* what the owner plays: WHITE, BLACK, -1 random */
    char to[NET_NAME_MAX + 1]; /* offered to this player alone; "": open to all */
    bool rated;                /* the game counts for the ratings */
} NetChallenge;

enum { NET_IDLE, NET_PLAYING, NET_WATCHING };

/* A player's rating in a variant, as the server told it (rounded). */
typedef struct NetRating {
    char name[NET_NAME_MAX + 1];
    char variant[NET_VARIANT_MAX];
    int rating, rd, games;
} NetRating;

/* A deviation above this: a provisional rating, shown with "?" (the
 * server's RATING_PROVISIONAL_RD). */
#define NET_RATING_PROVISIONAL_RD 110

/* A game being played (live) or played (past), as the lobby lists it. */
typedef struct NetGameInfo {
    int64_t id;
    char variant[NET_VARIANT_MAX];
    char tc[NET_TC_MAX];
    char white[NET_NAME_MAX + 1], black[NET_NAME_MAX + 1];
    int plies;
    GameResult result;  /* past games */
    int64_t ended;      /* past games: Unix time */
} NetGameInfo;

/* The game followed: everything the server said about it. */
typedef struct NetGameView {
    int64_t id;                  /* 0: none */
    char variant[NET_VARIANT_MAX];
    TimeControl tc;
    char white[NET_NAME_MAX + 1], black[NET_NAME_MAX + 1];
    int role;                    /* WHITE, BLACK, or -1 watching */
    bool rated;                  /* a rated game (the game followed) */
    int nwatchers;               /* who watches it, and the first of them */
    char watchers[200];
    int abandon_s;               /* a player away on their turn loses after this (0: not told) */
    int64_t away_at[2];          /* when each player went away (the caller's monotonic ms), -1: here */
    int64_t started, ended;      /* Unix time (records) */
    char (*moves)[NET_MOVE_MAX]; /* protocol text */
    char (*clocks)[NET_CLOCK_MAX]; /* a record's: the mover's clock after each move ("" unknown), or NULL */
    int nclocks;
    int nmoves, cap;
    bool complete;               /* the whole game has arrived (its state, or a record's end) */
    ClockSide clock[2];
    int running;                 /* the colour whose clock runs, or -1 */
    int64_t clock_at;            /* when the clocks were last told (the caller's monotonic ms) */
    bool conn[2];                /* each player connected */
    int draw_offer;              /* the colour offering a draw, or -1 */
    bool stalled;                /* the server cannot store the game now */
    char stalled_why[NET_TEXT_MAX];
    GameResult result;
} NetGameView;

typedef struct NetLobby {
    char me[NET_NAME_MAX + 1];   /* from welcome */
    char (*players)[NET_NAME_MAX + 1];
    int *doing;                  /* each player's: NET_IDLE, NET_PLAYING or NET_WATCHING */
    int doing_cap;
    int nplayers, players_cap;
    NetChallenge *challenges;
    int nchallenges, challenges_cap;
    NetGameInfo *live;
    int nlive, live_cap;
    NetGameInfo *past;
    int npast, past_cap;
    bool lobby_ready;            /* the lobby's first listing has arrived */
    bool past_ready;             /* the history asked for has arrived */
    NetGameView game;            /* the game this connection follows */
    NetGameView record;          /* a stored game asked for with "record" */
    NetChallenge last;           /* the challenge of the last NET_EV_OFFER or NET_EV_DECLINED */
    NetRating *ratings;          /* the ratings told (players online, and those of games that ended) */
    int nratings, ratings_cap;
    NetRating last_rating;       /* the rating of the last NET_EV_RATING */
    NetRating *top;              /* the leaderboard asked for with "ratings VARIANT", best first */
    int ntop, top_cap;
    char top_variant[NET_VARIANT_MAX];
    char withdrawn_why[16];        /* the last NET_EV_DECLINED's: "declined" or "expired" */
    struct {
        int64_t game;              /* 0: the lobby */
        char name[NET_NAME_MAX + 1];
        char text[NET_CHAT_MAX + 1];
    } said;                        /* the chat line of the last NET_EV_SAID */
} NetLobby;

/* What a message changed, for the caller to react to. */
typedef enum NetEvent {
    NET_EV_NONE,      /* nothing that needs an answer */
    NET_EV_WELCOME,   /* lobby->me is known */
    NET_EV_ERROR,     /* the server refused something: the text says what */
    NET_EV_NOTICE,    /* a message from the server to show */
    NET_EV_BYE,       /* the server is closing the connection */
    NET_EV_OK,
    NET_EV_PONG,
    NET_EV_LOBBY,     /* players, challenges, live games changed */
    NET_EV_PAST,      /* the history is complete */
    NET_EV_GAME,      /* the followed game arrived whole (start, resume, watch, sync) */
    NET_EV_MOVE,      /* a move of the followed game: the last of game.moves */
    NET_EV_STATE,     /* its clocks, connections, draw offer or stall changed */
    NET_EV_END,       /* it ended: game.result */
    NET_EV_RECORD,    /* the record asked for is complete */
    NET_EV_RESYNC,    /* a move did not follow on: ask for the game again (sync) */
    NET_EV_OFFER,     /* a player offers this one a game (lobby.last), a rematch perhaps */
    NET_EV_DECLINED,  /* this player's challenge to another was declined (lobby.last) */
    NET_EV_RATING,    /* a player's rating is known or changed (lobby.last_rating) */
    NET_EV_TOP,       /* the leaderboard asked for is complete (lobby.top) */
    NET_EV_SAID       /* a chat line (lobby.said) */
} NetEvent;

void net_lobby_init(NetLobby *l);
void net_lobby_free(NetLobby *l);
/* Player name's rating in variant as told, or NULL. */
const NetRating *net_lobby_rating(const NetLobby *l, const char *name, const char *variant);
/* "1512", "1500?" (provisional) or "" (none told) into buf. */
void net_rating_text(const NetRating *r, char *buf, size_t size);
/* Forget the game followed. */
void net_game_clear(NetGameView *g);

/* Apply a message from the server; now_ms is the caller's monotonic clock
 * (the clocks run from then).  A message that is malformed inside (a bad
 * id, clock or result) is NET_EV_ERROR with err set, and changes nothing. */
NetEvent net_lobby_apply(NetLobby *l, const NetMsg *m, int64_t now_ms, KageError *err);

/* The followed game's clock of side c at now_ms (the running side charged). */
ClockSide net_game_clock(const NetGameView *g, Color c, int64_t now_ms);
/* A game the server sent (a record, or the game followed) as PGN: its
 * moves replayed with the rules, the players, the date, the clock and the
 * result; a string to free, or NULL and why. */
char *net_game_pgn(const NetGameView *g, KageError *err);

/* The game followed is being played by this connection's player. */
static inline bool net_game_mine(const NetGameView *g) { return g->id && g->role >= 0; }

#endif
