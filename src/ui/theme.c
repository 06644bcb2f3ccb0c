/* Themes: the built-in table and the theme file parser (see theme.h).
 *
 * A theme file is a list of sections [256], [8] and [mono], each holding
 * lines `key = [fg [bg]] [attr]...` where a colour is `default`, a name
 * (black red green yellow blue magenta cyan white) or a number, and an attr
 * is bold, underline, reverse, dim, blink or italic.  `-` leaves a colour
 * unset, so that it comes from the square below.  Keys not given keep the
 * default theme's value; `#` starts a comment. */
#include "theme.h"

#include "kage/records/config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef KAGE_THEMEDIR
#define KAGE_THEMEDIR "/usr/local/share/kage/themes"
#endif

static const char *const style_keys[STYLE_COUNT] = {
    [STYLE_LIGHT] = "light-square",
    [STYLE_DARK] = "dark-square",
    [STYLE_PIECE_FIRST] = "first-piece",
    [STYLE_PIECE_SECOND] = "second-piece",
    [STYLE_PROMOTED_FIRST] = "first-promoted",
    [STYLE_PROMOTED_SECOND] = "second-promoted",
    [STYLE_CURSOR] = "cursor",
    [STYLE_SELECTED] = "selected",
    [STYLE_TARGET] = "target",
    [STYLE_LAST_MOVE] = "last-move",
    [STYLE_CHECK] = "check",
    [STYLE_COORDS] = "coordinates",
    [STYLE_TEXT] = "text",
    [STYLE_TITLE] = "title",
    [STYLE_DIM] = "dim",
    [STYLE_MESSAGE] = "message",
    [STYLE_ERROR] = "error",
};

const char *theme_style_key(ThemeStyle s) { return style_keys[s]; }

#define U THEME_UNSET
#define D THEME_DEFAULT
#define S(f, b, a) {(f), (b), (a)}

/* Clan pink (125) and the Kingdom near-black on cream and tan squares that
 * read well on dark and light terminals alike; promoted pieces blue/red.
 * Every piece colour keeps at least 3:1 contrast with every square colour
 * it can stand on (test: theme_builtin__pieces_readable__on_every_square).
 *
 * With 8 colours the palette is the terminal's own, and it is checked on
 * xterm's and on the Linux console's, where 3 is brown and bold is bright:
 * there only black and blue pieces read on a light square, and only white,
 * cyan and green squares keep 3:1 with both (blue on brown is 2.5:1, bright
 * blue on brown 1.0:1, so no bold on the board).  Every 8-colour board is
 * white and cyan or green squares, the third of them the selection and the
 * targets, the cursor reversed; the squares' own black foreground makes a
 * reversed empty square dark (with the terminal's default it vanished on
 * the console, whose default foreground is its white). */
static const Theme theme_default = {
    .name = "default",
    .s[FORM_256] = {
        [STYLE_LIGHT] = S(D, 223, 0), [STYLE_DARK] = S(D, 180, 0),
        [STYLE_PIECE_FIRST] = S(125, U, TA_BOLD), [STYLE_PIECE_SECOND] = S(16, U, TA_BOLD),
        [STYLE_PROMOTED_FIRST] = S(19, U, TA_BOLD), [STYLE_PROMOTED_SECOND] = S(124, U, TA_BOLD),
        [STYLE_CURSOR] = S(U, 117, TA_UNDERLINE), [STYLE_SELECTED] = S(U, 156, 0),
        [STYLE_TARGET] = S(U, 150, 0), [STYLE_LAST_MOVE] = S(U, 187, 0),
        [STYLE_CHECK] = S(U, 210, 0), [STYLE_COORDS] = S(245, D, 0),
        [STYLE_TEXT] = S(D, D, 0), [STYLE_TITLE] = S(161, D, TA_BOLD),
        [STYLE_DIM] = S(245, D, 0), [STYLE_MESSAGE] = S(30, D, TA_BOLD),
        [STYLE_ERROR] = S(160, D, TA_BOLD),
    },
    .s[FORM_8] = {
        [STYLE_LIGHT] = S(0, 7, 0), [STYLE_DARK] = S(0, 6, 0),
        [STYLE_PIECE_FIRST] = S(4, U, 0), [STYLE_PIECE_SECOND] = S(0, U, 0),
        [STYLE_PROMOTED_FIRST] = S(4, U, 0), [STYLE_PROMOTED_SECOND] = S(0, U, 0),
        [STYLE_CURSOR] = S(U, U, TA_REVERSE | TA_UNDERLINE), [STYLE_SELECTED] = S(U, 2, 0),
        [STYLE_TARGET] = S(U, 2, 0), [STYLE_LAST_MOVE] = S(U, U, TA_UNDERLINE),
        [STYLE_CHECK] = S(U, U, TA_REVERSE), [STYLE_COORDS] = S(D, D, 0),
        [STYLE_TEXT] = S(D, D, 0), [STYLE_TITLE] = S(5, D, TA_BOLD),
        [STYLE_DIM] = S(D, D, 0), [STYLE_MESSAGE] = S(6, D, TA_BOLD),
        [STYLE_ERROR] = S(1, D, TA_BOLD),
    },
    .s[FORM_MONO] = {
        [STYLE_LIGHT] = S(D, D, 0), [STYLE_DARK] = S(D, D, TA_DIM),
        [STYLE_PIECE_FIRST] = S(U, U, TA_BOLD), [STYLE_PIECE_SECOND] = S(U, U, 0),
        [STYLE_PROMOTED_FIRST] = S(U, U, TA_BOLD), [STYLE_PROMOTED_SECOND] = S(U, U, 0),
        [STYLE_CURSOR] = S(U, U, TA_REVERSE), [STYLE_SELECTED] = S(U, U, TA_REVERSE | TA_BOLD),
        [STYLE_TARGET] = S(U, U, TA_UNDERLINE), [STYLE_LAST_MOVE] = S(U, U, TA_UNDERLINE),
        [STYLE_CHECK] = S(U, U, TA_BLINK | TA_REVERSE), [STYLE_COORDS] = S(D, D, 0),
        [STYLE_TEXT] = S(D, D, 0), [STYLE_TITLE] = S(D, D, TA_BOLD),
        [STYLE_DIM] = S(D, D, 0), [STYLE_MESSAGE] = S(D, D, TA_BOLD),
        [STYLE_ERROR] = S(D, D, TA_BOLD | TA_REVERSE),
    },
};

/* Black and white squares with saturated pieces, for low vision and
 * washed-out projectors. */
static const Theme theme_contrast = {
    .name = "high-contrast",
    .s[FORM_256] = {
        [STYLE_LIGHT] = S(D, 231, 0), [STYLE_DARK] = S(D, 250, 0),
        [STYLE_PIECE_FIRST] = S(125, U, TA_BOLD), [STYLE_PIECE_SECOND] = S(16, U, TA_BOLD),
        [STYLE_PROMOTED_FIRST] = S(21, U, TA_BOLD), [STYLE_PROMOTED_SECOND] = S(88, U, TA_BOLD),
        [STYLE_CURSOR] = S(U, 226, TA_UNDERLINE | TA_BOLD), [STYLE_SELECTED] = S(U, 46, TA_BOLD),
        [STYLE_TARGET] = S(U, 120, TA_BOLD), [STYLE_LAST_MOVE] = S(U, 229, 0),
        /* off the board the terminal's own colour: white would vanish on a light one */
        [STYLE_CHECK] = S(16, 217, TA_BOLD), [STYLE_COORDS] = S(D, D, TA_BOLD),
        [STYLE_TEXT] = S(D, D, 0), [STYLE_TITLE] = S(D, D, TA_BOLD),
        [STYLE_DIM] = S(250, D, 0), [STYLE_MESSAGE] = S(226, D, TA_BOLD),
        [STYLE_ERROR] = S(231, 196, TA_BOLD),
    },
    .s[FORM_8] = {
        [STYLE_LIGHT] = S(0, 7, 0), [STYLE_DARK] = S(0, 6, 0),
        [STYLE_PIECE_FIRST] = S(4, U, 0), [STYLE_PIECE_SECOND] = S(0, U, 0),
        [STYLE_PROMOTED_FIRST] = S(4, U, 0), [STYLE_PROMOTED_SECOND] = S(0, U, 0),
        [STYLE_CURSOR] = S(U, U, TA_REVERSE | TA_UNDERLINE), [STYLE_SELECTED] = S(U, 2, 0),
        [STYLE_TARGET] = S(U, 2, 0), [STYLE_LAST_MOVE] = S(U, U, TA_UNDERLINE),
        [STYLE_CHECK] = S(U, U, TA_REVERSE), [STYLE_COORDS] = S(D, D, TA_BOLD),
        [STYLE_TEXT] = S(D, D, 0), [STYLE_TITLE] = S(D, D, TA_BOLD),
        [STYLE_DIM] = S(D, D, 0), [STYLE_MESSAGE] = S(3, D, TA_BOLD),
        [STYLE_ERROR] = S(7, 1, TA_BOLD),
    },
    .s[FORM_MONO] = {
        [STYLE_LIGHT] = S(D, D, 0), [STYLE_DARK] = S(D, D, 0),
        [STYLE_PIECE_FIRST] = S(U, U, TA_BOLD), [STYLE_PIECE_SECOND] = S(U, U, 0),
        [STYLE_PROMOTED_FIRST] = S(U, U, TA_BOLD), [STYLE_PROMOTED_SECOND] = S(U, U, 0),
        [STYLE_CURSOR] = S(U, U, TA_REVERSE), [STYLE_SELECTED] = S(U, U, TA_REVERSE | TA_BOLD),
        [STYLE_TARGET] = S(U, U, TA_UNDERLINE | TA_BOLD), [STYLE_LAST_MOVE] = S(U, U, TA_UNDERLINE),
        [STYLE_CHECK] = S(U, U, TA_REVERSE | TA_BLINK), [STYLE_COORDS] = S(D, D, TA_BOLD),
        [STYLE_TEXT] = S(D, D, 0), [STYLE_TITLE] = S(D, D, TA_BOLD),
        [STYLE_DIM] = S(D, D, 0), [STYLE_MESSAGE] = S(D, D, TA_BOLD),
        [STYLE_ERROR] = S(D, D, TA_REVERSE | TA_BOLD),
    },
};

/* Green and buff squares as on most chess sites. */
static const Theme theme_classic = {
    .name = "classic",
    .s[FORM_256] = {
        [STYLE_LIGHT] = S(D, 230, 0), [STYLE_DARK] = S(D, 107, 0),
        [STYLE_PIECE_FIRST] = S(89, U, TA_BOLD), [STYLE_PIECE_SECOND] = S(232, U, TA_BOLD),
        [STYLE_PROMOTED_FIRST] = S(18, U, TA_BOLD), [STYLE_PROMOTED_SECOND] = S(88, U, TA_BOLD),
        [STYLE_CURSOR] = S(U, 81, TA_UNDERLINE), [STYLE_SELECTED] = S(U, 185, 0),
        [STYLE_TARGET] = S(U, 186, 0), [STYLE_LAST_MOVE] = S(U, 143, 0),
        [STYLE_CHECK] = S(U, 174, 0), [STYLE_COORDS] = S(107, D, 0),
        [STYLE_TEXT] = S(D, D, 0), [STYLE_TITLE] = S(107, D, TA_BOLD),
        [STYLE_DIM] = S(244, D, 0), [STYLE_MESSAGE] = S(107, D, TA_BOLD),
        [STYLE_ERROR] = S(167, D, TA_BOLD),
    },
    .s[FORM_8] = {
        [STYLE_LIGHT] = S(0, 7, 0), [STYLE_DARK] = S(0, 2, 0),
        [STYLE_PIECE_FIRST] = S(4, U, 0), [STYLE_PIECE_SECOND] = S(0, U, 0),
        [STYLE_PROMOTED_FIRST] = S(4, U, 0), [STYLE_PROMOTED_SECOND] = S(0, U, 0),
        [STYLE_CURSOR] = S(U, U, TA_REVERSE | TA_UNDERLINE), [STYLE_SELECTED] = S(U, 6, 0),
        [STYLE_TARGET] = S(U, 6, 0), [STYLE_LAST_MOVE] = S(U, U, TA_UNDERLINE),
        [STYLE_CHECK] = S(U, U, TA_REVERSE), [STYLE_COORDS] = S(2, D, 0),
        [STYLE_TEXT] = S(D, D, 0), [STYLE_TITLE] = S(2, D, TA_BOLD),
        [STYLE_DIM] = S(D, D, 0), [STYLE_MESSAGE] = S(2, D, TA_BOLD),
        [STYLE_ERROR] = S(1, D, TA_BOLD),
    },
    .s[FORM_MONO] = {
        [STYLE_LIGHT] = S(D, D, 0), [STYLE_DARK] = S(D, D, TA_DIM),
        [STYLE_PIECE_FIRST] = S(U, U, TA_BOLD), [STYLE_PIECE_SECOND] = S(U, U, 0),
        [STYLE_PROMOTED_FIRST] = S(U, U, TA_BOLD), [STYLE_PROMOTED_SECOND] = S(U, U, 0),
        [STYLE_CURSOR] = S(U, U, TA_REVERSE), [STYLE_SELECTED] = S(U, U, TA_REVERSE | TA_BOLD),
        [STYLE_TARGET] = S(U, U, TA_UNDERLINE), [STYLE_LAST_MOVE] = S(U, U, TA_UNDERLINE),
        [STYLE_CHECK] = S(U, U, TA_BLINK | TA_REVERSE), [STYLE_COORDS] = S(D, D, 0),
        [STYLE_TEXT] = S(D, D, 0), [STYLE_TITLE] = S(D, D, TA_BOLD),
        [STYLE_DIM] = S(D, D, 0), [STYLE_MESSAGE] = S(D, D, TA_BOLD),
        [STYLE_ERROR] = S(D, D, TA_BOLD | TA_REVERSE),
    },
};

#undef U
#undef D
#undef S

static const Theme *const builtin_themes[] = {&theme_default, &theme_contrast, &theme_classic};
static const char *const builtin_names[] = {"default", "high-contrast", "classic", NULL};

const char *const *theme_builtin_names(void) { return builtin_names; }

bool theme_builtin(const char *name, Theme *t)
{
    for (size_t i = 0; i < sizeof builtin_themes / sizeof builtin_themes[0]; i++)
        if (!strcmp(builtin_themes[i]->name, name)) {
            *t = *builtin_themes[i];
            return true;
        }
    return false;
}

static const char *const colour_names[] = {"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"};
static const char *const attr_names[] = {"bold", "underline", "reverse", "dim", "blink", "italic"};

/* Parse one colour word; -3 if it is not a colour, -4 if out of range. */
static int parse_colour(const char *w, ThemeForm form)
{
    if (!strcmp(w, "default"))
        return THEME_DEFAULT;
    if (!strcmp(w, "-"))
        return THEME_UNSET;
    int c = -3;
    for (int i = 0; i < 8; i++)
        if (!strcmp(w, colour_names[i]))
            c = i;
    if (c == -3 && isdigit((unsigned char)w[0])) {
        char *end;
        long n = strtol(w, &end, 10);
        if (*end)
            return -3;
        c = n > 255 ? -4 : (int)n;
    }
    if (c >= 0 && ((form == FORM_8 && c > 7) || form == FORM_MONO))
        return -4;
    return c;
}

/* Parse "fg [bg] [attr]..." into st; an error message in why otherwise. */
static bool parse_style(char *val, ThemeForm form, Style *st, char *why, size_t n)
{
    Style s = {THEME_UNSET, THEME_UNSET, 0};
    int ncolours = 0;
    for (char *w = strtok(val, " \t"); w; w = strtok(NULL, " \t")) {
        bool attr = false;
        for (int i = 0; i < 6; i++)
            if (!strcmp(w, attr_names[i])) {
                s.attrs |= 1u << i;
                attr = true;
            }
        if (attr)
            continue;
        int c = parse_colour(w, form);
        if (c == -4) {
            snprintf(why, n, form == FORM_MONO ? "no colours in the [mono] section: '%s'"
                                               : "colour '%s' is out of range for this section",
                     w);
            return false;
        }
        if (c == -3) {
            snprintf(why, n, "'%s' is neither a colour nor an attribute (bold underline reverse dim blink italic)", w);
            return false;
        }
        if (ncolours == 2) {
            snprintf(why, n, "more than two colours (foreground, background) at '%s'", w);
            return false;
        }
        if (ncolours++ == 0)
            s.fg = (short)c;
        else
            s.bg = (short)c;
    }
    *st = s;
    return true;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

bool theme_parse(const char *text, const char *path, Theme *t, char *err, size_t errsize)
{
    Theme tmp = *t;
    int form = -1, lineno = 0;
    char why[200];
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        const char *hash = memchr(p, '#', len); /* a comment may be as long as it likes */
        size_t keep = hash ? (size_t)(hash - p) : len;
        char line[512];
        lineno++;
        if (keep >= sizeof line) {
            snprintf(why, sizeof why, "line too long (%zu characters before any comment; at most %zu)", keep,
                     sizeof line - 1);
            goto bad;
        }
        memcpy(line, p, keep);
        line[keep] = 0;
        p += len + (nl != NULL); /* the comment, if any, is already cut off */
        char *s = trim(line);
        if (!*s)
            continue;
        if (*s == '[') {
            if (!strcmp(s, "[256]"))
                form = FORM_256;
            else if (!strcmp(s, "[8]"))
                form = FORM_8;
            else if (!strcmp(s, "[mono]"))
                form = FORM_MONO;
            else {
                snprintf(why, sizeof why, "unknown section %s (expected [256], [8] or [mono])", s);
                goto bad;
            }
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq) {
            snprintf(why, sizeof why, "expected 'key = colours', a [section] or a # comment");
            goto bad;
        }
        *eq = 0;
        char *key = trim(s), *val = trim(eq + 1);
        if (form < 0) {
            snprintf(why, sizeof why, "'%s' comes before any [256], [8] or [mono] section", key);
            goto bad;
        }
        int k = -1;
        for (int i = 0; i < STYLE_COUNT; i++)
            if (!strcmp(key, style_keys[i]))
                k = i;
        if (k < 0) {
            snprintf(why, sizeof why, "unknown key '%s'", key);
            goto bad;
        }
        if (!parse_style(val, (ThemeForm)form, &tmp.s[form][k], why, sizeof why))
            goto bad;
    }
    *t = tmp;
    return true;
bad:
    snprintf(err, errsize, "%s:%d: %s", path, lineno, why);
    return false;
}

static void write_colour(FILE *f, short c)
{
    if (c == THEME_DEFAULT)
        fputs(" default", f);
    else if (c == THEME_UNSET)
        fputs(" -", f);
    else if (c < 8)
        fprintf(f, " %s", colour_names[c]);
    else
        fprintf(f, " %d", c);
}

void theme_write(FILE *f, const Theme *t)
{
    static const char *const sections[FORM_COUNT] = {"[256]", "[8]", "[mono]"};
    fprintf(f, "# Kage theme '%s'.  Each line: key = [foreground [background]] [attribute]...\n"
               "# Colours: default, - (unset: from the square below), black red green yellow blue\n"
               "# magenta cyan white, or 0-255 in [256].  Attributes: bold underline reverse dim\n"
               "# blink italic.  [mono] takes attributes only.  Keys left out keep the default.\n",
            t->name);
    for (int form = 0; form < FORM_COUNT; form++) {
        fprintf(f, "\n%s\n", sections[form]);
        for (int k = 0; k < STYLE_COUNT; k++) {
            const Style *st = &t->s[form][k];
            fprintf(f, "%-16s =", style_keys[k]);
            if (form != FORM_MONO || st->fg != THEME_UNSET || st->bg != THEME_UNSET) {
                if (form != FORM_MONO) {
                    write_colour(f, st->fg);
                    write_colour(f, st->bg);
                }
            }
            for (int i = 0; i < 6; i++)
                if (st->attrs & (1u << i))
                    fprintf(f, " %s", attr_names[i]);
            fputc('\n', f);
        }
    }
}

#define THEME_FILE_MAX (1u << 20) /* a theme is a few kilobytes */

/* Load a file over the default theme; false with err if it is broken or
 * missing, not a regular file (a directory, /dev/zero) or too large. */
static bool theme_load_file(const char *path, const char *name, Theme *t, char *err, size_t errsize)
{
    KageError kerr;
    size_t len;
    char *text = config_read_file(path, &len, &kerr);
    if (!text) {
        snprintf(err, errsize, "theme %s", kerr.msg);
        return false;
    }
    if (len > THEME_FILE_MAX || strlen(text) != len) {
        snprintf(err, errsize, "theme %s: %s", path,
                 len > THEME_FILE_MAX ? "too large for a theme (over 1 MB): not read" : "a NUL byte: not a theme file");
        free(text);
        return false;
    }
    Theme tmp;
    theme_builtin("default", &tmp);
    theme_builtin(name, &tmp); /* a file named like a built-in theme refines it */
    bool ok = theme_parse(text, path, &tmp, err, errsize);
    free(text);
    if (ok) {
        snprintf(tmp.name, sizeof tmp.name, "%s", name);
        *t = tmp;
    }
    return ok;
}

bool theme_load(const char *name, Theme *t, char *err, size_t errsize)
{
    theme_builtin("default", t);
    err[0] = 0;
    if (strchr(name, '/')) {
        const char *base = strrchr(name, '/') + 1;
        return theme_load_file(name, base, t, err, errsize);
    }
    if (!*name || strlen(name) > 60) {
        snprintf(err, errsize, "bad theme name '%s'", name);
        return false;
    }
    char dirs[4][600];
    int nd = 0;
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME"), *env = getenv("KAGE_THEME_DIR");
    if (xdg && *xdg == '/')
        snprintf(dirs[nd++], sizeof dirs[0], "%s/kage/themes", xdg);
    else if (home && *home)
        snprintf(dirs[nd++], sizeof dirs[0], "%s/.config/kage/themes", home);
    if (env && *env)
        snprintf(dirs[nd++], sizeof dirs[0], "%s", env);
    snprintf(dirs[nd++], sizeof dirs[0], "%s", KAGE_THEMEDIR);
    for (int i = 0; i < nd; i++) {
        char path[700];
        snprintf(path, sizeof path, "%.600s/%.60s.theme", dirs[i], name);
        struct stat st; /* there is something by that name (never opened here: it could be a FIFO) */
        if (stat(path, &st) < 0)
            continue;
        return theme_load_file(path, name, t, err, errsize);
    }
    if (theme_builtin(name, t))
        return true;
    snprintf(err, errsize, "theme '%s' not found in %s or %s; using the default theme", name, dirs[0], KAGE_THEMEDIR);
    return false;
}
