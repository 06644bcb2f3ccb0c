/* The screen model shared by the UI's tests: curses draws into a SCREEN
 * made with newterm() on /dev/null, of a size the test sets with
 * resizeterm(), and the test reads the cells back (characters, attributes,
 * colour pairs) as a person would read the terminal.  Nothing is sent to a
 * real terminal, so these run anywhere terminfo knows xterm-256color. */
#include "test_ui_model.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <cmocka.h>

static SCREEN *model;
static FILE *model_out, *model_in;
static bool model_colours;

int ui_model_open(void **state)
{
    (void)state;
    model_out = fopen("/dev/null", "w");
    model_in = fopen("/dev/null", "r");
    if (!model_out || !model_in)
        return -1;
    model = newterm("xterm-256color", model_out, model_in);
    if (!model)
        return 0; /* no terminfo entry: every test skips */
    set_term(model);
    if (has_colors()) {
        start_color();
        use_default_colors();
        model_colours = COLORS >= 256;
    }
    return 0;
}

int ui_model_close(void **state)
{
    (void)state;
    if (model) {
        endwin();
        delscreen(model);
    }
    if (model_out)
        fclose(model_out);
    if (model_in)
        fclose(model_in);
    return 0;
}

/* What is shown in `ncells` cells from (y, x), as UTF-8; a wide character
 * counts for its two cells.  Returns one of a few rotating buffers. */
const char *text_at(int y, int x, int ncells)
{
    static char bufs[4][1024];
    static int next;
    char *buf = bufs[next++ % 4];
    size_t n = 0;
    for (int c = x; c < x + ncells && c < COLS;) {
        cchar_t cc;
        wchar_t wch[CCHARW_MAX + 1];
        attr_t attrs;
        short pair;
        if (mvwin_wch(stdscr, y, c, &cc) == ERR || getcchar(&cc, wch, &attrs, &pair, NULL) == ERR) {
            c++;
            continue;
        }
        char mb[16];
        mbstate_t ps;
        memset(&ps, 0, sizeof ps);
        size_t k = wcrtomb(mb, wch[0] ? wch[0] : L' ', &ps);
        if (k != (size_t)-1 && n + k < sizeof bufs[0]) {
            memcpy(buf + n, mb, k);
            n += k;
        }
        int w = wcwidth(wch[0]);
        c += w > 1 ? w : 1;
    }
    buf[n] = 0;
    return buf;
}

/* The text in cells x to the end of line y, without the blanks at its end. */
const char *line_from(int y, int x)
{
    char *s = (char *)text_at(y, x, COLS - x);
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ')
        s[--n] = 0;
    return s;
}

const char *line(int y) { return line_from(y, 0); }

/* Is `text` somewhere on line y? */
bool line_has(int y, const char *text) { return strstr(line(y), text) != NULL; }

/* Is `text` anywhere on the screen? */
bool screen_has(const char *text)
{
    for (int y = 0; y < LINES; y++)
        if (line_has(y, text))
            return true;
    return false;
}

void cell_style(int y, int x, attr_t *attrs, short *fg, short *bg)
{
    cchar_t cc;
    wchar_t wch[CCHARW_MAX + 1];
    short pair = 0;
    assert_int_not_equal(mvwin_wch(stdscr, y, x, &cc), ERR);
    assert_int_not_equal(getcchar(&cc, wch, attrs, &pair, NULL), ERR);
    *fg = *bg = -1;
    if (pair > 0)
        pair_content(pair, fg, bg);
}


bool ui_model_ready(void) { return model != NULL; }
bool ui_model_colours(void) { return model_colours; }
