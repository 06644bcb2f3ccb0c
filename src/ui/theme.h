/* Colour themes: a built-in table (htop CRT.c style) and theme files in the
 * same terms, each with a 256-colour, an 8-colour and a no-colour form.
 * Pure data and parsing here; theme_draw.c turns styles into curses attributes. */
#ifndef KAGE_UI_THEME_H
#define KAGE_UI_THEME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum ThemeStyle {
    STYLE_LIGHT,         /* light squares */
    STYLE_DARK,          /* dark squares */
    STYLE_PIECE_FIRST,   /* the side that moves first (the Clan: pink) */
    STYLE_PIECE_SECOND,
    STYLE_PROMOTED_FIRST,
    STYLE_PROMOTED_SECOND,
    STYLE_CURSOR,
    STYLE_SELECTED,
    STYLE_TARGET,        /* legal destinations of the selected piece */
    STYLE_LAST_MOVE,
    STYLE_CHECK,         /* a royal piece under attack */
    STYLE_COORDS,
    STYLE_TEXT,
    STYLE_TITLE,
    STYLE_DIM,
    STYLE_MESSAGE,
    STYLE_ERROR,
    STYLE_COUNT
} ThemeStyle;

typedef enum ThemeForm { FORM_256, FORM_8, FORM_MONO, FORM_COUNT } ThemeForm;

enum { TA_BOLD = 1, TA_UNDERLINE = 2, TA_REVERSE = 4, TA_DIM = 8, TA_BLINK = 16, TA_ITALIC = 32 };
#define THEME_UNSET (-2)   /* inherit from what lies below (the square) */
#define THEME_DEFAULT (-1) /* the terminal's own colour */

typedef struct Style {
    short fg, bg;
    unsigned attrs;
} Style;

typedef struct Theme {
    char name[64];
    Style s[FORM_COUNT][STYLE_COUNT];
} Theme;

/* The key used for a style in theme files: "light-square", "cursor" ... */
const char *theme_style_key(ThemeStyle s);

/* Copy the built-in theme `name` into t; false if there is none. */
bool theme_builtin(const char *name, Theme *t);
/* The names of the built-in themes, NULL-terminated. */
const char *const *theme_builtin_names(void);

/* Parse theme text (from file `path`, for messages) over the styles in *t.
 * On error t is unchanged and err holds "path:line: reason". */
bool theme_parse(const char *text, const char *path, Theme *t, char *err, size_t errsize);

/* Write t in the theme file format, every key of every form (a template). */
void theme_write(FILE *f, const Theme *t);

/* Load theme `name`: a path if it contains '/', else NAME.theme in the XDG
 * config dir (kage/themes), $KAGE_THEME_DIR, the installed theme dir, then
 * the built-in table.  On any error *t is the default theme and err says why. */
bool theme_load(const char *name, Theme *t, char *err, size_t errsize);

#endif
