/* The screens beside the game: help (from the binding table), the piece
 * guide, and the new-game chooser. */
#include "ui_internal.h"

#include <stdio.h>
#include <string.h>

/* --- rule reminders ------------------------------------------------------------------ */

int ui_rule_reminders(const Ui *ui, const char **lines, int max)
{
    const VariantDef *d = ui->game->v->def;
    int n = 0;
#define ADD(s)            \
    do {                  \
        if (n < max)      \
            lines[n++] = (s); \
    } while (0)
    if (d->flag_region[0])
        ADD("Campmate: a King that reaches the far rank wins at once.");
    if (d->check_rule && d->stalemate_value == VALUE_LOSS)
        ADD("Stalemate loses: the side left without a legal move loses.");
    else if (d->stalemate_value == VALUE_DRAW)
        ADD("Stalemate is a draw.");
    if (d->promo_rule == PROMO_ZONE_MANDATORY)
        ADD("Promotion is mandatory: Lances, Horses, Monks and Pawns promote on reaching the zone (pychess rules).");
    if (d->promo_rule == PROMO_ZONE_OPTIONAL)
        ADD("Promotion is optional in the last three ranks; you are asked. Only one of each promoted major piece.");
    if (d->promo_rule == PROMO_ON_CAPTURE)
        ADD("Promotion by capture: a piece that captures promotes, always. Pawns never promote.");
    if (!d->check_rule)
        ADD("No check rule: a King may be left attacked, and capturing the King wins.");
    if (d->captures_to_hand)
        ADD("Captured pieces go to the captor's hand and may be dropped.");
    if (d->rep_rule == REP_REPEATER_LOSES)
        ADD("Repeating a position for the third time loses.");
    else if (d->rep_rule == REP_PERPETUAL_CHECK)
        ADD("Fourfold repetition draws, unless one side checked all the time: it loses.");
    else if (d->rep_rule == REP_CHECK_THEN_CHASE)
        ADD("Repetition: perpetual check loses, then perpetual chase loses, else a draw.");
    if (d->nmove_rule)
        ADD("50 moves without capture or pawn move: draw.");
#undef ADD
    return n;
}

/* --- help ----------------------------------------------------------------------------- */

#define HELP_MAX_LINES 160

/* Add `text` after `lead` (a label padded to `indent` cells, or nothing),
 * broken at spaces to fit `width` cells; continuation lines are indented
 * under the text.  Returns the new line count. */
static int help_add(char lines[][160], int n, int max, int width, int indent, const char *lead, const char *text)
{
    int room = width - indent;
    if (room < 20)
        room = 20; /* a very narrow screen: cut rather than one word a line */
    bool first = true;
    do {
        int len = ui_wrap_next(text, room, false);
        if (n < max)
            snprintf(lines[n++], 160, "%-*s%.*s", indent, first ? lead : "", len, text);
        text += len;
        while (*text == ' ')
            text++;
        first = false;
    } while (*text);
    return n;
}

static int help_lines(Ui *ui, char lines[][160], int max)
{
    int n = 0, width = COLS - 2 < 159 ? COLS - 2 : 159;
    n = help_add(lines, n, max, width, 0, "", "Kage keys (q or Esc closes this screen, j/k scroll)");
    lines[n++][0] = 0;
    for (int i = 0; i < ui_nactions && n < max; i++) {
        char keys[64], lead[80];
        ui_keys_of(ui_actions[i].name, keys, sizeof keys);
        snprintf(lead, sizeof lead, "  %-20s ", keys);
        n = help_add(lines, n, max, width, (int)strlen(lead), lead, ui_actions[i].help);
    }
    static const char *const extra[] = {
        "",
        "At the move prompt: Enter plays, Esc cancels, Backspace deletes, C-u clears.",
        "Promotion question: y or n.  Several moves to one square: 1-9 picks.",
        "Mouse: left click picks up and puts down (also pieces in hand), right click cancels.",
        "",
    };
    for (int i = 0; i < (int)(sizeof extra / sizeof extra[0]) && n < max; i++)
        n = help_add(lines, n, max, width, 0, "", extra[i]);
    const char *rules[16];
    int nr = ui_rule_reminders(ui, rules, 16);
    char title[96];
    snprintf(title, sizeof title, "Rules of %s to remember:", ui->game->v->def->name);
    n = help_add(lines, n, max, width, 0, "", title);
    for (int i = 0; i < nr && n < max; i++)
        n = help_add(lines, n, max, width, 2, "  ", rules[i]);
    return n;
}

void ui_draw_help(Ui *ui)
{
    static char lines[HELP_MAX_LINES][160];
    int n = help_lines(ui, lines, HELP_MAX_LINES);
    if (ui->help_top > n - 1)
        ui->help_top = n - 1;
    for (int y = 0; y < LINES && ui->help_top + y < n; y++)
        ui_put(y, 1, COLS - 1, ui_style(ui, y == 0 && ui->help_top == 0 ? STYLE_TITLE : STYLE_TEXT),
               lines[ui->help_top + y]);
}

void ui_key_help(Ui *ui, const char *key)
{
    if (!strcmp(key, "j") || !strcmp(key, "<Down>"))
        ui->help_top++;
    else if ((!strcmp(key, "k") || !strcmp(key, "<Up>")) && ui->help_top > 0)
        ui->help_top--;
    else if (!strcmp(key, "q") || !strcmp(key, "<Escape>") || !strcmp(key, "?") || !strcmp(key, "<Enter>"))
        ui->screen = SCREEN_GAME;
}

/* --- piece guide ---------------------------------------------------------------------- */

void ui_open_guide(Ui *ui)
{
    const Position *pos = ui->game->pos;
    int sq = ui_square(ui, ui->cur_file, ui->cur_rank);
    int types[MAX_PIECE_TYPES];
    if (ui->cur_hand >= 0 && ui->cur_hand < ui_hand_types(ui, ui->cur_hand_color, types)) {
        ui->guide_type = types[ui->cur_hand];
        ui->guide_color = ui->cur_hand_color;
    } else if (ui->sel_drop) {
        ui->guide_type = ui->sel_drop;
        ui->guide_color = pos->side;
    } else if (pos->board[sq] != PIECE_EMPTY) {
        ui->guide_type = piece_type(pos->board[sq]);
        ui->guide_color = piece_color(pos->board[sq]);
    } else {
        ui->guide_type = 1;
        ui->guide_color = WHITE;
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
    int t = ui->guide_type;
    Color c = ui->guide_color;
    const PieceDef *d = v->type[t].def;
    PieceLook look;
    glyph_piece(v, ui->glyphs, c, t, &look);
    char buf[300];
    int y = 0;
    snprintf(buf, sizeof buf, "Piece guide: %s %s  (Left/Right other pieces, s other side, Esc back)",
             look.glyph, d->name);
    ui_put(y++, 0, COLS, ui_style(ui, STYLE_TITLE), buf);
    snprintf(buf, sizeof buf, "%s piece.  FEN %s%s%s   Betza %s", game_side_name(ui->game, c), d->fen,
             d->code ? "  code " : "", d->code ? d->code : "", d->betza);
    ui_put(y++, 0, COLS, ui_style(ui, STYLE_TEXT), buf);
    int pt = v->type[t].promotes;
    if (pt)
        snprintf(buf, sizeof buf, "Promotes to: %s", v->type[pt].def->name);
    else if (v->type[t].def->demotes)
        snprintf(buf, sizeof buf, "A promoted piece: goes back to %s when captured into a hand",
                 v->type[v->type[t].demotes].def->name);
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
    bool uni = ui->glyphs == GLYPHS_UNICODE;
    for (int row = 0; row < v->ranks && y < LINES - 2; row++, y++) {
        int rank = c == WHITE ? v->ranks - 1 - row : row;
        snprintf(buf, sizeof buf, "%2d", rank + 1);
        ui_put(y, 0, 2, ui_style(ui, STYLE_COORDS), buf);
        for (int col = 0; col < v->files; col++) {
            int file = c == WHITE ? col : v->files - 1 - col;
            int sq = v->sq_of[rank * v->files + file];
            Style st = ui->theme.s[ui->form][(file + rank) % 2 ? STYLE_LIGHT : STYLE_DARK];
            const char *mark = reach[sq] == 3 ? (uni ? " ● " : " * ") : reach[sq] == 1 ? (uni ? " ○ " : " o ")
                               : reach[sq] == 2 ? " x " : "   ";
            const Style *tg = &ui->theme.s[ui->form][STYLE_TARGET];
            if (reach[sq] && tg->bg != THEME_UNSET)
                st.bg = tg->bg;
            char cell[40];
            snprintf(cell, sizeof cell, "%s", mark);
            if (sq == from)
                snprintf(cell, sizeof cell, "%s ", look.glyph);
            Style ps = ui->theme.s[ui->form][c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND];
            short fg = sq == from ? ps.fg : THEME_DEFAULT;
            ui_put(y, 3 + col * 3, 3, ui_attr(ui, fg, st.bg, st.attrs | (sq == from ? ps.attrs : 0)), cell);
        }
    }
    ui_put(y++, 0, COLS, ui_style(ui, STYLE_DIM),
           uni ? "● moves or captures   ○ moves only   x captures only" : "* moves or captures   o moves only   x captures only");
}

void ui_key_guide(Ui *ui, const char *key)
{
    const Variant *v = ui->game->v;
    int n = v->ntypes;
    if (!strcmp(key, "<Right>") || !strcmp(key, "l") || !strcmp(key, "<Tab>") || !strcmp(key, "j"))
        ui->guide_type = ui->guide_type % n + 1;
    else if (!strcmp(key, "<Left>") || !strcmp(key, "h") || !strcmp(key, "<S-Tab>") || !strcmp(key, "k"))
        ui->guide_type = (ui->guide_type + n - 2) % n + 1;
    else if (!strcmp(key, "s"))
        ui->guide_color = !ui->guide_color;
    else if (!strcmp(key, "q") || !strcmp(key, "<Escape>") || !strcmp(key, "g") || !strcmp(key, "<Enter>"))
        ui->screen = SCREEN_GAME;
}

/* --- new game ---------------------------------------------------------------------------- */

enum { NG_VARIANT, NG_MODE, NG_LEVEL, NG_CLOCK, NG_START, NG_FIELDS };

static bool tc_equal(const TimeControl *a, const TimeControl *b)
{
    if (a->kind == CLOCK_NONE || b->kind == CLOCK_NONE)
        return a->kind == b->kind;
    return a->kind == b->kind && a->base_ms == b->base_ms && a->extra_ms == b->extra_ms &&
           (a->kind != CLOCK_BYOYOMI || a->periods == b->periods);
}

/* The clocks to choose from: a few usual ones, and the game's own if it is
 * not one of them (from --clock or the config file). */
static void newgame_clocks(Ui *ui)
{
    static const char *const presets[] = {"none", "3+2", "5", "5+3", "10+5", "15+10", "30", "10+30 byo", "30+60 byo"};
    ui->ng_ntc = 0;
    ui->ng_clock = -1;
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        KageError err;
        TimeControl tc;
        if (clock_tc_parse(presets[i], &tc, &err)) {
            if (tc_equal(&tc, &ui->tc))
                ui->ng_clock = ui->ng_ntc;
            ui->ng_tcs[ui->ng_ntc++] = tc;
        }
    }
    if (ui->ng_clock < 0) {
        ui->ng_clock = ui->ng_ntc;
        ui->ng_tcs[ui->ng_ntc++] = ui->tc;
    }
}

void ui_open_newgame(Ui *ui)
{
    ui->ng_variant = 0;
    for (int i = 0; variant_defs[i]; i++)
        if (!strcmp(variant_defs[i]->id, ui->game->v->def->id))
            ui->ng_variant = i;
    ui->ng_mode = ui->opt.mode;
    ui->ng_level = ui->opt.level;
    newgame_clocks(ui);
    ui->ng_field = NG_VARIANT;
    ui->screen = SCREEN_NEWGAME;
}

static int nvariants(void)
{
    int n = 0;
    while (variant_defs[n])
        n++;
    return n;
}

void ui_draw_newgame(Ui *ui)
{
    int y = 0;
    char buf[256];
    ui_put(y++, 1, COLS - 1, ui_style(ui, STYLE_TITLE), "New game");
    ui_put(y++, 1, COLS - 1, ui_style(ui, STYLE_DIM),
           "Up/Down: choose a line   Left/Right: change   Enter: start   Esc: back");
    y++;
    for (int f = 0; f < NG_FIELDS; f++, y++) {
        bool on = f == ui->ng_field;
        attr_t a = ui_style(ui, on ? STYLE_TITLE : STYLE_TEXT) | (on ? A_REVERSE : 0);
        const VariantDef *d = variant_defs[ui->ng_variant];
        switch (f) {
        case NG_VARIANT:
            snprintf(buf, sizeof buf, " Variant  < %s >", d->name);
            ui_put(y, 1, COLS - 1, a, buf);
            ui_put(++y, 4, COLS - 4, ui_style(ui, STYLE_DIM), d->summary ? d->summary : "");
            break;
        case NG_MODE:
            snprintf(buf, sizeof buf, " Mode     < %s >", options_mode_text(ui->ng_mode));
            ui_put(y, 1, COLS - 1, a, buf);
            snprintf(buf, sizeof buf, "first to move: %s, then %s", d->white_name, d->black_name);
            ui_put(++y, 4, COLS - 4, ui_style(ui, STYLE_DIM), buf);
            break;
        case NG_LEVEL:
            snprintf(buf, sizeof buf, " AI level < %d >   (1 weakest, %d strongest)", ui->ng_level, LEVEL_MAX);
            ui_put(y, 1, COLS - 1, a, buf);
            break;
        case NG_CLOCK: {
            char spec[64];
            clock_tc_format(&ui->ng_tcs[ui->ng_clock], spec, sizeof spec);
            snprintf(buf, sizeof buf, " Clock    < %s >", spec);
            ui_put(y, 1, COLS - 1, a, buf);
            ui_put(++y, 4, COLS - 4, ui_style(ui, STYLE_DIM),
                   "minutes each, + seconds added per move; byo: then that long for every move");
            break;
        }
        case NG_START:
            ui_put(++y, 1, COLS - 1, a, " [ Start the game ] ");
            break;
        }
    }
}

void ui_key_newgame(Ui *ui, const char *key)
{
    int dir = 0;
    if (!strcmp(key, "<Up>") || !strcmp(key, "k") || !strcmp(key, "<S-Tab>"))
        ui->ng_field = (ui->ng_field + NG_FIELDS - 1) % NG_FIELDS;
    else if (!strcmp(key, "<Down>") || !strcmp(key, "j") || !strcmp(key, "<Tab>"))
        ui->ng_field = (ui->ng_field + 1) % NG_FIELDS;
    else if (!strcmp(key, "<Left>") || !strcmp(key, "h"))
        dir = -1;
    else if (!strcmp(key, "<Right>") || !strcmp(key, "l") || (!strcmp(key, "<Space>") && ui->ng_field != NG_START))
        dir = 1;
    else if (!strcmp(key, "<Escape>") || !strcmp(key, "q"))
        ui->screen = SCREEN_GAME;
    else if (!strcmp(key, "<Enter>") || !strcmp(key, "<Space>"))
        ui_new_game(ui, variant_defs[ui->ng_variant]->id, NULL, ui->ng_mode, ui->ng_level, &ui->ng_tcs[ui->ng_clock]);
    if (!dir)
        return;
    switch (ui->ng_field) {
    case NG_VARIANT:
        ui->ng_variant = (ui->ng_variant + dir + nvariants()) % nvariants();
        break;
    case NG_MODE:
        ui->ng_mode = (PlayMode)((ui->ng_mode + dir + PLAY_MODE_COUNT) % PLAY_MODE_COUNT);
        break;
    case NG_CLOCK:
        ui->ng_clock = (ui->ng_clock + dir + ui->ng_ntc) % ui->ng_ntc;
        break;
    case NG_LEVEL:
        ui->ng_level = ui->ng_level + dir < LEVEL_MIN ? LEVEL_MAX : ui->ng_level + dir > LEVEL_MAX ? LEVEL_MIN
                                                                                                   : ui->ng_level + dir;
        break;
    }
}
