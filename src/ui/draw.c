/* Drawing the game screen into stdscr: title, board, hands, side panel and
 * status line.  Everything is drawn on every update and curses sends the
 * terminal only the cells that changed, which keeps a move to a few dozen
 * bytes over a slow link. */
#include "ui_internal.h"

#include "kage/rules/movegen.h"

#include <stdio.h>
#include <string.h>

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
    for (int i = 0; i < ui->board.nlegs; i++)
        if (ui->board.legs[i] == sq)
            return true;
    return false;
}

static void draw_square(Ui *ui, int file, int rank, const bool *target)
{
    Game *g = ui->game;
    const Position *pos = g->pos;
    const Variant *v = g->v;
    const Style *th = ui->look.theme.s[ui->look.form];
    const Layout *l = &ui->lay;
    int sq = ui_square(ui, file, rank), col, row;
    ui_board_to_view(ui, file, rank, &col, &row);
    Style st = th[(file + rank) % 2 ? STYLE_LIGHT : STYLE_DARK];
    if (g->rec.nmoves) {
        Move last = g->rec.moves[g->rec.nmoves - 1];
        if ((move_kind(last) != MOVE_DROP && move_from(last) == sq) || move_to(last) == sq)
            style_over(&st, &th[STYLE_LAST_MOVE]);
    }
    bool is_target = target[sq];
    if (is_target)
        style_over(&st, &th[STYLE_TARGET]);
    if (sq == ui->board.sel_sq || is_leg(ui, sq)) /* the piece, and the legs picked for it */
        style_over(&st, &th[STYLE_SELECTED]);
    if (royal_attacked(pos, sq))
        style_over(&st, &th[STYLE_CHECK]);
    bool cursor = file == ui->board.cur_file && rank == ui->board.cur_rank && ui->board.cur_hand < 0 && ui->screen == SCREEN_GAME;
    if (cursor)
        style_over(&st, &th[STYLE_CURSOR]);
    Piece p = pos->board[sq];
    PieceLook look;
    Style pst = st;
    char text[40];
    if (p != PIECE_EMPTY) {
        Color c = piece_color(p);
        glyph_piece(v, ui->look.glyphs, c, piece_type(p), &look);
        ThemeStyle ps = look.promoted ? (c == WHITE ? STYLE_PROMOTED_FIRST : STYLE_PROMOTED_SECOND)
                                      : (c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND);
        style_over(&pst, &th[ps]);
        snprintf(text, sizeof text, "%c%s%c", look.left, look.glyph, look.right);
    } else if (is_target)
        snprintf(text, sizeof text, " %s ", ui->look.glyphs == GLYPHS_UNICODE ? " ·" : " .");
    else
        snprintf(text, sizeof text, "    ");
    int x = l->board_x + col * l->cw, y = l->board_y + row * l->ch;
    attr_t bg = ui_attr(ui, st.fg, st.bg, st.attrs & ~(unsigned)TA_UNDERLINE);
    /* Without colour a dark square has no background of its own: a light
     * shade (or ':' in letters) keeps the board's pattern visible. */
    bool shade = ui->look.form == FORM_MONO && !((file + rank) % 2) && !cursor;
    char fill[16 * 3 + 1] = "";
    for (int i = 0; shade && i < l->cw && i < 16; i++)
        strcat(fill, ui->look.glyphs == GLYPHS_UNICODE ? "\xe2\x96\x91" : ":");
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
    if (ui->board.nlegs) { /* the squares where the move can go on, or stop */
        Move ms[MAX_MOVES];
        int n = ui_leg_moves(ui, ms, MAX_MOVES);
        for (int i = 0; i < n; i++) {
            int path[GAME_PATH_MAX], len = game_move_path(ui->game, ms[i], path);
            target[path[len > ui->board.nlegs ? ui->board.nlegs : len - 1]] = true;
        }
    } else if (ui->board.sel_sq != NO_SQUARE || ui->board.sel_drop) {
        Move ms[MAX_MOVES];
        int n = game_moves_matching(ui->game, ui->board.sel_sq, ui->board.sel_drop, -1, ms, MAX_MOVES);
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
            glyph_piece(g->v, ui->look.glyphs, c, types[i], &look);
            Style st = ui->look.theme.s[ui->look.form][c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND];
            bool sel = ui->board.sel_drop == types[i] && c == g->pos->side;
            if (sel)
                style_over(&st, &ui->look.theme.s[ui->look.form][STYLE_SELECTED]);
            if (ui->board.cur_hand == i && ui->board.cur_hand_color == c)
                style_over(&st, &ui->look.theme.s[ui->look.form][STYLE_CURSOR]);
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
        snprintf(buf, size, clock_enabled(&ui->time.clock) ? "AI %d" : "AI, level %d", ui->opt.level);
    else
        snprintf(buf, size, ui->opt.mode == PLAY_HOTSEAT ? "player" : "you");
}

/* The move list between lines y0 and y1, the latest moves when it is long.
 * A position from a FEN may start with the second player to move and at any
 * move number: the numbers follow it ("12... Kh7"). */
static void draw_moves(Ui *ui, int y0, int y1)
{
    const Layout *l = &ui->lay;
    Game *g = ui->game;
    int x = l->panel_x, w = l->panel_w;
    int colw = 6;
    /* the moves browsed back over (or taken back) follow, dimmed: the
     * line stays in view and the current move is marked */
    int total = g->rec.nmoves + (ui->browse.on ? g->nredo : 0);
    for (int i = 0; i < total; i++) {
        int n = (int)strlen(g->san[i]) + 1;
        colw = n > colw ? n : colw;
    }
    /* a move number, then one ply per column; one ply per line if narrow */
    bool two = 5 + 2 * colw <= w;
    int per = two ? 2 : 1;
    Color root_side = g->rec.nmoves % 2 ? !g->pos->side : g->pos->side;
    int off = root_side == BLACK ? 1 : 0;
    int lead = per == 2 ? off : 0; /* "..." in the first column before the first move */
    int first_no = g->pos->fullmove > 0 ? g->pos->fullmove : 1; /* of the root position */
    int nlines = (total + lead + per - 1) / per, rows = y1 - y0;
    if (rows <= 0 || total == 0)
        return;
    int cur_line = (g->rec.nmoves > 0 ? g->rec.nmoves - 1 + lead : 0) / per;
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
            attr_t ma = ply == g->rec.nmoves - 1 ? a | A_BOLD | (total > g->rec.nmoves ? A_REVERSE : 0) : ply >= g->rec.nmoves ? d : a;
            if (ply < 0)
                ui_put(y, nx, x + w - nx, d, "...");
            else
                ui_put(y, nx, x + w - nx, ma, g->san[ply]);
        }
    }
}

/* The clock of side c at the right end of its panel line; the one that
 * runs in the title style, a low one (under 10 s) as an error. */
static void draw_clock(Ui *ui, Color c, int y)
{
    const Layout *l = &ui->lay;
    char t[CLOCK_TEXT_MAX + 8];
    if (!clock_enabled(&ui->time.clock))
        return;
    clock_format(&ui->time.clock, c, t, sizeof t);
    if (ui->time.paused && c == ui->time.clock.turn)
        snprintf(t + strlen(t), sizeof t - strlen(t), " %s", "||");
    ClockSide s = clock_side_now(&ui->time.clock, c);
    bool running = ui->time.clock.state == CLOCK_RUNNING && ui->time.clock.turn == c;
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
    bool uni = ui->look.glyphs == GLYPHS_UNICODE;
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
    const char *info = ui->ai.info_hidden ? "" : ui->ai.info;
    if (ui_ai_plays(ui, g->pos->side) && !game_over(g))
        snprintf(buf, sizeof buf, "AI thinking%s%s", info[0] ? ": " : "...", info);
    else if (ui->ai.hinting)
        snprintf(buf, sizeof buf, "Hint%s%s", info[0] ? ": " : ": looking...", info);
    else if (ui->opt.mode != PLAY_HOTSEAT)
        snprintf(buf, sizeof buf, "AI: %s", info[0] ? info : player_name(ui->ai.player));
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
        if (ui->board.nlegs) { /* "Lion via f6, g7:" */
            int n = snprintf(buf, sizeof buf, "%s via", g->v->type[piece_type(g->pos->board[ui->board.sel_sq])].def->name);
            for (int i = 0; i < ui->board.nlegs && n < (int)sizeof buf - 8; i++) {
                char name[8];
                variant_square_name(g->v, ui->board.legs[i], name);
                n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %s", i ? "," : "", name);
            }
            snprintf(buf + n, sizeof buf - (size_t)n, ":");
        } else
            snprintf(buf, sizeof buf, "Choose a move:");
        ui_put(y++, x, w, ui_style(ui, STYLE_TITLE), buf);
        for (int i = 0; i < ui->status.nchoice && y < bottom; i++) {
            snprintf(buf, sizeof buf, "%d  %s", i + 1, ui->status.choice_text[i]);
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
    attr_t a = ui_style(ui, STYLE_TEXT);
    if (ui_inputs[ui->input].draw) { /* a prompt or a question */
        ui_inputs[ui->input].draw(ui, l->status_y);
        return;
    }
    if (ui->status.msg[0])
        ui_put(l->status_y, 0, COLS, ui_style(ui, ui->status.msg_error ? STYLE_ERROR : STYLE_MESSAGE), ui->status.msg);
    else if (ui->game->v->drop_types)
        ui_put(l->status_y, 0, COLS, a, "arrows/hjkl move  Enter pick up/put down  Tab hand  : type a move  ? help");
    else
        ui_put(l->status_y, 0, COLS, a, "arrows/hjkl move  Enter pick up/put down  : type a move  ? help");
}

void ui_draw_game(Ui *ui)
{
    Game *g = ui->game;
    char buf[200];
    snprintf(buf, sizeof buf, "Kage %s %s", ui->look.glyphs == GLYPHS_UNICODE ? "—" : "-", g->v->def->name);
    ui_put(0, 0, COLS, ui_style(ui, STYLE_TITLE), buf);
    draw_board(ui);
    draw_hands(ui);
    draw_panel(ui);
    draw_status(ui);
}
