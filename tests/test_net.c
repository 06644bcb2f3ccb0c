/* The lobby's wire protocol (net/wire.c), its buffers (net/buffer.c) and a
 * client's view of the lobby (net/lobby.c): lines and values checked, bad
 * ones refused with a reason, the view kept from the server's messages. */
#include "test_online.h"

#include "kage/net/buffer.h"
#include "kage/net/lobby.h"
#include "kage/net/wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool parse(const char *line, NetDir dir, NetMsg *m, KageError *err)
{
    return net_parse(line, strlen(line), dir, m, err);
}

static void net_parse__good_lines__verb_and_words(void **state)
{
    (void)state;
    static NetMsg m;
    KageError err;
    assert_true(parse("move 12 3 e2e4", NET_TO_SERVER, &m, &err));
    assert_string_equal(m.verb, "move");
    assert_int_equal(m.nargs, 3);
    assert_string_equal(m.arg[0], "12");
    assert_string_equal(m.arg[2], "e2e4");
    assert_null(m.text);
    assert_true(parse("quit", NET_TO_SERVER, &m, &err));
    assert_int_equal(m.nargs, 0);
    assert_true(parse("hello 1", NET_TO_SERVER, &m, &err));
    assert_true(parse("hello 1 alice", NET_TO_SERVER, &m, &err));
    assert_true(parse("moves 7 0 e2e4 e7e5", NET_TO_CLIENT, &m, &err));
    assert_int_equal(m.nargs, 4);
}

static void net_parse__free_text__kept_with_its_blanks(void **state)
{
    (void)state;
    static NetMsg m;
    KageError err;
    assert_true(parse("error illegal illegal move: e2e5  (no such move)", NET_TO_CLIENT, &m, &err));
    assert_string_equal(m.arg[0], "illegal");
    assert_string_equal(m.text, "illegal move: e2e5  (no such move)");
    assert_true(parse("error rate", NET_TO_CLIENT, &m, &err));
    assert_null(m.text);
    assert_true(parse("stalled 4 1 the disk is full", NET_TO_CLIENT, &m, &err));
    assert_string_equal(m.text, "the disk is full");
}

static void net_parse__bad_lines__refused_with_a_reason(void **state)
{
    (void)state;
    static NetMsg m;
    KageError err;
    static const struct {
        const char *line, *why;
    } bad[] = {
        {"", "empty"},
        {" hello 1", "blank at the start"},
        {"hello 1 ", "blank at the end"},
        {"hello  1", "two blanks"},
        {"hello\t1", "0x09"},
        {"hello 1 al\x7f", "0x7f"},
        {"hello 1 \xc3\xa9", "0xc3"},
        {"frobnicate", "unknown message"},
        {"move 1 2", "needs 3 words"},
        {"move 1 2 e2e4 e7e5", "at most 3"},
        {"quit now", "at most 0"},
        {"welcome alice 1", "unknown message"}, /* the server's word, not a client's */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (parse(bad[i].line, NET_TO_SERVER, &m, &err))
            fail_msg("'%s' was taken", bad[i].line);
        if (!strstr(err.msg, bad[i].why))
            fail_msg("'%s': '%s' does not say '%s'", bad[i].line, err.msg, bad[i].why);
    }
    char longline[NET_LINE_MAX + 2];
    memset(longline, 'a', sizeof longline);
    memcpy(longline, "ping ", 5);
    assert_false(net_parse(longline, sizeof longline, NET_TO_SERVER, &m, &err));
    assert_non_null(strstr(err.msg, "too long"));
    assert_true(net_parse(longline, NET_LINE_MAX, NET_TO_SERVER, &m, &err)); /* at the limit */
}

static void net_values__names_ids_numbers__one_spelling_each(void **state)
{
    (void)state;
    assert_true(net_name_ok("alice"));
    assert_true(net_name_ok("_svc-1.x"));
    assert_true(net_name_ok("Bob"));
    assert_false(net_name_ok(""));
    assert_false(net_name_ok("1alice"));
    assert_false(net_name_ok("al ice"));
    assert_false(net_name_ok("al/ice"));
    assert_false(net_name_ok("abcdefghijklmnopqrstuvwxyzabcdefg")); /* 33 */
    int64_t v;
    assert_true(net_id_parse("42", &v));
    assert_int_equal(v, 42);
    assert_false(net_id_parse("0", &v));
    assert_false(net_id_parse("042", &v));
    assert_false(net_id_parse("+4", &v));
    assert_false(net_id_parse("4x", &v));
    assert_false(net_id_parse("99999999999999999999", &v));
    assert_true(net_int_parse("0", 0, 10, &v));
    assert_false(net_int_parse("11", 0, 10, &v));
    assert_false(net_int_parse("-", -5, 10, &v));
}

static void net_tc_parse__specs__round_trip_within_limits(void **state)
{
    (void)state;
    static const char *const good[] = {"none", "5", "5+3", "90s+2", "10+30-byo", "10+30x3-byo"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        TimeControl tc;
        KageError err;
        char back[NET_TC_MAX];
        if (!net_tc_parse(good[i], &tc, &err))
            fail_msg("%s: %s", good[i], err.msg);
        net_tc_format(&tc, back, sizeof back);
        assert_string_equal(back, good[i]);
    }
    static const char *const bad[] = {"-", "4h", "5+11m", "10+30x11-byo", "0", "five", "10 byo"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        TimeControl tc;
        KageError err;
        if (net_tc_parse(bad[i], &tc, &err))
            fail_msg("'%s' was taken", bad[i]);
    }
}

static void net_clock_and_results__round_trip__bad_ones_refused(void **state)
{
    (void)state;
    ClockSide s = {.left_ms = 283120, .periods = 2, .byoyomi = true}, back;
    char buf[NET_CLOCK_MAX];
    net_clock_format(&s, buf, sizeof buf);
    assert_string_equal(buf, "283120:2:1");
    assert_true(net_clock_parse(buf, &back));
    assert_int_equal(back.left_ms, 283120);
    assert_int_equal(back.periods, 2);
    assert_true(back.byoyomi);
    assert_false(net_clock_parse("283120:2", &back));
    assert_false(net_clock_parse("283120:2:2", &back));
    assert_false(net_clock_parse("-5:0:0", &back));
    GameResult r;
    assert_true(net_result_parse("1-0", "checkmate", &r));
    assert_int_equal(r.outcome, OUTCOME_WHITE_WINS);
    assert_int_equal(r.reason, END_CHECKMATE);
    assert_true(net_result_parse("*", "none", &r));
    assert_false(net_result_parse("*", "checkmate", &r));
    assert_false(net_result_parse("1-0", "none", &r));
    assert_false(net_result_parse("2-0", "time", &r));
    for (int k = END_NONE; k <= END_ABORTED; k++) {
        const char *res = k == END_NONE || k == END_ABORTED ? "*" : "1/2-1/2";
        assert_true(net_result_parse(res, net_reason_name((EndReason)k), &r));
        assert_int_equal(r.reason, k);
    }
}

static void net_reader__lines_split_across_reads__whole_lines_out(void **state)
{
    (void)state;
    NetReader r;
    net_reader_init(&r, 16);
    const char *parts[] = {"hel", "lo 1\nping", " x\n\nq"};
    char got[4][32];
    int n = 0;
    for (int i = 0; i < 3; i++) {
        size_t room;
        char *p = net_reader_space(&r, &room);
        assert_true(room >= strlen(parts[i]));
        memcpy(p, parts[i], strlen(parts[i]));
        net_reader_commit(&r, strlen(parts[i]));
        char *line;
        size_t len;
        while (net_reader_line(&r, &line, &len) == 1)
            snprintf(got[n++], sizeof got[0], "%s", line);
    }
    assert_int_equal(n, 3);
    assert_string_equal(got[0], "hello 1");
    assert_string_equal(got[1], "ping x");
    assert_string_equal(got[2], "");
    net_reader_free(&r);
}

static void net_reader__line_too_long__said_instead_of_growing(void **state)
{
    (void)state;
    NetReader r;
    net_reader_init(&r, 8);
    size_t room;
    char *p = net_reader_space(&r, &room);
    assert_int_equal(room, 9);
    memset(p, 'x', room);
    net_reader_commit(&r, room);
    char *line;
    size_t len;
    assert_int_equal(net_reader_line(&r, &line, &len), -1);
    net_reader_space(&r, &room);
    assert_int_equal(room, 0);
    net_reader_free(&r);
    NetBuf b;
    net_buf_init(&b, 10);
    assert_true(net_buf_add(&b, "12345", 5));
    assert_true(net_buf_add(&b, "67890", 5));
    assert_false(net_buf_add(&b, "x", 1));
    net_buf_drop(&b, 3);
    assert_int_equal(b.len, 7);
    assert_memory_equal(b.data, "4567890", 7);
    net_buf_free(&b);
}

/* Feed the server's lines to a view; the event of the last one. */
static NetEvent feed(NetLobby *l, int64_t now, const char *lines)
{
    char *copy = strdup(lines), *save = NULL;
    NetEvent ev = NET_EV_NONE;
    static NetMsg m;
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        KageError err;
        if (!net_parse(line, strlen(line), NET_TO_CLIENT, &m, &err))
            fail_msg("'%s': %s", line, err.msg);
        ev = net_lobby_apply(l, &m, now, &err);
    }
    free(copy);
    return ev;
}

static void net_lobby_apply__lobby_lines__players_challenges_games(void **state)
{
    (void)state;
    NetLobby l;
    net_lobby_init(&l);
    assert_int_equal(feed(&l, 0, "welcome alice 1"), NET_EV_WELCOME);
    assert_string_equal(l.me, "alice");
    assert_int_equal(feed(&l, 0, "lobby-begin\nplayer alice online\nplayer bob online\n"
                                 "challenge 3 bob shogun 5+3 random\nlive 9 cashew none carol dave 12\nlobby-end"),
                     NET_EV_LOBBY);
    assert_int_equal(l.nplayers, 2);
    assert_int_equal(l.nchallenges, 1);
    assert_int_equal(l.challenges[0].colour, -1);
    assert_string_equal(l.challenges[0].variant, "shogun");
    assert_int_equal(l.nlive, 1);
    assert_string_equal(l.live[0].black, "dave");
    assert_int_equal(feed(&l, 0, "player bob offline\nwithdrawn 3\nover 9 1-0 resignation"), NET_EV_LOBBY);
    assert_int_equal(l.nplayers, 1);
    assert_int_equal(l.nchallenges, 0);
    assert_int_equal(l.nlive, 0);
    assert_int_equal(feed(&l, 0, "past 9 cashew none carol dave 1-0 resignation 1700000000 12\npast-end"), NET_EV_PAST);
    assert_int_equal(l.npast, 1);
    assert_int_equal(l.past[0].result.reason, END_RESIGNATION);
    net_lobby_free(&l);
}

/* Challenges to one player and rated ones; ratings and the leaderboard. */
static void net_lobby_apply__offers_ratings_and_leaderboard(void **state)
{
    (void)state;
    NetLobby l;
    net_lobby_init(&l);
    feed(&l, 0, "welcome alice 1\nlobby-begin\nlobby-end");
    assert_int_equal(feed(&l, 0, "challenge 4 bob shogun 5 white alice rated"), NET_EV_OFFER);
    assert_string_equal(l.last.owner, "bob");
    assert_true(l.last.rated);
    assert_int_equal(feed(&l, 0, "challenge 5 carol cashew none random - rated"), NET_EV_LOBBY);
    assert_string_equal(l.challenges[1].to, "");
    assert_true(l.challenges[1].rated);
    assert_int_equal(feed(&l, 0, "challenge 6 alice shogun 5 white bob"), NET_EV_LOBBY);
    assert_false(l.challenges[2].rated);
    assert_int_equal(feed(&l, 0, "withdrawn 6 declined"), NET_EV_DECLINED);
    assert_string_equal(l.last.to, "bob");
    assert_int_equal(feed(&l, 0, "rating bob shogun 1662 290 1"), NET_EV_RATING);
    assert_int_equal(feed(&l, 0, "rating bob shogun 1700 250 2"), NET_EV_RATING);
    assert_int_equal(l.nratings, 1);
    char text[16];
    net_rating_text(net_lobby_rating(&l, "bob", "shogun"), text, sizeof text);
    assert_string_equal(text, "1700?");
    net_rating_text(net_lobby_rating(&l, "bob", "cashew"), text, sizeof text);
    assert_string_equal(text, "");
    assert_int_equal(feed(&l, 0, "rating carol cashew 1450 60 30"), NET_EV_RATING);
    net_rating_text(net_lobby_rating(&l, "carol", "cashew"), text, sizeof text);
    assert_string_equal(text, "1450");
    assert_int_equal(feed(&l, 0, "top shogun 1 bob 1700 250 2\ntop shogun 2 alice 1300 250 2\ntop-end shogun"),
                     NET_EV_TOP);
    assert_int_equal(l.ntop, 2);
    assert_string_equal(l.top[1].name, "alice");
    assert_string_equal(l.top_variant, "shogun");
    KageError err;
    NetMsg m;
    static const char *const bad_lines[] = {"rating bob shogun -5 290 1", "rating 9bob shogun 1500 290 1",
                                            "challenge 7 bob shogun 5 white - maybe",
                                            "game 1 shogun 5 alice bob white 0 casual"};
    for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
        assert_true(net_parse(bad_lines[i], strlen(bad_lines[i]), NET_TO_CLIENT, &m, &err));
        assert_int_equal(net_lobby_apply(&l, &m, 0, &err), NET_EV_ERROR);
    }
    assert_int_equal(l.nratings, 2);
    net_lobby_free(&l);
}

static void net_lobby_apply__followed_game__moves_clocks_and_end(void **state)
{
    (void)state;
    NetLobby l;
    net_lobby_init(&l);
    feed(&l, 0, "welcome bob 1");
    assert_int_equal(feed(&l, 1000, "game 7 shogun 5+3 alice bob black 1700000000\nmoves 7 0 e2e4 e7e5\n"
                                    "state 7 2 300000:0:0 298000:0:0 white 1 0 - 0"),
                     NET_EV_GAME);
    assert_true(l.game.complete);
    assert_int_equal(l.game.role, BLACK);
    assert_int_equal(l.game.nmoves, 2);
    assert_int_equal(l.game.running, WHITE);
    assert_false(l.game.conn[BLACK]);
    assert_int_equal(net_game_clock(&l.game, WHITE, 3500).left_ms, 297500); /* it runs */
    assert_int_equal(net_game_clock(&l.game, BLACK, 3500).left_ms, 298000);
    assert_int_equal(feed(&l, 2000, "move 7 2 g1f3 299000:0:0 298000:0:0 black"), NET_EV_MOVE);
    assert_string_equal(l.game.moves[2], "g1f3");
    assert_int_equal(feed(&l, 2000, "move 7 5 d2d4 299000:0:0 298000:0:0 black"), NET_EV_RESYNC);
    assert_int_equal(l.game.nmoves, 3);
    assert_int_equal(feed(&l, 2000, "draw 7 white"), NET_EV_STATE);
    assert_int_equal(l.game.draw_offer, WHITE);
    assert_int_equal(feed(&l, 2000, "conn 7 black 1"), NET_EV_STATE);
    assert_true(l.game.conn[BLACK]);
    assert_int_equal(feed(&l, 2000, "stalled 7 1 the disk is full"), NET_EV_STATE);
    assert_string_equal(l.game.stalled_why, "the disk is full");
    assert_int_equal(feed(&l, 2000, "end 7 1/2-1/2 agreed-draw"), NET_EV_END);
    assert_int_equal(l.game.result.outcome, OUTCOME_DRAW);
    assert_int_equal(l.game.running, -1);
    assert_int_equal(feed(&l, 2000, "move 8 0 e2e4 - - -"), NET_EV_NONE); /* another game's */
    net_lobby_free(&l);
}

static void net_lobby_apply__bad_words__error_and_nothing_changed(void **state)
{
    (void)state;
    NetLobby l;
    net_lobby_init(&l);
    static const char *const bad[] = {
        "welcome 1alice 1", "player alice sleeping", "challenge x bob shogun 5 white", "challenge 3 bob shogun 4h white",
        "challenge 3 bob shogun 5 purple", "live 9 cashew none carol d/ave 12", "over 9 1-0 none", "game 0 shogun none a b white 0",
        "past 1 shogun none a b 1-0 resignation -1 3",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        static NetMsg m;
        KageError err;
        assert_true(net_parse(bad[i], strlen(bad[i]), NET_TO_CLIENT, &m, &err));
        if (net_lobby_apply(&l, &m, 0, &err) != NET_EV_ERROR)
            fail_msg("'%s' was taken", bad[i]);
    }
    assert_int_equal(l.nplayers + l.nchallenges + l.nlive + l.npast, 0);
    assert_string_equal(l.me, "");
    net_lobby_free(&l);
}

static void net_game_pgn__record__players_result_and_moves(void **state)
{
    (void)state;
    NetLobby l;
    net_lobby_init(&l);
    assert_int_equal(feed(&l, 0, "record 5 shogun 5+3 alice bob 0-1 checkmate 1700000000 1700000100\n"
                                 "moves 5 0 f2f3 e7e5 g2g4 d8h4\nrecord-end 5"),
                     NET_EV_RECORD);
    KageError err;
    char *pgn = net_game_pgn(&l.record, &err);
    if (!pgn)
        fail_msg("%s", err.msg);
    assert_non_null(strstr(pgn, "[White \"alice\"]"));
    assert_non_null(strstr(pgn, "[Black \"bob\"]"));
    assert_non_null(strstr(pgn, "[Result \"0-1\"]"));
    assert_non_null(strstr(pgn, "[TimeControl \"300+3\"]"));
    assert_non_null(strstr(pgn, "1. f3 e5 2. g4 Qh4# 0-1"));
    free(pgn);
    /* with the stored clocks: each move's, as pychess.org writes them */
    feed(&l, 0, "record 7 shogun 5+3 alice bob 0-1 checkmate 1700000000 1700000100\n"
                "moves 7 0 f2f3 e7e5 g2g4 d8h4\nclocks 7 0 300000:0:0 300000:0:0 291000:0:0 -\nrecord-end 7");
    pgn = net_game_pgn(&l.record, &err);
    if (!pgn)
        fail_msg("%s", err.msg);
    if (!strstr(pgn, "1. f3 {[%clk 0:05:00]} 1... e5 {[%clk 0:05:00]} 2. g4 {[%clk 0:04:51]}") || !strstr(pgn, "2... Qh4# 0-1"))
        fail_msg("no clock comments as pychess.org writes them:\n%s", pgn);
    free(pgn);
    feed(&l, 0, "record 6 shogun none alice bob 1-0 resignation 0 0\nmoves 6 0 e2e5\nrecord-end 6");
    assert_null(net_game_pgn(&l.record, &err));
    assert_non_null(strstr(err.msg, "e2e5"));
    net_lobby_free(&l);
}

int test_net_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(net_parse__good_lines__verb_and_words),
        cmocka_unit_test(net_parse__free_text__kept_with_its_blanks),
        cmocka_unit_test(net_parse__bad_lines__refused_with_a_reason),
        cmocka_unit_test(net_values__names_ids_numbers__one_spelling_each),
        cmocka_unit_test(net_tc_parse__specs__round_trip_within_limits),
        cmocka_unit_test(net_clock_and_results__round_trip__bad_ones_refused),
        cmocka_unit_test(net_reader__lines_split_across_reads__whole_lines_out),
        cmocka_unit_test(net_reader__line_too_long__said_instead_of_growing),
        cmocka_unit_test(net_lobby_apply__lobby_lines__players_challenges_games),
        cmocka_unit_test(net_lobby_apply__followed_game__moves_clocks_and_end),
        cmocka_unit_test(net_lobby_apply__offers_ratings_and_leaderboard),
        cmocka_unit_test(net_lobby_apply__bad_words__error_and_nothing_changed),
        cmocka_unit_test(net_game_pgn__record__players_result_and_moves),
    };
    return cmocka_run_group_tests_name("net", tests, NULL, NULL);
}
