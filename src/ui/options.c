/* Option parsing (see options.h).  Every option is a row of one table: its
 * name, its argument, its help line; values are checked with a message that
 * lists what would have been accepted. */
#include "options.h"

#include "kage/net/wire.h"
#include "kage/rules/variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const mode_names[PLAY_MODE_COUNT] = {"play-first", "play-second", "hotseat", "watch", "online"};
static const char *const mode_texts[PLAY_MODE_COUNT] = {
    "you move first, the AI replies",
    "the AI moves first, you reply",
    "two players at one keyboard",
    "the AI plays both sides",
    "a player at another terminal (kage server)",
};

const char *options_mode_name(PlayMode m) { return mode_names[m]; }
const char *options_mode_text(PlayMode m) { return mode_texts[m]; }

typedef enum OptId {
    OPT_VARIANT, OPT_MODE, OPT_LEVEL, OPT_THREADS, OPT_CLOCK, OPT_GLYPHS, OPT_COLOR, OPT_NO_MOUSE, OPT_AUTO_FLIP, OPT_BELL, OPT_THEME,
    OPT_FEN, OPT_LOAD, OPT_RESUME, OPT_SERVER, OPT_PLAYER, OPT_ONLINE_ONLY, OPT_HELP
} OptId;

static const struct {
    OptId id;
    const char *name, *arg, *help;
} opt_table[] = {
    {OPT_VARIANT, "variant", "ID", "game to play: shinobiplus (default), shinobi, shinobivchess, shogun, cashew"},
    {OPT_MODE, "mode", "MODE", "play-first (default), play-second, hotseat, watch (AI against AI) or online (the lobby)"},
    {OPT_LEVEL, "level", "N", "AI strength from 1 to 10 (default 4)"},
    {OPT_THREADS, "threads", "N", "the AI's threads: auto (default: the cores the host can spare, up to 8) or 1 to 64"},
    {OPT_CLOCK, "clock", "SPEC", "time control: none (default), 5 (minutes), 5+3 (Fischer), 10+30 byo (byo-yomi)"},
    {OPT_GLYPHS, "glyphs", "SET", "unicode, kanji or letters (default: unicode where the terminal can show it)"},
    {OPT_COLOR, "color", "WHEN", "never, auto (default) or always; NO_COLOR in the environment means never"},
    {OPT_NO_MOUSE, "no-mouse", NULL, "do not use the mouse"},
    {OPT_AUTO_FLIP, "auto-flip", NULL, "hot-seat: turn the board towards the side to move"},
    {OPT_BELL, "bell", NULL, "ring the terminal bell on the AI's move, on check and when a clock runs low"},
    {OPT_THEME, "theme", "NAME", "colour theme: default, high-contrast, classic, or a file"},
    {OPT_FEN, "fen", "FEN", "start from this position instead of the usual one"},
    {OPT_LOAD, "load", "FILE", "load a game from a PGN file (the first game of several: choose on screen)"},
    {OPT_RESUME, "resume", NULL, "resume the unfinished game of the last session without asking"},
    {OPT_SERVER, "server", "PATH", "online: the Kage server's socket (default: $KAGE_SERVER, else $XDG_RUNTIME_DIR/kage/server.sock)"},
    {OPT_PLAYER, "player", "NAME", "online: the player's name, where the server lets this account choose (a shared account); implies --online-only"},
    {OPT_ONLINE_ONLY, "online-only", NULL, "the lobby first, and no file name is taken: games are saved in the data folder (for SSH logins)"},
    {OPT_HELP, "help", NULL, "show this help and exit"},
};
#define NOPTS (int)(sizeof opt_table / sizeof opt_table[0])

void options_help(FILE *f)
{
    for (int i = 0; i < NOPTS; i++) {
        char left[40];
        snprintf(left, sizeof left, "%s--%s%s%s", opt_table[i].id == OPT_HELP ? "-h, " : "", opt_table[i].name,
                 opt_table[i].arg ? "=" : "", opt_table[i].arg ? opt_table[i].arg : "");
        fprintf(f, "  %-20s %s\n", left, opt_table[i].help);
    }
}

static int pick(const char *opt, const char *val, const char *const *names, int n, const char *also)
{
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(val, names[i]))
            return i;
    fprintf(stderr, "kage: --%s: '%s' is not one of:", opt, val);
    for (int i = 0; i < n; i++)
        if (names[i])
            fprintf(stderr, " %s", names[i]);
    fprintf(stderr, "%s\n", also ? also : "");
    return -1;
}

static bool set_option(UiOptions *o, OptId id, const char *name, const char *val)
{
    switch (id) {
    case OPT_VARIANT:
        if (!variant_find(val)) {
            fprintf(stderr, "kage: --variant: unknown variant '%s'; choose one of:", val);
            for (int i = 0; variant_defs[i]; i++)
                fprintf(stderr, " %s", variant_defs[i]->id);
            fputc('\n', stderr);
            return false;
        }
        o->variant = variant_find(val)->id;
        return true;
    case OPT_MODE: {
        static const char *const aliases[] = {"ai-black", "ai-white"};
        for (int i = 0; i < 2; i++)
            if (!strcmp(val, aliases[i])) {
                o->mode = i == 0 ? PLAY_FIRST : PLAY_SECOND;
                return true;
            }
        int m = pick(name, val, mode_names, PLAY_MODE_COUNT, " (or ai-black, ai-white)");
        if (m < 0)
            return false;
        o->mode = (PlayMode)m;
        return true;
    }
    case OPT_LEVEL: {
        /* digits only: " 4" and "+4" are typing slips, not levels */
        long n = strspn(val, "0123456789") == strlen(val) && strlen(val) <= 2 ? strtol(val, NULL, 10) : -1;
        if (!*val || n < LEVEL_MIN || n > LEVEL_MAX) {
            fprintf(stderr, "kage: --level: '%s' is not a number from %d to %d\n", val, LEVEL_MIN, LEVEL_MAX);
            return false;
        }
        o->level = (int)n;
        return true;
    }
    case OPT_THREADS: {
        long n = !strcmp(val, "auto") ? 0
                 : strspn(val, "0123456789") == strlen(val) && strlen(val) <= 2 ? strtol(val, NULL, 10) : -1;
        if (!*val || n < 0 || n > 64 || (n == 0 && strcmp(val, "auto"))) {
            fprintf(stderr, "kage: --threads: '%s' is not auto or a number from 1 to 64\n", val);
            return false;
        }
        o->threads = (int)n;
        return true;
    }
    case OPT_GLYPHS: {
        static const char *const names[] = {"auto", "unicode", "letters", "kanji"};
        int g = pick(name, val, names, 4, NULL);
        if (g < 0)
            return false;
        o->glyphs = (GlyphWhen)g;
        return true;
    }
    case OPT_COLOR: {
        static const char *const names[] = {"auto", "never", "always"};
        int c = pick(name, val, names, 3, NULL);
        if (c < 0)
            return false;
        o->color = (ColorWhen)c;
        return true;
    }
    case OPT_THEME:
        o->theme = val;
        return true;
    case OPT_FEN:
        o->fen = val;
        return true;
    case OPT_LOAD:
        o->load = val;
        return true;
    case OPT_SERVER:
        o->server = val;
        return true;
    case OPT_PLAYER:
        if (!net_name_ok(val)) {
            fprintf(stderr, "kage: --player: '%s' is not a name: 1 to 32 letters, digits, '.', '_' or '-', "
                            "starting with a letter\n", val);
            return false;
        }
        o->player = val;
        o->online_only = true; /* a shared account's screen: see options.h */
        return true;
    case OPT_CLOCK: {
        KageError err;
        if (!clock_tc_parse(val, &o->clock, &err)) {
            fprintf(stderr, "kage: --clock: %s\n  %s\n", err.msg, val);
            if (err.column >= 0)
                fprintf(stderr, "  %*s^\n", err.column, "");
            fprintf(stderr, "  (examples: none, 5, 5+3, 10m+30s byo, 10+30x3 byo)\n");
            return false;
        }
        return true;
    }
    default:
        return true;
    }
}

void options_defaults(UiOptions *o)
{
    *o = (UiOptions){.variant = "shinobiplus", .mode = PLAY_FIRST, .level = LEVEL_DEFAULT, .mouse = true};
    o->clock.kind = CLOCK_NONE;
}

static int name_index(const char *val, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(val, names[i]))
            return i;
    return -1;
}

bool options_from_config(UiOptions *o, const KageConfig *cfg, char *why, size_t size)
{
    static const char *const glyph_names[] = {"auto", "unicode", "letters", "kanji"};
    static const char *const color_names[] = {"auto", "never", "always"};
    bool ok = true;
    why[0] = 0;
    if (cfg->set & CONFIG_SET_VARIANT) {
        const VariantDef *d = variant_find(cfg->variant);
        if (d)
            o->variant = d->id;
        else {
            snprintf(why, size, "config: unknown variant '%s'", cfg->variant);
            ok = false;
        }
    }
    if (cfg->set & CONFIG_SET_MODE) {
        int m = name_index(cfg->mode, mode_names, PLAY_MODE_COUNT);
        if (m < 0 && !strcmp(cfg->mode, "ai-black"))
            m = PLAY_FIRST;
        if (m < 0 && !strcmp(cfg->mode, "ai-white"))
            m = PLAY_SECOND;
        if (m >= 0)
            o->mode = (PlayMode)m;
        else {
            snprintf(why, size, "config: unknown mode '%s'", cfg->mode);
            ok = false;
        }
    }
    if ((cfg->set & CONFIG_SET_LEVEL) && cfg->level >= LEVEL_MIN && cfg->level <= LEVEL_MAX)
        o->level = cfg->level;
    if ((cfg->set & CONFIG_SET_THREADS) && cfg->threads >= 0 && cfg->threads <= 64)
        o->threads = cfg->threads;
    if ((cfg->set & CONFIG_SET_THEME) && cfg->theme[0])
        o->theme = cfg->theme;
    if (cfg->set & CONFIG_SET_GLYPHS) {
        int g = name_index(cfg->glyphs, glyph_names, 4);
        if (g >= 0)
            o->glyphs = (GlyphWhen)g;
    }
    if (cfg->set & CONFIG_SET_COLOR) {
        int c = name_index(cfg->color, color_names, 3);
        if (c >= 0)
            o->color = (ColorWhen)c;
    }
    if (cfg->set & CONFIG_SET_MOUSE)
        o->mouse = cfg->mouse;
    if (cfg->set & CONFIG_SET_FLIP)
        o->auto_flip = cfg->flip;
    if (cfg->set & CONFIG_SET_BELL)
        o->bell = cfg->bell;
    if (cfg->set & CONFIG_SET_CLOCK)
        o->clock = cfg->clock;
    return ok;
}

int options_parse(UiOptions *o, int argc, char **argv)
{
    options_defaults(o);
    return options_parse_over(o, argc, argv);
}

int options_parse_over(UiOptions *o, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-V") || !strcmp(a, "--version"))
            return 3;
        if (!strcmp(a, "-h")) {
            a = "--help";
        } else if (strncmp(a, "--", 2)) {
            fprintf(stderr, "kage: unexpected argument '%s'\nTry 'kage --help' for more information.\n", a);
            return 2;
        }
        const char *body = a + 2, *eq = strchr(body, '=');
        size_t len = eq ? (size_t)(eq - body) : strlen(body);
        int k = -1;
        for (int j = 0; j < NOPTS; j++)
            if (strlen(opt_table[j].name) == len && !strncmp(body, opt_table[j].name, len))
                k = j;
        if (k < 0) {
            fprintf(stderr, "kage: unknown option '%s'\nTry 'kage --help' for more information.\n", a);
            return 2;
        }
        const char *val = NULL;
        if (opt_table[k].arg) {
            if (eq)
                val = eq + 1;
            else if (i + 1 < argc)
                val = argv[++i];
            else {
                fprintf(stderr, "kage: --%s needs a value (%s)\n", opt_table[k].name, opt_table[k].arg);
                return 2;
            }
        } else if (eq) {
            fprintf(stderr, "kage: --%s takes no value\n", opt_table[k].name);
            return 2;
        }
        switch (opt_table[k].id) {
        case OPT_HELP:
            return 1;
        case OPT_NO_MOUSE:
            o->mouse = false;
            break;
        case OPT_AUTO_FLIP:
            o->auto_flip = true;
            break;
        case OPT_BELL:
            o->bell = true;
            break;
        case OPT_RESUME:
            o->resume = true;
            break;
        case OPT_ONLINE_ONLY:
            o->online_only = true;
            o->mode = PLAY_ONLINE;
            break;
        default:
            if (!set_option(o, opt_table[k].id, opt_table[k].name, val))
                return 2;
        }
    }
    return 0;
}
