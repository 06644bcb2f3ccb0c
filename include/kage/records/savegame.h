/* The autosave: the game in progress, written after every move and when
 * Kage exits, read at the next start to resume it.
 *
 * It is a PGN file (pgn.h), so any PGN reader can open it, with these tags
 * after the usual ones:
 *
 *   [KageMode "hotseat"]       play-first, play-second, hotseat, watch
 *   [KageLevel "4"]            the AI level
 *   [KageFlip "1"]             hot-seat auto-flip, 0 or 1
 *   [KageClock "5+3; white 283120 0 main; black 300000 0 main; turn black; paused"]
 *                              the clocks (clock_save); absent without a clock
 *   [KageMoves "23"]           how many moves follow: a file cut short is
 *                              found out, not resumed with moves missing
 *
 * It lives in $XDG_STATE_HOME/kage/autosave.pgn and is written atomically
 * (config_write_own): a temporary file beside it is renamed over its name,
 * and a symbolic link put in its place is replaced, never written through. */
#ifndef KAGE_SAVEGAME_H
#define KAGE_SAVEGAME_H

#include "kage/records/clock.h"
#include "kage/records/pgn.h"
#include "kage/records/record.h"
#include "kage/rules/gameend.h"
#include "kage/rules/position.h"

typedef struct SaveGame {
    GameRecord rec;  /* the game; its result: one the position does not show
                      * (resignation, time) or none, since a finished game is not saved */
    char mode[16];   /* play-first, play-second, hotseat, watch */
    int level;
    bool flip;
    bool has_clock;
    Clock clock;     /* restored paused: clock_resume it when play goes on */
    /* a game loaded from a file: its tags and comments, kept through the
     * autosave ([KageLoaded]); borrowed when writing, owned (savegame_free)
     * after savegame_parse; NULL for a game begun in Kage */
    PgnGame *from;
} SaveGame;

#define SAVEGAME_FILE "autosave.pgn"
/* Kage games running at once with one home each keep their own autosave:
 * autosave.pgn, autosave-2.pgn ... autosave-10.pgn, each held by a running
 * game through a lock (fcntl) on its ".lock" file beside it. */
#define SAVEGAME_SLOTS 10

/* The path of autosave slot k (0 .. SAVEGAME_SLOTS - 1) in the state folder
 * (created when `create`); false with a message if there is no such folder. */
bool savegame_slot_path(int k, bool create, char *buf, size_t size, KageError *err);
/* Hold the autosave at path for this process: a descriptor to keep open
 * (closing it, or the end of the process, lets go); -1 when another running
 * game holds it; -2 when no lock can be had there (a folder that cannot be
 * written, a file system without locks: err says why). */
int savegame_hold(const char *path, KageError *err);

/* The autosave's text for s; v may be NULL (then one is built for the
 * purpose).  NULL with a message if the game is not consistent. */
char *savegame_format(const SaveGame *s, const Variant *v, KageError *err);
/* Read an autosave's text; the clock (if any) is rebuilt on the time source
 * now/ctx.  On error *out is untouched and err says what is wrong. */
bool savegame_parse(const char *text, size_t len, ClockNowFn now, void *ctx, SaveGame *out, KageError *err);
/* Free the record of a parsed or loaded save. */
void savegame_free(SaveGame *s);

/* Write the autosave atomically to path (NULL: the default place, whose
 * directory is created). */
bool savegame_write(const SaveGame *s, const Variant *v, const char *path, KageError *err);
/* Load the autosave at path (NULL: the default place): 1 when loaded, 0 when
 * there is none, -1 when it is damaged (err says how; start a fresh game),
 * -2 when it cannot be read at all (permission denied, not a regular file:
 * err says why; it is not ours to move). */
int savegame_load(const char *path, ClockNowFn now, void *ctx, SaveGame *out, KageError *err);
/* Delete the autosave (when its game is over); no autosave is no error. */
bool savegame_remove(const char *path, KageError *err);

#endif
