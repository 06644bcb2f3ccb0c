/* Shared helpers for the cmocka test groups. */
#ifndef KAGE_TEST_UTIL_H
#define KAGE_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kage/rules/position.h"

/* A fresh variant and position set from fen (NULL: the start); both freed by
 * test_free.  Fails the test on a bad FEN. */
Position *test_position(const char *variant, const char *fen);
void test_release(Position *pos);
/* Path of a reference file (KAGE_REFERENCE_DIR or tests/reference). */
const char *test_reference_path(const char *name, char *buf, size_t size);
/* Play moves given in UCI notation, separated by spaces; fails on an illegal one. */
void test_play_uci(Position *pos, const char *moves);

int test_fen_run(void);
int test_movegen_run(void);
int test_notation_run(void);
int test_gameend_run(void);
int test_cashew_run(void);
int test_search_run(void);
int test_session_run(void);

#endif
