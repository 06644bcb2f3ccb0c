/* The piece guide (g): how the piece under the cursor (or in hand) moves,
 * drawn on a board of its own, every piece type of the game in turn; its
 * state is ui->guide, its keys a table of actions bound in bindings.c. */
#include "ui_internal.h"

#include <stdio.h>
#include <string.h>

static void back_to_game(Ui *ui) { ui->screen = SCREEN_GAME; }

/* --- piece guide ---------------------------------------------------------------------- */

/* The piece types side c can ever have in this game, from the variant's
 * data: its pieces at the start (board and hand), what they promote to,
 * and, where captures go to the capturer's hand, the other side's too (as
 * they go back in hand).  A bit a type. */
static uint64_t side_types(const Game *g, Color c)
{
    const Variant *v = g->v;
    Position *pos = pos_new(v);
    KageError err;
    uint64_t mine[2] = {0, 0};
    if (pos_set_fen(pos, g->rec.start_fen ? g->rec.start_fen : v->def->start_fen, &err) ||
        pos_set_fen(pos, v->def->start_fen, &err))
        for (int side = 0; side < 2; side++) {
            for (int sq = 0; sq < BOARD_ARRAY; sq++)
                if (v->file_of[sq] >= 0 && pos->board[sq] != PIECE_EMPTY && (int)piece_color(pos->board[sq]) == side)
                    mine[side] |= 1ULL << piece_type(pos->board[sq]);
            for (int t = 1; t <= v->ntypes; t++)
                if (pos->hand[side][t])
                    mine[side] |= 1ULL << t;
        }
    pos_free(pos);
    uint64_t set = mine[c];
    if (v->def->captures_to_hand) /* the other side's pieces, captured, as they go to a hand */
        for (int t = 1; t <= v->ntypes; t++)
            if (mine[!c] & (1ULL << t))
                set |= 1ULL << (v->type[t].demotes ? v->type[t].demotes : t);
    for (int round = 0; round < MAX_PIECE_TYPES; round++) /* and what they promote to, and back */
        for (int t = 1; t <= v->ntypes; t++)
            if (set & (1ULL << t)) {
                if (v->type[t].promotes)
                    set |= 1ULL << v->type[t].promotes;
                if (v->type[t].demotes && v->def->captures_to_hand)
                    set |= 1ULL << v->type[t].demotes;
            }
    return set ? set : ~0ULL;
}

/* The next type of the guide's side after t (dir +1 or -1), round the list. */
static int guide_step(const Ui *ui, int t, int dir)
{
    int n = ui->game->v->ntypes;
    uint64_t set = side_types(ui->game, ui->guide.color);
    for (int k = 0; k < n; k++) {
        t = (t - 1 + dir + n) % n + 1;
        if (set & (1ULL << t))
            return t;
    }
    return t;
}

void ui_open_guide(Ui *ui)
{
    const Position *pos = ui->game->pos;
    int sq = ui_square(ui, ui_board_view(ui)->cur_file, ui_board_view(ui)->cur_rank);
    int types[MAX_PIECE_TYPES];
    if (ui_board_view(ui)->cur_hand >= 0 &&
        ui_board_view(ui)->cur_hand < ui_hand_types(ui, ui_board_view(ui)->cur_hand_color, types)) {
        ui->guide.type = types[ui_board_view(ui)->cur_hand];
        ui->guide.color = ui_board_view(ui)->cur_hand_color;
    } else if (ui_board_view(ui)->sel_drop) {
        ui->guide.type = ui_board_view(ui)->sel_drop;
        ui->guide.color = pos->side;
    } else if (pos->board[sq] != PIECE_EMPTY) {
        ui->guide.type = piece_type(pos->board[sq]);
        ui->guide.color = piece_color(pos->board[sq]);
    } else {
        ui->guide.color = WHITE;
        ui->guide.type = guide_step(ui, ui->game->v->ntypes, 1); /* the first piece the first side has */
    }
    ui->screen = SCREEN_GUIDE;
}

static const char *special_text(enum Special s)
{
    switch (s) {
    case SPECIAL_LION:
        return "plus Lion moves: two king steps in one turn, capturing on both (igui, hit and run), or pass";
    case SPECIAL_WOLF:
        return "plus Wolf moves: up to three steps along one line, capturing on the way, or pass";
    case SPECIAL_HOOK_ORTHO:
        return "plus a hook: slide as a rook, turn once by 90 degrees at an empty square, slide on";
    case SPECIAL_HOOK_DIAG:
        return "plus a hook: slide as a bishop, turn once by 90 degrees at an empty square, slide on";
    default:
        return NULL;
    }
}

/* Squares the piece reaches from `from` on an empty board, by its tables
 * (the special moves are described in words): 1 move, 2 capture, 3 both. */
static void guide_reach(const Variant *v, Color c, int type, int from, unsigned char *reach)
{
    const PieceMoves *pm = &v->moves[c][type];
    for (int i = 0; i < pm->nleap; i++) {
        int to = from + pm->leap[i].off;
        if (to >= 0 && to < BOARD_ARRAY && v->file_of[to] >= 0)
            reach[to] |= pm->leap[i].mode;
    }
    for (int i = 0; i < pm->nslide; i++) {
        int to = from, range = pm->slide[i].range ? pm->slide[i].range : MAX_FILES;
        for (int k = 0; k < range; k++) {
            to += pm->slide[i].off;
            if (to < 0 || to >= BOARD_ARRAY || v->file_of[to] < 0)
                break;
            reach[to] |= pm->slide[i].mode;
        }
    }
}

void ui_draw_guide(Ui *ui)
{
    const Variant *v = ui->game->v;
    int t = ui->guide.type;
    Color c = ui->guide.color;
    const PieceDef *d = v->type[t].def;
    PieceLook look;
    glyph_piece(v, ui_look_view(ui)->glyphs, c, t, &look);
    char buf[300];
    int y = 0;
    snprintf(buf, sizeof buf, "Piece guide: %s %s  (Left/Right other pieces, s other side, Esc back)",
             look.glyph, d->name);
    y += ui_put_wrapped(y, 0, COLS, ui_style(ui, STYLE_TITLE), buf, 2); /* the keys whole, under it if need be */
    snprintf(buf, sizeof buf, "%s piece.  FEN %s%s%s   Betza %s", game_side_name(ui->game, c), d->fen,
             d->code ? "  code " : "", d->code ? d->code : "", d->betza);
    ui_put(y++, 0, COLS, ui_style(ui, STYLE_TEXT), buf);
    int pt = v->type[t].promotes;
    if (pt)
        snprintf(buf, sizeof buf, "Promotes to: %s", v->type[pt].def->name);
    else if (v->type[t].def->demotes && v->def->captures_to_hand)
        snprintf(buf, sizeof buf, "A promoted piece: goes back to %s when captured into a hand",
                 v->type[v->type[t].demotes].def->name);
    else if (v->type[t].def->demotes) /* captures go to no hand here */
        snprintf(buf, sizeof buf, "A promoted piece (from %s)", v->type[v->type[t].demotes].def->name);
    else
        snprintf(buf, sizeof buf, "Does not promote");
    ui_put(y++, 0, COLS, ui_style(ui, STYLE_TEXT), buf);
    const char *sp = special_text(d->special);
    if (sp)
        y += ui_put_wrapped(y, 0, COLS, ui_style(ui, STYLE_MESSAGE), sp, 2);
    y++;
    /* the diagram: the piece in the middle of an empty board, from its owner's side */
    int from = v->sq_of[(v->ranks / 2) * v->files + (v->files - 1) / 2];
    unsigned char reach[BOARD_ARRAY] = {0};
    guide_reach(v, c, t, from, reach);
    bool uni = ui_look_view(ui)->glyphs != GLYPHS_LETTERS;
    for (int row = 0; row < v->ranks && y < LINES - 3; row++, y++) {
        int rank = c == WHITE ? v->ranks - 1 - row : row;
        snprintf(buf, sizeof buf, "%2d", rank + 1);
        ui_put(y, 0, 2, ui_style(ui, STYLE_COORDS), buf);
        for (int col = 0; col < v->files; col++) {
            int file = c == WHITE ? col : v->files - 1 - col;
            int sq = v->sq_of[rank * v->files + file];
            Style st = ui_look_view(ui)->theme.s[ui_look_view(ui)->form][(file + rank) % 2 ? STYLE_LIGHT : STYLE_DARK];
            const char *mark = reach[sq] == 3 ? (uni ? " ● " : " * ") : reach[sq] == 1 ? (uni ? " ○ " : " o ")
                               : reach[sq] == 2 ? " x " : "   ";
            const Style *tg = &ui_look_view(ui)->theme.s[ui_look_view(ui)->form][STYLE_TARGET];
            if (reach[sq] && tg->bg != THEME_UNSET)
                st.bg = tg->bg;
            char cell[40];
            snprintf(cell, sizeof cell, "%s", mark);
            if (sq == from)
                snprintf(cell, sizeof cell, "%s ", look.glyph);
            Style ps =
                ui_look_view(ui)->theme.s[ui_look_view(ui)->form][c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND];
            short fg = sq == from ? ps.fg : THEME_DEFAULT;
            ui_put(y, 3 + col * 3, 3, ui_attr(ui, fg, st.bg, st.attrs | (sq == from ? ps.attrs : 0)), cell);
        }
    }
    /* the files' letters under the diagram, from the owner's side */
    for (int col = 0; col < v->files && y < LINES - 1; col++) {
        int file = c == WHITE ? col : v->files - 1 - col;
        char letter[4];
        snprintf(letter, sizeof letter, " %c ", 'a' + file);
        ui_put(y, 3 + col * 3, 3, ui_style(ui, STYLE_COORDS), letter);
    }
    y++;
    ui_put(y++, 0, COLS, ui_style(ui, STYLE_DIM),
           uni ? "● moves or captures   ○ moves only   x captures only" : "* moves or captures   o moves only   x captures only");
}

static void guide_next(Ui *ui) { ui->guide.type = guide_step(ui, ui->guide.type, 1); }

static void guide_previous(Ui *ui) { ui->guide.type = guide_step(ui, ui->guide.type, -1); }

/* The other side: the same piece if it has one, else its first. */
static void guide_side(Ui *ui)
{
    ui->guide.color = !ui->guide.color;
    if (!(side_types(ui->game, ui->guide.color) & (1ULL << ui->guide.type)))
        ui->guide.type = guide_step(ui, ui->guide.type, 1);
}

const UiAction ui_guide_actions[] = {
    {"next", "the next piece of the variant", guide_next, NULL, NULL},
    {"previous", "the previous piece", guide_previous, NULL, NULL},
    {"side", "the same piece of the other side", guide_side, NULL, NULL},
    {"close", "back to the game", back_to_game, NULL, NULL},
};
const int ui_guide_nactions = N_ELEMS(ui_guide_actions);
