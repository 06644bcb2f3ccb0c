/* The screen model of the UI's tests (test_ui_model.c). */
#ifndef KAGE_TEST_UI_MODEL_H
#define KAGE_TEST_UI_MODEL_H

#include <curses.h>
#include <stdbool.h>

/* cmocka group setup and teardown: a model screen, made current. */
int ui_model_open(void **state);
int ui_model_close(void **state);
/* Is there a model (no terminfo entry for xterm-256color: the tests skip)? */
bool ui_model_ready(void);
/* Has it 256 colours? */
bool ui_model_colours(void);

/* What is shown in `ncells` cells from (y, x), as UTF-8; a wide character
 * counts for its two cells.  Returns one of a few rotating buffers. */
const char *text_at(int y, int x, int ncells);
/* The text in cells x to the end of line y, without the blanks at its end. */
const char *line_from(int y, int x);
const char *line(int y);
/* Is `text` somewhere on line y?  Anywhere on the screen? */
bool line_has(int y, const char *text);
bool screen_has(const char *text);
/* The attributes and colours of cell (y, x). */
void cell_style(int y, int x, attr_t *attrs, short *fg, short *bg);

#endif
