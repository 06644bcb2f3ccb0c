/* The game's command-line options, parsed into a UiOptions that the rest
 * of the UI reads; one table gives both the parser and the help lines. */
#ifndef KAGE_UI_OPTIONS_H
#define KAGE_UI_OPTIONS_H

#include "kage/records/clock.h"
#include "kage/records/config.h"

#include <stdbool.h>
#include <stdio.h>

typedef enum PlayMode {
    PLAY_FIRST,   /* you play the side that moves first, the AI the other */
    PLAY_SECOND,  /* the AI moves first */
    PLAY_HOTSEAT, /* two people at one keyboard */
    PLAY_WATCH,   /* the AI plays both sides */
    PLAY_ONLINE,  /* a person at another terminal, through this host's Kage server */
    PLAY_MODE_COUNT
} PlayMode;

typedef enum ColorWhen { COLOR_AUTO, COLOR_NEVER, COLOR_ALWAYS } ColorWhen;
typedef enum GlyphWhen { GLYPH_AUTO, GLYPH_UNICODE, GLYPH_LETTERS, GLYPH_KANJI } GlyphWhen;

#define LEVEL_MIN 1
#define LEVEL_MAX 10
#define LEVEL_DEFAULT 4

typedef struct UiOptions {
    const char *variant; /* id, default shinobiplus */
    PlayMode mode;
    int level;
    int threads;         /* the AI's threads; 0: what the host can spare (player_spare_threads) */
    GlyphWhen glyphs;
    ColorWhen color;
    bool mouse;
    bool auto_flip;      /* hot-seat: turn the board to the side to move */
    bool bell;           /* the terminal bell on the AI's move, check and a low clock */
    const char *theme;   /* NULL: default */
    const char *fen;     /* NULL: the start position */
    TimeControl clock;   /* CLOCK_NONE: no clock */
    bool resume;         /* resume the autosave without asking */
    const char *load;    /* a PGN file to load at start */
    const char *server;  /* online: the server's socket (NULL: the default) */
    const char *player;  /* online: the name asked for (a shared account's) */
    /* The screen of an SSH login whose command the host forces (--online-only,
     * or --player, which only a shared account uses): it starts in the lobby,
     * takes no file name from the player and writes only in its own data and
     * state folders, so that a player can never write as the account wherever
     * the account may write (its ~/.ssh, its shell's start-up files). */
    bool online_only;
} UiOptions;

/* Parse argv (argv[0] is the program name, options may start at argv[1]).
 * Returns 0 to play, 1 when --help or -h was asked for, 3 when --version or
 * -V (both anywhere among the options, not as an option's value; exit 0 after
 * printing), or 2 after printing a message for a bad option to stderr (exit 2). */
int options_parse(UiOptions *o, int argc, char **argv);
/* The built-in defaults (what options_parse starts from). */
void options_defaults(UiOptions *o);
/* Apply the config file's values (the keys it set) to o; a value options
 * cannot take is reported in why (one line) and skipped.  Returns false
 * when something was skipped. */
bool options_from_config(UiOptions *o, const KageConfig *cfg, char *why, size_t size);
/* Parse argv over o as it is (defaults and config applied): the command
 * line overrides.  Return values as options_parse. */
int options_parse_over(UiOptions *o, int argc, char **argv);
/* The option lines of `kage --help`. */
void options_help(FILE *f);

const char *options_mode_name(PlayMode m);        /* "play-first" ... */
const char *options_mode_text(PlayMode m);        /* "you play first against the AI" */

#endif
