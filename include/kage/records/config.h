/* Kage's files: where they live (the XDG Base Directory rules), writing
 * them atomically, and the config file.  Part of the records: this may
 * touch the file system, but it never prints; problems come back as text.
 *
 *   config  $XDG_CONFIG_HOME/kage/kage.conf   (default ~/.config/kage)
 *   data    $XDG_DATA_HOME/kage/              (default ~/.local/share/kage): saved games
 *   state   $XDG_STATE_HOME/kage/             (default ~/.local/state/kage): the autosave
 *
 * An XDG variable that is empty or not an absolute path is ignored, as the
 * specification says.  Directories are created with mode 0700.
 *
 * The config file has one `key = value` per line; blank lines and lines
 * starting with '#' are skipped, and so is a '#' comment after a value when
 * a blank comes before it.  A value may be put in double quotes.  Keys:
 *
 *   variant = shinobiplus      shinobiplus, shinobi, shinobivchess, shogun, cashew
 *   mode    = play-first       play-first, play-second, hotseat, watch (ai-black, ai-white)
 *   level   = 4                1 to 10
 *   theme   = default          a theme name or file
 *   glyphs  = auto             auto, unicode, letters
 *   mouse   = yes              yes/no, true/false, on/off, 1/0
 *   flip    = no               hot-seat: turn the board to the side to move (also auto-flip)
 *   bell    = no               the terminal bell on the AI's move, check and a low clock
 *   clock   = 10+30 byo        a time control (see clock.h): none, 5, 5+3, 10+30 byo
 *   color   = auto             auto, never, always
 *   threads = auto             the AI's threads: auto (what the host can spare) or 1 to 64
 *
 * An unknown key or a bad value is reported as "file:line: reason" and
 * that line is ignored; the other lines still apply. */
#ifndef KAGE_CONFIG_H
#define KAGE_CONFIG_H

#include "kage/records/clock.h"

#include <stddef.h>

typedef enum KageDir { KAGE_DIR_CONFIG, KAGE_DIR_DATA, KAGE_DIR_STATE } KageDir;

/* Bits of KageConfig.set: the keys the file gave (options override them). */
enum {
    CONFIG_SET_VARIANT = 1 << 0,
    CONFIG_SET_MODE = 1 << 1,
    CONFIG_SET_LEVEL = 1 << 2,
    CONFIG_SET_THEME = 1 << 3,
    CONFIG_SET_GLYPHS = 1 << 4,
    CONFIG_SET_MOUSE = 1 << 5,
    CONFIG_SET_FLIP = 1 << 6,
    CONFIG_SET_CLOCK = 1 << 7,
    CONFIG_SET_COLOR = 1 << 8,
    CONFIG_SET_BELL = 1 << 9,
    CONFIG_SET_THREADS = 1 << 10
};

typedef struct KageConfig {
    char variant[24]; /* a variant id */
    char mode[16];    /* play-first, play-second, hotseat, watch */
    int level;        /* 1..10 */
    char theme[256];  /* "" for the default theme */
    char glyphs[8];   /* auto, unicode, letters */
    bool mouse;
    bool flip;        /* hot-seat auto-flip */
    bool bell;        /* the terminal bell */
    TimeControl clock;
    char color[8];    /* auto, never, always */
    int threads;      /* the AI's threads, 0 = auto */
    unsigned set;     /* CONFIG_SET_* */
} KageConfig;

#define CONFIG_MAX_DIAGS 16

/* Problems found in a config file, one "file:line: reason" each. */
typedef struct ConfigDiags {
    int count;
    int dropped; /* problems beyond CONFIG_MAX_DIAGS */
    char msg[CONFIG_MAX_DIAGS][1400];
} ConfigDiags;

/* The directory of that kind for Kage ($XDG_..._HOME/kage or its default
 * under $HOME), created with mode 0700 when `create`; false and a message
 * when neither variable gives a path or it cannot be created. */
bool config_dir(KageDir kind, bool create, char *buf, size_t size, KageError *err);
/* The path of file `name` in that directory (created when `create`). */
bool config_path(KageDir kind, const char *name, bool create, char *buf, size_t size, KageError *err);

/* Replace the file at path with data so that the file is always either the
 * old one or the new one: a temporary file in the same directory, written,
 * flushed and synced, renamed over path, then the directory synced.  A path
 * that is there and is not a regular file (a directory, a device) is not
 * written over; a symbolic link is followed, so that the link stays. */
bool config_write_atomic(const char *path, const char *data, size_t len, KageError *err);
/* config_write_atomic for a file of Kage's own (the autosave): a symbolic
 * link at path is never followed but replaced by the file, so that no file
 * it names is written. */
bool config_write_own(const char *path, const char *data, size_t len, KageError *err);
/* The whole file at path, NUL-terminated (free it); NULL with a message,
 * and errno left as the system set it (ENOENT: no such file).  Only a
 * regular file under 16 MB is read (EINVAL: a directory, a FIFO, a device,
 * said in the message; EFBIG: too large); opening never blocks. */
char *config_read_file(const char *path, size_t *len, KageError *err);

/* The built-in defaults: shinobiplus, play-first, level 4, no clock ... */
void config_defaults(KageConfig *cfg);
/* Apply the lines of a config file's text to cfg; filename is used in the
 * messages.  Good lines apply even when others are bad. */
void config_parse(KageConfig *cfg, const char *text, size_t len, const char *filename, ConfigDiags *diags);
/* Read and apply the config file at path (NULL: the default path); a file
 * that does not exist is not a problem.  False when it could not be read
 * (with the reason in diags). */
bool config_load(KageConfig *cfg, const char *path, ConfigDiags *diags);

#endif
