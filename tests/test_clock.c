/* Clocks with a fake time source: time controls, increments, byo-yomi
 * periods, loss on time, pause, the panel text and the saved form. */
#include "test_records.h"
#include "test_util.h"

#include "kage/records/clock.h"

#include <string.h>

typedef struct FakeTime {
    int64_t ms;
} FakeTime;

static int64_t fake_now(void *ctx) { return ((FakeTime *)ctx)->ms; }

static TimeControl spec(const char *text)
{
    TimeControl tc;
    KageError err;
    if (!clock_tc_parse(text, &tc, &err))
        fail_msg("spec %s: %s", text, err.msg);
    return tc;
}

static void assert_tc_equal(const TimeControl *a, const TimeControl *b)
{
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->base_ms, b->base_ms);
    assert_int_equal(a->extra_ms, b->extra_ms);
    assert_int_equal(a->periods, b->periods);
}

static void clock_tc_parse__reads_every_form__examples(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        ClockKind kind;
        int64_t base, extra;
        int periods;
        const char *canonical;
    } cases[] = {
        {"none", CLOCK_NONE, 0, 0, 0, "none"},
        {"-", CLOCK_NONE, 0, 0, 0, "none"},
        {"5", CLOCK_SUDDEN_DEATH, 300000, 0, 0, "5"},
        {"5+0", CLOCK_SUDDEN_DEATH, 300000, 0, 0, "5"},
        {"5+3", CLOCK_FISCHER, 300000, 3000, 0, "5+3"},
        {" 5 + 3 ", CLOCK_FISCHER, 300000, 3000, 0, "5+3"},
        {"90s+2", CLOCK_FISCHER, 90000, 2000, 0, "90s+2"},
        {"1h30m", CLOCK_SUDDEN_DEATH, 5400000, 0, 0, "90"},
        {"2:30+5", CLOCK_FISCHER, 150000, 5000, 0, "150s+5"},
        {"10m+30s byo", CLOCK_BYOYOMI, 600000, 30000, 1, "10+30 byo"},
        {"10+30 byoyomi", CLOCK_BYOYOMI, 600000, 30000, 1, "10+30 byo"},
        {"10+30(b)", CLOCK_BYOYOMI, 600000, 30000, 1, "10+30 byo"},
        {"10+30x3 byo", CLOCK_BYOYOMI, 600000, 30000, 3, "10+30x3 byo"},
        {"0+30 BYO-YOMI", CLOCK_BYOYOMI, 0, 30000, 1, "0+30 byo"},
        {"0.5+1.5", CLOCK_FISCHER, 30000, 1500, 0, "30s+1.5"},
        {"3 min + 2", CLOCK_FISCHER, 180000, 2000, 0, "3+2"},
    };
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        TimeControl tc = spec(cases[i].text);
        char text[64];
        clock_tc_format(&tc, text, sizeof text);
        if (tc.kind != cases[i].kind || tc.base_ms != cases[i].base || tc.extra_ms != cases[i].extra ||
            tc.periods != cases[i].periods || strcmp(text, cases[i].canonical))
            fail_msg("%s: kind %d base %lld extra %lld periods %d \"%s\"", cases[i].text, tc.kind,
                     (long long)tc.base_ms, (long long)tc.extra_ms, tc.periods, text);
        /* the canonical spec reads back the same */
        TimeControl again = spec(text);
        assert_tc_equal(&again, &tc);
    }
}

static void clock_tc_parse__says_what_is_wrong__bad_specs(void **state)
{
    (void)state;
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"", "empty time control"},
        {"fast", "expected a time"},
        {"5+", "expected a time"},
        {"5+3 blitz", "unexpected \"blitz\""},
        {"10 byo", "byo-yomi needs a period"},
        {"10+30x3", "periods are for byo-yomi"},
        {"10+30x0 byo", "periods must be from 1"},
        {"0", "no time at all"},
        {"5q", "unexpected \"q\""},
        {"1h30", "expected h, m or s"},
        {"2:3", "two digits"},
        {"999h", "too long"},
    };
    TimeControl tc = {.kind = CLOCK_FISCHER, .base_ms = 1};
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        KageError err;
        if (clock_tc_parse(cases[i].text, &tc, &err))
            fail_msg("\"%s\" was accepted", cases[i].text);
        if (!strstr(err.msg, cases[i].msg))
            fail_msg("\"%s\": message \"%s\" lacks \"%s\"", cases[i].text, err.msg, cases[i].msg);
        assert_int_equal(tc.kind, CLOCK_FISCHER); /* untouched */
    }
}

static void clock_press__adds_increment__fischer(void **state)
{
    (void)state;
    FakeTime t = {1000};
    Clock c;
    TimeControl tc = spec("1+2");
    clock_init(&c, &tc, fake_now, &t);
    clock_start(&c, WHITE);
    t.ms += 10000;
    assert_true(clock_press(&c)); /* White: 60 - 10 + 2 */
    assert_int_equal(clock_side_now(&c, WHITE).left_ms, 52000);
    assert_int_equal(c.turn, BLACK);
    t.ms += 5500;
    assert_int_equal(clock_side_now(&c, BLACK).left_ms, 54500);
    assert_int_equal(clock_side_now(&c, WHITE).left_ms, 52000); /* not running */
    assert_true(clock_press(&c));
    assert_int_equal(clock_side_now(&c, BLACK).left_ms, 56500);
}

static void clock_check_flag__loses_on_time__sudden_death(void **state)
{
    (void)state;
    FakeTime t = {0};
    Clock c;
    TimeControl tc = spec("1");
    clock_init(&c, &tc, fake_now, &t);
    clock_start(&c, WHITE);
    t.ms = 59999;
    assert_int_equal(clock_check_flag(&c), -1);
    assert_int_equal(clock_ms_to_flag(&c), 1);
    t.ms = 60000;
    assert_int_equal(clock_check_flag(&c), WHITE);
    assert_int_equal(c.state, CLOCK_STOPPED);
    assert_false(clock_press(&c)); /* too late */
    char text[CLOCK_TEXT_MAX];
    clock_format(&c, WHITE, text, sizeof text);
    assert_string_equal(text, "0:00.0");
}

static void clock_press__too_late__flags_the_mover(void **state)
{
    (void)state;
    FakeTime t = {0};
    Clock c;
    TimeControl tc = spec("1+5");
    clock_init(&c, &tc, fake_now, &t);
    clock_start(&c, WHITE);
    t.ms = 61000; /* the move comes after the flag fell: no increment saves it */
    assert_false(clock_press(&c));
    assert_int_equal(c.flagged, WHITE);
}

static void clock_byoyomi__period_renews__each_move(void **state)
{
    (void)state;
    FakeTime t = {0};
    Clock c;
    TimeControl tc = spec("1+10 byo");
    clock_init(&c, &tc, fake_now, &t);
    clock_start(&c, WHITE);
    char text[CLOCK_TEXT_MAX];
    t.ms = 50000;
    assert_true(clock_press(&c)); /* 10 s of main time left, no increment */
    assert_int_equal(clock_side_now(&c, WHITE).left_ms, 10000);
    assert_false(clock_side_now(&c, WHITE).byoyomi);
    t.ms += 1000;
    assert_true(clock_press(&c)); /* Black */
    t.ms += 15000; /* White: main time gone, 5 s into the period */
    ClockSide s = clock_side_now(&c, WHITE);
    assert_true(s.byoyomi);
    assert_int_equal(s.left_ms, 5000);
    clock_format(&c, WHITE, text, sizeof text);
    assert_string_equal(text, "byo-yomi 0:05.0");
    assert_true(clock_press(&c));
    assert_int_equal(clock_side_now(&c, WHITE).left_ms, 10000); /* the period starts afresh */
    t.ms += 1000;
    assert_true(clock_press(&c)); /* Black */
    t.ms += 9900;
    assert_int_equal(clock_check_flag(&c), -1);
    assert_true(clock_press(&c)); /* just in time */
    t.ms += 1000;
    assert_true(clock_press(&c));
    t.ms += 10000; /* the whole period: a loss */
    assert_int_equal(clock_check_flag(&c), WHITE);
}

static void clock_byoyomi__next_period__when_one_runs_out(void **state)
{
    (void)state;
    FakeTime t = {0};
    Clock c;
    TimeControl tc = spec("0+30x3 byo");
    clock_init(&c, &tc, fake_now, &t);
    char text[CLOCK_TEXT_MAX];
    clock_format(&c, WHITE, text, sizeof text); /* no main time: byo-yomi at once */
    assert_string_equal(text, "byo-yomi 0:30 (+2)");
    clock_start(&c, WHITE);
    t.ms = 45000; /* the first period is gone, 15 s into the second */
    clock_format(&c, WHITE, text, sizeof text);
    assert_string_equal(text, "byo-yomi 0:15 (+1)");
    assert_int_equal(clock_ms_to_flag(&c), 45000);
    assert_true(clock_press(&c));
    assert_int_equal(clock_side_now(&c, WHITE).periods, 1);
    assert_true(clock_press(&c)); /* Black moves at once */
    t.ms += 60000; /* both remaining periods */
    assert_int_equal(clock_check_flag(&c), WHITE);
}

static void clock_pause__stops_time__hotseat(void **state)
{
    (void)state;
    FakeTime t = {0};
    Clock c;
    TimeControl tc = spec("5");
    clock_init(&c, &tc, fake_now, &t);
    clock_start(&c, WHITE);
    t.ms = 3000;
    clock_pause(&c);
    assert_int_equal(c.state, CLOCK_PAUSED);
    t.ms = 1000000;
    assert_int_equal(clock_side_now(&c, WHITE).left_ms, 297000);
    assert_int_equal(clock_check_flag(&c), -1);
    assert_int_equal(clock_ms_to_flag(&c), -1);
    clock_resume(&c);
    t.ms += 7000;
    assert_int_equal(clock_side_now(&c, WHITE).left_ms, 290000);
    clock_stop(&c);
    t.ms += 7000;
    assert_int_equal(clock_side_now(&c, WHITE).left_ms, 290000);
}

static void clock_format__panel_text__ranges(void **state)
{
    (void)state;
    static const struct {
        int64_t ms;
        const char *text;
    } cases[] = {
        {303000, "5:03"}, {303999, "5:03"}, {3723000, "1:02:03"}, {9870, "0:09.8"},
        {10000, "0:10"},  {0, "0:00.0"},    {-5, "0:00.0"},      {59999, "0:59"},
    };
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        char text[CLOCK_TEXT_MAX];
        clock_format_ms(cases[i].ms, text, sizeof text);
        assert_string_equal(text, cases[i].text);
    }
    Clock c;
    TimeControl none = {.kind = CLOCK_NONE};
    char text[CLOCK_TEXT_MAX];
    clock_init(&c, &none, NULL, NULL);
    clock_format(&c, WHITE, text, sizeof text);
    assert_string_equal(text, "");
    assert_true(clock_press(&c)); /* no clock: only the turn changes */
    assert_int_equal(c.turn, BLACK);
}

static void clock_save__round_trip__restores_paused(void **state)
{
    (void)state;
    FakeTime t = {0}, t2 = {777};
    Clock c, r;
    TimeControl tc = spec("1+10x2 byo");
    clock_init(&c, &tc, fake_now, &t);
    clock_start(&c, WHITE);
    t.ms = 30000;
    clock_press(&c);
    t.ms = 95000; /* Black: main time gone, 5 s into the first period */
    char text[256], again[256];
    clock_save(&c, text, sizeof text);
    assert_string_equal(text, "1+10x2 byo; white 30000 2 main; black 5000 1 byo; turn black; paused");
    KageError err;
    assert_true(clock_restore(&r, text, fake_now, &t2, &err));
    assert_int_equal(r.state, CLOCK_PAUSED);
    assert_int_equal(r.turn, BLACK);
    clock_save(&r, again, sizeof again);
    assert_string_equal(again, text);
    /* resumed, Black goes on into its second period */
    clock_resume(&r);
    t2.ms += 9000;
    char panel[CLOCK_TEXT_MAX];
    clock_format(&r, BLACK, panel, sizeof panel);
    assert_string_equal(panel, "byo-yomi 0:06.0");
    t2.ms += 6000;
    assert_int_equal(clock_check_flag(&r), BLACK);
    clock_save(&r, text, sizeof text);
    assert_non_null(strstr(text, "; stopped; flagged black"));
    assert_true(clock_restore(&c, text, fake_now, &t2, &err));
    assert_int_equal(c.flagged, BLACK);
}

static void clock_restore__rejects__damaged_text(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "5+3; white 1000 0 main", "5+3; white x 0 main; black 1 0 main", "5+3; white 1 0 main; black 1 0 main; turn red",
        "5+3; white 1 0 main; black 1 0 main; sideways", "nonsense; white 1 0 main; black 1 0 main",
        "5+3; white 1 5 main; black 1 0 main", "5+3; white -1 0 main; black 1 0 main",
    };
    FakeTime t = {0};
    Clock c;
    TimeControl tc = spec("3");
    clock_init(&c, &tc, fake_now, &t);
    for (int i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
        KageError err;
        if (clock_restore(&c, bad[i], fake_now, &t, &err))
            fail_msg("\"%s\" was accepted", bad[i]);
        assert_true(err.msg[0] != 0);
        assert_int_equal(c.tc.base_ms, 180000); /* untouched */
    }
}

static void clock_tc_pgn__pychess_form__both_ways(void **state)
{
    (void)state;
    char text[48];
    TimeControl tc = spec("10+30 byo"), back;
    clock_tc_pgn(&tc, text, sizeof text);
    assert_string_equal(text, "600+30");
    assert_true(clock_tc_from_pgn(text, 1, &back));
    assert_tc_equal(&back, &tc);
    assert_true(clock_tc_from_pgn(text, 0, &back));
    assert_int_equal(back.kind, CLOCK_FISCHER);
    tc = spec("5");
    clock_tc_pgn(&tc, text, sizeof text);
    assert_string_equal(text, "300+0");
    assert_true(clock_tc_from_pgn("300", 0, &back));
    assert_int_equal(back.kind, CLOCK_SUDDEN_DEATH);
    assert_true(clock_tc_from_pgn("-", 0, &back));
    assert_int_equal(back.kind, CLOCK_NONE);
    assert_false(clock_tc_from_pgn("40/9000:300", 0, &back));
    assert_false(clock_tc_from_pgn("5+", 0, &back));
}

int test_clock_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clock_tc_parse__reads_every_form__examples),
        cmocka_unit_test(clock_tc_parse__says_what_is_wrong__bad_specs),
        cmocka_unit_test(clock_press__adds_increment__fischer),
        cmocka_unit_test(clock_check_flag__loses_on_time__sudden_death),
        cmocka_unit_test(clock_press__too_late__flags_the_mover),
        cmocka_unit_test(clock_byoyomi__period_renews__each_move),
        cmocka_unit_test(clock_byoyomi__next_period__when_one_runs_out),
        cmocka_unit_test(clock_pause__stops_time__hotseat),
        cmocka_unit_test(clock_format__panel_text__ranges),
        cmocka_unit_test(clock_save__round_trip__restores_paused),
        cmocka_unit_test(clock_restore__rejects__damaged_text),
        cmocka_unit_test(clock_tc_pgn__pychess_form__both_ways),
    };
    return cmocka_run_group_tests_name("clock", tests, NULL, NULL);
}
