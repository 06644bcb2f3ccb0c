/* Move text both ways: every line of the SAN reference reproduced, every
 * legal move printed and parsed back, and clear errors for bad input. */
#include "test_util.h"

#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *next_field(char **p)
{
    char *s = *p, *tab = strchr(s, '\t');
    if (tab) {
        *tab = 0;
        *p = tab + 1;
    } else
        *p = s + strlen(s);
    return s;
}

/* shared/reference/san-8x8.txt: UCI and SAN side by side, then the final
 * FEN and the result Fairy-Stockfish gives. */
static void move_to_san__reproduces_reference__san_8x8(void **state)
{
    (void)state;
    char path[512];
    FILE *f = fopen(test_reference_path("san-8x8.txt", path, sizeof path), "r");
    assert_non_null(f);
    static char line[65536];
    int games = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strchr(line, '\t'))
            continue;
        line[strcspn(line, "\n")] = 0;
        char *p = line;
        char *variant = next_field(&p), *fen = next_field(&p), *ucis = next_field(&p), *sans = next_field(&p);
        char *final = next_field(&p), *res = next_field(&p);
        Position *pos = test_position(variant, fen);
        char *su = NULL, *ss = NULL;
        char *u = strtok_r(ucis, " ", &su), *s = strtok_r(sans, " ", &ss);
        int ply = 0;
        for (; u && s; u = strtok_r(NULL, " ", &su), s = strtok_r(NULL, " ", &ss), ply++) {
            Move mu, ms;
            KageError err;
            char text[MOVE_TEXT_MAX];
            if (!move_from_text(pos, u, MOVE_FOR_PROTOCOL, &mu, &err))
                fail_msg("%s game %d ply %d: UCI %s: %s", variant, games, ply, u, err.msg);
            move_to_text(pos, mu, MOVE_FOR_PEOPLE, text);
            if (strcmp(text, s))
                fail_msg("%s game %d ply %d: %s printed as %s, reference %s", variant, games, ply, u, text, s);
            if (!move_from_text(pos, s, MOVE_FOR_PEOPLE, &ms, &err))
                fail_msg("%s game %d ply %d: SAN %s: %s", variant, games, ply, s, err.msg);
            assert_true(ms == mu);
            move_to_text(pos, mu, MOVE_FOR_PROTOCOL, text);
            assert_string_equal(text, u);
            pos_make(pos, mu);
        }
        assert_null(u);
        assert_null(s);
        char out[512];
        pos_get_fen(pos, out, sizeof out);
        assert_string_equal(out, final);
        GameResult r = game_result(pos);
        assert_string_equal(game_outcome_text(r.outcome), res);
        test_release(pos);
        games++;
    }
    fclose(f);
    assert_int_equal(games, 24);
}

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Every legal move along random games prints and parses back, both ways. */
static void move_from_text__parses_printed_moves__random_games(void **state)
{
    (void)state;
    uint64_t seed = 7;
    for (int vi = 0; variant_defs[vi]; vi++) {
        if (variant_defs[vi]->move_style != MOVES_SAN)
            continue;
        Position *pos = test_position(variant_defs[vi]->id, NULL);
        for (int ply = 0; ply < 150; ply++) {
            MoveList list;
            movegen_legal(pos, &list);
            if (!list.count)
                break;
            for (int i = 0; i < list.count; i++) {
                char text[MOVE_TEXT_MAX];
                Move m;
                KageError err;
                move_to_text(pos, list.moves[i], MOVE_FOR_PEOPLE, text);
                if (!move_from_text(pos, text, MOVE_FOR_PEOPLE, &m, &err))
                    fail_msg("%s: SAN %s: %s", variant_defs[vi]->id, text, err.msg);
                assert_true(m == list.moves[i]);
                move_to_text(pos, list.moves[i], MOVE_FOR_PROTOCOL, text);
                if (!move_from_text(pos, text, MOVE_FOR_PEOPLE, &m, &err))
                    fail_msg("%s: UCI %s: %s", variant_defs[vi]->id, text, err.msg);
                assert_true(m == list.moves[i]);
            }
            pos_make(pos, list.moves[rng_next(&seed) % (uint64_t)list.count]);
        }
        test_release(pos);
    }
}

static void move_from_san__explains_error__bad_moves(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen, *text, *message;
    } cases[] = {
        {"shogun", NULL, "Qe5", "illegal move"},
        {"shogun", NULL, "e5", "illegal move"},
        {"shogun", NULL, "hello", "not a move"},
        {"shogun", NULL, "", "empty move"},
        {"shogun", NULL, "e2e5", "illegal move"},
        {"shogun", NULL, "P@e4", "illegal drop"},
        {"shogun", NULL, "O-O", "castling is not possible"},
        {"shogun", "4k3/8/8/8/8/8/4K3/R6R[] w - - 0 1", "Rd1", "ambiguous move Rd1: could be Rad1, Rhd1"},
        {"shogun", "4k3/8/8/8/8/8/8/R3K2R[] w - - 0 1", "Rf2", "illegal move"},
        {"shogun", "4k3/8/8/8/8/8/8/1N3N1K[] w - - 0 1", "Nd2", "ambiguous move Nd2: could be Nbd2, Nfd2"},
        {"shinobiplus", NULL, "X@e3", "illegal drop"},
        {"shinobiplus", NULL, "J@e5", "illegal drop"},
        {"shinobiplus", NULL, "J*4d", "illegal drop"}, /* e5 */
        {"shinobiplus", NULL, "J*9f", "not a move"},   /* no ninth file */
        {"shinobiplus", NULL, "J*5i", "not a move"},   /* no ninth rank */
        {"shinobiplus", NULL, "J*0f", "not a move"},
        {"shinobiplus", NULL, "J*5", "not a move"},
        /* a square off the board is named */
        {"shogun", NULL, "e9e4", "there is no square e9: the board has files a-h and ranks 1-8"},
        {"shogun", NULL, "i2i4", "there is no square i2"},
        {"shogun", NULL, "Ne10", "there is no square e10"},
        {"shinobiplus", NULL, "J@e9", "there is no square e9"},
        {"shogun", NULL, "Nxe0", "there is no square e0"},
        /* a pawn move without x never captures: the capture is named */
        {"shogun", "4k3/5p2/4P3/8/8/8/8/4K3[] b - - 0 1", "e6", "e6 (a pawn move without x does not capture; the capture is fxe6)"},
        /* "e6+" when e6 may promote and gives no check: which was meant? */
        {"shogun", "4k3/8/8/4P3/8/8/8/4K3[] w - - 0 1", "e6+", "e6+: promote or not? Write e6=C to promote, e6 not to"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position *pos = test_position(cases[i].variant, cases[i].fen);
        Move m;
        KageError err;
        if (move_from_text(pos, cases[i].text, MOVE_FOR_PEOPLE, &m, &err))
            fail_msg("'%s' accepted", cases[i].text);
        if (!strstr(err.msg, cases[i].message))
            fail_msg("'%s': message '%s' lacks '%s'", cases[i].text, err.msg, cases[i].message);
        test_release(pos);
    }
}

static void move_from_san__accepts_loose_forms__people_typing(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen, *text, *uci;
    } cases[] = {
        {"shogun", NULL, "Nf3", "g1f3"},
        {"shogun", NULL, "Ng1f3", "g1f3"},
        {"shogun", NULL, "Ng1-f3", "g1f3"},
        {"shogun", NULL, " e4 ", "e2e4"},
        {"shogun", "4k3/8/8/8/8/8/8/1N3N1K[] w - - 0 1", "Nbd2", "b1d2"},
        {"shogun", "4k3/3P4/8/8/8/8/8/4K3[] w - - 0 1", "d8", "d7d8+"},
        {"shogun", "4k3/8/8/4P3/8/8/8/4K3[] w - - 0 1", "e6=C", "e5e6+"},
        {"shogun", "4k3/8/8/4P3/8/8/8/4K3[] w - - 0 1", "e6", "e5e6"},
        {"shogun", "r3k3/8/8/8/8/8/8/4K3[P] b q - 0 1", "0-0-0", "e8c8"},
        {"shogun", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N*e3", "N@e3"},
        {"shinobiplus", NULL, "J@e3", "J@e3"},
        {"shinobiplus", NULL, "e2e4", "e2e4"},
        /* drops in lower case, and in shogi coordinates: file from the
         * right, rank from the top, as the first player sees the board */
        {"shogun", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "n@e3", "N@e3"},
        {"shogun", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "n*e3", "N@e3"},
        {"shogun", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "P*5e", "P@d4"},
        {"shogun", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "p*5e", "P@d4"},
        {"shogun", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "P*e5", "P@e5"},
        {"shogun", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N*1f", "N@h3"},
        {"shogun", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N*8h", "N@a1"},
        {"shinobiplus", NULL, "J*6f", "J@c3"},
        {"shinobiplus", NULL, "j*c3", "J@c3"},
        /* a pawn's capture named by its file, with or without x */
        {"shogun", "4k3/5p2/4P3/8/8/8/8/4K3[] b - - 0 1", "fxe6", "f7e6"},
        {"shogun", "4k3/5p2/4P3/8/8/8/8/4K3[] b - - 0 1", "fe6", "f7e6"},
        /* + after a move that gives check is the check mark, as SAN writes it */
        {"shogun", "8/3k4/8/4P3/8/8/8/4K3[] w - - 0 1", "e6+", "e5e6"},
        {"shogun", "4k3/8/8/4P3/8/8/8/4K3[] w - - 0 1", "e5e6+", "e5e6+"},
        {"shogun", "4k3/8/8/4P3/8/8/8/4K3[] w - - 0 1", "e6=C+", "e5e6+"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position *pos = test_position(cases[i].variant, cases[i].fen);
        Move m;
        KageError err;
        char uci[MOVE_TEXT_MAX];
        if (!move_from_text(pos, cases[i].text, MOVE_FOR_PEOPLE, &m, &err))
            fail_msg("'%s' rejected: %s", cases[i].text, err.msg);
        move_to_text(pos, m, MOVE_FOR_PROTOCOL, uci);
        assert_string_equal(uci, cases[i].uci);
        test_release(pos);
    }
}

/* What XBoard writes in its saved games (issue 72): a pawn's promotion as
 * "=+", a promoted piece as '+' and the letter of what it was, a piece's
 * promotion with no mark but its check mark, Cashew's moves as SAN with the
 * pieces' FEN letters; each read in a record, Kage's own forms still too. */
static void move_from_text__reads_xboard_forms__records(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen, *text, *uci;
    } cases[] = {
        {"shinobiplus", "4k3/8/8/8/3p4/8/8/4K3[] b - - 0 1", "d3=+", "d4d3+"},
        {"shinobiplus", "4k3/8/8/8/3p4/8/8/4K3[] b - - 0 1", "d3=C", "d4d3+"},
        {"shogun", "4k3/8/3p4/4P3/8/8/8/4K3[] w - - 0 1", "exd6=+", "e5d6+"},
        {"shogun", "4k3/8/3p4/4P3/8/8/8/4K3[] w - - 0 1", "exd6=C", "e5d6+"},
        {"shinobi", "4k3/1p6/8/8/8/8/1+L6/4K3[] w - - 0 1", "+Lxb7", "b2b7"},
        {"shinobi", "4k3/1p6/8/8/8/8/1+L6/4K3[] w - - 0 1", "Rxb7", "b2b7"},
        {"shinobivchess", "8/4k3/8/4+H3/8/8/8/4K3[] w - - 0 1", "+Hg6+", "e5g6"},
        {"shogun", "4k3/8/8/8/3p4/8/8/+B3K3[] w - - 0 1", "+Bxd4", "a1d4"},
        /* a piece's promotion that gives check, as XBoard writes it */
        {"shogun", "4k3/3p4/8/4N3/8/8/8/4K3[] w - - 0 1", "Nxd7+", "e5d7+"},
        {"shogun", "4k3/3p4/8/4N3/8/8/8/4K3[] w - - 0 1", "Nxd7", "e5d7"},
        {"cashew", NULL, "Pe5", "e4e5"},
        {"cashew", NULL, "PA e4-e5", "e4e5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position *pos = test_position(cases[i].variant, cases[i].fen);
        Move m;
        KageError err;
        char uci[MOVE_TEXT_MAX];
        if (!move_from_text(pos, cases[i].text, MOVE_FOR_RECORD, &m, &err))
            fail_msg("'%s' rejected: %s", cases[i].text, err.msg);
        move_to_text(pos, m, MOVE_FOR_PROTOCOL, uci);
        if (strcmp(uci, cases[i].uci))
            fail_msg("'%s' read as %s, not %s", cases[i].text, uci, cases[i].uci);
        test_release(pos);
    }
}

int test_notation_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move_to_san__reproduces_reference__san_8x8),
        cmocka_unit_test(move_from_text__parses_printed_moves__random_games),
        cmocka_unit_test(move_from_san__explains_error__bad_moves),
        cmocka_unit_test(move_from_san__accepts_loose_forms__people_typing),
        cmocka_unit_test(move_from_text__reads_xboard_forms__records),
    };
    return cmocka_run_group_tests_name("notation", tests, NULL, NULL);
}
