/* Keys as strings, in the style of vis: every termkey key becomes a name
 * such as "k", "<C-z>", "<Up>", "<Enter>", looked up in the binding table. */
#ifndef KAGE_UI_KEYS_H
#define KAGE_UI_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <termkey.h>

#define KEY_NAME_MAX 64

typedef struct KeyMouse {
    int button;    /* 1 left, 2 middle, 3 right, 4/5 wheel */
    bool press;    /* press (or wheel step), not release or drag */
    int x, y;      /* 0-based screen cell */
} KeyMouse;

/* Write the name of key into buf ("" for mouse events and unknown keys). */
void keys_name(TermKey *tk, const TermKeyKey *key, char *buf, size_t size);
/* The next key name of a string of keys written as the bindings write them
 * ("<Enter>kk<Enter>": four keys; a blank is <Space>, "<lt>" is <), for
 * driving the screen without a terminal; false at the end of the string. */
bool keys_next(const char **p, char *buf, size_t size);
/* Decode a mouse event; false if key is not one. */
bool keys_mouse(TermKey *tk, const TermKeyKey *key, KeyMouse *m);

/* Escape sequences that turn mouse reporting on and off.  X10 encoding on
 * purpose (mode 1000 without 1006): libtermkey 0.22's terminfo driver takes
 * the kmous string of xterm-256color, "\e[<", for an X10 report and eats SGR
 * reports, while an X10 report "\e[M..." is decoded by both of its drivers. */
#define KEYS_MOUSE_ON "\033[?1000h"
#define KEYS_MOUSE_OFF "\033[?1000l"

#endif
