/* The cmocka groups for games that last: PGN records, clocks, the config
 * file and the autosave.  Each returns the number of failed tests. */
#ifndef KAGE_TEST_RECORDS_H
#define KAGE_TEST_RECORDS_H

int test_pgn_run(void);
int test_clock_run(void);
int test_config_run(void);

#endif
