/* The new-game screen (n): variant, mode, level and clock chosen field by
 * field, then a game started here (control.c) or offered on the server
 * (online.c); its state is ui->newgame, its keys a table of actions bound
 * in bindings.c. */
#include "ui_internal.h"
#include "kage/net/wire.h"

#include <stdio.h>
#include <string.h>

static void back_to_game(Ui *ui) { ui->screen = SCREEN_GAME; }

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
            if (tc_equal(&tc, &ui_time_view(ui)->tc))
                ui->newgame.clock = ui->newgame.ntc;
            ui->newgame.tcs[ui->newgame.ntc++] = tc;
        }
    }
    if (ui->newgame.clock < 0) {
        ui->newgame.clock = ui->newgame.ntc;
        ui->newgame.tcs[ui->newgame.ntc++] = ui_time_view(ui)->tc;
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

void ui_open_newgame_online(Ui *ui, bool online)
{
    ui_open_newgame(ui);
    if (online)
        ui->newgame.mode = PLAY_ONLINE;
    else if (ui->newgame.mode == PLAY_ONLINE)
        ui->newgame.mode = PLAY_FIRST;
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
    else if (ui_status_view(ui)->msg[0] && ui_status_view(ui)->msg_error)
        ui_put(LINES - 1, 0, COLS, ui_style(ui, STYLE_ERROR), ui_status_view(ui)->msg);
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
