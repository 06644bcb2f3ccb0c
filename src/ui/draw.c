/* Drawing the game screen into stdscr: title, board, hands, side panel and
 * status line.  Everything is drawn on every update and curses sends the
 * terminal only the cells that changed, which keeps a move to a few dozen
 * bytes over a slow link. */
#include "ui_internal.h"

#include "kage/rules/movegen.h"

#include <stdio.h>
#include <string.h>
#include <wchar.h>

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
    if (ui->form == FORM_MONO)
        return a;
    fg = fg < -1 ? -1 : fg;
    bg = bg < -1 ? -1 : bg;
    if (fg == -1 && bg == -1)
        return a;
    int i;
    for (i = 0; i < ui->npairs; i++)
        if (ui->pair_fg[i] == fg && ui->pair_bg[i] == bg)
            return a | COLOR_PAIR(i + 1);
    if (i >= UI_PAIRS_MAX || i + 1 >= COLOR_PAIRS)
        return a; /* out of pairs: no colour rather than the wrong one */
    init_pair((short)(i + 1), fg, bg);
    ui->pair_fg[i] = fg;
    ui->pair_bg[i] = bg;
    ui->npairs++;
    return a | COLOR_PAIR(i + 1);
}

attr_t ui_style(Ui *ui, ThemeStyle s)
{
    const Style *st = &ui->theme.s[ui->form][s];
    return ui_attr(ui, st->fg, st->bg, st->attrs);
}

/* Display width of a UTF-8 string (wide characters count two). */
static int text_width(const char *s, int *bytes_for, int max)
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
    text_width(text, &nbytes, width);
    attrset(a);
    mvaddnstr(y, x, text, nbytes);
    attrset(A_NORMAL);
}

int ui_wrap_next(const char *text, int width, bool last)
{
    int nbytes;
    text_width(text, &nbytes, width);
    if (text[nbytes] && !last) {
        int cut = nbytes;
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

/* --- the board --------------------------------------------------------------------- */

/* A style laid over another: its colours where set, its attributes added. */
static void style_over(Style *base, const Style *top)
{
    if (top->fg != THEME_UNSET)
        base->fg = top->fg;
    if (top->bg != THEME_UNSET)
        base->bg = top->bg;
    base->attrs |= top->attrs;
}

static bool royal_attacked(const Position *pos, int sq)
{
    Piece p = pos->board[sq];
    if (p == PIECE_EMPTY || !((pos->v->royal_types >> piece_type(p)) & 1))
        return false;
    Color c = piece_color(p);
    /* with a check rule only the side to move can stand in check; in Cashew
     * either King may be left attacked, and then it can be taken */
    if (pos->v->def->check_rule && c != pos->side)
        return false;
    return pos_attacked(pos, sq, !c);
}

static bool is_leg(const Ui *ui, int sq)
{
    for (int i = 0; i < ui->nlegs; i++)
        if (ui->legs[i] == sq)
            return true;
    return false;
}

static void draw_square(Ui *ui, int file, int rank, const bool *target)
{
    Game *g = ui->game;
    const Position *pos = g->pos;
    const Variant *v = g->v;
    const Style *th = ui->theme.s[ui->form];
    const Layout *l = &ui->lay;
    int sq = ui_square(ui, file, rank), col, row;
    ui_board_to_view(ui, file, rank, &col, &row);
    Style st = th[(file + rank) % 2 ? STYLE_LIGHT : STYLE_DARK];
    if (g->nhist) {
        Move last = g->hist[g->nhist - 1].move;
        if ((move_kind(last) != MOVE_DROP && move_from(last) == sq) || move_to(last) == sq)
            style_over(&st, &th[STYLE_LAST_MOVE]);
    }
    bool is_target = target[sq];
    if (is_target)
        style_over(&st, &th[STYLE_TARGET]);
    if (sq == ui->sel_sq || is_leg(ui, sq)) /* the piece, and the legs picked for it */
        style_over(&st, &th[STYLE_SELECTED]);
    if (royal_attacked(pos, sq))
        style_over(&st, &th[STYLE_CHECK]);
    bool cursor = file == ui->cur_file && rank == ui->cur_rank && ui->cur_hand < 0 && ui->screen == SCREEN_GAME;
    if (cursor)
        style_over(&st, &th[STYLE_CURSOR]);
    Piece p = pos->board[sq];
    PieceLook look;
    Style pst = st;
    char text[40];
    if (p != PIECE_EMPTY) {
        Color c = piece_color(p);
        glyph_piece(v, ui->glyphs, c, piece_type(p), &look);
        ThemeStyle ps = look.promoted ? (c == WHITE ? STYLE_PROMOTED_FIRST : STYLE_PROMOTED_SECOND)
                                      : (c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND);
        style_over(&pst, &th[ps]);
        snprintf(text, sizeof text, "%c%s%c", look.left, look.glyph, look.right);
    } else if (is_target)
        snprintf(text, sizeof text, " %s ", ui->glyphs == GLYPHS_UNICODE ? " ·" : " .");
    else
        snprintf(text, sizeof text, "    ");
    int x = l->board_x + col * l->cw, y = l->board_y + row * l->ch;
    attr_t bg = ui_attr(ui, st.fg, st.bg, st.attrs & ~(unsigned)TA_UNDERLINE);
    /* Without colour a dark square has no background of its own: a light
     * shade (or ':' in letters) keeps the board's pattern visible. */
    bool shade = ui->form == FORM_MONO && !((file + rank) % 2) && !cursor;
    char fill[16 * 3 + 1] = "";
    for (int i = 0; shade && i < l->cw && i < 16; i++)
        strcat(fill, ui->glyphs == GLYPHS_UNICODE ? "\xe2\x96\x91" : ":");
    for (int r = 0; r < l->ch; r++) {
        attrset(bg);
        mvhline(y + r, x, ' ', l->cw);
        if (shade)
            ui_put(y + r, x, l->cw, bg, fill);
    }
    if (shade && p == PIECE_EMPTY && !is_target)
        return;
    /* in a cell wider than 4 the marks stay next to the glyph */
    ui_put(y + l->ch / 2, x + (l->cw - 4) / 2, 4, ui_attr(ui, pst.fg, pst.bg, pst.attrs), text);
}

static void draw_board(Ui *ui)
{
    const Variant *v = ui->game->v;
    const Layout *l = &ui->lay;
    bool target[BOARD_ARRAY] = {false};
    if (ui->nlegs) { /* the squares where the move can go on, or stop */
        Move ms[MAX_MOVES];
        int n = ui_leg_moves(ui, ms, MAX_MOVES);
        for (int i = 0; i < n; i++) {
            int path[GAME_PATH_MAX], len = game_move_path(ui->game, ms[i], path);
            target[path[len > ui->nlegs ? ui->nlegs : len - 1]] = true;
        }
    } else if (ui->sel_sq != NO_SQUARE || ui->sel_drop) {
        Move ms[MAX_MOVES];
        int n = game_moves_matching(ui->game, ui->sel_sq, ui->sel_drop, -1, ms, MAX_MOVES);
        for (int i = 0; i < n; i++)
            target[move_to(ms[i])] = true;
    }
    for (int r = 0; r < v->ranks; r++)
        for (int f = 0; f < v->files; f++)
            draw_square(ui, f, r, target);
    attr_t ca = ui_style(ui, STYLE_COORDS);
    char buf[16];
    for (int i = 0; i < v->ranks; i++) {
        int file, rank;
        ui_view_to_board(ui, 0, i, &file, &rank);
        snprintf(buf, sizeof buf, "%2d", rank + 1);
        ui_put(l->board_y + i * l->ch + l->ch / 2, 0, 2, ca, buf);
    }
    for (int i = 0; i < v->files; i++) {
        int file, rank;
        ui_view_to_board(ui, i, 0, &file, &rank);
        snprintf(buf, sizeof buf, "%c", 'a' + file);
        ui_put(l->board_y + l->board_h, l->board_x + i * l->cw + l->cw / 2 - 1, 1, ca, buf);
    }
}

/* --- hands ------------------------------------------------------------------------------- */

static void draw_hands(Ui *ui)
{
    const Layout *l = &ui->lay;
    Game *g = ui->game;
    if (!l->hands)
        return;
    for (int b = 0; b < 2; b++) {
        Color c = ui_hand_color(ui, b);
        int types[MAX_PIECE_TYPES], n = ui_hand_types(ui, c, types);
        char title[64];
        snprintf(title, sizeof title, "%s hand%s", game_side_name(g, c), n ? "" : ": -");
        ui_put(l->hand_y[b], l->hand_x, LAYOUT_HAND_W, ui_style(ui, STYLE_DIM), title);
        for (int i = 0; i < n && i < 2 * (l->hand_rows - 1); i++) {
            PieceLook look;
            glyph_piece(g->v, ui->glyphs, c, types[i], &look);
            Style st = ui->theme.s[ui->form][c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND];
            bool sel = ui->sel_drop == types[i] && c == g->pos->side;
            if (sel)
                style_over(&st, &ui->theme.s[ui->form][STYLE_SELECTED]);
            if (ui->cur_hand == i && ui->cur_hand_color == c)
                style_over(&st, &ui->theme.s[ui->form][STYLE_CURSOR]);
            if (st.bg == THEME_UNSET)
                st.bg = THEME_DEFAULT;
            int x, y;
            layout_hand_entry(l, b, i, &x, &y);
            char text[40];
            snprintf(text, sizeof text, "%c%s %-2d", sel ? '>' : ' ', look.glyph, g->pos->hand[c][types[i]]);
            ui_put(y, x, LAYOUT_HAND_ENTRY - 1, ui_attr(ui, st.fg, st.bg, st.attrs), text);
        }
    }
}

/* --- side panel ---------------------------------------------------------------------------- */

static void player_label(Ui *ui, Color c, char *buf, size_t size)
{
    if (ui_ai_plays(ui, c)) /* shorter beside a clock */
        snprintf(buf, size, clock_enabled(&ui->clock) ? "AI %d" : "AI, level %d", ui->opt.level);
    else
        snprintf(buf, size, ui->opt.mode == PLAY_HOTSEAT ? "player" : "you");
}

/* The move list between lines y0 and y1, the latest moves when it is long.
 * A position from a FEN may start with the second player to move and at any
 * move number: the numbers follow it ("12... Kh7"). */
static const char *ply_san(const Game *g, int i)
{
    return i < g->nhist ? g->hist[i].san : g->redo[g->nredo - 1 - (i - g->nhist)].san;
}

static void draw_moves(Ui *ui, int y0, int y1)
{
    const Layout *l = &ui->lay;
    Game *g = ui->game;
    int x = l->panel_x, w = l->panel_w;
    int colw = 6;
    /* the moves browsed back over (or taken back) follow, dimmed: the
     * line stays in view and the current move is marked */
    int total = g->nhist + (ui->browsed ? g->nredo : 0);
    for (int i = 0; i < total; i++) {
        int n = (int)strlen(ply_san(g, i)) + 1;
        colw = n > colw ? n : colw;
    }
    /* a move number, then one ply per column; one ply per line if narrow */
    bool two = 5 + 2 * colw <= w;
    int per = two ? 2 : 1;
    Color root_side = g->nhist % 2 ? !g->pos->side : g->pos->side;
    int off = root_side == BLACK ? 1 : 0;
    int lead = per == 2 ? off : 0; /* "..." in the first column before the first move */
    int first_no = g->pos->fullmove > 0 ? g->pos->fullmove : 1; /* of the root position */
    int nlines = (total + lead + per - 1) / per, rows = y1 - y0;
    if (rows <= 0 || total == 0)
        return;
    int cur_line = (g->nhist > 0 ? g->nhist - 1 + lead : 0) / per;
    int first = nlines > rows ? nlines - rows : 0;
    if (cur_line < first) /* browsing far back: the current move in the middle */
        first = cur_line - rows / 2 > 0 ? cur_line - rows / 2 : 0;
    attr_t a = ui_style(ui, STYLE_TEXT), d = ui_style(ui, STYLE_DIM);
    for (int ln = first; ln < nlines && ln - first < rows; ln++) {
        int y = y0 + ln - first;
        for (int k = 0; k < per; k++) {
            int vp = ln * per + k + off - lead, ply = vp - off; /* vp counts from the first player */
            if (ply >= total)
                break;
            char num[16];
            if (per == 2 || vp % 2 == 0)
                snprintf(num, sizeof num, "%3d.", first_no + vp / 2);
            else
                snprintf(num, sizeof num, "%3d...", first_no + vp / 2);
            if (k == 0)
                ui_put(y, x, w, d, num);
            int nx = x + (per == 2 ? 5 + k * colw : (int)strlen(num) + 1);
            attr_t ma = ply == g->nhist - 1 ? a | A_BOLD | (total > g->nhist ? A_REVERSE : 0) : ply >= g->nhist ? d : a;
            if (ply < 0)
                ui_put(y, nx, x + w - nx, d, "...");
            else
                ui_put(y, nx, x + w - nx, ma, ply_san(g, ply));
        }
    }
}

/* The clock of side c at the right end of its panel line; the one that
 * runs in the title style, a low one (under 10 s) as an error. */
static void draw_clock(Ui *ui, Color c, int y)
{
    const Layout *l = &ui->lay;
    char t[CLOCK_TEXT_MAX + 8];
    if (!clock_enabled(&ui->clock))
        return;
    clock_format(&ui->clock, c, t, sizeof t);
    if (ui->paused && c == ui->clock.turn)
        snprintf(t + strlen(t), sizeof t - strlen(t), " %s", "||");
    ClockSide s = clock_side_now(&ui->clock, c);
    bool running = ui->clock.state == CLOCK_RUNNING && ui->clock.turn == c;
    ThemeStyle st = running && s.left_ms < 10000 ? STYLE_ERROR : running ? STYLE_TITLE : STYLE_TEXT;
    int n = (int)strlen(t), x = l->panel_x + l->panel_w - n;
    ui_put(y, x - 1, n + 1, ui_style(ui, st), " ");
    ui_put(y, x, n, ui_style(ui, st) | (running ? A_BOLD : 0), t);
}

static void draw_panel(Ui *ui)
{
    const Layout *l = &ui->lay;
    Game *g = ui->game;
    int x = l->panel_x, w = l->panel_w, y = l->panel_y;
    char buf[256], who[160];
    bool uni = ui->glyphs == GLYPHS_UNICODE;
    for (Color c = WHITE; c <= BLACK; c++) {
        player_label(ui, c, who, sizeof who);
        bool to_move = !game_over(g) && g->pos->side == c;
        snprintf(buf, sizeof buf, "%s %s: %s", to_move ? (uni ? "▶" : ">") : " ", game_side_name(g, c), who);
        ui_put(y, x, w, ui_style(ui, to_move ? STYLE_TITLE : STYLE_TEXT), buf);
        draw_clock(ui, c, y++); /* over the end of a long name */
    }
    game_status_text(g, buf, sizeof buf);
    ThemeStyle st = STYLE_MESSAGE;
    /* without a check rule (Cashew) an attacked King can be taken: say so */
    if (!game_over(g) && pos_in_check(g->pos))
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), g->v->def->check_rule ? ", in check" : ", King attacked");
    else if (!game_over(g))
        st = STYLE_TEXT;
    y += 1 + ui_put_wrapped(y + 1, x, w, ui_style(ui, st), buf, 2);
    const char *info = ui->ai_info_hidden ? "" : ui->ai_info;
    if (ui_ai_plays(ui, g->pos->side) && !game_over(g))
        snprintf(buf, sizeof buf, "AI thinking%s%s", info[0] ? ": " : "...", info);
    else if (ui->hinting)
        snprintf(buf, sizeof buf, "Hint%s%s", info[0] ? ": " : ": looking...", info);
    else if (ui->opt.mode != PLAY_HOTSEAT)
        snprintf(buf, sizeof buf, "AI: %s", info[0] ? info : player_name(ui->ai));
    else
        buf[0] = 0;
    /* two lines kept for it whenever an AI plays, so that the depth, score,
     * speed and expected moves show in a narrow panel and the move list
     * below does not jump as the line grows and shrinks */
    if (ui->opt.mode != PLAY_HOTSEAT) {
        ui_put_wrapped(y, x, w, ui_style(ui, STYLE_DIM), buf, 2);
        y += 2;
    } else
        ui_put(y++, x, w, ui_style(ui, STYLE_DIM), buf);
    y++;
    int bottom = l->panel_y + l->panel_h - 1; /* the last panel line: key hints */
    if (ui->input == INPUT_CHOICE) {
        if (ui->nlegs) { /* "Lion via f6, g7:" */
            int n = snprintf(buf, sizeof buf, "%s via", g->v->type[piece_type(g->pos->board[ui->sel_sq])].def->name);
            for (int i = 0; i < ui->nlegs && n < (int)sizeof buf - 8; i++) {
                char name[8];
                variant_square_name(g->v, ui->legs[i], name);
                n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %s", i ? "," : "", name);
            }
            snprintf(buf + n, sizeof buf - (size_t)n, ":");
        } else
            snprintf(buf, sizeof buf, "Choose a move:");
        ui_put(y++, x, w, ui_style(ui, STYLE_TITLE), buf);
        for (int i = 0; i < ui->nchoice && y < bottom; i++) {
            snprintf(buf, sizeof buf, "%d  %s", i + 1, ui->choice_text[i]);
            ui_put(y++, x, w, ui_style(ui, STYLE_TEXT), buf);
        }
    } else {
        ui_put(y++, x, w, ui_style(ui, STYLE_DIM), "Moves");
        draw_moves(ui, y, bottom);
    }
    ui_put(bottom, x, w, ui_style(ui, STYLE_DIM), "? help  n new  q quit");
}

/* --- title and status lines ------------------------------------------------------------------ */

static void draw_status(Ui *ui)
{
    const Layout *l = &ui->lay;
    char buf[1400];
    attr_t a = ui_style(ui, STYLE_TEXT);
    switch (ui->input) {
    case INPUT_PROMPT:
    {
        /* the end of a long line stays in sight */
        int lw = (int)strlen(ui->prompt_label), room = COLS - lw - 1;
        const char *shown = ui->line;
        while (room > 0 && text_width(shown, NULL, 1 << 20) > room)
            do
                shown++;
            while (((unsigned char)*shown & 0xC0) == 0x80);
        snprintf(buf, sizeof buf, "%s%s", ui->prompt_label, shown);
        ui_put(l->status_y, 0, COLS, ui_style(ui, STYLE_TITLE), buf);
        int w = text_width(buf, NULL, 1 << 20);
        move(l->status_y, w < COLS ? w : COLS - 1);
        return;
    }
    case INPUT_CONFIRM:
        ui_put(l->status_y, 0, COLS, ui_style(ui, STYLE_TITLE), ui->question);
        return;
    default:
        break;
    }
    if (ui->msg[0])
        ui_put(l->status_y, 0, COLS, ui_style(ui, ui->msg_error ? STYLE_ERROR : STYLE_MESSAGE), ui->msg);
    else if (ui->game->v->drop_types)
        ui_put(l->status_y, 0, COLS, a, "arrows/hjkl move  Enter pick up/put down  Tab hand  : type a move  ? help");
    else
        ui_put(l->status_y, 0, COLS, a, "arrows/hjkl move  Enter pick up/put down  : type a move  ? help");
}

void ui_draw_game(Ui *ui)
{
    Game *g = ui->game;
    char buf[200];
    snprintf(buf, sizeof buf, "Kage %s %s", ui->glyphs == GLYPHS_UNICODE ? "—" : "-", g->v->def->name);
    ui_put(0, 0, COLS, ui_style(ui, STYLE_TITLE), buf);
    draw_board(ui);
    draw_hands(ui);
    draw_panel(ui);
    draw_status(ui);
}

/* The size each screen needs; the game screen's comes from the layout. */
static void screen_need(const Ui *ui, int *cols, int *rows)
{
    const Variant *v = ui->game->v;
    switch (ui->screen) {
    case SCREEN_GAME:
        *cols = ui->lay.need_cols;
        *rows = ui->lay.need_rows;
        return;
    case SCREEN_HELP: /* it scrolls and wraps */
        *cols = 40;
        *rows = 8;
        return;
    case SCREEN_GUIDE: /* four lines of text, two of the special move, the diagram, its legend */
        *cols = 3 + 3 * v->files > 50 ? 3 + 3 * v->files : 50;
        *rows = 8 + v->ranks;
        return;
    case SCREEN_NEWGAME:
        *cols = 60;
        *rows = 14;
        return;
    default:
        *cols = *rows = 0;
        return;
    }
}

static const char *screen_title(const Ui *ui)
{
    switch (ui->screen) {
    case SCREEN_HELP:
        return "the help screen";
    case SCREEN_GUIDE:
        return "the piece guide";
    case SCREEN_NEWGAME:
        return "the new-game screen";
    default:
        return ui->game->v->def->name;
    }
}

bool ui_screen_fits(const Ui *ui)
{
    int need_cols, need_rows;
    screen_need(ui, &need_cols, &need_rows);
    return COLS >= need_cols && LINES >= need_rows && (ui->screen != SCREEN_GAME || ui->lay.fits);
}

void ui_draw(Ui *ui)
{
    attrset(A_NORMAL);
    erase();
    ui_layout(ui);
    int need_cols, need_rows;
    screen_need(ui, &need_cols, &need_rows);
    if (!ui_screen_fits(ui)) {
        /* the longest of these that fits, so the needed size always shows */
        char buf[4][160];
        snprintf(buf[0], sizeof buf[0], "Terminal too small: %s needs %dx%d, this one is %dx%d (%s)",
                 screen_title(ui), need_cols, need_rows, COLS, LINES, ui->screen == SCREEN_GAME ? "q quits" : "Esc back");
        snprintf(buf[1], sizeof buf[1], "Too small: need %dx%d, have %dx%d", need_cols, need_rows, COLS, LINES);
        snprintf(buf[2], sizeof buf[2], "Need %dx%d", need_cols, need_rows);
        snprintf(buf[3], sizeof buf[3], "%dx%d", need_cols, need_rows);
        int k = 0;
        while (k < 3 && (int)strlen(buf[k]) > COLS)
            k++;
        ui_put(0, 0, COLS, A_NORMAL, buf[k]);
        leaveok(stdscr, TRUE);
        return;
    }
    leaveok(stdscr, ui->input != INPUT_PROMPT);
    switch (ui->screen) {
    case SCREEN_GAME:
        ui_draw_game(ui);
        break;
    case SCREEN_HELP:
        ui_draw_help(ui);
        break;
    case SCREEN_GUIDE:
        ui_draw_guide(ui);
        break;
    case SCREEN_NEWGAME:
        ui_draw_newgame(ui);
        break;
    case SCREEN_PICK:
        ui_draw_pick(ui);
        break;
    case SCREEN_TEXT:
        break;
    }
}
