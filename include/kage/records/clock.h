/* Chess clocks: time controls (none, sudden death, Fischer increment,
 * byo-yomi), the state of both sides' clocks, flag detection, the text the
 * panel shows, and a text form for config files and the autosave.
 *
 * Time comes from an injectable source (a function and its context) that
 * returns milliseconds of a monotonic clock, so tests drive a fake one.
 *
 * Time-control spec, as options and the config file write it:
 *
 *   spec     = "none" | "-" | main ["+" extra ["x" N]] [" " byo]
 *   main     = duration; a bare number is minutes      ("5", "1h30m", "90s", "2:30")
 *   extra    = duration; a bare number is seconds      ("3", "30s", "1m")
 *   byo      = "byo" | "byoyomi" | "byo-yomi" | "(b)"
 *
 *   "5"           sudden death, 5 minutes each
 *   "5+3"         Fischer: 5 minutes, 3 seconds added after each move
 *   "10m+30s byo" byo-yomi: 10 minutes, then 30 seconds for each move
 *   "10+30x3 byo" the same with 3 periods: a period that runs out is
 *                 replaced by the next one, the last one loses on time
 *   "0+30 byo"    byo-yomi from the first move
 *
 * Durations are "h", "m" and "s" parts ("1h30m", "2m30s") or m:ss ("2:30").
 * clock_tc_format writes the canonical spec: "5", "5+3", "90s+2",
 * "10+30 byo", "10+30x3 byo", "none".
 *
 * Byo-yomi is pychess.org's Shogun clock: the main time runs down as usual;
 * once it is used up the player is "in byo-yomi" and every move must be made
 * within the period, which starts afresh after each move.  No time is added
 * to the main time. */
#ifndef KAGE_CLOCK_H
#define KAGE_CLOCK_H

#include "kage/rules/types.h"

#include <stdint.h>

typedef enum ClockKind { CLOCK_NONE, CLOCK_SUDDEN_DEATH, CLOCK_FISCHER, CLOCK_BYOYOMI } ClockKind;

typedef struct TimeControl {
    ClockKind kind;
    int64_t base_ms;  /* main time */
    int64_t extra_ms; /* Fischer: increment per move; byo-yomi: the period */
    int periods;      /* byo-yomi: how many periods (at least 1) */
} TimeControl;

/* A time source: milliseconds of a clock that never goes back. */
typedef int64_t (*ClockNowFn)(void *ctx);

typedef struct ClockSide {
    int64_t left_ms; /* main time left, or what is left of the current period */
    int periods;     /* byo-yomi periods not yet begun */
    bool byoyomi;    /* the main time is used up */
} ClockSide;

typedef enum ClockState {
    CLOCK_STOPPED, /* before the first move, or after the game */
    CLOCK_RUNNING, /* the clock of `turn` runs */
    CLOCK_PAUSED   /* hot-seat pause, or restored from a save: resume to go on */
} ClockState;

typedef struct Clock {
    TimeControl tc;
    ClockNowFn now;
    void *now_ctx;
    ClockSide side[2]; /* as of `started` for the running side */
    Color turn;        /* whose clock runs, or runs next */
    ClockState state;
    int64_t started;   /* now() when the running clock last started */
    int flagged;       /* the colour that lost on time, or -1 */
} Clock;

#define CLOCK_TEXT_MAX 48

/* The real source: CLOCK_MONOTONIC in milliseconds (ctx unused). */
int64_t clock_monotonic_ms(void *ctx);

/* The clock's time source now, in milliseconds (clock_monotonic_ms for a
 * clock never initialised): what the clock charges, so that a test's time is
 * its callers' too. */
int64_t clock_now_ms(const Clock *c);

/* Set both sides to the full time of tc, stopped, White to move; now NULL
 * means clock_monotonic_ms. */
void clock_init(Clock *c, const TimeControl *tc, ClockNowFn now, void *ctx);
/* Does this clock measure anything (a time control other than none)? */
bool clock_enabled(const Clock *c);

/* Start the clock of `side` (first move, or a new turn after a stop). */
void clock_start(Clock *c, Color side);
/* The side to move has moved: charge its time, add the increment or renew its
 * period, and start the other side's clock.  Returns false, and stops with
 * `flagged` set, when that side had already run out of time (a loss on time). */
bool clock_press(Clock *c);
/* Charge the running side and stop (the game ended). */
void clock_stop(Clock *c);
/* Stop the running clock but keep the turn, for clock_resume. */
void clock_pause(Clock *c);
/* Restart the clock of `turn` after a pause. */
void clock_resume(Clock *c);

/* The state of side's clock at this moment (the running side is charged). */
ClockSide clock_side_now(const Clock *c, Color side);
/* If the running side has run out of time, stop, set `flagged` and return its
 * colour; otherwise -1. */
int clock_check_flag(Clock *c);
/* Milliseconds until the running side runs out (all periods included);
 * -1 when no clock runs. */
int64_t clock_ms_to_flag(const Clock *c);

/* The panel text for side: "5:03", "1:02:03", "0:09.8", "byo-yomi 0:27",
 * "byo-yomi 0:27 (+2)" with periods in reserve; "" without a clock. */
void clock_format(const Clock *c, Color side, char *buf, size_t size);
/* A duration as the panel writes it ("5:03", "0:09.8"). */
void clock_format_ms(int64_t ms, char *buf, size_t size);

/* Parse a time-control spec (see the top of this file); on error *out is
 * unchanged and err says what is wrong and at which column. */
bool clock_tc_parse(const char *spec, TimeControl *out, KageError *err);
/* The canonical spec of tc ("5+3", "10+30 byo", "none"). */
void clock_tc_format(const TimeControl *tc, char *buf, size_t size);

/* The PGN [TimeControl] value pychess.org writes: "-" for none, else main
 * and extra in seconds, "600+30" (byo-yomi writes its period as the extra). */
void clock_tc_pgn(const TimeControl *tc, char *buf, size_t size);
/* Read a [TimeControl] value ("-", "300", "600+30"); byo-yomi periods > 0
 * make it byo-yomi.  False (tc unchanged) for forms Kage does not keep. */
bool clock_tc_from_pgn(const char *value, int byo_periods, TimeControl *out);

/* The whole clock as one line of text (for the autosave): the time control,
 * each side's time, the turn and the state.  A running clock is saved as
 * paused at this moment. */
void clock_save(const Clock *c, char *buf, size_t size);
/* Rebuild a clock from clock_save text with a time source; on error *c is
 * unchanged and err says what is wrong.  The restored clock is never
 * running: it is paused (or stopped) until clock_resume. */
bool clock_restore(Clock *c, const char *text, ClockNowFn now, void *ctx, KageError *err);

#endif
