/* Painting primitives for every screen: how things look (the look group,
 * written here alone: the theme, the glyphs, the terminal's colours and the
 * legend's page), colour pairs made on demand from theme styles, and text
 * put at a place within a width (UTF-8, wide characters counted as two
 * cells), cut or wrapped at spaces.  The lowest file of the UI: it calls
 * no other. */
#include "ui_internal.h"

#include <stdio.h>
#include <string.h>
#include <wchar.h>

/* --- how things look ------------------------------------------------------------------ */

void ui_look_colours(Ui *ui, bool colour)
{
    ui->look.form = FORM_MONO;
    ui->look.no_underline = !(termattrs() & A_UNDERLINE);
    if (!colour || !has_colors())
        return;
    start_color();
    use_default_colors();
    ui->look.form = COLORS >= 256 ? FORM_256 : COLORS >= 8 ? FORM_8 : FORM_MONO;
    /* "no_color_video": attributes that cannot go with colours (the Linux
     * console's 18 says underline and dim) */
    int ncv = tigetnum("ncv");
    if (ncv > 0 && (ncv & 2))
        ui->look.no_underline = true;
}

bool ui_look_theme(Ui *ui, const char *name, char *err, size_t size)
{
    return theme_load(name, &ui->look.theme, err, size);
}

void ui_look_glyphs(Ui *ui, GlyphSet glyphs) { ui->look.glyphs = glyphs; }

void ui_legend_show(Ui *ui, int page)
{
    ui->look.legend = page >= 0;
    if (page >= 0)
        ui->look.legend_page = page;
}

void ui_legend_paged(Ui *ui, int pages)
{
    ui->look.legend_pages = pages;
    if (ui->look.legend_page >= pages)
        ui->look.legend_page = pages - 1;
}

/* --- painting ------------------------------------------------------------------------------ */

attr_t ui_attr(Ui *ui, short fg, short bg, unsigned attrs)
{
    attr_t a = A_NORMAL;
    if (attrs & TA_BOLD)
        a |= A_BOLD;
    if (attrs & TA_UNDERLINE)
        a |= A_UNDERLINE;
    if (attrs & TA_REVERSE)
        a |= A_REVERSE;
    if (attrs & TA_DIM)
        a |= A_DIM;
    if (attrs & TA_BLINK)
        a |= A_BLINK;
#ifdef A_ITALIC
    if (attrs & TA_ITALIC)
        a |= A_ITALIC;
#endif
    if (ui->look.form == FORM_MONO)
        return a;
    fg = fg < -1 ? -1 : fg;
    bg = bg < -1 ? -1 : bg;
    /* in 8 colours, black and blue on the terminal's own background (the
     * hands, the pieces taken, the legend) are drawn in their bright form:
     * on a dark terminal they are otherwise near-invisible (blue on black
     * 2.2:1, black on black 1:1), and bright they keep 3:1 on a light one */
    if (ui->look.form == FORM_8 && bg == -1 && (fg == COLOR_BLACK || fg == COLOR_BLUE))
        a |= A_BOLD;
    if (fg == -1 && bg == -1)
        return a;
    int i;
    for (i = 0; i < ui->look.npairs; i++)
        if (ui->look.pair_fg[i] == fg && ui->look.pair_bg[i] == bg)
            return a | COLOR_PAIR(i + 1);
    if (i >= UI_PAIRS_MAX || i + 1 >= COLOR_PAIRS)
        return a; /* out of pairs: no colour rather than the wrong one */
    init_pair((short)(i + 1), fg, bg);
    ui->look.pair_fg[i] = fg;
    ui->look.pair_bg[i] = bg;
    ui->look.npairs++;
    return a | COLOR_PAIR(i + 1);
}

attr_t ui_style(Ui *ui, ThemeStyle s)
{
    const Style *st = &ui->look.theme.s[ui->look.form][s];
    return ui_attr(ui, st->fg, st->bg, st->attrs);
}

int ui_text_width(const char *s, int *bytes_for, int max)
{
    mbstate_t ps;
    memset(&ps, 0, sizeof ps);
    int w = 0;
    const char *p = s;
    while (*p) {
        wchar_t wc;
        size_t n = mbrtowc(&wc, p, MB_CUR_MAX, &ps);
        if (n == (size_t)-1 || n == (size_t)-2) {
            n = 1;
            wc = '?';
        }
        int cw = wcwidth(wc);
        cw = cw < 0 ? 1 : cw;
        if (w + cw > max)
            break;
        w += cw;
        p += n;
    }
    if (bytes_for)
        *bytes_for = (int)(p - s);
    return w;
}

void ui_put(int y, int x, int width, attr_t a, const char *text)
{
    if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
        return;
    if (x + width > COLS)
        width = COLS - x;
    int nbytes;
    ui_text_width(text, &nbytes, width);
    attrset(a);
    mvaddnstr(y, x, text, nbytes);
    attrset(A_NORMAL);
}

int ui_wrap_next(const char *text, int width, bool last)
{
    int nbytes;
    ui_text_width(text, &nbytes, width);
    if (text[nbytes] && !last) {
        /* fields set apart by two spaces stay whole where the line can
         * end between two of them in its second half ("depth 17  Clan
         * +0.91": never "Clan" alone at the end of a line), or anywhere
         * when the next line holds the field whole ("Clan mates in 1") */
        int cut = nbytes;
        while (cut > 0 && !(text[cut] == ' ' && text[cut - 1] == ' '))
            cut--;
        if (cut > 1) {
            const char *f = text + cut + 1, *end = strstr(f, "  ");
            int flen = end ? (int)(end - f) : (int)strlen(f);
            char field[256];
            snprintf(field, sizeof field, "%.*s", flen < 255 ? flen : 255, f);
            if (cut > nbytes / 2 || ui_text_width(field, NULL, width + 1) <= width)
                return cut - 1;
        }
        cut = nbytes;
        while (cut > 0 && text[cut] != ' ')
            cut--;
        nbytes = cut > 0 ? cut : nbytes; /* a word longer than the line is cut */
    }
    return nbytes;
}

/* Put text at (y, x) in lines of at most `width` cells, broken at spaces,
 * on at most `lines` lines (the last one cut); returns the lines used. */
int ui_put_wrapped(int y, int x, int width, attr_t a, const char *text, int lines)
{
    int used = 0;
    while (*text && used < lines) {
        int nbytes = ui_wrap_next(text, width, used + 1 == lines);
        char line[256];
        snprintf(line, sizeof line, "%.*s", nbytes < 255 ? nbytes : 255, text);
        ui_put(y + used++, x, width, a, line);
        text += nbytes;
        while (*text == ' ')
            text++;
    }
    return used;
}

int ui_put_bottom_up(int y, int width, attr_t a, const char *text, int max_lines)
{
    return ui_put_bottom_up_at(y, 0, width, a, text, max_lines);
}

int ui_put_bottom_up_at(int y, int x, int width, attr_t a, const char *text, int max_lines)
{
    int n = 0;
    for (const char *t = text; *t && n < max_lines; n++) {
        t += ui_wrap_next(t, width, n + 1 == max_lines);
        while (*t == ' ')
            t++;
    }
    n = n ? n : 1;
    for (int i = 0; i < n; i++) {
        attrset(a);
        mvhline(y - n + 1 + i, x, ' ', width);
    }
    ui_put_wrapped(y - n + 1, x, width, a, text, n);
    return n;
}

int ui_wrapped_lines(const char *text, int width)
{
    int n = 0;
    while (*text) {
        int nbytes = ui_wrap_next(text, width, false);
        if (nbytes <= 0)
            return n + 1;
        text += nbytes;
        while (*text == ' ')
            text++;
        n++;
    }
    return n;
}

void ui_fit_words(char *text, int width, int lines)
{
    while (width > 0 && ui_wrapped_lines(text, width) > lines) {
        char *sp = strrchr(text, ' ');
        if (!sp)
            return; /* one word: cut where it stops */
        while (sp > text && sp[-1] == ' ')
            sp--;
        *sp = 0;
    }
}
