/* Can this system drive the terminal TERM names?  Asked of terminfo before
 * ncurses' newterm(), which for a type it does not know fails without
 * freeing what it allocated. */
#ifndef KAGE_UI_TERMINFO_H
#define KAGE_UI_TERMINFO_H

typedef enum TermFit {
    TERM_FITS,      /* a known type that can move the cursor */
    TERM_UNKNOWN,   /* no terminfo entry for it */
    TERM_NO_CURSOR, /* known, but it cannot address the cursor (dumb) */
} TermFit;

TermFit terminfo_fit(const char *term);

#endif
