/* Unit tests of the game screen's pure parts: key and mouse decoding through
 * libtermkey's abstract instance, layout arithmetic, themes, options, glyphs
 * and the game controller.  Names read function__behaviour__condition. */
#include "kage/ui/ui.h"
#include "test_ui.h"

#include "kage/records/game.h"
#include "glyph.h"
#include "keys.h"
#include "layout.h"
#include "options.h"
#include "player.h"
#include "theme.h"

#include "kage/rules/notation.h"

#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include <cmocka.h>

/* --- keys ----------------------------------------------------------------------- */

/* Feed bytes to an abstract termkey and name the first key. */
static void key_of(const char *term, const char *bytes, size_t n, bool force, char *name)
{
    TermKey *tk = termkey_new_abstract(term, TERMKEY_FLAG_SPACESYMBOL | TERMKEY_FLAG_UTF8);
    assert_non_null(tk);
    termkey_push_bytes(tk, bytes, n);
    TermKeyKey key;
    TermKeyResult r = termkey_getkey(tk, &key);
    if (force && r == TERMKEY_RES_AGAIN)
        r = termkey_getkey_force(tk, &key);
    assert_int_equal(r, TERMKEY_RES_KEY);
    keys_name(tk, &key, name, KEY_NAME_MAX);
    termkey_destroy(tk);
}

static void keys_name__plain_and_special_keys__vis_style_names(void **state)
{
    (void)state;
    static const struct {
        const char *bytes, *name;
    } cases[] = {
        {"k", "k"}, {"?", "?"}, {"\r", "<Enter>"}, {" ", "<Space>"}, {"\t", "<Tab>"},
        {"\033[Z", "<S-Tab>"}, {"\033[A", "<Up>"}, {"\033[D", "<Left>"}, {"\033OB", "<Down>"},
        {"\x1a", "<C-z>"}, {"\x03", "<C-c>"}, {"\x12", "<C-r>"}, {"\x7f", "<Backspace>"},
        {"\033OP", "<F1>"}, {"\033:", "<M-:>"},
    };
    char name[KEY_NAME_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        key_of("xterm", cases[i].bytes, strlen(cases[i].bytes), false, name);
        assert_string_equal(name, cases[i].name);
    }
}

static void keys_name__lone_escape__is_escape_after_force(void **state)
{
    (void)state;
    char name[KEY_NAME_MAX];
    key_of("xterm", "\033", 1, true, name);
    assert_string_equal(name, "<Escape>");
}

static void keys_mouse__x10_press__zero_based_cell(void **state)
{
    (void)state;
    const char *terms[] = {"xterm", "xterm-256color", "screen", "tmux-256color"};
    for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++) {
        TermKey *tk = termkey_new_abstract(terms[i], 0);
        if (!tk)
            continue; /* no terminfo entry on this system */
        /* button 1 press at column 11, line 6 (1-based): 32+0, 32+11, 32+6 */
        termkey_push_bytes(tk, "\033[M +&", 6);
        TermKeyKey key;
        assert_int_equal(termkey_getkey(tk, &key), TERMKEY_RES_KEY);
        KeyMouse m;
        assert_true(keys_mouse(tk, &key, &m));
        assert_int_equal(m.button, 1);
        assert_true(m.press);
        assert_int_equal(m.x, 10);
        assert_int_equal(m.y, 5);
        char name[KEY_NAME_MAX];
        keys_name(tk, &key, name, sizeof name);
        assert_string_equal(name, ""); /* mouse events are not bindable keys */
        termkey_destroy(tk);
    }
}

static void keys_mouse__release__not_a_press(void **state)
{
    (void)state;
    TermKey *tk = termkey_new_abstract("xterm", 0);
    termkey_push_bytes(tk, "\033[M#+&", 6);
    TermKeyKey key;
    assert_int_equal(termkey_getkey(tk, &key), TERMKEY_RES_KEY);
    KeyMouse m;
    assert_true(keys_mouse(tk, &key, &m));
    assert_false(m.press);
    termkey_destroy(tk);
}

/* --- layout -------------------------------------------------------------------------- */

static void layout_compute__8x8_with_hands__fits_80x24(void **state)
{
    (void)state;
    Layout l;
    layout_compute(&l, 80, 24, 8, 8, 12);
    assert_true(l.fits);
    assert_true(l.panel_w >= LAYOUT_PANEL_MIN);
    assert_true(l.board_y + l.board_h < l.status_y);
    assert_true(l.hand_x >= l.board_x + l.board_w);
    assert_true(l.panel_x >= l.hand_x + LAYOUT_HAND_W);
    assert_false(l.compact);
}

static void layout_compute__13x13__fits_80x24(void **state)
{
    (void)state;
    Layout l;
    layout_compute(&l, 80, 24, 13, 13, 0);
    assert_true(l.fits);
    assert_int_equal(l.cw, 4);
    assert_int_equal(l.ch, 1);
    assert_false(l.hands);
}

/* Phones over SSH and split panes: squares of two cells and one line, the
 * players and the status under the board where the panel does not fit */
static void layout_compute__narrow_terminal__compact_layout(void **state)
{
    (void)state;
    Layout l;
    layout_compute(&l, 40, 14, 8, 8, 12);
    assert_true(l.fits);
    assert_true(l.compact);
    assert_int_equal(l.cw, 2);
    assert_int_equal(l.ch, 1);
    assert_true(l.panel_below);
    assert_true(l.hand_x + l.hand_w <= 40);
    assert_true(l.hand_y[1] + l.hand_rows <= l.panel_y);
    assert_true(l.board_y + l.board_h + 1 <= l.panel_y); /* the file letters too */
    assert_true(l.panel_y + LAYOUT_PANEL_BELOW <= l.status_y);
    layout_compute(&l, 39, 14, 8, 8, 12);
    assert_false(l.fits);
    assert_int_equal(l.need_cols, 40);
    assert_int_equal(l.need_rows, 14);
    /* Cashew: no hands, the panel beside the board */
    layout_compute(&l, 56, 18, 13, 13, 0);
    assert_true(l.fits);
    assert_true(l.compact);
    assert_false(l.panel_below);
    assert_true(l.panel_w >= LAYOUT_PANEL_MIN);
    layout_compute(&l, 53, 16, 13, 13, 0);
    assert_true(l.fits);
    /* with room for 4x1 squares the compact layout is not used */
    layout_compute(&l, 80, 24, 8, 8, 12);
    assert_false(l.compact);
    assert_false(l.panel_below);
}

static void layout_compute__more_room__bigger_squares(void **state)
{
    (void)state;
    Layout small, big;
    layout_compute(&small, 80, 24, 8, 8, 12);
    layout_compute(&big, 160, 50, 8, 8, 12);
    assert_true(big.cw > small.cw);
    assert_true(big.ch > small.ch);
}

static void layout_compute__tiny_terminal__says_needed_size(void **state)
{
    (void)state;
    Layout l;
    layout_compute(&l, 20, 5, 8, 8, 12);
    assert_false(l.fits);
    Layout ok;
    layout_compute(&ok, l.need_cols, l.need_rows, 8, 8, 12);
    assert_true(ok.fits); /* the size it asks for is enough */
    layout_compute(&ok, l.need_cols - 1, l.need_rows, 8, 8, 12);
    assert_false(ok.fits);
}

static void layout_compute__any_size__stays_inside_the_screen(void **state)
{
    (void)state;
    static const int shapes[][3] = {{8, 8, 12}, {8, 8, 10}, {13, 13, 0}};
    for (int s = 0; s < 3; s++)
        for (int cols = 1; cols < 240; cols += 7)
            for (int rows = 1; rows < 80; rows += 3) {
                Layout l;
                layout_compute(&l, cols, rows, shapes[s][0], shapes[s][1], shapes[s][2]);
                if (!l.fits)
                    continue;
                assert_true(l.board_x + l.board_w <= cols);
                assert_true(l.board_y + l.board_h + 1 <= l.status_y);
                assert_true(l.panel_x + l.panel_w <= cols);
                assert_true(l.panel_y + l.panel_h <= rows);
                if (l.hands)
                    assert_true(l.hand_y[1] + l.hand_rows <= (l.panel_below ? l.panel_y : l.status_y));
                if (l.hands && !l.panel_below)
                    assert_true(l.panel_x >= l.hand_x + l.hand_w);
            }
}

static void layout_square_at__every_cell__round_trips(void **state)
{
    (void)state;
    Layout l;
    layout_compute(&l, 100, 30, 8, 8, 12);
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++) {
            int c, r;
            assert_true(layout_square_at(&l, l.board_x + col * l.cw + l.cw - 1, l.board_y + row * l.ch, &c, &r));
            assert_int_equal(c, col);
            assert_int_equal(r, row);
        }
    int c, r;
    assert_false(layout_square_at(&l, l.board_x - 1, l.board_y, &c, &r));
    assert_false(layout_square_at(&l, l.board_x, l.board_y + l.board_h, &c, &r));
}

static void layout_hand_at__entry_cells__round_trip(void **state)
{
    (void)state;
    Layout l;
    layout_compute(&l, 80, 24, 8, 8, 12);
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < 12; i++) {
            int x, y, bb, ii;
            layout_hand_entry(&l, b, i, &x, &y);
            assert_true(layout_hand_at(&l, x + 1, y, &bb, &ii));
            assert_int_equal(bb, b);
            assert_int_equal(ii, i);
        }
}

/* --- themes ---------------------------------------------------------------------------- */

/* The palettes a theme's colours are checked on: xterm's (its default 16
 * system colours, the [8] section's 0-7 and 8-15, the bright forms that bold
 * may give there; then the 6x6x6 cube and the grey ramp), and the Linux
 * console's (TERM=linux: 8 colours, where 3 is brown, and bold always the
 * bright form of the foreground, the background never bright). */
enum { PALETTE_XTERM, PALETTE_LINUX };

static void palette_rgb(int palette, int n, double rgb[3])
{
    static const int sys[2][16][3] = {
        {{0, 0, 0},       {205, 0, 0},    {0, 205, 0},    {205, 205, 0},  {0, 0, 238},    {205, 0, 205},
         {0, 205, 205},   {229, 229, 229}, {127, 127, 127}, {255, 0, 0},    {0, 255, 0},    {255, 255, 0},
         {92, 92, 255},   {255, 0, 255},  {0, 255, 255},  {255, 255, 255}},
        {{0, 0, 0},       {170, 0, 0},    {0, 170, 0},    {170, 85, 0},   {0, 0, 170},    {170, 0, 170},
         {0, 170, 170},   {170, 170, 170}, {85, 85, 85},    {255, 85, 85},  {85, 255, 85},  {255, 255, 85},
         {85, 85, 255},   {255, 85, 255}, {85, 255, 255}, {255, 255, 255}},
    };
    static const int cube[6] = {0, 95, 135, 175, 215, 255};
    assert_true(n >= 0 && n <= (palette == PALETTE_LINUX ? 15 : 255));
    if (n < 16) {
        for (int i = 0; i < 3; i++)
            rgb[i] = sys[palette][n][i];
        return;
    }
    if (n >= 232) {
        rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (n - 232);
        return;
    }
    n -= 16;
    rgb[0] = cube[n / 36], rgb[1] = cube[n / 6 % 6], rgb[2] = cube[n % 6];
}

/* WCAG 2 relative luminance and contrast ratio. */
static double luminance(int palette, int n)
{
    double rgb[3], l[3];
    palette_rgb(palette, n, rgb);
    for (int i = 0; i < 3; i++) {
        double c = rgb[i] / 255.0;
        l[i] = c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

static double contrast(int palette, int a, int b)
{
    double la = luminance(palette, a), lb = luminance(palette, b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* Each piece colour against each square colour it can stand on (the
 * squares, the last move, the cursor, a selection, a target, check), in
 * 256 colours on xterm's palette and in 8 on xterm's and the Linux
 * console's.  A piece is bold there if its style or the square's says so;
 * bold is checked in both forms on xterm (most terminals draw it bright,
 * some not) and in the bright form alone on the console, which always
 * does (its bright blue on its brown was 1.0:1). */
static void check_pieces_readable(const Theme *t, const char *name)
{
    static const ThemeStyle pieces[] = {STYLE_PIECE_FIRST, STYLE_PIECE_SECOND, STYLE_PROMOTED_FIRST,
                                        STYLE_PROMOTED_SECOND};
    static const ThemeStyle squares[] = {STYLE_LIGHT, STYLE_DARK, STYLE_LAST_MOVE, STYLE_TARGET,
                                         STYLE_SELECTED, STYLE_CHECK, STYLE_CURSOR};
    static const struct {
        ThemeForm form;
        int palette;
        const char *what;
    } checks[] = {{FORM_256, PALETTE_XTERM, "256"}, {FORM_8, PALETTE_XTERM, "8, xterm"},
                  {FORM_8, PALETTE_LINUX, "8, TERM=linux"}};
    for (size_t f = 0; f < sizeof checks / sizeof checks[0]; f++)
        for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++)
            for (size_t k = 0; k < sizeof squares / sizeof squares[0]; k++) {
                const Style *ps = &t->s[checks[f].form][pieces[i]], *ss = &t->s[checks[f].form][squares[k]];
                int fg = ps->fg, bg = ss->bg;
                assert_true(fg >= 0);
                if (bg < 0) /* unset or the terminal's default: another style's colour shows */
                    continue;
                bool eight = checks[f].form == FORM_8, bold = eight && fg < 8 && ((ps->attrs | ss->attrs) & TA_BOLD);
                for (int bright = checks[f].palette == PALETTE_LINUX && bold; bright <= bold; bright++) {
                    double r = contrast(checks[f].palette, fg + 8 * bright, bg);
                    if (r < 3.0)
                        fail_msg("%s: [%s] %s %d%s on %s %d: contrast %.2f:1, under 3:1", name, checks[f].what,
                                 theme_style_key(pieces[i]), fg, bright ? " (bold: bright)" : "",
                                 theme_style_key(squares[k]), bg, r);
                }
            }
}

/* Every theme, built in and as the file installed beside it, keeps at least
 * 3:1 between a piece and any square colour it can stand on (a pink King in
 * check on a red square was 1.7:1). */
static void theme_builtin__pieces_readable__on_every_square(void **state)
{
    (void)state;
    const char *dir = getenv("KAGE_THEME_DIR");
    for (const char *const *n = theme_builtin_names(); *n; n++) {
        Theme t;
        assert_true(theme_builtin(*n, &t));
        check_pieces_readable(&t, *n);
        if (!dir)
            continue;
        char path[1024], err[300];
        snprintf(path, sizeof path, "%s/%s.theme", dir, *n);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        static char text[65536];
        size_t len = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[len] = 0;
        assert_true(theme_builtin("default", &t));
        if (!theme_parse(text, path, &t, err, sizeof err))
            fail_msg("%s", err);
        check_pieces_readable(&t, path);
    }
}

/* A long comment is a comment (it was "line too long"); a directory, a
 * device or a file of over 1 MB is refused with what it is, never read in
 * part (a 2 MB theme was cut, then an error named a line that was fine). */
static void theme_load__odd_files__refused_with_reason(void **state)
{
    (void)state;
    Theme t;
    char err[300];
    char text[1024] = "# ";
    memset(text + 2, 'x', 600);
    strcpy(text + 602, "\n[256]\ncursor = - 81 underline # and another comment\n");
    theme_builtin("default", &t);
    if (!theme_parse(text, "long.theme", &t, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(t.s[FORM_256][STYLE_CURSOR].bg, 81);
    static const struct {
        const char *path, *why;
    } cases[] = {{"/tmp", "not a regular file (a directory)"}, {"/dev/zero", "not a regular file (a device)"}};
    for (int i = 0; i < 2; i++) {
        assert_false(theme_load(cases[i].path, &t, err, sizeof err));
        if (!strstr(err, cases[i].why))
            fail_msg("%s: '%s'", cases[i].path, err);
    }
    char path[] = "/tmp/kage-test-theme-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    static char big[(1 << 20) + 100];
    memset(big, '#', sizeof big);
    assert_int_equal(write(fd, big, sizeof big), (ssize_t)sizeof big);
    close(fd);
    assert_false(theme_load(path, &t, err, sizeof err));
    assert_non_null(strstr(err, "too large for a theme"));
    unlink(path);
}

static void theme_write__builtin_themes__parse_back_the_same(void **state)
{
    (void)state;
    for (const char *const *n = theme_builtin_names(); *n; n++) {
        Theme t, back;
        assert_true(theme_builtin(*n, &t));
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        theme_write(f, &t);
        fclose(f);
        theme_builtin("default", &back);
        char err[300];
        assert_true(theme_parse(text, *n, &back, err, sizeof err));
        for (int form = 0; form < FORM_COUNT; form++)
            for (int k = 0; k < STYLE_COUNT; k++) {
                assert_int_equal(back.s[form][k].attrs, t.s[form][k].attrs);
                if (form != FORM_MONO) {
                    assert_int_equal(back.s[form][k].fg, t.s[form][k].fg);
                    assert_int_equal(back.s[form][k].bg, t.s[form][k].bg);
                }
            }
        free(text);
    }
}

static void theme_parse__errors__file_line_reason_and_theme_kept(void **state)
{
    (void)state;
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"[256]\ncursor = - 117\nfoo = red\n", "my.theme:3: unknown key 'foo'"},
        {"cursor = red\n", "my.theme:1: 'cursor' comes before any [256], [8] or [mono] section"},
        {"[8]\n\n# comment\ncursor = 200\n", "my.theme:4: colour '200' is out of range for this section"},
        {"[mono]\ncursor = red\n", "my.theme:2: no colours in the [mono] section: 'red'"},
        {"[256]\ncursor = red blue green\n", "my.theme:2: more than two colours (foreground, background) at 'green'"},
        {"[256]\ncursor red\n", "my.theme:2: expected 'key = colours', a [section] or a # comment"},
        {"[16]\n", "my.theme:1: unknown section [16] (expected [256], [8] or [mono])"},
        {"[256]\ncursor = bright\n", "my.theme:2: 'bright' is neither a colour nor an attribute (bold underline reverse dim blink italic)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Theme t, before;
        theme_builtin("classic", &t);
        before = t;
        char err[300] = "";
        assert_false(theme_parse(cases[i].text, "my.theme", &t, err, sizeof err));
        assert_string_equal(err, cases[i].msg);
        assert_memory_equal(&t, &before, sizeof t);
    }
}

static void theme_parse__good_line__changes_only_that_style(void **state)
{
    (void)state;
    Theme t;
    theme_builtin("default", &t);
    char err[300];
    assert_true(theme_parse("[256]\nfirst-piece = 205 - bold underline  # pinker\n", "x", &t, err, sizeof err));
    assert_int_equal(t.s[FORM_256][STYLE_PIECE_FIRST].fg, 205);
    assert_int_equal(t.s[FORM_256][STYLE_PIECE_FIRST].bg, THEME_UNSET);
    assert_int_equal(t.s[FORM_256][STYLE_PIECE_FIRST].attrs, TA_BOLD | TA_UNDERLINE);
    assert_int_equal(t.s[FORM_256][STYLE_LIGHT].bg, 223);
}

static void theme_load__missing_theme__default_and_message(void **state)
{
    (void)state;
    Theme t;
    char err[300];
    const char *old = getenv("XDG_CONFIG_HOME");
    char *saved = old ? strdup(old) : NULL;
    setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
    assert_false(theme_load("no-such-theme", &t, err, sizeof err));
    assert_string_equal(t.name, "default");
    assert_non_null(strstr(err, "no-such-theme"));
    assert_true(theme_load("high-contrast", &t, err, sizeof err));
    assert_string_equal(t.name, "high-contrast");
    if (saved)
        setenv("XDG_CONFIG_HOME", saved, 1);
    else
        unsetenv("XDG_CONFIG_HOME");
    free(saved);
}

/* --- options ------------------------------------------------------------------------------- */

static int parse(UiOptions *o, const char *a, const char *b)
{
    char *argv[] = {"kage", (char *)a, (char *)b, NULL};
    int argc = b ? 3 : a ? 2 : 1;
    FILE *saved = stderr;
    stderr = fopen("/dev/null", "w");
    int r = options_parse(o, argc, argv);
    fclose(stderr);
    stderr = saved;
    return r;
}

static void options_parse__defaults__shinobiplus_play_first(void **state)
{
    (void)state;
    UiOptions o;
    assert_int_equal(parse(&o, NULL, NULL), 0);
    assert_string_equal(o.variant, "shinobiplus");
    assert_int_equal(o.mode, PLAY_FIRST);
    assert_int_equal(o.level, LEVEL_DEFAULT);
    assert_true(o.mouse);
}

static void options_parse__values__both_spellings(void **state)
{
    (void)state;
    UiOptions o;
    assert_int_equal(parse(&o, "--variant=cashew", NULL), 0);
    assert_string_equal(o.variant, "cashew");
    assert_int_equal(parse(&o, "--mode", "watch"), 0);
    assert_int_equal(o.mode, PLAY_WATCH);
    assert_int_equal(parse(&o, "--mode=ai-white", NULL), 0);
    assert_int_equal(o.mode, PLAY_SECOND);
    assert_int_equal(parse(&o, "--level=10", NULL), 0);
    assert_int_equal(o.level, 10);
    assert_int_equal(parse(&o, "--no-mouse", NULL), 0);
    assert_false(o.mouse);
    assert_int_equal(parse(&o, "--color=never", "--glyphs=letters"), 0);
    assert_int_equal(o.color, COLOR_NEVER);
    assert_int_equal(o.glyphs, GLYPH_LETTERS);
}

/* --bell, or bell = yes in the config file, turns the terminal bell on. */
static void options_parse__bell__option_and_config(void **state)
{
    (void)state;
    UiOptions o;
    assert_int_equal(parse(&o, "--mode=hotseat", NULL), 0);
    assert_false(o.bell);
    assert_int_equal(parse(&o, "--bell", NULL), 0);
    assert_true(o.bell);
    assert_int_equal(parse(&o, "--bell=yes", NULL), 2); /* it takes no value */
    KageConfig cfg;
    config_defaults(&cfg);
    cfg.bell = true;
    cfg.set = CONFIG_SET_BELL;
    options_defaults(&o);
    char why[200];
    assert_true(options_from_config(&o, &cfg, why, sizeof why));
    assert_true(o.bell);
}

/* --threads=N or auto (the default, 0), threads = N in the config file;
 * what the host can spare is its cores less the load, from 1 to 8. */
static void options_parse__threads__option_config_and_spare(void **state)
{
    (void)state;
    UiOptions o;
    assert_int_equal(parse(&o, NULL, NULL), 0);
    assert_int_equal(o.threads, 0);
    assert_int_equal(parse(&o, "--threads=2", NULL), 0);
    assert_int_equal(o.threads, 2);
    assert_int_equal(parse(&o, "--threads=auto", NULL), 0);
    assert_int_equal(o.threads, 0);
    assert_int_equal(parse(&o, "--threads=0", NULL), 2);
    assert_int_equal(parse(&o, "--threads=65", NULL), 2);
    assert_int_equal(parse(&o, "--threads=", NULL), 2);
    assert_int_equal(parse(&o, "--threads=-1", NULL), 2);
    KageConfig cfg;
    config_defaults(&cfg);
    cfg.threads = 5;
    cfg.set = CONFIG_SET_THREADS;
    options_defaults(&o);
    char why[200];
    assert_true(options_from_config(&o, &cfg, why, sizeof why));
    assert_int_equal(o.threads, 5);
    assert_int_equal(player_spare_threads(2, 0.0), 2);
    assert_int_equal(player_spare_threads(2, 1.4), 1);
    assert_int_equal(player_spare_threads(2, 1.6), 1);
    assert_int_equal(player_spare_threads(2, 7.0), 1);
    assert_int_equal(player_spare_threads(16, 2.0), PLAYER_MAX_AUTO_THREADS);
    assert_int_equal(player_spare_threads(6, 1.5), 4);
    int host = player_host_threads();
    assert_true(host >= 1 && host <= PLAYER_MAX_AUTO_THREADS);
}

static void options_parse__bad_values__exit_status_2(void **state)
{
    (void)state;
    UiOptions o;
    assert_int_equal(parse(&o, "--variant=chess", NULL), 2);
    assert_int_equal(parse(&o, "--level=0", NULL), 2);
    assert_int_equal(parse(&o, "--level=11", NULL), 2);
    assert_int_equal(parse(&o, "--level=3x", NULL), 2);
    assert_int_equal(parse(&o, "--mode=solo", NULL), 2);
    assert_int_equal(parse(&o, "--color=sometimes", NULL), 2);
    assert_int_equal(parse(&o, "--bogus", NULL), 2);
    assert_int_equal(parse(&o, "--level", NULL), 2);
    assert_int_equal(parse(&o, "--no-mouse=yes", NULL), 2);
    assert_int_equal(parse(&o, "stray", NULL), 2);
    assert_int_equal(parse(&o, "--help", NULL), 1);
}

/* --help and --version win wherever they are among the options, but an
 * option's value is a value ("--load --help" names a file). */
static void options_parse__help_and_version__anywhere(void **state)
{
    (void)state;
    UiOptions o;
    assert_int_equal(parse(&o, "--variant=shogun", "--help"), 1);
    assert_int_equal(parse(&o, "--variant=shogun", "-h"), 1);
    assert_int_equal(parse(&o, "--no-mouse", "--version"), 3);
    assert_int_equal(parse(&o, "--level=3", "-V"), 3);
    assert_int_equal(parse(&o, "--version", NULL), 3);
    assert_int_equal(parse(&o, "-V", "--help"), 3); /* the first one asked */
    assert_int_equal(parse(&o, "--load", "--help"), 0);
    assert_string_equal(o.load, "--help");
    assert_int_equal(parse(&o, "--level=99", "--version"), 2); /* a bad option before it */
}

/* --- glyphs ---------------------------------------------------------------------------------- */

static void glyph_piece__every_piece__two_cells_and_distinct(void **state)
{
    (void)state;
    for (int vi = 0; variant_defs[vi]; vi++) {
        KageError err;
        Variant *v = variant_new(variant_defs[vi], &err);
        assert_non_null(v);
        for (int gs = 0; gs < 3; gs++)
            for (Color c = WHITE; c <= BLACK; c++)
                for (int t = 1; t <= v->ntypes; t++) {
                    PieceLook a;
                    glyph_piece(v, (GlyphSet)gs, c, t, &a);
                    wchar_t w[8];
                    size_t n = mbstowcs(w, a.glyph, 8);
                    assert_true(n != (size_t)-1);
                    assert_int_equal(wcswidth(w, n), 2);
                    /* two types may look alike only if they are the same piece under two tokens */
                    for (int u = 1; u < t; u++) {
                        PieceLook b;
                        glyph_piece(v, (GlyphSet)gs, c, u, &b);
                        bool same = !strcmp(a.glyph, b.glyph) && a.left == b.left && a.right == b.right;
                        if (same && gs != GLYPHS_LETTERS)
                            fail_msg("%s: %s and %s look the same", v->def->id, v->type[t].def->fen,
                                     v->type[u].def->fen);
                    }
                }
        variant_free(v);
    }
}

static int type_of(const Variant *v, const char *fen)
{
    for (int t = 1; t <= v->ntypes; t++)
        if (!strcmp(v->type[t].def->fen, fen))
            return t;
    fail_msg("no piece %s", fen);
    return 0;
}

/* Shogun and the Kingdom in chess shapes by default (as pychess.org draws
 * them), promoted pieces with their mark; every piece in kanji on request */
static void glyph_piece__shogun__chess_shapes_unless_kanji(void **state)
{
    (void)state;
    KageError err;
    Variant *v = variant_new(variant_find("shogun"), &err);
    PieceLook l;
    glyph_piece(v, GLYPHS_UNICODE, WHITE, type_of(v, "R"), &l);
    assert_string_equal(l.glyph, "♖ ");
    glyph_piece(v, GLYPHS_UNICODE, BLACK, type_of(v, "R"), &l);
    assert_string_equal(l.glyph, "♜ ");
    assert_int_equal(l.left, ' ');
    glyph_piece(v, GLYPHS_UNICODE, BLACK, type_of(v, "+F"), &l);
    assert_string_equal(l.glyph, "♛+");
    assert_true(l.promoted);
    glyph_piece(v, GLYPHS_UNICODE, WHITE, type_of(v, "+P"), &l);
    assert_string_equal(l.glyph, "♙+");
    glyph_piece(v, GLYPHS_UNICODE, BLACK, type_of(v, "F"), &l); /* the Duchess: the shape of the Queen it becomes */
    assert_string_equal(l.glyph, "♛ ");
    assert_int_equal(l.left, ' ');
    glyph_piece(v, GLYPHS_KANJI, BLACK, type_of(v, "R"), &l);
    assert_string_equal(l.glyph, "飛");
    assert_int_equal(l.left, 'v');
    variant_free(v);
    v = variant_new(variant_find("shinobiplus"), &err);
    glyph_piece(v, GLYPHS_UNICODE, BLACK, type_of(v, "Q"), &l);
    assert_string_equal(l.glyph, "♛ ");
    glyph_piece(v, GLYPHS_UNICODE, WHITE, type_of(v, "J"), &l);
    assert_string_equal(l.glyph, "忍");
    glyph_piece(v, GLYPHS_KANJI, BLACK, type_of(v, "Q"), &l);
    assert_string_equal(l.glyph, "后");
    variant_free(v);
}

/* Shogun in Unicode is one set: every piece of its game a chess shape (the
 * shape of the piece it starts as, the Duchess the Queen's) with + when
 * promoted, never a kanji among them (the Duchess was 妃); the unpromoted
 * forms a hand-made FEN can hold are the letters their moves use. */
static void glyph_piece__shogun_unicode__one_set_of_chess_shapes(void **state)
{
    (void)state;
    static const char *const shapes[] = {"♔", "♕", "♖", "♗", "♘", "♙", "♚", "♛", "♜", "♝", "♞", "♟"};
    KageError err;
    Variant *v = variant_new(variant_find("shogun"), &err);
    assert_non_null(v);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int t = 1; t <= v->ntypes; t++) {
            const PieceDef *d = v->type[t].def;
            PieceLook l;
            glyph_piece(v, GLYPHS_UNICODE, c, t, &l);
            if (d->fen[0] != '+' && strchr("CGAMQ", d->fen[0])) { /* only from a hand-made FEN */
                char want[3] = {(char)(c == WHITE ? d->san : d->san - 'A' + 'a'), ' ', 0};
                assert_string_equal(l.glyph, want);
                continue;
            }
            bool shape = false;
            for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
                shape |= !strncmp(l.glyph, shapes[i], strlen(shapes[i])) && (i < 6) == (c == WHITE);
            if (!shape)
                fail_msg("%s %s is drawn '%s', not a chess shape of its side", c == WHITE ? "White" : "Black", d->name,
                         l.glyph);
            assert_int_equal(l.glyph[strlen(l.glyph) - 1], d->fen[0] == '+' ? '+' : ' ');
            assert_int_equal(l.left, ' ');
        }
    PieceLook duchess, queen;
    glyph_piece(v, GLYPHS_UNICODE, WHITE, type_of(v, "F"), &duchess);
    glyph_piece(v, GLYPHS_UNICODE, WHITE, type_of(v, "+F"), &queen);
    assert_string_equal(duchess.glyph, "♕ ");
    assert_string_equal(queen.glyph, "♕+");
    variant_free(v);
}

static void glyph_unicode_usable__locale_and_term(void **state)
{
    (void)state;
    assert_true(glyph_unicode_usable("UTF-8", "xterm-256color"));
    assert_false(glyph_unicode_usable("ANSI_X3.4-1968", "xterm-256color"));
    assert_false(glyph_unicode_usable("UTF-8", "linux"));
}

/* --- game controller ---------------------------------------------------------------------------- */

static Move text_move(Game *g, const char *text)
{
    Move m;
    KageError err;
    assert_true(move_from_text(g->pos, text, MOVE_FOR_PEOPLE, &m, &err));
    return m;
}

static void game_play__undo_redo__history_follows(void **state)
{
    (void)state;
    KageError err;
    Game *g = game_new(variant_find("shinobiplus"), NULL, &err);
    assert_non_null(g);
    game_play(g, text_move(g, "e2e4"));
    game_play(g, text_move(g, "e7e5"));
    game_play(g, text_move(g, "J@c3"));
    assert_int_equal(g->rec.nmoves, 3);
    assert_string_equal(g->san[0], "e4");
    assert_string_equal(g->san[2], "J@c3");
    assert_true(game_undo(g));
    assert_true(game_undo(g));
    assert_int_equal(g->rec.nmoves, 1);
    assert_true(game_redo(g));
    assert_string_equal(g->san[1], "e5");
    game_play(g, text_move(g, "d2d4"));
    assert_false(game_redo(g)); /* a new move forgets the redo stack */
    game_resign(g, WHITE);
    assert_true(game_over(g));
    assert_int_equal(g->legal.count, 0);
    assert_true(game_undo(g)); /* takes back the resignation, not a move */
    assert_false(game_over(g));
    assert_int_equal(g->rec.nmoves, 3);
    game_free(g);
}

/* The AI panel's score keeps one side's view whoever thinks: +8.42 for the
 * Clan after the Clan's move is the same figure when the Kingdom thinks. */
static void player_score_text__one_named_side__whoever_thinks(void **state)
{
    (void)state;
    KageError err;
    Game *g = game_new(variant_find("shinobiplus"), NULL, &err);
    assert_non_null(g);
    char buf[48];
    SearchInfo si = {.score_cp = 842};
    player_score_text(g->pos, &si, buf, sizeof buf); /* the Clan thinks */
    assert_string_equal(buf, "Clan +8.42");
    game_play(g, text_move(g, "e2e4"));
    si.score_cp = -842; /* the Kingdom thinks: the same position's value */
    player_score_text(g->pos, &si, buf, sizeof buf);
    assert_string_equal(buf, "Clan +8.42");
    si.score_cp = 15;
    player_score_text(g->pos, &si, buf, sizeof buf);
    assert_string_equal(buf, "Kingdom +0.15");
    si.score_cp = 0;
    player_score_text(g->pos, &si, buf, sizeof buf);
    assert_string_equal(buf, "even");
    si.mate_in = 5; /* the Kingdom mates */
    player_score_text(g->pos, &si, buf, sizeof buf);
    assert_string_equal(buf, "Kingdom mates in 3");
    si.mate_in = -4;
    player_score_text(g->pos, &si, buf, sizeof buf);
    assert_string_equal(buf, "Clan mates in 2");
    game_free(g);
}

int test_ui_run(void)
{
    setlocale(LC_CTYPE, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_name__plain_and_special_keys__vis_style_names),
        cmocka_unit_test(keys_name__lone_escape__is_escape_after_force),
        cmocka_unit_test(keys_mouse__x10_press__zero_based_cell),
        cmocka_unit_test(keys_mouse__release__not_a_press),
        cmocka_unit_test(layout_compute__8x8_with_hands__fits_80x24),
        cmocka_unit_test(layout_compute__13x13__fits_80x24),
        cmocka_unit_test(layout_compute__narrow_terminal__compact_layout),
        cmocka_unit_test(layout_compute__more_room__bigger_squares),
        cmocka_unit_test(layout_compute__tiny_terminal__says_needed_size),
        cmocka_unit_test(layout_compute__any_size__stays_inside_the_screen),
        cmocka_unit_test(layout_square_at__every_cell__round_trips),
        cmocka_unit_test(layout_hand_at__entry_cells__round_trip),
        cmocka_unit_test(theme_write__builtin_themes__parse_back_the_same),
        cmocka_unit_test(theme_load__odd_files__refused_with_reason),
        cmocka_unit_test(theme_builtin__pieces_readable__on_every_square),
        cmocka_unit_test(theme_parse__errors__file_line_reason_and_theme_kept),
        cmocka_unit_test(theme_parse__good_line__changes_only_that_style),
        cmocka_unit_test(theme_load__missing_theme__default_and_message),
        cmocka_unit_test(options_parse__defaults__shinobiplus_play_first),
        cmocka_unit_test(options_parse__values__both_spellings),
        cmocka_unit_test(options_parse__bad_values__exit_status_2),
        cmocka_unit_test(options_parse__bell__option_and_config),
        cmocka_unit_test(options_parse__threads__option_config_and_spare),
        cmocka_unit_test(options_parse__help_and_version__anywhere),
        cmocka_unit_test(glyph_piece__every_piece__two_cells_and_distinct),
        cmocka_unit_test(glyph_piece__shogun__chess_shapes_unless_kanji),
        cmocka_unit_test(glyph_piece__shogun_unicode__one_set_of_chess_shapes),
        cmocka_unit_test(glyph_unicode_usable__locale_and_term),
        cmocka_unit_test(game_play__undo_redo__history_follows),
        cmocka_unit_test(player_score_text__one_named_side__whoever_thinks),
    };
    return cmocka_run_group_tests_name("ui", tests, NULL, NULL);
}
