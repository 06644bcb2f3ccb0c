/* The UI's cmocka groups, run one after another by tests/test_ui_main.c. */
#ifndef KAGE_TEST_UI_H
#define KAGE_TEST_UI_H

/* Key decoding, layout, themes and options (test_ui.c); the number of failures. */
int test_ui_run(void);
/* Drawing against a screen model (test_ui_draw.c); the number of failures. */
int test_ui_draw_run(void);
/* Records, clocks, the autosave, browsing and the config (test_ui_records.c). */
int test_ui_records_run(void);

/* The screen driven by key strings (test_ui_keys.c); the number of failures. */
int test_ui_keys_run(void);
/* Online play against a server played by the test (test_ui_online.c). */
int test_ui_online_run(void);
/* Timed play and the AI while browsing, the AI's line (test_ui_play.c). */
int test_ui_play_run(void);

#endif
