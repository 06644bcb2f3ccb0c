/* Drawing against a screen model: curses draws the game screen into a
 * SCREEN made with newterm() on /dev/null, of a size the test sets with
 * resizeterm(), and the test reads the cells back (characters, attributes,
 * colour pairs) as a person would read the terminal.  Nothing is sent to a
 * real terminal, so these run anywhere terminfo knows xterm-256color.
 * Names read function__behaviour__condition. */
#include "kage/ui/ui.h"
#include "test_ui.h"
#include "test_ui_model.h"
#include "ui_internal.h"

#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"

#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <cmocka.h>

/* --- a game on the model --------------------------------------------------------------- */

/* A hot-seat game of `variant` (from fen, or the start) on a cols x rows screen. */
static void game_on(Ui *ui, const char *variant, const char *fen, int cols, int rows, GlyphSet gs, ThemeForm form)
{
    if (!ui_model_ready())
        skip();
    memset(ui, 0, sizeof *ui);
    theme_builtin("default", &ui->look.theme);
    ui->look.glyphs = gs;
    ui->look.form = form == FORM_MONO || ui_model_colours() ? form : FORM_MONO;
    ui->opt.level = 4;
    resizeterm(rows, cols);
    assert_int_equal(COLS, cols);
    assert_int_equal(LINES, rows);
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(ui, variant, fen, PLAY_HOTSEAT, 4, &none));
    ui->status.msg[0] = 0;
    ui_draw(ui);
}

static void game_off(Ui *ui) { game_free(ui->game); }

static void play(Ui *ui, const char *text)
{
    Move m;
    KageError err;
    if (!move_from_text(ui->game->pos, text, MOVE_FOR_PEOPLE, &m, &err))
        fail_msg("%s: %s", text, err.msg);
    ui_play(ui, m);
    ui_draw(ui);
}

/* The screen cell where the 4-cell text of square `name` starts (the side
 * mark, the two-cell glyph, the promotion mark), and its line. */
static void square_cell(const Ui *ui, const char *name, int *x, int *y)
{
    const Variant *v = ui->game->v;
    int sq;
    assert_true(variant_parse_square(v, name, &sq) > 0);
    int col, row;
    ui_board_to_view(ui, v->file_of[sq], v->rank_of[sq], &col, &row);
    *x = ui->lay.board_x + col * ui->lay.cw + (ui->lay.cw - 4) / 2;
    *y = ui->lay.board_y + row * ui->lay.ch + ui->lay.ch / 2;
}

static const char *square_text(const Ui *ui, const char *name)
{
    int x, y;
    square_cell(ui, name, &x, &y);
    return text_at(y, x, 4);
}

static void set_cursor(Ui *ui, const char *name)
{
    int sq;
    assert_true(variant_parse_square(ui->game->v, name, &sq) > 0);
    ui->board.cur_file = ui->game->v->file_of[sq];
    ui->board.cur_rank = ui->game->v->rank_of[sq];
}

/* --- coordinates and pieces ------------------------------------------------------------ */

/* Wrapping keeps fields set apart by two spaces whole: the panel's
 * analysis line never ends with the side's name and starts the next with
 * its score (it did once the depth had two digits). */
static void ui_wrap_next__two_spaces__fields_kept_whole(void **state)
{
    (void)state;
    const char *line = "Analysis: depth 17  Clan +0.91  335kn/s  exd5 c6 dxc6";
    int n = ui_wrap_next(line, 25, false);
    assert_int_equal(n, (int)strlen("Analysis: depth 17"));
    n = ui_wrap_next(line + strlen("Analysis: depth 17  "), 25, false);
    assert_int_equal(n, (int)strlen("Clan +0.91  335kn/s"));
    /* single spaces only: as many words as fit */
    assert_int_equal(ui_wrap_next("one two three four", 9, false), (int)strlen("one two"));
    /* a double space too early in the line is passed over */
    assert_int_equal(ui_wrap_next("a  bcdef ghijk lmnop", 16, false), (int)strlen("a  bcdef ghijk"));
}

/* The cells two texts leave blank between them on line y: the hand column's
 * (from x0, up to the panel at x1) and the panel's; -1 if either is empty. */
static int gap_before_panel(int y, int x0, int x1)
{
    const char *left = text_at(y, x0, x1 - x0), *right = line_from(y, x1);
    if (!*right)
        return -1;
    wchar_t w[256];
    size_t n = mbstowcs(w, left, 256);
    assert_true(n != (size_t)-1);
    while (n > 0 && w[n - 1] == L' ')
        n--;
    if (n == 0)
        return -1;
    int gap = x1 - x0 - wcswidth(w, n);
    while (*right == ' ')
        gap++, right++;
    return gap;
}

/* At 80x24 a gap of two blank cells or more always separates the hands'
 * column (its titles, its pieces, the pieces taken) from the side panel, in
 * every variant, whichever side the panel's marker shows to move ("Kingdom
 * hand: - > Clan: player" read as one phrase). */
static void ui_draw__hands_at_80x24__a_gap_before_the_panel(void **state)
{
    (void)state;
    for (int vi = 0; variant_defs[vi]; vi++) {
        Ui ui;
        game_on(&ui, variant_defs[vi]->id, NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
        if (!ui.lay.hands) {
            game_off(&ui);
            continue;
        }
        for (int ply = 0; ply < 2; ply++) {
            for (int y = ui.lay.panel_y; y < ui.lay.status_y; y++) {
                int gap = gap_before_panel(y, ui.lay.hand_x, ui.lay.panel_x);
                if (gap >= 0 && gap < 2)
                    fail_msg("%s, ply %d, line %d: '%s' runs into the panel", variant_defs[vi]->id, ply, y, line(y));
            }
            MoveList list;
            movegen_legal(ui.game->pos, &list);
            assert_true(list.count > 0);
            ui_play(&ui, list.moves[0]);
            ui_draw(&ui);
        }
        game_off(&ui);
    }
}

static void ui_draw__8x8_at_80x24__coordinates_left_and_below(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    /* squares of 4x2 cells from (3, 1): rank 8 on line 2, rank 1 on line 16 */
    assert_int_equal(ui.lay.cw, 4);
    assert_int_equal(ui.lay.ch, 2);
    for (int r = 8; r >= 1; r--) {
        char want[12];
        snprintf(want, sizeof want, "%2d", r);
        assert_string_equal(text_at(2 + 2 * (8 - r), 0, 2), want);
    }
    assert_string_equal(line(17), "    a   b   c   d   e   f   g   h");
    assert_string_equal(line(0), "Kage — Shinobi+");
    game_off(&ui);
}

static void ui_draw__flipped__coordinates_reversed(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    ui.board.flipped = true;
    ui_draw(&ui);
    assert_string_equal(text_at(2, 0, 2), " 1");
    assert_string_equal(text_at(16, 0, 2), " 8");
    assert_string_equal(line(17), "    h   g   f   e   d   c   b   a");
    /* the Kingdom's King is now at the bottom, the Clan's at the top */
    assert_true(strstr(line(16), "♚") != NULL);
    assert_true(strstr(line(2), "王") != NULL);
    game_off(&ui);
}

static void ui_draw__start_position__each_piece_on_its_square(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    /* e1 is 4 files right of a1: column 3 + 4 * 4, on rank 1's line */
    assert_string_equal(text_at(16, 19, 4), " 王 ");
    assert_string_equal(square_text(&ui, "e1"), " 王 ");
    assert_string_equal(square_text(&ui, "a2"), " 歩 ");
    assert_string_equal(square_text(&ui, "e8"), " ♚  ");
    assert_string_equal(square_text(&ui, "d8"), " ♛  ");
    assert_string_equal(square_text(&ui, "h7"), " ♟  ");
    assert_string_equal(square_text(&ui, "e4"), "    ");
    play(&ui, "e4");
    assert_string_equal(square_text(&ui, "e2"), "    ");
    assert_string_equal(square_text(&ui, "e4"), " 歩 ");
    game_off(&ui);
}

static void ui_draw__second_player_and_promoted__marked_without_colour(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shogun", NULL, 80, 24, GLYPHS_KANJI, FORM_MONO);
    assert_string_equal(square_text(&ui, "d1"), " 后+");  /* the promoted Duchess */
    assert_string_equal(square_text(&ui, "d8"), "v后+");  /* ... of the second player */
    assert_string_equal(square_text(&ui, "a8"), "v飛 ");
    game_off(&ui);
    /* chess shapes by default: filled for the second player, + for promoted */
    game_on(&ui, "shogun", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    assert_string_equal(square_text(&ui, "d1"), " ♕+ ");
    assert_string_equal(square_text(&ui, "d8"), " ♛+ ");
    assert_string_equal(square_text(&ui, "a8"), " ♜  ");
    game_off(&ui);
}

static void ui_draw__letters__ascii_only_with_plus_for_promoted(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shogun", NULL, 80, 24, GLYPHS_LETTERS, FORM_MONO);
    assert_string_equal(line(0), "Kage - Shogun chess");
    /* the promoted Duchess is the Queen, Q, as the moves say: +Q */
    assert_string_equal(line(2), " 8  r   n   b  +q   k   b   n   r                      Black: player");
    assert_string_equal(square_text(&ui, "d1"), "+Q  ");
    for (int y = 0; y < LINES; y++)
        for (const char *p = line(y); *p; p++)
            if ((unsigned char)*p >= 128)
                fail_msg("line %d has a non-ASCII character: %s", y, line(y));
    game_off(&ui);

    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_LETTERS, FORM_MONO);
    assert_string_equal(square_text(&ui, "e1"), " K  ");
    assert_string_equal(square_text(&ui, "e8"), " k  ");
    game_off(&ui);
}

static void ui_draw__cashew_at_80x24__13_ranks_and_files_a_to_m(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "cashew", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    assert_int_equal(ui.lay.ch, 1);
    assert_string_equal(text_at(1, 0, 2), "13");
    assert_string_equal(text_at(13, 0, 2), " 1");
    assert_string_equal(line(14), "    a   b   c   d   e   f   g   h   i   j   k   l   m");
    assert_string_equal(square_text(&ui, "g1"), " 王 ");
    assert_string_equal(square_text(&ui, "g13"), "v王 ");
    assert_false(screen_has("Sente hand")); /* no drops in Cashew: no hands */
    assert_false(screen_has("Gote hand"));
    game_off(&ui);
}

/* --- highlights ------------------------------------------------------------------------ */

static void ui_draw__cashew_king_attacked__check_style_both_forms(void **state)
{
    (void)state;
    Ui ui;
    /* Sente's Queen on d13 attacks Gote's King on m13; Gote to move */
    const char *fen = "3Q8k/p12/13/13/13/13/13/13/13/13/13/13/K12 b";
    game_on(&ui, "cashew", fen, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    int x, y;
    attr_t a;
    short fg, bg;
    square_cell(&ui, "m13", &x, &y);
    cell_style(y, x + 1, &a, &fg, &bg);
    assert_true((a & A_REVERSE) && (a & A_BLINK));
    square_cell(&ui, "a1", &x, &y);  /* Sente's King is safe */
    cell_style(y, x + 1, &a, &fg, &bg);
    assert_false(a & A_BLINK);
    /* no check rule, so the panel says it in words */
    assert_true(screen_has("Gote to move, King"));
    assert_true(screen_has("attacked"));
    game_off(&ui);

    if (!ui_model_colours())
        return;
    game_on(&ui, "cashew", fen, 80, 24, GLYPHS_UNICODE, FORM_256);
    square_cell(&ui, "m13", &x, &y);
    cell_style(y, x, &a, &fg, &bg);
    assert_int_equal(bg, ui.look.theme.s[FORM_256][STYLE_CHECK].bg);
    square_cell(&ui, "a1", &x, &y);
    cell_style(y, x, &a, &fg, &bg);
    assert_int_not_equal(bg, ui.look.theme.s[FORM_256][STYLE_CHECK].bg);
    game_off(&ui);
}

static void ui_draw__8x8_in_check__panel_says_so(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shogun", "4k3/8/8/8/8/8/7R/K7[] w - - 0 1", 80, 24, GLYPHS_UNICODE, FORM_MONO);
    play(&ui, "Re2");
    assert_true(screen_has("Black to move, in check"));
    int x, y;
    attr_t a;
    short fg, bg;
    square_cell(&ui, "e8", &x, &y);
    cell_style(y, x + 1, &a, &fg, &bg);
    assert_true(a & A_BLINK);
    game_off(&ui);
}

/* At 80 columns "byo-yomi 0:02.7" does not fit beside "Clan: player": the
 * clock shows the time alone, the name stays whole, and the status line
 * says who is in byo-yomi; where it fits, the clock says it itself. */
static void ui_draw__byoyomi_at_80_columns__name_not_covered(void **state)
{
    (void)state;
    Ui ui;
    TimeControl byo = {.kind = CLOCK_BYOYOMI, .base_ms = 60000, .extra_ms = 30000, .periods = 1};
    ClockSide in_byo = {.left_ms = 2700, .periods = 0, .byoyomi = true};
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    assert_true(ui_new_game(&ui, "shinobiplus", NULL, PLAY_HOTSEAT, 4, &byo));
    ui.time.clock.side[WHITE] = ui.time.clock.side[BLACK] = in_byo;
    ui_draw(&ui);
    assert_true(screen_has("Clan: player "));
    assert_true(screen_has("Kingdom: player "));
    assert_true(screen_has("player    0:02.7"));
    assert_false(screen_has("byo-yomi 0:02.7"));
    assert_true(screen_has("Clan to move, both in"));
    ui.time.clock.side[WHITE].byoyomi = false;
    ui_draw(&ui);
    assert_true(screen_has("Clan to move, Kingdom in"));
    /* over: the result alone */
    game_lose_on_time(ui.game, BLACK);
    ui_draw(&ui);
    assert_true(screen_has("Clan wins: Kingdom lost on"));
    assert_false(screen_has("in byo-yomi"));
    game_off(&ui);
    game_on(&ui, "shinobiplus", NULL, 120, 30, GLYPHS_UNICODE, FORM_MONO);
    assert_true(ui_new_game(&ui, "shinobiplus", NULL, PLAY_HOTSEAT, 4, &byo));
    ui.time.clock.side[WHITE] = ui.time.clock.side[BLACK] = in_byo;
    ui_draw(&ui);
    assert_true(screen_has("Clan: player "));
    assert_true(screen_has("byo-yomi 0:02.7"));
    assert_false(screen_has("in byo-yomi"));
    game_off(&ui);
}

/* A finished game's move list ends with its result. */
static void ui_draw__finished_game__result_after_the_moves(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shogun", "4k3/R7/8/8/8/8/8/4K2R[] w - - 0 1", 80, 24, GLYPHS_UNICODE, FORM_MONO);
    assert_false(screen_has("1-0"));
    play(&ui, "Rh8");
    assert_true(screen_has("  1. Rh8#"));
    assert_true(screen_has("     1-0"));
    game_off(&ui);
}

/* L shows the pieces in play (on the board or in a hand) with the letter
 * they are typed with and their name, in place of the move list. */
static void ui_draw__legend__pieces_in_play_with_letters(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    assert_false(screen_has("Captain"));
    ui.look.legend = true;
    ui_draw(&ui);
    assert_true(screen_has("Pieces (L: moves)"));
    assert_true(screen_has("C  Captain")); /* in the Clan's hand */
    assert_true(screen_has("J  Ninja"));
    assert_true(screen_has("Q  Queen")); /* on the Kingdom's side */
    game_off(&ui);
    game_on(&ui, "shogun", "4k3/8/8/8/8/8/8/4K2R[N] w - - 0 1", 80, 24, GLYPHS_LETTERS, FORM_MONO);
    ui.look.legend = true;
    ui_draw(&ui);
    assert_true(screen_has("K  King"));
    assert_true(screen_has("R  Rook"));
    assert_true(screen_has("N  Knight")); /* in hand only */
    assert_false(screen_has("Pawn"));
    game_off(&ui);
    game_on(&ui, "cashew", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    ui.look.legend = true;
    ui_draw(&ui);
    assert_true(screen_has("KI King"));
    assert_true(screen_has("Pieces 1/"));
    game_off(&ui);
}

/* A kind of piece that the two sides draw differently (the Clan's King 王,
 * the Kingdom's ♚) shows both glyphs; where the pieces do not fit, L turns
 * the pages and after the last goes back to the moves, so that every piece
 * of Cashew can be looked up, even in the compact layout. */
static void ui_draw__legend__both_glyphs_and_pages(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    ui_key(&ui, "L");
    ui_draw(&ui);
    assert_true(screen_has("Pieces (L: moves)"));
    bool king = false, pawn = false;
    for (int y = 0; y < LINES; y++) {
        king |= line_has(y, "王") && line_has(y, "♚") && line_has(y, "K  King");
        pawn |= line_has(y, "♟") && line_has(y, "P  Pawn");
    }
    assert_true(king);
    assert_true(pawn);
    ui_key(&ui, "L");
    ui_draw(&ui);
    assert_true(screen_has("Moves"));
    game_off(&ui);
    static const struct { int cols, rows; } sizes[] = {{80, 24}, {53, 16}};
    for (int k = 0; k < 2; k++) {
        game_on(&ui, "cashew", NULL, sizes[k].cols, sizes[k].rows, GLYPHS_UNICODE, FORM_MONO);
        const char *names[] = {"King", "Wolf", "Lion", "Left Chariot", "Dragon"};
        bool seen[5] = {false};
        int pages = 0;
        ui_key(&ui, "L");
        ui_draw(&ui);
        while (ui.look.legend && pages < 20) {
            pages++;
            char title[32];
            snprintf(title, sizeof title, "Pieces %d/", pages);
            if (!screen_has(title))
                fail_msg("%dx%d: page %d: no '%s'", sizes[k].cols, sizes[k].rows, pages, title);
            for (int i = 0; i < 5; i++)
                seen[i] |= screen_has(names[i]);
            ui_key(&ui, "L");
            ui_draw(&ui);
        }
        assert_true(pages >= 2 && pages < 20);
        for (int i = 0; i < 5; i++)
            if (!seen[i])
                fail_msg("%dx%d: %s on no page", sizes[k].cols, sizes[k].rows, names[i]);
        assert_false(screen_has("Pieces"));
        game_off(&ui);
    }
}

/* While the AI analyses, the panel shows its line and a bar beside the
 * board shows the first player's share: +4.00 fills three quarters of it,
 * from that player's side. */
static void ui_draw__analysis__line_and_bar(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shogun", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    ui.analysis.on = ui.analysis.running = ui.analysis.scored = true;
    ui.analysis.cp = 400;
    snprintf(ui.ai.info, sizeof ui.ai.info, "depth 12  White +4.00  500kn/s  e4 e5");
    ui.ai.info_key = ui.game->pos->st->key; /* the line is about the board's position */
    ui.ai.info_ply = ui.game->rec.nmoves;
    ui_draw(&ui);
    assert_true(screen_has("Analysis: depth 12"));
    assert_true(screen_has("White +4.00")); /* the side and its score on one line */
    int x = ui.lay.board_x + ui.lay.board_w, full = 0, top_full = -1;
    for (int r = 0; r < ui.lay.board_h; r++)
        if (!strcmp(text_at(ui.lay.board_y + r, x, 1), "█")) {
            full++;
            top_full = top_full < 0 ? r : top_full;
        }
    assert_int_equal(full, ui.lay.board_h * 3 / 4);
    assert_int_equal(top_full, ui.lay.board_h / 4); /* from the bottom: White's side */
    ui.analysis.mate = -3; /* Black mates */
    ui_draw(&ui);
    assert_string_equal(text_at(ui.lay.board_y + ui.lay.board_h - 1, x, 1), "░");
    ui.analysis.on = false;
    ui_draw(&ui);
    assert_string_equal(text_at(ui.lay.board_y, x, 1), " ");
    game_off(&ui);
}

/* The analysis line is cut after a whole move, never inside one, and the
 * expected moves get a line more than the AI's own thinking. */
static void ui_draw__analysis_long_line__cut_between_moves(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    ui.analysis.on = ui.analysis.running = ui.analysis.scored = true;
    ui.analysis.cp = 97;
    snprintf(ui.ai.info, sizeof ui.ai.info,
             "depth 15  Clan +0.97  274kn/s  exd5 c6 dxc6 Nxc6 J@c3 Qd6 Dxb7 Bxb7 Mxb7 Rb8");
    ui.ai.info_key = ui.game->pos->st->key; /* the line is about the board's position */
    ui.ai.info_ply = ui.game->rec.nmoves;
    ui_draw(&ui);
    assert_true(screen_has("Analysis: depth 15"));
    assert_true(screen_has("Clan +0.97")); /* the side and its score on one line */
    assert_true(screen_has("dxc6"));
    /* every word of the lines from "Analysis:" to the blank line is whole */
    static const char *const words[] = {"Analysis:", "depth", "15", "Clan", "+0.97", "274kn/s", "exd5", "c6", "dxc6",
                                        "Nxc6", "J@c3", "Qd6", "Dxb7", "Bxb7", "Mxb7", "Rb8"};
    int y = ui.lay.panel_y;
    while (y < ui.lay.panel_y + 10 && !strstr(line_from(y, ui.lay.panel_x), "Analysis:"))
        y++;
    int nlines = 0;
    for (; *line_from(y, ui.lay.panel_x); y++, nlines++) {
        char text[200];
        snprintf(text, sizeof text, "%s", line_from(y, ui.lay.panel_x));
        for (char *w = strtok(text, " "); w; w = strtok(NULL, " ")) {
            bool known = false;
            for (int i = 0; i < (int)(sizeof words / sizeof *words) && !known; i++)
                known = !strcmp(w, words[i]);
            if (!known)
                fail_msg("line %d: '%s' is not a whole word of the analysis", y, w);
        }
    }
    assert_int_equal(nlines, 3);
    game_off(&ui);
}

/* In the compact layout the analysis has the line under the players (the
 * keys' line while it runs): the score, the depth and the expected moves;
 * and the bar stands in the column between the board and the hands. */
static void ui_draw__compact_analysis__score_line_and_bar(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 40, 14, GLYPHS_UNICODE, FORM_MONO);
    assert_true(ui.lay.compact);
    ui.analysis.on = ui.analysis.running = ui.analysis.scored = true;
    ui.analysis.cp = 400;
    snprintf(ui.ai.info, sizeof ui.ai.info, "depth 15  Clan +4.00  274kn/s  exd5 c6 dxc6");
    ui.ai.info_key = ui.game->pos->st->key; /* the line is about the board's position */
    ui.ai.info_ply = ui.game->rec.nmoves;
    ui_draw(&ui);
    assert_string_equal(line(ui.lay.status_y), "Analysis: Clan +4.00 d15  exd5 c6 dxc6");
    int x = ui.lay.board_x + ui.lay.board_w, full = 0;
    for (int r = 0; r < ui.lay.board_h; r++)
        full += !strcmp(text_at(ui.lay.board_y + r, x, 1), "█");
    assert_int_equal(full, ui.lay.board_h * 3 / 4);
    /* a message still comes first; the AI's thinking the same way */
    ui_message(&ui, false, "Hello");
    ui_draw(&ui);
    assert_string_equal(line(ui.lay.status_y), "Hello");
    ui.status.msg[0] = 0;
    ui.analysis.on = false;
    ui_draw(&ui);
    assert_false(screen_has("Analysis:"));
    assert_string_equal(text_at(ui.lay.board_y, x, 1), " ");
    game_off(&ui);
}

/* In the compact layout the review is read with L: the graph above the
 * moves (with their marks) in the left half, the pieces in the right. */
static void ui_draw__compact_review__graph_with_the_moves(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shogun", NULL, 40, 14, GLYPHS_UNICODE, FORM_MONO);
    assert_true(ui.lay.panel_below);
    const char *moves[] = {"e4", "e5", "Nf3", "Nc6", "Bc4"};
    for (int i = 0; i < 5; i++)
        play(&ui, moves[i]);
    static int scores[6] = {0, 0, 0, -400, -400, -1000};
    ui.review.scores = malloc(sizeof scores);
    memcpy(ui.review.scores, scores, sizeof scores);
    ui.review.on = true;
    ui.review.n = 5;
    ui.review.done = 6;
    ui.look.legend = true;
    ui_draw(&ui);
    assert_true(line_has(1, "Review (up: White)"));
    assert_true(screen_has("2. Nf3??"));
    assert_true(screen_has("Pieces"));
    /* the graph between the title and the first move: column 0 half full */
    int full0 = 0, rows = 0;
    for (int y = 2; y < LINES && !strstr(line(y), "1. e4"); y++, rows++)
        full0 += !strcmp(text_at(y, 0, 1), "█");
    assert_true(rows >= 2);
    assert_int_equal(full0, rows / 2);
    ui_review_close(&ui);
    ui_draw(&ui);
    assert_true(line_has(1, "Moves"));
    game_off(&ui);
}

/* The compact layout at 40x14: a square is its glyph, a rank one line, the
 * hands four entries a row, the players and the status under the board; L
 * shows the moves and the pieces in place of the board */
static void ui_draw__compact_40x14__whole_game_in_view(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 40, 14, GLYPHS_UNICODE, FORM_256);
    assert_true(ui.lay.compact);
    assert_string_equal(line(1), " 8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜  Kingdom hand: -");
    assert_string_equal(text_at(8, 0, 12), " 1         王");
    assert_string_equal(line(9), "   a b c d e f g h");
    assert_true(screen_has("尉1  狐1  桂1  香1"));
    assert_string_equal(line(ui.lay.panel_y), "▶ Clan: player");
    assert_string_equal(line(ui.lay.panel_y + 1), "  Kingdom: player");
    assert_string_equal(line(ui.lay.panel_y + 2), "Clan to move");
    play(&ui, "e4");
    assert_string_equal(text_at(5, 3, 16), "        歩      ");
    ui.look.legend = true;
    ui_draw(&ui);
    assert_true(screen_has("1. e4"));
    assert_true(screen_has("Pieces 1/2 (L: more)"));
    assert_false(screen_has("♜ ♞ ♝"));
    game_off(&ui);
    /* letters, second player lower case, a promoted piece with its + */
    game_on(&ui, "shogun", NULL, 40, 14, GLYPHS_LETTERS, FORM_MONO);
    assert_string_equal(text_at(1, 3, 16), "r n b +qk b n r "); /* the Queen, as moves name it */
    game_off(&ui);
}

/* The review: a graph of the first player's expected result over the
 * positions, and the moves that lost most marked ?? and ? */
static void ui_draw__review__graph_and_worst_moves_marked(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shogun", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    const char *moves[] = {"e4", "e5", "Nf3", "Nc6", "Bc4"};
    for (int i = 0; i < 5; i++)
        play(&ui, moves[i]);
    /* White's view: even, even, even, then Nf3 loses a quarter of White's
     * expected result (??), Nc6 changes nothing, Bc4 loses a tenth (?) */
    static int scores[6] = {0, 0, 0, -400, -400, -1000};
    ui.review.scores = malloc(sizeof scores);
    memcpy(ui.review.scores, scores, sizeof scores);
    ui.review.on = true;
    ui.review.n = 5;
    ui.review.done = 3; /* still running: only the first two moves judged */
    ui.review.running = false;
    ui_draw(&ui);
    assert_true(screen_has("Review (up: White ahead)"));
    assert_false(screen_has("Nf3?"));
    ui.review.done = 6;
    ui_draw(&ui);
    assert_true(screen_has("2. Nf3??"));
    assert_false(screen_has("Nc6?"));
    assert_true(screen_has("3. Bc4?"));
    assert_false(screen_has("Bc4??"));
    assert_false(screen_has("e4?"));
    /* the graph, from the line under its title to the move list: the first
     * column half full (even), the fourth a quarter (Black +4.00) */
    int gy = -1;
    for (int y = 0; y < LINES && gy < 0; y++)
        if (strstr(line(y), "Review (up"))
            gy = y + 1;
    assert_true(gy > 0);
    int x = ui.lay.panel_x, full0 = 0, full3 = 0, rows = 0;
    for (int y = gy; y < LINES && !strstr(line(y), "1. e4"); y++, rows++) {
        full0 += !strcmp(text_at(y, x, 1), "█");
        full3 += !strcmp(text_at(y, x + 3, 1), "█");
    }
    assert_true(rows >= 2);
    assert_int_equal(full0, rows / 2);
    assert_int_equal(full3, rows / 4);
    ui_review_close(&ui);
    game_off(&ui);
}

/* A message or question longer than the status line wraps upwards and is
 * read whole (a save path, a load error, the resume question). */
static void ui_draw__long_message__read_whole(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shogun", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    ui_message(&ui, false, "The game written to /home/someone/.local/share/kage/games/2026/november/"
                           "a-very-long-folder-name-for-this-test/shogun-20261124-151500.pgn (the last words END)");
    ui_draw(&ui);
    assert_true(screen_has("The game written to"));
    assert_true(screen_has("(the last words END)"));
    ui.status.msg[0] = 0;
    ui_confirm(&ui, "Resume the unfinished game of Shogun chess: 42 moves, saved 2026-11-24 15:15, clocks 4:57 / "
                    "3:12, Black to move? (y: resume, n: a new game; the autosave is kept until a move)", NULL);
    ui_draw(&ui);
    assert_true(screen_has("clocks 4:57 /"));
    assert_true(screen_has("the autosave is"));
    assert_true(screen_has("kept until a move)"));
    ui.input = INPUT_BOARD;
    game_off(&ui);
}

/* In the compact layout a long message is read whole too (it grows over
 * up to half the screen); one longer still ends by saying where the rest
 * is, and w shows the latest messages whole on a screen of their own. */
static void ui_draw__compact_long_message__whole_or_w_shows_it(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 40, 14, GLYPHS_UNICODE, FORM_MONO);
    ui_message(&ui, true, "/tmp/h17/a-rather-long-directory-name-for-games/another-level-of-folders-here/"
                          "and-one-more-folder-to-make-it-long/not-a-game-file-at-all.pgn: line 1: a NUL "
                          "byte: this is not a text file (the current game is kept)");
    ui_draw(&ui);
    assert_true(screen_has("/tmp/h17/a-rather-long"));
    assert_true(screen_has("current game is kept)"));
    char longer[1200] = "";
    for (int i = 0; i < 100; i++)
        strcat(longer, "word ");
    strcat(longer, "THE END");
    ui_message(&ui, false, "%s", longer);
    ui_draw(&ui);
    assert_false(screen_has("THE END"));
    assert_true(screen_has("... (w: all of it)"));
    ui_key(&ui, "w");
    ui_draw(&ui);
    assert_int_equal(ui.screen, SCREEN_MESSAGES);
    assert_true(screen_has("THE END"));
    ui_key(&ui, "k"); /* back to the older one, above */
    for (int i = 0; i < 20; i++)
        ui_key(&ui, "k");
    ui_draw(&ui);
    assert_true(screen_has("- /tmp/h17/a-rather-long"));
    ui_key(&ui, "q");
    assert_int_equal(ui.screen, SCREEN_GAME);
    game_off(&ui);
}

/* Without colour the dark squares are shaded, so the board keeps its
 * pattern; with colour they have a background and no shade. */
static void ui_draw__no_colour__dark_squares_shaded(void **state)
{
    (void)state;
    static const struct {
        GlyphSet glyphs;
        ThemeForm form;
        const char *dark;
    } cases[] = {
        {GLYPHS_UNICODE, FORM_MONO, "░░░░"},
        {GLYPHS_LETTERS, FORM_MONO, "::::"},
        {GLYPHS_UNICODE, FORM_256, "    "},
        {GLYPHS_LETTERS, FORM_8, "    "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Ui ui;
        game_on(&ui, "shogun", NULL, 80, 24, cases[i].glyphs, cases[i].form);
        set_cursor(&ui, "a1");
        ui_draw(&ui);
        assert_string_equal(square_text(&ui, "e5"), cases[i].dark);
        assert_string_equal(square_text(&ui, "c3"), cases[i].dark);
        assert_string_equal(square_text(&ui, "d5"), "    "); /* light */
        assert_string_equal(square_text(&ui, "e4"), "    ");
        game_off(&ui);
    }
}

static void ui_draw__selection__destinations_dotted_cursor_reversed(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    set_cursor(&ui, "e2");
    ui_select_at_cursor(&ui);
    set_cursor(&ui, "a8");
    ui_draw(&ui);
    assert_string_equal(square_text(&ui, "e3"), "  · ");
    assert_string_equal(square_text(&ui, "e4"), "  · ");
    assert_string_equal(square_text(&ui, "e5"), "░░░░"); /* dark, without colour */
    assert_string_equal(square_text(&ui, "d3"), "    ");
    int x, y;
    attr_t a;
    short fg, bg;
    square_cell(&ui, "a8", &x, &y);
    cell_style(y, x, &a, &fg, &bg);
    assert_true(a & A_REVERSE); /* the cursor */
    square_cell(&ui, "b8", &x, &y);
    cell_style(y, x, &a, &fg, &bg);
    assert_false(a & A_REVERSE);
    square_cell(&ui, "e2", &x, &y);
    cell_style(y, x, &a, &fg, &bg);
    assert_true((a & A_REVERSE) && (a & A_BOLD)); /* the selected piece */
    game_off(&ui);
}

/* Where the terminal cannot underline (TERM=linux: not with colours), the
 * last move's squares are bracketed instead; elsewhere they are not. */
static void ui_draw__last_move_without_underline__brackets(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_8);
    ui.look.no_underline = true;
    set_cursor(&ui, "a1");
    play(&ui, "e4");
    assert_string_equal(square_text(&ui, "e4"), "[歩]");
    assert_string_equal(square_text(&ui, "e2"), "[  ]");
    assert_string_equal(square_text(&ui, "d2"), " 歩 ");
    ui.look.no_underline = false;
    ui_draw(&ui);
    assert_string_equal(square_text(&ui, "e4"), " 歩 ");
    assert_string_equal(square_text(&ui, "e2"), "    ");
    game_off(&ui);
}

/* In 8 colours the Clan's pieces are blue and the Kingdom's black, on the
 * board and off it; off the board, on the terminal's own background, in
 * their bright (bold) form, which a dark terminal shows (blue on black is
 * 2.2:1, black on black invisible); a king in check is reversed, not put on
 * red (the Clan's pink king there was 1.2:1). */
static void ui_draw__eight_colours__pieces_readable_on_and_off_the_board(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", "rnb1kbnr/pppppppp/8/8/8/8/PPPP1PPP/4K2q[CFHLJDM] w kq - 0 1", 80, 24, GLYPHS_UNICODE,
            FORM_8);
    attr_t a;
    short fg, bg;
    int y, x;
    layout_hand_entry(&ui.lay, 1, 0, &x, &y); /* the Clan's hand: its first entry */
    if (ui_hand_color(&ui, 1) != WHITE)
        layout_hand_entry(&ui.lay, 0, 0, &x, &y);
    cell_style(y, x + 1, &a, &fg, &bg);
    assert_int_equal(fg, COLOR_BLUE);
    assert_true(a & A_BOLD);
    square_cell(&ui, "e1", &x, &y); /* the Clan's king, in check */
    cell_style(y, x + 1, &a, &fg, &bg);
    assert_int_equal(fg, COLOR_BLUE);
    assert_true(a & A_REVERSE);
    assert_false(a & A_BOLD);
    assert_int_not_equal(bg, COLOR_RED);
    game_off(&ui);
}

/* The compact layout has no room for brackets (a square is two cells): where
 * underline cannot show, the two squares of the last move take another look
 * than the cursor's: in 8 colours, where the cursor is reversed, the
 * targets' colour while no piece is picked up (targets are shown only
 * then); without colour, where there is none, reversed. */
static void ui_draw__compact_last_move_without_underline__marked_apart_from_the_cursor(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 40, 14, GLYPHS_UNICODE, FORM_8);
    assert_true(ui.lay.compact);
    ui.look.no_underline = true;
    set_cursor(&ui, "a1");
    play(&ui, "e4");
    attr_t a;
    short fg, bg, target_bg = ui.look.theme.s[FORM_8][STYLE_TARGET].bg;
    int x = ui.lay.board_x + 4 * ui.lay.cw; /* file e */
    cell_style(ui.lay.board_y + 4, x, &a, &fg, &bg); /* e4 */
    assert_int_equal(bg, target_bg);
    assert_false(a & A_REVERSE);
    cell_style(ui.lay.board_y + 6, x, &a, &fg, &bg); /* e2, empty now */
    assert_int_equal(bg, target_bg);
    assert_false(a & A_REVERSE);
    cell_style(ui.lay.board_y + 6, x - ui.lay.cw, &a, &fg, &bg); /* d2 */
    assert_int_not_equal(bg, target_bg);
    /* the cursor's own look (reversed) is kept on a last-move square */
    set_cursor(&ui, "e4");
    ui_draw(&ui);
    cell_style(ui.lay.board_y + 4, x, &a, &fg, &bg);
    assert_true(a & A_REVERSE);
    /* where underline shows, it marks them as before */
    ui.look.no_underline = false;
    set_cursor(&ui, "a1");
    ui_draw(&ui);
    cell_style(ui.lay.board_y + 4, x, &a, &fg, &bg);
    assert_int_not_equal(bg, target_bg);
    assert_true(a & A_UNDERLINE);
    game_off(&ui);
    /* without colour: reversed */
    game_on(&ui, "shinobiplus", NULL, 40, 14, GLYPHS_UNICODE, FORM_MONO);
    ui.look.no_underline = true;
    set_cursor(&ui, "a1");
    play(&ui, "e4");
    cell_style(ui.lay.board_y + 4, x, &a, &fg, &bg);
    assert_true(a & A_REVERSE);
    game_off(&ui);
}

/* Without colour and without room for the v that marks the second player's
 * kanji, the second player's pieces on a compact Cashew board are drawn
 * reversed, every one of them on light and dark squares, the first
 * player's never (a difference of weight alone was not readable). */
static void ui_draw__compact_cashew_without_colour__sides_differ(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "cashew", NULL, 53, 16, GLYPHS_UNICODE, FORM_MONO);
    assert_true(ui.lay.compact);
    set_cursor(&ui, "g7");
    ui_draw(&ui);
    attr_t a1, a13;
    short fg, bg;
    int x = ui.lay.board_x + 6 * ui.lay.cw; /* file g: the Kings */
    assert_string_equal(text_at(ui.lay.board_y + 12, x, 2), text_at(ui.lay.board_y, x, 2));
    for (int f = 0; f < 13; f++)
        for (int r = 0; r < 4; r++) { /* ranks 1-4 the first player's, 10-13 the second's */
            cell_style(ui.lay.board_y + 12 - r, ui.lay.board_x + f * ui.lay.cw, &a1, &fg, &bg);
            cell_style(ui.lay.board_y + r, ui.lay.board_x + f * ui.lay.cw, &a13, &fg, &bg);
            assert_false(a1 & A_REVERSE);
            assert_true(a13 & A_REVERSE);
        }
    game_off(&ui);
}

static void ui_draw__last_move__both_squares_underlined(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    set_cursor(&ui, "a1");
    play(&ui, "e4");
    int x, y;
    attr_t a;
    short fg, bg;
    square_cell(&ui, "e4", &x, &y);
    cell_style(y, x + 1, &a, &fg, &bg);
    assert_true(a & A_UNDERLINE);
    square_cell(&ui, "e2", &x, &y);
    cell_style(y, x + 1, &a, &fg, &bg);
    assert_true(a & A_UNDERLINE);
    square_cell(&ui, "d4", &x, &y);
    cell_style(y, x + 1, &a, &fg, &bg);
    assert_false(a & A_UNDERLINE);
    game_off(&ui);
}

/* --- hands ---------------------------------------------------------------------------- */

static void ui_draw__hands__each_kind_with_its_count(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobi", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    /* the Clan (bottom block) holds H L J D M M, in the variant's hand order */
    static const char *const want[] = {" 桂 1", " 香 1", " 忍 1", " 竜 1", " 僧 2"};
    assert_string_equal(text_at(ui.lay.hand_y[1], ui.lay.hand_x, 9), "Clan hand");
    for (int i = 0; i < 5; i++) {
        int x, y;
        layout_hand_entry(&ui.lay, 1, i, &x, &y);
        assert_string_equal(text_at(y, x, 5), want[i]);
    }
    assert_string_equal(text_at(ui.lay.hand_y[0], ui.lay.hand_x, 15), "Kingdom hand: -");
    /* a drop takes one away and a kind at zero leaves the list */
    play(&ui, "M@d3");
    int x, y;
    layout_hand_entry(&ui.lay, 1, 4, &x, &y);
    assert_string_equal(text_at(y, x, 5), " 僧 1");
    play(&ui, "e5");
    play(&ui, "J@c3");
    layout_hand_entry(&ui.lay, 1, 2, &x, &y);
    assert_string_equal(text_at(y, x, 5), " 竜 1");
    game_off(&ui);
}

static void ui_draw__hand_selected_for_drop__marked(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobi", NULL, 80, 24, GLYPHS_LETTERS, FORM_MONO);
    int types[MAX_PIECE_TYPES];
    int n = ui_hand_types(&ui, WHITE, types);
    assert_int_equal(n, 5);
    ui_select_drop(&ui, types[4]);
    ui_draw(&ui);
    int x, y;
    layout_hand_entry(&ui.lay, 1, 4, &x, &y);
    assert_string_equal(text_at(y, x, 5), ">M  2");
    layout_hand_entry(&ui.lay, 1, 0, &x, &y);
    assert_string_equal(text_at(y, x, 5), " H  1");
    assert_string_equal(square_text(&ui, "e3"), "  . "); /* the drop squares */
    assert_string_equal(square_text(&ui, "e5"), "::::");
    game_off(&ui);
}

static void ui_draw__shogun_capture__goes_to_the_capturers_hand(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shogun", "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1", 80, 24, GLYPHS_UNICODE, FORM_MONO);
    play(&ui, "exd5");
    assert_string_equal(text_at(ui.lay.hand_y[1], ui.lay.hand_x, 10), "White hand");
    int x, y;
    layout_hand_entry(&ui.lay, 1, 0, &x, &y);
    assert_string_equal(text_at(y, x, 5), " ♙  1");
    assert_string_equal(text_at(ui.lay.hand_y[0], ui.lay.hand_x, 13), "Black hand: -");
    game_off(&ui);
}

/* Shinobi+: captures go to no hand, so what each side took is shown beside
 * its hand, and follows the position shown when moves are taken back */
static void ui_draw__shinobi_captures__taken_pieces_beside_the_hands(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    int hx = ui.lay.hand_x;
    for (int y = 0; y < LINES; y++)
        assert_null(strstr(line(y), "took"));
    play(&ui, "e4");
    play(&ui, "d5");
    play(&ui, "exd5");
    play(&ui, "Qxd5");
    int top = ui.lay.hand_y[0];
    assert_string_equal(text_at(top + 1, hx, 12), "Kingdom took");
    assert_string_equal(text_at(top + 2, hx, 5), " 歩 1");
    bool clan = false;
    for (int y = top + 3; y < ui.lay.hand_y[1]; y++)
        if (!strcmp(text_at(y, hx, 9), "Clan took")) {
            assert_string_equal(text_at(y + 1, hx, 5), " ♟  1");
            clan = true;
        }
    assert_true(clan);
    game_off(&ui);
    /* Shogun's captures go to the hand: no such list */
    game_on(&ui, "shogun", "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1", 80, 24, GLYPHS_UNICODE, FORM_MONO);
    play(&ui, "exd5");
    for (int y = 0; y < LINES; y++)
        assert_null(strstr(line(y), "took"));
    game_off(&ui);
}

/* --- the side panel --------------------------------------------------------------------- */

static void ui_draw__move_list__numbered_two_plies_a_line(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    int px = ui.lay.panel_x;
    play(&ui, "e4");
    play(&ui, "e5");
    play(&ui, "J@c3");
    int y = -1;
    for (int i = 0; i < LINES && y < 0; i++)
        if (!strcmp(text_at(i, px, 5), "Moves"))
            y = i + 1;
    assert_true(y > 0);
    assert_string_equal(line_from(y, px), "  1. e4    e5");
    assert_string_equal(line_from(y + 1, px), "  2. J@c3");
    assert_string_equal(line_from(1, px), "  Clan: player");
    assert_string_equal(line_from(2, px), "▶ Kingdom: player");
    assert_string_equal(line_from(4, px), "Kingdom to move");
    game_off(&ui);
}

static void ui_draw__move_list_from_fen__second_player_first(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobi", "4k3/8/8/8/8/8/1p6/4K3[] b - - 0 23", 80, 24, GLYPHS_UNICODE, FORM_MONO);
    play(&ui, "b1");
    play(&ui, "Ke2");
    assert_true(screen_has(" 23. ...   b1=C"));
    assert_true(screen_has(" 24. Ke2"));
    game_off(&ui);
}

/* More plies than lines: the latest stay in view, the first scroll away. */
static void ui_draw__long_move_list__latest_moves_shown(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 80, 24, GLYPHS_UNICODE, FORM_MONO);
    for (int i = 0; i < 60 && !game_over(ui.game); i++) {
        /* the first legal move that is not a drop: a quiet, repeatable game */
        Move m = MOVE_NONE;
        for (int k = 0; k < ui.game->legal.count && m == MOVE_NONE; k++)
            if (move_kind(ui.game->legal.moves[k]) != MOVE_DROP)
                m = ui.game->legal.moves[k];
        assert_true(m != MOVE_NONE);
        ui_play(&ui, m);
    }
    ui_draw(&ui);
    Game *g = ui.game;
    assert_true(g->rec.nmoves > 30);
    /* the last line holds the last move, after its number (or the result, then the move) */
    int n = g->rec.nmoves - 1, bottom = ui.lay.panel_y + ui.lay.panel_h - 1; /* bottom: the key hints */
    char number[16];
    snprintf(number, sizeof number, "%3d.", n / 2 + 1);
    int row = bottom - 1;
    if (game_over(g)) /* a finished game's result comes after its moves */
        assert_non_null(strstr(line_from(row--, ui.lay.panel_x), game_outcome_text(g->rec.result.outcome)));
    const char *last = line_from(row, ui.lay.panel_x);
    assert_memory_equal(last, number, strlen(number));
    assert_true(strlen(last) >= strlen(g->san[n]));
    assert_string_equal(last + strlen(last) - strlen(g->san[n]), g->san[n]);
    assert_false(screen_has("  1. ")); /* scrolled away */
    assert_string_equal(line_from(bottom, ui.lay.panel_x), "? help  n new  q quit");
    game_off(&ui);
}

static void ui_draw__result__reason_in_panel_wrapped(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "cashew", "3Q8k/p12/13/13/13/13/13/13/13/13/13/13/K12 w", 80, 24, GLYPHS_UNICODE, FORM_MONO);
    play(&ui, "d13m13");
    int px = ui.lay.panel_x;
    /* 23 cells of panel: the result goes on two lines, broken at a space */
    assert_int_equal(ui.lay.panel_w, 23);
    assert_string_equal(text_at(4, px, 23), "Sente wins: King       ");
    assert_string_equal(text_at(5, px, 23), "captured               ");
    assert_string_equal(line(LINES - 1), "QU d13xm13. Sente wins: King captured (N: rematch, V: review, u: take back)");
    game_off(&ui);
}

static void ui_draw__move_choice__listed_with_numbers(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "cashew", "12k/13/13/13/13/13/6p6/5p7/4L!8/13/13/13/K12 w", 80, 24, GLYPHS_UNICODE, FORM_MONO);
    set_cursor(&ui, "e5");
    ui_select_at_cursor(&ui);
    set_cursor(&ui, "g7");
    ui_select_at_cursor(&ui);
    ui_draw(&ui);
    assert_int_equal(ui.input, INPUT_CHOICE);
    assert_true(screen_has("Choose a move:"));
    assert_true(screen_has("1  LN e5xg7+"));
    assert_true(screen_has("2  LN e5xf6xg7+"));
    assert_true(line_has(LINES - 1, "press 1-2"));
    game_off(&ui);
}

static void ui_draw__lion_leg__kept_marked_and_next_squares_dotted(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "cashew", "12k/13/13/13/13/13/6p6/5p7/4L!8/13/13/13/K12 w", 80, 24, GLYPHS_UNICODE, FORM_MONO);
    set_cursor(&ui, "e5");
    ui_select_at_cursor(&ui);
    set_cursor(&ui, "f6");
    ui_select_at_cursor(&ui); /* f6 holds a Pawn the Lion can take and go on from */
    set_cursor(&ui, "a1");
    ui_draw(&ui);
    assert_int_equal(ui.board.nlegs, 1);
    assert_true(screen_has("Lion via f6:"));
    assert_true(screen_has("LN e5xf6+"));     /* stop there */
    assert_true(screen_has("LN e5xf6xg7+"));  /* take g7 too */
    assert_true(screen_has("LN e5xf6-e5+"));  /* igui */
    assert_false(screen_has("LN e5-c3"));     /* no longer possible after f6 */
    assert_string_equal(square_text(&ui, "g6"), "  · "); /* hit and run */
    assert_string_equal(square_text(&ui, "c3"), "░░░░"); /* not after f6 */
    int x, y;
    attr_t a;
    short fg, bg;
    square_cell(&ui, "f6", &x, &y);
    cell_style(y, x, &a, &fg, &bg);
    assert_true((a & A_REVERSE) && (a & A_BOLD)); /* the leg, as the piece itself */
    set_cursor(&ui, "g7");
    ui_select_at_cursor(&ui);
    ui_draw(&ui);
    assert_int_equal(ui.game->rec.nmoves, 1);
    assert_string_equal(ui.game->san[0], "LN e5xf6xg7+");
    assert_false(screen_has("Lion via"));
    game_off(&ui);
}

static void ui_draw__cursor_in_hand__entry_reversed_not_the_board(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobi", NULL, 80, 24, GLYPHS_LETTERS, FORM_MONO);
    set_cursor(&ui, "h1");
    ui_cursor_move(&ui, 1, 0); /* off the board: the hand line nearest rank 1 */
    ui_draw(&ui);
    assert_int_equal(ui.board.cur_hand, 4);
    int x, y;
    attr_t a;
    short fg, bg;
    layout_hand_entry(&ui.lay, 1, 4, &x, &y);
    assert_string_equal(text_at(y, x, 5), " M  2");
    cell_style(y, x + 1, &a, &fg, &bg);
    assert_true(a & A_REVERSE);
    square_cell(&ui, "h1", &x, &y);
    cell_style(y, x, &a, &fg, &bg);
    assert_false(a & A_REVERSE);
    ui_select_at_cursor(&ui);
    ui_draw(&ui);
    layout_hand_entry(&ui.lay, 1, 4, &x, &y);
    assert_string_equal(text_at(y, x, 5), ">M  2");
    ui_cursor_move(&ui, -1, 0); /* back to the board's last file */
    assert_int_equal(ui.board.cur_hand, -1);
    assert_int_equal(ui.board.cur_file, 7);
    game_off(&ui);
}

/* --- size ------------------------------------------------------------------------------- */

static void ui_draw__too_small__one_line_with_the_size_needed(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 36, 8, GLYPHS_UNICODE, FORM_MONO);
    char want[80];
    snprintf(want, sizeof want, "Too small: need %dx%d, have 36x8", ui.lay.need_cols, ui.lay.need_rows);
    assert_string_equal(line(0), want);
    for (int y = 1; y < LINES; y++)
        assert_string_equal(line(y), ""); /* nothing else: no garbage */
    /* wide enough for the whole sentence */
    resizeterm(10, 100);
    ui_draw(&ui);
    snprintf(want, sizeof want, "Terminal too small: Shinobi+ needs %dx%d, this one is 100x10 (q quits)",
             ui.lay.need_cols, ui.lay.need_rows);
    assert_string_equal(line(0), want);
    /* very narrow: the shortest form still fits */
    resizeterm(3, 7);
    ui_draw(&ui);
    snprintf(want, sizeof want, "%dx%d", ui.lay.need_cols, ui.lay.need_rows);
    assert_string_equal(line(0), want);
    /* exactly the size asked for: the board */
    int need_cols = ui.lay.need_cols, need_rows = ui.lay.need_rows;
    resizeterm(need_rows, need_cols);
    ui_draw(&ui);
    assert_true(ui.lay.fits);
    assert_false(screen_has("small"));
    assert_true(screen_has("王"));
    game_off(&ui);
}

static void ui_draw__bigger_terminal__bigger_squares_same_pieces(void **state)
{
    (void)state;
    Ui ui;
    game_on(&ui, "shinobiplus", NULL, 160, 50, GLYPHS_UNICODE, FORM_MONO);
    assert_true(ui.lay.cw > 4);
    assert_string_equal(square_text(&ui, "e1"), " 王 ");
    assert_string_equal(square_text(&ui, "e8"), " ♚  ");
    /* resized back: the small layout, nothing left over from the big one */
    resizeterm(24, 80);
    ui_draw(&ui);
    assert_string_equal(line(17), "    a   b   c   d   e   f   g   h");
    assert_string_equal(line(18), "");
    game_off(&ui);
}

int test_ui_draw_run(void)
{
    setlocale(LC_CTYPE, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ui_wrap_next__two_spaces__fields_kept_whole),
        cmocka_unit_test(ui_draw__8x8_at_80x24__coordinates_left_and_below),
        cmocka_unit_test(ui_draw__hands_at_80x24__a_gap_before_the_panel),
        cmocka_unit_test(ui_draw__flipped__coordinates_reversed),
        cmocka_unit_test(ui_draw__start_position__each_piece_on_its_square),
        cmocka_unit_test(ui_draw__second_player_and_promoted__marked_without_colour),
        cmocka_unit_test(ui_draw__shinobi_captures__taken_pieces_beside_the_hands),
        cmocka_unit_test(ui_draw__letters__ascii_only_with_plus_for_promoted),
        cmocka_unit_test(ui_draw__cashew_at_80x24__13_ranks_and_files_a_to_m),
        cmocka_unit_test(ui_draw__cashew_king_attacked__check_style_both_forms),
        cmocka_unit_test(ui_draw__8x8_in_check__panel_says_so),
        cmocka_unit_test(ui_draw__byoyomi_at_80_columns__name_not_covered),
        cmocka_unit_test(ui_draw__finished_game__result_after_the_moves),
        cmocka_unit_test(ui_draw__legend__pieces_in_play_with_letters),
        cmocka_unit_test(ui_draw__legend__both_glyphs_and_pages),
        cmocka_unit_test(ui_draw__analysis__line_and_bar),
        cmocka_unit_test(ui_draw__analysis_long_line__cut_between_moves),
        cmocka_unit_test(ui_draw__compact_analysis__score_line_and_bar),
        cmocka_unit_test(ui_draw__review__graph_and_worst_moves_marked),
        cmocka_unit_test(ui_draw__compact_review__graph_with_the_moves),
        cmocka_unit_test(ui_draw__compact_40x14__whole_game_in_view),
        cmocka_unit_test(ui_draw__long_message__read_whole),
        cmocka_unit_test(ui_draw__compact_long_message__whole_or_w_shows_it),
        cmocka_unit_test(ui_draw__no_colour__dark_squares_shaded),
        cmocka_unit_test(ui_draw__selection__destinations_dotted_cursor_reversed),
        cmocka_unit_test(ui_draw__last_move__both_squares_underlined),
        cmocka_unit_test(ui_draw__last_move_without_underline__brackets),
        cmocka_unit_test(ui_draw__eight_colours__pieces_readable_on_and_off_the_board),
        cmocka_unit_test(ui_draw__compact_last_move_without_underline__marked_apart_from_the_cursor),
        cmocka_unit_test(ui_draw__compact_cashew_without_colour__sides_differ),
        cmocka_unit_test(ui_draw__hands__each_kind_with_its_count),
        cmocka_unit_test(ui_draw__hand_selected_for_drop__marked),
        cmocka_unit_test(ui_draw__shogun_capture__goes_to_the_capturers_hand),
        cmocka_unit_test(ui_draw__move_list__numbered_two_plies_a_line),
        cmocka_unit_test(ui_draw__move_list_from_fen__second_player_first),
        cmocka_unit_test(ui_draw__long_move_list__latest_moves_shown),
        cmocka_unit_test(ui_draw__result__reason_in_panel_wrapped),
        cmocka_unit_test(ui_draw__move_choice__listed_with_numbers),
        cmocka_unit_test(ui_draw__lion_leg__kept_marked_and_next_squares_dotted),
        cmocka_unit_test(ui_draw__cursor_in_hand__entry_reversed_not_the_board),
        cmocka_unit_test(ui_draw__too_small__one_line_with_the_size_needed),
        cmocka_unit_test(ui_draw__bigger_terminal__bigger_squares_same_pieces),
    };
    return cmocka_run_group_tests_name("ui drawing", tests, ui_model_open, ui_model_close);
}
