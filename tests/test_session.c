/* The protocols' session (src/proto/session.c): what session_busy() tells
 * the UCI and XBoard front ends about the search thread, at each moment of
 * a search.  A GUI's other engine may answer as soon as Kage's move is out,
 * while Kage's search thread is still finishing its report; that answer is
 * a move in turn, not one sent while Kage is thinking. */
#include "test_util.h"
#include "session.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static _Atomic int reports;    /* done_fn calls so far */
static _Atomic int in_report;  /* 1 while done_fn runs */

/* A report that takes its time after its move is out (printing and
 * flushing it, on a loaded machine), so that the test can look at the
 * session inside that window. */
static void slow_report(Session *s, Move best)
{
    (void)s;
    assert_true(best != MOVE_NONE);
    atomic_store(&in_report, 1);
    atomic_fetch_add(&reports, 1);
    sleep_ms(500);
    atomic_store(&in_report, 0);
}

static int session_setup(void **state)
{
    Session *s = malloc(sizeof *s);
    if (!s)
        return -1;
    session_init(s, 1);
    atomic_store(&reports, 0);
    atomic_store(&in_report, 0);
    *state = s;
    return 0;
}

static int session_teardown(void **state)
{
    Session *s = *state;
    session_free(s);
    free(s);
    return 0;
}

static void wait_for_report(void)
{
    for (int i = 0; i < 10000 && !atomic_load(&in_report); i++)
        sleep_ms(1);
    assert_true(atomic_load(&reports) == 1);
}

static void session_busy__not_busy__while_move_is_reported(void **state)
{
    Session *s = *state;
    SearchLimits lim = {.depth = 2};
    session_go(s, &lim, NULL, slow_report, NULL);
    wait_for_report();
    /* the move is out and the report still running: a reply now is in
     * turn; session_busy() waits for the report to end, then says so */
    assert_true(atomic_load(&in_report) == 1);
    assert_false(session_busy(s));
    assert_false(s->running);
    assert_true(atomic_load(&in_report) == 0);
}

static void session_busy__busy__while_searching(void **state)
{
    Session *s = *state;
    SearchLimits lim = {.infinite = true};
    session_go(s, &lim, NULL, slow_report, NULL);
    sleep_ms(50);
    /* still thinking, no move chosen: a move sent now is out of turn */
    assert_true(session_busy(s));
    assert_true(atomic_load(&reports) == 0);
    session_stop(s);
    assert_true(atomic_load(&reports) == 1);
    assert_false(session_busy(s));
}

static void session_abort__no_report__search_discarded(void **state)
{
    Session *s = *state;
    SearchLimits lim = {.infinite = true};
    session_go(s, &lim, NULL, slow_report, NULL);
    sleep_ms(20);
    session_abort(s);
    assert_false(session_busy(s));
    assert_true(atomic_load(&reports) == 0);
}

int test_session_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(session_busy__not_busy__while_move_is_reported,
                                        session_setup, session_teardown),
        cmocka_unit_test_setup_teardown(session_busy__busy__while_searching,
                                        session_setup, session_teardown),
        cmocka_unit_test_setup_teardown(session_abort__no_report__search_discarded,
                                        session_setup, session_teardown),
    };
    return cmocka_run_group_tests_name("session", tests, NULL, NULL);
}
