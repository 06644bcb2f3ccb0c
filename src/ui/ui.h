/* The terminal game screen: the only part of Kage that talks to curses and
 * libtermkey.  main() calls ui_main when kage runs with no command. */
#ifndef KAGE_UI_UI_H
#define KAGE_UI_UI_H

#include <stdio.h>

/* Parse the game options in argv (argv[0] is the program name) and play
 * until the player quits; returns the exit status (2 for bad options). */
int ui_main(int argc, char **argv);

/* The option lines for `kage --help`. */
void ui_options_help(FILE *f);

/* Every key of the game screen and what it does, one line each, from the
 * binding table (for --help and the man page). */
void ui_keys_help(FILE *f);

/* The UI's unit tests (tests/test_ui.c); returns the number of failures. */
int test_ui_run(void);
/* Drawing against a screen model (tests/test_ui_draw.c); the number of failures. */
int test_ui_draw_run(void);
/* Records, clocks, the autosave, browsing and the config (tests/test_ui_records.c). */
int test_ui_records_run(void);

#endif
