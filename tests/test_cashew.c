/* Cashew Shogi: the special pieces against shared/rules/cashew.md section 8,
 * the reference perft file, promotion on capture, attacks, FEN in HaChu's
 * style, and move text in its three forms, both ways. */
#include "test_util.h"

#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/notation_cashew.h"
#include "kage/rules/perft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int test_cashew_run(void);

/* --- helpers ------------------------------------------------------------- */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A FEN from "token@square" items, e.g. "K@a1 k@m13 L!@e5", and a side. */
static const char *board_fen(const char *items, char side, char *out, size_t size)
{
    char grid[13][13][5];
    memset(grid, 0, sizeof grid);
    char copy[512];
    snprintf(copy, sizeof copy, "%s", items);
    for (char *save = NULL, *it = strtok_r(copy, " ", &save); it; it = strtok_r(NULL, " ", &save)) {
        char *at = strchr(it, '@');
        assert_non_null(at);
        *at = 0;
        int file = at[1] - 'a', rank = atoi(at + 2) - 1;
        assert_true(file >= 0 && file < 13 && rank >= 0 && rank < 13);
        snprintf(grid[rank][file], sizeof grid[rank][file], "%s", it);
    }
    size_t n = 0;
    for (int r = 12; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 13; f++) {
            if (!grid[r][f][0]) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)snprintf(out + n, size - n, "%d", empty), empty = 0;
            n += (size_t)snprintf(out + n, size - n, "%s", grid[r][f]);
        }
        if (empty)
            n += (size_t)snprintf(out + n, size - n, "%d", empty);
        if (r)
            n += (size_t)snprintf(out + n, size - n, "/");
    }
    snprintf(out + n, size - n, " %c", side);
    return out;
}

static Position *cashew_at(const char *items, char side)
{
    char fen[512];
    return test_position("cashew", board_fen(items, side, fen, sizeof fen));
}

static int square(const Position *pos, const char *name)
{
    int sq = 0;
    assert_true(variant_parse_square(pos->v, name, &sq) > 0);
    return sq;
}

static const char *type_token(const Position *pos, const char *name)
{
    Piece p = pos->board[square(pos, name)];
    return p ? pos->v->type[piece_type(p)].def->fen : "";
}

/* Play one move given in any Cashew form; fails the test if it is refused. */
static void play(Position *pos, const char *text)
{
    Move m;
    KageError err;
    if (!move_from_cashew(pos, text, CASHEW_ANY, &m, &err))
        fail_msg("move %s: %s", text, err.msg);
    pos_make(pos, m);
}

static int count_passes(const MoveList *list)
{
    int n = 0;
    for (int i = 0; i < list->count; i++)
        n += move_kind(list->moves[i]) == MOVE_PASS;
    return n;
}

/* The reference positions: the start, every FEN of perft-cashew.txt. */
static int reference_fens(char fens[][400], int max)
{
    char path[512], line[1024];
    int n = 0;
    FILE *f = fopen(test_reference_path("perft-cashew.txt", path, sizeof path), "r");
    if (!f)
        fail_msg("cannot open %s (set KAGE_REFERENCE_DIR)", path);
    while (fgets(line, sizeof line, f) && n < max) {
        if (line[0] == '#' || !strchr(line, '\t'))
            continue;
        strtok(line, "\t");
        char *fen = strtok(NULL, "\t");
        bool dup = false;
        for (int i = 0; i < n; i++)
            dup |= !strcmp(fens[i], fen);
        if (!dup)
            snprintf(fens[n++], sizeof fens[0], "%s", fen);
    }
    fclose(f);
    return n;
}

/* Calls fn on the reference positions and on positions of random games from
 * them (pseudo-legal random play ends when a King is taken). */
static void for_game_positions(void (*fn)(Position *pos), int games_per_fen, int plies)
{
    static char fens[64][400];
    int nfens = reference_fens(fens, 64);
    assert_true(nfens >= 10);
    uint64_t seed = 0x5eed;
    for (int i = 0; i < nfens; i++)
        for (int g = 0; g < games_per_fen; g++) {
            Position *pos = test_position("cashew", fens[i]);
            for (int ply = 0; ply < plies; ply++) {
                fn(pos);
                MoveList list;
                movegen_legal(pos, &list);
                if (!list.count)
                    break;
                pos_make(pos, list.moves[rng_next(&seed) % (uint64_t)list.count]);
            }
            test_release(pos);
        }
}

/* --- perft ------------------------------------------------------------------ */

static void perft__matches_rules__special_piece_positions(void **state)
{
    (void)state;
    static const struct {
        const char *what, *fen;
        uint64_t n[3];
    } cases[] = {
        {"Lion alone", "12k/13/13/13/13/13/6L!6/13/13/13/13/13/K12 w", {28, 84, 2379}},
        {"Lion next to 2 enemy pawns", "12k/13/13/13/13/6pp5/6L!6/13/13/13/13/13/K12 w", {44, 200, 6960}},
        {"Berserker alone", "12k/13/13/13/13/13/6+L!6/13/13/13/13/13/K12 w", {36, 108, 3911}},
        {"Wolf alone", "12k/13/13/13/13/13/6W!6/13/13/13/13/13/K12 w", {28, 84, 2378}},
        {"Wolf, enemy/enemy/enemy", "12k/13/13/13/6p6/6p6/6p6/6W!6/13/13/13/13/K12 w", {34, 136, 4014}},
        {"Wolf, enemy/own/empty", "12k/13/13/13/13/6P6/6p6/6W!6/13/13/13/13/K12 w", {30, 117, 3359}},
        {"Hook Mover alone", "12k/13/13/13/13/13/6H!6/13/13/13/13/13/K12 w", {170, 507, 85627}},
        {"Goblin alone", "12k/13/13/13/13/13/6G!6/13/13/13/13/13/K12 w", {90, 267, 23812}},
        {"Elephant alone", "12k/13/13/13/13/13/6+W!6/13/13/13/13/13/K12 w", {35, 105, 3272}},
        {"Flag alone", "12k/13/13/13/13/13/6+N6/13/13/13/13/13/K12 w", {31, 90, 2269}},
        {"second player's Deep Guard", "12k/13/13/13/13/13/6t!6/13/13/13/13/13/K12 b", {26, 78, 1899}},
        {"King capture ends the game", "13/13/13/13/13/13/5kQ6/13/13/13/13/13/K12 b", {8, 330, 2600}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position *pos = test_position("cashew", cases[i].fen);
        for (int d = 1; d <= 3; d++) {
            uint64_t got = perft(pos, d);
            if (got != cases[i].n[d - 1])
                fail_msg("%s: perft %d = %llu, expected %llu", cases[i].what, d, (unsigned long long)got,
                         (unsigned long long)cases[i].n[d - 1]);
        }
        test_release(pos);
    }
}

/* Every line of the reference file up to KAGE_PERFT_CAP nodes (default 2M). */
static void perft__matches_reference__cashew_file(void **state)
{
    (void)state;
    const char *capenv = getenv("KAGE_PERFT_CAP");
    unsigned long long cap = capenv ? strtoull(capenv, NULL, 10) : 2000000;
    char path[512], line[1024];
    FILE *f = fopen(test_reference_path("perft-cashew.txt", path, sizeof path), "r");
    if (!f)
        fail_msg("cannot open %s (set KAGE_REFERENCE_DIR)", path);
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strchr(line, '\t'))
            continue;
        char *variant = strtok(line, "\t"), *fen = strtok(NULL, "\t"), *depth = strtok(NULL, "\t");
        unsigned long long want = strtoull(strtok(NULL, "\t\n"), NULL, 10);
        if (cap && want > cap)
            continue;
        Position *pos = test_position(variant, fen);
        unsigned long long got = perft(pos, atoi(depth));
        if (got != want)
            fail_msg("%s depth %s: %llu, expected %llu", fen, depth, got, want);
        test_release(pos);
        checked++;
    }
    fclose(f);
    assert_true(checked >= 30);
}

/* --- the generator ------------------------------------------------------------ */

/* No effect twice, at most one pass, and noisy + quiet = all. */
static void check_unique_effects(Position *pos)
{
    MoveList all, noisy, quiet;
    movegen_legal(pos, &all);
    movegen_noisy(pos, &noisy);
    movegen_quiet(pos, &quiet);
    assert_int_equal(all.count, noisy.count + quiet.count);
    assert_true(count_passes(&all) <= 1);
    static char text[MAX_MOVES][MOVE_TEXT_MAX];
    for (int i = 0; i < all.count; i++) {
        move_to_cashew(pos, all.moves[i], CASHEW_CANONICAL, text[i]);
        for (int j = 0; j < i; j++)
            if (!strcmp(text[i], text[j]))
                fail_msg("%s generated twice", text[i]);
    }
    for (int i = 0; i < noisy.count; i++)
        assert_true(movegen_is_capture(pos, noisy.moves[i]));
}

static void movegen_legal__each_effect_once__random_games(void **state)
{
    (void)state;
    for_game_positions(check_unique_effects, 2, 80);
}

/* pos_attacked(sq, side to move) is true exactly when some move captures on sq. */
static void check_attacks(Position *pos)
{
    MoveList list;
    movegen_legal(pos, &list);
    if (!list.count)
        return;
    bool captured[BOARD_ARRAY] = {false};
    for (int i = 0; i < list.count; i++) {
        int sqs[3], n = cashew_move_captures(pos, list.moves[i], sqs);
        for (int k = 0; k < n; k++)
            captured[sqs[k]] = true;
    }
    for (int i = 0; i < pos->npieces[!pos->side]; i++) {
        int sq = pos->plist[!pos->side][i];
        if (pos_attacked(pos, sq, pos->side) != captured[sq]) {
            char fen[512], name[8];
            pos_get_fen(pos, fen, sizeof fen);
            variant_square_name(pos->v, sq, name);
            fail_msg("%s: pos_attacked(%s) = %d, but the moves say %d", fen, name, !captured[sq], captured[sq]);
        }
    }
}

static void pos_attacked__agrees_with_captures__random_games(void **state)
{
    (void)state;
    for_game_positions(check_attacks, 2, 80);
}

static void pos_attacked__sees_special_moves__hook_wolf_berserker(void **state)
{
    (void)state;
    /* Hook Mover g7 turning on g10 (or j7) to j10; its line to g11 is blocked */
    Position *pos = cashew_at("K@a1 k@m13 H!@g7 p@j10 P@h7", 'w');
    assert_true(pos_attacked(pos, square(pos, "j10"), WHITE));
    test_release(pos);
    pos = cashew_at("K@a1 k@m13 H!@g7 p@j10 P@h7 P@g8", 'w');
    assert_false(pos_attacked(pos, square(pos, "j10"), WHITE));
    test_release(pos);
    /* Goblin e5 to h6, turning on g7 or f4 */
    pos = cashew_at("K@a1 k@m13 G!@e5 p@h6", 'w');
    assert_true(pos_attacked(pos, square(pos, "h6"), WHITE));
    test_release(pos);
    /* Wolf jumps to its third square; the Berserker needs the line empty */
    pos = cashew_at("K@a1 k@m13 w!@e8 P@e7 P@e6 P@e5 +l!@i8 P@i7 P@i5", 'b');
    assert_true(pos_attacked(pos, square(pos, "e5"), BLACK));
    assert_false(pos_attacked(pos, square(pos, "i5"), BLACK));
    test_release(pos);
}

static void movegen_legal__one_pass__two_lions_and_a_wolf(void **state)
{
    (void)state;
    MoveList list;
    Position *pos = cashew_at("K@a1 k@m13 L!@c3 L!@k3 W!@g7", 'w');
    movegen_legal(pos, &list);
    assert_int_equal(count_passes(&list), 1);
    test_release(pos);
    /* every neighbour taken, by friend or foe: no pass */
    pos = cashew_at("K@a1 k@m13 L!@e5 P@d4 P@e4 P@f4 P@d5 p@f5 p@d6 p@e6 p@f6", 'w');
    movegen_legal(pos, &list);
    assert_int_equal(count_passes(&list), 0);
    test_release(pos);
}

static void movegen_legal__no_moves__king_captured(void **state)
{
    (void)state;
    MoveList list;
    Position *pos = cashew_at("K@g7 k@f7 Q@a1", 'b');
    play(pos, "f7-g7xg7");
    assert_int_equal(pos->king[WHITE], 0);
    movegen_legal(pos, &list);
    assert_int_equal(list.count, 0);
    test_release(pos);
}

/* --- promotion --------------------------------------------------------------- */

/* Every move of the piece on g7, among enemy pawns on all 24 squares around
 * it: it promotes (to `promoted`, or stays) iff it captures. */
static void expect_promotion(const char *token, const char *promoted)
{
    char items[512];
    snprintf(items, sizeof items, "K@a1 k@m13 %s@g7", token);
    static const char *ring[] = {"e5", "f5", "g5", "h5", "i5", "e6", "f6", "g6", "h6", "i6", "e7", "f7",
                                 "h7", "i7", "e8", "f8", "g8", "h8", "i8", "e9", "f9", "g9", "h9", "i9"};
    for (size_t i = 0; i < sizeof ring / sizeof ring[0]; i++)
        snprintf(items + strlen(items), sizeof items - strlen(items), " p@%s", ring[i]);
    Position *pos = cashew_at(items, 'w');
    MoveList list;
    movegen_legal(pos, &list);
    int captures = 0, g7 = square(pos, "g7");
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_from(m) != g7 || move_kind(m) == MOVE_PASS)
            continue;
        int sqs[3];
        bool cap = cashew_move_captures(pos, m, sqs) > 0;
        char text[MOVE_TEXT_MAX], name[8];
        move_to_cashew(pos, m, CASHEW_CANONICAL, text);
        pos_make(pos, m);
        variant_square_name(pos->v, move_to(m), name);
        const char *now = type_token(pos, name);
        if (strcmp(now, cap ? promoted : token))
            fail_msg("%s %s: became %s", token, text, now);
        pos_unmake(pos);
        captures += cap;
    }
    if (!captures)
        fail_msg("%s has no capture", token);
    test_release(pos);
}

static void pos_make__promotes_on_capture__every_kind(void **state)
{
    (void)state;
    static const char *promotes[][2] = {
        {"H'", "Q"},  {"C'", "H"},  {"F'", "D"},  {"K'", "G!"},  {"P'", "H!"},  {"O", "+O"},
        {"X", "+X"},  {"N", "+N"},  {"W'", "+W'"}, {"E'", "+E'"}, {"L!", "+L!"}, {"W!", "+W!"},
    };
    static const char *stays[] = {"Q", "P", "L", "D'", "G", "S", "F", "T'", "V", "I'", "J'", "L'", "R'",
                                  "D!", "T!", "H", "D", "+O", "+X", "+N", "G!", "H!", "+L!", "+W!", "+W'",
                                  "+E'"};
    for (size_t i = 0; i < sizeof promotes / sizeof promotes[0]; i++)
        expect_promotion(promotes[i][0], promotes[i][1]);
    for (size_t i = 0; i < sizeof stays / sizeof stays[0]; i++)
        expect_promotion(stays[i], stays[i]);
}

static void pos_make__promotes_once__lion_igui_and_double_capture(void **state)
{
    (void)state;
    Position *pos = cashew_at("K@a1 k@m13 L!@e5 p@f6 p@g7", 'w');
    play(pos, "e5-e5xf6+");
    assert_string_equal(type_token(pos, "e5"), "+L!");
    assert_string_equal(type_token(pos, "f6"), "");
    assert_string_equal(type_token(pos, "g7"), "P"); /* Gote's pawn, upper-case token */
    pos_unmake(pos);
    play(pos, "e5f6,f6g7+");
    assert_string_equal(type_token(pos, "g7"), "+L!");
    assert_int_equal(pos->npieces[BLACK], 1);
    test_release(pos);
}

/* --- FEN ------------------------------------------------------------------- */

static void pos_set_fen__reads_hachu_spellings__promoted_aliases(void **state)
{
    (void)state;
    Position *pos = test_position("cashew", "12k/13/13/13/13/13/+H'+C'+F'+K'+P'+h'+c'+f'+k'+p'3/13/13/13/13/13/K12 w");
    char out[512];
    pos_get_fen(pos, out, sizeof out);
    assert_string_equal(out, "12k/13/13/13/13/13/QHDG!H!qhdg!h!3/13/13/13/13/13/K12 w");
    test_release(pos);
    /* the promoted-only letters, and a side to move followed by anything */
    pos = test_position("cashew", "12k/13/13/13/13/13/+O+X+N+L!+W!+W'+E'+o+x+n+l!+w'+e'/13/13/13/13/13/K12 b 0 1");
    pos_get_fen(pos, out, sizeof out);
    assert_string_equal(out, "12k/13/13/13/13/13/+O+X+N+L!+W!+W'+E'+o+x+n+l!+w'+e'/13/13/13/13/13/K12 b");
    assert_int_equal(pos->side, BLACK);
    test_release(pos);
}

static void pos_set_fen__rejects_with_message__bad_cashew_fen(void **state)
{
    (void)state;
    static const struct {
        const char *fen, *message;
    } cases[] = {
        {"13/13/13 w", "expected '/' after rank 11"},
        {"12k/13/13/13/13/13/6Z6/13/13/13/13/13/K12 w", "unknown piece 'Z'"},
        {"12k/13/13/13/13/13/6P!6/13/13/13/13/13/K12 w", "unknown piece 'P!'"},
        {"12k/13/13/13/13/13/6+/6/13/13/13/13/13/K12 w", "unknown piece '+/'"},
        {"12k/13/13/13/13/13/14/13/13/13/13/13/K12 w", "more than 13 squares"},
        {"12k/13/13/13/13/13/13/13/13/13/13/13/K12/13 w", "more than 13 ranks"},
        {"12k/13/13/13/13/13/6K6/13/13/13/13/13/K12 w", "Sente has 2 kings"},
        {"12k/13/13/13/13/13/13/13/13/13/13/13/K12 x", "side to move must be 'w' or 'b'"},
        {"12k/13/13/13/13/13/13/13/13/13/13/13/K12[P] w", "cannot be in hand"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position *pos = test_position("cashew", NULL);
        char before[512], after[512];
        KageError err;
        pos_get_fen(pos, before, sizeof before);
        if (pos_set_fen(pos, cases[i].fen, &err))
            fail_msg("accepted %s", cases[i].fen);
        if (!strstr(err.msg, cases[i].message))
            fail_msg("%s: message \"%s\" lacks \"%s\"", cases[i].fen, err.msg, cases[i].message);
        pos_get_fen(pos, after, sizeof after);
        assert_string_equal(before, after);
        test_release(pos);
    }
}

/* --- move text --------------------------------------------------------------- */

/* Every legal move prints in each form and parses back (in that form and
 * with CASHEW_ANY) to itself. */
static void check_text_round_trip(Position *pos)
{
    static const enum CashewText forms[] = {CASHEW_CANONICAL, CASHEW_XBOARD, CASHEW_READABLE};
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++)
        for (int f = 0; f < 3; f++) {
            char text[MOVE_TEXT_MAX];
            Move m;
            KageError err;
            move_to_cashew(pos, list.moves[i], forms[f], text);
            if (!move_from_cashew(pos, text, forms[f], &m, &err))
                fail_msg("form %d: %s: %s", f, text, err.msg);
            assert_true(m == list.moves[i]);
            if (!move_from_cashew(pos, text, CASHEW_ANY, &m, &err))
                fail_msg("any form: %s: %s", text, err.msg);
            assert_true(m == list.moves[i]);
        }
}

static void move_from_cashew__parses_printed_moves__random_games(void **state)
{
    (void)state;
    for_game_positions(check_text_round_trip, 1, 40);
}

static void move_to_cashew__writes_each_form__special_moves(void **state)
{
    (void)state;
    static const struct {
        const char *items;
        char side;
        const char *canonical, *xboard, *readable;
    } cases[] = {
        /* Lion: jump, capture, igui, hit and run, double capture, pass */
        {"K@a1 k@m13 L!@e5 p@f6 p@g7", 'w', "e5-c3", "e5c3", "LN e5-c3"},
        {"K@a1 k@m13 L!@e5 p@f6 p@g7", 'w', "e5-f6xf6+", "e5f6+", "LN e5xf6+"},
        {"K@a1 k@m13 L!@e5 p@f6 p@g7", 'w', "e5-e5xf6+", "e5f6,f6e5+", "LN e5xf6-e5+"},
        {"K@a1 k@m13 L!@e5 p@f6 p@g7", 'w', "e5-g6xf6+", "e5f6,f6g6+", "LN e5xf6-g6+"},
        {"K@a1 k@m13 L!@e5 p@f6 p@g7", 'w', "e5-g7xf6,g7+", "e5f6,f6g7+", "LN e5xf6xg7+"},
        {"K@a1 k@m13 L!@e5 p@f6 p@g7", 'w', "pass", "@@@@", "pass"},
        /* the Hun's Lion does not promote */
        {"K@a1 k@m13 +E'@e5 p@f6", 'w', "e5-e5xf6", "e5f6,f6e5", "+LN e5xf6-e5"},
        /* Wolf: all three, two out and one back, passing over a piece it spares */
        {"K@a1 k@m13 W!@e5 p@e6 p@e7 p@e8", 'w', "e5-e8xe6,e7,e8+", "e5e6,e6e7,e7e8+", "WO e5xe6xe7xe8+"},
        {"K@a1 k@m13 W!@e5 p@e6 p@e7 p@e8", 'w', "e5-e6xe6,e7+", "e5e7,e7e6+", "WO e5xe7xe6+"},
        {"K@a1 k@m13 W!@e5 p@e6 p@e7 p@e8", 'w', "e5-e8xe7,e8+", "e5e7,e7e8+", "WO e5xe7xe8+"},
        {"K@a1 k@m13 +W'@e5 P@e6", 'w', "e5-e8", "e5e8", "+WO e5-e8"},
        /* Gote's Wolf moves down the board */
        {"K@a1 k@m13 w!@e9 P@e8", 'b', "e9-e7xe8+", "e9e8,e8e7+", "WO e9xe8-e7+"},
        /* hook moves and an ordinary capture that promotes */
        {"K@a1 k@m13 H!@g7", 'w', "g7-h9", "g7h9", "HM g7-h9"},
        {"K@a1 k@m13 G!@e5 p@h6", 'w', "e5-h6xh6", "e5h6", "GO e5xh6"},
        {"K@a1 k@m13 F'@e5 p@g7", 'w', "e5-g7xg7+", "e5g7+", "DR e5xg7+"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position *pos = cashew_at(cases[i].items, cases[i].side);
        const char *want[3] = {cases[i].canonical, cases[i].xboard, cases[i].readable};
        Move m[3];
        for (int f = 0; f < 3; f++) {
            KageError err;
            char text[MOVE_TEXT_MAX];
            if (!move_from_cashew(pos, want[f], (enum CashewText)f, &m[f], &err))
                fail_msg("%s: %s", want[f], err.msg);
            move_to_cashew(pos, m[f], (enum CashewText)f, text);
            assert_string_equal(text, want[f]);
        }
        assert_true(m[0] == m[1] && m[1] == m[2]);
        test_release(pos);
    }
}

static void move_from_cashew__accepts_loose_text__missing_plus_and_case(void **state)
{
    (void)state;
    Position *pos = cashew_at("K@a1 k@m13 L!@e5 p@f6 p@g7", 'w');
    /* the pass in each form, UCI's null move 0000 (kage uci's bestmove) too */
    static const char *passes[] = {"pass", "@@@@", "0000"};
    for (size_t i = 0; i < sizeof passes / sizeof passes[0]; i++) {
        Move m;
        KageError err;
        if (!move_from_cashew(pos, passes[i], CASHEW_ANY, &m, &err))
            fail_msg("%s: %s", passes[i], err.msg);
        assert_int_equal(move_kind(m), MOVE_PASS);
    }
    static const char *same[] = {"e5-g7xg7,f6", "e5-g7xf6,g7", "  ln e5xf6xg7 ", "e5f6,f6g7", "LN e5xf6-g7",
                                 "e5xf6xg7+"};
    Move first = MOVE_NONE;
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        Move m;
        KageError err;
        if (!move_from_cashew(pos, same[i], CASHEW_ANY, &m, &err))
            fail_msg("%s: %s", same[i], err.msg);
        if (i)
            assert_true(m == first);
        first = m;
    }
    test_release(pos);
    /* XBoard's Wolf, two out and one back: every square it stepped on, the
     * first one twice (it is taken on the way out and ended on) */
    pos = cashew_at("K@a1 k@m13 W!@e5 p@e6 p@e7 p@e8", 'w');
    Move wolf, back;
    KageError werr;
    assert_true(move_from_cashew(pos, "e5-e6xe6,e7+", CASHEW_CANONICAL, &wolf, &werr));
    if (!move_from_cashew(pos, "e5e6,e6e7,e7e6", CASHEW_XBOARD, &back, &werr))
        fail_msg("e5e6,e6e7,e7e6: %s", werr.msg);
    assert_true(back == wolf);
    test_release(pos);
    pos = cashew_at("K@a1 k@m13 L!@e5 p@f6 p@g7", 'w');
    /* out and back over an empty square is the pass */
    Move m, pass;
    KageError err;
    assert_true(move_from_cashew(pos, "pass", CASHEW_ANY, &pass, &err));
    assert_true(move_from_cashew(pos, "e5e4,e4e5", CASHEW_XBOARD, &m, &err));
    assert_true(m == pass);
    test_release(pos);
}

static void move_from_cashew__explains_error__bad_text(void **state)
{
    (void)state;
#define LION "K@a1 k@m13 L!@e5 p@f6 p@g7"
    static const struct {
        const char *items;
        enum CashewText form;
        const char *text, *message;
    } cases[] = {
        {LION, CASHEW_ANY, "", "empty move"},
        {LION, CASHEW_CANONICAL, "e5", "expected '-'"},
        {LION, CASHEW_CANONICAL, "e5-", "the end square is missing"},
        {LION, CASHEW_CANONICAL, "e5-z9", "expected the end square"},
        {LION, CASHEW_CANONICAL, "e5-f6xf6,f6", "f6 is captured twice"},
        {LION, CASHEW_CANONICAL, "e5-f6", "captures the Pawn there (write xf6)"},
        {LION, CASHEW_CANONICAL, "e5-e5xf7", "nothing to capture on f7"},
        {LION, CASHEW_CANONICAL, "e5-e5xa1", "a1 holds your own King"},
        {LION, CASHEW_CANONICAL, "d4-d5", "no piece on d4"},
        {LION, CASHEW_CANONICAL, "m13-m12", "belongs to Gote, and Sente is to move"},
        {LION, CASHEW_CANONICAL, "e5-j10", "the Lion on e5 cannot go to j10"},
        {LION, CASHEW_CANONICAL, "e5-h8xf6", "the Lion on e5 cannot go to h8 capturing f6"},
        {LION, CASHEW_CANONICAL, "e5-c3+", "does not promote"},
        {LION, CASHEW_CANONICAL, "e5-f6xf6+ now", "unexpected \" now\" after the move"},
        {LION, CASHEW_XBOARD, "e5f6,g7h8", "leg 2 must start where leg 1 ended (f6)"},
        {LION, CASHEW_XBOARD, "e5f6,f6g7,g7h8,h8i9,i9j10", "too many legs"},
        {LION, CASHEW_XBOARD, "e5", "the end of a leg is missing"},
        {LION, CASHEW_READABLE, "WO e5-c3", "e5 holds a Lion (LN), not WO"},
        {LION, CASHEW_READABLE, "LNe5-c3", "expected a space after the piece code"},
        {LION, CASHEW_READABLE, "LN e5", "expected 'x' or '-'"},
        {LION, CASHEW_READABLE, "LN e5xf6xe5", "write -e5 for igui"},
        {LION, CASHEW_READABLE, "LN e5xe6-e7", "nothing to capture on e6"},
        {"K@a1 k@m13 L!@e5 P@d4 P@e4 P@f4 P@d5 P@f5 P@d6 P@e6 P@f6", CASHEW_ANY, "pass", "no Lion or Wolf can pass"},
        {"K@a1 L!@e5", CASHEW_ANY, "e5-c3", "the game is over"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position *pos = cashew_at(cases[i].items, 'w');
        Move m;
        KageError err;
        err.msg[0] = 0;
        if (move_from_cashew(pos, cases[i].text, cases[i].form, &m, &err))
            fail_msg("accepted \"%s\"", cases[i].text);
        if (!strstr(err.msg, cases[i].message))
            fail_msg("\"%s\": message \"%s\" lacks \"%s\"", cases[i].text, err.msg, cases[i].message);
        test_release(pos);
    }
#undef LION
}

/* What a person types: a square alone, or a code and a square, is answered
 * with the moves that go there, not with the parser's view of it. */
static void move_from_text__names_the_moves__square_alone(void **state)
{
    (void)state;
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"f6", "f6: a move names the piece's start square too, as in LN e5xf6"},
        {"LN f6", "LN f6: a move names the piece's start square too, as in LN e5xf6"},
        {"LNf6", "LNf6: a move names the piece's start square too, as in LN e5xf6"},
        {"Lf6", "Lf6: a move names the piece's start square too, as in LN e5xf6"},
        {"WO f6", "WO f6: no WO can go to f6"},
        {"a13", "a13: no piece can go to a13"},
    };
    Position *pos = cashew_at("K@a1 k@m13 L!@e5 p@f6 p@g7", 'w');
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Move m;
        KageError err;
        if (move_from_text(pos, cases[i].text, MOVE_FOR_PEOPLE, &m, &err))
            fail_msg("accepted \"%s\"", cases[i].text);
        if (strncmp(err.msg, cases[i].message, strlen(cases[i].message)))
            fail_msg("\"%s\": message \"%s\", expected \"%s...\"", cases[i].text, err.msg, cases[i].message);
    }
    test_release(pos);
}

/* Whatever a person types gets an answer in the game's words, never the
 * parser's ("expected a space after the piece code"): a square off the board
 * is named, text that is no move says how a move is written, and a code
 * followed by two squares (LN e5f6) is read as the move it means. */
static void move_from_text__plain_messages__people_typing(void **state)
{
    (void)state;
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"LN e14-e15", "there is no square e14: the board has files a-m and ranks 1-13"},
        {"e5-z5", "there is no square z5: the board has files a-m and ranks 1-13"},
        {"e0e1", "there is no square e0: the board has files a-m and ranks 1-13"},
        {"n5", "there is no square n5: the board has files a-m and ranks 1-13"},
        {"hello world", "hello world: not a move; write the piece's code, its square, - (x to capture) and where it "
                        "goes, as LN e5-e6, or the squares alone, as e5e6"},
        {"zz9", "zz9: not a move; write"},
        {"LN", "LN: not a move; write"},
        {"LN e5+f6", "LN e5+f6: not a move; write"},
    };
    Position *pos = cashew_at("K@a1 k@m13 L!@e5 p@f6 p@g7", 'w');
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Move m;
        KageError err;
        if (move_from_text(pos, cases[i].text, MOVE_FOR_PEOPLE, &m, &err))
            fail_msg("accepted \"%s\"", cases[i].text);
        if (strncmp(err.msg, cases[i].message, strlen(cases[i].message)))
            fail_msg("\"%s\": message \"%s\", expected \"%s...\"", cases[i].text, err.msg, cases[i].message);
    }
    /* a code and two squares, as a person types them */
    Move m, want;
    KageError err;
    assert_true(move_from_text(pos, "LN e5xf6", MOVE_FOR_PEOPLE, &want, &err));
    if (!move_from_text(pos, "LN e5f6", MOVE_FOR_PEOPLE, &m, &err))
        fail_msg("LN e5f6: %s", err.msg);
    assert_int_equal(m, want);
    test_release(pos);
}

static void move_to_text__writes_xboard_legs__protocol_cashew(void **state)
{
    (void)state;
    Position *pos = cashew_at("K@a1 k@m13 L!@e5 p@f6 p@g7", 'w');
    Move m;
    KageError err;
    char text[MOVE_TEXT_MAX];
    assert_true(move_from_cashew(pos, "LN e5xf6-e5", CASHEW_READABLE, &m, &err));
    move_to_text(pos, m, MOVE_FOR_PROTOCOL, text);
    assert_string_equal(text, "e5f6,f6e5+");
    assert_true(move_from_text(pos, "e5f6,f6e5+", MOVE_FOR_PROTOCOL, &m, &err));
    test_release(pos);
}

int test_cashew_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(perft__matches_rules__special_piece_positions),
        cmocka_unit_test(perft__matches_reference__cashew_file),
        cmocka_unit_test(movegen_legal__each_effect_once__random_games),
        cmocka_unit_test(pos_attacked__agrees_with_captures__random_games),
        cmocka_unit_test(pos_attacked__sees_special_moves__hook_wolf_berserker),
        cmocka_unit_test(movegen_legal__one_pass__two_lions_and_a_wolf),
        cmocka_unit_test(movegen_legal__no_moves__king_captured),
        cmocka_unit_test(pos_make__promotes_on_capture__every_kind),
        cmocka_unit_test(pos_make__promotes_once__lion_igui_and_double_capture),
        cmocka_unit_test(pos_set_fen__reads_hachu_spellings__promoted_aliases),
        cmocka_unit_test(pos_set_fen__rejects_with_message__bad_cashew_fen),
        cmocka_unit_test(move_from_cashew__parses_printed_moves__random_games),
        cmocka_unit_test(move_to_cashew__writes_each_form__special_moves),
        cmocka_unit_test(move_from_cashew__accepts_loose_text__missing_plus_and_case),
        cmocka_unit_test(move_from_cashew__explains_error__bad_text),
        cmocka_unit_test(move_from_text__names_the_moves__square_alone),
        cmocka_unit_test(move_from_text__plain_messages__people_typing),
        cmocka_unit_test(move_to_text__writes_xboard_legs__protocol_cashew),
    };
    return cmocka_run_group_tests_name("cashew", tests, NULL, NULL);
}
