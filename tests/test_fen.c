/* FEN reading and writing: round trips, and every kind of bad input gets a
 * message that says what and where, leaving the position unchanged. */
#include "test_util.h"
#include "kage/rules/notation.h"

#include <stdio.h>
#include <string.h>

static void fen_roundtrip(const char *variant, const char *fen)
{
    Position *pos = test_position(variant, fen);
    char out[512];
    pos_get_fen(pos, out, sizeof out);
    assert_string_equal(out, fen);
    test_release(pos);
}

static void pos_set_fen__prints_back_the_same__start_positions(void **state)
{
    (void)state;
    for (int i = 0; variant_defs[i]; i++)
        fen_roundtrip(variant_defs[i]->id, variant_defs[i]->start_fen);
}

static void pos_set_fen__prints_back_the_same__reference_positions(void **state)
{
    (void)state;
    char path[512], line[1024];
    FILE *f = fopen(test_reference_path("perft-8x8.txt", path, sizeof path), "r");
    assert_non_null(f);
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strchr(line, '\t'))
            continue;
        char *variant = strtok(line, "\t"), *fen = strtok(NULL, "\t");
        fen_roundtrip(variant, fen);
        n++;
    }
    fclose(f);
    assert_true(n > 200);
}

static void pos_set_fen__accepts_hand_in_any_order__fsf_order_printed(void **state)
{
    (void)state;
    Position *pos = test_position("shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[JDFCLHM] w kq - 0 1");
    char out[256];
    pos_get_fen(pos, out, sizeof out);
    assert_string_equal(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[CFHLJDM] w kq - 0 1");
    test_release(pos);
}

static void pos_set_fen__drops_unusable_ep_square__as_fsf(void **state)
{
    (void)state;
    /* no black pawn can take on e3: Fairy-Stockfish writes '-' */
    Position *pos = test_position("shinobiplus", "4k3/8/8/8/4P3/8/8/4K3[] b - e3 0 1");
    char out[256];
    pos_get_fen(pos, out, sizeof out);
    assert_string_equal(out, "4k3/8/8/8/4P3/8/8/4K3[] b - - 0 1");
    test_release(pos);
}

static const struct {
    const char *variant, *fen, *message;
    int column;
} bad_fens[] = {
    {"shinobiplus", "", "rank 8 has 0 squares", 0},
    {"shinobiplus", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/4K3[] w kq - 0 1", "rank 6 has more than 8", 18},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP[] w - - 0 1", "expected '/' after rank 2", 34},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3/8[] w - - 0 1", "more than 8 ranks", 38},
    {"shinobiplus", "rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/4K3[] w kq - 0 1", "unknown piece 'Z'", 13},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[CX] w kq - 0 1", "unknown piece 'X' in hand", 40},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[C w kq - 0 1", "hand is not closed", 38},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[] x kq - 0 1", "side to move", 41},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w kz - 0 1", "bad castling right 'z'", 44},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w kq j9 0 1", "bad en-passant square", 46},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w kq e6 0 1", "does not follow a double step", 46},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w kq - x 1", "bad halfmove clock", 48},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w kq - 0 1 junk", "unexpected text", 52},
    {"shinobiplus", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w - - 0 1", "Kingdom has no king", -1},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4KK2[] w kq - 0 1", "Clan has 2 kings", -1},
    {"shinobiplus", "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/4K3[] w kq - 0 1", "Pawn on h8 could never move", -1},
    {"shinobi", "k7/8/8/8/8/8/8/4K2L[] w - - 0 1", NULL, 0}, /* a lance on h1 is fine */
    {"shinobi", "kL6/8/8/8/8/8/8/4K3[] w - - 0 1", "Lance on b8 could never move", -1},
    {"shinobi", "k7/H7/8/8/8/8/8/4K3[] w - - 0 1", "Wooden Horse on a7 could never move", -1},
    {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w KQkq - 0 1", "castling right K without", -1},
    {"shinobiplus", "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w kq - 0 1", "castling right k without", -1},
    {"shogun", "rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKB+F1[] w Qkq - 0 1", "2 pieces of kind Q", -1},
    {"shogun", "rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[+P] w KQkq - 0 1", "cannot be in hand", 46},
};

/* A long game's counters print and read back: the halfmove clock up to
 * 65535, where it stays (it wrapped to 0 after 65,536 quiet plies, and a
 * FEN of Kage's own over 10,000 was refused). */
static void pos_set_fen__long_game_counters__read_back_and_kept_at_the_top(void **state)
{
    (void)state;
    fen_roundtrip("shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[CFHLJDM] w kq - 10004 5003");
    Position *pos = test_position("shogun", "4k3/8/8/8/8/8/8/4K3[] w - - 65535 40000");
    Move m;
    KageError err;
    assert_true(move_from_text(pos, "e1d1", MOVE_FOR_PROTOCOL, &m, &err));
    pos_make(pos, m);
    char out[512];
    pos_get_fen(pos, out, sizeof out);
    assert_string_equal(out, "4k3/8/8/8/8/8/8/3K4[] b - - 65535 40000");
    test_release(pos);
}

static void pos_set_fen__rejects_with_message__bad_input(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
        Position *pos = test_position(bad_fens[i].variant, NULL);
        char before[512], after[512];
        pos_get_fen(pos, before, sizeof before);
        KageError err;
        bool ok = pos_set_fen(pos, bad_fens[i].fen, &err);
        if (!bad_fens[i].message) {
            assert_true(ok);
            test_release(pos);
            continue;
        }
        if (ok)
            fail_msg("accepted bad FEN %s", bad_fens[i].fen);
        if (!strstr(err.msg, bad_fens[i].message))
            fail_msg("FEN %s: message '%s' lacks '%s'", bad_fens[i].fen, err.msg, bad_fens[i].message);
        if (err.column != bad_fens[i].column)
            fail_msg("FEN %s: column %d, expected %d (%s)", bad_fens[i].fen, err.column, bad_fens[i].column,
                     err.msg);
        pos_get_fen(pos, after, sizeof after);
        assert_string_equal(before, after);
        test_release(pos);
    }
}

int test_fen_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pos_set_fen__prints_back_the_same__start_positions),
        cmocka_unit_test(pos_set_fen__prints_back_the_same__reference_positions),
        cmocka_unit_test(pos_set_fen__accepts_hand_in_any_order__fsf_order_printed),
        cmocka_unit_test(pos_set_fen__drops_unusable_ep_square__as_fsf),
        cmocka_unit_test(pos_set_fen__long_game_counters__read_back_and_kept_at_the_top),
        cmocka_unit_test(pos_set_fen__rejects_with_message__bad_input),
    };
    return cmocka_run_group_tests_name("fen", tests, NULL, NULL);
}
