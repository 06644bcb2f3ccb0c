/* The AI player as the game screen sees it: start thinking on a copy of the
 * position, get woken through a pipe when the move is ready, or cancel.
 * The engine behind it is include/kage/engine/search.h; the same player also looks
 * for hints for the person. */
#ifndef KAGE_UI_PLAYER_H
#define KAGE_UI_PLAYER_H

#include "kage/engine/search.h"
#include "kage/rules/position.h"

typedef struct Player Player;

/* A player of strength `level` (1-10) that writes a byte to wake_fd whenever
 * it has news (a move, or a new line of search information). */
Player *player_new(int level, int wake_fd);
void player_free(Player *p);

/* "Kage engine". */
const char *player_name(const Player *p);
void player_set_level(Player *p, int level);
/* The AI's threads: n, or with n = 0 what the host can spare (looked at
 * again at each new game); not while it thinks (a search is cancelled). */
void player_set_threads(Player *p, int n);
int player_threads(const Player *p);
/* What the host can spare: the cores this process may run on, less the
 * load average (rounded), at least 1 and at most PLAYER_MAX_AUTO_THREADS;
 * player_host_threads() asks the system for both. */
#define PLAYER_MAX_AUTO_THREADS 8
int player_spare_threads(int cpus, double load);
int player_host_threads(void);
/* Forget what was learnt in the previous game (hash tables). */
void player_new_game(Player *p);

/* The clocks as the AI sees them when it starts to think (all 0: no clock). */
typedef struct PlayerTime {
    int time_ms[2]; /* main time left, by colour */
    int inc_ms[2];  /* Fischer increment */
    int byoyomi_ms; /* the byo-yomi period */
} PlayerTime;

/* Start thinking about pos (copied) on a worker thread; t (NULL: no clock)
 * limits the time so that the AI never loses on time. */
void player_start(Player *p, const Position *pos, const PlayerTime *t);
/* Think about pos for the person to move: at full strength for a fixed
 * time, the move it finds being a hint, never played by the AI. */
void player_start_hint(Player *p, const Position *pos);
/* Analyse pos at full strength until cancelled (player_cancel), its lines
 * read with player_info and player_score; it never plays the move. */
void player_start_analysis(Player *p, const Position *pos);
/* A review of a game: every position from its root to pos (copied, with the
 * moves that led to it) searched in turn at `nodes` nodes, full strength;
 * player_busy until all are done, player_review reads the scores so far. */
void player_start_review(Player *p, const Position *pos, uint64_t nodes);
#define REVIEW_MATE 100000
/* The review's scores so far, position by position from the root (the
 * first player's view in centipawns, +-REVIEW_MATE for a mate), at most
 * max of them; returns how many are there. */
int player_review(Player *p, int *scores, int max);
/* Ask the thinking AI for its best move now (it still wakes when ready). */
void player_hurry(Player *p);
bool player_busy(const Player *p);
/* After a wake-up: if the move is ready, join the thread, store it in *out
 * and return true. */
bool player_poll(Player *p, Move *out);
/* Stop thinking now and throw the move away (undo, new game, quit). */
void player_cancel(Player *p);
/* The latest search information as one line ("depth 6  +0.35  12k nodes");
 * returns false when there is none. */
bool player_info(Player *p, char *buf, size_t size);

/* The last search's score, from the first player's view (mate_in plies,
 * > 0 when the first player mates, 0 for none); false before any. */
bool player_score(Player *p, int *cp, int *mate_in);

/* A search's score as the panel shows it, from a fixed side whichever side
 * thinks: the side ahead and by how much ("Clan +0.42", "even"), or who
 * mates ("Kingdom mates in 3"). */
void player_score_text(const Position *root, const SearchInfo *si, char *buf, size_t size);

#endif
