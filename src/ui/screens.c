/* The screens as table entries (ui_screens[]: name, size needed, drawing,
 * key map), the top of drawing (ui_draw), and the screens beside the game:
 * help (printed from the binding table), the piece guide and the new-game
 * chooser, each with its keys' actions. */
#include "ui_internal.h"
#include "kage/net/wire.h"

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

#define HELP_MAX_LINES 400

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

/* One key map's keys and what they do, under its title (the board's keys
 * under the screen's own title). */
static int help_keymap(UiKeymap map, char lines[][160], int n, int max, int width, bool titled)
{
    UiKeyHelp keys[64];
    const char *title;
    int nk = ui_keymap_help(map, &title, keys, 64);
    if (titled) {
        char t[160];
        snprintf(t, sizeof t, "%s:", title);
        n = help_add(lines, n, max, width, 0, "", t);
    }
    for (int i = 0; i < nk && n < max; i++) {
        char lead[80];
        if (width - 23 < 24) { /* narrow: the keys on a line, what they do under them */
            snprintf(lead, sizeof lead, "  %.60s", keys[i].keys);
            n = help_add(lines, n, max, width, 0, "", lead);
            n = help_add(lines, n, max, width, 4, "    ", keys[i].help);
            continue;
        }
        if (strlen(keys[i].keys) > 20) { /* the keys on a line of their own */
            snprintf(lead, sizeof lead, "  %.60s", keys[i].keys);
            n = help_add(lines, n, max, width, 0, "", lead);
            keys[i].keys[0] = 0;
        }
        snprintf(lead, sizeof lead, "  %-20.60s ", keys[i].keys);
        n = help_add(lines, n, max, width, (int)strlen(lead), lead, keys[i].help);
    }
    return n;
}

static int help_lines(Ui *ui, char lines[][160], int max)
{
    int n = 0, width = COLS - 2 < 159 ? COLS - 2 : 159;
    n = help_add(lines, n, max, width, 0, "", "Kage keys (q or Esc closes this screen, j/k scroll)");
    lines[n++][0] = 0;
    n = help_keymap(KEYS_BOARD, lines, n, max, width, false);
    n = help_add(lines, n, max, width, 0, "", "");
    n = help_add(lines, n, max, width, 0, "",
                 "Mouse: left click picks up and puts down (also pieces in hand), right click cancels.");
    n = help_add(lines, n, max, width, 0, "", "");
    const char *rules[16];
    int nr = ui_rule_reminders(ui, rules, 16);
    char title[96];
    snprintf(title, sizeof title, "Rules of %s to remember:", ui->game->v->def->name);
    n = help_add(lines, n, max, width, 0, "", title);
    for (int i = 0; i < nr && n < max; i++)
        n = help_add(lines, n, max, width, 2, "  ", rules[i]);
    for (UiKeymap map = KEYS_BOARD + 1; map < KEYS_COUNT && n < max; map++) {
        n = help_add(lines, n, max, width, 0, "", "");
        n = help_keymap(map, lines, n, max, width, true);
    }
    return n;
}

void ui_draw_help(Ui *ui)
{
    static char lines[HELP_MAX_LINES][160];
    int n = help_lines(ui, lines, HELP_MAX_LINES);
    if (ui->help.top > n - 1)
        ui->help.top = n - 1;
    for (int y = 0; y < LINES && ui->help.top + y < n; y++)
        ui_put(y, 1, COLS - 1, ui_style(ui, y == 0 && ui->help.top == 0 ? STYLE_TITLE : STYLE_TEXT),
               lines[ui->help.top + y]);
}

static void help_down(Ui *ui) { ui->help.top++; }

static void help_up(Ui *ui)
{
    if (ui->help.top > 0)
        ui->help.top--;
}

static void back_to_game(Ui *ui) { ui->screen = SCREEN_GAME; }

const UiAction ui_help_actions[] = {
    {"down", "scroll down", help_down, NULL, NULL},
    {"up", "scroll up", help_up, NULL, NULL},
    {"close", "back to the game", back_to_game, NULL, NULL},
};
const int ui_help_nactions = N_ELEMS(ui_help_actions);

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
    int sq = ui_square(ui, ui->board.cur_file, ui->board.cur_rank);
    int types[MAX_PIECE_TYPES];
    if (ui->board.cur_hand >= 0 && ui->board.cur_hand < ui_hand_types(ui, ui->board.cur_hand_color, types)) {
        ui->guide.type = types[ui->board.cur_hand];
        ui->guide.color = ui->board.cur_hand_color;
    } else if (ui->board.sel_drop) {
        ui->guide.type = ui->board.sel_drop;
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
    glyph_piece(v, ui->look.glyphs, c, t, &look);
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
    bool uni = ui->look.glyphs != GLYPHS_LETTERS;
    for (int row = 0; row < v->ranks && y < LINES - 3; row++, y++) {
        int rank = c == WHITE ? v->ranks - 1 - row : row;
        snprintf(buf, sizeof buf, "%2d", rank + 1);
        ui_put(y, 0, 2, ui_style(ui, STYLE_COORDS), buf);
        for (int col = 0; col < v->files; col++) {
            int file = c == WHITE ? col : v->files - 1 - col;
            int sq = v->sq_of[rank * v->files + file];
            Style st = ui->look.theme.s[ui->look.form][(file + rank) % 2 ? STYLE_LIGHT : STYLE_DARK];
            const char *mark = reach[sq] == 3 ? (uni ? " ● " : " * ") : reach[sq] == 1 ? (uni ? " ○ " : " o ")
                               : reach[sq] == 2 ? " x " : "   ";
            const Style *tg = &ui->look.theme.s[ui->look.form][STYLE_TARGET];
            if (reach[sq] && tg->bg != THEME_UNSET)
                st.bg = tg->bg;
            char cell[40];
            snprintf(cell, sizeof cell, "%s", mark);
            if (sq == from)
                snprintf(cell, sizeof cell, "%s ", look.glyph);
            Style ps = ui->look.theme.s[ui->look.form][c == WHITE ? STYLE_PIECE_FIRST : STYLE_PIECE_SECOND];
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
    static const char *const presets[] = {"none", "1", "3", "3+2", "5", "5+3", "10+5", "15+10", "30", "10+30 byo",
                                          "30+60 byo"};
    ui->newgame.ntc = 0;
    ui->newgame.clock = -1;
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        KageError err;
        TimeControl tc;
        if (clock_tc_parse(presets[i], &tc, &err)) {
            if (tc_equal(&tc, &ui->time.tc))
                ui->newgame.clock = ui->newgame.ntc;
            ui->newgame.tcs[ui->newgame.ntc++] = tc;
        }
    }
    if (ui->newgame.clock < 0) {
        ui->newgame.clock = ui->newgame.ntc;
        ui->newgame.tcs[ui->newgame.ntc++] = ui->time.tc;
    }
}

void ui_open_newgame(Ui *ui)
{
    ui->newgame.variant = 0;
    for (int i = 0; variant_defs[i]; i++)
        if (!strcmp(variant_defs[i]->id, ui->game->v->def->id))
            ui->newgame.variant = i;
    ui->newgame.mode = ui->opt.mode;
    ui->newgame.level = ui->opt.level;
    ui->newgame.colour = -1;
    newgame_clocks(ui);
    ui->newgame.field = NG_VARIANT;
    ui->screen = SCREEN_NEWGAME;
}

static int nvariants(void)
{
    int n = 0;
    while (variant_defs[n])
        n++;
    return n;
}

/* A dim explanation under a line of the new-game screen: two lines while
 * the screen has spare ones, else one; returns the lines used. */
static int explain(Ui *ui, int y, const char *text, int *spare)
{
    int n = ui_put_wrapped(y, 4, COLS - 4, ui_style(ui, STYLE_DIM), text, *spare > 0 ? 2 : 1);
    *spare -= n - 1;
    return n;
}

/* A line of the new-game screen: its label, then its value between < and >,
 * going on under itself (broken between words) where the screen is too
 * narrow for it, never cut; returns the lines used (drawn where `draw`). */
static int field_line(int y, attr_t a, const char *label, const char *value, bool draw)
{
    char buf[256];
    snprintf(buf, sizeof buf, " %-8s < %s >", label, value);
    if (ui_text_width(buf, NULL, 1000) <= COLS - 1) {
        if (draw)
            ui_put(y, 1, COLS - 1, a, buf);
        return 1;
    }
    snprintf(buf, sizeof buf, " %-8s ", label);
    if (draw)
        ui_put(y, 1, 10, a, buf);
    /* "< " before the first line, " >" after the last: each line has room for them */
    int n = 0, w = COLS - 11 - 4;
    while (*value && n < 3) {
        while (*value == ' ')
            value++;
        int k = ui_wrap_next(value, w, n == 2);
        snprintf(buf, sizeof buf, "%s%.*s%s", n ? "  " : "< ", k, value, value[k] && n < 2 ? "" : " >");
        if (draw)
            ui_put(y + n, 11, COLS - 11, a, buf);
        n++;
        value += k;
    }
    return n;
}

/* The value of field f of the new-game screen (NULL for the AI's level,
 * which is a number). */
static const char *field_value(const Ui *ui, int f, char *buf, size_t size)
{
    const VariantDef *d = variant_defs[ui->newgame.variant];
    switch (f) {
    case NG_VARIANT:
        return d->name;
    case NG_MODE:
        return options_mode_text(ui->newgame.mode);
    case NG_LEVEL:
        if (ui->newgame.mode != PLAY_ONLINE)
            return NULL;
        snprintf(buf, size, "%s, %s",
                 ui->newgame.colour < 0       ? "either side at random"
                 : ui->newgame.colour == WHITE ? d->white_name
                                              : d->black_name,
                 ui->newgame.rated ? "rated" : "casual");
        return buf;
    case NG_CLOCK:
        clock_tc_format(&ui->newgame.tcs[ui->newgame.clock], buf, size);
        return buf;
    default:
        return NULL;
    }
}

void ui_draw_newgame(Ui *ui)
{
    int y = 0;
    char buf[256];
    /* narrow (the compact layout's 40 columns): the explanations wrap, in
     * two lines where the screen has the rows, and no blank lines */
    bool narrow = COLS < 72;
    int spare = narrow ? LINES - 13 : 8; /* lines left for explanations of two lines */
    for (int f = 0; f < NG_FIELDS; f++) { /* less those of values that go on under themselves */
        const char *v = field_value(ui, f, buf, sizeof buf);
        spare -= v ? field_line(0, 0, "", v, false) - 1 : 0;
    }
    ui_put(y++, 1, COLS - 1, ui_style(ui, STYLE_TITLE), "New game");
    y += ui_put_wrapped(y, 1, COLS - 1, ui_style(ui, STYLE_DIM),
                        narrow ? "Up/Down: line  Left/Right: change  c: any clock  Enter: start  Esc: back"
                               : "Up/Down: line   Left/Right: change   c: any clock   Enter: start   Esc: back",
                        2);
    y += !narrow;
    for (int f = 0; f < NG_FIELDS; f++, y++) {
        bool on = f == ui->newgame.field;
        attr_t a = ui_style(ui, on ? STYLE_TITLE : STYLE_TEXT) | (on ? A_REVERSE : 0);
        const VariantDef *d = variant_defs[ui->newgame.variant];
        switch (f) {
        case NG_VARIANT:
            y += field_line(y, a, "Variant", field_value(ui, f, buf, sizeof buf), true) - 1;
            y += explain(ui, y + 1, d->summary ? d->summary : "", &spare);
            break;
        case NG_MODE:
            y += field_line(y, a, "Mode", field_value(ui, f, buf, sizeof buf), true) - 1;
            snprintf(buf, sizeof buf, "first to move: %s, then %s", d->white_name, d->black_name);
            y += explain(ui, y + 1, buf, &spare);
            break;
        case NG_LEVEL:
            if (ui->newgame.mode == PLAY_ONLINE) { /* no AI: the colour the challenger plays */
                y += field_line(y, a, "You play", field_value(ui, f, buf, sizeof buf), true) - 1;
                if (narrow && spare-- > 0)
                    ui_put(++y, 4, COLS - 4, ui_style(ui, STYLE_DIM), "the challenge waits in the lobby");
                break;
            }
            snprintf(buf, sizeof buf, " AI level < %d >%s", ui->newgame.level, narrow ? "" : "   (1 weakest, 10 strongest)");
            ui_put(y, 1, COLS - 1, a, buf);
            if (narrow)
                ui_put(++y, 4, COLS - 4, ui_style(ui, STYLE_DIM), "1 weakest, 10 strongest");
            break;
        case NG_CLOCK: {
            y += field_line(y, a, "Clock", field_value(ui, f, buf, sizeof buf), true) - 1;
            y += explain(ui, y + 1,
                         narrow && spare <= 0 ? "minutes + seconds a move, or byo"
                                              : "minutes each, + seconds added per move; byo: then that long for every move",
                         &spare);
            break;
        }
        case NG_START:
            y += !narrow || spare > 0;
            ui_put(y, 1, COLS - 1, a, ui->newgame.mode == PLAY_ONLINE ? " [ Offer it in the lobby ] " : " [ Start the game ] ");
            break;
        }
    }
    /* the typed clock's line, or what went wrong with it, at the bottom */
    if (ui->input == INPUT_PROMPT)
        ui_inputs[INPUT_PROMPT].draw(ui, LINES - 1);
    else if (ui->status.msg[0] && ui->status.msg_error)
        ui_put(LINES - 1, 0, COLS, ui_style(ui, STYLE_ERROR), ui->status.msg);
}

static void newgame_up(Ui *ui) { ui->newgame.field = (ui->newgame.field + NG_FIELDS - 1) % NG_FIELDS; }
static void newgame_down(Ui *ui) { ui->newgame.field = (ui->newgame.field + 1) % NG_FIELDS; }

/* Change the value of the line the cursor is on by one, round the list. */
static void newgame_change_by(Ui *ui, int dir)
{
    switch (ui->newgame.field) {
    case NG_VARIANT:
        ui->newgame.variant = (ui->newgame.variant + dir + nvariants()) % nvariants();
        break;
    case NG_MODE:
        ui->newgame.mode = (PlayMode)((ui->newgame.mode + dir + PLAY_MODE_COUNT) % PLAY_MODE_COUNT);
        break;
    case NG_CLOCK:
        ui->newgame.clock = (ui->newgame.clock + dir + ui->newgame.ntc) % ui->newgame.ntc;
        break;
    case NG_LEVEL:
        if (ui->newgame.mode == PLAY_ONLINE) { /* random, first, second; casual, then rated */
            int k = (ui->newgame.colour + 1 + 3 * ui->newgame.rated + dir + 6) % 6;
            ui->newgame.colour = k % 3 - 1;
            ui->newgame.rated = k >= 3;
            break;
        }
        ui->newgame.level = ui->newgame.level + dir < LEVEL_MIN   ? LEVEL_MAX
                            : ui->newgame.level + dir > LEVEL_MAX ? LEVEL_MIN
                                                                  : ui->newgame.level + dir;
        break;
    }
}

static void newgame_back_one(Ui *ui) { newgame_change_by(ui, -1); }
static void newgame_on_one(Ui *ui) { newgame_change_by(ui, 1); }

static void newgame_start(Ui *ui)
{
    if (ui->newgame.mode == PLAY_ONLINE) {
        ui_online_challenge(ui, variant_defs[ui->newgame.variant]->id, &ui->newgame.tcs[ui->newgame.clock],
                            ui->newgame.colour, ui->newgame.rated);
        return;
    }
    ui_new_game(ui, variant_defs[ui->newgame.variant]->id, NULL, ui->newgame.mode, ui->newgame.level,
                &ui->newgame.tcs[ui->newgame.clock]);
}

/* Any clock, typed as --clock takes it: chosen at once, the presets kept. */
static void clock_submit(Ui *ui, const char *typed)
{
    TimeControl tc;
    KageError err;
    ui->newgame.field = NG_CLOCK;
    char spec[NET_TC_MAX];
    TimeControl online;
    if (!clock_tc_parse(typed, &tc, &err)) {
        ui_message(ui, true, "Clock '%.40s': %s", typed, err.msg);
        return;
    }
    net_tc_format(&tc, spec, sizeof spec);
    if (ui->newgame.mode == PLAY_ONLINE && !net_tc_parse(spec, &online, &err)) { /* the server's limits */
        ui_message(ui, true, "Clock '%.40s' online: %s", typed, err.msg);
        return;
    }
    for (int i = 0; i < ui->newgame.ntc; i++)
        if (tc_equal(&tc, &ui->newgame.tcs[i])) {
            ui->newgame.clock = i;
            return;
        }
    int max = (int)(sizeof ui->newgame.tcs / sizeof ui->newgame.tcs[0]);
    if (ui->newgame.ntc == max) /* the last one typed makes room */
        ui->newgame.ntc--;
    ui->newgame.clock = ui->newgame.ntc;
    ui->newgame.tcs[ui->newgame.ntc++] = tc;
}

static void newgame_type_clock(Ui *ui)
{
    char spec[64];
    clock_tc_format(&ui->newgame.tcs[ui->newgame.clock], spec, sizeof spec);
    ui->newgame.field = NG_CLOCK;
    ui_prompt(ui, "Clock (minutes+seconds a move, e.g. 1+0, 3+2, 10+30 byo): ", spec, clock_submit);
}

static void newgame_change_or_start(Ui *ui)
{
    if (ui->newgame.field == NG_START)
        newgame_start(ui);
    else
        newgame_on_one(ui);
}

const UiAction ui_newgame_actions[] = {
    {"line-up", "the line above", newgame_up, NULL, NULL},
    {"line-down", "the line below", newgame_down, NULL, NULL},
    {"change-back", "the previous value of the line", newgame_back_one, NULL, NULL},
    {"change", "the next value of the line", newgame_on_one, NULL, NULL},
    {"change-or-start", "the next value; on the Start line, start the game", newgame_change_or_start, NULL, NULL},
    {"start", "start the game chosen", newgame_start, NULL, NULL},
    {"type-clock", "type any clock, as --clock takes it (1+0, 3+2, 90s+2, 10+30 byo)", newgame_type_clock, NULL, NULL},
    {"back", "back to the game, which goes on", back_to_game, NULL, NULL},
};
const int ui_newgame_nactions = N_ELEMS(ui_newgame_actions);

/* --- the screens --------------------------------------------------------------------------- */

static void game_need(const Ui *ui, int *cols, int *rows)
{
    *cols = ui->lay.need_cols;
    *rows = ui->lay.need_rows;
}

static void help_need(const Ui *ui, int *cols, int *rows) /* it scrolls and wraps */
{
    (void)ui;
    *cols = 40;
    *rows = 8;
}

/* four lines of text, two of the special move, the diagram, its legend */
static void guide_need(const Ui *ui, int *cols, int *rows)
{
    const Variant *v = ui->game->v;
    *cols = 3 + 3 * v->files > 50 ? 3 + 3 * v->files : 50;
    *rows = 8 + v->ranks;
}

static void lobby_need(const Ui *ui, int *cols, int *rows) /* it scrolls */
{
    (void)ui;
    *cols = 40;
    *rows = 10;
}

static void newgame_need(const Ui *ui, int *cols, int *rows)
{
    (void)ui;
    *cols = 40;
    *rows = 14;
}

const UiScreenDef ui_screens[SCREEN_COUNT] = {
    [SCREEN_GAME] = {NULL, KEYS_BOARD, game_need, ui_draw_game},
    [SCREEN_HELP] = {"the help screen", KEYS_HELP, help_need, ui_draw_help},
    [SCREEN_GUIDE] = {"the piece guide", KEYS_GUIDE, guide_need, ui_draw_guide},
    [SCREEN_NEWGAME] = {"the new-game screen", KEYS_NEWGAME, newgame_need, ui_draw_newgame},
    [SCREEN_PICK] = {NULL, KEYS_PICK, NULL, ui_draw_pick},
    [SCREEN_FILES] = {NULL, KEYS_FILES, NULL, ui_draw_files},
    [SCREEN_MESSAGES] = {NULL, KEYS_MESSAGES, NULL, ui_draw_messages},
    [SCREEN_TEXT] = {NULL, KEYS_TEXT, NULL, NULL},
    [SCREEN_LOBBY] = {"the lobby", KEYS_LOBBY, lobby_need, ui_draw_lobby},
};

static void screen_need(const Ui *ui, int *cols, int *rows)
{
    *cols = *rows = 0;
    if (ui_screens[ui->screen].need)
        ui_screens[ui->screen].need(ui, cols, rows);
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
        const char *name = ui_screens[ui->screen].name ? ui_screens[ui->screen].name : ui->game->v->def->name;
        char buf[4][160];
        snprintf(buf[0], sizeof buf[0], "Terminal too small: %s needs %dx%d, this one is %dx%d (%s)", name,
                 need_cols, need_rows, COLS, LINES, ui->screen == SCREEN_GAME ? "q quits" : "Esc back");
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
    if (ui_screens[ui->screen].draw)
        ui_screens[ui->screen].draw(ui);
}
