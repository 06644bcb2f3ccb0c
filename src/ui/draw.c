/* Drawing the game screen into stdscr: title, board, hands, side panel and
 * status line.  Everything is drawn on every update and curses sends the
 * terminal only the cells that changed, which keeps a move to a few dozen
 * bytes over a slow link. */
#include "ui_internal.h"

#include "kage/rules/movegen.h"

#include <stdio.h>
#include <stdlib.h>
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
    for (int i = 0; i < ui_board_view(ui)->nlegs; i++)
        if (ui_board_view(ui)->legs[i] == sq)
            return true;
    return false;
}

static void draw_square(Ui *ui, int file, int rank, const bool *target)
{
    Game *g = ui->game;
    const Position *pos = g->pos;
    const Variant *v = g->v;
    const Style *th = ui_look_view(ui)->theme.s[ui_look_view(ui)->form];
    const Layout *l = &ui->lay;
    int sq = ui_square(ui, file, rank), col, row;
    ui_board_to_view(ui, file, rank, &col, &row);
    Style st = th[(file + rank) % 2 ? STYLE_LIGHT : STYLE_DARK];
    bool last_move = false;
    if (g->rec.nmoves) {
        Move last = g->rec.moves[g->rec.nmoves - 1];
        last_move = (move_kind(last) != MOVE_DROP && move_from(last) == sq) || move_to(last) == sq;
        if (last_move)
            style_over(&st, &th[STYLE_LAST_MOVE]);
    }
    /* a last move marked only by underline, where the terminal cannot
     * underline (TERM=linux with colours): brackets around the square, or
     * in the compact layout, where a square has no room for them, reversed */
    bool unmarked = last_move && ui_look_view(ui)->no_underline && th[STYLE_LAST_MOVE].bg < 0;
    bool brackets = unmarked && !l->compact;
    bool is_target = target[sq];
    /* a hint found for this position: its squares, until a move is made */
    Move hint = ui_ai_view(ui)->hint;
    bool hinted = ui_ai_view(ui)->hint_shown && ui_ai_view(ui)->hint_shown == pos->st->key &&
                  ((move_kind(hint) != MOVE_DROP && move_from(hint) == sq) || move_to(hint) == sq);
    is_target |= hinted;
    if (is_target)
        style_over(&st, &th[STYLE_TARGET]);
    if (sq == ui_board_view(ui)->sel_sq || is_leg(ui, sq)) /* the piece, and the legs picked for it */
        style_over(&st, &th[STYLE_SELECTED]);
    if (royal_attacked(pos, sq))
        style_over(&st, &th[STYLE_CHECK]);
    bool cursor = file == ui_board_view(ui)->cur_file && rank == ui_board_view(ui)->cur_rank &&
                  ui_board_view(ui)->cur_hand < 0 && ui->screen == SCREEN_GAME;
    if (cursor)
        style_over(&st, &th[STYLE_CURSOR]);
    else if (unmarked && l->compact && (th[STYLE_CURSOR].attrs & TA_REVERSE) && th[STYLE_TARGET].bg >= 0 &&
             !is_target && ui_board_view(ui)->sel_sq == NO_SQUARE && !ui_board_view(ui)->sel_drop)
        st.bg = th[STYLE_TARGET].bg; /* reversed is the cursor's look (8 colours): the targets' colour, free now */
    else if (unmarked && l->compact)
        st.attrs |= TA_REVERSE;
    Piece p = pos->board[sq];
    PieceLook look;
    Style pst = st;
    char text[40];
    if (p != PIECE_EMPTY) {
        Color c = piece_color(p);
        glyph_piece(v, ui_look_view(ui)->glyphs, c, piece_type(p), &look);
        ThemeStyle ps = look.promoted ? (c == WHITE ? STYLE_PROMOTED_FIRST : STYLE_PROMOTED_SECOND)
                                      : (c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND);
        style_over(&pst, &th[ps]);
        snprintf(text, sizeof text, "%c%s%c", look.left, look.glyph, look.right);
        if (l->compact) { /* the glyph alone: letters keep + in place of their blank */
            if (look.left == '+' && look.glyph[1] == ' ')
                snprintf(text, sizeof text, "+%c", look.glyph[0]);
            else
                snprintf(text, sizeof text, "%s", look.glyph);
            /* no room for the v that marks the second player's kanji:
             * without colour they are drawn reversed, dark pieces on the
             * board (under the cursor, reversed again) */
            if (ui_look_view(ui)->form == FORM_MONO && c == BLACK && look.left == 'v')
                pst.attrs ^= TA_REVERSE;
        }
    } else if (is_target)
        snprintf(text, sizeof text, l->compact ? "%s" : " %s ",
                 ui_look_view(ui)->glyphs != GLYPHS_LETTERS ? " ·" : " .");
    else
        snprintf(text, sizeof text, "    ");
    int x = l->board_x + col * l->cw, y = l->board_y + row * l->ch;
    attr_t bg = ui_attr(ui, st.fg, st.bg, st.attrs & ~(unsigned)TA_UNDERLINE);
    /* Without colour a dark square has no background of its own: a light
     * shade (or ':' in letters) keeps the board's pattern visible. */
    bool shade = ui_look_view(ui)->form == FORM_MONO && !((file + rank) % 2) && !cursor;
    char fill[16 * 3 + 1] = "";
    for (int i = 0; shade && i < l->cw && i < 16; i++)
        strcat(fill, ui_look_view(ui)->glyphs != GLYPHS_LETTERS ? "\xe2\x96\x91" : ":");
    for (int r = 0; r < l->ch; r++) {
        attrset(bg);
        mvhline(y + r, x, ' ', l->cw);
        if (shade)
            ui_put(y + r, x, l->cw, bg, fill);
    }
    if (brackets) {
        text[0] = text[0] == ' ' ? '[' : text[0];
        size_t n = strlen(text);
        text[n - 1] = text[n - 1] == ' ' ? ']' : text[n - 1];
    }
    if (shade && p == PIECE_EMPTY && !is_target && !brackets)
        return;
    /* in a cell wider than 4 the marks stay next to the glyph */
    if (l->compact)
        ui_put(y, x, 2, ui_attr(ui, pst.fg, pst.bg, pst.attrs), text);
    else
        ui_put(y + l->ch / 2, x + (l->cw - 4) / 2, 4, ui_attr(ui, pst.fg, pst.bg, pst.attrs), text);
}

static void draw_board(Ui *ui)
{
    const Variant *v = ui->game->v;
    const Layout *l = &ui->lay;
    bool target[BOARD_ARRAY] = {false};
    if (ui_board_view(ui)->nlegs) { /* the squares where the move can go on, or stop */
        Move ms[MAX_MOVES];
        int n = ui_leg_moves(ui, ms, MAX_MOVES);
        for (int i = 0; i < n; i++) {
            int path[GAME_PATH_MAX], len = game_move_path(ui->game, ms[i], path);
            target[path[len > ui_board_view(ui)->nlegs ? ui_board_view(ui)->nlegs : len - 1]] = true;
        }
    } else if (ui_board_view(ui)->sel_sq != NO_SQUARE || ui_board_view(ui)->sel_drop) {
        Move ms[MAX_MOVES];
        int n =
            game_moves_matching(ui->game, ui_board_view(ui)->sel_sq, ui_board_view(ui)->sel_drop, -1, ms, MAX_MOVES);
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

/* While the AI analyses: a bar beside the board, the first player's share
 * of the expected result (a sigmoid of the score) from that player's side
 * of the board. */
static void draw_eval_bar(Ui *ui)
{
    const Layout *l = &ui->lay;
    if (!ui_analysis_view(ui)->on ||
        !ui_analysis_view(ui)->scored) /* compact too: a column is free right of the board */
        return;
    int cp = ui_analysis_view(ui)->cp;
    double share = ui_analysis_view(ui)->mate ? (ui_analysis_view(ui)->mate > 0 ? 1.0 : 0.0)
                                        : 0.5 + 0.5 * cp / (double)(abs(cp) + 400); /* a sigmoid: +4.00 is 3/4 */
    int h = l->board_h, first = (int)(share * h + 0.5), x = l->board_x + l->board_w;
    bool uni = ui_look_view(ui)->glyphs != GLYPHS_LETTERS;
    for (int r = 0; r < h; r++) {
        /* rows from the first player's side: the bottom unless the board is turned */
        int from_first = ui_board_view(ui)->flipped ? r : h - 1 - r;
        bool mine = from_first < first;
        ThemeStyle st = mine ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND;
        const Style *s = &ui_look_view(ui)->theme.s[ui_look_view(ui)->form][st];
        ui_put(l->board_y + r, x, 1, ui_attr(ui, s->fg, THEME_DEFAULT, s->attrs),
               uni ? (mine ? "\xe2\x96\x88" : "\xe2\x96\x91") : (mine ? "#" : ":"));
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
        ui_put(l->hand_y[b], l->hand_x, l->hand_w, ui_style(ui, STYLE_DIM), title);
        for (int i = 0; i < n && i < l->hand_per_row * (l->hand_rows - 1); i++) {
            PieceLook look;
            glyph_piece(g->v, ui_look_view(ui)->glyphs, c, types[i], &look);
            Style st =
                ui_look_view(ui)->theme.s[ui_look_view(ui)->form][c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND];
            bool sel = ui_board_view(ui)->sel_drop == types[i] && c == g->pos->side;
            if (sel)
                style_over(&st, &ui_look_view(ui)->theme.s[ui_look_view(ui)->form][STYLE_SELECTED]);
            if (ui_board_view(ui)->cur_hand == i && ui_board_view(ui)->cur_hand_color == c)
                style_over(&st, &ui_look_view(ui)->theme.s[ui_look_view(ui)->form][STYLE_CURSOR]);
            if (st.bg == THEME_UNSET)
                st.bg = THEME_DEFAULT;
            int x, y;
            layout_hand_entry(l, b, i, &x, &y);
            char text[40];
            if (l->compact) /* the selection shows by its style alone */
                snprintf(text, sizeof text, "%s%-2d", look.glyph, g->pos->hand[c][types[i]]);
            else
                snprintf(text, sizeof text, "%c%s %-2d", sel ? '>' : ' ', look.glyph, g->pos->hand[c][types[i]]);
            ui_put(y, x, l->hand_entry_w - 1, ui_attr(ui, st.fg, st.bg, st.attrs), text);
        }
    }
}

/* Where captures do not go to a hand (the Shinobi games), what each side
 * has taken, in the free lines between the two hands: the top side's
 * below its hand, the bottom side's above its hand title. */
static void draw_taken(Ui *ui)
{
    const Layout *l = &ui->lay;
    Game *g = ui->game;
    if (!l->hands || g->v->def->captures_to_hand)
        return;
    int types[2][MAX_PIECE_TYPES], counts[2][MAX_PIECE_TYPES], n[2], used[2];
    for (int b = 0; b < 2; b++) {
        Color c = ui_hand_color(ui, b);
        int h[MAX_PIECE_TYPES];
        used[b] = (ui_hand_types(ui, c, h) + l->hand_per_row - 1) / l->hand_per_row;
        n[b] = ui_taken_types(ui, c, types[b], counts[b]);
    }
    int top = l->hand_y[0] + 1 + used[0] + (used[0] > 0), bottom = l->hand_y[1] - 1; /* free lines: [top, bottom) */
    int mid = (top + bottom) / 2;
    /* compact: "took" and the entries on one line, without the side's name */
    bool inl = l->compact;
    int lead = inl ? 5 : 0, per = inl ? (l->hand_w - lead) / l->hand_entry_w : l->hand_per_row;
    for (int b = 0; b < 2; b++) {
        if (!n[b])
            continue;
        Color c = ui_hand_color(ui, b);
        int lines = (inl ? 0 : 1) + (n[b] + per - 1) / per;
        int y0 = b == 0 ? top : bottom - lines, lo = b == 0 ? top : mid, hi = b == 0 ? mid : bottom;
        if (y0 < lo)
            y0 = lo;
        if (y0 >= hi)
            continue;
        char title[64];
        snprintf(title, sizeof title, inl ? "took" : "%s took", game_side_name(g, c));
        ui_put(y0, l->hand_x, inl ? lead : l->hand_w, ui_style(ui, STYLE_DIM), title);
        for (int i = 0; i < n[b]; i++) {
            int y = y0 + (inl ? 0 : 1) + i / per, x = l->hand_x + lead + (i % per) * l->hand_entry_w;
            if (y >= hi)
                break;
            PieceLook look;
            glyph_piece(g->v, ui_look_view(ui)->glyphs, !c, types[b][i], &look);
            Style st =
                ui_look_view(ui)->theme.s[ui_look_view(ui)->form][!c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND];
            if (st.bg == THEME_UNSET)
                st.bg = THEME_DEFAULT;
            char text[40];
            if (l->compact)
                snprintf(text, sizeof text, "%s%-2d", look.glyph, counts[b][types[b][i]]);
            else
                snprintf(text, sizeof text, "%c%s%c%-2d", look.left, look.glyph, look.right, counts[b][types[b][i]]);
            ui_put(y, x, l->hand_entry_w - 1, ui_attr(ui, st.fg, st.bg, st.attrs), text);
        }
    }
}

/* --- side panel ---------------------------------------------------------------------------- */

static void player_label(Ui *ui, Color c, char *buf, size_t size)
{
    if (ui->opt.mode == PLAY_ONLINE) {
        ui_online_label(ui, c, buf, size);
        return;
    }
    /* a loaded game's players, by the names its PGN gives them */
    const char *named =
        ui_play_view(ui)->from.rec.def ? pgn_tag(&ui_play_view(ui)->from, c == WHITE ? "White" : "Black") : NULL;
    if (named && *named && strcmp(named, "?") && !ui_ai_plays(ui, c)) {
        snprintf(buf, size, "%.40s", named);
        return;
    }
    if (ui_ai_plays(ui, c)) /* shorter beside a clock */
        snprintf(buf, size, clock_enabled(&ui_time_view(ui)->clock) ? "AI %d" : "AI, level %d", ui->opt.level);
    else
        snprintf(buf, size, ui->opt.mode == PLAY_HOTSEAT ? "player" : "you");
}

/* The move list between lines y0 and y1, the latest moves when it is long.
 * A position from a FEN may start with the second player to move and at any
 * move number: the numbers follow it ("12... Kh7"). */
static void draw_moves(Ui *ui, int y0, int y1, int x, int w)
{
    Game *g = ui->game;
    int colw = 6;
    /* the moves browsed back over (or taken back) follow, dimmed: the
     * line stays in view and the current move is marked */
    int total = g->rec.nmoves + (ui_browse_view(ui)->on ? g->nredo : 0);
    for (int i = 0; i < total; i++) {
        int n = (int)strlen(g->san[i]) + (int)strlen(ui_review_mark(ui, i)) + 1;
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
    /* a finished game ends with its result, as in the PGN */
    bool result = game_over(g) && !ui_browse_view(ui)->on;
    int cur_line = (g->rec.nmoves > 0 ? g->rec.nmoves - 1 + lead : 0) / per;
    int first = nlines + result > rows ? nlines + result - rows : 0;
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
            else {
                char text[GAME_SAN_MAX + 4];
                const char *mark = ui_review_mark(ui, ply);
                snprintf(text, sizeof text, "%s%s", g->san[ply], mark);
                ui_put(y, nx, x + w - nx, ma, text);
                int sw = (int)strlen(g->san[ply]);
                if (*mark && nx + sw < x + w) /* the mark stands out */
                    ui_put(y, nx + sw, x + w - nx - sw, ui_style(ui, STYLE_ERROR) | A_BOLD, mark);
            }
        }
    }
    if (result && nlines - first < rows)
        ui_put(y0 + nlines - first, x + 5, w - 5, a | A_BOLD, game_outcome_text(g->rec.result.outcome));
}

/* The review's graph between lines y0 and y1 (exclusive): the first
 * player's expected result after each position, one column a position
 * (or a few when the game is longer than the panel is wide), in eighths of
 * a cell; the column of the position on the board in reverse. */
static void draw_review_graph(Ui *ui, int y0, int y1, int x, int width)
{
    const Game *g = ui->game;
    int h = y1 - y0, w = width - 1, n = ui_review_view(ui)->n + 1;
    if (h <= 0 || w <= 0)
        return;
    bool uni = ui_look_view(ui)->glyphs != GLYPHS_LETTERS;
    static const char *const eighths[] = {" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
    int cols = n < w ? n : w, shown = g->rec.nmoves;
    const Style *s = &ui_look_view(ui)->theme.s[ui_look_view(ui)->form][STYLE_PIECE_FIRST];
    for (int c = 0; c < cols; c++) {
        int lo = c * n / cols, hi = (c + 1) * n / cols - 1; /* positions lo..hi; the column shows hi */
        bool here = shown >= lo && shown <= hi;
        attr_t a = ui_attr(ui, s->fg, THEME_DEFAULT, s->attrs) | (here ? A_REVERSE : 0);
        if (hi >= ui_review_view(ui)->done) {
            ui_put(y1 - 1, x + c, 1, ui_style(ui, STYLE_DIM) | (here ? A_REVERSE : 0), uni ? "·" : ".");
            continue;
        }
        int fill = (int)(ui_score_share(ui_review_view(ui)->scores[hi], 0) * h * 8 + 0.5);
        for (int r = 0; r < h; r++) {
            int f = fill - r * 8;
            f = f < 0 ? 0 : f > 8 ? 8 : f;
            const char *ch = uni ? eighths[f] : f >= 6 ? "#" : f >= 3 ? ":" : f >= 1 ? "." : " ";
            ui_put(y1 - 1 - r, x + c, 1, a, ch);
        }
    }
}

/* The style of side c's pieces (promoted or not) on the default background. */
static attr_t piece_attr(Ui *ui, Color c, bool promoted)
{
    ThemeStyle st = promoted ? (c == WHITE ? STYLE_PROMOTED_FIRST : STYLE_PROMOTED_SECOND)
                             : (c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND);
    Style s = ui_look_view(ui)->theme.s[ui_look_view(ui)->form][st];
    if (s.bg == THEME_UNSET)
        s.bg = THEME_DEFAULT;
    return ui_attr(ui, s.fg, s.bg, s.attrs);
}

/* The legend, its title on line y0 and its entries down to line y1: each
 * kind of piece in play (on the board or in a hand) as it is drawn (both
 * glyphs where the two sides draw it differently, as the Clan's 王 and the
 * Kingdom's ♚), the letter it is typed with and its name; two columns where
 * they fit, and pages turned by L where they do not (`back` names what the
 * last page's L goes back to). */
static void draw_legend(Ui *ui, int y0, int y1, int x, int w, const char *back)
{
    const Game *g = ui->game;
    const Variant *v = g->v;
    struct {
        PieceLook look[2]; /* [1]: the other side's, when drawn differently */
        bool two;
        char text[2][24];  /* the glyphs as drawn, and their widths */
        int width[2];
        Color owner;
        char rest[48];     /* the letter (or Cashew's code) and the name */
    } e[MAX_PIECE_TYPES];
    /* narrow (the compact layout's half screen): no blank before the glyph,
     * one after the letter */
    bool tight = w < 26;
    int n = 0, glyph_w = 0, rest_w = 0;
    for (int t = 1; t <= v->ntypes && n < MAX_PIECE_TYPES; t++) {
        bool has[2];
        for (Color k = WHITE; k <= BLACK; k++)
            has[k] = g->pos->count[k][t] || g->pos->hand[k][t];
        if (!has[WHITE] && !has[BLACK])
            continue;
        Color c = has[WHITE] ? WHITE : BLACK;
        glyph_piece(v, ui_look_view(ui)->glyphs, c, t, &e[n].look[0]);
        glyph_piece(v, ui_look_view(ui)->glyphs, !c, t, &e[n].look[1]);
        e[n].two =
            has[!c] && ui_look_view(ui)->glyphs != GLYPHS_LETTERS && strcmp(e[n].look[0].glyph, e[n].look[1].glyph);
        e[n].owner = c;
        const PieceDef *d = v->type[t].def;
        char letter[8]; /* as typed: Cashew's two-letter code, else the SAN letter */
        if (d->code)
            snprintf(letter, sizeof letter, "%s", d->code);
        else
            snprintf(letter, sizeof letter, "%c", d->san);
        snprintf(e[n].rest, sizeof e[n].rest, tight ? "%s %s" : "%-2s %s", letter, d->name);
        PieceLook lk[2] = {e[n].look[0], e[n].look[1]}; /* copies: snprintf may not read what it writes */
        if (tight)
            snprintf(e[n].text[0], sizeof e[n].text[0], "%s%c", lk[0].glyph, lk[0].right);
        else
            snprintf(e[n].text[0], sizeof e[n].text[0], "%c%s%c", lk[0].left, lk[0].glyph, lk[0].right);
        char mark[2] = {!tight || lk[1].right != ' ' ? lk[1].right : 0, 0};
        snprintf(e[n].text[1], sizeof e[n].text[1], "%s%s", e[n].two ? lk[1].glyph : "", e[n].two ? mark : "");
        for (int k = 0; k < 2; k++)
            e[n].width[k] = ui_text_width(e[n].text[k], NULL, 24);
        int gw = e[n].width[0] + e[n].width[1], rw = ui_text_width(e[n].rest, NULL, 200);
        glyph_w = gw > glyph_w ? gw : glyph_w;
        rest_w = rw > rest_w ? rw : rest_w;
        n++;
    }
    int widest = glyph_w + 1 + rest_w;
    int cols = 2 * widest + 1 <= w ? 2 : 1, rows = y1 - y0 - 1;
    int per_page = rows > 0 ? rows * cols : 1, pages = (n + per_page - 1) / per_page;
    pages = pages ? pages : 1;
    ui_legend_paged(ui, pages);
    char title[64];
    if (pages == 1)
        snprintf(title, sizeof title, "Pieces (L: %s)", back);
    else { /* "(L: board)" where it fits, else without the brackets */
        const char *next = ui_look_view(ui)->legend_page + 1 < pages ? "more" : back;
        snprintf(title, sizeof title, "Pieces %d/%d (L: %s)", ui_look_view(ui)->legend_page + 1, pages, next);
        if ((int)strlen(title) > w)
            snprintf(title, sizeof title, "Pieces %d/%d L: %s", ui_look_view(ui)->legend_page + 1, pages, next);
    }
    ui_put(y0, x, w, ui_style(ui, STYLE_DIM), title);
    if (rows <= 0)
        return;
    int first = ui_look_view(ui)->legend_page * per_page;
    for (int i = first; i < n && i < first + per_page; i++) {
        int k = i - first, col = cols == 2 ? k % 2 : 0, row = cols == 2 ? k / 2 : k;
        int cx = x + col * (widest + 1), y = y0 + 1 + row, room = cols == 2 ? widest : w;
        attr_t a = piece_attr(ui, e[i].owner, e[i].look[0].promoted);
        ui_put(y, cx, room, a, e[i].text[0]);
        if (e[i].two)
            ui_put(y, cx + e[i].width[0], room - e[i].width[0], piece_attr(ui, !e[i].owner, e[i].look[1].promoted),
                   e[i].text[1]);
        if (room > glyph_w + 1)
            ui_put(y, cx + glyph_w + 1, room - glyph_w - 1, a, e[i].rest);
    }
}

/* The clock of side c at the right end of its panel line, after a label
 * `label_w` cells wide; the one that runs in the title style, a low one
 * (under 10 s) as an error.  Where "byo-yomi 0:25.3" would cover the
 * player's name, the clock shows the time alone and *short says so (the
 * panel's status line then names the side in byo-yomi). */
static void draw_clock(Ui *ui, Color c, int y, int label_w, bool *short_form)
{
    const Layout *l = &ui->lay;
    char t[CLOCK_TEXT_MAX + 8];
    *short_form = false;
    if (!clock_enabled(&ui_time_view(ui)->clock))
        return;
    ClockSide s = clock_side_now(&ui_time_view(ui)->clock, c);
    clock_format(&ui_time_view(ui)->clock, c, t, sizeof t);
    if (s.byoyomi && label_w + 1 + (int)strlen(t) + (ui_time_view(ui)->paused ? 3 : 0) > l->panel_w) {
        clock_format_ms(s.left_ms, t, sizeof t);
        if (s.periods > 0)
            snprintf(t + strlen(t), sizeof t - strlen(t), " +%d", s.periods);
        *short_form = true;
    }
    if (ui_time_view(ui)->paused && c == ui_time_view(ui)->clock.turn)
        snprintf(t + strlen(t), sizeof t - strlen(t), " %s", "||");
    bool running = ui_time_view(ui)->clock.state == CLOCK_RUNNING && ui_time_view(ui)->clock.turn == c;
    ThemeStyle st = running && s.left_ms < 10000 ? STYLE_ERROR : running ? STYLE_TITLE : STYLE_TEXT;
    int n = (int)strlen(t), x = l->panel_x + l->panel_w - n;
    ui_put(y, x - 1, n + 1, ui_style(ui, st), " ");
    ui_put(y, x, n, ui_style(ui, st) | (running ? A_BOLD : 0), t);
}

/* How many lines, up from the status line, the status line's message,
 * question or prompt takes (draw_status draws them). */
static int status_lines_used(const Ui *ui)
{
    int max = ui_status_lines(), n;
    if (ui->input == INPUT_CONFIRM)
        n = ui_wrapped_lines(ui_status_view(ui)->question, COLS);
    else if (ui->input == INPUT_PROMPT)
        n = 1 + (ui_status_view(ui)->msg[0] ? ui_wrapped_lines(ui_status_view(ui)->msg, COLS) : 0);
    else
        n = ui_status_view(ui)->msg[0] ? ui_wrapped_lines(ui_status_view(ui)->msg, COLS) : 1;
    return n < max ? n : max;
}

static void draw_panel(Ui *ui)
{
    const Layout *l = &ui->lay;
    Game *g = ui->game;
    int x = l->panel_x, w = l->panel_w, y = l->panel_y;
    /* compact, the panel under the board: a message of several lines grows
     * over the panel's status line, never over the players, who go up over
     * the board's last ranks while it is shown */
    if (l->panel_below && l->status_y - status_lines_used(ui) - 1 < y) {
        y = l->status_y - status_lines_used(ui) - 1;
        for (int k = 0; k < 2; k++) { /* over the board and the hands: blank lines first */
            attrset(ui_style(ui, STYLE_TEXT));
            mvhline(y + k, 0, ' ', COLS);
        }
    }
    char buf[256], who[160];
    bool uni = ui_look_view(ui)->glyphs != GLYPHS_LETTERS, byo_short[2];
    for (Color c = WHITE; c <= BLACK; c++) {
        player_label(ui, c, who, sizeof who);
        bool to_move = !ui_live_over(ui) && ui_live_side(ui) == c; /* in the game, whatever move is shown */
        snprintf(buf, sizeof buf, "%s %s: %s", to_move ? (uni ? "▶" : ">") : " ", game_side_name(g, c), who);
        ui_put(y, x, w, ui_style(ui, to_move ? STYLE_TITLE : STYLE_TEXT), buf);
        draw_clock(ui, c, y++, ui_text_width(buf, NULL, w), &byo_short[c]); /* over the end of a long name */
    }
    game_status_text(g, buf, sizeof buf);
    ThemeStyle st = STYLE_MESSAGE;
    /* without a check rule (Cashew) an attacked King can be taken: say so */
    if (!game_over(g) && pos_in_check(g->pos))
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), g->v->def->check_rule ? ", in check" : ", King attacked");
    else if (!game_over(g))
        st = STYLE_TEXT;
    if ((byo_short[WHITE] || byo_short[BLACK]) && !game_over(g)) /* once over, the result alone */
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), ", %s in byo-yomi",
                 byo_short[WHITE] && byo_short[BLACK] ? "both" : game_side_name(g, byo_short[BLACK]));
    if (l->panel_below) { /* compact: the players and the status, nothing more */
        ui_put(y, x, w, ui_style(ui, st), buf);
        return;
    }
    y += 1 + ui_put_wrapped(y + 1, x, w, ui_style(ui, st), buf, 2);
    /* never a line about a position no longer on the board (browsed, taken back) */
    const char *info = ui_ai_view(ui)->info_hidden || !ui_ai_info_current(ui) ? "" : ui_ai_view(ui)->info;
    bool analysis = ui_analysis_view(ui)->on && ui_analysis_view(ui)->running;
    if (analysis)
        snprintf(buf, sizeof buf, "Analysis%s%s", info[0] ? ": " : ": looking...", info);
    else if (ui_ai_plays(ui, ui_live_side(ui)) && !ui_live_over(ui))
        snprintf(buf, sizeof buf, "AI thinking%s%s", info[0] ? ": " : "...", info);
    else if (ui_ai_view(ui)->hinting)
        snprintf(buf, sizeof buf, "Hint%s%s", info[0] ? ": " : ": looking...", info);
    else if (ui->opt.mode == PLAY_ONLINE)
        ui_online_panel(ui, buf, sizeof buf);
    else if (ui->opt.mode != PLAY_HOTSEAT)
        snprintf(buf, sizeof buf, "AI: %s", info[0] ? info : player_name(ui_ai_view(ui)->player));
    else
        buf[0] = 0;
    /* two lines kept for it whenever an AI plays, so that the depth, score,
     * speed and expected moves show in a narrow panel and the move list
     * below does not jump as the line grows and shrinks; three for the
     * analysis, whose line is what it is for; the line ends after a whole move */
    if (ui->opt.mode != PLAY_HOTSEAT || analysis) {
        int n = analysis ? 3 : 2;
        ui_fit_words(buf, w, n);
        ui_put_wrapped(y, x, w, ui_style(ui, STYLE_DIM), buf, n);
        y += n;
    } else
        ui_put(y++, x, w, ui_style(ui, STYLE_DIM), buf);
    y++;
    int bottom = l->panel_y + l->panel_h - 1; /* the last panel line: key hints */
    if (ui->input == INPUT_CHOICE) {
        if (ui_board_view(ui)->nlegs) { /* "Lion via f6, g7:" */
            int n = snprintf(buf, sizeof buf, "%s via",
                             g->v->type[piece_type(g->pos->board[ui_board_view(ui)->sel_sq])].def->name);
            for (int i = 0; i < ui_board_view(ui)->nlegs && n < (int)sizeof buf - 8; i++) {
                char name[8];
                variant_square_name(g->v, ui_board_view(ui)->legs[i], name);
                n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %s", i ? "," : "", name);
            }
            snprintf(buf + n, sizeof buf - (size_t)n, ":");
        } else
            snprintf(buf, sizeof buf, "Choose a move:");
        ui_put(y++, x, w, ui_style(ui, STYLE_TITLE), buf);
        for (int i = 0; i < ui_choice_view(ui)->n && y < bottom; i++) {
            snprintf(buf, sizeof buf, "%d  %s", i + 1, ui_choice_view(ui)->text[i]);
            ui_put(y++, x, w, ui_style(ui, STYLE_TEXT), buf);
        }
    } else if (ui_review_view(ui)->on && !ui_look_view(ui)->legend) {
        if (ui_review_view(ui)->running)
            snprintf(buf, sizeof buf, "Review: %d/%d positions", ui_review_view(ui)->done, ui_review_view(ui)->n + 1);
        else /* shortly where the panel is narrow: never cut */
            snprintf(buf, sizeof buf, (int)strlen(g->v->def->white_name) + 19 <= w ? "Review (up: %s ahead)" : "Review (up: %s)",
                     g->v->def->white_name);
        ui_put(y++, x, w, ui_style(ui, STYLE_DIM), buf);
        int gh = bottom - y >= 12 ? 5 : bottom - y >= 7 ? 3 : bottom - y >= 4 ? 2 : 0;
        draw_review_graph(ui, y, y + gh, l->panel_x, l->panel_w);
        y += gh;
        draw_moves(ui, y, bottom, x, w);
    } else if (ui_look_view(ui)->legend) {
        draw_legend(ui, y, bottom, x, w, "moves");
    } else {
        ui_put(y++, x, w, ui_style(ui, STYLE_DIM), "Moves  (L: the pieces)");
        draw_moves(ui, y, bottom, x, w);
    }
    ui_put(bottom, x, w, ui_style(ui, STYLE_DIM), "? help  n new  q quit");
}

/* --- title and status lines ------------------------------------------------------------------ */

/* The AI's line for the status line of the compact layout, shortly: "Analysis:
 * Clan +0.97 d15  exd5 c6 dxc6" (the panel's "depth 15  Clan +0.97  274kn/s
 * exd5 c6 dxc6" without the speed); false when there is none to show. */
static bool ai_line_short(const Ui *ui, char *buf, size_t size)
{
    const char *info = ui_ai_view(ui)->info_hidden || !ui_ai_info_current(ui) ? "" : ui_ai_view(ui)->info, *what;
    if (ui_analysis_view(ui)->on && ui_analysis_view(ui)->running)
        what = "Analysis";
    else if (!info[0])
        return false;
    else if (ui_ai_plays(ui, ui_live_side(ui)) && !ui_live_over(ui))
        what = "AI";
    else if (ui_ai_view(ui)->hinting)
        what = "Hint";
    else
        return false;
    int depth = 0;
    const char *score = strstr(info, "  "), *speed = score ? strstr(score + 2, "  ") : NULL;
    const char *pv = speed ? strstr(speed + 2, "  ") : NULL;
    if (!pv || sscanf(info, "depth %d", &depth) != 1) {
        snprintf(buf, size, "%s: %s", what, info[0] ? info : "looking...");
        return true;
    }
    snprintf(buf, size, "%s: %.*s d%d  %s", what, (int)(speed - score - 2), score + 2, depth, pv + 2);
    return true;
}

static void draw_status(Ui *ui)
{
    const Layout *l = &ui->lay;
    attr_t a = ui_style(ui, STYLE_TEXT);
    char buf[256];
    if (ui_inputs[ui->input].draw) { /* a prompt or a question, and a hint above a prompt */
        if (ui->input == INPUT_PROMPT && ui_status_view(ui)->msg[0])
            ui_put_bottom_up(l->status_y - 1, COLS,
                             ui_style(ui, ui_status_view(ui)->msg_error ? STYLE_ERROR : STYLE_MESSAGE),
                             ui_status_view(ui)->msg, ui_status_lines() - 1);
        ui_inputs[ui->input].draw(ui, l->status_y);
        return;
    }
    if (ui_status_view(ui)->msg[0]) { /* a long one wraps upwards: the whole of it is read */
        const char *msg = ui_status_view(ui)->msg;
        char cut[sizeof ui_status_view(ui)->msg + 32];
        int max = ui_status_lines(), mx = 0, mw = COLS;
        /* compact, the panel right of the board: one of several lines goes
         * up the panel's column, so that the board's last rank and its file
         * letters stay in view (Cashew at 53x16) */
        if (l->compact && !l->panel_below && ui_wrapped_lines(msg, COLS) > 1) {
            mx = l->panel_x;
            mw = l->panel_w;
            attrset(ui_style(ui, STYLE_TEXT));
            mvhline(l->status_y, 0, ' ', COLS);
        }
        if (ui_wrapped_lines(msg, mw) > max) { /* longer still: where the rest is */
            static const char more[] = " ... (w: all of it)";
            snprintf(cut, sizeof cut, "%s", msg);
            ui_fit_words(cut, mw, max);
            size_t n = strlen(cut);
            while (n > 0) {
                snprintf(cut + n, sizeof cut - n, "%s", more);
                if (ui_wrapped_lines(cut, mw) <= max)
                    break;
                cut[n] = 0;
                char *sp = strrchr(cut, ' ');
                n = sp ? (size_t)(sp - cut) : 0;
                cut[n] = 0;
            }
            msg = n ? cut : msg; /* one word longer than all the lines: cut where it stops */
        }
        ui_put_bottom_up_at(l->status_y, mx, mw,
                            ui_style(ui, ui_status_view(ui)->msg_error ? STYLE_ERROR : STYLE_MESSAGE), msg, max);
    } else if (l->panel_below && ai_line_short(ui, buf, sizeof buf)) { /* no panel for it: the keys' line */
        ui_fit_words(buf, COLS, 1);
        ui_put(l->status_y, 0, COLS, ui_style(ui, STYLE_DIM), buf);
    } else if (COLS < 75) /* narrow: the same keys, shortly */
        ui_put(l->status_y, 0, COLS, a, ui->game->v->drop_types ? "arrows Enter: move  Tab: hand  ?: help" : "arrows Enter: move  :: type  ?: help");
    else if (ui->game->v->drop_types)
        ui_put(l->status_y, 0, COLS, a, "arrows/hjkl move  Enter pick up/put down  Tab hand  : type a move  ? help");
    else
        ui_put(l->status_y, 0, COLS, a, "arrows/hjkl move  Enter pick up/put down  : type a move  ? help");
}

void ui_draw_game(Ui *ui)
{
    Game *g = ui->game;
    char buf[200];
    snprintf(buf, sizeof buf, "Kage %s %s", ui_look_view(ui)->glyphs != GLYPHS_LETTERS ? "—" : "-", g->v->def->name);
    ui_put(0, 0, COLS, ui_style(ui, STYLE_TITLE), buf);
    if (ui->lay.panel_below && ui_look_view(ui)->legend) {
        /* compact and narrow: L shows the moves and the pieces in place of the board */
        int y1 = ui->lay.panel_y, half = COLS / 2, y = 2;
        if (ui_review_view(ui)->on) { /* the review's graph above the moves */
            if (ui_review_view(ui)->running)
                snprintf(buf, sizeof buf, "Review %d/%d", ui_review_view(ui)->done, ui_review_view(ui)->n + 1);
            else
                snprintf(buf, sizeof buf, "Review (up: %s)", g->v->def->white_name);
            ui_put(1, 0, half - 1, ui_style(ui, STYLE_DIM), buf);
            int gh = y1 - y >= 7 ? 3 : y1 - y >= 4 ? 2 : 0;
            draw_review_graph(ui, y, y + gh, 0, half - 1);
            y += gh;
        } else
            ui_put(1, 0, half, ui_style(ui, STYLE_DIM), "Moves");
        draw_moves(ui, y, y1, 0, half - 1);
        draw_legend(ui, 1, y1, half, COLS - half, "board");
    } else {
        draw_board(ui);
        draw_eval_bar(ui);
        draw_hands(ui);
        draw_taken(ui);
    }
    draw_panel(ui);
    draw_status(ui);
}
