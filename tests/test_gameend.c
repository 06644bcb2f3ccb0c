/* Every way a game ends, with its reason. */
#include "test_util.h"

#include "kage/rules/gameend.h"

#include <stdio.h>

static void expect(const char *variant, const char *fen, const char *moves, GameOutcome o, EndReason r)
{
    Position *pos = test_position(variant, fen);
    if (moves)
        test_play_uci(pos, moves);
    GameResult res = game_result(pos);
    if (res.outcome != o || res.reason != r)
        fail_msg("%s %s: got %s (%s), expected %s (%s)", variant, fen, game_outcome_text(res.outcome),
                 game_reason_text(res.reason), game_outcome_text(o), game_reason_text(r));
    test_release(pos);
}

static void game_result__checkmate__back_rank(void **state)
{
    (void)state;
    expect("shogun", "6k1/5ppp/8/8/8/8/8/R3K3[] w Q - 0 1", "a1a8", OUTCOME_WHITE_WINS, END_CHECKMATE);
    /* a mating pawn drop is legal in Shogun */
    expect("shogun", "4+F3/R7/7k/8/5K2/8/8/8[P] w - - 0 1", "P@g5", OUTCOME_WHITE_WINS, END_CHECKMATE);
}

static void game_result__stalemate_loses__shinobi(void **state)
{
    (void)state;
    expect("shinobi", "k7/2C5/1C6/8/8/8/8/4K3[] b - - 0 1", NULL, OUTCOME_WHITE_WINS, END_STALEMATE);
    expect("shinobivchess", "k7/2C5/1C6/8/8/8/8/4K3[] b - - 0 1", NULL, OUTCOME_WHITE_WINS, END_STALEMATE);
}

static void game_result__stalemate_draws__shogun(void **state)
{
    (void)state;
    expect("shogun", "k7/2C5/1C6/8/8/8/8/4K3[] b - - 0 1", NULL, OUTCOME_DRAW, END_STALEMATE);
}

static void game_result__campmate__both_sides(void **state)
{
    (void)state;
    expect("shinobiplus", "7k/4K3/8/8/8/8/8/8[] w - - 0 1", "e7e8", OUTCOME_WHITE_WINS, END_CAMPMATE);
    expect("shinobi", "8/8/8/8/8/8/3k4/K7[] b - - 0 1", "d2d1", OUTCOME_BLACK_WINS, END_CAMPMATE);
    /* the side to move standing on its own flag rank has not won */
    expect("shinobi", "4K3/8/8/8/8/8/7k/8[] w - - 0 1", NULL, OUTCOME_NONE, END_NONE);
}

static void game_result__perpetual_check_loses__shinobi(void **state)
{
    (void)state;
    const char *cycle = "h7h8 a8a7 h8h7 a7a8 h7h8 a8a7 h8h7 a7a8 h7h8 a8a7 h8h7 a7a8";
    /* the Dragon checks on every move: the Clan loses at the 4th occurrence */
    expect("shinobiplus", "k7/7D/8/8/8/8/8/4K3[] w - - 0 1", cycle, OUTCOME_BLACK_WINS, END_PERPETUAL_CHECK);
    /* one cycle short: the game goes on */
    expect("shinobiplus", "k7/7D/8/8/8/8/8/4K3[] w - - 0 1", "h7h8 a8a7 h8h7 a7a8 h7h8 a8a7 h8h7 a7a8", OUTCOME_NONE,
           END_NONE);
}

static void game_result__repetition_draws__without_checks(void **state)
{
    (void)state;
    const char *cycle = "e1d1 e8d8 d1e1 d8e8 e1d1 e8d8 d1e1 d8e8 e1d1 e8d8 d1e1 d8e8";
    expect("shinobi", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", cycle, OUTCOME_DRAW, END_REPETITION);
    /* Shogun: 3-fold, and perpetual check is only a draw */
    expect("shogun", "k7/7R/8/8/8/8/8/4K3[] w - - 0 1", "h7h8 a8a7 h8h7 a7a8 h7h8 a8a7 h8h7 a7a8", OUTCOME_DRAW,
           END_REPETITION);
}

static void game_result__repeater_loses__vchess(void **state)
{
    (void)state;
    /* the 3rd occurrence is made by Black's move: Black loses */
    expect("shinobivchess", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "e1d1 e8d8 d1e1 d8e8 e1d1 e8d8 d1e1 d8e8",
           OUTCOME_WHITE_WINS, END_REPEATER_LOSES);
}

static void game_result__fifty_moves__draw(void **state)
{
    (void)state;
    expect("shinobi", "4k3/8/8/8/8/8/8/4K3[] w - - 99 80", "e1d1", OUTCOME_DRAW, END_FIFTY_MOVES);
    expect("shinobi", "4k3/8/8/8/8/8/8/4K3[] w - - 98 80", "e1d1", OUTCOME_NONE, END_NONE);
    /* no 50-move rule in the vchess rules */
    expect("shinobivchess", "4k3/8/8/8/8/8/8/4K3[] w - - 99 80", "e1d1", OUTCOME_NONE, END_NONE);
}

/* Cashew: the first repetition ends the game (seed rules, rules/cashew.md 7). */
static void game_result__cashew_repetition__three_outcomes(void **state)
{
    (void)state;
    const char *rest = "/13/13/13/13/13/13/13/13/13/13/6K6 w";
    char fen[160];
    /* Sente checks on every move with its Castle: Sente loses */
    snprintf(fen, sizeof fen, "k12/12D%s", rest);
    expect("cashew", fen, "m12m13 a13a12 m13m12 a12a13", OUTCOME_BLACK_WINS, END_PERPETUAL_CHECK);
    /* Sente attacks the Gold on c5 with every move, Gote attacks nothing: Sente loses */
    expect("cashew", "k12/13/13/13/13/13/13/13/2g9D/13/13/13/6K6 w", "m5l5 a13b13 l5m5 b13a13", OUTCOME_BLACK_WINS,
           END_PERPETUAL_CHASE);
    /* nobody attacks anything: a draw */
    expect("cashew", "k12/13/13/13/13/13/13/13/13/13/13/13/6K6 w", "g1h1 a13b13 h1g1 b13a13", OUTCOME_DRAW,
           END_REPETITION);
    /* one step short of the repetition: the game goes on */
    expect("cashew", "k12/13/13/13/13/13/13/13/13/13/13/13/6K6 w", "g1h1 a13b13 h1g1", OUTCOME_NONE, END_NONE);
}

static void game_result__king_captured__cashew(void **state)
{
    (void)state;
    expect("cashew", "13/13/13/13/13/13/5kQ6/13/13/13/13/13/K12 w", "g7f7", OUTCOME_WHITE_WINS, END_KING_CAPTURED);
}

int test_gameend_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(game_result__checkmate__back_rank),
        cmocka_unit_test(game_result__stalemate_loses__shinobi),
        cmocka_unit_test(game_result__stalemate_draws__shogun),
        cmocka_unit_test(game_result__campmate__both_sides),
        cmocka_unit_test(game_result__perpetual_check_loses__shinobi),
        cmocka_unit_test(game_result__repetition_draws__without_checks),
        cmocka_unit_test(game_result__repeater_loses__vchess),
        cmocka_unit_test(game_result__fifty_moves__draw),
        cmocka_unit_test(game_result__cashew_repetition__three_outcomes),
        cmocka_unit_test(game_result__king_captured__cashew),
    };
    return cmocka_run_group_tests_name("gameend", tests, NULL, NULL);
}
