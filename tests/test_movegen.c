/* Move generation and make/unmake: the rules that perft alone would not
 * name, and the invariants that must hold after every move. */
#include "test_util.h"

#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/perft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static bool has_uci(Position *pos, const char *text)
{
    Move m;
    KageError err;
    return move_from_text(pos, text, MOVE_FOR_PROTOCOL, &m, &err);
}

/* Random games in every variant: after each make and unmake the position is
 * consistent, the key is the fresh key, and unmake gives the FEN back. */
static void pos_make__keeps_position_consistent__random_games(void **state)
{
    (void)state;
    uint64_t seed = 0x1234567;
    for (int vi = 0; variant_defs[vi]; vi++) {
        for (int game = 0; game < 20; game++) {
            Position *pos = test_position(variant_defs[vi]->id, NULL);
            for (int ply = 0; ply < 120; ply++) {
                MoveList list;
                char before[1024], after[1024], why[200];
                movegen_legal(pos, &list);
                if (!list.count)
                    break;
                Move m = list.moves[rng_next(&seed) % (uint64_t)list.count];
                pos_get_fen(pos, before, sizeof before);
                uint64_t key = pos->st->key;
                pos_make(pos, m);
                if (!pos_is_ok(pos, why, sizeof why))
                    fail_msg("%s after a move from %s: %s", variant_defs[vi]->id, before, why);
                pos_unmake(pos);
                pos_get_fen(pos, after, sizeof after);
                assert_string_equal(before, after);
                assert_true(key == pos->st->key);
                if (!pos_is_ok(pos, why, sizeof why))
                    fail_msg("%s after unmake in %s: %s", variant_defs[vi]->id, before, why);
                pos_make(pos, m);
            }
            test_release(pos);
        }
    }
}

/* Noisy and quiet moves split the legal moves exactly. */
static void movegen_noisy__with_quiet_equals_legal__random_positions(void **state)
{
    (void)state;
    uint64_t seed = 99;
    for (int vi = 0; variant_defs[vi]; vi++) {
        Position *pos = test_position(variant_defs[vi]->id, NULL);
        for (int ply = 0; ply < 200; ply++) {
            MoveList all, noisy, quiet;
            movegen_legal(pos, &all);
            movegen_noisy(pos, &noisy);
            movegen_quiet(pos, &quiet);
            assert_int_equal(all.count, noisy.count + quiet.count);
            for (int i = 0; i < noisy.count; i++) {
                Move m = noisy.moves[i];
                assert_true(movegen_is_capture(pos, m) || move_kind(m) == MOVE_PROMO);
            }
            for (int i = 0; i < quiet.count; i++)
                assert_false(movegen_is_capture(pos, quiet.moves[i]));
            if (!all.count) {
                pos_set_start(pos);
                continue;
            }
            pos_make(pos, all.moves[rng_next(&seed) % (uint64_t)all.count]);
        }
        test_release(pos);
    }
}

/* movegen_quiet_drops_within() lists movegen_quiet()'s moves in the same
 * order, less the drops of a type onto squares its mask leaves out. */
static void movegen_quiet_drops_within__filters_drops_only__random_positions(void **state)
{
    (void)state;
    uint64_t seed = 7;
    for (int vi = 0; variant_defs[vi]; vi++) {
        Position *pos = test_position(variant_defs[vi]->id, NULL);
        if (pos->v->nsq > 64) {
            test_release(pos);
            continue;
        }
        for (int ply = 0; ply < 200; ply++) {
            uint64_t within[MAX_PIECE_TYPES];
            for (int t = 0; t < MAX_PIECE_TYPES; t++)
                within[t] = ply % 5 == 0 ? ~(uint64_t)0 : rng_next(&seed) & rng_next(&seed);
            MoveList all, some;
            movegen_quiet(pos, &all);
            movegen_quiet_drops_within(pos, &some, within);
            int k = 0;
            for (int i = 0; i < all.count; i++) {
                Move m = all.moves[i];
                if (move_kind(m) == MOVE_DROP &&
                    !((within[move_drop_type(m)] >> pos_sq_index(pos, move_to(m))) & 1))
                    continue;
                assert_true(k < some.count);
                assert_int_equal(some.moves[k], m);
                k++;
            }
            assert_int_equal(k, some.count);
            MoveList legal;
            movegen_legal(pos, &legal);
            if (!legal.count) {
                pos_set_start(pos);
                continue;
            }
            pos_make(pos, legal.moves[rng_next(&seed) % (uint64_t)legal.count]);
        }
        test_release(pos);
    }
}

static void movegen_legal__forces_promotion__shinobi_zone(void **state)
{
    (void)state;
    Position *pos = test_position("shinobi", "k7/8/3M2P1/4L3/1H6/8/8/7K[] w - - 0 1");
    assert_true(has_uci(pos, "e5e7+"));
    assert_false(has_uci(pos, "e5e7"));
    assert_true(has_uci(pos, "d6c7+"));
    assert_false(has_uci(pos, "d6c7"));
    assert_true(has_uci(pos, "g6g7+"));
    assert_false(has_uci(pos, "g6g7"));
    test_release(pos);
}

static void movegen_legal__no_promotion_by_en_passant__shinobiplus(void **state)
{
    (void)state;
    Position *pos = test_position("shinobiplus", "4k3/8/8/8/3pP3/8/8/4K3[] b - e3 0 1");
    assert_true(has_uci(pos, "d4e3"));
    assert_false(has_uci(pos, "d4e3+"));
    assert_true(has_uci(pos, "d4d3+"));
    assert_false(has_uci(pos, "d4d3"));
    test_release(pos);
}

static void movegen_legal__optional_promotion_and_limit__shogun(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", "4k3/8/8/4P3/8/8/8/4K3[] w - - 0 1");
    assert_true(has_uci(pos, "e5e6"));
    assert_true(has_uci(pos, "e5e6+"));
    test_release(pos);
    pos = test_position("shogun", "7k/8/8/8/8/8/1B6/4K1+B1[] w - - 0 1");
    assert_true(has_uci(pos, "b2f6"));
    assert_false(has_uci(pos, "b2f6+"));
    test_release(pos);
    pos = test_position("shogun", "k7/4P3/8/8/8/8/8/4K3[] w - - 0 1");
    assert_true(has_uci(pos, "e7e8+"));
    assert_false(has_uci(pos, "e7e8"));
    test_release(pos);
}

static void movegen_legal__no_moves__after_campmate(void **state)
{
    (void)state;
    Position *pos = test_position("shinobi", "7k/4K3/8/8/8/8/8/8[] w - - 0 1");
    test_play_uci(pos, "e7e8");
    assert_true(movegen_campmate(pos));
    MoveList list;
    movegen_legal(pos, &list);
    assert_int_equal(list.count, 0);
    test_release(pos);
}

static void movegen_legal__drops_only_in_region__shinobi_hand(void **state)
{
    (void)state;
    Position *pos = test_position("shinobi", "4k3/8/8/8/8/8/8/4K3[HLJDMM] w - - 0 1");
    assert_true(has_uci(pos, "J@a4"));
    assert_false(has_uci(pos, "J@a5"));
    assert_true(has_uci(pos, "M@h1"));
    test_release(pos);
    /* Shogun: pawn drops on the first rank, not into the zone */
    pos = test_position("shogun", "r3k2r/8/8/8/8/8/8/R3K2R[PPpp] w KQkq - 0 1");
    assert_true(has_uci(pos, "P@b1"));
    assert_true(has_uci(pos, "P@b5"));
    assert_false(has_uci(pos, "P@b6"));
    test_release(pos);
}

static void movegen_legal__evasions_only__in_check(void **state)
{
    (void)state;
    /* black king e8 in check from a rook on e1: block, capture or step aside */
    Position *pos = test_position("shogun", "4k3/8/8/8/8/8/8/K3R3[n] b - - 0 1");
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        pos_make(pos, m);
        assert_false(pos_attacked(pos, pos->king[BLACK], WHITE));
        pos_unmake(pos);
    }
    assert_true(has_uci(pos, "N@e5"));
    assert_false(has_uci(pos, "N@a5"));
    test_release(pos);
}

static void perft__matches_reference__small_depths(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen;
        int depth;
        uint64_t nodes;
    } cases[] = {
        {"shinobiplus", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[CFHLJDM] w kq - 0 1", 3, 559114},
        {"shinobi", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[HLJDMM] w kq - 0 1", 3, 224144},
        {"shogun", "rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1", 4, 200537},
        {"shinobivchess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/3CK3[HHLJDMMP] w kq - 0 1", 3, 404884},
        {"shinobi", "8/8/8/8/8/8/8/4k2K[] w - - 0 1", 1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position *pos = test_position(cases[i].variant, cases[i].fen);
        assert_int_equal(perft(pos, cases[i].depth), cases[i].nodes);
        test_release(pos);
    }
}

int test_movegen_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pos_make__keeps_position_consistent__random_games),
        cmocka_unit_test(movegen_noisy__with_quiet_equals_legal__random_positions),
        cmocka_unit_test(movegen_quiet_drops_within__filters_drops_only__random_positions),
        cmocka_unit_test(movegen_legal__forces_promotion__shinobi_zone),
        cmocka_unit_test(movegen_legal__no_promotion_by_en_passant__shinobiplus),
        cmocka_unit_test(movegen_legal__optional_promotion_and_limit__shogun),
        cmocka_unit_test(movegen_legal__no_moves__after_campmate),
        cmocka_unit_test(movegen_legal__drops_only_in_region__shinobi_hand),
        cmocka_unit_test(movegen_legal__evasions_only__in_check),
        cmocka_unit_test(perft__matches_reference__small_depths),
    };
    return cmocka_run_group_tests_name("movegen", tests, NULL, NULL);
}
