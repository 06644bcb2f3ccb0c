/* Online play on the game screen: the connection to this host's Kage server
 * (kage server), the lobby screen drawn from what it says, and the online
 * game, which is the ordinary game screen in mode "online" with its moves
 * and clocks coming from the server.  online.c owns the connection and
 * what it keeps (UiOnline), online_game.c plays the server's lines on the
 * board, online_keys.c says what a board key does there, lobby.c draws the
 * lobby screen and has its keys. */
#ifndef KAGE_UI_ONLINE_H
#define KAGE_UI_ONLINE_H

#include "kage/net/client.h"
#include "kage/net/lobby.h"

#include <stdbool.h>
#include <stdint.h>

/* The lobby's rows that can be chosen (online.c), in the order the lobby
 * screen (lobby.c) shows them, a challenge, a game being played or a past
 * game each; the cursor (UiLobbyScreen.sel) is on one of them. */
typedef enum RowKind { ROW_CHALLENGE, ROW_LIVE, ROW_PAST } RowKind;

typedef struct LobbyRow {
    RowKind kind;
    int index; /* in the lobby's list of that kind */
} LobbyRow;

#define LOBBY_ROWS_MAX 512

/* The rows of lobby l into out (at most LOBBY_ROWS_MAX); returns how many. */
int ui_lobby_rows(const NetLobby *l, LobbyRow *out);
/* The challenge to this player alone from `who` that is still open, or NULL. */
const NetChallenge *ui_online_offer_from(const NetLobby *l, const char *who);

/* online.c: the connection and what the server said; written by online.c
 * alone (the others call its functions, and read it through
 * ui_online_view()). */
typedef struct UiOnline {
    NetClient *client;       /* NULL while not connected */
    NetLobby lobby;          /* what the server said */
    char path[108];          /* the server's socket */
    char why[400];           /* why not connected ("" when connected) */
    int64_t retry_at;        /* when to try connecting again (monotonic ms), -1: not now */
    bool welcomed;
    int64_t game;            /* the server's game on the board, 0: none */
    bool sent;               /* a move of ours is on its way to the server */
    int64_t export_id;       /* a record asked for, to be saved (and opened) */
    bool export_open;
    char offer_to[NET_NAME_MAX + 1]; /* the next challenge goes to this player alone ("": to all) */
    int all_next;            /* all one's games as PGN: the past game asked for now (its index), -1: not asked */
    char *all_text;          /* the PGN of the games received so far */
    size_t all_len;
    bool text_from_lobby;    /* the text screen shows the lobby's PGN: its keys go back there */
} UiOnline;

/* The first name in online_keys.c's table of actions taken the online way
 * that is no board action (actions.c), or NULL: a misspelt one would never
 * run. */
const char *ui_online_unknown_action(void);

#endif
