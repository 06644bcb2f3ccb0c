/* Players' ratings: Glicko-2 (Mark Glickman, "Example of the Glicko-2
 * system", 2013), as pychess.org and lichess use it, one rating a player
 * and variant, updated by the server at the end of each rated game (a
 * rating period of one game, as lichess does). */
#ifndef KAGE_SERVER_RATING_H
#define KAGE_SERVER_RATING_H

#include <stdbool.h>

#define RATING_START 1500.0
#define RATING_RD_START 350.0       /* a new player's deviation */
#define RATING_RD_MIN 45.0          /* never more certain than this */
#define RATING_VOL_START 0.06
#define RATING_TAU 0.75             /* the system's constant: how fast the volatility moves */
#define RATING_PROVISIONAL_RD 110.0 /* above this the rating is provisional ("?") */

typedef struct Rating {
    double r, rd, vol;
    int games;
} Rating;

/* A player who has not played a rated game of the variant. */
Rating rating_new(void);

/* The rating after a period in which `player` played n games against
 * opponents opp[i] with scores score[i] (1, 0.5 or 0), the system's
 * constant tau (RATING_TAU; Glickman's example uses 0.5); n == 0: a
 * period without games (only the deviation grows).  The deviation is kept
 * within RATING_RD_MIN and RATING_RD_START. */
Rating rating_update(Rating player, const Rating *opp, const double *score, int n, double tau);

/* The same without the bounds on the deviation: Glickman's arithmetic, as
 * his paper's example checks it. */
Rating rating_glicko2(Rating player, const Rating *opp, const double *score, int n, double tau);

/* A rating still being found: shown with "?". */
bool rating_provisional(const Rating *r);

#endif
